#!/bin/sh
# Makes the pictures in docs/images/ with t9phone's own command: each
# scenario of Scenarios/screenshots/ is replayed with `--png`, and the last
# frame it wrote (the firmware's frame when the scenario ends) becomes
# docs/images/NAME.png.
#
# Usage: scripts/screenshots.sh [path/to/t9phone]     (make screenshots)
set -eu
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/t9phone}
out=docs/images
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# scenario (in Scenarios/screenshots/), palette, scale
while read -r name palette scale; do
  rm -rf "$work/frames"
  "$bin" replay "Scenarios/screenshots/$name.scenario" --png "$work/frames" \
    --palette "$palette" --scale "$scale" >/dev/null
  last=$(ls "$work/frames" | sort | tail -n 1)
  cp "$work/frames/$last" "$out/$name.png"
  echo "screenshots: $out/$name.png ($palette, scale $scale, frame $last)"
done <<'LIST'
t9-message yellow-green 2
settings-20x4 blue-white 2
contacts-a02 yellow-green 2
idle-backlight-off yellow-green 2
LIST
