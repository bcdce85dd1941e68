// Embedding, the accessible mirror, shared links and the offline file, in headless Chromium:
// - a strict-CSP host page with two script-tag embeds and one iframe embed: all render, the
//   iframe follows its content's height, and the authors' API sets a scene;
// - interaction changes the ARIA live text (keyboard and mouse); Tab reaches the controls' elements
//   and, from the canvas, Escape, then Tab, leaves the widget;
// - the state round-trips through the URL fragment; a malformed fragment is ignored with a warning;
// - nothing is requested from another origin;
// - the one-file lesson renders from file:// with no server.
// usage: node embed.mjs SITE_DIR OUT_DIR
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, serve, watchPage, waitForFirstFrame, passes, settle } from './browser.mjs';
import { checkNotBlank } from '../smoke/check_image.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node embed.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });
mkdirSync(join(dir, 'tests'), { recursive: true });
copyFileSync(join(here, 'fixtures', 'host.html'), join(dir, 'tests', 'host.html'));

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}
function foreignRequests(page, allowed) {
  const seen = [];
  page.on('request', (req) => { if (!allowed(req.url())) seen.push(req.url()); });
  return seen;
}
const liveText = (frame) => frame.evaluate(() => document.querySelector('[aria-live]')?.textContent || '');
async function waitForLiveChange(frame, before, what) {
  await frame.waitForFunction((old) => {
    const text = document.querySelector('[aria-live]')?.textContent || '';
    return text !== '' && text !== old;
  }, before, { timeout: 10000 }).catch(() => { throw new Error(`the live region did not change after ${what}: "${before}"`); });
}

await check('a strict-CSP host page runs two script-tag embeds and one iframe that follows its content', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  const foreign = foreignRequests(page, (url) => url.startsWith(origin) || url.startsWith('data:'));
  page.on('console', (msg) => { if (/Content.Security.Policy|CSP/i.test(msg.text())) problems.push(`CSP: ${msg.text()}`); });
  await page.goto(`${origin}/tests/host.html`);
  for (const id of ['first', 'second']) {
    await page.waitForFunction((sel) => Number(document.querySelector(`#${sel} canvas`)?.dataset.frames) >= 1,
                               id, { timeout: 30000 });
  }
  const framed = await (await page.$('#framed')).contentFrame();
  await waitForFirstFrame(framed);
  await page.waitForFunction(() => document.querySelector('#framed').getBoundingClientRect().height > 300, null,
                             { timeout: 10000 })
    .catch(() => { throw new Error('the iframe kept its default height: no resize message arrived'); });
  const heights = await page.evaluate(() => ({
    iframe: document.querySelector('#framed').getBoundingClientRect().height,
    first: document.querySelector('#first canvas').getBoundingClientRect().height,
  }));
  const mirrors = await page.evaluate(() => Array.from(document.querySelectorAll('[aria-live]')).map((n) => n.textContent));
  if (mirrors.length !== 2 || mirrors.some((t) => !t)) throw new Error(`embeds have no live text: ${JSON.stringify(mirrors)}`);
  writeFileSync(join(out, 'host.png'), await page.screenshot({ fullPage: true }));

  const changed = page.evaluate(() => new Promise((done) => {
    document.querySelector('#first').addEventListener('attention-widget-change', (e) => done(e.detail.state), { once: true });
    AttentionWidget.get(document.querySelector('#first')).setScene('quiz');
  }));
  const state = await Promise.race([changed, new Promise((_, fail) => setTimeout(() => fail(new Error('no change event after setScene')), 10000))]);
  if (!/scene=quiz/.test(state)) throw new Error(`setScene('quiz') gave state "${state}"`);
  if (foreign.length) throw new Error(`requests left the origin: ${foreign.join(', ')}`);
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  iframe height ${heights.iframe}px, first embed ${heights.first}px`);
  await context.close();
});

// widget.html starts the wasm compile and the lesson words' downloads from an inline script; its
// comment gives the hash a server's Content-Security-Policy needs. With the hash the script runs and
// the loader takes over what it began; without it the browser refuses the script and the loader does
// the same work itself, later: the widget starts either way.
await check('widget.html under a CSP header: its start script runs with the hash it names, the widget starts without it too', async () => {
  const html = await (await fetch(`${origin}/widget.html`)).text();
  const named = /script-src ('sha256-[A-Za-z0-9+/=]+')/.exec(html);
  if (!named) throw new Error('widget.html names no script hash for a Content-Security-Policy');
  const policy = (extra) => `default-src 'none'; script-src 'self' 'wasm-unsafe-eval'${extra}; style-src 'self'; ` +
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'";
  for (const [label, extra, expectStart] of [['with the hash', ` ${named[1]}`, true], ['without it', '', false]]) {
    const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
    await context.route('**/*', async (route) => {
      const response = await route.fetch();
      return route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy(extra) } });
    });
    const page = await context.newPage();
    const violations = [];
    page.on('console', (msg) => { if (/Content.Security.Policy/i.test(msg.text())) violations.push(msg.text()); });
    await page.addInitScript(() => {
      // The start script's object, seen when the loader takes it over (it then clears the global).
      let start;
      Object.defineProperty(window, 'attentionWidgetStart', {
        configurable: true,
        get() { return start; },
        set(value) { if (value) window.__startedEarly = { wasm: !!value.wasm, text: !!value.text }; start = value; },
      });
    });
    await page.goto(`${origin}/widget.html?scene=mask`);
    await waitForFirstFrame(page);
    const early = await page.evaluate(() => ({ started: window.__startedEarly || null, taken: window.attentionWidgetStart,
                                               canvases: document.querySelectorAll('canvas').length }));
    if (expectStart) {
      if (violations.length) throw new Error(`${label}: ${violations.join('; ')}`);
      if (!early.started || !early.started.wasm || !early.started.text) throw new Error(`${label}: the start script did not run: ${JSON.stringify(early)}`);
      if (early.taken !== null) throw new Error(`${label}: the loader did not take over what the start script began`);
      // The page's text (the heading and the live region, read by screen readers) is hidden only
      // until the first frame.
      await page.waitForFunction(() => !document.documentElement.classList.contains('attn-starting') &&
        document.querySelector('h1').getClientRects().length > 0 && document.querySelector('[aria-live]').getClientRects().length > 0,
      null, { timeout: 5000 }).catch(() => { throw new Error(`${label}: the heading or the live region stayed hidden after the first frame`); });
    } else {
      if (!violations.length) throw new Error(`${label}: the browser reported no refused inline script; is the CSP applied?`);
      if (early.started) throw new Error(`${label}: the start script ran although the policy refuses it`);
    }
    if (early.canvases !== 1) throw new Error(`${label}: ${early.canvases} canvases on the page, expected the widget's one`);
    console.log(`  ${label}: ${expectStart ? 'start script ran, loader used its downloads' : 'script refused, widget started anyway'}`);
    await context.close();
  }
});

