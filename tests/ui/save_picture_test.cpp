#include <doctest/doctest.h>

#include <string>

#include "lesson/embed_options.h"
#include "lesson/lesson_state.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {
std::string g_copied;
std::string RememberText(const std::string& text) {
  g_copied = text;
  return "copied";
}

// What the app leaves after saving a picture of `state` (platform/picture.cpp).
void PictureSaved(ui::Context& ctx, const lesson::LessonState& state) {
  ctx.picture.message = "Saved attention-combine.png (2048 × 1520 px).";
  ctx.picture.alt_text = "The output is 18.";
  ctx.picture.state = lesson::EncodeState(state);
}
}  // namespace

TEST_CASE("Save picture shows where the platform saves pictures and the author left it in") {
  ui_test::UiHarness ui;
  ui.ctx.menu_open = true;
  lesson::LessonState state;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("widget.save_picture"));

  ui.ctx.picture.available = true;
  ui.Frames(2, draw);
  REQUIRE(ui.Has("widget.save_picture"));
  // After Copy link, on the same line of the menu.
  ui.ctx.copy_link = [](const std::string&) { return std::string(); };
  ui.Frames(2, draw);
  CHECK(ui.Item("widget.copy_link").min.x < ui.Item("widget.save_picture").min.x);

  std::string warning;
  REQUIRE(lesson::SetEmbedOption(ui.ctx.embed, "controls", "reset,copy-link", &warning));
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("widget.save_picture"));
  CHECK(ui.Has("widget.copy_link"));
  REQUIRE(lesson::SetEmbedOption(ui.ctx.embed, "controls", "save-picture", &warning));
  ui.Frames(2, draw);
  CHECK(ui.Has("widget.save_picture"));
  CHECK_FALSE(ui.Has("widget.copy_link"));

  ui.ctx.embed.chrome = false;
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("widget.save_picture"));
}

TEST_CASE("pressing Save picture asks the app for a picture and changes nothing else") {
  ui_test::UiHarness ui;
  ui.ctx.picture.available = true;
  lesson::LessonState state;
  state.scene = lesson::Scene::Combine;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  const std::string before = lesson::EncodeState(state);
  CHECK_FALSE(ui.ctx.picture.requested);
  ui.OpenMenu(draw);
  ui.Click(ui.Item("widget.save_picture").Center(), draw);
  CHECK(ui.ctx.picture.requested);
  CHECK(lesson::EncodeState(state) == before);
}

TEST_CASE("after a picture the bar says what was saved and offers the mirror's sentence as alt text") {
  ui_test::UiHarness ui;
  ui.ctx.picture.available = true;
  ui.ctx.copy_text = &RememberText;
  lesson::LessonState state;
  state.scene = lesson::Scene::Combine;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("widget.copy_alt"));

  PictureSaved(ui.ctx, state);
  ui.Frames(2, draw);
  REQUIRE(ui.Has("widget.copy_alt"));
  // Under the bar, above the scene.
  CHECK(ui.Item("widget.copy_alt").min.y > ui.Item("widget.more").max.y);
  g_copied.clear();
  ui.Click(ui.Item("widget.copy_alt").Center(), draw);
  CHECK(g_copied == "The output is 18.");
  CHECK(ui.ctx.picture.copy_note == "copied");

  // The frame drawn for the picture itself leaves the line out.
  ui.ctx.picture.taking = true;
  ui.Frames(1, draw);
  CHECK_FALSE(ui.Has("widget.copy_alt"));
  ui.ctx.picture.taking = false;
  ui.Frames(1, draw);
  CHECK(ui.Has("widget.copy_alt"));

  // Once the widget shows something else, the line goes.
  state.scene = lesson::Scene::Mask;
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("widget.copy_alt"));
}

TEST_CASE("a picture that could not be saved says so, with no alt text to copy") {
  ui_test::UiHarness ui;
  ui.ctx.picture.available = true;
  ui.ctx.copy_text = &RememberText;
  lesson::LessonState state;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.ctx.picture.message = "Could not save attention-compare.png.";
  ui.ctx.picture.state = lesson::EncodeState(state);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("widget.copy_alt"));
}

TEST_CASE("the bar's picture words are in the lesson file") {
  ui_test::LoadLessonText();
  for (const char* key : {"widget.save_picture", "widget.save_picture_hint", "widget.picture_saved",
                          "widget.picture_smaller", "widget.picture_failed", "widget.picture_not_saved",
                          "widget.picture_alt", "widget.copy_alt", "widget.text_copied", "widget.text_not_copied"}) {
    CAPTURE(key);
    CHECK(lesson::LessonText().Has(key));
  }
}
