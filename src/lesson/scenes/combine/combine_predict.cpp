// The Combine scene's prediction: before the balance point shows, "Where will the output land?".
// The learner drags a marker along the beam, between the two values (the weights sum to 1, so the
// output lies between them). The guess is right within a twentieth of the values' distance; the
// feedback gives the output, which way and how far the guess was off, and why the output is where
// it is: it sits the second weight's share of the way from the first value to the second
// (tests/unit/lesson_predictions_test.cpp checks it over the scene's numbers).
#include <algorithm>
#include <cmath>

#include "lesson/lesson_state.h"
#include "lesson/mirror_words.h"
#include "lesson/predictions/predictions.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

void Range(const LessonState& state, double* lo, double* hi) {
  *lo = std::min(state.combine.first_value, state.combine.second_value);
  *hi = std::max(state.combine.first_value, state.combine.second_value);
}

int Choices(const LessonState&) { return 1; }

std::string GuessWords(const LessonState&, const Prediction& p) { return MirrorNumber(p.value); }

// Two equal values leave nothing to guess: the output is that value whatever the weights.
bool Applies(const LessonState& state) {
  return std::isfinite(state.combine.first_value) && std::isfinite(state.combine.second_value) &&
         std::fabs(state.combine.second_value - state.combine.first_value) > 1e-9;
}

bool Judge(const LessonState& state, const Prediction& p, std::string* feedback) {
  const CombineScene& scene = state.combine;
  const attention::Combination combination = ComputeCombine(scene);
  if (!std::isfinite(combination.output) || combination.terms.size() != 2) {
    *feedback = T("mirror.combine.invalid");
    return false;
  }
  const double output = combination.output;
  const bool right = std::fabs(p.value - output) <= CombineGuessTolerance(scene);
  const char* key = right ? "predict.combine.output.right"
                          : output > p.value ? "predict.combine.output.higher" : "predict.combine.output.lower";
  *feedback = FillNumbers(T(key), {{"output", output},
                                   {"guess", p.value},
                                   {"gap", std::fabs(output - p.value)},
                                   {"first", scene.first_value},
                                   {"second", scene.second_value},
                                   {"first_weight", scene.first_weight},
                                   {"second_weight", scene.second_weight},
                                   {"first_product", combination.terms[0].product},
                                   {"second_product", combination.terms[1].product}});
  return right;
}

}  // namespace

double CombineGuessTolerance(const CombineScene& scene) {
  return 0.05 * std::fabs(scene.second_value - scene.first_value);
}

const QuestionDef kCombineOutputQuestion = {Question::CombineOutput, "combine.output", Scene::Combine,
                                            QuestionKind::Value, Choices, Range, GuessWords, Judge, Applies, nullptr, nullptr};

}  // namespace lesson
