// The cmi5 package (scripts/make-cmi5.mjs, web/js/cmi5.js) in headless Chromium, launched as a cmi5
// LMS launches it: the package's index.html with the five launch parameters, talking to a test LRS
// on another origin (tests/browser/lrs.mjs) that validates every statement with Learning Locker's
// xapi-validation (npm).
// - the zip: Python's zipfile reads it with its CRC-32s right; it holds cmi5.xml, the lesson page
//   and gpu-warmup.js only; cmi5.xml is well-formed, cmi5's course structure: one course with an
//   id, title and description, one AU with an id, launchMethod, moveOn, masteryScore, title,
//   description and the url of the package's page;
// - no launch parameters: the lesson runs and the adapter says nothing and asks nothing;
// - a first launch: the token fetched once; "initialized" first; a prediction by keyboard (Compare:
//   bus, Sure) and a quick-check answer checked through the widget as "answered" statements with
//   response, success, an ISO 8601 duration, the session id and no cmi5 or moveOn category; no
//   "completed" with one question of two; the widgets' states in the lesson's State document;
//   "terminated" last once the page is gone; every statement valid, the token and version header on
//   every request;
// - the next launch (a new session, the same registration): the widgets open as left, the second
//   answer makes "completed" and "failed" (0.5 against a masteryScore of 0.75) once; a launch
//   after that with both answers right sends "passed" and no second "completed";
// - launchMode Review: only "initialized" and "terminated", and the State left as it was;
// - the fetch URL answering 500, the LRS answering 500 to statements (from the start, or once
//   "initialized" is in), a launch URL missing a parameter, launch data that is not cmi5's, a saved
//   State the lesson cannot read: one warning, the lesson responds; with the statements refused
//   the widgets are still saved, and the refused statements are not sent again and again;
// - the Spanish package: its own cmi5.xml in Spanish and the Spanish page.
// usage: node cmi5.mjs SITE_DIR OUT_DIR
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { launch, serve, waitForFirstFrame, watchPage, passes, settle, expect, unpackZip } from './browser.mjs';
import { startLrs, SESSION_ID, PUBLISHER_ID } from './lrs.mjs';

const [site, out] = process.argv.slice(2);
if (!site || !out) { console.error('usage: node cmi5.mjs SITE_DIR OUT_DIR'); process.exit(2); }

const PACKAGE = join(site, 'attention-lesson-cmi5.zip');
const PREFIX = 'Attention lesson (cmi5): ';
const SLOT = (scene) => `div[data-attention-widget][data-scene="${scene}"]`;
const VERB = (name) => `http://adlnet.gov/expapi/verbs/${name}`;
const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVEON_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const DEFINED = ['initialized', 'completed', 'passed', 'failed', 'terminated'].map(VERB);
const ACTIVITY = 'https://lms.example.org/activities/attention-lesson-au';
const ACTOR = { objectType: 'Agent', account: { homePage: 'https://lms.example.org', name: 'learner-1' } };
// The quick check's right choices (src/lesson/scenes/quiz/quiz.cpp): 2 for the first question, 3
// for the second.
const Q1_PICKED = 'scene=quiz&quiz.q1.choice=2';
const Q1_RIGHT = `${Q1_PICKED}&quiz.q1.revealed=1`;
const Q2_WRONG_PICKED = `${Q1_RIGHT}&quiz.q2.choice=1`;
const BOTH_RIGHT = `${Q1_RIGHT}&quiz.q2.choice=3&quiz.q2.revealed=1`;
const ISO_DURATION = /^P(\d+D)?T(\d+H)?(\d+M)?(\d+(\.\d+)?S)?$/;

const root = join(out, 'serve');
const course = join(root, 'course');
rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });

let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// [SECTION] The package

function unzip(zip, folder) {
  const names = unpackZip(zip, folder, 'scripts/make-cmi5.mjs').map(({ name }) => name).sort();
  expect(JSON.stringify(names) === JSON.stringify(['cmi5.xml', 'gpu-warmup.js', 'index.html']), `${zip} holds ${JSON.stringify(names)}`);
}
await check('the zip reads with its CRC-32s right and holds cmi5.xml, the lesson page and gpu-warmup.js only', async () => {
  unzip(PACKAGE, course);
});
if (!existsSync(join(course, 'index.html'))) {
  console.log(`browser cmi5: ${PACKAGE} could not be read; nothing more to test`);
  process.exit(1);
}

