#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The Caveats scene, led by one picture (ui/caveats_picture.h): remove words and watch the output
// move; a scatter of each word's weight against how far removing it alone moves the output; a
// second layer's slider; the tables and reasons under "Show the numbers", the caution under
// "About this scene".
// Walkthrough highlights it honours: "caveats.ablation" (the picture and its buttons),
// "caveats.layer2" (the second layer's slider and output), "caveats.caution" (opens "About this
// scene").
void DrawCaveatsPanel(lesson::LessonState& state, Context& ctx);

}  // namespace ui
