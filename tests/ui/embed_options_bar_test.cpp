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
  CHECK_FALSE(ui.Has("widget.correction"));

  ui.ctx.embed.corrections = "https://forms.example/fix";
  ui.Frames(2, draw);
  REQUIRE(ui.Has("widget.correction"));
  g_opened.clear();
  ui.Click(ui.Item("widget.correction").Center(), draw);
  CHECK(g_opened.rfind("https://forms.example/fix?report=", 0) == 0);
  CHECK(g_opened.find("widget.html%23scene%3Dcombine") != std::string::npos);
}
