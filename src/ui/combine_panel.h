#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The worked example: values times weights, the products added, the output on a number line.
void DrawCombinePanel(lesson::LessonState& state, Context& ctx);

}  // namespace ui
