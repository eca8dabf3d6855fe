#!/usr/bin/env bash
# Writes scripts/firmware.order, the link order of the firmware build's
# functions: every function the firmware build executes while it runs every
# scenario of Scenarios/ (the project's specification of what the firmware
# does), as valgrind's callgrind reports them, those that typing and
# messages run after start-up first. The firmware
# build (make firmware) gives lld this file, which places those functions
# together at the start of the code, so that a run touches few, contiguous
# pages instead of a page here and there across 12 MB of code
# (docs/performance.md, "Resident memory").
#
# Usage: make firmware-order      (needs valgrind; FIRMWARE_FLAGS from the Makefile)
#
# The file names mangled symbols. A function renamed since is simply not
# found (lld is told not to warn) and lands with the code nobody runs: the
# build stays correct, only less compact. Rerun after large changes; `make
# soak` shows the effect.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null ||
  { echo "firmware-order: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
bin=.build-firmware/release/t9phone
[[ -x $bin ]] || { echo "firmware-order: build it first (make soak-build)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the DWARF 5 debug information of this build; the
# symbol table is all it needs.
objcopy --strip-debug "$bin" "$work/t9phone"
valgrind --tool=callgrind --demangle=no --compress-strings=no \
  --callgrind-out-file="$work/profile" \
  "$work/t9phone" test Scenarios >"$work/log" 2>&1 || { cat "$work/log"; exit 1; }
# What a phone runs in everyday use, typing and messages, placed first:
# the T9 and message scenarios profiled again, a part written each time
# start-up ends (StartupPages.release asks for the read-only segments: once
# the dictionaries are open and again before each scenario's keys), so that
# what only start-up runs (its pages are released and not touched again)
# stays out of the first group.
marker=$(nm "$work/t9phone" | awk '!found && $2 == "T" && $3 ~ /StartupPages.*readOnlySegments/ { print $3; found = 1 }')
[[ -n $marker ]] ||
  { echo "firmware-order: no StartupPages.readOnlySegments in the build" >&2; exit 1; }
mkdir "$work/running"
valgrind --tool=callgrind --demangle=no --compress-strings=no \
  --callgrind-out-file="$work/running/part" --dump-after="$marker" \
  "$work/t9phone" test Scenarios/t9 Scenarios/messages >"$work/log" 2>&1 ||
  { cat "$work/log"; exit 1; }
# Where each function lives: the build linked again with lld's map (only the
# link runs).
[[ -n ${FIRMWARE_FLAGS:-} ]] || { echo "firmware-order: run it as make firmware-order" >&2; exit 2; }
# shellcheck disable=SC2086 # the flags are words
swift build $FIRMWARE_FLAGS -Xlinker -Map="$work/map" >/dev/null
python3 scripts/firmware-order.py "$work/map" scripts/firmware.order "$work/profile" \
  "$work"/running/part*
