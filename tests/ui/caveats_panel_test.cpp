// The Caveats panel driven by real mouse and keyboard input through the headless harness.

#include <doctest/doctest.h>

#include <string>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "ui/caveats_panel.h"
#include "ui/theme.h"
#include "ui_harness.h"

namespace {

// The panel inside a full-size window, as the widget shows it.
ui_test::UiHarness::DrawFn CaveatsIn(lesson::LessonState& state, ui::Context& ctx) {
  return [&state, &ctx] {
    ui::ClearItems(ctx);
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoDecoration);
    ui::DrawCaveatsPanel(state, ctx);
    ImGui::End();
  };
}

double OutputA(const lesson::LessonState& state) { return lesson::RunCaveats(state.caveats).a.combination.output; }

// True when keyboard navigation's cursor sits on the rectangle recorded as `name`.
bool NavOn(const ui_test::UiHarness& ui, const char* name) {
  ImGuiContext& g = *GImGui;
  if (g.NavWindow == nullptr || g.NavId == 0) return false;
  const ImRect nav = ImGui::WindowRectRelToAbs(g.NavWindow, g.NavWindow->NavRectRel[0]);
  const ui::ItemRect item = ui.Item(name);
  return nav.Contains(item.Center());
}

// Presses Down until the navigation cursor reaches `name`; false if it never does.
bool NavigateDownTo(ui_test::UiHarness& ui, const char* name, const ui_test::UiHarness::DrawFn& draw) {
  for (int step = 0; step < 60; ++step) {
    if (NavOn(ui, name)) return true;
    ui.PressKey(ImGuiKey_DownArrow, draw);
  }
  return NavOn(ui, name);
}

// The bounding box of every vertex drawn in `color` last frame; false when none was.
bool ColorBounds(ImU32 color, ImVec2* min, ImVec2* max) {
  const ImDrawData* data = ImGui::GetDrawData();
  bool found = false;
  for (int l = 0; data != nullptr && l < data->CmdListsCount; ++l) {
    const ImDrawList* list = data->CmdLists[l];
    for (const ImDrawVert& vertex : list->VtxBuffer) {
      if (vertex.col != color) continue;
      if (!found) {
        *min = vertex.pos;
        *max = vertex.pos;
        found = true;
      }
      min->x = ImMin(min->x, vertex.pos.x);
      min->y = ImMin(min->y, vertex.pos.y);
      max->x = ImMax(max->x, vertex.pos.x);
      max->y = ImMax(max->y, vertex.pos.y);
    }
  }
  return found;
}

}  // namespace

TEST_CASE("clicking a word's remove button takes it out and moves query A's output") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK(OutputA(state) == doctest::Approx(11.0));

  ui.Click(ui.Item("caveats.remove.0").Center(), draw);
  CHECK(state.caveats.removed[0]);
  CHECK_FALSE(state.caveats.removed[1]);
  // Without "the": 4 × 0.5 + 0 × 0.3 + 50 × 0.2 = 12
  CHECK(OutputA(state) == doctest::Approx(12.0));

  ui.Click(ui.Item("caveats.remove.0").Center(), draw);
  CHECK_FALSE(state.caveats.removed[0]);
  CHECK(OutputA(state) == doctest::Approx(11.0));
}

TEST_CASE("the remove buttons can be reached and pressed with the keyboard alone") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  REQUIRE(NavigateDownTo(ui, "caveats.remove.3", draw));
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(state.caveats.removed[3]);
  CHECK_FALSE(state.caveats.removed[0]);
  // Without "roads": (10 × 0.5 + 4 × 0.25 + 0 × 0.15) / 0.9 = 6 / 0.9
  CHECK(OutputA(state) == doctest::Approx(6.0 / 0.9));
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK_FALSE(state.caveats.removed[3]);
}

TEST_CASE("remove each in turn reveals the results and the finding") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("caveats.finding"));
  ui.Click(ui.Item("caveats.each_in_turn").Center(), draw);
  CHECK(state.caveats.each_in_turn_shown);
  ui.Frame(draw);
  CHECK(ui.Has("caveats.finding"));
  CHECK(ui.Has("caveats.finding_layer2"));
  ui.Click(ui.Item("caveats.each_in_turn").Center(), draw);
  CHECK_FALSE(state.caveats.each_in_turn_shown);
}

