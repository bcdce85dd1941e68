// Predictions before each reveal (lesson/predictions): asking, picking, committing and skipping;
// the judge and its feedback held to the scene's numbers over many states; the record; links; the
// host's events.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "lesson/builtin_text.h"
#include "lesson/describe.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/mirror_words.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"
#include "event_fields.h"

using lesson::Confidence;
using lesson::LessonState;
using lesson::Outcome;
using lesson::Prediction;
using lesson::Question;

namespace {

constexpr Question kCompare = Question::CompareStrongest;
using test_events::Field;

void LoadWords() {
  lesson::LessonText() = lesson::TextStore();
  lesson::LoadBuiltInText(lesson::LessonText());
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("every question is open at first; each scene asks its first, and the next once that is answered") {
  const LessonState state;
  for (int q = 0; q < lesson::kQuestionCount; ++q) {
    const Question question = static_cast<Question>(q);
    const lesson::QuestionDef& def = lesson::QuestionOf(question);
    CAPTURE(def.name);
    CHECK(def.id == question);
    CHECK(lesson::PredictionFor(state, question).outcome == Outcome::Open);
    const bool first = lesson::SceneQuestion(def.scene) == &def;
    CHECK(lesson::Asking(state, question) == first);
    if (!first) {
      // The question before it in the same scene, skipped: this one is asked.
      REQUIRE(q > 0);
      const Question before = static_cast<Question>(q - 1);
      REQUIRE(lesson::QuestionOf(before).scene == def.scene);
      LessonState answered;
      REQUIRE(lesson::SkipPrediction(answered, before, 0.0));
      CHECK(lesson::Asking(answered, question));
      CHECK(lesson::PredictionParam(question).name == std::string(def.name) + ".predict");
    } else {
      CHECK(lesson::PredictionParam(question).name == std::string(lesson::SceneName(def.scene)) + ".predict");
    }
    CHECK(lesson::FindQuestion(def.name) == &def);
    CHECK(std::string(def.name).rfind(std::string(lesson::SceneName(def.scene)) + ".", 0) == 0);
  }
  CHECK(lesson::SceneQuestion(lesson::Scene::Compare) == &lesson::QuestionOf(kCompare));
  CHECK(lesson::SceneQuestion(lesson::Scene::Walkthrough) == nullptr);
  CHECK(lesson::SceneQuestion(lesson::Scene::Quiz) == nullptr);
  LessonState off;
  off.predictions.ask = false;
  CHECK_FALSE(lesson::Asking(off, kCompare));
}

TEST_CASE("a guess needs a pick and a confidence; a skip needs neither; neither locks the question") {
  LoadWords();
  LessonState state;
  CHECK_FALSE(lesson::CommitPrediction(state, kCompare, Confidence::Sure, 1.0));
  CHECK_FALSE(lesson::PickChoice(state, kCompare, -1));
  CHECK_FALSE(lesson::PickChoice(state, kCompare, lesson::kCompareKeyCount));
  CHECK(lesson::PickChoice(state, kCompare, 2));
  CHECK_FALSE(lesson::CommitPrediction(state, kCompare, Confidence::None, 1.0));
  CHECK(state.predictions.events.empty());
  CHECK(lesson::CommitPrediction(state, kCompare, Confidence::ThinkSo, 2.5));
  CHECK_FALSE(lesson::Asking(state, kCompare));
  // Once revealed, nothing changes the guess until the learner asks again.
  CHECK_FALSE(lesson::PickChoice(state, kCompare, 1));
  CHECK_FALSE(lesson::SkipPrediction(state, kCompare, 0.0));
  CHECK(lesson::PredictionFor(state, kCompare).pick == 2);
  lesson::AskAgain(state, kCompare);
  CHECK(lesson::Asking(state, kCompare));
  CHECK(lesson::PredictionFor(state, kCompare).pick == -1);
  CHECK(lesson::SkipPrediction(state, kCompare, 0.5));
  CHECK(lesson::PredictionFor(state, kCompare).outcome == Outcome::Skipped);
  CHECK(lesson::PredictionFeedback(state, kCompare).empty());
  REQUIRE(state.predictions.events.size() == 2);
  const std::string& guess = state.predictions.events[0];
  CHECK(Field(guess, "scene") == "compare");
  CHECK(Field(guess, "question") == "compare.strongest");
  CHECK(Field(guess, "prediction") == lesson::T("compare.key2"));
  CHECK(Field(guess, "confidence") == "think-so");
  CHECK(Field(guess, "skipped") == "false");
  CHECK(test_events::Number(guess, "latency") == doctest::Approx(2.5));
  const std::string& skip = state.predictions.events[1];
  CHECK(Field(skip, "skipped") == "true");
  CHECK(Field(skip, "prediction").empty());
  CHECK(Field(skip, "confidence").empty());
  CHECK(Field(skip, "correct") == "false");
}

TEST_CASE("at the preset the bus key gets the most weight, and only picking it is right") {
  LoadWords();
  const lesson::CompareResult result = lesson::ComputeCompare(lesson::CompareScene{});
  REQUIRE(result.ok);
  REQUIRE(result.strongest == lesson::kCompareAnswerKey);
  for (int pick = 0; pick < lesson::kCompareKeyCount; ++pick) {
    CAPTURE(pick);
    LessonState state;
    REQUIRE(lesson::PickChoice(state, kCompare, pick));
    REQUIRE(lesson::CommitPrediction(state, kCompare, Confidence::Sure, 1.0));
    const bool right = pick == lesson::kCompareAnswerKey;
    CHECK((lesson::PredictionFor(state, kCompare).outcome == Outcome::Right) == right);
    CHECK(Field(state.predictions.events.back(), "correct") == (right ? "true" : "false"));
    const std::string feedback = lesson::PredictionFeedback(state, kCompare);
    // The feedback names the key with the most weight, its weight and its q·k as the strip shows them.
    CHECK(Contains(feedback, lesson::T("compare.key1") + " "));
    CHECK(Contains(feedback, lesson::MirrorNumber(result.weights[1])));
    CHECK(Contains(feedback, lesson::MirrorNumber(result.dot_products[1])));
    if (!right) {
      CHECK(Contains(feedback, lesson::MirrorNumber(result.weights[static_cast<size_t>(pick)])));
      CHECK(Contains(feedback, lesson::MirrorNumber(result.dot_products[static_cast<size_t>(pick)])));
    }
  }
}

TEST_CASE("the verdict stays the one given; the feedback says when the learner has changed the numbers since") {
  LoadWords();
  LessonState state;
  const int shop = 2;
  REQUIRE(lesson::PickChoice(state, kCompare, shop));
  REQUIRE(lesson::CommitPrediction(state, kCompare, Confidence::Sure, 1.0));
  REQUIRE(lesson::PredictionFor(state, kCompare).outcome == Outcome::Wrong);
  const std::string& changed = lesson::T("predict.changed");
  CHECK_FALSE(Contains(lesson::PredictionFeedback(state, kCompare), changed));
  // The learner aims the query at the shop key: the guess would be right on these numbers.
  state.compare.query = state.compare.keys[static_cast<size_t>(shop)].position;
  REQUIRE(lesson::ComputeCompare(state.compare).strongest == shop);
  CHECK(lesson::PredictionFor(state, kCompare).outcome == Outcome::Wrong);
  CHECK(Contains(lesson::VerdictText(state, kCompare), lesson::T("predict.wrong")));
  const std::string feedback = lesson::PredictionFeedback(state, kCompare);
  CHECK(feedback.rfind(changed + " ", 0) == 0);
  CHECK(Contains(feedback, lesson::T("compare.key" + std::to_string(shop)) + " "));
  // Back at the preset, the numbers judge as they did: no such sentence.
  state.compare.query = lesson::CompareScene{}.query;
  CHECK_FALSE(Contains(lesson::PredictionFeedback(state, kCompare), changed));
}

// The feedback's claim: the key with the most weight is the one reaching furthest along the
// query's direction (the largest q·k), and a wrong pick's q·k is smaller. Held over random scenes
// with scaling on and off and any temperature.
TEST_CASE("the feedback's claim holds over many scenes") {
  LoadWords();
  std::mt19937 random(36);
  std::uniform_real_distribution<double> coordinate(-2.0, 2.0);
  std::uniform_real_distribution<double> temperature(0.1, 5.0);
  int wrong_picks = 0;
  for (int trial = 0; trial < 500; ++trial) {
    LessonState state;
    lesson::SetQuery(state.compare, {coordinate(random), coordinate(random)});
    for (int k = 0; k < lesson::kCompareKeyCount; ++k) {
      lesson::SetKeyPosition(state.compare, k, {coordinate(random), coordinate(random)});
    }
    lesson::SetTemperature(state.compare, temperature(random));
    state.compare.scaled = trial % 2 == 0;
    const lesson::CompareResult result = lesson::ComputeCompare(state.compare);
    REQUIRE(result.ok);
    const int pick = trial % lesson::kCompareKeyCount;
    REQUIRE(lesson::PickChoice(state, kCompare, pick));
    REQUIRE(lesson::CommitPrediction(state, kCompare, Confidence::Guessing, 0.0));
    const size_t best = static_cast<size_t>(result.strongest);
    const size_t p = static_cast<size_t>(pick);
    const bool right = lesson::PredictionFor(state, kCompare).outcome == Outcome::Right;
    CAPTURE(trial);
    // The largest weight goes with the largest q·k.
    CHECK(*std::max_element(result.dot_products.begin(), result.dot_products.end()) == result.dot_products[best]);
    if (right) {
      CHECK(lesson::MirrorNumber(result.weights[p]) == lesson::MirrorNumber(result.weights[best]));
    } else {
      ++wrong_picks;
      CHECK(result.weights[best] > result.weights[p]);
      CHECK(result.dot_products[best] > result.dot_products[p]);
      CHECK(Contains(lesson::PredictionFeedback(state, kCompare), lesson::MirrorNumber(result.dot_products[p])));
    }
  }
  CHECK(wrong_picks > 100);
}

// [SECTION] Compare's second question: a query twice as long

namespace {

constexpr Question kLonger = Question::CompareLonger;

lesson::CompareResult WithQuery(lesson::CompareScene scene, lesson::PlanePoint query) {
  scene.query = query;
  return lesson::ComputeCompare(scene);
}

std::string KeyName(size_t key) { return lesson::T("compare.key" + std::to_string(key)); }

// "toward 10", "away from 10": the choice's words as the picks and the feedback write them.
std::string Way(bool toward, double value) {
  return lesson::Fill(lesson::T(toward ? "predict.compare.longer.toward" : "predict.compare.longer.away"),
                      {{"value", lesson::Num(value)}});
}

}  // namespace

TEST_CASE("compare asks next what a query twice as long does; at the preset the output moves toward 10") {
  LoadWords();
  LessonState state;
  CHECK_FALSE(lesson::Asking(state, kLonger));
  REQUIRE(lesson::SkipPrediction(state, kCompare, 0.0));
  REQUIRE(lesson::Asking(state, kLonger));
  const std::string question = lesson::QuestionText(state, kLonger);
  CHECK(Contains(question, "10"));
  CHECK(Contains(question, KeyName(1)));
  CHECK_FALSE(Contains(question, "{"));
  const lesson::CompareResult before = lesson::ComputeCompare(state.compare);
  const lesson::CompareResult after = WithQuery(state.compare, {2.0, 0.0});
  REQUIRE(before.strongest == lesson::kCompareAnswerKey);
  // The claim the right answer rests on, by the scene's own numbers: closer to 10, bus's weight up.
  CHECK(std::fabs(after.combination.output - 10.0) < std::fabs(before.combination.output - 10.0));
  CHECK(after.weights[1] > before.weights[1]);

  REQUIRE(lesson::PickChoice(state, kLonger, 0));
  REQUIRE(lesson::CommitPrediction(state, kLonger, Confidence::Sure, 2.0));
  CHECK(lesson::PredictionFor(state, kLonger).outcome == Outcome::Right);
  // The reveal doubled the query.
  CHECK(state.compare.query.x == doctest::Approx(2.0));
  CHECK(state.compare.query.y == doctest::Approx(0.0));
  const std::string feedback = lesson::PredictionFeedback(state, kLonger);
  CAPTURE(feedback);
  for (double number : {before.weights[1], after.weights[1], before.combination.output, after.combination.output}) {
    CHECK(Contains(feedback, lesson::MirrorNumber(number)));
  }
  CHECK(Contains(feedback, Way(true, 10.0)));
  CHECK_FALSE(Contains(feedback, lesson::T("predict.changed")));
  CHECK(Contains(lesson::VerdictText(state, kLonger), Way(true, 10.0)));
  const std::string& event = state.predictions.events.back();
  CHECK(Field(event, "question") == "compare.longer");
  CHECK(Field(event, "prediction") == Way(true, 10.0));
  CHECK(Field(event, "correct") == "true");

  // Asking again halves the query back; "away" is wrong here; a skip doubles it as well.
  lesson::AskAgain(state, kLonger);
  CHECK(state.compare.query.x == doctest::Approx(1.0));
  REQUIRE(lesson::Asking(state, kLonger));
  REQUIRE(lesson::PickChoice(state, kLonger, 1));
  CHECK_FALSE(lesson::PickChoice(state, kLonger, 2));
  REQUIRE(lesson::CommitPrediction(state, kLonger, Confidence::Guessing, 1.0));
  CHECK(lesson::PredictionFor(state, kLonger).outcome == Outcome::Wrong);
  lesson::AskAgain(state, kLonger);
  REQUIRE(lesson::SkipPrediction(state, kLonger, 0.0));
  CHECK(state.compare.query.x == doctest::Approx(2.0));
  CHECK(lesson::PredictionFeedback(state, kLonger).empty());
}

TEST_CASE("compare asks about a query twice as long only where it fits the plane and one key leads") {
  LoadWords();
  LessonState state;
  REQUIRE(lesson::SkipPrediction(state, kCompare, 0.0));
  lesson::SetQuery(state.compare, {1.5, 0.0});  // twice it would leave the plane
  CHECK_FALSE(lesson::Asking(state, kLonger));
  lesson::SetQuery(state.compare, {0.0, 0.0});  // every score 0: no key leads, nothing moves
  CHECK_FALSE(lesson::Asking(state, kLonger));
  lesson::SetQuery(state.compare, {1.0, 0.0});
  CHECK(lesson::Asking(state, kLonger));
  state.predictions.ask = false;
  CHECK_FALSE(lesson::Asking(state, kLonger));
  // Answered, then the query put at the origin: the feedback says there is no one key now.
  state.predictions.ask = true;
  REQUIRE(lesson::PickChoice(state, kLonger, 0));
  REQUIRE(lesson::CommitPrediction(state, kLonger, Confidence::Sure, 1.0));
  lesson::SetQuery(state.compare, {0.0, 0.0});
  const std::string feedback = lesson::PredictionFeedback(state, kLonger);
  CHECK(Contains(feedback, lesson::T("predict.compare.longer.tie")));
  CHECK(feedback.rfind(lesson::T("predict.changed"), 0) == 0);
}

// The feedback's claims: the top key's weight rises when the query doubles; the output moves the
// way the feedback says; where it moves away, the key it names pulled it so (its weight rose with
// its value on the side the output went, or fell with its value on the other side). Held over
// random scenes, values, scaling and temperatures.
TEST_CASE("the feedback on a query twice as long holds over many scenes") {
  LoadWords();
  std::mt19937 random(37);
  std::uniform_real_distribution<double> coordinate(-2.0, 2.0);
  std::uniform_real_distribution<double> query(-1.0, 1.0);
  std::uniform_real_distribution<double> temperature(0.1, 5.0);
  std::uniform_int_distribution<int> value(0, 24);
  int asked = 0, away = 0, gained = 0, lost = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    CAPTURE(trial);
    LessonState state;
    lesson::SetQuery(state.compare, {query(random), query(random)});
    for (int k = 0; k < lesson::kCompareKeyCount; ++k) {
      lesson::SetKeyPosition(state.compare, k, {coordinate(random), coordinate(random)});
      state.compare.keys[static_cast<size_t>(k)].value = value(random);
    }
    lesson::SetTemperature(state.compare, temperature(random));
    state.compare.scaled = trial % 3 != 0;
    REQUIRE(lesson::SkipPrediction(state, kCompare, 0.0));
    if (!lesson::Asking(state, kLonger)) continue;
    ++asked;
    const lesson::PlanePoint q = state.compare.query;
    const lesson::CompareResult before = lesson::ComputeCompare(state.compare);
    const lesson::CompareResult after = WithQuery(state.compare, {2.0 * q.x, 2.0 * q.y});
    REQUIRE(before.ok);
    REQUIRE(after.ok);
    const size_t top = static_cast<size_t>(before.strongest);
    const double v = state.compare.keys[top].value;
    CHECK(after.strongest == before.strongest);
    CHECK(after.weights[top] > before.weights[top]);
    const double o0 = before.combination.output;
    const double o1 = after.combination.output;
    const bool toward = std::fabs(o1 - v) < std::fabs(o0 - v);
    const int pick = trial % 2;
    REQUIRE(lesson::PickChoice(state, kLonger, pick));
    REQUIRE(lesson::CommitPrediction(state, kLonger, Confidence::ThinkSo, 1.0));
    CHECK((lesson::PredictionFor(state, kLonger).outcome == Outcome::Right) == ((pick == 0) == toward));
    const std::string feedback = lesson::PredictionFeedback(state, kLonger);
    CAPTURE(feedback);
    CHECK_FALSE(Contains(feedback, lesson::T("predict.changed")));
    CHECK(lesson::MirrorNumber(o0) != lesson::MirrorNumber(o1));
    CHECK(lesson::MirrorNumber(before.weights[top]) != lesson::MirrorNumber(after.weights[top]));
    for (double number : {before.weights[top], after.weights[top], o0, o1}) CHECK(Contains(feedback, lesson::MirrorNumber(number)));
    CHECK(Contains(feedback, Way(toward, v)));
    CHECK_FALSE(Contains(feedback, Way(!toward, v)));
    if (toward) continue;
    ++away;
    // The key named besides the top one, and which way its weight went.
    std::vector<size_t> named;
    for (size_t k = 0; k < state.compare.keys.size(); ++k) {
      if (k != top && Contains(feedback, KeyName(k))) named.push_back(k);
    }
    REQUIRE(named.size() == 1);
    const size_t other = named[0];
    const double x0 = before.weights[other];
    const double x1 = after.weights[other];
    const double way = o1 >= v ? 1.0 : -1.0;
    CHECK((x1 - x0) * way * (state.compare.keys[other].value - v) > 0.0);
    const bool rose = x1 > x0;
    (rose ? gained : lost) += 1;
    const std::string sentence = lesson::FillNumbers(
        lesson::T(rose ? "predict.compare.longer.gained" : "predict.compare.longer.lost"),
        {{"x0", x0}, {"x1", x1}, {"other_value", state.compare.keys[other].value}}, {{"other", KeyName(other)}});
    CHECK(feedback.size() > sentence.size());
    CHECK(feedback.compare(feedback.size() - sentence.size(), sentence.size(), sentence) == 0);
  }
  CHECK(asked > 1000);
  CHECK(away > 50);
  CHECK(gained > 5);
  CHECK(lost > 5);
}

TEST_CASE("a link carries the second question, and the reopened widget explains the same doubling") {
  LoadWords();
  LessonState state;
  REQUIRE(lesson::PickChoice(state, kCompare, 1));
  REQUIRE(lesson::CommitPrediction(state, kCompare, Confidence::Sure, 1.0));
  REQUIRE(lesson::Asking(state, kLonger));
  REQUIRE(lesson::PickChoice(state, kLonger, 0));
  REQUIRE(lesson::CommitPrediction(state, kLonger, Confidence::Sure, 1.0));
  const std::string link = lesson::EncodeState(state);
  CHECK(Contains(link, "compare.predict=2_3r"));
  CHECK(Contains(link, "compare.longer.predict=1_3r"));
  LessonState opened;
  std::string warning;
  REQUIRE(lesson::DecodeState(link, &opened, &warning));
  CHECK(warning.empty());
  CHECK(opened.compare.query.x == doctest::Approx(2.0));
  CHECK(lesson::PredictionFor(opened, kLonger).outcome == Outcome::Right);
  CHECK(lesson::PredictionFeedback(opened, kLonger) == lesson::PredictionFeedback(state, kLonger));
  LessonState hostile;
  lesson::DecodeState("compare.longer.predict=3_3r", &hostile, &warning);
  CHECK(Contains(warning, "compare.longer.predict"));
  CHECK(lesson::PredictionFor(hostile, kLonger).outcome == Outcome::Open);
}

TEST_CASE("while the second question is asked the mirror reads it after the weights it does not hide") {
  LoadWords();
  LessonState state;
  REQUIRE(lesson::SkipPrediction(state, kCompare, 0.0));
  const lesson::CompareResult result = lesson::ComputeCompare(state.compare);
  const std::string asking = lesson::DescribeScene(state);
  CHECK(Contains(asking, lesson::QuestionText(state, kLonger)));
  CHECK(Contains(asking, lesson::MirrorNumber(result.weights[1])));
  lesson::SkipPrediction(state, kLonger, 0.0);
  CHECK_FALSE(Contains(lesson::DescribeScene(state), lesson::QuestionText(state, kLonger)));
}

TEST_CASE("while the question is open the mirror holds the weights back") {
  LoadWords();
  LessonState state;
  const lesson::CompareResult result = lesson::ComputeCompare(state.compare);
  const std::string asking = lesson::DescribeScene(state);
  CHECK(Contains(asking, lesson::T("predict.compare.strongest.question")));
  CHECK_FALSE(Contains(asking, lesson::MirrorNumber(result.weights[1])));
  for (const auto& row : lesson::DescribeTable(state).rows) {
    for (const std::string& cell : row) CHECK_FALSE(cell == lesson::MirrorNumber(result.weights[1]));
  }
  lesson::SkipPrediction(state, kCompare, 0.0);
  CHECK(Contains(lesson::DescribeScene(state), lesson::MirrorNumber(result.weights[1])));
}

TEST_CASE("a scene's reset keeps the predictions; resetting everything forgets them") {
  LoadWords();
  LessonState state;
  lesson::PickChoice(state, kCompare, 1);
  lesson::CommitPrediction(state, kCompare, Confidence::Sure, 1.0);
  lesson::ResetScene(state, lesson::Scene::Compare);
  CHECK(lesson::PredictionFor(state, kCompare).outcome == Outcome::Right);
  state.predictions.ask = false;
  lesson::ResetAll(state);
  CHECK(lesson::PredictionFor(state, kCompare).outcome == Outcome::Open);
  CHECK_FALSE(state.predictions.ask);              // the author's choice stays
  CHECK(state.predictions.events.size() == 1);     // and the host still hears of the commit
}

TEST_CASE("the record counts guesses, right ones and skips, by confidence") {
  LoadWords();
  LessonState state;
  CHECK(lesson::Record(state.predictions).made == 0);
  lesson::PickChoice(state, kCompare, 1);
  lesson::CommitPrediction(state, kCompare, Confidence::Sure, 1.0);
  lesson::PredictionRecord record = lesson::Record(state.predictions);
  CHECK(record.made == 1);
  CHECK(record.right == 1);
  CHECK(record.made_at[static_cast<size_t>(Confidence::Sure)] == 1);
  CHECK(record.right_at[static_cast<size_t>(Confidence::Sure)] == 1);
  const std::string text = lesson::RecordText(state);
  CHECK(Contains(text, "You predicted 1 of " + std::to_string(lesson::kQuestionCount) + " results and got 1 right"));
  CHECK(Contains(text, "When sure: 1 of 1 right. When you thought so: 0 of 0."));
  lesson::AskAgain(state, kCompare);
  lesson::PickChoice(state, kCompare, 0);
  lesson::CommitPrediction(state, kCompare, Confidence::Guessing, 1.0);
  record = lesson::Record(state.predictions);
  CHECK(record.made == 1);
  CHECK(record.right == 0);
  CHECK(record.made_at[static_cast<size_t>(Confidence::Guessing)] == 1);
  CHECK(record.made_at[static_cast<size_t>(Confidence::Sure)] == 0);
  lesson::AskAgain(state, kCompare);
  lesson::SkipPrediction(state, kCompare, 0.0);
  record = lesson::Record(state.predictions);
  CHECK(record.made == 0);
  CHECK(record.skipped == 1);
}

namespace {

Prediction Made(int pick, Confidence confidence, Outcome outcome) {
  Prediction p;
  p.pick = pick;
  p.confidence = confidence;
  p.outcome = outcome;
  return p;
}

}  // namespace

TEST_CASE("a link carries each prediction and refuses what the widget never writes") {
  LoadWords();
  const lesson::QuestionDef& compare = lesson::QuestionOf(kCompare);
  const LessonState fresh;
  for (const Prediction& p : {Prediction{}, Made(2, Confidence::Sure, Outcome::Right),
                              Made(0, Confidence::Guessing, Outcome::Wrong), Made(-1, Confidence::None, Outcome::Skipped),
                              Made(3, Confidence::None, Outcome::Open)}) {
    const std::string text = lesson::EncodePrediction(compare, p);
    CAPTURE(text);
    Prediction back = Made(1, Confidence::ThinkSo, Outcome::Wrong);
    std::string why;
    REQUIRE(lesson::DecodePrediction(text, compare, fresh, &back, &why));
    CHECK(back.pick == p.pick);
    CHECK(back.confidence == p.confidence);
    CHECK(back.outcome == p.outcome);
  }
  CHECK(lesson::EncodePrediction(compare, Made(1, Confidence::Sure, Outcome::Right)) == "2_3r");
  CHECK(lesson::EncodePrediction(compare, Made(-1, Confidence::None, Outcome::Skipped)) == "-_0s");
  for (const char* bad : {"", "2", "2_3", "2_3x", "5_3r", "0_3r", "2_4r", "-_3r", "2_0r", "2_3s", "-_1s", "2_1o",
                          "a_3r", "12345_3r", "2_3rr", "_3r", "1.2_3r", "2__3r"}) {
    CAPTURE(bad);
    Prediction p = Made(1, Confidence::ThinkSo, Outcome::Wrong);
    std::string why;
    CHECK_FALSE(lesson::DecodePrediction(bad, compare, fresh, &p, &why));
    CHECK_FALSE(why.empty());
    CHECK(p.pick == 1);  // unchanged
  }

  LessonState state;
  lesson::PickChoice(state, kCompare, 3);
  lesson::CommitPrediction(state, kCompare, Confidence::ThinkSo, 1.0);
  const std::string link = lesson::EncodeState(state);
  CHECK(Contains(link, "compare.predict=4_2w"));
  LessonState opened;
  std::string warning;
  REQUIRE(lesson::DecodeState(link, &opened, &warning));
  CHECK(lesson::PredictionFor(opened, kCompare).pick == 3);
  CHECK(lesson::PredictionFor(opened, kCompare).outcome == Outcome::Wrong);
  CHECK(opened.predictions.events.empty());  // a link restores; it tells the host nothing new
  CHECK_FALSE(Contains(lesson::EncodeState(LessonState{}), "predict"));
  // A malformed one is refused with a warning; the rest of the link still applies.
  LessonState hostile;
  warning.clear();
  lesson::DecodeState("compare.predict=9_9z&compare.temperature=2", &hostile, &warning);
  CHECK(Contains(warning, "compare.predict"));
  CHECK(lesson::PredictionFor(hostile, kCompare).outcome == Outcome::Open);
}

TEST_CASE("the host's event is JSON with every field") {
  lesson::PredictionEvent event{"compare", "compare.strongest", "bus \"1\"", "sure", false, true, 1.23456};
  CHECK(lesson::PredictionEventJson(event) ==
        R"({"scene":"compare","question":"compare.strongest","prediction":"bus \"1\"","confidence":"sure",)"
        R"("skipped":false,"correct":true,"latency":1.235})");
  LessonState state;
  for (int i = 0; i < 100; ++i) {
    lesson::SkipPrediction(state, kCompare, 0.0);
    lesson::AskAgain(state, kCompare);
  }
  CHECK(state.predictions.events.size() == 64);  // a host that never listens cannot make it grow
}

