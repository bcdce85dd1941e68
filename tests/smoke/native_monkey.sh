#!/usr/bin/env bash
# Native monkey test: the seeded stream of random input the browser monkey test replays
# (tests/browser/monkey_stream.mjs: mouse, touch, wheel, keys, typed text, resizes, scene
# switches), played into the app under Xvfb by attention_replay (tests/replay/), which makes every
# check itself (finite draw lists, the state's link round-trips, no mirror reads "nan" or "inf",
# a scripted state still gives its output) and exits 0 only when all pass. Here it is only run.
# usage: native_monkey.sh REPLAY OUT_DIR
#   MONKEY_SEED replays a run (the seed is printed), MONKEY_EVENTS sets the count (default 10000).
set -euo pipefail
replay="$1"
out="$2"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
command -v xvfb-run >/dev/null || { echo "FAIL: xvfb-run not found (Debian package xvfb)"; exit 1; }

# The scenes to switch between are the app's own (its registry's), as attention_replay lists them.
node "$here/../browser/monkey_stream.mjs" --scenes "$("$replay" --scenes)" --out "$out/stream.txt" 2>"$out/stream.log"
cat "$out/stream.log"
seed="$(sed -n 's/^monkey seed: \([0-9]*\).*/\1/p' "$out/stream.log")"

started=$(date +%s)
status=0
# The screen is larger than the largest size the stream asks for (1600x1000).
timeout 1200 xvfb-run -a -s "-screen 0 1700x1100x24 -nolisten tcp" \
  "$replay" "$out/stream.txt" >"$out/replay.log" 2>&1 || status=$?
seconds=$(( $(date +%s) - started ))
grep -E '^replay: ' "$out/replay.log" || true
if [ $status -ne 0 ]; then
  # A sanitizer's report, else the end of the log (the replay's own FAIL lines are above).
  grep -E -A20 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$out/replay.log" | head -40 ||
    tail -40 "$out/replay.log"
  echo "FAIL: attention_replay exited with $status after ${seconds}s (full log: $out/replay.log)"
  echo "  replay it: MONKEY_SEED=$seed MONKEY_EVENTS=${MONKEY_EVENTS:-10000} $0 $replay $out"
  exit 1
fi
echo "native monkey: seed $seed passed in ${seconds}s"
