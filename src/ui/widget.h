#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The whole widget: one window filling the canvas, holding the scene bar and the panel of the
// scene on screen. Leaves ctx.content_height at what the content needed (an embedding iframe
// follows it).
void DrawWidget(lesson::LessonState& state, Context& ctx);

// Whether the widget's window is taller than the canvas and so scrolls (as of the last frame);
// never for a widget the page makes as tall as its content (ctx.fit_height).
bool WidgetScrolls();
// Scrolls the widget's window by `dy` layout pixels (positive: toward the top, as a finger moving
// down pulls the content), from where earlier calls this frame left it; false when it is already
// at that end. For a finger's pan over text, where a mouse would use the wheel.
bool ScrollWidgetBy(float dy);

}  // namespace ui
