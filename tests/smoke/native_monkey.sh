#!/usr/bin/env bash
# Native monkey test: the seeded stream of random input the browser monkey test replays
# (tests/browser/monkey_stream.mjs: mouse, touch, wheel, keys, typed text, resizes, scene
# switches), played into the app under Xvfb as SDL events (--replay-events). Afterwards the app
# must exit 0 with no sanitizer report, its own checks (finite draw lists, the state's link
# round-trips) must pass, no scene's accessible mirror may read "nan" or "inf", and the widget
# must still answer a scripted state: values 3 and 5, weight 0.5 give output 4.
# usage: native_monkey.sh APP OUT_DIR
#   MONKEY_SEED replays a run (the seed is printed), MONKEY_EVENTS sets the count (default 10000).
set -euo pipefail
app="$1"
out="$2"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
command -v xvfb-run >/dev/null || { echo "FAIL: xvfb-run not found (Debian package xvfb)"; exit 1; }

node "$here/../browser/monkey_stream.mjs" --out "$out/stream.txt" 2>"$out/stream.log"
cat "$out/stream.log"
seed="$(sed -n 's/^monkey seed: \([0-9]*\).*/\1/p' "$out/stream.log")"
fail() {
  echo "FAIL: $1"
  echo "  replay it: MONKEY_SEED=$seed MONKEY_EVENTS=${MONKEY_EVENTS:-10000} $0 $app $out"
  exit 1
}

started=$(date +%s)
status=0
# The screen is larger than the largest size the stream asks for (1600x1000).
timeout 1200 xvfb-run -a -s "-screen 0 1700x1100x24 -nolisten tcp" \
  "$app" --replay-events "$out/stream.txt" >"$out/replay.log" 2>&1 || status=$?
seconds=$(( $(date +%s) - started ))
grep -E '^replay: ' "$out/replay.log" || true

if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$out/replay.log"; then
  grep -E -A20 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$out/replay.log" | head -40
  fail "a sanitizer reported an error"
fi
if [ $status -ne 0 ]; then
  tail -40 "$out/replay.log"
  fail "app exited with $status after ${seconds}s"
fi
grep -qE '^replay: [0-9]+ stream events' "$out/replay.log" || fail "the replay printed no summary"
if grep -q '^replay: FAIL' "$out/replay.log"; then fail "the app's own checks failed (above)"; fi
mirrors="$(grep -E '^(describe|table|check) ' "$out/replay.log" || true)"
[ "$(grep -c '^describe ' <<<"$mirrors")" -eq 6 ] || fail "expected a description of all six scenes"
if bad="$(grep -inwE 'nan|inf|infinity' <<<"$mirrors")"; then
  echo "$bad"
  fail "a mirror reads nan or inf"
fi
grep -q '^check .*Output 4 = 1\.5 + 2\.5\.' <<<"$mirrors" || {
  grep '^check ' <<<"$mirrors"
  fail "the scripted state did not give output 4 = 1.5 + 2.5"
}
echo "native monkey: seed $seed passed in ${seconds}s"
