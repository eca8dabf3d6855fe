#!/usr/bin/env bash
# Compiles every pure library target as Embedded Swift (no existentials, no
# reflection, no key paths, no untyped throws, a smaller String API), one
# target at a time in dependency order, so the core stays ready for a
# firmware build without the full runtime. Prints one line per target and
# fails with the compiler's errors.
#
#   scripts/check-embedded.sh
#   EMBEDDED_TARGET=x86_64-unknown-none-elf scripts/check-embedded.sh
#
# EMBEDDED_TARGET is a target triple (default: the host's). A target that
# imports one that failed is reported as skipped, and the check fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# The library targets without I/O, in the dependency order of Package.swift.
# Not the adapters (EvdevDevice, DisplayDevice, SupervisionDevice, StateStorage, PNGImage), the C
# modules (CEvdev, CLinux, CZlib) nor t9phone.
targets=(Diagnostics SystemLayer Vocabulary KeypadInput TextFolding SMS MessageStore CallLog ModemDriver T9Engine ContactBook TextEntry CharacterLCD
  EvdevInput TerminalKeys DisplayDriver SimulatedPeers Firmware Supervision ScenarioText Runtime
  Scenario WebPhone)
swiftc=${SWIFTC:-swiftc}
triple=()
if [ -n "${EMBEDDED_TARGET:-}" ]; then triple=(-target "$EMBEDDED_TARGET"); fi

modules=$(mktemp -d)
trap 'rm -rf "$modules"' EXIT

# The Swift files of target $1, in its subfolders too, in a stable order.
sources() {
  find "Sources/$1" -name '*.swift' | LC_ALL=C sort
}

# The modules the sources of target $1 import.
imports() {
  awk '/^(public |internal |package |@_implementationOnly |@_exported )?import [A-Za-z_][A-Za-z0-9_]*[ \t]*$/ {
    print $NF
  }' $(sources "$1") | sort -u
}

# Targets that failed, or were skipped because they import one that did.
broken=" "
for target in "${targets[@]}"; do
  status=""
  for module in $(imports "$target"); do
    case "$broken" in *" $module "*) status="skipped (imports $module, which failed)" ;; esac
  done
  if [ -n "$status" ]; then
    echo "embedded: $target $status"
    broken="$broken$target "
    continue
  fi
  if output=$("$swiftc" -enable-experimental-feature Embedded -wmo -parse-as-library \
    -swift-version 6 -c ${triple[@]+"${triple[@]}"} -module-name "$target" \
    -emit-module -emit-module-path "$modules/$target.swiftmodule" -I "$modules" \
    -o "$modules/$target.o" $(sources "$target") 2>&1); then
    echo "embedded: $target ok"
    if [ -n "$output" ]; then echo "$output"; fi
  else
    echo "embedded: $target FAILED"
    echo "$output"
    broken="$broken$target "
  fi
done
[ "$broken" = " " ]
