// The H5P packages (scripts/make-h5p.mjs, web/js/h5p.js) played as a platform plays them, in
// h5p-standalone (npm: H5P's own player and core scripts, no server), in headless Chromium:
// - each zip (attention-lesson.h5p, attention-lesson-es.h5p): Python's zipfile (an implementation
//   other than ours) reads it and checks every CRC-32; every file's extension is on H5P core's
//   default whitelist (h5p.classes.php; a library's folder adds js and css), so no .wasm and no
//   .html; h5p.json and the library's library.json are well-formed with their required fields,
//   the library's folder is named by its machine name and version, every preloaded script is in
//   it, semantics.json describes the content's fields, and content.json's values are among them;
// - the English package in the player: the widget starts (its canvas draws) with nothing asked of
//   another origin and no console error;
// - a prediction through the widget (Compare's "bus", Sure): an "answered" statement through
//   H5P.externalDispatcher whose object is that question under the content's id, with its result;
// - the quick check through the widget (a right answer, then a wrong one, each checked): two
//   "answered" choice statements with the lesson's question, choices and right choice, scored 1 and
//   0; then the lesson's own "completed" statement, scored 1 of 2; the second tried again and
//   answered right: the lesson's "answered" statement scored 2 of 2;
// - the Spanish package: its widget speaks Spanish and its statement carries the Spanish question;
// - a state the platform saved comes back (H5P core reads it from contentUserData[0].state) (the widget opens as the learner left it), a malformed
//   one is ignored with one warning;
// - a platform whose xAPI listener throws: one console warning, and the widget keeps working.
// usage: node h5p.mjs SITE_DIR OUT_DIR
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, serve, settle, waitForFirstFrame, watchPage, passes, expect, unpackZip } from './browser.mjs';
import { quickCheck } from '../../scripts/quick-check.mjs';
import { CONTENT_WHITELIST, LIBRARY_WHITELIST_EXTRAS } from '../../scripts/h5p-whitelist.mjs';

const [site, out] = process.argv.slice(2);
if (!site || !out) { console.error('usage: node h5p.mjs SITE_DIR OUT_DIR'); process.exit(2); }

const PACKAGES = { en: 'attention-lesson.h5p', es: 'attention-lesson-es.h5p' };
const PREFIX = 'Attention lesson (H5P): ';
const ANSWERED = 'http://adlnet.gov/expapi/verbs/answered';
const COMPLETED = 'http://adlnet.gov/expapi/verbs/completed';

// The served folder: the player page in lms/, h5p-standalone's dist/ in player/, each package
// unpacked in content-LOCALE/.
const root = join(out, 'serve');
rmSync(root, { recursive: true, force: true });
mkdirSync(join(root, 'lms'), { recursive: true });
copyFileSync(fileURLToPath(new URL('fixtures/h5p-player.html', import.meta.url)), join(root, 'lms', 'player.html'));
cpSync(fileURLToPath(new URL('../../node_modules/h5p-standalone/dist', import.meta.url)), join(root, 'player'), { recursive: true });

let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// [SECTION] The packages

