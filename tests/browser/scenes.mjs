// Every scene in headless Chromium at phone and desktop widths (DPR 2): it opens by ?scene=NAME,
// draws, shows more than a blank canvas and logs no error. Then the idle check: after the
// first frames settle, the widget draws nothing for 3 s untouched (frames counted from outside
// the wasm by wrapping WebGL's clear/draw calls), and it does draw again when touched.
// usage: node scenes.mjs SITE_DIR OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, everySceneName, sceneNames, serve, watchPage, waitForFirstFrame, passes } from './browser.mjs';
import { checkNotBlank } from '../smoke/check_image.mjs';
import { createRequire } from 'node:module';
const { PNG } = createRequire(import.meta.url)('pngjs');

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node scenes.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });

const COUNT_GL_CALLS = () => {
  window.__glCalls = 0;
  const proto = WebGL2RenderingContext.prototype;
  for (const name of ['clear', 'drawElements', 'drawArrays']) {
    const original = proto[name];
    proto[name] = function (...args) { window.__glCalls++; return original.apply(this, args); };
  }
};

const { server, origin } = await serve(dir);
const browser = await launch();
const SCENES = await everySceneName(browser, origin);
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

for (const [width, height] of [[1280, 800], [390, 844]]) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2 });
  for (const scene of SCENES) {
    await check(`scene ${scene} at ${width}px, DPR 2`, async () => {
      const page = await context.newPage();
      const problems = watchPage(page);
      // A widget that opens warns of nothing (a lesson text it cannot read shows its errors on screen).
      page.on('console', (msg) => { if (msg.type() === 'warning') problems.push(`warning: ${msg.text()}`); });
      await page.goto(`${origin}/widget.html?scene=${scene}`);
      await waitForFirstFrame(page);
      await page.waitForTimeout(200);
      const png = await page.screenshot();
      writeFileSync(join(out, `${scene}-${width}.png`), png);
      checkNotBlank(png, `${scene} at ${width}px`);
      if (problems.length) throw new Error(problems.join('\n  '));
      await page.close();
    });
  }
  await context.close();
}

// The Learn scene through the accessible mirror: a link with learn.steps=300 opens on the model
// trained for 300 steps in wasm, and the live region and table say what it learned.
await check('learn.steps=300 opens on a trained model, and the mirror says where it looks', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/widget.html#scene=learn&learn.steps=300`);
  await waitForFirstFrame(page);
  await page.waitForFunction(() => (document.querySelector('[aria-live]')?.textContent || '').includes('After 300 steps'),
    null, { timeout: 10000 }).catch(() => {});
  const live = await page.evaluate(() => document.querySelector('[aria-live]')?.textContent || '');
  const held = /(\d+) % of held-out questions right/.exec(live);
  if (!live.includes('After 300 steps') || !held || Number(held[1]) < 95) throw new Error(`the live region says "${live}"`);
  const weight = /For “When does the bus leave\?” ([\d.]+) of the weight is on “The bus leaves at 10\.”/.exec(live);
  if (!weight || Number(weight[1]) < 0.9) throw new Error(`no large weight on the bus sentence: "${live}"`);
  const rows = await page.evaluate(() => Array.from(document.querySelectorAll('table tr')).map((tr) => tr.textContent));
  if (!['The museum opens at 9.', 'The bus leaves at 10.', 'The shop closes at 17.', 'The tour starts at 14.']
    .every((sentence) => rows.some((row) => row.includes(sentence)))) {
    throw new Error(`the mirror's table lacks a sentence: ${JSON.stringify(rows)}`);
  }
  writeFileSync(join(out, 'learn-300-1280.png'), await page.screenshot());
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

// Train from the keyboard (T): the model trains for 300 steps in about a second of frames, the
// mirror then says where it looks, and the widget draws nothing more until touched.
await check('T trains the Learn model to 300 steps; afterwards the widget draws nothing', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(COUNT_GL_CALLS);
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/widget.html?scene=learn`);
  await waitForFirstFrame(page);
  await page.focus('canvas');
  const started = Date.now();
  await page.keyboard.press('t');
  await page.waitForFunction(() => (document.querySelector('[aria-live]')?.textContent || '').includes('After 300 steps'),
    null, { timeout: 20000 }).catch(() => {});
  const took = Date.now() - started;
  const live = await page.evaluate(() => document.querySelector('[aria-live]')?.textContent || '');
  if (!live.includes('After 300 steps')) throw new Error(`training did not reach 300 steps: "${live}"`);
  await page.waitForTimeout(1000);
  const before = await page.evaluate(() => window.__glCalls);
  await page.waitForTimeout(2000);
  const idle = await page.evaluate(() => window.__glCalls) - before;
  if (idle !== 0) throw new Error(`${idle} WebGL draw calls in 2 s after training ended`);
  console.log(`  300 steps of training shown in ${took} ms (with the mirror's update), then 0 calls in 2 s`);
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await check('the widget follows a dark system colour scheme', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/widget.html?scene=mask`);
  await waitForFirstFrame(page);
  const png = await page.screenshot();
  writeFileSync(join(out, 'mask-1280-dark.png'), png);
  checkNotBlank(png, 'dark mask scene');
  // The bottom-left corner is the window background: dark in the dark theme, and drawn by the
  // widget (the page around the canvas is dark too, so sample inside the canvas).
  const box = await page.evaluate(() => {
    const r = document.querySelector('canvas').getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  });
  const image = PNG.sync.read(png);
  const at = (Math.round(box.y + box.h - 4) * image.width + Math.round(box.x + 4)) * 4;
  const corner = Array.from(image.data.slice(at, at + 3));
  if (corner[0] + corner[1] + corner[2] > 3 * 80) throw new Error(`background is not dark: rgb(${corner.slice(0, 3)})`);
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

// With more contrast (prefers-contrast: more, or forced colours as Windows' high contrast themes
// set) the widget draws its text pure black (and its dark theme's background pure black), which
// its usual themes never do: pure black pixels in the canvas tell the palettes apart.
await check('the widget takes its high-contrast palette for prefers-contrast: more and forced colours', async () => {
  const blackPixels = async (options, name) => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, ...options });
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${origin}/widget.html?scene=compare`);
    await waitForFirstFrame(page);
    await page.waitForTimeout(200);
    const png = await page.locator('canvas').screenshot();
    writeFileSync(join(out, `compare-${name}.png`), png);
    const image = PNG.sync.read(png);
    let black = 0;
    for (let i = 0; i < image.data.length; i += 4) if (!image.data[i] && !image.data[i + 1] && !image.data[i + 2]) black++;
    if (problems.length) throw new Error(problems.join('\n  '));
    await context.close();
    return black;
  };
  const usual = await blackPixels({}, 'usual');
  const more = await blackPixels({ contrast: 'more' }, 'more-contrast');
  const forced = await blackPixels({ forcedColors: 'active' }, 'forced-colors');
  const darkMore = await blackPixels({ contrast: 'more', colorScheme: 'dark' }, 'dark-more-contrast');
  console.log(`  pure black pixels: usual ${usual}, more contrast ${more}, forced colours ${forced}, dark with more ${darkMore}`);
  if (usual !== 0) throw new Error(`the usual light theme has ${usual} pure black pixels`);
  if (more < 500 || forced < 500) throw new Error('no high-contrast text');
  if (darkMore < 100000) throw new Error('the dark high-contrast background is not black');
});

