// Touch on the lesson page (index.html) as a phone sends it: Chromium with touch emulation, 390 px
// wide at DPR 2, fingers put down, moved and lifted through CDP (Input.dispatchTouchEvent), so the
// browser's own scroll gestures happen.
// - a vertical swipe that starts on a widget's text scrolls the page as far as the same swipe over
//   the page's own text; afterwards a tap on a scene button presses it (the browser took the
//   scrolling finger from the widget, which holds no button);
// - a drag that starts on the Compare query's tip moves the query (read from the widget's state)
//   and does not scroll the page;
// - two fingers that land on a control press nothing, move nothing and leave the page free: a
//   later swipe over the widget's text scrolls it;
// - a long press on a widget's text leaves the page free too;
// - a mouse and a pen drag the query's tip as before, and a pen hovering over a widget stops the
//   browser from panning from it;
// - in widget.html, where the widget fills the page and scrolls by itself, a swipe over its text
//   scrolls the widget's window (its scene bar leaves the top) and a swipe back brings it back.
// Where a control is comes from the widget itself (its exported attn_control_at, on the module
// captured as the loader creates it); what the test then does with it is checked through the
// widget's state and the page's scroll position.
// usage: node touch.mjs SITE_DIR OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { KEEP_WIDGET_MODULES, launch, serve, watchPage, passes } from './browser.mjs';
const { PNG } = createRequire(import.meta.url)('pngjs');

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node touch.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });

const SWIPE = 400;  // px, finger moving up: the page scrolls down

// Runs in the page before its scripts (after KEEP_WIDGET_MODULES, for attn_control_at): keeps each widget's
// latest state (the attention-widget-change events), and marks widgets ready.
const INSTRUMENT = () => {
  window.__states = {};
  const slotOf = (e) => e.target.dataset && e.target.dataset.scene;
  document.addEventListener('attention-widget-change', (e) => { window.__states[slotOf(e)] = e.detail.state; }, true);
  document.addEventListener('attention-widget-ready', (e) => { e.target.dataset.testReady = '1'; }, true);
  window.__menus = 0;
  document.addEventListener('contextmenu', () => { window.__menus++; }, true);
};

const { server, origin } = await serve(dir);
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2,
                                           hasTouch: true, isMobile: true });
await context.addInitScript(KEEP_WIDGET_MODULES);
await context.addInitScript(INSTRUMENT);
const page = await context.newPage();
const problems = watchPage(page);
const cdp = await context.newCDPSession(page);
await page.goto(`${origin}/index.html`);

let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// [SECTION] Touches

// Touches go to a page through a CDP session of its own: `lesson` is the lesson page's.
const touchesTo = (target, session) => ({ page: target, send: (type, points) => session.send('Input.dispatchTouchEvent', { type, touchPoints: points }) });
const lesson = touchesTo(page, cdp);
const touch = lesson.send;

