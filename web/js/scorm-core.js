// What the lesson's two SCORM adapters share: web/js/scorm.js (SCORM 1.2) and web/js/scorm2004.js
// (SCORM 2004 4th Edition) are thin layers that describe their version (the API's name and
// calls, the elements, the formats) and hand it to runScormSession here. esbuild bundles each
// adapter with this module into one classic script (scripts/make-scorm.mjs).
//   [SECTION] Warnings        one console warning per kind of trouble
//   [SECTION] Finding the API  this window and its parents, then the opener and its parents
//   [SECTION] Talking to the LMS  calls that report a refusal or an exception once
//   [SECTION] Saved states    cmi.suspend_data's container, within the version's limit
//   [SECTION] Interactions    each prediction and quick-check answer as cmi.interactions.n
//   [SECTION] The session     initialize, restore, record, commit at most every COMMIT_GAP_MS, finish
// A version object says:
//   label, apiName, calls {initialize, finish, get, set, commit, lastError, errorString},
//   notInitialized (the error codes of a GetValue that has no value yet: not a failure),
//   suspendLimit, elements {mode, entry (optional), suspend, exit, sessionTime}, readStatus(lms)
//   (what the LMS holds, the fields statusValues keeps up to date), firstValues(sent, mode) (what a
//   first launch sets, as [element, value, field of sent]), statusValues(best, sent) (the status
//   and score elements that changed, as [element, value]), exitValue(sent), sessionTime(ms), and
//   interaction(record) (an interaction's elements after its id, see [SECTION] Interactions).

import { QUIZ_RIGHT_CHOICES, furthest, readPrediction, readProgress } from './lms-quiz.js';

// An LMS puts its API in the window that frames the SCO or a few levels above it; the walk
// stops there, as ADL's sample discovery algorithm does at its own limit.
const MAX_PARENTS = 10;
// Some LMSs answer a commit with a synchronous request to their server (Moodle's SCORM player
// does): a learner dragging a slider must not set one off each frame.
const COMMIT_GAP_MS = 5000;
// cmi.suspend_data: FORMAT, then "|INDEX:STATE" for each saved widget, INDEX its position among
// the page's widgets (from 0). States never hold "|": their text is percent-encoded.
const FORMAT = 'attn1';
// A prediction's response is read from its widget's state, which the widget reports in the same
// frame, or within a quarter second while a control is held. One whose state has not come by
// then is recorded without its response; until then the lesson looks again every RETRY_MS.
const RESOLVE_WAIT_MS = 3000;
const RETRY_MS = 500;

// [SECTION] Warnings

const warned = {};
let warningPrefix = 'Attention lesson (SCORM): ';
function warnOnce(kind, text) {
  if (warned[kind]) return;
  warned[kind] = true;
  console.warn(warningPrefix + text);
}
const describeThrown = (error) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

// [SECTION] Finding the API

// win[name] if it has the version's initialize call; a window of another origin throws on the
// read, and counts as one without.
function apiOf(win, name, probe) {
  try {
    const api = win[name];
    return api && typeof api[probe] === 'function' ? api : null;
  } catch (error) {
    return null;
  }
}

function searchUp(start, name, probe) {
  let win = start;
  for (let level = 0; win && level <= MAX_PARENTS; level++) {
    const api = apiOf(win, name, probe);
    if (api) return api;
    let parent = null;
    try {
      parent = win.parent;
    } catch (error) {
      return null;
    }
    if (!parent || parent === win) return null;
    win = parent;
  }
  return null;
}

function findApi(name, probe) {
  const api = searchUp(window, name, probe);
  if (api) return api;
  let opener = null;
  try {
    opener = window.opener;
  } catch (error) {
    opener = null;
  }
  return opener ? searchUp(opener, name, probe) : null;
}

// [SECTION] Talking to the LMS