// The loader knows the scene names only from the wasm (attn_scene_names): this list is the test's.
await check('an unknown scene in the URL: a warning lists the scenes the wasm knows, the widget opens on compare', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  await page.goto(`${origin}/widget.html?scene=nowhere`);
  await waitForFirstFrame(page);
  const warned = warnings.find((w) => w.includes('ignoring scene "nowhere": there is no such scene'));
  if (!warned) throw new Error(`no warning about the unknown scene; saw ${JSON.stringify(warnings)}`);
  const known = await sceneNames(browser, origin);  // the lesson widget's module's
  if (!warned.includes(`the scenes are ${known.join(', ')}`)) throw new Error(`the warning does not list the scenes: ${warned}`);
  const label = await page.getAttribute('.attn-stage', 'aria-label');
  // widget.canvas_label with the scene bar's name for Compare (lesson/lesson.txt).
  if (!label.includes('widget, Compare scene.')) throw new Error(`the canvas label does not name the compare scene: ${label}`);
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  ${warned}`);
  await context.close();
});

await check('the idle widget draws no frame in 3 s, and draws again when touched', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(COUNT_GL_CALLS);
  const page = await context.newPage();
  await page.goto(`${origin}/widget.html?scene=compare`);
  await waitForFirstFrame(page);
  await page.waitForTimeout(1000);
  const before = await page.evaluate(() => window.__glCalls);
  if (before === 0) throw new Error('no WebGL call was counted at all: the counter is not wired');
  await page.waitForTimeout(3000);
  const idle = await page.evaluate(() => window.__glCalls) - before;
  if (idle !== 0) throw new Error(`${idle} WebGL draw calls in 3 idle seconds`);
  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
  await page.waitForTimeout(300);
  const touched = await page.evaluate(() => window.__glCalls) - before;
  if (touched === 0) throw new Error('moving the mouse over the widget drew nothing');
  console.log(`  ${before} calls to settle, 0 while idle for 3 s, ${touched} after a mouse move`);
  await context.close();
});

await browser.close();
server.close();
console.log(failures ? `browser scenes: ${failures} failed` : 'browser scenes: all passed');
process.exit(failures ? 1 : 0);
