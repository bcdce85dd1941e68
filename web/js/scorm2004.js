// The lesson as a SCORM 2004 4th Edition SCO: what an LMS records of it. Only the SCORM 2004
// package carries this script (scripts/make-scorm.mjs inlines it, bundled with
// web/js/scorm-core.js as one classic script, before the runtime and embed.js). This file says
// what is SCORM 2004's; the session itself is scorm-core.js's, shared with the SCORM 1.2 adapter.
//  - It looks for the LMS's API object (window.API_1484_11): this window and its parents, then
//    the window that opened it and that window's parents. None found: the lesson runs as the
//    offline lesson, silently.
//  - Initialize(""); then it reads cmi.completion_status, success_status, mode, entry,
//    score.scaled, progress_measure, scaled_passing_score (the author's threshold: the manifest's
//    imsss:minNormalizedMeasure, which the LMS hands over as this element), cmi.suspend_data and
//    cmi.interactions._count, and hands the saved states to the widgets before they mount.
//  - A first launch ("not attempted" or "unknown") becomes "incomplete"; "completed" once both
//    questions of the quick check are answered and their reasoning read, and never back.
//  - cmi.score.scaled is the share of questions answered right (0, 0.5, 1), with raw 0-100, min
//    0 and max 100, once one is answered. cmi.success_status: once the quick check is complete,
//    "passed" when score.scaled is at least the threshold, else "failed"; before that, and
//    without a threshold, it is left "unknown".
//  - cmi.progress_measure: the share of the quick check done, each question's answer and its
//    reasoning read counting half a question (0, 0.25 ... 1); 1 from completion on.
//  - Each prediction and quick-check answer becomes the next cmi.interactions.n (id, type,
//    learner_response, correct_responses.0.pattern where the right response is known, result,
//    latency and timestamp; see scorm-core.js's [SECTION] Interactions).
//  - The widgets' states go to cmi.suspend_data (SUSPEND_LIMIT characters at most); Commit
//    follows a change at most every COMMIT_GAP_MS (scorm-core.js).
//  - On pagehide: cmi.exit ("suspend" while incomplete, "normal" once completed), the session
//    time (an ISO 8601 duration), a last Commit and Terminate(""), once.
//  - In the LMS's review mode (cmi.mode "review") nothing is written; a new attempt
//    (cmi.entry "ab-initio") starts with no saved widgets.
// An API that refuses a call, returns "false" or throws gets one console warning (GetLastError
// and GetErrorString say why) and the lesson carries on. Everything read from the LMS is checked
// before use.
import { quickCheckDone } from './lms-quiz.js';
import { runScormSession, whenReady } from './scorm-core.js';

// SCORM 2004's cmi.suspend_data is a characterstring of at least 64000 characters (its SPM).
const SUSPEND_LIMIT = 64000;
// Data Model Element Value Not Initialized: GetValue of an element the LMS has no value for
// (cmi.suspend_data on a first launch, cmi.scaled_passing_score without a threshold).
const NOT_INITIALIZED = ['403'];
// A real(10,7) between -1 and 1, as the LMS must give cmi.scaled_passing_score.
const SCALED = /^-?\d{1,10}(\.\d{1,7})?$/;

// A number as SCORM 2004's real(10,7): at most four decimals are enough for the lesson's shares.
const real = (value) => String(Math.round(value * 10000) / 10000);
const two = (n) => String(n).padStart(2, '0');

