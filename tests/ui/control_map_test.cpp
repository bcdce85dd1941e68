#include <doctest/doctest.h>

#include <functional>
#include <string>

#include <imgui.h>

#include "lesson/lesson_state.h"
#include "lesson/scene.h"
#include "ui/control_map.h"
#include "ui/widget.h"
#include "ui_harness.h"

using lesson::LessonState;
using lesson::Scene;
using ui_test::UiHarness;

namespace {

// The widget as a phone shows it: 390 layout pixels wide, as tall as its content.
constexpr float kPhoneWidth = 390.0f;
constexpr float kPhoneHeight = 3200.0f;

bool ControlAt(const UiHarness& ui, ImVec2 point) { return ui::ControlAt(ui.ctx, point); }

ImVec2 Inside(const ui::ItemRect& rect, float fx, float fy) {
  return ImVec2(rect.min.x + (rect.max.x - rect.min.x) * fx, rect.min.y + (rect.max.y - rect.min.y) * fy);
}

// How many points of a 9 × 9 grid over `rect` are on a control.
int ControlPointsIn(const UiHarness& ui, const ui::ItemRect& rect) {
  int count = 0;
  for (int i = 0; i < 9; ++i) {
    for (int j = 0; j < 9; ++j) {
      if (ControlAt(ui, Inside(rect, (static_cast<float>(i) + 0.5f) / 9.0f, (static_cast<float>(j) + 0.5f) / 9.0f)))
        ++count;
    }
  }
  return count;
}

UiHarness::DrawFn Widget(LessonState& state, ui::Context& ctx) {
  return [&state, &ctx] { ui::DrawWidget(state, ctx); };
}

// Hand-made ImGui content in one window that fills the display, recorded as DrawWidget records
// the widget.
UiHarness::DrawFn Recorded(ui::Context& ctx, std::function<void()> content) {
  return [&ctx, content] {
    ui::BeginControlMap(ctx);
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("control map test", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings);
    content();
    ImGui::End();
    ui::EndControlMap(ctx);
  };
}

ui::ItemRect LastItem() { return ui::ItemRect{ImGui::GetItemRectMin(), ImGui::GetItemRectMax()}; }

}  // namespace

TEST_CASE("on the compare scene the arrow tips, the slider and the checkbox are controls; the plane and bars are not") {
  LessonState state;
  state.predictions.ask = false;  // the scene with its numbers shown (prediction_panel_test asks)
  state.scene = Scene::Compare;
  state.compare.numbers_open = true;
  UiHarness ui(kPhoneWidth, kPhoneHeight);
  const auto draw = Widget(state, ui.ctx);
  ui.Frames(2, draw);

  CHECK(ControlAt(ui, ui.Item("compare.query").Center()));
  for (int key = 0; key < 4; ++key) {
    CHECK(ControlAt(ui, ui.Item(("compare.key" + std::to_string(key)).c_str()).Center()));
  }
  CHECK(ControlAt(ui, ui.Item("compare.temperature_slider").Center()));
  CHECK(ControlAt(ui, ui.Item("compare.scaling_toggle").Center()));
  // The plane's corner (-2, 2) is far from every tip; the weight bars are a drawing.
  const ui::ItemRect plane = ui.Item("compare.plane");
  CHECK_FALSE(ControlAt(ui, ImVec2(plane.min.x + 3.0f, plane.min.y + 3.0f)));
  CHECK_FALSE(ControlAt(ui, ImVec2(plane.min.x + 3.0f, plane.max.y - 3.0f)));
  for (int key = 0; key < 4; ++key) {
    CHECK(ControlPointsIn(ui, ui.Item(("compare.weight" + std::to_string(key)).c_str())) == 0);
  }
  // Beside the widget, and outside it.
  CHECK_FALSE(ControlAt(ui, ImVec2(kPhoneWidth + 10.0f, 100.0f)));
  CHECK_FALSE(ControlAt(ui, ImVec2(-1.0f, -1.0f)));
}

TEST_CASE("the scene bar's buttons and reset are controls, in every scene") {
  LessonState state;
  UiHarness ui(kPhoneWidth, kPhoneHeight);
  const auto draw = Widget(state, ui.ctx);
  for (const Scene scene : {Scene::Compare, Scene::Mask, Scene::Quiz}) {
    state.scene = scene;
    ui.Frames(2, draw);
    CHECK(ControlAt(ui, ui.Item("widget.scenes").Center()));
    CHECK(ControlAt(ui, ui.Item("widget.more").Center()));
    ui.OpenMenu(draw);
    CHECK(ControlAt(ui, ui.Item("widget.reset_all").Center()));
    ui.ctx.menu_open = false;
  }
}

