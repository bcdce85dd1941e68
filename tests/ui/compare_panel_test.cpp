#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

#include <imgui.h>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/text_store.h"
#include "ui/compare_panel.h"
#include "ui/fonts.h"
#include "ui/item_registry.h"
#include "ui/widget.h"
#include "ui_harness.h"

using doctest::Approx;
using lesson::LessonState;
using ui_test::UiHarness;
using ui_test::Within;

namespace {

// √2 written out, not taken from the code under test.
constexpr double kSqrt2 = 1.4142135623730951;

void EnsureLessonText() {
  if (!lesson::LessonText().Has("compare.title")) lesson::LoadBuiltInText(lesson::LessonText());
}

// The scene as the learner has it once its prediction is answered: its numbers show
// (prediction_panel_test drives the question itself).
LessonState Shown() {
  LessonState state;
  state.predictions.ask = false;
  return state;
}

// The panel inside one full-size window, as the widget shows it.
UiHarness::DrawFn PanelIn(LessonState& state, ui::Context& ctx) {
  return ui_test::InFullWindow(ctx, "compare test", [&state, &ctx] { ui::DrawComparePanel(state, ctx); });
}

// Where a plane point is drawn, from the recorded [-2, 2] square.
ImVec2 PlaneToScreen(const UiHarness& ui, double x, double y) {
  const ui::ItemRect plane = ui.Item("compare.plane");
  const double side = static_cast<double>(plane.max.x - plane.min.x);
  return ImVec2(plane.min.x + static_cast<float>((x + 2.0) / 4.0 * side),
                plane.min.y + static_cast<float>((2.0 - y) / 4.0 * side));
}

double Weight(const LessonState& state, int key) {
  return lesson::ComputeCompare(state.compare).weights[static_cast<size_t>(key)];
}

}  // namespace

TEST_CASE("dragging the query with the mouse onto the museum key moves the weight to museum") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK(Weight(state, 1) == Approx(0.484220).epsilon(1e-5));  // bus, at the start

  ui.Drag(ui.Item("compare.query").Center(), PlaneToScreen(ui, -1.5, 1.0), draw);
  CHECK(state.compare.query.x == Approx(-1.5));
  CHECK(state.compare.query.y == Approx(1.0));
  // q = (-1.5, 1): museum q·k = 2.25 + 1 = 3.25, the largest; its weight is 0.8848.
  CHECK(Weight(state, 0) == Approx(0.884758).epsilon(1e-5));
  CHECK(Weight(state, 1) < 0.2);
}

TEST_CASE("dragging a key moves that key and changes its weight") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Drag(ui.Item("compare.key3").Center(), PlaneToScreen(ui, 1.0, 0.5), draw);
  CHECK(state.compare.keys[3].position.x == Approx(1.0));
  CHECK(state.compare.keys[3].position.y == Approx(0.5));
  CHECK(state.compare.query.x == 1.0);  // the query stayed
  // tour q·k = 1 × 1 + 0 × 0.5 = 1 instead of -0.5: its weight rises from 0.1177 to 0.2782.
  CHECK(Weight(state, 3) == Approx(0.278177).epsilon(1e-5));
}

TEST_CASE("arrow keys on the focused query move it and change the weights") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.PressKey(ImGuiKey_Tab, draw);  // the query is the panel's first tab stop
  for (int i = 0; i < 5; ++i) ui.PressKey(ImGuiKey_RightArrow, draw);
  CHECK(state.compare.query.x == Approx(1.5));
  CHECK(state.compare.query.y == Approx(0.0));
  // q = (1.5, 0): bus q·k = 2.25; its weight rises from 0.4842 to 0.5715.
  CHECK(Weight(state, 1) == Approx(0.571498).epsilon(1e-5));

  ui.PressKey(ImGuiKey_UpArrow, draw);
  ui.PressKey(ImGuiKey_UpArrow, draw);
  CHECK(state.compare.query.y == Approx(0.2));
  CHECK(Weight(state, 1) == Approx(0.665750).epsilon(1e-5));

  ui.PressKey(ImGuiKey_LeftArrow, draw, false, /*shift=*/true);  // a big step
  ui.PressKey(ImGuiKey_DownArrow, draw);
  CHECK(state.compare.query.x == Approx(1.0));
  CHECK(state.compare.query.y == Approx(0.1));
}

TEST_CASE("an arrow key stops at the edge of the plane") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.PressKey(ImGuiKey_Tab, draw);
  for (int i = 0; i < 4; ++i) ui.PressKey(ImGuiKey_UpArrow, draw, false, true);
  CHECK(state.compare.query.y == 2.0);
  CHECK(state.compare.query.x == 1.0);
}

