// The lesson's quick check as the LMS packages describe it to a platform: its two questions, their
// choices and the right choice of each, in one language's words. scripts/make-h5p.mjs puts them in
// the H5P package's xAPI statements and scripts/make-cc.mjs writes them as the Common Cartridge's
// QTI assessment. The words come from the lesson files the widget reads (assets/lesson/lesson.txt,
// assets/lesson/CODE/lesson.txt, read over the English ones as the widget reads them); the right
// choices are the widget's (src/lesson/scenes/quiz/quiz.cpp).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseWords } from './make-lesson-page.mjs';
import { QUIZ_RIGHT_CHOICES } from '../web/js/lms-quiz.js';

// The widget's right choices, counted from 1 as lesson.txt's choiceN keys are (web/js/lms-quiz.js):
// the browser tests check them against the widget's own judgment.
export const RIGHT_CHOICES = QUIZ_RIGHT_CHOICES;
const CHOICES = 3;  // kQuizChoiceCount

// A lesson file's keys and texts. parseWords reads the "key = text" format with its continuation
// lines; the lesson file's "[section]" lines, which page words do not have, are skipped before it
// reads. An indented "." alone is a paragraph break, as the widget's text store reads it.
export function lessonWords(file) {
  const contents = readFileSync(file, 'utf8').split(/\r?\n/).map((line) => (/^\[[a-z0-9_]+\]\s*$/.test(line) ? '' : line))
    .join('\n');
  const { words, errors } = parseWords(file, contents);
  if (errors.length) throw new Error(errors.join('\n'));
  const append = (text, line) => {
    if (line === '.') return `${text}\n\n`;
    return text && !text.endsWith('\n') ? `${text} ${line}` : text + line;
  };
  return new Map([...words].map(([key, { lines }]) => [key, lines.reduce(append, '')]));
}

// A function from a key to its text in `locale` ('' or 'en' for English), from LESSON_DIR
// (assets/lesson, or the site's lesson/). A key the translation lacks is English, as in the
// widget; a key neither has is an error.
export function lessonText(lessonDir, locale = '') {
  const english = lessonWords(join(lessonDir, 'lesson.txt'));
  const words = locale && locale !== 'en' ? lessonWords(join(lessonDir, locale, 'lesson.txt')) : new Map();
  return (key) => {
    const found = words.get(key) ?? english.get(key);
    if (!found) throw new Error(`the lesson files have no "${key}"`);
    return found;
  };
}

// [{ id: 'quiz.q1', text, choices: [three texts], right: 2, reasoning }, ...] in `locale`.
export function quickCheck(lessonDir, locale = '') {
  const text = lessonText(lessonDir, locale);
  return Object.entries(RIGHT_CHOICES).map(([id, right]) => ({
    id,
    text: text(`${id}.text`),
    choices: Array.from({ length: CHOICES }, (_, index) => text(`${id}.choice${index + 1}`)),
    right,
    reasoning: text(`${id}.reasoning`),
  }));
}
