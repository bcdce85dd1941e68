// The lesson as an H5P content type, H5P.AttentionLesson: one widget with the author's scenes and
// language, whose answers go to the platform as xAPI statements through H5P's own event
// dispatcher (H5P.externalDispatcher hears them, as it hears every H5P content type's). Only the
// H5P package carries this script (scripts/make-h5p.mjs bundles it into the library as one classic
// script, after the widget's runtime and embed.js, which it mounts the widget with).
//  - params (the author's choices, semantics.json): scenes (the list the widget's bar offers),
//    startScene, locale (en, es).
//  - Each prediction and each checked quick-check answer (attention-widget-prediction) is an
//    "answered" statement whose object is that question, a child of the lesson: the quick check's
//    as a choice interaction with its choices, the right one and a score of 1 or 0; a prediction
//    as an "other" interaction with no score, how sure the learner said they were as a result
//    extension (CONFIDENCE_EXTENSION, lms-quiz.js). A skipped prediction sends nothing.
//  - The quick check complete (both questions answered and their reasoning read): a "completed"
//    statement of the lesson itself, with the score of the two questions as the answers stand;
//    after that, an "answered" one of the lesson each time the score changes. H5P hands these to
//    the platform as the activity's result.
//  - getCurrentState() gives the widget's state to platforms that save it (H5P's contentUserData);
//    it comes back as extras.previousState, checked before use.
// Every call into H5P is guarded: one that throws gets one console warning and the widget keeps
// working. The words of the quick check's statements come from window.attentionLessonQuiz, which
// the package's lesson-words.js defines from the lesson files.
import { CONFIDENCE_EXTENSION, readPrediction } from './lms-quiz.js';

const PREFIX = 'Attention lesson (H5P): ';
// The widget's cap on one state (lesson::kStateFragmentMaxLength).
const MAX_STATE = 4096;
const CMI_INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';
// The quick check's choices as the widget names them in its prediction events.
const CHOICE_LETTERS = ['A', 'B', 'C'];

const warned = {};
function warnOnce(kind, text) {
  if (warned[kind]) return;
  warned[kind] = true;
  console.warn(PREFIX + text);
}
const describe = (error) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

// [SECTION] The author's choices

// The params as H5P hands them (content.json), each kept only when it has the expected shape; the
// widget itself checks the values (a scene it does not know, a locale it does not speak) and
// warns about a bad one.
function readParams(params) {
  const source = params && typeof params === 'object' ? params : {};
  const name = (value) => typeof value === 'string' && /^[a-z]{1,20}$/.test(value);
  const scenes = Array.isArray(source.scenes) ? source.scenes.filter(name) : [];
  return {
    scenes,
    startScene: name(source.startScene) && scenes.indexOf(source.startScene) >= 0 ? source.startScene : '',
    locale: name(source.locale) ? source.locale : 'en',
  };
}

// What a platform saved with getCurrentState: { state, completed, score }. Anything else is ignored
// with one warning, and the widget opens fresh.
function readSaved(previous) {
  if (previous === undefined || previous === null) return null;
  let saved = previous;
  try {
    if (typeof saved === 'string') saved = JSON.parse(saved);
  } catch (error) {
    saved = null;
  }
  if (!saved || typeof saved !== 'object' || typeof saved.state !== 'string' || saved.state.length > MAX_STATE ||
      /[^\x21-\x7e]/.test(saved.state)) {
    warnOnce('saved', 'ignoring the saved state the platform handed back: it is not one this lesson saves; the widget opens fresh');
    return null;
  }
  const score = Number.isInteger(saved.score) && saved.score >= 0 ? saved.score : null;
  return { state: saved.state, completed: saved.completed === true, score };
}

// The quick check's questions in `locale`, as lesson-words.js has them, or null.
function quizWords(locale) {
  const all = window.attentionLessonQuiz;
  const words = all && (all[locale] || all.en);
  return Array.isArray(words) ? words : null;
}

// [SECTION] The content type

function AttentionLesson(params, contentId, extras) {
  window.H5P.EventDispatcher.call(this);
  this.contentId = contentId;
  this.options = readParams(params);
  this.saved = readSaved(extras ? extras.previousState : undefined);
  this.state = this.saved ? this.saved.state : '';
  this.completed = this.saved ? this.saved.completed : false;
  // The quick check's score last told to the platform (null: none yet).
  this.score = this.saved ? this.saved.score : null;
  this.progress = { answered: 0, revealed: 0, correct: 0, questions: 0 };
  this.language = (extras && extras.metadata && extras.metadata.defaultLanguage) || this.options.locale;
}
AttentionLesson.prototype = Object.create(window.H5P.EventDispatcher.prototype);
AttentionLesson.prototype.constructor = AttentionLesson;

