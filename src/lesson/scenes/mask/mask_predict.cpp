// The Mask scene's prediction: before the causal mask is on, "Which keys will the causal mask cut
// for “sat”?" (the query whose lines the picture draws). The learner taps keys on the picture's
// key column, any number of them. The answer is every key after the query's position: a
// next-token predictor's position may see itself and what came before it only. The reveal turns
// the causal mask on, so the learner sees those lines cut; the feedback names the keys it cut, the
// ones the learner left out, and the ones picked that the query still sees
// (tests/unit/lesson_predictions_test.cpp checks it against the scene's own mask).
#include <algorithm>
#include <vector>

#include "lesson/lesson_state.h"
#include "lesson/mirror_words.h"
#include "lesson/predictions/predictions.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

int Query(const LessonState& state) { return std::clamp(state.mask.query, 0, kMaskTokenCount - 1); }

int Choices(const LessonState&) { return kMaskTokenCount; }

// The keys a full causal mask cuts for the query: every one after it.
unsigned CutKeys(const LessonState& state) {
  unsigned cut = 0;
  for (int key = Query(state) + 1; key < kMaskTokenCount; ++key) cut |= 1u << key;
  return cut;
}

// "“on” (4), “the” (5) and “mat” (6)"; "none" for no key.
std::string Keys(unsigned keys) {
  std::vector<std::string> named;
  for (int key = 0; key < kMaskTokenCount; ++key) {
    if (keys & (1u << key)) {
      named.push_back(Fill(T("predict.mask.causal.key"), {{"token", MaskToken(key)}, {"pos", std::to_string(key + 1)}}));
    }
  }
  return named.empty() ? T("predict.mask.causal.no_keys") : MirrorList(named);
}

std::string GuessWords(const LessonState&, const Prediction& p) { return Keys(p.picks); }

bool Judge(const LessonState& state, const Prediction& p, std::string* feedback) {
  const unsigned cut = CutKeys(state);
  const TextFields query = {{"query", MaskToken(Query(state))}, {"pos", std::to_string(Query(state) + 1)}};
  std::vector<std::string> sentences = {
      cut == 0 ? Fill(T("predict.mask.causal.cuts_none"), query)
               : Fill(T("predict.mask.causal.cuts"), {query[0], query[1], {"keys", Keys(cut)}})};
  const unsigned missed = cut & ~p.picks;
  const unsigned extra = p.picks & ~cut;
  if (missed != 0) sentences.push_back(Fill(T("predict.mask.causal.missed"), {{"keys", Keys(missed)}}));
  if (extra != 0) sentences.push_back(Fill(T("predict.mask.causal.extra"), {query[0], {"keys", Keys(extra)}}));
  *feedback = MirrorSentences(sentences);
  return missed == 0 && extra == 0;
}

// Asked while the causal mask is off: once on, the picture shows the answer.
bool Applies(const LessonState& state) { return !state.mask.causal; }

TextFields Fields(const LessonState& state) { return {{"query", MaskToken(Query(state))}}; }

// The reveal is the mask itself: on over every row; asked again, off.
void Reveal(LessonState& state, bool revealed) {
  SetCausal(state.mask, revealed);
  if (revealed) SetCausalRows(state.mask, kMaskTokenCount);
}

}  // namespace

const QuestionDef kMaskCausalQuestion = {Question::MaskCausal, "mask.causal", Scene::Mask,  QuestionKind::Picks,
                                         Choices,           nullptr,       GuessWords,   Judge,
                                         Applies,           Fields,        Reveal};

}  // namespace lesson
