#!/usr/bin/env bash
# End-to-end checks of the t9phone command line: the CLI contracts other
# tools depend on (t9 candidates, t9 session, dict build/info), learning
# across a restart through the state folder, and clear errors on bad input.
# `run`'s checks run the board firmware when it is given (the same options
# and messages as the host tool's `run`).
# Usage: scripts/cli-tests.sh [path/to/t9phone [path/to/firmware]]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
bin=${1:-.build/debug/t9phone}
firmware=${2:-$bin}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() {  # check NAME CONDITION-COMMAND...
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL cli: $name"
  fi
}

# t9 candidates: one per line in * order; --stdin: tab-separated, one line each.
out=$("$bin" t9 candidates 4663)
check "candidates 4663 start with good home gone" test "$(echo "$out" | head -3 | tr '\n' ' ')" = "good home gone "
out=$(printf '4663\n\n99999\n36618\n' | "$bin" t9 candidates --stdin)
check "--stdin gives one line per input" test "$(echo "$out" | wc -l)" -eq 4
check "--stdin separates with tabs" bash -c '[[ "$1" == good$'"'"'\t'"'"'home$'"'"'\t'"'"'* ]]' _ "$(echo "$out" | sed -n 1p)"
check "--stdin prints an empty line for no candidates" test -z "$(echo "$out" | sed -n 3p)"
check "don't is 36618" test "$(echo "$out" | sed -n 4p | cut -f1)" = "don't"
out=$("$bin" t9 candidates --language id 9264 | head -1)
check "--language id gives Indonesian" test "$out" = "yang"
"$bin" t9 candidates 12a >/dev/null 2>&1
check "bad digits exit 2" test $? -eq 2

# dict build is byte-identical; dict info reports the figures.
"$bin" dict build Dictionaries/en.tsv -o "$work/a.t9dict" >/dev/null
"$bin" dict build Dictionaries/en.tsv -o "$work/b.t9dict" >/dev/null
check "rebuilds are byte-identical" cmp -s "$work/a.t9dict" "$work/b.t9dict"
info=$("$bin" dict info "$work/a.t9dict")
for field in "words: 100000" "bytes: " "bytes per word: " "source checksum: "; do
  check "dict info prints '$field'" grep -q "^$field" <<<"$info"
done
# The whole file's bytes per word, two decimals, within the English list's
# budget of 3.00 (docs/t9.md).
per_word=$(sed -n 's/^bytes per word: //p' <<<"$info")
check "bytes per word has two decimals" grep -Eq '^[0-9]+\.[0-9]{2}$' <<<"$per_word"
expected=$(awk -v size="$(wc -c <"$work/a.t9dict")" 'BEGIN { printf "%.2f", size / 100000 }')
check "bytes per word is the file's size over its words" test "$per_word" = "$expected"
check "the English list takes at most 3.00 bytes per word" \
  awk -v n="$per_word" 'BEGIN { exit !(n <= 3.00) }'
cp "$work/a.t9dict" "$work/bad.t9dict"
printf '\x00' | dd of="$work/bad.t9dict" bs=1 seek=5000 conv=notrunc status=none
msg=$("$bin" dict info "$work/bad.t9dict" 2>&1)
check "a corrupted dictionary exits 2" test $? -eq 2
check "the error names the file" grep -q "bad.t9dict: error: checksum mismatch" <<<"$msg"
head -c 100 "$work/a.t9dict" >"$work/short.t9dict"
msg=$("$bin" dict info "$work/short.t9dict" 2>&1)
check "a truncated dictionary is refused" grep -q "short.t9dict: error: truncated" <<<"$msg"
# Opening the dictionaries at start-up (every file's blocks validated in
# ranges on threads): a missing file is left out, a list without its
# compiled file is compiled, and a damaged file is set aside for its list
# (damaged in the header, or in a block behind a right checksum).
folder="$work/dicts"
mkdir -p "$folder"
printf 'good\t5.7\nhome\t5.5\ngone\t5.1\nhood\t4.2\n' >"$folder/en.tsv"
printf 'start compose\ntap 4 6 6 3\nexpect text "Good"\n' >"$work/good.scenario"
msg=$("$bin" test --dictionaries "$folder" "$work/good.scenario" 2>&1)
check "a list without its compiled file is compiled at start" grep -q "1 passed" <<<"$msg"
check "a language without files is left out, with a warning" grep -q \
  "no dictionary for 'id': neither $folder/id.t9dict nor $folder/id.tsv exists; T9 is off for id" <<<"$msg"
"$bin" dict build "$folder/en.tsv" -o "$folder/en.t9dict" >/dev/null
cp Dictionaries/id.t9dict "$folder/id.t9dict"
msg=$("$bin" test --dictionaries "$folder" "$work/good.scenario" 2>&1)
check "both compiled files open without a warning" bash -c '! grep -q warning <<<"$1"' _ "$msg"
check "and T9 types from them" grep -q "1 passed" <<<"$msg"
# A byte of block 3's data changed and the checksum made right again (the
# file checksum of T9DictionaryFormat, written out here): only the block's
# validation can see it.
cat >"$work/damage-block.py" <<'PY'
import sys
path, block = sys.argv[1], int(sys.argv[2])
data = bytearray(open(path, "rb").read())
index = int.from_bytes(data[28:32], "little") + 5 * block
start = int.from_bytes(data[32:36], "little") + int.from_bytes(data[index:index + 3], "little")
data[start + 6] ^= 0x5A
data[56:64] = bytes(8)
mask = (1 << 64) - 1
state = 0x9E3779B97F4A7C15
def mix(word):
    global state
    state = (((state << 23) | (state >> 41)) & mask) ^ word
    state = (state * 0x9FB21C651E98DF25) & mask
whole = len(data) // 8 * 8
for at in range(0, whole, 8):
    mix(int.from_bytes(data[at:at + 8], "little"))
if len(data) > whole:
    mix(int.from_bytes(data[whole:], "little") | 1 << 63)
mix(len(data))
value = state ^ (state >> 31)
value = (value * 0xBF58476D1CE4E5B9) & mask
value ^= value >> 29
data[56:64] = value.to_bytes(8, "little")
open(path, "wb").write(data)
PY
python3 "$work/damage-block.py" "$folder/id.t9dict" 3
msg=$("$bin" test --dictionaries "$folder" "$work/good.scenario" 2>&1)
check "a block damaged behind a right checksum is refused by name, the language left out" grep -q \
  "$folder/id.t9dict: error: corrupted: block 3: .*; T9 is off for id" <<<"$msg"
check "the other language still types" grep -q "1 passed" <<<"$msg"
touch -d '2000-01-01' "$folder/en.tsv"
python3 "$work/damage-block.py" "$folder/en.t9dict" 0
msg=$("$bin" test --dictionaries "$folder" "$work/good.scenario" 2>&1)
check "a block damaged behind a right checksum sets the file aside for its list" grep -q \
  "$folder/en.t9dict: error: corrupted: block 0: .*; compiling $folder/en.tsv instead" <<<"$msg"
check "and T9 types from that list" grep -q "1 passed" <<<"$msg"
"$bin" dict build "$folder/en.tsv" -o "$folder/en.t9dict" >/dev/null
printf 'x' | dd of="$folder/en.t9dict" bs=1 seek=100 conv=notrunc status=none
touch -d '2000-01-01' "$folder/en.tsv"
msg=$("$bin" test --dictionaries "$folder" "$work/good.scenario" 2>&1)
check "a damaged compiled file is set aside for its list" grep -q \
  "$folder/en.t9dict: error: checksum mismatch: the file is corrupted; compiling $folder/en.tsv instead" <<<"$msg"
check "and T9 types from the list" grep -q "1 passed" <<<"$msg"
printf 'cat\t4.0\ncat\t3.0\n' >"$work/dup.tsv"
msg=$("$bin" dict build --language en "$work/dup.tsv" 2>&1)
check "a bad word list names file and line" grep -q "dup.tsv:2: error: duplicate word 'cat'" <<<"$msg"

