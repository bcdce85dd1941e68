// The Mask panel driven with real mouse and keyboard input through a headless ImGui context.

#include <doctest/doctest.h>

#include <string>

#include <imgui.h>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/text_store.h"
#include "ui/item_registry.h"
#include "ui/mask_panel.h"
#include "ui_harness.h"

namespace {

using ui_test::UiHarness;

// The panel alone in a window filling the screen, as the widget holds it.
UiHarness::DrawFn Panel(lesson::LessonState& state, ui::Context& ctx) {
  // The real words, so the layout (label and paragraph widths) is the one learners see.
  static const bool text_loaded = [] {
    lesson::LoadBuiltInText(lesson::LessonText());
    return true;
  }();
  (void)text_loaded;
  return [&state, &ctx] {
    ui::ClearItems(ctx);
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("mask panel test", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    ui::DrawMaskPanel(state, ctx);
    ImGui::End();
  };
}

std::string Cell(int row, int col) { return "mask.cell." + std::to_string(row) + "." + std::to_string(col); }

ImVec2 CellCenter(const UiHarness& ui, int row, int col) { return ui.Item(Cell(row, col).c_str()).Center(); }

double Weight(const lesson::LessonState& state, int row, int col) {
  return lesson::MaskWeights(state.mask).weights(row, col);
}

}  // namespace

TEST_CASE("clicking a heatmap cell with the mouse masks it and its row renormalizes") {
  UiHarness ui;
  lesson::LessonState state;
  state.scene = lesson::Scene::Mask;
  lesson::SetCausal(state.mask, true);
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  // Row cat with the causal mask: the 0.33, cat 0.67 (1 / (1 + e^(1/√2)) = 0.33).
  REQUIRE(Weight(state, 1, 0) == doctest::Approx(0.33024).epsilon(1e-4));

  ui.Click(CellCenter(ui, 1, 0), draw);
  CHECK(lesson::MaskedBy(state.mask, 1, 0).learner);
  CHECK(Weight(state, 1, 0) == 0.0);
  CHECK(Weight(state, 1, 1) == doctest::Approx(1.0));
  CHECK_FALSE(lesson::MaskedBy(state.mask, 1, 1).learner);

  ui.Click(CellCenter(ui, 1, 0), draw);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 1, 0).learner);
  CHECK(Weight(state, 1, 0) == doctest::Approx(0.33024).epsilon(1e-4));
}

TEST_CASE("clicking the only open cell of a row leaves the row empty") {
  UiHarness ui;
  lesson::LessonState state;
  lesson::SetCausal(state.mask, true);
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(CellCenter(ui, 0, 0), draw);
  const attention::Result result = lesson::MaskWeights(state.mask);
  CHECK(result.RowIsEmpty(0));
  CHECK(result.empty_rows.size() == 1);
  // The empty row's cells are still there to click: unmasking brings the row back.
  ui.Click(CellCenter(ui, 0, 0), draw);
  CHECK(lesson::MaskWeights(state.mask).empty_rows.empty());
}

TEST_CASE("clicking a cell the causal mask hides changes nothing and leaves a note") {
  UiHarness ui;
  lesson::LessonState state;
  lesson::SetCausal(state.mask, true);
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(CellCenter(ui, 2, 5), draw);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 2, 5).learner);
  CHECK(state.mask.refused_row == 2);
  CHECK(state.mask.refused_col == 5);
}

TEST_CASE("heatmap cells are reached with the arrow keys and toggled with Enter and Space") {
  UiHarness ui;
  lesson::LessonState state;
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  // A click masks cell (2, 2) and gives it the focus; from there the keyboard takes over.
  ui.Click(CellCenter(ui, 2, 2), draw);
  REQUIRE(lesson::MaskedBy(state.mask, 2, 2).learner);

  ui.PressKey(ImGuiKey_RightArrow, draw);
  ui.PressKey(ImGuiKey_Enter, draw);
  CHECK(lesson::MaskedBy(state.mask, 2, 3).learner);
  CHECK(Weight(state, 2, 3) == 0.0);

  ui.PressKey(ImGuiKey_LeftArrow, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 2, 2).learner);
  CHECK(Weight(state, 2, 2) > 0.0);

  ui.PressKey(ImGuiKey_DownArrow, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(lesson::MaskedBy(state.mask, 3, 2).learner);

  // Exactly the two cells the keys pointed at are masked.
  int masked = 0;
  for (int row = 0; row < lesson::kMaskTokenCount; ++row) {
    for (int col = 0; col < lesson::kMaskTokenCount; ++col) masked += lesson::MaskedBy(state.mask, row, col).learner;
  }
  CHECK(masked == 2);
}

TEST_CASE("a keyboard press on a cell the causal mask hides is refused like a click") {
  UiHarness ui;
  lesson::LessonState state;
  lesson::SetCausal(state.mask, true);
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(CellCenter(ui, 4, 4), draw);
  REQUIRE(lesson::MaskedBy(state.mask, 4, 4).learner);
  ui.PressKey(ImGuiKey_RightArrow, draw);
  ui.PressKey(ImGuiKey_Enter, draw);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 4, 5).learner);
  CHECK(state.mask.refused_row == 4);
  CHECK(state.mask.refused_col == 5);
}

