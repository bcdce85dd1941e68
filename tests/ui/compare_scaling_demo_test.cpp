// "Why divide by √d_k?" in the Compare panel, driven through the real panel with mouse and keyboard.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>

#include "lesson/lesson_state.h"
#include "lesson/text_store.h"
#include "ui/compare_panel.h"
#include "ui/item_registry.h"
#include "ui/theme.h"
#include "ui_harness.h"

using lesson::LessonState;
using ui_test::UiHarness;

namespace {

UiHarness::DrawFn PanelIn(LessonState& state, ui::Context& ctx) {
  return ui_test::InFullWindow(ctx, "compare test", [&state, &ctx] { ui::DrawComparePanel(state, ctx); });
}

std::string ChoiceName(int dimension) { return "compare.scaling_demo_dk" + std::to_string(dimension); }

// The height of the bar filled in `color` in each key's slot of a row, read from what the last
// frame drew (0 where nothing of that colour was drawn).
std::vector<float> BarHeights(const ui::ItemRect& row, ImU32 color) {
  std::vector<float> tops(lesson::kScalingDemoKeyCount, row.max.y);
  const float slot = (row.max.x - row.min.x) / static_cast<float>(lesson::kScalingDemoKeyCount);
  const ImDrawData* data = ImGui::GetDrawData();
  REQUIRE(data != nullptr);
  for (int l = 0; l < data->CmdListsCount; ++l) {
    for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer) {
      if (v.col != color || v.pos.x < row.min.x || v.pos.x > row.max.x || v.pos.y < row.min.y - 1.0f ||
          v.pos.y > row.max.y + 1.0f)
        continue;
      const int key = std::clamp(static_cast<int>((v.pos.x - row.min.x) / slot), 0, lesson::kScalingDemoKeyCount - 1);
      tops[static_cast<size_t>(key)] = std::min(tops[static_cast<size_t>(key)], v.pos.y);
    }
  }
  std::vector<float> heights;
  for (const float top : tops) heights.push_back(row.max.y - top);
  return heights;
}

// Whether `inner` lies between `left` and `right` across.
bool WithinAcross(const ui::ItemRect& inner, float left, float right) {
  return inner.min.x >= left && inner.max.x <= right;
}

}  // namespace

TEST_CASE("the √d_k demo opens closed, one line tall, and a click on its header opens it") {
  LessonState state;
  state.predictions.ask = false;  // the scene with its numbers shown (prediction_panel_test asks)
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  REQUIRE(ui.Has("compare.scaling_demo_toggle"));
  CHECK_FALSE(ui.Has("compare.scaling_demo_raw"));
  const ui::ItemRect closed = ui.Item("compare.scaling_demo");
  CHECK(closed.max.y - closed.min.y <= ImGui::GetFrameHeight() + 1.0f);
  // Under the picture and the numbers it explains.
  CHECK(closed.min.y > ui.Item("compare.picture").max.y);
  CHECK(closed.min.y > ui.Item("compare.temperature_slider").max.y);

  ui.Click(ui.Item("compare.scaling_demo_toggle").Center(), draw);
  CHECK(state.compare.scaling_demo_open);
  ui.Frame(draw);
  CHECK(ui.Has("compare.scaling_demo_raw"));
  CHECK(ui.Has("compare.scaling_demo_scaled"));
  for (const int d : lesson::kScalingDemoDimensions) CHECK(ui.Has(ChoiceName(d).c_str()));

  ui.Click(ui.Item("compare.scaling_demo_toggle").Center(), draw);
  CHECK_FALSE(state.compare.scaling_demo_open);
}

TEST_CASE("a click on a d_k choice changes the demo's d_k") {
  LessonState state;
  state.predictions.ask = false;  // the scene with its numbers shown (prediction_panel_test asks)
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
  state.compare.scaling_demo_open = true;  // as a link opens it
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  for (const int d : {8, 512, 2, 128}) {
    CAPTURE(d);
    ui.Click(ui.Item(ChoiceName(d).c_str()).Center(), draw);
    CHECK(state.compare.scaling_demo_dimension == d);
  }
}

