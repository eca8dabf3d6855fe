#!/usr/bin/env bash
# The T9 soak: a release t9phone runs a scenario of KEYS key presses (default
# 1,000,000) with the English dictionary loaded, while this script samples its
# resident memory (VmRSS) every 0.2 s. Prints the samples' minimum, maximum
# and the last, and fails if the peak (VmHWM) reaches LIMIT_KB (default 12 MB).
set -euo pipefail
cd "$(dirname "$0")/.."
keys=${1:-1000000}
limit_kb=${LIMIT_KB:-12288}
make -s firmware >/dev/null
bin=.build-firmware/release/t9phone
make -s dictionaries BIN=$bin >/dev/null
scenario=$(mktemp --suffix=.scenario)
trap 'rm -f "$scenario"' EXIT
python3 tools/make-t9-soak-scenario.py "$keys" >"$scenario"
start=$(date +%s.%N)
$bin test "$scenario" >/tmp/t9-soak.out 2>&1 &
pid=$!
samples=()
peak=0
while kill -0 "$pid" 2>/dev/null; do
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [[ -n "$rss" ]] && samples+=("$rss")
  [[ -n "$hwm" && "$hwm" -gt "$peak" ]] && peak=$hwm
  sleep 0.2
done
wait "$pid" && status=0 || status=$?
end=$(date +%s.%N)
cat /tmp/t9-soak.out
echo "soak: RSS samples (kB, every 0.2 s): ${samples[*]}"
sorted=$(printf '%s\n' "${samples[@]}" | sort -n)
echo "soak: $keys key presses in $(echo "$end - $start" | bc) s; ${#samples[@]} RSS samples:" \
  "min $(echo "$sorted" | head -1) kB, max $(echo "$sorted" | tail -1) kB," \
  "first $(echo "${samples[0]}") kB, last $(echo "${samples[-1]}") kB; peak (VmHWM) $peak kB"
[[ $status -eq 0 ]] || { echo "soak: the scenario failed"; exit 1; }
(( peak < limit_kb )) || { echo "soak: peak $peak kB is over $limit_kb kB"; exit 1; }
