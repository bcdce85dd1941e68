// The lesson page (index.html) in headless Chromium: it loads with no console error and no
// request outside its origin, also under a strict Content-Security-Policy header; every widget
// slot becomes a live widget with JavaScript on and shows, with JavaScript off, the still of its
// own scene (titled as lesson.txt titles the scene, described as the live widget's mirror
// describes the scene when it opens) and what is missing; axe-core finds no violations in light and dark, at 1280
// and 360 px, with and without the live widgets; the HTML validates (vnu.jar); the headings and
// landmarks are in order; nothing scrolls sideways at 360 px; the quick check's reveals work
// without JavaScript; focus is visible; the transcript matches the walkthrough's captions.
// Screenshots at 390 and 1280 px, light and dark, JavaScript on and off, go to OUT_DIR.
// LOCALE (en by default) picks the page: es checks es/index.html against lesson/es/lesson.txt.
// usage: node page.mjs SITE_DIR OUT_DIR [LOCALE]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { launch, serve, watchPage, passes } from './browser.mjs';
import { normalize, readCaptions, readLessonText } from './lesson_words.mjs';

const require = createRequire(import.meta.url);
const [dir, out, locale = 'en'] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node page.mjs SITE_DIR OUT_DIR [LOCALE]'); process.exit(2); }
mkdirSync(out, { recursive: true });

// Each language's page, its lesson file and the page's own words the checks look for.
const PAGES = {
  en: { path: 'index.html', lesson: 'lesson/lesson.txt', missing: 'The interactive figure needs JavaScript and WebGL 2.',
    reveal: 'Check the reasoning', contents: 'On this page', h1: /Attention/, skip: 'Skip to the lesson', words: 'words' },
  es: { path: 'es/index.html', lesson: 'lesson/es/lesson.txt', missing: 'La figura interactiva necesita JavaScript y WebGL 2.',
    reveal: 'Ver el razonamiento', contents: 'En esta página', h1: /Atención/, skip: 'Saltar a la lección', words: 'palabras' },
};
const PAGE = PAGES[locale];
if (!PAGE) { console.error(`page.mjs: no page for locale ${locale}`); process.exit(2); }

const AXE_PATH = require.resolve('axe-core/axe.min.js');
const VNU_JAR = findVnuJar();
const MISSING = PAGE.missing;
// What a strict deployment would send: no inline script or style, nothing from elsewhere. The
// widgets run in the page itself, so it fetches and compiles the wasm ('wasm-unsafe-eval').
const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
  + "connect-src 'self'; frame-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

function findVnuJar() {
  try {
    const jar = String(require('vnu-jar'));  // the package exports the jar's path
    if (existsSync(jar)) return jar;
  } catch { /* fall through to the known layout */ }
  const jar = join(dirname(require.resolve('vnu-jar/package.json')), 'build', 'dist', 'vnu.jar');
  return existsSync(jar) ? jar : null;
}

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
const only = process.env.PAGE_TEST_ONLY ? new RegExp(process.env.PAGE_TEST_ONLY) : null;  // run a subset
async function check(name, fn) {
  if (only && !only.test(name)) return;
  if (!(await passes(name, fn))) failures++;
}

// [SECTION] Helpers

// A fresh context and page; `problems` collects console errors, failed requests and every
// request that leaves the page's origin (frames included).
async function openPage({ width, height = 900, colorScheme = 'light', javaScriptEnabled = true, csp = false, stubEmbed = false }) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme, javaScriptEnabled });
  if (csp || stubEmbed) {
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== origin) return route.abort();
      if (stubEmbed && url.pathname.endsWith('/embed.js')) {
        return route.fulfill({ contentType: 'text/javascript', body: '// embed.js left out: the fallback stays\n' });
      }
      const response = await route.fetch();
      const headers = { ...response.headers() };
      if (csp) headers['content-security-policy'] = CSP;
      return route.fulfill({ response, headers });
    });
  }
  const page = await context.newPage();
  const problems = watchPage(page);
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(`console.warn: ${msg.text()}`); });
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(`${origin}/`) && !/^(data|blob|about):/.test(url)) problems.push(`request outside the origin: ${url}`);
  });
  await page.goto(`${origin}/${PAGE.path}`);
  return { context, page, problems, warnings };
}

