#include "lesson/scene.h"

#include <string>

namespace lesson {

namespace {

const SceneModule* Registered(Scene scene) {
  for (const SceneModule* module : Scenes()) {
    if (module->id == scene) return module;
  }
  return nullptr;
}

}  // namespace

bool IsRegistered(Scene scene) { return Registered(scene) != nullptr; }

const SceneModule& ModuleOf(Scene scene) {
  const SceneModule* module = Registered(scene);
  return module != nullptr ? *module : *Scenes()[0];
}

bool AnySceneBusy(const LessonState& state) {
  for (const SceneModule* module : Scenes()) {
    if (module->busy != nullptr && module->busy(state)) return true;
  }
  return false;
}

bool AdvanceScenes(LessonState& state, double seconds) {
  bool moved = false;
  for (const SceneModule* module : Scenes()) {
    if (module->advance != nullptr && module->advance(state, seconds)) moved = true;
  }
  return moved;
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
