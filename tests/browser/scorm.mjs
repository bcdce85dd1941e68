// The SCORM 1.2 package (scripts/make-scorm.mjs, web/js/scorm.js) in headless Chromium, hosted
// as an LMS hosts it: scorm-again's SCORM 1.2 runtime (npm) as window.API of a player page that
// frames the package's lesson (tests/browser/fixtures/scorm-host.html).
// - the zip: Python's zipfile (an implementation other than ours) reads it and checks every
//   CRC-32; it holds imsmanifest.xml, the lesson page and gpu-warmup.js only; the manifest is
//   well-formed XML, SCORM 1.2, one organization with one item, launching one resource of
//   scormtype "sco" whose href and files are the package's files;
// - without an LMS (the lesson served on its own, from file://, framed by a page with no API or
//   with a window.API that is no SCORM API): the lesson runs, and the adapter says nothing;
// - a first launch: LMSInitialize(""), lesson_status "incomplete"; one question answered right and
//   its reasoning read through the widget API: score 50 of 0..100, still incomplete, the changed
//   widgets' states in cmi.suspend_data; LMSCommit never twice within 5 s, also while a widget
//   changes ten times a second; the frame removed: exit "suspend", a session time, a commit and
//   LMSFinish, once and last;
// - the next launch with what the LMS kept: each changed widget opens as the learner left it (the
//   Compare widget with its prediction), started later by scrolling, and the status is not set again; both questions answered and
//   read: "completed", score 50, then 100; exit "";
// - a launch after completion: the quick check reset, the status stays "completed";
// - states longer than 4096 characters together: the quick check's widget kept, the other left
//   out, one warning naming it;
// - an LMS two frames up, and one in the window that opened the lesson, are found;
// - interactions: a Compare prediction (bus, sure) and the quick check's first answer (B) made
//   through the widgets are cmi.interactions 0 and 1, with SCORM 1.2's formats (CMIIdentifier,
//   the choice format, CMITimespan latency, CMITime); the next launch numbers on from
//   cmi.interactions._count: a skipped prediction (2, "neutral", no response) and a wrong answer
//   (3, "wrong", pattern "c");
// - an API that answers "false", throws, or refuses every value, and malformed suspend data: the
//   lesson runs and takes changes, with one console warning that says why; one that refuses every
//   interaction: one warning, and the status, score and saved states are still recorded;
// - nothing is requested from another origin.
// usage: node scorm.mjs SITE_DIR OUT_DIR
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, serve, waitForFirstFrame, watchPage, passes, expect, unpackZip } from './browser.mjs';

const [site, out] = process.argv.slice(2);
if (!site || !out) { console.error('usage: node scorm.mjs SITE_DIR OUT_DIR'); process.exit(2); }

const PACKAGE = join(site, 'attention-lesson-scorm12.zip');
const PREFIX = 'Attention lesson (SCORM): ';
// web/js/scorm-core.js's COMMIT_GAP_MS, less a margin for the timer's own lateness being measured
// from another moment.
const COMMIT_GAP_MS = 4900;
const SLOT = (scene) => `div[data-attention-widget][data-scene="${scene}"]`;
// The quick check's right choices (src/lesson/scenes/quiz/quiz.cpp): 2 for the first question, 3
// for the second.
const Q1_RIGHT = 'scene=quiz&quiz.q1.choice=2&quiz.q1.revealed=1';
const Q2_WRONG = `${Q1_RIGHT}&quiz.q2.choice=1&quiz.q2.revealed=1`;
const BOTH_RIGHT = `${Q1_RIGHT}&quiz.q2.choice=3&quiz.q2.revealed=1`;

// The served folder: the package's files as an LMS unpacks them in course/, the player in lms/.
const root = join(out, 'serve');
const course = join(root, 'course');
rmSync(root, { recursive: true, force: true });
mkdirSync(join(root, 'lms'), { recursive: true });
copyFileSync(fileURLToPath(new URL('fixtures/scorm-host.html', import.meta.url)), join(root, 'lms', 'host.html'));
copyFileSync(fileURLToPath(new URL('../../node_modules/scorm-again/dist/scorm12.js', import.meta.url)),
             join(root, 'lms', 'scorm12.js'));

let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// [SECTION] The package

let entries = [];
await check('the zip reads with its CRC-32s right and holds imsmanifest.xml, the lesson page and gpu-warmup.js only', async () => {
  entries = unpackZip(PACKAGE, course, 'scripts/make-scorm.mjs');
  const names = entries.map((entry) => entry.name).sort();
  expect(JSON.stringify(names) === JSON.stringify(['gpu-warmup.js', 'imsmanifest.xml', 'index.html']),
         `the package holds ${JSON.stringify(names)}`);
  for (const entry of entries) expect(entry.method === 8, `${entry.name} is stored with method ${entry.method}, not deflate`);
  const files = readdirSync(course).sort();
  expect(JSON.stringify(files) === JSON.stringify(names), `unpacked: ${JSON.stringify(files)}`);
  const size = readFileSync(PACKAGE).length;
  console.log(`  ${PACKAGE}: ${size} bytes; ${entries.map((e) => `${e.name} ${e.size} bytes, ${e.packed} packed`).join('; ')}`);
});
if (!existsSync(join(course, 'index.html'))) {
  console.log('browser scorm: the package could not be read; nothing more to test');
  process.exit(1);
}

