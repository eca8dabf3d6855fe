#!/usr/bin/env bash
# Headless replay speed: `t9phone test` (release build, T9 on, both
# dictionaries loaded) on a generated T9 soak scenario of KEYS key presses
# (default 1,000,000; a press is two key events, down and up). The time is
# the whole process, start-up and parsing included; the scenario is
# generated before the clock starts. Prints
#   replay: N key events in S s = R key events per second
# and fails if the scenario fails or R is under MINIMUM (default 1,000,000).
#
# Usage: scripts/replay-speed.sh [T9PHONE]   (make replay-speed builds it first)
# Environment: KEYS, MINIMUM.
#
# Not part of `make test`: the figure is wall-clock time, which moves with
# the machine and its load (docs/performance.md, "Scenario replay").
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/t9phone}
keys=${KEYS:-1000000}
minimum=${MINIMUM:-1000000}
scenario=$(mktemp -t replay-speed.XXXXXX.scenario)
trap 'rm -f "$scenario"' EXIT
python3 tools/make-t9-soak-scenario.py "$keys" >"$scenario"
start=$(date +%s%N)
if ! output=$("$bin" test "$scenario" 2>&1); then
  echo "$output" >&2
  echo "replay: the scenario failed" >&2
  exit 1
fi
end=$(date +%s%N)
events=$(echo "$output" | sed -n 's/^PASS .*, \([0-9]*\) key events)$/\1/p')
if [ -z "$events" ]; then
  echo "$output" >&2
  echo "replay: no key-event count in the output" >&2
  exit 1
fi
awk -v events="$events" -v ns="$((end - start))" -v minimum="$minimum" 'BEGIN {
  seconds = ns / 1e9
  rate = events / seconds
  printf "replay: %d key events in %.2f s = %d key events per second\n", events, seconds, rate
  if (rate < minimum) {
    printf "replay: under %d key events per second\n", minimum > "/dev/stderr"
    exit 1
  }
}'