TEST_CASE("with the keyboard, Tab reaches the demo's header, Space opens it, and Tab and Space pick a d_k") {
  LessonState state;
  state.predictions.ask = false;  // the scene with its numbers shown (prediction_panel_test asks)
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  // query, four keys, the numbers' header, scaling checkbox, temperature slider, the demo's header
  for (int i = 0; i < 9; ++i) ui.PressKey(ImGuiKey_Tab, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(state.compare.scaling_demo_open);
  CHECK(state.compare.scaled);      // the checkbox was passed, not changed
  ui.PressKey(ImGuiKey_Tab, draw);  // the first choice, d_k = 2
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(state.compare.scaling_demo_dimension == 2);
  ui.PressKey(ImGuiKey_Tab, draw);
  ui.PressKey(ImGuiKey_Tab, draw);  // d_k = 32
  ui.PressKey(ImGuiKey_Enter, draw);
  CHECK(state.compare.scaling_demo_dimension == 32);
}

TEST_CASE("each bar of the demo is as tall as its key's weight, without and with the division, in both themes") {
  for (const ui::Theme theme : {ui::Theme::Light, ui::Theme::Dark}) {
    for (const int d : {2, 128}) {
      CAPTURE(d);
      CAPTURE(theme == ui::Theme::Dark);
      LessonState state;
      state.predictions.ask = false;  // the scene with its numbers shown (prediction_panel_test asks)
      state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
      state.compare.scaling_demo_open = true;
      REQUIRE(lesson::SetScalingDemoDimension(state.compare, d));
      UiHarness ui(1280.0f, 1800.0f);
      ui::ApplyTheme(ui.ctx, theme);
      const auto draw = PanelIn(state, ui.ctx);
      ui.Frames(2, draw);
      const lesson::ScalingDemo demo = lesson::ComputeScalingDemo(d);
      REQUIRE(demo.ok);
      const ui::ItemRect raw = ui.Item("compare.scaling_demo_raw");
      const ui::ItemRect scaled = ui.Item("compare.scaling_demo_scaled");
      const float full = raw.max.y - raw.min.y;  // a weight of 1
      REQUIRE(full > 20.0f);
      const std::vector<float> raw_heights = BarHeights(raw, ui.ctx.palette.second);
      const std::vector<float> scaled_heights = BarHeights(scaled, ui.ctx.palette.first);
      for (size_t k = 0; k < raw_heights.size(); ++k) {
        CAPTURE(k);
        CHECK(std::abs(raw_heights[k] - full * static_cast<float>(demo.raw.weights[k])) <= 1.5f);
        CHECK(std::abs(scaled_heights[k] - full * static_cast<float>(demo.scaled.weights[k])) <= 1.5f);
      }
      // The two rows line up key by key: the same columns.
      CHECK(raw.min.x == scaled.min.x);
      CHECK(raw.max.x == scaled.max.x);
    }
  }
}

TEST_CASE("at phone width the open demo fits in 360 px, its captions over the bars") {
  LessonState state;
  state.predictions.ask = false;  // the scene with its numbers shown (prediction_panel_test asks)
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
  state.compare.scaling_demo_open = true;
  UiHarness ui(360.0f, 3000.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  std::vector<std::string> names = {"compare.scaling_demo", "compare.scaling_demo_toggle", "compare.scaling_demo_raw",
                                    "compare.scaling_demo_scaled"};
  for (const int d : lesson::kScalingDemoDimensions) names.push_back(ChoiceName(d));
  for (const std::string& name : names) {
    CAPTURE(name);
    CHECK(WithinAcross(ui.Item(name.c_str()), 0.0f, 360.0f));
  }
  CHECK(ui.Item("compare.scaling_demo_raw").max.x - ui.Item("compare.scaling_demo_raw").min.x > 200.0f);
  // And it still works there.
  ui.Click(ui.Item(ChoiceName(8).c_str()).Center(), draw);
  CHECK(state.compare.scaling_demo_dimension == 8);
}

TEST_CASE("a walkthrough highlight can point at the demo, and reset closes it") {
  LessonState state;
  state.predictions.ask = false;  // the scene with its numbers shown (prediction_panel_test asks)
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
  state.compare.scaling_demo_open = true;
  REQUIRE(lesson::SetScalingDemoDimension(state.compare, 8));
  state.highlight = "compare.scaling_demo";
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  REQUIRE(ui.Has("compare.highlight"));
  const ui::ItemRect outline = ui.Item("compare.highlight");
  const ui::ItemRect area = ui.Item("compare.scaling_demo");
  CHECK(outline.min.y == area.min.y);
  CHECK(outline.max.y == area.max.y);
  CHECK(area.max.y > ui.Item("compare.scaling_demo_scaled").max.y);

  ui.Click(ui.Item("compare.reset").Center(), draw);
  CHECK_FALSE(state.compare.scaling_demo_open);
  CHECK(state.compare.scaling_demo_dimension == lesson::kScalingDemoDefaultDimension);
  ui.Frame(draw);
  CHECK_FALSE(ui.Has("compare.scaling_demo_raw"));
}

TEST_CASE("the demo's words are all in the lesson text") {
  LessonState state;
  state.predictions.ask = false;  // the scene with its numbers shown (prediction_panel_test asks)
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
  state.compare.scaling_demo_open = true;
  UiHarness ui(1280.0f, 1800.0f);  // loads the built-in words
  for (const char* key : {"compare.scaling_demo", "compare.scaling_demo_intro", "compare.scaling_demo_raw",
                          "compare.scaling_demo_scaled", "compare.scaling_demo_bars", "compare.scaling_demo_spread",
                          "compare.scaling_demo_gradient", "mirror.compare.scaling_demo"}) {
    CAPTURE(key);
    CHECK(lesson::LessonText().Has(key));
  }
}
