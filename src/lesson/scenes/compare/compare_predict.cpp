// The Compare scene's predictions (tests/unit/lesson_predictions_test.cpp checks their feedback
// over the scene's numbers).
//
// First, before the weights show, "Which key will get the most weight?". The learner picks a key on
// the strip under the picture. The answer is the key whose weight is the largest; softmax keeps
// the order of the scores, and scaling and temperature divide them all alike, so it is also the
// key with the largest q·k: the one reaching furthest along the query's direction, which the
// feedback says with both numbers.
//
// Then, once that is answered: "Make the query twice as long: will the output move toward the
// value of the key with the most weight, or away from it?". The reveal doubles the query. Every
// score doubles, so that key's weight always rises; the output usually follows it, but not always:
// another key's weight can rise too, or one whose value balanced the output from the other side
// can lose weight, and the feedback names the key that did it.
#include <algorithm>
#include <cmath>

#include "lesson/lesson_state.h"
#include "lesson/locale.h"
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

// [SECTION] A query twice as long

constexpr int kToward = 0;  // the choices: the output moves toward the top key's value, or away

// The doubling the question is about: from the query to twice it while the question is open, from
// half the query to it once revealed (the reveal doubled it).
CompareDoubling Doubling(const LessonState& state) {
  return DoubleQuery(state.compare, PredictionFor(state, Question::CompareLonger).outcome != Outcome::Open);
}

double TopValue(const LessonState& state, const CompareDoubling& d) {
  return state.compare.keys[static_cast<size_t>(d.top)].value;
}

TextFields LongerFields(const LessonState& state) {
  const CompareDoubling d = Doubling(state);
  if (!d.ok) return {{"value", "?"}, {"key", "?"}};
  return {{"value", Num(TopValue(state, d))}, {"key", KeyName(state, d.top)}};
}

std::string LongerWords(const LessonState& state, const Prediction& p) {
  return Fill(T(p.pick == kToward ? "predict.compare.longer.toward" : "predict.compare.longer.away"), LongerFields(state));
}

int LongerChoices(const LessonState&) { return 2; }

bool MovesToward(const LessonState& state, const CompareDoubling& d) {
  const double value = TopValue(state, d);
  return std::fabs(d.after.combination.output - value) < std::fabs(d.before.combination.output - value);
}

// Asked once the first question is answered or skipped, while twice the query stays in the plane,
// one key leads, and both its weight and the output's distance from its value change as shown.
bool LongerApplies(const LessonState& state) {
  const PlanePoint q = state.compare.query;
  if (PredictionFor(state, Question::CompareStrongest).outcome == Outcome::Open || std::fabs(q.x) > 0.5 * kComparePlaneLimit ||
      std::fabs(q.y) > 0.5 * kComparePlaneLimit) {
    return false;
  }
  const CompareDoubling d = Doubling(state);
  if (!d.ok) return false;
  const size_t top = static_cast<size_t>(d.top);
  const double value = TopValue(state, d);
  return Num(d.before.weights[top]) != Num(d.after.weights[top]) &&
         Num(std::fabs(d.before.combination.output - value)) != Num(std::fabs(d.after.combination.output - value));
}

bool LongerJudge(const LessonState& state, const Prediction& p, std::string* feedback) {
  const CompareDoubling d = Doubling(state);
  if (!d.ok) {
    *feedback = T(d.before.ok ? "predict.compare.longer.tie" : "mirror.compare.invalid");
    return false;
  }
  const size_t top = static_cast<size_t>(d.top);
  const double value = TopValue(state, d);
  const double o1 = d.after.combination.output;
  const bool toward = MovesToward(state, d);
  // Where the output moved away, the other keys' weights pulled it, each by its change of weight
  // times its value's distance from the top key's, counted the way the output went: the key that
  // pulled most is named.
  size_t most = top == 0 ? 1 : 0;
  double pull = -1e300;
  for (size_t i = 0; i < d.before.weights.size(); ++i) {
    const double by = (d.after.weights[i] - d.before.weights[i]) * (o1 >= value ? 1.0 : -1.0) *
                      (state.compare.keys[i].value - value);
    if (i != top && by > pull) {
      most = i;
      pull = by;
    }
  }
  const double x0 = d.before.weights[most];
  const double x1 = d.after.weights[most];
  const std::string text =
      toward ? T("predict.compare.longer.moved_toward")
             : T("predict.compare.longer.moved_away") + " " +
                   T(x1 > x0 ? "predict.compare.longer.gained" : "predict.compare.longer.lost");
  *feedback = FillNumbers(text,
                          {{"w0", d.before.weights[top]}, {"w1", d.after.weights[top]}, {"o0", d.before.combination.output},
                           {"o1", o1}, {"x0", x0}, {"x1", x1}, {"other_value", state.compare.keys[most].value}},
                          {{"key", KeyName(state, d.top)}, {"value", Num(value)}, {"other", KeyName(state, static_cast<int>(most))}});
  return (p.pick == kToward) == toward;
}

void LongerReveal(LessonState& state, bool revealed) {
  const double scale = revealed ? 2.0 : 0.5;
  SetQuery(state.compare, PlanePoint{state.compare.query.x * scale, state.compare.query.y * scale});
}

}  // namespace

const QuestionDef kCompareLongerQuestion = {Question::CompareLonger, "compare.longer", Scene::Compare,
                                            QuestionKind::Pick, LongerChoices, nullptr, LongerWords, LongerJudge,
                                            LongerApplies, LongerFields, LongerReveal};

const QuestionDef kCompareStrongestQuestion = {Question::CompareStrongest, "compare.strongest", Scene::Compare,
                                               QuestionKind::Pick, Choices, nullptr, GuessWords, Judge, nullptr, nullptr, nullptr};

}  // namespace lesson
