#!/usr/bin/env bash
# Native soak: the app (attention_replay: the same objects as attention_lesson, fed by the monkey
# test's input seam, tests/replay/) plays a seeded stream of input (tests/browser/monkey_stream.mjs:
# mouse, touch, wheel, keys, typed text, resizes and switches through every scene, the
# walkthrough's player among them) again and again under Xvfb for N minutes, while its resident
# memory (VmRSS in /proc/PID/status) is sampled every 10 s (every 30 s from 5 minutes up).
#  1. One pass (PASS_EVENTS events) is played alone first: it must pass the replay's own checks,
#     and its time is when the baseline is taken.
#  2. The same pass is played again and again in one process for N minutes (attention_replay
#     --for): the replay's checks run at its end. The first sample after the first pass's time is
#     the baseline.
# Budget: no sample after the baseline is more than 10 % above it; the replay exits 0.
# Prints the samples and writes OUT_DIR/native_soak.json; exit 1 on a broken budget, with why.
# usage: native_soak.sh REPLAY OUT_DIR [--minutes=N]   (default 1: the suite's short form;
#   scripts/soak runs 30). SOAK_SEED=N replays a run (the seed is printed).
set -euo pipefail
replay="$1"
out="$2"
minutes=1
for arg in "${@:3}"; do
  case "$arg" in
    --minutes=*) minutes="${arg#--minutes=}" ;;
    *) echo "usage: native_soak.sh REPLAY OUT_DIR [--minutes=N]"; exit 2 ;;
  esac
done
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
command -v xvfb-run >/dev/null || { echo "FAIL: xvfb-run not found (Debian package xvfb)"; exit 1; }

# [SECTION] Settings

PASS_EVENTS=3000
GROWTH_PERCENT=10
interval=10
if [ "$minutes" -ge 5 ]; then interval=30; fi
seed="${SOAK_SEED:-$(( (RANDOM << 15 | RANDOM) ))}"
# The screen is larger than the largest size the stream asks for (1600x1000).
XVFB=(xvfb-run -a -s "-screen 0 1700x1100x24 -nolisten tcp")

# [SECTION] One pass, timed

node "$here/../browser/monkey_stream.mjs" --scenes "$("$replay" --scenes)" --seed "$seed" --events "$PASS_EVENTS" \
  --out "$out/pass.txt" 2>"$out/stream.log"
cat "$out/stream.log"
started_ms=$(date +%s%3N)
if ! timeout 600 "${XVFB[@]}" "$replay" "$out/pass.txt" >"$out/pass.log" 2>&1; then
  tail -20 "$out/pass.log"
  echo "FAIL: one pass of the stream did not pass the replay's checks (log: $out/pass.log)"
  echo "  replay it: SOAK_SEED=$seed $0 $replay $out --minutes=$minutes"
  exit 1
fi
pass_ms=$(( $(date +%s%3N) - started_ms ))
echo "native soak: one pass of $PASS_EVENTS events took $(( pass_ms / 1000 )).$(( pass_ms % 1000 / 100 )) s; it is played again for $minutes min"

# [SECTION] The long run, sampled

rm -f "$out/pid"
# The shell inside xvfb-run writes its PID, which exec hands to the replay.
timeout $(( minutes * 60 * 2 + 600 )) "${XVFB[@]}" sh -c 'echo $$ >"$1"; exec "$2" --for "$3" "$4"' soak \
  "$out/pid" "$replay" $(( minutes * 60 )) "$out/pass.txt" >"$out/replay.log" 2>&1 &
runner=$!
for (( i = 0; i < 300; ++i )); do [ -s "$out/pid" ] && break; sleep 0.1; done
pid="$(cat "$out/pid" 2>/dev/null || true)"
[ -n "$pid" ] || { echo "FAIL: the replay did not start (log: $out/replay.log)"; exit 1; }

began=$(date +%s%3N)
printf '%8s %10s\n' seconds rss_kB | tee "$out/samples.txt"
rss() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status" 2>/dev/null || true; }
# Samples every `interval` seconds while the replay runs, the first soon after it starts.
next=2
while kill -0 "$pid" 2>/dev/null; do
  now=$(( $(date +%s%3N) - began ))
  if [ "$now" -ge $(( next * 1000 )) ]; then
    value="$(rss)"
    [ -n "$value" ] && printf '%8d %10d\n' $(( now / 1000 )) "$value" | tee -a "$out/samples.txt"
    next=$(( next + interval ))
  fi
  sleep 0.5
done
status=0
wait "$runner" || status=$?
total_ms=$(( $(date +%s%3N) - began ))
grep -E '^replay: ' "$out/replay.log" | head -5 || true
passes="$(sed -n 's/^replay: \([0-9]*\) pass.*/\1/p' "$out/replay.log" | head -1)"
passes="${passes:-0}"

# [SECTION] Budgets

# The baseline: the first sample at or after the first pass's time.
verdict="$(awk -v pass_s=$(( pass_ms / 1000 )) -v growth="$GROWTH_PERCENT" '
  NR > 1 { t[++n] = $1; r[n] = $2 }
  END {
    for (i = 1; i <= n; ++i) if (t[i] >= pass_s) { base = i; break }
    if (!base || base == n) { print "no sample after the first pass"; exit }
    worst = base
    for (i = base + 1; i <= n; ++i) if (r[i] > r[worst]) worst = i
    printf "baseline %d kB at %d s, last %d kB at %d s, most %d kB at %d s (%+.1f %%)", r[base], t[base], r[n], t[n], r[worst], t[worst], 100 * (r[worst] - r[base]) / r[base]
    if (r[worst] > r[base] * (1 + growth / 100)) printf "; FAIL: more than %d %% above the baseline", growth
  }' "$out/samples.txt")"
echo "native soak: $passes passes in $(( total_ms / 1000 )) s; RSS $verdict"
{
  echo "{\"minutes\": $minutes, \"seed\": $seed, \"passEvents\": $PASS_EVENTS, \"passMs\": $pass_ms, \"passes\": $passes,"
  echo " \"sampleSeconds\": $interval, \"growthPercent\": $GROWTH_PERCENT, \"replayExit\": $status,"
  echo " \"verdict\": \"$verdict\", \"samples\": ["
  awk 'NR > 1 { printf "%s  {\"seconds\": %d, \"rssKB\": %d}", (NR > 2 ? ",\n" : ""), $1, $2 } END { print "" }' "$out/samples.txt"
  echo "]}"
} >"$out/native_soak.json"
failed=0
if [ "$status" -ne 0 ]; then
  grep -E 'replay: FAIL' "$out/replay.log" | head -10 || tail -20 "$out/replay.log"
  echo "FAIL: the replay exited with $status (log: $out/replay.log)"
  failed=1
fi
case "$verdict" in
  *FAIL*|no\ sample*) echo "FAIL: RSS: $verdict"; failed=1 ;;
esac
if [ $failed -ne 0 ]; then
  echo "  replay it: SOAK_SEED=$seed $0 $replay $out --minutes=$minutes"
  exit 1
fi
echo "native soak: passed"
