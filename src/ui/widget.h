#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The whole widget: one window filling the canvas, holding the scene bar and the panel of the
// scene on screen. Leaves ctx.content_height at what the content needed (an embedding iframe
// follows it).
void DrawWidget(lesson::LessonState& state, Context& ctx);

}  // namespace ui
