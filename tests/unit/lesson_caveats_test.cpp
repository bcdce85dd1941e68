// The Caveats scene's logic: removing (ablating) words, the output changes, the second layer.
// Expected numbers are worked out by hand in the comments; the preset's weights are 0.5, 0.25,
// 0.15, 0.1 (query A) and 0.1, 0.1, 0.7, 0.1 (query B) over the values 10, 4, 0, 50.

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "attention/attention.h"
#include "lesson/lesson_state.h"
#include "lesson/scenes/caveats/caveats.h"

namespace {

using doctest::Approx;
using lesson::CaveatsScene;

constexpr double kEps = 1e-9;

}  // namespace

TEST_CASE("the caveats preset gives query A weights 0.5, 0.25, 0.15, 0.1 and output 11") {
  const lesson::CaveatsPass pass = lesson::RunCaveatsFull(CaveatsScene{});
  CHECK(pass.a.weights[0] == Approx(0.5).epsilon(kEps));
  CHECK(pass.a.weights[1] == Approx(0.25).epsilon(kEps));
  CHECK(pass.a.weights[2] == Approx(0.15).epsilon(kEps));
  CHECK(pass.a.weights[3] == Approx(0.1).epsilon(kEps));
  // 10 × 0.5 + 4 × 0.25 + 0 × 0.15 + 50 × 0.1 = 5 + 1 + 0 + 5 = 11
  CHECK_FALSE(pass.a.combination.empty);
  CHECK(pass.a.combination.terms.size() == 4);
  CHECK(pass.a.combination.output == Approx(11.0).epsilon(kEps));
}

TEST_CASE("the caveats preset's second layer mixes 0.25 of A's output with 0.75 of B's") {
  const lesson::CaveatsPass pass = lesson::RunCaveatsFull(CaveatsScene{});
  CHECK(pass.b.weights[0] == Approx(0.1).epsilon(kEps));
  CHECK(pass.b.weights[1] == Approx(0.1).epsilon(kEps));
  CHECK(pass.b.weights[2] == Approx(0.7).epsilon(kEps));
  CHECK(pass.b.weights[3] == Approx(0.1).epsilon(kEps));
  // B: 10 × 0.1 + 4 × 0.1 + 0 × 0.7 + 50 × 0.1 = 1 + 0.4 + 0 + 5 = 6.4
  CHECK(pass.b.combination.output == Approx(6.4).epsilon(kEps));
  CHECK(pass.layer2_weights[0] == Approx(0.25).epsilon(kEps));
  CHECK(pass.layer2_weights[1] == Approx(0.75).epsilon(kEps));
  // 11 × 0.25 + 6.4 × 0.75 = 2.75 + 4.8 = 7.55
  REQUIRE(pass.final_output.terms.size() == 2);
  CHECK(pass.final_output.terms[0].value == Approx(11.0).epsilon(kEps));
  CHECK(pass.final_output.terms[1].value == Approx(6.4).epsilon(kEps));
  CHECK(pass.final_output.output == Approx(7.55).epsilon(kEps));
}

TEST_CASE("removing a word masks it and renormalizes the other weights") {
  CaveatsScene scene;
  REQUIRE(lesson::SetRemoved(scene, 0, true));
  const lesson::CaveatsPass pass = lesson::RunCaveats(scene);
  // The rest had 0.5 between them: 0.25 / 0.5, 0.15 / 0.5, 0.1 / 0.5.
  CHECK(pass.a.weights[0] == 0.0);
  CHECK(pass.a.weights[1] == Approx(0.5).epsilon(kEps));
  CHECK(pass.a.weights[2] == Approx(0.3).epsilon(kEps));
  CHECK(pass.a.weights[3] == Approx(0.2).epsilon(kEps));
  // 4 × 0.5 + 0 × 0.3 + 50 × 0.2 = 2 + 0 + 10 = 12, and the removed word has no term.
  CHECK(pass.a.combination.terms.size() == 3);
  CHECK(pass.a.combination.terms[0].position == 1);
  CHECK(pass.a.combination.output == Approx(12.0).epsilon(kEps));
}

TEST_CASE("removing two words leaves the other two sharing all the weight") {
  CaveatsScene scene;
  lesson::SetRemoved(scene, 0, true);
  lesson::SetRemoved(scene, 3, true);
  const lesson::CaveatsPass pass = lesson::RunCaveats(scene);
  // A: 0.25 / 0.4 = 0.625 and 0.15 / 0.4 = 0.375; 4 × 0.625 + 0 × 0.375 = 2.5
  CHECK(pass.a.weights[1] == Approx(0.625).epsilon(kEps));
  CHECK(pass.a.weights[2] == Approx(0.375).epsilon(kEps));
  CHECK(pass.a.combination.output == Approx(2.5).epsilon(kEps));
  // B: 0.1 / 0.8 = 0.125 and 0.7 / 0.8 = 0.875; 4 × 0.125 = 0.5
  CHECK(pass.b.combination.output == Approx(0.5).epsilon(kEps));
  // 2.5 × 0.25 + 0.5 × 0.75 = 0.625 + 0.375 = 1
  CHECK(pass.final_output.output == Approx(1.0).epsilon(kEps));
}

