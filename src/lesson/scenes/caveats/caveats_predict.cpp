// The Caveats scene's prediction: before "remove each in turn" shows its results, "Removing which
// word moves the output most?". The learner taps a word's weight bar. The answer is the word whose
// removal alone moves query A's output furthest. Removing word i leaves the others' weights scaled
// up to sum to 1, so the output moves by w_i × |v_i − output| ÷ (1 − w_i): the move grows with the
// word's weight and with how far its value is from the output, which the feedback says with both
// words' numbers (tests/unit/lesson_predictions_test.cpp checks the formula and the feedback over
// the scene's numbers). The reveal is the scene's own "remove each in turn".
#include <algorithm>
#include <cmath>

#include "lesson/lesson_state.h"
#include "lesson/mirror_words.h"
#include "lesson/predictions/predictions.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

std::string Word(int position) { return T("caveats.word" + std::to_string(position + 1)); }

int Choices(const LessonState&) { return kCaveatsPositions; }

std::string GuessWords(const LessonState&, const Prediction& p) { return MirrorQuoted(Word(p.pick)); }

bool Judge(const LessonState& state, const Prediction& p, std::string* feedback) {
  const CaveatsAblation rows = AblateEachInTurn(state.caveats);
  const int most = Summarize(rows).largest_change_a;
  const CaveatsPass full = RunCaveatsFull(state.caveats);
  if (most < 0 || full.a.combination.empty || p.pick < 0 || p.pick >= kCaveatsPositions) {
    *feedback = T("mirror.caveats.no_output");
    return false;
  }
  const AblationRow& best = rows[static_cast<size_t>(most)];
  const AblationRow& pick = rows[static_cast<size_t>(p.pick)];
  // A word whose move reads the same as the largest shares it: that is what the learner sees.
  const bool right = pick.change_a.defined && MirrorNumber(pick.change_a.change) == MirrorNumber(best.change_a.change);
  const AblationRow& shown = right ? pick : best;
  *feedback = FillNumbers(T(right ? "predict.caveats.removal.right" : "predict.caveats.removal.wrong"),
                          {{"change", shown.change_a.change},
                           {"weight", shown.weight_a},
                           {"value", shown.value},
                           {"output", full.a.combination.output},
                           {"pick_weight", pick.weight_a},
                           {"pick_value", pick.value}},
                          {{"word", Word(shown.position)},
                           {"pick", Word(pick.position)},
                           {"pick_change", pick.change_a.defined ? MirrorNumber(pick.change_a.change) : T("widget.undefined")}});
  return right;
}

// Asked until the results show; "remove each in turn" is the reveal.
bool Applies(const LessonState& state) { return !state.caveats.each_in_turn_shown; }

void Reveal(LessonState& state, bool revealed) { SetEachInTurnShown(state.caveats, revealed); }

}  // namespace

const QuestionDef kCaveatsRemovalQuestion = {Question::CaveatsRemoval, "caveats.removal", Scene::Caveats,
                                             QuestionKind::Pick, Choices, nullptr, GuessWords, Judge, Applies,
                                             nullptr, Reveal};

}  // namespace lesson