const readJson = (folder, name) => {
  const path = join(folder, name);
  expect(existsSync(path), `${name} is missing`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${name} is not well-formed JSON: ${error.message}`);
  }
};
const isInteger = (value) => Number.isInteger(value) && value >= 0;

const unpacked = {};
for (const [locale, name] of Object.entries(PACKAGES)) {
  await check(`${name}: reads with its CRC-32s right; every file on H5P's whitelist; its four JSON files as H5P requires`, async () => {
    const path = join(site, name);
    const folder = join(root, `content-${locale}`);
    const files = unpackZip(path, folder, 'scripts/make-h5p.mjs').map(({ name }) => name).filter((name) => !name.endsWith('/'));

    const h5p = readJson(folder, 'h5p.json');
    for (const field of ['title', 'language', 'mainLibrary']) {
      expect(typeof h5p[field] === 'string' && h5p[field], `h5p.json has no ${field}`);
    }
    expect(h5p.language === locale, `h5p.json's language is "${h5p.language}"`);
    expect(Array.isArray(h5p.embedTypes) && h5p.embedTypes.length &&
           h5p.embedTypes.every((type) => type === 'div' || type === 'iframe'), `h5p.json's embedTypes: ${JSON.stringify(h5p.embedTypes)}`);
    expect(Array.isArray(h5p.preloadedDependencies), 'h5p.json has no preloadedDependencies');
    const main = h5p.preloadedDependencies.find((dependency) => dependency.machineName === h5p.mainLibrary);
    expect(main && isInteger(main.majorVersion) && isInteger(main.minorVersion),
           `h5p.json's preloadedDependencies do not name ${h5p.mainLibrary} with its version`);
    const libraryFolder = `${main.machineName}-${main.majorVersion}.${main.minorVersion}`;

    // H5P core's default lists (h5p.classes.php), as the platform checks an upload.
    const bad = files.filter((file) => {
      const dot = file.lastIndexOf('.');
      const extension = dot > file.lastIndexOf('/') ? file.slice(dot + 1).toLowerCase() : '';
      const allowed = file.startsWith(`${libraryFolder}/`) ? [...CONTENT_WHITELIST, ...LIBRARY_WHITELIST_EXTRAS] : CONTENT_WHITELIST;
      return !allowed.includes(extension);
    });
    expect(bad.length === 0, `files H5P refuses (extension not on its whitelist): ${bad.join(', ')}`);
    expect(files.includes('content/content.json'), 'there is no content/content.json');

    const library = readJson(folder, `${libraryFolder}/library.json`);
    for (const field of ['title', 'machineName']) expect(typeof library[field] === 'string' && library[field], `library.json has no ${field}`);
    for (const field of ['majorVersion', 'minorVersion', 'patchVersion']) {
      expect(isInteger(library[field]), `library.json's ${field}: ${library[field]}`);
    }
    expect(`${library.machineName}-${library.majorVersion}.${library.minorVersion}` === libraryFolder,
           `library.json names ${library.machineName} ${library.majorVersion}.${library.minorVersion}, its folder is ${libraryFolder}`);
    expect(library.runnable === 1, `library.json's runnable: ${library.runnable}`);
    expect(Array.isArray(library.preloadedJs) && library.preloadedJs.length, 'library.json preloads no script');
    for (const { path: script } of [...library.preloadedJs, ...(library.preloadedCss || [])]) {
      expect(files.includes(`${libraryFolder}/${script}`), `library.json preloads ${script}, which is not in the package`);
    }

    const semantics = readJson(folder, `${libraryFolder}/semantics.json`);
    expect(Array.isArray(semantics), 'semantics.json is not a list of fields');
    const field = (fieldName) => semantics.find((entry) => entry.name === fieldName);
    expect(field('scenes') && field('scenes').type === 'list' && field('scenes').field.type === 'select',
           'semantics.json has no list of scenes');
    expect(field('locale') && field('locale').type === 'select', 'semantics.json has no locale');
    const sceneValues = field('scenes').field.options.map((option) => option.value);
    const content = readJson(folder, 'content/content.json');
    expect(Array.isArray(content.scenes) && content.scenes.length && content.scenes.every((scene) => sceneValues.includes(scene)),
           `content.json's scenes: ${JSON.stringify(content.scenes)}`);
    expect(field('locale').options.some((option) => option.value === content.locale) && content.locale === locale,
           `content.json's locale: ${content.locale}`);
    unpacked[locale] = { folder, h5p, files };
    console.log(`  ${name}: ${files.length} files; ${files.join(', ')}`);
  });
}
if (!unpacked.en) {
  console.log('browser h5p: the English package could not be read; nothing more to test');
  process.exit(1);
}

// [SECTION] Playing

const { server, origin } = await serve(root);
const browser = await launch();

