#!/usr/bin/env bash
# Native smoke test: the app starts under Xvfb, renders, writes a screenshot of its own
# framebuffer, exits 0; the screenshot must show more than a blank window.
# usage: native_smoke.sh APP OUT_DIR
set -euo pipefail
app="$1"
out="$2"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
rm -f "$out/native.png"
command -v xvfb-run >/dev/null || { echo "FAIL: xvfb-run not found (Debian package xvfb)"; exit 1; }
status=0
timeout 60 xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" \
  "$app" --frames 8 --size 1024x760 --screenshot "$out/native.png" >"$out/native.log" 2>&1 || status=$?
if [ $status -ne 0 ]; then
  echo "FAIL: app exited with $status"; cat "$out/native.log"; exit 1
fi
[ -s "$out/native.png" ] || { echo "FAIL: no screenshot written"; cat "$out/native.log"; exit 1; }
node "$here/check_image.mjs" "$out/native.png" 1024
