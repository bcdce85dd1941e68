#include "lesson/scenes/quiz/quiz.h"

namespace lesson {

namespace {

// The right answers, placed so that the first choice is not always right (see the [quiz] section
// of assets/lesson/lesson.txt).
constexpr int kCorrectChoices[kQuizQuestionCount] = {1, 2};
constexpr Scene kQuestionScenes[kQuizQuestionCount] = {Scene::Mask, Scene::Caveats};

bool ValidQuestion(int question) { return question >= 0 && question < kQuizQuestionCount; }

bool IsContinuationByte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// `text` cut to at most `max_bytes` without splitting a UTF-8 character.
std::string CutUtf8(const std::string& text, size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  size_t end = max_bytes;
  while (end > 0 && IsContinuationByte(text[end])) --end;
  return text.substr(0, end);
}

}  // namespace

void ResetQuiz(Quiz& quiz) { quiz = Quiz{}; }

void ResetQuizQuestion(Quiz& quiz, int question) {
  if (ValidQuestion(question)) quiz.answers[static_cast<size_t>(question)] = QuizAnswer{};
}

int CorrectChoice(int question) { return ValidQuestion(question) ? kCorrectChoices[question] : -1; }

Scene QuizQuestionScene(int question) { return ValidQuestion(question) ? kQuestionScenes[question] : Scene::Quiz; }

bool SelectChoice(Quiz& quiz, int question, int choice) {
  if (!ValidQuestion(question) || choice < 0 || choice >= kQuizChoiceCount) return false;
  quiz.answers[static_cast<size_t>(question)].choice = choice;
  return true;
}

bool SetTypedAnswer(Quiz& quiz, int question, const std::string& text) {
  if (!ValidQuestion(question)) return false;
  quiz.answers[static_cast<size_t>(question)].typed = CutUtf8(text, kQuizTypedAnswerMaxBytes);
  return true;
}

bool HasAttempt(const Quiz& quiz, int question) {
  if (!ValidQuestion(question)) return false;
  const QuizAnswer& answer = quiz.answers[static_cast<size_t>(question)];
  if (answer.choice >= 0) return true;
  return answer.typed.find_first_not_of(" \t\r\n") != std::string::npos;
}

bool Reveal(Quiz& quiz, int question) {
  if (!HasAttempt(quiz, question)) return false;
  quiz.answers[static_cast<size_t>(question)].revealed = true;
  return true;
}

bool IsCorrect(const Quiz& quiz, int question) {
  if (!ValidQuestion(question)) return false;
  return quiz.answers[static_cast<size_t>(question)].choice == kCorrectChoices[question];
}

QuizProgress Progress(const Quiz& quiz) {
  QuizProgress progress;
  for (int q = 0; q < kQuizQuestionCount; ++q) {
    if (HasAttempt(quiz, q)) ++progress.answered;
    if (quiz.answers[static_cast<size_t>(q)].revealed) ++progress.revealed;
    if (IsCorrect(quiz, q)) ++progress.correct;
  }
  return progress;
}

}  // namespace lesson
