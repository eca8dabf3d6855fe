#!/usr/bin/env bash
# Builds the board firmware: every target the device run links, compiled as
# Embedded Swift (-Osize, whole module, each function in its own section)
# for the bare-metal triple of the board's CPU against Debian's C library
# for that architecture, then linked statically by the toolchain's clang
# and lld with glibc and Debian's libevdev.a: one executable, no Swift
# runtime, no shared library (docs/deploy.md, "Building").
#
#   scripts/firmware/build.sh ARCH [OUT]   ARCH: x86_64, arm64 or armhf
#                                           OUT: default .build/firmware/ARCH/t9phone
#
# Prints the path of the stripped executable and its size. A module is
# compiled again when one of its sources (or this script) is newer than its
# object, and so is every module after it.
set -euo pipefail
cd "$(dirname "$0")/../.."

arch=${1:-}
case $arch in
  x86_64)
    swift_target=x86_64-unknown-linux-gnu
    c_target=x86_64-linux-gnu
    sysroot=
    ;;
  arm64)
    swift_target=aarch64-none-none-elf
    c_target=aarch64-linux-gnu
    sysroot=/usr/aarch64-linux-gnu
    ;;
  armhf)
    swift_target=armv7-none-none-eabi
    c_target=arm-linux-gnueabihf
    sysroot=/usr/arm-linux-gnueabihf
    ;;
  *)
    echo "usage: $0 x86_64|arm64|armhf [OUT]" >&2
    exit 2
    ;;
esac
work=.build/firmware/$arch
out=${2:-$work/t9phone}
bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
mkdir -p "$work/objects" "$(dirname "$out")"

libevdev=/usr/lib/$c_target/libevdev.a
[ -f "$libevdev" ] || {
  echo "firmware: no $libevdev (apt-get install libevdev-dev:${arch/x86_64/amd64}; make setup-build does)" >&2
  exit 1
}

# The targets the device run links, in dependency order (Package.swift):
# no scenario runner, simulated peer, browser code or test harness
# (scripts/firmware/check-symbols.sh checks the result).
targets=(Diagnostics SystemLayer Vocabulary KeypadInput TextFolding SMS MessageStore CallLog
  ModemDriver T9Engine ContactBook TextEntry CharacterLCD EvdevInput DisplayDriver Firmware
  Supervision ScenarioText Runtime EvdevDevice DisplayDevice ModemDevice SupervisionDevice
  StateStorage Board)

flags=(-target "$swift_target" -enable-experimental-feature Embedded
  -enable-experimental-feature Extern -wmo -Osize -parse-as-library -swift-version 6
  -Xfrontend -disable-stack-protector -Xfrontend -function-sections
  -I "$work/objects" -I Sources/CLinux -I Sources/CEvdev
  -Xcc -I/usr/include/libevdev-1.0)
if [ -n "$sysroot" ]; then
  # The bare-metal triple does not say Linux: the C headers are told so.
  flags+=(-Xcc -D__linux__ -Xcc --sysroot="$sysroot" -Xcc -isystem -Xcc "$sysroot/include")
fi
if [ "$arch" = armhf ]; then
  # Debian's armhf ABI (doubles in VFP registers), and 64-bit time and
  # file offsets as its glibc offers them.
  flags+=(-Xcc -mfloat-abi=hard -Xcc -mfpu=vfpv3-d16 -Xcc -D_TIME_BITS=64
    -Xcc -D_FILE_OFFSET_BITS=64)
fi

objects=()
stale=0
[ "$0" -nt "$work/objects/Diagnostics.o" ] && stale=1
compile() { # module name, source folder
  local sources
  sources=$(find "$2" -name '*.swift' | LC_ALL=C sort)
  objects+=("$work/objects/$1.o")
  if [ "$stale" = 0 ] && [ -f "$work/objects/$1.o" ] &&
    [ -z "$(find "$2" Sources/CLinux -newer "$work/objects/$1.o" -name '*.[sh]*')" ]; then
    return
  fi
  stale=1
  echo "firmware: $arch: compiling $1" >&2
  # shellcheck disable=SC2086
  "$bin/swiftc" "${flags[@]}" -c -module-name "$1" -emit-module \
    -emit-module-path "$work/objects/$1.swiftmodule" -o "$work/objects/$1.o" $sources
  # The compiler leaves an object it would write unchanged as it was: its
  # time is set here, so that it counts as newer than its sources.
  touch "$work/objects/$1.o"
}
for target in "${targets[@]}"; do
  compile "$target" "Sources/$target"
done
compile BoardMain Sources/BoardMain

unicode=$bin/../lib/swift/embedded/$swift_target/libswiftUnicodeDataTables.a
linked=$work/t9phone.unstripped
"$bin/clang" --target="$c_target" -fuse-ld=lld -static -Wl,--gc-sections \
  -o "$linked" "${objects[@]}" "$libevdev" "$unicode" -lm -lpthread
"$bin/llvm-objcopy" --strip-all "$linked" "$out"
echo "firmware: $arch: $out, $(stat -c %s "$out") bytes stripped" >&2
echo "$out"
