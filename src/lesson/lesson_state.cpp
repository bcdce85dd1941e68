#include "lesson/lesson_state.h"

#include <algorithm>
#include <cmath>

namespace lesson {

namespace {

bool SetClamped(double& field, double value, double lo, double hi) {
  if (!std::isfinite(value)) return false;
  field = std::clamp(value, lo, hi);
  return true;
}

}  // namespace

attention::Combination Combine(const WorkedExample& example) {
  return attention::Combine({example.first_value, example.second_value},
                            {example.first_weight, example.second_weight});
}

bool SetFirstValue(WorkedExample& example, double value) {
  return SetClamped(example.first_value, value, kValueMin, kValueMax);
}

bool SetSecondValue(WorkedExample& example, double value) {
  return SetClamped(example.second_value, value, kValueMin, kValueMax);
}

bool SetSecondWeight(WorkedExample& example, double weight) {
  if (!SetClamped(example.second_weight, weight, 0.0, 1.0)) return false;
  example.first_weight = 1.0 - example.second_weight;
  return true;
}

void ResetWorkedExample(WorkedExample& example) { example = WorkedExample{}; }

void ResetScene(LessonState& state, Scene scene) {
  switch (scene) {
    case Scene::Compare: ResetCompareScene(state.compare); break;
    case Scene::Combine: ResetWorkedExample(state.worked_example); break;
    case Scene::Mask: ResetMaskScene(state.mask); break;
    case Scene::Caveats: ResetCaveatsScene(state.caveats); break;
    case Scene::Walkthrough: ResetWalkthrough(state.walkthrough); break;
    case Scene::Quiz: ResetQuiz(state.quiz); break;
  }
  state.highlight.clear();
}

void ResetAll(LessonState& state) {
  const Scene scene = state.scene;
  state = LessonState{};
  state.scene = scene;
}

}  // namespace lesson
