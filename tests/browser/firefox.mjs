// The lesson page and the walkthrough's playback in Firefox ESR, driven over WebDriver BiDi by
// puppeteer-core, on an X server of its own (headless Firefox offers no WebGL 2 here; under Xvfb it
// draws with Mesa's llvmpipe):
//  - the lesson page scrolled top to bottom, at 1280 x 800 and 390 x 844, starts every widget as it
//    comes near, never holds more than MAX_LIVE_CONTEXTS live WebGL contexts (counted whenever one
//    is made or lost, as browser_lesson_start counts them in Chromium), with no console error;
//  - the walkthrough's Play (the K key) advances the lesson's time, and Pause stops the time and
//    the drawing.
// Without WebGL 2 every check is skipped with the reason, and the exit code is 77, which CTest
// reports as a skip (SKIP_RETURN_CODE), never as a pass.
// usage: node firefox.mjs SITE_DIR OUT_DIR
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { COUNT_LIVE_CONTEXTS, serve, passes } from './browser.mjs';
import { startXvfb, stopProcess } from './webdriver.mjs';
const require = createRequire(import.meta.url);
const puppeteer = require('puppeteer-core');

const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
// docs/embedding.md states this bound (web/js/schedule.js keeps it).
const MAX_LIVE_CONTEXTS = 3;
const SKIP = 77;

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node firefox.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });
if (!existsSync(FIREFOX)) {
  console.log(`not ok - Firefox: ${FIREFOX} is not installed (scripts/bootstrap installs firefox-esr)`);
  process.exit(1);
}

// [SECTION] Set-up

const started = Date.now();
const { server, origin } = await serve(dir);
const { xvfb, display } = await startXvfb();
const browser = await puppeteer.launch({
  browser: 'firefox', executablePath: FIREFOX, headless: false, env: { ...process.env, DISPLAY: display },
  // Mesa's llvmpipe is on Firefox's block list for WebGL; no update checks or first-run pages.
  extraPrefsFirefox: { 'webgl.force-enabled': true, 'app.update.enabled': false, 'browser.shell.checkDefaultBrowser': false },
});
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// A page at `url` with `init` run before its own scripts; `problems` collects page errors,
// console errors and HTTP errors.
async function open(url, width, height, ...init) {
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`); });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (res) => { if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`); });
  await page.setViewport({ width, height });
  for (const script of init) await page.evaluateOnNewDocument(script);
  await page.goto(url);
  return { page, problems };
}
const wait = (ms) => new Promise((done) => setTimeout(done, ms));

// Runs before the page, after COUNT_LIVE_CONTEXTS (browser.mjs), which keeps the most WebGL
// contexts live at once: records the widgets' ready events.
const INSTRUMENT = () => {
  window.__start = { ready: [] };
  document.addEventListener('attention-widget-ready', (e) => window.__start.ready.push(e.target.dataset.scene), true);
};

// [SECTION] WebGL 2

{
  const { page } = await open('about:blank', 800, 600);
  const gl = await page.evaluate(() => {
    const context = document.createElement('canvas').getContext('webgl2');
    return context ? `${context.getParameter(context.VERSION)}, ${context.getParameter(context.RENDERER)}` : null;
  });
  console.log(`# ${await browser.version()}, WebGL 2: ${gl || 'none'}`);
  await page.close();
  if (!gl) {
    for (const name of ['the lesson page', 'Play and Pause']) {
      console.log(`skip - ${name}: this Firefox offers no WebGL 2 context under Xvfb, and the widget needs one`);
    }
    await browser.close();
    await stopProcess(xvfb);
    server.close();
    process.exit(SKIP);
  }
}

// [SECTION] The lesson page

