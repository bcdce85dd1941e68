// Predict, then see, in the browser: a learner predicts with the keyboard (the parallel DOM's
// radios and buttons) and with a finger on a phone, the page hears each prediction as an
// attention-widget-prediction event, and a link restores what was predicted.
// - keyboard: Tab-free, as a screen reader user does it: focus the "bus" radio, Space, focus
//   "Sure", Space; the event says compare / compare.strongest / bus / sure / right, with the time
//   it took; the weights were not in the live region before, and are after;
// - the second question, once the first is answered: the "toward 10" radio under the output, Space,
//   "Think so", Space; the event says compare.longer / toward 10 / think-so / right, the query
//   doubles and the live region reads the output it moved to;
// - touch, 390 px at DPR 2: a tap on the "shop" row and one on "Guessing" make a wrong guess,
//   whose event says so;
// - the page's link (its #fragment) opened in a new tab shows the reveal, not the question, and
//   tells the host nothing new;
// - Skip is told as a skipped prediction; "Ask me again" asks again;
// - predictions=off shows the results at once; the quick check's record downloads as a text file;
// - an embedding page's iframe (embed.js) hears the event from its widget.
// usage: node predict.mjs SITE_DIR OUT_DIR
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openWidgetPage, serve, watchPage, waitForFirstFrame, passes, settle } from './browser.mjs';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node predict.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });
mkdirSync(join(dir, 'tests'), { recursive: true });
copyFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'host.html'), join(dir, 'tests', 'host.html'));

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// Keeps every prediction event the page hears, and the live region's sentences.
const LISTEN = () => {
  window.__predictions = [];
  document.addEventListener('attention-widget-prediction', (e) => { window.__predictions.push(e.detail); }, true);
};

const open = (query, contextOptions = { viewport: { width: 1280, height: 900 } }) =>
  openWidgetPage(browser, origin, query, contextOptions, LISTEN);

const predictions = (page) => page.evaluate(() => window.__predictions);
const hash = (page) => page.evaluate(() => location.hash);
const live = (page) => page.evaluate(() => document.querySelector('[aria-live]')?.textContent || '');

async function waitForPredictions(page, count) {
  await page.waitForFunction((n) => window.__predictions.length >= n, count, { timeout: 10000 });
  return predictions(page);
}

function expectEvent(event, want) {
  for (const [key, value] of Object.entries(want)) {
    if (event[key] !== value) throw new Error(`${key} is ${JSON.stringify(event[key])}, not ${JSON.stringify(value)}: ${JSON.stringify(event)}`);
  }
  if (!(typeof event.latency === 'number' && event.latency > 0 && event.latency < 600)) {
    throw new Error(`latency ${event.latency}`);
  }
}

let link = '';

await check('by keyboard: the bus radio, Space, then Sure and Space: the event says right, and the weights show', async () => {
  const { context, page, problems } = await open('scene=compare');
  const before = await live(page);
  if (!/most weight\?/.test(before)) throw new Error(`the live region does not ask: "${before}"`);
  if (/0\.48/.test(before)) throw new Error(`the live region gives the weight away: "${before}"`);
  const sure = page.getByRole('button', { name: 'Sure', exact: true });
  if (!(await sure.isDisabled().catch(() => false)) && (await sure.getAttribute('aria-disabled')) !== 'true') {
    throw new Error('Sure is not disabled before a pick');
  }
  const bus = page.getByRole('radio', { name: 'bus', exact: true });
  await bus.focus();
  await settle(page);
  await page.keyboard.press('Space');
  await settle(page);
  if (await bus.getAttribute('aria-checked') !== 'true') throw new Error('Space did not pick bus');
  await page.getByRole('button', { name: 'Sure', exact: true }).focus();
  await settle(page);
  await page.keyboard.press('Space');
  const [event] = await waitForPredictions(page, 1);
  expectEvent(event, { scene: 'compare', question: 'compare.strongest', prediction: 'bus', confidence: 'sure',
                       skipped: false, correct: true });
  await settle(page);
  if (!/compare\.predict=2_3r/.test(await hash(page))) throw new Error(`the link: ${await hash(page)}`);
  const after = await live(page);
  if (!/0\.48/.test(after)) throw new Error(`the live region does not give the weights after the reveal: "${after}"`);
  if (await page.getByRole('radio', { name: 'bus', exact: true }).count() !== 0) throw new Error('the pick is still offered');
  link = await hash(page);
  await page.screenshot({ path: join(out, 'predict-keyboard-1280.png') });
  if (problems.length) throw new Error(problems.join('\n'));
  await context.close();
});

