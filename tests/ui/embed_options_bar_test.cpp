#include <doctest/doctest.h>

#include <string>

#include "lesson/embed_options.h"
#include "lesson/lesson_state.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {
std::string CopyNothing(const std::string&) { return "copied"; }
std::string LinkTo(const std::string& state) { return "https://w.example/widget.html#" + state; }
std::string g_opened;
void Remember(const std::string& url) { g_opened = url; }

// A harness with every platform hook the bar's buttons need.
void Hook(ui_test::UiHarness& ui) {
  ui.ctx.copy_link = &CopyNothing;
  ui.ctx.state_link = &LinkTo;
  ui.ctx.open_url = &Remember;
}
}  // namespace

TEST_CASE("the scene bar offers the author's scenes in the author's order") {
  ui_test::UiHarness ui;
  Hook(ui);
  std::string warning;
  REQUIRE(lesson::SetEmbedOption(ui.ctx.embed, "scenes", "quiz,combine", &warning));
  lesson::LessonState state;
  state.scene = lesson::Scene::Quiz;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  REQUIRE(ui.Has("widget.scene.quiz"));
  REQUIRE(ui.Has("widget.scene.combine"));
  CHECK_FALSE(ui.Has("widget.scene.compare"));
  CHECK_FALSE(ui.Has("widget.scene.mask"));
  CHECK(ui.Item("widget.scene.quiz").min.x < ui.Item("widget.scene.combine").min.x);
  ui.Click(ui.Item("widget.scene.combine").Center(), draw);
  CHECK(state.scene == lesson::Scene::Combine);
}

TEST_CASE("chrome none draws the scene alone: no bar, no buttons") {
  ui_test::UiHarness ui;
  Hook(ui);
  ui.ctx.embed.chrome = false;
  ui.ctx.embed.corrections = "mailto:a@example.org";
  lesson::LessonState state;
  state.scene = lesson::Scene::Combine;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("widget.scene.combine"));
  CHECK_FALSE(ui.Has("widget.reset_all"));
  CHECK_FALSE(ui.Has("widget.copy_link"));
  CHECK_FALSE(ui.Has("widget.correction"));
  ui.ctx.embed.chrome = true;
  ui.Frames(2, draw);
  CHECK(ui.Has("widget.scene.combine"));
}

TEST_CASE("controls leaves out the buttons the author did not list") {
  ui_test::UiHarness ui;
  Hook(ui);
  ui.ctx.embed.corrections = "mailto:a@example.org";
  ui.ctx.menu_open = true;
  lesson::LessonState state;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  CHECK(ui.Has("widget.reset_all"));
  CHECK(ui.Has("widget.copy_link"));
  CHECK(ui.Has("widget.correction"));

  std::string warning;
  REQUIRE(lesson::SetEmbedOption(ui.ctx.embed, "controls", "correction", &warning));
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("widget.reset_all"));
  CHECK_FALSE(ui.Has("widget.copy_link"));
  CHECK(ui.Has("widget.correction"));
}

TEST_CASE("Suggest a correction shows only where corrections go, and opens them with the state attached") {
  ui_test::UiHarness ui;
  Hook(ui);
  lesson::LessonState state;
  state.scene = lesson::Scene::Combine;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  ui.OpenMenu(draw);
  CHECK_FALSE(ui.Has("widget.correction"));

  ui.ctx.embed.corrections = "https://forms.example/fix";
  ui.Frames(1, draw);
  REQUIRE(ui.Has("widget.correction"));
  g_opened.clear();
  ui.Click(ui.Item("widget.correction").Center(), draw);
  CHECK(g_opened.rfind("https://forms.example/fix?report=", 0) == 0);
  CHECK(g_opened.find("widget.html%23scene%3Dcombine") != std::string::npos);
}

TEST_CASE("the bar is one row: the scene choice on the left and More on the right, at every width") {
  for (const float width : {320.0f, 390.0f, 1280.0f}) {
    CAPTURE(width);
    ui_test::UiHarness ui(width, 800.0f);
    Hook(ui);
    lesson::LessonState state;
    const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
    ui.Frames(2, draw);
    REQUIRE(ui.Has("widget.more"));
    const ui::ItemRect more = ui.Item("widget.more");
    CHECK(more.max.x <= width);
    // A phone's scene choice is one button with the scene's name; a desktop's, every scene.
    const char* choice = ui.Has("widget.scenes") ? "widget.scenes" : "widget.scene.compare";
    REQUIRE(ui.Has(choice));
    CHECK(ui.Has("widget.scene.quiz") == (width >= 1280.0f));
    const ui::ItemRect first = ui.Item(choice);
    CHECK(first.min.y == doctest::Approx(more.min.y));
    CHECK(first.max.x < more.min.x);
    // Nothing of the menu shows until More opens it; Escape closes it.
    CHECK_FALSE(ui.Has("widget.reset_all"));
    ui.OpenMenu(draw);
    REQUIRE(ui.Has("widget.reset_all"));
    CHECK(ui.Item("widget.reset_all").min.y > more.max.y);
    CHECK(ui.Item("widget.reset_all").max.x <= width);
    ui.PressKey(ImGuiKey_Escape, draw);
    ui.Frames(1, draw);
    CHECK_FALSE(ui.Has("widget.reset_all"));
  }
}

TEST_CASE("on a phone the scene button opens the list of scenes, and a choice closes it") {
  ui_test::UiHarness ui(390.0f, 844.0f);
  Hook(ui);
  lesson::LessonState state;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  REQUIRE(ui.Has("widget.scenes"));
  CHECK_FALSE(ui.Has("widget.scene.mask"));
  ui.Click(ui.Item("widget.scenes").Center(), draw);
  ui.Frames(1, draw);
  REQUIRE(ui.Has("widget.scene.mask"));
  for (const char* name : {"widget.scene.compare", "widget.scene.quiz"}) {
    CHECK(ui.Item(name).min.x >= 0.0f);
    CHECK(ui.Item(name).max.x <= 390.0f);
  }
  ui.Click(ui.Item("widget.scene.mask").Center(), draw);
  ui.Frames(1, draw);
  CHECK(state.scene == lesson::Scene::Mask);
  CHECK_FALSE(ui.Has("widget.scene.compare"));
}

TEST_CASE("chrome menu and a single scene leave the scene choice out; the page is the navigation") {
  for (const char* option : {"chrome", "scenes"}) {
    CAPTURE(option);
    ui_test::UiHarness ui(1280.0f, 800.0f);
    Hook(ui);
    REQUIRE(lesson::SetEmbedOption(ui.ctx.embed, option, std::string(option) == "chrome" ? "menu" : "mask", nullptr));
    lesson::LessonState state;
    state.scene = lesson::Scene::Mask;
    const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
    ui.Frames(2, draw);
    CHECK_FALSE(ui.Has("widget.scenes"));
    CHECK_FALSE(ui.Has("widget.scene.mask"));
    CHECK_FALSE(ui.Has("widget.scene.compare"));
    CHECK(ui.Has("widget.more"));
  }
}