TEST_CASE("a quick-check answer is told to the host like a prediction") {
  LessonState state;
  lesson::SelectChoice(state.quiz, 0, 1);
  lesson::Reveal(state.quiz, 0);
  lesson::QueueQuizAnswer(state, 0, 4.0);
  REQUIRE(state.predictions.events.size() == 1);
  CHECK(Field(state.predictions.events[0], "question") == "quiz.q1");
  CHECK(Field(state.predictions.events[0], "prediction") == "B");
  CHECK(Field(state.predictions.events[0], "correct") == "true");
  CHECK(Field(state.predictions.events[0], "confidence").empty());
  lesson::QueueQuizAnswer(state, 5, 0.0);
  CHECK(state.predictions.events.size() == 1);
}

// [SECTION] Combine: where the output lands

TEST_CASE("combine asks where the output lands, between the two values, and judges within a twentieth") {
  LoadWords();
  constexpr Question kCombine = Question::CombineOutput;
  LessonState state;
  CHECK(lesson::Asking(state, kCombine));
  CHECK_FALSE(lesson::PickChoice(state, kCombine, 0));  // a number, not a choice
  CHECK_FALSE(lesson::GuessValue(state, kCombine, std::nan("")));
  CHECK(lesson::GuessValue(state, kCombine, 25.0));
  CHECK(lesson::PredictionFor(state, kCombine).value == 20.0);  // clamped to the values' range
  CHECK(lesson::GuessValue(state, kCombine, 17.6));
  REQUIRE(lesson::CommitPrediction(state, kCombine, Confidence::Sure, 3.0));
  CHECK(lesson::PredictionFor(state, kCombine).outcome == Outcome::Right);  // 18 ± 0.5
  CHECK(Field(state.predictions.events.back(), "prediction") == "17.6");
  CHECK(Contains(lesson::PredictionFeedback(state, kCombine), "10 × 0.2 + 20 × 0.8 = 2 + 16"));
  lesson::AskAgain(state, kCombine);
  lesson::GuessValue(state, kCombine, 15.0);
  lesson::CommitPrediction(state, kCombine, Confidence::Guessing, 3.0);
  CHECK(lesson::PredictionFor(state, kCombine).outcome == Outcome::Wrong);
  const std::string feedback = lesson::PredictionFeedback(state, kCombine);
  CHECK(Contains(feedback, "18, 3 above your guess"));
  CHECK(Contains(feedback, "0.8 of the way from 10 to 20"));
  // Two equal values leave nothing to predict.
  LessonState equal;
  lesson::SetSecondValue(equal.combine, 10.0);
  CHECK_FALSE(lesson::Asking(equal, kCombine));
}

