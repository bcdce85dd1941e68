// The quick check's right choices, counted from 1 as lesson.txt's quiz.qN.choiceN keys are, for
// the LMS packages that report or grade the quick check themselves: the SCORM adapters' correct
// patterns (scorm-core.js), and the H5P package's and the Common Cartridge's quiz
// (scripts/quick-check.mjs). The widget decides them (src/lesson/scenes/quiz/quiz.cpp,
// kCorrectChoices, counted from 0); tests/content/page_claims_test.cpp checks that this file
// says the same.
export const QUIZ_RIGHT_CHOICES = { 'quiz.q1': 2, 'quiz.q2': 3 };