// Calls into an LMS whose every answer is a string, "true"/"false" for the calls that do
// something; some answer true and false. A refusal or an exception is reported once, with the
// LMS's own reason, and the lesson carries on without it.
function lmsSession(api, version) {
  const { calls } = version;
  const describeError = () => {
    try {
      const code = String(api[calls.lastError]());
      const text = String(api[calls.errorString](code) || 'no description');
      return `error ${code}, ${text}`;
    } catch (error) {
      return 'no error code from the LMS';
    }
  };
  const fail = (what, why) => {
    warnOnce('lms', `the LMS refused ${what} (${why}); the lesson keeps working, but the LMS may not record ` +
                    'this session. Further LMS errors are not reported.');
  };
  const invoke = (name, args, what) => {
    try {
      return { value: api[name](...args) };
    } catch (error) {
      fail(what, `it threw ${describeThrown(error)}`);
      return null;
    }
  };
  const act = (name, args, what = `${name}("${args.join('", "')}")`) => {
    const answer = invoke(name, args, what);
    if (!answer) return false;
    if (String(answer.value) === 'true') return true;
    fail(what, describeError());
    return false;
  };
  return {
    // A failed initialize has its own warning: nothing of the session is recorded.
    initialize() {
      let answer;
      try {
        answer = api[calls.initialize]('');
      } catch (error) {
        warnOnce('lms', `the LMS's ${calls.initialize} threw ${describeThrown(error)}; ` +
                        'nothing is recorded, and the lesson works as it does offline.');
        return false;
      }
      if (String(answer) === 'true') return true;
      warnOnce('lms', `the LMS did not start a session (${calls.initialize}: ${describeError()}); nothing is recorded, ` +
                      'and the lesson works as it does offline.');
      return false;
    },
    // The value, or '' when the LMS has none or refuses (error 0 is "no error"; the version's
    // notInitialized codes say the element has no value yet, which is no failure either).
    get(element) {
      const answer = invoke(calls.get, [element], `${calls.get}("${element}")`);
      if (!answer) return '';
      const value = answer.value === null || answer.value === undefined ? '' : String(answer.value);
      let code = '0';
      try {
        code = String(api[calls.lastError]());
      } catch (error) {
        code = '0';
      }
      if (version.notInitialized.indexOf(code) >= 0) return '';
      if (code !== '0' && code !== '') {
        fail(`${calls.get}("${element}")`, describeError());
        return '';
      }
      return value;
    },
    set: (element, value) => act(calls.set, [element, value], `${calls.set}("${element}", "${value.slice(0, 40)}")`),
    commit: () => act(calls.commit, ['']),
    finish: () => act(calls.finish, ['']),
  };
}

// [SECTION] Saved states

// {index -> state} from cmi.suspend_data, or throws with what is wrong. Only the container is
// checked here: each state goes to the widget's decoder.
function decodeSuspendData(text, widgetCount, limit) {
  const states = new Map();
  if (text === '') return states;
  if (text.length > limit) throw new Error(`${text.length} characters, more than ${limit}`);
  const parts = text.split('|');
  if (parts[0] !== FORMAT) throw new Error(`it does not start with "${FORMAT}"`);
  for (const part of parts.slice(1)) {
    const match = /^(\d{1,3}):([\x21-\x7e]+)$/.exec(part);
    if (!match) throw new Error(`"${part.slice(0, 40)}" is not INDEX:STATE in printable ASCII`);
    const index = Number(match[1]);
    if (index >= widgetCount) throw new Error(`widget ${index} does not exist (the lesson has ${widgetCount})`);
    if (states.has(index)) throw new Error(`widget ${index} is there twice`);
    states.set(index, match[2]);
  }
  return states;
}

// The states to save, in order of value, as one string of at most `version.suspendLimit`
// characters: the widget whose quick check is furthest first (its answers make the score), then
// the others, the most recently changed first. What does not fit is left out, and named in one
// warning.
function encodeSuspendData(order, states, slots, version) {
  const limit = version.suspendLimit;
  let text = FORMAT;
  const left = [];
  for (const index of order) {
    const entry = `|${index}:${states.get(index)}`;
    if (text.length + entry.length <= limit) text += entry;
    else left.push(slots[index].dataset.scene || `widget ${index + 1}`);
  }
  if (left.length) {
    warnOnce('size', `the widgets' states together are longer than the ${limit} characters ${version.label} ` +
                     `keeps (cmi.suspend_data); not saved: the ${left.join(', ')} widget's. They open as the ` +
                     'lesson has them on the next launch.');
  }
  return text;
}

// [SECTION] Interactions

