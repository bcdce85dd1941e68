#include "ui/panels.h"

namespace ui {

namespace {

// Called through this table rather than directly: the optimizer then keeps each panel a function
// of its own instead of folding all of them into the frame, and a browser, which compiles wasm
// functions when first called, compiles only the panel on screen before the first frame.
#define ATTN_SCENE_ENTRY(Id) &k##Id##Panel,
const ScenePanel* const kPanels[] = {ATTN_SCENES(ATTN_SCENE_ENTRY)};
#undef ATTN_SCENE_ENTRY

const ScenePanel* Of(lesson::Scene scene) {
  const auto at = static_cast<size_t>(scene);
  return at < sizeof(kPanels) / sizeof(kPanels[0]) ? kPanels[at] : nullptr;
}

}  // namespace

PanelFn PanelOf(lesson::Scene scene) { return Of(scene) ? Of(scene)->draw : nullptr; }

PanelFn PictureOf(lesson::Scene scene) { return Of(scene) ? Of(scene)->picture : nullptr; }

PanelFn QuestionPictureOf(lesson::Scene scene) { return Of(scene) ? Of(scene)->question : nullptr; }

}  // namespace ui
