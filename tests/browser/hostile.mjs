// Misuse of the embedding surface, in headless Chromium, across three origins:
//   W    = http://127.0.0.1:A  serves the widget; its widget.html allows only OK as a parent
//          (widget-any.html is the same page with the setting left empty: any parent);
//   OK   = http://127.0.0.1:B  an allowed host;
//   BAD  = http://localhost:B  a host not in the list (another origin, same server).
// Tries wrong-shape messages (null, strings, arrays, numbers, wrong type, unknown scene, a state
// that is not a string, a 1 MB state, markup, __proto__/constructor keys, extra keys), valid
// messages from a sibling frame, from the opener of a popup and from a disallowed origin, forged
// resize messages, markup and script-like text in the widget's query and fragment and in the
// lesson page's query and fragment. Only the well-formed message from the allowed parent may
// change the widget; nothing may become HTML (no element with onerror, window.__pwned stays
// undefined); nothing may be logged as an error; the widget must still draw.
// usage: node hostile.mjs SITE_DIR OUT_DIR
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, serve, watchPage, waitForFirstFrame, passes } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node hostile.mjs SITE_DIR OUT_DIR'); process.exit(2); }

// A copy of the site, so the configured widget.html never lands in the build's own site folder.
const site = join(out, 'site');
rmSync(site, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(dir, site, { recursive: true, filter: (src) => !src.endsWith('attention-lesson-offline.html') });
mkdirSync(join(site, 'tests'), { recursive: true });
for (const page of ['hostile.html', 'hostile-sibling.html']) {
  cpSync(join(here, 'fixtures', page), join(site, 'tests', page));
}

const widgetServer = await serve(site);
const hostServer = await serve(site);
const W = widgetServer.origin;
const OK = hostServer.origin;
const BAD = OK.replace('127.0.0.1', 'localhost');

const template = readFileSync(join(site, 'widget.html'), 'utf8');
const META = /(<meta name="attention-widget-allowed-origins" content=")(")/;
if (!META.test(template)) throw new Error('widget.html has no empty <meta name="attention-widget-allowed-origins">');
writeFileSync(join(site, 'widget-any.html'), template);
writeFileSync(join(site, 'widget.html'), template.replace(META, `$1${OK}$2`));

const MARKUP = '<img src=x onerror="window.__pwned=1;parent.__pwned=1"><script>window.__pwned=1</script>';
const SETTLE_MS = 1500;  // a state applied by a message is published within a frame or two
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

const browser = await launch();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

function watch(page) {
  const problems = watchPage(page);
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  return { problems, warnings };
}
const liveText = (frame) => frame.evaluate(() => document.querySelector('[aria-live]')?.textContent || '');
const hostUrl = (widget, extra = {}) => {
  const params = new URLSearchParams({ widget });
  for (const sibling of extra.siblings || []) params.append('sibling', sibling);
  if (extra.embed) params.set('embed', extra.embed);
  return `${extra.host || OK}/tests/hostile.html?${params}`;
};

// Nothing from markup became an element, ran, or polluted a prototype.
async function assertNoMarkup(frame, where) {
  const found = await frame.evaluate(() => ({
    handlers: document.querySelectorAll('[onerror], [onload]').length,
    images: Array.from(document.images).filter((img) => /(^|\/)x$/.test(img.getAttribute('src') || '')).length,
    inlineScripts: Array.from(document.scripts).filter((s) => !s.src && /__pwned/.test(s.textContent)).length,
    pwned: typeof window.__pwned,
    polluted: typeof ({}).polluted,
  }));
  if (found.handlers || found.images || found.inlineScripts || found.pwned !== 'undefined' || found.polluted !== 'undefined') {
    throw new Error(`${where}: markup took effect: ${JSON.stringify(found)}`);
  }
}

async function widgetFrame(page) {
  const frame = await (await page.waitForSelector('#widget')).contentFrame();
  await waitForFirstFrame(frame);
  await frame.waitForFunction(() => document.querySelector('[aria-live]')?.textContent, null, { timeout: 10000 });
  return frame;
}
const fromWidget = (page, type) =>
  page.evaluate((t) => window.received.filter((m) => m.fromWidget && m.data && m.data.type === t).map((m) => m.data), type);

// Every wrong-shape message; each one names 'quiz', so a partly applied message would show.
function postWrongShapes(markup) {
  const target = document.querySelector('#widget').contentWindow;
  const set = 'attention-widget:set';
  const messages = [
    null, undefined, 42, true, set, JSON.stringify({ type: set, scene: 'quiz' }), [set, 'quiz'],
    Object.assign([set], { type: set, scene: 'quiz' }), new Map([['type', set], ['scene', 'quiz']]), new Date(0), {},
    { scene: 'quiz' }, { type: 'attention-widget:sett', scene: 'quiz' }, { type: 'ATTENTION-WIDGET:SET', scene: 'quiz' },
    { type: [set], scene: 'quiz' }, { type: set }, { type: set, scene: 'nowhere' }, { type: set, scene: 'Quiz' },
    { type: set, scene: ['quiz'] }, { type: set, scene: markup }, { type: set, scene: 'quiz', state: 42 },
    { type: set, scene: 'quiz', state: ['scene=quiz'] }, { type: set, scene: 'quiz', state: null },
    { type: set, scene: 'quiz', state: 'scene=quiz&' + 'x'.repeat(1 << 20) },
    { type: set, scene: 'quiz', state: 'scene=quiz'.padEnd(4097, '&') },
    { type: set, state: markup }, { type: set, state: 'scene=quiz&' + markup },
    { type: set, scene: 'quiz', extra: 1 }, { type: set, scene: 'quiz', description: markup },
    JSON.parse('{"type": "attention-widget:set", "scene": "quiz", "__proto__": {"polluted": "yes"}}'),
    JSON.parse('{"type": "attention-widget:set", "scene": "quiz", "constructor": {"prototype": {"polluted": "yes"}}}'),
    { type: 'attention-widget:change', state: 'scene=quiz', description: markup },
    { type: 'attention-widget:resize', height: 4321 },
  ];
  messages.forEach((message) => target.postMessage(message, '*'));
  return messages.length;
}

// From a frame beside the widget: valid messages to the widget, a forged resize to the host.
function postFromSibling() {
  const widget = parent.frames[0];
  widget.postMessage({ type: 'attention-widget:set', scene: 'quiz' }, '*');
  widget.postMessage({ type: 'attention-widget:set', state: 'scene=mask&mask.causal=0' }, '*');
  parent.postMessage({ type: 'attention-widget:resize', height: 4321 }, '*');
}

for (const [widgetPage, host, configured] of [['widget.html', OK, true], ['widget-any.html', BAD, false]]) {
  await check(`${widgetPage} (${configured ? 'allows ' + OK : 'any parent'}) framed by ${host}: only the parent's well-formed message counts`, async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    const page = await context.newPage();
    const { problems, warnings } = watch(page);
    await page.goto(hostUrl(`${W}/${widgetPage}?scene=caveats`, {
      host, embed: `${W}/embed.js`, siblings: [`${BAD}/tests/hostile-sibling.html`, `${OK}/tests/hostile-sibling.html`],
    }));
    const frame = await widgetFrame(page);
    await page.waitForFunction(() => window.received.some((m) => m.fromWidget && m.data?.type === 'attention-widget:ready') &&
                                     window.received.some((m) => m.fromWidget && m.data?.type === 'attention-widget:change'),
                               null, { timeout: 10000 })
      .catch(() => { throw new Error('the host heard no ready and change messages from the widget'); });
    const initial = (await fromWidget(page, 'attention-widget:change')).at(-1).state;
    const before = await liveText(frame);
    if (!/scene=caveats/.test(initial)) throw new Error(`unexpected first state "${initial}"`);

    const sent = await page.evaluate(postWrongShapes, MARKUP);
    const siblings = page.frames().filter((f) => new URL(f.url()).pathname.endsWith('/hostile-sibling.html'));
    if (siblings.length !== 2) throw new Error(`expected 2 sibling frames, found ${siblings.length}`);
    for (const sibling of siblings) await sibling.evaluate(postFromSibling);
    await sleep(SETTLE_MS);
    const leaked = (await fromWidget(page, 'attention-widget:change')).map((m) => m.state).filter((s) => s !== initial);
    if (leaked.length) throw new Error(`a rejected message changed the widget: ${JSON.stringify(leaked)}`);
    if (await liveText(frame) !== before) throw new Error(`the live text changed: "${await liveText(frame)}"`);
    await assertNoMarkup(frame, 'widget');
    await assertNoMarkup(page, 'host');

    // The one message that may act: well-formed, from the parent; the learner's typed answer
    // holds markup, which the accessible mirror must show as text.
    const valid = `scene=quiz&quiz.q1.typed=${encodeURIComponent(MARKUP)}`;
    await page.evaluate((state) => document.querySelector('#widget').contentWindow.postMessage(
      { type: 'attention-widget:set', state }, '*'), valid);
    await page.waitForFunction(() => window.received.some((m) => m.fromWidget && /quiz\.q1\.typed=/.test(m.data?.state || '')),
                               null, { timeout: 10000 })
      .catch(() => { throw new Error('the well-formed message from the parent did not change the widget'); });
    // The live sentence says an answer was typed; the table beside it holds the words.
    const after = await frame.evaluate(() => document.querySelector('[aria-live]').parentElement.textContent);
    if (!after.includes('<img src=x onerror=')) throw new Error(`the typed markup is not shown as text: "${after}"`);
    await assertNoMarkup(frame, 'widget after the typed markup');
    await assertNoMarkup(page, 'host after the typed markup');

    const height = await page.evaluate(() => document.querySelector('#widget').getBoundingClientRect().height);
    if (Math.round(height) === 4321) throw new Error('a sibling frame resized the widget\'s iframe');
    if (height < 300) throw new Error(`the widget's own resize messages did not reach the host's loader (height ${height})`);
    await waitForFirstFrame(frame);
    if (problems.length) throw new Error(problems.join('\n  '));
    const ignored = warnings.filter((w) => /Attention widget: ignoring/.test(w));
    console.log(`  ${sent} wrong-shape messages and 2 siblings ignored; iframe ${Math.round(height)}px; ` +
                `warnings: ${ignored.map((w) => w.slice(0, 70)).join(' | ')}`);
    await context.close();
  });
}

