#pragma once
// Everything the learner can change, in one struct. Panels read and edit it; it knows nothing
// of panels, windows or the platform, which is what lets tests drive it without a window.

#include <string>

#include "attention/attention.h"
#include "lesson/caveats_scene.h"
#include "lesson/compare_scene.h"
#include "lesson/mask_scene.h"
#include "lesson/quiz.h"
#include "lesson/scene.h"
#include "lesson/walkthrough.h"

namespace lesson {

// The lesson's worked example: two scalar values and how the weight is split between them.
struct WorkedExample {
  double first_value = 10.0;    // value at the first position
  double second_value = 20.0;   // value at the second position
  double first_weight = 0.2;    // weight of the first value
  double second_weight = 0.8;   // weight of the second value; the two always sum to 1
};

// Ranges the controls allow, so typed input stays finite and readable.
constexpr double kValueMin = -100.0;
constexpr double kValueMax = 100.0;

struct LessonState {
  Scene scene = Scene::Compare;  // the scene on screen
  CompareScene compare;          // query and keys in a plane
  WorkedExample worked_example;  // the Combine scene's numbers
  MaskScene mask;                // token sequence, masks, heatmap
  CaveatsScene caveats;          // ablation beside the weights
  Walkthrough walkthrough;       // the narrated steps
  Quiz quiz;                     // the quick check
  std::string highlight;         // element a walkthrough step points at ("compare.weights"), or empty
};

// The worked example's arithmetic: first × w1 + second × w2 = output, every term kept.
attention::Combination Combine(const WorkedExample& example);

// Setters keep the state valid: non-finite input is refused (returns false, state unchanged);
// finite input is clamped into range.
bool SetFirstValue(WorkedExample& example, double value);
bool SetSecondValue(WorkedExample& example, double value);
// Sets the second weight and gives the first the rest, so the weights still sum to 1.
bool SetSecondWeight(WorkedExample& example, double weight);

void ResetWorkedExample(WorkedExample& example);
// Resets the scene on screen to how it opened.
void ResetScene(LessonState& state, Scene scene);
// Resets every scene but keeps the scene on screen.
void ResetAll(LessonState& state);

}  // namespace lesson
