#!/usr/bin/env bash
# A lesson author's copy of the text file with a malformed line in one section: the app still
# starts and draws, names the file and line on stderr, keeps the built-in words of that section
# (its screenshot still shows the scene) and uses the author's other sections.
# usage: bad_lesson_text.sh APP OUT_DIR
set -euo pipefail
app="$1"
out="$2"
here="$(cd "$(dirname "$0")" && pwd)"
rm -rf "$out" && mkdir -p "$out/assets"
printf '[widget]\nwidget.scene.mask = Edited masks\n\n[mask]\nmask.title = An edited title\nthis line has no equals sign\n' \
  >"$out/assets/lesson.txt"
status=0
timeout 60 xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" \
  "$app" --assets "$out/assets" --scene mask --frames 4 --screenshot "$out/shot.png" >"$out/log.txt" 2>&1 || status=$?
cat "$out/log.txt"
[ $status -eq 0 ] || { echo "FAIL: app exited with $status"; exit 1; }
grep -qF "$out/assets/lesson.txt:6: expected 'key = value' (nothing from section [mask] is used)" "$out/log.txt" ||
  { echo "FAIL: stderr does not name the file, line and section"; exit 1; }
node "$here/check_image.mjs" "$out/shot.png"
