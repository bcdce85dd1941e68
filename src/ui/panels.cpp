#include "ui/panels.h"

namespace ui {

PanelFn PanelOf(lesson::Scene scene) { return ScenePanelOf(scene) ? ScenePanelOf(scene)->draw : nullptr; }

PanelFn PictureOf(lesson::Scene scene) { return ScenePanelOf(scene) ? ScenePanelOf(scene)->picture : nullptr; }

PanelFn QuestionPictureOf(lesson::Scene scene) {
  return ScenePanelOf(scene) ? ScenePanelOf(scene)->question : nullptr;
}

}  // namespace ui