// The player page showing the package of `locale` (`options` go to h5p-standalone), with what is
// heard of it: console warnings of the content type, the page's problems and requests to other
// origins.
async function play(locale, options = {}, before = null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const session = { context, page, frame: null, problems: watchPage(page), notes: [], foreign: [] };
  page.on('console', (msg) => { if (msg.text().startsWith(PREFIX)) session.notes.push(`${msg.type()}: ${msg.text()}`); });
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:') && url !== 'about:blank') {
      session.foreign.push(url);
    }
  });
  await page.goto(`${origin}/lms/player.html`);
  if (before) await page.evaluate(before);
  await page.evaluate(([folder, extra]) => window.play(folder, extra), [`../content-${locale}`, options]);
  await page.waitForFunction(() => window.played || window.playError, null, { timeout: 30000 });
  const error = await page.evaluate(() => window.playError);
  expect(!error, `h5p-standalone did not play the package: ${error}`);
  session.frame = page.frames().find((frame) => frame !== page.mainFrame());
  expect(session.frame, 'the player made no frame for the content');
  await waitForFirstFrame(session.frame);
  await session.frame.waitForFunction(() => document.querySelectorAll('.attn-stage [role][tabindex]').length > 5, null,
                                      { timeout: 30000 });
  return session;
}
const statements = (session) => session.page.evaluate(() => window.statements);
async function untilStatements(session, count, what) {
  try {
    await session.page.waitForFunction((n) => window.statements.length >= n, count, { timeout: 15000 });
  } catch (error) {
    throw new Error(`${what}: ${JSON.stringify(await statements(session)).slice(0, 600)}`);
  }
  return statements(session);
}
function expectQuiet(session) {
  expect(session.problems.length === 0, session.problems.join('\n  '));
  expect(session.foreign.length === 0, `requests to other origins: ${session.foreign.join(', ')}`);
}
// The content's id as H5P gives it to its statements (H5PIntegration.contents[...].url).
const contentId = (session) => session.page.evaluate(() => Object.values(window.H5PIntegration.contents)[0].url);
// The widget's quick check, through its scene bar's button (`name`, in the widget's language),
// once the widget has switched to it (its canvas's label names the scene).
async function openQuickCheck(session, name) {
  await press(session, 'button', name);
  await session.frame.waitForFunction((scene) => (document.querySelector('.attn-stage')?.getAttribute('aria-label') || '')
    .includes(scene), name, { timeout: 10000 });
}
// A control of the widget's accessible mirror, pressed as a learner's click would.
// The widget takes input at its next frame: each press waits until the widget has drawn what it
// changed, and a choice until it shows as checked, before the next press.
async function press(session, role, name, nth = 0) {
  const control = session.frame.getByRole(role, { name, exact: typeof name === 'string' }).nth(nth);
  await control.dispatchEvent('click', {}, { timeout: 10000 });
  if (role === 'radio') {
    await control.evaluate((element) => new Promise((resolve, reject) => {
      const end = Date.now() + 10000;
      const poll = () => {
        if (element.getAttribute('aria-checked') === 'true') resolve();
        else if (Date.now() > end) reject(new Error(`${element.getAttribute('aria-label') || element.textContent} was not checked`));
        else setTimeout(poll, 50);
      };
      poll();
    }));
  }
  await settle(session.frame);
}

await check('the English package in h5p-standalone: the widget starts and draws, nothing from another origin, no error', async () => {
  const session = await play('en');
  try {
    const frames = await session.frame.evaluate(() => Number(document.querySelector('canvas[data-frames]').dataset.frames));
    expect(frames >= 1, `the canvas drew ${frames} frames`);
    const label = await session.frame.getAttribute('.attn-stage', 'aria-label');
    expect(/^Interactive attention widget/.test(label || ''), `the widget is labelled "${label}"`);
    expectQuiet(session);
    expect(session.notes.length === 0, `the content type said: ${session.notes.join(' | ')}`);
  } finally {
    await session.context.close();
  }
});