# t9 session learns, and what it learned survives a restart (the state folder).
state="$work/state"
first=$(echo "Zorblax waved. Zorblax" | "$bin" t9 session --state "$state")
check "session prints one line per word" test "$(echo "$first" | wc -l)" -eq 3
check "an unknown word is not offered at first" bash -c '! grep -q "	Zorblax" <<<"$(echo "$1" | sed -n 1p)"' _ "$first"
check "after Spell it is offered first the next time" test "$(echo "$first" | sed -n 3p | cut -f2)" = "Zorblax"
second=$(echo "Zorblax" | "$bin" t9 session --state "$state")
check "learning survives a restart" test "$(echo "$second" | cut -f2)" = "Zorblax"
check "the store is saved with mode 0600" test "$(stat -c %a "$state/learned-en.t9user")" = "600"
echo "garbage" >"$state/learned-en.t9user"
third=$(echo "Zorblax" | "$bin" t9 session --state "$state" 2>"$work/warn")
check "a corrupt store is not fatal" test $? -eq 0
check "a corrupt store is set aside" bash -c 'ls "$1"/learned-en.t9user.corrupt-* >/dev/null 2>&1' _ "$state"
check "a corrupt store is logged" grep -q "not a t9phone learning store" "$work/warn"
check "after setting it aside learning starts afresh" test -z "$(echo "$third" | cut -s -f2)"

# t9 suggest: every offer as WORD<TAB>PRESSES, then an empty line; commit
# learns in memory; --state is read, never written; a bad line exits 2.
out=$(printf 'keys 4663\nkeys\nkeys 75663\n' | "$bin" t9 suggest)
check "suggest: the first offer of 4663 is good in one press" test "$(echo "$out" | sed -n 1p)" = "good	1"
check "suggest: presses count up in * order" test "$(echo "$out" | sed -n 3p | cut -f2)" = "3"
check "suggest: an empty line ends each answer" test "$(printf '%s\n' "$out" | grep -c '^$')" -eq 2
check "suggest: a slip is forgiven (75663 is phone)" grep -q "^phone	1$" <<<"$out"
out=$(printf 'commit hood\ncommit hood\ncommit hood\nreset\nkeys 4663\n' | "$bin" t9 suggest --state "$work/suggest-state")
check "suggest: committed words are learned (hood, fourth, comes second)" test "$(echo "$out" | sed -n 2p)" = "hood	2"
check "suggest: --state is never written" test ! -e "$work/suggest-state/learned-en.t9user"
out=$(printf 'commit hood\ncommit hood\ncommit hood\nkeys 4663\n' | "$bin" t9 suggest --no-learning)
check "suggest: --no-learning learns nothing" test "$(echo "$out" | sed -n 1p)" = "good	1"
printf 'keys 4663\nkeys 4x\nkeys 2\n' | "$bin" t9 suggest >"$work/suggest.out" 2>"$work/suggest.err"
check "suggest: a bad line exits 2" test $? -eq 2
check "suggest: it names the line" grep -q "^<stdin>:2:1: error: '4x' is not a word's keys" "$work/suggest.err"
check "suggest: what came before it was answered" grep -q "^good	1$" "$work/suggest.out"

# contacts: import, search (the CLI contract), add, delete, export, capacity.
book="$work/contacts.book"
out=$("$bin" contacts import --book "$book" Scenarios/fixtures/contacts.vcf 2>&1)
check "the fixture imports" grep -q "^imported 72 contacts, skipped 0" <<<"$out"
check "the book file is mode 0600" test "$(stat -c %a "$book")" = "600"
out=$("$bin" contacts search --book "$book" 5764)
check "search prints name<TAB>number<TAB>highlight" grep -qF "$(printf 'John Smith\t+1 (555) 010-4477\t[J]ohn [Smi]th')" <<<"$out"
check "used more often ranks first" test "$(echo "$out" | sed -n 1p | cut -f1)" = "Joan Smith"
out=$("$bin" contacts search --book "$book" 266667)
check "O'Connor by 266667" grep -q "O'\[Connor\]" <<<"$out"
empty=$(printf '57\n\n4677\n' | "$bin" contacts search --book "$book" --stdin | grep -c '^$')
check "--stdin ends each answer with an empty line" test "$empty" -eq 3
check "--limit" test "$("$bin" contacts search --book "$book" --limit 2 5 | wc -l)" -eq 2
info=$("$bin" contacts info --book "$book")
check "info counts the contacts" grep -q "^contacts: 72/1000$" <<<"$info"
check "info reports the memory reserved at open" grep -qE "^memory: [0-9]+ bytes reserved at open, [0-9]+ per contact" <<<"$info"
id=$("$bin" contacts add --book "$book" --name "Zed Zulu" --number "+62 812 000" --number "work:021 555")
check "add prints the new ID" grep -Eq '^[0-9]+$' <<<"$id"
check "list shows the new contact" grep -q "Zed Zulu	mobile:+62 812 000,work:021 555" <<<"$("$bin" contacts list --book "$book")"
"$bin" contacts delete --book "$book" "$id"
check "delete removes it" bash -c '! grep -q "Zed Zulu" <<<"$1"' _ "$("$bin" contacts list --book "$book")"
"$bin" contacts export --book "$book" -o "$work/out.vcf"
check "export writes vCard 3.0" grep -q "^VERSION:3.0" "$work/out.vcf"
"$bin" contacts import --book "$work/copy.book" "$work/out.vcf" >/dev/null 2>&1
check "export then import keeps every contact" test "$("$bin" contacts list --book "$work/copy.book" | cut -f2-)" = "$("$bin" contacts list --book "$book" | cut -f2-)"
msg=$("$bin" contacts import --book "$work/small.book" --capacity 10 Scenarios/fixtures/contacts.vcf 2>&1)
check "an import that does not fit exits 2" test $? -eq 2
check "and imports nothing" test -z "$("$bin" contacts list --book "$work/small.book")"
check "with a clear message" grep -q "Contacts full" <<<"$msg"
# Cards of the longest text: a book of 20 slots has text for fewer of them.
for card in $(seq 10 21); do
  letters=$(printf 'abcdefghijklmnopqrstuvwxyz%.0s' 1 2 | cut -c "$((card - 9))-$((card + 29))")
  printf 'BEGIN:VCARD\nVERSION:3.0\nFN:N%s\nNICKNAME:K%s\nORG:O%s\n' "$letters" "$letters" "$letters"
  for tel in 1 2 3 4; do printf 'TEL:%s\n' "$card$tel$card$tel$card$tel$card$tel$card$tel"; done
  printf 'END:VCARD\n'
done >"$work/long.vcf"
msg=$("$bin" contacts import --book "$work/long.book" --capacity 20 "$work/long.vcf" 2>&1)
check "an import whose text does not fit exits 2" test $? -eq 2
check "and imports nothing" test -z "$("$bin" contacts list --book "$work/long.book")"
check "with the memory-full message" grep -q "Contacts memory full: the text of 12 contacts does not fit; nothing imported" <<<"$msg"
check "info reports the text arenas" grep -qE "^text: 0/[0-9]+ bytes of contact text, 0/[0-9]+ of search keys$" <<<"$("$bin" contacts info --book "$work/long.book")"
"$bin" contacts add --book "$work/small.book" --name "" --number 1 >/dev/null 2>&1
check "an empty name exits 2" test $? -eq 2
"$bin" contacts search --book "$book" --capacity 0 5 >/dev/null 2>&1
check "a bad capacity exits 2" test $? -eq 2
"$bin" contacts import --book "$book" /nonexistent.vcf >/dev/null 2>&1
check "an unreadable file exits 2" test $? -eq 2
printf 'BEGIN:VCARD\nVERSION:3.0\nFN:Good One\nTEL:123\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nEMAIL:a@example.com\nEND:VCARD\n' >"$work/bad.vcf"
msg=$("$bin" contacts import --book "$work/two.book" "$work/bad.vcf" 2>&1)
check "a card with neither name nor number is reported with its line and skipped" grep -q "bad.vcf:6: warning: card has neither a name nor a number" <<<"$msg"
check "the others import" grep -q "imported 1 contacts, skipped 1" <<<"$msg"

