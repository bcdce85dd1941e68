// The Mask scene's state and logic: toggles, clicked cells, empty rows, the look-ahead demo.
// Expected weights are worked out by hand from the query/key table in mask_scene.h:
// score = q·k / √2, weight = e^score / Σ e^score over the open positions.

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lesson/scenes/mask/mask.h"

namespace {

using lesson::CellToggle;
using lesson::kMaskTokenCount;
using lesson::kMaskWordCount;
using lesson::MaskScene;

double RowSum(const attention::Result& result, int row) {
  double sum = 0.0;
  for (int col = 0; col < kMaskTokenCount; ++col) sum += result.weights(row, col);
  return sum;
}

bool AllFinite(const attention::Matrix& m) {
  for (double x : m.data) {
    if (!std::isfinite(x)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("the mask scene opens with both masks off, no cell masked and the demo closed") {
  const MaskScene scene;
  CHECK_FALSE(scene.causal);
  CHECK_FALSE(scene.padding);
  CHECK_FALSE(scene.future_demo);
  CHECK(scene.future_row == 0);
  CHECK(scene.refused_row == -1);
  for (int row = 0; row < kMaskTokenCount; ++row) {
    for (int col = 0; col < kMaskTokenCount; ++col) CHECK_FALSE(lesson::MaskedBy(scene, row, col).Any());
  }
  const attention::Result result = lesson::MaskWeights(scene);
  REQUIRE(result.weights.rows == kMaskTokenCount);
  REQUIRE(result.weights.cols == kMaskTokenCount);
  CHECK(result.empty_rows.empty());
  for (int row = 0; row < kMaskTokenCount; ++row) {
    CHECK(RowSum(result, row) == doctest::Approx(1.0));
    for (int col = 0; col < kMaskTokenCount; ++col) CHECK(result.weights(row, col) > 0.0);
  }
}

TEST_CASE("the sentence is six words and two pad tokens") {
  CHECK(std::string(lesson::MaskToken(0)) == "the");
  CHECK(std::string(lesson::MaskToken(1)) == "cat");
  CHECK(std::string(lesson::MaskToken(5)) == "mat");
  CHECK(std::string(lesson::MaskToken(6)) == "<pad>");
  CHECK(std::string(lesson::MaskToken(7)) == "<pad>");
  CHECK(std::string(lesson::MaskToken(8)).empty());
  CHECK(std::string(lesson::MaskToken(-1)).empty());
  CHECK_FALSE(lesson::IsPadPosition(5));
  CHECK(lesson::IsPadPosition(6));
  CHECK(lesson::IsPadPosition(7));
  CHECK_FALSE(lesson::IsPadPosition(8));
}

TEST_CASE("the causal mask zeroes the upper triangle and every row still sums to 1") {
  MaskScene scene;
  lesson::SetCausal(scene, true);
  const attention::Result result = lesson::MaskWeights(scene);
  REQUIRE(result.weights.rows == kMaskTokenCount);
  CHECK(result.empty_rows.empty());
  for (int row = 0; row < kMaskTokenCount; ++row) {
    CHECK(RowSum(result, row) == doctest::Approx(1.0));
    for (int col = 0; col < kMaskTokenCount; ++col) {
      if (col > row) {
        CHECK(result.weights(row, col) == 0.0);
        CHECK_FALSE(result.allowed(row, col));
        CHECK(lesson::MaskedBy(scene, row, col).causal);
      } else {
        CHECK(result.weights(row, col) > 0.0);
        CHECK_FALSE(lesson::MaskedBy(scene, row, col).causal);
      }
    }
  }
  // The first position sees only itself.
  CHECK(result.weights(0, 0) == doctest::Approx(1.0));

  lesson::SetCausal(scene, false);
  CHECK(lesson::MaskWeights(scene).weights(0, 7) > 0.0);
}

TEST_CASE("the padding mask excludes the pad keys and the words renormalize") {
  MaskScene scene;
  lesson::SetPadding(scene, true);
  const attention::Problem problem = lesson::MaskProblem(scene);
  CHECK(problem.valid_lengths == std::vector<int>(kMaskTokenCount, kMaskWordCount));
  CHECK_FALSE(problem.causal);
  CHECK(problem.mask.Empty());

  const attention::Result result = lesson::MaskWeights(scene);
  for (int row = 0; row < kMaskTokenCount; ++row) {
    CHECK(result.weights(row, 6) == 0.0);
    CHECK(result.weights(row, 7) == 0.0);
    CHECK(RowSum(result, row) == doctest::Approx(1.0));
    for (int col = 0; col < kMaskWordCount; ++col) CHECK(result.weights(row, col) > 0.0);
  }
  CHECK(lesson::MaskedBy(scene, 0, 6).padding);
  CHECK_FALSE(lesson::MaskedBy(scene, 0, 5).padding);

  // Row "the" (q = (2, 0)) against the words' keys: q·k = 0, 4, 2, 0, 0, 4, so scores
  // 0, 2.8284, 1.4142, 0, 0, 2.8284; e^score = 1, 16.919, 4.1133, 1, 1, 16.919; sum 40.951.
  // "cat": 16.919 / 40.951 = 0.4131 (it was 0.3440 with the pads open, see the look-ahead test).
  CHECK(result.weights(0, 1) == doctest::Approx(0.41315).epsilon(1e-4));
  CHECK(result.weights(0, 0) == doctest::Approx(0.024419).epsilon(1e-4));
}

TEST_CASE("hand-checked weights for the row of cat") {
  MaskScene scene;
  SUBCASE("with the causal mask: the and cat only") {
    // q = (1, 1); keys the (0, 1), cat (2, 0): q·k = 1, 2; scores 0.70711, 1.41421.
    // weight(the) = 1 / (1 + e^0.70711) = 1 / (1 + 2.02811) = 0.33024; weight(cat) = 0.66976.
    lesson::SetCausal(scene, true);
    const attention::Result result = lesson::MaskWeights(scene);
    CHECK(result.weights(1, 0) == doctest::Approx(0.33024).epsilon(1e-4));
    CHECK(result.weights(1, 1) == doctest::Approx(0.66976).epsilon(1e-4));
  }
  SUBCASE("with the padding mask: the six words") {
    // q·k = 1, 2, 3, 2, 1, 3; e^(q·k/√2) = 2.0281, 4.1133, 8.3422, 4.1133, 2.0281, 8.3422;
    // sum 28.967: 0.0700, 0.1420, 0.2880, 0.1420, 0.0700, 0.2880.
    lesson::SetPadding(scene, true);
    const attention::Result result = lesson::MaskWeights(scene);
    const double expected[kMaskWordCount] = {0.070015, 0.141998, 0.287988, 0.141998, 0.070015, 0.287988};
    for (int col = 0; col < kMaskWordCount; ++col) {
      CAPTURE(col);
      CHECK(result.weights(1, col) == doctest::Approx(expected[col]).epsilon(1e-4));
    }
  }
}

TEST_CASE("clicking a cell masks it, its row renormalizes, and clicking again unmasks it") {
  MaskScene scene;
  lesson::SetCausal(scene, true);
  // Row cat sees the (0.33) and cat (0.67); masking "the" leaves cat with everything.
  CHECK(lesson::ToggleCell(scene, 1, 0) == CellToggle::Masked);
  CHECK(lesson::MaskedBy(scene, 1, 0).learner);
  attention::Result result = lesson::MaskWeights(scene);
  CHECK(result.weights(1, 0) == 0.0);
  CHECK(result.weights(1, 1) == doctest::Approx(1.0));
  CHECK(lesson::MaskProblem(scene).mask.rows == kMaskTokenCount);
  // Other rows are untouched: row sat still gives "the" weight.
  CHECK(result.weights(2, 0) > 0.0);

  CHECK(lesson::ToggleCell(scene, 1, 0) == CellToggle::Unmasked);
  CHECK_FALSE(lesson::MaskedBy(scene, 1, 0).learner);
  result = lesson::MaskWeights(scene);
  CHECK(result.weights(1, 0) == doctest::Approx(0.33024).epsilon(1e-4));
  CHECK(lesson::MaskProblem(scene).mask.Empty());
}

TEST_CASE("masking the only open cell of a row leaves an empty row with no NaN") {
  MaskScene scene;
  lesson::SetCausal(scene, true);
  CHECK(lesson::ToggleCell(scene, 0, 0) == CellToggle::Masked);
  const attention::Result result = lesson::MaskWeights(scene);
  REQUIRE(result.empty_rows.size() == 1);
  CHECK(result.empty_rows[0] == 0);
  CHECK(result.RowIsEmpty(0));
  CHECK(RowSum(result, 0) == 0.0);
  CHECK(AllFinite(result.weights));
  CHECK(AllFinite(result.outputs));
  // The other rows are unaffected and still sum to 1.
  for (int row = 1; row < kMaskTokenCount; ++row) CHECK(RowSum(result, row) == doctest::Approx(1.0));

  const lesson::FutureLook look = lesson::LookAhead(scene, result);
  CHECK(look.row_empty);
  CHECK(look.next_weight == 0.0);
  CHECK(look.future_weight == 0.0);
}

TEST_CASE("masking every cell leaves every row empty, still without NaN") {
  MaskScene scene;
  for (int row = 0; row < kMaskTokenCount; ++row) {
    for (int col = 0; col < kMaskTokenCount; ++col) CHECK(lesson::SetCellBlocked(scene, row, col, true));
  }
  const attention::Result result = lesson::MaskWeights(scene);
  CHECK(result.empty_rows.size() == static_cast<size_t>(kMaskTokenCount));
  CHECK(AllFinite(result.weights));
  CHECK(AllFinite(result.outputs));
  lesson::ClearBlockedCells(scene);
  CHECK(lesson::MaskWeights(scene).empty_rows.empty());
}

TEST_CASE("a click on a cell that a toggle mask hides is refused and the note names it") {
  MaskScene scene;
  lesson::SetCausal(scene, true);
  CHECK(lesson::ToggleCell(scene, 0, 3) == CellToggle::HiddenByCausal);
  CHECK_FALSE(lesson::MaskedBy(scene, 0, 3).learner);
  CHECK(scene.refused_row == 0);
  CHECK(scene.refused_col == 3);

  lesson::SetPadding(scene, true);  // any change clears the note
  CHECK(scene.refused_row == -1);
  CHECK(scene.refused_col == -1);

  CHECK(lesson::ToggleCell(scene, 7, 6) == CellToggle::HiddenByPadding);
  CHECK(scene.refused_row == 7);
  // A cell the learner may toggle clears the note.
  CHECK(lesson::ToggleCell(scene, 7, 0) == CellToggle::Masked);
  CHECK(scene.refused_row == -1);
}

TEST_CASE("cells out of range change nothing") {
  MaskScene scene;
  CHECK(lesson::ToggleCell(scene, -1, 0) == CellToggle::OutOfRange);
  CHECK(lesson::ToggleCell(scene, 0, kMaskTokenCount) == CellToggle::OutOfRange);
  CHECK(lesson::ToggleCell(scene, kMaskTokenCount, 0) == CellToggle::OutOfRange);
  CHECK_FALSE(lesson::SetCellBlocked(scene, 0, -1, true));
  CHECK_FALSE(lesson::MaskedBy(scene, 99, 99).Any());
  CHECK(lesson::MaskProblem(scene).mask.Empty());
  CHECK(scene.refused_row == -1);
}

TEST_CASE("without the causal mask a position draws on the token it must predict; with it, not at all") {
  MaskScene scene;
  lesson::SetFutureDemo(scene, true);
  lesson::SetFutureRow(scene, 0);
  // Row "the" with every position open: q·k = 0, 4, 2, 0, 0, 4, 2, 2; e^(q·k/√2) = 1, 16.919,
  // 4.1133, 1, 1, 16.919, 4.1133, 4.1133; sum 49.178. Weight on "cat" 16.919 / 49.178 = 0.3440;
  // on every later position together 1 - 1 / 49.178 = 0.9797.
  lesson::FutureLook look = lesson::LookAhead(scene, lesson::MaskWeights(scene));
  CHECK(look.row == 0);
  CHECK(look.next == 1);
  CHECK_FALSE(look.row_empty);
  CHECK(look.next_weight == doctest::Approx(0.34404).epsilon(1e-4));
  CHECK(look.future_weight == doctest::Approx(0.97967).epsilon(1e-4));

  lesson::SetCausal(scene, true);
  look = lesson::LookAhead(scene, lesson::MaskWeights(scene));
  CHECK(look.next_weight == 0.0);
  CHECK(look.future_weight == 0.0);

  // Every word position that has a next word shows the same: open without the mask, 0 with it.
  for (int row = 0; row <= kMaskWordCount - 2; ++row) {
    CAPTURE(row);
    lesson::SetFutureRow(scene, row);
    lesson::SetCausal(scene, false);
    CHECK(lesson::LookAhead(scene, lesson::MaskWeights(scene)).next_weight > 0.0);
    lesson::SetCausal(scene, true);
    CHECK(lesson::LookAhead(scene, lesson::MaskWeights(scene)).next_weight == 0.0);
  }
}

TEST_CASE("the look-ahead position stays on a word whose next token is a word") {
  MaskScene scene;
  lesson::SetFutureRow(scene, 3);
  CHECK(scene.future_row == 3);
  lesson::SetFutureRow(scene, 99);
  CHECK(scene.future_row == kMaskWordCount - 2);
  lesson::SetFutureRow(scene, -5);
  CHECK(scene.future_row == 0);
  // A hand-edited out-of-range row is read clamped, never past the sentence.
  scene.future_row = 42;
  const lesson::FutureLook look = lesson::LookAhead(scene, lesson::MaskWeights(scene));
  CHECK(look.row == kMaskWordCount - 2);
  CHECK(look.next == kMaskWordCount - 1);
}

TEST_CASE("the look-ahead of a result that is not the scene's shape reports an empty row") {
  const MaskScene scene;
  const lesson::FutureLook look = lesson::LookAhead(scene, attention::Result{});
  CHECK(look.row_empty);
  CHECK(look.next_weight == 0.0);
}

TEST_CASE("reset restores the documented defaults") {
  MaskScene scene;
  lesson::SetCausal(scene, true);
  lesson::SetPadding(scene, true);
  lesson::SetFutureDemo(scene, true);
  lesson::SetFutureRow(scene, 3);
  lesson::ToggleCell(scene, 2, 1);
  lesson::ToggleCell(scene, 0, 5);
  lesson::ResetMaskScene(scene);
  CHECK_FALSE(scene.causal);
  CHECK_FALSE(scene.padding);
  CHECK_FALSE(scene.future_demo);
  CHECK(scene.future_row == 0);
  CHECK(scene.refused_row == -1);
  CHECK_FALSE(lesson::MaskedBy(scene, 2, 1).learner);
}
