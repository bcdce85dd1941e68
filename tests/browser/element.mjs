// <attention-widget>, the embed options and the lifecycle events, in headless Chromium:
// - two custom elements, a div embed and an iframe on one page all start; their events arrive on
//   each (ready, change with the quick check's progress; the iframe's through embed.js);
// - attributes set later change the running widget (scene, chrome); the element's own methods work;
// - scenes and chrome: the widget offers only the listed scenes, and without its bar is shorter;
// - every option's validation: a wrong name or value (markup, 1 MB, unknown scenes, a javascript:
//   URL) is ignored with one warning naming it, and the widget still starts;
// - the page's correction link carries what the widget the learner changed last shows;
// - without WebGL 2 the element keeps its fallback and fires an error event with a reason.
// usage: node element.mjs SITE_DIR OUT_DIR
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, serve, watchPage, passes } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node element.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });
mkdirSync(join(dir, 'tests'), { recursive: true });
copyFileSync(join(here, 'fixtures', 'element.html'), join(dir, 'tests', 'element.html'));

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}
const frames = (page, id) => page.evaluate((sel) => {
  const node = document.getElementById(sel);
  const canvas = node.tagName === 'IFRAME' ? node.contentDocument.querySelector('canvas') : node.querySelector('canvas');
  return Number(canvas?.dataset.frames || 0);
}, id);
async function started(page, id) {
  await page.waitForFunction((sel) => {
    const node = document.getElementById(sel);
    const doc = node.tagName === 'IFRAME' ? node.contentDocument : document;
    const canvas = node.tagName === 'IFRAME' ? doc && doc.querySelector('canvas') : node.querySelector('canvas');
    return canvas && Number(canvas.dataset.frames) >= 1;
  }, id, { timeout: 60000 }).catch(() => { throw new Error(`${id} did not start`); });
}
// A widget scrolled out of view draws nothing, so reports nothing: each step looks at its widget.
const show = (page, id) => page.evaluate((sel) => document.getElementById(sel).scrollIntoView({ block: 'start' }), id);
// The next change event on `id` after `action` runs in the page, with its detail.
async function changeAfter(page, id, action) {
  await show(page, id);
  const seen = await page.evaluate(() => window.widgetEvents.length);
  await page.evaluate(action);
  await page.waitForFunction(([sel, from]) => window.widgetEvents.slice(from).some((e) => e.type === 'change' && e.target === sel),
                             [id, seen], { timeout: 15000 }).catch(() => { throw new Error(`no change event on ${id}`); });
  return page.evaluate(([sel, from]) => window.widgetEvents.slice(from).filter((e) => e.type === 'change' && e.target === sel).pop().detail,
                       [id, seen]);
}
const contentHeight = (page, id) => page.evaluate((sel) => document.getElementById(sel).getBoundingClientRect().height, id);

const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
const page = await context.newPage();
const problems = watchPage(page);
const warnings = [];
page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
await page.goto(`${origin}/tests/element.html`);

await check('two custom elements, a div embed and an iframe all start, each with ready and change events', async () => {
  for (const id of ['masked', 'figure', 'plain', 'framed']) await started(page, id);
  await page.waitForFunction(() => ['masked', 'figure', 'plain', 'framed'].every((id) =>
    window.widgetEvents.some((e) => e.type === 'ready' && e.target === id) &&
    window.widgetEvents.some((e) => e.type === 'change' && e.target === id)), null, { timeout: 15000 })
    .catch(async () => { throw new Error(`events: ${JSON.stringify(await page.evaluate(() => window.widgetEvents.map((e) => `${e.type}@${e.target}`)))}`); });
  const fallback = await page.evaluate(() => document.getElementById('masked-fallback') !== null &&
                                              document.getElementById('masked-fallback').isConnected);
  if (fallback) throw new Error('the element kept its fallback after the widget started');
  const first = await page.evaluate(() => window.widgetEvents.find((e) => e.type === 'change' && e.target === 'masked').detail);
  if (!/^scene=mask/.test(first.state)) throw new Error(`scene="mask" opened "${first.state}"`);
  const framed = await page.evaluate(() => window.widgetEvents.find((e) => e.type === 'change' && e.target === 'framed').detail);
  if (!/^scene=quiz/.test(framed.state) || typeof framed.description !== 'string') {
    throw new Error(`the iframe's change event: ${JSON.stringify(framed)}`);
  }
  writeFileSync(join(out, 'element-host.png'), await page.screenshot({ fullPage: true }));
});