TEST_CASE("removing every word by clicking shows no position available and put every word back restores them") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  for (const char* name : {"caveats.remove.0", "caveats.remove.1", "caveats.remove.2", "caveats.remove.3"}) {
    ui.Click(ui.Item(name).Center(), draw);
  }
  CHECK(state.caveats.removed == lesson::CaveatsRemoved{true, true, true, true});
  const lesson::CaveatsPass pass = lesson::RunCaveats(state.caveats);
  CHECK(pass.a.combination.empty);
  CHECK(pass.final_output.empty);
  ui.Frames(2, draw);
  CHECK(ui.Has("caveats.output_sentence"));

  ui.Click(ui.Item("caveats.put_all_back").Center(), draw);
  CHECK(state.caveats.removed == lesson::CaveatsRemoved{});
}

TEST_CASE("dragging layer 2's slider to the left end gives all of layer 2's weight to query A") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 1800.0f);  // tall enough for the whole panel
  lesson::LessonState state;
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  const ui::ItemRect slider = ui.Item("caveats.layer2_weight");
  ui.Drag(slider.Center(), ImVec2(slider.min.x - 40.0f, slider.Center().y), draw);
  CHECK(state.caveats.layer2_weight_b == 0.0);
  CHECK(lesson::RunCaveats(state.caveats).final_output.output == doctest::Approx(11.0));
}

TEST_CASE("the caveats reset button restores the preset") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 1800.0f);  // tall enough for the whole panel
  lesson::LessonState state;
  lesson::SetRemoved(state.caveats, 2, true);
  lesson::SetEachInTurnShown(state.caveats, true);
  lesson::SetLayer2WeightB(state.caveats, 0.3);
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("caveats.reset").Center(), draw);
  CHECK_FALSE(state.caveats.removed[2]);
  CHECK_FALSE(state.caveats.each_in_turn_shown);
  CHECK(state.caveats.layer2_weight_b == 0.75);
}

TEST_CASE("the caveats panel outlines the section a walkthrough step points at") {
  ui_test::LoadLessonText();
  for (const char* name : {"caveats.ablation", "caveats.layer2", "caveats.caution"}) {
    CAPTURE(name);
    ui_test::UiHarness ui;
    lesson::LessonState state;
    const auto draw = CaveatsIn(state, ui.ctx);
    ui.Frames(2, draw);
    ImVec2 min, max;
    CHECK_FALSE(ColorBounds(ui.ctx.palette.highlight, &min, &max));

    state.highlight = name;
    ui.Frames(2, draw);
    REQUIRE(ColorBounds(ui.ctx.palette.highlight, &min, &max));
    const ui::ItemRect section = ui.Item(name);
    // The outline surrounds the section, a few pixels outside it.
    CHECK(min.x <= section.min.x);
    CHECK(min.y <= section.min.y);
    CHECK(max.x >= section.max.x);
    CHECK(max.y >= section.max.y);
    CHECK(min.y >= section.min.y - 10.0f);
    CHECK(max.y <= section.max.y + 10.0f);
  }
}

TEST_CASE("at phone width the caveats rows stack and every remove button stays on screen and works") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(360.0f, 2400.0f);
  lesson::LessonState state;
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  for (int j = 0; j < 4; ++j) {
    const std::string name = "caveats.remove." + std::to_string(j);
    CAPTURE(name);
    const ui::ItemRect rect = ui.Item(name.c_str());
    CHECK(rect.min.x >= 0.0f);
    CHECK(rect.max.x <= 360.0f);
  }
  // Stacked: each word's button sits below the previous word's.
  CHECK(ui.Item("caveats.remove.1").min.y > ui.Item("caveats.remove.0").max.y + 40.0f);
  ui.Click(ui.Item("caveats.remove.2").Center(), draw);
  CHECK(state.caveats.removed[2]);
  for (const char* name : {"caveats.each_in_turn", "caveats.layer2_weight", "caveats.reset"}) {
    CAPTURE(name);
    CHECK(ui.Item(name).max.x <= 360.0f);
  }
}