// Each attention-widget-prediction event (a prediction committed or skipped, a quick-check answer
// checked) becomes the next cmi.interactions.n. Its id is the question's name with "_" for ".",
// then "_" and n (compare_strongest_0, quiz_q1_3): unique in the attempt, also when a question is
// answered again or the lesson is launched again, and a CMIIdentifier of SCORM 1.2 (letters,
// digits and "_") as well as a SCORM 2004 identifier. The response is a choice's identifier, the
// same in both versions: the quick check's letter in lower case (a, b, c), the 1-based number of
// what a prediction picked (Compare's key, its "toward" 1 or "away" 2, Caveats' word, Learn's
// sentence; numbers from 10 on as letters, a = 10, since SCORM 1.2's choice allows 0-9 and a-z),
// Mask's picked positions as a set of them ("0" for none), and Combine's guess as a number. The
// predictions' words are not used: they are the widget's words in the page's language, and not
// identifiers.

// The question's part of a widget state (the state encoding, docs/embedding.md): its value is
// GUESS_CONFIDENCE OUTCOME, the outcome r, w, s or o.
const QUESTION_PARTS = {
  'compare.strongest': { part: 'compare.predict', kind: 'pick' },
  'compare.longer': { part: 'compare.longer.predict', kind: 'pick' },
  'combine.output': { part: 'combine.predict', kind: 'value' },
  'mask.causal': { part: 'mask.predict', kind: 'picks' },
  'caveats.removal': { part: 'caveats.predict', kind: 'pick' },
  'learn.sentence': { part: 'learn.predict', kind: 'pick' },
};
// The quick check's right choices as responses ("b", "c"). A pattern is sent only where the
// widget's own verdict agrees with it.
const QUIZ_KEYS = Object.fromEntries(Object.entries(QUIZ_RIGHT_CHOICES)
  .map(([question, right]) => [question, String.fromCharCode(96 + right)]));
const QUIZ_QUESTION = /^quiz\.q\d{1,2}$/;
// The widget sends its own verdict: outcome letter r (right), w (wrong), s (skipped).
const outcomeOf = (detail) => (detail.skipped ? 's' : detail.correct ? 'r' : 'w');
const choiceId = (number) => (number >= 1 && number <= 35 ? number.toString(36) : null);

// The guess in the question's state part, as {kind, values}, or null while the state does not
// hold the committed prediction `detail` speaks of.
function guessInState(question, state, detail) {
  const entry = QUESTION_PARTS[question];
  if (!entry || typeof state !== 'string') return null;
  const prefix = `${entry.part}=`;
  const part = state.split('&').find((candidate) => candidate.startsWith(prefix));
  const match = part && /^([^_]+)_([0-3])([rws])$/.exec(part.slice(prefix.length));
  if (!match || match[3] !== outcomeOf(detail)) return null;
  if (entry.kind === 'value') {
    const value = Number(match[1]);
    return Number.isFinite(value) && /^-?\d+(\.\d+)?$/.test(match[1]) ? { kind: 'numeric', values: [match[1]] } : null;
  }
  if (entry.kind === 'picks') {
    if (match[1] === '0') return { kind: 'choice', values: ['0'] };
    const ids = match[1].split('.').map((n) => (/^\d{1,2}$/.test(n) ? choiceId(Number(n)) : null));
    return ids.every(Boolean) ? { kind: 'choice', values: ids } : null;
  }
  const id = /^\d{1,2}$/.test(match[1]) ? choiceId(Number(match[1])) : null;
  return id ? { kind: 'choice', values: [id] } : null;
}

