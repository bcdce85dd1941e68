// What the Learn scene's words promise about its numbers, checked over the model the scene trains
// (deterministic for a seed): the caption's, and the controlled test's reading for a fact stated
// twice. Each test's name is the sentence's claim; each REQUIREs the sentence's words first, so a
// reworded sentence fails here until its claim is checked again.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/text_store.h"

namespace {

std::string BuiltIn(const char* key) {
  lesson::TextStore store;
  lesson::LoadBuiltInText(store);
  return store.Get(key);
}

// The model's weight on the sentences about `question` (one, or both copies of a fact stated twice).
double WeightOnAnswer(const learn::Model& model, const learn::Paragraph& paragraph, int question) {
  const learn::Answer answer = learn::Ask(model, paragraph, question);
  double weight = 0.0;
  for (int j = 0; j < learn::kSentences; ++j) {
    if (paragraph.sentences[static_cast<size_t>(j)].subject == question)
      weight += answer.weights[static_cast<size_t>(j)];
  }
  return weight;
}

}  // namespace

// learn.caption: "Press Train and watch the weight move onto the sentence that answers the
// question." From the scene as it opens, and from every seed "Another seed" gives in its first ten
// presses, one press of Train moves the weight, for every question of both paragraphs, onto the
// sentence(s) about the question's subject: from about an even spread to nearly all of it, every
// other sentence left with almost none. For the scene as it opens (seed 1), what the learner
// watches also rises all the way (checked every 25 steps, with a little room for Adam's wobbles);
// from other seeds it may dip on the way (seeds 4, 5, 8 and 9 do), so the caption says where the
// weight goes, not that it only ever grows.
TEST_CASE("the caption's claim: one press of Train moves the weight onto the sentence that answers the question") {
  const std::string caption = BuiltIn("learn.caption");
  REQUIRE(caption.find("Press Train") != std::string::npos);
  REQUIRE(caption.find("weight move onto the sentence that answers the question") != std::string::npos);
  // The model does not depend on the question or the paragraph asked: each seed's is trained once,
  // and every question of both paragraphs is asked of it as it trains.
  struct Asked {
    learn::Paragraph paragraph;
    int question;
    double previous;
  };
  for (int seed = 1; seed <= 10; ++seed) {
    CAPTURE(seed);
    lesson::LearnScene scene;
    lesson::SetLearnSeed(scene, seed);
    std::vector<Asked> asked;
    for (const learn::Paragraph& paragraph : {learn::LessonParagraph(), learn::RepeatedFactParagraph()}) {
      for (const learn::Sentence& sentence : paragraph.sentences) {
        const int question = sentence.subject;
        CAPTURE(question);
        int copies = 0;
        for (const learn::Sentence& other : paragraph.sentences) copies += other.subject == question ? 1 : 0;
        const double even = static_cast<double>(copies) / learn::kSentences;
        const double start = WeightOnAnswer(lesson::LearnTrainingOf(scene).model, paragraph, question);
        CHECK(start < even + 0.15);
        asked.push_back({paragraph, question, start});
      }
    }
    for (int steps = 25; steps <= lesson::kLearnRunSteps; steps += 25) {
      lesson::SetLearnSteps(scene, steps);
      const learn::Model& model = lesson::LearnTrainingOf(scene).model;
      for (Asked& one : asked) {
        CAPTURE(one.question);
        const double now = WeightOnAnswer(model, one.paragraph, one.question);
        if (seed == 1) CHECK(now > one.previous - 0.05);
        one.previous = now;
      }
    }
    const learn::Model& trained = lesson::LearnTrainingOf(scene).model;
    for (const Asked& one : asked) {
      CAPTURE(one.question);
      CHECK(one.previous > 0.9);
      // Onto the answering sentence: every other sentence ends with less than it.
      const learn::Answer answer = learn::Ask(trained, one.paragraph, one.question);
      for (int j = 0; j < learn::kSentences; ++j) {
        if (one.paragraph.sentences[static_cast<size_t>(j)].subject != one.question) {
          CHECK(answer.weights[static_cast<size_t>(j)] < 0.05);
        }
      }
    }
  }
}

