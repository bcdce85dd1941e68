// The Mask scene's module: its description for the accessible mirror, its number table and its
// URL parameters.
#include <algorithm>

#include "lesson/lesson_state.h"
#include "lesson/mirror_words.h"
#include "lesson/scene_params.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

bool Shaped(const attention::Result& result) {
  return result.weights.rows == kMaskTokenCount && result.weights.cols == kMaskTokenCount &&
         result.weights.IsConsistent();
}

std::string TokenAt(int position) {
  return Fill(T("mirror.position"), {{"pos", MirrorCount(position + 1)}, {"token", MaskToken(position)}});
}

std::string TokenHeading(int position) {
  return Fill(T("mirror.mask.token"), {{"pos", MirrorCount(position + 1)}, {"token", MaskToken(position)}});
}

std::string Describe(const LessonState& state) {
  const MaskScene& scene = state.mask;
  const attention::Result result = MaskWeights(scene);
  if (!Shaped(result)) return T("mirror.mask.invalid");

  int masked = 0;
  int yours = 0;
  for (int row = 0; row < kMaskTokenCount; ++row) {
    for (int col = 0; col < kMaskTokenCount; ++col) {
      const CellMasks masks = MaskedBy(scene, row, col);
      if (masks.Any()) ++masked;
      if (masks.learner) ++yours;
    }
  }
  std::vector<std::string> sentences;
  if (masked == 0) {
    sentences.push_back(T("mirror.mask.none"));
  } else {
    sentences.push_back(Fill(T("mirror.mask.state"), {{"causal", MirrorOnOff(scene.causal)},
                                                      {"padding", MirrorOnOff(scene.padding)},
                                                      {"masked", MirrorCount(masked)},
                                                      {"cells", MirrorCount(kMaskTokenCount * kMaskTokenCount)},
                                                      {"yours", MirrorCount(yours)}}));
  }
  std::vector<std::string> empty;
  for (int row : result.empty_rows) {
    if (row >= 0 && row < kMaskTokenCount) empty.push_back(TokenAt(row));
  }
  if (!empty.empty()) {
    sentences.push_back(
        Fill(T(empty.size() == 1 ? "mirror.mask.empty_row" : "mirror.mask.empty_rows"), {{"rows", MirrorList(empty)}}));
  }
  if (scene.future_demo) {
    const FutureLook look = LookAhead(scene, result);
    if (look.row_empty) {
      sentences.push_back(Fill(T("mirror.mask.future_empty"), {{"row", TokenAt(look.row)}}));
    } else {
      sentences.push_back(
          Fill(T("mirror.mask.future"),
               {{"weight", MirrorNumber(look.next_weight)}, {"row", TokenAt(look.row)}, {"next", TokenAt(look.next)}}));
    }
  }
  if (Asking(state, Question::MaskCausal)) sentences.push_back(DescribeAsking(state, Question::MaskCausal));
  return MirrorSentences(sentences);
}

MirrorTable Table(const LessonState& state) {
  const MaskScene& scene = state.mask;
  const attention::Result result = MaskWeights(scene);
  const bool shaped = Shaped(result);
  MirrorTable table;
  table.caption =
      Fill(T("mirror.mask.caption"), {{"causal", MirrorOnOff(scene.causal)}, {"padding", MirrorOnOff(scene.padding)}});
  table.columns.push_back(T("mirror.mask.corner"));
  for (int col = 0; col < kMaskTokenCount; ++col) table.columns.push_back(TokenHeading(col));
  for (int row = 0; row < kMaskTokenCount; ++row) {
    const bool empty = !shaped || result.RowIsEmpty(row);
    std::vector<std::string> cells;
    cells.push_back(empty ? Fill(T("mirror.mask.row_empty"), {{"pos", MirrorCount(row + 1)}, {"token", MaskToken(row)}})
                          : TokenHeading(row));
    for (int col = 0; col < kMaskTokenCount; ++col) {
      const bool open = shaped && result.allowed.IsConsistent() && result.allowed.rows == kMaskTokenCount &&
                        result.allowed.cols == kMaskTokenCount && result.allowed(row, col);
      cells.push_back(open ? MirrorNumber(result.weights(row, col)) : T("mirror.mask.masked"));
    }
    table.rows.push_back(cells);
  }
  return table;
}

void Reset(LessonState& state) { ResetMaskScene(state.mask); }

std::vector<Param> Params() {
  return {
      FlagParam<&LessonState::mask, &MaskScene::causal, SetCausal>("mask.causal"),
      FlagParam<&LessonState::mask, &MaskScene::padding, SetPadding>("mask.padding"),
      CountParam<&LessonState::mask, &MaskScene::causal_rows, SetCausalRows>("mask.causal_rows", 1, kMaskTokenCount),
      {"mask.cells", ParamForm::Cells, 1, kMaskTokenCount, 0,
       [](const LessonState& s, int, ParamValue* v) {
         for (int row = 0; row < kMaskTokenCount; ++row) {
           for (int col = 0; col < kMaskTokenCount; ++col) {
             if (s.mask.blocked[static_cast<size_t>(row * kMaskTokenCount + col)] != 0)
               v->cells.emplace_back(row + 1, col + 1);
           }
         }
         return true;
       },
       [](LessonState& s, int, const ParamValue& v, std::string*) {
         ClearBlockedCells(s.mask);
         for (const auto& cell : v.cells) SetCellBlocked(s.mask, cell.first - 1, cell.second - 1, true);
         return true;
       }},
      {"mask.query", ParamForm::Index, 1, kMaskTokenCount, 0,
       [](const LessonState& s, int, ParamValue* v) {
         v->index = std::clamp(s.mask.query, 0, kMaskTokenCount - 1) + 1;
         return true;
       },
       [](LessonState& s, int, const ParamValue& v, std::string*) {
         SetMaskQuery(s.mask, v.index - 1);
         return true;
       }},
      FlagParam<&LessonState::mask, &MaskScene::future_demo, SetFutureDemo>("mask.future"),
      {"mask.future_row", ParamForm::Index, 1, kMaskWordCount - 1, 0,
       [](const LessonState& s, int, ParamValue* v) {
         v->index = std::clamp(s.mask.future_row, 0, kMaskWordCount - 2) + 1;
         return true;
       },
       [](LessonState& s, int, const ParamValue& v, std::string*) {
         SetFutureRow(s.mask, v.index - 1);
         return true;
       }},
      PredictionParam(Question::MaskCausal),
  };
}

}  // namespace

const SceneModule kMaskModule = {
    Scene::Mask, "mask", "widget.scene.mask", Reset, Describe, Table, Params, nullptr, nullptr};

}  // namespace lesson