const { server, origin } = await serve(root);
const browser = await launch();

await check('imsmanifest.xml: SCORM 1.2, one organization, one item, one SCO whose href and files are the package\'s', async () => {
  const page = await browser.newPage();
  const manifest = await page.evaluate((xml) => {
    const CP = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
    const ADLCP = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length) return { error: doc.getElementsByTagName('parsererror')[0].textContent };
    const children = (node, name) => Array.from(node.children).filter((c) => c.namespaceURI === CP && c.localName === name);
    const text = (node, name) => children(node, name).map((c) => c.textContent.trim());
    const rootNode = doc.documentElement;
    const metadata = children(rootNode, 'metadata')[0];
    const organizations = children(rootNode, 'organizations')[0];
    const resources = children(rootNode, 'resources')[0];
    return {
      root: `${rootNode.namespaceURI} ${rootNode.localName}`,
      identifier: rootNode.getAttribute('identifier'),
      schema: metadata ? text(metadata, 'schema') : [],
      schemaversion: metadata ? text(metadata, 'schemaversion') : [],
      defaultOrganization: organizations ? organizations.getAttribute('default') : null,
      organizations: organizations ? children(organizations, 'organization').map((org) => ({
        identifier: org.getAttribute('identifier'),
        title: text(org, 'title'),
        items: children(org, 'item').map((item) => ({ identifierref: item.getAttribute('identifierref'), title: text(item, 'title'),
                                                      nested: children(item, 'item').length })),
      })) : [],
      resources: resources ? children(resources, 'resource').map((resource) => ({
        identifier: resource.getAttribute('identifier'),
        type: resource.getAttribute('type'),
        scormtype: resource.getAttributeNS(ADLCP, 'scormtype'),
        href: resource.getAttribute('href'),
        files: children(resource, 'file').map((file) => file.getAttribute('href')),
      })) : [],
    };
  }, readFileSync(join(course, 'imsmanifest.xml'), 'utf8'));
  await page.close();
  expect(!manifest.error, `imsmanifest.xml is not well-formed: ${manifest.error}`);
  expect(manifest.root === 'http://www.imsproject.org/xsd/imscp_rootv1p1p2 manifest', `root element: ${manifest.root}`);
  expect(manifest.identifier, 'the manifest has no identifier');
  expect(JSON.stringify(manifest.schema) === '["ADL SCORM"]' && JSON.stringify(manifest.schemaversion) === '["1.2"]',
         `metadata: schema ${JSON.stringify(manifest.schema)}, schemaversion ${JSON.stringify(manifest.schemaversion)}`);
  expect(manifest.organizations.length === 1, `${manifest.organizations.length} organizations`);
  const [organization] = manifest.organizations;
  expect(manifest.defaultOrganization === organization.identifier,
         `organizations default="${manifest.defaultOrganization}", the organization is "${organization.identifier}"`);
  expect(organization.title[0], 'the organization has no title');
  expect(organization.items.length === 1 && organization.items[0].nested === 0, `${organization.items.length} items`);
  expect(organization.items[0].title[0], 'the item has no title');
  expect(manifest.resources.length === 1, `${manifest.resources.length} resources`);
  const [resource] = manifest.resources;
  expect(organization.items[0].identifierref === resource.identifier,
         `the item points at "${organization.items[0].identifierref}", the resource is "${resource.identifier}"`);
  expect(resource.type === 'webcontent' && resource.scormtype === 'sco',
         `resource type "${resource.type}", adlcp:scormtype "${resource.scormtype}"`);
  expect(resource.href === 'index.html', `the SCO launches "${resource.href}"`);
  const packaged = entries.map((entry) => entry.name).filter((name) => name !== 'imsmanifest.xml').sort();
  expect(JSON.stringify([...resource.files].sort()) === JSON.stringify(packaged),
         `the resource lists ${JSON.stringify(resource.files)}, the package holds ${JSON.stringify(packaged)}`);
});

// [SECTION] Sessions

// Every frame keeps the widgets' change events (they do not bubble: heard at the document).
const RECORD_CHANGES = () => {
  window.widgetChanges = [];
  document.addEventListener('attention-widget-change', (event) => {
    window.widgetChanges.push({ scene: event.target.dataset.scene, state: event.detail.state });
  }, true);
  window.widgetPredictions = [];
  document.addEventListener('attention-widget-prediction', (event) => window.widgetPredictions.push(event.detail), true);
};

