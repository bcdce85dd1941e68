// A soak run of the lesson page in headless Chromium: a long session (index.html at 1280 x 800,
// part of each pass at a phone's 390 x 844) in passes, each of which
//  - scrolls through every section, so each of the seven widgets starts (or gets its context back
//    from web/js/schedule.js) as it comes near;
//  - drives each widget: a state through AttentionWidget.get(slot).setState, the pointer over its
//    canvas, and Learn's Train (the T key) to 300 steps;
//  - plays the walkthrough for a few seconds and pauses it;
//  - switches every widget's language (setOption('locale'), en and es in turn) and theme
//    (setOption('theme'), and the page's prefers-color-scheme);
//  - loses the WebGL context of a widget on screen (WEBGL_lose_context) and restores it.
// Every sample (each SAMPLE_SECONDS, and at the end of each pass) first lets the page go idle, then
// reads: the JS heap after a forced garbage collection (CDP HeapProfiler.collectGarbage, then
// Runtime.getHeapUsage), each widget's wasm memory (its module's HEAP8.buffer), the live WebGL
// contexts, the DOM's nodes and event listeners (CDP Memory.getDOMCounters), and the frames the
// canvases drew in IDLE_MS with nothing happening. At the end of each pass a heap snapshot splits
// the JS heap into what the page's scripts hold (objects, closures, arrays, strings, numbers: the
// snapshot's JS-visible node types) and the code V8 compiled (its "code" nodes). The code grows for
// as long as V8 keeps optimizing the page's functions (pass 1 to 6 of one run: +110 KB of code and
// no growth of the objects); a leak of the page's own shows in the objects.
// Budgets, checked at the end: after the first full pass no measure but the heap as a whole and
// its code grows more than GROWTH over its value at the end of that pass; never more than MAX_LIVE_CONTEXTS contexts live (counted
// whenever one is made, lost or restored); no frame drawn while idle; no console error, page error
// or failed request. It prints a table of the samples, writes OUT_DIR/soak.json, and exits 1 with
// the reasons when a budget is broken. scripts/soak runs the long form.
// usage: node soak.mjs SITE_DIR OUT_DIR [--minutes=N]   (default 2: the suite's short form)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNT_LIVE_CONTEXTS, KEEP_WIDGET_MODULES, launch, serve, watchPage } from './browser.mjs';

// [SECTION] Budgets and timing

// docs/embedding.md states this bound; schedule.js keeps it.
const MAX_LIVE_CONTEXTS = 3;
// Growth allowed after the first pass, for every measure.
const GROWTH = 0.10;
// Nothing moves for this long before idle frames are counted, and they are counted over IDLE_MS:
// the absence of frames can only be observed over a span of time.
const IDLE_MS = 3000;
// How long the walkthrough plays in each pass.
const PLAY_MS = 5000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const args = process.argv.slice(2);
const [dir, out] = args.filter((arg) => !arg.startsWith('--'));
const minutesArg = args.find((arg) => arg.startsWith('--minutes='));
const minutes = minutesArg ? Number(minutesArg.slice('--minutes='.length)) : 2;
if (!dir || !out || !(minutes > 0)) {
  console.error('usage: node soak.mjs SITE_DIR OUT_DIR [--minutes=N]');
  process.exit(2);
}
// A short run samples more often, so that it still has several samples after its first pass.
const SAMPLE_SECONDS = minutes <= 5 ? 10 : 30;
mkdirSync(out, { recursive: true });

// [SECTION] The page's instruments

// Runs before the page's scripts, after COUNT_LIVE_CONTEXTS (browser.mjs): records which widgets
// are ready and each widget's playback reports.
const INSTRUMENT = () => {
  window.__soak = { ready: new Set(), playing: new Map() };
  document.addEventListener('attention-widget-ready', (e) => window.__soak.ready.add(e.target.dataset.scene), true);
  document.addEventListener('attention-widget-playback',
                            (e) => window.__soak.playing.set(e.target.dataset.scene, e.detail.playing), true);
};

// [SECTION] Session

