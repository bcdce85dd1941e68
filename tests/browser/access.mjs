// The widget as a screen reader meets it: the parallel DOM of src/ui/access.h, read through
// Chromium's accessibility tree (Playwright's ariaSnapshot and role queries).
// - every scene's named controls with their roles and values, in English and Spanish;
// - Tab visits the controls in the order they show in, with ImGui's ring following, and the last
//   Tab leaves the widget;
// - a slider's arrow keys, Shift, Home and End change the state and its aria-valuenow;
// - a click on the canvas moves the DOM focus to that control's element; Space on a checkbox's
//   element toggles it; a screen reader's press (a click on an element) presses the control;
// - the Mask scene's cells are a grid whose arrow keys move between cells;
// - axe-core finds no violation in the widget's page with its elements.
// usage: node access.mjs SITE_DIR OUT_DIR
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launch, openWidgetPage, serve, passes, settle } from './browser.mjs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node access.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// widget.html at `query` ("scene=mask&locale=es"), drawn and with its elements in place.
const open = (query, viewport = { width: 1280, height: 900 }) => openWidgetPage(browser, origin, query, { viewport });

// What the page hears after the widget's next frames (the elements follow each drawn frame).
const hash = (page) => page.evaluate(() => location.hash);
const focused = (page) => page.evaluate(() => {
  const element = document.activeElement;
  return element ? { role: element.getAttribute('role'), name: element.getAttribute('aria-label') || '' } : null;
});

function expectIn(snapshot, lines, label) {
  for (const line of lines) {
    if (!snapshot.includes(line)) throw new Error(`${label}: the accessibility tree lacks ${line}\n${snapshot}`);
  }
}

// [SECTION] Every scene's controls, named, with roles and values

const SCENES = {
  en: {
    compare: ['group "Interactive attention widget, Compare scene', 'button "Compare" [pressed]', 'button "Combine"',
              'img "The query and four keys', 'button "query"', 'button "museum"', 'button "Show the numbers" [expanded]',
              'checkbox "Divide by √d_k', 'slider "Temperature T"', 'button "About this scene"', 'button "Reset this scene"'],
    combine: ['button "Combine" [pressed]', 'slider "First value"', 'slider "Second value"', 'slider "Weight split'],
    mask: ['checkbox "Causal mask', '- grid:', '- row "the":', '- row "<pad>":', 'gridcell "'],
    caveats: ['slider "weight on B"'],
    learn: ['button "Train"', 'radio "Learning rate 0.1"'],
    walkthrough: ['button "Play the lesson"', 'slider "Position"', 'checkbox "CC"', 'button "Next"'],
    quiz: ['radio "A. ', 'textbox "Or answer in your own words:"'],
  },
  es: {
    compare: ['group "Widget interactivo de atención, escena Comparar', 'button "Comparar" [pressed]',
              'slider "Temperatura T"'],
    mask: ['- grid:', '- row "duerme":', 'gridcell "'],
  },
};

