// The widget in Spanish, in headless Chromium (src/lesson/locale.h, web/js/downloads.js):
// - widget.html?locale=es: the words, the mirror and the canvas's name in Spanish, numbers with a
//   decimal comma, and only lesson/es/lesson.txt fetched (a whole translation needs no English);
// - the Spanish lesson page (es/index.html, lang="es"): its widgets speak Spanish without a locale
//   option, fetching lesson/es/lesson.txt once; the English page fetches lesson/lesson.txt only;
// - a div embed follows the closest lang attribute; a locale option naming no locale is ignored
//   with a warning, and the widget speaks English;
// - a translation that lacks a key: the English file is fetched too, the key shows in English and
//   a warning names it; a translation that cannot be fetched: the widget starts in English, warned;
// - the pseudo-locale (locale=qps) is made from the English file, longer and accented;
// - the Spanish one-file offline lesson from file:// shows the same Spanish words.
// usage: node locale.mjs SITE_DIR OUT_DIR
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, openWatched, serve, visitWidgetSlots, waitForFirstFrame, passes } from './browser.mjs';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node locale.mjs SITE_DIR OUT_DIR'); process.exit(2); }

// A copy of the site whose Spanish file some checks change; the build's own site stays as built.
const site = join(out, 'site');
rmSync(site, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(dir, site, { recursive: true });
const spanishFile = join(site, 'lesson', 'es', 'lesson.txt');
const spanish = readFileSync(spanishFile, 'utf8');
// The served copies must not shadow an edited file.
rmSync(`${spanishFile}.br`, { force: true });
rmSync(`${spanishFile}.gz`, { force: true });
const word = (key, text = spanish) => {
  const found = new RegExp(`^${key.replace(/\./g, '\\.')} = (.*)$`, 'm').exec(text);
  if (!found) throw new Error(`no ${key} in the lesson file`);
  return found[1];
};
const english = readFileSync(join(site, 'lesson', 'lesson.txt'), 'utf8');

// A host page of the test's own: an English page with a div embed inside a Spanish part, and a
// custom element with a locale it does not speak.
writeFileSync(join(site, 'locale-fixture.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Locales</title><link rel="icon" href="data:,"><script src="embed.js" defer></script></head>
<body>
<section lang="es-MX"><div id="spanish" data-attention-widget data-scene="combine" data-start="eager"></div></section>
<attention-widget id="unknown" scene="combine" locale="xx" start="eager"></attention-widget>
</body></html>
`);

const { server, origin } = await serve(site);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  writeFileSync(spanishFile, spanish);
  if (!(await passes(name, fn))) failures++;
}

const open = (url, viewport) => openWatched(browser, url, viewport);
const mirrorOf = (page, selector = 'body') => page.waitForFunction((root) => {
  const live = document.querySelector(root)?.querySelector('[aria-live]');
  return live && live.textContent ? live.textContent : null;
}, selector, { timeout: 30000 }).then((handle) => handle.jsonValue());
const labelOf = (page, selector = 'body') =>
  page.evaluate((root) => document.querySelector(root)?.querySelector('.attn-stage')?.getAttribute('aria-label') || '', selector);
function asked(what, requests, expected) {
  const seen = JSON.stringify(requests);
  if (seen !== JSON.stringify(expected)) throw new Error(`${what} asked for ${seen}, expected ${JSON.stringify(expected)}`);
}
const PLACEHOLDER = /\[[a-z0-9_.]+\]/;

await check('widget.html?locale=es: Spanish words, mirror and canvas name, decimal commas, only the Spanish file', async () => {
  const { context, page, problems, lessonRequests } = await open(`${origin}/widget.html?locale=es&scene=combine`);
  await waitForFirstFrame(page);
  const mirror = await mirrorOf(page);
  // mirror.combine: "Valores 10 y 20, pesos 0,2 y 0,8. Salida 18 = 2 + 16."
  if (!/Valores 10 y 20, pesos 0,2 y 0,8\./.test(mirror)) throw new Error(`the mirror is not Spanish with decimal commas: "${mirror}"`);
  if (PLACEHOLDER.test(mirror)) throw new Error(`a [key] in the mirror: "${mirror}"`);
  const label = await labelOf(page);
  if (!label.startsWith('Widget interactivo de atención, escena Combinar.')) throw new Error(`the canvas's name: "${label}"`);
  const table = await page.evaluate(() => document.querySelector('table')?.textContent || '');
  if (/\d\.\d/.test(table)) throw new Error(`the mirror table has a decimal point: "${table}"`);
  asked('widget.html?locale=es', lessonRequests, ['/lesson/es/lesson.txt']);
  await page.screenshot({ path: join(out, 'widget-es-combine.png') });
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  ${mirror.slice(0, 90)}`);
  await context.close();
});

await check('the Spanish lesson page: its widgets speak Spanish, lesson/es/lesson.txt fetched once, the Go-further words by that widget alone', async () => {
  const { context, page, problems, lessonRequests } = await open(`${origin}/es/index.html`, { width: 1000, height: 900 });
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== 'es') throw new Error(`the page's lang is "${lang}"`);
  const slots = await visitWidgetSlots(page, (slot) => slot.querySelector('[aria-live]')?.textContent);
  const names = await page.$$eval('div[data-attention-widget] .attn-stage', (stages) => stages.map((s) => s.getAttribute('aria-label')));
  const english = names.filter((name) => !/^Widget interactivo de atención/.test(name || ''));
  if (names.length !== slots || english.length) throw new Error(`widgets not in Spanish: ${JSON.stringify(english)} of ${names.length}`);
  const mirrors = await page.$$eval('div[data-attention-widget] [aria-live]', (lives) => lives.map((l) => l.textContent));
  const bad = mirrors.filter((text) => PLACEHOLDER.test(text));
  if (bad.length) throw new Error(`[key] in a mirror: ${bad[0]}`);
  // The Heads widget reads further.txt too, the translation's over the English one.
  asked(`es/index.html with ${slots} widgets`, lessonRequests, ['/lesson/es/lesson.txt', '/lesson/es/further.txt', '/lesson/further.txt']);
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  ${slots} widgets, e.g. "${mirrors[1].slice(0, 70)}"`);
  await context.close();
});

await check('the English lesson page fetches lesson/lesson.txt only, and links to the Spanish one', async () => {
  const { context, page, problems, lessonRequests } = await open(`${origin}/index.html`, { width: 1000, height: 900 });
  await page.waitForFunction(() => document.querySelector('div[data-attention-widget] canvas[data-frames]'), null, { timeout: 30000 });
  asked('index.html', lessonRequests, ['/lesson/lesson.txt']);
  const link = await page.$eval('.language-switch a', (a) => ({ href: a.getAttribute('href'), lang: a.lang, hreflang: a.hreflang }));
  if (link.href !== 'es/' || link.lang !== 'es' || link.hreflang !== 'es') throw new Error(`the language link: ${JSON.stringify(link)}`);
  await page.click('.language-switch a');
  await page.waitForFunction(() => document.documentElement.lang === 'es', null, { timeout: 10000 });
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await check('a div embed follows the closest lang; locale="xx" is ignored with a warning, in English; locale="es" later is Spanish', async () => {
  const { context, page, problems, warnings } = await open(`${origin}/locale-fixture.html`);
  const spanishMirror = await mirrorOf(page, '#spanish');
  if (!/^Valores 10 y 20/.test(spanishMirror)) throw new Error(`the lang="es-MX" embed: "${spanishMirror}"`);
  const unknownMirror = await mirrorOf(page, '#unknown');
  if (!/^Values 10 and 20/.test(unknownMirror)) throw new Error(`the locale="xx" embed: "${unknownMirror}"`);
  const warned = warnings.find((w) => w.includes('ignoring option locale="xx"') && w.includes('one of en, es'));
  if (!warned) throw new Error(`no warning about locale="xx"; saw ${JSON.stringify(warnings)}`);
  // A late change of the attribute: the widget fetches the Spanish words and speaks Spanish.
  await page.evaluate(() => document.querySelector('#unknown').setAttribute('locale', 'es'));
  await page.waitForFunction(() => /^Valores 10 y 20/.test(document.querySelector('#unknown [aria-live]')?.textContent || '') &&
                             /^Widget interactivo/.test(document.querySelector('#unknown .attn-stage')?.getAttribute('aria-label') || ''),
                             null, { timeout: 15000 }).catch(async () => {
    throw new Error(`locale="es" set later: "${await mirrorOf(page, '#unknown')}"`);
  });
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  ${warned}`);
  await context.close();
});