const browser = await launch();
const { server, origin } = await serve(dir);
const context = await browser.newContext({ viewport: DESKTOP });
await context.addInitScript(KEEP_WIDGET_MODULES);
await context.addInitScript(COUNT_LIVE_CONTEXTS);
await context.addInitScript(INSTRUMENT);
const page = await context.newPage();
const problems = watchPage(page);
// A page error's stack, for the report: watchPage keeps only its message.
const stacks = [];
page.on('pageerror', (error) => stacks.push({ seconds: Math.round(elapsed()), pass, stack: error.stack }));
// Console messages by type: DevTools keeps the last ones (up to 1000) and what they refer to, which
// the heap then holds; a page that logs on every change shows here first.
const consoleCounts = {};
page.on('console', (msg) => { consoleCounts[msg.type()] = (consoleCounts[msg.type()] || 0) + 1; });
const cdp = await context.newCDPSession(page);
await cdp.send('HeapProfiler.enable');
await page.goto(`${origin}/index.html`);
await page.waitForFunction(() => document.readyState === 'complete');
const scenes = await page.evaluate(() => Array.from(document.querySelectorAll('div[data-attention-widget]'),
                                                    (slot) => slot.dataset.scene));
console.log(`soak: ${minutes} min of the lesson page (${scenes.length} widgets: ${scenes.join(', ')}), ` +
            `a sample every ${SAMPLE_SECONDS} s`);

const slot = (scene) => `div[data-attention-widget][data-scene="${scene}"]`;
const began = Date.now();
let pass = 0;
const elapsed = () => (Date.now() - began) / 1000;
let nextSampleAt = SAMPLE_SECONDS;
const samples = [];
const broken = [];

// Scrolls top to bottom a quarter screen at a time, waiting at each stop until the widgets near
// the screen have started: schedule.js starts them, and gives back the contexts of far ones.
async function scrollThrough() {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let stop = 0; stop < 400; ++stop) {
    const atEnd = await page.evaluate(() => {
      const end = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      window.scrollBy(0, window.innerHeight / 4);
      return end;
    });
    await page.waitForTimeout(100);
    await page.waitForFunction(() => Array.from(document.querySelectorAll('div[data-attention-widget]'))
      .filter((div) => div.getBoundingClientRect().top < 2 * window.innerHeight &&
                       div.getBoundingClientRect().bottom > -window.innerHeight)
      .every((div) => window.__soak.ready.has(div.dataset.scene)), null, { timeout: 60000 });
    await maybeSample();
    if (atEnd) return;
  }
  throw new Error('the page did not scroll to its end');
}

// Brings a widget on screen and waits until it holds a live context and has drawn there.
async function showWidget(scene) {
  await page.evaluate((sel) => document.querySelector(sel).scrollIntoView({ block: 'start' }), slot(scene));
  await page.waitForFunction((sel) => {
    const canvas = document.querySelector(`${sel} canvas`);
    const gl = canvas && canvas.getContext('webgl2');
    return window.__soak.ready.has(document.querySelector(sel).dataset.scene) && gl && !gl.isContextLost();
  }, slot(scene), { timeout: 60000 });
  // A context just given back by the schedule makes its GL objects again over its next frames:
  // the widget has drawn on screen and stopped drawing before it is driven.
  let last = -1;
  for (let waited = 0; waited < 20000; waited += 250) {
    const frames = await page.evaluate((sel) => Number(document.querySelector(`${sel} canvas`).dataset.frames), slot(scene));
    if (frames === last && frames > 0) return;
    last = frames;
    await page.waitForTimeout(250);
  }
}

// A state for each scene, two variants that passes take in turn (docs/embedding.md's fragments).
function stateFor(scene, pass) {
  const odd = pass % 2 === 1;
  switch (scene) {
    case 'walkthrough': return `scene=walkthrough&walkthrough.step=${odd ? 4 : 2}&walkthrough.captions=${odd ? 1 : 0}`;
    case 'compare': return `scene=compare&compare.query=${odd ? '1,0.5' : '-1,0'}&compare.temperature=${odd ? 2.5 : 1}` +
                           `&compare.predict=-_0s&compare.numbers=${odd ? 1 : 0}`;
    case 'mask': return `scene=mask&mask.causal=${odd ? 1 : 0}&mask.cells=${odd ? '2.3' : '1.1'}&mask.predict=-_0s`;
    case 'caveats': return `scene=caveats&caveats.removed=${odd ? '1,3' : '2'}&caveats.predict=-_0s&caveats.numbers=${odd ? 1 : 0}`;
    case 'combine': return `scene=combine&combine.values=${odd ? '3,5' : '-20,40'}&combine.weight=${odd ? 0.5 : 0.3}` +
                           '&combine.predict=-_0s';
    case 'learn': return `scene=learn&learn.steps=0&learn.predict=-_0s&learn.options=${odd ? 1 : 0}`;
    case 'quiz': return odd ? 'scene=quiz&quiz.q1.choice=2&quiz.q1.revealed=1' : 'scene=quiz&quiz.q1.choice=1';
    default: return `scene=${scene}`;
  }
}

