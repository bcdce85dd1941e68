// Every scene (lesson/scene.h's ATTN_SCENES): the scene set of the native app, the tools and the
// tests. A web widget module links a set of its own instead (src/platform/scene_sets/), which
// defines Scenes() itself, so this file's object is never taken from the library into it.
#include "lesson/scene.h"

namespace lesson {

const std::vector<const SceneModule*>& Scenes() {
#define ATTN_SCENE_ENTRY(Id) &k##Id##Module,
  static const std::vector<const SceneModule*> scenes = {ATTN_SCENES(ATTN_SCENE_ENTRY)};
#undef ATTN_SCENE_ENTRY
  return scenes;
}

}  // namespace lesson
