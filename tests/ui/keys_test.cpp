// The list of keyboard keys under the scene bar: the bar's Keys button and the ? key show and hide
// it; it says the keys of every control and of each offered scene, in the widget's words.
#include <doctest/doctest.h>

#include <string>

#include <imgui.h>

#include "lesson/embed_options.h"
#include "lesson/lesson_state.h"
#include "lesson/text_store.h"
#include "ui/widget.h"
#include "ui_harness.h"

using ui_test::UiHarness;

TEST_CASE("the Keys button and the ? key show and hide the list of keys, which names each scene's keys") {
  UiHarness ui(390.0f, 3000.0f);
  lesson::LessonState state;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("widget.keys_list"));
  ui.Type("?", draw);
  ui.Frames(1, draw);
  REQUIRE(ui.Has("widget.keys_list"));
  ui.Type("?", draw);
  ui.Frames(1, draw);
  CHECK_FALSE(ui.Has("widget.keys_list"));
  ui.OpenMenu(draw);
  ui.Click(ui.Item("widget.keys").Center(), draw);
  ui.Frames(1, draw);
  CHECK(ui.Has("widget.keys_list"));
  CHECK(ui.ctx.keys_open);
  // What it says: the general keys and, for each scene with keys, that scene's.
  for (const char* key :
       {"widget.keys_general", "compare.keyboard_hint", "mask.cells_hint", "learn.keys", "walkthrough.keys"}) {
    CHECK(lesson::LessonText().Has(key));
  }
  ui.OpenMenu(draw);
  ui.Click(ui.Item("widget.keys").Center(), draw);
  ui.Frames(1, draw);
  CHECK_FALSE(ui.Has("widget.keys_list"));
}

TEST_CASE("an author may leave the Keys button out; the ? key still shows the list") {
  UiHarness ui(390.0f, 3000.0f);
  REQUIRE(lesson::SetEmbedOption(ui.ctx.embed, "controls", "reset", nullptr));
  ui.ctx.menu_open = true;
  lesson::LessonState state;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("widget.keys"));
  ui.Type("?", draw);
  ui.Frames(1, draw);
  CHECK(ui.Has("widget.keys_list"));
}