// Scrolls to each widget slot and waits until embed.js has replaced its fallback with a live
// widget that has drawn a frame (a canvas in the slot, or in an iframe the slot holds).
async function waitForLiveWidgets(page, problems = [], warnings = []) {
  const slots = await page.$$('[data-attention-widget]');
  if (slots.length < 3) throw new Error(`expected several widget slots, found ${slots.length}`);
  for (const slot of slots) {
    const scene = await slot.getAttribute('data-scene');
    await slot.scrollIntoViewIfNeeded();
    try {
      await page.waitForFunction((el) => !el.querySelector('svg.still')
        && (Number(el.querySelector('canvas')?.dataset.frames) >= 1 || el.querySelector('iframe')), slot, { timeout: 30000 });
      const iframe = await slot.$('iframe');
      if (iframe) {
        await (await iframe.contentFrame()).waitForFunction(
          () => Number(document.querySelector('canvas')?.dataset.frames) >= 1, null, { timeout: 30000 });
      }
    } catch {
      const state = await slot.evaluate((el) => [...el.children].map((c) => c.tagName.toLowerCase()
        + (c.className?.baseVal ?? (c.className ? `.${c.className}` : ''))).join(', '));
      throw new Error(`the ${scene} slot did not become a live widget within 30 s; it holds: ${state}`
        + (problems.length ? `\n  ${problems.join('\n  ')}` : '') + (warnings.length ? `\n  ${warnings.join('\n  ')}` : ''));
    }
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return slots.length;
}

async function runAxe(page, label) {
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  const source = readFileSync(AXE_PATH, 'utf8');
  // Also inside the widgets' frames, so axe checks the page as a learner meets it.
  for (const frame of page.frames()) {
    if (frame !== page.mainFrame()) await frame.evaluate(source).catch(() => {});
  }
  const results = await page.evaluate(`${source}\n;axe.run(document, { resultTypes: ['violations'] })`);
  if (results.violations.length) {
    throw new Error(`${label}: ${results.violations.length} axe violation(s)\n  ` + results.violations.map((v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ` + v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n    ')).join('\n  '));
  }
  return results;
}

// Full-page screenshots taller than Chromium's capture limit (about 8192 px) repeat the top of
// the page, so long pages are saved in parts: NAME-1.png, NAME-2.png...
async function screenshotPage(page, name) {
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth, height: document.documentElement.scrollHeight }));
  const PART = 6000;
  if (height <= PART) { writeFileSync(join(out, `${name}.png`), await page.screenshot({ fullPage: true })); return; }
  for (let y = 0, part = 1; y < height; y += PART, part++) {
    const clip = { x: 0, y, width, height: Math.min(PART, height - y) };
    writeFileSync(join(out, `${name}-${part}.png`), await page.screenshot({ fullPage: true, clip }));
  }
}

async function noSidewaysScroll(page, width) {
  const wide = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    offenders: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className?.baseVal ?? el.className}`),
  }));
  if (wide.scroll > width) throw new Error(`page is ${wide.scroll}px wide at ${width}px: ${wide.offenders.join(', ')}`);
}

// [SECTION] JavaScript on: live widgets, console, origin, CSP, screenshots

for (const [width, colorScheme] of [[1280, 'light'], [1280, 'dark'], [390, 'light'], [390, 'dark']]) {
  await check(`JavaScript on, ${width}px ${colorScheme}: every slot becomes a live widget; no console error, no request outside the origin`, async () => {
    const { context, page, problems, warnings } = await openPage({ width, colorScheme });
    const count = await waitForLiveWidgets(page, problems, warnings);
    await page.waitForTimeout(500);
    await screenshotPage(page, `lesson-js-${width}-${colorScheme}`);
    if (problems.length) throw new Error(problems.join('\n  '));
    console.log(`  ${count} live widgets`);
    await context.close();
  });
}

await check('under a strict Content-Security-Policy header the page and its widgets run with no violation', async () => {
  const { context, page, problems, warnings } = await openPage({ width: 1280, csp: true });
  await waitForLiveWidgets(page, problems, warnings);
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

// [SECTION] JavaScript off: the still of its own scene and the sentence in every slot

// Each slot's still as the page holds it without JavaScript: its scene, classes, title and desc.
async function readStills(page) {
  return page.evaluate(() => [...document.querySelectorAll('[data-attention-widget]')].map((slot) => {
    const svg = slot.querySelector('svg');
    const box = svg?.getBoundingClientRect();
    const labelIds = (svg?.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
    return {
      scene: slot.dataset.scene,
      svgs: slot.querySelectorAll('svg').length,
      classes: [...(svg?.classList ?? [])],
      iframes: slot.querySelectorAll('iframe').length,
      canvases: slot.querySelectorAll('canvas').length,
      svgRole: svg?.getAttribute('role'),
      svgSize: box ? [box.width, box.height] : null,
      title: svg?.querySelector('title')?.textContent ?? '',
      desc: svg?.querySelector('desc')?.textContent ?? '',
      labelledBy: labelIds.map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`).join(' '),
      text: slot.innerText,
    };
  }));
}

// Text of the stills whose colour contrasts less than 4.5:1 with what lies under it (the topmost
// rectangle under the middle of the text, else the slot's background). axe leaves SVG text over
// SVG shapes unchecked.
async function lowContrastStillText(page) {
  return page.evaluate(() => {
    const channels = (color) => (color.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
    const luminance = (color) => {
      const [r, g, b] = channels(color).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const found = [];
    for (const svg of document.querySelectorAll('svg.still')) {
      const background = getComputedStyle(svg.closest('.widget-slot') || document.body).backgroundColor;
      const rects = [...svg.querySelectorAll('rect')].map((rect) => ({ box: rect.getBBox(), fill: getComputedStyle(rect).fill }))
        .filter((rect) => rect.fill.startsWith('rgb'));
      for (const text of svg.querySelectorAll('text, tspan')) {
        if (!text.textContent.trim() || text.closest('[transform]')) continue;
        const box = text.getBBox();
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        let under = background;
        for (const rect of rects) {
          const r = rect.box;
          if (x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height) under = rect.fill;
        }
        const ratio = contrast(getComputedStyle(text).fill, under);
        if (ratio < 4.5) found.push(`${[...svg.classList].join('.')}: "${text.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}:1 (${getComputedStyle(text).fill} on ${under})`);
      }
    }
    return found;
  });
}

for (const [width, colorScheme] of [[1280, 'light'], [1280, 'dark'], [390, 'light'], [390, 'dark']]) {
  await check(`JavaScript off, ${width}px ${colorScheme}: every slot shows the still of its own scene and says what is missing`, async () => {
    const { context, page, problems } = await openPage({ width, colorScheme, javaScriptEnabled: false });
    const slots = await readStills(page);
    if (slots.length < 3) throw new Error(`expected several widget slots, found ${slots.length}`);
    // The stills are drawn in the page's language: a translation over the English words (each
    // lesson.txt, then the Go-further words, further.txt, beside it).
    const further = (file) => file.replace(/lesson\.txt$/, 'further.txt');
    const words = Object.assign({}, ...[join(dir, 'lesson', 'lesson.txt'), join(dir, PAGE.lesson)]
      .flatMap((file) => [readLessonText(file), readLessonText(further(file))]));
    const scenes = slots.map((slot) => slot.scene);
    for (const slot of slots) {
      const where = `slot ${slot.scene}`;
      if (slot.iframes || slot.canvases) throw new Error(`${where} holds a live widget with JavaScript off`);
      if (slot.svgs !== 1) throw new Error(`${where} holds ${slot.svgs} pictures, not one still`);
      if (!slot.svgSize || slot.svgSize[0] < 200 || slot.svgSize[1] < 100) throw new Error(`${where}: still missing or too small (${slot.svgSize})`);
      const others = scenes.filter((scene) => scene !== slot.scene && slot.classes.includes(`still-${scene}`));
      if (!slot.classes.includes('still') || !slot.classes.includes(`still-${slot.scene}`) || others.length) {
        throw new Error(`${where}: its picture is not the still of its own scene (classes ${slot.classes.join(' ')})`);
      }
      const title = words[`${slot.scene}.title`];
      if (!title) throw new Error(`${where}: lesson.txt has no ${slot.scene}.title`);
      if (slot.svgRole !== 'img' || normalize(slot.title) !== normalize(title) || !normalize(slot.labelledBy).startsWith(normalize(title))) {
        throw new Error(`${where}: the still's accessible name is "${slot.title}", not the scene's title "${title}"`);
      }
      if (!normalize(slot.desc)) throw new Error(`${where}: the still has no description`);
      if (/\b(nan|inf|infinity|undefined)\b/i.test(`${slot.title} ${slot.desc}`)) throw new Error(`${where}: the still reads "${slot.desc}"`);
      if (!slot.text.includes(MISSING)) throw new Error(`${where}: the sentence "${MISSING}" is not visible`);
    }
    const faint = await lowContrastStillText(page);
    if (faint.length) throw new Error(`text in the stills below 4.5:1 contrast:\n  ${faint.slice(0, 8).join('\n  ')}`);
    await screenshotPage(page, `lesson-nojs-${width}-${colorScheme}`);
    if (problems.length) throw new Error(problems.join('\n  '));
    await context.close();
  });
}

await check('each slot\'s still is described as its live widget\'s mirror describes the scene when it opens', async () => {
  const off = await openPage({ width: 1280, javaScriptEnabled: false });
  const stills = await readStills(off.page);
  await off.context.close();
  const { context, page, problems, warnings } = await openPage({ width: 1280 });
  await waitForLiveWidgets(page, problems, warnings);
  const slots = await page.$$('[data-attention-widget]');
  if (slots.length !== stills.length) throw new Error(`${stills.length} stills, ${slots.length} live widgets`);
  for (const [i, slot] of slots.entries()) {
    const scene = await slot.getAttribute('data-scene');
    // The mirror's first words come with the widget's first frame.
    const live = await page.waitForFunction((el) => el.querySelector('[aria-live]')?.textContent || null, slot,
      { timeout: 30000 }).then((handle) => handle.jsonValue());
    if (stills[i].scene !== scene) throw new Error(`slot ${i + 1} is ${scene} live but ${stills[i].scene} without JavaScript`);
    if (normalize(stills[i].desc) !== normalize(live)) {
      throw new Error(`slot ${scene}: the still is described as\n    "${stills[i].desc}"\n  the live widget's mirror says\n    "${live}"`);
    }
  }
  await context.close();
});

await check('JavaScript off: the quick check reveals its reasoning on "Check the reasoning"; the transcript opens', async () => {
  const { context, page } = await openPage({ width: 390, javaScriptEnabled: false });
  const summaries = page.locator('.questions summary');
  const count = await summaries.count();
  if (count < 2) throw new Error(`expected two reveals, found ${count}`);
  for (let i = 0; i < count; i++) {
    const summary = summaries.nth(i);
    if ((await summary.innerText()).trim() !== PAGE.reveal) throw new Error(`reveal ${i + 1} reads "${await summary.innerText()}"`);
    const reasoning = summary.locator('xpath=following-sibling::p');
    if (await reasoning.isVisible()) throw new Error(`reveal ${i + 1} shows its reasoning before it is opened`);
    await summary.focus();
    await page.keyboard.press('Enter');
    if (!(await reasoning.isVisible())) throw new Error(`reveal ${i + 1} did not open with the keyboard`);
  }
  writeFileSync(join(out, 'quick-check-open-390.png'), await page.locator('section:has(#quick-check) > .questions').screenshot());
  await page.locator('.transcript > summary').click();
  writeFileSync(join(out, 'transcript-open-390.png'), await page.locator('section:has(#transcript)').screenshot());
  await context.close();
});

// [SECTION] Accessibility: axe, headings, landmarks, focus, width

for (const [width, colorScheme] of [[1280, 'light'], [1280, 'dark'], [360, 'light'], [360, 'dark']]) {
  await check(`axe-core: no violations at ${width}px ${colorScheme}, with the live widgets`, async () => {
    const { context, page } = await openPage({ width, colorScheme });
    await waitForLiveWidgets(page);
    const results = await runAxe(page, `${width}px ${colorScheme}`);
    console.log(`  ${results.passes?.length ?? 0} rules passed`);
    await context.close();
  });
}

for (const [width, colorScheme] of [[1280, 'light'], [360, 'dark']]) {
  await check(`axe-core: no violations at ${width}px ${colorScheme}, fallback figures only`, async () => {
    const { context, page } = await openPage({ width, colorScheme, stubEmbed: true });
    await runAxe(page, `${width}px ${colorScheme}, fallback`);
    await context.close();
  });
}

await check('headings: one h1, no skipped level; landmarks: banner, navigation, main, contentinfo', async () => {
  const { context, page } = await openPage({ width: 1280, javaScriptEnabled: false });
  const levels = await page.evaluate(() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
  if (levels.filter((l) => l === 1).length !== 1) throw new Error(`expected one h1, found ${levels.filter((l) => l === 1).length}`);
  if (levels[0] !== 1) throw new Error(`the first heading is an h${levels[0]}`);
  for (let i = 1; i < levels.length; i++) {
    if (levels[i] > levels[i - 1] + 1) throw new Error(`heading ${i + 1} is an h${levels[i]} after an h${levels[i - 1]}`);
  }
  for (const [role, expected] of [['banner', 1], ['main', 1], ['contentinfo', 1]]) {
    const count = await page.getByRole(role).count();
    if (count !== expected) throw new Error(`expected ${expected} ${role} landmark, found ${count}`);
  }
  const nav = page.getByRole('navigation', { name: PAGE.contents });
  if (await nav.count() !== 1) throw new Error(`no navigation landmark named "${PAGE.contents}"`);
  const broken = await page.evaluate(() => [...document.querySelectorAll('a[href^="#"]')]
    .map((a) => a.getAttribute('href').slice(1)).filter((id) => !document.getElementById(id)));
  if (broken.length) throw new Error(`links to missing ids: ${broken.join(', ')}`);
  const h1 = await page.textContent('h1');
  if (!PAGE.h1.test(h1)) throw new Error(`unexpected h1: ${h1}`);
  console.log(`  ${levels.length} headings: ${levels.join(' ')}`);
  await context.close();
});

await check('keyboard focus is visible on every stop in the page', async () => {
  const { context, page } = await openPage({ width: 1280, javaScriptEnabled: false });
  const seen = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return { name: `${el.tagName.toLowerCase()} "${(el.textContent || '').trim().slice(0, 30)}"`,
        outline: style.outlineStyle, width: parseFloat(style.outlineWidth), visible: el.matches(':focus-visible') };
    });
    if (!focus) break;
    if (!focus.visible || focus.outline === 'none' || focus.width < 2) throw new Error(`no visible focus on ${focus.name}`);
    seen.push(focus.name);
  }
  if (seen.length < 10) throw new Error(`only ${seen.length} focus stops: ${seen.join(', ')}`);
  if (!seen[0].includes(PAGE.skip)) throw new Error(`the first stop is ${seen[0]}, not the skip link`);
  console.log(`  ${seen.length} focus stops checked`);
  await context.close();
});

// 320 CSS px is a 1280 px screen at 400 % zoom (WCAG 1.4.10 Reflow).
for (const [width, javaScriptEnabled] of [[360, true], [360, false], [320, true], [320, false]]) {
  await check(`nothing scrolls sideways at ${width}px, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
    const { context, page } = await openPage({ width, height: 740, javaScriptEnabled });
    if (javaScriptEnabled) await waitForLiveWidgets(page);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    await noSidewaysScroll(page, width);
    if (width === 320) await screenshotPage(page, `lesson-${javaScriptEnabled ? 'js' : 'nojs'}-320`);
    await context.close();
  });
}

// [SECTION] Content: the transcript is the walkthrough's narration

await check(`the transcript matches the walkthrough captions (${PAGE.lesson}) and its word count`, async () => {
  const captions = readCaptions(join(dir, PAGE.lesson));
  if (captions.length < 5) throw new Error(`found only ${captions.length} captions in ${PAGE.lesson}`);
  const { context, page } = await openPage({ width: 1280, javaScriptEnabled: false });
  const steps = await page.$$eval('.transcript li', (items) => items.map((li) => {
    const copy = li.cloneNode(true);
    copy.querySelector('.step-title')?.remove();
    return copy.textContent.replace(/\s+/g, ' ').trim();
  }));
  if (steps.length !== captions.length) throw new Error(`${steps.length} transcript steps, ${captions.length} captions`);
  steps.forEach((text, i) => {
    if (normalize(text) !== normalize(captions[i])) throw new Error(`step ${i + 1} differs from its caption:\n    page:    ${text}\n    caption: ${captions[i]}`);
  });
  const words = captions.join(' ').split(/\s+/).filter(Boolean).length;
  const stated = await page.textContent('.transcript-count');
  if (!stated.includes(`${words} ${PAGE.words}`)) throw new Error(`the page says "${stated}", the captions have ${words} words`);
  await context.close();
});

// [SECTION] HTML validation (vnu.jar)

for (const file of locale === 'en' ? ['index.html', 'widget.html', 'lesson.css'] : [PAGE.path]) {
  await check(`${file} validates (vnu.jar)`, async () => {
    if (!VNU_JAR) throw new Error('vnu.jar not found in node_modules/vnu-jar');
    const args = ['-jar', VNU_JAR, '--errors-only', ...(file.endsWith('.css') ? ['--css'] : []), join(dir, file)];
    try {
      execFileSync(process.env.JAVA || 'java', args, { stdio: 'pipe', encoding: 'utf8' });
    } catch (error) {
      if (error.code === 'ENOENT') throw new Error('java not found (set JAVA)');
      throw new Error((error.stderr || error.stdout || error.message).trim().split('\n').join('\n  '));
    }
  });
}

await browser.close();
server.close();
console.log(failures ? `lesson page: ${failures} failed` : 'lesson page: all passed');
process.exit(failures ? 1 : 0);