AttentionLesson.prototype.attach = function attach($container) {
  const container = $container && $container.get ? $container.get(0) : $container;
  container.classList.add('h5p-attention-lesson');
  const div = document.createElement('div');
  div.setAttribute('data-attention-widget', '');
  const { scenes, startScene, locale } = this.options;
  if (scenes.length) div.dataset.scenes = scenes.join(',');
  if (startScene) div.dataset.scene = startScene;
  div.dataset.locale = locale;
  // The lesson is the activity: it starts at once, not when scrolled to.
  div.dataset.start = 'eager';
  if (this.state) div.dataset.state = this.state;
  div.addEventListener('attention-widget-prediction', (event) => this.answered(event.detail));
  div.addEventListener('attention-widget-change', (event) => this.changed(event.detail));
  container.appendChild(div);
  // H5P sizes its frame to the content: the widget's height changes as it starts and as its
  // scenes do.
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver(() => this.guard('resize', () => this.trigger('resize'))).observe(div);
  }
  if (!window.AttentionWidget || typeof window.AttentionWidget.mountAll !== 'function') {
    warnOnce('loader', 'the widget loader (embed.js) did not run; the lesson cannot start');
    return;
  }
  window.AttentionWidget.mountAll(container);
};

// Runs `call` (a call into H5P); one that throws gets one warning of its `kind`.
AttentionLesson.prototype.guard = function guard(kind, call) {
  try {
    call();
  } catch (error) {
    warnOnce(kind, `H5P refused to take ${kind === 'resize' ? 'a size change' : 'an xAPI statement'} ` +
             `(${describe(error)}); the lesson keeps working, but the platform may not record it`);
  }
};

// [SECTION] xAPI

// An "answered" statement of one question (a prediction, or a quick-check answer) as a child of
// the lesson: its object is the lesson's id with the question as H5P names sub-content.
AttentionLesson.prototype.answered = function answered(event) {
  const detail = readPrediction(event);
  if (!detail || detail.skipped) return;
  this.guard('xapi', () => {
    const event = this.createXAPIEventTemplate('answered');
    const statement = event.data.statement;
    const lesson = statement.object;
    const question = detail.question;
    statement.object = {
      id: `${lesson.id}?subContentId=${encodeURIComponent(question)}`,
      objectType: 'Activity',
      definition: {
        type: CMI_INTERACTION,
        name: { [this.language]: question },
        extensions: { ...((lesson.definition && lesson.definition.extensions) || {}),
                      'http://h5p.org/x-api/h5p-subContentId': question },
      },
    };
    statement.context = { ...(statement.context || {}),
                          contextActivities: { ...((statement.context && statement.context.contextActivities) || {}),
                                               parent: [{ id: lesson.id, objectType: 'Activity' }] } };
    const definition = statement.object.definition;
    const result = { response: detail.prediction, completion: true, success: detail.correct,
                     duration: `PT${Math.round(detail.latency * 100) / 100}S` };
    if (detail.confidence) result.extensions = { [CONFIDENCE_EXTENSION]: detail.confidence };
    const quiz = quizWords(this.options.locale);
    const words = detail.scene === 'quiz' && quiz ? quiz.find((entry) => entry.id === question) : null;
    if (words) {
      definition.interactionType = 'choice';
      definition.description = { [this.language]: words.text };
      definition.choices = words.choices.map((text, index) => ({ id: CHOICE_LETTERS[index], description: { [this.language]: text } }));
      definition.correctResponsesPattern = [CHOICE_LETTERS[words.right - 1]];
      const right = result.success === true ? 1 : 0;
      result.score = { min: 0, max: 1, raw: right, scaled: right };
    } else {
      definition.interactionType = 'other';
    }
    statement.result = result;
    this.trigger(event);
  });
};

// The widget's progress through the quick check: the lesson's own statement once it is complete,
// and again when the score changes after that.
AttentionLesson.prototype.changed = function changed(detail) {
  if (!detail) return;
  if (typeof detail.state === 'string') this.state = detail.state;
  const progress = detail.progress;
  if (!progress || typeof progress !== 'object') return;
  this.progress = {
    answered: Number(progress.answered) || 0, revealed: Number(progress.revealed) || 0,
    correct: Number(progress.correct) || 0, questions: Number(progress.questions) || 0,
  };
  const { answered, revealed, correct, questions } = this.progress;
  const complete = questions > 0 && answered >= questions && revealed >= questions;
  if (!complete || correct === this.score) return;
  // A learner's change of answer is not complete until its reasoning is read, so the score told is
  // always that of two checked answers.
  const verb = this.completed ? 'answered' : 'completed';
  this.completed = true;
  this.score = correct;
  this.guard('xapi', () => this.triggerXAPIScored(correct, questions, verb));
};

// The score of the checked answers, as last told to the platform.
AttentionLesson.prototype.getScore = function getScore() {
  return this.score === null ? 0 : this.score;
};
AttentionLesson.prototype.getMaxScore = function getMaxScore() {
  const quiz = quizWords(this.options.locale);
  return this.progress.questions || (quiz ? quiz.length : 0);
};
// What H5P saves for the learner, when the platform saves state.
AttentionLesson.prototype.getCurrentState = function getCurrentState() {
  return this.state ? { state: this.state, completed: this.completed, score: this.score } : undefined;
};

window.H5P.AttentionLesson = AttentionLesson;
