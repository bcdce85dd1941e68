#pragma once

#include "lesson/lesson_state.h"

namespace ui {

// The worked example: values times weights, the products added, the output on a number line.
void DrawCombinePanel(lesson::LessonState& state);

}  // namespace ui
