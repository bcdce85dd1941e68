// The widget's controls as a screen reader meets them (ui/access.h): in every scene and language
// each control has a name and a role, a slider its range and value, a checkbox its state; they
// come in the order they show in; focus given through the page lands on the control; a slider
// steps as its element's keys ask, and so do Left and Right on it with the keyboard's ring.
#include <doctest/doctest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>
#include <nlohmann/json.hpp>

#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/scene.h"
#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/widget.h"
#include "ui_harness.h"

using ui::AccessNode;
using ui::AccessRole;
using ui_test::NodeNamed;
using ui_test::UiHarness;

namespace {


}  // namespace

TEST_CASE("in every scene and language each control has a name and a role; sliders a range and value; checkboxes a state") {
  std::vector<std::string> locales;
  for (const lesson::Locale& locale : lesson::Locales()) locales.push_back(locale.code);
  locales.push_back(lesson::kPseudoLocale);  // the longest words: labels that wrap
  for (const std::string& locale : locales) {
    for (const lesson::SceneModule* scene : lesson::Scenes()) {
      CAPTURE(locale);
      const std::string scene_name = scene->name;
      CAPTURE(scene_name);
      // Not as tall as the widget's content: a control below the fold is named too. 360 px wide:
      // the labels that wrap there.
      UiHarness ui(360.0f, 700.0f);
      ui_test::UseWords(locale);
      lesson::LessonState state;
      state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
      state.learn.numbers_open = true;
      state.learn.options_open = true;
      state.caveats.test2_open = true;
      state.scene = scene->id;
      // The bar's menu and its list of scenes open, so their buttons are named too.
      ui.ctx.menu_open = true;
      ui.ctx.scene_menu_open = true;
      ui.Frames(3, [&] { ui::DrawWidget(state, ui.ctx); });
      const std::vector<AccessNode>& nodes = ui.ctx.access.nodes;
      REQUIRE(nodes.size() >= 10);
      std::set<ImGuiID> ids;
      int sliders = 0;
      int pressed_scenes = 0;
      for (const AccessNode& node : nodes) {
        CAPTURE(node.name);
        CAPTURE(static_cast<int>(node.role));
        CHECK(ids.insert(node.id).second);
        // A name of words, not an ImGui id or a text key left unfilled.
        CHECK(node.name.find_first_not_of(" ") != std::string::npos);
        CHECK(node.name.find("##") == std::string::npos);
        // An unfilled key shows as "[compare.reset]" (the pseudo-locale brackets its words with spaces).
        CHECK_FALSE((node.name.front() == '[' && node.name.find(' ') == std::string::npos));
        CHECK(node.max.x > node.min.x);
        CHECK(node.max.y > node.min.y);
        if (node.role == AccessRole::Slider) {
          ++sliders;
          CHECK(node.lo < node.hi);
          CHECK(node.now >= node.lo);
          CHECK(node.now <= node.hi);
          CHECK_FALSE(node.value.empty());
        }
        if (node.role == AccessRole::Checkbox || node.role == AccessRole::Radio) CHECK(node.checked >= 0);
        if (node.role == AccessRole::Cell) {
          CHECK(node.row >= 0);
          CHECK(node.col >= 0);
          CHECK(node.value == lesson::MaskToken(node.row));  // its row's name
        }
        if (node.checked == 1 && node.role == AccessRole::Button) ++pressed_scenes;
      }
      // The list's button of the scene shown stays pressed, and only it; the button that opens the
      // list says the scene too, and that the list is open.
      CHECK(pressed_scenes == 1);
      const AccessNode* choice = NodeNamed(ui.ctx, lesson::Fill(lesson::T("widget.scene_choice"), {{"scene", lesson::T(scene->label_key)}}));
      REQUIRE(choice != nullptr);
      CHECK(choice->expanded == 1);
      const AccessNode* shown = NodeNamed(ui.ctx, lesson::T(scene->label_key));
      REQUIRE(shown != nullptr);
      CHECK(shown->checked == 1);
      // (Compare's are under "Show the numbers", which waits while it asks for a prediction.)
      if ((scene->id == lesson::Scene::Compare && !lesson::Asking(state, lesson::Question::CompareStrongest)) ||
          scene->id == lesson::Scene::Combine || scene->id == lesson::Scene::Caveats) {
        CHECK(sliders >= 1);
      }
    }
  }
  ui_test::LoadLessonText();
}

