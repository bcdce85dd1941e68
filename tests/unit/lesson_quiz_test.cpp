#include <doctest/doctest.h>

#include <string>

#include "lesson/builtin_text.h"
#include "lesson/scenes/quiz/quiz.h"
#include "lesson/text_store.h"

using lesson::Quiz;

TEST_CASE("the quiz opens with nothing picked, typed or revealed") {
  const Quiz quiz;
  for (int question = 0; question < 2; ++question) {
    CAPTURE(question);
    const lesson::QuizAnswer& answer = quiz.answers[static_cast<size_t>(question)];
    CHECK(answer.choice == -1);
    CHECK(answer.typed.empty());
    CHECK_FALSE(answer.revealed);
    CHECK_FALSE(lesson::IsCorrect(quiz, question));
    CHECK_FALSE(lesson::HasAttempt(quiz, question));
  }
}

TEST_CASE("the right answers are the second choice, then the third") {
  // Question 1: "otherwise it could rely on the answer and later words". Question 2: "No: other
  // layers, representations and interactions also contribute" (see the [quiz] section of lesson.txt).
  CHECK(lesson::CorrectChoice(0) == 1);
  CHECK(lesson::CorrectChoice(1) == 2);
  CHECK(lesson::CorrectChoice(2) == -1);
  CHECK(lesson::CorrectChoice(-1) == -1);
}

TEST_CASE("picking the right choice is correct and a wrong one is not") {
  Quiz quiz;
  CHECK(lesson::SelectChoice(quiz, 0, 1));
  CHECK(lesson::IsCorrect(quiz, 0));
  CHECK(lesson::SelectChoice(quiz, 0, 0));
  CHECK_FALSE(lesson::IsCorrect(quiz, 0));
  CHECK(lesson::SelectChoice(quiz, 1, 2));
  CHECK(lesson::IsCorrect(quiz, 1));
  CHECK(lesson::SelectChoice(quiz, 1, 1));
  CHECK_FALSE(lesson::IsCorrect(quiz, 1));
  CHECK(quiz.answers[0].choice == 0);
  CHECK(quiz.answers[1].choice == 1);
}

TEST_CASE("a question or choice out of range is refused and changes nothing") {
  Quiz quiz;
  lesson::SelectChoice(quiz, 0, 2);
  CHECK_FALSE(lesson::SelectChoice(quiz, 0, 3));
  CHECK_FALSE(lesson::SelectChoice(quiz, 0, -1));
  CHECK_FALSE(lesson::SelectChoice(quiz, 2, 0));
  CHECK_FALSE(lesson::SelectChoice(quiz, -1, 0));
  CHECK(quiz.answers[0].choice == 2);
  CHECK(quiz.answers[1].choice == -1);
  CHECK_FALSE(lesson::Reveal(quiz, 5));
  CHECK_FALSE(lesson::SetTypedAnswer(quiz, 2, "words"));
  CHECK_FALSE(lesson::IsCorrect(quiz, 7));
}

TEST_CASE("the reasoning is revealed only after a choice or typed words") {
  Quiz quiz;
  CHECK_FALSE(lesson::Reveal(quiz, 0));
  CHECK_FALSE(quiz.answers[0].revealed);

  lesson::SetTypedAnswer(quiz, 0, "   \n\t ");
  CHECK_FALSE(lesson::Reveal(quiz, 0));
  CHECK_FALSE(quiz.answers[0].revealed);

  lesson::SetTypedAnswer(quiz, 0, "it would see the answer");
  CHECK(lesson::Reveal(quiz, 0));
  CHECK(quiz.answers[0].revealed);
  CHECK_FALSE(lesson::IsCorrect(quiz, 0));  // typed words alone pick no choice

  lesson::SelectChoice(quiz, 1, 0);
  CHECK(lesson::Reveal(quiz, 1));
  CHECK(quiz.answers[1].revealed);
  CHECK_FALSE(lesson::IsCorrect(quiz, 1));
}