await check(`widget.html allowing ${OK}, framed by ${BAD}: the framer can neither drive it nor hear from it`, async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const { problems, warnings } = watch(page);
  await page.goto(hostUrl(`${W}/widget.html?scene=caveats`, { host: BAD, embed: `${W}/embed.js` }));
  const frame = await widgetFrame(page);
  const before = await liveText(frame);
  await page.evaluate(() => {
    const target = document.querySelector('#widget').contentWindow;
    target.postMessage({ type: 'attention-widget:set', scene: 'quiz' }, '*');
    target.postMessage({ type: 'attention-widget:set', state: 'scene=mask&mask.causal=0' }, '*');
  });
  await sleep(SETTLE_MS);
  if (await liveText(frame) !== before) throw new Error(`a disallowed parent changed the widget: "${await liveText(frame)}"`);
  const heard = await page.evaluate(() => window.received.filter((m) => m.fromWidget).map((m) => m.data?.type));
  if (heard.length) throw new Error(`the widget posted to a disallowed parent: ${heard.join(', ')}`);
  const height = await page.evaluate(() => document.querySelector('#widget').getBoundingClientRect().height);
  if (height > 200) throw new Error(`the iframe was resized (${height}px) though the widget must not talk to this parent`);
  await waitForFirstFrame(frame);
  await assertNoMarkup(frame, 'widget');
  if (problems.length) throw new Error(problems.join('\n  '));
  const said = warnings.find((w) => /not in attention-widget-allowed-origins/.test(w));
  console.log(`  unchanged, silent; ${said ? 'warned: ' + said.slice(0, 100) : 'warning not seen from the frame'}`);
  await context.close();
});

