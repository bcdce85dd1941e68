// The Caveats panel driven by real mouse and keyboard input through the headless harness: the
// words' rows remove and put back words, the picture draws the scene's numbers (bars as long as
// the weights, the output marker at the output, the scatter's points at (weight, move)), and the
// first screen is one caption over the picture.

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/caveats_panel.h"
#include "ui/theme.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {

using lesson::kCaveatsPositions;
using ui_test::FigureOf;
using ui_test::NodeNamed;
using ui_test::Overlap;
using ui_test::Within;

std::string Name(const char* prefix, int j) { return std::string(prefix) + std::to_string(j); }

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

// Where the number line draws `value`, from where it drew the words' values.
float LineX(const ui_test::UiHarness& ui, const lesson::CaveatsScene& scene, double value) {
  // Two words whose values differ: the first and the last (10 and 50 as the scene opens).
  const float x0 = ui.Item("caveats.number_line.tick.0").min.x;
  const float x3 = ui.Item("caveats.number_line.tick.3").min.x;
  return x0 + static_cast<float>((value - scene.values[0]) / (scene.values[3] - scene.values[0])) * (x3 - x0);
}

}  // namespace

// [SECTION] Removing words

TEST_CASE("clicking a word's row takes it out and moves query A's output; clicking it again puts it back") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
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

TEST_CASE("a tap on the word's bar, not only on the word, removes it") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(390.0f, 1600.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("caveats.track.2").Center(), draw);
  CHECK(state.caveats.removed[2]);
}

TEST_CASE("the words' rows can be reached and pressed with the keyboard alone") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
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

TEST_CASE("a screen reader hears each word's row as a button that says what it does and stays pressed while removed") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(390.0f, 1600.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
  state.scene = lesson::Scene::Caveats;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  const std::string remove = lesson::T("caveats.remove") + " \u201Cstorm\u201D";
  const ui::AccessNode* row = NodeNamed(ui.ctx, remove);
  REQUIRE(row != nullptr);
  CHECK(row->role == ui::AccessRole::Button);
  CHECK(row->checked == 0);
  ui.Click(ui.Item("caveats.remove.1").Center(), draw);
  ui.Frames(1, draw);
  const ui::AccessNode* put_back = NodeNamed(ui.ctx, lesson::T("caveats.put_back") + " \u201Cstorm\u201D");
  REQUIRE(put_back != nullptr);
  CHECK(put_back->checked == 1);
}

TEST_CASE("remove each in turn plots every word's point") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK(ui.Has("caveats.guess"));
  for (int j = 0; j < kCaveatsPositions; ++j) CHECK_FALSE(ui.Has(Name("caveats.scatter.dot.", j).c_str()));
  ui.Click(ui.Item("caveats.each_in_turn").Center(), draw);
  CHECK(state.caveats.each_in_turn_shown);
  ui.Frame(draw);
  for (int j = 0; j < kCaveatsPositions; ++j) CHECK(ui.Has(Name("caveats.scatter.dot.", j).c_str()));
  CHECK_FALSE(ui.Has("caveats.guess"));
  // The finding, in words, is with the numbers.
  CHECK_FALSE(ui.Has("caveats.finding"));
  ui.Click(ui.Item("caveats.numbers").Center(), draw);
  ui.Frame(draw);
  CHECK(state.caveats.numbers_open);
  CHECK(ui.Has("caveats.finding"));
  CHECK(ui.Has("caveats.finding_layer2"));
  ui.Click(ui.Item("caveats.each_in_turn").Center(), draw);
  CHECK_FALSE(state.caveats.each_in_turn_shown);
}

TEST_CASE("removing one word alone plots its point; a second word, or putting it back, takes the point away") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(390.0f, 1600.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("caveats.remove.3").Center(), draw);
  ui.Frame(draw);
  CHECK(ui.Has("caveats.scatter.dot.3"));
  CHECK_FALSE(ui.Has("caveats.scatter.dot.0"));
  ui.Click(ui.Item("caveats.remove.0").Center(), draw);
  ui.Frame(draw);
  CHECK_FALSE(ui.Has("caveats.scatter.dot.3"));  // two removed: neither is removed alone
  CHECK_FALSE(ui.Has("caveats.scatter.dot.0"));
  ui.Click(ui.Item("caveats.put_all_back").Center(), draw);
  ui.Frame(draw);
  CHECK(state.caveats.removed == lesson::CaveatsRemoved{});
  CHECK(ui.Has("caveats.guess"));
}

