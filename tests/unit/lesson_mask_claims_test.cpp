// The Mask scene's words, held to its numbers: lesson.txt's [mask] sentences that say what the
// weights do (and the caption over its picture) are checked here over the scene's sentence.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "lesson/builtin_text.h"
#include "lesson/scenes/mask/mask.h"
#include "lesson/text_store.h"

using lesson::kMaskTokenCount;
using lesson::kMaskWordCount;
using lesson::MaskScene;

namespace {

double RowDifference(const attention::Result& r, int a, int b) {
  double most = 0.0;
  for (int col = 0; col < kMaskTokenCount; ++col)
    most = std::fmax(most, std::fabs(r.weights(a, col) - r.weights(b, col)));
  return most;
}

// The two positions of "the": the sentence is "the cat sat on the mat".
constexpr int kFirstThe = 0;
constexpr int kSecondThe = 4;

}  // namespace

TEST_CASE("both 'the' tokens are the same token: with no mask their rows are identical") {
  REQUIRE(std::string(lesson::MaskToken(kFirstThe)) == "the");
  REQUIRE(std::string(lesson::MaskToken(kSecondThe)) == "the");
  MaskScene scene;
  lesson::ResetMaskScene(scene);
  CHECK(RowDifference(lesson::MaskWeights(scene), kFirstThe, kSecondThe) == 0.0);
  lesson::SetPadding(scene, true);  // the padding mask treats every row alike: still identical
  CHECK(RowDifference(lesson::MaskWeights(scene), kFirstThe, kSecondThe) == 0.0);
}

TEST_CASE("only the causal mask tells the two 'the' rows apart: the second may look at more of the sentence") {
  MaskScene scene;
  lesson::ResetMaskScene(scene);
  lesson::SetCausal(scene, true);
  const attention::Result r = lesson::MaskWeights(scene);
  CHECK(RowDifference(r, kFirstThe, kSecondThe) > 0.1);
  int open_first = 0, open_second = 0;
  for (int col = 0; col < kMaskTokenCount; ++col) {
    open_first += r.allowed(kFirstThe, col) ? 1 : 0;
    open_second += r.allowed(kSecondThe, col) ? 1 : 0;
  }
  CHECK(open_second > open_first);
}

TEST_CASE("without the causal mask every word's row leaks weight onto later positions; with it, none") {
  MaskScene scene;
  lesson::ResetMaskScene(scene);
  for (int row = 0; row < kMaskWordCount - 1; ++row) {
    CAPTURE(row);
    lesson::SetFutureRow(scene, row);
    lesson::SetCausal(scene, false);
    const lesson::FutureLook open = lesson::LookAhead(scene, lesson::MaskWeights(scene));
    CHECK(open.next_weight > 0.0);
    CHECK(open.future_weight >= open.next_weight);
    lesson::SetCausal(scene, true);
    const attention::Result masked = lesson::MaskWeights(scene);
    const lesson::FutureLook closed = lesson::LookAhead(scene, masked);
    CHECK(closed.next_weight == 0.0);
    CHECK(closed.future_weight == 0.0);
    double row_sum = 0.0;  // the row still sums to 1 over what it may see
    for (int col = 0; col < kMaskTokenCount; ++col) row_sum += masked.weights(row, col);
    CHECK(row_sum == doctest::Approx(1.0).epsilon(1e-12));
  }
}

TEST_CASE("a mask gives its positions weight 0 and the rest of the row renormalizes, keeping their ratios") {
  MaskScene scene;
  lesson::ResetMaskScene(scene);
  const attention::Result open = lesson::MaskWeights(scene);
  lesson::SetPadding(scene, true);
  const attention::Result padded = lesson::MaskWeights(scene);
  for (int row = 0; row < kMaskTokenCount; ++row) {
    CAPTURE(row);
    double kept = 0.0;
    for (int col = 0; col < kMaskWordCount; ++col) kept += open.weights(row, col);
    for (int col = 0; col < kMaskTokenCount; ++col) {
      if (col >= kMaskWordCount) {
        CHECK(padded.weights(row, col) == 0.0);
      } else {
        CHECK(padded.weights(row, col) == doctest::Approx(open.weights(row, col) / kept).epsilon(1e-12));
      }
    }
  }
}

// mask.caption: "A mask cuts the lines to the positions it hides; the other lines thicken so the
// weights still sum to 1." The picture draws a line from a query to each key as thick as its
// weight, none to a masked key. For every query row and every mask the scene has (causal,
// padding, both, a cell of the learner's): the hidden keys get weight 0 (no line); every key left
// open gets more weight than before (a thicker line), since what the hidden keys had is shared
// out; and the row still sums to 1. A row the mask leaves alone keeps its weights.
TEST_CASE("the caption's claim: a mask cuts the lines to what it hides, and the other lines thicken to sum to 1") {
  lesson::TextStore store;
  lesson::LoadBuiltInText(store);
  const std::string caption = store.Get("mask.caption");
  REQUIRE(caption.find("cuts the lines to the positions it hides") != std::string::npos);
  REQUIRE(caption.find("other lines thicken") != std::string::npos);
  REQUIRE(caption.find("sum to 1") != std::string::npos);

  struct Case {
    const char* name;
    void (*apply)(MaskScene&);
  };
  const Case cases[] = {
      {"causal", [](MaskScene& s) { lesson::SetCausal(s, true); }},
      {"padding", [](MaskScene& s) { lesson::SetPadding(s, true); }},
      {"both", [](MaskScene& s) {
         lesson::SetCausal(s, true);
         lesson::SetPadding(s, true);
       }},
      {"a cell of each row", [](MaskScene& s) {
         for (int row = 0; row < kMaskTokenCount; ++row) lesson::SetCellBlocked(s, row, (row + 5) % kMaskTokenCount, true);
       }},
  };
  MaskScene open;
  lesson::ResetMaskScene(open);
  const attention::Result before = lesson::MaskWeights(open);
  int thickened = 0;
  for (const Case& c : cases) {
    CAPTURE(c.name);
    MaskScene scene;
    lesson::ResetMaskScene(scene);
    c.apply(scene);
    const attention::Result after = lesson::MaskWeights(scene);
    for (int row = 0; row < kMaskTokenCount; ++row) {
      CAPTURE(row);
      REQUIRE_FALSE(after.RowIsEmpty(row));
      int hidden = 0;
      double sum = 0.0;
      for (int col = 0; col < kMaskTokenCount; ++col) {
        if (lesson::MaskedBy(scene, row, col).Any()) {
          ++hidden;
          CHECK_FALSE(after.allowed(row, col));
          CHECK(after.weights(row, col) == 0.0);
        }
        sum += after.weights(row, col);
      }
      CHECK(sum == doctest::Approx(1.0).epsilon(1e-12));
      for (int col = 0; col < kMaskTokenCount; ++col) {
        if (lesson::MaskedBy(scene, row, col).Any()) continue;
        CAPTURE(col);
        if (hidden > 0) {
          CHECK(after.weights(row, col) > before.weights(row, col));
          ++thickened;
        } else {
          CHECK(after.weights(row, col) == before.weights(row, col));
        }
      }
    }
  }
  CHECK(thickened > 50);  // the claim is about many lines, not a corner case
}
