// The Mask scene's words, held to its numbers: lesson.txt's [mask] sentences that say what the
// weights do are checked here over the scene's sentence.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "lesson/scenes/mask/mask.h"

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
