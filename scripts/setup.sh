#!/usr/bin/env bash
# Installs what t9phone needs to build and test, and says what to do when it
# cannot. Called by `make run` and `make test`; safe to run again.
set -euo pipefail

# Debian packages the build and tests need: libevdev for the keypad adapter
# (and pkg-config, which SwiftPM uses to find it); QEMU, a kernel and a static
# busybox for the hardware-in-the-loop suite (`make hil`).
APT_PACKAGES=(pkg-config libevdev-dev qemu-system-x86 linux-image-amd64 busybox-static)

"$(dirname "$0")/install-debian-packages.sh" ${APT_PACKAGES[@]+"${APT_PACKAGES[@]}"}

if ! command -v swift >/dev/null; then
  echo "setup: no Swift toolchain on PATH." >&2
  echo "setup: install Swift 6.1 or newer from https://www.swift.org/install/linux/ and add its usr/bin to PATH." >&2
  exit 1
fi