# Real-world vCard files (Tests/Fixtures/vcards): every card with a name or a
# number is imported, each cut reported as file:line: warning:.
fixtures=Tests/Fixtures/vcards
all_imported=0
for file in "$fixtures"/*.vcf; do
  cards=$(tr -d '\000' <"$file" | grep -o 'BEGIN:VCARD' | wc -l)
  msg=$("$bin" contacts import --book "$work/fixture.book" "$file" 2>&1) || all_imported=1
  listed=$("$bin" contacts list --book "$work/fixture.book" | wc -l)
  skipped=$(sed -n 's/^imported [0-9]* contacts, skipped \([0-9]*\)$/\1/p' <<<"$msg")
  [ "$((listed + skipped))" -eq "$cards" ] || { all_imported=1; echo "$file: $listed + $skipped of $cards"; }
  rm -f "$work/fixture.book"
done
check "every fixture card with a name or a number is imported" test "$all_imported" -eq 0
msg=$("$bin" contacts import --book "$work/iphone.book" "$fixtures/iphone-seven-numbers.vcf" 2>&1)
check "a number not kept is a file:line: warning naming the contact" grep -q "^$fixtures/iphone-seven-numbers.vcf:10: warning: Chiamaka Okafor: number +44 20 7946 0103 (work) not kept" <<<"$msg"
check "the preferred and mobile numbers are kept" test "$("$bin" contacts list --book "$work/iphone.book" | grep Chiamaka | cut -f3)" = "other:+234 803 555 0101,home:+44 20 7946 0102,mobile:+44 7700 900105,mobile:+44 7700 900106"
"$bin" contacts import --book "$work/sjis.book" "$fixtures/japanese-shift-jis.vcf" >/dev/null 2>&1
check "a Shift_JIS file is decoded by iconv" grep -q "山田太郎" <<<"$("$bin" contacts list --book "$work/sjis.book")"
printf 'BEGIN:VCARD\nVERSION:3.0\nFN:\223\214\213\236\n''TEL:555\nEND:VCARD\n' >"$work/sjis-unlabelled.vcf"
"$bin" contacts import --book "$work/sjis2.book" --charset SHIFT_JIS "$work/sjis-unlabelled.vcf" >/dev/null 2>&1
check "--charset names an unlabelled file's charset" grep -q "東京" <<<"$("$bin" contacts list --book "$work/sjis2.book")"
"$bin" contacts import --book "$work/sjis3.book" --charset NOT-A-CHARSET "$work/sjis-unlabelled.vcf" >/dev/null 2>&1
check "an unknown --charset exits 2" test $? -eq 2

# stats: the counters kept across restarts (statistics.prom in the state folder).
stats_state="$work/stats-state"
"$bin" stats --state "$stats_state" >"$work/stats.out" 2>&1
check "stats without a file exits 0" test $? -eq 0
check "and says nothing was recorded yet" grep -q "^no statistics recorded yet" "$work/stats.out"
check "and prints zeros" grep -q "^key presses  *0$" "$work/stats.out"
mkdir -p "$stats_state"
{
  echo "# HELP t9phone_repairs_total Repairs made by the watchdog, by kind (lcd, editor, stack, keypad, clock, book, modem)."
  echo "# TYPE t9phone_repairs_total counter"
  n=1
  for kind in lcd editor stack keypad clock book modem; do
    echo "t9phone_repairs_total{kind=\"$kind\"} $n"
    n=$((n + 1))
  done
  while read -r name value help; do
    echo "# HELP $name $help"
    echo "# TYPE $name counter"
    echo "$name $value"
  done <<'END'
t9phone_display_bus_errors_total 40 Display transfers that failed.
t9phone_display_recoveries_total 41 Times the display came back after failing.
t9phone_keypad_unplugs_total 42 Times the keypad went away.
t9phone_keypad_resyncs_total 43 Times the kernel dropped input events and the keypad's state was read again.
t9phone_stuck_keys_total 44 Keys held past the stuck limit or released by the watchdog.
t9phone_events_dropped_total 45 Input events that could not be used (refused or lost).
t9phone_reports_written_total 46 Flight reports written.
t9phone_uptime_seconds_total 274335 Seconds the firmware has run, over every start.
t9phone_key_presses_total 123456 Key presses handled.
t9phone_starts_total 47 Times the firmware started.
t9phone_messages_received_total 48 Messages received whole (flash messages included).
t9phone_messages_sent_total 49 Messages the network took, every part.
t9phone_messages_failed_total 50 Messages given up on: refused for good or after three tries.
t9phone_modem_resets_total 51 Times the modem restarted under the driver.
t9phone_modem_timeouts_total 52 Modem commands that got no answer in time.
t9phone_calls_made_total 53 Calls the phone dialled (the modem took the number).
t9phone_calls_received_total 54 Calls answered.
t9phone_calls_missed_total 55 Calls that rang unanswered and were not rejected.
t9phone_ussd_requests_total 56 USSD codes and menu answers sent.
END
} >"$stats_state/statistics.prom"
"$bin" stats --state "$stats_state" >"$work/stats.out" 2>&1
check "stats with a file exits 0" test $? -eq 0
for line in "repairs  *28" "  lcd  *1" "  book  *6" "  bus errors  *40" "  recoveries  *41" \
  "  unplugs  *42" "  resyncs  *43" "  stuck keys  *44" "  events dropped  *45" \
  "reports written  *46" "uptime  *3 d 4 h 12 min" "key presses  *123456" "starts  *47" \
  "  received  *48" "  sent  *49" "  failed  *50" "  restarts  *51" "  timeouts  *52" \
  "  made  *53" "  received  *54" "  missed  *55" "  USSD requests  *56"; do
  check "stats prints '$line'" grep -q "^$line$" "$work/stats.out"
done
check "the values are in one column" test "$(grep -c '^.\{18\}[0-9]' "$work/stats.out")" -eq 27
"$bin" stats --state "$stats_state" --prometheus >"$work/stats.prom"
check "stats --prometheus prints the file as written" cmp -s "$work/stats.prom" "$stats_state/statistics.prom"
XDG_STATE_HOME="$work/xdg" "$bin" stats >"$work/stats.out" 2>&1
check "stats defaults to \$XDG_STATE_HOME/t9phone" grep -q "no $work/xdg/t9phone/statistics.prom" "$work/stats.out"
sed 's/^t9phone_stuck_keys_total 44$/t9phone_stuck_keys_total 4.5/' "$stats_state/statistics.prom" >"$work/bad.prom"
cp "$work/bad.prom" "$stats_state/statistics.prom"
"$bin" stats --state "$stats_state" >"$work/stats.out" 2>"$work/stats.err"
check "a corrupt statistics file exits 2" test $? -eq 2
check "and names file:line:col" grep -q "^$stats_state/statistics.prom:24:26: error: expected a whole number, found '4.5'$" "$work/stats.err"
check "and prints nothing on stdout" test ! -s "$work/stats.out"
check "stats leaves the corrupt file where it is" cmp -s "$work/bad.prom" "$stats_state/statistics.prom"

# Bad input: one line, exit 2.
"$bin" --bogus >/dev/null 2>&1
check "an unknown option exits 2" test $? -eq 2
printf 'tap 2 x\n' >"$work/bad.scenario"
msg=$("$bin" test "$work/bad.scenario" 2>&1)
check "a bad scenario exits 2" test $? -eq 2
check "a bad scenario names file:line:col" grep -q "bad.scenario:1:7: error: unknown key 'x'" <<<"$msg"

msg=$("$bin" sim --emergency 9x9 2>&1)
check "--emergency refuses what is not a list of numbers (exit 2)" test $? -eq 2
check "…and says which" grep -q "'9x9' is not an emergency number (2 to 6 digits)" <<<"$msg"
plan=$("$bin" test --plan Scenarios/sim/emergency-setting.scenario)
check "--plan carries the emergency numbers to the run" grep -qx "emergency 999,000" <<<"$plan"

# The web bundle: a scenario replayed natively from it, as the module does.
"$bin" web bundle Scenarios/multitap/timeout-commits.scenario -o "$work/web.bundle"
check "web bundle writes a bundle" grep -q "^t9phone-web-bundle 1$" "$work/web.bundle"
out=$("$bin" web replay "$work/web.bundle")
check "web replay passes it, with its frames" grep -qx "PASS Scenarios/multitap/timeout-commits.scenario (.*)" <<<"$out"
check "…one line a frame" test "$(sed -n 2p <<<"$out")" = "frames $(($(wc -l <<<"$out") - 2))"
printf 'not a bundle\n' >"$work/bad.bundle"
msg=$("$bin" web replay "$work/bad.bundle" 2>&1)
check "web replay refuses what is no bundle (exit 2)" test $? -eq 2
check "…and says so" grep -q "not a t9phone web bundle" <<<"$msg"
msg=$("$bin" web bundle Scenarios/recordings/dialer.scenario -o "$work/x.bundle" 2>&1)
check "web bundle refuses a scenario with an evemu recording" grep -q "needs the host" <<<"$msg"

# The board firmware: its own usage and version; the symbol check fails on
# a binary that links the host tool's modules.
out=$("$firmware" --help)
check "the firmware prints its options with --help" grep -q -- "--display SPEC" <<<"$out"
check "…and its version" test "$("$firmware" --version)" = "$("$bin" --version)"
msg=$("$firmware" --no-such-option 2>&1)
check "the firmware refuses an unknown option (exit 2)" test $? -eq 2
check "…naming it" grep -qx "t9phone: error: unknown option '--no-such-option' (see --help)" <<<"$msg"
msg=$("$firmware" --modem sim 2>&1)
check "the firmware has no simulated network (exit 2)" test $? -eq 2
msg=$(scripts/firmware/check-symbols.sh "$bin" 2>&1)
check "the firmware's symbol check fails on the host tool" test $? -eq 1
check "…naming the scenario runner" grep -q "links Scenario:" <<<"$msg"

# Keypads: keymaps, devices, plans.
msg=$("$firmware" run --input /dev/null 2>&1)
check "a file that is not an input device exits 2" test $? -eq 2
check "and says so, naming it" grep -q "cannot use /dev/null: it is not an evdev input device" <<<"$msg"
msg=$("$firmware" run --input "$work/no-such-event0" 2>&1)
check "a missing device exits 2 with a hint" grep -q "no such device (is the keypad plugged in?" <<<"$msg"
printf 'keymap broken\nKEY_KP1 1\nKEY_KP1 2\n' >"$work/broken.keymap"
msg=$("$firmware" run --keymap "$work/broken.keymap" 2>&1)
check "a bad keymap exits 2" test $? -eq 2
check "a bad keymap names file:line" grep -q "broken.keymap:3: error:" <<<"$msg"
for keymap in Keymaps/*.keymap; do
  [ "$keymap" = Keymaps/lcdproc.keymap ] && continue  # LCDd's keys, checked below
  msg=$("$firmware" run --keymap "$keymap" --input /dev/null 2>&1)
  check "$(basename "$keymap") parses" grep -q "not an evdev input device" <<<"$msg"
done
msg=$("$firmware" run --keep-reports 0 --input /dev/null 2>&1)
check "--keep-reports 0 exits 2" test $? -eq 2
check "and says a reports folder keeps at least one" grep -q "keep-reports must be at least 1" <<<"$msg"
# Flight reports: a fault scenario's watchdog writes one per repair; each
# replays green on its own, and a report with its last expectation changed
# fails (so the replay really checks what the firmware showed).
out=$("$bin" test --reports "$work/reports" Scenarios/faults/lcd-garbage-t9-16x2.scenario \
  Scenarios/faults/stuck-multitap-16x2.scenario Scenarios/faults/clock-jump-back-t9-16x2.scenario 2>/dev/null)
check "test --reports passes the fault scenarios" test $? -eq 0
reports=$(ls "$work/reports" | wc -l)
check "test --reports keeps a report for each repair ($reports)" test "$reports" -ge 3
check "reports are named <folder>-<scenario>-<UTC time>-<kind>.scenario" \
  bash -c 'ls "$1" | grep -qx "faults-lcd-garbage-t9-16x2-20260101T0000[0-9][0-9]Z-lcd.scenario"' _ "$work/reports"
out=$("$bin" test "$work/reports" 2>/dev/null)
check "every report replays green with t9phone test" test $? -eq 0
check "…all of them" grep -qx "$reports passed, 0 failed" <<<"$out"
first=$(ls "$work/reports"/*-lcd.scenario | head -n 1)
awk '/^expect screen$/ { screen = 1; print; next } screen && /^\|/ && !done { sub(/\|$/, ""); print substr($0, 1, length($0) - 1) "#|"; done = 1; next } { print }' \
  "$first" >"$work/changed.scenario"
"$bin" test "$work/changed.scenario" >/dev/null 2>&1
check "a report whose screen is changed fails its replay" test $? -eq 1
"$bin" fault-soak --minutes 2 --faults stuck,clock-jump >"$work/soak.out" 2>&1
check "fault-soak runs and meets its targets" test $? -eq 0
check "fault-soak reports characters lost" grep -q "^characters: [0-9]* typed, 0 lost, 0 added$" "$work/soak.out"
"$bin" fault-soak --faults melt >/dev/null 2>&1
check "fault-soak refuses an unknown fault with exit 2" test $? -eq 2
msg=$("$firmware" run --recorder-edges 3 --input /dev/null 2>&1)
check "--recorder-edges 3 exits 2" test $? -eq 2
check "and says the recorder's range" grep -q "recorder-edges must be 16 to 1000000" <<<"$msg"
plan=$("$bin" test --plan Scenarios/hil/long-press.scenario)
check "--plan starts with the scenario" test "$(sed -n 1p <<<"$plan")" = "scenario Scenarios/hil/long-press.scenario"
check "--plan has key edges and sleeps" grep -qx "sleep [0-9]*" <<<"$plan"
msg=$("$bin" test --plan Scenarios/faults/stuck-menu-16x2.scenario 2>&1)
check "--plan refuses what hardware cannot do (exit 2)" test $? -eq 2
check "…naming file:line:col" grep -q "^Scenarios/faults/stuck-menu-16x2.scenario:[0-9]*:1: error: a fault" <<<"$msg"
plan=$("$bin" test --plan Scenarios/multitap/four-letter-keys.scenario)
check "--plan gives the header's set-up, the start screen included" grep -qx "start compose" <<<"$plan"
check "…and every setting" grep -qx "set multitap-timeout 1s" <<<"$plan"
check "--plan checks the phone's state as expect-state lines" grep -qx 'expect-state text "p98"' <<<"$plan"
msg=$("$firmware" run --start nowhere --input /dev/null 2>&1)
check "run --start takes a scenario's start screens only (exit 2)" test $? -eq 2
check "…and lists them" grep -q -- "- dialer" <<<"$msg"
msg=$("$firmware" run --start compose --clock 09:41 --input /dev/null 2>&1)
check "run --start compose --clock 09:41 parses (then finds no keypad)" grep -q "not an evdev input device" <<<"$msg"
msg=$("$firmware" run --clock 24:00 --input /dev/null 2>&1)
check "run --clock 24:00 exits 2" test $? -eq 2
check "…saying how to write it" grep -q "bad --clock '24:00' (write HH:MM" <<<"$msg"
msg=$("$firmware" run --notice-time soon --input /dev/null 2>&1)
check "run --notice-time soon exits 2" test $? -eq 2
out=$("$bin" replay --evemu Scenarios/recordings/dialer.evemu --keymap numpad-phone)
check "replay --evemu feeds a real recording through the firmware" grep -q "^|02079460813     |$" <<<"$out"
printf '# EVEMU 1.3\nN: pad\nE: 0.000001 0001 004c 0001\nE: 0.5 0001 KP4 0000\n' >"$work/bad.evemu"
msg=$("$bin" replay --evemu "$work/bad.evemu" 2>&1)
check "a malformed recording exits 2" test $? -eq 2
check "a malformed recording names file:line" grep -q "bad.evemu:4: error:" <<<"$msg"

# Displays: --display contracts, a missing I2C adapter never stops the phone.
msg=$("$bin" replay Scenarios/glass/lcd16x1-halves.scenario --display i2c:/dev/i2c-1@0x50 2>&1)
check "an address no PCF8574 answers at exits 2" test $? -eq 2
check "and names the ranges" grep -q "0x20–0x27, a PCF8574A at 0x38–0x3F" <<<"$msg"
msg=$("$firmware" run --display i2c:/dev/i2c-1@0x27,wiring=odd --input /dev/null 2>&1)
check "an unknown wiring exits 2 naming the choices" grep -q "(wiring=backpack|lcdproc, backlight=high|low)" <<<"$msg"
# replay --bus: what the I2C driver sends for each frame, in as few
# transfers as the (simulated, plain-I2C) adapter allows: the initialisation
# in six transfers around its waits, a typed letter in one transfer within
# 3 ms at 100 kHz (the median).
out=$("$bin" replay Scenarios/t9/hello.scenario --bus)
check "replay --bus prints bytes, transfers, pauses and time for each frame" \
  grep -Eq '^  bus: [0-9]+ bytes in [0-9]+ transfers?, [0-9.]+ ms of pauses, [0-9.]+ ms at 100 kHz$' <<<"$out"
check "replay --bus: the first frame's initialisation is six transfers with the datasheet's waits" \
  grep -q '^  bus: [0-9]* bytes in 6 transfers, 56.95 ms of pauses' <<<"$(grep -m1 '^  bus:' <<<"$out")"
later=$(grep '^  bus:' <<<"$out" | sed 1d)
check "replay --bus: every later frame of a typed word is one transfer" \
  awk '$5 != 1 { bad = 1 } END { exit bad || NR < 3 }' <<<"$later"
median=$(awk '{ print $(NF-4) }' <<<"$later" | sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }')
check "replay --bus: a typed letter's median is within 3 ms at 100 kHz ($median ms)" \
  awk -v m="$median" 'BEGIN { exit !(m != "" && m + 0 <= 3.0) }'
out=$("$bin" replay Scenarios/glass/lcd16x1-halves.scenario --display none)
check "replay --display none prints only the totals" test "$out" = "12 frames, 22 key events, 2.530s virtual"
msg=$("$bin" replay Scenarios/glass/lcd16x1-halves.scenario --display "i2c:$work/no-i2c-adapter@0x27" 2>&1 >/dev/null)
check "a missing adapter is retried, then reported (exit 1)" test $? -eq 1
check "the bus error is logged once, tagged" test "$(grep -c '^\[lcd\]\[i2c\] warning: .*no-i2c-adapter@0x27: open failed: ENOENT' <<<"$msg")" -eq 1

# PNG pictures of the LCD: replay --png writes one per frame in time order,
# replay --png one picture per frame; test --png-on-failure the firmware's
# frame and the glass at each failed scenario.
png_header() {  # the signature and IHDR's width and height, as hex
  od -An -tx1 -N24 "$1" | tr -d ' \n' | cut -c1-16,33-48
}
out=$("$bin" replay Scenarios/screenshots/t9-message.scenario --png "$work/png" --scale 1)
frames=$(sed -n 's/^\([0-9]*\) frames,.*/\1/p' <<<"$out")
check "replay --png writes one picture per frame" test "$(ls "$work/png" | wc -l)" -eq "$frames"
check "the first picture is 0001-0.000s.png" test "$(ls "$work/png" | sort | head -1)" = "0001-0.000s.png"
check "the names sort in time order" test "$(ls "$work/png" | sort | sed 's/^[0-9]*-//; s/s.png$//' | sort -n -c && echo ok)" = ok
check "a picture is a PNG of 396x98 at scale 1" test "$(png_header "$work/png/0001-0.000s.png")" = "89504e470d0a1a0a0000018c00000062"
"$bin" replay Scenarios/screenshots/t9-message.scenario --png "$work/blue" --palette blue-white --scale 2 >/dev/null
check "--scale 2 doubles the size" test "$(png_header "$work/blue/0001-0.000s.png")" = "89504e470d0a1a0a00000318000000c4"
"$bin" replay Scenarios/screenshots/t9-message.scenario --png "$work/green" --scale 2 >/dev/null
check "--palette blue-white draws other colours" bash -c '! cmp -s "$1" "$2"' _ "$work/blue/0001-0.000s.png" "$work/green/0001-0.000s.png"
"$bin" replay Scenarios/screenshots/t9-message.scenario --png "$work/x" --scale 9 >/dev/null 2>&1
check "a scale out of 1-8 exits 2" test $? -eq 2
msg=$("$bin" replay Scenarios/screenshots/t9-message.scenario --png "$work/x" --palette red 2>&1)
check "an unknown palette exits 2, naming it" grep -q "unknown --palette 'red'" <<<"$msg"
printf 'start compose\ntap 4 3 5 5 6\nexpect line 1 "Help"\n' >"$work/help.scenario"
out=$("$bin" test "$work/help.scenario" Scenarios/screenshots/t9-message.scenario --png-on-failure "$work/failed")
check "test --png-on-failure still exits 1" test $? -eq 1
failed_name="$(basename "$work")-help"
check "it writes the failed scenario's frame and glass, named folder-scenario" test "$(ls "$work/failed" | tr '\n' ' ')" = "$failed_name-firmware.png $failed_name-glass.png "
check "and says where" grep -qx "picture: $work/failed/$failed_name-glass.png" <<<"$out"
check "the picture is a PNG" test "$(png_header "$work/failed/$failed_name-firmware.png" | cut -c1-16)" = "89504e470d0a1a0a"
check "the glass shows what the firmware drew" cmp -s "$work/failed/$failed_name-firmware.png" "$work/failed/$failed_name-glass.png"

