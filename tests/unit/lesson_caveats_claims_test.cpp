// The caution's rules, held to the Caveats scene's numbers: "removing a word moves the output by
// its weight times the distance from its value to the output, divided by the weight the other
// words had" (caveats.why) and "with two values, weight and effect agree" (walkthrough step 5),
// each checked over many random scenes, not only the preset.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "lesson/scenes/caveats/caveats.h"

using lesson::CaveatsScene;
using lesson::kCaveatsPositions;

namespace {

CaveatsScene RandomScene(std::mt19937& random) {
  std::uniform_real_distribution<double> value(lesson::kCaveatsValueMin, lesson::kCaveatsValueMax);
  std::uniform_real_distribution<double> score(-4.0, 4.0);
  CaveatsScene scene;
  for (int i = 0; i < kCaveatsPositions; ++i) {
    REQUIRE(lesson::SetValue(scene, i, value(random)));
    REQUIRE(lesson::SetScoreA(scene, i, score(random)));
  }
  return scene;
}

}  // namespace

TEST_CASE(
    "removing a word moves the output by its weight times its value's distance from the output, over the weight left") {
  std::mt19937 random(7);
  for (int trial = 0; trial < 300; ++trial) {
    CAPTURE(trial);
    const CaveatsScene scene = RandomScene(random);
    const double output = lesson::RunCaveatsFull(scene).a.combination.output;
    for (const lesson::AblationRow& row : lesson::AblateEachInTurn(scene)) {
      CAPTURE(row.position);
      REQUIRE(row.change_a.defined);
      const double predicted = row.weight_a * std::fabs(row.value - output) / (1.0 - row.weight_a);
      CHECK(row.change_a.change == doctest::Approx(predicted).epsilon(1e-9));
    }
  }
}

TEST_CASE("with two values, the larger weight is also the larger effect of removing a value") {
  std::mt19937 random(11);
  for (int trial = 0; trial < 300; ++trial) {
    CAPTURE(trial);
    const CaveatsScene scene = RandomScene(random);
    // Words 3 and 4 out: words 1 and 2 are the only values, as in the worked example.
    lesson::CaveatsRemoved two_left = {false, false, true, true};
    const lesson::CaveatsPass both = lesson::RunCaveats(scene, two_left);
    lesson::CaveatsRemoved first_out = two_left, second_out = two_left;
    first_out[0] = true;
    second_out[1] = true;
    const lesson::OutputChange without_first =
        lesson::Change(both.a.combination, lesson::RunCaveats(scene, first_out).a.combination);
    const lesson::OutputChange without_second =
        lesson::Change(both.a.combination, lesson::RunCaveats(scene, second_out).a.combination);
    REQUIRE(without_first.defined);
    REQUIRE(without_second.defined);
    const double gap = std::fabs(scene.values[0] - scene.values[1]);
    // Each moves the output by its weight times the gap between the two values.
    CHECK(without_first.change == doctest::Approx(both.a.weights[0] * gap).epsilon(1e-9));
    CHECK(without_second.change == doctest::Approx(both.a.weights[1] * gap).epsilon(1e-9));
    if (gap > 1e-6 && std::fabs(both.a.weights[0] - both.a.weights[1]) > 1e-6) {
      CHECK((both.a.weights[0] > both.a.weights[1]) == (without_first.change > without_second.change));
    }
  }
}

TEST_CASE("with more values, weight and effect can part: in the preset the largest weight moves the output least") {
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(CaveatsScene{});
  const lesson::AblationSummary summary = lesson::Summarize(rows);
  CHECK(summary.largest_weight == summary.smallest_change_a);
  CHECK(summary.largest_change_a != summary.largest_weight);
}
