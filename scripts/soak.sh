#!/usr/bin/env bash
# The T9 soak: a release t9phone (the firmware build) runs a scenario of KEYS
# key presses (default 1,000,000) with the dictionaries loaded, while this
# script samples its memory (/proc/PID/status, smaps) every 0.2 s. Prints the
# samples, the peak (VmHWM) with what it is made of, the limit and the
# margin, and fails if the scenario fails or the peak is not under the limit.
#
# Usage: scripts/soak.sh [KEYS]      (make soak = scripts/soak.sh 1000000)
# Environment: LIMIT_KB overrides the limit below.
#
# The limit: 8 MB (8,192 kB) of peak resident memory (VmHWM) with both
# dictionaries, a 1,000-contact book and a full message store (200 parts,
# the default) loaded, and flat: from the first
# sample after start-up to the last, resident memory may not grow by more
# than FLAT_KB (64 kB; a page or two of the stack or of the binary touched
# late is not growth). What the peak is made of is printed from
# /proc/PID/smaps at the largest sample: the binary's pages, the
# dictionaries' mapped pages, the heap and other anonymous memory, the stack.
set -euo pipefail
cd "$(dirname "$0")/.."
keys=${1:-1000000}
limit_kb=${LIMIT_KB:-8192}
flat_kb=${FLAT_KB:-64}
make -s soak-build >/dev/null
bin=.build-firmware/release/t9phone
make -s dictionaries BIN=$bin >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scenario=$work/soak.scenario
python3 tools/make-soak-contacts.py 1000 >"$work/contacts.vcf"
# The message store full: 200 one-part messages arrive through the
# simulated modem before the typing starts.
python3 tools/make-t9-soak-scenario.py "$keys" --contacts contacts.vcf --messages 200 >"$scenario"

# The binary and the dictionaries as a board reads them after boot: out of
# the page cache, read back through the kernel's readahead. A file just
# written (a fresh build, a copy) stays cached as it was written, and a run
# of it then had up to 1.3 MB more of it resident (docs/performance.md).
sync
for file in "$bin" Dictionaries/*.t9dict Dictionaries/*.t9pairs; do
  dd if="$file" iflag=nocache count=0 status=none
done

start_ns=$(date +%s%N)
$bin test "$scenario" >"$work/out" 2>&1 &
pid=$!
samples=()
peak=0 max_rss=0 breakdown=
while kill -0 "$pid" 2>/dev/null; do
  # One reading: VmRSS and VmHWM in kB, none before the forked shell has
  # become t9phone (its memory is not the firmware's) and its first page
  # is in (at the exec itself a reading gives 4 kB); at a new largest
  # sample, what it is made of, from smaps.
  reading=$(awk '
      /^Name:/ { name = $2 }
      /^VmRSS:/ { rss = $2 } /^VmHWM:/ { hwm = $2 }
      END { if (name == "t9phone" && rss > 64) print rss, hwm }' \
    "/proc/$pid/status" 2>/dev/null || true)
  if [[ -n $reading ]]; then
    read -r rss hwm <<<"$reading"
    samples+=("$rss")
    if ((rss > max_rss)); then
      max_rss=$rss
      breakdown=$(awk '
          /^[0-9a-f]+-[0-9a-f]+ / { path = $6; kind = "other" }
          /^[0-9a-f]+-[0-9a-f]+ / && path ~ /\/t9phone$/ { kind = "binary" }
          /^[0-9a-f]+-[0-9a-f]+ / && path ~ /\.t9(dict|pairs)$/ { kind = "dictionaries" }
          /^[0-9a-f]+-[0-9a-f]+ / && path == "[heap]" { kind = "heap" }
          /^[0-9a-f]+-[0-9a-f]+ / && path == "" { kind = "anonymous" }
          /^[0-9a-f]+-[0-9a-f]+ / && path == "[stack]" { kind = "stack" }
          /^Rss:/ { kb[kind] += $2 }
          END {
            printf "binary %d kB, dictionaries %d kB, heap %d kB, other anonymous %d kB, stack %d kB, other %d kB",
              kb["binary"], kb["dictionaries"], kb["heap"], kb["anonymous"], kb["stack"], kb["other"]
          }' "/proc/$pid/smaps" 2>/dev/null || true)
    fi
    ((hwm > peak)) && peak=$hwm
  fi
  # Quickly until the first reading (the exec), then every 0.2 s.
  if ((${#samples[@]} == 0)); then sleep 0.01; else sleep 0.2; fi
done
wait "$pid" && status=0 || status=$?
end_ns=$(date +%s%N)
elapsed_ms=$(((end_ns - start_ns) / 1000000))
cat "$work/out"
[[ $status -eq 0 ]] || { echo "soak: the scenario failed (exit $status)"; exit 1; }
((${#samples[@]} > 0)) || { echo "soak: no memory sample of t9phone was taken"; exit 1; }

echo "soak: RSS samples (kB, every 0.2 s): ${samples[*]}"
sorted=$(printf '%s\n' "${samples[@]}" | sort -n)
printf 'soak: %s key presses in %d.%03d s; %d RSS samples: min %s kB, max %s kB, first %s kB, last %s kB\n' \
  "$keys" $((elapsed_ms / 1000)) $((elapsed_ms % 1000)) "${#samples[@]}" \
  "$(head -n 1 <<<"$sorted")" "$(tail -n 1 <<<"$sorted")" "${samples[0]}" "${samples[-1]}"
echo "soak: largest sample $max_rss kB = $breakdown"
margin=$((limit_kb - peak))
echo "soak: peak (VmHWM) $peak kB, limit $limit_kb kB, margin $margin kB"
status=0
((peak < limit_kb)) || { echo "soak: FAIL: peak $peak kB is not under the limit of $limit_kb kB"; status=1; }
if ((${#samples[@]} > 2)); then
  steady=("${samples[@]:1}")
  growth=$((steady[-1] - steady[0]))
  echo "soak: from the first sample after start-up to the last: $growth kB (flat within $flat_kb kB)"
  ((growth <= flat_kb)) || { echo "soak: FAIL: resident memory grew by $growth kB while typing"; status=1; }
fi
((status == 0)) && echo "soak: ok"
exit "$status"