await check('a later scene attribute and the element\'s own methods change the running widget', async () => {
  let detail = await changeAfter(page, 'masked', () => document.getElementById('masked').setAttribute('scene', 'combine'));
  if (!/^scene=combine/.test(detail.state)) throw new Error(`setAttribute('scene', 'combine') gave "${detail.state}"`);
  detail = await changeAfter(page, 'masked', () => document.getElementById('masked').setScene('caveats'));
  if (!/^scene=caveats/.test(detail.state)) throw new Error(`el.setScene('caveats') gave "${detail.state}"`);
  detail = await changeAfter(page, 'masked', () => document.getElementById('masked')
    .setAttribute('state', 'scene=quiz&quiz.q1.choice=2&quiz.q1.revealed=1&quiz.q2.choice=1'));
  if (!/^scene=quiz/.test(detail.state)) throw new Error(`a later state attribute gave "${detail.state}"`);
  const progress = detail.progress;
  if (!progress || progress.answered !== 2 || progress.revealed !== 1 || progress.correct !== 1 || progress.questions !== 2) {
    throw new Error(`progress after one right, revealed answer and one wrong one: ${JSON.stringify(progress)}`);
  }
});

await check('scenes: the widget offers only the listed scenes, and refuses another with a warning', async () => {
  const first = await page.evaluate(() => window.widgetEvents.find((e) => e.type === 'change' && e.target === 'figure').detail);
  if (!/^scene=combine/.test(first.state)) throw new Error(`scenes="combine,quiz" opened "${first.state}"`);
  const before = warnings.length;
  await page.evaluate(() => document.getElementById('figure').setScene('mask'));
  await page.waitForFunction(() => true);
  await new Promise((done) => setTimeout(done, 500));
  const said = warnings.slice(before).join('\n');
  if (!/ignoring scene "mask": this widget offers only combine, quiz/.test(said)) throw new Error(`warnings: ${said}`);
  const detail = await changeAfter(page, 'figure', () => document.getElementById('figure').setScene('quiz'));
  if (!/^scene=quiz/.test(detail.state)) throw new Error(`setScene('quiz') gave "${detail.state}"`);
});

await check('chrome="none" draws no bar: the widget grows when the attribute asks for one', async () => {
  await show(page, 'figure');
  const bare = await contentHeight(page, 'figure');
  await page.evaluate(() => document.getElementById('figure').setAttribute('chrome', 'full'));
  await page.waitForFunction(([sel, h]) => document.getElementById(sel).getBoundingClientRect().height > h + 20,
                             ['figure', bare], { timeout: 10000 })
    .catch(async () => { throw new Error(`height ${bare} px without the bar, ${await contentHeight(page, 'figure')} px with it`); });
  const full = await contentHeight(page, 'figure');
  await page.evaluate(() => document.getElementById('figure').setAttribute('chrome', 'none'));
  await page.waitForFunction(([sel, h]) => document.getElementById(sel).getBoundingClientRect().height < h - 20,
                             ['figure', full], { timeout: 10000 })
    .catch(() => { throw new Error('the bar stayed after chrome went back to none'); });
  console.log(`  ${bare} px without the bar, ${full} px with it`);
});

