#!/usr/bin/env bash
# The one-file lesson opened from file:// in Firefox ESR, under Xvfb with a fresh profile (headless
# Firefox shoots before the wasm has drawn). The screen must show more than a blank page: the
# widget is scrolled into view by the #fragment, so its drawing is on screen.
# usage: firefox_offline.sh OFFLINE_HTML OUT_DIR
set -euo pipefail
file="$(realpath "$1")"
out="$2"
here="$(cd "$(dirname "$0")" && pwd)"
command -v firefox-esr >/dev/null || { echo "FAIL: firefox-esr not installed (scripts/bootstrap installs it)"; exit 1; }
rm -rf "$out" && mkdir -p "$out/profile"
cat >"$out/profile/user.js" <<'PREFS'
user_pref("webgl.force-enabled", true);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.enabled", false);
user_pref("network.proxy.type", 0);
user_pref("browser.aboutwelcome.enabled", false);
user_pref("devtools.console.stdout.content", true);
PREFS
cat >"$out/run.sh" <<RUN
firefox-esr --no-remote --profile "$out/profile" --width 1000 --height 760 "file://$file#worked-example" >"$out/firefox.log" 2>&1 &
pid=\$!
# Until a widget reports ready (at most 60 s, for a busy machine), then a moment for it to draw.
for i in \$(seq 60); do grep -qs "Attention widget ready" "$out/firefox.log" && break; sleep 1; done
sleep 3
import -window root "$out/firefox.png"
kill \$pid 2>/dev/null || true
wait \$pid 2>/dev/null || true
RUN
timeout 120 xvfb-run -a -s "-screen 0 1000x760x24 -nolisten tcp" bash "$out/run.sh"
[ -s "$out/firefox.png" ] || { echo "FAIL: no screenshot"; cat "$out/firefox.log"; exit 1; }
node "$here/../smoke/check_image.mjs" "$out/firefox.png"
# The page's console reaches stdout (devtools.console.stdout.content): every widget reports ready.
ready=$(grep -c "Attention widget ready" "$out/firefox.log" || true)
echo "widgets ready in Firefox: $ready"
[ "$ready" -ge 1 ] || { echo "FAIL: no widget reported ready"; tail -20 "$out/firefox.log"; exit 1; }