// An ISO 8601 duration (SCORM 2004's timeinterval (second,10,2)): PT1H2M3.45S, hundredths at most.
function duration(ms) {
  const hundredths = Math.max(0, Math.round(ms / 10));
  const hours = Math.floor(hundredths / 360000);
  const minutes = Math.floor(hundredths / 6000) % 60;
  const seconds = (hundredths % 6000) / 100;
  return `PT${hours ? `${hours}H` : ''}${hours || minutes ? `${minutes}M` : ''}${seconds.toFixed(2).replace(/\.?0+$/, '') || '0'}S`;
}
// SCORM 2004's time (second,10,0): YYYY-MM-DDThh:mm:ss.s with a time zone, here UTC.
function timestamp(at) {
  const date = new Date(at);
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T${two(date.getUTCHours())}:` +
         `${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}.${two(Math.floor(date.getUTCMilliseconds() / 10))}Z`;
}

// The threshold as a number, or null when the LMS has none (no minNormalizedMeasure, or an LMS
// that does not pass it on) or gives something that is not a scaled score.
function readThreshold(text) {
  if (!SCALED.test(text)) return null;
  const value = Number(text);
  return value >= -1 && value <= 1 ? value : null;
}

const SCORM2004 = {
  label: 'SCORM 2004',
  warningPrefix: 'Attention lesson (SCORM 2004): ',
  apiName: 'API_1484_11',
  calls: { initialize: 'Initialize', finish: 'Terminate', get: 'GetValue', set: 'SetValue', commit: 'Commit',
           lastError: 'GetLastError', errorString: 'GetErrorString' },
  notInitialized: NOT_INITIALIZED,
  suspendLimit: SUSPEND_LIMIT,
  elements: { mode: 'cmi.mode', entry: 'cmi.entry', suspend: 'cmi.suspend_data', exit: 'cmi.exit',
              sessionTime: 'cmi.session_time' },
  readStatus: (lms) => ({
    completion: lms.get('cmi.completion_status'),
    success: lms.get('cmi.success_status'),
    scaled: lms.get('cmi.score.scaled'),
    progress: lms.get('cmi.progress_measure'),
    threshold: readThreshold(lms.get('cmi.scaled_passing_score')),
  }),
  firstValues(sent) {
    if (['', 'unknown', 'not attempted'].indexOf(sent.completion) < 0) return [];
    return [['cmi.completion_status', 'incomplete', 'completion']];
  },
  statusValues(best, sent) {
    const values = [];
    if (!best) return values;
    const done = quickCheckDone(best);
    const scaled = best.correct / best.questions;
    if (best.answered > 0 && real(scaled) !== sent.scaled) {
      values.push(['cmi.score.min', '0'], ['cmi.score.max', '100'], ['cmi.score.raw', real(100 * scaled)],
                  ['cmi.score.scaled', real(scaled)]);
      sent.scaled = real(scaled);
    }
    const progress = sent.completion === 'completed' || done ? '1'
      : real((best.answered + best.revealed) / (2 * best.questions));
    if (progress !== sent.progress && !(progress === '0' && sent.progress === '')) {
      values.push(['cmi.progress_measure', progress]);
      sent.progress = progress;
    }
    // Never back: a learner who resets the quick check after completing it has still completed it.
    if (done && sent.completion !== 'completed') {
      values.push(['cmi.completion_status', 'completed']);
      sent.completion = 'completed';
    }
    // Judged on the answers as they stand once all are in; a reset quick check leaves it as it was.
    if (done && sent.threshold !== null) {
      const success = scaled >= sent.threshold ? 'passed' : 'failed';
      if (success !== sent.success) {
        values.push(['cmi.success_status', success]);
        sent.success = success;
      }
    }
    return values;
  },
  exitValue: (sent) => (sent.completion === 'completed' ? 'normal' : 'suspend'),
  sessionTime: duration,
  // The elements of one interaction after its id, in the order the LMS needs them (the type
  // before what depends on it). Choices are joined by "[,]", 2004's delimiter; the timestamp is
  // when the question was first shown (the answer's time less its latency).
  interaction(record) {
    const values = [['type', record.type]];
    if (record.response.length) values.push(['learner_response', record.response.join('[,]')]);
    if (record.pattern) values.push(['correct_responses.0.pattern', record.pattern.join('[,]')]);
    values.push(['result', record.result === 'wrong' ? 'incorrect' : record.result],
                ['latency', duration(record.latency)], ['timestamp', timestamp(record.at - record.latency)]);
    return values;
  },
};

whenReady(() => runScormSession(SCORM2004));