// Drives one widget on screen: a new state, the pointer across its canvas (hover only: a click
// could land on Copy link, Save picture or the correction link), and Learn's training.
async function interact(scene, pass) {
  await showWidget(scene);
  await page.evaluate(([sel, state]) => window.AttentionWidget.get(document.querySelector(sel)).setState(state),
                      [slot(scene), stateFor(scene, pass)]);
  const box = await page.locator(`${slot(scene)} canvas`).boundingBox();
  if (box) {
    for (let i = 0; i <= 10; ++i) {
      const y = Math.min(box.y + box.height - 2, DESKTOP.height - 2, Math.max(2, box.y + 40 + i * 30));
      await page.mouse.move(box.x + box.width * (0.1 + 0.08 * i), y, { steps: 2 });
    }
  }
  if (scene === 'learn') {
    // Train (T) from the widget's focused canvas: 300 steps, the live region then says so, in
    // the widget's language (lesson.txt's and es/lesson.txt's words).
    await page.focus(`${slot(scene)} canvas`);
    await page.keyboard.press('t');
    await page.waitForFunction((sel) => /After 300 steps|Tras 300 pasos/.test(
      document.querySelector(`${sel} [aria-live]`)?.textContent || ''), slot(scene), { timeout: 60000 })
      .catch(async () => {
        throw new Error(`Learn's training did not reach 300 steps: "${await page.evaluate((sel) =>
          document.querySelector(`${sel} [aria-live]`)?.textContent, slot(scene))}"`);
      });
  }
  await maybeSample();
}

// Plays the lesson in the walkthrough for PLAY_MS, then pauses it and waits for its report.
async function playWalkthrough() {
  await showWidget('walkthrough');
  await page.evaluate((sel) => { const w = window.AttentionWidget.get(document.querySelector(sel)); w.seek(0); w.play(); },
                      slot('walkthrough'));
  await page.waitForFunction(() => window.__soak.playing.get('walkthrough') === true, null, { timeout: 30000 });
  await page.waitForTimeout(PLAY_MS);
  await page.evaluate((sel) => window.AttentionWidget.get(document.querySelector(sel)).pause(), slot('walkthrough'));
  await page.waitForFunction(() => window.__soak.playing.get('walkthrough') === false, null, { timeout: 30000 });
}

// Every widget's language and theme, and the page's colour scheme.
async function switchLanguageAndTheme(pass) {
  const locale = pass % 2 === 1 ? 'es' : 'en';
  const theme = pass % 2 === 1 ? 'dark' : 'light';
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate(([locale, theme]) => {
    for (const div of document.querySelectorAll('div[data-attention-widget]')) {
      const widget = window.AttentionWidget.get(div);
      widget.setOption('locale', locale);
      widget.setOption('theme', theme);
    }
  }, [locale, theme]);
  // The Spanish words are fetched once; a widget on screen shows them when they are in.
  const word = locale === 'es' ? /[Ee]scena|[Pp]regunta|[Aa]tenci/ : /[Ss]cene|[Qq]uestion|[Aa]ttention/;
  await page.waitForFunction(([sel, source]) => new RegExp(source).test(
    document.querySelector(`${sel} .attn-stage`)?.getAttribute('aria-label') || ''),
  [slot('compare'), word.source], { timeout: 30000 }).catch(async () => {
    throw new Error(`the compare widget's label is not in ${locale}: "${await page.evaluate((sel) =>
      document.querySelector(`${sel} .attn-stage`)?.getAttribute('aria-label'), slot('compare'))}"`);
  });
}

// Loses the context of a widget on screen and restores it, as a GPU process restart would.
async function loseAndRestore(scene) {
  await showWidget(scene);
  const frames = await page.evaluate((sel) => {
    const canvas = document.querySelector(`${sel} canvas`);
    window.__soakLose = canvas.getContext('webgl2').getExtension('WEBGL_lose_context');
    window.__soakLost = false;
    canvas.addEventListener('webglcontextlost', () => { window.__soakLost = true; }, { once: true });
    window.__soakLose.loseContext();
    return Number(canvas.dataset.frames);
  }, slot(scene));
  await page.waitForFunction(() => window.__soakLost, null, { timeout: 10000 });
  await page.waitForTimeout(300);
  await page.evaluate(() => window.__soakLose.restoreContext());
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(`${sel} canvas`).dataset.frames) > n,
                             [slot(scene), frames], { timeout: 30000 })
    .catch(() => { throw new Error(`the ${scene} widget drew nothing after its context was restored`); });
}

