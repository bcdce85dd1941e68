#include "lesson/scene.h"

namespace lesson {

namespace {
const char* const kNames[kSceneCount] = {"compare", "combine", "mask", "caveats", "walkthrough", "quiz"};
}

const char* SceneName(Scene scene) { return kNames[static_cast<int>(scene)]; }

bool ParseScene(const std::string& name, Scene* scene) {
  for (int i = 0; i < kSceneCount; ++i) {
    if (name == kNames[i]) {
      *scene = static_cast<Scene>(i);
      return true;
    }
  }
  return false;
}

}  // namespace lesson
