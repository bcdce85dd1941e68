#pragma once

#include "lesson/lesson_state.h"

namespace ui {

// The whole widget: one window filling the canvas, holding the lesson's panels.
void DrawWidget(lesson::LessonState& state);

}  // namespace ui
