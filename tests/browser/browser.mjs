// Shared set-up for browser tests: Debian's Chromium driven by playwright-core, WebGL2 through
// SwiftShader, no background network, and the build folder served on 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startServer } from '../../scripts/serve.mjs';
import { MODULES } from '../../web/js/downloads.js';
const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  // Chromium 156 loads its address-bar popup (a WebUI page in a renderer of its own) for each new
  // tab even when headless: CPU taken from the page under test.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];

export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function serve(dir, options) {
  const server = await startServer(dir, 0, options);
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

// Records console errors, page errors and failed requests of a page (and its frames).
export function watchPage(page) {
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // An audio element drops its fetch when its source changes or it is paused (the narration's
    // next sentence, a scene change): the browser's own abort, not a failure.
    if (req.resourceType() === 'media' && req.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`);
  });
  page.on('response', (res) => { if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`); });
  return problems;
}

// A fresh context and page at `url`, with what the lesson-file tests watch: `problems` (as
// watchPage), console `warnings`, and `lessonRequests`, the paths asked for under /lesson/.
export async function openWatched(browser, url, viewport = { width: 1000, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = watchPage(page);
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  const lessonRequests = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/lesson/')) lessonRequests.push(path);
  });
  await page.goto(url);
  return { context, page, problems, warnings, lessonRequests };
}

// widget.html?QUERY in a fresh context (`contextOptions`, with `initScript` run before the page's
// own), drawn and with its controls' elements (the parallel DOM) in place.
export async function openWidgetPage(browser, origin, query, contextOptions = { viewport: { width: 1280, height: 900 } },
                                     initScript = null) {
  const context = await browser.newContext(contextOptions);
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/widget.html?${query}`);
  await waitForFirstFrame(page);
  await page.waitForFunction(() => document.querySelectorAll('.attn-stage [role][tabindex]').length > 5);
  return { context, page, problems };
}

// Waits until the widget's canvas in `frame` reports at least one drawn frame.
export async function waitForFirstFrame(frame, timeout = 30000) {
  await frame.waitForFunction(() => {
    const canvas = document.querySelector('canvas[data-frames]');
    return canvas && Number(canvas.dataset.frames) >= 1;
  }, null, { timeout });
}

// Widgets on the lesson page start only when they come near the screen: scrolls each widget slot
// into view in turn and waits until `done(slot)` holds in the page. Returns the number of slots.
export async function visitWidgetSlots(page, done, timeout = 30000) {
  const slots = await page.$$('div[data-attention-widget]');
  for (const slot of slots) {
    await slot.scrollIntoViewIfNeeded();
    await page.waitForFunction(done, slot, { timeout });
  }
  return slots.length;
}

// An init script (an init script of the page's context) that counts the page's live WebGL contexts,
// those made and not lost, whenever one is made, lost or restored, so a peak between two looks
// counts too: window.__liveContexts = { live(), peak }.
export const COUNT_LIVE_CONTEXTS = () => {
  const made = [];
  const record = { peak: 0, live: () => made.filter((gl) => !gl.isContextLost()).length };
  window.__liveContexts = record;
  const count = () => { record.peak = Math.max(record.peak, record.live()); };
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    const gl = getContext.call(this, type, ...rest);
    if (gl && /webgl/.test(type) && !made.includes(gl)) {
      made.push(gl);
      count();
    }
    return gl;
  };
  window.addEventListener('webglcontextlost', count, true);
  window.addEventListener('webglcontextrestored', count, true);
};

// An init script (context.addInitScript) that keeps each widget's module beside its canvas in
// window.__widgets = [{factory, canvas, module}] (factory: its name), for tests that call the wasm
// directly (attn_control_at): it wraps every module's factory (MODULES) as its runtime defines it.
const keepWidgetModules = (factories) => {
  window.__widgets = [];
  for (const name of factories) {
    let factory;
    Object.defineProperty(window, name, {
      configurable: true,
      get() { return factory; },
      set(create) {
        factory = create && ((options) => create(options).then((module) => {
          window.__widgets.push({ factory: name, canvas: options.canvas, module });
          return module;
        }));
      },
    });
  }
};
export const KEEP_WIDGET_MODULES = `(${keepWidgetModules})(${JSON.stringify(MODULES.map((module) => module.factory))});`;

// The scene names as a widget module knows them (attn_scene_names: its scene set's, in the
// registry's order), for the tests and tools that visit every scene: the registry is the one list
// of them. `query` picks the module as widget.html does (web/js/downloads.js's MODULES): by default
// the lesson's widget.
export async function sceneNames(browser, origin, query = '') {
  const context = await browser.newContext();
  await context.addInitScript(KEEP_WIDGET_MODULES);
  const page = await context.newPage();
  await page.goto(`${origin}/widget.html${query}`);
  await waitForFirstFrame(page);
  const names = await page.evaluate(() => window.__widgets[0].module.ccall('attn_scene_names', 'string', [], []));
  await context.close();
  return JSON.parse(names);
}

// Every scene of every widget module (MODULES), each module's in its order.
export async function everySceneName(browser, origin) {
  const names = [];
  for (const module of MODULES) {
    names.push(...await sceneNames(browser, origin, module.scenes ? `?scene=${module.scenes[0]}` : ''));
  }
  return names;
}

// One named check of a test file: prints `ok - NAME`, or `not ok - NAME` and the error's message;
// true when it passed.
export async function passes(name, fn) {
  try {
    await fn();
    console.log(`ok - ${name}`);
    return true;
  } catch (error) {
    console.log(`not ok - ${name}\n  ${error.message}`);
    return false;
  }
}

export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

// Python's zipfile (another implementation than the build's, fflate) checks each entry's CRC-32
// and sizes, lists the entries and unpacks them.
const UNZIP = `
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    if bad:
        sys.exit(f"{bad}: its data does not match its CRC-32")
    for info in z.infolist():
        print(info.file_size, info.compress_size, info.compress_type, info.filename)
    z.extractall(sys.argv[2])
`;

// A package of the build unpacked into `folder`, its entries as [{ name, size, packed, method }]
// (method 8: deflated). Throws when the file is missing (`maker`: the script that writes it) or
// does not read.
export function unpackZip(zip, folder, maker) {
  expect(existsSync(zip), `${zip} was not built (the build writes it with ${maker})`);
  const unzip = spawnSync('python3', ['-c', UNZIP, zip, folder], { encoding: 'utf8' });
  expect(unzip.status === 0, `python3 zipfile: ${unzip.stderr.trim() || `exit ${unzip.status}`}`);
  return unzip.stdout.trim().split('\n').map((line) => {
    const [size, packed, method, ...name] = line.split(' ');
    return { name: name.join(' '), size: Number(size), packed: Number(packed), method: Number(method) };
  });
}

// Until the widget has drawn what the last input changed: at least 250 ms, then until the canvas's
// frame count (data-frames) stops moving, for at most 5 s (a loaded machine draws late). A fixed
// wait alone lets a slow frame's focus or state arrive after the next step of a test.
export async function settle(page, selector = 'canvas') {
  await page.waitForTimeout(250);
  let last = -1;
  for (let waited = 0; waited < 5000; waited += 100) {
    const frames = await page.evaluate((sel) => Number(document.querySelector(sel)?.dataset.frames ?? 0), selector);
    if (frames === last) return;
    last = frames;
    await page.waitForTimeout(100);
  }
}
