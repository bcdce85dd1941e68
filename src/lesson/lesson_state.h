#pragma once
// Everything the learner can change, in one struct: a member per scene of the registry
// (lesson/scene.h). Panels read and edit it; it knows nothing of panels, windows or the platform,
// which is what lets tests drive it without a window.

#include <string>

#include "lesson/predictions/predictions.h"
#include "lesson/scene.h"
#include "lesson/scenes/caveats/caveats.h"
#include "lesson/scenes/combine/combine.h"
#include "lesson/scenes/compare/compare.h"
#include "lesson/scenes/heads/heads.h"
#include "lesson/scenes/learn/learn.h"
#include "lesson/scenes/mask/mask.h"
#include "lesson/scenes/quiz/quiz.h"
#include "lesson/scenes/walkthrough/walkthrough.h"

namespace lesson {

struct LessonState {
  Scene scene = Scene::Compare;  // the scene on screen
  CompareScene compare;          // query and keys in a plane
  CombineScene combine;          // the worked example
  MaskScene mask;                // token sequence, masks, heatmap
  CaveatsScene caveats;          // ablation beside the weights
  LearnScene learn;              // a model that learns where to look
  HeadsScene heads;              // attention heads form in a small transformer
  Walkthrough walkthrough;       // the narrated steps
  Quiz quiz;                     // the quick check
  Predictions predictions;       // the learner's guesses before each reveal
  std::string highlight;         // element a walkthrough step points at ("compare.weights"), or empty
};

// Resets `scene` to how it opened and clears the highlight.
void ResetScene(LessonState& state, Scene scene);
// Resets every scene and forgets the predictions, but keeps the scene on screen (and whether predictions are asked).
void ResetAll(LessonState& state);

}  // namespace lesson
