// "Save picture" in headless Chromium: the scene bar's button is found where the widget says its
// controls are (its exported attn_control_at, on the module captured as the loader creates it) and
// clicked with the mouse; the page must download a PNG named attention-SCENE.png at twice the
// widget's CSS size that is not blank, and fire attention-widget-picture with its size and the
// mirror's sentence as alt text.
// - widget.html at DPR 1 (the picture builds its own font atlas at 2 and puts the screen's back:
//   the scene bar looks the same before and after);
// - widget.html in the dark theme at DPR 2: a dark picture;
// - a widget on the lesson page at phone size, taller than its canvas (which holds only a band of
//   its rows): the picture holds all of it, also the rows below the band.
// usage: node picture.mjs SITE_DIR OUT_DIR
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { KEEP_WIDGET_MODULES, launch, serve, watchPage, waitForFirstFrame, passes } from './browser.mjs';
import { checkNotBlank } from '../smoke/check_image.mjs';
const { PNG } = createRequire(import.meta.url)('pngjs');

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node picture.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });

// Runs in the page before its scripts (after KEEP_WIDGET_MODULES): keeps the pictures the page heard of.
const INSTRUMENT = () => {
  window.__pictures = [];
  document.addEventListener('attention-widget-picture', (e) => { window.__pictures.push(e.detail); }, true);
  document.addEventListener('attention-widget-ready', (e) => { e.target.dataset.testReady = '1'; }, true);
};

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// The widget whose canvas `selector` names: its box in the viewport (its stage: a tall widget's
// canvas holds only a band of it), its canvas's CSS size, the scene bar's controls in reading order
// (runs of points where attn_control_at says 1 along rows `step` px apart, CSS pixels from the
// widget's corner, over its first `rows` px) and the number of scenes the wasm knows.
async function inspect(page, selector, rows, step = 2) {
  return page.evaluate(([sel, to, s]) => {
    const canvas = document.querySelector(sel);
    const widget = window.__widgets.find((w) => w.canvas === canvas);
    const stage = canvas.parentElement.getBoundingClientRect();
    const shown = canvas.getBoundingClientRect();
    const runs = [];  // {x0, x1, y0, y1}: a control, grown over the rows it spans
    for (let y = 0; y < to; y += s) {
      let start = -1;
      for (let x = 0; x <= stage.width; x += s) {
        const on = x < stage.width && widget.module._attn_control_at(x, y) === 1;
        if (on && start < 0) start = x;
        if (!on && start >= 0) {
          const run = runs.find((r) => r.y1 >= y - s && r.x0 < x && start < r.x1);
          if (run) { run.x0 = Math.min(run.x0, start); run.x1 = Math.max(run.x1, x); run.y1 = y; } else runs.push({ x0: start, x1: x, y0: y, y1: y });
          start = -1;
        }
      }
    }
    // Not the window's scrollbar, a control along the right edge.
    const bar = runs.filter((r) => r.x0 < stage.width - 24);
    bar.sort((a, b) => (Math.abs(a.y0 - b.y0) > 8 ? a.y0 - b.y0 : a.x0 - b.x0));
    return {
      stage: { x: stage.left, y: stage.top, width: stage.width, height: stage.height },
      canvas: { width: shown.width, height: shown.height },
      controls: bar.map((r) => ({ x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2, width: r.x1 - r.x0, height: r.y1 - r.y0 })),
      scenes: JSON.parse(widget.module.ccall('attn_scene_names', 'string', [], [])).length,
    };
  }, [selector, rows, step]);
}

