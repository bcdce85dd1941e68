// The two widget modules (web/js/downloads.js's MODULES: the lesson's widget, attention_widget, and
// the Go-further widget, attention_heads, with the Heads scene), in headless Chromium:
// - widget.html?scene=heads: its start script begins the heads wasm's compile while the page is
//   parsed and adds attention_heads.js; nothing of attention_widget is fetched; the widget runs
//   createAttentionHeads, its scene is heads and its mirror says the model is not trained yet;
// - widget.html with no scene still starts the lesson's module the same way, and nothing of heads;
// - a host page with a compare div, a heads div and a scenes="heads" div: each widget runs its own
//   module's factory, each module's runtime and wasm fetched once; the heads embed's link opens
//   widget.html on the heads module;
// - the one-file lesson from file:// starts its widgets, its heads slot's with the Go-further
//   module, with no request;
// - screenshots of a link trained to 300 steps at 1280 x 800 and 390 x 844, and the mirror's live
//   region saying so once the training is done.
// usage: node heads_module.mjs SITE_DIR OUT_DIR
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { KEEP_WIDGET_MODULES, expect, launch, passes, serve, waitForFirstFrame, watchPage } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node heads_module.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });
mkdirSync(join(dir, 'tests'), { recursive: true });
copyFileSync(join(here, 'fixtures', 'two-modules.html'), join(dir, 'tests', 'two-modules.html'));

// The English words the mirror starts with for an untrained and a trained model (the Go-further
// words' mirror.heads.untrained and .trained, up to their first placeholder's sentence).
const words = readFileSync(join(dir, 'lesson', 'further.txt'), 'utf8');
const sentence = (key) => {
  const match = new RegExp(`^${key.replace(/\./g, '\\.')} = (.*)$`, 'm').exec(words);
  if (!match) throw new Error(`lesson/further.txt has no ${key}`);
  return match[1];
};
const UNTRAINED = sentence('mirror.heads.untrained').split(':')[0];  // "Not trained yet"
const trained = (steps) => sentence('mirror.heads.trained').split(':')[0].replace('{steps}', String(steps));

// An init script beside KEEP_WIDGET_MODULES (window.__widgets): each .wasm the page fetches with
// the document's readyState then, in window.__wasmFetches = [{file, readyState}] ("loading":
// widget.html's start script, which runs while the page is parsed; the loader runs later).
function recordWasmFetches() {
  window.__wasmFetches = [];
  const fetch = window.fetch;
  window.fetch = function (input, ...rest) {
    const url = String(input && input.url ? input.url : input);
    if (/\.wasm$/.test(url)) window.__wasmFetches.push({ file: url.split('/').pop(), readyState: document.readyState });
    return fetch.call(this, input, ...rest);
  };
}

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// A fresh page that records its widgets, problems, warnings and requested paths.
async function openPage(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(KEEP_WIDGET_MODULES);
  await context.addInitScript(recordWasmFetches);
  const page = await context.newPage();
  const problems = watchPage(page);
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  const requests = [];
  page.on('request', (req) => requests.push(new URL(req.url()).pathname.split('/').pop()));
  return { context, page, problems, warnings, requests };
}
const count = (list, name) => list.filter((item) => item === name).length;
const liveText = (page, selector = 'body') => page.evaluate((sel) =>
  document.querySelector(sel).querySelector('[aria-live]')?.textContent || '', selector);
// What the widget in `selector` runs: its factory and the scene its instance shows.
const widgetIn = (page, selector) => page.evaluate((sel) => {
  const holder = document.querySelector(sel);
  const widget = window.__widgets.find((w) => holder.contains(w.canvas));
  return widget ? { factory: widget.factory, scene: widget.module.ccall('attn_current_scene', 'string', [], []) } : null;
}, selector);
// The widget's own sentence for the mirror as it is now: the second paragraph of a correction's
// report, which the widget writes when asked (its live region hears only what the widget published).
const describedNow = (page) => page.evaluate(() => decodeURIComponent(window.__widgets[0].module
  .ccall('attn_correction_url', 'string', ['string'], ['mailto:author@example.org']).split('&body=')[1] || '')
  .split('\n\n')[1] || '');