// The interaction an event makes once its response is known: {question, type, response (a list
// of identifiers, or one number; empty: none), result ('correct', 'wrong' or 'neutral'), pattern
// (the right response where it is known, or null), latency (ms), at (Date.now() of the answer)},
// or null while the widget's state has yet to show the prediction (see resolve()).
function interactionOf(pending, state) {
  const { detail, at } = pending;
  const latency = Math.round(detail.latency * 1000);
  const base = { question: detail.question, latency, at };
  if (QUIZ_QUESTION.test(detail.question)) {
    // A choice A..C; none when the learner only wrote an answer, which the widget does not judge.
    const picked = /^[A-Z]$/.test(detail.prediction) ? detail.prediction.toLowerCase() : '';
    const key = QUIZ_KEYS[detail.question] || null;
    const agrees = key !== null && picked !== '' && (picked === key) === detail.correct;
    return { ...base, type: 'choice', response: picked ? [picked] : [], result: picked ? (detail.correct ? 'correct' : 'wrong') : 'neutral',
             pattern: agrees ? [key] : null };
  }
  const entry = QUESTION_PARTS[detail.question];
  if (!entry) return null;
  const type = entry.kind === 'value' ? 'numeric' : 'choice';
  // A skipped prediction is recorded with no response, its result "neutral": the learner saw the
  // question and went on.
  if (detail.skipped) return { ...base, type, response: [], result: 'neutral', pattern: null };
  const guess = guessInState(detail.question, state, detail);
  if (!guess) return null;
  // A prediction is judged on the scene's numbers when it is committed: a right one is the right
  // response; for a wrong one the right response is not in the event, and no pattern is sent.
  return { ...base, type, response: guess.values, result: detail.correct ? 'correct' : 'wrong',
           pattern: detail.correct ? guess.values : null };
}

// The predictions and quick-check answers SCORM records: the questions it has a part for.
function recorded(detail) {
  const answer = readPrediction(detail);
  return answer && (QUIZ_QUESTION.test(answer.question) || QUESTION_PARTS[answer.question]) ? answer : null;
}

// [SECTION] The session

