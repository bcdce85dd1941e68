// What the learning-platform adapters know of the learner's answers (scorm-core.js, cmi5.js,
// h5p.js; the right choices also scripts/quick-check.mjs, for the H5P package's and the Common
// Cartridge's quiz).

// How sure the learner said they were of a prediction ("sure", "think-so", "guessing": the
// attention-widget-prediction event's detail.confidence), as an extension of an xAPI statement's
// result: xAPI has no element for it. The key is an IRI of the lesson's own (a URN, so that it
// names no web address), documented in docs/lms.md.
export const CONFIDENCE_EXTENSION = 'urn:attention-lesson:xapi:confidence';
export const CONFIDENCES = ['sure', 'think-so', 'guessing'];

// The right choices, counted from 1 as lesson.txt's quiz.qN.choiceN keys are. The widget decides
// them (src/lesson/scenes/quiz/quiz.cpp, kCorrectChoices, counted from 0);
// tests/content/page_claims_test.cpp checks that this file says the same.
export const QUIZ_RIGHT_CHOICES = { 'quiz.q1': 2, 'quiz.q2': 3 };

// A scene's or a question's name as the widget writes it ("compare", "compare.longer", "quiz.q1").
const NAME = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;

// An attention-widget-prediction event's detail as the widget sends it (docs/embedding.md), or
// null for anything else: {scene, question, prediction, skipped, correct, latency, confidence}.
// The prediction in words is at most 200 characters (a longer one is cut there); the latency, in
// seconds, is held to 99 hours (a page left open for days); the confidence is one of CONFIDENCES,
// or null (skipped, or a quick-check answer). Each adapter records what its platform takes of it.
export function readPrediction(detail) {
  if (!detail || typeof detail !== 'object') return null;
  const { scene, question, prediction, skipped, correct, latency } = detail;
  if (typeof scene !== 'string' || !NAME.test(scene) || typeof question !== 'string' || !NAME.test(question) ||
      typeof prediction !== 'string' || typeof skipped !== 'boolean' || typeof correct !== 'boolean' ||
      typeof latency !== 'number' || !(latency >= 0) || latency === Infinity) {
    return null;
  }
  const confidence = CONFIDENCES.includes(detail.confidence) ? detail.confidence : null;
  return { scene, question, prediction: prediction.slice(0, 200), skipped, correct,
           latency: Math.min(latency, 99 * 3600), confidence };
}

// {answered, revealed, correct, questions} as a widget reports its quick check (the
// attention-widget-change event's detail.progress), or null for anything else.
export function readProgress(progress) {
  if (!progress || typeof progress !== 'object') return null;
  const { answered, revealed, correct, questions } = progress;
  const count = (n) => Number.isInteger(n) && n >= 0 && n <= questions;
  if (!Number.isInteger(questions) || questions < 1 || ![answered, revealed, correct].every(count)) return null;
  return { answered, revealed, correct, questions };
}

// Any widget can show the quick check: the one furthest along speaks for the learner (most
// questions answered and read, then most right). `progressByIndex`: a Map of the widgets' place on
// the page to their progress. {index, progress}; index -1 and progress null when there is none.
export function furthest(progressByIndex) {
  let index = -1;
  let best = null;
  for (const [at, progress] of progressByIndex) {
    const steps = progress.answered + progress.revealed;
    if (!best || steps > best.answered + best.revealed ||
        (steps === best.answered + best.revealed && progress.correct > best.correct)) {
      index = at;
      best = progress;
    }
  }
  return { index, progress: best };
}

// Both questions answered and their reasoning read.
export const quickCheckDone = (best) => Boolean(best) && best.answered >= best.questions && best.revealed >= best.questions;