await check('the second question by keyboard: toward 10, Think so: the query doubles and the output moves toward 10', async () => {
  const { context, page, problems } = await open('scene=compare#scene=compare&compare.predict=2_3r');
  await page.waitForFunction(() => /twice as long/.test(document.querySelector('[aria-live]')?.textContent || ''), null,
                             { timeout: 10000 });
  if (!/Output 12\.79/.test(await live(page))) throw new Error(`the live region: "${await live(page)}"`);
  const toward = page.getByRole('radio', { name: /toward 10/ });
  if (await toward.count() !== 1 || await page.getByRole('radio', { name: /away from 10/ }).count() !== 1) {
    throw new Error('the two picks are not offered');
  }
  await toward.focus();
  await settle(page);
  await page.keyboard.press('Space');
  await settle(page);
  if (await toward.getAttribute('aria-checked') !== 'true') throw new Error('Space did not pick toward 10');
  await page.getByRole('button', { name: 'Think so', exact: true }).focus();
  await settle(page);
  await page.keyboard.press('Space');
  const [event] = await waitForPredictions(page, 1);
  expectEvent(event, { scene: 'compare', question: 'compare.longer', prediction: 'toward 10', confidence: 'think-so',
                       skipped: false, correct: true });
  await settle(page);
  const after = await hash(page);
  if (!/compare\.longer\.predict=1_2r/.test(after) || !/compare\.query=2,0/.test(after)) throw new Error(`the link: ${after}`);
  if (!/Output 12\.34/.test(await live(page))) throw new Error(`the live region after: "${await live(page)}"`);
  await page.screenshot({ path: join(out, 'predict-longer-1280.png') });
  if (problems.length) throw new Error(problems.join('\n'));
  await context.close();
});

