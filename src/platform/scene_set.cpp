// A web widget module's scene set (lesson/scene.h): the modules and panels of the scenes that
// ATTN_SCENE_SET lists, ATTN_LESSON_SCENES for the lesson's widget (attention_widget) or
// ATTN_FURTHER_SCENES for the Go-further widget (attention_heads). Each module's executable
// compiles this file with its own set (CMakeLists.txt); the native app and the tests take every
// scene from src/lesson/scene_list.cpp and src/ui/panel_list.cpp instead.
#include "lesson/scene.h"
#include "ui/panels.h"

#ifndef ATTN_SCENE_SET
#error "ATTN_SCENE_SET names the module's scene set: ATTN_LESSON_SCENES or ATTN_FURTHER_SCENES"
#endif

namespace lesson {

const std::vector<const SceneModule*>& Scenes() {
#define ATTN_SCENE_ENTRY(Id) &k##Id##Module,
  static const std::vector<const SceneModule*> scenes = {ATTN_SCENE_SET(ATTN_SCENE_ENTRY)};
#undef ATTN_SCENE_ENTRY
  return scenes;
}

}  // namespace lesson

namespace ui {

const ScenePanel* ScenePanelOf(lesson::Scene scene) {
  // Through a table, as src/ui/panel_list.cpp says why.
  struct Entry {
    lesson::Scene scene;
    const ScenePanel* panel;
  };
#define ATTN_SCENE_ENTRY(Id) {lesson::Scene::Id, &k##Id##Panel},
  static const Entry panels[] = {ATTN_SCENE_SET(ATTN_SCENE_ENTRY)};
#undef ATTN_SCENE_ENTRY
  for (const Entry& entry : panels) {
    if (entry.scene == scene) return entry.panel;
  }
  return nullptr;
}

}  // namespace ui
