#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/access.h"
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
  state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
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
  state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
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
  state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
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
  state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
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
  ui.OpenMenu(draw);
  ui.Click(ui.Item("widget.reset_all").Center(), draw);
  CHECK(state.combine.first_value == 10.0);
}

TEST_CASE("the widget reflows its scene bar at phone width without losing a button") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(360.0f, 740.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  ui.Click(ui.Item("widget.scenes").Center(), draw);
  ui.OpenMenu(draw);
  ui.Click(ui.Item("widget.scenes").Center(), draw);
  ui.Frames(1, draw);
  for (const char* name : {"widget.scene.compare", "widget.scene.quiz", "widget.more", "widget.scenes"}) {
    const ui::ItemRect rect = ui.Item(name);
    CHECK(rect.max.x <= 360.0f);
    CHECK(rect.min.x >= 0.0f);
  }
  ui.OpenMenu(draw);
  CHECK(ui.Item("widget.reset_all").max.x <= 360.0f);
}

// [SECTION] The picture: a balance whose fulcrum is the output

namespace {

using ui_test::FigureOf;

// Where the picture draws `value` on its number line, from where it drew the two values.
float XOf(const ui_test::UiHarness& ui, const lesson::CombineScene& scene, double value) {
  const float x1 = ui.Item("combine.tick.first").min.x;
  const float x2 = ui.Item("combine.tick.second").min.x;
  return x1 + static_cast<float>((value - scene.first_value) / (scene.second_value - scene.first_value)) * (x2 - x1);
}

float Area(const ui::ItemRect& r) { return (r.max.x - r.min.x) * (r.max.y - r.min.y); }

}  // namespace

TEST_CASE("the balance point, and the end of the stacked products, sit at the output's place on the line") {
  struct Case {
    double first, second, second_weight;
  };
  const Case cases[] = {{10.0, 20.0, 0.8}, {10.0, 20.0, 0.0}, {10.0, 20.0, 1.0}, {-20.0, 20.0, 0.5}, {30.0, -5.0, 0.3}};
  for (const float width : {390.0f, 1280.0f}) {
    for (const Case& c : cases) {
      CAPTURE(width);
      CAPTURE(c.first);
      CAPTURE(c.second);
      CAPTURE(c.second_weight);
      ui_test::LoadLessonText();
      ui_test::UiHarness ui(width, 1200.0f);
      lesson::LessonState state;
      state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
      REQUIRE(lesson::SetFirstValue(state.combine, c.first));
      REQUIRE(lesson::SetSecondValue(state.combine, c.second));
      REQUIRE(lesson::SetSecondWeight(state.combine, c.second_weight));
      const auto draw = ui_test::InFullWindow(ui.ctx, "combine", [&] { ui::DrawCombinePanel(state, ui.ctx); });
      ui.Frames(3, draw);
      const double output = lesson::ComputeCombine(state.combine).output;
      const float expected = XOf(ui, state.combine, output);
      CHECK(ui.Item("combine.fulcrum").Center().x == doctest::Approx(expected).epsilon(0.002));
      CHECK(ui.Item("combine.balance").Center().x == doctest::Approx(expected).epsilon(0.002));
      // The products head to tail from zero, their sum ending under the fulcrum.
      const float zero = ui.Item("combine.tick.zero").min.x;
      const ui::ItemRect total = ui.Item("combine.stack.total");
      const bool empty = std::fabs(output) < 1e-9;  // a sum of 0 is a sliver at zero
      CHECK((empty          ? total.min.x
             : output > 0.0 ? total.max.x
                            : total.min.x) == doctest::Approx(expected).epsilon(0.002));
      CHECK((output >= 0.0 ? total.min.x : total.max.x) == doctest::Approx(zero).epsilon(0.002));
      // Everything inside the picture, which starts right under the title.
      const ui::ItemRect picture = ui.Item("combine.picture");
      for (const char* name : {"combine.mass.first", "combine.mass.second", "combine.number_line.first",
                               "combine.number_line.second", "combine.number_line.output", "combine.stack.total"}) {
        CAPTURE(name);
        const ui::ItemRect r = ui.Item(name);
        CHECK(r.min.x >= picture.min.x);
        CHECK(r.max.x <= picture.max.x);
        CHECK(r.min.y >= picture.min.y);
        CHECK(r.max.y <= picture.max.y);
      }
      CHECK(picture.max.x - picture.min.x >= width - 40.0f);
      CHECK(picture.max.y - picture.min.y <= 360.0f);
      CHECK(ui.Item("combine.term.first").min.y >= picture.max.y);
      CHECK(ui.Item("combine.weights").min.y > ui.Item("combine.sum").max.y);
    }
  }
}