// The page that shows the lesson, and what is heard of it: the adapter's console messages, the
// page's problems (console errors, uncaught errors, failed requests) and requests to other origins.
function listen(page, session) {
  session.problemLists.push(watchPage(page));
  page.on('console', (msg) => { if (msg.text().startsWith(PREFIX)) session.notes.push(`${msg.type()}: ${msg.text()}`); });
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('file:') && url !== 'about:srcdoc') {
      session.foreign.push(url);
    }
  });
}
function problemsOf(session) {
  return session.problemLists.flat();
}

async function lessonFrame(page) {
  for (let tries = 0; tries < 300; tries++) {
    const frame = page.frames().find((candidate) => candidate.url().endsWith('/course/index.html'));
    if (frame) {
      await frame.waitForLoadState('domcontentloaded');
      return frame;
    }
    await page.waitForTimeout(100);
  }
  throw new Error('the lesson never showed in the player');
}

// The player page with an API of `kind` (see the fixture), the lesson launched in it.
async function open(kind, cmi = null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(RECORD_CHANGES);
  const page = await context.newPage();
  const session = { context, page, frame: null, problemLists: [], notes: [], foreign: [] };
  listen(page, session);
  await page.goto(`${origin}/lms/host.html`);
  if (kind === 'popup') {
    const [popup] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => window.launch('popup'))]);
    listen(popup, session);
    await popup.waitForLoadState('domcontentloaded');
    session.frame = popup.mainFrame();
  } else {
    await page.evaluate(([apiKind, data]) => window.launch(apiKind, data), [kind, cmi]);
    session.frame = await lessonFrame(page);
  }
  await waitForFirstFrame(session.frame);
  return session;
}

// A page showing `url` with no player around it.
async function openAlone(url, { firstFrame = true } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(RECORD_CHANGES);
  const page = await context.newPage();
  const session = { context, page, frame: page.mainFrame(), problemLists: [], notes: [], foreign: [] };
  listen(page, session);
  await page.goto(url);
  if (firstFrame) await waitForFirstFrame(session.frame);
  return session;
}

const calls = (session) => session.page.evaluate(() => window.calls);
const lmsData = (session) => session.page.evaluate(() => ({
  status: window.API.cmi.core.lesson_status, raw: window.API.cmi.core.score.raw, min: window.API.cmi.core.score.min,
  max: window.API.cmi.core.score.max, suspend: window.API.cmi.suspend_data,
}));
const sets = (list, element) => list.filter((call) => call.name === 'LMSSetValue' && call.args[0] === element);