TEST_CASE("a typed answer keeps at most 500 bytes, so a pasted megabyte is harmless") {
  Quiz quiz;
  const std::string megabyte(1 << 20, 'x');
  CHECK(lesson::SetTypedAnswer(quiz, 1, megabyte));
  CHECK(quiz.answers[1].typed.size() == 500);
  CHECK(quiz.answers[1].typed == std::string(500, 'x'));

  lesson::SetTypedAnswer(quiz, 1, "short answer");
  CHECK(quiz.answers[1].typed == "short answer");
}

TEST_CASE("a typed answer is never cut inside a character") {
  Quiz quiz;
  // 499 ASCII bytes then "é" (2 bytes): 501 bytes, so the "é" cannot fit whole.
  const std::string text = std::string(499, 'a') + "\xC3\xA9";
  lesson::SetTypedAnswer(quiz, 0, text);
  CHECK(quiz.answers[0].typed == std::string(499, 'a'));
  // 498 + 2 = 500 bytes fits exactly.
  const std::string fits = std::string(498, 'a') + "\xC3\xA9";
  lesson::SetTypedAnswer(quiz, 0, fits);
  CHECK(quiz.answers[0].typed == fits);
}

TEST_CASE("try again forgets one question and resetting forgets both") {
  Quiz quiz;
  lesson::SelectChoice(quiz, 0, 1);
  lesson::SetTypedAnswer(quiz, 0, "words");
  lesson::Reveal(quiz, 0);
  lesson::SelectChoice(quiz, 1, 2);
  lesson::ResetQuizQuestion(quiz, 0);
  CHECK(quiz.answers[0].choice == -1);
  CHECK(quiz.answers[0].typed.empty());
  CHECK_FALSE(quiz.answers[0].revealed);
  CHECK(quiz.answers[1].choice == 2);
  lesson::ResetQuiz(quiz);
  CHECK(quiz.answers[1].choice == -1);
}

TEST_CASE("every question has its text, three choices, a reason for each wrong one and reasoning") {
  lesson::TextStore store;
  lesson::LoadBuiltInText(store);
  CHECK(store.errors().empty());
  for (int question = 0; question < lesson::kQuizQuestionCount; ++question) {
    const std::string prefix = "quiz.q" + std::to_string(question + 1) + ".";
    CHECK(store.Has(prefix + "text"));
    CHECK(store.Has(prefix + "reasoning"));
    for (int choice = 0; choice < lesson::kQuizChoiceCount; ++choice) {
      const std::string n = std::to_string(choice + 1);
      CAPTURE(prefix + n);
      CHECK(store.Has(prefix + "choice" + n));
      CHECK(store.Has(prefix + "why" + n) == (choice != lesson::CorrectChoice(question)));
    }
  }
  CHECK(store.Get("quiz.q1.text") == "Why must a next-token predictor mask future positions during training?");
  CHECK(store.Get("quiz.q2.text") == "Does a large attention weight alone prove why a model made its final decision?");
  CHECK(store.Get("quiz.q2.reasoning").rfind("No.", 0) == 0);
}

TEST_CASE("progress counts attempts, reasoning read and right choices, which an LMS records") {
  Quiz quiz;
  lesson::QuizProgress progress = lesson::Progress(quiz);
  CHECK(progress.answered == 0);
  CHECK(progress.revealed == 0);
  CHECK(progress.correct == 0);

  lesson::SetTypedAnswer(quiz, 0, "it would see the answer");  // an attempt that picks no choice
  lesson::SelectChoice(quiz, 1, 2);                           // the right choice of question 2
  progress = lesson::Progress(quiz);
  CHECK(progress.answered == 2);
  CHECK(progress.revealed == 0);
  CHECK(progress.correct == 1);

  lesson::Reveal(quiz, 1);
  CHECK(lesson::Progress(quiz).revealed == 1);
  lesson::Reveal(quiz, 0);
  CHECK(lesson::Progress(quiz).revealed == 2);

  lesson::ResetQuizQuestion(quiz, 1);
  progress = lesson::Progress(quiz);
  CHECK(progress.answered == 1);
  CHECK(progress.revealed == 1);
  CHECK(progress.correct == 0);
}