// Waits until the page has stopped scrolling; returns where it rests.
async function settle(on = page) {
  const scrollY = () => on.evaluate(() => window.scrollY);
  let last = await scrollY();
  for (let same = 0; same < 6;) {
    await on.waitForTimeout(50);
    const now = await scrollY();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return last;
}

// One finger down at `from`, moved by (dx, dy) in `steps`, resting before it lifts (no fling, so
// a scroll is as long as the finger's way). Returns how far the page scrolled.
async function swipe(from, dy, dx = 0, steps = 16, on = lesson) {
  const before = await settle(on.page);
  await on.send('touchStart', [{ x: from.x, y: from.y, id: 1 }]);
  for (let i = 1; i <= steps; ++i) {
    await on.send('touchMove', [{ x: from.x + dx * i / steps, y: from.y + dy * i / steps, id: 1 }]);
    await on.page.waitForTimeout(16);
  }
  await on.page.waitForTimeout(200);
  await on.send('touchEnd', []);
  return (await settle(on.page)) - before;
}

async function tap(at) {
  await touch('touchStart', [{ x: at.x, y: at.y, id: 1 }]);
  await page.waitForTimeout(60);
  await touch('touchEnd', []);
}

// [SECTION] The widgets

// Scrolls the scene's widget so that its top is `top` px from the viewport's top, once it has
// started (widgets start, and change height, as they come near the screen) and drawn there;
// returns the widget's box in the viewport (its canvas's container: a tall widget's canvas holds
// only a band of its rows around the viewport).
async function showWidget(scene, top = 0) {
  const slot = `[data-attention-widget][data-scene="${scene}"]`;
  const scrollTo = (offset) => page.evaluate(([sel, o]) => {
    const target = document.querySelector(sel).querySelector('.attn-stage') || document.querySelector(sel);
    window.scrollTo(0, window.scrollY + target.getBoundingClientRect().top - o);
  }, [slot, offset]);
  await scrollTo(top);
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.testReady === '1', slot, { timeout: 30000 })
    .catch(() => { throw new Error(`the ${scene} widget did not start within 30 s`); });
  for (let tries = 0; tries < 10; ++tries) {
    await scrollTo(top);
    await settle();
    await page.waitForTimeout(300);  // frames at the new position (a widget draws while shown)
    const box = await widgetBox(scene);
    if (Math.abs(box.y - top) <= 1) return box;
  }
  throw new Error(`the ${scene} widget does not stay at ${top} px from the top of the viewport`);
}

async function widgetBox(scene) {
  return page.evaluate((name) => {
    const r = document.querySelector(`[data-scene="${name}"] .attn-stage`).getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  }, scene);
}

const state = (scene) => page.evaluate((name) => window.__states[name] || '', scene);

// Where the widget has controls: its answer for each point of a grid (step px, CSS pixels from the
// widget's corner) over the widget's rows [y0, y1). With no scene, the page's one widget (widget.html).
async function controlGrid(scene, y0, y1, step = 3, on = page) {
  return on.evaluate(([name, from, to, s]) => {
    const canvas = name ? document.querySelector(`[data-scene="${name}"] canvas`) : window.__widgets[0].canvas;
    const widget = window.__widgets.find((w) => w.canvas === canvas);
    const width = canvas.parentElement.getBoundingClientRect().width;
    const rows = [];
    for (let y = Math.max(0, from); y < to; y += s) {
      const row = [];
      for (let x = 0; x < width; x += s) row.push(widget.module._attn_control_at(x, y) === 1);
      rows.push({ y, row });
    }
    return { step: s, rows };
  }, [scene, y0, y1, step]);
}

// The arrow tips on screen: controls about as wide as tall, 24 to 48 px across (the scene bar's
// buttons, checkboxes with their labels and sliders are wider).
function tips(grid) {
  const seen = new Set();
  const found = [];
  const on = (r, c) => r >= 0 && r < grid.rows.length && c >= 0 && c < grid.rows[r].row.length && grid.rows[r].row[c];
  grid.rows.forEach(({ row }, r0) => row.forEach((_, c0) => {
    if (!on(r0, c0) || seen.has(`${r0},${c0}`)) return;
    const stack = [[r0, c0]];
    seen.add(`${r0},${c0}`);
    let [top, bottom, left, right] = [r0, r0, c0, c0];
    while (stack.length) {
      const [r, c] = stack.pop();
      [top, bottom, left, right] = [Math.min(top, r), Math.max(bottom, r), Math.min(left, c), Math.max(right, c)];
      for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        if (on(r + dr, c + dc) && !seen.has(`${r + dr},${c + dc}`)) {
          seen.add(`${r + dr},${c + dc}`);
          stack.push([r + dr, c + dc]);
        }
      }
    }
    const width = (right - left + 1) * grid.step, height = (bottom - top + 1) * grid.step;
    if (width >= 24 && width <= 48 && height >= 24 && height <= 48) {
      found.push({ x: (left + right) / 2 * grid.step, y: grid.rows[top].y + (bottom - top) / 2 * grid.step });
    }
  }));
  return found;
}

