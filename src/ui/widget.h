#pragma once

#include <string>

#include "lesson/lesson_state.h"

namespace ui {

// Copies a link to the given state (URL-fragment encoding) and returns a line for the learner
// ("Link copied."). Set by the platform; without it the widget shows no "Copy link" button.
using CopyLinkFn = std::string (*)(const std::string& state);
void SetCopyLink(CopyLinkFn copy_link);

// Height the last frame's content needed, in layout pixels (an embedding iframe follows it).
float ContentHeight();

// The whole widget: one window filling the canvas, holding the lesson's panels.
void DrawWidget(lesson::LessonState& state);

}  // namespace ui