await check('widget.html without its loader: the fallback text shows, not a blank page', async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
  await context.route('**/widget-page.js', (route) => route.fulfill({ status: 404, body: 'not here' }));
  const page = await context.newPage();
  await page.goto(`${origin}/widget.html`);
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.querySelector('.attn-fallback')?.getClientRects().length > 0, null, { timeout: 5000 })
    .catch(() => { throw new Error('the fallback text stayed hidden'); });
  const text = await page.textContent('.attn-fallback');
  if (!/2 \+ 16 = 18/.test(text)) throw new Error(`unexpected fallback text: ${text}`);
  await context.close();
});

// A browser that has WebGL 2 but cannot make a context (a blocked GPU, a lost device): the loader
// asks for the context only once the downloads are in, and then keeps the page's text.
await check('widget.html where no WebGL 2 context can be made: the fallback text shows, with a warning', async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
  await context.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return kind === 'webgl2' ? null : getContext.call(this, kind, ...rest);
    };
  });
  const page = await context.newPage();
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/widget.html?scene=mask`);
  await page.waitForFunction(() => document.querySelector('.attn-fallback')?.getClientRects().length > 0, null, { timeout: 10000 })
    .catch(() => { throw new Error(`the fallback text stayed hidden; warnings: ${warnings.join(' | ')}`); });
  if (!warnings.some((w) => /Attention widget not started: WebGL 2 is not available/.test(w))) {
    throw new Error(`no warning names the missing WebGL 2: ${warnings.join(' | ')}`);
  }
  const left = await page.evaluate(() => ({ canvases: document.querySelectorAll('canvas').length,
                                            starting: document.documentElement.classList.contains('attn-starting') }));
  if (left.canvases !== 0 || left.starting) throw new Error(`after giving up: ${JSON.stringify(left)}`);
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  await context.close();
});

await check('keyboard and mouse change the ARIA live text', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/widget.html?scene=walkthrough`);
  await waitForFirstFrame(page);
  await page.waitForFunction(() => document.querySelector('[aria-live]')?.textContent);
  const first = await liveText(page);
  await page.focus('canvas');
  await page.keyboard.press('n');
  await waitForLiveChange(page, first, 'pressing N in the walkthrough');
  const second = await liveText(page);
  const box = await page.evaluate(() => { const r = document.querySelector('canvas').getBoundingClientRect(); return { x: r.x, y: r.y }; });
  // The scene bar is the first row of the widget; its first button is "Compare".
  await page.mouse.click(box.x + 50, box.y + 28);
  await waitForLiveChange(page, second, 'clicking the first scene button');
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  "${first.slice(0, 50)}" -> "${second.slice(0, 50)}" -> "${(await liveText(page)).slice(0, 50)}"`);
  await context.close();
});

// Playwright presses Control, clicks and lets go of Control within a few milliseconds, all before
// the widget's next frame: the click must still count as a Ctrl+click.
await check('a quick Ctrl+click on a slider opens its box for a typed number', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/widget.html?scene=combine`);
  await waitForFirstFrame(page);
  await page.waitForFunction(() => document.querySelector('[aria-live]')?.textContent);
  const before = await liveText(page);
  if (!before.startsWith('Values 10 and 20')) throw new Error(`unexpected start: "${before}"`);
  // The "First value" slider (found by its element of the parallel DOM), left of its handle: a
  // plain click there would move the value.
  const box = await page.getByRole('slider', { name: 'First value' }).boundingBox();
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.down();
  await page.mouse.up();
  await page.keyboard.up('Control');
  await page.waitForTimeout(200);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await waitForLiveChange(page, before, 'typing 12 into the first value');
  const after = await liveText(page);
  if (!after.startsWith('Values 12 and 20')) throw new Error(`the typed value did not arrive: "${after}"`);
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  "${before.slice(0, 40)}" -> "${after.slice(0, 40)}"`);
  await context.close();
});

// ImGui takes one press or release a frame, so clicks that come faster than frames wait in its
// queue. A setState made behind them must come after them, not be overwritten by them.
await check('clicks given before a setState are taken before it: the state set is the one that stays', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/widget.html?scene=combine`);
  await waitForFirstFrame(page);
  await page.waitForFunction(() => document.querySelector('[aria-live]')?.textContent);
  const box = await page.getByRole('slider', { name: 'First value' }).boundingBox();
  // The question stays open, so the slider stays where the clicks go.
  const wanted = 'scene=combine&combine.values=3,5&combine.weight=0.5';
  // Six clicks along the slider and the setState, all in one task: no frame comes between them.
  const frames = await page.evaluate(({ box, wanted }) => {
    const canvas = document.querySelector('canvas');
    const at = (type, x, buttons) => canvas.dispatchEvent(new PointerEvent(type, {
      bubbles: true, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: type === 'pointermove' ? -1 : 0,
      buttons, clientX: x, clientY: box.y + box.height / 2 }));
    for (let i = 0; i < 6; ++i) {
      const x = box.x + box.width * (0.1 + 0.15 * i);
      at('pointermove', x, 0);
      at('pointerdown', x, 1);
      at('pointerup', x, 0);
    }
    AttentionWidget.get(document.querySelector('main[data-attention-widget-page]')).setState(wanted);
    return Number(canvas.dataset.frames);
  }, { box, wanted });
  // Once the widget stops drawing, every click has been taken (a frame each for press and release).
  await page.waitForFunction((n) => Number(document.querySelector('canvas').dataset.frames) > n + 12, frames,
                             { timeout: 20000 }).catch(() => { throw new Error('the widget drew fewer than 12 frames after the clicks'); });
  await settle(page);
  const live = await liveText(page);
  if (!/^Values 3 and 5, weights 0\.5 and 0\.5\./.test(live)) throw new Error(`the clicks landed after the setState: "${live}"`);
  const hash = await page.evaluate(() => window.location.hash);
  if (hash !== `#${wanted}`) throw new Error(`the URL fragment is "${hash}", expected "#${wanted}"`);
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  after 6 clicks and a setState in one task: "${live.slice(0, 50)}"`);
  await context.close();
});

await check('Tab moves among the widget\'s controls, whose elements take the focus; from the canvas, Escape, then Tab, leaves', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/widget.html?scene=compare`);
  await waitForFirstFrame(page);
  await page.focus('canvas');
  const where = () => page.evaluate(() => {
    const element = document.activeElement;
    if (!document.querySelector('.attn-stage').contains(element)) return 'outside';
    return element.tagName === 'CANVAS' ? 'canvas' : `${element.getAttribute('role')} ${element.getAttribute('aria-label')}`;
  });
  for (let i = 0; i < 3; ++i) await page.keyboard.press('Tab');
  await settle(page);
  const reached = await where();
  if (!/^button /.test(reached)) throw new Error(`three Tabs from the canvas reached ${reached}, not a control's element`);
  // Something to go to after the widget (widget.html has nothing else that takes the focus).
  await page.evaluate(() => document.body.appendChild(document.createElement('button')).append('after'));
  await page.focus('canvas');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  if (await where() !== 'outside') throw new Error(`Escape, then Tab, kept the focus on the widget (${await where()})`);
  const label = await page.getAttribute('.attn-stage', 'aria-label');
  if (!/^Interactive attention widget, Compare scene/.test(label)) throw new Error(`the widget's group is labelled ${label}`);
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await check('the state round-trips through the URL fragment; a malformed one is ignored with a warning', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${origin}/widget.html?scene=walkthrough`);
  await waitForFirstFrame(page);
  await page.focus('canvas');
  await page.keyboard.press('n');
  await page.keyboard.press('n');
  // Each press is reported on its own; the live text and the link change in the same call, so
  // once the text names step 3 the link is the one for it (the link alone may still be step 2's).
  await page.waitForFunction(() => /^Step 3 of /.test(document.querySelector('[aria-live]')?.textContent || '') &&
                             window.location.hash.length > 1, null, { timeout: 10000 })
    .catch(() => { throw new Error('two N presses did not bring the walkthrough to step 3'); });
  const hash = await page.evaluate(() => window.location.hash);
  const described = await liveText(page);
  const copy = await context.newPage();
  await copy.goto(`${origin}/widget.html${hash}`);
  await waitForFirstFrame(copy);
  await copy.waitForFunction(() => document.querySelector('[aria-live]')?.textContent);
  if (await liveText(copy) !== described) throw new Error(`link ${hash} shows "${await liveText(copy)}", expected "${described}"`);

  for (const bad of ['#scene=nowhere&zz=1', '#%ff%fe']) {
    const broken = await context.newPage();
    const warnings = [];
    broken.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
    const problems = watchPage(broken);
    await broken.goto(`${origin}/widget.html${bad}`);
    await waitForFirstFrame(broken);
    const warned = warnings.find((w) => /ignoring the widget state/.test(w));
    if (!warned) throw new Error(`${bad}: no console warning; saw ${JSON.stringify(warnings)}`);
    if (problems.length) throw new Error(problems.join('\n  '));
    console.log(`  ${bad} ignored: ${warned}`);
  }
  console.log(`  ${hash.slice(0, 60)} restored`);
  await context.close();
});

await check('the one-file lesson renders from file:// with no server', async () => {
  const file = resolve(dir, 'attention-lesson-offline.html');
  if (!existsSync(file)) throw new Error(`${file} was not built`);
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  const foreign = foreignRequests(page, (url) => url.startsWith('file:') || url.startsWith('data:'));
  await page.goto(pathToFileURL(file).href);
  const slot = await page.waitForSelector('div[data-attention-widget] canvas', { timeout: 30000 });
  await slot.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => Number(document.querySelector('div[data-attention-widget] canvas')?.dataset.frames) >= 1,
                             null, { timeout: 30000 });
  const png = await page.screenshot();
  writeFileSync(join(out, 'offline.png'), png);
  checkNotBlank(png, 'offline lesson');
  if (foreign.length) throw new Error(`requests left the file: ${foreign.join(', ')}`);
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await browser.close();
server.close();
console.log(failures ? `browser embed: ${failures} failed` : 'browser embed: all passed');
process.exit(failures ? 1 : 0);