TEST_CASE("the controls come in the order they show in: on a phone, top to bottom and left to right") {
  for (const lesson::SceneModule* scene : lesson::Scenes()) {
    const std::string scene_name = scene->name;
    CAPTURE(scene_name);
    UiHarness ui(390.0f, 6000.0f);
    ui.ctx.fit_height = true;
    lesson::LessonState state;
    state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
    state.learn.numbers_open = true;
    state.learn.options_open = true;
    state.caveats.test2_open = true;
    state.scene = scene->id;
    ui.Frames(3, [&] { ui::DrawWidget(state, ui.ctx); });
    const std::vector<AccessNode>& nodes = ui.ctx.access.nodes;
    for (size_t i = 1; i < nodes.size(); ++i) {
      const AccessNode& a = nodes[i - 1];
      const AccessNode& b = nodes[i];
      CAPTURE(a.name);
      CAPTURE(b.name);
      // The Compare plane's arrow tips sit where their points are: they come in the paragraph's
      // order, the query first, wherever they are in the plane.
      if (a.role == AccessRole::Point && b.role == AccessRole::Point) continue;
      const bool same_row = std::fabs(a.min.y - b.min.y) < 4.0f || (b.min.y < a.max.y && b.max.y > a.min.y);
      if (same_row) {
        CHECK(b.min.x >= a.min.x);
      } else {
        CHECK(b.min.y >= a.min.y);
      }
    }
  }
}

TEST_CASE("focus given through the page lands on the control, with the keyboard's ring, and scrolls to it") {
  UiHarness ui(390.0f, 500.0f);
  lesson::LessonState state;
  state.predictions.ask = false;      // Compare's numbers show at once
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
  state.learn.numbers_open = true;
  state.learn.options_open = true;
  state.caveats.test2_open = true;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  const AccessNode* reset = NodeNamed(ui.ctx, lesson::T("compare.reset"));
  REQUIRE(reset != nullptr);
  const ImGuiID id = reset->id;
  ImGuiWindow* window = ImGui::FindWindowByName("Attention lesson");
  REQUIRE(window != nullptr);
  CHECK(window->Scroll.y == 0.0f);
  CHECK(reset->min.y > 500.0f);  // below the fold
  CHECK(ui::AccessFocus() != id);
  REQUIRE(ui::FocusAccessControl(ui.ctx, id));
  ui.Frames(3, draw);
  CHECK(ui::AccessFocus() == id);
  CHECK_FALSE(GImGui->NavDisableHighlight);
  CHECK(window->Scroll.y > 0.0f);
  // Space presses it, as on any focused control: the scene goes back to its start.
  state.compare.temperature = 2.0;
  ui.PressKey(ImGuiKey_Space, draw);
  ui.Frames(2, draw);
  CHECK(state.compare.temperature == lesson::LessonState().compare.temperature);
  // An id the last frame did not draw is refused.
  CHECK_FALSE(ui::FocusAccessControl(ui.ctx, 12345u));
}

TEST_CASE("a slider steps as its element's keys ask: a twentieth of its range, five of them, its ends") {
  UiHarness ui(1280.0f, 2000.0f);
  lesson::LessonState state;
  state.predictions.ask = false;      // Compare's numbers show at once
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
  state.learn.numbers_open = true;
  state.learn.options_open = true;
  state.caveats.test2_open = true;
  state.scene = lesson::Scene::Combine;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  const AccessNode* weights = NodeNamed(ui.ctx, lesson::T("combine.weights"));
  REQUIRE(weights != nullptr);
  REQUIRE(weights->role == AccessRole::Slider);
  const ImGuiID id = weights->id;
  CHECK(state.combine.second_weight == doctest::Approx(0.8));
  ui::RequestAccessStep(ui.ctx, id, ui::AccessStep::More);
  ui.Frames(2, draw);
  CHECK(state.combine.second_weight == doctest::Approx(0.85));
  CHECK(state.combine.first_weight == doctest::Approx(0.15));
  ui::RequestAccessStep(ui.ctx, id, ui::AccessStep::MuchLess);
  ui.Frames(2, draw);
  CHECK(state.combine.second_weight == doctest::Approx(0.6));
  ui::RequestAccessStep(ui.ctx, id, ui::AccessStep::Highest);
  ui.Frames(2, draw);
  CHECK(state.combine.second_weight == doctest::Approx(1.0));
  ui::RequestAccessStep(ui.ctx, id, ui::AccessStep::More);  // at its end: stays
  ui.Frames(2, draw);
  CHECK(state.combine.second_weight == doctest::Approx(1.0));
  ui::RequestAccessStep(ui.ctx, id, ui::AccessStep::Lowest);
  ui.Frames(2, draw);
  CHECK(state.combine.second_weight == doctest::Approx(0.0));
  // The element hears the new value: now, and the text the slider shows.
  const AccessNode* after = NodeNamed(ui.ctx, lesson::T("combine.weights"));
  REQUIRE(after != nullptr);
  CHECK(after->now == doctest::Approx(0.0));
  CHECK(after->value.find(lesson::Num(1.0)) != std::string::npos);
  // A step asked of a control that is not drawn (another scene's) is dropped, not kept for later.
  ui::RequestAccessStep(ui.ctx, id, ui::AccessStep::More);
  state.scene = lesson::Scene::Compare;
  ui.Frames(2, draw);
  state.scene = lesson::Scene::Combine;
  ui.Frames(2, draw);
  CHECK(state.combine.second_weight == doctest::Approx(0.0));
}