// The feedback's claims over many scenes: the output sits the second weight's share of the way from
// the first value to the second; "above" and "below" say which side of the guess it is, by the gap
// written; right is within a twentieth of the values' distance.
TEST_CASE("the combine feedback's claims hold over many scenes") {
  LoadWords();
  constexpr Question kCombine = Question::CombineOutput;
  std::mt19937 random(18);
  std::uniform_real_distribution<double> value(-100.0, 100.0);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int above = 0, below = 0, right = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    LessonState state;
    lesson::SetFirstValue(state.combine, value(random));
    lesson::SetSecondValue(state.combine, value(random));
    lesson::SetSecondWeight(state.combine, std::round(unit(random) * 100.0) / 100.0);
    const lesson::CombineScene& scene = state.combine;
    if (!lesson::Asking(state, kCombine)) continue;
    const double output = lesson::ComputeCombine(scene).output;
    const double lo = std::min(scene.first_value, scene.second_value);
    const double hi = std::max(scene.first_value, scene.second_value);
    CAPTURE(trial);
    CHECK(output == doctest::Approx(scene.first_value + scene.second_weight * (scene.second_value - scene.first_value)));
    CHECK(output >= lo - 1e-9);
    CHECK(output <= hi + 1e-9);
    REQUIRE(lesson::GuessValue(state, kCombine, lo + unit(random) * (hi - lo)));
    const double guess = lesson::PredictionFor(state, kCombine).value;
    REQUIRE(lesson::CommitPrediction(state, kCombine, Confidence::ThinkSo, 1.0));
    const std::string feedback = lesson::PredictionFeedback(state, kCombine);
    const bool judged_right = lesson::PredictionFor(state, kCombine).outcome == Outcome::Right;
    CHECK(judged_right == (std::fabs(guess - output) <= 0.05 * (hi - lo)));
    if (judged_right) {
      ++right;
    } else if (output > guess) {
      ++above;
      CHECK(Contains(feedback, lesson::MirrorNumber(output - guess) + " above your guess"));
    } else {
      ++below;
      CHECK(Contains(feedback, lesson::MirrorNumber(guess - output) + " below your guess"));
    }
    if (!judged_right) CHECK(Contains(feedback, lesson::MirrorNumber(scene.second_weight) + " of the way from"));
  }
  CHECK(above > 100);
  CHECK(below > 100);
  CHECK(right > 10);
}