await check('by touch on a phone: a tap on the shop row and one on Guessing make a wrong guess', async () => {
  const { context, page, problems } = await open('scene=compare', {
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const tapOn = async (locator) => {
    await locator.scrollIntoViewIfNeeded();
    await settle(page);
    const box = await locator.boundingBox();
    if (!box) throw new Error('no box to tap');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await settle(page);
  };
  await page.screenshot({ path: join(out, 'predict-ask-390.png') });
  await tapOn(page.getByRole('radio', { name: 'shop', exact: true }));
  if (await page.getByRole('radio', { name: 'shop', exact: true }).getAttribute('aria-checked') !== 'true') {
    throw new Error('the tap did not pick shop');
  }
  await tapOn(page.getByRole('button', { name: 'Guessing', exact: true }));
  const [event] = await waitForPredictions(page, 1);
  expectEvent(event, { prediction: 'shop', confidence: 'guessing', correct: false, skipped: false });
  await settle(page);
  await page.screenshot({ path: join(out, 'predict-reveal-390.png') });
  if (problems.length) throw new Error(problems.join('\n'));
  await context.close();
});

await check('the link opens on the reveal, and tells the host nothing new', async () => {
  if (!link) throw new Error('no link from the first check');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(LISTEN);
  const page = await context.newPage();
  await page.goto(`${origin}/widget.html${link}`);
  await waitForFirstFrame(page);
  await page.waitForFunction(() => document.querySelectorAll('.attn-stage [role][tabindex]').length > 5);
  await settle(page);
  if (await page.getByRole('button', { name: 'Ask me again' }).count() !== 1) throw new Error('no "Ask me again"');
  if (await page.getByRole('radio', { name: 'bus', exact: true }).count() !== 0) throw new Error('the question is open again');
  if ((await predictions(page)).length !== 0) throw new Error(`events: ${JSON.stringify(await predictions(page))}`);
  await context.close();
});

await check('Skip is told as a skipped prediction, and "Ask me again" asks again', async () => {
  const { context, page } = await open('scene=compare');
  await page.getByRole('button', { name: 'Skip', exact: true }).dispatchEvent('click');
  const [event] = await waitForPredictions(page, 1);
  expectEvent(event, { skipped: true, prediction: '', confidence: '', correct: false });
  await settle(page);
  await page.getByRole('button', { name: 'Ask me again' }).dispatchEvent('click');
  await settle(page);
  if (await page.getByRole('radio', { name: 'bus', exact: true }).count() !== 1) throw new Error('not asked again');
  await context.close();
});

await check('predictions=off shows the results at once; the quick check\'s record downloads as a text file', async () => {
  const off = await open('scene=compare&predictions=off');
  if (!/0\.48/.test(await live(off.page))) throw new Error(`predictions=off still asks: "${await live(off.page)}"`);
  if (await off.page.getByRole('radio', { name: 'bus', exact: true }).count() !== 0) throw new Error('a pick is offered');
  await off.context.close();
  const { context, page, problems } = await open('scene=quiz#scene=quiz&compare.predict=2_3r&mask.predict=-_0s', {
    viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const save = page.getByRole('button', { name: 'Save my record', exact: true });
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 10000 }), save.dispatchEvent('click')]);
  if (download.suggestedFilename() !== 'attention-predictions.txt') throw new Error(`the file is ${download.suggestedFilename()}`);
  const text = readFileSync(await download.path(), 'utf8');
  if (!/You predicted 1 of 6 results and got 1 right; you skipped\s+1\./.test(text) || !/You said bus \(sure\): right\./.test(text)) {
    throw new Error(`the record reads:\n${text}`);
  }
  if (problems.length) throw new Error(problems.join('\n'));
  await context.close();
});

await check('a host page\'s iframe hears its widget\'s prediction (embed.js)', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/tests/host.html`);
  await page.evaluate(() => {
    window.__heard = [];
    document.querySelector('#framed').addEventListener('attention-widget-prediction', (e) => window.__heard.push(e.detail));
  });
  const framed = await (await page.$('#framed')).contentFrame();
  await waitForFirstFrame(framed);
  await framed.waitForFunction(() => document.querySelectorAll('.attn-stage [role][tabindex]').length > 5);
  // Its scene is caveats: the host shows Compare, whose question the learner skips. (A widget out of
  // view draws nothing, so its controls wait for it to be scrolled to.)
  await page.locator('#framed').scrollIntoViewIfNeeded();
  await page.evaluate(() => document.querySelector('#framed').contentWindow.postMessage(
    { type: 'attention-widget:set', scene: 'compare' }, window.location.origin));
  // (Caveats asks a question of its own: its Skip must not be the one pressed.)
  await framed.waitForFunction(() => /most weight\?/.test(document.querySelector('[aria-live]')?.textContent || ''));
  await framed.getByRole('button', { name: 'Skip', exact: true }).dispatchEvent('click', {}, { timeout: 10000 });
  await page.waitForFunction(() => window.__heard.length === 1, null, { timeout: 10000 });
  const [heard] = await page.evaluate(() => window.__heard);
  if (heard.question !== 'compare.strongest' || heard.skipped !== true) throw new Error(JSON.stringify(heard));
  if (problems.length) throw new Error(problems.join('\n'));
  await context.close();
});

await browser.close();
server.close();
process.exit(failures ? 1 : 0);
