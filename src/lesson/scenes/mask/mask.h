#pragma once
// The Mask scene: a short sentence with padding, its self-attention weights as a heatmap, and
// the masks that hide positions from it. Plain data plus pure functions: the panel and the
// walkthrough change it only through the setters below, and the weights always come from the
// attention core (attention::Attend), never from a second softmax.
//
// The sentence is "the cat sat on the mat" followed by two <pad> tokens, as a batch pads a
// short sentence to the length of a longer one. Each token has a fixed, hand-picked 2-D query
// and key (not learned; chosen so the weights are varied and easy to read). Axis 1 stands for
// "names a thing", axis 2 for "names an action or a place":
//
//   position  token   query    key
//   0         the     (2, 0)   (0, 1)    a determiner looks for the thing it introduces
//   1         cat     (1, 1)   (2, 0)
//   2         sat     (2, 1)   (1, 2)
//   3         on      (1, 0)   (0, 2)
//   4         the     (2, 0)   (0, 1)
//   5         mat     (0, 2)   (2, 1)
//   6, 7      <pad>   (1, 1)   (1, 1)    filler: left unmasked it still draws weight
//
// Scores are q·k / √2 (scaled dot-product, d = 2), temperature 1. Values are the keys; this
// scene shows only the weights.
//
// Walkthrough highlight names this scene's panel honours (LessonState::highlight):
//   "mask.causal", "mask.padding", "mask.heatmap", "mask.lines", "mask.legend", "mask.future",
//   "mask.reset", and "mask.cell.R.C" for the cell in query row R, key column C (0-based).

#include <array>
#include <cstdint>
#include <string>

#include "attention/attention.h"
#include "lesson/scene.h"

namespace lesson {

constexpr int kMaskTokenCount = 8;  // positions in the sentence, padding included
constexpr int kMaskWordCount = 6;   // real words; positions from here on are <pad>
// The word whose lines the picture draws as the scene opens: "sat", which puts its largest weight
// on a later word ("mat"), the one the causal mask cuts.
constexpr int kMaskDefaultQuery = 2;

struct MaskScene {
  bool causal = false;   // causal mask: query row i sees key positions 0..i only
  // The causal mask covers query rows 0..causal_rows-1 (all of them by default): the walkthrough's
  // playback sweeps it in row by row, each row renormalizing as it is covered.
  int causal_rows = kMaskTokenCount;
  bool padding = false;  // padding mask: no row sees the <pad> key positions
  // Cells the learner masked: blocked[row * kMaskTokenCount + col] == 1. All 0 = none.
  std::array<uint8_t, kMaskTokenCount * kMaskTokenCount> blocked{};
  bool future_demo = false;  // the "why mask the future?" demonstration is open
  int future_row = 0;        // the position it looks at, 0..kMaskWordCount-2 (it predicts row+1)
  int refused_row = -1;      // cell whose click was refused because a toggle mask hides it,
  int refused_col = -1;      //   shown as a note until the next change; -1 = no note
  int query = kMaskDefaultQuery;  // the query row whose lines the picture draws, 0..kMaskTokenCount-1
};

// Every field at its documented default: both masks off, nothing clicked, demo closed at row 0.
void ResetMaskScene(MaskScene& scene);

// [SECTION] Setters: every input is accepted or refused, the state stays valid either way.

void SetCausal(MaskScene& scene, bool on);
// Clamped into 1..kMaskTokenCount.
void SetCausalRows(MaskScene& scene, int rows);
void SetPadding(MaskScene& scene, bool on);

// What a click on a cell did.
enum class CellToggle {
  Masked,           // the learner's mask now hides the cell
  Unmasked,         // the learner's mask no longer hides it
  HiddenByCausal,   // refused: the causal mask hides it (switch that off first)
  HiddenByPadding,  // refused: the padding mask hides it
  OutOfRange,       // no such cell; nothing changed
};

// Masks or unmasks one cell (query row, key column) in the learner's own mask. A cell that the
// causal or padding mask hides cannot be opened by clicking; the refusal is remembered in
// refused_row/refused_col so the panel can say which mask to switch off.
CellToggle ToggleCell(MaskScene& scene, int row, int col);
// Sets one cell of the learner's mask directly; false (unchanged) when out of range.
bool SetCellBlocked(MaskScene& scene, int row, int col, bool blocked);
// Opens every cell the learner masked.
void ClearBlockedCells(MaskScene& scene);

// Chooses the query row the picture draws lines from, clamped into 0..kMaskTokenCount-1. It changes
// what is shown, not the masks, so a refusal note stays.
void SetMaskQuery(MaskScene& scene, int row);

void SetFutureDemo(MaskScene& scene, bool on);
// Clamped to 0..kMaskWordCount-2, so the token it predicts is always a real word.
void SetFutureRow(MaskScene& scene, int row);

// [SECTION] Reading the scene

// The token at `position`: the lesson text's mask.token1 to mask.token6 ("the", "cat", ... in
// English; a translation keeps the first and the fifth the same word, as they share a query and a
// key), then "<pad>"; "" out of range.
std::string MaskToken(int position);
bool IsPadPosition(int position);

// Why a cell is hidden; all false for an open cell or one out of range.
struct CellMasks {
  bool causal = false;   // the causal mask hides it (key after query)
  bool padding = false;  // the padding mask hides it (key is <pad>)
  bool learner = false;  // the learner masked it
  bool Any() const { return causal || padding || learner; }
};
CellMasks MaskedBy(const MaskScene& scene, int row, int col);

// The attention problem the scene describes: the table above, the two toggles as causal and
// valid_lengths (kMaskWordCount for every row when padding is on), the learner's cells as mask.
attention::Problem MaskProblem(const MaskScene& scene);
// attention::Attend of MaskProblem: weights, the combined mask, and rows with nothing left.
attention::Result MaskWeights(const MaskScene& scene);

// What the "why mask the future?" demonstration reports for scene.future_row.
struct FutureLook {
  int row = 0;                 // the position doing the predicting
  int next = 1;                // row + 1: the token it is meant to predict
  double next_weight = 0.0;    // weight row puts on next
  double future_weight = 0.0;  // weight row puts on every position after it (next included)
  bool row_empty = false;      // the row has no position available at all
};
FutureLook LookAhead(const MaskScene& scene, const attention::Result& result);

}  // namespace lesson
