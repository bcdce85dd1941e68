#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The Mask scene: one caption; the picture (the sentence's line view and the heatmap of weights,
// ui/mask_picture.h) with the causal and padding toggles under it; one instruction line, the
// legend, the notes a click may call for; "Why mask the future?"; "About this scene"; Reset.
// Named rectangles (ui::FindItem) for tests and walkthrough highlights; the ones marked * are
// outlined when LessonState::highlight names them:
//   the picture's (ui/mask_picture.h: mask.picture, mask.lines*, mask.heatmap*, mask.cell.R.C*,
//   mask.query.R, mask.key.C, mask.line.C, mask.cut.C, mask.row),
//   mask.causal*, mask.padding* (checkbox with its explanation), mask.causal.checkbox,
//   mask.padding.checkbox, mask.legend*, mask.future* (the whole demonstration),
//   mask.future.toggle, mask.future.prev, mask.future.next, mask.future.causal, mask.about,
//   mask.reset*.
void DrawMaskPanel(lesson::LessonState& state, Context& ctx);
// The picture with the mask toggles under it, as the panel shows it under its caption and the
// walkthrough shows it for a step (its steps point at mask.heatmap, mask.causal, mask.padding).
void DrawMaskPicture(lesson::LessonState& state, Context& ctx);
// The heatmap alone with the toggles under it, as a quick-check question shows it.
void DrawMaskQuestionPicture(lesson::LessonState& state, Context& ctx);

}  // namespace ui
