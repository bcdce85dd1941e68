// Where the web widget's words come from, in headless Chromium. The web build compiles no lesson
// text in: the widget shows only the lesson/lesson.txt the loader (web/js/) hands over, or, in the
// one-file offline lesson, what is inlined as window.attentionLessonTexts.
// - served: an edited lesson file's words show in the ARIA mirror; each page asks for
//   lesson/lesson.txt once (widget.html's start script and the loader share one download, the
//   lesson page's seven widgets too) and for nothing else under lesson/;
// - a malformed line in one section of the lesson file: the widget starts, a console warning
//   names the file, line and section, that section's keys show as [key], the others as written;
// - the lesson file missing (widget page and lesson page) or the lesson page opened from file://
//   (not the offline file): the author's fallback stays, shown, with a note, no canvas, no
//   uncaught error;
// - the one-file offline lesson starts from file:// and shows the same words as the served page.
// usage: node lesson_text.mjs SITE_DIR OUT_DIR
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, openWatched, serve, visitWidgetSlots, waitForFirstFrame, passes } from './browser.mjs';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node lesson_text.mjs SITE_DIR OUT_DIR'); process.exit(2); }

// A copy of the site whose lesson files each check changes; the build's own site stays as built.
const site = join(out, 'site');
rmSync(site, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(dir, site, { recursive: true, filter: (src) => !src.endsWith('attention-lesson-offline.html') });
const lessonFile = (name) => join(site, 'lesson', name);
const original = {};
for (const name of ['lesson.txt']) original[name] = readFileSync(lessonFile(name), 'utf8');
function restoreLesson() {
  for (const [name, text] of Object.entries(original)) writeFileSync(lessonFile(name), text);
}

const { server, origin } = await serve(site);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  restoreLesson();
  if (!(await passes(name, fn))) failures++;
}

const open = (url, viewport) => openWatched(browser, url, viewport);
// `more`: the other files expected after it (the Go-further widget's further.txt).
function assertAskedOnce(what, requests, more = []) {
  const expected = ['/lesson/lesson.txt', ...more];
  if (JSON.stringify(requests) !== JSON.stringify(expected)) {
    throw new Error(`${what} asked for ${JSON.stringify(requests)}, expected ${expected.join(', ')} once each`);
  }
}
const liveText = (page) => page.evaluate(() => document.querySelector('[aria-live]')?.textContent || '');
async function waitForLiveText(page) {
  await page.waitForFunction(() => document.querySelector('[aria-live]')?.textContent, null, { timeout: 30000 });
  return liveText(page);
}
const PLACEHOLDER = /\[[a-z0-9_.]+\]/;

// The first step's title as the lesson file has it, which the walkthrough's mirror repeats.
const STEP1_TITLE = /^walkthrough\.step1\.title = (.*)$/m.exec(original['lesson.txt'])?.[1];
if (!STEP1_TITLE) throw new Error('lesson/lesson.txt has no walkthrough.step1.title line');
let servedText = '';

await check('the served widget shows the words of the lesson files, an edited one included', async () => {
  const { context, page, problems, lessonRequests } = await open(`${origin}/widget.html?scene=walkthrough`);
  await waitForFirstFrame(page);
  servedText = await waitForLiveText(page);
  if (!servedText.includes(STEP1_TITLE)) throw new Error(`the mirror does not show "${STEP1_TITLE}": "${servedText}"`);
  if (PLACEHOLDER.test(servedText)) throw new Error(`the mirror shows a [key] placeholder: "${servedText}"`);
  assertAskedOnce('widget.html', lessonRequests);
  await context.close();

  const edited = 'Zebra crossing (a title changed by the test)';
  writeFileSync(lessonFile('lesson.txt'),
                original['lesson.txt'].replace(/^(walkthrough\.step1\.title = ).*$/m, `$1${edited}`));
  const again = await open(`${origin}/widget.html?scene=walkthrough`);
  await waitForFirstFrame(again.page);
  const text = await waitForLiveText(again.page);
  if (!text.includes(edited)) throw new Error(`the edited title is not shown: "${text}"`);
  if (problems.length || again.problems.length) throw new Error([...problems, ...again.problems].join('\n  '));
  console.log(`  "${servedText.slice(0, 60)}" -> "${text.slice(0, 60)}"`);
  await again.context.close();
});

