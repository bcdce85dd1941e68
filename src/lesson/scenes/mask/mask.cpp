#include "lesson/scenes/mask/mask.h"

#include <algorithm>

#include "lesson/text_store.h"

namespace lesson {

namespace {

constexpr int kDims = 2;

// The words themselves are the lesson text's (mask.token1 to mask.token6), in its language.
struct Token {
  double query[kDims];
  double key[kDims];
};

// The table in mask.h.
constexpr Token kTokens[kMaskTokenCount] = {
    {{2, 0}, {0, 1}}, {{1, 1}, {2, 0}}, {{2, 1}, {1, 2}}, {{1, 0}, {0, 2}},  // the cat sat on
    {{2, 0}, {0, 1}}, {{0, 2}, {2, 1}}, {{1, 1}, {1, 1}}, {{1, 1}, {1, 1}},  // the mat <pad> <pad>
};

bool InRange(int row, int col) { return row >= 0 && row < kMaskTokenCount && col >= 0 && col < kMaskTokenCount; }

size_t CellIndex(int row, int col) { return static_cast<size_t>(row) * kMaskTokenCount + static_cast<size_t>(col); }

void ClearRefusal(MaskScene& scene) {
  scene.refused_row = -1;
  scene.refused_col = -1;
}

}  // namespace

void ResetMaskScene(MaskScene& scene) { scene = MaskScene{}; }

void SetCausal(MaskScene& scene, bool on) {
  scene.causal = on;
  ClearRefusal(scene);
}

void SetCausalRows(MaskScene& scene, int rows) {
  scene.causal_rows = std::clamp(rows, 1, kMaskTokenCount);
  ClearRefusal(scene);
}

void SetPadding(MaskScene& scene, bool on) {
  scene.padding = on;
  ClearRefusal(scene);
}

CellToggle ToggleCell(MaskScene& scene, int row, int col) {
  if (!InRange(row, col)) return CellToggle::OutOfRange;
  const CellMasks masks = MaskedBy(scene, row, col);
  if (masks.causal || masks.padding) {
    scene.refused_row = row;
    scene.refused_col = col;
    return masks.causal ? CellToggle::HiddenByCausal : CellToggle::HiddenByPadding;
  }
  ClearRefusal(scene);
  uint8_t& cell = scene.blocked[CellIndex(row, col)];
  cell = cell != 0 ? 0 : 1;
  return cell != 0 ? CellToggle::Masked : CellToggle::Unmasked;
}

bool SetCellBlocked(MaskScene& scene, int row, int col, bool blocked) {
  if (!InRange(row, col)) return false;
  scene.blocked[CellIndex(row, col)] = blocked ? 1 : 0;
  ClearRefusal(scene);
  return true;
}

void ClearBlockedCells(MaskScene& scene) {
  scene.blocked.fill(0);
  ClearRefusal(scene);
}

void SetMaskQuery(MaskScene& scene, int row) { scene.query = std::clamp(row, 0, kMaskTokenCount - 1); }

void SetFutureDemo(MaskScene& scene, bool on) {
  scene.future_demo = on;
  ClearRefusal(scene);
}

void SetFutureRow(MaskScene& scene, int row) {
  scene.future_row = std::clamp(row, 0, kMaskWordCount - 2);
  ClearRefusal(scene);
}

std::string MaskToken(int position) {
  if (position < 0 || position >= kMaskTokenCount) return "";
  if (IsPadPosition(position)) return "<pad>";
  return T("mask.token" + std::to_string(position + 1));
}

bool IsPadPosition(int position) { return position >= kMaskWordCount && position < kMaskTokenCount; }

CellMasks MaskedBy(const MaskScene& scene, int row, int col) {
  CellMasks masks;
  if (!InRange(row, col)) return masks;
  masks.causal = scene.causal && col > row && row < scene.causal_rows;
  masks.padding = scene.padding && IsPadPosition(col);
  masks.learner = scene.blocked[CellIndex(row, col)] != 0;
  return masks;
}

attention::Problem MaskProblem(const MaskScene& scene) {
  attention::Problem problem;
  problem.queries = attention::Matrix(kMaskTokenCount, kDims);
  problem.keys = attention::Matrix(kMaskTokenCount, kDims);
  for (int i = 0; i < kMaskTokenCount; ++i) {
    for (int d = 0; d < kDims; ++d) {
      problem.queries(i, d) = kTokens[i].query[d];
      problem.keys(i, d) = kTokens[i].key[d];
    }
  }
  problem.values = problem.keys;
  // A causal mask over every row is the core's own; one swept in over the first rows only is part
  // of the custom mask.
  const bool partly_causal = scene.causal && scene.causal_rows < kMaskTokenCount;
  problem.causal = scene.causal && !partly_causal;
  if (scene.padding) problem.valid_lengths.assign(kMaskTokenCount, kMaskWordCount);
  const bool any_blocked = std::any_of(scene.blocked.begin(), scene.blocked.end(), [](uint8_t b) { return b != 0; });
  if (any_blocked || partly_causal) {
    problem.mask = attention::Mask(kMaskTokenCount, kMaskTokenCount, true);
    for (int row = 0; row < kMaskTokenCount; ++row) {
      for (int col = 0; col < kMaskTokenCount; ++col) {
        const bool future = partly_causal && row < scene.causal_rows && col > row;
        if (scene.blocked[CellIndex(row, col)] != 0 || future) problem.mask.Set(row, col, false);
      }
    }
  }
  return problem;
}

attention::Result MaskWeights(const MaskScene& scene) {
  attention::Result result;
  // The problem is built from fixed finite numbers and in-range masks, so Attend cannot refuse
  // it; were it ever to, `result` is left cleared and the panel shows every row as empty.
  attention::Attend(MaskProblem(scene), &result);
  return result;
}

FutureLook LookAhead(const MaskScene& scene, const attention::Result& result) {
  FutureLook look;
  look.row = std::clamp(scene.future_row, 0, kMaskWordCount - 2);
  look.next = look.row + 1;
  const bool shaped =
      result.weights.rows == kMaskTokenCount && result.weights.cols == kMaskTokenCount && result.weights.IsConsistent();
  look.row_empty = !shaped || result.RowIsEmpty(look.row);
  if (look.row_empty) return look;
  look.next_weight = result.weights(look.row, look.next);
  for (int col = look.next; col < kMaskTokenCount; ++col) look.future_weight += result.weights(look.row, col);
  return look;
}

}  // namespace lesson