// The bar: one row, the scene choice and "More", which opens the menu under it with Reset all,
// Copy link, Save picture and, where corrections go somewhere, Suggest a correction. Checks that the
// bar is one row of controls as tall as each other, opens the menu (a click on More, found by its
// element of the parallel DOM, src/ui/access.h) and returns Save picture's centre in the viewport
// and the bar's rectangle.
async function openSavePicture(page, info, scope = page) {
  const first = info.controls.filter((c) => Math.abs(c.y - info.controls[0].y) <= 4);
  if (first.length < 1) throw new Error(`the bar's row has ${first.length} controls: ${JSON.stringify(info.controls)}`);
  if (first.some((c) => Math.abs(c.height - first[0].height) > 6)) throw new Error(`the bar's buttons differ in height: ${JSON.stringify(first)}`);
  const more = await scope.getByRole('button', { name: 'More', exact: true }).boundingBox();
  const bar = { x: info.stage.x, y: info.stage.y, width: info.stage.width - 24, height: more.y + more.height + 2 - info.stage.y };
  const before = await page.screenshot({ clip: bar });
  await page.mouse.click(more.x + more.width / 2, more.y + more.height / 2);
  await page.waitForTimeout(300);
  const box = await scope.getByRole('button', { name: 'Save picture', exact: true }).boundingBox();
  if (!box || box.y < more.y + more.height) throw new Error(`Save picture is not in the menu under the bar: ${JSON.stringify(box)}`);
  return { at: { x: box.x + box.width / 2, y: box.y + box.height / 2 }, bar, before };
}

// Clicks Save picture; returns the download's name, its bytes and the page's picture event.
async function savePicture(page, at) {
  const before = await page.evaluate(() => window.__pictures.length);
  const started = Date.now();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15000 }), page.mouse.click(at.x, at.y)]);
  const ms = Date.now() - started;
  const bytes = readFileSync(await download.path());
  await page.waitForFunction((n) => window.__pictures.length > n, before, { timeout: 5000 });
  const detail = await page.evaluate(() => window.__pictures[window.__pictures.length - 1]);
  return { name: download.suggestedFilename(), bytes, detail, ms };
}

function expectPicture(picture, name, width, height) {
  const signature = picture.bytes.subarray(0, 8).toString('latin1');
  if (signature !== '\x89PNG\r\n\x1a\n') throw new Error(`${picture.name} is not a PNG`);
  if (picture.name !== name) throw new Error(`the download is named ${picture.name}, expected ${name}`);
  const png = PNG.sync.read(picture.bytes);
  if (png.width !== width || png.height !== height) {
    throw new Error(`the picture is ${png.width} x ${png.height}, expected ${width} x ${height} (2 x the widget's CSS size)`);
  }
  if (picture.detail.width !== width || picture.detail.height !== height) {
    throw new Error(`the picture event says ${picture.detail.width} x ${picture.detail.height}`);
  }
  return { png, stats: checkNotBlank(picture.bytes, name) };
}

// The share of the rows y0..y1 of `png` whose colour differs from their most common one.
function rowsShare(png, y0, y1) {
  const counts = new Map();
  for (let i = y0 * png.width * 4; i < y1 * png.width * 4; i += 4) {
    const key = (png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  return 1 - Math.max(...counts.values()) / ((y1 - y0) * png.width);
}

await check('widget.html at DPR 1: Save picture downloads a PNG at 2x with the mirror\'s sentence as alt text', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, deviceScaleFactor: 1 });
  await context.addInitScript(KEEP_WIDGET_MODULES);
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/widget.html?scene=mask`);
  await waitForFirstFrame(page);
  await page.waitForTimeout(300);
  const info = await inspect(page, 'canvas', 140);
  // The bar's row before the menu opens (the click closes it again; the line about the picture
  // comes under the bar). The click leaves the DOM focus on the button's element (src/ui/access.h),
  // which draws nothing: no page focus ring differs between the two pictures of the bar.
  const { at, bar: barClip, before: barBefore } = await openSavePicture(page, info);
  const picture = await savePicture(page, at);
  const width = Math.round(2 * info.canvas.width), height = Math.round(2 * info.canvas.height);
  const { stats } = expectPicture(picture, 'attention-mask.png', width, height);
  writeFileSync(join(out, 'widget-mask-dpr1.png'), picture.bytes);
  const live = await page.evaluate(() => document.querySelector('[aria-live]').textContent);
  if (!picture.detail.altText || picture.detail.altText !== live) {
    throw new Error(`the alt text is "${picture.detail.altText}", the mirror says "${live}"`);
  }
  // The screen's fonts are back: with the pointer away, the bar is drawn as before.
  await page.mouse.move(info.stage.x + info.stage.width - 5, info.stage.y + info.stage.height - 5);
  await page.waitForTimeout(400);
  const barAfter = await page.screenshot({ clip: barClip });
  writeFileSync(join(out, 'widget-mask-after.png'), await page.screenshot());
  if (!barAfter.equals(barBefore)) {
    const a = PNG.sync.read(barBefore), b = PNG.sync.read(barAfter);
    let differ = 0;
    for (let i = 0; i < a.data.length; i += 4) if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) differ++;
    if (differ > 0) throw new Error(`${differ} pixels of the scene bar differ after the picture (its fonts?)`);
  }
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  ${picture.name}: ${width} x ${height}, ${stats.colors} colours, ${(picture.bytes.length / 1024).toFixed(0)} KB, ` +
              `downloading ${picture.ms} ms after the click; alt text: ${picture.detail.altText}`);
  await context.close();
});