async function until(what, probe, timeout = 15000) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    last = await probe();
    if (last.ok) return last;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${what}: still ${JSON.stringify(last.seen)} after ${timeout / 1000} s`);
}
const untilData = (session, what, holds) => until(what, async () => {
  const data = await lmsData(session);
  return { ok: holds(data), seen: data };
});

// Scrolls a widget's slot into view (widgets start when near the screen) and waits for its first frame.
async function startWidget(session, scene) {
  await session.frame.locator(SLOT(scene)).scrollIntoViewIfNeeded();
  await session.frame.waitForFunction((slot) => Number(document.querySelector(`${slot} canvas`)?.dataset.frames) >= 1,
                                      SLOT(scene), { timeout: 30000 });
}
const setState = (session, scene, state) =>
  session.frame.evaluate(([slot, value]) => window.AttentionWidget.get(document.querySelector(slot)).setState(value),
                         [SLOT(scene), state]);
const reported = (session, scene) =>
  session.frame.evaluate((name) => window.widgetChanges.filter((change) => change.scene === name).map((change) => change.state), scene);
async function untilReported(session, scene, holds, what) {
  return (await until(what, async () => {
    const states = await reported(session, scene);
    const last = states[states.length - 1];
    return { ok: last !== undefined && holds(last), seen: last };
  })).seen;
}

// The learner leaves: the player removes the lesson's frame (or closes its window).
async function leave(session) {
  await session.page.evaluate(() => window.leave());
  return (await until('LMSFinish after the lesson went away', async () => {
    const list = await calls(session);
    return { ok: list.some((call) => call.name === 'LMSFinish'), seen: list.slice(-4) };
  })).seen;
}

// The end of a session as the LMS heard it: exit `exit`, a CMITimespan, a commit after them, and
// LMSFinish("") once, last, accepted.
async function checkFinish(session, exit) {
  await leave(session);
  const list = await calls(session);
  const finishes = list.filter((call) => call.name === 'LMSFinish');
  expect(finishes.length === 1 && list[list.length - 1].name === 'LMSFinish',
         `LMSFinish ${finishes.length} times; the last calls: ${JSON.stringify(list.slice(-3).map((c) => c.name))}`);
  expect(finishes[0].args[0] === '' && finishes[0].result === 'true', `LMSFinish: ${JSON.stringify(finishes[0])}`);
  const exits = sets(list, 'cmi.core.exit');
  expect(exits.length === 1 && exits[0].args[1] === exit && exits[0].result === 'true',
         `cmi.core.exit set ${JSON.stringify(exits.map((c) => [c.args[1], c.result]))}, expected "${exit}" once`);
  const times = sets(list, 'cmi.core.session_time');
  expect(times.length === 1 && /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/.test(times[0].args[1]) && times[0].result === 'true',
         `cmi.core.session_time: ${JSON.stringify(times.map((c) => [c.args[1], c.result]))}`);
  const exitAt = list.indexOf(exits[0]);
  expect(list.slice(exitAt).some((call) => call.name === 'LMSCommit' && call.result === 'true'),
         'no LMSCommit between cmi.core.exit and LMSFinish');
}

function expectQuiet(session) {
  expect(session.notes.length === 0, `the adapter said: ${session.notes.join(' | ')}`);
  const problems = problemsOf(session);
  expect(problems.length === 0, problems.join('\n  '));
  expect(session.foreign.length === 0, `requests to other origins: ${session.foreign.join(', ')}`);
}

// Every LMSSetValue the adapter made was accepted, and every value was a string.
function expectAccepted(list) {
  const refused = list.filter((call) => ['LMSSetValue', 'LMSCommit', 'LMSGetValue'].includes(call.name) &&
                                        (call.error || (call.name !== 'LMSGetValue' && call.result !== 'true')));
  expect(refused.length === 0, `refused: ${JSON.stringify(refused)}`);
}

// [SECTION] Without an LMS

await check('without an LMS (alone, from file://, under a page with no SCORM API) the lesson runs and the adapter says nothing', async () => {
  const lesson = join(course, 'index.html');
  for (const [what, opened] of [['served alone', () => openAlone(`${origin}/course/index.html`)],
                                ['from file://', () => openAlone(pathToFileURL(lesson).href)],
                                ['under a page with no API', () => open('absent')],
                                ['under a page whose window.API is not SCORM\'s', () => open('other')]]) {
    const session = await opened();
    try {
      await startWidget(session, 'quiz');
      await setState(session, 'quiz', Q1_RIGHT);
      await untilReported(session, 'quiz', (state) => state.includes('quiz.q1.choice=2'), `${what}: the quiz takes a state`);
      await session.page.waitForTimeout(300);
      try { expectQuiet(session); } catch (error) { throw new Error(`${what}: ${error.message}`); }
    } finally {
      await session.context.close();
    }
  }
});

// [SECTION] Sessions with scorm-again

let slotScenes = [];     // the lesson's widget slots, in page order
let firstVisit = null;   // what the LMS held after the first session, and the widgets' states then
await check('a first launch: initialized, "incomplete", score 50 for one right answer, states saved, commits at most every 5 s, "suspend" at the end', async () => {
  const session = await open('lms');
  try {
    slotScenes = await session.frame.evaluate(() => Array.from(document.querySelectorAll('div[data-attention-widget]'),
                                                                (div) => div.dataset.scene));
    let list = await calls(session);
    expect(list[0] && list[0].name === 'LMSInitialize' && list[0].args[0] === '' && list[0].result === 'true',
           `the first call: ${JSON.stringify(list[0])}`);
    await untilData(session, 'lesson_status "incomplete" after the first launch', (data) => data.status === 'incomplete');
    list = await calls(session);
    expect(sets(list, 'cmi.core.lesson_status').length === 1, 'the status was not set by the lesson (scorm-again says "not attempted")');

    await startWidget(session, 'compare');
    await setState(session, 'compare', 'scene=compare&compare.temperature=2.5');
    const compare = await untilReported(session, 'compare', (state) => state.includes('compare.temperature=2.5'),
                                        'the compare widget takes a temperature');
    await startWidget(session, 'quiz');
    await setState(session, 'quiz', Q1_RIGHT);
    const quiz = await untilReported(session, 'quiz', (state) => state.includes('quiz.q1.revealed=1'), 'the quiz takes an answer');
    const data = await untilData(session, 'score 50 with one of two questions right',
                                 (seen) => seen.raw === '50' && seen.suspend.includes(quiz) && seen.suspend.includes(compare));
    expect(data.seen.status === 'incomplete', `status "${data.seen.status}" with one question of two answered`);
    expect(data.seen.min === '0' && data.seen.max === '100', `score min ${data.seen.min}, max ${data.seen.max}`);
    expect(data.seen.suspend.length <= 4096, `cmi.suspend_data has ${data.seen.suspend.length} characters`);
    // The walkthrough started with the page and was not touched: nothing of it is kept.
    const walkthrough = await reported(session, 'walkthrough');
    expect(walkthrough.length > 0 && !data.seen.suspend.includes(walkthrough[0]),
           'the untouched walkthrough widget is in cmi.suspend_data');

    // Ten changes a second for 3 s (a learner dragging), then 6 s still. A widget off the screen
    // draws no frame, and reports a change with its next one.
    await startWidget(session, 'compare');
    const burstStart = await session.page.evaluate(() => performance.now());
    for (let i = 0; i < 30; i++) {
      // With the learner's prediction (the bus key, sure, right), which the next launch must restore.
      await setState(session, 'compare', `scene=compare&compare.temperature=${(1 + i / 10).toFixed(1)}&compare.predict=2_3r`);
      await session.page.waitForTimeout(100);
    }
    await session.page.waitForTimeout(6000);
    list = await calls(session);
    const commits = list.filter((call) => call.name === 'LMSCommit').map((call) => call.at);
    for (let i = 1; i < commits.length; i++) {
      expect(commits[i] - commits[i - 1] >= COMMIT_GAP_MS, `LMSCommit ${Math.round(commits[i] - commits[i - 1])} ms after the one before`);
    }
    const afterBurst = commits.filter((at) => at >= burstStart).length;
    expect(afterBurst >= 1 && afterBurst <= 3, `${afterBurst} commits during and after 9 s of changes`);
    const lastCompare = await untilReported(session, 'compare', (state) => state.includes('compare.temperature=3.9') &&
                                            state.includes('compare.predict=2_3r'),
                                            'the compare widget takes the last temperature and the prediction');
    await untilData(session, 'the last compare state saved after the changes stop', (seen) => seen.suspend.includes(lastCompare));

    await checkFinish(session, 'suspend');
    list = await calls(session);
    expectAccepted(list);
    const kept = await lmsData(session);
    expect(kept.status === 'incomplete' && kept.raw === '50', `after LMSFinish: ${JSON.stringify(kept)}`);
    firstVisit = { kept, compare: lastCompare, quiz };
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

let secondVisit = null;
await check('the next launch: widgets open as left (started later, by scrolling), "completed" with both questions read, score 50 then 100, exit ""', async () => {
  expect(firstVisit, 'no data from the first launch');
  const { kept } = firstVisit;
  const session = await open('lms', { core: { lesson_status: kept.status, entry: 'resume', score: { raw: kept.raw, min: kept.min, max: kept.max } },
                                      suspend_data: kept.suspend });
  try {
    await startWidget(session, 'compare');
    const [compare] = await reported(session, 'compare');
    expect(compare === firstVisit.compare, `the compare widget opened with "${compare}", left with "${firstVisit.compare}"`);
    expect(compare.includes('compare.predict=2_3r'), `the compare widget's prediction was not restored: "${compare}"`);
    await startWidget(session, 'quiz');
    const [quiz] = await reported(session, 'quiz');
    expect(quiz === firstVisit.quiz, `the quiz opened with "${quiz}", left with "${firstVisit.quiz}"`);

    await setState(session, 'quiz', Q2_WRONG);
    await untilData(session, '"completed", score 50, once both questions are answered and read',
                    (seen) => seen.status === 'completed' && seen.raw === '50');
    await setState(session, 'quiz', BOTH_RIGHT);
    const data = await untilData(session, 'score 100 once both answers are right', (seen) => seen.raw === '100');
    expect(data.seen.status === 'completed', `status "${data.seen.status}"`);
    const list = await calls(session);
    expect(sets(list, 'cmi.core.lesson_status').map((call) => call.args[1]).join() === 'completed',
           `lesson_status set to ${JSON.stringify(sets(list, 'cmi.core.lesson_status').map((call) => call.args[1]))}`);
    const lastQuiz = (await reported(session, 'quiz')).pop();
    await checkFinish(session, '');
    expectAccepted(await calls(session));
    secondVisit = { kept: await lmsData(session), quiz: lastQuiz };
    expect(secondVisit.kept.suspend.includes(lastQuiz) && secondVisit.kept.suspend.includes(firstVisit.compare),
           `cmi.suspend_data at the end: ${secondVisit.kept.suspend.slice(0, 300)}`);
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