// [SECTION] Samples

// The frames all canvases have drawn so far.
const framesDrawn = () => page.evaluate(() => Array.from(document.querySelectorAll('canvas[data-frames]'))
  .reduce((sum, canvas) => sum + Number(canvas.dataset.frames), 0));

// Lets the page go idle (the pointer off the widgets, no frame for 1 s, at most 20 s), then counts
// the frames drawn over IDLE_MS, and reads every measure.
async function sample(label) {
  await page.mouse.move(1, 1);
  let last = await framesDrawn();
  for (let quiet = 0, waited = 0; quiet < 1000 && waited < 20000; waited += 250) {
    await page.waitForTimeout(250);
    const now = await framesDrawn();
    quiet = now === last ? quiet + 250 : 0;
    last = now;
  }
  await page.waitForTimeout(IDLE_MS);
  const idleFrames = (await framesDrawn()) - last;
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const page_ = await page.evaluate(() => ({
    live: window.__liveContexts.live(),
    peak: window.__liveContexts.peak,
    wasm: window.__widgets.map((w) => w.module.HEAP8 ? w.module.HEAP8.buffer.byteLength : 0),
  }));
  const row = {
    label, seconds: Math.round(elapsed()),
    heapMB: heap.usedSize / 2 ** 20,
    wasmMB: page_.wasm.reduce((a, b) => a + b, 0) / 2 ** 20,
    instances: page_.wasm.length,
    nodes: dom.nodes, listeners: dom.jsEventListeners, documents: dom.documents,
    live: page_.live, peak: page_.peak, idleFrames,
  };
  samples.push(row);
  console.log(formatRow(row));
  // The next periodic sample comes a full interval after this one, an end of pass's included.
  nextSampleAt = elapsed() + SAMPLE_SECONDS;
  return row;
}

async function maybeSample() {
  if (elapsed() < nextSampleAt) return;
  await sample(`pass ${pass}`);
}

const COLUMNS = ['label', 'seconds', 'heapMB', 'wasmMB', 'instances', 'nodes', 'listeners', 'live', 'peak', 'idleFrames'];
function formatRow(row) {
  return COLUMNS.map((key) => {
    const value = row[key];
    const text = typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(2) : String(value);
    return key === 'label' ? text.padEnd(16) : text.padStart(key.length + 1);
  }).join(' ');
}

// The JS heap's parts in a snapshot taken after a forced GC: the objects the page's scripts hold and
// the code V8 compiled, in MB (self sizes; Blink's own objects, the DOM included, are apart).
const SCRIPT_NODE_TYPES = new Set(['object', 'closure', 'array', 'string', 'concatenated string', 'sliced string',
                                   'number', 'regexp', 'symbol', 'bigint']);
async function heapParts() {
  const chunks = [];
  const onChunk = (event) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const { snapshot: { meta }, nodes } = JSON.parse(chunks.join(''));
  const fields = meta.node_fields.length;
  const typeAt = meta.node_fields.indexOf('type');
  const sizeAt = meta.node_fields.indexOf('self_size');
  const typeNames = meta.node_types[typeAt];
  let script = 0;
  let code = 0;
  for (let i = 0; i < nodes.length; i += fields) {
    const type = typeNames[nodes[i + typeAt]];
    if (SCRIPT_NODE_TYPES.has(type)) script += nodes[i + sizeAt];
    else if (type === 'code') code += nodes[i + sizeAt];
  }
  return { scriptMB: script / 2 ** 20, codeMB: code / 2 ** 20 };
}

// [SECTION] Passes