await check('a prediction through the widget: an "answered" statement of that question under the content\'s id, with its result', async () => {
  const session = await play('en');
  try {
    await press(session, 'radio', 'bus');
    await press(session, 'button', 'Sure');
    const [statement] = await untilStatements(session, 1, 'no statement after the prediction');
    const id = await contentId(session);
    expect(statement.verb.id === ANSWERED, `verb ${statement.verb.id}`);
    expect(id && statement.object.id === `${id}?subContentId=compare.strongest`, `object id ${statement.object.id} (the content's: ${id})`);
    expect(statement.object.definition.interactionType === 'other', `interaction ${statement.object.definition.interactionType}`);
    expect(statement.context.contextActivities.parent[0].id === id, `parent ${JSON.stringify(statement.context.contextActivities.parent)}`);
    const { result } = statement;
    expect(result && result.response === 'bus' && result.success === true && /^PT\d+(\.\d+)?S$/.test(result.duration) &&
           result.extensions?.['urn:attention-lesson:xapi:confidence'] === 'sure', `result ${JSON.stringify(result)}`);
    expect(statement.actor && statement.actor.objectType === 'Agent', `actor ${JSON.stringify(statement.actor)}`);
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

await check('the quick check through the widget: two scored choice statements in the lesson\'s words, the lesson "completed" 1 of 2, then 2 of 2',
            async () => {
  const [q1, q2] = quickCheck(join(site, 'lesson'));
  const session = await play('en');
  try {
    await openQuickCheck(session, 'Quick check');
    // The first question's right choice, then its check; the second's first (wrong) choice.
    await press(session, 'radio', new RegExp(`^${'ABC'[q1.right - 1]}\\. `), 0);
    await press(session, 'button', 'Check the reasoning', 0);
    await untilStatements(session, 1, 'no statement after the first answer');
    // The first question's check gave way to its reasoning: the one left is the second's.
    await press(session, 'radio', `A. ${q2.choices[0]}`);
    await press(session, 'button', 'Check the reasoning');
    const list = await untilStatements(session, 3, 'not three statements after both answers');
    const id = await contentId(session);
    // The widget tells its change (the quick check complete) and the answer that made it in either
    // order: each statement is found by what it is about.
    const about = (verb, object) => list.find((statement) => statement.verb.id === verb && statement.object.id === object);
    const first = about(ANSWERED, `${id}?subContentId=${q1.id}`);
    const second = about(ANSWERED, `${id}?subContentId=${q2.id}`);
    const completed = about(COMPLETED, id);
    expect(list.length === 3 && first && second && completed,
           `statements: ${JSON.stringify(list.map((statement) => `${statement.verb.id} ${statement.object.id}`))}`);
    for (const [statement, words, response, right] of [[first, q1, 'ABC'[q1.right - 1], true], [second, q2, 'A', q2.right === 1]]) {
      const { definition } = statement.object;
      expect(statement.verb.id === ANSWERED && statement.object.id === `${id}?subContentId=${words.id}`,
             `${words.id}: ${statement.verb.id} of ${statement.object.id}`);
      expect(definition.interactionType === 'choice', `${words.id}: interaction ${definition.interactionType}`);
      expect(definition.description.en === words.text, `${words.id}: described as "${JSON.stringify(definition.description)}"`);
      expect(JSON.stringify(definition.choices.map((choice) => choice.description.en)) === JSON.stringify(words.choices),
             `${words.id}: choices ${JSON.stringify(definition.choices)}`);
      expect(JSON.stringify(definition.correctResponsesPattern) === JSON.stringify(['ABC'[words.right - 1]]),
             `${words.id}: correct ${JSON.stringify(definition.correctResponsesPattern)}`);
      const { result } = statement;
      expect(result.response === response && result.success === right && result.score.raw === (right ? 1 : 0) && result.score.max === 1,
             `${words.id}: result ${JSON.stringify(result)}`);
    }
    expect(completed.verb.id === COMPLETED && completed.object.id === id, `then ${completed.verb.id} of ${completed.object.id}`);
    expect(!completed.context || !completed.context.contextActivities || !completed.context.contextActivities.parent,
           'the lesson\'s statement has a parent');
    expect(completed.result.score.raw === 1 && completed.result.score.max === 2 && completed.result.completion === true,
           `the lesson's result ${JSON.stringify(completed.result)}`);
    const state = await session.frame.evaluate(() => window.H5P.instances[0].getCurrentState());
    expect(state && /quiz\.q1\.choice=/.test(state.state) && state.completed === true, `the state H5P would save: ${JSON.stringify(state)}`);
    // The second question tried again and answered right: the lesson's score, 2 of 2, as "answered".
    await press(session, 'button', 'Try again', 1);
    await press(session, 'radio', `${'ABC'[q2.right - 1]}. ${q2.choices[q2.right - 1]}`);
    await press(session, 'button', 'Check the reasoning');
    const more = (await untilStatements(session, 5, 'not two more statements after the second try')).slice(3);
    const rescored = more.find((statement) => statement.object.id === id);
    expect(rescored && rescored.verb.id === ANSWERED && rescored.result.score.raw === 2 && rescored.result.score.max === 2,
           `after the second try: ${JSON.stringify(more.map((statement) => [statement.verb.id, statement.object.id, statement.result]))}`);
    expect(more.some((statement) => statement.object.id === `${id}?subContentId=${q2.id}` && statement.result.success === true),
           'the second try was not told as a right answer');
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

await check('the Spanish package: its widget speaks Spanish, and its quick-check statement carries the Spanish question', async () => {
  expect(unpacked.es, 'the Spanish package could not be read');
  const [q1] = quickCheck(join(site, 'lesson'), 'es');
  const session = await play('es');
  try {
    const label = await session.frame.getAttribute('.attn-stage', 'aria-label');
    expect(/^Widget interactivo de atención/.test(label || ''), `its widget is labelled "${label}"`);
    await openQuickCheck(session, 'Comprobación');
    await press(session, 'radio', /^B\. /, 0);
    await press(session, 'button', 'Ver el razonamiento', 0);
    const [statement] = await untilStatements(session, 1, 'no statement after the answer');
    expect(statement.object.definition.description.es === q1.text, `described as ${JSON.stringify(statement.object.definition.description)}`);
    expect(statement.result.success === (q1.right === 2), `result ${JSON.stringify(statement.result)}`);
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

await check('a state the platform saved opens the widget as the learner left it; a malformed one is ignored with one warning', async () => {
  const saved = 'scene=quiz&quiz.q1.choice=2&quiz.q1.revealed=1';
  const session = await play('en', { saveFreq: 30, contentUserData: [{ state: JSON.stringify({ state: saved }) }] });
  try {
    const state = await session.frame.evaluate(() => window.H5P.instances[0].getCurrentState());
    expect(state && state.state.includes('quiz.q1.choice=2') && state.state.includes('quiz.q1.revealed=1'),
           `the widget opened with ${JSON.stringify(state)}`);
    expect(session.notes.length === 0, `the content type said: ${session.notes.join(' | ')}`);
  } finally {
    await session.context.close();
  }
  const broken = await play('en', { saveFreq: 30, contentUserData: [{ state: JSON.stringify({ state: 'a b<c>' }) }] });
  try {
    expect(broken.notes.length === 1 && broken.notes[0].startsWith('warning:') && broken.notes[0].includes('saved state'),
           `the content type said: ${broken.notes.join(' | ') || 'nothing'}`);
    const state = await broken.frame.evaluate(() => window.H5P.instances[0].getCurrentState());
    expect(!state || !state.state.includes('<'), `the widget opened with ${JSON.stringify(state)}`);
  } finally {
    await broken.context.close();
  }
});

await check('a platform whose xAPI listener throws: one console warning, and the widget keeps taking answers', async () => {
  const session = await play('en');
  try {
    await session.page.evaluate(() => window.H5P.externalDispatcher.on('xAPI', () => { throw new Error('the LRS is down'); }));
    await press(session, 'radio', 'bus');
    await press(session, 'button', 'Sure');
    await untilStatements(session, 1, 'no statement after the prediction');
    await openQuickCheck(session, 'Quick check');
    await press(session, 'radio', /^B\. /, 0);
    await press(session, 'button', 'Check the reasoning', 0);
    await untilStatements(session, 2, 'the quick check\'s statement did not follow');
    expect(session.notes.length === 1 && session.notes[0].startsWith('warning:') && session.notes[0].includes('the LRS is down'),
           `the content type said: ${session.notes.join(' | ') || 'nothing'}`);
    const problems = session.problems.filter((problem) => !problem.includes('the LRS is down'));
    expect(problems.length === 0, problems.join('\n  '));
  } finally {
    await session.context.close();
  }
});

await browser.close();
server.close();
console.log(failures ? `browser h5p: ${failures} failed` : 'browser h5p: all passed');
process.exit(failures ? 1 : 0);
