#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are missing:
# with apt-get when run as root, otherwise it names the command to run and
# fails. Used by scripts/setup.sh and tools/setup-dictionary-venv.sh.
set -euo pipefail
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
((${#missing[@]} == 0)) && exit 0
# A package of another architecture (libevdev-dev:arm64) needs that
# architecture added to dpkg before the lists are read.
foreign=()
for package in "${missing[@]}"; do
  case $package in
    *:*)
      arch=${package##*:}
      dpkg --print-foreign-architectures | grep -qx "$arch" || foreign+=("$arch")
      ;;
  esac
done
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  for arch in ${foreign[@]+"${foreign[@]}"}; do
    echo "setup: adding the $arch architecture to dpkg"
    dpkg --add-architecture "$arch"
  done
  echo "setup: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: missing Debian packages: ${missing[*]}" >&2
  for arch in ${foreign[@]+"${foreign[@]}"}; do
    echo "setup: add their architecture first: sudo dpkg --add-architecture $arch" >&2
  done
  echo "setup: install them with: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
