// The SCORM 2004 4th Edition package (scripts/make-scorm.mjs --edition=2004, web/js/scorm2004.js)
// in headless Chromium, hosted as an LMS hosts it: scorm-again's SCORM 2004 runtime (npm) as
// window.API_1484_11 of a player page that frames the package's lesson
// (tests/browser/fixtures/scorm2004-host.html). The player hands the lesson the manifest's passing
// score as cmi.scaled_passing_score, as an LMS does.
// - the zip: Python's zipfile reads it and checks every CRC-32; it holds imsmanifest.xml, the
//   lesson page and gpu-warmup.js only; the manifest is well-formed XML in IMS CP 1.1.4's
//   namespace with adlcp, adlseq, adlnav and imsss declared, schema "ADL SCORM", schemaversion
//   "2004 4th Edition", one organization, one item with a primary objective satisfied by measure
//   (its minNormalizedMeasure a scaled score), one resource of adlcp:scormType "sco";
// - a first launch: Initialize(""), completion "incomplete", success left "unknown"; a Compare
//   prediction (bus, sure) and the quick check's first question (B) answered through the
//   widgets: cmi.interactions 0 and 1 with their ids, types, learner responses, correct patterns,
//   results, ISO 8601 latencies and timestamps, in order; score.scaled 0.5, raw 50 of 0..100,
//   progress_measure 0.5, still incomplete and unknown; the widgets' states in cmi.suspend_data;
//   the frame removed: exit "suspend", an ISO 8601 session time, a commit, Terminate last;
// - the next launch with what the LMS kept: the Compare widget opens with its prediction, the
//   quiz with its answer; the second question answered wrong (A): interaction 2 "incorrect" with
//   pattern "c"; "completed", progress 1, and "failed" against the threshold 1 with scaled 0.5;
//   the answer changed to the right one: "passed", scaled 1; exit "normal";
// - review mode (cmi.mode "review"): the widgets open as left, and nothing is written;
// - no API, an API that answers "false", one that throws, one that refuses every interaction:
//   the lesson runs and takes answers, with one console warning that says why (none without an
//   API); the refused interactions do not stop the status, score and saved states;
// - the Spanish package: its own manifest and identifier, the Spanish page;
// - nothing is requested from another origin.
// usage: node scorm2004.mjs SITE_DIR OUT_DIR
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, serve, waitForFirstFrame, watchPage, passes, expect, unpackZip } from './browser.mjs';

const [site, out] = process.argv.slice(2);
if (!site || !out) { console.error('usage: node scorm2004.mjs SITE_DIR OUT_DIR'); process.exit(2); }

const PACKAGE = join(site, 'attention-lesson-scorm2004.zip');
const SPANISH = join(site, 'attention-lesson-scorm2004-es.zip');
const PREFIX = 'Attention lesson (SCORM 2004): ';
const SLOT = (scene) => `div[data-attention-widget][data-scene="${scene}"]`;
const CP = 'http://www.imsglobal.org/xsd/imscp_v1p1';
const NAMESPACES = {
  adlcp: 'http://www.adlnet.org/xsd/adlcp_v1p3', adlseq: 'http://www.adlnet.org/xsd/adlseq_v1p3',
  adlnav: 'http://www.adlnet.org/xsd/adlnav_v1p3', imsss: 'http://www.imsglobal.org/xsd/imsss',
};
// The formats SCORM 2004's RTE gives these elements: timeinterval (second,10,2) as an ISO 8601
// duration, time (second,10,0) as YYYY-MM-DDThh:mm:ss.s with an optional time zone.
const DURATION = /^P(\d+Y)?(\d+M)?(\d+D)?(T(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?)?$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,2})?(Z|[+-]\d{2}(:\d{2})?)?$/;

for (const zip of [PACKAGE, SPANISH]) {
  if (!existsSync(zip)) {
    console.log(`not ok - ${zip} was not built: the web build writes it with scripts/make-scorm.mjs ... --edition=2004`);
    console.log('browser scorm2004: nothing to test');
    process.exit(1);
  }
}