await check('the page\'s correction link carries the report of the widget changed last', async () => {
  await changeAfter(page, 'plain', () => AttentionWidget.get(document.getElementById('plain')).setState('scene=combine&combine.weight=0.3'));
  const href = await page.evaluate(() => {
    const link = document.getElementById('correct');
    let seen = '';
    document.addEventListener('click', (event) => { seen = link.href; event.preventDefault(); }, { once: true });
    link.click();
    return seen;
  });
  if (!href.startsWith('mailto:author@example.org?subject=')) throw new Error(`the link went to ${href}`);
  const body = decodeURIComponent(href.split('&body=')[1] || '');
  if (!/widget\.html#scene=combine&combine\.weight=0\.3/.test(body)) throw new Error(`the report names no link to the state: ${body}`);
  if (!/0\.3/.test(body.split('\n\n')[1] || '')) throw new Error(`the report has no mirror sentence: ${body}`);
});

await check('wrong options are ignored with one warning each, naming the option, and the widget starts', async () => {
  const before = warnings.length;
  const huge = 'x'.repeat(1 << 20);
  await page.evaluate((big) => {
    const element = document.createElement('attention-widget');
    element.id = 'wrong';
    for (const [name, value] of [['scenes', 'combine,quizz'], ['theme', 'purple'], ['chrome', 'nah'], ['controls', 'share'],
                                 ['locale', 'xx'], ['corrections', 'javascript:alert(1)'], ['scnee', 'mask'],
                                 ['state', '<img src=x onerror=alert(1)>'], ['start', 'eager'], ['scene', big]]) {
      element.setAttribute(name, value);
    }
    element.textContent = 'Fallback';
    document.body.appendChild(element);
  }, huge);
  await started(page, 'wrong');
  await new Promise((done) => setTimeout(done, 500));
  const said = warnings.slice(before);
  const expect = [/ignoring option scenes="combine,quizz": "quizz" is not a scene/, /ignoring option theme="purple"/,
                  /ignoring option chrome="nah": it takes full, menu or none/, /ignoring option controls="share"/,
                  /ignoring option locale="xx"/, /ignoring option corrections="javascript:alert\(1\)"/,
                  /ignoring attribute "scnee": there is no such option/, /ignoring the widget state in the link/,
                  /ignoring option scene: it is longer than 4096 characters/];
  for (const pattern of expect) {
    const matching = said.filter((text) => pattern.test(text));
    if (matching.length !== 1) throw new Error(`${matching.length} warnings match ${pattern}:\n  ${said.join('\n  ')}`);
  }
  if (said.some((text) => text.length > 400)) throw new Error('a warning echoes a huge value');
  const injected = await page.evaluate(() => document.querySelectorAll('img').length);
  if (injected) throw new Error('markup from an attribute became an element');
  const opened = await page.evaluate(() => window.widgetEvents.filter((e) => e.type === 'change' && e.target === 'wrong').pop().detail.state);
  if (!/^scene=compare/.test(opened)) throw new Error(`with every option wrong the widget opened "${opened}"`);
});

await check('the iframe relays change events for the host; an unknown URL parameter is warned about', async () => {
  await show(page, 'framed');
  const frame = await (await page.$('#framed')).contentFrame();
  const seen = await page.evaluate(() => window.widgetEvents.filter((e) => e.target === 'framed').length);
  await frame.evaluate(() => AttentionWidget.get(document.querySelector('main')).setScene('mask'));
  await page.waitForFunction((from) => window.widgetEvents.slice(from).some((e) => e.target === 'framed' && e.type === 'change' &&
                                                                          /^scene=mask/.test(e.detail.state)), seen, { timeout: 15000 })
    .catch(() => { throw new Error('no change event on the iframe after its scene changed'); });
  const other = await context.newPage();
  const said = [];
  other.on('console', (msg) => { if (msg.type() === 'warning') said.push(msg.text()); });
  await other.goto(`${origin}/widget.html?scene=mask&colour=red`);
  await other.waitForFunction(() => Number(document.querySelector('canvas')?.dataset.frames) >= 1, null, { timeout: 60000 });
  if (!said.some((text) => /ignoring URL parameter "colour": there is no such option/.test(text))) {
    throw new Error(`warnings: ${said.join('\n  ')}`);
  }
  await other.close();
});

await check('without WebGL 2 the element keeps its fallback and fires an error event with a reason', async () => {
  const bare = await browser.newContext();
  const bad = await bare.newPage();
  await bad.addInitScript(() => { delete window.WebGL2RenderingContext; });
  await bad.goto(`${origin}/tests/element.html`);
  await bad.waitForFunction(() => window.widgetEvents.some((e) => e.type === 'error' && e.target === 'masked'), null, { timeout: 15000 })
    .catch(() => { throw new Error('no error event'); });
  const result = await bad.evaluate(() => ({
    detail: window.widgetEvents.find((e) => e.type === 'error' && e.target === 'masked').detail,
    fallback: !!document.getElementById('masked-fallback'),
  }));
  if (result.detail.reason !== 'no-webgl2' || !/WebGL 2/.test(result.detail.message)) throw new Error(JSON.stringify(result.detail));
  if (!result.fallback) throw new Error('the fallback is gone');
  await bare.close();
});

await check('custom-elements.json describes the element as it is defined', async () => {
  const manifest = JSON.parse(readFileSync(join(dir, 'custom-elements.json'), 'utf8'));
  const declaration = manifest.modules[0].declarations.find((d) => d.tagName === 'attention-widget');
  const observed = await page.evaluate(() => customElements.get('attention-widget').observedAttributes);
  const described = declaration.attributes.map((a) => a.name);
  for (const name of observed) if (!described.includes(name)) throw new Error(`attribute ${name} is not in the manifest`);
  const methods = await page.evaluate(() => Object.getOwnPropertyNames(customElements.get('attention-widget').prototype));
  for (const member of declaration.members) if (!methods.includes(member.name)) throw new Error(`the element has no ${member.name}()`);
  for (const name of ['setScene', 'setState', 'setOption', 'play', 'pause', 'seek']) {
    if (!declaration.members.some((m) => m.name === name)) throw new Error(`the manifest has no ${name}()`);
  }
});

const serious = problems.filter((text) => !/fix\.example|mailto/.test(text));
await check('no page errors', async () => { if (serious.length) throw new Error(serious.join('\n  ')); });
await context.close();
await browser.close();
server.close();
process.exit(failures ? 1 : 0);
