// Monkey test in headless Chromium (in the spirit of PhET's ?fuzz): a seeded stream of random
// input (monkey_stream.mjs: mouse, touch, wheel, keys, typed text, viewport resizes down to phone
// widths, and switches through all seven scenes) played into widget.html. It passes when:
//  - no console error, page error or failed request appears at any point;
//  - the accessible mirror (live region and table) never reads "nan", "inf" or "infinity"
//    (watched on every change, not sampled; the quick check's "your answer" column is skipped:
//    it quotes what the learner typed, and the stream types "nan" on purpose);
//  - the wasm heap stays within HEAP_LIMIT_BYTES;
//  - afterwards the widget still answers a scripted state through the page's API (values 3 and 5
//    with weight 0.5 give output 4; the worked example gives 18), the URL fragment follows, and
//    it still draws when touched, more than a blank canvas.
// The seed is printed first. Environment: MONKEY_SEED=N replays a run, MONKEY_EVENTS=N sets the
// count (default 10000), MONKEY_SKIP=N starts at event N, MONKEY_STREAM=FILE plays a saved stream
// (OUT_DIR/stream.txt holds each run's), MONKEY_DPR sets the device pixel ratio (default 0.5).
// usage: node monkey.mjs SITE_DIR OUT_DIR
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { CHROMIUM_ARGS, sceneNames, serve, watchPage, waitForFirstFrame, passes } from './browser.mjs';
import { checkNotBlank } from '../smoke/check_image.mjs';
import { countFromEnv, generate, parseStream, seedFromEnv, summarize, toLine } from './monkey_stream.mjs';

// The widget starts with Emscripten's 16 MiB and grows only if it must; four times that means
// something keeps allocating.
const HEAP_LIMIT_BYTES = 64 * 1024 * 1024;
const FRAME_EVERY = 16;   // events sent at most between two waits for an animation frame
const CHECK_EVERY = 250;  // events between checks of errors and heap from outside
const START_VIEWPORT = { width: 1024, height: 760 };
// Device pixel ratio 0.5 (a page zoomed out to 50 %): the layout is the same in CSS pixels, the
// canvas has a quarter of the pixels, and SwiftShader's per-pixel work dominates a frame here.
// MONKEY_DPR=1 replays a run at full resolution.
const DPR = Number(process.env.MONKEY_DPR || 0.5);

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node monkey.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });

let seed, count;
try {
  seed = seedFromEnv();
  count = countFromEnv();
} catch (error) {
  console.error(`error: ${error.message}`);
  process.exit(2);
}
// MONKEY_SKIP=N starts at event N of the stream: a quicker way to narrow down a failure.
const skip = Number(process.env.MONKEY_SKIP || 0);
console.log(`monkey seed: ${seed}${skip ? ` (from event ${skip})` : ''}`);
// MONKEY_STREAM=FILE plays a saved stream (a run's OUT_DIR/stream.txt, or one written by hand).

