#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The walkthrough: one step at a time (title, text, the narration's caption when captions are
// on, what to look at), Back/Next buttons and the N/B keys, and "Show me" to open the step's
// scene with its element outlined.
void DrawWalkthroughPanel(lesson::LessonState& state, Context& ctx);

}  // namespace ui
