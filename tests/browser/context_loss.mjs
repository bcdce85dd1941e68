// WebGL context loss in headless Chromium: the widget's context is lost and restored several times
// (WEBGL_lose_context), as when the GPU process restarts or the browser reclaims a background tab's
// context. Each time the widget must
//  - draw nothing while the context is lost (no GL calls into a dead context),
//  - draw again once it is restored, the same picture as before the loss (its GL objects made
//    again: shader, buffers, font texture), with the same state (URL fragment, live region),
//  - log no console error and no WebGL error or warning.
// The second loss comes in the middle of mouse input; during the third the viewport is resized
// and a new state is applied, which must show once the context is back.
// usage: node context_loss.mjs SITE_DIR OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { launch, serve, watchPage, waitForFirstFrame, passes } from './browser.mjs';
import { checkNotBlank } from '../smoke/check_image.mjs';
const { PNG } = createRequire(import.meta.url)('pngjs');

const LOSSES = 3;
const LOST_FOR_MS = 500;
// Pixels that may differ between the picture before a loss and after it (anti-aliasing noise).
const MAX_CHANGED_PIXELS = 0.002;

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node context_loss.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });

// Runs in the page before anything else: counts draw calls from outside the wasm and records the
// context's loss and restore events.
const INSTRUMENT = () => {
  window.__gl = { calls: 0, lost: 0, restored: 0 };
  const proto = WebGL2RenderingContext.prototype;
  for (const name of ['clear', 'drawElements', 'drawArrays']) {
    const original = proto[name];
    proto[name] = function (...args) { window.__gl.calls++; return original.apply(this, args); };
  }
  // Loss events do not bubble; a capturing listener on the window still sees them first.
  window.addEventListener('webglcontextlost', () => { window.__gl.lost++; }, true);
  window.addEventListener('webglcontextrestored', () => { window.__gl.restored++; }, true);
};

// The fraction of pixels that differ, leaving out a border as wide as the page's focus outline
// (keyboard input moves the focus ring on and off the canvas; that is the page, not the widget).
function changedFraction(a, b, border = 6) {
  const x = PNG.sync.read(a);
  const y = PNG.sync.read(b);
  if (x.width !== y.width || x.height !== y.height) return 1;
  let changed = 0, compared = 0;
  for (let row = border; row < x.height - border; ++row) {
    for (let col = border; col < x.width - border; ++col) {
      const i = (row * x.width + col) * 4;
      compared++;
      if (Math.abs(x.data[i] - y.data[i]) > 8 || Math.abs(x.data[i + 1] - y.data[i + 1]) > 8 ||
          Math.abs(x.data[i + 2] - y.data[i + 2]) > 8) changed++;
    }
  }
  return changed / compared;
}

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
let survived = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

