#include "lesson/lesson_state.h"

#include <utility>
#include <vector>

namespace lesson {

void ResetScene(LessonState& state, Scene scene) {
  ModuleOf(scene).reset(state);
  state.highlight.clear();
}

void ResetAll(LessonState& state) {
  const Scene scene = state.scene;
  const bool ask = state.predictions.ask;
  std::vector<std::string> events = std::move(state.predictions.events);
  state = LessonState{};
  state.scene = scene;
  // The author's choice and the host's pending events are not the learner's to reset.
  state.predictions.ask = ask;
  state.predictions.events = std::move(events);
}

}  // namespace lesson
