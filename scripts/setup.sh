#!/usr/bin/env bash
# Installs what the command at hand needs, and says what to do when it
# cannot. Safe to run again.
#
# Usage: scripts/setup.sh build|test
#   build  what building and running t9phone needs (`make build`, `make run`,
#          `make firmware`, `make soak`, `make bench`, `make unit`, …)
#   test   that, and what only the tests need (`make test`, `make hil`,
#          `make hil-record`)
# The Makefile calls it through `make setup-build` and `make setup-test`.
set -euo pipefail

# Debian packages the build needs: libevdev for the keypad adapter, zlib for
# the PNG screenshots (on a new Debian machine already, named all the same),
# pkg-config, which SwiftPM uses to find them; and binaryen, whose wasm-opt
# makes the WebAssembly module smaller (scripts/web/build.sh). For the board
# firmware of other architectures (scripts/firmware/build.sh): Debian's cross
# C libraries, which the toolchain's clang and lld link against, libevdev's
# static library of each architecture (multiarch: the architecture is added
# to dpkg first), and QEMU's user-mode emulators to run the results here.
BUILD_PACKAGES=(pkg-config libevdev-dev zlib1g-dev binaryen
  libc6-dev-arm64-cross libgcc-12-dev-arm64-cross libevdev-dev:arm64
  libc6-dev-armhf-cross libgcc-12-dev-armhf-cross libevdev-dev:armhf qemu-user-static)
# Debian packages only the tests need: lcdproc for LCDd, which
# scripts/lcdproc-test.sh runs with its text driver and, for keys, its
# curses driver inside tmux; and what the hardware-in-the-loop suite needs
# (scripts/hil/):
# QEMU, a kernel with its modules, a static busybox for the guest, and kmod,
# whose modprobe lists the modules the guest loads (a dependency of the
# kernel package, named because build-initramfs.sh calls it); and for the
# page's browser test (scripts/web/browser-test.py) Debian's Chromium, its
# chromedriver, and selenium and Pillow for Debian's /usr/bin/python3.
# Everything
# else those scripts use (python3, binutils' strip and readelf, gzip, ldd)
# is on a new Debian machine.
TEST_PACKAGES=(lcdproc tmux qemu-system-x86 linux-image-amd64 busybox-static kmod chromium chromium-driver python3-selenium python3-pil)

case ${1:-} in
  build) packages=("${BUILD_PACKAGES[@]}") ;;
  test) packages=("${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}") ;;
  *)
    echo "usage: $0 build|test" >&2
    exit 2
    ;;
esac

"$(dirname "$0")/install-debian-packages.sh" "${packages[@]}"

if ! command -v swift >/dev/null; then
  echo "setup: no Swift toolchain on PATH." >&2
  echo "setup: install Swift 6.1 or newer from https://www.swift.org/install/linux/ and add its usr/bin to PATH." >&2
  exit 1
fi