TEST_CASE("a link carries a guessed number, and refuses one outside the values") {
  LoadWords();
  constexpr Question kCombine = Question::CombineOutput;
  LessonState state;
  lesson::GuessValue(state, kCombine, 14.5);
  lesson::CommitPrediction(state, kCombine, Confidence::ThinkSo, 1.0);
  CHECK(Contains(lesson::EncodeState(state), "combine.predict=14.5_2w"));
  LessonState opened;
  std::string warning;
  REQUIRE(lesson::DecodeState(lesson::EncodeState(state), &opened, &warning));
  CHECK(lesson::PredictionFor(opened, kCombine).value == 14.5);
  for (const char* bad : {"combine.predict=25_2w", "combine.predict=1e1_2w", "combine.predict=nan_2w",
                          "combine.predict=14.5.5_2w", "combine.predict=-_2w"}) {
    CAPTURE(bad);
    LessonState hostile;
    warning.clear();
    lesson::DecodeState(bad, &hostile, &warning);
    CHECK_FALSE(warning.empty());
    CHECK(lesson::PredictionFor(hostile, kCombine).outcome == Outcome::Open);
  }
}

// [SECTION] Mask: which keys the causal mask cuts

TEST_CASE("mask asks which keys the causal mask cuts, for each query; the reveal turns it on and cuts just those") {
  LoadWords();
  constexpr Question kMask = Question::MaskCausal;
  for (int query = 0; query < lesson::kMaskTokenCount; ++query) {
    CAPTURE(query);
    for (const bool exact : {true, false}) {
      LessonState state;
      lesson::SetMaskQuery(state.mask, query);
      REQUIRE(lesson::Asking(state, kMask));
      CHECK(Contains(lesson::QuestionText(state, kMask), lesson::MaskToken(query)));
      // The keys after the query, and for the inexact guess one key fewer or one more.
      for (int key = query + 1; key < lesson::kMaskTokenCount; ++key) lesson::PickChoice(state, kMask, key);
      if (!exact) lesson::PickChoice(state, kMask, query == lesson::kMaskTokenCount - 1 ? 0 : lesson::kMaskTokenCount - 1);
      REQUIRE(lesson::CommitPrediction(state, kMask, Confidence::ThinkSo, 1.0));
      CHECK((lesson::PredictionFor(state, kMask).outcome == Outcome::Right) == exact);
      // The reveal is the scene's own causal mask, over every row: it cuts exactly those keys.
      CHECK(state.mask.causal);
      CHECK_FALSE(lesson::Asking(state, kMask));
      const attention::Result result = lesson::MaskWeights(state.mask);
      const std::string feedback = lesson::PredictionFeedback(state, kMask);
      for (int key = 0; key < lesson::kMaskTokenCount; ++key) {
        CAPTURE(key);
        const bool cut = lesson::MaskedBy(state.mask, query, key).causal;
        CHECK(cut == (key > query));
        if (cut) CHECK(result.weights(query, key) == 0.0);
        if (cut) CHECK(Contains(feedback, "“" + lesson::MaskToken(key) + "” (" + std::to_string(key + 1) + ")"));
      }
      if (!exact) {
        CHECK((Contains(feedback, "You left out") || Contains(feedback, "still sees")));
      } else {
        CHECK_FALSE(Contains(feedback, "You left out"));
        CHECK_FALSE(Contains(feedback, "still sees"));
      }
      lesson::AskAgain(state, kMask);
      CHECK_FALSE(state.mask.causal);
      CHECK(lesson::Asking(state, kMask));
    }
  }
  // Picking nothing is a guess too: right only for the last position.
  LessonState last;
  lesson::SetMaskQuery(last.mask, lesson::kMaskTokenCount - 1);
  lesson::PickChoice(last, kMask, 0);
  lesson::PickChoice(last, kMask, 0);
  REQUIRE(lesson::CommitPrediction(last, kMask, Confidence::Sure, 1.0));
  CHECK(lesson::PredictionFor(last, kMask).outcome == Outcome::Right);
  CHECK(Contains(lesson::EncodeState(last), "mask.predict=0_3r"));
  // A link carries the keys picked; a key twice, one out of range or "0" among others is refused.
  LessonState opened;
  std::string warning;
  REQUIRE(lesson::DecodeState("scene=mask&mask.predict=4.5.6_2w", &opened, &warning));
  CHECK(lesson::PredictionFor(opened, kMask).picks == 0x38u);
  for (const char* bad : {"mask.predict=4.4_2w", "mask.predict=9_2w", "mask.predict=0.4_2w", "mask.predict=4._2w"}) {
    CAPTURE(bad);
    LessonState hostile;
    warning.clear();
    lesson::DecodeState(bad, &hostile, &warning);
    CHECK_FALSE(warning.empty());
  }
}

