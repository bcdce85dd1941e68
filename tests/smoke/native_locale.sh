#!/usr/bin/env bash
# The native app in Spanish (--locale es): it starts and draws with no warning, and the frame is
# not blank. With an author's folder (--assets) whose es/lesson.txt lacks a key and has a misspelt
# one, stderr names both and the app still draws; with no es/lesson.txt there it says so and draws
# in English.
# usage: native_locale.sh APP LESSON_DIR OUT_DIR
set -euo pipefail
app="$1"
lessons="$2"
out="$3"
here="$(cd "$(dirname "$0")" && pwd)"
rm -rf "$out" && mkdir -p "$out/partial/es" "$out/english-only"
run() {  # run NAME ARGS...: the app's stderr and stdout in $out/NAME.txt; fails on a non-zero exit
  local name="$1" status=0
  shift
  timeout 60 xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" \
    "$app" "$@" --frames 4 --screenshot "$out/$name.png" >"$out/$name.txt" 2>&1 || status=$?
  cat "$out/$name.txt"
  [ $status -eq 0 ] || { echo "FAIL: $name: app exited with $status"; exit 1; }
  node "$here/check_image.mjs" "$out/$name.png"
}

run spanish --locale es --scene combine
if grep -q "warning" "$out/spanish.txt"; then echo "FAIL: warnings with the whole Spanish file"; exit 1; fi

cp "$lessons/lesson.txt" "$out/partial/lesson.txt"
sed -e '/^widget\.scene\.combine = /d' -e 's/^widget\.scene\.mask = /widget.scene.mascara = /' \
  "$lessons/es/lesson.txt" >"$out/partial/es/lesson.txt"
run partial --assets "$out/partial" --locale es --scene combine
grep -qF "$out/partial/es/lesson.txt has no widget.scene.combine: it shows in English" "$out/partial.txt" ||
  { echo "FAIL: stderr does not name the missing key"; exit 1; }
grep -qF "has no widget.scene.mask: it shows in English" "$out/partial.txt" ||
  { echo "FAIL: stderr does not name the key the misspelling lost"; exit 1; }
grep -qE "$out/partial/es/lesson.txt:[0-9]+: widget.scene.mascara is not a key of the English file" "$out/partial.txt" ||
  { echo "FAIL: stderr does not name the misspelt key and its line"; exit 1; }

cp "$lessons/lesson.txt" "$out/english-only/lesson.txt"
run english-only --assets "$out/english-only" --locale es --scene combine
grep -qF "no words for locale es ($out/english-only/es/lesson.txt): the widget shows English" "$out/english-only.txt" ||
  { echo "FAIL: stderr does not say the Spanish words are missing"; exit 1; }
echo "native locale: all passed"
