// The Compare scene's words, held to its numbers: every sentence of lesson.txt's [compare]
// section and of the lesson page's Compare section that says what the numbers do is checked
// here over the scene's preset (or over many states, where the sentence is a general rule).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "lesson/builtin_text.h"
#include "lesson/scenes/compare/compare.h"

using lesson::CompareResult;
using lesson::CompareScene;
using lesson::kCompareAnswerKey;
using lesson::PlanePoint;

namespace {

constexpr double kAnswer = 10.0;  // "The bus leaves at 10."
const size_t kBus = static_cast<size_t>(kCompareAnswerKey);

double Angle(PlanePoint p) { return std::atan2(p.y, p.x); }
double Length(PlanePoint p) { return std::hypot(p.x, p.y); }
PlanePoint Polar(double length, double angle) { return {length * std::cos(angle), length * std::sin(angle)}; }

CompareResult WithQuery(PlanePoint query, double temperature = 1.0) {
  CompareScene scene;
  scene.query = query;
  scene.temperature = temperature;
  const CompareResult result = lesson::ComputeCompare(scene);
  REQUIRE(result.ok);
  return result;
}

double DistanceFromAnswer(const CompareResult& r) { return std::fabs(r.combination.output - kAnswer); }

double MaxWeight(const CompareResult& r) { return *std::max_element(r.weights.begin(), r.weights.end()); }
double MinWeight(const CompareResult& r) { return *std::min_element(r.weights.begin(), r.weights.end()); }

}  // namespace

TEST_CASE("the paragraph states the preset's values, in the keys' order") {
  lesson::TextStore store;
  lesson::LoadBuiltInText(store);
  const std::string paragraph = store.Get("compare.paragraph");
  std::vector<double> stated;
  const std::regex number(R"((\d+(\.\d+)?))");
  for (auto it = std::sregex_iterator(paragraph.begin(), paragraph.end(), number); it != std::sregex_iterator(); ++it) {
    stated.push_back(std::stod(it->str()));
  }
  const CompareScene scene;
  REQUIRE(stated.size() == scene.keys.size());
  for (size_t i = 0; i < stated.size(); ++i) {
    CAPTURE(i);
    CHECK(stated[i] == scene.keys[i].value);
  }
  // The question's answer is the bus sentence's value, and each key is named after its sentence.
  CHECK(scene.keys[kBus].value == kAnswer);
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
    const std::string word = store.Get("compare.key" + std::to_string(i));
    CAPTURE(word);
    CHECK(paragraph.find(word) != std::string::npos);
  }
}

TEST_CASE("every value is a time of day, so their weighted average reads as a time too") {
  const CompareScene scene;
  for (const lesson::CompareKey& key : scene.keys) {
    CHECK(key.value >= 0.0);
    CHECK(key.value < 24.0);
  }
}

TEST_CASE("the query starts roughly aimed: the bus sentence has the largest weight but not most of it") {
  const CompareResult r = lesson::ComputeCompare(CompareScene{});
  REQUIRE(r.ok);
  CHECK(r.strongest == kCompareAnswerKey);
  CHECK(r.weights[kBus] < 0.5);
  // The output blends the times: a time between them that no sentence states.
  for (const lesson::CompareKey& key : CompareScene{}.keys) CHECK(std::fabs(r.combination.output - key.value) > 0.5);
}

TEST_CASE("turning the query toward the bus key raises the bus weight and moves the output toward 10 at every step") {
  const CompareScene scene;
  const double length = Length(scene.query);
  const double from = Angle(scene.query);
  const double to = Angle(scene.keys[kBus].position);
  REQUIRE(std::fabs(to - from) > 0.5);  // there is a turn to make
  constexpr int kSteps = 60;
  CompareResult previous = WithQuery(scene.query);
  for (int step = 1; step <= kSteps; ++step) {
    CAPTURE(step);
    const CompareResult now = WithQuery(Polar(length, from + (to - from) * step / kSteps));
    CHECK(now.weights[kBus] > previous.weights[kBus]);
    CHECK(DistanceFromAnswer(now) < DistanceFromAnswer(previous));
    previous = now;
  }
  // A visible change, not a rounding one: the bus weight grows by more than 0.1.
  CHECK(previous.weights[kBus] - WithQuery(scene.query).weights[kBus] > 0.1);
}

TEST_CASE(
    "lengthening the query along the bus key spreads the scores and gives the bus sentence nearly all the weight") {
  const CompareScene scene;
  const double angle = Angle(scene.keys[kBus].position);
  // As far as the plane allows along that direction.
  const double longest = lesson::kComparePlaneLimit / std::max(std::fabs(std::cos(angle)), std::fabs(std::sin(angle)));
  REQUIRE(longest > Length(scene.query));
  constexpr int kSteps = 40;
  CompareResult previous = WithQuery(Polar(Length(scene.query), angle));
  auto spread = [](const CompareResult& r) {
    return *std::max_element(r.scores.begin(), r.scores.end()) - *std::min_element(r.scores.begin(), r.scores.end());
  };
  for (int step = 1; step <= kSteps; ++step) {
    CAPTURE(step);
    const double length = Length(scene.query) + (longest - Length(scene.query)) * step / kSteps;
    const CompareResult now = WithQuery(Polar(length, angle));
    CHECK(spread(now) > spread(previous));
    CHECK(now.weights[kBus] > previous.weights[kBus]);
    previous = now;
  }
  CHECK(previous.weights[kBus] > 0.95);
  CHECK(DistanceFromAnswer(previous) < 0.1);
}