TEST_CASE("the causal and padding checkboxes switch their masks") {
  UiHarness ui;
  lesson::LessonState state;
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  REQUIRE(Weight(state, 0, 7) > 0.0);

  ui.Click(ui.Item("mask.causal.checkbox").Center(), draw);
  CHECK(state.mask.causal);
  for (int row = 0; row < lesson::kMaskTokenCount; ++row) {
    for (int col = row + 1; col < lesson::kMaskTokenCount; ++col) CHECK(Weight(state, row, col) == 0.0);
  }
  ui.Click(ui.Item("mask.causal.checkbox").Center(), draw);
  CHECK_FALSE(state.mask.causal);
  CHECK(Weight(state, 0, 1) > 0.0);

  ui.Click(ui.Item("mask.padding.checkbox").Center(), draw);
  CHECK(state.mask.padding);
  CHECK(Weight(state, 0, 6) == 0.0);
  CHECK(Weight(state, 0, 7) == 0.0);
  CHECK(Weight(state, 0, 5) > 0.0);
}

TEST_CASE("the causal and padding checkboxes are operated with the arrow keys and Space") {
  UiHarness ui;
  lesson::LessonState state;
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  // A click switches the causal mask on and focuses its checkbox; the padding one is beside it.
  ui.Click(ui.Item("mask.causal.checkbox").Center(), draw);
  REQUIRE(state.mask.causal);
  ui.PressKey(ImGuiKey_RightArrow, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(state.mask.padding);
  CHECK(Weight(state, 3, 6) == 0.0);
  ui.PressKey(ImGuiKey_LeftArrow, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK_FALSE(state.mask.causal);
  CHECK(state.mask.padding);
  CHECK(Weight(state, 0, 1) > 0.0);
}

TEST_CASE("the future demonstration opens, moves its position and flips the causal mask") {
  UiHarness ui;
  lesson::LessonState state;
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("mask.future.next"));
  ui.Click(ui.Item("mask.future.toggle").Center(), draw);
  REQUIRE(state.mask.future_demo);
  ui.Frame(draw);
  ui.Click(ui.Item("mask.future.next").Center(), draw);
  CHECK(state.mask.future_row == 1);
  ui.Click(ui.Item("mask.future.prev").Center(), draw);
  ui.Click(ui.Item("mask.future.prev").Center(), draw);
  CHECK(state.mask.future_row == 0);

  // Row "the" gives "cat" weight 0.34 without the causal mask (16.919 / 49.178), 0 with it.
  CHECK(lesson::LookAhead(state.mask, lesson::MaskWeights(state.mask)).next_weight ==
        doctest::Approx(0.34404).epsilon(1e-4));
  ui.Click(ui.Item("mask.future.causal").Center(), draw);
  CHECK(state.mask.causal);
  CHECK(lesson::LookAhead(state.mask, lesson::MaskWeights(state.mask)).next_weight == 0.0);
}

TEST_CASE("the reset button restores the scene's defaults") {
  UiHarness ui;
  lesson::LessonState state;
  lesson::SetCausal(state.mask, true);
  lesson::SetPadding(state.mask, true);
  lesson::ToggleCell(state.mask, 3, 1);
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("mask.reset").Center(), draw);
  CHECK_FALSE(state.mask.causal);
  CHECK_FALSE(state.mask.padding);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 3, 1).learner);
}

TEST_CASE("at 360 px wide the whole 8 by 8 heatmap fits in the window") {
  UiHarness ui(360.0f, 1600.0f);
  lesson::LessonState state;
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  const ui::ItemRect heatmap = ui.Item("mask.heatmap");
  CHECK(heatmap.min.x >= 0.0f);
  CHECK(heatmap.max.x <= 360.0f);
  for (int row = 0; row < lesson::kMaskTokenCount; ++row) {
    const ui::ItemRect last = ui.Item(Cell(row, lesson::kMaskTokenCount - 1).c_str());
    CHECK(last.max.x <= 360.0f);
    const ui::ItemRect first = ui.Item(Cell(row, 0).c_str());
    CHECK(first.max.x - first.min.x >= 30.0f);  // still a target a finger can hit
  }
  // And a cell at the far right is still clickable.
  ui.Click(CellCenter(ui, 5, 7), draw);
  CHECK(lesson::MaskedBy(state.mask, 5, 7).learner);
}

TEST_CASE("at 320 px the heatmap fits; narrower it scrolls sideways in its own region and still works") {
  {
    UiHarness ui(320.0f, 1600.0f);
    lesson::LessonState state;
    const auto draw = Panel(state, ui.ctx);
    ui.Frames(2, draw);
    CHECK(ui.Item(Cell(0, lesson::kMaskTokenCount - 1).c_str()).max.x <= 320.0f);
  }
  UiHarness ui(240.0f, 1600.0f);
  lesson::LessonState state;
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  const ui::ItemRect first = ui.Item(Cell(0, 0).c_str());
  const ui::ItemRect last = ui.Item(Cell(0, lesson::kMaskTokenCount - 1).c_str());
  CHECK(last.max.x > 240.0f);                    // wider than the window: it scrolls
  CHECK(first.max.x - first.min.x >= 26.0f);     // cells never shrink below 26 px (WCAG 2.5.8 asks 24)
  CHECK(ui.Item("mask.reset").max.x <= 240.0f);  // the rest of the panel keeps the window's width
  ui.Click(first.Center(), draw);
  CHECK(lesson::MaskedBy(state.mask, 0, 0).learner);
}

TEST_CASE("on a wide screen the heatmap keeps readable cells and the explanations sit beside it") {
  UiHarness ui(1600.0f, 900.0f);
  lesson::LessonState state;
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  const ui::ItemRect cell = ui.Item(Cell(0, 0).c_str());
  CHECK(cell.max.x - cell.min.x <= 64.0f);
  const ui::ItemRect heatmap = ui.Item("mask.heatmap");
  const ui::ItemRect future = ui.Item("mask.future");
  CHECK(future.min.x > heatmap.max.x);
}
