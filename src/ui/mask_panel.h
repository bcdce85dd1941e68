#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The Mask scene: the sentence's attention weights as a heatmap (rows = query positions,
// columns = key positions), the causal and padding toggles, cells the learner masks by click
// or keyboard, and the "why mask the future?" demonstration.
// Named rectangles (ui::FindItem) for tests and walkthrough highlights; the ones marked * are
// outlined when LessonState::highlight names them:
//   mask.causal*, mask.padding* (checkbox with its explanation), mask.causal.checkbox,
//   mask.padding.checkbox, mask.heatmap*, mask.cell.R.C* (query row R, key column C, 0-based),
//   mask.legend*, mask.future* (the whole demonstration), mask.future.toggle, mask.future.prev,
//   mask.future.next, mask.future.causal, mask.reset*.
void DrawMaskPanel(lesson::LessonState& state, Context& ctx);

}  // namespace ui