# CI: test --junit writes a JUnit XML report (parsed back here with Python's
# expat, which refuses anything not well-formed), --jobs N prints what a
# serial run prints, --shard I/N slices the scenarios stably.
suite="$work/suite"
mkdir -p "$suite"
cp Scenarios/t9/zero-commits.scenario "$suite/pass.scenario"
printf 'start compose\ntap 4 3 5 5 6\nexpect line 1 "Help"\n' >"$suite/a&b.scenario"
printf 'start compose\ntap 2 x\n' >"$suite/unparsable.scenario"
"$bin" test "$suite" --junit "$work/junit/report.xml" --jobs 1 >"$work/junit.out" 2>&1
check "test --junit with an unparsable scenario still exits 2" test $? -eq 2
check "test --junit creates the report's folder" test -s "$work/junit/report.xml"
python3 - "$work/junit/report.xml" "$suite" "$work/junit.out" >"$work/junit.checks" 2>&1 <<'PYTHON'
import sys
import xml.etree.ElementTree as E

report, suite, console = sys.argv[1], sys.argv[2], open(sys.argv[3]).read().split("\n")
def check(name, ok):
    print(f"{name}\t{1 if ok else 0}")
try:
    root = E.parse(report).getroot()
except E.ParseError as error:
    check(f"the report is well-formed XML ({error})", False)
    sys.exit()