// Warnings about a line of the lesson file (the widget's printErr, web/js/widget.js), apart from the rest.
const LESSON_FILE_WARNING = /^Attention widget: lesson\/[^:]+:\d+: /;
const runtimeTags = (page) => page.evaluate(() => Array.from(document.querySelectorAll('script[src]'),
  (tag) => tag.getAttribute('src').split('/').pop()));

let lessonFileWarnings = [];
await check('widget.html?scene=heads starts the Go-further module from its start script', async () => {
  const { context, page, problems, warnings, requests } = await openPage();
  await page.goto(`${origin}/widget.html?scene=heads`);
  await waitForFirstFrame(page, 60000);
  await page.waitForFunction((text) => (document.querySelector('[aria-live]')?.textContent || '').includes(text),
                             UNTRAINED, { timeout: 15000 })
    .catch(async () => { throw new Error(`the mirror says "${await liveText(page)}", not "${UNTRAINED}..."`); });
  const fetches = await page.evaluate(() => window.__wasmFetches);
  expect(fetches.length === 1 && fetches[0].file === 'attention_heads.wasm' && fetches[0].readyState === 'loading',
         `wasm fetches (file, document state): ${JSON.stringify(fetches)}; expected attention_heads.wasm once, while the page loads`);
  expect(count(requests, 'attention_heads.wasm') === 1 && count(requests, 'attention_heads.js') === 1,
         `requests: ${requests.join(', ')}`);
  const other = requests.filter((name) => /^attention_widget\./.test(name));
  expect(!other.length, `the lesson's module was fetched too: ${other.join(', ')}`);
  // Its words: the lesson's and the Go-further ones, each once.
  expect(count(requests, 'lesson.txt') === 1 && count(requests, 'further.txt') === 1, `requests: ${requests.join(', ')}`);
  const tags = await runtimeTags(page);
  expect(count(tags, 'attention_heads.js') === 1 && !tags.includes('attention_widget.js'), `script tags: ${tags.join(', ')}`);
  const widget = await widgetIn(page, 'main');
  expect(widget && widget.factory === 'createAttentionHeads' && widget.scene === 'heads', `the widget: ${JSON.stringify(widget)}`);
  const scene = await page.evaluate(() => window.__widgets[0].module.ccall('attn_scene_names', 'string', [], []));
  expect(scene === '["heads"]', `the module's scenes: ${scene}`);
  expect(!problems.length, problems.join('\n  '));
  lessonFileWarnings = warnings.filter((text) => LESSON_FILE_WARNING.test(text));
  const others = warnings.filter((text) => !LESSON_FILE_WARNING.test(text));
  expect(!others.length, `warnings: ${others.join('\n  ')}`);
  console.log(`  mirror: "${(await liveText(page)).slice(0, 100)}..."`);
  await context.close();
});

await check('the Go-further module reads the lesson file without a warning', async () => {
  expect(!lessonFileWarnings.length, `${lessonFileWarnings.length} warnings, the first: ${lessonFileWarnings[0]}`);
});

await check('widget.html?scene=heads&locale=es speaks Spanish from es/lesson.txt and es/further.txt, with no warning', async () => {
  const { context, page, problems, warnings, requests } = await openPage();
  await page.goto(`${origin}/widget.html?scene=heads&locale=es`);
  await waitForFirstFrame(page, 60000);
  const spanish = readFileSync(join(dir, 'lesson', 'es', 'further.txt'), 'utf8');
  const untrained = /^mirror\.heads\.untrained = (.*)$/m.exec(spanish)[1].split(':')[0];
  await page.waitForFunction((text) => (document.querySelector('[aria-live]')?.textContent || '').includes(text),
                             untrained, { timeout: 15000 })
    .catch(async () => { throw new Error(`the mirror says "${await liveText(page)}", not "${untrained}..."`); });
  const words = requests.filter((name) => /\.txt$/.test(name)).sort();
  // A whole translation comes without the English lesson.txt; further.txt in both languages.
  expect(JSON.stringify(words) === JSON.stringify(['further.txt', 'further.txt', 'lesson.txt']), `requests: ${requests.join(', ')}`);
  expect(!problems.length, problems.join('\n  '));
  expect(!warnings.length, `warnings: ${warnings.join('\n  ')}`);
  await context.close();
});

