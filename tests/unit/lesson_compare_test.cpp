#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/scenes/compare/compare.h"

using doctest::Approx;
using lesson::CompareResult;
using lesson::CompareScene;
using lesson::PlanePoint;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
// √2 to 16 digits, written out rather than taken from the code under test.
constexpr double kSqrt2 = 1.4142135623730951;

}  // namespace

TEST_CASE("the scene opens on the bus question with keys for the paragraph's four sentences") {
  const CompareScene scene;
  CHECK(scene.query.x == 1.0);
  CHECK(scene.query.y == 0.0);
  CHECK(scene.keys[0].value == 9.0);   // museum opens at 9
  CHECK(scene.keys[1].value == 10.0);  // bus leaves at 10
  CHECK(scene.keys[2].value == 17.0);  // shop closes at 17
  CHECK(scene.keys[3].value == 14.0);  // tour starts at 14
  CHECK(scene.scaled);
  CHECK(scene.temperature == 1.0);
}

TEST_CASE("the opening scene's dot products, scaled scores and weights match the hand calculation") {
  const CompareResult r = lesson::ComputeCompare(CompareScene{});
  REQUIRE(r.ok);
  CHECK(r.divisor == Approx(kSqrt2));
  // q = (1, 0): museum (-1.5, 1), bus (1.5, 1.5), shop (1, -1.5), tour (-0.5, -1.5).
  CHECK(r.dot_products[0] == Approx(-1.5));
  CHECK(r.dot_products[1] == Approx(1.5));
  CHECK(r.dot_products[2] == Approx(1.0));
  CHECK(r.dot_products[3] == Approx(-0.5));
  CHECK(r.scores[0] == Approx(-1.0606602));
  CHECK(r.scores[1] == Approx(1.0606602));
  CHECK(r.scores[2] == Approx(0.7071068));
  CHECK(r.scores[3] == Approx(-0.3535534));
  // exp(scores) = 0.3462, 2.8883, 2.0281, 0.7022; their sum is 5.9648.
  CHECK(r.weights[0] == Approx(0.058045).epsilon(1e-4));
  CHECK(r.weights[1] == Approx(0.484220).epsilon(1e-5));
  CHECK(r.weights[2] == Approx(0.340013).epsilon(1e-5));
  CHECK(r.weights[3] == Approx(0.117722).epsilon(1e-5));
  CHECK(r.strongest == 1);
}

TEST_CASE("the output is the values combined by weight, every term kept") {
  const CompareResult r = lesson::ComputeCompare(CompareScene{});
  REQUIRE(r.ok);
  REQUIRE(r.combination.terms.size() == 4);
  CHECK(r.combination.terms[1].value == 10.0);
  CHECK(r.combination.terms[1].product == Approx(4.84220).epsilon(1e-5));
  CHECK(r.combination.terms[2].product == Approx(5.78023).epsilon(1e-5));
  // 9 × 0.0580 + 10 × 0.4842 + 17 × 0.3400 + 14 × 0.1177 = 12.7929
  CHECK(r.combination.output == Approx(12.792937).epsilon(1e-6));
}

TEST_CASE("turning scaling off leaves the dot products as the scores, √2 times the scaled ones") {
  CompareScene scene;
  const CompareResult scaled = lesson::ComputeCompare(scene);
  scene.scaled = false;
  const CompareResult unscaled = lesson::ComputeCompare(scene);
  REQUIRE(scaled.ok);
  REQUIRE(unscaled.ok);
  CHECK(unscaled.divisor == 1.0);
  CHECK(unscaled.scores[1] == 1.5);
  CHECK(unscaled.scores[3] == -0.5);
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
    const size_t k = static_cast<size_t>(i);
    CHECK(unscaled.scores[k] == Approx(scaled.scores[k] * kSqrt2).epsilon(1e-12));
  }
  // Larger score gaps give sharper weights: bus rises from 0.484 to 0.558.
  CHECK(unscaled.weights[1] == Approx(0.558144).epsilon(1e-5));
  CHECK(unscaled.weights[0] == Approx(0.027788).epsilon(1e-4));
}