for (const [width, height] of [[1280, 800], [390, 844]]) {
  await check(`the lesson page scrolled top to bottom at ${width} x ${height} starts every widget as it comes near, ` +
              `at most ${MAX_LIVE_CONTEXTS} contexts live, no console error`, async () => {
    const { page, problems } = await open(`${origin}/index.html`, width, height, COUNT_LIVE_CONTEXTS, INSTRUMENT);
    await page.waitForFunction(() => document.readyState === 'complete');
    const slots = await page.evaluate(() => Array.from(document.querySelectorAll('div[data-attention-widget]')).map((s) => s.dataset.scene));
    let stops = 0;
    for (;; ++stops) {
      // A reader's pace: a quarter screen at a time, until the widgets near the screen have started.
      const atEnd = await page.evaluate(() => {
        const end = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        window.scrollBy(0, window.innerHeight / 4);
        return end;
      });
      await page.waitForFunction(() => Array.from(document.querySelectorAll('div[data-attention-widget]'))
        .filter((slot) => slot.getBoundingClientRect().top < window.innerHeight && slot.getBoundingClientRect().bottom > 0)
        .every((slot) => window.__start.ready.includes(slot.dataset.scene)), { timeout: 30000 })
        .catch(async () => { throw new Error(`at scrollY ${await page.evaluate(() => window.scrollY)} not every widget on ` +
                                             `screen started: ${(await page.evaluate(() => window.__start.ready)).join(', ')}`); });
      if (atEnd) break;
      if (stops > 400) throw new Error('the page did not reach its end');
    }
    const { ready, peak } = await page.evaluate(() => ({ ready: window.__start.ready, peak: window.__liveContexts.peak }));
    const never = slots.filter((scene) => !ready.includes(scene));
    if (never.length) throw new Error(`never started: ${never.join(', ')}`);
    if (peak > MAX_LIVE_CONTEXTS) throw new Error(`${peak} live contexts at once (at most ${MAX_LIVE_CONTEXTS})`);
    writeFileSync(join(out, `lesson-end-${width}.png`), await page.screenshot());
    if (problems.length) throw new Error(problems.join('\n  '));
    console.log(`  ${slots.length} widgets started over ${stops} stops; peak live contexts ${peak}`);
    await page.close();
  });
}

// [SECTION] Playback

// No voice: the lesson plays on its captions' timing (speech is browser_playback's, in Chromium).
const NO_VOICE = () => {
  const synth = { getVoices: () => [], addEventListener() {}, speak() { throw new Error('no voice'); }, cancel() {} };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  window.__playback = [];
  document.addEventListener('attention-widget-playback', (event) => window.__playback.push(event.detail), true);
};

await check('the walkthrough: Play (K) advances the lesson\'s time, Pause (K) stops it and its drawing', async () => {
  const { page, problems } = await open(`${origin}/widget.html?scene=walkthrough&narration=device`, 1000, 800, NO_VOICE);
  await page.waitForFunction(() => Number(document.querySelector('canvas[data-frames]')?.dataset.frames) >= 1, { timeout: 60000 });
  await page.evaluate(() => document.querySelector('canvas').focus());
  await page.keyboard.press('k');
  const playing = await page.waitForFunction(() => window.__playback.find((p) => p.playing && p.time > 1), { timeout: 20000 })
    .then((handle) => handle.jsonValue())
    .catch(() => { throw new Error('the lesson\'s time did not pass 1 s after K'); });
  await page.keyboard.press('k');
  const paused = await page.waitForFunction(() => { const p = window.__playback[window.__playback.length - 1]; return p && !p.playing && p; },
                                            { timeout: 10000 })
    .then((handle) => handle.jsonValue())
    .catch(() => { throw new Error('no pause after the second K'); });
  const frames = () => page.evaluate(() => Number(document.querySelector('canvas').dataset.frames));
  // The frames that show the pause itself (the widget draws a few after an input) are done: the
  // frame count the same over half a second (a loaded machine draws late).
  for (let last = null, tries = 0; ; ++tries) {
    const now = await frames();
    if (now === last) break;
    if (tries >= 20) throw new Error('the widget did not stop drawing within 10 s of the pause');
    last = now;
    await wait(500);
  }
  const before = await frames();
  await wait(2000);
  const after = await frames();
  const last = await page.evaluate(() => window.__playback[window.__playback.length - 1]);
  if (last.playing || last.time !== paused.time) throw new Error(`after the pause: time ${paused.time} -> ${last.time}, playing ${last.playing}`);
  if (after !== before) throw new Error(`${after - before} frames drawn in 2 s while paused`);
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  played to ${playing.time.toFixed(2)} s, paused at ${paused.time.toFixed(2)} s, 0 frames while paused`);
  await page.close();
});

await browser.close();
await stopProcess(xvfb);
server.close();
console.log(`# Firefox checks took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(failures ? `${failures} Firefox check(s) failed` : 'all Firefox checks passed');
process.exit(failures ? 1 : 0);