// The tip in `a` farthest from every tip in `b`: the one that moved.
function moved(a, b) {
  let best = null, far = -1;
  for (const p of a) {
    const near = Math.min(...b.map((q) => Math.hypot(p.x - q.x, p.y - q.y)));
    if (near > far) [best, far] = [p, near];
  }
  return best;
}

// The Compare query's tip on screen, and the plane's scale: the query is put at (1, 0), then at
// (-1, 0); the tip that moved is the query's, and it moved 2 plane units. The scene's prediction
// is skipped (compare.predict=-_0s): only the arrow tips are controls of their size.
async function findQuery() {
  let box = await showWidget('compare', 20);
  const set = async (query, expect) => {
    await page.evaluate(([q]) => {
      AttentionWidget.get(document.querySelector('[data-scene="compare"]')).setState(`scene=compare&compare.query=${q}&compare.predict=-_0s`);
    }, [query]);
    await page.waitForFunction((t) => window.__states.compare === t, expect, { timeout: 10000 })
      .catch(async () => { throw new Error(`the compare widget's state stayed at "${await state('compare')}", not "${expect}"`); });
    await page.waitForTimeout(200);  // the frame after the one that told the page
  };
  // Each state differs from the one before, so each is told to the page once drawn.
  await set('1,0.5', 'scene=compare&compare.query=1,0.5&compare.predict=-_0s');
  await set('1,0', 'scene=compare&compare.predict=-_0s');
  const visible = [-box.y, -box.y + 844];
  const right = tips(await controlGrid('compare', ...visible));
  await set('-1,0', 'scene=compare&compare.query=-1,0&compare.predict=-_0s');
  const left = tips(await controlGrid('compare', ...visible));
  const from = moved(right, left), to = moved(left, right);
  // Both are on the plane's x axis. (The widget's layout may move a little between the two states:
  // the text around the plane changes.)
  if (right.length !== 5 || left.length !== 5 || Math.abs(from.y - to.y) > 24 || from.x - to.x < 60) {
    throw new Error(`could not find the query's tip among the widget's controls: ${JSON.stringify({ right, left })}`);
  }
  box = await widgetBox('compare');
  return { tip: { x: box.x + to.x, y: box.y + to.y }, unit: (from.x - to.x) / 2 };
}

function queryOf(text) {
  const m = /compare\.query=(-?[\d.]+),(-?[\d.]+)/.exec(text);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : { x: 1, y: 0 };
}

// A point of the widget in the viewport's rows [y0, y1) that is not on a control and has text
// under it (dark pixels close by), as a swipe's start.
async function textPoint(scene, y0, y1) {
  const box = await widgetBox(scene);
  const grid = await controlGrid(scene, y0 - box.y, y1 - box.y, 4);
  const png = PNG.sync.read(await page.screenshot({ clip: { x: box.x, y: 0, width: box.width, height: 844 } }));
  const ratio = png.width / box.width;
  const dark = (x, y) => {
    for (let dy = -3; dy <= 3; ++dy) {
      for (let dx = -6; dx <= 6; ++dx) {
        const px = Math.round((x + dx) * ratio), py = Math.round((y + dy) * ratio);
        if (px < 0 || py < 0 || px >= png.width || py >= png.height) continue;
        const i = (py * png.width + px) * 4;
        if (png.data[i] + png.data[i + 1] + png.data[i + 2] < 3 * 110) return true;
      }
    }
    return false;
  };
  for (const { y, row } of grid.rows) {
    for (let c = 8; c < row.length - 8; ++c) {
      const x = c * grid.step;
      // Clear of controls for 30 px around, and on text.
      const clear = grid.rows.filter((r) => Math.abs(r.y - y) <= 30)
        .every((r) => r.row.slice(Math.max(0, c - 8), c + 9).every((on) => !on));
      if (clear && dark(x, box.y + y)) return { x: box.x + x, y: box.y + y };
    }
  }
  throw new Error(`no text clear of controls on the ${scene} widget between ${y0} and ${y1} px of the viewport`);
}

