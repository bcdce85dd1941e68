#include "ui/panels.h"

#include "ui/caveats_panel.h"
#include "ui/combine_panel.h"
#include "ui/compare_panel.h"
#include "ui/learn_panel.h"
#include "ui/mask_panel.h"
#include "ui/quiz_panel.h"
#include "ui/walkthrough_panel.h"

namespace ui {

namespace {

struct ScenePanel {
  lesson::Scene scene;
  PanelFn draw;
};

// Called through this table rather than directly: the optimizer then keeps each panel a function
// of its own instead of folding all of them into the frame, and a browser, which compiles wasm
// functions when first called, compiles only the panel on screen before the first frame.
constexpr ScenePanel kPanels[] = {
    {lesson::Scene::Compare, DrawComparePanel},
    {lesson::Scene::Combine, DrawCombinePanel},
    {lesson::Scene::Mask, DrawMaskPanel},
    {lesson::Scene::Caveats, DrawCaveatsPanel},
    {lesson::Scene::Learn, DrawLearnPanel},
    {lesson::Scene::Walkthrough, DrawWalkthroughPanel},
    {lesson::Scene::Quiz, DrawQuizPanel},
};

}  // namespace

PanelFn PanelOf(lesson::Scene scene) {
  for (const ScenePanel& panel : kPanels) {
    if (panel.scene == scene) return panel.draw;
  }
  return nullptr;
}

}  // namespace ui
