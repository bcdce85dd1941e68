#pragma once
// The Caveats scene: a controlled test beside the weights.
//
// Query A attends over four words, each with a scalar value; its weights come from softmax of
// its scores. The learner removes ("ablates") words and sees how far the output moves, next to
// each word's weight. A second layer then mixes query A's output with query B's, so the final
// output depends on each word through both layers, not through query A's weights alone.
//
// Removing a word means masking it: its weight becomes 0 and softmax shares the weight among
// the words left, so they again sum to 1 (exactly what a padding or causal mask does). Removing
// every word leaves nothing to combine: the output is undefined ("no position available"),
// never NaN.
//
// The preset is chosen so that the word with query A's largest weight moves A's output least
// (its value sits next to the output) while a small-weight word with an extreme value moves it
// most; and a word A barely weights moves the final output most, because query B relies on it.
//
// Contents
// [SECTION] State
// [SECTION] Setters
// [SECTION] Passes
// [SECTION] Remove each in turn

#include <array>

#include "attention/attention.h"
#include "lesson/scene.h"

namespace lesson {

// [SECTION] State

constexpr int kCaveatsPositions = 4;
// Ranges the setters clamp into, so the numbers stay finite and readable.
constexpr double kCaveatsValueMin = -100.0;
constexpr double kCaveatsValueMax = 100.0;
constexpr double kCaveatsScoreMin = -10.0;
constexpr double kCaveatsScoreMax = 10.0;

using CaveatsNumbers = std::array<double, kCaveatsPositions>;
using CaveatsRemoved = std::array<bool, kCaveatsPositions>;

// Plain data; default-constructed is the preset. Words are read from the text file
// (caveats.word1 .. caveats.word4), so the state holds only numbers.
struct CaveatsScene {
  // Each word's scalar value: 10, 4, 0, 50.
  CaveatsNumbers values = {10.0, 4.0, 0.0, 50.0};
  // Query A's scores ln 5, ln 2.5, ln 1.5, 0: softmax gives weights 0.5, 0.25, 0.15, 0.1.
  CaveatsNumbers scores_a = {1.6094379124341003, 0.9162907318741551, 0.4054651081081644, 0.0};
  // Query B's scores 0, 0, ln 7, 0: weights 0.1, 0.1, 0.7, 0.1 (B relies on the third word).
  CaveatsNumbers scores_b = {0.0, 0.0, 1.9459101490553132, 0.0};
  // Layer 2's weight on query B's output, 0..1; query A's output gets the rest (default 0.75).
  double layer2_weight_b = 0.75;
  // Words the learner has removed; none by default.
  CaveatsRemoved removed = {};
  // True once the learner asked for "remove each in turn"; the results stay hidden until then
  // so there is a moment to guess first.
  bool each_in_turn_shown = false;
  // "Show the numbers": the tables and the arithmetic open under the picture.
  bool numbers_open = false;
  // Test 2 (a second layer mixes the outputs again) open under the picture.
  bool test2_open = false;
};

void ResetCaveatsScene(CaveatsScene& scene);

// [SECTION] Setters
// Pure setters that keep the scene valid. A position outside 0..3 or a non-finite number is
// refused (returns false, scene unchanged); finite numbers are clamped into range.

bool SetRemoved(CaveatsScene& scene, int position, bool removed);
bool ToggleRemoved(CaveatsScene& scene, int position);
// Puts every word back.
void RestoreAll(CaveatsScene& scene);
void SetEachInTurnShown(CaveatsScene& scene, bool shown);
bool SetLayer2WeightB(CaveatsScene& scene, double weight);
bool SetValue(CaveatsScene& scene, int position, double value);
bool SetScoreA(CaveatsScene& scene, int position, double score);
bool SetScoreB(CaveatsScene& scene, int position, double score);

// [SECTION] Passes

// One layer-1 query over the four words.
struct CaveatsQuery {
  CaveatsNumbers weights{};            // softmax over the words left; 0 at removed words
  attention::Combination combination;  // values × weights, added; empty when every word is removed
};

// Both layers with some words removed.
struct CaveatsPass {
  CaveatsQuery a;                          // layer 1, query A (the one the ablation table shows)
  CaveatsQuery b;                          // layer 1, query B
  std::array<double, 2> layer2_weights{};  // layer 2's weights on A's and B's outputs; an empty
                                           // output gets 0 and the other takes all the weight
  attention::Combination final_output;     // layer 2: A's output × weight + B's output × weight;
                                           // its terms' positions are 0 (A) and 1 (B)
};

// Runs both layers with `removed` masked out of layer 1.
CaveatsPass RunCaveats(const CaveatsScene& scene, const CaveatsRemoved& removed);
// Runs both layers with the learner's removals (scene.removed).
CaveatsPass RunCaveats(const CaveatsScene& scene);
// Runs both layers with nothing removed.
CaveatsPass RunCaveatsFull(const CaveatsScene& scene);

// How far an output moved.
struct OutputChange {
  bool defined = false;  // false when either output is empty (no position available)
  double change = 0.0;   // |after − before| when defined, else 0
};
OutputChange Change(const attention::Combination& before, const attention::Combination& after);

// [SECTION] Remove each in turn

// One word removed alone from the full input, compared with nothing removed.
struct AblationRow {
  int position = 0;               // 0..3
  double value = 0.0;             // the word's value
  double weight_a = 0.0;          // query A's layer-1 weight on it, nothing removed
  double output_a_without = 0.0;  // query A's output without it
  OutputChange change_a;          // how far query A's output moved
  double share_final = 0.0;       // its share of the final output through both layers:
                                  // w2(A) × wA(word) + w2(B) × wB(word); the shares sum to 1
  double final_without = 0.0;     // the final output without it
  OutputChange change_final;      // how far the final output moved
};
using CaveatsAblation = std::array<AblationRow, kCaveatsPositions>;

CaveatsAblation AblateEachInTurn(const CaveatsScene& scene);

// The axes of the picture's scatter (a word's weight across, how far removing it alone moves the
// output up): from 0 to a round number a little past the largest of `rows`, in round steps (1, 2
// or 5 times a power of ten, at most five up the side). The scene's panel, its still and the
// still's test all draw from these.
struct ScatterAxes {
  double x_step = 0.1;  // the weight's ticks
  double x_max = 0.2;
  double y_step = 1.0;  // the move's ticks
  double y_max = 1.0;
};
ScatterAxes CaveatsScatterAxes(const CaveatsAblation& rows);

// Which words stand out in an ablation; -1 when no change is defined. Ties go to the lower position.
struct AblationSummary {
  int largest_weight = -1;        // query A's largest layer-1 weight
  int smallest_change_a = -1;     // removing it moves query A's output least
  int largest_change_a = -1;      // removing it moves query A's output most
  int largest_share_final = -1;   // largest share of the final output through both layers
  int largest_change_final = -1;  // removing it moves the final output most
};
AblationSummary Summarize(const CaveatsAblation& rows);

}  // namespace lesson