TEST_CASE("removing each word in turn moves query A's output by hand-computed amounts") {
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(CaveatsScene{});
  // Without word j the output is (11 − w_j v_j) / (1 − w_j):
  //   (11 − 5) / 0.5 = 12;  (11 − 1) / 0.75 = 40/3;  11 / 0.85 = 220/17;  (11 − 5) / 0.9 = 20/3
  const double without[4] = {12.0, 40.0 / 3.0, 220.0 / 17.0, 20.0 / 3.0};
  const double change[4] = {1.0, 7.0 / 3.0, 33.0 / 17.0, 13.0 / 3.0};
  for (int j = 0; j < 4; ++j) {
    CAPTURE(j);
    const lesson::AblationRow& row = rows[static_cast<size_t>(j)];
    CHECK(row.position == j);
    CHECK(row.output_a_without == Approx(without[j]).epsilon(kEps));
    CHECK(row.change_a.defined);
    CHECK(row.change_a.change == Approx(change[j]).epsilon(kEps));
  }
  CHECK(rows[0].value == 10.0);
  CHECK(rows[3].value == 50.0);
  CHECK(rows[0].weight_a == Approx(0.5).epsilon(kEps));
  CHECK(rows[3].weight_a == Approx(0.1).epsilon(kEps));
}

TEST_CASE("in the preset the largest weight moves the output least and a smaller weight moves it most") {
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(CaveatsScene{});
  const lesson::AblationSummary summary = lesson::Summarize(rows);
  CHECK(summary.largest_weight == 0);
  CHECK(summary.smallest_change_a == 0);
  CHECK(summary.largest_change_a == 3);
  // Checked directly too, not only through Summarize.
  for (int j = 1; j < 4; ++j) {
    CAPTURE(j);
    CHECK(rows[0].weight_a > rows[static_cast<size_t>(j)].weight_a);
    CHECK(rows[0].change_a.change < rows[static_cast<size_t>(j)].change_a.change);
  }
  CHECK(rows[3].weight_a < rows[1].weight_a);
  CHECK(rows[3].change_a.change > rows[1].change_a.change);
  CHECK(rows[3].change_a.change > rows[2].change_a.change);
}

TEST_CASE("through both layers a word's share is not its layer-1 weight") {
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(CaveatsScene{});
  // share = 0.25 × wA + 0.75 × wB:
  //   0.125 + 0.075 = 0.2;  0.0625 + 0.075 = 0.1375;  0.0375 + 0.525 = 0.5625;  0.025 + 0.075 = 0.1
  const double share[4] = {0.2, 0.1375, 0.5625, 0.1};
  // Final without word j = 0.25 × A without j + 0.75 × B without j:
  //   0.25 × 12 + 0.75 × 54/9 = 7.5;  0.25 × 40/3 + 0.75 × 60/9 = 25/3;
  //   0.25 × 220/17 + 0.75 × 6.4/0.3 = 327/17;  0.25 × 20/3 + 0.75 × 14/9 = 17/6
  const double final_without[4] = {7.5, 25.0 / 3.0, 327.0 / 17.0, 17.0 / 6.0};
  double share_sum = 0.0;
  for (int j = 0; j < 4; ++j) {
    CAPTURE(j);
    const lesson::AblationRow& row = rows[static_cast<size_t>(j)];
    CHECK(row.share_final == Approx(share[j]).epsilon(kEps));
    CHECK(row.final_without == Approx(final_without[j]).epsilon(kEps));
    CHECK(row.change_final.defined);
    CHECK(row.change_final.change == Approx(std::fabs(final_without[j] - 7.55)).epsilon(kEps));
    share_sum += row.share_final;
  }
  CHECK(share_sum == Approx(1.0).epsilon(kEps));
  const lesson::AblationSummary summary = lesson::Summarize(rows);
  CHECK(summary.largest_share_final == 2);
  CHECK(summary.largest_change_final == 2);
  CHECK(summary.largest_weight != summary.largest_change_final);
}

TEST_CASE("the shares through both layers reproduce the final output") {
  const CaveatsScene scene;
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(scene);
  // 10 × 0.2 + 4 × 0.1375 + 0 × 0.5625 + 50 × 0.1 = 2 + 0.55 + 0 + 5 = 7.55
  double total = 0.0;
  for (const lesson::AblationRow& row : rows) total += row.value * row.share_final;
  CHECK(total == Approx(7.55).epsilon(kEps));
}