TEST_CASE("removing every word by clicking shows no position available and put every word back restores them") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  for (int j = 0; j < kCaveatsPositions; ++j) ui.Click(ui.Item(Name("caveats.remove.", j).c_str()).Center(), draw);
  CHECK(state.caveats.removed == lesson::CaveatsRemoved{true, true, true, true});
  const lesson::CaveatsPass pass = lesson::RunCaveats(state.caveats);
  CHECK(pass.a.combination.empty);
  CHECK(pass.final_output.empty);
  ui.Frames(2, draw);
  CHECK(ui.Has("caveats.output_sentence"));
  CHECK(ui.Has("caveats.output_none"));
  CHECK_FALSE(ui.Has("caveats.output_marker"));

  ui.Click(ui.Item("caveats.put_all_back").Center(), draw);
  CHECK(state.caveats.removed == lesson::CaveatsRemoved{});
}

// [SECTION] The picture draws the scene's numbers

TEST_CASE("each bar is as long as query A's weight on its word now, before and after a word is removed") {
  for (const float width : {390.0f, 1280.0f}) {
    CAPTURE(width);
    ui_test::LoadLessonText();
    ui_test::UiHarness ui(width, 1600.0f);
    lesson::LessonState state;
    state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
    state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
    const auto draw = CaveatsIn(state, ui.ctx);
    ui.Frames(3, draw);
    auto check_bars = [&] {
      const lesson::CaveatsPass now = lesson::RunCaveats(state.caveats);
      for (int j = 0; j < kCaveatsPositions; ++j) {
        CAPTURE(j);
        const ui::ItemRect track = ui.Item(Name("caveats.track.", j).c_str());
        const ui::ItemRect bar = ui.Item(Name("caveats.bar.", j).c_str());
        CHECK(bar.min.x == doctest::Approx(track.min.x));
        CHECK((bar.max.x - bar.min.x) / (track.max.x - track.min.x) ==
              doctest::Approx(now.a.weights[static_cast<size_t>(j)]).epsilon(0.005));
      }
    };
    check_bars();  // 0.5, 0.25, 0.15, 0.1
    ui.Click(ui.Item("caveats.remove.3").Center(), draw);
    ui.Frames(30, draw);  // the bars' easing settles
    REQUIRE(state.caveats.removed[3]);
    check_bars();  // 0.56, 0.28, 0.17, 0: the others share what "roads" had
    CHECK(ui.Item("caveats.bar.3").max.x - ui.Item("caveats.bar.3").min.x < 0.5f);
  }
}

TEST_CASE("removing a word slides the output marker to the new output; an open marker stays at the old one") {
  for (const float width : {320.0f, 390.0f, 1280.0f}) {
    for (int j = 0; j < kCaveatsPositions; ++j) {
      CAPTURE(width);
      CAPTURE(j);
      ui_test::LoadLessonText();
      ui_test::UiHarness ui(width, 1600.0f);
      lesson::LessonState state;
      state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
      state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
      const auto draw = CaveatsIn(state, ui.ctx);
      ui.Frames(3, draw);
      const float before = ui.Item("caveats.output_marker").Center().x;
      CHECK(before == doctest::Approx(LineX(ui, state.caveats, 11.0)).epsilon(0.002));
      CHECK_FALSE(ui.Has("caveats.before_marker"));
      ui.Click(ui.Item(Name("caveats.remove.", j).c_str()).Center(), draw);
      ui.Frame(draw);
      // On its way: between where it was and where it goes.
      const double output = OutputA(state);
      const float target = LineX(ui, state.caveats, output);
      const float moving = ui.Item("caveats.output_marker").Center().x;
      CHECK(std::fabs(moving - target) < std::fabs(before - target) + 0.5f);
      ui.Frames(30, draw);
      CHECK(ui.Item("caveats.output_marker").Center().x == doctest::Approx(target).epsilon(0.002));
      CHECK(ui.Item("caveats.before_marker").Center().x == doctest::Approx(before).epsilon(0.002));
      // The marker and its labels inside the number line.
      const ui::ItemRect line = ui.Item("caveats.number_line");
      CHECK(Within(ui.Item("caveats.output_marker"), line));
      CHECK(Within(ui.Item("caveats.output_sentence"), line));
    }
  }
}