TEST_CASE("Tab goes from the query to the first key, and the arrow keys then move that key") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.PressKey(ImGuiKey_Tab, draw);
  ui.PressKey(ImGuiKey_Tab, draw);
  ui.PressKey(ImGuiKey_LeftArrow, draw);
  CHECK(state.compare.keys[0].position.x == Approx(-1.6));
  CHECK(state.compare.query.x == 1.0);
  CHECK(Weight(state, 0) == Approx(0.054297).epsilon(1e-5));
  ui.PressKey(ImGuiKey_Tab, draw);
  ui.PressKey(ImGuiKey_UpArrow, draw);
  CHECK(state.compare.keys[1].position.y == Approx(1.6));  // bus, the second key
  CHECK(state.compare.keys[0].position.y == 1.0);
}

TEST_CASE("Tab visits the query, the four keys, the numbers' header, the scaling checkbox, then the temperature slider") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  for (int i = 0; i < 5; ++i) ui.PressKey(ImGuiKey_Tab, draw);  // query, museum, bus, shop, tour
  ui.PressKey(ImGuiKey_UpArrow, draw);
  CHECK(state.compare.keys[3].position.y == Approx(-1.4));  // tour moved
  ui.PressKey(ImGuiKey_Tab, draw);                          // the open "Show the numbers" header
  ui.PressKey(ImGuiKey_Tab, draw);                          // the checkbox: Tab reaches every control
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK_FALSE(state.compare.scaled);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(state.compare.scaled);
  ui.PressKey(ImGuiKey_Tab, draw);  // the temperature slider, which Tab opens for typing
  ui.Type("0.5", draw);
  ui.PressKey(ImGuiKey_Enter, draw);
  CHECK(state.compare.temperature == Approx(0.5));
  CHECK(state.compare.keys[3].position.y == Approx(-1.4));
}

TEST_CASE("after a click on a key tip the arrow keys move that key") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("compare.key2").Center(), draw);  // shop, at (1, -1.5)
  ui.PressKey(ImGuiKey_DownArrow, draw);
  ui.PressKey(ImGuiKey_DownArrow, draw);
  CHECK(state.compare.keys[2].position.y == Approx(-1.7));
  CHECK(state.compare.keys[2].position.x == Approx(1.0));
  CHECK(state.compare.query.y == 0.0);
}

TEST_CASE("an arrow key moves nothing when no tip has focus") {
  EnsureLessonText();
  // ImGui focuses a new window's first item silently; the first arrow press only shows where the
  // focus is. (A second press then moves the tip the highlight is on, as the learner sees.)
  for (ImGuiKey key : {ImGuiKey_RightArrow, ImGuiKey_LeftArrow, ImGuiKey_UpArrow, ImGuiKey_DownArrow}) {
    CAPTURE(static_cast<int>(key));
    LessonState state = Shown();
    state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
    UiHarness ui(1280.0f, 1800.0f);
    const auto draw = PanelIn(state, ui.ctx);
    ui.Frames(2, draw);
    ui.PressKey(key, draw);
    const lesson::CompareScene fresh;
    CHECK(state.compare.query.x == fresh.query.x);
    CHECK(state.compare.query.y == fresh.query.y);
    for (size_t i = 0; i < 4; ++i) {
      CHECK(state.compare.keys[i].position.x == fresh.keys[i].position.x);
      CHECK(state.compare.keys[i].position.y == fresh.keys[i].position.y);
    }
  }
}

TEST_CASE("toggling scaling changes the scores by exactly √2") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  const lesson::CompareResult before = lesson::ComputeCompare(state.compare);
  CHECK(before.scores[1] == Approx(1.0606602));  // 1.5 / √2

  ui.Click(ui.Item("compare.scaling_toggle").Center(), draw);
  CHECK_FALSE(state.compare.scaled);
  const lesson::CompareResult after = lesson::ComputeCompare(state.compare);
  CHECK(after.scores[1] == Approx(1.5));
  for (size_t k = 0; k < 4; ++k) CHECK(after.scores[k] == Approx(before.scores[k] * kSqrt2).epsilon(1e-12));
  CHECK(Weight(state, 1) == Approx(0.558144).epsilon(1e-5));  // bigger gaps, sharper weights

  ui.Click(ui.Item("compare.scaling_toggle").Center(), draw);
  CHECK(state.compare.scaled);
}

