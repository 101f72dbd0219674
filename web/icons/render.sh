#!/usr/bin/env bash
# Draws the playground's icon (icon.svg) as the PNG sizes browsers ask a
# web app manifest for (192 and 512 px). Run after changing icon.svg and
# commit the PNGs; the browser test compares them with the drawing.
# Needs rsvg-convert (Debian's librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")"
for size in 192 512; do
  rsvg-convert --width "$size" --height "$size" --output "icon-$size.png" icon.svg
done
