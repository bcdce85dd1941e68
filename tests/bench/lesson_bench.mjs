// The lesson page's part of scripts/bench: index.html with its seven widgets, as Lighthouse 12
// loads it on its default phone (mobile profile: simulated slow 4G and 4x CPU slowdown) and as a
// reader scrolls it in headless Chromium, unthrottled, at 390 x 844 and 1280 x 800, and each widget
// scrolled into view at a 4x CPU slowdown.
// usage: node lesson_bench.mjs SITE_DIR OUT_JSON
//   BENCH_LIGHTHOUSE_RUNS (default 3): Lighthouse runs; each figure is the median of the runs.
// The site is served by scripts/serve.mjs (tests/browser/browser.mjs), compressed or not as that
// server does: both Lighthouse and Chromium read what it sends.
import { writeFileSync } from 'node:fs';
import { launch, serve } from '../browser/browser.mjs';
import { lighthouse, lighthouseVersion } from '../browser/lighthouse.mjs';
import { cumulativeLayoutShift, lighthouseFigures, lighthouseMedian, round, startWork, taskOfFrame, widgetStarts } from './lesson_figures.mjs';

const [siteDir, outJson] = process.argv.slice(2);
if (!siteDir || !outJson) {
  console.error('usage: node lesson_bench.mjs SITE_DIR OUT_JSON');
  process.exit(2);
}
const runsText = process.env.BENCH_LIGHTHOUSE_RUNS || '3';
if (!/^[1-9][0-9]?$/.test(runsText)) {
  console.error(`BENCH_LIGHTHOUSE_RUNS must be a whole number from 1 to 99, not "${runsText}"`);
  process.exit(2);
}
const LIGHTHOUSE_RUNS = Number(runsText);
const PAGE = 'index.html';
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { name: 'desktop', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
];
// How long a widget on screen may take to report ready before the run counts as broken.
const READY_TIMEOUT_MS = 60000;
// How long a widget on the first screen may take to start without a scroll.
const ALONE_MS = 10000;

const site = await serve(siteDir);
const url = `${site.origin}/${PAGE}`;
const started = Date.now();

// 1. Lighthouse, each run in a Chromium of its own (tests/browser/lighthouse.mjs).
async function lighthouseRun(index) {
  const report = await lighthouse(url, 'performance', `run ${index + 1}`);
  return { figures: lighthouseFigures(report, site.origin), settings: report.configSettings };
}
const lighthouseRuns = [];
let settings = null;
for (let i = 0; i < LIGHTHOUSE_RUNS; ++i) {
  const run = await lighthouseRun(i);
  lighthouseRuns.push(run.figures);
  settings = run.settings;
  console.error(`lighthouse run ${i + 1}/${LIGHTHOUSE_RUNS}: score ${run.figures.score}, TBT ${Math.round(run.figures.tbt_ms)} ms`);
}
const lighthouseDone = Date.now();