TEST_CASE("the output is 10 plus each other sentence's weight times its time minus 10, a signed gap") {
  // A rule, so it is checked over many states: random queries, keys and temperatures.
  std::mt19937 random(15);
  std::uniform_real_distribution<double> coordinate(-lesson::kComparePlaneLimit, lesson::kComparePlaneLimit);
  std::uniform_real_distribution<double> temperature(lesson::kCompareTemperatureMin, lesson::kCompareTemperatureMax);
  for (int trial = 0; trial < 500; ++trial) {
    CAPTURE(trial);
    CompareScene scene;
    scene.query = {coordinate(random), coordinate(random)};
    for (lesson::CompareKey& key : scene.keys) key.position = {coordinate(random), coordinate(random)};
    scene.temperature = temperature(random);
    scene.scaled = trial % 2 == 0;
    const CompareResult r = lesson::ComputeCompare(scene);
    REQUIRE(r.ok);
    double pulled = kAnswer;
    double room = 0.0;  // the most the other sentences could pull it: their weight times the farthest time
    double farthest = 0.0;
    for (size_t i = 0; i < scene.keys.size(); ++i) {
      if (i == kBus) continue;
      pulled += r.weights[i] * (scene.keys[i].value - kAnswer);
      room += r.weights[i];
      farthest = std::max(farthest, std::fabs(scene.keys[i].value - kAnswer));
    }
    CHECK(r.combination.output == doctest::Approx(pulled).epsilon(1e-12));
    // "the museum's 9 pulls the output below 10 and the later times pull it above": the museum's
    // term is never positive, the shop's and the tour's never negative.
    CHECK(r.weights[0] * (scene.keys[0].value - kAnswer) <= 0.0);
    CHECK(r.weights[2] * (scene.keys[2].value - kAnswer) >= 0.0);
    CHECK(r.weights[3] * (scene.keys[3].value - kAnswer) >= 0.0);
    // "the more weight the bus sentence takes, the less room the others have": 1 − w_bus bounds it.
    CHECK(room == doctest::Approx(1.0 - r.weights[kBus]).epsilon(1e-12));
    CHECK(DistanceFromAnswer(r) <= (1.0 - r.weights[kBus]) * farthest + 1e-12);
  }
}

TEST_CASE("T = 1 is the standard formula: the weights are softmax of q·k / √d_k") {
  const CompareScene scene;
  const CompareResult r = lesson::ComputeCompare(scene);
  REQUIRE(r.ok);
  // Written out by hand from the definition, not through the attention core.
  double total = 0.0;
  double exps[lesson::kCompareKeyCount];
  for (size_t i = 0; i < scene.keys.size(); ++i) {
    const PlanePoint k = scene.keys[i].position;
    exps[i] = std::exp((scene.query.x * k.x + scene.query.y * k.y) / std::sqrt(2.0));
    total += exps[i];
  }
  for (size_t i = 0; i < scene.keys.size(); ++i) CHECK(r.weights[i] == doctest::Approx(exps[i] / total).epsilon(1e-12));
}

TEST_CASE(
    "below 1 the temperature sharpens the weights toward the best match; above 1 they flatten toward equal shares") {
  const PlanePoint query = CompareScene{}.query;
  const CompareResult standard = WithQuery(query, 1.0);
  CompareResult previous = WithQuery(query, lesson::kCompareTemperatureMin);
  CHECK(previous.strongest == standard.strongest);
  CHECK(MaxWeight(previous) > 0.9);
  for (double t = lesson::kCompareTemperatureMin + 0.05; t <= lesson::kCompareTemperatureMax + 1e-9; t += 0.05) {
    CAPTURE(t);
    const CompareResult now = WithQuery(query, t);
    CHECK(now.strongest == standard.strongest);  // the best match stays the best match
    CHECK(MaxWeight(now) < MaxWeight(previous));
    CHECK(MaxWeight(now) - MinWeight(now) < MaxWeight(previous) - MinWeight(previous));
    previous = now;
  }
  // At the slider's top every share is within 0.1 of an equal quarter.
  for (double w : previous.weights) CHECK(std::fabs(w - 0.25) < 0.1);
}

// compare.caption: "Aim the query at a key: it gets the most weight and pulls the output toward its
// value." From the scene as it opens, the query pointed along each key (at its
// opening length, and out to the key's tip) gives that key the most weight and brings the output
// nearer to that key's value than it was. (Not "the nearer it points, the more": turning toward
// the shop, its weight peaks just before the query points at it, and turning toward the tour the
// output passes 14 on its way to the shop's 17; this test found both.)
TEST_CASE("the caption's claim: the key the query points at gets the most weight, and the output moves toward its value") {
  lesson::TextStore store;
  lesson::LoadBuiltInText(store);
  const std::string caption = store.Get("compare.caption");
  REQUIRE(caption.find("Aim the query at a key: it gets the most weight") != std::string::npos);
  REQUIRE(caption.find("pulls the output toward its value") != std::string::npos);
  const CompareScene opened;
  const CompareResult start = WithQuery(opened.query);
  for (size_t k = 0; k < opened.keys.size(); ++k) {
    CAPTURE(k);
    const PlanePoint key = opened.keys[k].position;
    const double value = opened.keys[k].value;
    for (const double length : {Length(opened.query), Length(key)}) {
      CAPTURE(length);
      const CompareResult there = WithQuery(Polar(length, Angle(key)));
      CHECK(static_cast<size_t>(there.strongest) == k);
      CHECK(there.weights[k] > start.weights[k]);
      CHECK(std::fabs(there.combination.output - value) < std::fabs(start.combination.output - value));
    }
  }
}
