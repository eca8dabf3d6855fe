#!/usr/bin/env bash
# Runs the allocation-gated benchmarks and fails when any of them allocates:
# the per-key-press paths (T9, contact search, the display driver, the
# supervisor's recorder) and learning, the watchdog's look, and receiving or sending a
# message part (modem driver, codec and store), must make no
# heap allocation.
# (ordo-one/benchmark's static threshold check could not be made to fail on
# an allocation here, so the table is checked directly.)
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
gated=(T9KeyPress T9KeyPressBatch1000 T9LearningUpdate ContactKeyPress DisplayKeyPress
  SupervisedKeyPress WatchdogTick MessageReceivePart MessageSendPart)
filters=()
for name in "${gated[@]}"; do filters+=(--filter "^${name}\$"); done
output=$(swift package benchmark "${filters[@]}" --format markdown --no-progress 2>&1)
echo "$output" | grep -E '^### |^\| Malloc' || true
echo "$output" | awk -v wanted="${#gated[@]}" '
  /^### / { name = $2 }
  /^\| Malloc \(total\)/ {
    seen++
    split($0, cells, "|")
    p100 = cells[9]; gsub(/ /, "", p100)
    if (p100 != "0") { print "allocation check: " name " allocates " p100 " times (p100)"; bad = 1 }
  }
  END {
    if (seen != wanted) { print "allocation check: expected " wanted " benchmarks, saw " seen; exit 1 }
    if (bad) exit 1
    print "allocation check: " seen " benchmarks, 0 heap allocations"
  }'