// 2. Scrolling through the page, unthrottled. An init script records, before any page script
// runs: each widget's ready event, every long task and layout shift, and each WebGL context the
// page makes, counting the live ones (not lost) whenever one is made, lost or restored.
const INSTRUMENT = () => {
  const record = { ready: [], longTasks: [], shifts: [], contexts: [], live: 0, peak: 0, peakAt: null };
  window.__lessonBench = record;

  const count = () => {
    const live = record.contexts.filter((c) => !c.gl.isContextLost());
    record.live = live.length;
    if (live.length > record.peak) {
      record.peak = live.length;
      // A context is made before its canvas joins the page: the scenes are read at the end.
      record.peakAt = { scrollY: Math.round(window.scrollY), canvases: live.map((c) => c.canvas) };
    }
  };
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    const gl = getContext.call(this, type, ...rest);
    if (gl && /webgl/.test(type) && !record.contexts.some((c) => c.gl === gl)) {
      record.contexts.push({ gl, canvas: this });
      count();
    }
    return gl;
  };
  // The widget writes each frame's number into its canvas's data-frames.
  record.frames = [];
  new MutationObserver((mutations) => {
    const at = performance.now();
    for (const mutation of mutations) {
      const slot = mutation.target.closest('[data-attention-widget]');
      if (slot) record.frames.push({ scene: slot.dataset.scene, at });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-frames'] });
  window.addEventListener('webglcontextlost', count, true);
  window.addEventListener('webglcontextrestored', count, true);
  window.addEventListener('attention-widget-ready', (event) => {
    const slot = event.target;
    const box = slot.getBoundingClientRect();
    const distance = box.bottom < 0 ? -box.bottom : box.top > window.innerHeight ? box.top - window.innerHeight : 0;
    record.ready.push({ scene: slot.dataset.scene, at: performance.now(), distance: Math.round(distance) });
    // Tells the harness without it polling the page (which would add work to the page's main thread).
    console.debug(`lesson-bench: ready ${slot.dataset.scene}`);
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const node = entry.sources && entry.sources[0] && entry.sources[0].node;
      record.shifts.push({ start: entry.startTime, value: entry.value, hadRecentInput: entry.hadRecentInput,
                           node: node ? `${node.nodeName.toLowerCase()}${node.className ? `.${String(node.className).split(' ')[0]}` : ''}` : '' });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

const browser = await launch();

async function scrollThrough(viewport, { warmUp = false } = {}) {
  const { name, width, height, ...device } = viewport;
  const context = await browser.newContext({ viewport: { width, height }, ...device });
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  const errors = [];
  const consoleErrors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(msg.text()); });
  const ready = new Set();
  let wake = () => {};
  page.on('console', (msg) => {
    const match = /^lesson-bench: ready (\S+)$/.exec(msg.text());
    if (match) { ready.add(match[1]); wake(); }
  });
  // Resolves once every scene in `scenes` (or, with null, any one) has reported ready.
  const whenReady = (scenes, what, timeout = READY_TIMEOUT_MS) => new Promise((resolve, reject) => {
    const done = () => (scenes ? scenes.every((s) => ready.has(s)) : ready.size > 0);
    if (done()) { resolve(); return; }
    const timer = setTimeout(() => {
      const missing = scenes ? scenes.filter((s) => !ready.has(s)).join(', ') : 'no widget';
      reject(new Error(`lesson page at ${width} px: ${missing} not ready ${timeout / 1000} s after ${what}` +
                       `${errors.length ? `; page errors: ${errors.join('; ')}` : ''}`));
    }, timeout);
    wake = () => { if (done()) { clearTimeout(timer); resolve(); } };
  });

  await page.goto(url, { waitUntil: 'commit' });
  // A widget with some of itself on the first screen starts by itself; the others wait until the
  // reader scrolls (web/js/schedule.js), as on a phone, where the first widget is below the screen.
  const startedAlone = await whenReady(null, 'navigation', ALONE_MS).then(() => true, () => false);
  if (warmUp) {
    await context.close();
    return null;
  }
  await page.waitForTimeout(1000);  // whatever else starts without scrolling settles
  const layout = () => page.evaluate(() => ({
    scrollY: window.scrollY, max: document.documentElement.scrollHeight - window.innerHeight,
    onScreen: Array.from(document.querySelectorAll('[data-attention-widget]')).filter((slot) => {
      const box = slot.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    }).map((slot) => slot.dataset.scene),
    scenes: Array.from(document.querySelectorAll('[data-attention-widget]')).map((slot) => slot.dataset.scene),
  }));
  const { scenes } = await layout();
  // Half a viewport at a time, top to bottom; at each stop the widgets on screen must be ready
  // before the next scroll, as a reader stops to look at each.
  const scrollStart = await page.evaluate(() => performance.now());
  let steps = 0;
  for (let y = 0; ; y += Math.round(height / 2)) {
    const max = (await layout()).max;
    await page.evaluate((top) => new Promise((done) => {
      window.scrollTo({ top, behavior: 'instant' });
      requestAnimationFrame(() => requestAnimationFrame(done));
    }), Math.min(y, max));
    steps++;
    await whenReady((await layout()).onScreen, `scrolling to ${Math.min(y, max)} px`);
    if (y >= max) break;
  }
  await whenReady(scenes, 'the scroll to the bottom');
  await page.waitForTimeout(500);  // the last contexts are given back or restored
  const record = await page.evaluate(() => {
    const r = window.__lessonBench;
    const sceneOf = (canvas) => {
      const slot = canvas.closest('[data-attention-widget]');
      return slot ? slot.dataset.scene : '(not in a widget)';
    };
    return {
      ready: r.ready, longTasks: r.longTasks, shifts: r.shifts, frames: r.frames, live: r.live, peak: r.peak,
      peakAt: r.peakAt && { scrollY: r.peakAt.scrollY, scenes: r.peakAt.canvases.map(sceneOf) },
      contextsMade: r.contexts.length, now: performance.now(),
      measures: performance.getEntriesByType('measure').filter((m) => m.name.startsWith('attention-widget '))
        .map((m) => ({ name: m.name, start: m.startTime, duration: m.duration })),
    };
  });
  await context.close();
  if (errors.length) throw new Error(`lesson page at ${width} px: page errors: ${errors.join('; ')}`);

  const starts = widgetStarts(record);
  // Each start's own main-thread work and its waits for the GPU process (lesson_figures.mjs).
  const work = starts.map((s) => startWork(record.measures.filter((m) => m.start <= s.ready_ms), s.scene));
  const longestOf = (kind) => work.map((w) => ({ scene: w.scene, ...w[kind] }))
    .reduce((a, b) => (b.duration_ms > a.duration_ms ? b : a));
  const first = record.ready.reduce((a, b) => (b.at < a.at ? b : a));
  const longestStep = starts.map((s) => ({ scene: s.scene, ...s.longest_step }))
    .reduce((a, b) => (b.duration_ms > a.duration_ms ? b : a));
  return {
    name, width, height, device_scale_factor: device.deviceScaleFactor, widgets: scenes.length,
    // From navigation when a widget starts by itself, else from the first scroll.
    first_ready: { scene: first.scene, after: startedAlone ? 'navigation' : 'the first scroll',
                   ms: round(first.at - (startedAlone ? 0 : scrollStart), 1), distance_px: first.distance },
    all_ready_ms: round(Math.max(...record.ready.map((r) => r.at)), 1),
    scroll_start_ms: round(scrollStart, 1),
    scroll_stops: steps,
    peak_live_contexts: record.peak,
    peak_at: record.peakAt,
    live_contexts_at_bottom: record.live,
    contexts_made: record.contextsMade,
    longest_start_step: longestStep,
    longest_own_step: longestOf('longest_own'),
    longest_gpu_step: longestOf('longest_gpu'),
    start_work: work,
    longest_start_task_ms: Math.max(0, ...starts.map((s) => s.longest_task_ms)),
    longest_task_ms: round(Math.max(0, ...record.longTasks.map((t) => t.duration)), 1),
    // Every long task: the widget whose start it fell in, if any, and the widgets that drew a frame in it.
    long_tasks: record.longTasks.map((t) => ({
      start_ms: round(t.start, 1), duration_ms: round(t.duration, 1),
      start_of: starts.find((s) => t.start < s.end_ms && t.start + t.duration > s.begin_ms)?.scene || null,
      frames_of: [...new Set(record.frames.filter((f) => taskOfFrame(f.at, [t])).map((f) => f.scene))],
    })),
    cls: round(cumulativeLayoutShift(record.shifts), 4),
    shifts: record.shifts.filter((s) => s.value > 0).map((s) => ({ ...s, start: round(s.start, 1), value: round(s.value, 4) })),
    starts,
    console_errors: consoleErrors,
  };
}
// 3. At a 4x CPU slowdown (the DevTools protocol's Emulation.setCPUThrottlingRate, the slowdown of
// Lighthouse's phone), at 1280 x 800: each widget in turn scrolled into view at once, from the
// scroll to its ready event. A widget that started before its turn (it came near the screen with
// the one before) counts 0 ms.
async function throttledStarts() {
  const { name, width, height, ...device } = VIEWPORTS[VIEWPORTS.length - 1];
  const context = await browser.newContext({ viewport: { width, height }, ...device });
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load' });
  const scenes = await page.evaluate(() => Array.from(document.querySelectorAll('[data-attention-widget]'))
    .map((slot) => slot.dataset.scene));
  const readyAt = (scene) => page.evaluate((s) => (window.__lessonBench.ready.find((r) => r.scene === s) || {}).at ?? null, scene);
  const results = [];
  for (const scene of scenes) {
    const scrolledAt = await page.evaluate((s) => {
      const at = performance.now();
      document.querySelector(`[data-attention-widget][data-scene="${s}"]`).scrollIntoView({ block: 'center', behavior: 'instant' });
      return at;
    }, scene);
    await page.waitForFunction((s) => window.__lessonBench.ready.some((r) => r.scene === s), scene,
                               { timeout: READY_TIMEOUT_MS, polling: 100 });
    const at = await readyAt(scene);
    results.push({ scene, ms: round(Math.max(0, at - scrolledAt), 1) });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  if (errors.length) throw new Error(`lesson page at 4x CPU slowdown: page errors: ${errors.join('; ')}`);
  return { rate: 4, width, height, starts: results, slowest_ms: Math.max(...results.map((r) => r.ms)) };
}

// One uncounted load first: the browser's first page also pays for starting its GPU and network
// services, which would fall on whichever viewport came first.
await scrollThrough(VIEWPORTS[VIEWPORTS.length - 1], { warmUp: true });
const scroll = [];
for (const viewport of VIEWPORTS) scroll.push(await scrollThrough(viewport));
const throttled = await throttledStarts();
await browser.close();
site.server.close();

const { median, median_run: medianRun, long_tasks: longTasks } = lighthouseMedian(lighthouseRuns);
const result = {
  page: PAGE,
  lighthouse: {
    version: lighthouseVersion, runs: LIGHTHOUSE_RUNS,
    form_factor: settings.formFactor, throttling_method: settings.throttlingMethod, throttling: settings.throttling,
    screen: settings.screenEmulation,
    median, median_run: medianRun, long_tasks: longTasks,
    warnings: [...new Set(lighthouseRuns.flatMap((run) => run.warnings))],
    samples: lighthouseRuns.map(({ long_tasks: _, warnings: __, ...figures }) => figures),
  },
  scroll,
  throttled,
  seconds: { lighthouse: Math.round((lighthouseDone - started) / 1000), scroll: Math.round((Date.now() - lighthouseDone) / 1000) },
};
writeFileSync(outJson, JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result));