TEST_CASE("a high temperature flattens the weights and a low one picks the bus sentence") {
  CompareScene scene;
  REQUIRE(lesson::SetTemperature(scene, 5.0));
  const CompareResult flat = lesson::ComputeCompare(scene);
  REQUIRE(flat.ok);
  CHECK(flat.weights[0] == Approx(0.195906).epsilon(1e-5));
  CHECK(flat.weights[1] == Approx(0.299435).epsilon(1e-5));
  CHECK(flat.weights[2] == Approx(0.278993).epsilon(1e-5));
  CHECK(flat.weights[3] == Approx(0.225666).epsilon(1e-5));
  CHECK(flat.softmax_inputs[1] == Approx(1.0606602 / 5.0));
  CHECK(flat.scores[1] == Approx(1.0606602));  // the temperature acts after the score

  REQUIRE(lesson::SetTemperature(scene, 0.1));
  const CompareResult sharp = lesson::ComputeCompare(scene);
  REQUIRE(sharp.ok);
  CHECK(sharp.weights[1] == Approx(0.971681).epsilon(1e-5));
  CHECK(sharp.combination.output == Approx(10.198228).epsilon(1e-6));  // the bus leaves at 10
}

TEST_CASE("moving the query toward a key gives that key the most weight") {
  CompareScene scene;
  REQUIRE(lesson::SetQuery(scene, PlanePoint{-1.5, 1.0}));  // onto the museum key
  const CompareResult r = lesson::ComputeCompare(scene);
  REQUIRE(r.ok);
  CHECK(r.strongest == 0);
  CHECK(r.weights[0] == Approx(0.884758).epsilon(1e-5));
  CHECK(r.combination.output == Approx(9.398994).epsilon(1e-6));
}

TEST_CASE("a query at the origin scores every key 0 and weighs them equally") {
  CompareScene scene;
  REQUIRE(lesson::SetQuery(scene, PlanePoint{0.0, 0.0}));
  const CompareResult r = lesson::ComputeCompare(scene);
  REQUIRE(r.ok);
  for (double w : r.weights) CHECK(w == Approx(0.25));
  CHECK(r.combination.output == Approx(12.5));  // (9 + 10 + 17 + 14) / 4
  CHECK(r.strongest == 0);                      // ties go to the first key
}

TEST_CASE("setters refuse non-finite numbers and leave the scene unchanged") {
  CompareScene scene;
  CHECK_FALSE(lesson::SetQuery(scene, PlanePoint{kNaN, 0.5}));
  CHECK_FALSE(lesson::SetQuery(scene, PlanePoint{0.5, kInf}));
  CHECK(scene.query.x == 1.0);
  CHECK(scene.query.y == 0.0);
  CHECK_FALSE(lesson::SetKeyPosition(scene, 2, PlanePoint{-kInf, 0.0}));
  CHECK(scene.keys[2].position.x == 1.0);
  CHECK_FALSE(lesson::SetTemperature(scene, kNaN));
  CHECK_FALSE(lesson::SetTemperature(scene, kInf));
  CHECK(scene.temperature == 1.0);
}

TEST_CASE("setters clamp positions to the plane and the temperature to the slider's range") {
  CompareScene scene;
  CHECK(lesson::SetQuery(scene, PlanePoint{7.0, -3.5}));
  CHECK(scene.query.x == 2.0);
  CHECK(scene.query.y == -2.0);
  CHECK(lesson::SetKeyPosition(scene, 3, PlanePoint{-9.0, 0.25}));
  CHECK(scene.keys[3].position.x == -2.0);
  CHECK(scene.keys[3].position.y == 0.25);
  CHECK(lesson::SetTemperature(scene, 0.0));
  CHECK(scene.temperature == 0.1);
  CHECK(lesson::SetTemperature(scene, 100.0));
  CHECK(scene.temperature == 5.0);
}

