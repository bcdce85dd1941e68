// The lesson as a cmi5 assignable unit (AU): what a cmi5 LMS (an LMS with an xAPI Learning Record
// Store, LRS) records of it. Only the cmi5 package carries this script (scripts/make-cmi5.mjs
// inlines it, bundled with the @xapi/cmi5 client from npm, before the runtime and embed.js).
//  - It runs only when the page's URL carries cmi5's five launch parameters (endpoint, fetch,
//    actor, registration, activityId). None of them: the lesson runs as the offline lesson,
//    silently. Some missing or malformed: one warning, and the same.
//  - @xapi/cmi5 POSTs to the fetch URL once for the session's token, reads the State document
//    LMS.LaunchData (checked here: launchMode, contextTemplate with the session id, masteryScore),
//    reads the learner's preferences and sends "initialized".
//  - The widgets' states (those the learner changed), and whether "completed" and "passed" were
//    sent in this registration, are kept in a State document of the lesson's own, STATE_ID (per
//    activityId, actor and registration), written at most every SAVE_GAP_MS and when the page is
//    hidden; the next launch hands them back to the widgets.
//  - Each committed prediction and each checked quick-check answer is a "cmi5 allowed" statement:
//    verb "answered", object ACTIVITYID/test/(predictions|quiz)/question/QUESTION, an interaction
//    (numeric for a number, else choice) with the response, success and the time it took, and for
//    a prediction how sure the learner said they were (a result extension, CONFIDENCE_EXTENSION).
//  - In launchMode Normal: "completed" once both questions of the quick check are answered and
//    their reasoning read (once per registration); then "passed" or "failed" with the quick
//    check's share right as result.score.scaled against the launch data's masteryScore (one of
//    them per session, none without a masteryScore, no "failed" after "passed"). Browse and
//    Review send only "initialized" and "terminated"; Review writes no State either.
//  - On pagehide: what is still queued and "terminated", as one keepalive POST, and the State.
// A platform that fails (the fetch URL, the LRS answering an error or not at all, launch data that
// is not cmi5's) gets one console warning and the lesson carries on. A statement the LRS refuses is
// not sent again (a refused "completed" or "passed" is left unmarked in the State, for the next
// session to send); after MAX_FAILURES refusals the session sends no more statements. The State is
// written on its own, so the learner's widgets are kept while the LRS takes them.
import Cmi5 from '@xapi/cmi5';
import { CONFIDENCE_EXTENSION, furthest, quickCheckDone, readPrediction, readProgress } from './lms-quiz.js';