// The last paragraph of the page's own text before the scene's widget, scrolled to 600 px from
// the viewport's top; returns a point on its first line.
async function pageTextBefore(scene) {
  const point = await page.evaluate((name) => {
    const slot = document.querySelector(`[data-attention-widget][data-scene="${name}"]`);
    const before = [...document.querySelectorAll('main p')].filter((p) => !p.closest('[data-attention-widget]') &&
      (p.compareDocumentPosition(slot) & Node.DOCUMENT_POSITION_FOLLOWING) && p.getBoundingClientRect().height > 40);
    const p = before[before.length - 1];
    if (!p) return null;
    window.scrollTo(0, window.scrollY + p.getBoundingClientRect().top - 600);
    const r = p.getBoundingClientRect();
    return { x: r.left + Math.min(40, r.width / 2), y: r.top + 10 };
  }, scene);
  if (!point) throw new Error(`no paragraph of the page's text before the ${scene} widget`);
  await settle();
  return point;
}

// The menu's button of a widget (More, at the right of the bar that starts every widget; the
// lesson page's widgets have no scene choice): the topmost control in the widget's first 120 px,
// at 30 px from its right.
async function menuButton(scene) {
  const box = await widgetBox(scene);
  const grid = await controlGrid(scene, 0, 120, 2);
  const column = Math.round((box.width - 30) / grid.step);
  const first = grid.rows.findIndex((r) => r.row[column]);
  if (first < 0) throw new Error(`no control at the top right of the ${scene} widget: where is its menu?`);
  let last = first;
  while (last + 1 < grid.rows.length && grid.rows[last + 1].row[column]) ++last;
  return { x: box.x + box.width - 30, y: box.y + (grid.rows[first].y + grid.rows[last].y) / 2 };
}

// Whether the scene's widget shows its menu (its More element says it is expanded).
const menuOpen = (scene) => page.evaluate((name) =>
  document.querySelector(`[data-scene="${name}"] [role=button][aria-label="More"]`)?.getAttribute('aria-expanded') === 'true', scene);

// [SECTION] Checks

let pageSwipe = 0;  // how far a swipe over the page's own text scrolls it

await check('a swipe over a widget\'s text scrolls the page as far as one over the page\'s text; then a tap opens its menu', async () => {
  await showWidget('caveats', -600);
  const start = await textPoint('caveats', 560, 800);
  const widgetSwipe = await swipe(start, -SWIPE);
  pageSwipe = await swipe(await pageTextBefore('caveats'), -SWIPE);
  console.log(`  swipe of ${SWIPE} px: the page scrolled ${widgetSwipe} px from the caveats widget's text ` +
              `(at ${Math.round(start.x)}, ${Math.round(start.y)}), ${pageSwipe} px from the page's text`);
  if (pageSwipe < SWIPE * 0.75) throw new Error(`a swipe over the page's own text scrolled only ${pageSwipe} px`);
  if (Math.abs(widgetSwipe - pageSwipe) > 0.1 * pageSwipe) {
    throw new Error(`a swipe over the widget's text scrolled ${widgetSwipe} px, over the page's text ${pageSwipe} px`);
  }
  // The scrolling finger was the widget's pointer until the browser took it: the widget must
  // not still hold a button, or this tap would not press.
  await showWidget('caveats', 20);
  await tap(await menuButton('caveats'));
  await page.waitForFunction(() => document.querySelector('[data-scene="caveats"] [role=button][aria-label="More"]')
    ?.getAttribute('aria-expanded') === 'true', null, { timeout: 5000 })
    .catch(() => { throw new Error('a tap on the menu\'s button did not open the menu'); });
});