check("the report is well-formed XML", True)
suites = root.findall("testsuite")
cases = root.findall("testsuite/testcase")
failures = root.findall("testsuite/testcase/failure")
errors = root.findall("testsuite/testcase/error")
check("the root is testsuites", root.tag == "testsuites")
check("root totals: 3 tests, 1 failure, 1 error",
      (root.get("tests"), root.get("failures"), root.get("errors")) == ("3", "1", "1"))
check("one testsuite, named after the folder", [s.get("name") for s in suites] == [suite])
check("the testsuite counts 3 tests, 1 failure, 1 error",
      (suites[0].get("tests"), suites[0].get("failures"), suites[0].get("errors")) == ("3", "1", "1"))
check("3 testcases, 1 failure, 1 error", (len(cases), len(failures), len(errors)) == (3, 1, 1))
check("testcases are named after their files, classname the folder",
      sorted(c.get("name") for c in cases) == ["a&b.scenario", "pass.scenario", "unparsable.scenario"]
      and {c.get("classname") for c in cases} == {suite})
check("every testcase and testsuite has a time in seconds",
      all(float(x.get("time")) >= 0 for x in cases + suites + [root]))
failed = [c for c in cases if c.find("failure") is not None]
text = failures[0].text or ""
check("the failure is the failing scenario's", failed[0].get("name") == "a&b.scenario")
check("the failure text starts with file:line:", text.startswith(f"{suite}/a&b.scenario:3: "))
check("the failure text has both screens side by side",
      "expected" in text and "actual" in text and "|Help            |  |Hello           |  <" in text)
