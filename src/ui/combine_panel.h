#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The worked example as a balance: the two values as masses on a number line, each as large as its
// weight, the output where the beam balances (a fulcrum the learner can drag), the products stacked
// into it; under it 10 × 0.2 + 20 × 0.8 = 2 + 16 = 18 in the same colours, then the controls.
// Named rectangles: combine.picture, .fulcrum, .balance, .mass.*, .tick.*, .stack.*, .number_line.*,
// .term.*, .sum, .weights, .first_value, .second_value, .why, .reset.
void DrawCombinePanel(lesson::LessonState& state, Context& ctx);
// The picture alone (the balance and the equation under it), as the panel shows it under its
// caption and the walkthrough shows it for a step.
void DrawCombinePicture(lesson::LessonState& state, Context& ctx);

}  // namespace ui