TEST_CASE("each mass's area is its weight: 0.2 against 0.8 is a quarter") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(390.0f, 1200.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
  const auto draw = ui_test::InFullWindow(ui.ctx, "combine", [&] { ui::DrawCombinePanel(state, ui.ctx); });
  ui.Frames(3, draw);
  const float first = Area(ui.Item("combine.mass.first"));
  const float second = Area(ui.Item("combine.mass.second"));
  REQUIRE(second > 0.0f);
  CHECK(first / second == doctest::Approx(0.2 / 0.8).epsilon(0.03));
  // Each sits on the line at its value.
  CHECK(ui.Item("combine.mass.first").Center().x == doctest::Approx(XOf(ui, state.combine, 10.0)));
  CHECK(ui.Item("combine.mass.second").Center().x == doctest::Approx(XOf(ui, state.combine, 20.0)));
  // The products' bars are as long as the products: 2 and 16 of 18.
  const ui::ItemRect p1 = ui.Item("combine.stack.first");
  const ui::ItemRect p2 = ui.Item("combine.stack.second");
  const ui::ItemRect total = ui.Item("combine.stack.total");
  const float unit = XOf(ui, state.combine, 1.0) - XOf(ui, state.combine, 0.0);
  CHECK((p1.max.x - p1.min.x) / unit == doctest::Approx(2.0).epsilon(0.01));
  CHECK((p2.max.x - p2.min.x) / unit == doctest::Approx(16.0).epsilon(0.01));
  CHECK((total.max.x - total.min.x) / unit == doctest::Approx(18.0).epsilon(0.01));
  CHECK(p2.min.x == doctest::Approx(p1.max.x));
}

TEST_CASE("moving the weight slider moves the balance toward the value that gains weight") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(390.0f, 1200.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
  const auto draw = ui_test::InFullWindow(ui.ctx, "combine", [&] { ui::DrawCombinePanel(state, ui.ctx); });
  ui.Frames(3, draw);
  const float before = ui.Item("combine.fulcrum").Center().x;
  const ui::ItemRect slider = ui.Item("combine.weights");
  ui.Drag(slider.Center(), ImVec2(slider.min.x + (slider.max.x - slider.min.x) * 0.25f, slider.Center().y), draw);
  ui.Frames(30, draw);  // the fulcrum's easing settles
  REQUIRE(state.combine.second_weight < 0.5);
  const float after = ui.Item("combine.fulcrum").Center().x;
  CHECK(after < before - 20.0f);
  CHECK(after == doctest::Approx(XOf(ui, state.combine, lesson::ComputeCombine(state.combine).output)).epsilon(0.002));
  // The masses changed size with the weights: the first is now the heavier.
  CHECK(Area(ui.Item("combine.mass.first")) > Area(ui.Item("combine.mass.second")));
}

TEST_CASE("dragging the fulcrum splits the weights so the balance lands under the hand") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(390.0f, 1200.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
  const auto draw = ui_test::InFullWindow(ui.ctx, "combine", [&] { ui::DrawCombinePanel(state, ui.ctx); });
  ui.Frames(3, draw);
  const ui::ItemRect fulcrum = ui.Item("combine.balance");
  // A quarter of the way from 10 to 20: 12.5, the second value's weight 0.25.
  ui.Drag(fulcrum.Center(), ImVec2(XOf(ui, state.combine, 12.5), fulcrum.Center().y), draw);
  CHECK(state.combine.second_weight == doctest::Approx(0.25).epsilon(0.05));
  CHECK(state.combine.first_weight + state.combine.second_weight == doctest::Approx(1.0));
  // Past an end it stops at the value: all the weight on it.
  ui.Frames(2, draw);
  const ui::ItemRect moved = ui.Item("combine.balance");
  ui.Drag(moved.Center(), ImVec2(moved.Center().x + 400.0f, moved.Center().y), draw);
  CHECK(state.combine.second_weight == 1.0);
  CHECK(lesson::ComputeCombine(state.combine).output == 20.0);
}