// The served folder: the package's files as an LMS unpacks them in course/, the player in lms/.
const root = join(out, 'serve');
const course = join(root, 'course');
rmSync(root, { recursive: true, force: true });
mkdirSync(join(root, 'lms'), { recursive: true });
copyFileSync(fileURLToPath(new URL('fixtures/scorm2004-host.html', import.meta.url)), join(root, 'lms', 'host.html'));
copyFileSync(fileURLToPath(new URL('../../node_modules/scorm-again/dist/scorm2004.js', import.meta.url)),
             join(root, 'lms', 'scorm2004.js'));

let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// [SECTION] The package

// Python's zipfile checks each entry's CRC-32 and sizes, lists the entries and unpacks them.
function unpack(zip, folder) {
  const entries = unpackZip(zip, folder, 'scripts/make-scorm.mjs ... --edition=2004');
  const names = entries.map(({ name }) => name).sort();
  expect(JSON.stringify(names) === JSON.stringify(['gpu-warmup.js', 'imsmanifest.xml', 'index.html']),
         `${zip} holds ${JSON.stringify(names)}`);
  for (const { name, method } of entries) expect(method === 8, `${name} is stored with method ${method}, not deflate`);
}
await check('the zip reads with its CRC-32s right and holds imsmanifest.xml, the lesson page and gpu-warmup.js only', async () => {
  unpack(PACKAGE, course);
});
if (!existsSync(join(course, 'index.html'))) {
  console.log('browser scorm2004: the package could not be read; nothing more to test');
  process.exit(1);
}

const { server, origin } = await serve(root);
const browser = await launch();

// The manifest as the browser's XML parser reads it, namespaces and all.
async function readManifest(xml) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(([text, cp, ns]) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length) return { error: doc.getElementsByTagName('parsererror')[0].textContent };
      const children = (node, name, uri = cp) => Array.from(node.children).filter((c) => c.namespaceURI === uri && c.localName === name);
      const text1 = (node, name) => children(node, name).map((c) => c.textContent.trim());
      const rootNode = doc.documentElement;
      const metadata = children(rootNode, 'metadata')[0];
      const organizations = children(rootNode, 'organizations')[0];
      const resources = children(rootNode, 'resources')[0];
      const declared = Object.fromEntries(Object.keys(ns).map((prefix) => [prefix, rootNode.lookupNamespaceURI(prefix)]));
      return {
        root: `${rootNode.namespaceURI} ${rootNode.localName}`,
        identifier: rootNode.getAttribute('identifier'),
        declared,
        schema: metadata ? text1(metadata, 'schema') : [],
        schemaversion: metadata ? text1(metadata, 'schemaversion') : [],
        defaultOrganization: organizations ? organizations.getAttribute('default') : null,
        organizations: organizations ? children(organizations, 'organization').map((org) => ({
          identifier: org.getAttribute('identifier'),
          title: text1(org, 'title'),
          items: children(org, 'item').map((item) => {
            const sequencing = children(item, 'sequencing', ns.imsss)[0];
            const objectives = sequencing ? children(sequencing, 'objectives', ns.imsss)[0] : null;
            const primary = objectives ? children(objectives, 'primaryObjective', ns.imsss) : [];
            return {
              identifierref: item.getAttribute('identifierref'), title: text1(item, 'title'), nested: children(item, 'item').length,
              primary: primary.map((objective) => ({
                satisfiedByMeasure: objective.getAttribute('satisfiedByMeasure'),
                minNormalizedMeasure: children(objective, 'minNormalizedMeasure', ns.imsss).map((m) => m.textContent.trim()),
              })),
            };
          }),
        })) : [],
        resources: resources ? children(resources, 'resource').map((resource) => ({
          identifier: resource.getAttribute('identifier'),
          type: resource.getAttribute('type'),
          scormType: resource.getAttributeNS(ns.adlcp, 'scormType'),
          href: resource.getAttribute('href'),
          files: children(resource, 'file').map((file) => file.getAttribute('href')),
        })) : [],
      };
    }, [xml, CP, NAMESPACES]);
  } finally {
    await page.close();
  }
}