for (const [locale, scenes] of Object.entries(SCENES)) {
  for (const [scene, lines] of Object.entries(scenes)) {
    await check(`${locale} ${scene}: the controls in the accessibility tree, named, with roles and states`, async () => {
      // Compare with "Show the numbers" open, as a link opens it once its prediction is skipped: its
      // checkbox and slider are named too (predict.mjs reads the question's controls).
      const numbers = scene === 'compare' ? '#scene=compare&compare.numbers=1&compare.predict=-_0s'
        : scene === 'learn' ? '#scene=learn&learn.options=1'
        : scene === 'caveats' ? '#scene=caveats&caveats.test2=1' : '';
      const { context, page, problems } = await open(`scene=${scene}&locale=${locale}${numbers}`);
      const snapshot = await page.locator('.attn-stage').ariaSnapshot();
      writeFileSync(join(out, `${locale}-${scene}.yaml`), snapshot);
      expectIn(snapshot, lines, `${locale} ${scene}`);
      // Every element has a name; none is an ImGui id or an unfilled [key].
      const unnamed = await page.$$eval('.attn-stage [role][tabindex]', (elements) =>
        elements.filter((e) => !/\S/.test(e.getAttribute('aria-label') || '') || /##|^\[/.test(e.getAttribute('aria-label')))
          .map((e) => e.outerHTML.slice(0, 120)));
      if (unnamed.length) throw new Error(`elements without a proper name: ${unnamed.join('\n')}`);
      // A slider's value is its number and its text.
      for (const slider of await page.getByRole('slider').all()) {
        const [now, min, max, text] = await Promise.all(['aria-valuenow', 'aria-valuemin', 'aria-valuemax', 'aria-valuetext']
          .map((name) => slider.getAttribute(name)));
        if (!(Number(min) <= Number(now) && Number(now) <= Number(max)) || !text) {
          throw new Error(`a slider's value: now ${now}, min ${min}, max ${max}, text ${text}`);
        }
      }
      if (problems.length) throw new Error(problems.join('\n'));
      await context.close();
    });
  }
}

await check('es: a slider\'s value text has the decimal comma; its aria-valuenow stays a number', async () => {
  const { context, page } = await open('scene=combine&locale=es#scene=combine&combine.weight=0.75');
  const slider = page.getByRole('slider', { name: /Reparto del peso/ });
  const text = await slider.getAttribute('aria-valuetext');
  if (!/0,25/.test(text) || !/0,75/.test(text) || await slider.getAttribute('aria-valuenow') !== '0.75') {
    throw new Error(`valuetext ${text}, valuenow ${await slider.getAttribute('aria-valuenow')}`);
  }
  await context.close();
});

// [SECTION] Tab order, focus following, leaving

await check('Tab visits the controls top to bottom at 390 px, the ring follows, and the last Tab leaves the widget', async () => {
  const { context, page } = await open('scene=combine', { width: 390, height: 844 });
  // Something to go to after the widget (widget.html has nothing else that takes the focus).
  await page.evaluate(() => document.body.appendChild(document.createElement('button')).append('after'));
  const count = await page.locator('.attn-stage [role][tabindex="0"]').count();
  const seen = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    await settle(page);
    const step = await page.evaluate(() => {
      const element = document.activeElement;
      const stage = document.querySelector('.attn-stage');
      if (!stage.contains(element)) return null;
      const box = element.getBoundingClientRect();
      const top = box.top - stage.getBoundingClientRect().top;
      return { name: element.getAttribute('aria-label'), top, left: box.left };
    });
    if (!step) throw new Error(`focus left the widget after ${i} of ${count} controls: ${JSON.stringify(seen)}`);
    seen.push(step);
  }
  for (let i = 1; i < seen.length; i++) {
    const [a, b] = [seen[i - 1], seen[i]];
    if (b.top < a.top - 4 || (Math.abs(b.top - a.top) <= 4 && b.left < a.left)) {
      throw new Error(`"${b.name}" comes after "${a.name}" but shows before it: ${JSON.stringify(seen)}`);
    }
  }
  await page.screenshot({ path: join(out, 'tab-last-control.png') });
  await page.keyboard.press('Tab');
  await settle(page);
  const after = await page.evaluate(() => document.activeElement?.textContent);
  if (after !== 'after') throw new Error(`the Tab after the last control went to ${after}, not past the widget`);
  await context.close();
});

await check('ImGui\'s focus follows the DOM\'s: the element focused gets the ring, and Space presses it', async () => {
  const { context, page } = await open('scene=compare');
  await page.getByRole('button', { name: 'Mask', exact: true }).focus();
  await settle(page);
  await page.keyboard.press('Space');
  await settle(page);
  if (!/scene=mask/.test(await hash(page))) throw new Error(`Space did not open the Mask scene: ${await hash(page)}`);
  const now = await focused(page);
  if (now?.name !== 'Mask') throw new Error(`the focus moved to ${JSON.stringify(now)}`);
  await context.close();
});

// [SECTION] Sliders, checkboxes, presses

