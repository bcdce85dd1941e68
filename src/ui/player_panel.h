#pragma once
// The lesson's player: Play/Pause, previous and next step, a seek bar with a mark per step, the
// speed, CC (captions) and the caption band, for the walkthrough played as a narrated explainer
// (lesson/timeline/). The Walkthrough panel shows it under the step's picture; while the lesson
// plays or is paused part way, the widget shows it above whichever scene the lesson is on.

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// Whether the player belongs above a scene other than the walkthrough: the lesson plays, or is
// paused part way through.
bool PlayerInUse(const lesson::LessonState& state);
// The step the player is about: the lesson's at its time, or before it has played, the step the
// walkthrough shows (a link may open on any).
int PlayerStep(const lesson::LessonState& state);

// What the player's step buttons do: seek the played lesson to a step ("Previous step", "Next
// step"), or, in the Walkthrough panel, step its steps ("Back", "Next"): one set of step buttons.
enum class PlayerSteps { Playback, Walkthrough };

// Where the caption band goes: under the player's line of time, or elsewhere (the stage puts it
// right under its picture, DrawCaptions).
enum class PlayerCaptions { Under, Elsewhere };

void DrawPlayer(lesson::LessonState& state, Context& ctx, PlayerSteps steps = PlayerSteps::Playback,
                PlayerCaptions captions = PlayerCaptions::Under);

// The narration's words for the step the lesson is on, on a tinted band as a video shows its
// captions, as wide as a column of text.
void DrawCaptions(const lesson::LessonState& state, Context& ctx);

// After the frame's panels: while the lesson plays, a change the learner made to a scene pauses
// it (Play then restores the step).
void PausePlayerIfTakenOver(lesson::LessonState& state, Context& ctx);

}  // namespace ui