console.log(COLUMNS.map((key) => (key === 'label' ? key.padEnd(16) : key.padStart(key.length + 1))).join(' '));
let baseline = null;
try {
  // The walkthrough, on the first screen, starts without a scroll.
  await page.waitForFunction(() => window.__soak.ready.size >= 1, null, { timeout: 60000 });
  // Two passes at least (the first is the baseline); a further pass begins only when it can end
  // within the run's minutes, as long as the last one took.
  let passSeconds = 0;
  while (pass < 2 || elapsed() + passSeconds <= minutes * 60) {
    ++pass;
    const passBegan = elapsed();
    await page.setViewportSize(PHONE);
    await scrollThrough();
    await page.setViewportSize(DESKTOP);
    await scrollThrough();
    for (const scene of scenes) await interact(scene, pass);
    await playWalkthrough();
    await switchLanguageAndTheme(pass);
    await loseAndRestore(pass % 2 === 1 ? 'compare' : 'mask');
    const row = await sample(`end of pass ${pass}`);
    Object.assign(row, await heapParts());
    console.log(`${''.padEnd(16)} the heap's parts: the scripts' objects ${row.scriptMB.toFixed(2)} MB, compiled code ` +
                `${row.codeMB.toFixed(2)} MB`);
    if (pass === 1) baseline = row;
    passSeconds = elapsed() - passBegan;
  }
} catch (error) {
  broken.push(`the session stopped in pass ${pass}: ${error.message.split('\n')[0]}`);
}

// [SECTION] Budgets

// The heap as a whole (heapMB) and its compiled code are reported, not budgeted: see the top.
const GROWING = [['scriptMB', 'JS objects of the page\'s scripts (heap snapshot)'], ['wasmMB', 'wasm memory'],
                 ['nodes', 'DOM nodes'], ['listeners', 'event listeners'], ['instances', 'wasm instances']];
if (baseline) {
  const after = samples.slice(samples.indexOf(baseline) + 1);
  if (!after.length) broken.push('no sample after the first pass: run longer (--minutes)');
  for (const [key, name] of GROWING) {
    const worst = after.filter((row) => key in row).reduce((max, row) => (row[key] > max[key] ? row : max), baseline);
    const limit = baseline[key] * (1 + GROWTH);
    if (worst[key] > limit) {
      broken.push(`${name} grew from ${baseline[key].toFixed(2)} at the end of pass 1 to ${worst[key].toFixed(2)} ` +
                  `at ${worst.seconds} s (more than ${GROWTH * 100} %)`);
    }
  }
}
const peak = Math.max(0, ...samples.map((row) => row.peak));
if (peak > MAX_LIVE_CONTEXTS) broken.push(`${peak} WebGL contexts live at once (at most ${MAX_LIVE_CONTEXTS})`);
for (const row of samples) {
  if (row.idleFrames !== 0) broken.push(`${row.idleFrames} frames drawn in ${IDLE_MS / 1000} idle seconds (${row.label}, ${row.seconds} s)`);
}
if (problems.length) broken.push(`console: ${problems.slice(0, 10).join('\n  ')}`);
for (const { seconds, stack } of stacks.slice(0, 3)) console.log(`page error at ${seconds} s:\n  ${stack}`);

const result = {
  minutes, passes: pass, sampleSeconds: SAMPLE_SECONDS, idleMs: IDLE_MS,
  budgets: { growth: GROWTH, maxLiveContexts: MAX_LIVE_CONTEXTS, idleFrames: 0 },
  baseline, samples, consoleCounts, problems, stacks, broken,
};
writeFileSync(join(out, 'soak.json'), `${JSON.stringify(result, null, 2)}\n`);
await browser.close();
server.close();
const last = samples[samples.length - 1];
const lastParts = samples.filter((row) => 'scriptMB' in row).pop();
if (baseline && last) {
  console.log(`soak: ${pass} passes in ${Math.round(elapsed())} s; from the end of pass 1 to the last sample: ` +
              `heap ${baseline.heapMB.toFixed(2)} -> ${last.heapMB.toFixed(2)} MB (the scripts' objects ` +
              `${baseline.scriptMB.toFixed(2)} -> ${lastParts.scriptMB.toFixed(2)} MB, compiled code ` +
              `${baseline.codeMB.toFixed(2)} -> ${lastParts.codeMB.toFixed(2)} MB), wasm ${baseline.wasmMB.toFixed(2)} -> ` +
              `${last.wasmMB.toFixed(2)} MB, DOM nodes ${baseline.nodes} -> ${last.nodes}; peak live contexts ${peak}; ` +
              `console messages ${JSON.stringify(consoleCounts)}`);
}
if (broken.length) {
  for (const reason of broken) console.log(`not ok - ${reason}`);
  console.log(`browser soak: ${broken.length} budget(s) broken`);
  process.exit(1);
}
console.log('browser soak: all budgets held');
