#include <doctest/doctest.h>

#include <string>

#include "lesson/lesson_state.h"
#include "lesson/state_url.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {
std::string g_copied;
std::string RememberLink(const std::string& state) {
  g_copied = state;
  return "copied";
}
}  // namespace

TEST_CASE("copy link hands the platform the current state, which decodes to the same configuration") {
  ui_test::UiHarness ui;
  ui.ctx.copy_link = &RememberLink;
  lesson::LessonState state;
  state.scene = lesson::Scene::Combine;
  lesson::SetSecondWeight(state.combine, 0.3);
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  g_copied.clear();
  ui.OpenMenu(draw);
  ui.Click(ui.Item("widget.copy_link").Center(), draw);
  REQUIRE_FALSE(g_copied.empty());
  lesson::LessonState restored;
  std::string warning;
  REQUIRE(lesson::DecodeState(g_copied, &restored, &warning));
  CHECK(restored.scene == lesson::Scene::Combine);
  CHECK(restored.combine.second_weight == doctest::Approx(0.3));
}

TEST_CASE("without a platform hook there is no copy link button") {
  ui_test::UiHarness ui;
  ui.ctx.copy_link = nullptr;
  ui.ctx.menu_open = true;
  lesson::LessonState state;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("widget.copy_link"));
}
