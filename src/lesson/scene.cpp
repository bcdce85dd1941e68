#include "lesson/scene.h"

#include <string>

namespace lesson {

const std::vector<const SceneModule*>& Scenes() {
#define ATTN_SCENE_ENTRY(Id) &k##Id##Module,
  static const std::vector<const SceneModule*> scenes = {ATTN_SCENES(ATTN_SCENE_ENTRY)};
#undef ATTN_SCENE_ENTRY
  return scenes;
}

const SceneModule& ModuleOf(Scene scene) {
  const auto at = static_cast<size_t>(scene);
  return at < Scenes().size() ? *Scenes()[at] : *Scenes()[0];
}

const SceneModule* FindScene(const std::string& name) {
  for (const SceneModule* scene : Scenes()) {
    if (name == scene->name) return scene;
  }
  return nullptr;
}

const char* SceneName(Scene scene) { return ModuleOf(scene).name; }

bool ParseScene(const std::string& name, Scene* scene) {
  const SceneModule* found = FindScene(name);
  if (!found) return false;
  *scene = found->id;
  return true;
}

std::string SceneNameList() {
  std::string names;
  for (const SceneModule* scene : Scenes()) names += (names.empty() ? "" : ", ") + std::string(scene->name);
  return names;
}

}  // namespace lesson
