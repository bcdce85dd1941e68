#include "ui/panels.h"

#include "ui/caveats_panel.h"
#include "ui/caveats_picture.h"
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
  PanelFn picture;   // the picture alone (the walkthrough's for a step); null: none
  PanelFn question;  // the picture over a quick-check question about the scene; null: none
};

// Called through this table rather than directly: the optimizer then keeps each panel a function
// of its own instead of folding all of them into the frame, and a browser, which compiles wasm
// functions when first called, compiles only the panel on screen before the first frame.
constexpr ScenePanel kPanels[] = {
    {lesson::Scene::Compare, DrawComparePanel, DrawComparePicture, DrawComparePicture},
    {lesson::Scene::Combine, DrawCombinePanel, DrawCombinePicture, DrawCombinePicture},
    {lesson::Scene::Mask, DrawMaskPanel, DrawMaskPicture, DrawMaskQuestionPicture},
    {lesson::Scene::Caveats, DrawCaveatsPanel, DrawCaveatsPicture, DrawCaveatsPicture},
    {lesson::Scene::Learn, DrawLearnPanel, DrawLearnPicture, DrawLearnPicture},
    {lesson::Scene::Walkthrough, DrawWalkthroughPanel, nullptr, nullptr},
    {lesson::Scene::Quiz, DrawQuizPanel, nullptr, nullptr},
};

}  // namespace

PanelFn PanelOf(lesson::Scene scene) {
  for (const ScenePanel& panel : kPanels) {
    if (panel.scene == scene) return panel.draw;
  }
  return nullptr;
}

PanelFn PictureOf(lesson::Scene scene) {
  for (const ScenePanel& panel : kPanels) {
    if (panel.scene == scene) return panel.picture;
  }
  return nullptr;
}

PanelFn QuestionPictureOf(lesson::Scene scene) {
  for (const ScenePanel& panel : kPanels) {
    if (panel.scene == scene) return panel.question;
  }
  return nullptr;
}

}  // namespace ui