// [SECTION] Caveats: which removal moves the output most

TEST_CASE("caveats asks which removal moves the output most; at the preset it is roads, not the heaviest word") {
  LoadWords();
  constexpr Question kCaveats = Question::CaveatsRemoval;
  for (int pick = 0; pick < lesson::kCaveatsPositions; ++pick) {
    CAPTURE(pick);
    LessonState state;
    REQUIRE(lesson::Asking(state, kCaveats));
    REQUIRE(lesson::PickChoice(state, kCaveats, pick));
    REQUIRE(lesson::CommitPrediction(state, kCaveats, Confidence::Sure, 1.0));
    CHECK((lesson::PredictionFor(state, kCaveats).outcome == Outcome::Right) == (pick == 3));
    CHECK(state.caveats.each_in_turn_shown);  // the reveal is "remove each in turn"
    const std::string feedback = lesson::PredictionFeedback(state, kCaveats);
    CHECK(Contains(feedback, "“roads” moves the output most, by 4.33"));
    if (pick != 3) CHECK(Contains(feedback, "“" + lesson::T("caveats.word" + std::to_string(pick + 1)) + "” moves it by"));
  }
  LessonState shown;
  lesson::SetEachInTurnShown(shown.caveats, true);
  CHECK_FALSE(lesson::Asking(shown, kCaveats));
}

