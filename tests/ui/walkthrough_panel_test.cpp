#include <doctest/doctest.h>

#include <string>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "ui/item_registry.h"
#include "ui/walkthrough_panel.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {

// The panel inside a full-size window, as the widget shows it on the Walkthrough tab.
ui_test::UiHarness::DrawFn WalkthroughIn(lesson::LessonState& state, ui::Context& ctx) {
  return [&state, &ctx] {
    ui::ClearItems(ctx);
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoDecoration);
    ui::DrawWalkthroughPanel(state, ctx);
    ImGui::End();
  };
}

lesson::LessonState OnWalkthrough() {
  lesson::LessonState state;
  state.scene = lesson::Scene::Walkthrough;
  return state;
}

}  // namespace

TEST_CASE("clicking Next advances to the next step and applies it") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  const auto draw = WalkthroughIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("walkthrough.next").Center(), draw);
  CHECK(state.walkthrough.step == 1);
  CHECK(state.highlight == "compare.query");
  CHECK(state.scene == lesson::Scene::Walkthrough);
}

TEST_CASE("clicking Next up to the worked example sets 10 and 20 with weights 0.2 and 0.8") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  lesson::SetFirstValue(state.combine, 70.0);
  lesson::SetSecondWeight(state.combine, 0.1);
  const auto draw = WalkthroughIn(state, ui.ctx);
  ui.Frames(2, draw);
  for (int i = 0; i < 3; ++i) ui.Click(ui.Item("walkthrough.next").Center(), draw);
  CHECK(state.walkthrough.step == 3);
  CHECK(state.highlight == "combine.arithmetic");
  CHECK(state.combine.first_value == 10.0);
  CHECK(state.combine.second_weight == 0.8);
  CHECK(lesson::ComputeCombine(state.combine).output == doctest::Approx(18.0));
}

TEST_CASE("clicking Back returns to the previous step and does nothing on the first") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  const auto draw = WalkthroughIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("walkthrough.back").Center(), draw);
  CHECK(state.walkthrough.step == 0);
  CHECK(state.highlight.empty());

  lesson::ApplyWalkthroughStep(state, 4);
  ui.Frames(2, draw);
  ui.Click(ui.Item("walkthrough.back").Center(), draw);
  CHECK(state.walkthrough.step == 3);
  CHECK(state.highlight == "combine.arithmetic");
}

TEST_CASE("on the last step Next starts the walkthrough over") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  lesson::ApplyWalkthroughStep(state, 7);
  const auto draw = WalkthroughIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("walkthrough.next").Center(), draw);
  CHECK(state.walkthrough.step == 0);
  CHECK(state.highlight == "compare.keys");
}

TEST_CASE("the N key goes to the next step and the B key back") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  const auto draw = WalkthroughIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Type("n", draw);
  CHECK(state.walkthrough.step == 1);
  CHECK(state.highlight == "compare.query");
  ui.Type("N", draw);
  CHECK(state.walkthrough.step == 2);
  ui.Type("b", draw);
  CHECK(state.walkthrough.step == 1);
  ui.Frame(draw);
  CHECK(state.walkthrough.step == 1);  // one key press, one step
}

TEST_CASE("two presses of N before the next frame step twice") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  const auto draw = WalkthroughIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Type("nn", draw);
  CHECK(state.walkthrough.step == 2);
  ui.Type("nbb", draw);
  CHECK(state.walkthrough.step == 1);
}

TEST_CASE("typing N into a text field does not move the walkthrough") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  static char buffer[32] = "";
  const auto draw = [&] {
    ui::ClearItems(ui.ctx);
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoDecoration);
    // The field comes after the panel, so the panel sees the typed "n" before the field takes it.
    ui::DrawWalkthroughPanel(state, ui.ctx);
    ImGui::InputText("##field", buffer, sizeof(buffer));
    ui::RecordItem(ui.ctx, "test.field");
    ImGui::End();
  };
  ui.Frames(2, draw);
  ui.Click(ui.Item("test.field").Center(), draw);
  ui.Type("n", draw);
  CHECK(std::string(buffer) == "n");
  CHECK(state.walkthrough.step == 0);
}

TEST_CASE("captions start off and the toggle shows the step's caption") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  const auto draw = WalkthroughIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(state.walkthrough.captions);
  CHECK_FALSE(ui.Has("walkthrough.caption"));
  ui.Click(ui.Item("walkthrough.captions").Center(), draw);
  CHECK(state.walkthrough.captions);
  CHECK(ui.Has("walkthrough.caption"));
  // Captions stay on from step to step.
  ui.Click(ui.Item("walkthrough.next").Center(), draw);
  CHECK(state.walkthrough.captions);
  CHECK(ui.Has("walkthrough.caption"));
  ui.Click(ui.Item("walkthrough.captions").Center(), draw);
  CHECK_FALSE(state.walkthrough.captions);
  CHECK_FALSE(ui.Has("walkthrough.caption"));
}

TEST_CASE("show me opens the step's scene with the element to look at") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  lesson::ApplyWalkthroughStep(state, 5);
  lesson::SetPadding(state.mask, true);  // changed after the step was applied
  const auto draw = WalkthroughIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("walkthrough.read").Center(), draw);  // the step in words, with Show me
  ui.Frame(draw);
  ui.Click(ui.Item("walkthrough.show_me").Center(), draw);
  CHECK(state.scene == lesson::Scene::Mask);
  CHECK(state.highlight == "mask.causal");
  CHECK(state.mask.causal);
  CHECK_FALSE(state.mask.padding);
}