await check('the lesson page starts its widgets as they come near the screen and asks for lesson/lesson.txt once, further.txt once for its Go-further widget', async () => {
  const { context, page, problems, lessonRequests } = await open(`${origin}/index.html`, { width: 1000, height: 900 });
  const slots = await page.evaluate(() => document.querySelectorAll('div[data-attention-widget]').length);
  await page.waitForFunction(() => document.querySelector('div[data-attention-widget] canvas[data-frames]'), null,
                             { timeout: 30000 });
  await page.waitForTimeout(1000);  // time for widgets that should not start yet
  const early = await page.evaluate(() => document.querySelectorAll('div[data-attention-widget] canvas').length);
  if (early >= slots) throw new Error(`all ${slots} widgets started before the page was scrolled`);
  await visitWidgetSlots(page, (slot) => Number(slot.querySelector('canvas')?.dataset.frames) >= 1);
  assertAskedOnce(`index.html with ${slots} widgets`, lessonRequests, ['/lesson/further.txt']);
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  ${early} of ${slots} widgets started before scrolling`);
  await context.close();
});

await check('a malformed section: the widget starts, the warning names file, line and section, its keys show as [key]', async () => {
  // The line goes at the end of the walkthrough section, before the next section's header.
  const broken = original['lesson.txt'].replace(/\n\[quiz\]\n/, '\nthis line has no equals sign\n\n[quiz]\n');
  if (broken === original['lesson.txt']) throw new Error('lesson/lesson.txt has no [quiz] section');
  const line = broken.slice(0, broken.indexOf('this line has no equals sign')).split('\n').length;
  writeFileSync(lessonFile('lesson.txt'), broken);
  const { context, page, problems, warnings } = await open(`${origin}/widget.html?scene=walkthrough`);
  await waitForFirstFrame(page);
  const text = await waitForLiveText(page);
  const warned = warnings.find((w) => w.includes(`lesson/lesson.txt:${line}: expected 'key = value' (nothing from section [walkthrough] is used)`));
  if (!warned) throw new Error(`no warning naming lesson/lesson.txt:${line} and its section; saw ${JSON.stringify(warnings)}`);
  if (!/\[walkthrough\.step1\.title\]/.test(text)) throw new Error(`the mirror does not show the key: "${text}"`);
  const quiz = await open(`${origin}/widget.html?scene=quiz`);
  await waitForFirstFrame(quiz.page);
  const quizText = await waitForLiveText(quiz.page);
  if (PLACEHOLDER.test(quizText)) throw new Error(`another section's words are not used: "${quizText}"`);
  await quiz.context.close();
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  ${warned}`);
  await context.close();
});

// The widget was not started: the author's fallback and the note are there, no canvas is, and the
// console said why. `expected404` are the requests whose 404 the check itself arranged.
async function assertNotStarted(page, problems, warnings, why, expected404, slots) {
  await visitWidgetSlots(page, (slot) => slot.querySelector('.attn-note'))
    .then(() => page.waitForFunction((n) => document.querySelectorAll('.attn-note').length >= n, slots, { timeout: 30000 }))
    .catch(() => { throw new Error('no note replaced the widget'); });
  await page.waitForTimeout(500);  // time for anything that should not happen
  const seen = await page.evaluate(() => ({
    notes: Array.from(document.querySelectorAll('.attn-note')).map((n) => n.textContent),
    noteChildren: Array.from(document.querySelectorAll('.attn-note')).reduce((sum, n) => sum + n.children.length, 0),
    canvases: document.querySelectorAll('canvas').length,
    fallbacks: document.querySelectorAll('.attn-fallback, [data-attention-widget] > :not(.attn-note)').length,
    // Laid out, not only present: widget.html hides its text while the widget starts.
    shownFallbacks: Array.from(document.querySelectorAll('.attn-fallback, [data-attention-widget] > :not(.attn-note)'))
      .filter((node) => node.getClientRects().length > 0).length,
  }));
  if (seen.notes.length !== slots) throw new Error(`${seen.notes.length} notes for ${slots} widget(s)`);
  if (!seen.notes.every((n) => /could not be loaded, so it was not started/.test(n) && /attention-lesson-offline\.html/.test(n))) {
    throw new Error(`unexpected note: ${JSON.stringify(seen.notes[0])}`);
  }
  if (seen.noteChildren) throw new Error('the note holds elements: it must be plain text');
  if (seen.canvases) throw new Error(`${seen.canvases} canvas(es) in the page`);
  if (!seen.fallbacks) throw new Error("the author's fallback content is gone");
  if (!seen.shownFallbacks) throw new Error("the author's fallback content is there but not shown");
  if (!warnings.some((w) => w.includes('Attention widget not started') && w.includes(why))) {
    throw new Error(`no console warning with "${why}"; saw ${JSON.stringify(warnings)}`);
  }
  // Chromium logs each 404 as a console error without its URL; the response event names it.
  const unexpected = problems.filter((p) => !expected404.some((path) => p === `HTTP 404: ${origin}/${path}`) &&
                                            !(expected404.length && /^console\.error: Failed to load resource: .* 404/.test(p)));
  if (unexpected.length) throw new Error(unexpected.join('\n  '));
  console.log(`  ${warnings.find((w) => w.includes(why))}`);
}

await check('the lesson file missing on the server: the note, not the widget, on the widget page and the lesson page', async () => {
  rmSync(lessonFile('lesson.txt'));
  const widget = await open(`${origin}/widget.html?scene=walkthrough`);
  await assertNotStarted(widget.page, widget.problems, widget.warnings, 'lesson/lesson.txt: HTTP 404',
                         ['lesson/lesson.txt'], 1);
  writeFileSync(join(out, 'no-text-widget.png'), await widget.page.screenshot());
  await widget.context.close();
  const lesson = await open(`${origin}/index.html`, { width: 1000, height: 900 });
  const slots = await lesson.page.evaluate(() => document.querySelectorAll('div[data-attention-widget]').length);
  await assertNotStarted(lesson.page, lesson.problems, lesson.warnings, 'lesson/lesson.txt: HTTP 404',
                         ['lesson/lesson.txt'], slots);
  await lesson.context.close();
});

await check('the lesson page opened from file:// (not the offline file) shows the note, not the widget', async () => {
  const { context, page, problems, warnings } = await open(pathToFileURL(join(site, 'index.html')).href);
  const slots = await page.evaluate(() => document.querySelectorAll('div[data-attention-widget]').length);
  await assertNotStarted(page, problems, warnings, 'file://', [], slots);
  await context.close();
});

await check('the one-file offline lesson starts from file:// with the words of the lesson files', async () => {
  const file = resolve(dir, 'attention-lesson-offline.html');
  if (!existsSync(file)) throw new Error(`${file} was not built`);
  const { context, page, problems } = await open(pathToFileURL(file).href, { width: 1000, height: 900 });
  const slot = await page.waitForSelector('div[data-attention-widget][data-scene="walkthrough"] canvas', { timeout: 30000 });
  await slot.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('div[data-attention-widget][data-scene="walkthrough"] [aria-live]')?.textContent,
                             null, { timeout: 30000 });
  const text = await page.evaluate(() => document.querySelector('div[data-attention-widget][data-scene="walkthrough"] [aria-live]').textContent);
  if (PLACEHOLDER.test(text)) throw new Error(`the offline lesson shows a [key] placeholder: "${text}"`);
  if (!text.includes(STEP1_TITLE)) throw new Error(`the offline lesson does not show "${STEP1_TITLE}": "${text}"`);
  if (servedText && text !== servedText) throw new Error(`offline "${text}" differs from served "${servedText}"`);
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await browser.close();
server.close();
console.log(failures ? `browser lesson text: ${failures} failed` : 'browser lesson text: all passed');
process.exit(failures ? 1 : 0);