TEST_CASE("with the keyboard's ring on a slider, Left and Right step it and Up and Down still move on") {
  UiHarness ui(1280.0f, 2000.0f);
  lesson::LessonState state;
  state.predictions.ask = false;      // Compare's numbers show at once
  state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
  state.learn.numbers_open = true;
  state.learn.options_open = true;
  state.caveats.test2_open = true;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  const AccessNode* temperature = NodeNamed(ui.ctx, lesson::T("compare.temperature"));
  REQUIRE(temperature != nullptr);
  const ImGuiID id = temperature->id;
  REQUIRE(ui::FocusAccessControl(ui.ctx, id));
  ui.Frames(2, draw);
  const double start = state.compare.temperature;
  const double step = ui::AccessStepSize(temperature->lo, temperature->hi);
  ui.PressKey(ImGuiKey_RightArrow, draw);
  ui.Frames(1, draw);
  CHECK(state.compare.temperature == doctest::Approx(start + step));
  CHECK(ui::AccessFocus() == id);
  ui.PressKey(ImGuiKey_LeftArrow, draw, false, true);  // Shift: five steps
  ui.Frames(1, draw);
  CHECK(state.compare.temperature == doctest::Approx(start - 4.0 * step));
  ui.PressKey(ImGuiKey_DownArrow, draw);
  ui.Frames(2, draw);
  CHECK(ui::AccessFocus() != id);
}

TEST_CASE("a step is 1, 2 or 5 times a power of ten, about a twentieth of the range; it lands on its grid") {
  CHECK(ui::AccessStepSize(0.0, 1.0) == doctest::Approx(0.05));
  CHECK(ui::AccessStepSize(0.1, 5.0) == doctest::Approx(0.2));
  CHECK(ui::AccessStepSize(0.0, 20.0) == doctest::Approx(1.0));
  CHECK(ui::AccessStepSize(-20.0, 20.0) == doctest::Approx(2.0));
  CHECK(ui::AccessStepSize(0.0, 0.0) == 1.0);
  CHECK(ui::AccessStepSize(0.0, std::nan("")) == 1.0);
  ui::Context ctx;
  double value = 0.37;
  ui::RequestAccessStep(ctx, 7u, ui::AccessStep::More);
  CHECK_FALSE(ui::TakeAccessStep(ctx, 8u, 0.0, 1.0, &value));  // another slider's
  CHECK(ui::TakeAccessStep(ctx, 7u, 0.0, 1.0, &value));
  CHECK(value == doctest::Approx(0.4));
  CHECK_FALSE(ui::TakeAccessStep(ctx, 7u, 0.0, 1.0, &value));  // taken once
  value = std::nan("");
  ui::RequestAccessStep(ctx, 7u, ui::AccessStep::Less);
  CHECK(ui::TakeAccessStep(ctx, 7u, 0.0, 1.0, &value));  // from a value that is no number: the low end
  CHECK(value == 0.0);
}

TEST_CASE("the list the page reads: JSON, one array of sixteen fields a control, names as they are") {
  ui::AccessTree tree;
  AccessNode node;
  node.id = 4000000042u;  // ten digits, as ImGui's ids have
  node.role = AccessRole::Slider;
  node.name = "odd\x1fname\nhere";
  node.value = "0,5";
  node.now = 0.5;
  node.lo = 0.0;
  node.hi = 1.0;
  node.min = ImVec2(10.4f, 20.6f);
  node.max = ImVec2(110.0f, 50.0f);
  tree.nodes.push_back(node);
  tree.nodes.push_back(AccessNode{});
  const nlohmann::json controls = nlohmann::json::parse(ui::EncodeAccess(tree));
  REQUIRE(controls.is_array());
  REQUIRE(controls.size() == 2);
  CHECK(controls[1].size() == 16);
  const nlohmann::json& fields = controls[0];
  REQUIRE(fields.size() == 16);
  CHECK(fields[0] == 4000000042u);
  CHECK(fields[1] == static_cast<int>(AccessRole::Slider));
  CHECK(fields[2] == -1);
  CHECK(fields[5] == "odd\x1fname\nhere");
  CHECK(fields[6] == "0,5");
  CHECK(fields[7] == 0.5);
  CHECK(fields[9] == 1);
  CHECK(fields[12] == 10);
  CHECK(fields[13] == 21);
  CHECK(fields[14] == 100);
  CHECK(fields[15] == 29);
}