const PREFIX = 'Attention lesson (cmi5): ';
const LAUNCH_NAMES = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'];
// The lesson's own State document (cmi5 reserves LMS.LaunchData for the LMS).
const STATE_ID = 'attention-lesson-suspend';
const FORMAT = 'attn-cmi5-1';
// The widget's cap on one state (lesson::kStateFragmentMaxLength).
const STATE_LIMIT = 4096;
// A learner dragging a slider changes a widget every frame: the LRS hears at most this often.
const SAVE_GAP_MS = 5000;
// Refusals after which the session sends no more of that kind (statements, State writes: counted apart).
const MAX_FAILURES = 3;
const SESSION_ID = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';
const MODES = ['Normal', 'Browse', 'Review'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const warned = {};
function warnOnce(kind, text) {
  if (warned[kind]) return;
  warned[kind] = true;
  console.warn(PREFIX + text);
}

// What went wrong in a request of the client (axios): the status and the URL, or the message.
function describe(error) {
  if (error && error.response && error.config) return `HTTP ${error.response.status} from ${String(error.config.url).split('?')[0]}`;
  if (error && error.config) return `no answer from ${String(error.config.url).split('?')[0]} (${error.message})`;
  return error instanceof Error ? error.message : String(error);
}

// [SECTION] Launch parameters and launch data

const isHttpUrl = (text) => {
  try {
    return ['http:', 'https:'].indexOf(new URL(text).protocol) >= 0;
  } catch (error) {
    return false;
  }
};

// The five parameters, checked; null when none is there (not launched by a cmi5 LMS). Throws with
// what is wrong otherwise.
function readLaunchParameters(search) {
  const query = new URLSearchParams(search);
  if (!LAUNCH_NAMES.some((name) => query.has(name))) return null;
  const missing = LAUNCH_NAMES.filter((name) => !query.get(name));
  if (missing.length) throw new Error(`the launch URL has no ${missing.join(', ')}`);
  const [endpoint, fetchUrl, actorText, registration, activityId] = LAUNCH_NAMES.map((name) => query.get(name));
  if (!isHttpUrl(endpoint)) throw new Error(`the endpoint "${endpoint.slice(0, 80)}" is not an http(s) URL`);
  if (!isHttpUrl(fetchUrl)) throw new Error(`the fetch URL "${fetchUrl.slice(0, 80)}" is not an http(s) URL`);
  let actor;
  try {
    actor = JSON.parse(actorText);
  } catch (error) {
    throw new Error('the actor is not JSON');
  }
  const account = actor && actor.account;
  if (!actor || typeof actor !== 'object' || (actor.objectType !== undefined && actor.objectType !== 'Agent') ||
      !account || typeof account.homePage !== 'string' || typeof account.name !== 'string' || !account.name) {
    throw new Error('the actor is not an Agent with an account (homePage, name)');
  }
  if (!UUID.test(registration)) throw new Error(`the registration "${registration.slice(0, 40)}" is not a UUID`);
  if (!/^[a-z][a-z0-9+.-]*:[^\s]+$/i.test(activityId)) throw new Error(`the activityId "${activityId.slice(0, 80)}" is not an IRI`);
  return { endpoint, fetch: fetchUrl, actor, registration, activityId };
}

// LMS.LaunchData as cmi5 defines it, or throws with what is wrong; returned as it came (the client
// takes the context template from it).
function checkLaunchData(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('it is not a JSON object');
  if (MODES.indexOf(data.launchMode) < 0) throw new Error(`its launchMode "${String(data.launchMode).slice(0, 20)}" is none of ${MODES.join(', ')}`);
  const template = data.contextTemplate;
  if (!template || typeof template !== 'object' || Array.isArray(template)) throw new Error('it has no contextTemplate');
  const session = template.extensions && template.extensions[SESSION_ID];
  if (typeof session !== 'string' || !session) throw new Error('its contextTemplate has no session id');
  if (data.masteryScore !== undefined &&
      !(typeof data.masteryScore === 'number' && data.masteryScore >= 0 && data.masteryScore <= 1)) {
    throw new Error(`its masteryScore ${JSON.stringify(data.masteryScore).slice(0, 20)} is not a number from 0 to 1`);
  }
  return data;
}

// [SECTION] The lesson's State document

// {widgets: Map index -> state, completed, passed} from the document, or throws with what is wrong.
// Only the container is checked here: each state goes to the widget's decoder.
function decodeSaved(doc, widgetCount) {
  if (!doc || typeof doc !== 'object' || doc.format !== FORMAT) throw new Error(`it is not a "${FORMAT}" document`);
  const widgets = new Map();
  if (!doc.widgets || typeof doc.widgets !== 'object' || Array.isArray(doc.widgets)) throw new Error('it has no widgets');
  for (const [key, state] of Object.entries(doc.widgets)) {
    if (!/^\d{1,3}$/.test(key) || Number(key) >= widgetCount) throw new Error(`widget ${key.slice(0, 10)} does not exist (the lesson has ${widgetCount})`);
    if (typeof state !== 'string' || !/^[\x21-\x7e]{1,4096}$/.test(state)) throw new Error(`widget ${key}'s state is not printable ASCII of at most ${STATE_LIMIT} characters`);
    widgets.set(Number(key), state);
  }
  return { widgets, completed: doc.completed === true, passed: doc.passed === true };
}

// [SECTION] The session

function begin() {
  let params;
  try {
    params = readLaunchParameters(window.location.search);
  } catch (error) {
    warnOnce('launch', `${error.message}; nothing is recorded, and the lesson works as it does offline.`);
    return;
  }
  if (!params) return;

  const slots = Array.from(document.querySelectorAll('div[data-attention-widget]'));
  const states = new Map();    // index -> the widget's latest state
  const opened = new Map();    // index -> the state it first reported this session
  const progress = new Map();  // index -> its quick check's progress
  const predictions = [];      // committed before the session was ready
  let restored = new Map();
  let session = null;          // once initialized: {cmi5, mode, masteryScore}
  let saved = { completed: false, passed: false };
  let judged = false;          // "passed" or "failed" sent in this session
  let statementFailures = 0;
  let stateFailures = 0;
  let initializedRefused = false;
  let finished = false;
  let sentDoc = '';
  let saveTimer = null;
  let lastSave = 0;
  let saving = false;

  const lrsFailed = (what, error) => {
    warnOnce('lrs', `the LRS did not take ${what} (${describe(error)}); the lesson keeps working, but the LMS may ` +
                    `miss some of this session. What it refused is not sent again, and after ${MAX_FAILURES} refusals ` +
                    'no more is sent. Further errors are not reported.');
  };
  const statementFailed = (what, error) => {
    statementFailures++;
    lrsFailed(what, error);
  };
  const stateFailed = (error) => {
    stateFailures++;
    lrsFailed(`the widgets' states (State "${STATE_ID}")`, error);
  };
  // Without an "initialized" the LRS took, no other statement belongs to the session.
  const stopped = () => statementFailures >= MAX_FAILURES || initializedRefused || finished;
  const stateStopped = () => !session || session.mode === 'Review' || stateFailures >= MAX_FAILURES;

  // [SECTION] Statements, one at a time in order

  // Each item: {what, send() -> promise, failed()}; sent in order, one at a time, so that the
  // statements' order is the order the LRS receives them in.
  const queue = [];
  let pumping = false;
  let answerConfidence = null;  // the confidence of the "answered" statement the client is building
  let batch = null;  // while the page goes away: the statements to send in one request
  async function pump() {
    if (pumping) return;
    pumping = true;
    while (queue.length && !batch && !stopped()) {
      const item = queue.shift();
      try {
        await item.send();
      } catch (error) {
        if (item.failed) item.failed();
        statementFailed(item.what, error);
      }
    }
    pumping = false;
  }
  function record(what, send, failed) {
    if (stopped()) return;
    queue.push({ what, send, failed });
    pump();
  }

  // [SECTION] Saving the widgets

  function stateDoc() {
    const widgets = {};
    for (const [index, state] of states) {
      if (restored.has(index) || state !== opened.get(index)) widgets[index] = state;
    }
    return JSON.stringify({ format: FORMAT, widgets, completed: saved.completed, passed: saved.passed });
  }
  const stateQuery = () => ({ agent: params.actor, activityId: params.activityId, stateId: STATE_ID, registration: params.registration });

  function save() {
    saveTimer = null;
    if (stateStopped()) return;
    // One write at a time: a change during one is written after it.
    if (saving) {
      scheduleSave();
      return;
    }
    const doc = stateDoc();
    if (doc === sentDoc) return;
    saving = true;
    lastSave = Date.now();
    // Tried once: a refused document is replaced by the next change's.
    sentDoc = doc;
    session.cmi5.xapi.setState({ ...stateQuery(), state: JSON.parse(doc) }).catch(stateFailed).then(() => {
      saving = false;
    });
  }
  function scheduleSave() {
    if (saveTimer !== null || !session) return;
    saveTimer = setTimeout(save, Math.max(0, lastSave + SAVE_GAP_MS - Date.now()));
  }
  // The page may be discarded once hidden: a request that outlives it (fetch keepalive).
  function sendWithKeepalive(method, resource, query, body) {
    const { xapi } = session.cmi5;
    return fetch(xapi.generateURL(resource, query), { method, keepalive: true, headers: xapi.headers, body })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status} from ${xapi.endpoint}${resource}`);
      });
  }
  function saveNow() {
    if (saveTimer !== null) clearTimeout(saveTimer);
    saveTimer = null;
    if (stateStopped()) return;
    const doc = stateDoc();
    if (doc === sentDoc) return;
    sentDoc = doc;
    sendWithKeepalive('PUT', 'activities/state', stateQuery(), doc).catch(stateFailed);
  }

  // [SECTION] What the learner does

  function sendAnswer(answer) {
    if (!session || session.mode !== 'Normal') return;
    const { cmi5 } = session;
    const quiz = answer.scene === 'quiz';
    const number = Number(answer.prediction);
    const numeric = !quiz && Number.isFinite(number) && answer.prediction.trim() !== '';
    const end = new Date();
    const period = { start: new Date(end.getTime() - Math.round(answer.latency * 1000)), end };
    const definition = { type: INTERACTION, interactionType: numeric ? 'numeric' : 'choice' };
    // The AU is the question's parent (the client puts its "objective" argument there).
    const au = { objectType: 'Activity', id: params.activityId };
    record(`"answered" for ${answer.question}`, () => {
      answerConfidence = answer.confidence;
      return cmi5.interaction(quiz ? 'quiz' : 'predictions', answer.question, numeric ? String(number) : answer.prediction,
                              definition, answer.correct, period, au);
    });
  }

  // "completed" once per registration, and "passed" or "failed" against the mastery score.
  function judge() {
    if (!session || session.mode !== 'Normal' || stopped()) return;
    const best = furthest(progress).progress;
    if (!quickCheckDone(best)) return;
    const { cmi5, masteryScore } = session;
    if (!saved.completed) {
      saved.completed = true;
      record('"completed"', () => cmi5.complete(), () => {
        saved.completed = false;
        scheduleSave();
      });
    }
    if (masteryScore !== null && !judged && !saved.passed) {
      judged = true;
      const scaled = Math.round((10000 * best.correct) / best.questions) / 10000;
      if (scaled >= masteryScore) {
        saved.passed = true;
        record('"passed"', () => cmi5.pass(scaled), () => {
          saved.passed = false;
          scheduleSave();
        });
      } else {
        record('"failed"', () => cmi5.fail(scaled));
      }
    }
    scheduleSave();
  }

  // Change events do not bubble: heard on the way down, at the document, from the first frame on.
  document.addEventListener('attention-widget-change', (event) => {
    const index = slots.indexOf(event.target);
    const detail = event.detail;
    if (index < 0 || !detail || typeof detail.state !== 'string' || detail.state.length > STATE_LIMIT) return;
    if (!opened.has(index)) opened.set(index, detail.state);
    states.set(index, detail.state);
    const reported = readProgress(detail.progress);
    if (reported) progress.set(index, reported);
    judge();
    scheduleSave();
  }, true);
  document.addEventListener('attention-widget-prediction', (event) => {
    const answer = slots.indexOf(event.target) >= 0 ? readPrediction(event.detail) : null;
    // A skipped prediction says nothing of the learner's answer: no statement.
    if (!answer || answer.skipped) return;
    if (session) sendAnswer(answer);
    else predictions.push(answer);
  }, true);

  // [SECTION] Start and end

  function finish() {
    if (finished) return;
    if (!session) {
      finished = true;
      return;
    }
    saveNow();
    if (!stopped()) {
      // What is still queued and "terminated" go in one request that outlives the page: the client
      // builds each statement, and hands it here instead of to its own (XMLHttpRequest) transport.
      batch = [];
      for (const item of queue.splice(0)) {
        try {
          item.send();
        } catch (error) {
          statementFailed(item.what, error);
        }
      }
      session.cmi5.terminate();
      sendWithKeepalive('POST', 'statements', {}, JSON.stringify(batch))
        .catch((error) => statementFailed('the last statements and "terminated"', error));
    }
    finished = true;
  }
  // The LMS's frame or window going away ends the session; a page kept in the back-forward cache
  // and shown again records no more.
  window.addEventListener('pagehide', finish);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && saveTimer !== null) saveNow();
  });

  let cmi5;
  try {
    cmi5 = new Cmi5(params);
  } catch (error) {
    warnOnce('launch', `${describe(error)}; nothing is recorded, and the lesson works as it does offline.`);
    return;
  }
  // The client's own steps, checked as they come: a token that is a string, launch data that is
  // cmi5's; and every statement it builds passes here on its way out (one request at the end).
  const fetchToken = cmi5.getAuthTokenFromLMS.bind(cmi5);
  cmi5.getAuthTokenFromLMS = async (url) => {
    const token = await fetchToken(url);
    if (typeof token !== 'string' || !token) throw new Error('the fetch URL answered no auth-token (used before, or refused)');
    return token;
  };
  const fetchLaunchData = cmi5.getLaunchDataFromLMS.bind(cmi5);
  cmi5.getLaunchDataFromLMS = async () => {
    const data = await fetchLaunchData();
    try {
      return checkLaunchData(data);
    } catch (error) {
      throw new Error(`the launch data (State "LMS.LaunchData") is not cmi5's: ${error.message}`);
    }
  };
  // The client builds an "answered" statement and hands it here at once: the confidence of the
  // prediction it answers, which the client has no place for, goes into its result's extensions.
  const sendStatement = cmi5.sendXapiStatement.bind(cmi5);
  cmi5.sendXapiStatement = (statement, options) => {
    if (answerConfidence && statement.result) {
      statement.result.extensions = { ...(statement.result.extensions || {}), [CONFIDENCE_EXTENSION]: answerConfidence };
    }
    answerConfidence = null;
    if (!batch) return sendStatement(statement, options);
    batch.push(statement);
    return Promise.resolve();
  };

  (async () => {
    try {
      await cmi5.initialize();
    } catch (error) {
      // With the token and the launch data in hand, only "initialized" failed: the session sends no
      // statements, but the widgets are still kept in the State.
      if (!cmi5.isAuthenticated || !cmi5.getLaunchData()) {
        warnOnce('lms', `the session could not start (${describe(error)}); nothing is recorded, and the lesson works ` +
                        'as it does offline.');
        return;
      }
      initializedRefused = true;
      statementFailed('"initialized"', error);
    }
    const data = cmi5.getLaunchData();
    session = { cmi5, mode: data.launchMode, masteryScore: typeof data.masteryScore === 'number' ? data.masteryScore : null };
    if (finished) {
      finished = false;
      finish();
      return;
    }
    // The lesson's State document, if the LRS has one (asking for the list first spares a 404).
    try {
      const { stateId, ...where } = stateQuery();
      const ids = (await cmi5.xapi.getStates(where)).data;
      if (Array.isArray(ids) && ids.indexOf(stateId) >= 0) {
        const doc = (await cmi5.xapi.getState(stateQuery())).data;
        try {
          const kept = decodeSaved(doc, slots.length);
          restored = kept.widgets;
          saved = { completed: kept.completed, passed: kept.passed };
          sentDoc = JSON.stringify(doc);
        } catch (error) {
          warnOnce('saved', `ignoring the saved widget states the LRS returned (State "${STATE_ID}"): ${error.message}. ` +
                            'The widgets open as the lesson has them.');
        }
      }
    } catch (error) {
      stateFailures++;
      lrsFailed(`the request for the saved widget states (State "${STATE_ID}")`, error);
    }
    // A widget the learner has not changed yet takes its saved state (at once, or once it starts).
    for (const [index, state] of restored) {
      if (states.has(index) && states.get(index) !== opened.get(index)) continue;
      slots[index].dataset.state = state;
      states.set(index, state);
      if (window.AttentionWidget) window.AttentionWidget.get(slots[index]).setState(state);
    }
    for (const answer of predictions.splice(0)) sendAnswer(answer);
    judge();
  })();
}

// Before embed.js mounts the widgets (its DOMContentLoaded listener comes after this one).
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin);
else begin();