await check('widget.html in the dark theme at DPR 2: a dark picture at 2x', async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 700 }, deviceScaleFactor: 2 });
  await context.addInitScript(KEEP_WIDGET_MODULES);
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/widget.html?scene=compare&theme=dark`);
  await waitForFirstFrame(page);
  await page.waitForTimeout(300);
  const info = await inspect(page, 'canvas', 140);
  const picture = await savePicture(page, (await openSavePicture(page, info)).at);
  const { png } = expectPicture(picture, 'attention-compare.png', Math.round(2 * info.canvas.width), Math.round(2 * info.canvas.height));
  writeFileSync(join(out, 'widget-compare-dark.png'), picture.bytes);
  const at = ((png.height - 4) * png.width + 4) * 4;
  const corner = Array.from(png.data.subarray(at, at + 3));
  if (corner[0] + corner[1] + corner[2] > 3 * 80) throw new Error(`the corner is not dark: rgb(${corner})`);
  await page.mouse.move(5, 690);
  await page.waitForTimeout(300);
  writeFileSync(join(out, 'widget-compare-dark-after.png'), await page.screenshot());
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  ${picture.name}: ${png.width} x ${png.height}, downloading ${picture.ms} ms after the click`);
  await context.close();
});

await check('a widget on the lesson page taller than its canvas: the picture holds all its rows', async () => {
  // A short phone screen: the canvas holds 1.5 screens of rows, the quick check's widget is taller.
  const context = await browser.newContext({ viewport: { width: 390, height: 600 }, deviceScaleFactor: 2 });
  await context.addInitScript(KEEP_WIDGET_MODULES);
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/index.html`);
  const slot = '[data-attention-widget][data-scene="quiz"]';
  const toTop = () => page.evaluate((sel) => {
    const target = document.querySelector(sel).querySelector('.attn-stage') || document.querySelector(sel);
    window.scrollTo(0, window.scrollY + target.getBoundingClientRect().top);
  }, slot);
  await toTop();
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.testReady === '1', slot, { timeout: 30000 });
  // It grows to its content once started: place it again and let it draw there.
  for (let i = 0; i < 3; ++i) {
    await toTop();
    await page.waitForTimeout(400);
  }
  const info = await inspect(page, `${slot} canvas`, 420);
  if (info.stage.height <= info.canvas.height + 100) {
    throw new Error(`the widget (${info.stage.height} px) is not taller than its canvas (${info.canvas.height} px): no band to test`);
  }
  const { at } = await openSavePicture(page, info, page.locator(slot));
  const opened = await inspect(page, `${slot} canvas`, 10);  // the menu's row makes it taller
  const picture = await savePicture(page, at);
  const width = Math.round(2 * opened.stage.width), height = Math.round(2 * opened.stage.height);
  const { png } = expectPicture(picture, 'attention-quiz.png', width, height);
  writeFileSync(join(out, 'lesson-quiz-390.png'), picture.bytes);
  // Below the band the canvas holds (it starts at the widget's top here).
  const below = Math.round(2 * info.canvas.height);
  const share = rowsShare(png, below, png.height);
  if (share < 0.01) throw new Error(`the rows below the canvas's band are blank (${(share * 100).toFixed(2)}% differ)`);
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  widget ${info.stage.width} x ${info.stage.height} CSS px, canvas band ${info.canvas.height} px tall; picture ` +
              `${png.width} x ${png.height}, ${(share * 100).toFixed(1)}% of the rows below the band differ from their background`);
  await context.close();
});

await browser.close();
server.close();
console.log(failures ? `browser picture: ${failures} failed` : 'browser picture: all passed');
process.exit(failures ? 1 : 0);
