#pragma once
// Each scene's panel: ui::kIdPanel for every Id of lesson/scene.h's ATTN_SCENES, defined in the
// scene's panel file (ui/ID_panel.cpp) beside the functions it names.

#include "lesson/lesson_state.h"
#include "lesson/scene.h"
#include "ui/context.h"

namespace ui {

using PanelFn = void (*)(lesson::LessonState& state, Context& ctx);

// What the widget draws of one scene.
struct ScenePanel {
  PanelFn draw;      // the whole panel, under the scene bar
  PanelFn picture;   // the picture alone (the walkthrough's for a step); null: none
  PanelFn question;  // the picture over a quick-check question about the scene; null: none
};

#define ATTN_SCENE_PANEL(Id) extern const ScenePanel k##Id##Panel;
ATTN_SCENES(ATTN_SCENE_PANEL)
#undef ATTN_SCENE_PANEL

// What draws `scene` in this build's scene set (lesson/scene.h); null for a scene it does not
// offer. Defined by the set: src/ui/panel_list.cpp for every scene, a web module's own otherwise.
const ScenePanel* ScenePanelOf(lesson::Scene scene);

// The panel that draws `scene`; null for a scene without one (a unit test checks there is none).
PanelFn PanelOf(lesson::Scene scene);
// The scene's picture alone, as the walkthrough shows it for a step; null for a scene without one.
PanelFn PictureOf(lesson::Scene scene);
// The picture over a quick-check question about `scene`: its picture, or a part of it where the
// question is about that part (the Mask scene's heatmap); null for a scene without one.
PanelFn QuestionPictureOf(lesson::Scene scene);

}  // namespace ui