const { server, origin } = await serve(root);
const lrs = await startLrs();
const browser = await launch();

// cmi5.xml as a list of what the course structure says, read with the browser's XML parser.
async function readCourseStructure(xml) {
  const page = await browser.newPage();
  const structure = await page.evaluate((text) => {
    const NS = 'https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd';
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length) return { error: doc.getElementsByTagName('parsererror')[0].textContent };
    const children = (node, name) => Array.from(node.children).filter((c) => c.namespaceURI === NS && c.localName === name);
    const langstrings = (node, name) => children(node, name).flatMap((c) => children(c, 'langstring'))
      .map((l) => ({ lang: l.getAttribute('lang'), text: l.textContent.trim() }));
    const rootNode = doc.documentElement;
    const courseNode = children(rootNode, 'course')[0];
    return {
      root: `${rootNode.namespaceURI} ${rootNode.localName}`,
      course: courseNode ? { id: courseNode.getAttribute('id'), title: langstrings(courseNode, 'title'),
                             description: langstrings(courseNode, 'description') } : null,
      aus: Array.from(doc.getElementsByTagNameNS(NS, 'au')).map((au) => ({
        parent: au.parentNode.localName,
        id: au.getAttribute('id'), launchMethod: au.getAttribute('launchMethod'), moveOn: au.getAttribute('moveOn'),
        masteryScore: au.getAttribute('masteryScore'), title: langstrings(au, 'title'),
        description: langstrings(au, 'description'), url: children(au, 'url').map((u) => u.textContent.trim()),
      })),
    };
  }, xml);
  await page.close();
  return structure;
}
function expectCourseStructure(structure, lang) {
  expect(!structure.error, `cmi5.xml is not well-formed: ${structure.error}`);
  expect(structure.root === 'https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd courseStructure', `root element: ${structure.root}`);
  const iri = /^[a-z][a-z0-9+.-]*:\S+$/i;
  expect(structure.course && iri.test(structure.course.id), `the course: ${JSON.stringify(structure.course)}`);
  for (const node of [structure.course, ...structure.aus]) {
    expect(node.title.length === 1 && node.title[0].text && node.title[0].lang === lang, `title ${JSON.stringify(node.title)}`);
    expect(node.description.length === 1 && node.description[0].text && node.description[0].lang === lang,
           `description ${JSON.stringify(node.description)}`);
  }
  expect(structure.aus.length === 1, `${structure.aus.length} AUs`);
  const [au] = structure.aus;
  expect(au.parent === 'courseStructure' && iri.test(au.id) && au.id !== structure.course.id, `the AU: ${JSON.stringify(au)}`);
  expect(au.launchMethod === 'AnyWindow', `launchMethod "${au.launchMethod}"`);
  expect(['Completed', 'CompletedAndPassed', 'CompletedOrPassed', 'Passed', 'NotApplicable'].includes(au.moveOn), `moveOn "${au.moveOn}"`);
  expect(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(au.masteryScore || ''), `masteryScore "${au.masteryScore}"`);
  expect(JSON.stringify(au.url) === '["index.html"]', `the AU's url: ${JSON.stringify(au.url)}`);
  return au;
}
await check('cmi5.xml: well-formed, cmi5\'s course structure, one course and one AU launching index.html', async () => {
  const au = expectCourseStructure(await readCourseStructure(readFileSync(join(course, 'cmi5.xml'), 'utf8')), 'en');
  expect(au.id === PUBLISHER_ID, `the AU's id "${au.id}" (the test LRS's context template names ${PUBLISHER_ID})`);
});

// [SECTION] Sessions

// Every page keeps the widgets' change events (they do not bubble: heard at the document).
const RECORD_CHANGES = () => {
  window.widgetChanges = [];
  document.addEventListener('attention-widget-change', (event) => {
    window.widgetChanges.push({ scene: event.target.dataset.scene, state: event.detail.state });
  }, true);
};

