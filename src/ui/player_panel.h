#pragma once
// The lesson's player: Play/Pause, previous and next step, a seek bar with a mark per step, the
// speed, CC (captions) and the caption band, for the walkthrough played as a narrated explainer
// (lesson/timeline/). The Walkthrough panel shows it at its top; while the lesson plays or is
// paused part way, the widget shows it above whichever scene the lesson is on.

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// Whether the player belongs above a scene other than the walkthrough: the lesson plays, or is
// paused part way through.
bool PlayerInUse(const lesson::LessonState& state);

void DrawPlayer(lesson::LessonState& state, Context& ctx);

// After the frame's panels: while the lesson plays, a change the learner made to a scene pauses
// it (Play then restores the step).
void PausePlayerIfTakenOver(lesson::LessonState& state, Context& ctx);

}  // namespace ui
