#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// A model learns where to look, led by one picture: the paragraph's sentences with the model's
// weight on each as a bar, beside its loss and held-out accuracy as curves (and its learned query
// and keys in a plane); Train / Pause / Step / Reset and the question under it; the controlled test
// on what it learned ("Show the numbers"), the options (the paragraph, the learning rate, the seed)
// and the explanation on demand.
void DrawLearnPanel(lesson::LessonState& state, Context& ctx);
// The picture alone (the sentences' weights, the curves, the plane where there is room), as the
// panel shows it under its caption and the walkthrough shows it for a step.
void DrawLearnPicture(lesson::LessonState& state, Context& ctx);

}  // namespace ui
