#include <doctest/doctest.h>

#include <string>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "ui/item_registry.h"
#include "ui/quiz_panel.h"
#include "ui_harness.h"

namespace {

// The panel inside a full-size window, as the widget shows it on the Quick check tab.
ui_test::UiHarness::DrawFn QuizIn(lesson::LessonState& state, ui::Context& ctx) {
  return [&state, &ctx] {
    ui::ClearItems(ctx);
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoDecoration);
    ui::DrawQuizPanel(state, ctx);
    ImGui::End();
  };
}

}  // namespace

TEST_CASE("clicking a choice picks it") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 3200.0f);
  lesson::LessonState state;
  const auto draw = QuizIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("quiz.q1.choice3").Center(), draw);
  CHECK(state.quiz.answers[0].choice == 2);
  CHECK(state.quiz.answers[1].choice == -1);
  ui.Click(ui.Item("quiz.q2.choice1").Center(), draw);
  CHECK(state.quiz.answers[1].choice == 0);
  CHECK(state.quiz.answers[0].choice == 2);
}

TEST_CASE("checking the reasoning after the right choice shows the verdict and the reasoning") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 3200.0f);
  lesson::LessonState state;
  const auto draw = QuizIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("quiz.q1.reasoning"));
  ui.Click(ui.Item("quiz.q1.choice2").Center(), draw);
  ui.Click(ui.Item("quiz.q1.reveal").Center(), draw);
  ui.Frame(draw);
  CHECK(state.quiz.answers[0].revealed);
  CHECK(lesson::IsCorrect(state.quiz, 0));
  CHECK(ui.Has("quiz.q1.verdict"));
  CHECK(ui.Has("quiz.q1.reasoning"));
  CHECK_FALSE(ui.Has("quiz.q1.reveal"));
  CHECK_FALSE(ui.Has("quiz.q2.reasoning"));
}

TEST_CASE("checking the reasoning after a wrong choice says so") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 3200.0f);
  lesson::LessonState state;
  const auto draw = QuizIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("quiz.q2.choice1").Center(), draw);
  ui.Click(ui.Item("quiz.q2.reveal").Center(), draw);
  ui.Frame(draw);
  CHECK(state.quiz.answers[1].revealed);
  CHECK_FALSE(lesson::IsCorrect(state.quiz, 1));
  CHECK(ui.Has("quiz.q2.reasoning"));
}

TEST_CASE("the reasoning cannot be revealed before an answer") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 3200.0f);
  lesson::LessonState state;
  const auto draw = QuizIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("quiz.q1.reveal").Center(), draw);
  CHECK_FALSE(state.quiz.answers[0].revealed);
  CHECK_FALSE(ui.Has("quiz.q1.reasoning"));
}

TEST_CASE("typed words count as an answer and reveal the reasoning") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 3200.0f);
  lesson::LessonState state;
  const auto draw = QuizIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("quiz.q1.typed_count"));  // the room left shows once the learner writes
  ui.Click(ui.Item("quiz.q1.typed").Center(), draw);
  ui.Type("it would see the answer", draw);
  CHECK(state.quiz.answers[0].typed == "it would see the answer");
  CHECK(ui.Has("quiz.q1.typed_count"));
  CHECK_FALSE(ui.Has("quiz.q2.typed_count"));
  ui.Click(ui.Item("quiz.q1.reveal").Center(), draw);
  ui.Frame(draw);
  CHECK(state.quiz.answers[0].revealed);
  CHECK(state.quiz.answers[0].choice == -1);
  CHECK(ui.Has("quiz.q1.reasoning"));
}

TEST_CASE("typing or pasting a megabyte keeps at most 500 bytes") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 3200.0f);
  lesson::LessonState state;
  const auto draw = QuizIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("quiz.q2.typed").Center(), draw);
  ui.Type(std::string(1 << 20, 'y'), draw);
  ui.Frame(draw);
  CHECK(state.quiz.answers[1].typed.size() == 500);
  CHECK(state.quiz.answers[1].typed == std::string(500, 'y'));

  // Select all and paste a megabyte over it: ImGui replaces the selection only when the paste
  // fits, so the field ends up holding no more than the limit.
  ImGui::SetClipboardText(std::string(1 << 20, 'z').c_str());
  ui.PressKey(ImGuiKey_A, draw, /*ctrl=*/true);
  ui.PressKey(ImGuiKey_V, draw, /*ctrl=*/true);
  CHECK(state.quiz.answers[1].typed.size() <= 500);
  CHECK(state.quiz.answers[1].typed.find('z') == std::string::npos);
  // A paste that fits goes in.
  ImGui::SetClipboardText("ok");
  ui.PressKey(ImGuiKey_A, draw, /*ctrl=*/true);
  ui.PressKey(ImGuiKey_V, draw, /*ctrl=*/true);
  CHECK(state.quiz.answers[1].typed == "ok");
}

TEST_CASE("try again clears the question") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 3200.0f);
  lesson::LessonState state;
  const auto draw = QuizIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("quiz.q1.choice1").Center(), draw);
  ui.Click(ui.Item("quiz.q1.reveal").Center(), draw);
  ui.Frame(draw);
  REQUIRE(state.quiz.answers[0].revealed);
  ui.Click(ui.Item("quiz.q1.try_again").Center(), draw);
  CHECK_FALSE(state.quiz.answers[0].revealed);
  CHECK(state.quiz.answers[0].choice == -1);
}

TEST_CASE("a choice can be picked with the keyboard") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 3200.0f);
  lesson::LessonState state;
  const auto draw = QuizIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("quiz.q1.choice1").Center(), draw);
  REQUIRE(state.quiz.answers[0].choice == 0);
  ui.PressKey(ImGuiKey_DownArrow, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(state.quiz.answers[0].choice == 1);
}

TEST_CASE("at phone width the choices wrap inside the panel") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(360.0f, 4000.0f);
  lesson::LessonState state;
  const auto draw = QuizIn(state, ui.ctx);
  ui.Frames(2, draw);
  for (const char* name :
       {"quiz.q1.choice1", "quiz.q1.choice2", "quiz.q1.choice3", "quiz.q1.typed", "quiz.q2.choice3"}) {
    CAPTURE(name);
    const ui::ItemRect rect = ui.Item(name);
    CHECK(rect.max.x <= 360.0f);
  }
  // The long second choice wraps onto more than one line.
  const ui::ItemRect choice = ui.Item("quiz.q1.choice2");
  CHECK(choice.max.y - choice.min.y > 2.0f * ImGui::GetTextLineHeight());
  ui.Click(choice.Center(), draw);
  CHECK(state.quiz.answers[0].choice == 1);
}

// The second question asks whether a large weight alone explains a decision: its picture shows
// every word's removal beside its weight, with no "guess first" in an empty plot to act on.
TEST_CASE("the caveats question's picture shows every removal, not a plot waiting for a guess") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 3200.0f);
  lesson::LessonState state;
  REQUIRE_FALSE(state.caveats.each_in_turn_shown);
  const auto draw = QuizIn(state, ui.ctx);
  ui.Frames(3, draw);
  for (int word = 0; word < lesson::kCaveatsPositions; ++word) {
    CAPTURE(word);
    CHECK(ui.Has(("caveats.scatter.dot." + std::to_string(word)).c_str()));
  }
  // The scene's own state is left as it was.
  CHECK_FALSE(state.caveats.each_in_turn_shown);
}
