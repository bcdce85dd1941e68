#!/usr/bin/env bash
# The native half of scripts/bench, under Xvfb: CPU use of an app over 5 idle seconds (from
# /proc/PID/stat, after 2 s to start), the time from launch to the first frame (the app run
# with --frames 1 exits right after drawing it; median of 5), and the wall time of --record of
# the whole lesson at 1280 x 720, 30 fps (frames written to a temporary folder, then removed).
# usage: native_bench.sh APP [BASELINE_APP]   prints one JSON object
set -euo pipefail
app="$1"
baseline="${2:-}"
ticks_per_second="$(getconf CLK_TCK)"

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# Percent of one core used by a running program over 5 s, after 2 s of start-up.
idle_cpu() {
  "$@" >/dev/null 2>&1 &
  local pid=$!
  sleep 2
  if ! kill -0 "$pid" 2>/dev/null; then echo "null"; return; fi
  local before after
  before="$(cpu_ticks "$pid")"
  sleep 5
  after="$(cpu_ticks "$pid")"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  awk -v d="$((after - before))" -v hz="$ticks_per_second" 'BEGIN { printf "%.2f", d * 100 / (hz * 5) }'
}

first_frame_ms() {
  local samples=()
  for _ in 1 2 3 4 5; do
    local start end
    start="$(date +%s%N)"
    "$app" --frames 1 --size 1024x760 >/dev/null 2>&1
    end="$(date +%s%N)"
    samples+=("$(((end - start) / 1000000))")
  done
  printf '%s\n' "${samples[@]}" | sort -n | sed -n 3p
}

# {"frames", "fps", "lesson_s", "wall_s", "seconds_per_lesson_second"} of one recording.
record() {
  local dir start end summary
  dir="$(mktemp -d)"
  start="$(date +%s%N)"
  summary="$("$app" --record "$dir" --fps 30 --size 1280x720 2>/dev/null | tail -n 1)"
  end="$(date +%s%N)"
  rm -rf "$dir"
  awk -v line="$summary" -v ns="$((end - start))" 'BEGIN {
    if (match(line, /recorded [0-9]+ frames at [0-9]+ fps \([0-9.]+ s\)/) == 0) { print "null"; exit }
    split(substr(line, RSTART, RLENGTH), w, /[ (]+/)
    wall = ns / 1e9
    printf "{\"frames\": %d, \"fps\": %d, \"lesson_s\": %.3f, \"wall_s\": %.1f, \"seconds_per_lesson_second\": %.3f}",
           w[2], w[5], w[7], wall, wall / w[7]
  }'
}

run() {
  local widget_idle baseline_idle start_ms recording
  widget_idle="$(idle_cpu "$app" --size 1024x760)"
  baseline_idle="null"
  # The stock example saves its window layout to imgui.ini in the working folder: not ours.
  if [ -n "$baseline" ]; then baseline_idle="$(cd "$(dirname "$baseline")" && idle_cpu "$baseline")"; fi
  start_ms="$(first_frame_ms)"
  recording="$(record)"
  printf '{"idle_cpu_percent": %s, "baseline_idle_cpu_percent": %s, "first_frame_ms": %s, "record": %s}\n' \
    "$widget_idle" "$baseline_idle" "$start_ms" "$recording"
}

if [ -z "${BENCH_IN_XVFB:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" env BENCH_IN_XVFB=1 "$0" "$@"
fi
run
