#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The quick check: the lesson's two questions, each with three choices and a field for the
// learner's own words, then "Check the reasoning" to see whether the pick was right and why.
void DrawQuizPanel(lesson::LessonState& state, Context& ctx);

}  // namespace ui
