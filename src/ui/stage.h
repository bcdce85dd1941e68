#pragma once
// The lesson played as a film: while the lesson plays, and once paused until the learner leaves,
// the widget shows the stage instead of the scene's panel: the step's title, the scene's picture
// with the narrated part outlined, the narration's caption band under the picture (when captions
// are on; it covers none of it) and the player. While the lesson plays the scene bar is hidden
// too; paused, it returns. A scene chosen there, or the walkthrough's "Show me", leaves the stage
// for the scene's whole panel (the player above it); Play comes back to it. A link that opens
// the lesson part way opens on the panel.

#include "lesson/lesson_state.h"
#include "lesson/scene.h"
#include "ui/context.h"

namespace ui {

// Whether the widget shows the stage rather than the scene's panel (ctx.on_stage, which this
// sets while the lesson plays).
bool StageShown(const lesson::LessonState& state, Context& ctx);

// Whether the stage hides the widget's chrome (the scene bar): while the lesson plays, and in a
// recording.
bool StageHidesChrome(const lesson::LessonState& state, Context& ctx);

void DrawStage(lesson::LessonState& state, Context& ctx);

// `scene`'s picture (ui/panels.h), with the part the lesson points at outlined: by the picture
// itself where it outlines its parts, else around the whole picture. What the walkthrough and the
// stage show for a step.
void DrawStepPicture(lesson::LessonState& state, Context& ctx, lesson::Scene scene);

}  // namespace ui
