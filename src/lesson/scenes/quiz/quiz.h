#pragma once
// The quick check: the lesson's two questions. For each, the learner picks one of three
// choices or types an answer in their own words, then reveals the reasoning. The words live in
// assets/lesson/lesson.txt (section [quiz]); this is only what the learner did.

#include <array>
#include <string>

#include "lesson/scene.h"

namespace lesson {

constexpr int kQuizQuestionCount = 2;
constexpr int kQuizChoiceCount = 3;
// A typed answer keeps at most this many bytes of UTF-8, so a pasted megabyte is harmless.
constexpr int kQuizTypedAnswerMaxBytes = 500;

// What the learner did with one question.
struct QuizAnswer {
  int choice = -1;        // picked choice, 0..kQuizChoiceCount-1, or -1 for none yet
  std::string typed;      // the learner's own words, at most kQuizTypedAnswerMaxBytes bytes
  bool revealed = false;  // the reasoning is shown
};

struct Quiz {
  std::array<QuizAnswer, kQuizQuestionCount> answers;  // one per question, in the lesson's order
};

void ResetQuiz(Quiz& quiz);
// Forgets one question's choice, typed answer and reveal, so the learner can try again.
void ResetQuizQuestion(Quiz& quiz, int question);

// The right choice of `question` (-1 for a question that does not exist).
int CorrectChoice(int question);
// The scene whose picture `question` is about: the causal mask's, the removal test's.
Scene QuizQuestionScene(int question);

// Picks `choice` for `question`. False (quiz unchanged) when either is out of range.
bool SelectChoice(Quiz& quiz, int question, int choice);
// Keeps the learner's words, cut at kQuizTypedAnswerMaxBytes on a character boundary.
// False when `question` is out of range.
bool SetTypedAnswer(Quiz& quiz, int question, const std::string& text);
// True once the learner has picked a choice or typed something other than spaces.
bool HasAttempt(const Quiz& quiz, int question);
// Shows the reasoning; only after an attempt. False (quiz unchanged) otherwise.
bool Reveal(Quiz& quiz, int question);
// The picked choice is the right one (false when nothing is picked).
bool IsCorrect(const Quiz& quiz, int question);

// How far the learner is with the quick check (an LMS records it: lesson/scorm in web/js).
struct QuizProgress {
  int answered = 0;  // questions with an attempt (a choice or typed words)
  int revealed = 0;  // questions whose reasoning the learner has read
  int correct = 0;   // questions whose picked choice is the right one
};
QuizProgress Progress(const Quiz& quiz);

}  // namespace lesson
