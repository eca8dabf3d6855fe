#!/usr/bin/env bash
# Builds the firmware as a WebAssembly module with the toolchain: every
# pure target compiled as Embedded Swift for wasm32-unknown-none-wasm
# (-Osize, whole module), the module's entry (Web/WebMain), the C runtime
# the Swift runtime needs (Web/runtime.c, clang --target=wasm32), linked by
# the toolchain's wasm-ld, then made smaller by binaryen's wasm-opt (Debian's
# binaryen, installed by scripts/setup.sh build). Prints the module's size.
#
#   scripts/web/build.sh [OUT.wasm]     (default .build/web/t9phone.wasm)
set -euo pipefail
cd "$(dirname "$0")/../.."

out=${1:-.build/web/t9phone.wasm}
bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
lib="$bin/../lib/swift/embedded/wasm32-unknown-none-wasm"
work=.build/web/objects
mkdir -p "$work" "$(dirname "$out")"

# The pure targets in dependency order (as scripts/check-embedded.sh), then
# the entry.
targets=(Diagnostics SystemLayer Vocabulary KeypadInput TextFolding SMS MessageStore CallLog
  ModemDriver T9Engine ContactBook TextEntry CharacterLCD EvdevInput TerminalKeys DisplayDriver
  SimulatedPeers Firmware Supervision ScenarioText Runtime Scenario WebPhone)
flags=(-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded
  -enable-experimental-feature Extern -wmo -Osize -parse-as-library -swift-version 6
  -Xfrontend -disable-stack-protector -I "$work")

# A module is compiled again when one of its sources is newer than its
# object, and so is every module after it (they may import it).
objects=()
stale=0
compile() {  # module name, source folder
  local sources
  sources=$(find "$2" -name '*.swift' | LC_ALL=C sort)
  objects+=("$work/$1.o")
  if [ "$stale" = 0 ] && [ -f "$work/$1.o" ] &&
    [ -z "$(find "$2" -name '*.swift' -newer "$work/$1.o")" ]; then
    return
  fi
  stale=1
  echo "web: compiling $1"
  # shellcheck disable=SC2086
  "$bin/swiftc" "${flags[@]}" -c -module-name "$1" -emit-module \
    -emit-module-path "$work/$1.swiftmodule" -o "$work/$1.o" $sources
  # The compiler leaves an object it would write unchanged as it was: its
  # time is set here, so that it counts as newer than its sources.
  touch "$work/$1.o"
}
for target in "${targets[@]}"; do
  compile "$target" "Sources/$target"
done
compile WebMain Web/WebMain

"$bin/clang" --target=wasm32 -nostdlib -O2 -mbulk-memory -fno-builtin -c Web/runtime.c \
  -o "$work/runtime.o"
objects+=("$work/runtime.o")

# The page's calls (Web/WebMain/Page.swift), found in the source so a new
# one is exported without a second list.
exports=()
for name in $(sed -n 's/^@_cdecl("\(t9_[a-z_]*\)")$/\1/p' Web/WebMain/Page.swift); do
  exports+=("--export=$name")
done
# Memory is reserved at start, as on a board: 64 MiB, never grown (the
# allocator refuses once it is used up).
linked=${out%.wasm}-linked.wasm
"$bin/wasm-ld" --entry=_start --export=_start "${exports[@]}" --gc-sections \
  --initial-memory=67108864 --max-memory=67108864 \
  -z stack-size=1048576 -o "$linked" "${objects[@]}" "$lib/libswiftUnicodeDataTables.a"
# binaryen's optimiser for size; it drops the function names, which the
# linked module keeps (a trap's stack names its functions there).
wasm-opt -Oz --enable-bulk-memory --enable-sign-ext "$linked" -o "$out"
echo "web: $out, $(stat -c %s "$out") bytes ($linked with names: $(stat -c %s "$linked"))"
