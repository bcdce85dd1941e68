#include "lesson/scene.h"

#include "lesson/scenes/caveats/caveats.h"
#include "lesson/scenes/combine/combine.h"
#include "lesson/scenes/compare/compare.h"
#include "lesson/scenes/learn/learn.h"
#include "lesson/scenes/mask/mask.h"
#include "lesson/scenes/quiz/quiz.h"
#include "lesson/scenes/walkthrough/walkthrough.h"

namespace lesson {

const std::vector<const SceneModule*>& Scenes() {
  static const std::vector<const SceneModule*> scenes = {
      &kCompareModule, &kCombineModule, &kMaskModule, &kCaveatsModule, &kLearnModule, &kWalkthroughModule, &kQuizModule,
  };
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