export function runScormSession(version) {
  warningPrefix = version.warningPrefix;
  const api = findApi(version.apiName, version.calls.initialize);
  if (!api) return;
  const lms = lmsSession(api, version);
  if (!lms.initialize()) return;
  const startedAt = Date.now();
  const slots = Array.from(document.querySelectorAll('div[data-attention-widget]'));
  const mode = lms.get(version.elements.mode);
  // In review the LMS shows an attempt as it was: nothing is written.
  const recording = mode !== 'review';
  // What the LMS holds, so that only a change is sent.
  const sent = { ...version.readStatus(lms), suspend: lms.get(version.elements.suspend) };
  // The interactions so far in this attempt: the next is written at this index.
  const counted = recording ? lms.get('cmi.interactions._count') : '';
  let nextInteraction = /^\d{1,4}$/.test(counted) ? Number(counted) : 0;

  // A new attempt (SCORM 2004's cmi.entry "ab-initio") starts with no saved widgets.
  const entryMode = version.elements.entry ? lms.get(version.elements.entry) : '';
  if (entryMode === 'ab-initio') sent.suspend = '';

  let restored = new Map();
  try {
    restored = decodeSuspendData(sent.suspend, slots.length, version.suspendLimit);
  } catch (error) {
    warnOnce('suspend', `ignoring the saved widget states the LMS returned (cmi.suspend_data): ${error.message}. ` +
                        'The widgets open as the lesson has them.');
  }
  // A widget not mounted yet opens with its data-state (embed.js mounts them at DOMContentLoaded,
  // after this script's listener); one already mounted takes the state through the API.
  for (const [index, state] of restored) {
    slots[index].dataset.state = state;
    if (window.AttentionWidget) window.AttentionWidget.get(slots[index]).setState(state);
  }

  const states = new Map(restored);  // index -> the widget's latest state that can be saved
  const latest = new Map();           // index -> the widget's latest state, whatever its length
  const opened = new Map();           // index -> the state it first reported this session
  const changed = new Map();          // index -> when it last changed (a counter)
  const progress = new Map();         // index -> its quick check's progress
  const pending = [];                 // predictions heard, in order: {index, detail, at, record}
  let changes = 0;
  let finished = false;
  let timer = null;
  let lastCommit = 0;

  function suspendData() {
    const saved = Array.from(states.keys()).filter((index) => restored.has(index) || states.get(index) !== opened.get(index));
    const first = furthest(progress).index;
    saved.sort((a, b) => (b === first) - (a === first) || (changed.get(b) || 0) - (changed.get(a) || 0) || a - b);
    return encodeSuspendData(saved, states, slots, version);
  }

  // Each prediction waits for its widget's state to show it, for RESOLVE_WAIT_MS at most and not
  // past the end of the session; one still waiting then is recorded without its response.
  function resolve(ending) {
    const now = Date.now();
    for (const entry of pending) {
      if (entry.record) continue;
      entry.record = interactionOf(entry, latest.get(entry.index));
      if (!entry.record && (ending || now - entry.at >= RESOLVE_WAIT_MS)) {
        const entryKind = QUESTION_PARTS[entry.detail.question];
        entry.record = { question: entry.detail.question, type: entryKind && entryKind.kind === 'value' ? 'numeric' : 'choice',
                         response: [], result: entry.detail.correct ? 'correct' : 'wrong', pattern: null,
                         latency: Math.round(entry.detail.latency * 1000), at: entry.at };
      }
    }
  }

  // Writes the interactions ready to go, in the order they were made; true when one was.
  function sendInteractions() {
    let any = false;
    while (pending.length && pending[0].record) {
      const { record } = pending.shift();
      const n = nextInteraction;
      const id = `${record.question.replace(/\./g, '_')}_${n}`;
      any = true;
      // Without its id the LMS holds no interaction n: its other elements would be refused too.
      if (!lms.set(`cmi.interactions.${n}.id`, id)) continue;
      nextInteraction++;
      for (const [element, value] of version.interaction(record)) lms.set(`cmi.interactions.${n}.${element}`, value);
    }
    return any;
  }

  // Sends what changed since the LMS last heard; true when something was sent.
  function sendValues(ending = false) {
    let any = false;
    const send = (element, value) => {
      lms.set(element, value);
      any = true;
    };
    const best = furthest(progress).progress;
    for (const [element, value] of version.statusValues(best, sent)) send(element, value);
    resolve(ending);
    if (sendInteractions()) any = true;
    const data = suspendData();
    if (data !== sent.suspend && !(data === FORMAT && sent.suspend === '')) {
      send(version.elements.suspend, data);
      sent.suspend = data;
    }
    return any;
  }

  function flush() {
    timer = null;
    if (finished) return;
    if (sendValues()) {
      lms.commit();
      lastCommit = Date.now();
    }
    // A prediction still waiting for its state is looked at again, and sent with a later commit.
    if (pending.length) schedule(RETRY_MS);
  }

  function schedule(atLeast = 0) {
    if (timer !== null || finished) return;
    timer = setTimeout(flush, Math.max(atLeast, lastCommit + COMMIT_GAP_MS - Date.now()));
  }

  function finish() {
    if (finished) return;
    finished = true;
    if (timer !== null) clearTimeout(timer);
    if (recording) {
      sendValues(true);
      lms.set(version.elements.exit, version.exitValue(sent));
      lms.set(version.elements.sessionTime, version.sessionTime(Date.now() - startedAt));
      lms.commit();
    }
    lms.finish();
  }

  // The LMS frame going away (the learner leaves the activity or closes the window) ends the
  // session; a page kept in the back-forward cache and shown again records no more.
  window.addEventListener('pagehide', finish);
  if (!recording) return;

  const first = version.firstValues(sent, mode);
  if (first.length) {
    for (const [element, value, key] of first) {
      if (lms.set(element, value)) sent[key] = value;
    }
    lms.commit();
    lastCommit = Date.now();
  }
  // Change events do not bubble: heard on the way down, at the document.
  document.addEventListener('attention-widget-change', (event) => {
    const index = slots.indexOf(event.target);
    const detail = event.detail;
    if (index < 0 || !detail || typeof detail.state !== 'string') return;
    latest.set(index, detail.state);
    if (pending.length) resolve(false);
    if (detail.state.length > version.suspendLimit || detail.state.indexOf('|') >= 0) return;
    if (!opened.has(index)) opened.set(index, detail.state);
    if (states.get(index) !== detail.state) changed.set(index, ++changes);
    states.set(index, detail.state);
    const reported = readProgress(detail.progress);
    if (reported) progress.set(index, reported);
    schedule();
  }, true);
  document.addEventListener('attention-widget-prediction', (event) => {
    const index = slots.indexOf(event.target);
    const detail = recorded(event.detail);
    if (index < 0 || !detail) return;
    pending.push({ index, detail, at: Date.now(), record: null });
    resolve(false);
    schedule();
  }, true);
  // A hidden page may be discarded without a pagehide (a phone's browser in the background).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && timer !== null) {
      clearTimeout(timer);
      flush();
    }
  });
}

// The widgets read their data-state when embed.js mounts them, at DOMContentLoaded: the adapter's
// listener, added first, runs before embed.js's.
export function whenReady(start) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}