TEST_CASE("the scatter's points sit at (weight, how far removing the word alone moves the output)") {
  for (const float width : {320.0f, 390.0f, 1280.0f}) {
    CAPTURE(width);
    ui_test::LoadLessonText();
    ui_test::UiHarness ui(width, 1600.0f);
    lesson::LessonState state;
    state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
    state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
    lesson::SetEachInTurnShown(state.caveats, true);
    const auto draw = CaveatsIn(state, ui.ctx);
    ui.Frames(30, draw);
    const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(state.caveats);
    const ui::ItemRect plot = ui.Item("caveats.scatter.plot");
    // The scale from the first point; every other point on it.
    const ui::ItemRect first = ui.Item("caveats.scatter.dot.0");
    const double per_weight = static_cast<double>(first.Center().x - plot.min.x) / rows[0].weight_a;
    const double per_change = static_cast<double>(plot.max.y - first.Center().y) / rows[0].change_a.change;
    CHECK(per_weight > 0.0);
    CHECK(per_change > 0.0);
    for (int j = 0; j < kCaveatsPositions; ++j) {
      CAPTURE(j);
      const lesson::AblationRow& row = rows[static_cast<size_t>(j)];
      const ui::ItemRect dot = ui.Item(Name("caveats.scatter.dot.", j).c_str());
      CHECK(static_cast<double>(dot.Center().x - plot.min.x) ==
            doctest::Approx(row.weight_a * per_weight).epsilon(0.003));
      CHECK(static_cast<double>(plot.max.y - dot.Center().y) ==
            doctest::Approx(row.change_a.change * per_change).epsilon(0.003));
      CHECK(Within(ui::ItemRect{dot.Center(), dot.Center()}, plot));
    }
    // The picture's point: the rightmost point (the largest weight) is not the highest (the largest move).
    const lesson::AblationSummary summary = lesson::Summarize(rows);
    const ui::ItemRect heaviest = ui.Item(Name("caveats.scatter.dot.", summary.largest_weight).c_str());
    const ui::ItemRect most = ui.Item(Name("caveats.scatter.dot.", summary.largest_change_a).c_str());
    CHECK(heaviest.Center().x > most.Center().x);
    CHECK(heaviest.Center().y > most.Center().y + 40.0f);  // lower on screen, clearly
  }
}

TEST_CASE(
    "the scatter's labels overlap no point and no other label, and stay in the scatter, at every width and language") {
  for (const lesson::Locale& locale : lesson::Locales()) {
    for (const float width : {320.0f, 360.0f, 390.0f, 700.0f, 1280.0f, 1600.0f}) {
      CAPTURE(locale.code);
      CAPTURE(width);
      ui_test::UiHarness ui(width, 1800.0f);
      ui_test::UseWords(locale.code);
      lesson::LessonState state;
      state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
      state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
      lesson::SetEachInTurnShown(state.caveats, true);
      const auto draw = ui_test::InFullWindow(ui.ctx, "caveats", [&] { ui::DrawCaveatsPanel(state, ui.ctx); });
      ui.Frames(30, draw);
      const ui::ItemRect scatter = ui.Item("caveats.scatter");
      std::vector<ui::ItemRect> labels, dots;
      for (int j = 0; j < kCaveatsPositions; ++j) {
        labels.push_back(ui.Item(Name("caveats.scatter.label.", j).c_str()));
        dots.push_back(ui.Item(Name("caveats.scatter.dot.", j).c_str()));
      }
      for (size_t a = 0; a < labels.size(); ++a) {
        CAPTURE(a);
        CHECK(Within(labels[a], scatter));
        for (size_t b = 0; b < labels.size(); ++b) {
          CAPTURE(b);
          if (b > a) CHECK_FALSE(Overlap(labels[a], labels[b]));
          CHECK_FALSE(Overlap(labels[a], dots[b]));
        }
      }
    }
  }
  ui_test::LoadLessonText();
}