// Runs in the page before anything else: watches the mirror on every change.
const WATCH_MIRROR = () => {
  const bad = /\bnan\b|\binf(inity)?\b/i;
  window.__mirror = { changes: 0, bad: [] };
  const scan = () => {
    const mirror = document.querySelector('div.attn-sr-only');
    if (!mirror) return;
    const quiz = /(^|[#&])scene=quiz(&|$)/.test(location.hash);
    const parts = [mirror.querySelector('[aria-live]')?.textContent || ''];
    const table = mirror.querySelector('table');
    if (table) {
      parts.push(table.caption?.textContent || '');
      for (const row of table.rows) {
        Array.from(row.cells).forEach((cell, i) => { if (!(quiz && i === 1)) parts.push(cell.textContent); });
      }
    }
    const text = parts.join(' | ');
    window.__mirror.changes++;
    if (bad.test(text) && window.__mirror.bad.length < 5) window.__mirror.bad.push(text.slice(0, 400));
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
};

const { server, origin } = await serve(dir);
// Software compositing: the widget still draws through WebGL (SwiftShader), but the page is not
// composited through SwiftShader too, which makes each frame cheaper.
const { chromium } = createRequire(import.meta.url)('playwright-core');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
                                        args: [...CHROMIUM_ARGS, '--disable-gpu-compositing'] });
// The scenes the stream switches between: the widget's own list (its registry's).
const events = process.env.MONKEY_STREAM ? parseStream(readFileSync(process.env.MONKEY_STREAM, 'utf8'))
                                         : generate(seed, count, await sceneNames(browser, origin));
if (process.env.MONKEY_STREAM) count = events.length;
console.log(`  ${count} events${process.env.MONKEY_STREAM ? ` from ${process.env.MONKEY_STREAM}` : ''}: ${summarize(events)}`);
writeFileSync(join(out, 'stream.txt'), `# monkey seed ${seed}, ${count} events\n` + events.map(toLine).join('\n') + '\n');

const started = Date.now();
let failures = 0;
let peakHeap = 0;
let done = 0;
let firstProblemAt = '';
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

const context = await browser.newContext({ viewport: START_VIEWPORT, deviceScaleFactor: DPR, hasTouch: true });
await context.addInitScript(WATCH_MIRROR);
const page = await context.newPage();
const problems = watchPage(page);
// Which event was being played when each problem appeared (input is batched, so give or take one batch).
page.on('console', (msg) => {
  if (msg.type() === 'error' && !firstProblemAt) firstProblemAt = `near event ${done} (${done > 0 ? toLine(events[done - 1]) : 'start'})`;
});
page.on('pageerror', () => { if (!firstProblemAt) firstProblemAt = `near event ${done}`; });
const cdp = await context.newCDPSession(page);
let viewport = { ...START_VIEWPORT };

const nextFrame = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
const snapshot = () => page.evaluate(() => {
  const canvas = document.querySelector('canvas[data-frames]');
  return {
    frames: Number(canvas?.dataset.frames || 0),
    heap: Number(canvas?.dataset.heap || 0),
    live: document.querySelector('div.attn-sr-only [aria-live]')?.textContent || '',
    hash: location.hash,
    mirror: window.__mirror,
  };
});
const at = (x, y) => ({ x: x * viewport.width, y: y * viewport.height });

// Input goes through Chromium's input pipeline as trusted events (CDP Input.*), like Playwright's
// page.mouse, but without waiting for each event's acknowledgement: a batch is sent, then one
// animation frame is awaited. Waiting per event would cost a whole SwiftShader frame per event.
// Some input gets a frame of its own, as a person's would (ImGui's input queue would spread it
// over frames anyway, but the frames between show what a person would see):
//  - a key that acts (Tab, arrows, Enter...) must be down during a frame, alone: its release is
//    sent after the next frame, and the next acting key waits for that frame (the same key again
//    for its release to be seen too); a key with a modifier is released right after a frame, and
//    the modifier with it, so that it does not leak onto other input; typed characters are queued
//    by ImGui and need nothing;
//  - a press that starts a drag or swipe must be seen before the moves (a drag starts where its
//    press was seen).
let pending = [];
let sinceFrame = 0;
let endsWithMove = false;
const heldKeys = new Map();  // code -> key definition, released after the next frame
const send = (method, params) => {
  pending.push(cdp.send(method, params));
  endsWithMove = params.type === 'mouseMoved' || params.type === 'touchMove';
};
// A pointer move is delivered at the start of a frame, before its animation-frame callbacks (the
// widget's loop), and acknowledged then; so a batch that ends with a move has been seen by a frame
// once acknowledged. Any other last event needs one more frame.
async function frameBreak() {
  const batch = pending;
  const seen = endsWithMove;
  pending = [];
  await Promise.all(batch);
  if (!seen) await nextFrame();
  sinceFrame = 0;
  for (const def of heldKeys.values()) {
    send('Input.dispatchKeyEvent', { type: 'keyUp', key: def.key, code: def.code, windowsVirtualKeyCode: def.keyCode });
  }
  heldKeys.clear();
}

const MODIFIERS = { Alt: { bit: 1, code: 'AltLeft', keyCode: 18 }, Control: { bit: 2, code: 'ControlLeft', keyCode: 17 },
                    Shift: { bit: 8, code: 'ShiftLeft', keyCode: 16 } };
const NAMED_KEYS = { Tab: 9, Enter: 13, Space: 32, Escape: 27, Backspace: 8, Delete: 46, Home: 36, End: 35,
                     PageUp: 33, PageDown: 34, ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40 };
// A key as Chromium wants it: DOM key and code, Windows key code, and the text it types.
function keyDefinition(name, shift) {
  if (name in NAMED_KEYS) {
    return { key: name === 'Space' ? ' ' : name, code: name, keyCode: NAMED_KEYS[name],
             text: name === 'Space' ? ' ' : name === 'Enter' ? '\r' : '' };
  }
  if (/^[a-z]$/.test(name)) {
    const key = shift ? name.toUpperCase() : name;
    return { key, code: `Key${name.toUpperCase()}`, keyCode: name.toUpperCase().charCodeAt(0), text: key };
  }
  if (/^[0-9]$/.test(name)) return { key: name, code: `Digit${name}`, keyCode: name.charCodeAt(0), text: name };
  if (name === '.') return { key: '.', code: 'Period', keyCode: 190, text: '.' };
  if (name === '-') return { key: '-', code: 'Minus', keyCode: 189, text: '-' };
  throw new Error(`no key definition for "${name}"`);
}
const modifierBits = (mods) => mods.reduce((bits, m) => bits | MODIFIERS[m].bit, 0);
function modifierKeys(mods, down) {
  let bits = down ? 0 : modifierBits(mods);
  for (const m of down ? mods : mods.slice().reverse()) {
    bits = down ? bits | MODIFIERS[m].bit : bits & ~MODIFIERS[m].bit;
    send('Input.dispatchKeyEvent', { type: down ? 'rawKeyDown' : 'keyUp', key: m, code: MODIFIERS[m].code,
                                     windowsVirtualKeyCode: MODIFIERS[m].keyCode, modifiers: bits });
  }
}
async function pressKey(name, mods) {
  const modifiers = modifierBits(mods);
  const def = keyDefinition(name, mods.includes('Shift'));
  const text = modifiers & (MODIFIERS.Alt.bit | MODIFIERS.Control.bit) ? '' : def.text;
  const down = { type: text ? 'keyDown' : 'rawKeyDown', key: def.key, code: def.code,
                 windowsVirtualKeyCode: def.keyCode, text, unmodifiedText: text, modifiers };
  const up = { type: 'keyUp', key: def.key, code: def.code, windowsVirtualKeyCode: def.keyCode, modifiers };
  if (mods.length) {
    if (heldKeys.size) await frameBreak();
    modifierKeys(mods, true);
    send('Input.dispatchKeyEvent', down);
    await frameBreak();
    send('Input.dispatchKeyEvent', up);
    modifierKeys(mods, false);
  } else if (!text || text === ' ' || text === '\r') {
    // One acting key per frame; pressing the key that is down again needs a frame between
    // release and press, or ImGui sees it held, not pressed.
    const again = heldKeys.has(def.code);
    if (heldKeys.size) await frameBreak();
    if (again) await frameBreak();
    send('Input.dispatchKeyEvent', down);
    heldKeys.set(def.code, def);
  } else {
    send('Input.dispatchKeyEvent', down);
    send('Input.dispatchKeyEvent', up);
  }
}

const BUTTON_BITS = { left: 1, right: 2, middle: 4 };
let buttons = 0;
function mouse(type, p, extra = {}) {
  send('Input.dispatchMouseEvent', { type, x: p.x, y: p.y, buttons, ...extra });
}
function button(type, p, name, modifiers) {
  buttons = type === 'mousePressed' ? buttons | BUTTON_BITS[name] : buttons & ~BUTTON_BITS[name];
  mouse(type, p, { button: name, clickCount: 1, modifiers });
}
const touch = (type, points) => send('Input.dispatchTouchEvent', { type, touchPoints: points });

async function play(e) {
  switch (e.t) {
    case 'move':
      mouse('mouseMoved', at(e.x, e.y));
      break;
    case 'down': case 'up': case 'click': {
      // The SDL backend reads the modifiers when its frame runs: they stay down through it.
      const p = at(e.x, e.y);
      const modifiers = modifierBits(e.mods);
      modifierKeys(e.mods, true);
      mouse('mouseMoved', p, { modifiers });
      if (e.t !== 'up') button('mousePressed', p, e.button, modifiers);
      if (e.t !== 'down') button('mouseReleased', p, e.button, modifiers);
      if (e.t === 'down' || e.mods.length) await frameBreak();
      modifierKeys(e.mods, false);
      break;
    }
    case 'drag': {
      const a = at(e.x0, e.y0);
      const b = at(e.x1, e.y1);
      mouse('mouseMoved', a);
      button('mousePressed', a, 'left', 0);
      await frameBreak();
      for (let i = 1; i <= e.steps; ++i) {
        mouse('mouseMoved', { x: a.x + (b.x - a.x) * i / e.steps, y: a.y + (b.y - a.y) * i / e.steps }, { button: 'left' });
      }
      button('mouseReleased', b, 'left', 0);
      break;
    }
    case 'tap': {
      const p = at(e.x, e.y);
      touch('touchStart', [{ x: p.x, y: p.y }]);
      touch('touchEnd', []);
      break;
    }
    case 'swipe': {
      const a = at(e.x0, e.y0);
      const b = at(e.x1, e.y1);
      touch('touchStart', [{ x: a.x, y: a.y }]);
      await frameBreak();
      for (let i = 1; i <= e.steps; ++i) {
        touch('touchMove', [{ x: a.x + (b.x - a.x) * i / e.steps, y: a.y + (b.y - a.y) * i / e.steps }]);
      }
      touch('touchEnd', []);
      break;
    }
    case 'wheel': {
      const p = at(e.x, e.y);
      mouse('mouseMoved', p);
      mouse('mouseWheel', p, { deltaX: e.dx, deltaY: e.dy });
      break;
    }
    case 'key':
      await pressKey(e.key, e.mods);
      break;
    case 'type':
      for (const c of e.text) await pressKey(c, []);
      break;
    case 'resize':
      await frameBreak();
      viewport = { width: e.w, height: e.h };
      await page.setViewportSize(viewport);
      break;
    case 'scene':
      await frameBreak();
      await page.evaluate((name) => {
        AttentionWidget.get(document.querySelector('main[data-attention-widget-page]')).setScene(name);
      }, e.name);
      break;
    default:
      throw new Error(`unknown event ${JSON.stringify(e)}`);
  }
  if (++sinceFrame >= FRAME_EVERY) await frameBreak();
}

function checkSnapshot(snap, where) {
  peakHeap = Math.max(peakHeap, snap.heap);
  const found = [];
  if (problems.length) found.push(...problems.slice(0, 5));
  if (snap.mirror?.bad.length) found.push(...snap.mirror.bad.map((t) => `mirror reads nan/inf: "${t}"`));
  if (snap.heap > HEAP_LIMIT_BYTES) found.push(`wasm heap ${snap.heap} bytes is over the ${HEAP_LIMIT_BYTES}-byte bound`);
  if (found.length) {
    const near = firstProblemAt ? ` (the first problem appeared ${firstProblemAt})` : '';
    throw new Error(`${where}${near}:\n  ${found.join('\n  ')}\n  replay it: MONKEY_SEED=${seed} MONKEY_EVENTS=${count}`);
  }
}

await check(`${count} random events over every scene leave no error, no nan/inf in the mirror, a bounded heap`, async () => {
  await page.goto(`${origin}/widget.html`);
  await waitForFirstFrame(page);
  await page.focus('canvas');
  const first = await snapshot();
  if (!(first.heap > 0)) throw new Error('the canvas reports no heap size (data-heap): the bridge is not wired');
  for (let i = skip; i < events.length; ++i) {
    try {
      await play(events[i]);
    } catch (error) {
      throw new Error(`event ${i} (${toLine(events[i])}) could not be played: ${error.message}`);
    }
    done = i + 1;
    if (done % CHECK_EVERY === 0 || done === events.length) {
      await frameBreak();
      const snap = await snapshot();
      checkSnapshot(snap, `after event ${i} (${toLine(events[i])})`);
      if (done % 2000 === 0) {
        console.log(`  ${done} events, ${((Date.now() - started) / 1000).toFixed(0)} s, ${snap.frames} frames, heap ${snap.heap}`);
      }
    }
  }
  await frameBreak();
  const last = await snapshot();
  checkSnapshot(last, 'after the stream');
  if (last.mirror.changes === 0) throw new Error('the mirror never changed: the watcher is not wired');
  console.log(`  ${done} events in ${((Date.now() - started) / 1000).toFixed(1)} s; ${last.frames} frames drawn; ` +
              `mirror changed ${last.mirror.changes} times; heap ${last.heap} bytes, peak ${peakHeap} ` +
              `(bound ${HEAP_LIMIT_BYTES})\n  state after the stream: ${last.hash}`);
});

await check('afterwards the widget still answers a scripted state and draws', async () => {
  await page.setViewportSize(START_VIEWPORT);
  viewport = { ...START_VIEWPORT };
  const setState = (state) => page.evaluate((s) => {
    AttentionWidget.get(document.querySelector('main[data-attention-widget-page]')).setState(s);
  }, state);
  const expectLive = async (pattern, what) => {
    await page.waitForFunction((source) => new RegExp(source).test(
      document.querySelector('div.attn-sr-only [aria-live]')?.textContent || ''), pattern.source, { timeout: 10000 })
      .catch(async () => { throw new Error(`${what}: the live region says "${(await snapshot()).live}"`); });
  };
  // The scene's prediction skipped (compare.predict=-_0s): the output shows at once.
  const scripted = 'scene=combine&combine.values=3,5&combine.weight=0.5&combine.predict=-_0s';
  await setState(scripted);
  await expectLive(/Values 3 and 5, weights 0\.5 and 0\.5\. Output 4 = 1\.5 \+ 2\.5\./, `after setState('${scripted}')`);
  const hash = (await snapshot()).hash;
  if (hash !== `#${scripted}`) throw new Error(`the URL fragment is "${hash}", expected "#${scripted}"`);
  await setState('scene=combine&combine.predict=-_0s');
  await expectLive(/Output 18 = 2 \+ 16\./, "after setState('scene=combine&combine.predict=-_0s')");

  const before = (await snapshot()).frames;
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 310);
  await page.waitForFunction((n) => Number(document.querySelector('canvas').dataset.frames) > n, before, { timeout: 10000 })
    .catch(() => { throw new Error('moving the mouse drew no new frame'); });
  const png = await page.screenshot();
  writeFileSync(join(out, 'after-monkey.png'), png);
  const stats = checkNotBlank(png, 'the widget after the monkey');
  const last = await snapshot();
  checkSnapshot(last, 'after the scripted check');
  console.log(`  output 4 and 18 shown, fragment followed, ${stats.colors} colours on screen`);
});

await browser.close();
server.close();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`monkey seed ${seed}: ${done} of ${count} events played, peak wasm heap ${peakHeap} bytes ` +
            `(bound ${HEAP_LIMIT_BYTES}), ${seconds} s`);
console.log(failures ? `browser monkey: ${failures} failed` : 'browser monkey: all passed');
process.exit(failures ? 1 : 0);