await check(`the widget survives ${LOSSES} WebGL context losses with its picture and state`, async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 760 }, deviceScaleFactor: 1 });
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  const problems = watchPage(page);
  // Chromium reports GL errors (a call with an object of the lost context, say) as warnings. Not
  // errors: the note that loseContext() lost the context, and SwiftShader's performance notes.
  page.on('console', (msg) => {
    const text = msg.text();
    if (/WebGL|GL_INVALID|GL ERROR/i.test(text) && !/loseContext: context lost|GL Driver Message \(OpenGL, Performance/.test(text)) {
      problems.push(`${msg.type()}: ${text}`);
    }
  });
  const read = () => page.evaluate(() => ({
    ...window.__gl,
    frames: Number(document.querySelector('canvas').dataset.frames || 0),
    width: document.querySelector('canvas').width,
    hash: location.hash,
    live: document.querySelector('div.attn-sr-only [aria-live]')?.textContent || '',
    table: document.querySelector('div.attn-sr-only table')?.textContent || '',
  }));
  const setState = (state) => page.evaluate((s) => {
    AttentionWidget.get(document.querySelector('main[data-attention-widget-page]')).setState(s);
  }, state);
  const settle = async () => {
    // Settled: no draw call for 400 ms.
    let calls = (await read()).calls;
    for (let i = 0; i < 50; ++i) {
      await page.waitForTimeout(400);
      const now = (await read()).calls;
      if (now === calls) return;
      calls = now;
    }
    throw new Error('the widget never stopped drawing');
  };
  const waitFor = async (what, predicate, arg) => {
    await page.waitForFunction(predicate, arg, { timeout: 15000 }).catch(async () => {
      throw new Error(`${what} (page sees ${JSON.stringify(await read())})` +
                      (problems.length ? `\n  ${problems.join('\n  ')}` : ''));
    });
  };

  await page.goto(`${origin}/widget.html`);
  await waitForFirstFrame(page);
  // Its prediction skipped, so the output shows at once.
  const state = 'scene=combine&combine.values=3,5&combine.weight=0.5&combine.predict=-_0s';
  await setState(state);
  await waitFor('the scripted state did not show', () => /Output 4 = 1\.5 \+ 2\.5/.test(
    document.querySelector('div.attn-sr-only [aria-live]')?.textContent || ''));
  // The pointer rests on empty background, so no hover differs between pictures.
  await page.mouse.move(4, 756);
  await settle();
  let before = await read();
  let picture = await page.screenshot();
  writeFileSync(join(out, 'before.png'), picture);
  checkNotBlank(picture, 'the widget before any loss');

  for (let loss = 1; loss <= LOSSES; ++loss) {
    const label = `loss ${loss}`;
    // The extension object stays usable while the context is lost; getExtension would then fail.
    await page.evaluate(() => {
      window.__loseContext = document.querySelector('canvas').getContext('webgl2').getExtension('WEBGL_lose_context');
      window.__loseContext.loseContext();
    });
    await waitFor(`${label}: no webglcontextlost event`, (n) => window.__gl.lost >= n, loss);
    const lostAt = (await read()).calls;
    if (loss === 2) {
      for (let i = 0; i < 20; ++i) await page.mouse.move(200 + 20 * i, 200 + 10 * i);
      // Tab into the widget (its first control's element: ImGui draws its ring) and out again, which
      // hides the ring.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      await page.mouse.move(4, 756);
    }
    let expected = before;
    if (loss === 3) {
      await page.setViewportSize({ width: 800, height: 700 });
      await setState('scene=combine&combine.predict=-_0s');
    }
    await page.waitForTimeout(LOST_FOR_MS);
    const whileLost = (await read()).calls - lostAt;
    if (whileLost !== 0) throw new Error(`${label}: ${whileLost} GL calls while the context was lost`);

    const restoredAt = await read();
    await page.evaluate(() => window.__loseContext.restoreContext());
    await waitFor(`${label}: the context was not restored (no webglcontextrestored event)`,
                  (n) => window.__gl.restored >= n, loss);
    await waitFor(`${label}: no frame drawn after the restore`,
                  (n) => Number(document.querySelector('canvas').dataset.frames) > n, restoredAt.frames);
    await settle();
    const after = await read();
    if (after.calls <= restoredAt.calls) throw new Error(`${label}: no GL draw call after the restore`);
    const shot = await page.screenshot();
    let changed = null;
    writeFileSync(join(out, `after-loss-${loss}.png`), shot);
    checkNotBlank(shot, `the widget after ${label}`);
    if (loss === 3) {
      if (after.width !== 800) throw new Error(`${label}: the canvas is ${after.width}px wide after resizing to 800px`);
      if (!/Output 18 = 2 \+ 16/.test(after.live) || after.hash !== '#scene=combine&combine.predict=-_0s') {
        throw new Error(`${label}: the state applied while lost did not show: "${after.live}", ${after.hash}`);
      }
      expected = after;
    } else {
      changed = changedFraction(picture, shot);
      if (changed > MAX_CHANGED_PIXELS) {
        throw new Error(`${label}: ${(changed * 100).toFixed(2)}% of pixels differ from the picture before the loss`);
      }
      if (after.hash !== expected.hash || after.live !== expected.live || after.table !== expected.table) {
        throw new Error(`${label}: the state changed: ${expected.hash} "${expected.live}" became ${after.hash} "${after.live}"`);
      }
    }
    if (problems.length) throw new Error(`${label}:\n  ${problems.join('\n  ')}`);
    const same = changed === null ? 'a new size and state' : `${(changed * 100).toFixed(3)}% of pixels changed`;
    console.log(`  ${label}: 0 GL calls while lost, ${after.calls - restoredAt.calls} after the restore in ` +
                `${after.frames - restoredAt.frames} frames; ${same}; state ${after.hash}`);
    survived = loss;
    before = after;
    picture = shot;
  }

  // Still alive for input: a new state shows and draws.
  await setState(state);
  await waitFor('after the losses the widget did not take a new state', () => /Output 4 = 1\.5 \+ 2\.5/.test(
    document.querySelector('div.attn-sr-only [aria-live]')?.textContent || ''));
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

// A loss comes before its event: the context is lost at once, the webglcontextlost event only in
// a later task. A widget just restored asks whether its new program linked on its first idle
// frame; a lost context answers "not linked" there and has no log to read. The loss is put in
// front of each of the animation frames after a restore in turn, so that one of them is that
// idle frame, whichever it is.
const BEFORE_FRAMES = () => {
  window.__frameHook = { armed: -1, count: 0 };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => raf((time) => {
    const hook = window.__frameHook;
    if (hook.armed >= 0 && hook.count++ === hook.armed) {
      hook.armed = -1;
      window.__loseContext.loseContext();
    }
    return callback(time);
  });
};
await check('a loss in any of the frames after a restore, before the widget hears of it, stops nothing', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 760 }, deviceScaleFactor: 1 });
  await context.addInitScript(INSTRUMENT);
  await context.addInitScript(BEFORE_FRAMES);
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/widget.html?scene=compare#scene=compare&compare.predict=-_0s`);
  await waitForFirstFrame(page);
  const waitFor = (what, predicate, arg) => page.waitForFunction(predicate, arg, { timeout: 15000 })
    .catch(() => { throw new Error(`${what}${problems.length ? `\n  ${problems.join('\n  ')}` : ''}`); });
  await page.evaluate(() => {
    window.__loseContext = document.querySelector('canvas').getContext('webgl2').getExtension('WEBGL_lose_context');
    window.__loseContext.loseContext();
  });
  const FRAMES = 8;
  for (let frame = 0; frame <= FRAMES; ++frame) {
    const lost = frame + 1;
    await waitFor(`loss ${lost}: no webglcontextlost event`, (n) => window.__gl.lost >= n, lost);
    await page.waitForTimeout(200);
    const drawn = await page.evaluate(() => Number(document.querySelector('canvas').dataset.frames));
    // Armed when the context comes back: lost again just before animation frame FRAME after it.
    await page.evaluate((at) => {
      document.querySelector('canvas').addEventListener('webglcontextrestored', () => {
        window.__frameHook.count = 0;
        window.__frameHook.armed = at;
      }, { once: true, capture: true });
      window.__loseContext.restoreContext();
    }, frame);
    await waitFor(`restore ${lost}: no webglcontextrestored event`, (n) => window.__gl.restored >= n, lost);
    await waitFor(`restore ${lost}: no frame drawn`, (n) => Number(document.querySelector('canvas').dataset.frames) > n, drawn);
    // The widget may have stopped asking for frames before FRAME: then it is lost by hand.
    await page.waitForFunction((n) => window.__gl.lost > n, lost, { timeout: 2000 }).catch(() => page.evaluate(() => {
      window.__frameHook.armed = -1;
      window.__loseContext.loseContext();
    }));
  }
  await waitFor('the last loss: no webglcontextlost event', (n) => window.__gl.lost >= n, FRAMES + 2);
  const drawn = await page.evaluate(() => Number(document.querySelector('canvas').dataset.frames));
  await page.evaluate(() => window.__loseContext.restoreContext());
  await waitFor('after the last restore: no frame drawn', (n) => Number(document.querySelector('canvas').dataset.frames) > n, drawn);
  const kept = problems.filter((p) => !/loseContext: context lost|GL Driver Message/.test(p));
  if (kept.length) throw new Error(kept.join('\n  '));
  await context.close();
});

await browser.close();
server.close();
console.log(`context losses survived: ${survived} of ${LOSSES}`);
console.log(failures ? `browser context loss: ${failures} failed` : 'browser context loss: all passed');
process.exit(failures ? 1 : 0);