let query = null;
await check('a drag that starts on the Compare query\'s tip moves the query, not the page', async () => {
  query = await findQuery();
  const before = queryOf(await state('compare'));
  const y0 = await settle();
  // Half a plane unit down, over 24 steps: from (-1, 0) to (-1, -0.5), a unit from every key's tip
  // (the tour key's is at (-0.5, -1.5)), so the tip can be found again on its own afterwards.
  await swipe(query.tip, query.unit / 2, 0, 24);
  await page.waitForTimeout(300);
  const after = queryOf(await state('compare'));
  const scrolled = (await settle()) - y0;
  console.log(`  query (${before.x}, ${before.y}) -> (${after.x}, ${after.y}) for a drag of ${Math.round(query.unit / 2)} px down; ` +
              `the page scrolled ${scrolled} px`);
  if (scrolled !== 0) throw new Error(`the page scrolled ${scrolled} px during the drag`);
  if (before.y - after.y < 0.35 || Math.abs(after.x - before.x) > 0.2) {
    throw new Error(`a drag of half a unit down took the query from (${before.x}, ${before.y}) to (${after.x}, ${after.y})`);
  }
  // Where the tip is now: the arrow tip nearest to where the drag left it.
  const box = await widgetBox('compare');
  const expected = { x: query.tip.x - box.x, y: query.tip.y - box.y + query.unit * (before.y - after.y) };
  const distance = (p) => Math.hypot(p.x - expected.x, p.y - expected.y);
  const found = tips(await controlGrid('compare', -box.y, -box.y + 844));
  const nearest = found.sort((a, b) => distance(a) - distance(b))[0];
  if (!nearest || distance(nearest) > query.unit / 2) {
    throw new Error(`could not find the query's tip after the drag near ${JSON.stringify(expected)}; tips: ${JSON.stringify(found)}`);
  }
  query.tip = { x: box.x + nearest.x, y: box.y + nearest.y };
});

await check('two fingers that land on a control press nothing, move nothing and leave the page free', async () => {
  if (!query) throw new Error('needs the query\'s tip (the drag check)');
  // On the query's tip: the second finger takes the first from the widget, then both move.
  // The second finger on the canvas, then beside it (on the page's margin).
  for (const second of [{ x: query.tip.x + 120, y: query.tip.y + 60 }, { x: 4, y: query.tip.y + 60 }]) {
    const beforeState = await state('compare');
    const before = queryOf(beforeState);
    await touch('touchStart', [{ x: query.tip.x, y: query.tip.y, id: 1 }]);
    await page.waitForTimeout(50);
    await touch('touchStart', [{ x: query.tip.x, y: query.tip.y, id: 1 }, { ...second, id: 2 }]);
    for (let i = 1; i <= 10; ++i) {
      await touch('touchMove', [{ x: query.tip.x, y: query.tip.y - 10 * i, id: 1 }, { x: second.x, y: second.y - 10 * i, id: 2 }]);
      await page.waitForTimeout(16);
    }
    await touch('touchEnd', []);
    await settle();
    await page.waitForTimeout(300);
    // Had the first finger gone on dragging, the query would be 100 px (more than a unit) higher;
    // the second finger drags nothing either.
    const afterState = await state('compare');
    const after = queryOf(afterState);
    const others = (text) => text.replace(/&compare\.query=[^&]*/, '');
    if (Math.abs(after.x - before.x) > 0.1 || Math.abs(after.y - before.y) > 0.1 || others(afterState) !== others(beforeState)) {
      throw new Error(`two fingers (the second at ${second.x}, ${second.y}) changed the state from "${beforeState}" to "${afterState}"`);
    }
  }
  // On the menu's button: no press.
  const box = await showWidget('compare', 20);
  const button = await menuButton('compare');
  if (await menuOpen('compare')) throw new Error('the compare widget\'s menu was open before the two fingers');
  await touch('touchStart', [{ ...button, id: 1 }]);
  await page.waitForTimeout(50);
  await touch('touchStart', [{ ...button, id: 1 }, { x: button.x + 150, y: button.y + 200, id: 2 }]);
  await page.waitForTimeout(50);
  await touch('touchEnd', []);
  await page.waitForTimeout(400);
  if (await menuOpen('compare')) throw new Error('two fingers on the menu\'s button pressed it: the menu opened');
  // The page is not stuck: a one-finger swipe over the widget's text scrolls it.
  const start = await textPoint('compare', Math.max(box.y, 500), 800);
  const scrolled = await swipe(start, -SWIPE);
  console.log(`  a later swipe over the widget's text scrolled ${scrolled} px`);
  if (Math.abs(scrolled - pageSwipe) > 0.1 * pageSwipe) throw new Error(`a swipe after two fingers scrolled ${scrolled} px, not ${pageSwipe}`);
});

