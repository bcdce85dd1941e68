// Every scene's panel: the panels of the native app's and the tests' scene set (lesson/scene.h). A
// web widget module links a set of its own instead (src/platform/scene_sets/), which defines
// ScenePanelOf itself, so this file's object is never taken from the library into it.
#include "ui/panels.h"

namespace ui {

const ScenePanel* ScenePanelOf(lesson::Scene scene) {
  // Called through this table rather than directly: the optimizer then keeps each panel a
  // function of its own instead of folding all of them into the frame, and a browser, which
  // compiles wasm functions when first called, compiles only the panel on screen before the
  // first frame.
#define ATTN_SCENE_ENTRY(Id) &k##Id##Panel,
  static const ScenePanel* const panels[] = {ATTN_SCENES(ATTN_SCENE_ENTRY)};
#undef ATTN_SCENE_ENTRY
  const auto at = static_cast<size_t>(scene);
  return at < sizeof(panels) / sizeof(panels[0]) ? panels[at] : nullptr;
}

}  // namespace ui