await check('a popup\'s opener cannot drive the widget (it is not framed)', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${OK}/tests/hostile-sibling.html`);
  for (const widgetPage of ['widget.html', 'widget-any.html']) {
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate((url) => { window.popup = window.open(url, '_blank'); }, `${W}/${widgetPage}?scene=caveats`),
    ]);
    const { problems } = watch(popup);
    await waitForFirstFrame(popup);
    await popup.waitForFunction(() => /scene=caveats/.test(location.hash), null, { timeout: 10000 });
    const before = { hash: await popup.evaluate(() => location.hash), text: await liveText(popup) };
    await page.evaluate(() => {
      window.popup.postMessage({ type: 'attention-widget:set', scene: 'quiz' }, '*');
      window.popup.postMessage({ type: 'attention-widget:set', state: 'scene=mask&mask.causal=0' }, '*');
    });
    await sleep(SETTLE_MS);
    const after = { hash: await popup.evaluate(() => location.hash), text: await liveText(popup) };
    if (after.hash !== before.hash || after.text !== before.text) {
      throw new Error(`${widgetPage}: the opener changed the widget: ${before.hash} -> ${after.hash}`);
    }
    if (problems.length) throw new Error(problems.join('\n  '));
    await popup.close();
  }
  await context.close();
});

const FRAGMENTS = [
  ['markup', `#${MARKUP}`, /ignoring the widget state/],
  ['script-like text', '#scene=quiz&javascript:window.__pwned=1//<svg/onload=window.__pwned=1>', /ignoring the widget state/],
  ['a 10 000-character state', `#scene=quiz&quiz.q1.typed=${'a'.repeat(10000)}`, /longer than 4096/],
];
for (const [what, fragment, warning] of FRAGMENTS) {
  await check(`widget.html with ${what} in its URL: ignored with a warning, never HTML`, async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    const { problems, warnings } = watch(page);
    const query = new URLSearchParams({ scene: MARKUP, theme: '<script>window.__pwned=1</script>' });
    await page.goto(`${W}/widget.html?${query}${fragment}`);
    await waitForFirstFrame(page);
    await page.waitForFunction(() => document.querySelector('[aria-live]')?.textContent, null, { timeout: 10000 });
    const warned = warnings.find((w) => warning.test(w));
    if (!warned) throw new Error(`no warning matching ${warning}; saw ${JSON.stringify(warnings)}`);
    const shown = await page.evaluate(() => ({
      hash: location.hash, label: document.querySelector('.attn-stage').getAttribute('aria-label'), title: document.title,
      theme: document.documentElement.dataset.theme,
    }));
    if (/quiz/.test(shown.hash) || /[<>]/.test(shown.label + shown.title) || shown.theme) {
      throw new Error(`the URL leaked into the page: ${JSON.stringify(shown)}`);
    }
    await assertNoMarkup(page, 'widget');
    if (problems.length) throw new Error(problems.join('\n  '));
    console.log(`  ${warned.slice(0, 110)}`);
    await context.close();
  });
}

await check('a framed widget.html with markup in its fragment: never HTML, the host unharmed', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const { problems } = watch(page);
  await page.goto(hostUrl(`${W}/widget.html?scene=caveats#${encodeURIComponent(MARKUP)}`));
  const frame = await widgetFrame(page);
  await assertNoMarkup(frame, 'widget');
  await assertNoMarkup(page, 'host');
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await check('the lesson page with markup in its query and fragment: never HTML, its widgets draw', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { problems } = watch(page);
  const query = new URLSearchParams({ scene: MARKUP, state: 'scene=quiz', q: '"><script>window.__pwned=1</script>' });
  await page.goto(`${W}/index.html?${query}#${MARKUP}`);
  const slot = await page.waitForSelector('div[data-attention-widget] canvas', { timeout: 30000 });
  await slot.scrollIntoViewIfNeeded();
  await waitForFirstFrame(page);
  await assertNoMarkup(page, 'lesson page');
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await browser.close();
widgetServer.server.close();
hostServer.server.close();
console.log(failures ? `browser hostile: ${failures} failed` : 'browser hostile: all passed');
process.exit(failures ? 1 : 0);