TEST_CASE("removing every word gives no position available, never NaN") {
  CaveatsScene scene;
  for (int j = 0; j < 4; ++j) REQUIRE(lesson::SetRemoved(scene, j, true));
  const lesson::CaveatsPass pass = lesson::RunCaveats(scene);
  CHECK(pass.a.combination.empty);
  CHECK(pass.b.combination.empty);
  CHECK(pass.final_output.empty);
  CHECK(pass.a.combination.output == 0.0);
  CHECK(pass.final_output.output == 0.0);
  for (int j = 0; j < 4; ++j) {
    CHECK(pass.a.weights[static_cast<size_t>(j)] == 0.0);
    CHECK(pass.b.weights[static_cast<size_t>(j)] == 0.0);
  }
  CHECK(pass.layer2_weights[0] == 0.0);
  CHECK(pass.layer2_weights[1] == 0.0);
  CHECK(attention::FormatSum(pass.a.combination) == "no position available");
  CHECK(attention::FormatCombination(pass.final_output) == "no position available");

  const lesson::OutputChange change = lesson::Change(lesson::RunCaveatsFull(scene).a.combination, pass.a.combination);
  CHECK_FALSE(change.defined);
  CHECK(change.change == 0.0);
  CHECK_FALSE(std::isnan(change.change));
}

TEST_CASE("an output with nothing to combine gets no layer-2 weight and the other takes it all") {
  CaveatsScene scene;
  // Query B can see nothing (plain data set directly: every score -inf acts as masked).
  scene.scores_b.fill(-std::numeric_limits<double>::infinity());
  const lesson::CaveatsPass pass = lesson::RunCaveatsFull(scene);
  CHECK(pass.b.combination.empty);
  CHECK_FALSE(pass.a.combination.empty);
  CHECK(pass.layer2_weights[0] == 1.0);
  CHECK(pass.layer2_weights[1] == 0.0);
  REQUIRE(pass.final_output.terms.size() == 1);
  CHECK(pass.final_output.output == Approx(11.0).epsilon(kEps));
}

TEST_CASE("a layer-2 weight of 0 on B makes the final output query A's output") {
  CaveatsScene scene;
  REQUIRE(lesson::SetLayer2WeightB(scene, 0.0));
  const lesson::CaveatsPass pass = lesson::RunCaveatsFull(scene);
  CHECK(pass.layer2_weights[0] == 1.0);
  CHECK(pass.final_output.output == Approx(11.0).epsilon(kEps));
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(scene);
  CHECK(rows[0].share_final == Approx(0.5).epsilon(kEps));
  CHECK(rows[3].change_final.change == Approx(13.0 / 3.0).epsilon(kEps));
}

TEST_CASE("caveats setters refuse bad positions and non-finite numbers and clamp the rest") {
  CaveatsScene scene;
  CHECK_FALSE(lesson::SetRemoved(scene, -1, true));
  CHECK_FALSE(lesson::SetRemoved(scene, 4, true));
  CHECK_FALSE(lesson::ToggleRemoved(scene, 4));
  CHECK(scene.removed == lesson::CaveatsRemoved{});

  CHECK(lesson::ToggleRemoved(scene, 2));
  CHECK(scene.removed[2]);
  CHECK(lesson::ToggleRemoved(scene, 2));
  CHECK_FALSE(scene.removed[2]);

  CHECK_FALSE(lesson::SetLayer2WeightB(scene, std::nan("")));
  CHECK(scene.layer2_weight_b == 0.75);
  CHECK(lesson::SetLayer2WeightB(scene, 3.0));
  CHECK(scene.layer2_weight_b == 1.0);

  CHECK_FALSE(lesson::SetValue(scene, 0, std::numeric_limits<double>::infinity()));
  CHECK(scene.values[0] == 10.0);
  CHECK_FALSE(lesson::SetValue(scene, 7, 1.0));
  CHECK(lesson::SetValue(scene, 1, 1e9));
  CHECK(scene.values[1] == lesson::kCaveatsValueMax);

  CHECK_FALSE(lesson::SetScoreA(scene, 0, std::nan("")));
  CHECK(lesson::SetScoreA(scene, 0, -50.0));
  CHECK(scene.scores_a[0] == lesson::kCaveatsScoreMin);
  CHECK(lesson::SetScoreB(scene, 3, 2.5));
  CHECK(scene.scores_b[3] == 2.5);
  CHECK_FALSE(lesson::SetScoreB(scene, -2, 1.0));
}

TEST_CASE("restore all and reset bring the caveats scene back") {
  CaveatsScene scene;
  lesson::SetRemoved(scene, 1, true);
  lesson::SetRemoved(scene, 3, true);
  lesson::RestoreAll(scene);
  CHECK(scene.removed == lesson::CaveatsRemoved{});

  lesson::SetRemoved(scene, 1, true);
  lesson::SetEachInTurnShown(scene, true);
  lesson::SetLayer2WeightB(scene, 0.1);
  lesson::SetValue(scene, 0, -3.0);
  lesson::ResetCaveatsScene(scene);
  CHECK_FALSE(scene.removed[1]);
  CHECK_FALSE(scene.each_in_turn_shown);
  CHECK(scene.layer2_weight_b == 0.75);
  CHECK(scene.values[0] == 10.0);
}

TEST_CASE("resetting the caveats scene through the lesson state clears its highlight") {
  lesson::LessonState state;
  state.scene = lesson::Scene::Caveats;
  lesson::SetRemoved(state.caveats, 0, true);
  state.highlight = "caveats.ablation";
  lesson::ResetScene(state, lesson::Scene::Caveats);
  CHECK_FALSE(state.caveats.removed[0]);
  CHECK(state.highlight.empty());
}
