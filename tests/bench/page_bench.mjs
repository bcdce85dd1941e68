// The browser half of scripts/bench: time to first frame, idle frames (untouched, hidden tab,
// scrolled out of view), per-frame CPU during a drag and during the lesson's playback (and frames
// while it is paused), in headless Chromium, for the widget,
// the stock ImGui example (baseline) and a floor page that only clears a WebGL2 canvas once; and
// the first frame of the lesson page (index.html, whose first widget is on its first screen at
// this viewport), in the same alternation, for the lesson page's start-up budget.
// Everything is counted from outside the wasm: an init script wraps WebGL's clear/draw calls and
// requestAnimationFrame before any page script runs.
// usage: node page_bench.mjs SITE_DIR BASELINE_DIR OUT_JSON
//   BENCH_RUNS (default 41) runs of each page for the first-frame figures, alternating: single
//   first frames spread widely, and with fewer runs the medians move as much as the widget's
//   whole overhead from bench to bench.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, serve } from '../browser/browser.mjs';
import { firstDrawn, startWork } from './lesson_figures.mjs';

const [siteDir, baselineDir, outJson] = process.argv.slice(2);
if (!siteDir || !baselineDir || !outJson) {
  console.error('usage: node page_bench.mjs SITE_DIR BASELINE_DIR OUT_JSON');
  process.exit(2);
}
const RUNS = Number(process.env.BENCH_RUNS || 41);
const VIEWPORT = { width: 1280, height: 800 };

const floorDir = mkdtempSync(join(tmpdir(), 'attention-bench-floor-'));
writeFileSync(join(floorDir, 'index.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor</title>
<style>html,body{margin:0;height:100%}canvas{display:block;width:100%;height:100%}</style></head>
<body><canvas id="c"></canvas><script>
const canvas = document.getElementById('c');
canvas.width = innerWidth; canvas.height = innerHeight;
const gl = canvas.getContext('webgl2');
gl.clearColor(1, 1, 1, 1);
gl.clear(gl.COLOR_BUFFER_BIT);
</script></body></html>
`);

// Runs in every page before its own scripts.
const INSTRUMENT = () => {
  const record = { clears: 0, draws: 0, firstClear: null, frameCpu: [] };
  window.__bench = record;
  for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype]) {
    const clear = proto.clear;
    proto.clear = function (...args) {
      record.clears++;
      if (record.firstClear === null) {
        record.firstClear = performance.now();
        console.debug('attention-bench: first clear');  // tells the harness without it polling the page
      }
      return clear.apply(this, args);
    };
    for (const name of ['drawElements', 'drawArrays']) {
      const draw = proto[name];
      proto[name] = function (...args) { record.draws++; return draw.apply(this, args); };
    }
  }
  const raf = window.requestAnimationFrame.bind(window);
  window.__rawRequestAnimationFrame = raf;
  window.requestAnimationFrame = (callback) => raf((time) => {
    const start = performance.now();
    try { return callback(time); } finally { record.frameCpu.push(performance.now() - start); }
  });
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (x, digits = 2) => Number(x.toFixed(digits));

// Nothing is kept between runs; the site's pages get the site's policy, the other two none.
const site = await serve(siteDir, { noStore: true });
const baseline = await serve(baselineDir, { noStore: true, pagePolicy: false });
const floor = await serve(floorDir, { noStore: true, pagePolicy: false });
const PAGES = {
  widget: `${site.origin}/widget.html?scene=compare`,
  baseline: `${baseline.origin}/index.html`,
  floor: `${floor.origin}/index.html`,
  lesson: `${site.origin}/index.html`,
};
const browser = await launch();

const newContext = async () => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(INSTRUMENT);
  return context;
};

// A page in a new context of its own, or a new tab of `shared`.
async function openPage(url, shared = null) {
  const context = shared || await newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The harness waits for the page to say it cleared, not with page.waitForFunction: that makes
  // Playwright evaluate its large helper script in the page as soon as the load event fires, on
  // the page's main thread in the middle of a widget's start-up (the floor page has cleared by then).
  let cleared;
  const firstClear = new Promise((resolve) => { cleared = resolve; });
  page.on('console', (msg) => { if (msg.text() === 'attention-bench: first clear') cleared(); });
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${url}: no first frame within 60 s`)), 60000);
  });
  await page.goto(url, { waitUntil: 'commit' });
  await Promise.race([firstClear, timeout]).finally(() => clearTimeout(timer));
  return { context, page, errors };
}

const counters = (page) => page.evaluate(() => ({ clears: window.__bench.clears, draws: window.__bench.draws }));
async function framesDuring(page, ms) {
  const before = await counters(page);
  await page.waitForTimeout(ms);
  const after = await counters(page);
  return { frames: after.clears - before.clears, draws: after.draws - before.draws };
}