TEST_CASE("on the mask scene each heatmap cell is a control") {
  LessonState state;
  state.scene = Scene::Mask;
  state.predictions.ask = false;  // on a phone the heatmap waits for the question's reveal
  UiHarness ui(kPhoneWidth, kPhoneHeight);
  ui.Frames(2, Widget(state, ui.ctx));
  for (int row = 0; row < lesson::kMaskTokenCount; ++row) {
    for (int col = 0; col < lesson::kMaskTokenCount; ++col) {
      const std::string cell = "mask.cell." + std::to_string(row) + "." + std::to_string(col);
      CHECK_MESSAGE(ControlAt(ui, ui.Item(cell.c_str()).Center()), cell);
    }
  }
}

TEST_CASE("on the caveats scene a paragraph is not a control, a checkbox is, and a disabled button is not") {
  LessonState state;
  state.scene = Scene::Caveats;
  UiHarness ui(kPhoneWidth, kPhoneHeight);
  const auto draw = Widget(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK(ControlPointsIn(ui, ui.Item("caveats.output_sentence")) == 0);
  CHECK(ControlAt(ui, ui.Item("caveats.remove.0").Center()));
  // "Put all back" does nothing until a word is removed.
  CHECK_FALSE(ControlAt(ui, ui.Item("caveats.put_all_back").Center()));
  ui.Click(ui.Item("caveats.remove.0").Center(), draw);
  ui.Frames(2, draw);
  CHECK(ControlAt(ui, ui.Item("caveats.put_all_back").Center()));
}

TEST_CASE("while the query's tip is dragged everything is a control; after the release only controls are") {
  LessonState state;
  state.scene = Scene::Compare;
  state.compare.numbers_open = true;
  UiHarness ui(kPhoneWidth, kPhoneHeight);
  const auto draw = Widget(state, ui.ctx);
  ui.Frames(2, draw);
  const ImVec2 corner(ui.Item("compare.plane").min.x + 3.0f, ui.Item("compare.plane").min.y + 3.0f);
  REQUIRE_FALSE(ControlAt(ui, corner));

  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 tip = ui.Item("compare.query").Center();
  ui.MoveMouse(tip, draw);
  io.AddMouseButtonEvent(ImGuiMouseButton_Left, true);
  ui.Frame(draw);
  io.AddMousePosEvent(tip.x - 20.0f, tip.y - 10.0f);
  ui.Frame(draw);
  CHECK(ControlAt(ui, corner));
  io.AddMouseButtonEvent(ImGuiMouseButton_Left, false);
  ui.Frames(2, draw);
  CHECK_FALSE(ControlAt(ui, corner));
  CHECK(ControlAt(ui, ui.Item("compare.query").Center()));
}

TEST_CASE("pressing empty space holds no control") {
  LessonState state;
  state.scene = Scene::Compare;
  state.compare.numbers_open = true;
  UiHarness ui(kPhoneWidth, kPhoneHeight);
  const auto draw = Widget(state, ui.ctx);
  ui.Frames(2, draw);
  const ImVec2 corner(ui.Item("compare.plane").min.x + 3.0f, ui.Item("compare.plane").min.y + 3.0f);
  ui.MoveMouse(corner, draw);
  ImGui::GetIO().AddMouseButtonEvent(ImGuiMouseButton_Left, true);
  ui.Frames(2, draw);
  CHECK(ImGui::IsAnyItemActive());  // ImGui holds the window itself
  CHECK_FALSE(ControlAt(ui, corner));
  CHECK(ControlAt(ui, ui.Item("compare.query").Center()));
  ImGui::GetIO().AddMouseButtonEvent(ImGuiMouseButton_Left, false);
  ui.Frame(draw);
}

TEST_CASE("a control scrolled out of its region counts only for what shows of it") {
  UiHarness ui(400.0f, 600.0f);
  ui::ItemRect region{}, half_shown{}, hidden{};
  const auto draw = Recorded(ui.ctx, [&] {
    ImGui::BeginChild("##region", ImVec2(200.0f, 100.0f));
    for (int i = 0; i < 6; ++i) {
      ImGui::PushID(i);
      ImGui::Button("button", ImVec2(150.0f, 30.0f));
      ImGui::PopID();
      if (i == 2) half_shown = LastItem();
      if (i == 5) hidden = LastItem();
    }
    ImGui::EndChild();
    region = LastItem();
    ImGui::TextWrapped("Text below the region, where the hidden buttons would be.");
    ImGui::TextWrapped("More text.");
    ImGui::TextWrapped("More text.");
    ImGui::TextWrapped("More text.");
    ImGui::TextWrapped("More text.");
  });
  ui.Frames(2, draw);
  REQUIRE(half_shown.min.y < region.max.y);
  REQUIRE(half_shown.max.y > region.max.y);
  REQUIRE(hidden.min.y > region.max.y);
  CHECK(ControlAt(ui, ImVec2(half_shown.Center().x, region.max.y - 3.0f)));
  CHECK_FALSE(ControlAt(ui, ImVec2(half_shown.Center().x, region.max.y + 3.0f)));
  CHECK_FALSE(ControlAt(ui, hidden.Center()));
  // The region itself is no control; a point in it beside the buttons is not on one.
  CHECK_FALSE(ControlAt(ui, ImVec2(region.min.x + 180.0f, region.min.y + 10.0f)));
}

TEST_CASE("an open combo's list covers what is under it") {
  UiHarness ui(400.0f, 600.0f);
  int choice = 0;
  ui::ItemRect combo{}, under{};
  const auto draw = Recorded(ui.ctx, [&] {
    ImGui::SetNextItemWidth(300.0f);
    ImGui::Combo("##choice", &choice, "first\0second\0third\0fourth\0fifth\0sixth\0");
    combo = LastItem();
    for (int i = 0; i < 8; ++i) {
      ImGui::PushID(i);
      ImGui::Button("under", ImVec2(300.0f, 24.0f));
      ImGui::PopID();
      if (i == 0) under = LastItem();
    }
  });
  ui.Frames(2, draw);
  REQUIRE(ControlAt(ui, under.Center()));
  ui.Click(combo.Center(), draw);
  ui.Frames(2, draw);
  REQUIRE(ui.ctx.controls.windows.size() == 2);
  const ui::ControlRect list = ui.ctx.controls.windows.back();  // the popup, in front
  REQUIRE(list.min.y <= under.min.y);
  REQUIRE(list.max.y >= under.max.y);
  // The list's entries are controls; its edge, over the button under it, is not.
  CHECK(ControlAt(ui, ImVec2(list.min.x + 40.0f, under.Center().y)));
  CHECK_FALSE(ControlAt(ui, ImVec2(list.max.x - 1.0f, under.Center().y)));
}

TEST_CASE("a table's column headers are controls only when the table sorts") {
  UiHarness ui(400.0f, 600.0f);
  ui::ItemRect plain{}, sorting{};
  const auto draw = Recorded(ui.ctx, [&] {
    if (ImGui::BeginTable("##plain", 2)) {
      ImGui::TableSetupColumn("key");
      ImGui::TableSetupColumn("score");
      ImGui::TableHeadersRow();
      plain = LastItem();
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("museum");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("0.5");
      ImGui::EndTable();
    }
    if (ImGui::BeginTable("##sorting", 2, ImGuiTableFlags_Sortable)) {
      ImGui::TableSetupColumn("key");
      ImGui::TableSetupColumn("score");
      ImGui::TableHeadersRow();
      sorting = LastItem();
      ImGui::EndTable();
    }
  });
  ui.Frames(2, draw);
  CHECK_FALSE(ControlAt(ui, plain.Center()));
  CHECK(ControlAt(ui, sorting.Center()));
}

TEST_CASE("a finger's pan scrolls a widget taller than its canvas, up to its ends; one as tall as its content does not") {
  LessonState state;
  state.scene = Scene::Caveats;
  UiHarness ui(kPhoneWidth, 600.0f);
  const auto draw = Widget(state, ui.ctx);
  ui.Frames(2, draw);
  REQUIRE(ui::WidgetScrolls());
  const float bar = ui.Item("widget.more").min.y;
  // At the top there is nothing above: a finger moving down does not scroll it.
  CHECK_FALSE(ui::ScrollWidgetBy(40.0f));
  // A finger moving up 100 px in two moves within one frame: the content follows it by 100 px.
  CHECK(ui::ScrollWidgetBy(-60.0f));
  CHECK(ui::ScrollWidgetBy(-40.0f));
  ui.Frame(draw);
  CHECK(ui.Item("widget.more").min.y == doctest::Approx(bar - 100.0f).epsilon(0.01));
  // Far past the end: it stops at the end, and then will not go further.
  CHECK(ui::ScrollWidgetBy(-100000.0f));
  ui.Frame(draw);
  CHECK_FALSE(ui::ScrollWidgetBy(-10.0f));
  CHECK(ui::ScrollWidgetBy(100000.0f));
  ui.Frame(draw);
  CHECK(ui.Item("widget.more").min.y == doctest::Approx(bar));

  // In a page, the widget is as tall as its content and has no scrollbar: the page scrolls.
  LessonState fitted;
  fitted.scene = Scene::Caveats;
  UiHarness page(kPhoneWidth, kPhoneHeight);
  page.ctx.fit_height = true;
  page.Frames(2, Widget(fitted, page.ctx));
  CHECK_FALSE(ui::WidgetScrolls());
  // Nor while its content is taller than the canvas, before the page has made it taller.
  UiHarness grown(kPhoneWidth, 600.0f);
  grown.ctx.fit_height = true;
  grown.Frames(2, Widget(fitted, grown.ctx));
  CHECK_FALSE(ui::WidgetScrolls());
}