let threshold = null;  // the manifest's minNormalizedMeasure, which the player hands to the lesson
await check('imsmanifest.xml: SCORM 2004 4th Edition, its namespaces, one item whose primary objective is satisfied by measure, one SCO', async () => {
  const manifest = await readManifest(readFileSync(join(course, 'imsmanifest.xml'), 'utf8'));
  expect(!manifest.error, `imsmanifest.xml is not well-formed: ${manifest.error}`);
  expect(manifest.root === `${CP} manifest`, `root element: ${manifest.root}`);
  expect(manifest.identifier === 'attention-lesson', `the manifest's identifier: ${manifest.identifier}`);
  expect(JSON.stringify(manifest.declared) === JSON.stringify(NAMESPACES), `namespaces declared: ${JSON.stringify(manifest.declared)}`);
  expect(JSON.stringify(manifest.schema) === '["ADL SCORM"]' && JSON.stringify(manifest.schemaversion) === '["2004 4th Edition"]',
         `metadata: schema ${JSON.stringify(manifest.schema)}, schemaversion ${JSON.stringify(manifest.schemaversion)}`);
  expect(manifest.organizations.length === 1, `${manifest.organizations.length} organizations`);
  const [organization] = manifest.organizations;
  expect(manifest.defaultOrganization === organization.identifier,
         `organizations default="${manifest.defaultOrganization}", the organization is "${organization.identifier}"`);
  expect(organization.title[0] && organization.items.length === 1 && organization.items[0].nested === 0 && organization.items[0].title[0],
         `the organization: ${JSON.stringify(organization)}`);
  const [item] = organization.items;
  expect(item.primary.length === 1 && item.primary[0].satisfiedByMeasure === 'true' && item.primary[0].minNormalizedMeasure.length === 1,
         `the item's primary objective: ${JSON.stringify(item.primary)}`);
  threshold = item.primary[0].minNormalizedMeasure[0];
  expect(/^(0(\.\d+)?|1(\.0+)?)$/.test(threshold), `minNormalizedMeasure "${threshold}" is not a scaled score from 0 to 1`);
  expect(manifest.resources.length === 1, `${manifest.resources.length} resources`);
  const [resource] = manifest.resources;
  expect(item.identifierref === resource.identifier, `the item points at "${item.identifierref}", the resource is "${resource.identifier}"`);
  expect(resource.type === 'webcontent' && resource.scormType === 'sco', `resource type "${resource.type}", adlcp:scormType "${resource.scormType}"`);
  expect(resource.href === 'index.html', `the SCO launches "${resource.href}"`);
  expect(JSON.stringify([...resource.files].sort()) === JSON.stringify(['gpu-warmup.js', 'index.html']),
         `the resource lists ${JSON.stringify(resource.files)}`);
});

// [SECTION] Sessions

// The page that shows the lesson, and what is heard of it: the adapter's console messages, the
// page's problems (console errors, uncaught errors, failed requests) and requests to other origins.
async function open(kind, cmi = null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    window.widgetChanges = [];
    document.addEventListener('attention-widget-change', (event) => {
      window.widgetChanges.push({ scene: event.target.dataset.scene, state: event.detail.state });
    }, true);
    window.widgetPredictions = [];
    document.addEventListener('attention-widget-prediction', (event) => window.widgetPredictions.push(event.detail), true);
  });
  const page = await context.newPage();
  const session = { context, page, frame: null, problems: watchPage(page), notes: [], foreign: [] };
  page.on('console', (msg) => { if (msg.text().startsWith(PREFIX)) session.notes.push(`${msg.type()}: ${msg.text()}`); });
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) session.foreign.push(url);
  });
  await page.goto(`${origin}/lms/host.html`);
  await page.evaluate(([apiKind, data]) => window.launch(apiKind, data), [kind, cmi]);
  for (let tries = 0; tries < 300 && !session.frame; tries++) {
    session.frame = page.frames().find((candidate) => candidate.url().endsWith('/course/index.html')) || null;
    if (!session.frame) await page.waitForTimeout(100);
  }
  expect(session.frame, 'the lesson never showed in the player');
  await session.frame.waitForLoadState('domcontentloaded');
  await waitForFirstFrame(session.frame);
  return session;
}