// 1. Time to first frame, alternating the three pages so drift in machine load hits each alike.
// A first round is not counted: the browser's first page of each kind also pays for starting
// its GPU and network services. Each run is a new tab of one context: every page still gets a
// renderer process of its own and nothing is cached (the server sends no-store), but a new
// context is a new browser window, and Chromium starts a renderer for the window's own WebUI
// with each, which would run beside the page being timed.
const firstFrame = { widget: [], baseline: [], floor: [], lesson: [] };
// The start of the first widget drawn on widget.html and on the lesson page, from its steps'
// measures: its own main-thread work and the GPU process's waits (lesson_figures.mjs's startWork).
const firstWork = { widget: [], lesson: [] };
// The lesson page's own first contentful paint, which its first widget waits for (its text is
// never held back for a widget).
const lessonPaint = [];
const tabs = await newContext();
for (const kind of Object.keys(firstFrame)) await (await openPage(PAGES[kind], tabs)).page.close();
for (let run = 0; run < RUNS; ++run) {
  for (const kind of Object.keys(firstFrame)) {
    const { page } = await openPage(PAGES[kind], tabs);
    const { clear, paint, measures } = await page.evaluate(() => ({
      clear: window.__bench.firstClear,
      paint: (performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint') || {}).startTime,
      measures: performance.getEntriesByType('measure').filter((m) => m.name.startsWith('attention-widget '))
        .map((m) => ({ name: m.name, start: m.startTime, duration: m.duration })),
    }));
    firstFrame[kind].push(clear);
    if (kind in firstWork) firstWork[kind].push(startWork(measures, firstDrawn(measures)));
    if (kind === 'lesson' && typeof paint === 'number') lessonPaint.push(paint);
    await page.close();
  }
}
await tabs.close();
const firstFrameMedian = Object.fromEntries(Object.entries(firstFrame).map(([k, v]) => [k, round(median(v), 1)]));
const lessonPaintMedian = lessonPaint.length ? round(median(lessonPaint), 1) : null;
const firstWorkMedian = Object.fromEntries(Object.entries(firstWork).map(([kind, starts]) => [kind, {
  scene: starts[0]?.scene ?? null,
  own_ms: round(median(starts.map((w) => w.own_ms)), 1),
  gpu_ms: round(median(starts.map((w) => w.gpu_ms)), 1),
}]));
const overhead = {
  widget: round(firstFrameMedian.widget - firstFrameMedian.floor, 1),
  baseline: round(firstFrameMedian.baseline - firstFrameMedian.floor, 1),
};

// 2. Idle, hidden and scrolled away.
async function idleFigures(kind) {
  const { context, page } = await openPage(PAGES[kind]);
  await page.waitForTimeout(1000);  // start-up frames settle
  const idle = await framesDuring(page, 3000);

  // Headless Chromium keeps every page visible, so the page is told it is hidden the way a
  // browser tells it (document.visibilityState and a visibilitychange event) while
  // requestAnimationFrame keeps running: a loop that ignores the signal keeps drawing.
  const hiddenState = await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
    return document.visibilityState;
  });
  // The host page changes the widget's state meanwhile: it must wait until it is seen to draw.
  const nudge = (scene) => page.evaluate((name) => {
    const main = document.querySelector('[data-attention-widget-page]');
    if (main && window.AttentionWidget) window.AttentionWidget.get(main).setState(`scene=${name}`);
  }, scene);
  await nudge('mask');
  const hidden = await framesDuring(page, 3000);
  await page.evaluate(() => {
    delete document.visibilityState;
    delete document.hidden;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(500);

  // Out of view: a tall block above the canvas pushes it below the fold.
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '5000px';
    document.body.prepend(spacer);
    document.documentElement.style.overflow = 'auto';
    document.body.style.overflow = 'auto';
    document.body.style.height = 'auto';
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(500);
  const canvasInView = await page.evaluate(() => {
    const box = document.querySelector('canvas').getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight;
  });
  await nudge('combine');
  const scrolled = await framesDuring(page, 3000);
  await context.close();
  return { idle_frames_3s: idle.frames, hidden_frames_3s: hidden.frames, hidden_state: hiddenState,
           scrolled_frames_3s: scrolled.frames, scrolled_canvas_in_view: canvasInView };
}
const idle = { widget: await idleFigures('widget'), baseline: await idleFigures('baseline') };

// 3. CPU per frame during one scripted drag, the same pointer path on both pages. On the widget's
// compare scene the path grabs a key's tip on the plane and sweeps it across, so every frame recomputes
// the scores, weights, picture and output. The path starts where the widget's parallel DOM places
// the bus key's tip (a point, named by its word), wherever the layout puts it.
let dragFrom = null;
async function dragFigures(kind) {
  const { context, page } = await openPage(PAGES[kind]);
  await page.waitForTimeout(1000);
  const box = await page.evaluate(() => {
    const r = document.querySelector('canvas').getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  if (kind === 'widget') {
    const tip = await page.getByRole('button', { name: 'bus', exact: true }).boundingBox();
    if (!tip) throw new Error('the compare scene has no point named "bus" in its parallel DOM');
    dragFrom = { x: Math.round(tip.x + tip.width / 2), y: Math.round(tip.y + tip.height / 2) };
  }
  const from = dragFrom;
  await page.evaluate(() => { window.__bench.frameCpu = []; });
  const nextFrame = () => page.evaluate(() => new Promise((done) => window.__rawRequestAnimationFrame(() => done())));
  await page.mouse.move(from.x, from.y);
  await nextFrame();
  await page.mouse.down();
  const steps = 120;
  for (let i = 1; i <= steps; ++i) {
    const t = i / steps;
    await page.mouse.move(from.x + Math.sin(t * Math.PI * 2) * box.width * 0.1, from.y + t * box.height * 0.2);
    await nextFrame();
  }
  await page.mouse.up();
  await nextFrame();
  const samples = await page.evaluate(() => window.__bench.frameCpu);
  // The widget writes its state into the address: a drag that missed the tip moved nothing.
  if (kind === 'widget' && !/compare\.key2=/.test(await page.evaluate(() => decodeURIComponent(location.hash)))) {
    throw new Error(`the drag from (${from.x}, ${from.y}) did not grab the bus key's tip`);
  }
  await context.close();
  return { frames: samples.length, p50_ms: round(percentile(samples, 50), 3), p95_ms: round(percentile(samples, 95), 3) };
}
const drag = { widget: await dragFigures('widget'), baseline: await dragFigures('baseline') };

// 4. The lesson played as a narrated explainer, on the widget's page: CPU per frame while it plays
// its second step (the query turning toward the bus key: every frame moves it and recomputes the
// scene), then frames while paused. Played with the recorded voice, as a learner without a device
// voice hears it (headless Chromium has none): its audio decodes while the frames are drawn.
async function playbackFigures() {
  const { context, page } = await openPage(`${site.origin}/widget.html?scene=walkthrough`);
  await page.waitForTimeout(1000);
  const player = (call, arg) => page.evaluate(([name, value]) => {
    const widget = window.AttentionWidget.get(document.querySelector('main'));
    return value === undefined ? widget[name]() : widget[name](value);
  }, [call, arg]);
  const reports = [];
  await page.exposeFunction('__benchPlayback', (detail) => reports.push(detail));
  await page.evaluate(() => document.querySelector('main').addEventListener('attention-widget-playback',
                                                                              (e) => window.__benchPlayback(e.detail)));
  await player('seek', 0.5);
  await page.waitForTimeout(300);
  const steps = reports[reports.length - 1].steps;
  await player('seek', steps[1] + 1.9);
  await page.waitForTimeout(300);
  await page.evaluate(() => { window.__bench.frameCpu = []; });
  await player('play');
  const playing = await framesDuring(page, 3000);
  const samples = await page.evaluate(() => window.__bench.frameCpu);
  await player('pause');
  await page.waitForTimeout(500);
  const paused = await framesDuring(page, 3000);
  await context.close();
  return { frames: playing.frames, p50_ms: round(percentile(samples, 50), 3), p95_ms: round(percentile(samples, 95), 3),
           paused_frames_3s: paused.frames };
}
const playback = await playbackFigures();

// 5. The Learn scene: T starts a run of training (300 steps), drawn frame by frame. The wasm CPU
// of its frames (training and drawing), the frames drawn and the wall time until the widget's
// address says learn.steps=300, then frames in 2 s once it has stopped.
async function learnFigures() {
  const { context, page } = await openPage(`${site.origin}/widget.html?scene=learn`);
  await page.waitForTimeout(1000);
  await page.focus('canvas');
  await page.evaluate(() => { window.__bench.frameCpu = []; });
  const before = await counters(page);
  const started = Date.now();
  await page.keyboard.press('t');
  await page.waitForFunction(() => decodeURIComponent(location.hash).includes('learn.steps=300'), null,
                             { timeout: 30000, polling: 'raf' });
  const wall = Date.now() - started;
  const after = await counters(page);
  const samples = await page.evaluate(() => window.__bench.frameCpu);
  await page.waitForTimeout(500);
  const stopped = await framesDuring(page, 2000);
  await context.close();
  const frames = after.clears - before.clears;
  return { steps: 300, wall_ms: wall, frames, frames_per_second: round(frames / (wall / 1000), 1),
           cpu_ms: round(samples.reduce((sum, x) => sum + x, 0), 1), p95_ms: round(percentile(samples, 95), 3),
           frames_after_2s: stopped.frames };
}
const learn = await learnFigures();

await browser.close();
for (const s of [site, baseline, floor]) s.server.close();

const result = {
  viewport: VIEWPORT,
  runs: RUNS,
  first_frame_ms: { samples: firstFrame, median: firstFrameMedian, overhead_above_floor: overhead },
  lesson_first_contentful_paint_ms: { samples: lessonPaint, median: lessonPaintMedian },
  first_widget_work_ms: { samples: firstWork, median: firstWorkMedian },
  idle,
  drag,
  playback,
  learn,
};
writeFileSync(outJson, JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result));
