#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The Compare scene: drag the query or a key in the plane (mouse, touch, or Tab to a tip and
// use the arrow keys) and watch q·k, the scaled scores, the softmax weights and the output.
// Named elements for tests: "compare.plane" (the [-2, 2] square), "compare.query",
// "compare.key0".."compare.key3", "compare.scaling", "compare.temperature", "compare.scores",
// "compare.weights", "compare.weight0".."compare.weight3", "compare.output", "compare.reset",
// and "compare.highlight" (the outline drawn for state.highlight, when it names this scene); the
// √d_k demonstration's are listed in ui/compare_scaling_demo.h.
void DrawComparePanel(lesson::LessonState& state, Context& ctx);
// The scene's picture alone (the plane, the strip of scores and weights, the output's line), as
// the panel shows it under its caption and the walkthrough shows it for a step.
void DrawComparePicture(lesson::LessonState& state, Context& ctx);

}  // namespace ui
