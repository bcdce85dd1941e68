// Typed input: the sliders' text boxes take only finite numbers in range and say why they refused
// one; a megabyte typed or pasted into any text field stays bounded and the panels keep working.

#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <string>

#include <imgui.h>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/scenes/quiz/quiz.h"
#include "lesson/text_store.h"
#include "ui/caveats_panel.h"
#include "ui/combine_panel.h"
#include "ui/compare_panel.h"
#include "ui/item_registry.h"
#include "ui/number_field.h"
#include "ui/quiz_panel.h"
#include "ui_harness.h"

using ui_test::UiHarness;

namespace {

// `draw_panel` inside one full-size window, as the widget shows it.
UiHarness::DrawFn In(ui::Context& ctx, std::function<void()> draw_panel) {
  return [&ctx, draw_panel] {
    ui::ClearItems(ctx);
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoDecoration);
    draw_panel();
    ImGui::End();
  };
}

// Ctrl+click turns the slider into its text box; the text is typed and Enter closes the box.
void CtrlClick(UiHarness& ui, const char* item, const UiHarness::DrawFn& draw) {
  ui.HoldModifiers(ImGuiMod_Ctrl);
  ui.Click(ui.Item(item).Center(), draw);
  ui.HoldModifiers(0);
}

void TypeInto(UiHarness& ui, const char* item, const std::string& text, const UiHarness::DrawFn& draw) {
  CtrlClick(ui, item, draw);
  ui.Type(text, draw);
  ui.PressKey(ImGuiKey_Enter, draw);
  ui.Frame(draw);
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The words a refusal must never show.
bool ShowsNonNumber(const std::string& text) {
  return Contains(text, "nan") || Contains(text, "NaN") || Contains(text, "inf") || Contains(text, "undefined");
}

bool IsWholeUtf8(const std::string& text) {
  for (size_t i = 0; i < text.size();) {
    const size_t length = lesson::Utf8CharLength(text, i);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

}  // namespace

TEST_CASE("typed text is judged as a plain decimal number inside the slider's range") {
  using ui::JudgeTypedNumber;
  using ui::NumberRefusal;
  CHECK(JudgeTypedNumber("0.5", 0.0, 1.0).refusal == NumberRefusal::None);
  CHECK(JudgeTypedNumber("0.5", 0.0, 1.0).value == 0.5);
  CHECK(JudgeTypedNumber(" -2.5e1 ", -100.0, 100.0).value == -25.0);
  CHECK(JudgeTypedNumber("+5", -100.0, 100.0).value == 5.0);
  CHECK(JudgeTypedNumber(".5", 0.0, 1.0).value == 0.5);
  CHECK(JudgeTypedNumber("3.", -100.0, 100.0).value == 3.0);
  CHECK_FALSE(std::signbit(JudgeTypedNumber("-0", -1.0, 1.0).value));
  CHECK(JudgeTypedNumber("0.1", 0.1, 5.0).refusal == NumberRefusal::None);  // the ends are inside
  CHECK(JudgeTypedNumber("5", 0.1, 5.0).refusal == NumberRefusal::None);
  for (const char* text : {"", " ", "e", "1e", "-", ".", "*2", "/2", "+", "1-2", "--1", "nan", "inf", "0x10", "1,5,0", "1.5,0", ",", "1,,5", "1 5"}) {
    CAPTURE(text);
    CHECK(JudgeTypedNumber(text, -100.0, 100.0).refusal == NumberRefusal::NotANumber);
  }
  // Either decimal mark is read, in every locale: 0,25 is what a Spanish learner types.
  CHECK(JudgeTypedNumber("0,25", 0.0, 1.0).value == 0.25);
  CHECK(JudgeTypedNumber(" -1,5e1 ", -100.0, 100.0).value == -15.0);
  CHECK(JudgeTypedNumber(",5", 0.0, 1.0).value == 0.5);
  CHECK(JudgeTypedNumber("0,250", 0.0, 1.0).value == 0.25);
  CHECK(JudgeTypedNumber("12,5", -100.0, 100.0).value == 12.5);
  // A comma that may group thousands is no decimal mark in English; the point is, even before 3 digits.
  CHECK(JudgeTypedNumber("1,000", -100.0, 100.0).refusal == NumberRefusal::NotANumber);
  CHECK(JudgeTypedNumber("1.000", -100.0, 100.0).value == 1.0);
  CHECK(JudgeTypedNumber("1e400", -100.0, 100.0).refusal == NumberRefusal::FarOutOfRange);
  CHECK(JudgeTypedNumber("-1e400", -100.0, 100.0).refusal == NumberRefusal::FarOutOfRange);
  CHECK(JudgeTypedNumber("100.001", -100.0, 100.0).refusal == NumberRefusal::OutOfRange);
  CHECK(JudgeTypedNumber("0.09", 0.1, 5.0).refusal == NumberRefusal::OutOfRange);
  CHECK(JudgeTypedNumber("1e308", -100.0, 100.0).refusal == NumberRefusal::OutOfRange);
  // Below the smallest double the number reads as 0, which a weight may be.
  CHECK(JudgeTypedNumber("1e-400", 0.0, 1.0).refusal == NumberRefusal::None);
}

TEST_CASE("ImGui's own slider lets a typed 'nan' through as NaN despite AlwaysClamp") {
  // Why the number fields judge the text themselves.
  ui_test::LoadLessonText();
  UiHarness ui;
  double value = 0.0;
  const double lo = -1.0;
  const double hi = 1.0;
  const auto draw = In(ui.ctx, [&] {
    ImGui::SliderScalar("##raw", ImGuiDataType_Double, &value, &lo, &hi, "%.2f", ImGuiSliderFlags_AlwaysClamp);
    ui::RecordItem(ui.ctx, "raw");
  });
  ui.Frames(2, draw);
  TypeInto(ui, "raw", "nan", draw);
  CHECK(std::isnan(value));
}

TEST_CASE("a number field refuses what ImGui would read as NaN and keeps its value") {
  ui_test::LoadLessonText();
  UiHarness ui;
  double value = 0.0;
  const auto draw = In(ui.ctx, [&] { ui::SliderNumber(ui.ctx, "##n", "number", "A number", &value, -1.0, 1.0, "%.2f"); });
  ui.Frames(2, draw);
  for (const char* typed : {"*1e999", "nan"}) {
    CAPTURE(typed);
    TypeInto(ui, "number", typed, draw);
    CHECK(value == 0.0);
    CHECK(ui.Has("number.refused"));
    const std::string notice = ui::NumberFieldNotice(ui.ctx);
    CHECK(Contains(notice, "-1"));
    CHECK_FALSE(ShowsNonNumber(notice));
  }
}

TEST_CASE("the combine values refuse nan, inf, -1e400 and numbers out of range, and say why") {
  struct Case {
    const char* typed;
    const char* why;  // a piece of the note
  };
  for (const Case& c : {Case{"nan", "not a number"}, Case{"inf", "not a number"}, Case{"-1e400", "far outside"},
                        Case{"1e999", "far outside"}, Case{"250", "“250”"}, Case{"-100.5", "“-100.5”"}}) {
    CAPTURE(c.typed);
    ui_test::LoadLessonText();
    UiHarness ui;
    lesson::LessonState state;
    const auto draw = In(ui.ctx, [&] { ui::DrawCombinePanel(state, ui.ctx); });
    ui.Frames(2, draw);
    REQUIRE(state.combine.first_value == 10.0);
    REQUIRE_FALSE(ui.Has("combine.first_value.refused"));
    TypeInto(ui, "combine.first_value", c.typed, draw);
    CHECK(std::isfinite(state.combine.first_value));
    CHECK(state.combine.first_value == 10.0);
    CHECK(ui.Has("combine.first_value.refused"));
    const std::string notice = ui::NumberFieldNotice(ui.ctx);
    CHECK(Contains(notice, c.why));
    CHECK(Contains(notice, "from -100 to 100"));
    CHECK_FALSE(ShowsNonNumber(notice));
  }
}

TEST_CASE("after a refusal a valid typed value is taken and the note goes") {
  ui_test::LoadLessonText();
  UiHarness ui;
  lesson::LessonState state;
  const auto draw = In(ui.ctx, [&] { ui::DrawCombinePanel(state, ui.ctx); });
  ui.Frames(2, draw);
  TypeInto(ui, "combine.first_value", "nan", draw);
  REQUIRE(ui.Has("combine.first_value.refused"));
  TypeInto(ui, "combine.first_value", "42.5", draw);
  CHECK(state.combine.first_value == 42.5);
  CHECK(lesson::ComputeCombine(state.combine).output == doctest::Approx(42.5 * 0.2 + 20.0 * 0.8));
  CHECK_FALSE(ui.Has("combine.first_value.refused"));
  CHECK(ui::NumberFieldNotice(ui.ctx).empty());

  // The ends of the range are numbers the field takes.
  TypeInto(ui, "combine.second_value", "-100", draw);
  CHECK(state.combine.second_value == -100.0);
  CHECK_FALSE(ui.Has("combine.second_value.refused"));
}

TEST_CASE("the combine weight refuses a weight above one and keeps the weights summing to one") {
  ui_test::LoadLessonText();
  UiHarness ui;
  lesson::LessonState state;
  const auto draw = In(ui.ctx, [&] { ui::DrawCombinePanel(state, ui.ctx); });
  ui.Frames(2, draw);
  TypeInto(ui, "combine.weights", "1.2", draw);
  CHECK(state.combine.second_weight == 0.8);
  CHECK(state.combine.first_weight == doctest::Approx(0.2));
  CHECK(ui.Has("combine.weights.refused"));
  CHECK(Contains(ui::NumberFieldNotice(ui.ctx), "from 0 to 1"));
  TypeInto(ui, "combine.weights", "0.25", draw);
  CHECK(state.combine.second_weight == 0.25);
  CHECK(state.combine.first_weight == 0.75);
  CHECK_FALSE(ui.Has("combine.weights.refused"));
}

TEST_CASE("the temperature refuses a value below its range and takes one inside it") {
  ui_test::LoadLessonText();
  UiHarness ui(1280.0f, 1800.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the scene with its numbers shown (prediction_panel_test asks)
  state.compare.numbers_open = true;
  const auto draw = In(ui.ctx, [&] { ui::DrawComparePanel(state, ui.ctx); });
  ui.Frames(2, draw);
  TypeInto(ui, "compare.temperature_slider", "0.05", draw);
  CHECK(state.compare.temperature == 1.0);
  CHECK(ui.Has("compare.temperature_slider.refused"));
  CHECK(Contains(ui::NumberFieldNotice(ui.ctx), "from 0.1 to 5"));
  TypeInto(ui, "compare.temperature_slider", "nan", draw);
  CHECK(state.compare.temperature == 1.0);
  CHECK_FALSE(ShowsNonNumber(ui::NumberFieldNotice(ui.ctx)));
  TypeInto(ui, "compare.temperature_slider", "2.5", draw);
  CHECK(state.compare.temperature == doctest::Approx(2.5));
  CHECK_FALSE(ui.Has("compare.temperature_slider.refused"));
}

TEST_CASE("layer 2's weight refuses a number above one and takes one inside") {
  ui_test::LoadLessonText();
  UiHarness ui(1280.0f, 1800.0f);
  lesson::LessonState state;
  state.caveats.test2_open = true;
  const auto draw = In(ui.ctx, [&] { ui::DrawCaveatsPanel(state, ui.ctx); });
  ui.Frames(2, draw);
  TypeInto(ui, "caveats.layer2_weight", "1e400", draw);
  CHECK(state.caveats.layer2_weight_b == 0.75);
  CHECK(ui.Has("caveats.layer2_weight.refused"));
  TypeInto(ui, "caveats.layer2_weight", "0.25", draw);
  CHECK(state.caveats.layer2_weight_b == 0.25);
  CHECK_FALSE(ui.Has("caveats.layer2_weight.refused"));
}

TEST_CASE("a refusal note stays until the value changes, and Escape enters nothing") {
  ui_test::LoadLessonText();
  UiHarness ui;
  double value = 0.5;
  const auto draw = In(ui.ctx, [&] { ui::SliderNumber(ui.ctx, "##n", "number", "A number", &value, 0.0, 1.0, "%.2f"); });
  ui.Frames(2, draw);
  TypeInto(ui, "number", "7", draw);
  REQUIRE(ui.Has("number.refused"));
  ui.Frames(30, draw);
  CHECK(ui.Has("number.refused"));
  CHECK(value == 0.5);

  // Escape closes the box without entering or refusing what was typed.
  CtrlClick(ui, "number", draw);
  ui.Type("0.9", draw);
  ui.PressKey(ImGuiKey_Escape, draw);
  ui.Frame(draw);
  CHECK(value == 0.5);
  CHECK(ui.Has("number.refused"));

  // Dragging changes the value, so the note has nothing left to explain.
  const ui::ItemRect slider = ui.Item("number");
  ui.Drag(slider.Center(), ImVec2(slider.min.x - 40.0f, slider.Center().y), draw);
  CHECK(value == 0.0);
  CHECK_FALSE(ui.Has("number.refused"));

  // So does a change from elsewhere (a reset, a link).
  TypeInto(ui, "number", "-3", draw);
  REQUIRE(ui.Has("number.refused"));
  value = 0.3;
  ui.Frame(draw);
  CHECK_FALSE(ui.Has("number.refused"));
}

TEST_CASE("a pasted word in a number box is refused with a note") {
  ui_test::LoadLessonText();
  UiHarness ui;
  double value = 0.5;
  const auto draw = In(ui.ctx, [&] { ui::SliderNumber(ui.ctx, "##n", "number", "A number", &value, 0.0, 1.0, "%.2f"); });
  ui.Frames(2, draw);
  ImGui::SetClipboardText("nan");
  CtrlClick(ui, "number", draw);
  ui.PressKey(ImGuiKey_V, draw, /*ctrl=*/true);
  ui.PressKey(ImGuiKey_Enter, draw);
  ui.Frame(draw);
  CHECK(value == 0.5);
  CHECK(ui.Has("number.refused"));
  CHECK(Contains(ui::NumberFieldNotice(ui.ctx), "not a number"));
}

TEST_CASE("a megabyte typed or pasted into a number box stays bounded and the field keeps working") {
  ui_test::LoadLessonText();
  UiHarness ui;
  double value = 0.5;
  const auto draw = In(ui.ctx, [&] { ui::SliderNumber(ui.ctx, "##n", "number", "A number", &value, 0.0, 1.0, "%.2f"); });
  ui.Frames(2, draw);

  TypeInto(ui, "number", std::string(1000000, '9'), draw);
  CHECK(value == 0.5);
  CHECK(ui.Has("number.refused"));
  CHECK(ui::NumberFieldNotice(ui.ctx).size() < 200);

  ImGui::SetClipboardText(std::string(1000000, '7').c_str());
  CtrlClick(ui, "number", draw);
  ui.PressKey(ImGuiKey_V, draw, /*ctrl=*/true);
  ui.PressKey(ImGuiKey_Enter, draw);
  ui.Frame(draw);
  CHECK(value == 0.5);
  CHECK(ui::NumberFieldNotice(ui.ctx).size() < 200);

  TypeInto(ui, "number", "0.125", draw);
  CHECK(value == 0.125);
  CHECK_FALSE(ui.Has("number.refused"));
}

TEST_CASE("a million characters typed or pasted into a quiz answer keep it bounded, whole UTF-8, and working") {
  ui_test::LoadLessonText();
  UiHarness ui(1280.0f, 1400.0f);
  lesson::LessonState state;
  const auto draw = In(ui.ctx, [&] { ui::DrawQuizPanel(state, ui.ctx); });
  ui.Frames(2, draw);
  ui.Click(ui.Item("quiz.q1.typed").Center(), draw);

  // Two-byte characters, one at a time, as a keyboard would send them.
  ImGuiIO& io = ImGui::GetIO();
  for (int i = 0; i < 1000000; ++i) io.AddInputCharacter(0x00E9);  // é
  ui.Frame(draw);
  const std::string& typed = state.quiz.answers[0].typed;
  CHECK(typed.size() <= static_cast<size_t>(lesson::kQuizTypedAnswerMaxBytes));
  CHECK(typed.size() >= static_cast<size_t>(lesson::kQuizTypedAnswerMaxBytes) - 2);
  CHECK(IsWholeUtf8(typed));
  CHECK(typed.find("\xC3\xA9") == 0);

  // A megabyte of three-byte characters pasted over it.
  std::string euros;
  for (int i = 0; i < 1000000 / 3; ++i) euros += "\xE2\x82\xAC";  // €
  ImGui::SetClipboardText(euros.c_str());
  ui.PressKey(ImGuiKey_A, draw, /*ctrl=*/true);
  ui.PressKey(ImGuiKey_V, draw, /*ctrl=*/true);
  CHECK(state.quiz.answers[0].typed.size() <= static_cast<size_t>(lesson::kQuizTypedAnswerMaxBytes));
  CHECK(IsWholeUtf8(state.quiz.answers[0].typed));

  // The panel still answers: a choice can be picked and its reasoning revealed.
  ui.Click(ui.Item("quiz.q1.choice2").Center(), draw);
  ui.Click(ui.Item("quiz.q1.reveal").Center(), draw);
  ui.Frame(draw);
  CHECK(state.quiz.answers[0].choice == 1);
  CHECK(state.quiz.answers[0].revealed);
  CHECK(ui.Has("quiz.q1.reasoning"));
}