TEST_CASE("the temperature slider flattens the weights to the right and sharpens them to the left") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  const ui::ItemRect slider = ui.Item("compare.temperature_slider");
  ui.Drag(slider.Center(), ImVec2(slider.max.x + 40.0f, slider.Center().y), draw);
  CHECK(state.compare.temperature == Approx(5.0));
  // At T = 5 the scores -1.06, 1.06, 0.71, -0.35 become -0.21, 0.21, 0.14, -0.07.
  CHECK(Weight(state, 1) == Approx(0.299435).epsilon(1e-5));
  CHECK(Weight(state, 3) == Approx(0.225666).epsilon(1e-5));

  ui.Drag(ui.Item("compare.temperature_slider").Center(), ImVec2(slider.min.x - 40.0f, slider.Center().y), draw);
  CHECK(state.compare.temperature == Approx(0.1));
  CHECK(Weight(state, 1) == Approx(0.971681).epsilon(1e-5));
  CHECK(lesson::ComputeCompare(state.compare).combination.output == Approx(10.198228).epsilon(1e-6));
}

TEST_CASE("the reset button puts the scene back as it opened") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Drag(ui.Item("compare.query").Center(), PlaneToScreen(ui, -1.0, -1.0), draw);
  ui.Click(ui.Item("compare.scaling_toggle").Center(), draw);
  state.highlight = "compare.weights";
  REQUIRE(state.compare.query.x == Approx(-1.0));
  ui.Click(ui.Item("compare.reset").Center(), draw);
  CHECK(state.compare.query.x == 1.0);
  CHECK(state.compare.query.y == 0.0);
  CHECK(state.compare.scaled);
  CHECK(state.highlight.empty());
}

TEST_CASE("a walkthrough highlight outlines the element it names") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("compare.highlight"));

  const char* groups[] = {"compare.weights", "compare.scores", "compare.temperature", "compare.output",
                          "compare.scaling"};
  for (const char* name : groups) {
    CAPTURE(name);
    state.highlight = name;
    ui.Frame(draw);
    REQUIRE(ui.Has("compare.highlight"));
    const ui::ItemRect outline = ui.Item("compare.highlight");
    const ui::ItemRect element = ui.Item(name);
    CHECK(outline.min.x == element.min.x);
    CHECK(outline.max.y == element.max.y);
  }
  state.highlight = "compare.temperature";
  ui.Frame(draw);
  CHECK(Within(ui.Item("compare.temperature_slider"), ui.Item("compare.highlight"), 0.0f));

  state.highlight = "compare.query";
  ui.Frame(draw);
  CHECK(Within(ui.Item("compare.query"), ui.Item("compare.highlight"), 0.0f));

  state.highlight = "compare.keys";  // every key tip is ringed; the plane that holds them is recorded
  ui.Frame(draw);
  REQUIRE(ui.Has("compare.highlight"));
  CHECK(Within(ui.Item("compare.key0"), ui.Item("compare.highlight"), 0.0f));
  CHECK(Within(ui.Item("compare.plane"), ui.Item("compare.highlight"), 0.0f));

  state.highlight = "combine.arithmetic";  // another scene's element
  ui.Frame(draw);
  CHECK_FALSE(ui.Has("compare.highlight"));
}

TEST_CASE("at 1024 px the numbers sit beside the plane") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1024.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK(ui.Item("compare.weights").min.x > ui.Item("compare.plane").max.x);
  CHECK(ui.Item("compare.temperature_slider").max.x <= 1024.0f);
}

TEST_CASE("at phone width the numbers stack under the plane and everything fits in 360 px") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(360.0f, 2600.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  const ui::ItemRect plane = ui.Item("compare.plane");
  CHECK(ui.Item("compare.scores").min.y > plane.max.y);
  CHECK(plane.max.x - plane.min.x > 250.0f);  // the plane still fills most of the width
  const char* names[] = {
      "compare.plane",  "compare.query", "compare.scores", "compare.weights", "compare.temperature_slider",
      "compare.output", "compare.reset"};
  for (const char* name : names) {
    CAPTURE(name);
    CHECK(ui.Item(name).max.x <= 360.0f);
    CHECK(ui.Item(name).min.x >= 0.0f);
  }
  // And the query can still be dragged there.
  ui.Drag(ui.Item("compare.query").Center(), PlaneToScreen(ui, -1.5, 1.0), draw);
  CHECK(state.compare.query.x == Approx(-1.5));
  CHECK(Weight(state, 0) == Approx(0.884758).epsilon(1e-5));
}

