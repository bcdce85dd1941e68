#pragma once
// The Combine scene: the lesson's worked example. Two scalar values and how the weight is split
// between them; the output is their weighted sum, every term kept: 10 × 0.2 + 20 × 0.8 = 2 + 16 = 18.
//
// Highlight names the panel honours (LessonState::highlight): "combine.controls",
// "combine.arithmetic", "combine.number_line".

#include "attention/attention.h"
#include "lesson/scene.h"

namespace lesson {

// Ranges the controls allow, so typed input stays finite and readable.
constexpr double kCombineValueMin = -100.0;
constexpr double kCombineValueMax = 100.0;

constexpr int kCombineLines = 3;

struct CombineScene {
  double first_value = 10.0;   // value at the first position
  double second_value = 20.0;  // value at the second position
  double first_weight = 0.2;   // weight of the first value
  double second_weight = 0.8;  // weight of the second value; the two always sum to 1
  // Lines of the arithmetic shown (the two products, then their sum): all three by default; the
  // walkthrough's playback shows them one by one.
  int lines_shown = kCombineLines;
};

// first × w1 + second × w2 = output, every term kept.
attention::Combination ComputeCombine(const CombineScene& scene);

// Setters keep the state valid: non-finite input is refused (returns false, state unchanged);
// finite input is clamped into range.
bool SetFirstValue(CombineScene& scene, double value);
bool SetSecondValue(CombineScene& scene, double value);
// Sets the second weight and gives the first the rest, so the weights still sum to 1.
bool SetSecondWeight(CombineScene& scene, double weight);
// Clamped into 0..kCombineLines.
void SetLinesShown(CombineScene& scene, int lines);

// How far a guess of the output may be from it and still be right (combine_predict.cpp): a
// twentieth of the distance between the two values.
double CombineGuessTolerance(const CombineScene& scene);

inline void ResetCombineScene(CombineScene& scene) { scene = CombineScene{}; }

}  // namespace lesson
