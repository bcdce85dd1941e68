// The Caveats scene's module: its description for the accessible mirror, its number table and
// its URL parameters.
#include <algorithm>
#include <cmath>

#include "lesson/lesson_state.h"
#include "lesson/mirror_words.h"
#include "lesson/scene_params.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

std::string Word(int position) { return T("caveats.word" + std::to_string(position + 1)); }

bool Usable(const CaveatsScene& scene) {
  const auto finite = [](const CaveatsNumbers& numbers) {
    return std::all_of(numbers.begin(), numbers.end(), [](double x) { return std::isfinite(x); });
  };
  return finite(scene.values) && finite(scene.scores_a) && finite(scene.scores_b) &&
         std::isfinite(scene.layer2_weight_b);
}

std::string OutputText(const attention::Combination& combination) {
  return combination.empty ? T("mirror.caveats.no_output_short") : MirrorNumber(combination.output);
}

std::string Describe(const LessonState& state) {
  const CaveatsScene& scene = state.caveats;
  if (!Usable(scene)) return T("mirror.caveats.invalid");
  std::vector<std::string> removed;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    if (scene.removed[static_cast<size_t>(j)]) removed.push_back(MirrorQuoted(Word(j)));
  }
  std::vector<std::string> sentences;
  sentences.push_back(removed.empty() ? T("mirror.caveats.none_removed")
                                      : Fill(T("mirror.caveats.removed"), {{"words", MirrorList(removed)}}));

  const CaveatsPass full = RunCaveatsFull(scene);
  const CaveatsPass now = RunCaveats(scene);
  if (now.a.combination.empty) {
    sentences.push_back(T("mirror.caveats.no_output"));
  } else if (removed.empty()) {
    sentences.push_back(Fill(T("mirror.caveats.output"), {{"output", MirrorNumber(now.a.combination.output)}}));
  } else {
    const OutputChange change = Change(full.a.combination, now.a.combination);
    sentences.push_back(Fill(T("mirror.caveats.output_changed"), {{"change", MirrorNumber(change.change)},
                                                                  {"now", MirrorNumber(now.a.combination.output)},
                                                                  {"before", OutputText(full.a.combination)}}));
  }
  // The ablation stays hidden until the learner asks for it, so there is a moment to guess.
  if (scene.each_in_turn_shown) {
    const CaveatsAblation rows = AblateEachInTurn(scene);
    const int most = Summarize(rows).largest_change_a;
    if (most >= 0) {
      sentences.push_back(
          Fill(T("mirror.caveats.biggest"), {{"change", MirrorNumber(rows[static_cast<size_t>(most)].change_a.change)},
                                             {"word", MirrorQuoted(Word(most))}}));
    }
  }
  if (Asking(state, Question::CaveatsRemoval)) sentences.push_back(DescribeAsking(state, Question::CaveatsRemoval));
  return MirrorSentences(sentences);
}

MirrorTable Table(const LessonState& state) {
  const CaveatsScene& scene = state.caveats;
  const bool usable = Usable(scene);
  MirrorTable table;
  table.columns = {T("mirror.col.word"), T("mirror.col.value"), T("mirror.col.weight"), T("mirror.col.change")};
  if (usable) {
    const CaveatsPass now = RunCaveats(scene);
    table.caption = Fill(T("mirror.caveats.caption"),
                         {{"output", OutputText(now.a.combination)}, {"final", OutputText(now.final_output)}});
  } else {
    table.caption = T("mirror.caveats.caption_invalid");
  }
  const CaveatsAblation rows = AblateEachInTurn(scene);
  for (const AblationRow& row : rows) {
    const size_t at = static_cast<size_t>(row.position);
    std::string change = T("mirror.caveats.not_yet");
    if (!usable) {
      change = T("mirror.not_valid");
    } else if (scene.each_in_turn_shown) {
      change = row.change_a.defined ? MirrorNumber(row.change_a.change) : T("mirror.caveats.no_output_short");
    }
    const std::string word =
        scene.removed[at] ? Fill(T("mirror.caveats.removed_mark"), {{"word", Word(row.position)}}) : Word(row.position);
    table.rows.push_back(
        {word, MirrorNumber(scene.values[at]), usable ? MirrorNumber(row.weight_a) : T("mirror.not_valid"), change});
  }
  return table;
}

void Reset(LessonState& state) { ResetCaveatsScene(state.caveats); }

std::vector<Param> Params() {
  return {
      {"caveats.removed", ParamForm::Indices, 1, kCaveatsPositions, 0,
       [](const LessonState& s, int, ParamValue* v) {
         for (int j = 0; j < kCaveatsPositions; ++j) {
           if (s.caveats.removed[static_cast<size_t>(j)]) v->indices.push_back(j + 1);
         }
         return true;
       },
       [](LessonState& s, int, const ParamValue& v, std::string*) {
         RestoreAll(s.caveats);
         for (int position : v.indices) SetRemoved(s.caveats, position - 1, true);
         return true;
       }},
      FlagParam<&LessonState::caveats, &CaveatsScene::each_in_turn_shown, SetEachInTurnShown>("caveats.each"),
      PredictionParam(Question::CaveatsRemoval),
      NumberParam<&LessonState::caveats, &CaveatsScene::layer2_weight_b, SetLayer2WeightB>("caveats.layer2", 0.0, 1.0),
      FlagParam<&LessonState::caveats, &CaveatsScene::numbers_open>("caveats.numbers"),
      FlagParam<&LessonState::caveats, &CaveatsScene::test2_open>("caveats.test2"),
  };
}

}  // namespace

const SceneModule kCaveatsModule = {
    Scene::Caveats, "caveats", "widget.scene.caveats", Reset, Describe, Table, Params, nullptr, nullptr};

}  // namespace lesson
