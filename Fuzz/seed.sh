#!/bin/sh
# Regenerates the generated seeds of the fuzz targets (Fuzz/Corpus/<target>/
# gen-*) from the project's own files and from what the CLI writes:
#   FuzzScenario      Scenarios/**/*.scenario (those under 9 KB)
#   FuzzReport        the flight reports `t9phone test Scenarios/faults --reports` writes
#   FuzzVCard         Scenarios/**/*.vcf, Tests/Fixtures/vcards/*.vcf and the vCards of Tests/ContactBookTests/VCard*Tests.swift
#   FuzzEvemu         Scenarios/recordings/*.evemu
#   FuzzKeymap        Keymaps/*.keymap
#   FuzzDictionary    `t9phone dict build` of the first 300 words of Dictionaries/en.tsv
#                     and 100 of id.tsv
#   FuzzBook          the contact book `t9phone contacts import/add/delete` writes
#                     (4 contacts) in a temporary --state folder
#   FuzzLearning      the learning store `t9phone t9 session` saves, cut to its first
#                     64 records
#   FuzzStatistics    the statistics.prom a short simulator run saves (under script(1),
#                     which gives it a terminal), and the same with counts
#   FuzzLCDdReplies   what a real LCDd (its text driver, 16x2 and 20x4) answers to the
#                     client's commands (Fuzz/lcdd-transcript.py), after an options byte
#   FuzzTerminalKeys  what a terminal sends for typing, arrows, F1/F2 and Alt+key
#   FuzzPDU           the PDUs of Tests/Fixtures/SMS/*-vectors.txt (ModemManager's,
#                     python-gsmmodem's and gammu's), and `t9phone sms encode` of
#                     GSM-7, extension, UCS-2 and long texts, as bytes
#   FuzzMessageStore  the records (the file without its header) of the store
#                     `t9phone sim --messages-capacity 2` keeps after two messages
#                     arrive through network-inbox.txt (under script(1))
# FuzzATModem's seeds are hand-written modem transcripts.
# Hand-written seeds (any other name) and regressions/ are left alone.
#
# Usage: Fuzz/seed.sh [path/to/t9phone]   (default .build/debug/t9phone;
# LCDd seeds need LCDd, from `scripts/setup.sh test`, and are kept as they
# are without it)
set -eu
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/t9phone}
[ -x "$bin" ] || { echo "seed: no t9phone at $bin (swift build)" >&2; exit 1; }
corpus=Fuzz/Corpus
work=$(mktemp -d)
lcdd_pid=""
cleanup() {
  [ -n "$lcdd_pid" ] && kill "$lcdd_pid" 2>/dev/null && wait "$lcdd_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# fresh TARGET: the target's folder, without its generated seeds.
fresh() {
  mkdir -p "$corpus/$1/regressions"
  rm -f "$corpus/$1"/gen-*
}

# seed TARGET FILE NAME: FILE as the seed gen-NAME.
seed() {
  cp "$2" "$corpus/$1/gen-$3"
}

# flat PATH: PATH as one file name (slashes become dashes).
flat() {
  printf '%s' "$1" | tr '/' '-'
}

fresh FuzzScenario
find Scenarios -name '*.scenario' -size -9k | LC_ALL=C sort | while read -r file; do
  seed FuzzScenario "$file" "$(flat "${file#Scenarios/}")"
done

fresh FuzzReport
"$bin" test Scenarios/faults --reports "$work/reports" >"$work/reports.out" 2>&1 || {
  echo "seed: t9phone test Scenarios/faults failed" >&2
  tail -n 20 "$work/reports.out" >&2
  exit 1
}
find "$work/reports" -name '*.scenario' -size -9k | LC_ALL=C sort | while read -r file; do
  seed FuzzReport "$file" "$(basename "$file")"
done

fresh FuzzVCard
find Scenarios -name '*.vcf' | LC_ALL=C sort | while read -r file; do
  seed FuzzVCard "$file" "$(flat "${file#Scenarios/}")"
done
for file in Tests/Fixtures/vcards/*.vcf; do
  seed FuzzVCard "$file" "fixture-$(basename "$file")"
done
# Each `crlf("line", …)` of the tests is a vCard file with CR LF line ends.
for tests in Tests/ContactBookTests/VCard*Tests.swift; do
  name=$(basename "$tests" .swift)
  awk -v out="$corpus/FuzzVCard/gen-$name" '
    function literal(line,   body) {
      if (match(line, /"([^"\\]|\\.)*"/) == 0) return 0
      body = substr(line, RSTART + 1, RLENGTH - 2)
      gsub(/\\"/, "\"", body); gsub(/\\t/, "\t", body); gsub(/\\\\/, "\\", body)
      printf "%s\r\n", body >> file
      return 1
    }
    /crlf\(/ && !/func crlf/ { inside = 1; count++; file = out "-" count ".vcf"; sub(/.*crlf\(/, "") }
    inside { literal($0); if ($0 ~ /\)[ \t]*$/) inside = 0 }
  ' "$tests"
done

fresh FuzzEvemu
for file in Scenarios/recordings/*.evemu; do
  seed FuzzEvemu "$file" "$(basename "$file")"
done

fresh FuzzKeymap
for file in Keymaps/*.keymap; do
  seed FuzzKeymap "$file" "$(basename "$file")"
done

fresh FuzzDictionary
grep -v '^#' Dictionaries/en.tsv | head -n 300 >"$work/en.tsv"
"$bin" dict build "$work/en.tsv" -o "$corpus/FuzzDictionary/gen-en-300.t9dict" >/dev/null
grep -v '^#' Dictionaries/id.tsv | head -n 100 >"$work/id.tsv"
"$bin" dict build "$work/id.tsv" -o "$corpus/FuzzDictionary/gen-id-100.t9dict" >/dev/null

fresh FuzzBook
book="$work/state/contacts.book"
"$bin" contacts import Scenarios/contacts/fixtures/three.vcf --state "$work/state" --capacity 4 \
  >/dev/null
seed FuzzBook "$book" three.book
"$bin" contacts add --name "Dana Ng" --number home:555-0199 --nickname Dee --starred \
  --state "$work/state" >/dev/null
"$bin" contacts delete 0 --state "$work/state" >/dev/null
"$bin" contacts add --name "Zoë Ødegaard" --number +47-22-00-00-00 --organisation "Fjord AS" \
  --state "$work/state" >/dev/null
seed FuzzBook "$book" edited.book

fresh FuzzLearning
printf '%s\n' "hello world this is a test of the phone" "good home gone hood" \
  "the quick brown fox jumps over the lazy dog" "hello again good home" |
  "$bin" t9 session --state "$work/learn" --dictionaries Dictionaries >/dev/null
# The store's first 64 records (its words are at the start), not all 2,047
# of the default 64 KiB: the target takes the budget from the size, and a
# whole store runs at about 120 inputs a second, 256 records at about 900.
head -c $((32 + 64 * 32)) "$work/learn/learned-en.t9user" \
  >"$corpus/FuzzLearning/gen-session-64.t9user"

fresh FuzzStatistics
mkdir -p "$work/sim"
(
  sleep 1
  printf '44*3#'
  sleep 1
  printf 'q'
  sleep 2
) | script -qec "$bin sim --state $work/sim --display none --book $work/sim/contacts.book \
  --dictionaries Dictionaries" /dev/null >/dev/null 2>&1
seed FuzzStatistics "$work/sim/statistics.prom" sim.prom
awk '/^t9phone_/ { $NF = NR * 7 } { print }' "$work/sim/statistics.prom" \
  >"$corpus/FuzzStatistics/gen-sim-counted.prom"

if command -v LCDd >/dev/null 2>&1; then
  fresh FuzzLCDdReplies
  for size in 16x2 20x4; do
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    cat >"$work/LCDd.conf" <<CONF
[server]
DriverPath=${LCDPROC_DRIVER_PATH:-/usr/lib/x86_64-linux-gnu/lcdproc/}
Driver=text
Bind=127.0.0.1
Port=$port
ServerScreen=no
Foreground=yes
ReportToSyslog=no
ReportLevel=2
WaitTime=1

[text]
Size=$size
CONF
    LCDd -c "$work/LCDd.conf" -f >/dev/null 2>&1 &
    lcdd_pid=$!
    sleep 1
    python3 Fuzz/lcdd-transcript.py "$port" "$work/$size" keys
    kill "$lcdd_pid" 2>/dev/null
    wait "$lcdd_pid" 2>/dev/null || true
    lcdd_pid=""
  done
  # The options byte: geometry (LCDGeometry.supported: 16x2 is 1, 20x4 is 4),
  # keys (8), partial sends (16), read size (index << 5).
  { printf '\341'; cat "$work/16x2"; } >"$corpus/FuzzLCDdReplies/gen-16x2-reads-of-4096"
  { printf '\001'; cat "$work/16x2"; } >"$corpus/FuzzLCDdReplies/gen-16x2-reads-of-1"
  { printf '\051'; cat "$work/16x2"; } >"$corpus/FuzzLCDdReplies/gen-16x2-keys-reads-of-3"
  { printf '\174'; cat "$work/20x4"; } >"$corpus/FuzzLCDdReplies/gen-20x4-keys-partial-reads-of-16"
  { printf '\314'; cat "$work/20x4"; printf 'key Up\nkey Enter\nkey 1\nignore t9phone\nkey #\nbye\n'; } \
    >"$corpus/FuzzLCDdReplies/gen-20x4-keys-bye-reads-of-511"
else
  echo "seed: no LCDd (scripts/setup.sh test): FuzzLCDdReplies seeds kept as they are" >&2
fi

fresh FuzzTerminalKeys
printf '44*3#0' >"$corpus/FuzzTerminalKeys/gen-digits"
printf '\033[A\033[B\033[C\033[D\033OP\033OQ\033[11~\033[12~' >"$corpus/FuzzTerminalKeys/gen-arrows-f1-f2"
printf '\0335\033#\033\033e\r\177\tcq' >"$corpus/FuzzTerminalKeys/gen-alt-end-ok-back"
printf '\033[1;5A\033[15~2\033' >"$corpus/FuzzTerminalKeys/gen-unknown-sequences"

du -sh "$corpus"

fresh FuzzPDU
# pdu HEX NAME: the PDU's bytes as the seed gen-NAME.
pdu() {
  printf '%s' "$1" | xxd -r -p >"$corpus/FuzzPDU/gen-$2"
}
for file in Tests/Fixtures/SMS/*-vectors.txt; do
  n=0
  sed -n 's/^pdu: //p' "$file" | while read -r hex; do
    n=$((n + 1))
    pdu "$hex" "$(basename "$file" .txt)-$n"
  done
done
pdu "$("$bin" sms encode --to +6281234567 'Hello world')" encode-gsm7
pdu "$("$bin" sms encode --to 0812 '€[x]{}~^|\')" encode-extension
pdu "$("$bin" sms encode --to +7912 'Да здравствует 😀')" encode-ucs2
"$bin" sms encode --to 123 --ref 300 "$(printf 'long text %.0s' $(seq 40))" | head -1 | {
  read -r hex
  pdu "$hex" encode-wide-reference
}

fresh FuzzMessageStore
if command -v script >/dev/null; then
  mkdir -p "$work/messages"
  printf '+6281234567 Halo dari jaringan\nTelkomsel Sisa pulsa Rp 5.000\n' \
    >"$work/messages/network-inbox.txt"
  (sleep 4; printf q) | script -qec "$bin sim --state $work/messages --messages-capacity 2 --display text" \
    /dev/null >/dev/null 2>&1
  tail -c +65 "$work/messages/messages.t9msg" >"$corpus/FuzzMessageStore/gen-two-messages"
fi
