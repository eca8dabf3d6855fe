#!/usr/bin/env bash
# Compiles every pure library target as Embedded Swift (no existentials, no
# reflection, no key paths, no untyped throws, a smaller String API), one
# target at a time in dependency order, so the core stays ready for a
# firmware build without the full runtime. Prints one line per target and
# fails with the compiler's errors.
#
#   scripts/check-embedded.sh
#   EMBEDDED_PENDING="" scripts/check-embedded.sh     # check every target
#   EMBEDDED_TARGET=x86_64-unknown-none-elf scripts/check-embedded.sh
#
# EMBEDDED_PENDING names targets that do not compile yet: they are listed as
# pending, not compiled, and so is every target that imports one of them.
# EMBEDDED_TARGET is a target triple (default: the host's).
set -euo pipefail
cd "$(dirname "$0")/.."

# The library targets without I/O, in the dependency order of Package.swift.
# Not EvdevDevice, CEvdev, CEvdevShims (libevdev, system calls) nor t9phone.
targets=(Diagnostics KeypadInput TextFolding T9Engine ContactBook TextEntry CharacterLCD
  EvdevInput Firmware Scenario)
pending=" ${EMBEDDED_PENDING-Firmware Scenario} "
swiftc=${SWIFTC:-swiftc}
triple=()
if [ -n "${EMBEDDED_TARGET:-}" ]; then triple=(-target "$EMBEDDED_TARGET"); fi

modules=$(mktemp -d)
trap 'rm -rf "$modules"' EXIT

# The modules the sources of target $1 import.
imports() {
  awk '/^(public |internal |package |@_implementationOnly )?import [A-Za-z_][A-Za-z0-9_]*[ \t]*$/ {
    print $NF
  }' "Sources/$1"/*.swift | sort -u
}

# Targets left pending, and targets that failed (or were skipped for one).
waiting=" "
broken=" "
for target in "${targets[@]}"; do
  status=""
  for module in $(imports "$target"); do
    case "$waiting" in *" $module "*) status="pending (imports $module)" ;; esac
    case "$broken" in *" $module "*) status="skipped (imports $module, which failed)" ;; esac
  done
  case "$pending" in *" $target "*) status="pending (EMBEDDED_PENDING)" ;; esac
  case "$status" in
    pending*) waiting="$waiting$target " ;;
    skipped*) broken="$broken$target " ;;
  esac
  if [ -n "$status" ]; then
    echo "embedded: $target $status"
    continue
  fi
  if output=$("$swiftc" -enable-experimental-feature Embedded -wmo -parse-as-library \
    -swift-version 6 -c ${triple[@]+"${triple[@]}"} -module-name "$target" \
    -emit-module -emit-module-path "$modules/$target.swiftmodule" -I "$modules" \
    -o "$modules/$target.o" "Sources/$target"/*.swift 2>&1); then
    echo "embedded: $target ok"
    if [ -n "$output" ]; then echo "$output"; fi
  else
    echo "embedded: $target FAILED"
    echo "$output"
    broken="$broken$target "
  fi
done
[ "$broken" = " " ]