// The lesson page at `query`, and what is heard of it: the adapter's console messages, the page's
// problems (watchPage) and requests to origins other than the package's and the LRS's.
async function open(query) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(RECORD_CHANGES);
  const page = await context.newPage();
  const session = { context, page, problems: watchPage(page), notes: [], foreign: [] };
  page.on('console', (msg) => { if (msg.text().startsWith(PREFIX)) session.notes.push(`${msg.type()}: ${msg.text()}`); });
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith(`${lrs.origin}/`) && !url.startsWith('data:') && url !== 'about:blank') {
      session.foreign.push(url);
    }
  });
  await page.goto(`${origin}/course/index.html${query ? `?${query}` : ''}`);
  return session;
}
// The learner leaves: the page goes away (pagehide), and what it sent on the way has arrived.
async function leave(session) {
  await session.page.goto('about:blank');
  await session.page.waitForTimeout(700);
  await session.context.close();
}
// Problems other than the LRS's own answers of `status` (the broken cases), which the browser
// also logs as console errors.
function expectQuiet(session, { allowStatus = 0, notes = 0 } = {}) {
  const problems = session.problems.filter((problem) => !(allowStatus && (problem.startsWith(`HTTP ${allowStatus}: ${lrs.origin}/`) ||
    problem === `console.error: Failed to load resource: the server responded with a status of ${allowStatus} (Internal Server Error)`)));
  expect(problems.length === 0, problems.join('\n  '));
  expect(session.foreign.length === 0, `requests to other origins: ${session.foreign.join(', ')}`);
  expect(session.notes.length === notes, `the adapter said: ${session.notes.join(' | ') || 'nothing'}`);
}

