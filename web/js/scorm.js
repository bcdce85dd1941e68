// The lesson as a SCORM 1.2 SCO: what an LMS (Moodle, Canvas, Blackboard...) records of it. Only
// the packaged lesson carries this script (scripts/make-scorm.mjs inlines it, bundled with
// web/js/scorm-core.js as one classic script, before the runtime and embed.js); the site's pages
// and embed.js do not. This file says what is SCORM 1.2's; the session itself is scorm-core.js's.
//  - It looks for the LMS's API object (window.API): this window and its parents, then the window
//    that opened it and that window's parents. None found: the lesson runs as the offline lesson,
//    silently.
//  - LMSInitialize(""); then it reads cmi.core.lesson_status, lesson_mode, score.raw,
//    cmi.suspend_data and cmi.interactions._count, and hands the saved states to the widgets
//    before they mount (data-state).
//  - A first launch ("not attempted") becomes "incomplete"; "completed" once both questions of
//    the quick check are answered and their reasoning read. cmi.core.score.raw is the share of
//    questions answered right, 0-100 (min 0, max 100), once one is answered.
//  - Each prediction and quick-check answer becomes the next cmi.interactions.n: id, type
//    ("choice", or "numeric" for Combine's number), student_response, result ("correct", "wrong",
//    or "neutral" for a skipped prediction, which has no response), correct_responses.0.pattern
//    where the right response is known, latency (CMITimespan) and time (CMITime, when answered).
//  - The widgets' states go to cmi.suspend_data (SUSPEND_LIMIT characters at most), and
//    LMSCommit follows a change at most every COMMIT_GAP_MS (scorm-core.js).
//  - On pagehide: cmi.core.exit ("suspend" while incomplete, "" once completed), the session
//    time, a last LMSCommit and LMSFinish(""), once.
//  - In the LMS's review mode nothing is written; in browse mode the first status is "browsed".
// An API that refuses a call, returns "false" or throws gets one console warning (LMSGetLastError
// and LMSGetErrorString say why) and the lesson carries on. Everything read from the LMS is
// checked before use: malformed suspend data is ignored with a warning, and each state still goes
// through the widget's own decoder, which takes a whole state or nothing.
import { quickCheckDone } from './lms-quiz.js';
import { runScormSession, whenReady } from './scorm-core.js';

// The widget's cap on one state (lesson::kStateFragmentMaxLength) is SCORM 1.2's on
// cmi.suspend_data (CMIString4096): all widgets' states together must fit in one.
const SUSPEND_LIMIT = 4096;
const DONE = ['completed', 'passed', 'failed'];
const two = (n) => String(n).padStart(2, '0');

// HHHH:MM:SS.SS, SCORM 1.2's CMITimespan (two to four digits of hours, hundredths optional).
function timespan(ms, hundredths = false) {
  const total = Math.min(Math.floor(ms / 1000), 9999 * 3600 + 3599);
  const whole = `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
  return hundredths ? `${whole}.${two(Math.min(99, Math.floor((ms % 1000) / 10)))}` : whole;
}
// HH:MM:SS, SCORM 1.2's CMITime: the learner's local time of day.
function timeOfDay(at) {
  const date = new Date(at);
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

const SCORM12 = {
  label: 'SCORM 1.2',
  warningPrefix: 'Attention lesson (SCORM): ',
  apiName: 'API',
  calls: { initialize: 'LMSInitialize', finish: 'LMSFinish', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit',
           lastError: 'LMSGetLastError', errorString: 'LMSGetErrorString' },
  // 1.2's LMSGetValue answers an element without a value with "" and error 0.
  notInitialized: [],
  suspendLimit: SUSPEND_LIMIT,
  elements: { mode: 'cmi.core.lesson_mode', suspend: 'cmi.suspend_data', exit: 'cmi.core.exit',
              sessionTime: 'cmi.core.session_time' },
  readStatus: (lms) => ({ status: lms.get('cmi.core.lesson_status'), raw: lms.get('cmi.core.score.raw') }),
  firstValues(sent, mode) {
    if (sent.status !== '' && sent.status !== 'not attempted') return [];
    return [['cmi.core.lesson_status', mode === 'browse' ? 'browsed' : 'incomplete', 'status']];
  },
  statusValues(best, sent) {
    const values = [];
    if (best && best.answered > 0) {
      const raw = String(Math.round((100 * best.correct) / best.questions));
      if (raw !== sent.raw) {
        values.push(['cmi.core.score.min', '0'], ['cmi.core.score.max', '100'], ['cmi.core.score.raw', raw]);
        sent.raw = raw;
      }
    }
    // Never back: a learner who resets the quick check after completing it has still completed it.
    if (quickCheckDone(best) && DONE.indexOf(sent.status) < 0) {
      values.push(['cmi.core.lesson_status', 'completed']);
      sent.status = 'completed';
    }
    return values;
  },
  exitValue: (sent) => (DONE.indexOf(sent.status) >= 0 ? '' : 'suspend'),
  sessionTime: (ms) => timespan(ms),
  // The elements of one interaction after its id, in the order the LMS needs them (the type
  // before what depends on it). Choices are joined by ",", as 1.2's choice format has them.
  interaction(record) {
    const values = [['type', record.type]];
    if (record.response.length) values.push(['student_response', record.response.join(',')]);
    values.push(['result', record.result]);
    if (record.pattern) values.push(['correct_responses.0.pattern', record.pattern.join(',')]);
    values.push(['latency', timespan(record.latency, true)], ['time', timeOfDay(record.at)]);
    return values;
  },
};

whenReady(() => runScormSession(SCORM12));