TEST_CASE("the keys' labels keep clear of the plane's tick numbers at every width from phone to desktop") {
  EnsureLessonText();
  // Phones draw at pixel ratio 2 or 3: the fonts are rasterized larger and drawn scaled down.
  for (const float ratio : {1.0f, 2.0f, 3.0f})
    for (float width = 320.0f; width <= 1280.0f; width += 10.0f) {
      CAPTURE(ratio);
      CAPTURE(width);
      LessonState state = Shown();
      state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
      UiHarness ui(width, 2600.0f);
      ui::LoadFonts(ui.ctx, ratio);
      unsigned char* pixels = nullptr;
      int atlas_width = 0, atlas_height = 0;
      ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &atlas_width, &atlas_height);
      const auto draw = PanelIn(state, ui.ctx);
      ui.Frames(2, draw);
      // A label is as tall as the text around it, whatever the ratio.
      const ui::ItemRect museum = ui.Item("compare.key_label0");
      CHECK(museum.max.y - museum.min.y == Approx(ImGui::GetFontSize()).epsilon(0.2));
      REQUIRE(ui.Has("compare.tick.0"));
      for (int tick = 0; ui.Has(("compare.tick." + std::to_string(tick)).c_str()); ++tick) {
        const ui::ItemRect t = ui.Item(("compare.tick." + std::to_string(tick)).c_str());
        for (int key = 0; key < lesson::kCompareKeyCount; ++key) {
          const std::string name = "compare.key_label" + std::to_string(key);
          REQUIRE(ui.Has(name.c_str()));
          const ui::ItemRect label = ui.Item(name.c_str());
          CAPTURE(tick);
          CAPTURE(name);
          // Apart by a few pixels, not only not overlapping: a number touching a word reads as part of it.
          const float gap = 3.0f;
          const bool near = label.min.x < t.max.x + gap && t.min.x < label.max.x + gap && label.min.y < t.max.y + gap &&
                            t.min.y < label.max.y + gap;
          CHECK_FALSE(near);
        }
      }
    }
}

TEST_CASE("a scene filled with a NaN shows a message instead of numbers until it is reset") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  state.compare.keys[2].position.y = std::numeric_limits<double>::quiet_NaN();
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("compare.plane"));
  CHECK_FALSE(ui.Has("compare.weights"));
  ui.Click(ui.Item("compare.reset").Center(), draw);
  CHECK(state.compare.keys[2].position.y == -1.5);
  ui.Frame(draw);
  CHECK(ui.Has("compare.plane"));
}

TEST_CASE("a click on a place in the plane moves the arrow clicked last there, without dragging (WCAG 2.5.7)") {
  EnsureLessonText();
  LessonState state = Shown();
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls are tested too
  UiHarness ui(1280.0f, 1800.0f);
  const auto draw = PanelIn(state, ui.ctx);
  ui.Frames(2, draw);
  // Until another tip is chosen, the click moves the query; the hint names it.
  ui.Click(PlaneToScreen(ui, -1.0, -0.5), draw);
  ui.Frames(1, draw);
  CHECK(state.compare.query.x == Approx(-1.0));
  CHECK(state.compare.query.y == Approx(-0.5));
  const lesson::CompareScene start;
  CHECK(state.compare.keys[2].position.x == start.keys[2].position.x);
  // A click on the shop key's tip chooses it (and moves nothing); the next click on the plane moves it.
  ui.Click(ui.Item("compare.key2").Center(), draw);
  ui.Frames(1, draw);
  CHECK(state.compare.keys[2].position.x == start.keys[2].position.x);
  CHECK(state.compare.keys[2].position.y == start.keys[2].position.y);
  ui.Click(PlaneToScreen(ui, 0.5, 1.5), draw);
  ui.Frames(1, draw);
  CHECK(state.compare.keys[2].position.x == Approx(0.5));
  CHECK(state.compare.keys[2].position.y == Approx(1.5));
  CHECK(state.compare.query.x == Approx(-1.0));  // the query stayed
  // A press that moves further than a click (a finger scrolling the page) places nothing.
  const lesson::PlanePoint before = state.compare.keys[2].position;
  ui.Drag(PlaneToScreen(ui, -1.5, -1.5), PlaneToScreen(ui, -1.0, -1.0), draw);
  CHECK(state.compare.keys[2].position.x == before.x);
  CHECK(state.compare.keys[2].position.y == before.y);
  // Outside the plane a click places nothing.
  ui.Click(ImVec2(ui.Item("compare.plane").max.x + 40.0f, ui.Item("compare.plane").min.y + 10.0f), draw);
  ui.Frames(1, draw);
  CHECK(state.compare.keys[2].position.x == before.x);
}

TEST_CASE("on a phone the picture starts within 120 px of the widget's top, under one caption") {
  EnsureLessonText();
  for (const char* locale : {"en", "es"}) {
    CAPTURE(locale);
    ui_test::UseWords(locale);
    LessonState state;
    UiHarness ui(390.0f, 844.0f);
    const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
    ui.Frames(2, draw);
    REQUIRE(ui.Has("compare.picture"));
    CHECK(ui.Item("compare.picture").min.y <= 120.0f);
    CHECK(ui.Item("compare.picture").max.x <= 390.0f);
  }
  ui_test::LoadLessonText();
}