TEST_CASE("a key index outside the four keys is refused") {
  CompareScene scene;
  CHECK_FALSE(lesson::SetKeyPosition(scene, -1, PlanePoint{0.0, 0.0}));
  CHECK_FALSE(lesson::SetKeyPosition(scene, 4, PlanePoint{0.0, 0.0}));
  CHECK(scene.keys[0].position.x == -1.5);
}

TEST_CASE("a scene filled by hand with a NaN reports it and shows no numbers") {
  CompareScene scene;
  scene.keys[1].position.x = kNaN;
  const CompareResult r = lesson::ComputeCompare(scene);
  CHECK_FALSE(r.ok);
  CHECK(r.message == "keys[1][0] is NaN");
  for (double w : r.weights) CHECK(w == 0.0);
  CHECK(r.strongest == -1);
  CHECK(r.combination.terms.empty());
}

TEST_CASE("a temperature of 0 filled by hand is reported, not divided by") {
  CompareScene scene;
  scene.temperature = 0.0;
  const CompareResult r = lesson::ComputeCompare(scene);
  CHECK_FALSE(r.ok);
  CHECK_FALSE(r.message.empty());
  CHECK(r.combination.output == 0.0);
}

TEST_CASE("a dot product is written out term by term with true minus signs") {
  CHECK(lesson::FormatDotProduct(PlanePoint{1.0, 1.0}, PlanePoint{1.5, 1.0}) == "1 × 1.5 + 1 × 1 = 2.5");
  CHECK(lesson::FormatDotProduct(PlanePoint{1.0, 1.0}, PlanePoint{-0.5, 1.5}) == "1 × (−0.5) + 1 × 1.5 = 1");
  CHECK(lesson::FormatDotProduct(PlanePoint{-1.0, 0.5}, PlanePoint{2.0, -2.0}) == "−1 × 2 + 0.5 × (−2) = −3");
  CHECK(lesson::FormatPoint(PlanePoint{1.25, -0.5}) == "(1.25, −0.5)");
}

TEST_CASE("resetting the scene restores the opening numbers and clears the highlight") {
  lesson::LessonState state;
  REQUIRE(lesson::SetQuery(state.compare, PlanePoint{-2.0, -2.0}));
  REQUIRE(lesson::SetTemperature(state.compare, 3.0));
  state.compare.scaled = false;
  state.highlight = "compare.weights";
  lesson::ResetScene(state, lesson::Scene::Compare);
  CHECK(state.compare.query.x == 1.0);
  CHECK(state.compare.query.y == 0.0);
  CHECK(state.compare.temperature == 1.0);
  CHECK(state.compare.scaled);
  CHECK(state.highlight.empty());
}

TEST_CASE("the built-in text names every key and holds every line the Compare panel shows") {
  lesson::TextStore store;
  lesson::LoadBuiltInText(store);
  const char* keys[] = {"compare.title",
                        "compare.intro",
                        "compare.paragraph_label",
                        "compare.paragraph",
                        "compare.question_label",
                        "compare.question",
                        "compare.vectors_note",
                        "compare.try",
                        "compare.key0",
                        "compare.key1",
                        "compare.key2",
                        "compare.key3",
                        "compare.query",
                        "compare.output_readout",
                        "compare.plane_label",
                        "compare.keyboard_hint",
                        "compare.scores_title",
                        "compare.scaling",
                        "compare.formula_scaled",
                        "compare.formula_unscaled",
                        "compare.column_key",
                        "compare.column_dot",
                        "compare.column_score",
                        "compare.scaling_note",
                        "compare.weights_title",
                        "compare.weights_formula",
                        "compare.temperature",
                        "compare.temperature_note",
                        "compare.output_title",
                        "compare.column_value",
                        "compare.column_weight",
                        "compare.column_product",
                        "compare.output_sum",
                        "compare.output_note",
                        "compare.caution",
                        "compare.bad_state",
                        "compare.reset"};
  for (const char* key : keys) {
    CAPTURE(key);
    CHECK(store.Has(key));
  }
  CHECK(store.Get("compare.key1") == "bus");
  CHECK(store.Get("compare.question") == "When does the bus leave?");
}