start = console.index(f"FAIL {suite}/a&b.scenario") + 1
end = next(i for i in range(start, len(console)) if console[i].startswith(("PASS ", "FAIL ")))
check("the failure text is the console's failure details", text == "\n".join(console[start:end]))
check("the error is the parser's file:line:col: error:",
      (errors[0].text or "").startswith(f"{suite}/unparsable.scenario:2:7: error: unknown key 'x'"))
PYTHON
check "python3 made its 13 checks of the report" test "$(wc -l <"$work/junit.checks")" -eq 13
while IFS=$'\t' read -r name ok; do
  check "--junit: $name" test "$ok" = 1
done <"$work/junit.checks"
"$bin" test "$suite/pass.scenario" "$suite/a&b.scenario" --junit "$work/files.xml" >/dev/null 2>&1
check "test --junit with a failing scenario exits 1" test $? -eq 1
check "files named on the command line are one testsuite" python3 -c '
import sys, xml.etree.ElementTree as E
root = E.parse(sys.argv[1]).getroot()
suites = root.findall("testsuite")
sys.exit(not (len(suites) == 1 and suites[0].get("tests") == "2" and root.get("failures") == "1"))' "$work/files.xml"

"$bin" test Scenarios --jobs 1 >"$work/serial.out" 2>"$work/serial.err"
serial_status=$?
"$bin" test Scenarios --jobs 4 >"$work/parallel.out" 2>"$work/parallel.err"
check "--jobs 4 exits as --jobs 1 does" test $? -eq "$serial_status"
check "--jobs 4 prints byte for byte what --jobs 1 prints" cmp -s "$work/serial.out" "$work/parallel.out"
check "…and logs the same lines in the same order" cmp -s "$work/serial.err" "$work/parallel.err"
serial_count=$(grep -c '^\(PASS\|FAIL\) ' "$work/serial.out")
check "the serial run ran every scenario ($serial_count)" test "$serial_count" -eq "$(find Scenarios -name '*.scenario' | wc -l)"
"$bin" test "$suite" --jobs 3 --png-on-failure "$work/png-parallel" --junit "$work/parallel.xml" 2>/dev/null \
  | sed "s|$work/png-parallel|PNG|" >"$work/suite-parallel.out"
check "an unparsable file exits 2 under --jobs 3" test "${PIPESTATUS[0]}" -eq 2
"$bin" test "$suite" --jobs 1 --png-on-failure "$work/png-serial" 2>/dev/null \
  | sed "s|$work/png-serial|PNG|" >"$work/suite-serial.out"
check "failure details and picture lines are the same under --jobs 3" cmp -s "$work/suite-serial.out" "$work/suite-parallel.out"
check "--png-on-failure writes the same pictures under --jobs 3" diff -r "$work/png-serial" "$work/png-parallel"
check "--junit under --jobs 3 counts the same" python3 -c '
import sys, xml.etree.ElementTree as E
a, b = (E.parse(f).getroot() for f in sys.argv[1:])
sys.exit(not all(a.get(k) == b.get(k) for k in ("tests", "failures", "errors")))' "$work/junit/report.xml" "$work/parallel.xml"
for jobs in 1 3; do
  "$bin" test --jobs $jobs --reports "$work/reports-jobs$jobs" Scenarios/faults/lcd-garbage-t9-16x2.scenario \
    Scenarios/faults/stuck-multitap-16x2.scenario Scenarios/faults/clock-jump-back-t9-16x2.scenario >/dev/null 2>&1
done
check "--reports under --jobs 3 keeps the same reports as --jobs 1" diff -r "$work/reports-jobs1" "$work/reports-jobs3"
check "…three or more" test "$(ls "$work/reports-jobs3" | wc -l)" -ge 3

