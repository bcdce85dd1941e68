#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// A model learns where to look: Train / Pause / Step / Reset, its loss and held-out accuracy as
// curves, where it looks for one question, its learned query and keys in a plane, and the
// controlled test on what it learned.
void DrawLearnPanel(lesson::LessonState& state, Context& ctx);

}  // namespace ui