// The feedback's claim: removing a word alone moves the output by w × |v − output| ÷ (1 − w), so
// the move grows with the word's weight and with its value's distance from the output; the word
// the feedback names moves it most. Held over random scenes.
TEST_CASE("the caveats feedback's claim holds over many scenes") {
  LoadWords();
  constexpr Question kCaveats = Question::CaveatsRemoval;
  std::mt19937 random(44);
  std::uniform_real_distribution<double> value(-100.0, 100.0);
  std::uniform_real_distribution<double> score(-3.0, 3.0);
  int wrong = 0;
  for (int trial = 0; trial < 500; ++trial) {
    LessonState state;
    for (int j = 0; j < lesson::kCaveatsPositions; ++j) {
      lesson::SetValue(state.caveats, j, value(random));
      lesson::SetScoreA(state.caveats, j, score(random));
    }
    const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(state.caveats);
    const double output = lesson::RunCaveatsFull(state.caveats).a.combination.output;
    CAPTURE(trial);
    for (const lesson::AblationRow& row : rows) {
      CHECK(row.change_a.change ==
            doctest::Approx(row.weight_a * std::fabs(row.value - output) / (1.0 - row.weight_a)).epsilon(1e-9));
    }
    const int pick = trial % lesson::kCaveatsPositions;
    lesson::PickChoice(state, kCaveats, pick);
    REQUIRE(lesson::CommitPrediction(state, kCaveats, Confidence::ThinkSo, 1.0));
    const int most = lesson::Summarize(rows).largest_change_a;
    const std::string feedback = lesson::PredictionFeedback(state, kCaveats);
    if (lesson::PredictionFor(state, kCaveats).outcome == Outcome::Wrong) {
      ++wrong;
      CHECK(rows[static_cast<size_t>(most)].change_a.change > rows[static_cast<size_t>(pick)].change_a.change);
      CHECK(Contains(feedback, "“" + lesson::T("caveats.word" + std::to_string(most + 1)) + "” moves the output most"));
    }
  }
  CHECK(wrong > 100);
}

