// The widget in WebKit, the engine of every browser on iPhones and iPads: WebKitGTK's MiniBrowser
// driven through WebKitWebDriver (tests/browser/webdriver.mjs) on an X server of its own.
//  - every scene of widget.html starts and draws;
//  - on Compare a drag of the query's tip and an arrow key on it change the widget's state;
//  - Compare's screenshots at 1280 px and, in a 390 px frame, at a phone's width;
//  - the lesson page scrolled top to bottom starts each widget as it comes near, with at most
//    MAX_LIVE_CONTEXTS WebGL contexts live at each stop;
//  - the walkthrough's Play (the K key) advances the lesson's time and Pause stops it;
//  - the custom element, a div embed and an iframe start and report events; a scene set later
//    reaches the running widget;
//  - the one-file lesson opened from file:// starts its widget.
// Errors and console.error are caught by a hook set once each page has loaded (classic WebDriver
// runs no script before a page's own): what fails before the load event shows as a widget that
// never starts. Without WebGL 2 every check is skipped with the reason, and the exit code is 77,
// which CTest reports as a skip (SKIP_RETURN_CODE), never as a pass. Touch is printed as a skip:
// WebKitGTK takes WebDriver's touch pointer as a mouse.
// usage: node webkit.mjs SITE_DIR OUT_DIR
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, serve, passes, sceneNames } from './browser.mjs';
import { KEYS, startWebKit, webkitMissing } from './webdriver.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node webkit.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });
// docs/embedding.md states this bound (web/js/schedule.js keeps it).
const MAX_LIVE_CONTEXTS = 3;
const SKIP = 77;

const missing = webkitMissing();
if (missing) {
  console.log(`not ok - WebKit: ${missing}`);
  process.exit(1);
}

// [SECTION] Set-up

mkdirSync(join(dir, 'tests'), { recursive: true });
copyFileSync(join(here, 'fixtures', 'element.html'), join(dir, 'tests', 'element.html'));
// Compare at a phone's width: MiniBrowser's window is never narrower than its toolbar (447 px),
// so the widget's page is framed at 390 px, a viewport of the phone's width for it.
writeFileSync(join(dir, 'tests', 'webkit-phone.html'),
              '<!doctype html><meta charset="utf-8"><title>Compare at 390 px</title><style>body{margin:0}</style>' +
              '<iframe id="phone" src="../widget.html?scene=compare#scene=compare&amp;compare.predict=-_0s" ' +
              'style="width:390px;height:1000px;border:0" title="Attention widget at 390 px"></iframe>');

// The scene names from the widget's own registry (read through Chromium, which the suite runs
// anyway): the one list of them.
const { server, origin } = await serve(dir);
const chromium = await launch();
const scenes = await sceneNames(chromium, origin);
await chromium.close();