TEST_CASE("the words sit beside the scatter on a desktop and above it on a phone, all inside the picture") {
  for (const float width : {320.0f, 390.0f, 1280.0f}) {
    CAPTURE(width);
    ui_test::LoadLessonText();
    ui_test::UiHarness ui(width, 1600.0f);
    lesson::LessonState state;
    state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
    state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
    const auto draw = CaveatsIn(state, ui.ctx);
    ui.Frames(3, draw);
    const ui::ItemRect picture = ui.Item("caveats.picture");
    const ui::ItemRect scatter = ui.Item("caveats.scatter");
    const ui::ItemRect line = ui.Item("caveats.number_line");
    for (const ui::ItemRect& part : {scatter, line, ui.Item("caveats.remove.0"), ui.Item("caveats.remove.3")}) {
      CHECK(Within(part, picture));
    }
    if (width >= 1000.0f) {
      CHECK(scatter.min.x > ui.Item("caveats.track.0").max.x);
      CHECK(scatter.min.y < ui.Item("caveats.remove.0").max.y);
    } else {
      CHECK(scatter.min.y > line.max.y);
    }
    // The rows stack, each a target of at least 40 px, and the test's buttons come right under the picture.
    for (int j = 0; j + 1 < kCaveatsPositions; ++j) {
      CHECK(ui.Item(Name("caveats.remove.", j + 1).c_str()).min.y >= ui.Item(Name("caveats.remove.", j).c_str()).max.y);
      CHECK(ui.Item(Name("caveats.remove.", j).c_str()).max.y - ui.Item(Name("caveats.remove.", j).c_str()).min.y >=
            40.0f);
    }
    CHECK(ui.Item("caveats.each_in_turn").min.y >= picture.max.y);
    CHECK(ui.Item("caveats.each_in_turn").min.y <= picture.max.y + 30.0f);
  }
}

// [SECTION] The first screen

TEST_CASE("the picture is announced as a figure that says its numbers, and starts near the widget's top on a phone") {
  for (const char* locale : {"en", "es"}) {
    CAPTURE(locale);
    ui_test::UiHarness ui(390.0f, 844.0f);
    ui_test::UseWords(locale);
    lesson::LessonState state;
    state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
    state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
    state.scene = lesson::Scene::Caveats;
    const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
    ui.Frames(3, draw);
    const ui::AccessNode* figure = FigureOf(ui.ctx);
    REQUIRE(figure != nullptr);
    CAPTURE(figure->name);
    // The weights and the output.
    for (const double number : {0.5, 0.25, 0.15, 0.1, 11.0})
      CHECK(figure->name.find(lesson::Num(number)) != std::string::npos);
    for (int j = 0; j < kCaveatsPositions; ++j) {
      CHECK(figure->name.find(lesson::T("caveats.word" + std::to_string(j + 1))) != std::string::npos);
    }
    CHECK(figure->name.find(lesson::T("caveats.figure_not_yet")) != std::string::npos);
    CHECK(figure->name.find('[') == std::string::npos);
    CHECK(figure->name.find('{') == std::string::npos);
    const ui::ItemRect picture = ui.Item("caveats.picture");
    CHECK(figure->min.y == picture.min.y);
    CHECK(figure->max.y == picture.max.y);
    // The hero starts near the widget's top: within 120 px on a phone, under one caption.
    CHECK(picture.min.y <= 120.0f);
    // Announced before the words' rows, its controls.
    bool seen_figure = false;
    for (const ui::AccessNode& node : ui.ctx.access.nodes) {
      if (node.role == ui::AccessRole::Figure) seen_figure = true;
      if (node.name.find("\u201C" + lesson::T("caveats.word1") + "\u201D") != std::string::npos) CHECK(seen_figure);
    }
    // It says what it shows now: "roads" removed, the output 6.67 moved from 11, its point measured.
    lesson::SetRemoved(state.caveats, 3, true);
    ui.Frames(2, draw);
    REQUIRE(FigureOf(ui.ctx) != nullptr);
    const std::string now = FigureOf(ui.ctx)->name;
    CAPTURE(now);
    for (const double number : {0.56, 0.28, 0.17, 6.67, 11.0, 4.33})
      CHECK(now.find(lesson::Num(number)) != std::string::npos);
    CHECK(now.find(lesson::T("caveats.figure_not_yet")) == std::string::npos);
  }
  ui_test::LoadLessonText();
}

