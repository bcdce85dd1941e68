// The Learn panel driven through ImGui: Train runs until its steps are done, Pause stops it, Step
// takes one step, Reset goes back to 0, and picking a paragraph and a question.
#include <doctest/doctest.h>

#include "lesson/lesson_state.h"
#include "ui/learn_panel.h"
#include "ui_harness.h"

namespace {

ui_test::UiHarness::DrawFn LearnIn(lesson::LessonState& state, ui::Context& ctx) {
  return ui_test::InFullWindow(ctx, "learn", [&state, &ctx] { ui::DrawLearnPanel(state, ctx); });
}

}  // namespace

TEST_CASE("Train starts training and Pause stops it; Step takes one step; Reset goes back to 0") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 2400.0f);
  lesson::LessonState state;
  state.scene = lesson::Scene::Learn;
  const auto draw = LearnIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("learn.train").Center(), draw);
  CHECK(state.learn.training);
  for (int frame = 0; frame < 10; ++frame) {
    lesson::AdvanceLearnTraining(state.learn, 1.0 / 60.0);
    ui.Frame(draw);
  }
  CHECK(state.learn.steps > 0);
  ui.Click(ui.Item("learn.train").Center(), draw);  // now labelled Pause
  CHECK_FALSE(state.learn.training);
  const int paused_at = state.learn.steps;
  ui.Click(ui.Item("learn.step").Center(), draw);
  CHECK(state.learn.steps == paused_at + 1);
  ui.Click(ui.Item("learn.reset").Center(), draw);
  CHECK(state.learn.steps == 0);
  CHECK(ui.Has("learn.curves"));
  CHECK(ui.Has("learn.plane"));
  CHECK(ui.Has("learn.removal"));
}

TEST_CASE("picking the paragraph with a fact stated twice and a question about the shop") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 2400.0f);
  lesson::LessonState state;
  const auto draw = LearnIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("learn.paragraph2").Center(), draw);
  CHECK(state.learn.paragraph == lesson::LearnParagraph::Repeated);
  CHECK_FALSE(ui.Has("learn.question4"));  // no tour in that paragraph
  ui.Frame(draw);
  ui.Click(ui.Item("learn.question3").Center(), draw);
  CHECK(state.learn.question == 2);
}

TEST_CASE("the panel fits a phone's width: nothing is drawn past the right edge") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(360.0f, 3000.0f);
  lesson::LessonState state;
  lesson::SetLearnSteps(state.learn, 300);
  const auto draw = LearnIn(state, ui.ctx);
  ui.Frames(3, draw);
  for (const char* name : {"learn.train", "learn.step", "learn.reset", "learn.curves", "learn.plane", "learn.removal",
                           "learn.answer", "learn.weight1"}) {
    CAPTURE(name);
    CHECK(ui.Item(name).max.x <= 360.0f);
  }
}

TEST_CASE("T trains and pauses, S takes one step, from the keyboard") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 2400.0f);
  lesson::LessonState state;
  const auto draw = LearnIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Type("t", draw);
  CHECK(state.learn.training);
  ui.Type("T", draw);
  CHECK_FALSE(state.learn.training);
  ui.Type("ss", draw);
  CHECK(state.learn.steps == 2);
}
