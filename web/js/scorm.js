// The lesson as a SCORM 1.2 SCO: what an LMS (Moodle, Canvas, Blackboard...) records of it. Only
// the packaged lesson carries this script (scripts/make-scorm.mjs inlines it, bundled as one
// classic script, before the runtime and embed.js); the site's pages and embed.js do not.
//  - It looks for the LMS's API object: this window and its parents (up to MAX_PARENTS), then the
//    window that opened it and that window's parents. None found: the lesson runs as the offline
//    lesson, silently.
//  - LMSInitialize(""); then it reads cmi.core.lesson_status, lesson_mode, score.raw and
//    cmi.suspend_data, and hands the saved states to the widgets before they mount (data-state).
//  - A first launch ("not attempted") becomes "incomplete"; "completed" once both questions of
//    the quick check are answered and their reasoning read. cmi.core.score.raw is the share of
//    questions answered right, 0-100 (min 0, max 100), once one is answered.
//  - The widgets' states go to cmi.suspend_data (SUSPEND_LIMIT characters at most), and
//    LMSCommit follows a change at most every COMMIT_GAP_MS.
//  - On pagehide: cmi.core.exit ("suspend" while incomplete, "" once completed), the session
//    time, a last LMSCommit and LMSFinish(""), once.
//  - In the LMS's review mode nothing is written; in browse mode the first status is "browsed".
// An API that refuses a call, returns "false" or throws gets one console warning (LMSGetLastError
// and LMSGetErrorString say why) and the lesson carries on. Everything read from the LMS is
// checked before use: malformed suspend data is ignored with a warning, and each state still goes
// through the widget's own decoder, which takes a whole state or nothing.

// The widget's cap on one state (lesson::kStateFragmentMaxLength) is SCORM 1.2's on
// cmi.suspend_data (CMIString4096): all widgets' states together must fit in one.
const SUSPEND_LIMIT = 4096;
// An LMS puts its API in the window that frames the SCO or a few levels above it; the walk
// stops there, as ADL's sample discovery algorithm does at its own limit.
const MAX_PARENTS = 10;
// Some LMSs answer LMSCommit with a synchronous request to their server (Moodle's SCORM player
// does): a learner dragging a slider must not set one off each frame.
const COMMIT_GAP_MS = 5000;
// cmi.suspend_data: FORMAT, then "|INDEX:STATE" for each saved widget, INDEX its position among
// the page's widgets (from 0). States never hold "|": their text is percent-encoded.
const FORMAT = 'attn1';
const PREFIX = 'Attention lesson (SCORM): ';
const DONE = ['completed', 'passed', 'failed'];

const warned = {};
function warnOnce(kind, text) {
  if (warned[kind]) return;
  warned[kind] = true;
  console.warn(PREFIX + text);
}

// [SECTION] Finding the API

// window.API of `win` if it looks like a SCORM 1.2 API; a window of another origin throws on
// the read, and counts as one without.
function apiOf(win) {
  try {
    const api = win.API;
    return api && typeof api.LMSInitialize === 'function' ? api : null;
  } catch (error) {
    return null;
  }
}