await check('a long press on a widget\'s text opens no menu and leaves the page free', async () => {
  await showWidget('mask', -300);
  const start = await textPoint('mask', 450, 800);
  const menus = await page.evaluate(() => window.__menus);
  await touch('touchStart', [{ ...start, id: 1 }]);
  await page.waitForTimeout(1500);
  await touch('touchEnd', []);
  await settle();
  const asked = await page.evaluate(() => window.__menus) - menus;
  const scrolled = await swipe(await textPoint('mask', 450, 800), -SWIPE);
  console.log(`  the long press asked for ${asked} context menu(s); a swipe after it scrolled ${scrolled} px`);
  if (Math.abs(scrolled - pageSwipe) > 0.1 * pageSwipe) throw new Error(`a swipe after a long press scrolled ${scrolled} px, not ${pageSwipe}`);
});

await check('a mouse and a pen drag the query\'s tip as before; a pen over a widget stops the browser panning from it', async () => {
  const { tip, unit } = await findQuery();
  const mouse = (type, p, extra = {}) => cdp.send('Input.dispatchMouseEvent', { type, x: p.x, y: p.y, ...extra });
  const drag = async (from, to, pointerType) => {
    await mouse('mouseMoved', from, { pointerType });
    await mouse('mousePressed', from, { button: 'left', buttons: 1, clickCount: 1, pointerType });
    for (let i = 1; i <= 12; ++i) {
      await mouse('mouseMoved', { x: from.x + (to.x - from.x) * i / 12, y: from.y + (to.y - from.y) * i / 12 },
                  { button: 'left', buttons: 1, pointerType });
      await page.waitForTimeout(16);
    }
    await mouse('mouseReleased', to, { button: 'left', buttons: 0, clickCount: 1, pointerType });
  };
  // Each drag is one plane unit, down with the mouse and back up with the pen.
  const moves = async (what, from, to, dy) => {
    const before = queryOf(await state('compare'));
    await drag(from, to, what);
    await page.waitForTimeout(300);
    const after = queryOf(await state('compare'));
    if ((after.y - before.y) * Math.sign(dy) < 0.7 || Math.abs(after.x - before.x) > 0.2) {
      throw new Error(`a ${what} drag of one unit took the query from (${before.x}, ${before.y}) to (${after.x}, ${after.y})`);
    }
  };
  const down = { x: tip.x, y: tip.y + unit };
  await moves('mouse', tip, down, -1);
  // A pen hovering over the canvas turns the browser's panning off.
  await mouse('mouseMoved', { x: down.x + 30, y: down.y }, { pointerType: 'pen' });
  const hovering = await page.evaluate(() => document.querySelector('[data-scene="compare"] canvas').style.touchAction);
  await moves('pen', down, tip, 1);
  await mouse('mouseMoved', { x: 2, y: 400 }, { pointerType: 'pen' });  // off the canvas, beside it
  const away = await page.evaluate(() => document.querySelector('[data-scene="compare"] canvas').style.touchAction);
  console.log(`  touch-action with a pen over the canvas: "${hovering}", with it away: "${away}"`);
  if (hovering !== 'none') throw new Error(`a pen over the canvas left touch-action at "${hovering}"`);
  if (away !== 'pan-y pinch-zoom') throw new Error(`a pen that left the canvas left touch-action at "${away}"`);
});