TEST_CASE(
    "the scene opens with one caption, no title, and the numbers and the caution closed; their headers open them") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(390.0f, 3000.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(3, draw);
  CHECK_FALSE(ui.Has("caveats.arithmetic"));
  CHECK_FALSE(ui.Has("caveats.why"));
  CHECK_FALSE(ui.Has("caveats.caution"));
  // Under the caption, nothing but the picture.
  CHECK(ui.Item("caveats.picture").min.y < 3.0f * ImGui::GetTextLineHeightWithSpacing() + 20.0f);
  ui.Click(ui.Item("caveats.numbers").Center(), draw);
  ui.Frames(2, draw);
  CHECK(state.caveats.numbers_open);
  CHECK(ui.Has("caveats.arithmetic"));
  CHECK(ui.Has("caveats.why"));
  ui.Click(ui.Item("caveats.about").Center(), draw);
  ui.Frames(2, draw);
  CHECK(ui.Has("caveats.caution"));
}

// [SECTION] The second layer, reset, highlights

TEST_CASE("dragging layer 2's slider to the left end gives all of layer 2's weight to query A") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 1800.0f);  // tall enough for the whole panel
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
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
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
  lesson::SetRemoved(state.caveats, 2, true);
  lesson::SetEachInTurnShown(state.caveats, true);
  lesson::SetLayer2WeightB(state.caveats, 0.3);
  state.caveats.numbers_open = true;
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("caveats.reset").Center(), draw);
  CHECK_FALSE(state.caveats.removed[2]);
  CHECK_FALSE(state.caveats.each_in_turn_shown);
  CHECK_FALSE(state.caveats.numbers_open);
  CHECK(state.caveats.layer2_weight_b == 0.75);
}

TEST_CASE("the caveats panel outlines the section a walkthrough step points at, opening the part it is in") {
  ui_test::LoadLessonText();
  for (const char* name : {"caveats.ablation", "caveats.layer2", "caveats.caution"}) {
    CAPTURE(name);
    ui_test::UiHarness ui(1280.0f, 1800.0f);
    lesson::LessonState state;
    state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
    state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
    const auto draw = CaveatsIn(state, ui.ctx);
    ui.Frames(2, draw);
    ImVec2 min, max;
    CHECK_FALSE(ui_test::ColorBounds(ui.ctx.palette.highlight, &min, &max));

    state.highlight = name;
    ui.Frames(2, draw);
    REQUIRE(ui_test::ColorBounds(ui.ctx.palette.highlight, &min, &max));
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

TEST_CASE("the walkthrough's step on the caveats, played, measures each word in turn on the picture") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(390.0f, 1600.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  state.highlight = "caveats.ablation";
  // Its actions: caveats.removed 1, then 2, 3 and 4, each alone.
  for (int j = 0; j < kCaveatsPositions; ++j) {
    CAPTURE(j);
    lesson::RestoreAll(state.caveats);
    lesson::SetRemoved(state.caveats, j, true);
    ui.Frames(2, draw);
    CHECK(ui.Has(Name("caveats.scatter.dot.", j).c_str()));
    CHECK(Within(ui.Item("caveats.picture"), ui.Item("caveats.ablation")));
  }
}

TEST_CASE("at phone width every row and button stays on screen and works") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(360.0f, 2400.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene once its prediction is answered (prediction_panel_test asks)
  state.caveats.test2_open = true;  // Test 2 open: its slider is tested too
  const auto draw = CaveatsIn(state, ui.ctx);
  ui.Frames(2, draw);
  for (int j = 0; j < kCaveatsPositions; ++j) {
    const std::string name = Name("caveats.remove.", j);
    CAPTURE(name);
    const ui::ItemRect rect = ui.Item(name.c_str());
    CHECK(rect.min.x >= 0.0f);
    CHECK(rect.max.x <= 360.0f);
  }
  ui.Click(ui.Item("caveats.remove.2").Center(), draw);
  CHECK(state.caveats.removed[2]);
  for (const char* name : {"caveats.each_in_turn", "caveats.layer2_weight", "caveats.reset"}) {
    CAPTURE(name);
    CHECK(ui.Item(name).max.x <= 360.0f);
  }
}