await check('widget.html with no scene starts the lesson\'s module, and nothing of the Go-further one', async () => {
  const { context, page, problems, requests } = await openPage();
  await page.goto(`${origin}/widget.html`);
  await waitForFirstFrame(page, 60000);
  const fetches = await page.evaluate(() => window.__wasmFetches);
  expect(fetches.length === 1 && fetches[0].file === 'attention_widget.wasm' && fetches[0].readyState === 'loading',
         `wasm fetches: ${JSON.stringify(fetches)}`);
  expect(count(requests, 'attention_widget.js') === 1 && !requests.some((name) => /^attention_heads\./.test(name)),
         `requests: ${requests.join(', ')}`);
  expect(!requests.includes('further.txt'), `the lesson's widget fetched the Go-further words: ${requests.join(', ')}`);
  const widget = await widgetIn(page, 'main');
  expect(widget && widget.factory === 'createAttentionWidget' && widget.scene === 'compare', `the widget: ${JSON.stringify(widget)}`);
  expect(!problems.length, problems.join('\n  '));
  await context.close();
});

await check('a host page starts a compare and two heads widgets, each with its own module, each module loaded once', async () => {
  const { context, page, problems, warnings, requests } = await openPage({ width: 1000, height: 900 });
  await page.goto(`${origin}/tests/two-modules.html`);
  const expected = { '#lesson': ['createAttentionWidget', 'compare'], '#heads': ['createAttentionHeads', 'heads'],
                     '#listed': ['createAttentionHeads', 'heads'] };
  for (const selector of Object.keys(expected)) {
    await page.evaluate((sel) => document.querySelector(sel).scrollIntoView({ block: 'start' }), selector);
    await page.waitForFunction((sel) => Number(document.querySelector(`${sel} canvas`)?.dataset.frames) >= 1, selector,
                               { timeout: 60000 }).catch(() => { throw new Error(`${selector} did not start`); });
  }
  for (const [selector, [factory, scene]] of Object.entries(expected)) {
    const widget = await widgetIn(page, selector);
    expect(widget && widget.factory === factory && widget.scene === scene,
           `${selector}: ${JSON.stringify(widget)}, expected ${factory} on ${scene}`);
  }
  for (const file of ['attention_widget.js', 'attention_widget.wasm', 'attention_heads.js', 'attention_heads.wasm']) {
    expect(count(requests, file) === 1, `${file} was requested ${count(requests, file)} times`);
  }
  const tags = await runtimeTags(page);
  expect(count(tags, 'attention_widget.js') === 1 && count(tags, 'attention_heads.js') === 1, `script tags: ${tags.join(', ')}`);
  const mirrors = { lesson: await liveText(page, '#lesson'), heads: await liveText(page, '#heads') };
  expect(mirrors.heads.includes(UNTRAINED) && mirrors.lesson && !mirrors.lesson.includes(UNTRAINED),
         `mirrors: ${JSON.stringify(mirrors)}`);
  // A copied link (and a correction's report) opens widget.html on the module that offers the scene.
  const report = await page.evaluate(() => {
    const holder = document.querySelector('#heads');
    return decodeURIComponent(window.__widgets.find((w) => holder.contains(w.canvas)).module
      .ccall('attn_correction_url', 'string', ['string'], ['mailto:author@example.org']));
  });
  expect(/widget\.html\?scene=heads#scene=heads/.test(report), `the heads widget's report links: ${report}`);
  writeFileSync(join(out, 'two-modules.png'), await page.screenshot({ fullPage: true }));
  expect(!problems.length, problems.join('\n  '));
  const others = warnings.filter((text) => !LESSON_FILE_WARNING.test(text));
  expect(!others.length, `warnings: ${others.join('\n  ')}`);
  await context.close();
});

await check('the one-file lesson from file:// starts its widgets, its heads slot\'s with the Go-further module, with no request', async () => {
  const file = resolve(dir, 'attention-lesson-offline.html');
  expect(existsSync(file), `${file} was not built`);
  const html = readFileSync(file, 'utf8');
  expect(html.includes('createAttentionWidget') && html.includes('createAttentionHeads'),
         'the one-file lesson does not carry both modules\' runtimes');
  const { context, page, problems } = await openPage({ width: 1000, height: 900 });
  const outside = [];
  page.on('request', (req) => { if (!/^(file|data):/.test(req.url())) outside.push(req.url()); });
  await page.goto(pathToFileURL(file).href);
  const slot = await page.waitForSelector('div[data-attention-widget] canvas', { timeout: 30000 });
  await slot.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => Number(document.querySelector('div[data-attention-widget] canvas')?.dataset.frames) >= 1,
                             null, { timeout: 30000 });
  // The lesson page's last section embeds the Heads scene.
  const selector = 'div[data-attention-widget][data-scene="heads"]';
  expect(await page.$(selector), 'the one-file lesson has no heads slot');
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page.waitForFunction((sel) => Number(document.querySelector(`${sel} canvas`)?.dataset.frames) >= 1, selector,
                             { timeout: 60000 }).catch(() => { throw new Error('the heads slot\'s widget did not start'); });
  const first = await widgetIn(page, 'div[data-attention-widget]');
  const heads = await widgetIn(page, selector);
  expect(first && first.factory === 'createAttentionWidget', `the first slot: ${JSON.stringify(first)}`);
  expect(heads && heads.factory === 'createAttentionHeads' && heads.scene === 'heads', `the heads slot: ${JSON.stringify(heads)}`);
  const fetches = await page.evaluate(() => window.__wasmFetches);
  expect(!fetches.length && !outside.length, `requests left the file: ${JSON.stringify(fetches)} ${outside.join(', ')}`);
  writeFileSync(join(out, 'offline-heads.png'), await page.screenshot());
  expect(!problems.length, problems.join('\n  '));
  await context.close();
});