writeFileSync(join(out, 'after.png'), await page.screenshot());

// widget.html: the page is the widget, which scrolls by itself.
const own = await context.newPage();
const ownProblems = watchPage(own);
await check('in widget.html a swipe over the widget\'s text scrolls the widget\'s own window, and a swipe back returns', async () => {
  await own.goto(`${origin}/widget.html?scene=quiz`);  // the tallest scene on a phone
  await own.waitForFunction(() => window.__widgets.length === 1 && Number(window.__widgets[0].canvas.dataset.frames) > 0,
                            null, { timeout: 30000 });
  await own.waitForTimeout(300);
  const target = touchesTo(own, await context.newCDPSession(own));
  // Where the controls are, every 4 px of the screen: rows of [x...] flags.
  const grid = async () => (await controlGrid(null, 0, 844, 4, own)).rows.map(({ row }) => row);
  // Whether each row has a control left of the window's own scrollbar (a control too, on the right).
  const inRow = (row) => row.slice(0, row.length - 10).some((on) => on);
  const controls = async () => (await grid()).map(inRow);
  // A point in the middle third of the screen clear of controls for 32 px around: text or space.
  const clearPoint = (rows) => {
    for (let r = 70; r < 140; ++r) {
      for (let c = 8; c < rows[r].length - 8; ++c) {
        if (rows.slice(r - 8, r + 9).every((row) => row.slice(c - 8, c + 9).every((on) => !on))) return { x: c * 4, y: r * 4 };
      }
    }
    throw new Error('no point clear of controls in the middle of widget.html at 390 px');
  };
  const cells = await grid();
  const from = clearPoint(cells);
  const rows = cells.map(inRow);
  const topControl = (r) => r.findIndex((on) => on) * 4;
  const before = topControl(rows);
  // The bar's More, found by its element of the parallel DOM, which follows it.
  const more = async () => (await own.getByRole('button', { name: 'More', exact: true }).boundingBox())?.y ?? -Infinity;
  const moreBefore = await more();
  const pageScroll = await swipe(from, -300, 0, 16, target);
  const scrolledRows = await controls();
  console.log(`  widget.html: topmost control at ${before} px before a 300 px swipe up, ${topControl(scrolledRows)} px after; ` +
              `the document scrolled ${pageScroll} px`);
  if (JSON.stringify(scrolledRows) === JSON.stringify(rows)) throw new Error('the swipe left every control where it was');
  const moreAfter = await more();
  if (!(moreAfter < moreBefore - 100)) throw new Error(`the bar's More is at ${moreAfter} px after the swipe, ${moreBefore} px before`);
  if (pageScroll !== 0) throw new Error(`the document scrolled ${pageScroll} px instead of the widget`);
  // Back from a point clear of controls where the widget now is (a swipe from a control moves it).
  await swipe(clearPoint(await grid()), 300, 0, 16, target);
  const back = await more();
  if (Math.abs(back - moreBefore) > 8) throw new Error(`a swipe back left the bar's More at ${back} px, not ${moreBefore} px`);
});
await own.close();

await check('no console error, page error or failed request', async () => {
  const all = [...problems, ...ownProblems];
  if (all.length) throw new Error(all.join('\n  '));
});

await browser.close();
server.close();
console.log(failures ? `browser touch: ${failures} failed` : 'browser touch: all passed');
process.exit(failures ? 1 : 0);