function searchUp(start) {
  let win = start;
  for (let level = 0; win && level <= MAX_PARENTS; level++) {
    const api = apiOf(win);
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

function findApi() {
  const api = searchUp(window);
  if (api) return api;
  let opener = null;
  try {
    opener = window.opener;
  } catch (error) {
    opener = null;
  }
  return opener ? searchUp(opener) : null;
}

// [SECTION] Talking to the LMS

// Calls into an LMS whose every answer is a string, "true"/"false" for the calls that do
// something; some answer true and false. A refusal or an exception is reported once, with the
// LMS's own reason, and the lesson carries on without it.
function lmsSession(api) {
  const describeError = () => {
    try {
      const code = String(api.LMSGetLastError());
      const text = String(api.LMSGetErrorString(code) || 'no description');
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
      fail(what, `it threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
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
    // A failed LMSInitialize has its own warning: nothing of the session is recorded.
    initialize() {
      let answer;
      try {
        answer = api.LMSInitialize('');
      } catch (error) {
        warnOnce('lms', `the LMS's LMSInitialize threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}; ` +
                        'nothing is recorded, and the lesson works as it does offline.');
        return false;
      }
      if (String(answer) === 'true') return true;
      warnOnce('lms', `the LMS did not start a session (LMSInitialize: ${describeError()}); nothing is recorded, ` +
                      'and the lesson works as it does offline.');
      return false;
    },
    // The value, or '' when the LMS has none or refuses (error 0 is "no error").
    get(element) {
      const answer = invoke('LMSGetValue', [element], `LMSGetValue("${element}")`);
      if (!answer) return '';
      const value = answer.value === null || answer.value === undefined ? '' : String(answer.value);
      let code = '0';
      try {
        code = String(api.LMSGetLastError());
      } catch (error) {
        code = '0';
      }
      if (code !== '0' && code !== '') {
        fail(`LMSGetValue("${element}")`, describeError());
        return '';
      }
      return value;
    },
    set: (element, value) => act('LMSSetValue', [element, value], `LMSSetValue("${element}", "${value.slice(0, 40)}")`),
    commit: () => act('LMSCommit', ['']),
    finish: () => act('LMSFinish', ['']),
  };
}

// [SECTION] Saved states

// {index -> state} from cmi.suspend_data, or throws with what is wrong. Only the container is
// checked here: each state goes to the widget's decoder.
function decodeSuspendData(text, widgetCount) {
  const states = new Map();
  if (text === '') return states;
  if (text.length > SUSPEND_LIMIT) throw new Error(`${text.length} characters, more than ${SUSPEND_LIMIT}`);
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

// The states to save, in order of value, as one string of at most SUSPEND_LIMIT characters: the
// widget whose quick check is furthest first (its answers make the score), then the others, the
// most recently changed first. What does not fit is left out, and named in one warning.
function encodeSuspendData(order, states, slots) {
  let text = FORMAT;
  const left = [];
  for (const index of order) {
    const entry = `|${index}:${states.get(index)}`;
    if (text.length + entry.length <= SUSPEND_LIMIT) text += entry;
    else left.push(slots[index].dataset.scene || `widget ${index + 1}`);
  }
  if (left.length) {
    warnOnce('size', `the widgets' states together are longer than the ${SUSPEND_LIMIT} characters SCORM 1.2 ` +
                     `keeps (cmi.suspend_data); not saved: the ${left.join(', ')} widget's. They open as the ` +
                     'lesson has them on the next launch.');
  }
  return text;
}

// [SECTION] The quick check's progress

// {answered, revealed, correct, questions} as the widget reports it, or null.
function readProgress(progress) {
  if (!progress || typeof progress !== 'object') return null;
  const { answered, revealed, correct, questions } = progress;
  const count = (n) => Number.isInteger(n) && n >= 0 && n <= questions;
  if (!Number.isInteger(questions) || questions < 1 || ![answered, revealed, correct].every(count)) return null;
  return { answered, revealed, correct, questions };
}

// Any widget can show the quick check: the one furthest along speaks for the learner.
function furthest(progressByIndex) {
  let best = -1;
  let bestProgress = null;
  for (const [index, progress] of progressByIndex) {
    const ahead = !bestProgress ||
                  progress.answered + progress.revealed > bestProgress.answered + bestProgress.revealed ||
                  (progress.answered + progress.revealed === bestProgress.answered + bestProgress.revealed &&
                   progress.correct > bestProgress.correct);
    if (ahead) {
      best = index;
      bestProgress = progress;
    }
  }
  return { index: best, progress: bestProgress };
}

// HHHH:MM:SS, SCORM 1.2's CMITimespan (two to four digits of hours).
function timespan(ms) {
  const total = Math.min(Math.floor(ms / 1000), 9999 * 3600 + 3599);
  const two = (n) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

// [SECTION] The session

function begin() {
  const api = findApi();
  if (!api) return;
  const lms = lmsSession(api);
  if (!lms.initialize()) return;
  const startedAt = Date.now();
  const slots = Array.from(document.querySelectorAll('div[data-attention-widget]'));
  const mode = lms.get('cmi.core.lesson_mode');
  // In review the LMS shows an attempt as it was: nothing is written.
  const recording = mode !== 'review';
  // What the LMS holds, so that only a change is sent.
  const sent = {
    status: lms.get('cmi.core.lesson_status'),
    raw: lms.get('cmi.core.score.raw'),
    suspend: lms.get('cmi.suspend_data'),
  };

  let restored = new Map();
  try {
    restored = decodeSuspendData(sent.suspend, slots.length);
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

  const states = new Map(restored);  // index -> the widget's latest state
  const opened = new Map();           // index -> the state it first reported this session
  const changed = new Map();          // index -> when it last changed (a counter)
  const progress = new Map();         // index -> its quick check's progress
  let changes = 0;
  let finished = false;
  let timer = null;
  let lastCommit = 0;

  function suspendData() {
    const saved = Array.from(states.keys()).filter((index) => restored.has(index) || states.get(index) !== opened.get(index));
    const first = furthest(progress).index;
    saved.sort((a, b) => (b === first) - (a === first) || (changed.get(b) || 0) - (changed.get(a) || 0) || a - b);
    return encodeSuspendData(saved, states, slots);
  }

  // Sends what changed since the LMS last heard; true when something was sent.
  function sendValues() {
    let any = false;
    const send = (element, value) => {
      lms.set(element, value);
      any = true;
    };
    const best = furthest(progress).progress;
    if (best && best.answered > 0) {
      const raw = String(Math.round((100 * best.correct) / best.questions));
      if (raw !== sent.raw) {
        send('cmi.core.score.min', '0');
        send('cmi.core.score.max', '100');
        send('cmi.core.score.raw', raw);
        sent.raw = raw;
      }
    }
    // Never back: a learner who resets the quick check after completing it has still completed it.
    if (best && best.answered >= best.questions && best.revealed >= best.questions && DONE.indexOf(sent.status) < 0) {
      send('cmi.core.lesson_status', 'completed');
      sent.status = 'completed';
    }
    const data = suspendData();
    if (data !== sent.suspend && !(data === FORMAT && sent.suspend === '')) {
      send('cmi.suspend_data', data);
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
  }

  function schedule() {
    if (timer !== null || finished) return;
    timer = setTimeout(flush, Math.max(0, lastCommit + COMMIT_GAP_MS - Date.now()));
  }

  function finish() {
    if (finished) return;
    finished = true;
    if (timer !== null) clearTimeout(timer);
    if (recording) {
      sendValues();
      lms.set('cmi.core.exit', DONE.indexOf(sent.status) >= 0 ? '' : 'suspend');
      lms.set('cmi.core.session_time', timespan(Date.now() - startedAt));
      lms.commit();
    }
    lms.finish();
  }

  // The LMS frame going away (the learner leaves the activity or closes the window) ends the
  // session; a page kept in the back-forward cache and shown again records no more.
  window.addEventListener('pagehide', finish);
  if (!recording) return;

  if (sent.status === '' || sent.status === 'not attempted') {
    const status = mode === 'browse' ? 'browsed' : 'incomplete';
    if (lms.set('cmi.core.lesson_status', status)) sent.status = status;
    lms.commit();
    lastCommit = Date.now();
  }
  // Change events do not bubble: heard on the way down, at the document.
  document.addEventListener('attention-widget-change', (event) => {
    const index = slots.indexOf(event.target);
    const detail = event.detail;
    if (index < 0 || !detail || typeof detail.state !== 'string' || detail.state.length > SUSPEND_LIMIT ||
        detail.state.indexOf('|') >= 0) {
      return;
    }
    if (!opened.has(index)) opened.set(index, detail.state);
    if (states.get(index) !== detail.state) changed.set(index, ++changes);
    states.set(index, detail.state);
    const reported = readProgress(detail.progress);
    if (reported) progress.set(index, reported);
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

// The widgets read their data-state when embed.js mounts them, at DOMContentLoaded: this listener,
// added first, runs before embed.js's.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin);
else begin();
