// The Combine scene's words, held to its numbers: "the output lands between the values, closer to
// the one with more weight" (combine.intro, combine.sum_tip), checked over many states.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "lesson/scenes/combine/combine.h"

TEST_CASE("the output lies between the two values, closer to the one with more weight") {
  std::mt19937 random(3);
  std::uniform_real_distribution<double> value(lesson::kCombineValueMin, lesson::kCombineValueMax);
  std::uniform_real_distribution<double> weight(0.0, 1.0);
  for (int trial = 0; trial < 500; ++trial) {
    CAPTURE(trial);
    lesson::CombineScene scene;
    REQUIRE(lesson::SetFirstValue(scene, value(random)));
    REQUIRE(lesson::SetSecondValue(scene, value(random)));
    REQUIRE(lesson::SetSecondWeight(scene, weight(random)));
    const double output = lesson::ComputeCombine(scene).output;
    CHECK(output >= std::min(scene.first_value, scene.second_value) - 1e-9);
    CHECK(output <= std::max(scene.first_value, scene.second_value) + 1e-9);
    const double to_first = std::fabs(output - scene.first_value);
    const double to_second = std::fabs(output - scene.second_value);
    if (scene.second_weight > scene.first_weight && scene.first_value != scene.second_value)
      CHECK(to_second < to_first);
    if (scene.first_weight > scene.second_weight && scene.first_value != scene.second_value)
      CHECK(to_first < to_second);
  }
}
