#!/usr/bin/env bash
# Replays every scenario that does not need the host (no evemu recordings)
# through the WebAssembly module under the toolchain's wasmkit and natively
# (`t9phone web replay`), from the same bundle, and checks that the two
# give the same outcome and byte-identical frames.
#
#   scripts/web/replay-all.sh BIN MODULE.wasm [SCENARIO|DIR ...]
set -uo pipefail
cd "$(dirname "$0")/../.."

bin=$1
module=$2
shift 2
[ $# -gt 0 ] || set -- Scenarios
wasmkit=$(dirname "$(readlink -f "$(command -v swiftc)")")/wasmkit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

same=0 different=0 skipped=0
while IFS= read -r scenario; do
  if ! message=$("$bin" web bundle "$scenario" -o "$work/bundle" 2>&1); then
    if grep -q "needs the host" <<<"$message"; then
      skipped=$((skipped + 1))
      continue
    fi
    echo "web: $scenario: cannot be bundled: $message"
    different=$((different + 1))
    continue
  fi
  "$bin" web replay "$work/bundle" >"$work/native" 2>&1
  native_status=$?
  "$wasmkit" run "$module" <"$work/bundle" >"$work/wasm" 2>"$work/wasm.err"
  wasm_status=$?
  if [ "$native_status" = "$wasm_status" ] && cmp -s "$work/native" "$work/wasm"; then
    same=$((same + 1))
  else
    different=$((different + 1))
    echo "DIFF $scenario (native exit $native_status, module exit $wasm_status)"
    diff "$work/native" "$work/wasm" | head -4 | cut -c1-160
    head -5 "$work/wasm.err"
  fi
done < <(find "$@" -name '*.scenario' | LC_ALL=C sort)
echo "web: $same scenarios replayed in the module with the native outcome and frames," \
  "$different different, $skipped skipped (evemu recordings need the host)"
[ "$different" = 0 ]
