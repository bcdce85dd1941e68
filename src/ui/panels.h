#pragma once
// Each scene's panel: the one place in src/ui that lists them (the scenes themselves are listed
// in lesson/scene.h).

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

using PanelFn = void (*)(lesson::LessonState& state, Context& ctx);

// The panel that draws `scene`; null for a scene without one (a unit test checks there is none).
PanelFn PanelOf(lesson::Scene scene);
// The scene's picture alone, as the walkthrough shows it for a step; null for a scene without one.
PanelFn PictureOf(lesson::Scene scene);
// The picture over a quick-check question about `scene`: its picture, or a part of it where the
// question is about that part (the Mask scene's heatmap); null for a scene without one.
PanelFn QuestionPictureOf(lesson::Scene scene);

}  // namespace ui
