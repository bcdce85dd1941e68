// The first screen of each scene, part of scripts/bench and runnable alone: widget.html?scene=NAME
// in headless Chromium at 390 × 844 and 1280 × 800, DPR 2, light theme, as it opens. The viewport's
// screenshot is read by tesseract (Debian's tesseract-ocr), in grey: the words read, the share of
// the screen in their boxes, the share that is picture (first_screen_measure.mjs). The parallel DOM's
// rectangles give the rows of the bar (the controls laid out before the first picture, role img)
// and the hero's top (that picture's, from the widget's top). Prints a table per width and the
// goals' PASS/FAIL lines; exits 1 only when it could not measure (report.mjs judges the goals).
// usage: node first_screen.mjs SITE_DIR [OUT_JSON]
//   the screenshots (NAME-WIDTH.png, and -grey.png as tesseract read it) and tesseract's TSV go to
//   the folder beside OUT_JSON (first-screen/), or without OUT_JSON to build/bench/first-screen/.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { launch, sceneNames, serve, waitForFirstFrame, watchPage } from '../browser/browser.mjs';
import { BACKGROUND_TOLERANCE, MIN_CONFIDENCE, ROW_TOLERANCE_PX, chromeAndHero, firstScreenGoals, firstScreenTable,
         greyForReading, measureFirstScreen, tesseractCommand } from './first_screen_measure.mjs';

const [siteDir, outJson] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node first_screen.mjs SITE_DIR [OUT_JSON]');
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = outJson ? join(dirname(resolve(outJson)), 'first-screen') : join(root, 'build', 'bench', 'first-screen');
mkdirSync(shots, { recursive: true });

const VIEWPORTS = [{ width: 390, height: 844 }, { width: 1280, height: 800 }];
const DPR = 2;
// The widget draws nothing once nothing changes: the first screen is what shows when its frames
// have stopped for this long (an opening eases for about 0.2 s), or after SETTLE_LIMIT_MS.
const QUIET_MS = 400;
const SETTLE_LIMIT_MS = 4000;
// Tesseract runs beside the browser, this many at a time (one thread each).
const READERS = 2;

let tesseractVersion;
try {
  tesseractVersion = execFileSync('tesseract', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    .split('\n')[0].trim();
} catch {
  console.error('tesseract is not installed: run scripts/bootstrap (Debian packages tesseract-ocr, tesseract-ocr-eng)');
  process.exit(1);
}

const started = Date.now();
const { server, origin } = await serve(siteDir);
const browser = await launch();
const scenes = await sceneNames(browser, origin);
const run = promisify(execFile);
const queue = [];
let reading = 0;
// Reads one screenshot with tesseract when a reader is free; resolves to its TSV.
function readScreen(file) {
  return new Promise((done, fail) => {
    queue.push(() => {
      ++reading;
      const [command, args, options] = tesseractCommand(file);
      run(command, args, options).then(({ stdout }) => done(stdout), fail).finally(() => {
        --reading;
        if (queue.length) queue.shift()();
      });
    });
    if (reading < READERS) queue.shift()();
  });
}

// The parallel DOM's elements in the widget (src/platform/window_web.cpp), in their order: role
// and rectangle in CSS px from the widget's top left. The grid and its rows only hold cells.
const PARALLEL_DOM = () => {
  const stage = document.querySelector('.attn-stage');
  const origin = stage.getBoundingClientRect();
  return Array.from(stage.querySelectorAll('[role]'))
    .filter((e) => !['grid', 'row'].includes(e.getAttribute('role')))
    .map((e) => {
      const r = e.getBoundingClientRect();
      return { role: e.getAttribute('role'), name: e.getAttribute('aria-label') || '', top: r.top - origin.top,
               left: r.left - origin.left, width: r.width, height: r.height };
    });
};

// Waits until the canvas's frame count has not moved for QUIET_MS (at most SETTLE_LIMIT_MS).
async function settle(page) {
  const frames = () => page.evaluate(() => Number(document.querySelector('canvas[data-frames]').dataset.frames));
  const until = Date.now() + SETTLE_LIMIT_MS;
  let last = await frames(), since = Date.now();
  while (Date.now() < until) {
    await page.waitForTimeout(100);
    const now = await frames();
    if (now !== last) { last = now; since = Date.now(); } else if (Date.now() - since >= QUIET_MS) return true;
  }
  return false;
}

const views = [];
const problems = [];
try {
  for (const { width, height } of VIEWPORTS) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: DPR, colorScheme: 'light' });
    const view = { width, height, device_scale_factor: DPR, scenes: [] };
    for (const scene of scenes) {
      const page = await context.newPage();
      const seen = watchPage(page);
      await page.goto(`${origin}/widget.html?scene=${scene}`);
      await waitForFirstFrame(page);
      const settled = await settle(page);
      const png = await page.screenshot();
      const elements = await page.evaluate(PARALLEL_DOM);
      await page.close();
      const file = join(shots, `${scene}-${width}.png`);
      writeFileSync(file, png);
      const grey = file.replace(/\.png$/, '-grey.png');
      writeFileSync(grey, greyForReading(png));
      if (!settled) problems.push(`${scene} at ${width} px still drew after ${SETTLE_LIMIT_MS / 1000} s`);
      problems.push(...seen.map((p) => `${scene} at ${width} px: ${p}`));
      const tsv = readScreen(grey);
      tsv.catch(() => {});  // awaited below, in order; a failure is reported there
      view.scenes.push({ scene, file, png, tsv, ...chromeAndHero(elements),
                         figure: elements.find((e) => e.role === 'img')?.name ?? null });
    }
    await context.close();
    views.push(view);
  }
  for (const view of views) {
    for (const [i, s] of view.scenes.entries()) {
      const tsv = await s.tsv;
      writeFileSync(s.file.replace(/\.png$/, '.tsv'), tsv);
      const { words, word_box_share: wordBoxes, picture_share: picture, background, text } = measureFirstScreen(s.png, tsv);
      view.scenes[i] = { scene: s.scene, words, word_box_share: Number(wordBoxes.toFixed(4)),
                         picture_share: Number(picture.toFixed(4)), background, chrome_rows: s.chrome_rows,
                         hero_top_px: s.hero_top_px, bar_controls: s.bar_controls, figure: s.figure, text };
    }
  }
} finally {
  await browser.close();
  server.close();
}

const goals = views.flatMap((view) => firstScreenGoals(view.width, view.scenes));
const result = {
  page: 'widget.html?scene=NAME', tesseract: tesseractVersion, min_confidence: MIN_CONFIDENCE,
  background_tolerance: BACKGROUND_TOLERANCE, row_tolerance_px: ROW_TOLERANCE_PX, views, goals,
  problems, seconds: Number(((Date.now() - started) / 1000).toFixed(1)),
};
if (outJson) writeFileSync(outJson, JSON.stringify(result, null, 2) + '\n');

for (const view of views) console.log([...firstScreenTable(view), ''].join('\n'));
for (const goal of goals) console.log(`${goal.pass ? 'PASS' : 'FAIL'} ${goal.name}: ${goal.measured} (goal ${goal.limit})`);
console.log(`\n${views.length * scenes.length} first screens in ${result.seconds} s; screenshots and tesseract's TSV in ${shots}`);
if (problems.length) {
  console.log(`problems:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
