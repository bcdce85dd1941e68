// When the lesson page's widgets start and how many WebGL contexts they hold (web/js/schedule.js):
//  - at load only a widget with some of itself on screen starts (none on a phone's first screen,
//    the walkthrough at 1280 x 800); the lesson's downloads begin when one is near;
//  - opened at a fragment, the widget there starts first;
//  - scrolling top to bottom starts each widget as it comes near, never keeps more than
//    MAX_LIVE_CONTEXTS contexts live, and gives far widgets' contexts back;
//  - a widget taller than the screen holds a canvas of a band of 1.5 screens, which follows the
//    viewport as the page scrolls;
//  - a widget whose context was given back keeps its state and draws again when it returns;
//  - nothing on the page shifts while widgets replace their stills (layout shifts, summed).
// usage: node lesson_start.mjs SITE_DIR OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNT_LIVE_CONTEXTS, launch, serve, watchPage } from './browser.mjs';

// docs/embedding.md states this bound.
const MAX_LIVE_CONTEXTS = 3;
// Layout shift summed over the whole scroll (web.dev's "good" is 0.1).
const MAX_LAYOUT_SHIFT = 0.01;

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node lesson_start.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });

// Runs before the page, after COUNT_LIVE_CONTEXTS (browser.mjs), which keeps the most WebGL contexts
// live at once: records the widgets' ready events in order, each widget's last state, and layout
// shifts.
const INSTRUMENT = () => {
  window.__start = { ready: [], states: new Map(), shift: 0 };
  document.addEventListener('attention-widget-ready', (e) => window.__start.ready.push(e.target.dataset.scene), true);
  document.addEventListener('attention-widget-change', (e) => window.__start.states.set(e.target.dataset.scene, e.detail.state), true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__start.shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

// Canvases in widget slots whose context is live.
const liveContexts = (page) => page.evaluate(() => Array.from(document.querySelectorAll('div[data-attention-widget] canvas'))
  .filter((canvas) => { const gl = canvas.getContext('webgl2'); return gl && !gl.isContextLost(); }).length);

const browser = await launch();
const { server, origin } = await serve(dir);
let failures = 0;
async function check(name, body) {
  try {
    await body();
    console.log(`ok - ${name}`);
  } catch (error) {
    failures++;
    console.log(`not ok - ${name}\n  ${error.message.split('\n').join('\n  ')}`);
  }
}

async function open(url, viewport, phone) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: phone ? 2 : 1, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  const problems = watchPage(page);
  const wasmRequests = [];
  page.on('request', (request) => { if (request.url().endsWith('.wasm')) wasmRequests.push(request.url()); });
  await page.addInitScript(COUNT_LIVE_CONTEXTS);
  await page.addInitScript(INSTRUMENT);
  await page.goto(url);
  await page.waitForFunction(() => document.readyState === 'complete');
  return { context, page, problems, wasmRequests };
}

await check('on a phone\'s first screen no widget starts, and the downloads begin for the one near', async () => {
  const { context, page, problems, wasmRequests } = await open(`${origin}/index.html`, { width: 390, height: 844 }, true);
  for (let waited = 0; !wasmRequests.length && waited < 20000; waited += 250) await page.waitForTimeout(250);
  await page.waitForTimeout(2000);  // time for a start that should not happen
  const canvases = await page.evaluate(() => document.querySelectorAll('canvas').length);
  if (canvases) throw new Error(`${canvases} widget(s) started with none on screen`);
  if (wasmRequests.length !== 1) {
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()));
    throw new Error(`${wasmRequests.length} requests for the wasm, expected 1; fetched: ${fetched.join(', ')}`);
  }
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await check('at 1280 x 800 the walkthrough, on the first screen, starts without a scroll; no other widget does', async () => {
  const { context, page, problems } = await open(`${origin}/index.html`, { width: 1280, height: 800 }, false);
  await page.waitForFunction(() => window.__start.ready.length >= 1, null, { timeout: 30000 });
  await page.waitForTimeout(1500);
  const ready = await page.evaluate(() => window.__start.ready);
  if (ready.join() !== 'walkthrough') throw new Error(`started: ${ready.join(', ')}`);
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await check('opened at #worked-example, the combine widget there starts first', async () => {
  const { context, page, problems } = await open(`${origin}/index.html#worked-example`, { width: 390, height: 844 }, true);
  await page.waitForFunction(() => window.__start.ready.length >= 1, null, { timeout: 30000 });
  const ready = await page.evaluate(() => window.__start.ready);
  if (ready[0] !== 'combine') throw new Error(`started first: ${ready[0]}`);
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

// A widget taller than the screen holds a canvas of only 1.5 screens of its rows (window_web.cpp),
// moved and drawn again as the page scrolls: at every stop it covers what the viewport shows of the
// widget, and it was drawn where it now is.
// The quick check (each question under its picture) is the tallest widget on a phone.
await check('on a phone the quick check\'s canvas holds a band of 1.5 screens that covers the viewport at every scroll', async () => {
  const { context, page, problems } = await open(`${origin}/index.html`, { width: 390, height: 844 }, true);
  const slot = '[data-attention-widget][data-scene="quiz"]';
  await page.evaluate((sel) => document.querySelector(sel).scrollIntoView(), slot);
  await page.waitForFunction(() => window.__start.ready.includes('quiz'), null, { timeout: 30000 });
  await page.waitForTimeout(500);
  const look = () => page.evaluate((sel) => {
    const canvas = document.querySelector(`${sel} canvas`);
    const stage = canvas.parentElement.getBoundingClientRect();
    const band = canvas.getBoundingClientRect();
    return { stageTop: stage.top, stageHeight: stage.height, bandTop: band.top - stage.top, bandHeight: band.height,
             backing: canvas.height, ratio: window.devicePixelRatio, frames: Number(canvas.dataset.frames) };
  }, slot);
  const first = await look();
  if (first.stageHeight < 2 * 844) throw new Error(`the widget is ${first.stageHeight} px tall: not taller than the screen`);
  let moves = 0;
  let last = first;
  for (let stop = 0; last.stageTop + last.stageHeight > 0; ++stop) {
    const limit = Math.ceil(1.5 * 844) * last.ratio + 1;
    if (last.backing > limit) throw new Error(`the canvas holds ${last.backing} rows, more than 1.5 screens (${limit})`);
    const from = Math.max(0, -last.stageTop), to = Math.min(last.stageHeight, 844 - last.stageTop);
    if (to > from && (last.bandTop > from + 1 || last.bandTop + last.bandHeight < to - 1)) {
      throw new Error(`at stop ${stop} the viewport shows rows ${Math.round(from)}-${Math.round(to)} of the widget, ` +
                      `the canvas holds ${Math.round(last.bandTop)}-${Math.round(last.bandTop + last.bandHeight)}`);
    }
    await page.mouse.wheel(0, 844 / 4);
    await page.waitForTimeout(250);
    const now = await look();
    if (Math.abs(now.bandTop - last.bandTop) > 1) {
      moves++;
      if (!(now.frames > last.frames)) throw new Error(`the band moved at stop ${stop} and nothing was drawn there`);
    }
    last = now;
    if (stop > 60) throw new Error('the page did not scroll past the widget');
  }
  if (moves < 2) throw new Error(`the band moved ${moves} time(s) while the page scrolled past the widget`);
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  widget ${Math.round(first.stageHeight)} px tall, canvas ${Math.round(first.bandHeight)} px; ` +
              `the band moved ${moves} times`);
  await context.close();
});

// A tall screen (1280 x 1600) holds more widgets within the keeping margin than MAX_LIVE_CONTEXTS:
// there the scheduler must give contexts back by distance. On it the widgets on the first screen
// grow on screen as they start, moving what is below them (their stills are not the widgets'
// heights), so its layout shift is printed, not checked.
for (const [width, height, phone, tall] of [[390, 844, true, false], [1280, 800, false, false], [1280, 1600, false, true]]) {
  await check(`scrolling top to bottom at ${width} x ${height} starts every widget, keeps at most ${MAX_LIVE_CONTEXTS} contexts live, ` +
              'and a widget that gave its context back keeps its state', async () => {
    const { context, page, problems } = await open(`${origin}/index.html`, { width, height }, phone);
    const changed = 'scene=walkthrough&walkthrough.step=4';
    let before = null;
    const slots = await page.evaluate(() => document.querySelectorAll('div[data-attention-widget]').length);
    // A reader's pace: a quarter screen at a time, reading until the widgets near the screen
    // have started (they start off screen, so their growth moves nothing the reader sees).
    let peak = 0;
    for (;;) {
      const atEnd = await page.evaluate(() => {
        const end = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        window.scrollBy(0, window.innerHeight / 4);
        return end;
      });
      await page.waitForTimeout(100);
      await page.waitForFunction(() => Array.from(document.querySelectorAll('div[data-attention-widget]'))
        .filter((slot) => slot.getBoundingClientRect().top < 2 * window.innerHeight &&
                          slot.getBoundingClientRect().bottom > -window.innerHeight)
        .every((slot) => window.__start.ready.includes(slot.dataset.scene)), null, { timeout: 30000 })
        .catch(async () => { throw new Error(`at scrollY ${await page.evaluate(() => window.scrollY)} not every widget near ` +
                                             `the screen started: ${(await page.evaluate(() => window.__start.ready)).join(', ')}`); });
      peak = Math.max(peak, await liveContexts(page));
      // The walkthrough's state changes while it is on screen (a widget off screen draws nothing,
      // so it reports a change only when it is seen), before it is scrolled away. On screen means
      // some rows of it, not a sliver of a pixel at the screen's edge.
      if (before === null && await page.evaluate(() => {
        const box = document.querySelector('[data-scene="walkthrough"]').getBoundingClientRect();
        return window.__start.ready.includes('walkthrough') && box.top < window.innerHeight - 40 && box.bottom > 40;
      })) {
        await page.evaluate((state) => window.AttentionWidget.get(document.querySelector('[data-scene="walkthrough"]'))
          .setState(state), changed);
        await page.waitForFunction(() => /walkthrough\.step=4/.test(window.__start.states.get('walkthrough') || ''), null,
                                   { timeout: 10000 })
          .catch(async () => { throw new Error(`the walkthrough's state is "${await page.evaluate(() => window.__start.states.get('walkthrough'))}" after setState`); });
        before = await page.evaluate(() => window.__start.states.get('walkthrough'));
      }
      if (atEnd) break;
    }
    await page.waitForFunction((n) => window.__start.ready.length >= n, slots, { timeout: 60000 })
      .catch(async () => { throw new Error(`started: ${(await page.evaluate(() => window.__start.ready)).join(', ')}`); });
    peak = Math.max(peak, await liveContexts(page), await page.evaluate(() => window.__liveContexts.peak));
    const walkthroughLost = await page.evaluate(() =>
      document.querySelector('[data-scene="walkthrough"] canvas').getContext('webgl2').isContextLost());
    if (!walkthroughLost) throw new Error('the walkthrough, far above, still holds its context');
    const frames = await page.evaluate(() => Number(document.querySelector('[data-scene="walkthrough"] canvas').dataset.frames));
    await page.evaluate(() => document.querySelector('[data-scene="walkthrough"]').scrollIntoView());
    await page.waitForFunction((n) => Number(document.querySelector('[data-scene="walkthrough"] canvas').dataset.frames) > n,
                               frames, { timeout: 10000 })
      .catch(() => { throw new Error('the walkthrough did not draw again when it came back'); });
    const after = await page.evaluate(() => window.__start.states.get('walkthrough'));
    if (after !== before) throw new Error(`the walkthrough's state was "${before}", is "${after}"`);
    writeFileSync(join(out, `walkthrough-back-${width}.png`), await page.screenshot());
    const shift = await page.evaluate(() => window.__start.shift);
    if (peak > MAX_LIVE_CONTEXTS) throw new Error(`${peak} live contexts at once (at most ${MAX_LIVE_CONTEXTS})`);
    if (!tall && shift > MAX_LAYOUT_SHIFT) throw new Error(`layout shift ${shift.toFixed(4)} (at most ${MAX_LAYOUT_SHIFT})`);
    if (problems.length) throw new Error(problems.join('\n  '));
    console.log(`  ${slots} widgets started; peak live contexts ${peak}; layout shift ${shift.toFixed(4)}${tall ? " (not checked on a tall screen)" : ""}`);
    await context.close();
  });
}

await browser.close();
server.close();
if (failures) {
  console.log(`lesson start: ${failures} failed`);
  process.exit(1);
}
