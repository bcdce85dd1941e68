#include "lesson/lesson_state.h"

namespace lesson {

void ResetScene(LessonState& state, Scene scene) {
  ModuleOf(scene).reset(state);
  state.highlight.clear();
}

void ResetAll(LessonState& state) {
  const Scene scene = state.scene;
  state = LessonState{};
  state.scene = scene;
}

}  // namespace lesson
