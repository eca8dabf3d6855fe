#!/usr/bin/env bash
# Installs what t9phone needs to build and test, and says what to do when it
# cannot. Called by `make run` and `make test`; safe to run again.
set -euo pipefail

# Debian packages the build and tests need (none yet for the spine; the
# evdev and QEMU parts add theirs here).
APT_PACKAGES=()

missing=()
for package in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done

if ((${#missing[@]} > 0)); then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "setup: installing ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: install them with: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

if ! command -v swift >/dev/null; then
  echo "setup: no Swift toolchain on PATH." >&2
  echo "setup: install Swift 6.1 or newer from https://www.swift.org/install/linux/ and add its usr/bin to PATH." >&2
  exit 1
fi
