#include <doctest/doctest.h>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "ui/combine_panel.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {

// The panel inside a full-size window, as the widget shows it.
ui_test::UiHarness::DrawFn CombineIn(lesson::LessonState& state, ui::Context& ctx) {
  return [&state, &ctx] {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoDecoration);
    ui::DrawCombinePanel(state, ctx);
    ImGui::End();
  };
}

}  // namespace

TEST_CASE("dragging the weight slider to the left end moves all weight to the first value") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  const auto draw = CombineIn(state, ui.ctx);
  ui.Frames(2, draw);
  const ui::ItemRect slider = ui.Item("combine.weights");
  ui.Drag(slider.Center(), ImVec2(slider.min.x - 50.0f, slider.Center().y), draw);
  CHECK(state.combine.second_weight == 0.0);
  CHECK(state.combine.first_weight == 1.0);
  CHECK(lesson::ComputeCombine(state.combine).output == 10.0);
}

TEST_CASE("the weights always sum to one while the slider moves") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  const auto draw = CombineIn(state, ui.ctx);
  ui.Frames(2, draw);
  const ui::ItemRect slider = ui.Item("combine.weights");
  const float quarter = slider.min.x + (slider.max.x - slider.min.x) * 0.25f;
  ui.Drag(slider.Center(), ImVec2(quarter, slider.Center().y), draw);
  CHECK(state.combine.second_weight < 0.5);
  CHECK(state.combine.second_weight > 0.0);
  CHECK(state.combine.first_weight + state.combine.second_weight == doctest::Approx(1.0));
}

TEST_CASE("the reset button restores the worked example") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  state.combine.first_value = 50.0;
  lesson::SetSecondWeight(state.combine, 0.3);
  const auto draw = CombineIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("combine.reset").Center(), draw);
  CHECK(state.combine.first_value == 10.0);
  CHECK(state.combine.second_weight == 0.8);
  CHECK(lesson::ComputeCombine(state.combine).output == 18.0);
}

TEST_CASE("the widget switches scenes by button and resets everything with Alt+R") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  state.scene = lesson::Scene::Combine;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  ui.Click(ui.Item("widget.scene.mask").Center(), draw);
  CHECK(state.scene == lesson::Scene::Mask);
  ui.Click(ui.Item("widget.scene.combine").Center(), draw);
  CHECK(state.scene == lesson::Scene::Combine);

  state.combine.first_value = 42.0;
  ui.HoldModifiers(ImGuiMod_Alt);
  ui.PressKey(ImGuiKey_R, draw);
  ui.HoldModifiers(0);
  CHECK(state.combine.first_value == 10.0);
  CHECK(state.scene == lesson::Scene::Combine);

  state.combine.first_value = 42.0;
  ui.Click(ui.Item("widget.reset_all").Center(), draw);
  CHECK(state.combine.first_value == 10.0);
}

TEST_CASE("the widget reflows its scene bar at phone width without losing a button") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(360.0f, 740.0f);
  lesson::LessonState state;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  for (const char* name : {"widget.scene.compare", "widget.scene.quiz", "widget.reset_all"}) {
    const ui::ItemRect rect = ui.Item(name);
    CHECK(rect.max.x <= 360.0f);
    CHECK(rect.min.x >= 0.0f);
  }
}
