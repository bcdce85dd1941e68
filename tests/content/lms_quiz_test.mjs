// web/js/lms-quiz.js's readPrediction: the one reader of the widget's prediction events that the
// SCORM, cmi5 and H5P adapters share. What the widget sends is read as sent; a detail of the wrong
// shape is null; a long prediction is cut at 200 characters and a latency held to 99 hours.
// usage: node lms_quiz_test.mjs
import { readPrediction } from '../../web/js/lms-quiz.js';

let failures = 0;
function check(ok, what) {
  if (ok) return;
  failures++;
  console.error(`not ok - ${what}`);
}

const sent = { scene: 'compare', question: 'compare.longer', prediction: 'toward 10', confidence: 'sure',
               skipped: false, correct: true, latency: 4.25 };
const read = readPrediction(sent);
check(read && read.scene === 'compare' && read.question === 'compare.longer' && read.prediction === 'toward 10' &&
      read.confidence === 'sure' && read.skipped === false && read.correct === true && read.latency === 4.25,
      `a prediction is read as sent: ${JSON.stringify(read)}`);
const skipped = readPrediction({ ...sent, prediction: '', confidence: '', skipped: true, correct: false });
check(skipped && skipped.skipped && skipped.confidence === null, 'a skipped prediction is read, without a confidence');
const quiz = readPrediction({ scene: 'quiz', question: 'quiz.q1', prediction: 'B', confidence: '', skipped: false,
                              correct: true, latency: 12 });
check(quiz && quiz.question === 'quiz.q1' && quiz.confidence === null, 'a quick-check answer is read');
check(readPrediction({ ...sent, prediction: 'x'.repeat(500) }).prediction.length === 200, 'a long prediction is cut at 200');
check(readPrediction({ ...sent, latency: 1e9 }).latency === 99 * 3600, 'a latency of years is held to 99 hours');
check(readPrediction({ ...sent, confidence: 'certain' }).confidence === null, 'an unknown confidence is null');

const bad = [
  ['nothing', undefined], ['a string', 'compare.longer'], ['no scene', { ...sent, scene: undefined }],
  ['a scene with capitals', { ...sent, scene: 'Compare' }], ['a question with a space', { ...sent, question: 'compare longer' }],
  ['a number as prediction', { ...sent, prediction: 3 }], ['skipped as a string', { ...sent, skipped: 'no' }],
  ['correct missing', { ...sent, correct: undefined }], ['a negative latency', { ...sent, latency: -1 }],
  ['a NaN latency', { ...sent, latency: NaN }], ['an infinite latency', { ...sent, latency: Infinity }],
  ['a latency as a string', { ...sent, latency: '4' }],
];
for (const [what, detail] of bad) check(readPrediction(detail) === null, `${what} is refused`);

console.log(failures ? `lms-quiz: ${failures} failed` : `lms-quiz: ${6 + bad.length} checks passed`);
process.exit(failures ? 1 : 0);