TEST_CASE("at phone width every control fits inside the panel") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(360.0f, 2000.0f);
  lesson::LessonState state = OnWalkthrough();
  state.walkthrough.captions = true;
  const auto draw = WalkthroughIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("walkthrough.read").Center(), draw);
  ui.Frame(draw);
  for (const char* name : {"walkthrough.back", "walkthrough.next", "walkthrough.position", "walkthrough.captions",
                           "walkthrough.show_me", "walkthrough.caption", "walkthrough.step_text"}) {
    CAPTURE(name);
    const ui::ItemRect rect = ui.Item(name);
    CHECK(rect.min.x >= 0.0f);
    CHECK(rect.max.x <= 360.0f);
  }
  ui.Click(ui.Item("walkthrough.next").Center(), draw);
  CHECK(state.walkthrough.step == 1);
}

TEST_CASE("every step's show me lands on a scene that draws the element it points at") {
  ui_test::LoadLessonText();
  for (int step = 0; step < lesson::WalkthroughStepCount(); ++step) {
    CAPTURE(step);
    ui_test::UiHarness ui(1280.0f, 2400.0f);
    lesson::LessonState state = OnWalkthrough();
    lesson::ApplyWalkthroughStep(state, step);
    const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
    ui.Frames(2, draw);
    ui.Click(ui.Item("walkthrough.read").Center(), draw);
    ui.Frame(draw);
    ui.Click(ui.Item("walkthrough.show_me").Center(), draw);
    ui.Frame(draw);
    CHECK(state.scene == lesson::WalkthroughStepScene(step));
    const std::string highlight = lesson::WalkthroughStepHighlight(step);
    CHECK(state.highlight == highlight);
    // The Compare panel records whatever it outlines as "compare.highlight"; the others record
    // the outlined element under its own name.
    const std::string drawn = state.scene == lesson::Scene::Compare ? "compare.highlight" : highlight;
    CHECK_MESSAGE(ui.Has(drawn.c_str()), "the scene drew nothing named " << drawn);
  }
}

TEST_CASE("each step opens on its picture, under one caption, with one set of step buttons under it") {
  ui_test::LoadLessonText();
  for (const float width : {390.0f, 1280.0f}) {
    CAPTURE(width);
    ui_test::UiHarness ui(width, 844.0f);
    lesson::LessonState state = OnWalkthrough();
    const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
    ui.Frames(2, draw);
    // Step 1 is about the Compare scene: its picture, the keys outlined (the step looks at them).
    REQUIRE(ui.Has("compare.picture"));
    const ui::ItemRect picture = ui.Item("compare.picture");
    const ui::ItemRect caption = ui.Item("walkthrough.position");
    CHECK(caption.max.y <= picture.min.y);
    CHECK(picture.min.y - ui.Item("widget.more").max.y < 70.0f);  // the caption's line and no more
    CHECK(ui.Has("compare.highlight"));
    // The step buttons under the picture, and only one set of them.
    CHECK(ui.Item("walkthrough.next").min.y > picture.max.y);
    CHECK_FALSE(ui.Has("walkthrough.next_step"));
    CHECK_FALSE(ui.Has("walkthrough.previous_step"));
    CHECK_FALSE(ui.Has("walkthrough.step_text"));  // the words open on demand
    // Step 4, the worked example: the Combine picture.
    for (int i = 0; i < 3; ++i) {
      ui.Click(ui.Item("walkthrough.next").Center(), draw);
      ui.Frame(draw);
    }
    CHECK(state.walkthrough.step == 3);
    CHECK(state.scene == lesson::Scene::Walkthrough);
    CHECK(ui.Has("combine.picture"));
    CHECK_FALSE(ui.Has("compare.picture"));
  }
}

TEST_CASE("every step's picture outlines where to look, opened from a link or stepped to") {
  ui_test::LoadLessonText();
  for (int step = 0; step < lesson::WalkthroughStepCount(); ++step) {
    CAPTURE(step);
    ui_test::UiHarness ui(1280.0f, 1600.0f);
    lesson::LessonState state = OnWalkthrough();
    state.walkthrough.step = step;  // as "#scene=walkthrough&walkthrough.step=N" opens it: none set
    const auto draw = WalkthroughIn(state, ui.ctx);
    ui.Frames(2, draw);
    CHECK(state.highlight.empty());  // drawing outlines the step's part without setting it
    const lesson::Scene scene = lesson::WalkthroughStepScene(step);
    const std::string picture = std::string(lesson::ModuleOf(scene).name) + ".picture";
    REQUIRE(ui.Has(picture.c_str()));
    ImVec2 min, max;
    REQUIRE(ui_test::ColorBounds(ui.ctx.palette.highlight, &min, &max));
    // The outline is on the picture or the controls under it, not elsewhere on the panel; it
    // goes round the whole picture only where the part is more than the picture (the Caveats
    // picture with its buttons), else it marks the part.
    const ui::ItemRect drawn = ui.Item(picture.c_str());
    CHECK(min.y >= drawn.min.y - 10.0f);
    CHECK(min.y <= drawn.max.y + 200.0f);
    const bool whole = min.x <= drawn.min.x && min.y <= drawn.min.y && max.x >= drawn.max.x && max.y >= drawn.max.y;
    CHECK(whole == (std::string(lesson::WalkthroughStepHighlight(step)) == "caveats.ablation"));
    // Outlined alike when Back or Next set the step.
    lesson::ApplyWalkthroughStep(state, step);
    ui.Frames(2, draw);
    CHECK(ui_test::ColorBounds(ui.ctx.palette.highlight, &min, &max));
  }
}