await check('a translation that lacks a key: English fetched too, the key in English, a warning naming it', async () => {
  const key = 'widget.scene.combine';
  const lacking = spanish.replace(new RegExp(`^${key.replace(/\./g, '\\.')} = .*\\n`, 'm'), '');
  if (lacking === spanish) throw new Error(`no ${key} line to remove`);
  writeFileSync(spanishFile, lacking);
  const { context, page, problems, warnings, lessonRequests } = await open(`${origin}/widget.html?locale=es&scene=combine`);
  await waitForFirstFrame(page);
  await mirrorOf(page);
  const label = await labelOf(page);
  const englishName = word(key, english);
  if (!label.startsWith(`Widget interactivo de atención, escena ${englishName}.`)) throw new Error(`the canvas's name: "${label}"`);
  const warned = warnings.find((w) => w.includes(`lesson/es/lesson.txt has no ${key}: it shows in English`));
  if (!warned) throw new Error(`no warning naming ${key}; saw ${JSON.stringify(warnings)}`);
  asked('widget.html?locale=es, a key missing', lessonRequests, ['/lesson/es/lesson.txt', '/lesson/lesson.txt']);
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  ${warned}`);
  await context.close();
});

await check('widget.html?locale=qps: the pseudo-locale, made from lesson/lesson.txt alone, longer and accented', async () => {
  const { context, page, problems, lessonRequests } = await open(`${origin}/widget.html?locale=qps&scene=combine`, { width: 390, height: 844 });
  await waitForFirstFrame(page);
  const mirror = await mirrorOf(page);
  if (!mirror.startsWith('[V\u00e1l\u00fa\u00e9s 10 \u00e1\u00f1d 20')) throw new Error(`not the pseudo-locale: "${mirror}"`);
  asked('widget.html?locale=qps', lessonRequests, ['/lesson/lesson.txt']);
  await page.screenshot({ path: join(out, 'widget-qps-combine-390.png') });
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await check('a translation that cannot be fetched: the widget starts in English, with a warning', async () => {
  rmSync(spanishFile);
  const { context, page, problems, warnings } = await open(`${origin}/widget.html?locale=es&scene=combine`);
  await waitForFirstFrame(page);
  const mirror = await mirrorOf(page);
  if (!/^Values 10 and 20/.test(mirror)) throw new Error(`not English: "${mirror}"`);
  const warned = warnings.find((w) => w.includes('lesson/es/lesson.txt: HTTP 404') && w.includes('it shows English'));
  if (!warned) throw new Error(`no warning; saw ${JSON.stringify(warnings)}`);
  // The 404 the check arranged shows as a failed request and as Chromium's console line about it.
  const unexpected = problems.filter((p) => !p.includes('/lesson/es/lesson.txt') &&
                                            !p.includes('Failed to load resource: the server responded with a status of 404'));
  if (unexpected.length) throw new Error(unexpected.join('\n  '));
  await context.close();
});

await check('the Spanish one-file lesson opened from file:// shows the Spanish words', async () => {
  const file = resolve(dir, 'attention-lesson-offline-es.html');
  const { context, page, problems } = await open(pathToFileURL(file).href, { width: 1000, height: 900 });
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== 'es') throw new Error(`lang "${lang}"`);
  if (await page.$('.language-switch')) throw new Error('the offline file links to a page that is not beside it');
  await page.waitForFunction(() => document.querySelector('div[data-attention-widget] [aria-live]')?.textContent, null, { timeout: 60000 });
  const name = await labelOf(page, 'div[data-attention-widget]');
  if (!name.startsWith('Widget interactivo de atención')) throw new Error(`the first widget's name: "${name}"`);
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await browser.close();
server.close();
if (failures) { console.log(`${failures} check(s) failed`); process.exit(1); }
console.log('all locale checks passed');
