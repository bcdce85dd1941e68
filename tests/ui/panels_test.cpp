#include <doctest/doctest.h>

#include "lesson/scene.h"
#include "ui/panels.h"
#include "ui/widget.h"
#include "ui_harness.h"

TEST_CASE("every scene of the registry has a panel, and the widget draws it") {
  ui_test::UiHarness ui;
  for (const lesson::SceneModule* scene : lesson::Scenes()) {
    CAPTURE(scene->name);
    REQUIRE(static_cast<bool>(ui::PanelOf(scene->id)));
    lesson::LessonState state;
    state.scene = scene->id;
    ui.Frames(2, [&] { ui::DrawWidget(state, ui.ctx); });
    // The scene bar marks each scene's button under its label key.
    CHECK(ui.Has(scene->label_key));
    // Something of the panel itself was drawn: a rectangle named after the scene.
    bool own = false;
    for (const auto& item : ui.ctx.items) own = own || item.first.rfind(std::string(scene->name) + ".", 0) == 0;
    CHECK(own);
  }
}