await check('a launch after completion: the quick check reset, the status stays "completed" and the score is not lowered', async () => {
  expect(secondVisit, 'no data from the second launch');
  const { kept } = secondVisit;
  const session = await open('lms', { core: { lesson_status: kept.status, entry: '', score: { raw: kept.raw, min: kept.min, max: kept.max } },
                                      suspend_data: kept.suspend });
  try {
    await startWidget(session, 'quiz');
    const [quiz] = await reported(session, 'quiz');
    expect(quiz === secondVisit.quiz, `the quiz opened with "${quiz}", left with "${secondVisit.quiz}"`);
    await setState(session, 'quiz', 'scene=quiz');
    await untilReported(session, 'quiz', (state) => state === 'scene=quiz', 'the quiz takes a reset');
    await session.page.waitForTimeout(6000);
    const data = await lmsData(session);
    expect(data.status === 'completed' && data.raw === '100', `after the reset: ${JSON.stringify(data)}`);
    const list = await calls(session);
    expect(sets(list, 'cmi.core.lesson_status').length === 0 && sets(list, 'cmi.core.score.raw').length === 0,
           `set: ${JSON.stringify(list.filter((call) => call.name === 'LMSSetValue').map((call) => call.args))}`);
    await checkFinish(session, '');
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

await check('states longer than 4096 characters together: the quick check\'s widget kept, the other left out, one warning', async () => {
  const session = await open('lms');
  try {
    // "é" 250 times: 500 bytes (the most a typed answer keeps), 1,500 characters percent-encoded.
    const typed = '%C3%A9'.repeat(250);
    await startWidget(session, 'compare');
    await setState(session, 'compare', `scene=quiz&quiz.q1.typed=${typed}&quiz.q2.typed=${typed}`);
    const other = await untilReported(session, 'compare', (state) => state.includes('quiz.q2.typed='), 'the second widget takes typed answers');
    await startWidget(session, 'quiz');
    await setState(session, 'quiz', `${BOTH_RIGHT}&quiz.q1.typed=${typed}&quiz.q2.typed=${typed}`);
    const quiz = await untilReported(session, 'quiz', (state) => state.includes('quiz.q2.typed='), 'the quiz takes typed answers');
    expect(quiz.length + other.length > 4096, `the two states have only ${quiz.length + other.length} characters`);
    const data = await untilData(session, 'the quiz\'s state saved', (seen) => seen.suspend.includes(quiz));
    expect(data.seen.suspend.length <= 4096 && !data.seen.suspend.includes(other),
           `cmi.suspend_data: ${data.seen.suspend.length} characters, the other widget ${data.seen.suspend.includes(other) ? 'in' : 'out'}`);
    expect(data.seen.status === 'completed' && data.seen.raw === '100', `status and score: ${JSON.stringify(data.seen).slice(0, 120)}`);
    expect(session.notes.length === 1 && session.notes[0].startsWith('warning:') && session.notes[0].includes('4096') &&
           session.notes[0].includes('compare'), `the adapter said: ${session.notes.join(' | ')}`);
    expectAccepted(await calls(session));
  } finally {
    await session.context.close();
  }
});

await check('an LMS two frames up, and one in the window that opened the lesson, are found', async () => {
  for (const kind of ['nested', 'popup']) {
    const session = await open(kind);
    try {
      await until(`${kind}: LMSInitialize`, async () => {
        const list = await calls(session);
        return { ok: list.some((call) => call.name === 'LMSInitialize' && call.result === 'true'), seen: list.slice(0, 2) };
      });
      await untilData(session, `${kind}: "incomplete"`, (data) => data.status === 'incomplete');
      await checkFinish(session, 'suspend');
      expectQuiet(session);
    } catch (error) {
      throw new Error(`${kind}: ${error.message}`);
    } finally {
      await session.context.close();
    }
  }
});

// [SECTION] Interactions

// SCORM 1.2's formats (RTE 3.4.2.7): CMIIdentifier (letters, digits, "-" and "_"), the choice
// response (single characters 0-9 and a-z joined by commas), CMITimespan and CMITime.
const IDENTIFIER = /^[A-Za-z0-9_-]{1,255}$/;
const CHOICE = /^[0-9a-z](,[0-9a-z])*$/;
const TIMESPAN = /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,2})?$/;
const heldInteractions = (session) => session.page.evaluate(() => {
  const all = JSON.parse(JSON.stringify(window.API.cmi.interactions));
  return Object.keys(all).filter((key) => /^\d+$/.test(key)).sort((a, b) => a - b).map((key) => ({
    ...all[key], patterns: Object.values(all[key].correct_responses || {}).map((response) => response.pattern),
  }));
});
const predictions = (session) => session.frame.evaluate(() => window.widgetPredictions);
async function untilInteractions(session, count) {
  return (await until(`${count} interactions held`, async () => {
    const seen = await heldInteractions(session);
    return { ok: seen.length >= count, seen };
  })).seen;
}

// The Compare widget's prediction through its controls (the parallel DOM): the bus key, "Sure".
async function predictBus(session) {
  await startWidget(session, 'compare');
  const slot = session.frame.locator(SLOT('compare'));
  await slot.getByRole('radio', { name: 'bus', exact: true }).dispatchEvent('click');
  await untilReported(session, 'compare', (state) => state.includes('compare.predict=2_'), 'the compare widget takes the pick');
  await slot.getByRole('button', { name: 'Sure', exact: true }).dispatchEvent('click');
  return untilReported(session, 'compare', (state) => state.includes('compare.predict=2_3r'), 'the compare widget reveals');
}
// A quick-check answer: `choice` (from 1) picked for `question`, then its "Check the reasoning".
async function answerQuiz(session, before, question, choice) {
  await startWidget(session, 'quiz');
  await setState(session, 'quiz', `${before}&quiz.q${question}.choice=${choice}`);
  await untilReported(session, 'quiz', (state) => state.includes(`quiz.q${question}.choice=${choice}`), 'the quiz takes the pick');
  await session.frame.locator(SLOT('quiz')).getByRole('button', { name: 'Check the reasoning', exact: true }).first().dispatchEvent('click');
  return untilReported(session, 'quiz', (state) => state.includes(`quiz.q${question}.revealed=1`), 'the quiz shows the reasoning');
}

function expectInteraction(interaction, n, want) {
  const where = `cmi.interactions.${n} ${JSON.stringify(interaction)}`;
  expect(interaction.id === want.id && IDENTIFIER.test(interaction.id), `${where}: id, expected ${want.id}`);
  expect(interaction.type === 'choice', `${where}: type`);
  expect(interaction.student_response === want.response && (want.response === '' || CHOICE.test(want.response)),
         `${where}: student_response, expected "${want.response}"`);
  expect(interaction.result === want.result, `${where}: result, expected ${want.result}`);
  expect(JSON.stringify(interaction.patterns) === JSON.stringify(want.patterns), `${where}: patterns, expected ${JSON.stringify(want.patterns)}`);
  expect(TIMESPAN.test(interaction.latency), `${where}: latency "${interaction.latency}" is no CMITimespan`);
  expect(TIME.test(interaction.time), `${where}: time "${interaction.time}" is no CMITime`);
}

await check('interactions: a prediction and an answer are cmi.interactions 0 and 1 in 1.2\'s formats; a relaunch numbers on from _count', async () => {
  let kept = null;
  const session = await open('lms');
  try {
    await predictBus(session);
    const quiz = await answerQuiz(session, 'scene=quiz', 1, 2);
    const held = await untilInteractions(session, 2);
    expect(held.length === 2, `${held.length} interactions held`);
    expectInteraction(held[0], 0, { id: 'compare_strongest_0', response: '2', result: 'correct', patterns: ['2'] });
    expectInteraction(held[1], 1, { id: 'quiz_q1_1', response: 'b', result: 'correct', patterns: ['b'] });
    const events = await predictions(session);
    expect(Number(held[1].latency.split(':')[2]) <= events[1].latency + 0.01, `latency ${held[1].latency} for ${events[1].latency} s`);
    await untilData(session, 'the quiz\'s answer saved', (data) => data.raw === '50' && data.suspend.includes(quiz));
    await checkFinish(session, 'suspend');
    expectAccepted(await calls(session));
    kept = { data: await lmsData(session), held, quiz };
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
  const next = await open('lms', { core: { lesson_status: kept.data.status, entry: 'resume', score: { raw: kept.data.raw, min: '0', max: '100' } },
                                   suspend_data: kept.data.suspend,
                                   interactions: kept.held.map(({ id, type, student_response, result, latency, time }) =>
                                     ({ id, type, student_response, result, latency, time })) });
  try {
    await startWidget(next, 'compare');
    // Compare's second question follows its first: skipped.
    await next.frame.locator(SLOT('compare')).getByRole('button', { name: 'Skip', exact: true }).dispatchEvent('click');
    await untilReported(next, 'compare', (state) => state.includes('compare.longer.predict=-_0s'), 'the compare widget takes the skip');
    await answerQuiz(next, kept.quiz, 2, 1);
    const held = await untilInteractions(next, 4);
    expect(held.length === 4, `${held.length} interactions held`);
    expectInteraction(held[2], 2, { id: 'compare_longer_2', response: '', result: 'neutral', patterns: [] });
    expectInteraction(held[3], 3, { id: 'quiz_q2_3', response: 'a', result: 'wrong', patterns: ['c'] });
    await checkFinish(next, '');
    expectAccepted(await calls(next));
    expectQuiet(next);
  } finally {
    await next.context.close();
  }
});

await check('an LMS that refuses every interaction: one warning, and the status, score and saved states are recorded', async () => {
  const session = await open('refuses-interactions');
  try {
    const first = await answerQuiz(session, 'scene=quiz', 1, 2);
    const both = await answerQuiz(session, first, 2, 3);
    await untilData(session, 'completed, score 100, states saved without the interactions',
                    (data) => data.status === 'completed' && data.raw === '100' && data.suspend.includes(both));
    await checkFinish(session, '');
    expect((await heldInteractions(session)).length === 0, 'the LMS holds interactions');
    expect(session.notes.length === 1 && session.notes[0].startsWith('warning:') &&
           /LMSSetValue\("cmi\.interactions\.0\.id", "quiz_q1_0"\) \(error 201, Invalid argument error\)/.test(session.notes[0]),
           `the adapter said: ${session.notes.join(' | ') || 'nothing'}`);
    const problems = problemsOf(session);
    expect(problems.length === 0, problems.join('\n  '));
  } finally {
    await session.context.close();
  }
});

// [SECTION] Broken LMSs and bad data

for (const [kind, what, why] of [
  ['false', 'answers "false" to everything', /LMSInitialize: error 101, General Exception/],
  ['throws', 'throws on every call', /threw Error: the LMS is down/],
  ['refuses-set', 'refuses every value', /LMSSetValue\("cmi\.core\.lesson_status", "incomplete"\) \(error 405, Incorrect Data Type\)/],
]) {
  await check(`an LMS that ${what}: the lesson runs and takes changes, with one console warning that says why`, async () => {
    const session = await open(kind);
    try {
      await startWidget(session, 'quiz');
      await setState(session, 'quiz', BOTH_RIGHT);
      await untilReported(session, 'quiz', (state) => state.includes('quiz.q2.revealed=1'), 'the quiz takes answers');
      await session.page.waitForTimeout(5500);
      await session.page.evaluate(() => window.leave());
      await session.page.waitForTimeout(500);
      expect(session.notes.length === 1 && session.notes[0].startsWith('warning:') && why.test(session.notes[0]),
             `the adapter said: ${session.notes.join(' | ') || 'nothing'}`);
      const problems = problemsOf(session);
      expect(problems.length === 0, problems.join('\n  '));
      const list = await calls(session);
      if (kind === 'refuses-set') {
        expect(list.filter((call) => call.name === 'LMSFinish').length === 1, 'LMSFinish was not called once');
      } else {
        const after = list.slice(1).filter((call) => !['LMSGetLastError', 'LMSGetErrorString'].includes(call.name));
        expect(after.length === 0, `calls after a failed LMSInitialize: ${JSON.stringify(after.map((call) => call.name))}`);
      }
    } finally {
      await session.context.close();
    }
  });
}

await check('malformed suspend data from the LMS: ignored with one warning, the widgets open fresh, the session goes on', async () => {
  const quizIndex = slotScenes.indexOf('quiz');
  expect(quizIndex >= 0, 'the slots were not read in the first launch');
  const state = 'scene=quiz&quiz.q1.choice=2';
  for (const suspend of [`attn1|${slotScenes.length}:${state}`, state, `attn1|${quizIndex}:${state}|${quizIndex}:${state}`,
                         `attn1|${quizIndex}:${state} <b>`]) {
    const session = await open('lms', { core: { lesson_status: 'incomplete', entry: 'resume' }, suspend_data: suspend });
    try {
      await startWidget(session, 'quiz');
      const [opened] = await reported(session, 'quiz');
      expect(!opened.includes('quiz.q1.choice'), `the quiz opened with "${opened}"`);
      expect(session.notes.length === 1 && session.notes[0].startsWith('warning:') && session.notes[0].includes('cmi.suspend_data'),
             `the adapter said: ${session.notes.join(' | ') || 'nothing'}`);
      await setState(session, 'quiz', Q1_RIGHT);
      await untilData(session, 'a score', (data) => data.raw === '50');
      await checkFinish(session, 'suspend');
    } catch (error) {
      throw new Error(`"${suspend.slice(0, 60)}": ${error.message}`);
    } finally {
      await session.context.close();
    }
  }
});

// [SECTION] The Spanish package

await check('the Spanish package (attention-lesson-scorm12-es.zip): its own manifest, the Spanish page and words, its widgets in Spanish', async () => {
  const spanish = join(site, 'attention-lesson-scorm12-es.zip');
  const folder = join(root, 'course-es');
  unpackZip(spanish, folder, 'scripts/make-scorm.mjs');
  const names = readdirSync(folder).sort();
  expect(JSON.stringify(names) === JSON.stringify(['gpu-warmup.js', 'imsmanifest.xml', 'index.html']), `it holds ${names}`);
  const manifest = readFileSync(join(folder, 'imsmanifest.xml'), 'utf8');
  const html = readFileSync(join(folder, 'index.html'), 'utf8');
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] || '';
  expect(/<html lang="es"/.test(html), 'its page is not the Spanish one');
  expect(manifest.includes('identifier="attention-lesson-es"'), 'its manifest has the English package\'s identifier');
  expect(title && manifest.includes(`<title>${title}</title>`), `its manifest is not titled as its page ("${title}")`);
  expect(html.includes('"lesson/es/lesson.txt"'), 'its page does not carry the Spanish words');
  // Its longer words put the first widget below a 1280 x 800 screen: nothing starts before the
  // scroll to the quick check.
  const session = await openAlone(`${origin}/course-es/index.html`, { firstFrame: false });
  try {
    await startWidget(session, 'quiz');
    const label = await session.page.getAttribute(`${SLOT('quiz')} .attn-stage`, 'aria-label');
    expect(/^Widget interactivo de atención/.test(label || ''), `its quick check's widget is labelled "${label}"`);
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

await browser.close();
server.close();
console.log(failures ? `browser scorm: ${failures} failed` : 'browser scorm: all passed');
process.exit(failures ? 1 : 0);
