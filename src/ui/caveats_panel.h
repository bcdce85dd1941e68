#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The Caveats scene: remove words one at a time and compare how far the output moves with each
// word's weight; a second layer that mixes the outputs again; the lesson's caution in words.
// Walkthrough highlights it honours: "caveats.ablation", "caveats.layer2", "caveats.caution".
void DrawCaveatsPanel(lesson::LessonState& state, Context& ctx);

}  // namespace ui