const started = Date.now();
const webkit = await startWebKit();
const page = await webkit.newSession();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// Set after each load: page errors, rejected promises and console.error from then on.
const WATCH = () => {
  if (window.__problems) return;
  window.__problems = [];
  const error = console.error;
  console.error = (...args) => { window.__problems.push(`console.error: ${args.join(' ')}`); error.apply(console, args); };
  window.addEventListener('error', (event) => window.__problems.push(`page error: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) => window.__problems.push(`unhandled rejection: ${event.reason}`));
};
async function open(url, width = 1280, height = 900) {
  await page.setWindowSize(width, height);
  await page.goto(url);
  await page.evaluate(WATCH);
}
async function noProblems() {
  const problems = await page.evaluate(() => window.__problems || []);
  if (problems.length) throw new Error(problems.join('\n  '));
}
const frames = (selector = 'canvas') => page.evaluate((sel) => Number(document.querySelector(sel)?.dataset.frames || 0), selector);
const firstFrame = (what, selector = 'canvas[data-frames]') =>
  page.waitFor((sel) => Number(document.querySelector(sel)?.dataset.frames) >= 1, selector, { timeout: 60000, what });

// Until the widget stops drawing: its frame count (data-frames) the same over half a second, so
// that its parallel DOM's places are those of its settled layout (a loaded machine draws late).
async function settled(what, selector = 'canvas[data-frames]') {
  let last = null;
  await page.waitFor((sel) => Number(document.querySelector(sel)?.dataset.frames), selector, { what });
  for (let tries = 0; tries < 20; ++tries) {
    const frames = await page.evaluate((sel) => Number(document.querySelector(sel)?.dataset.frames), selector);
    if (frames === last) return;
    last = frames;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what}: the widget did not stop drawing within 10 s`);
}

// [SECTION] WebGL 2

await open(`${origin}/widget.html?scene=compare`);
const gl = await page.evaluate(() => {
  const context = document.createElement('canvas').getContext('webgl2');
  return context ? { version: context.getParameter(context.VERSION), renderer: context.getParameter(context.RENDERER) } : null;
});
console.log(`# WebKitGTK ${page.capabilities.browserVersion} (${page.capabilities.browserName}), ` +
            `WebGL 2: ${gl ? `${gl.version}, ${gl.renderer}` : 'none'}`);
if (!gl) {
  for (const name of ['every scene', 'Compare by pointer and keys', 'the lesson page', 'Play and Pause', 'the custom element',
                      'the one-file lesson']) {
    console.log(`skip - ${name}: this WebKitGTK offers no WebGL 2 context under Xvfb, and the widget needs one`);
  }
  await page.close();
  await webkit.stop();
  server.close();
  process.exit(SKIP);
}

// [SECTION] Scenes

await check(`every scene of widget.html starts and draws (${scenes.join(', ')})`, async () => {
  for (const scene of scenes) {
    await open(`${origin}/widget.html?scene=${scene}`);
    await firstFrame(`the ${scene} scene's first frame`);
    const hash = await page.evaluate(() => location.hash);
    if (!hash.startsWith(`#scene=${scene}`)) throw new Error(`?scene=${scene} shows "${hash}"`);
    await noProblems();
  }
});

await check('Compare: dragging the query\'s tip and ArrowRight on it move the query in the widget\'s state', async () => {
  await open(`${origin}/widget.html?scene=compare#scene=compare&compare.predict=-_0s`);
  await firstFrame('Compare\'s first frame');
  await settled('Compare\'s start');
  // The query's button in the widget's parallel DOM lies over its tip on the plane.
  const tip = await page.waitFor(() => {
    const box = document.querySelector('.attn-stage [aria-label="query"]')?.getBoundingClientRect();
    return box && box.width > 0 && { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  }, null, { what: 'the query\'s button' });
  const query = () => page.evaluate(() => /compare\.query=([^&]*)/.exec(location.hash)?.[1] ?? null);
  const before = await query();
  await page.pointer([{ type: 'pointerMove', x: tip.x, y: tip.y }, { type: 'pointerDown', button: 0 },
                      { type: 'pointerMove', x: tip.x - 40, y: tip.y - 60, duration: 300 }, { type: 'pointerUp', button: 0 }]);
  const dragged = await page.waitFor((was) => {
    const now = /compare\.query=([^&]*)/.exec(location.hash)?.[1];
    return now && now !== was && now;
  }, before, { timeout: 10000, what: `the drag to change the query (it was ${before})` });
  await page.evaluate(() => document.querySelector('.attn-stage [aria-label="query"]').focus());
  await page.press(KEYS.ArrowRight);
  const keyed = await page.waitFor((was) => {
    const now = /compare\.query=([^&]*)/.exec(location.hash)?.[1];
    return now && now !== was && now;
  }, dragged, { timeout: 10000, what: `ArrowRight to change the query (it was ${dragged})` });
  const [x0] = dragged.split(',').map(Number);
  const [x1] = keyed.split(',').map(Number);
  if (!(x1 > x0)) throw new Error(`ArrowRight moved the query from ${dragged} to ${keyed}, not to the right`);
  console.log(`  query ${before ?? '(default)'} -> ${dragged} (drag) -> ${keyed} (ArrowRight)`);
  writeFileSync(join(out, 'compare-1280.png'), await page.screenshot());
  await noProblems();
});

// A touch on the plane, as WebDriver's touch pointer sends it: WebKitGTK delivers it as a mouse
// (no touch events, pointerType "mouse"), so touch is not tested here (browser_touch tests it in
// Chromium). Printed as a skip with what was seen; the skip is of an engine's lack, always the same
// here, so it leaves the exit code alone (a test that could never pass would hide real failures).
{
  await page.evaluate(() => {
    window.__touch = [];
    for (const type of ['touchstart', 'pointerdown']) {
      window.addEventListener(type, (event) => window.__touch.push(`${type}/${event.pointerType || 'touch'}`), true);
    }
  });
  const tip = await page.evaluate(() => {
    const box = document.querySelector('.attn-stage [aria-label="query"]').getBoundingClientRect();
    return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  });
  await page.pointer([{ type: 'pointerMove', x: tip.x, y: tip.y }, { type: 'pointerDown', button: 0 },
                      { type: 'pointerUp', button: 0 }], 'touch');
  const seen = await page.waitFor(() => window.__touch.length && window.__touch, null, { timeout: 5000, what: 'the touch\'s events' })
    .catch(() => []);
  if (seen.some((text) => /^touchstart|\/touch$/.test(text))) {
    console.log(`# a touch arrived as one (${seen.join(', ')}): this WebKitGTK could run browser_touch's checks`);
  } else {
    console.log(`skip - touch: WebKitWebDriver's touch pointer arrives as ${seen.join(', ') || 'nothing'} in WebKitGTK ` +
                '(no touch emulation); touch is browser_touch\'s, in Chromium');
  }
}

await check('Compare at a phone\'s width (a 390 px frame) starts and draws', async () => {
  await open(`${origin}/tests/webkit-phone.html`);
  await page.waitFor(() => Number(document.getElementById('phone').contentDocument?.querySelector('canvas')?.dataset.frames) >= 1,
                     null, { timeout: 60000, what: 'the framed widget\'s first frame' });
  const width = await page.evaluate(() => document.getElementById('phone').contentWindow.innerWidth);
  if (width !== 390) throw new Error(`the frame is ${width} px wide`);
  // Until the widget's frame count stops moving: its layout at the new width is drawn.
  let last = -1;
  for (let waited = 0; waited < 5000; waited += 250) {
    const now = await page.evaluate(() => Number(document.getElementById('phone').contentDocument.querySelector('canvas').dataset.frames));
    if (now === last) break;
    last = now;
    await page.wait(250);
  }
  writeFileSync(join(out, 'compare-390.png'), await page.screenshot(await page.$('#phone')));
});

// [SECTION] The lesson page

await check(`the lesson page scrolled top to bottom starts every widget as it comes near, at most ${MAX_LIVE_CONTEXTS} contexts live`, async () => {
  await open(`${origin}/index.html`, 1280, 800);
  const slots = await page.evaluate(() => Array.from(document.querySelectorAll('div[data-attention-widget]')).map((s) => s.dataset.scene));
  await page.evaluate(() => { window.__seen = new Set(); });
  let peak = 0;
  let stops = 0;
  for (;; ++stops) {
    const atEnd = await page.evaluate(() => {
      const end = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      window.scrollBy(0, window.innerHeight / 4);
      return end;
    });
    // Every widget within a screen of the viewport has drawn (the scheduler starts them near).
    await page.waitFor(() => {
      const near = Array.from(document.querySelectorAll('div[data-attention-widget]')).filter((slot) => {
        const box = slot.getBoundingClientRect();
        return box.top < window.innerHeight && box.bottom > 0;
      });
      for (const slot of near) if (Number(slot.querySelector('canvas')?.dataset.frames) >= 1) window.__seen.add(slot.dataset.scene);
      return near.every((slot) => window.__seen.has(slot.dataset.scene));
    }, null, { timeout: 30000, what: `the widgets on screen to start at stop ${stops}` });
    peak = Math.max(peak, await page.evaluate(() => Array.from(document.querySelectorAll('div[data-attention-widget] canvas'))
      .filter((canvas) => { const context = canvas.getContext('webgl2'); return context && !context.isContextLost(); }).length));
    if (atEnd) break;
    if (stops > 400) throw new Error('the page did not reach its end');
  }
  const seen = await page.evaluate(() => Array.from(window.__seen));
  const never = slots.filter((scene) => !seen.includes(scene));
  if (never.length) throw new Error(`never started: ${never.join(', ')}`);
  if (peak > MAX_LIVE_CONTEXTS) throw new Error(`${peak} live contexts at once (at most ${MAX_LIVE_CONTEXTS})`);
  console.log(`  ${slots.length} widgets started over ${stops} stops; peak live contexts ${peak}`);
  await noProblems();
});

// [SECTION] Playback

await check('the walkthrough: Play (K) advances the lesson\'s time, Pause (K) stops it and its drawing', async () => {
  await open(`${origin}/widget.html?scene=walkthrough&narration=device`);
  await firstFrame('the walkthrough\'s first frame');
  // No voice: the lesson plays on its captions' timing (speech is browser_playback's in Chromium).
  await page.evaluate(() => {
    Object.defineProperty(window, 'speechSynthesis', { value: { getVoices: () => [], addEventListener() {}, cancel() {},
                                                                speak() { throw new Error('no voice'); } }, configurable: true });
    window.__playback = [];
    document.addEventListener('attention-widget-playback', (event) => window.__playback.push(event.detail), true);
    document.querySelector('canvas').focus();
  });
  await page.press('k');
  const playing = await page.waitFor(() => window.__playback.find((p) => p.playing && p.time > 1), null,
                                     { timeout: 20000, what: 'the lesson\'s time to pass 1 s while playing' });
  await page.press('k');
  const paused = await page.waitFor(() => { const p = window.__playback[window.__playback.length - 1]; return p && !p.playing && p; },
                                    null, { timeout: 10000, what: 'the pause' });
  // The frames that show the pause itself (the widget draws a few after an input) are done.
  await settled('the pause');
  const before = await frames();
  await page.wait(2000);
  const after = await frames();
  const last = await page.evaluate(() => window.__playback[window.__playback.length - 1]);
  if (last.playing || last.time !== paused.time) throw new Error(`after the pause: time ${paused.time} -> ${last.time}, playing ${last.playing}`);
  if (after !== before) throw new Error(`${after - before} frames drawn in 2 s while paused`);
  console.log(`  played to ${playing.time.toFixed(2)} s, paused at ${paused.time.toFixed(2)} s, 0 frames while paused`);
  await noProblems();
});

// [SECTION] The custom element

await check('the custom element, a div embed and an iframe start with ready and change events; a later scene reaches the element', async () => {
  await open(`${origin}/tests/element.html`, 1000, 900);
  const ids = ['masked', 'figure', 'plain', 'framed'];
  for (const id of ids) {
    await page.evaluate((sel) => document.getElementById(sel).scrollIntoView({ block: 'start' }), id);
    await page.waitFor((sel) => {
      const node = document.getElementById(sel);
      const canvas = node.tagName === 'IFRAME' ? node.contentDocument?.querySelector('canvas') : node.querySelector('canvas');
      return Number(canvas?.dataset.frames) >= 1;
    }, id, { timeout: 60000, what: `${id} to start` });
  }
  await page.waitFor((names) => names.every((id) => window.widgetEvents.some((e) => e.type === 'ready' && e.target === id) &&
                                                   window.widgetEvents.some((e) => e.type === 'change' && e.target === id)),
                     ids, { timeout: 15000, what: 'a ready and a change event from each' });
  const first = await page.evaluate(() => window.widgetEvents.find((e) => e.type === 'change' && e.target === 'masked').detail.state);
  if (!/^scene=mask/.test(first)) throw new Error(`scene="mask" opened "${first}"`);
  await page.evaluate(() => document.getElementById('masked').scrollIntoView({ block: 'start' }));
  const seen = await page.evaluate(() => window.widgetEvents.length);
  await page.evaluate(() => document.getElementById('masked').setAttribute('scene', 'combine'));
  await page.waitFor((from) => window.widgetEvents.slice(from).some((e) => e.type === 'change' && e.target === 'masked' &&
                                                                       /^scene=combine/.test(e.detail.state)),
                     seen, { timeout: 15000, what: 'a change event for scene="combine"' });
  const fallback = await page.evaluate(() => !!document.getElementById('masked-fallback')?.isConnected);
  if (fallback) throw new Error('the element kept its fallback after the widget started');
  writeFileSync(join(out, 'element-host.png'), await page.screenshot());
  const problems = (await page.evaluate(() => window.__problems)).filter((text) => !/fix\.example|mailto/.test(text));
  if (problems.length) throw new Error(problems.join('\n  '));
});

// [SECTION] The one-file lesson

await check('the one-file lesson opened from file:// starts the widget its fragment shows', async () => {
  const file = pathToFileURL(resolve(dir, 'attention-lesson-offline.html')).href;
  await open(`${file}#worked-example`, 1000, 800);
  await page.waitFor(() => Array.from(document.querySelectorAll('div[data-attention-widget] canvas'))
    .some((canvas) => Number(canvas.dataset.frames) >= 1), null, { timeout: 60000, what: 'a widget of the file to draw' });
  const scene = await page.evaluate(() => Array.from(document.querySelectorAll('div[data-attention-widget]'))
    .find((slot) => Number(slot.querySelector('canvas')?.dataset.frames) >= 1).dataset.scene);
  console.log(`  the ${scene} widget drew from file://`);
  writeFileSync(join(out, 'offline.png'), await page.screenshot());
  await noProblems();
});

// What the driver said, for a failure that comes from it rather than from the page.
if (failures && webkit.log.length) console.log(`# WebKitWebDriver's last lines:\n#   ${webkit.log.slice(-20).join('\n#   ')}`);
await page.close();
await webkit.stop();
server.close();
console.log(`# WebKit checks took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(failures ? `${failures} WebKit check(s) failed` : 'all WebKit checks passed');
process.exit(failures ? 1 : 0);