: >"$work/shards.out"
shard_total=0
for shard in 1 2 3; do
  "$bin" test Scenarios --shard "$shard/3" >"$work/shard$shard.out" 2>/dev/null
  check "--shard $shard/3 exits as the whole run does" test $? -eq "$serial_status"
  grep '^\(PASS\|FAIL\) ' "$work/shard$shard.out" >>"$work/shards.out"
  totals=$(tail -n 1 "$work/shard$shard.out")
  check "--shard $shard/3 says which shard ran" grep -q "(shard $shard/3: [0-9]* of $serial_count scenarios)$" <<<"$totals"
  ran=$(grep -c '^\(PASS\|FAIL\) ' "$work/shard$shard.out")
  read -r shard_passed shard_failed < <(sed 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/' <<<"$totals")
  check "--shard $shard/3's totals count only its $ran scenarios" test $((shard_passed + shard_failed)) -eq "$ran"
  shard_total=$((shard_total + ran))
done
check "the three shards run every scenario exactly once" \
  test "$(sort "$work/shards.out")" = "$(grep '^\(PASS\|FAIL\) ' "$work/serial.out" | sort)"
check "…$shard_total in all" test "$shard_total" -eq "$serial_count"
check "a shard is the same slice however the folder is written" test \
  "$("$bin" test ./Scenarios/ --shard 2/3 2>/dev/null | sed 's#^\(PASS\|FAIL\) \./#\1 #')" = "$(cat "$work/shard2.out")"
for bad in 0/3 4/3 3 a/b 1/0 /3 -1/3 1/3/3; do
  msg=$("$bin" test "$suite" --shard="$bad" 2>&1)
  check "--shard '$bad' exits 2" test $? -eq 2
  check "…saying what --shard takes" grep -q "^t9phone: error: --shard must be I/N" <<<"$msg"
done
"$bin" test "$suite" --jobs 0 >/dev/null 2>&1
check "--jobs 0 exits 2" test $? -eq 2
for jobs in 1 2; do  # --update rewrites on the printing thread, in order
  mkdir -p "$work/update-jobs$jobs"
  for name in a b; do
    sed '18s/|H /|X /; 29s/158/999/' Scenarios/multitap/timeout-commits.scenario >"$work/update-jobs$jobs/$name.scenario"
  done
  "$bin" test --update --jobs $jobs "$work/update-jobs$jobs" 2>&1 | sed "s|update-jobs$jobs|update|" >"$work/update-jobs$jobs.out"
done
check "--update under --jobs 2 prints what --jobs 1 prints" cmp -s "$work/update-jobs1.out" "$work/update-jobs2.out"
check "…and restores both files" bash -c 'cmp -s "$1/a.scenario" "$2" && cmp -s "$1/b.scenario" "$2"' _ "$work/update-jobs2" Scenarios/multitap/timeout-commits.scenario
# sim --record: a session typed into the simulator on a pseudo-terminal
# (script(1), util-linux) becomes a scenario that replays green.
sim_record() {  # sim_record FILE STEP...: a step is bytes to type (printf %b), or "pause" (1.5 s)
  local file=$1 fifo="$work/sim-input" step pid
  shift
  mkdir -p "$(dirname "$file")"
  rm -f "$fifo" "$work/sim-screen"
  mkfifo "$fifo"
  script -qec "$bin sim --state $work/sim-state --book $work/sim.book --record $file" /dev/null \
    <"$fifo" >"$work/sim-screen" 2>&1 &
  pid=$!
  exec 3>"$fifo"
  # Keys typed before the simulator is in raw mode would be flushed: wait for its legend.
  for _ in $(seq 600); do
    grep -q "q quit" "$work/sim-screen" && break
    sleep 0.1
  done
  for step in "$@"; do
    if [[ $step == pause ]]; then sleep 1.5; else printf '%b' "$step" >&3; sleep 0.3; fi
  done
  printf q >&3
  exec 3>&-
  wait "$pid"
}
if command -v script >/dev/null; then
  # Compose (Enter 1 1), T9 "good", space, a long press (Alt+5), case (*), a
  # letter, Backspace, end (e), the names list (F2) searched by 5.
  sim_record "$work/rec/t9.scenario" '\r' 1 1 4 6 6 3 pause 0 '\e5' pause '*' 2 pause '\x7f' pause \
    e pause '\eOQ' 5 pause
  check "sim --record exits 0 and says where" grep -q "recorded $work/rec/t9.scenario" "$work/sim-screen"
  rec=$(cat "$work/rec/t9.scenario")
  check "the recording has the simulator's settings as its header" grep -qx "set long-press 700ms" <<<"$rec"
  check "taps and holds as typed" bash -c 'grep -qx "tap 4" <<<"$1" && grep -qx "hold 5 730ms" <<<"$1"' _ "$rec"
  check "an expect screen after each pause" test "$(grep -c '^expect screen$' <<<"$rec")" -ge 5
  check "expect text in the editor" grep -qx 'expect text "Good 5"' <<<"$rec"
  check "the contact book goes beside it" bash -c 'grep -qx "contacts t9.vcf" <<<"$1" && test -s "$2"' _ "$rec" "$work/rec/t9.vcf"
  out=$("$bin" test "$work/rec/t9.scenario")
  check "the recorded session replays green" test $? -eq 0
  check "checking every expectation" grep -q "^PASS .*t9.scenario ([1-9][0-9]* checks" <<<"$out"
  # A message that arrives during the session is recorded as the PDU the
  # modem handed over, and replays through the simulated network.
  printf 'Telkomsel Sisa pulsa Rp 5.000\n' >"$work/sim-state/network-inbox.txt"
  sim_record "$work/rec/message.scenario" pause pause '\r' 1 2 pause
  rec=$(cat "$work/rec/message.scenario")
  check "sim --record: a recording with the simulated network says modem sim" grep -qx "modem sim" <<<"$rec"
  check "and the message that arrived as network pdu" grep -Eq "^network pdu [0-9A-F]+$" <<<"$rec"
  out=$("$bin" test "$work/rec/message.scenario")
  check "and replays green" test $? -eq 0
  check "showing the message in the inbox" grep -q "Telkomsel" "$work/rec/message.scenario"
else
  check "script (util-linux) runs the simulator on a pseudo-terminal" false
fi
# The simulator's network: a line appended to network-inbox.txt in the state
# folder arrives as a message, kept in messages.t9msg (docs/messages.md).
if command -v script >/dev/null; then
  mkdir -p "$work/msg-state"
  printf '+6281234567 Halo\\ndunia\n' >"$work/msg-state/network-inbox.txt"
  (sleep 3; printf q) | script -qec "$bin sim --state $work/msg-state --display text" /dev/null \
    >"$work/msg-screen" 2>&1
  out=$("$bin" messages list --state "$work/msg-state")
  check "sim delivers a line of network-inbox.txt; messages list prints it, escaped" \
    test "$(cut -f1,2,4,5 <<<"$out")" = "$(printf 'inbox\t+6281234567\tunread\tHalo\\ndunia')"
  check "with the time the network stamped, at its offset" \
    grep -Eq $'\t20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]\\+07:00\t' <<<"$out"
  check "and the inbox file is emptied" test ! -s "$work/msg-state/network-inbox.txt"
  check "messages list --folder sent prints nothing here" \
    test -z "$("$bin" messages list --state "$work/msg-state" --folder sent)"
fi
msg=$("$bin" messages list --state "$work/msg-state" --folder junk 2>&1)
check "messages list --folder junk exits 2" test $? -eq 2
check "and names the folders" grep -q "is not inbox, sent, outbox or drafts" <<<"$msg"
msg=$("$firmware" run --modem tty:/dev/ttyUSB2@1234 2>&1)
check "--modem with a bad speed exits 2" test $? -eq 2
check "and lists the speeds" grep -q "^t9phone: error: --modem: bad speed '1234'" <<<"$msg"
msg=$("$firmware" run --modem usb 2>&1)
check "--modem usb exits 2 and says what is wanted" grep -q "expected none, sim or tty:PATH\[@BAUD\]" <<<"$msg"
msg=$("$bin" sim --record "$work/no-such-folder/x.scenario" </dev/null 2>&1)
check "sim --record into a folder that is not there exits 2" test $? -eq 2
check "and says so" grep -q "cannot write to the folder" <<<"$msg"

# test --update: a broken expect screen block is restored, byte for byte;
# a scenario failing on something else is left as it is.
cp Scenarios/multitap/timeout-commits.scenario "$work/update.scenario"
sed -i '18s/|H /|X /; 29s/158/999/' "$work/update.scenario"
out=$("$bin" test --update "$work/update.scenario")
check "test --update exits 0 once the blocks are rewritten" test $? -eq 0
check "it names the updated lines" test "$(grep -c "^updated $work/update.scenario:\(17\|27\): expect screen$" <<<"$out")" -eq 2
check "only the broken blocks changed: the file is the original again" cmp -s Scenarios/multitap/timeout-commits.scenario "$work/update.scenario"
"$bin" test "$work/update.scenario" >/dev/null
check "and it passes" test $? -eq 0
sed 's/$/\r/' Scenarios/multitap/timeout-commits.scenario >"$work/crlf-good.scenario"
sed '18s/|H /|X /' "$work/crlf-good.scenario" >"$work/crlf.scenario"
"$bin" test --update "$work/crlf.scenario" >/dev/null
check "a CRLF file is updated and stays CRLF" cmp -s "$work/crlf-good.scenario" "$work/crlf.scenario"
sed '23s/"Hi"/"Ho"/' Scenarios/multitap/timeout-commits.scenario >"$work/text.scenario"
cp "$work/text.scenario" "$work/text-before.scenario"
out=$("$bin" test --update "$work/text.scenario")
check "a scenario failing on expect text still fails (exit 1)" test $? -eq 1
check "and is not touched" cmp -s "$work/text-before.scenario" "$work/text.scenario"
check "nothing is said updated" bash -c '! grep -q "^updated" <<<"$1"' _ "$out"
sed '13s/157/999/' Scenarios/faults/bus-down-t9-16x2.scenario >"$work/glass.scenario"
out=$("$bin" test --update "$work/glass.scenario" 2>/dev/null)
check "an expect glass block is updated too" grep -qx "updated $work/glass.scenario:11: expect glass" <<<"$out"
check "and restored" cmp -s Scenarios/faults/bus-down-t9-16x2.scenario "$work/glass.scenario"
printf 'dictionary off\nstart compose\nrepeat 2\ntap 2\nexpect screen\n|A               |\n|Abc        159/1|\ndone\n' >"$work/repeat.scenario"
cp "$work/repeat.scenario" "$work/repeat-before.scenario"
out=$("$bin" test --update "$work/repeat.scenario")
check "a block showing other rows on each round of a repeat is not updated" grep -q "^not updated: .*repeat.scenario:5: expect screen fails again" <<<"$out"
check "and the file is left as it was" cmp -s "$work/repeat-before.scenario" "$work/repeat.scenario"
printf 'start idle\nexpect screen\n|x|\n' >"$work/unparsable.scenario"
cp "$work/unparsable.scenario" "$work/unparsable-before.scenario"
"$bin" test --update "$work/unparsable.scenario" >/dev/null
check "test --update on a file that does not parse exits 2" test $? -eq 2
check "and leaves it" cmp -s "$work/unparsable-before.scenario" "$work/unparsable.scenario"

# LCDd: --input lcdproc[:HOST[:PORT]] and its keymap (a real LCDd: scripts/lcdproc-test.sh).
msg=$("$firmware" run --input lcdproc:127.0.0.1:99999 2>&1)
check "a bad LCDd port exits 2" test $? -eq 2
check "and says so" grep -q "^t9phone: error: --input: bad LCDd port '99999'" <<<"$msg"
msg=$("$firmware" run --input lcdproc --keymap numpad-phone 2>&1)
check "an evdev keymap for LCDd's keys exits 2" test $? -eq 2
check "and says which kind it is not" grep -q "expected 'lcdproc-keymap NAME' first (is this an evdev keymap?" <<<"$msg"
msg=$("$firmware" run --keymap lcdproc --input /dev/null 2>&1)
check "the lcdproc keymap for an evdev keypad exits 2" test $? -eq 2
check "and says what it is for" grep -q "is an lcdproc keymap: it maps LCDd's keys, for --input lcdproc" <<<"$msg"
msg=$("$firmware" run --input lcdproc:127.0.0.1:1 --display lcdproc:127.0.0.1:2 2>&1)
check "a second LCDd for --display is refused" grep -q "cannot name another LCDd" <<<"$msg"

# sms encode/decode: the PDU codec's contract (docs/messages.md).
out=$("$bin" sms encode --to +15556661234 "Hello world")
check "sms encode: one uppercase hex line, 00 SMSC, MR 00, type 91" \
  test "$out" = "0001000B915155661632F400000BC8329BFD06DDDF723619"
out=$("$bin" sms encode --to 0812345 --report "hi")
check "sms encode: type 81 without +, --report sets TP-SRR" test "$out" = "0021000781802143F5000002E834"
out=$("$bin" sms encode --to 123 --ref 42 "$(printf 'x%.0s' $(seq 161))")
check "sms encode: 161 characters are two parts" test "$(echo "$out" | wc -l)" -eq 2
check "sms encode: the first part carries the 8-bit reference 42 (UDH 050003 2A 02 01)" \
  grep -q "^004100038121F30000A00500032A0201" <<<"$out"
out=$("$bin" sms decode "$("$bin" sms encode --to 123 --ref 300 "$(printf 'y%.0s' $(seq 200))" | tail -1)")
check "sms decode: a 16-bit reference part" grep -qx "part: 2/2 ref 300" <<<"$out"
out=$("$bin" sms decode 0004039121430008621101310000820A0054006500680061005C)
expected=$(printf 'type: SMS-DELIVER\nfrom: +123\ntime: 2026-11-10T13:00:00+07:00\nencoding: ucs2\ntext: Teha\\\\')
check "sms decode: the fields in order, \\ escaped" test "$out" = "$expected"
out=$("$bin" sms decode "$("$bin" sms encode --to 1 "$(printf 'a\tb\nc')")")
check "sms decode: tab and newline escaped" grep -qx 'text: a\\tb\\nc' <<<"$out"
msg=$("$bin" sms decode 0004039121430000 2>&1)
check "sms decode: a short PDU exits 2" test $? -eq 2
check "and names the byte offset" grep -q "^t9phone: error: cannot read the PDU at byte 8: " <<<"$msg"
msg=$("$bin" sms encode --to 12-34 hi 2>&1)
check "sms encode: a bad number exits 2" test $? -eq 2

# network serve: the simulated network on a pseudo-terminal, answering AT on
# the line and its orders on standard input.
out=$(python3 - "$bin" <<'PY'
import os, pty, select, subprocess, sys, time
master, slave = pty.openpty()
serve = subprocess.Popen([sys.argv[1], "network", "serve", "--line", os.ttyname(slave)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def answer(line=None):
    if line is not None:
        serve.stdin.write(line.encode() + b"\n")
        serve.stdin.flush()
    return serve.stdout.readline().decode().strip()
def heard(until):
    data, deadline = b"", time.monotonic() + 5
    while until not in data and time.monotonic() < deadline:
        if select.select([master], [], [], 0.1)[0]:
            data += os.read(master, 1024)
    return data.decode(errors="replace").replace("\r", "<CR>").replace("\n", "<LF>")
print("start:", answer())
print("power-on:", heard(b"RDY\r\n"))
os.write(master, b"ATE0\r")
print("ATE0:", heard(b"OK\r\n"))
os.write(master, b"AT+CNMI=2,1,0,1,0\r")
heard(b"OK\r\n")
print("sms:", answer('network sms +15550100 "Hi"'))
print("announced:", heard(b"\r\n+CMTI"))
print("sent?:", answer('expect-sent 123 "x"'))
print("bad:", answer("tap 1"))
serve.stdin.close()
print("exit:", serve.wait())
PY
)
check "network serve: ready once the line is open" grep -qx "start: ready" <<<"$out"
check "network serve: a modem just powered says RDY" grep -qx "power-on: <CR><LF>RDY<CR><LF>" <<<"$out"
check "network serve: AT commands are answered on the line" grep -qx "ATE0: ATE0<CR><CR><LF>OK<CR><LF>" <<<"$out"
check "network serve: a delivered message is announced" grep -q '^announced: .*+CMTI' <<<"$out"
check "network serve: orders are answered ok, yes or no" test "$(grep -c '^sms: ok$\|^sent?: no$' <<<"$out")" -eq 2
check "network serve: a line it cannot read gets an error" grep -q "^bad: error: column 1: " <<<"$out"
check "network serve: stops when its input ends" grep -qx "exit: 0" <<<"$out"
msg=$("$bin" network serve --line /nonexistent/tty 2>&1 </dev/null)
check "network serve: a line that cannot be opened exits 1" test $? -eq 1
check "and says why" grep -q "cannot open /nonexistent/tty" <<<"$msg"
msg=$("$bin" network serve --line /dev/ttyS0@300 2>&1 </dev/null)
check "network serve: a bad speed exits 2" test $? -eq 2

# The systemd unit of docs/deploy.md, with this binary, passes systemd's own check.
awk '/^`\/etc\/systemd\/system\/t9phone.service`:/{f=1; next} f && /^```ini/{g=1; next} g && /^```/{exit} g' \
  docs/deploy.md | sed "s|/opt/t9phone/t9phone|$(realpath "$bin")|" >"$work/t9phone.service"
check "docs/deploy.md has the unit, Type=notify with a watchdog" grep -qx "WatchdogSec=10" "$work/t9phone.service"
if command -v systemd-analyze >/dev/null; then
  msg=$(systemd-analyze verify "$work/t9phone.service" 2>&1)
  check "systemd-analyze verify finds nothing to say about it" test -z "$msg"
fi

echo "cli tests: $passed passed, $failed failed"
((failed == 0))