// [SECTION] Learn: which sentence the model learns to look at

// The feedback's claim, over the scene's own training: after the reveal's run of Train, the model
// puts the most weight on a sentence that answers the question, for every question of both
// paragraphs, at the scene's seed and rate.
TEST_CASE("learn asks which sentence the model learns to look at, and training moves the weight onto it") {
  LoadWords();
  constexpr Question kLearn = Question::LearnSentence;
  for (const int paragraph : {0, 1}) {
    LessonState probe;
    lesson::SetLearnParagraph(probe.learn, paragraph);
    for (const int question : lesson::LearnQuestionsOf(probe.learn)) {
      CAPTURE(paragraph);
      CAPTURE(question);
      LessonState state;
      lesson::SetLearnParagraph(state.learn, paragraph);
      REQUIRE(lesson::SetLearnQuestion(state.learn, question));
      REQUIRE(lesson::Asking(state, kLearn));
      const learn::Paragraph sentences = lesson::LearnParagraphOf(state.learn);
      int wrong_pick = 0;
      while (sentences.sentences[static_cast<size_t>(wrong_pick)].subject == question) ++wrong_pick;
      REQUIRE(lesson::PickChoice(state, kLearn, wrong_pick));
      REQUIRE(lesson::CommitPrediction(state, kLearn, Confidence::Sure, 1.0));
      CHECK(lesson::PredictionFor(state, kLearn).outcome == Outcome::Wrong);
      CHECK(state.learn.training);  // the reveal is Train
      CHECK(Contains(lesson::PredictionFeedback(state, kLearn), lesson::LearnQuestionText(question)));
      while (state.learn.training) lesson::AdvanceLearnTraining(state.learn, 0.1);
      CHECK(state.learn.steps == lesson::kLearnRunSteps);
      const learn::Answer answer =
          learn::Ask(lesson::LearnTrainingOf(state.learn).model, sentences, state.learn.question);
      int most = 0;
      for (int j = 1; j < learn::kSentences; ++j) {
        if (answer.weights[static_cast<size_t>(j)] > answer.weights[static_cast<size_t>(most)]) most = j;
      }
      CHECK(sentences.sentences[static_cast<size_t>(most)].subject == question);
      // Picking that sentence is right; asked again, the training goes back to its start.
      lesson::AskAgain(state, kLearn);
      CHECK(state.learn.steps == 0);
      CHECK(lesson::Asking(state, kLearn));
      lesson::PickChoice(state, kLearn, most);
      lesson::CommitPrediction(state, kLearn, Confidence::Sure, 1.0);
      CHECK(lesson::PredictionFor(state, kLearn).outcome == Outcome::Right);
    }
  }
}

