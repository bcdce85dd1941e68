#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// Attention heads form in a small transformer, led by one picture: one held-out sequence with its
// repeated run, every head's attention pattern on it as a small heatmap (layer 1 over layer 2),
// each with its scores over the steps, beside the loss and the repeated run's accuracy as curves;
// Train / Pause and the knock-outs under it, with what a knock-out leaves of the copy and the
// reading the numbers support; every head's numbers, the seed and the explanation on demand.
void DrawHeadsPanel(lesson::LessonState& state, Context& ctx);
// The picture alone, as the panel shows it under its caption.
void DrawHeadsPicture(lesson::LessonState& state, Context& ctx);

}  // namespace ui