TEST_CASE("the fulcrum is a slider for the keyboard and screen readers, from the smaller value to the larger") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(390.0f, 1200.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
  state.scene = lesson::Scene::Combine;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  const ui::AccessNode* balance = nullptr;
  for (const ui::AccessNode& node : ui.ctx.access.nodes) {
    if (node.name == lesson::T("combine.balance")) balance = &node;
  }
  REQUIRE(balance != nullptr);
  CHECK(balance->role == ui::AccessRole::Slider);
  CHECK(balance->lo == 10.0);
  CHECK(balance->hi == 20.0);
  CHECK(balance->now == doctest::Approx(18.0));
  const ImGuiID id = balance->id;
  // A step down through the page: the balance moves a twentieth of the way toward 10.
  ui::RequestAccessStep(ui.ctx, id, ui::AccessStep::Less);
  ui.Frames(2, draw);
  CHECK(lesson::ComputeCombine(state.combine).output == doctest::Approx(17.5));
  CHECK(state.combine.second_weight == doctest::Approx(0.75));
  // With the keyboard's ring on it, Right moves it back.
  REQUIRE(ui::FocusAccessControl(ui.ctx, id));
  ui.Frames(2, draw);
  ui.PressKey(ImGuiKey_RightArrow, draw);
  ui.Frames(1, draw);
  CHECK(state.combine.second_weight == doctest::Approx(0.8));
}

TEST_CASE("the picture is announced as a figure that says its numbers, in the reader's language") {
  for (const char* locale : {"en", "es"}) {
    CAPTURE(locale);
    ui_test::UiHarness ui(390.0f, 844.0f);
    ui_test::UseWords(locale);
    lesson::LessonState state;
    state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
    state.scene = lesson::Scene::Combine;
    const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
    ui.Frames(3, draw);
    const ui::AccessNode* figure = FigureOf(ui.ctx);
    REQUIRE(figure != nullptr);
    CAPTURE(figure->name);
    for (const double number : {10.0, 0.2, 20.0, 0.8, 18.0, 2.0, 16.0}) {
      CHECK(figure->name.find(lesson::Num(number)) != std::string::npos);
    }
    CHECK(figure->name.find('[') == std::string::npos);
    CHECK(figure->name.find('{') == std::string::npos);
    const ui::ItemRect picture = ui.Item("combine.picture");
    CHECK(figure->min.y == picture.min.y);
    CHECK(figure->max.y == picture.max.y);
    // The hero starts near the widget's top: within 120 px on a phone.
    CHECK(picture.min.y <= 120.0f);
    // It says what it shows now.
    lesson::SetSecondWeight(state.combine, 0.5);
    ui.Frames(2, draw);
    REQUIRE(FigureOf(ui.ctx) != nullptr);
    CHECK(FigureOf(ui.ctx)->name.find(lesson::Num(15.0)) != std::string::npos);
  }
  ui_test::LoadLessonText();
}

TEST_CASE("the scene opens with one caption and the explanation closed; its header opens it") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(390.0f, 2000.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the output shown (prediction_panel_test asks for it first)
  const auto draw = ui_test::InFullWindow(ui.ctx, "combine", [&] { ui::DrawCombinePanel(state, ui.ctx); });
  ui.Frames(3, draw);
  const float closed_bottom = ui.Item("combine.reset").max.y;
  ui.Click(ui.Item("combine.why").Center(), draw);
  ui.Frames(2, draw);
  CHECK(ui.Item("combine.reset").max.y > closed_bottom + 3.0f * ImGui::GetTextLineHeight());
}
