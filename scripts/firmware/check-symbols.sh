#!/usr/bin/env bash
# Fails if the board firmware links what only the host tool may: the
# scenario runner (Scenario), the simulated peers (SimulatedPeers), the
# browser build (WebPhone), the host tool's runners (Host), the terminal's
# keys (TerminalKeys), the PNG writer (PNGImage) or a test harness
# (*TestSupport). An Embedded Swift symbol spells its module as
# <length><name> (`$e5Board12PhoneSession…`); a module the firmware uses is
# looked for too, so that a change of mangling cannot make the check pass
# by finding nothing.
#
#   scripts/firmware/check-symbols.sh FIRMWARE.unstripped
set -euo pipefail
binary=${1:?usage: $0 FIRMWARE.unstripped}
bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
symbols=$("$bin/llvm-nm" --defined-only --just-symbol-name "$binary")
count=$(grep -c '^\$e' <<<"$symbols" || true)
for present in 5Board 7Runtime 8Firmware 12ScenarioText; do
  grep -Eq "(^|[^0-9])$present" <<<"$symbols" || {
    echo "firmware-symbols: $binary has no symbol of module ${present#*[0-9]}: the check cannot see modules" >&2
    exit 1
  }
done
failed=0
for module in Scenario SimulatedPeers WebPhone Host TerminalKeys PNGImage TestSupport \
  InputTestSupport LCDTestSupport FirmwareTestSupport; do
  found=$(grep -E "(^|[^0-9])${#module}$module" <<<"$symbols" | head -n 3 || true)
  if [ -n "$found" ]; then
    echo "firmware-symbols: $binary links $module:" >&2
    sed 's/^/  /' <<<"$found" >&2
    failed=1
  fi
done
[ "$failed" = 0 ] || exit 1
echo "firmware-symbols: $binary: $count Swift symbols, none of a scenario runner, simulated peer, browser build or test harness"