// A link with the model trained to 300 steps: trained again in the browser a few steps a frame.
// The screenshot waits for the widget's own sentence; the live region is checked apart.
for (const [width, height] of [[1280, 800], [390, 844]]) {
  let heard = '';
  await check(`widget.html?scene=heads#scene=heads&heads.steps=300 at ${width} x ${height}`, async () => {
    const { context, page, problems } = await openPage({ width, height });
    await page.goto(`${origin}/widget.html?scene=heads#scene=heads&heads.steps=300`);
    await waitForFirstFrame(page, 60000);
    const goal = trained(300);
    const began = Date.now();
    while (!(await describedNow(page)).includes(goal)) {
      expect(Date.now() - began < 180000, `after 180 s the widget says "${await describedNow(page)}", not "${goal}..."`);
      await page.waitForTimeout(500);
    }
    await page.waitForTimeout(1000);
    heard = await liveText(page);
    const name = `heads-300-${width}x${height}.png`;
    writeFileSync(join(out, name), await page.screenshot());
    expect(!problems.length, problems.join('\n  '));
    console.log(`  ${name} after ${((Date.now() - began) / 1000).toFixed(1)} s: "${(await describedNow(page)).slice(0, 100)}..."`);
    await context.close();
  });
  await check(`at ${width} x ${height}, the live region says "${trained(300)}" once the link's training is done`, async () => {
    expect(heard.includes(trained(300)), `the live region says "${heard}"`);
  });
}

await browser.close();
server.close();
console.log(failures ? `heads_module: ${failures} failed` : 'heads_module: all passed');
process.exit(failures ? 1 : 0);
