// The Compare scene's prediction: before the weights show, "Which key will get the most weight?".
// The learner picks a key on the strip under the picture. The answer is the key whose weight is the
// largest; softmax keeps the order of the scores, and scaling and temperature divide them all
// alike, so it is also the key with the largest q·k: the one reaching furthest along the query's
// direction, which the feedback says with both numbers (tests/unit/lesson_predictions_test.cpp
// checks it over the scene's numbers).
#include <algorithm>

#include "lesson/lesson_state.h"
#include "lesson/mirror_words.h"
#include "lesson/predictions/predictions.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

std::string KeyName(const LessonState&, int key) { return T("compare.key" + std::to_string(key)); }

std::string GuessWords(const LessonState& state, const Prediction& p) { return KeyName(state, p.pick); }

int Choices(const LessonState&) { return kCompareKeyCount; }

bool Judge(const LessonState& state, const Prediction& p, std::string* feedback) {
  const CompareResult result = ComputeCompare(state.compare);
  if (!result.ok || p.pick < 0 || p.pick >= kCompareKeyCount) {
    *feedback = T("mirror.compare.invalid");
    return false;
  }
  const size_t best = static_cast<size_t>(result.strongest);
  const size_t pick = static_cast<size_t>(p.pick);
  // A pick whose weight reads the same as the largest shares it: that is what the learner sees.
  const bool right = MirrorNumber(result.weights[pick]) == MirrorNumber(result.weights[best]);
  const size_t shown = right ? pick : best;
  const std::string name = KeyName(state, static_cast<int>(shown));
  *feedback = FillNumbers(T(right ? "predict.compare.strongest.right" : "predict.compare.strongest.wrong"),
                          {{"weight", result.weights[shown]},
                           {"dot", result.dot_products[shown]},
                           {"pick_weight", result.weights[pick]},
                           {"pick_dot", result.dot_products[pick]}},
                          {{"key", name}, {"pick", KeyName(state, p.pick)}});
  return right;
}

}  // namespace

const QuestionDef kCompareStrongestQuestion = {Question::CompareStrongest, "compare.strongest", Scene::Compare,
                                               QuestionKind::Pick, Choices, nullptr, GuessWords, Judge, nullptr, nullptr, nullptr};

}  // namespace lesson
