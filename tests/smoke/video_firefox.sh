#!/usr/bin/env bash
# scripts/render-video at a small size and frame rate: the MP4 holds H.264 video as long as the
# lesson and an English mov_text subtitle track that is off until asked for, and it plays in
# Firefox ESR (under Xvfb) with its captions (the WebVTT beside it, as the video page uses them)
# off at the start and shown once turned on.
# usage: video_firefox.sh APP OUT_DIR
set -euo pipefail
app="$(realpath "$1")"
out="$2"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
for tool in ffprobe firefox-esr xvfb-run; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool not installed (scripts/bootstrap installs it)"; exit 1; }
done
rm -rf "$out" && mkdir -p "$out/profile"
"$root/scripts/render-video" "$out" --fps 5 --size 480x270 --app "$app" >"$out/render.log" 2>&1 ||
  { echo "FAIL: render-video"; cat "$out/render.log"; exit 1; }
recorded=$(sed -n 's/.*fps (\([0-9.]*\) s).*/\1/p' "$out/render.log")
[ -n "$recorded" ] || { echo "FAIL: no recording summary"; cat "$out/render.log"; exit 1; }
streams=$(ffprobe -v error -show_entries stream=codec_name,codec_type:stream_disposition=default:stream_tags=language \
  -of compact=nokey=0 "$out/attention-lesson.mp4")
echo "$streams"
grep -q "codec_name=h264|codec_type=video" <<<"$streams" || { echo "FAIL: no H.264 video stream"; exit 1; }
grep -q "codec_name=mov_text|codec_type=subtitle|disposition:default=0|tag:language=eng" <<<"$streams" ||
  { echo "FAIL: no English subtitle track that is off by default"; exit 1; }
duration=$(ffprobe -v error -show_entries format=duration -of default=nokey=1:noprint_wrappers=1 "$out/attention-lesson.mp4")
awk -v a="$duration" -v b="$recorded" 'BEGIN { d = a - b; exit !(d < 1 && d > -1) }' ||
  { echo "FAIL: the video lasts $duration s, the lesson $recorded s"; exit 1; }

# The captions inline, as the video page has them (a page opened from a folder may not load a
# file beside it as a track).
vtt="data:text/vtt;base64,$(base64 -w0 "$out/attention-lesson.en.vtt")"
cat >"$out/play.html" <<HTML
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>video check</title></head>
<body>
<video id="v" muted playsinline src="attention-lesson.mp4" width="480" height="270">
  <track kind="captions" srclang="en" label="English" src="$vtt">
</video>
<script>
const video = document.getElementById('v');
const track = video.textTracks[0];
console.log('video check: captions at the start ' + track.mode);
video.addEventListener('error', () => console.log('video check: error ' + (video.error && video.error.code)));
video.addEventListener('timeupdate', function played() {
  if (video.currentTime < 1) return;
  video.removeEventListener('timeupdate', played);
  console.log('video check: plays, ' + video.videoWidth + 'x' + video.videoHeight + ', ' + video.duration.toFixed(1) + ' s');
  track.mode = 'showing';
  const shown = () => {
    const cue = track.activeCues && track.activeCues[0];
    if (cue) console.log('video check: captions shown: ' + cue.text); else setTimeout(shown, 200);
  };
  shown();
});
video.play().catch((error) => console.log('video check: play refused ' + error));
</script>
</body></html>
HTML
cat >"$out/profile/user.js" <<'PREFS'
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.enabled", false);
user_pref("browser.aboutwelcome.enabled", false);
user_pref("media.autoplay.default", 0);
user_pref("devtools.console.stdout.content", true);
PREFS
cat >"$out/run.sh" <<RUN
firefox-esr --no-remote --profile "$out/profile" --width 800 --height 600 "file://$(realpath "$out")/play.html" >"$out/firefox.log" 2>&1 &
pid=\$!
for i in \$(seq 60); do grep -qs "video check: captions shown\|video check: error\|play refused" "$out/firefox.log" && break; sleep 1; done
sleep 1
import -window root "$out/firefox.png"
kill \$pid 2>/dev/null || true
wait \$pid 2>/dev/null || true
RUN
timeout 120 xvfb-run -a -s "-screen 0 800x600x24 -nolisten tcp" bash "$out/run.sh"
grep "video check" "$out/firefox.log" || true
grep -q "video check: captions at the start disabled" "$out/firefox.log" ||
  { echo "FAIL: the captions were not off at the start"; tail -20 "$out/firefox.log"; exit 1; }
grep -q "video check: plays, 480x270" "$out/firefox.log" || { echo "FAIL: Firefox did not play the video"; tail -20 "$out/firefox.log"; exit 1; }
grep -q "video check: captions shown: When someone asks" "$out/firefox.log" ||
  { echo "FAIL: the captions did not show once turned on"; tail -20 "$out/firefox.log"; exit 1; }
echo "ok: the video plays in Firefox, captions off until turned on"
