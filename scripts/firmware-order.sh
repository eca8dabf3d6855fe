#!/usr/bin/env bash
# Writes scripts/firmware.order, the link order of the firmware build's
# functions: every function the firmware build executes while it runs every
# scenario of Scenarios/ (the project's specification of what the firmware
# does), in the order valgrind's callgrind first reports them. The firmware
# build (make firmware) gives lld this file, which places those functions
# together at the start of the code, so that a run touches few, contiguous
# pages instead of a page here and there across 12 MB of code
# (docs/performance.md, "Resident memory").
#
# Usage: scripts/firmware-order.sh      (make firmware-order; needs valgrind)
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
[[ -x $bin ]] || { echo "firmware-order: build the firmware first (make firmware)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the DWARF 5 debug information of this build; the
# symbol table is all it needs.
objcopy --strip-debug "$bin" "$work/t9phone"
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/profile" \
  "$work/t9phone" test Scenarios >"$work/log" 2>&1 || { cat "$work/log"; exit 1; }
# Callgrind's lines `fn=(ID) NAME` and `cfn=(ID) NAME` name a function the
# first time its ID appears; a trailing 'N marks a recursion depth.
sed -n "s/^c\{0,1\}fn=([0-9]*) //p" "$work/profile" | sed "s/'[0-9]*\$//" |
  awk '!seen[$0]++' >"$work/order"
count=$(wc -l <"$work/order")
mv "$work/order" scripts/firmware.order
echo "firmware-order: $count functions written to scripts/firmware.order"