async function until(what, probe, timeout = 15000) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    last = await probe();
    if (last.ok) return last.seen;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${what}: still ${JSON.stringify(last.seen).slice(0, 400)} after ${timeout / 1000} s`);
}
const sessionStatements = (launchRecord) => lrs.statements.filter((entry) => entry.launch === launchRecord).map((entry) => entry.statement);
const untilStatement = (launchRecord, verb, count = 1) => until(`${count} "${verb.split('/').pop()}"`, async () => {
  const list = sessionStatements(launchRecord).filter((statement) => statement.verb.id === verb);
  return { ok: list.length >= count, seen: sessionStatements(launchRecord).map((statement) => statement.verb.id.split('/').pop()) };
});

async function startWidget(session, scene) {
  await session.page.locator(SLOT(scene)).scrollIntoViewIfNeeded();
  await session.page.waitForFunction((slot) => Number(document.querySelector(`${slot} canvas`)?.dataset.frames) >= 1,
                                     SLOT(scene), { timeout: 30000 });
}
const setState = (session, scene, state) =>
  session.page.evaluate(([slot, value]) => window.AttentionWidget.get(document.querySelector(slot)).setState(value), [SLOT(scene), state]);
const reported = (session, scene) =>
  session.page.evaluate((name) => window.widgetChanges.filter((change) => change.scene === name).map((change) => change.state), scene);
const untilReported = (session, scene, holds, what, timeout = 15000) => until(what, async () => {
  const last = (await reported(session, scene)).pop();
  return { ok: last !== undefined && holds(last), seen: last };
}, timeout);
// A widget restored from the LRS: after the token, the launch data, "initialized" and two State
// requests, each answered on a page whose thread may be busy starting widgets. On failure, what
// the adapter said and the LRS heard last.
async function untilRestored(session, scene, holds) {
  const started = Date.now();
  try {
    await untilReported(session, scene, holds, `the ${scene} widget restored`, 30000);
  } catch (error) {
    throw new Error(`${error.message}; the adapter said: ${session.notes.join(' | ') || 'nothing'}; the LRS heard last: ` +
                    `${lrs.requests.slice(-6).join(', ')}`);
  }
  return Date.now() - started;
}
// The quick check's "Check the reasoning", through the widget's own button (its parallel DOM).
async function checkReasoning(session) {
  const button = session.page.locator(SLOT('quiz')).getByRole('button', { name: 'Check the reasoning', exact: true }).first();
  await settle(session.page, `${SLOT('quiz')} canvas`);
  await button.dispatchEvent('click');
  await settle(session.page, `${SLOT('quiz')} canvas`);
}

// What every statement of a session holds: the registration and session id in its context, the
// cmi5 category on the cmi5 defined ones only, the moveOn category on completed/passed/failed only.
function expectSessionShape(list, launchRecord) {
  expect(list.length >= 2, `${list.length} statements`);
  expect(list[0].verb.id === VERB('initialized'), `the first statement is "${list[0].verb.id}"`);
  expect(list[list.length - 1].verb.id === VERB('terminated'), `the last statement is "${list[list.length - 1].verb.id}"`);
  const byTime = [...list].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  expect(byTime[0] === list[0] && byTime[byTime.length - 1] === list[list.length - 1], 'the timestamps do not put initialized first and terminated last');
  for (const statement of list) {
    const verb = statement.verb.id.split('/').pop();
    const context = statement.context || {};
    const categories = (context.contextActivities?.category || []).map((activity) => activity.id);
    expect(context.registration === launchRecord.registration, `${verb}: registration ${context.registration}`);
    expect(context.extensions?.[SESSION_ID] === launchRecord.session, `${verb}: session id ${context.extensions?.[SESSION_ID]}`);
    expect((context.contextActivities?.grouping || []).some((activity) => activity.id === PUBLISHER_ID), `${verb}: no publisher id grouping`);
    expect(categories.includes(CMI5_CATEGORY) === DEFINED.includes(statement.verb.id), `${verb}: categories ${JSON.stringify(categories)}`);
    expect(categories.includes(MOVEON_CATEGORY) === ['completed', 'passed', 'failed'].includes(verb), `${verb}: categories ${JSON.stringify(categories)}`);
    if (DEFINED.includes(statement.verb.id)) expect(statement.object.id === ACTIVITY, `${verb}: object ${statement.object.id}`);
    if (verb === 'terminated' || verb === 'completed') expect(ISO_DURATION.test(statement.result?.duration || ''), `${verb}: duration ${statement.result?.duration}`);
  }
  expect(list.filter((statement) => statement.verb.id === VERB('terminated')).length === 1, 'not one "terminated"');
  expect(list.filter((statement) => statement.verb.id === VERB('initialized')).length === 1, 'not one "initialized"');
}
function expectAnswered(statement, { question, test, response, success, interactionType, confidence = undefined }) {
  expect(statement.object.id === `${ACTIVITY}/test/${test}/question/${question}`, `answered: object ${statement.object.id}`);
  const definition = statement.object.definition || {};
  expect(definition.type === 'http://adlnet.gov/expapi/activities/cmi.interaction' && definition.interactionType === interactionType,
         `${question}: definition ${JSON.stringify(definition)}`);
  expect(statement.result?.response === response && statement.result?.success === success,
         `${question}: result ${JSON.stringify(statement.result)}`);
  expect(ISO_DURATION.test(statement.result?.duration || '') && statement.result.duration !== 'PT0S', `${question}: duration ${statement.result?.duration}`);
  const said = statement.result?.extensions?.['urn:attention-lesson:xapi:confidence'];
  expect(said === confidence, `${question}: confidence ${JSON.stringify(said)}, not ${JSON.stringify(confidence)}`);
  expect((statement.context?.contextActivities?.parent || []).some((activity) => activity.id === ACTIVITY), `${question}: the AU is not its parent`);
}
function expectValid() {
  expect(lrs.errors.length === 0, `the LRS found: \n  ${lrs.errors.slice(0, 10).join('\n  ')}`);
}

// [SECTION] Without an LMS

await check('no launch parameters: the lesson runs, the adapter says nothing and asks the LRS nothing', async () => {
  const before = lrs.requests.length;
  const session = await open('');
  try {
    await startWidget(session, 'quiz');
    await setState(session, 'quiz', Q1_RIGHT);
    await untilReported(session, 'quiz', (state) => state.includes('quiz.q1.revealed=1'), 'the quiz takes a state');
    await session.page.waitForTimeout(300);
    expectQuiet(session);
    expect(lrs.requests.length === before, `the LRS heard ${lrs.requests.slice(before).join(', ')}`);
  } finally {
    await session.context.close();
  }
});

// [SECTION] Sessions with the test LRS

const registration = randomUUID();
let first = null;
await check('a first launch: token once, "initialized" first, a prediction and an answer as "answered", states saved, "terminated" last', async () => {
  const { launch: record, query } = lrs.launch({ registration, activityId: ACTIVITY, actor: ACTOR, masteryScore: 0.75 });
  const session = await open(query);
  try {
    await untilStatement(record, VERB('initialized'));
    // Compare's prediction by keyboard, as a screen reader user makes it.
    await startWidget(session, 'compare');
    const compare = session.page.locator(SLOT('compare'));
    await settle(session.page, `${SLOT('compare')} canvas`);
    await compare.getByRole('radio', { name: 'bus', exact: true }).focus();
    await settle(session.page, `${SLOT('compare')} canvas`);
    await session.page.keyboard.press('Space');
    await settle(session.page, `${SLOT('compare')} canvas`);
    await compare.getByRole('button', { name: 'Sure', exact: true }).focus();
    await settle(session.page, `${SLOT('compare')} canvas`);
    await session.page.keyboard.press('Space');
    const compareState = await untilReported(session, 'compare', (state) => state.includes('compare.predict=2_3r'), 'the compare widget takes the prediction');
    // The first question of the quick check, picked and then checked with the widget's button.
    await startWidget(session, 'quiz');
    await setState(session, 'quiz', Q1_PICKED);
    await untilReported(session, 'quiz', (state) => state.includes('quiz.q1.choice=2'), 'the quiz takes a choice');
    await checkReasoning(session);
    const quizState = await untilReported(session, 'quiz', (state) => state.includes('quiz.q1.revealed=1'), 'the quiz shows its reasoning');
    await untilStatement(record, VERB('answered'), 2);
    const saved = await until('the widgets saved in the State document', async () => {
      const doc = lrs.stateOf(record, 'attention-lesson-suspend');
      const widgets = Object.values(doc?.widgets || {});
      return { ok: widgets.includes(compareState) && widgets.includes(quizState), seen: doc };
    });
    expect(saved.completed === false && saved.passed === false, `the State document: ${JSON.stringify(saved)}`);
    await leave(session);
    await untilStatement(record, VERB('terminated'));
    const list = sessionStatements(record);
    expectSessionShape(list, record);
    const answered = list.filter((statement) => statement.verb.id === VERB('answered'));
    expect(answered.length === 2, `${answered.length} "answered"`);
    expectAnswered(answered[0], { question: 'compare.strongest', test: 'predictions', response: 'bus', success: true,
                                  interactionType: 'choice', confidence: 'sure' });
    expectAnswered(answered[1], { question: 'quiz.q1', test: 'quiz', response: 'B', success: true, interactionType: 'choice' });
    const verbs = list.map((statement) => statement.verb.id.split('/').pop());
    expect(!verbs.includes('completed') && !verbs.includes('passed') && !verbs.includes('failed'), `verbs: ${verbs.join(', ')}`);
    expect(record.fetchCalls === 1, `the fetch URL was asked ${record.fetchCalls} times`);
    expectValid();
    expectQuiet(session);
    first = { record, compareState, quizState };
  } finally {
    await session.context.close();
  }
});

await check('the fetch URL is one-time: a second POST gets cmi5\'s error-code 1', async () => {
  expect(first, 'no first launch');
  const answer = await (await fetch(`${lrs.origin}/fetch/${first.record.fetchKey}`, { method: 'POST' })).json();
  expect(answer['error-code'] === '1' && !answer['auth-token'], `the second POST: ${JSON.stringify(answer)}`);
});

await check('the next launch: the widgets open as left; the second answer makes "completed" and "failed" (0.5 < 0.75), once', async () => {
  expect(first, 'no first launch');
  const { launch: record, query } = lrs.launch({ registration, activityId: ACTIVITY, actor: ACTOR, masteryScore: 0.75 });
  expect(record.session !== first.record.session, 'the same session id twice');
  const session = await open(query);
  try {
    await startWidget(session, 'compare');
    const waited = await untilRestored(session, 'compare', (state) => state === first.compareState);
    console.log(`  the compare widget restored ${waited} ms after its first frame`);
    await startWidget(session, 'quiz');
    await untilRestored(session, 'quiz', (state) => state === first.quizState);
    await setState(session, 'quiz', Q2_WRONG_PICKED);
    await untilReported(session, 'quiz', (state) => state.includes('quiz.q2.choice=1'), 'the quiz takes a second choice');
    await checkReasoning(session);
    await untilStatement(record, VERB('failed'));
    // Both right now: no "passed" in the session that failed, and no second "completed".
    await setState(session, 'quiz', BOTH_RIGHT);
    await untilReported(session, 'quiz', (state) => state.includes('quiz.q2.choice=3'), 'the quiz takes the right choice');
    await session.page.waitForTimeout(1000);
    await leave(session);
    await untilStatement(record, VERB('terminated'));
    const list = sessionStatements(record);
    expectSessionShape(list, record);
    const verbs = list.map((statement) => statement.verb.id.split('/').pop());
    expect(verbs.filter((verb) => verb === 'completed').length === 1 && verbs.filter((verb) => verb === 'failed').length === 1 &&
           !verbs.includes('passed'), `verbs: ${verbs.join(', ')}`);
    const failed = list.find((statement) => statement.verb.id === VERB('failed'));
    expect(failed.result.score?.scaled === 0.5 && failed.result.success === false && ISO_DURATION.test(failed.result.duration),
           `failed: result ${JSON.stringify(failed.result)}`);
    expect(failed.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/masteryscore'] === 0.75, 'failed: no masteryScore extension');
    const answered = list.filter((statement) => statement.verb.id === VERB('answered'));
    expect(answered.length === 1, `${answered.length} "answered"`);
    expectAnswered(answered[0], { question: 'quiz.q2', test: 'quiz', response: 'A', success: false, interactionType: 'choice' });
    expect(record.fetchCalls === 1, `the fetch URL was asked ${record.fetchCalls} times`);
    const doc = lrs.stateOf(record, 'attention-lesson-suspend');
    expect(doc.completed === true && doc.passed === false, `the State document: ${JSON.stringify(doc).slice(0, 200)}`);
    expectValid();
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

await check('a launch after that, both answers right: "passed" with score 1, no second "completed"', async () => {
  const { launch: record, query } = lrs.launch({ registration, activityId: ACTIVITY, actor: ACTOR, masteryScore: 0.75 });
  const session = await open(query);
  try {
    await startWidget(session, 'quiz');
    await untilRestored(session, 'quiz', (state) => state.includes('quiz.q2.choice=3'));
    await untilStatement(record, VERB('passed'));
    await leave(session);
    await untilStatement(record, VERB('terminated'));
    const list = sessionStatements(record);
    expectSessionShape(list, record);
    const verbs = list.map((statement) => statement.verb.id.split('/').pop());
    expect(verbs.join() === 'initialized,passed,terminated', `verbs: ${verbs.join(', ')}`);
    const passed = list[1];
    expect(passed.result.score?.scaled === 1 && passed.result.success === true, `passed: result ${JSON.stringify(passed.result)}`);
    const all = lrs.statements.filter((entry) => entry.launch.registration === registration).map((entry) => entry.statement.verb.id);
    expect(all.filter((verb) => verb === VERB('completed')).length === 1 && all.filter((verb) => verb === VERB('passed')).length === 1,
           'the registration does not have one "completed" and one "passed"');
    expectValid();
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

await check('launchMode Review: "initialized" and "terminated" only, the widgets restored and nothing written', async () => {
  const { launch: record, query } = lrs.launch({ registration, activityId: ACTIVITY, actor: ACTOR, masteryScore: 0.75, launchMode: 'Review' });
  const before = JSON.stringify(lrs.stateOf(record, 'attention-lesson-suspend'));
  const session = await open(query);
  try {
    await startWidget(session, 'quiz');
    await untilRestored(session, 'quiz', (state) => state.includes('quiz.q2.choice=3'));
    await setState(session, 'quiz', Q1_PICKED);
    await untilReported(session, 'quiz', (state) => state === Q1_PICKED, 'the quiz takes a choice');
    await checkReasoning(session);
    await session.page.waitForTimeout(5500);
    await leave(session);
    await untilStatement(record, VERB('terminated'));
    const verbs = sessionStatements(record).map((statement) => statement.verb.id.split('/').pop());
    expect(verbs.join() === 'initialized,terminated', `verbs: ${verbs.join(', ')}`);
    expect(JSON.stringify(lrs.stateOf(record, 'attention-lesson-suspend')) === before, 'the State document changed');
    expectValid();
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

// [SECTION] Broken platforms

// The lesson still responds: the quiz takes a state and reports it.
async function expectLessonWorks(session) {
  await startWidget(session, 'quiz');
  await setState(session, 'quiz', Q1_RIGHT);
  await untilReported(session, 'quiz', (state) => state.includes('quiz.q1.revealed=1'), 'the quiz takes a state');
}

await check('the fetch URL answering 500: one warning that says so, nothing else sent, the lesson works', async () => {
  lrs.broken = { token: true };
  const { launch: record, query } = lrs.launch({ activityId: ACTIVITY, actor: ACTOR, masteryScore: 0.75 });
  const session = await open(query);
  try {
    await expectLessonWorks(session);
    await until('the adapter\'s warning', async () => ({ ok: session.notes.length > 0, seen: session.notes }));
    await session.page.waitForTimeout(300);
    expect(session.notes.length === 1 && /HTTP 500 from .*\/fetch\//.test(session.notes[0]) && session.notes[0].startsWith('warning:'),
           `the adapter said: ${session.notes.join(' | ') || 'nothing'}`);
    expect(record.fetchCalls === 1, `the fetch URL was asked ${record.fetchCalls} times`);
    expect(lrs.statements.every((entry) => entry.launch !== record), 'statements arrived');
    expectQuiet(session, { allowStatus: 500, notes: 1 });
  } finally {
    lrs.broken = {};
    await session.context.close();
  }
});

await check('the LRS answering 500 to statements: one warning, the widgets still saved, refused statements not sent again', async () => {
  lrs.broken = { statements: true };
  const { launch: record, query } = lrs.launch({ activityId: ACTIVITY, actor: ACTOR, masteryScore: 0.75 });
  const session = await open(query);
  const before = lrs.statementRequests;
  try {
    await expectLessonWorks(session);
    await until('the widgets saved in spite of the statements', async () => {
      const doc = lrs.stateOf(record, 'attention-lesson-suspend');
      return { ok: Object.values(doc?.widgets || {}).some((state) => state.includes('quiz.q1.revealed=1')), seen: doc };
    });
    expect(session.notes.length === 1 && /HTTP 500 from .*statements/.test(session.notes[0]), `the adapter said: ${session.notes.join(' | ') || 'nothing'}`);
    await leave(session);
    const requests = lrs.statementRequests - before;
    // "initialized" refused: nothing else of the session, not even "terminated", is sent.
    expect(requests === 1, `${requests} statement requests`);
    expectQuiet(session, { allowStatus: 500, notes: 1 });
  } finally {
    lrs.broken = {};
    await session.context.close();
  }
});

await check('the LRS refusing statements after "initialized": one warning, at most 3 tries, no "terminated", the widgets saved', async () => {
  const { launch: record, query } = lrs.launch({ activityId: ACTIVITY, actor: ACTOR, masteryScore: 0.75 });
  const session = await open(query);
  try {
    await untilStatement(record, VERB('initialized'));
    lrs.broken = { statements: true };
    const before = lrs.statementRequests;
    await startWidget(session, 'quiz');
    // Four statements due: two "answered", "completed" and "failed".
    await setState(session, 'quiz', Q1_PICKED);
    await untilReported(session, 'quiz', (state) => state === Q1_PICKED, 'the quiz takes a choice');
    await checkReasoning(session);
    await setState(session, 'quiz', `${Q1_RIGHT}&quiz.q2.choice=1`);
    await untilReported(session, 'quiz', (state) => state.includes('quiz.q2.choice=1'), 'the quiz takes a second choice');
    await checkReasoning(session);
    await untilReported(session, 'quiz', (state) => state.includes('quiz.q2.revealed=1'), 'the quiz shows its second reasoning');
    await until('the widgets saved', async () => {
      const doc = lrs.stateOf(record, 'attention-lesson-suspend');
      return { ok: Object.values(doc?.widgets || {}).some((state) => state.includes('quiz.q2.revealed=1')), seen: doc };
    });
    await leave(session);
    const requests = lrs.statementRequests - before;
    expect(requests === 3, `${requests} statement requests after the LRS broke (3 refusals stop the session)`);
    expect(session.notes.length === 1 && /HTTP 500 from .*statements/.test(session.notes[0]), `the adapter said: ${session.notes.join(' | ') || 'nothing'}`);
    expectQuiet(session, { allowStatus: 500, notes: 1 });
  } finally {
    lrs.broken = {};
    await session.context.close();
  }
});

await check('launch data that is not cmi5\'s (launchMode "Sometimes"): one warning, no statement, the lesson works', async () => {
  const { launch: record, query } = lrs.launch({ activityId: ACTIVITY, actor: ACTOR, launchData: { launchMode: 'Sometimes' } });
  const session = await open(query);
  try {
    await expectLessonWorks(session);
    await until('the adapter\'s warning', async () => ({ ok: session.notes.length > 0, seen: session.notes }));
    await session.page.waitForTimeout(300);
    expect(session.notes.length === 1 && /LMS\.LaunchData.*launchMode "Sometimes"/.test(session.notes[0]), `the adapter said: ${session.notes.join(' | ') || 'nothing'}`);
    expect(sessionStatements(record).length === 0, 'statements arrived');
    expectQuiet(session, { notes: 1 });
  } finally {
    await session.context.close();
  }
});

await check('a saved State document the lesson cannot read: ignored with one warning, the widgets open fresh, the session goes on', async () => {
  const { launch: record, query } = lrs.launch({ activityId: ACTIVITY, actor: ACTOR, masteryScore: 0.75 });
  lrs.putState(record, 'attention-lesson-suspend', { format: 'attn-cmi5-1', widgets: { 99: Q1_RIGHT } });
  const session = await open(query);
  try {
    await startWidget(session, 'quiz');
    // The warning follows the token, the launch data, "initialized" and two State requests: on a
    // loaded machine that can take a while.
    await until('the adapter\'s warning', async () => ({ ok: session.notes.length > 0, seen: session.notes }), 30000);
    const states = await reported(session, 'quiz');
    expect(states.every((state) => !state.includes('quiz.q1')), `the quiz opened with ${JSON.stringify(states)}`);
    expect(session.notes.length === 1 && /widget 99 does not exist/.test(session.notes[0]), `the adapter said: ${session.notes.join(' | ') || 'nothing'}`);
    await expectLessonWorks(session);
    await leave(session);
    await untilStatement(record, VERB('terminated'));
    expectValid();
    expectQuiet(session, { notes: 1 });
  } finally {
    await session.context.close();
  }
});

await check('a launch URL without its actor: one warning that names it, nothing sent, the lesson works', async () => {
  const { launch: record, query } = lrs.launch({ activityId: ACTIVITY, actor: ACTOR });
  const partial = new URLSearchParams(query);
  partial.delete('actor');
  const session = await open(partial.toString());
  try {
    await expectLessonWorks(session);
    await session.page.waitForTimeout(300);
    expect(session.notes.length === 1 && /has no actor/.test(session.notes[0]), `the adapter said: ${session.notes.join(' | ') || 'nothing'}`);
    expect(record.fetchCalls === 0, 'the fetch URL was asked');
    expectQuiet(session, { notes: 1 });
  } finally {
    await session.context.close();
  }
});

// [SECTION] The Spanish package

await check('the Spanish package (attention-lesson-cmi5-es.zip): its own cmi5.xml in Spanish, the Spanish page', async () => {
  const folder = join(root, 'course-es');
  unzip(join(site, 'attention-lesson-cmi5-es.zip'), folder);
  const au = expectCourseStructure(await readCourseStructure(readFileSync(join(folder, 'cmi5.xml'), 'utf8')), 'es');
  expect(au.id !== PUBLISHER_ID, 'the Spanish AU has the English AU\'s id');
  const html = readFileSync(join(folder, 'index.html'), 'utf8');
  expect(/<html lang="es"/.test(html) && html.includes('"lesson/es/lesson.txt"'), 'its page is not the Spanish one');
  expect(readdirSync(folder).length === 3, 'more files than three');
});

// What the LRS received, for reading (docs/lms.md's statement profile shows the same shapes).
writeFileSync(join(out, 'statements.json'), JSON.stringify(lrs.statements.map(({ statement, errors }) => ({ statement, errors })), null, 2));
await browser.close();
server.close();
lrs.server.close();
console.log(failures ? `browser cmi5: ${failures} failed` : 'browser cmi5: all passed');
process.exit(failures ? 1 : 0);