await check('ArrowRight on the temperature slider changes the state and its aria-valuenow; Shift, Home and End too', async () => {
  const { context, page } = await open('scene=compare#scene=compare&compare.numbers=1&compare.predict=-_0s');
  const slider = page.getByRole('slider', { name: 'Temperature T' });
  await slider.focus();
  await settle(page);
  const before = Number(await slider.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await settle(page);
  const after = Number(await slider.getAttribute('aria-valuenow'));
  if (!(after > before)) throw new Error(`aria-valuenow ${before} -> ${after}`);
  if (!(await hash(page)).includes(`compare.temperature=${after}`)) throw new Error(`state ${await hash(page)}`);
  await page.keyboard.press('Shift+ArrowRight');
  await settle(page);
  const shifted = Number(await slider.getAttribute('aria-valuenow'));
  if (!(shifted - after > 4 * (after - before) - 1e-9)) throw new Error(`Shift+ArrowRight: ${after} -> ${shifted}`);
  await page.keyboard.press('End');
  await settle(page);
  if (await slider.getAttribute('aria-valuenow') !== await slider.getAttribute('aria-valuemax')) throw new Error('End');
  await page.keyboard.press('Home');
  await settle(page);
  if (await slider.getAttribute('aria-valuenow') !== await slider.getAttribute('aria-valuemin')) throw new Error('Home');
  const still = await focused(page);
  if (still?.role !== 'slider') throw new Error(`the arrow keys moved the focus to ${JSON.stringify(still)}`);
  await context.close();
});

await check('a click on a control moves the DOM focus to its element; Space on a checkbox element toggles it', async () => {
  const { context, page } = await open('scene=compare#scene=compare&compare.predict=-_0s');
  // "Show the numbers", pressed as a screen reader presses it, opens the part with the checkbox.
  await page.getByRole('button', { name: 'Show the numbers' }).dispatchEvent('click');
  await settle(page);
  const box = await page.getByRole('checkbox', { name: /Divide by/ }).boundingBox();
  await page.mouse.click(box.x + 12, box.y + box.height / 2);
  await settle(page);
  const now = await focused(page);
  if (now?.role !== 'checkbox') throw new Error(`after the click the focus is on ${JSON.stringify(now)}`);
  const checkbox = page.getByRole('checkbox', { name: /Divide by/ });
  if (await checkbox.getAttribute('aria-checked') !== 'false') throw new Error('the click did not uncheck it');
  await page.keyboard.press('Space');
  await settle(page);
  if (await checkbox.getAttribute('aria-checked') !== 'true') throw new Error('Space did not check it again');
  await context.close();
});

await check('a screen reader\'s press (a click on the element, no pointer) presses the control', async () => {
  const { context, page } = await open('scene=compare');
  await page.getByRole('button', { name: 'Quick check' }).dispatchEvent('click');
  await settle(page);
  if (!/scene=quiz/.test(await hash(page))) throw new Error(`the press did not open the quick check: ${await hash(page)}`);
  const choice = page.getByRole('radio').first();
  await choice.dispatchEvent('click');
  await settle(page);
  if (await choice.getAttribute('aria-checked') !== 'true') throw new Error('the press did not pick the choice');
  await context.close();
});

// [SECTION] The Mask scene's grid

await check('the Mask cells are a grid of 8 rows of 8; the arrow keys move between cells, Space masks one', async () => {
  const { context, page } = await open('scene=mask');
  const rows = await page.locator('[role=grid] > [role=row]').count();
  const cells = await page.locator('[role=grid] [role=gridcell]').count();
  if (rows !== 8 || cells !== 64) throw new Error(`${rows} rows, ${cells} cells`);
  const tabStops = await page.locator('[role=grid] [role=gridcell][tabindex="0"]').count();
  if (tabStops !== 1) throw new Error(`${tabStops} of the grid's cells are tab stops`);
  const first = page.locator('[role=grid] [role=gridcell]').first();
  await first.focus();
  await settle(page);
  await page.keyboard.press('ArrowRight');
  await settle(page);
  const second = await page.locator('[role=grid] [role=row]').first().locator('[role=gridcell]').nth(1).getAttribute('aria-label');
  const now = await focused(page);
  if (now?.role !== 'gridcell' || now.name !== second) throw new Error(`ArrowRight went to ${JSON.stringify(now)}, not ${second}`);
  await page.keyboard.press('ArrowDown');
  await settle(page);
  const below = await page.locator('[role=grid] [role=row]').nth(1).locator('[role=gridcell]').nth(1).getAttribute('aria-label');
  const then = await focused(page);
  if (then?.name !== below) throw new Error(`ArrowDown went to ${JSON.stringify(then)}, not ${below}`);
  const state = await hash(page);
  await page.keyboard.press('Space');
  await settle(page);
  if (await hash(page) === state) throw new Error('Space on a cell changed nothing');
  await page.screenshot({ path: join(out, 'mask-grid-focus.png') });
  await context.close();
});

// [SECTION] axe

for (const query of ['scene=compare', 'scene=mask', 'scene=quiz', 'scene=walkthrough&locale=es']) {
  await check(`axe-core: no violations in widget.html?${query} with its elements`, async () => {
    const { context, page } = await open(query);
    const results = await page.evaluate(`${AXE_SOURCE}\n;axe.run(document, { resultTypes: ['violations'] })`);
    if (results.violations.length) {
      throw new Error(results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ` +
        v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join('\n    ')).join('\n  '));
    }
    await context.close();
  });
}

await browser.close();
server.close();
console.log(failures ? `access: ${failures} failed` : 'access: all passed');
process.exit(failures ? 1 : 0);