const calls = (session) => session.page.evaluate(() => window.calls);
const held = (session) => session.page.evaluate(() => window.held());
const sets = (list, element) => list.filter((call) => call.name === 'SetValue' && call.args[0] === element);
const interactionsOf = (cmi) => Object.keys(cmi.interactions.childArray || cmi.interactions).filter((key) => /^\d+$/.test(key))
  .sort((a, b) => a - b).map((key) => (cmi.interactions.childArray || cmi.interactions)[key]);

async function until(what, probe, timeout = 15000) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    last = await probe();
    if (last.ok) return last.seen;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${what}: still ${JSON.stringify(last.seen).slice(0, 600)} after ${timeout / 1000} s`);
}
const untilHeld = (session, what, holds) => until(what, async () => {
  const cmi = await held(session);
  return { ok: holds(cmi), seen: cmi };
});

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
const predictions = (session) => session.frame.evaluate(() => window.widgetPredictions);
async function untilReported(session, scene, holds, what) {
  return until(what, async () => {
    const states = await reported(session, scene);
    const last = states[states.length - 1];
    return { ok: last !== undefined && holds(last), seen: last };
  });
}
async function untilPredictions(session, count) {
  return until(`${count} prediction events`, async () => {
    const seen = await predictions(session);
    return { ok: seen.length >= count, seen };
  });
}

// A learner's prediction in the Compare widget through its controls (the parallel DOM): the bus
// key, then "Sure".
async function predictBus(session) {
  await startWidget(session, 'compare');
  const slot = session.frame.locator(SLOT('compare'));
  await slot.getByRole('radio', { name: 'bus', exact: true }).dispatchEvent('click');
  await untilReported(session, 'compare', (state) => state.includes('compare.predict=2_'), 'the compare widget takes the pick');
  await slot.getByRole('button', { name: 'Sure', exact: true }).dispatchEvent('click');
}
// A quick-check answer: `choice` (from 1) picked for question `question`, then its "Check the
// reasoning" button, which the widget reports as a prediction event.
async function answerQuiz(session, before, question, choice) {
  await startWidget(session, 'quiz');
  const state = `${before}&quiz.q${question}.choice=${choice}`;
  await setState(session, 'quiz', state);
  await untilReported(session, 'quiz', (reportedState) => reportedState.includes(`quiz.q${question}.choice=${choice}`), 'the quiz takes the pick');
  await session.frame.locator(SLOT('quiz')).getByRole('button', { name: 'Check the reasoning', exact: true }).first().dispatchEvent('click');
  return untilReported(session, 'quiz', (reportedState) => reportedState.includes(`quiz.q${question}.revealed=1`), 'the quiz shows the reasoning');
}

// The learner leaves: the player removes the lesson's frame; the end of the session as the LMS
// heard it: exit `exit`, an ISO 8601 session time, a commit after them, Terminate("") once, last.
async function checkFinish(session, exit) {
  await session.page.evaluate(() => window.leave());
  const list = await until('Terminate after the lesson went away', async () => {
    const seen = await calls(session);
    return { ok: seen.some((call) => call.name === 'Terminate'), seen };
  });
  const terminates = list.filter((call) => call.name === 'Terminate');
  expect(terminates.length === 1 && list[list.length - 1].name === 'Terminate' && terminates[0].args[0] === '' &&
         terminates[0].result === 'true', `Terminate: ${JSON.stringify(terminates)}; last ${list[list.length - 1].name}`);
  const exits = sets(list, 'cmi.exit');
  expect(exits.length === 1 && exits[0].args[1] === exit && exits[0].result === 'true',
         `cmi.exit set ${JSON.stringify(exits.map((c) => [c.args[1], c.result]))}, expected "${exit}" once`);
  const times = sets(list, 'cmi.session_time');
  expect(times.length === 1 && DURATION.test(times[0].args[1]) && times[0].result === 'true',
         `cmi.session_time: ${JSON.stringify(times.map((c) => [c.args[1], c.result]))}`);
  expect(list.slice(list.indexOf(exits[0])).some((call) => call.name === 'Commit' && call.result === 'true'),
         'no Commit between cmi.exit and Terminate');
  const refused = list.filter((call) => ['SetValue', 'Commit'].includes(call.name) && call.result !== 'true');
  expect(refused.length === 0, `refused: ${JSON.stringify(refused)}`);
}

function expectQuiet(session) {
  expect(session.notes.length === 0, `the adapter said: ${session.notes.join(' | ')}`);
  expect(session.problems.length === 0, session.problems.join('\n  '));
  expect(session.foreign.length === 0, `requests to other origins: ${session.foreign.join(', ')}`);
}

// One interaction as the LMS holds it, against what the lesson should have written.
function expectInteraction(interaction, n, want) {
  const where = `cmi.interactions.${n} ${JSON.stringify(interaction)}`;
  expect(interaction.id === want.id, `${where}: id, expected ${want.id}`);
  expect(interaction.type === 'choice', `${where}: type`);
  expect(interaction.learner_response === want.response, `${where}: learner_response, expected "${want.response}"`);
  expect(interaction.result === want.result, `${where}: result, expected ${want.result}`);
  const patterns = Object.values(interaction.correct_responses.childArray || interaction.correct_responses).map((c) => c.pattern);
  expect(JSON.stringify(patterns) === JSON.stringify(want.patterns), `${where}: correct patterns, expected ${JSON.stringify(want.patterns)}`);
  expect(DURATION.test(interaction.latency) && interaction.latency !== 'PT0S', `${where}: latency "${interaction.latency}"`);
  expect(TIMESTAMP.test(interaction.timestamp), `${where}: timestamp "${interaction.timestamp}"`);
}

let firstVisit = null;
await check('a first launch: "incomplete", a prediction and an answer as interactions 0 and 1, scaled 0.5, progress 0.5, "suspend"', async () => {
  expect(threshold !== null, 'no threshold from the manifest');
  const session = await open('lms', { scaled_passing_score: threshold });
  try {
    let list = await calls(session);
    expect(list[0] && list[0].name === 'Initialize' && list[0].args[0] === '' && list[0].result === 'true',
           `the first call: ${JSON.stringify(list[0])}`);
    await untilHeld(session, 'completion "incomplete" after the first launch', (cmi) => cmi.completion_status === 'incomplete');
    list = await calls(session);
    expect(sets(list, 'cmi.success_status').length === 0, 'success_status was set before the quick check was done');

    const started = Date.now();
    await predictBus(session);
    const quiz = await answerQuiz(session, 'scene=quiz', 1, 2);
    const events = await untilPredictions(session, 2);
    expect(events[0].question === 'compare.strongest' && events[0].correct && events[1].question === 'quiz.q1' && events[1].correct,
           `the widgets reported ${JSON.stringify(events)}`);
    const cmi = await untilHeld(session, 'two interactions, scaled 0.5', (seen) => interactionsOf(seen).length === 2 &&
                                seen.score.scaled === '0.5' && seen.suspend_data.includes(quiz));
    const [prediction, answer] = interactionsOf(cmi);
    expectInteraction(prediction, 0, { id: 'compare_strongest_0', response: '2', result: 'correct', patterns: ['2'] });
    expectInteraction(answer, 1, { id: 'quiz_q1_1', response: 'b', result: 'correct', patterns: ['b'] });
    const shown = Date.parse(prediction.timestamp);
    expect(shown >= started - 60000 && shown <= Date.parse(answer.timestamp), `timestamps out of order: ${prediction.timestamp}, ${answer.timestamp}`);
    expect(cmi.score.raw === '50' && cmi.score.min === '0' && cmi.score.max === '100', `score ${JSON.stringify(cmi.score)}`);
    expect(cmi.progress_measure === '0.5', `progress_measure ${cmi.progress_measure}`);
    expect(cmi.completion_status === 'incomplete' && cmi.success_status === 'unknown',
           `status: ${cmi.completion_status}, ${cmi.success_status}`);
    const compare = (await reported(session, 'compare')).pop();
    await checkFinish(session, 'suspend');
    firstVisit = { cmi: await held(session), compare, quiz };
    expect(firstVisit.cmi.suspend_data.includes(compare) && compare.includes('compare.predict=2_3r'),
           `cmi.suspend_data: ${firstVisit.cmi.suspend_data.slice(0, 300)}`);
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

await check('the next launch: widgets as left; a wrong answer is interaction 2 with pattern "c"; "completed" and "failed", then "passed"', async () => {
  expect(firstVisit, 'no data from the first launch');
  const kept = firstVisit.cmi;
  const session = await open('lms', {
    scaled_passing_score: threshold, entry: 'resume', completion_status: kept.completion_status, success_status: kept.success_status,
    progress_measure: kept.progress_measure, score: { scaled: kept.score.scaled, raw: kept.score.raw, min: kept.score.min, max: kept.score.max },
    suspend_data: kept.suspend_data, interactions: interactionsOf(kept).map(({ id, type, learner_response, result, latency, timestamp }) =>
      ({ id, type, learner_response, result, latency, timestamp })),
  });
  try {
    await startWidget(session, 'compare');
    const [compare] = await reported(session, 'compare');
    expect(compare === firstVisit.compare, `the compare widget opened with "${compare}", left with "${firstVisit.compare}"`);
    await startWidget(session, 'quiz');
    const [quiz] = await reported(session, 'quiz');
    expect(quiz === firstVisit.quiz, `the quiz opened with "${quiz}", left with "${firstVisit.quiz}"`);

    const answered = await answerQuiz(session, firstVisit.quiz, 2, 1);
    const cmi = await untilHeld(session, 'the third interaction, "completed"', (seen) => interactionsOf(seen).length === 3 &&
                                seen.completion_status === 'completed' && seen.suspend_data.includes(answered));
    expectInteraction(interactionsOf(cmi)[2], 2, { id: 'quiz_q2_2', response: 'a', result: 'incorrect', patterns: ['c'] });
    expect(cmi.progress_measure === '1' && cmi.score.scaled === '0.5', `progress ${cmi.progress_measure}, scaled ${cmi.score.scaled}`);
    const failing = Number(threshold) > 0.5;
    expect(cmi.success_status === (failing ? 'failed' : 'passed'), `success_status "${cmi.success_status}" with scaled 0.5 at ${threshold}`);

    await setState(session, 'quiz', `${answered.replace('quiz.q2.choice=1', 'quiz.q2.choice=3')}`);
    const passed = await untilHeld(session, 'scaled 1 once both answers are right', (seen) => seen.score.scaled === '1');
    expect(passed.success_status === 'passed' && passed.score.raw === '100', `after both right: ${passed.success_status}, raw ${passed.score.raw}`);
    await checkFinish(session, 'normal');
    const list = await calls(session);
    expect(sets(list, 'cmi.completion_status').map((call) => call.args[1]).join() === 'completed',
           `completion_status set to ${JSON.stringify(sets(list, 'cmi.completion_status').map((call) => call.args[1]))}`);
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

await check('review mode: the widgets open as left, and a new answer writes nothing', async () => {
  expect(firstVisit, 'no data from the first launch');
  const session = await open('lms', { scaled_passing_score: threshold, mode: 'review', entry: 'resume', completion_status: 'incomplete',
                                      suspend_data: firstVisit.cmi.suspend_data });
  try {
    await startWidget(session, 'quiz');
    const [quiz] = await reported(session, 'quiz');
    expect(quiz === firstVisit.quiz, `the quiz opened with "${quiz}", left with "${firstVisit.quiz}"`);
    await answerQuiz(session, firstVisit.quiz, 2, 3);
    await untilPredictions(session, 1);
    await session.page.evaluate(() => window.leave());
    const list = await until('Terminate after the lesson went away', async () => {
      const seen = await calls(session);
      return { ok: seen.some((call) => call.name === 'Terminate'), seen };
    });
    const written = list.filter((call) => call.name === 'SetValue' || call.name === 'Commit');
    expect(written.length === 0, `written in review mode: ${JSON.stringify(written.map((call) => call.args))}`);
    expectQuiet(session);
  } finally {
    await session.context.close();
  }
});

// [SECTION] Broken LMSs

for (const [kind, what, why] of [
  ['absent', 'is not there', null],
  ['false', 'answers "false" to everything', /Initialize: error 101, General Exception/],
  ['throws', 'throws on every call', /threw Error: the LMS is down/],
  ['refuses-interactions', 'refuses every interaction', /SetValue\("cmi\.interactions\.0\.id", "quiz_q1_0"\) \(error 351, General Set Failure\)/],
]) {
  await check(`an LMS that ${what}: the lesson runs and takes answers${why ? ', with one console warning that says why' : ', silently'}`, async () => {
    const session = await open(kind, kind === 'refuses-interactions' ? { scaled_passing_score: threshold } : null);
    try {
      const first = await answerQuiz(session, 'scene=quiz', 1, 2);
      await answerQuiz(session, first, 2, 3);
      await untilPredictions(session, 2);
      if (kind === 'refuses-interactions') {
        // Nothing of the rest is lost: status, score and the saved states are recorded.
        const cmi = await untilHeld(session, 'completed and passed without interactions', (seen) => seen.completion_status === 'completed' &&
                                    seen.success_status === 'passed' && seen.score.scaled === '1' && seen.suspend_data.includes('quiz.q2.revealed=1'));
        expect(interactionsOf(cmi).length === 0, `interactions held: ${interactionsOf(cmi).length}`);
      } else {
        await session.page.waitForTimeout(1000);
      }
      await session.page.evaluate(() => window.leave());
      await session.page.waitForTimeout(500);
      if (why) {
        expect(session.notes.length === 1 && session.notes[0].startsWith('warning:') && why.test(session.notes[0]),
               `the adapter said: ${session.notes.join(' | ') || 'nothing'}`);
      } else {
        expect(session.notes.length === 0, `the adapter said: ${session.notes.join(' | ')}`);
      }
      expect(session.problems.length === 0, session.problems.join('\n  '));
      expect(session.foreign.length === 0, `requests to other origins: ${session.foreign.join(', ')}`);
      if (kind === 'false' || kind === 'throws') {
        const after = (await calls(session)).slice(1).filter((call) => !['GetLastError', 'GetErrorString'].includes(call.name));
        expect(after.length === 0, `calls after a failed Initialize: ${JSON.stringify(after.map((call) => call.name))}`);
      }
      if (kind === 'refuses-interactions') {
        const list = await calls(session);
        expect(list.filter((call) => call.name === 'Terminate' && call.result === 'true').length === 1, 'Terminate was not called once');
      }
    } finally {
      await session.context.close();
    }
  });
}

// [SECTION] The Spanish package

await check('the Spanish package (attention-lesson-scorm2004-es.zip): its own manifest, SCORM 2004 4th Edition, the Spanish page', async () => {
  const folder = join(root, 'course-es');
  unpack(SPANISH, folder);
  const manifest = await readManifest(readFileSync(join(folder, 'imsmanifest.xml'), 'utf8'));
  const html = readFileSync(join(folder, 'index.html'), 'utf8');
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] || '';
  expect(!manifest.error && manifest.identifier === 'attention-lesson-es', `its manifest: ${manifest.error || manifest.identifier}`);
  expect(JSON.stringify(manifest.schemaversion) === '["2004 4th Edition"]', `schemaversion ${JSON.stringify(manifest.schemaversion)}`);
  expect(manifest.organizations[0]?.items[0]?.primary[0]?.minNormalizedMeasure[0] === threshold, 'its threshold differs from the English package\'s');
  expect(/<html lang="es"/.test(html) && html.includes('"lesson/es/lesson.txt"'), 'its page is not the Spanish one');
  expect(title && manifest.organizations[0].title[0] === title.replace(/&amp;/g, '&'), `its manifest is not titled as its page ("${title}")`);
  expect(html.includes('API_1484_11') && !html.includes('LMSInitialize'), 'its page does not carry the SCORM 2004 adapter alone');
});

await browser.close();
server.close();
console.log(failures ? `browser scorm2004: ${failures} failed` : 'browser scorm2004: all passed');
process.exit(failures ? 1 : 0);