// learn.removal_twice: "... removing either one leaves the answer where it was: the copies are
// redundant ... Neither the weights nor removing one copy at a time shows what the answer depends
// on; only removing both does." Wherever the scene states this reading (the trained model from
// any of ten seeds, at each of the options' learning rates, after one and after three presses of
// Train), each copy holds about half the weight, removing either moves the answer by less than a
// quarter of an hour (so it still rounds to the right hour), and removing both moves it by more than
// that, and by far more than either copy alone. For the scene as it opens it always does.
TEST_CASE("the reading of a fact stated twice: the copies are redundant, and only removing both moves the answer") {
  const std::string twice = BuiltIn("learn.removal_twice");
  REQUIRE(twice.find("removing either one leaves the answer where it was") != std::string::npos);
  REQUIRE(twice.find("the copies are redundant") != std::string::npos);
  REQUIRE(twice.find("only removing both does") != std::string::npos);
  REQUIRE(BuiltIn("learn.removal_both").find("{without}") != std::string::npos);
  const learn::Paragraph repeated = learn::RepeatedFactParagraph();
  constexpr int kAsked = 1;  // the bus, stated first and third
  int stated = 0;
  for (const double rate : {0.01, 0.03, 0.1, 0.3}) {
    for (int seed = 1; seed <= 10; ++seed) {
      for (const int presses : {1, 3}) {
        CAPTURE(rate);
        CAPTURE(seed);
        CAPTURE(presses);
        lesson::LearnScene scene;
        lesson::SetLearnSeed(scene, seed);
        lesson::SetLearnRate(scene, rate);
        lesson::SetLearnSteps(scene, presses * lesson::kLearnRunSteps);
        const learn::Model& model = lesson::LearnTrainingOf(scene).model;
        const char* reading = lesson::LearnReadingOf(model, repeated, kAsked);
        if (rate == 0.03) {
          REQUIRE(reading != nullptr);
          CHECK(std::string(reading) == "learn.removal_twice");
        }
        if (reading == nullptr || std::string(reading) != "learn.removal_twice") continue;
        ++stated;
        const auto removals = learn::RemoveEach(model, repeated, kAsked);
        const lesson::CopiesRemoved both = lesson::LearnCopiesRemoved(model, repeated, kAsked);
        CHECK(both.copies == 2);
        for (const int copy : {0, 2}) {
          CHECK(removals[static_cast<size_t>(copy)].weight == doctest::Approx(0.5).epsilon(0.2));
          CHECK(removals[static_cast<size_t>(copy)].change < 0.25);
          CHECK(both.change > 10.0 * removals[static_cast<size_t>(copy)].change);
        }
        CHECK(both.change >= 0.25);
        // Without both copies the answer comes from the museum's 9 and the shop's 17 alone.
        CHECK(both.answer_without >= 9.0 - 1e-9);
        CHECK(both.answer_without <= 17.0 + 1e-9);
      }
    }
  }
  CHECK(stated >= 20);
  // The scene as it opens, after one press of Train: the answer moves to another hour.
  lesson::LearnScene opened;
  lesson::SetLearnSteps(opened, lesson::kLearnRunSteps);
  CHECK(lesson::LearnCopiesRemoved(lesson::LearnTrainingOf(opened).model, repeated, kAsked).change >= 0.5);
}

TEST_CASE("removing both copies is measured only where a fact is stated twice") {
  lesson::LearnScene scene;
  lesson::SetLearnSteps(scene, lesson::kLearnRunSteps);
  const learn::Model& model = lesson::LearnTrainingOf(scene).model;
  for (int question = 0; question < 4; ++question) {
    CAPTURE(question);
    const lesson::CopiesRemoved once = lesson::LearnCopiesRemoved(model, learn::LessonParagraph(), question);
    CHECK(once.copies == 1);
    CHECK(std::isnan(once.change));
    CHECK(std::isnan(once.answer_without));
  }
  CHECK(lesson::LearnCopiesRemoved(model, learn::RepeatedFactParagraph(), 0).copies == 1);
  CHECK(lesson::LearnCopiesRemoved(model, learn::LessonParagraph(), 5).copies == 0);  // the library: not there
}
