#!/usr/bin/env bash
# scripts/render-video for every locale (English, then each folder of assets/lesson with a
# lesson.txt) at 960x540, the film's 853x480 layout at half the size of 1920x1080, and 2 frames a
# second: the files that native_video and native_video_film check. Prints how long each took.
# usage: video_render.sh APP OUT_DIR
set -euo pipefail
app="$(realpath "$1")"
out="$2"
root="$(cd "$(dirname "$0")/../.." && pwd)"
rm -rf "$out" && mkdir -p "$out"
for lesson in "$root"/assets/lesson/lesson.txt "$root"/assets/lesson/*/lesson.txt; do
  folder="$(basename "$(dirname "$lesson")")"
  locale=$([ "$folder" = lesson ] && echo en || echo "$folder")
  started=$(date +%s%N)
  "$root/scripts/render-video" "$out" --locale "$locale" --fps 2 --size 960x540 --app "$app" \
    >"$out/render-$locale.log" 2>&1 || { echo "FAIL: render-video --locale $locale"; cat "$out/render-$locale.log"; exit 1; }
  echo "render-video --locale $locale: $(( ($(date +%s%N) - started) / 1000000 )) ms"
  grep -E "^(zoom|narration:|recorded|Video)" "$out/render-$locale.log"
done
