#!/usr/bin/env bash
# The English film that scripts/render-video wrote (video_render.sh, at 960x540) plays in Firefox
# ESR (under Xvfb) with its captions (the WebVTT beside it, as the video page uses them) off at
# the start and shown once turned on. native_video_film checks the MP4's streams and frames.
# usage: video_firefox.sh OUT_DIR
set -euo pipefail
out="$1"
for tool in firefox-esr xvfb-run; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool not installed (scripts/bootstrap installs it)"; exit 1; }
done
[ -f "$out/attention-lesson.mp4" ] || { echo "FAIL: no $out/attention-lesson.mp4 (video_render.sh writes it)"; exit 1; }
rm -rf "$out/profile" && mkdir -p "$out/profile"

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
  // mozHasAudio: Firefox found an audio track it decodes (the narration), muted or not.
  console.log('video check: plays, ' + video.videoWidth + 'x' + video.videoHeight + ', ' + video.duration.toFixed(1) +
              ' s, audio ' + video.mozHasAudio);
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
grep -q "video check: plays, 960x540" "$out/firefox.log" || { echo "FAIL: Firefox did not play the video"; tail -20 "$out/firefox.log"; exit 1; }
grep -q "video check: plays, .* audio true" "$out/firefox.log" || { echo "FAIL: Firefox found no audio in the video"; exit 1; }
grep -q "video check: captions shown: When someone asks" "$out/firefox.log" ||
  { echo "FAIL: the captions did not show once turned on"; tail -20 "$out/firefox.log"; exit 1; }
echo "ok: the video plays in Firefox with its narration, captions off until turned on"