TEST_CASE("the record's file lists every question with what the learner said") {
  LoadWords();
  LessonState state;
  lesson::PickChoice(state, kCompare, 1);
  lesson::CommitPrediction(state, kCompare, Confidence::Sure, 1.0);
  lesson::SkipPrediction(state, Question::CombineOutput, 1.0);
  const std::string file = lesson::RecordFile(state);
  CHECK(file.rfind(lesson::T("predict.record.title"), 0) == 0);
  CHECK(Contains(file, lesson::RecordText(state)));
  for (int q = 0; q < lesson::kQuestionCount; ++q) CHECK(Contains(file, lesson::QuestionText(state, static_cast<Question>(q))));
  CHECK(Contains(file, "You said “bus”") == false);  // Compare names its keys bare
  CHECK(Contains(file, "You said bus (sure): right."));
  CHECK(Contains(file, "Skipped"));
  CHECK(Contains(file, lesson::T("predict.record.open")));
}

TEST_CASE("a skipped question takes no commit afterwards, and its link stays one the widget reads back") {
  LoadWords();
  for (int q = 0; q < lesson::kQuestionCount; ++q) {
    const Question question = static_cast<Question>(q);
    CAPTURE(lesson::QuestionOf(question).name);
    LessonState state;
    REQUIRE(lesson::SkipPrediction(state, question, 0.0));
    CHECK_FALSE(lesson::CommitPrediction(state, question, Confidence::Sure, 1.0));
    CHECK_FALSE(lesson::PredictionFor(state, question).Guessed());
    LessonState opened;
    std::string warning;
    CHECK(lesson::DecodeState(lesson::EncodeState(state), &opened, &warning));
    CHECK(warning.empty());
    CHECK(lesson::PredictionFor(opened, question).outcome == Outcome::Skipped);
  }
}
