// The widget in Spanish through the real panels and ImGui: ImGui's own numbers (a slider's, the
// text its box opens with) take the words' decimal mark (ui/format_hook.cpp), the panels write
// decimal commas, and typed numbers are read with either mark, refusing one that could group
// thousands.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/number_field.h"
#include "ui/widget.h"
#include "ui_harness.h"

using ui_test::UiHarness;

namespace {

// The formats are the test's own literals, handed through.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
std::string Formatted(const char* format, double x) {
  char buffer[64];
  ImFormatString(buffer, sizeof buffer, format, x);
  return buffer;
}
#pragma GCC diagnostic pop

// The built-in English words with the Spanish file over them, for one test case.
struct SpanishWords {
  SpanishWords() { ui_test::UseWords("es"); }
  ~SpanishWords() { ui_test::LoadLessonText(); }
};

}  // namespace

TEST_CASE("ImGui's numbers take the decimal mark inside the number only") {
  UiHarness ui;
  ImGui::GetIO().PlatformLocaleDecimalPoint = ',';
  CHECK(Formatted("%.2f", 0.5) == "0,50");
  CHECK(Formatted("%.1f", 10.0) == "10,0");
  CHECK(Formatted("T = %.1f.", 0.5) == "T = 0,5.");  // the label's own full stop stays
  CHECK(Formatted("%5.1f%%", 0.5) == "  0,5%");
  CHECK(Formatted("%e", 1.5) == "1,500000e+00");
  CHECK(Formatted("%f", 1.0) == "1,000000");  // what a slider's box opens with for a literal format
  char buffer[64];
  ImFormatString(buffer, sizeof buffer, "%d.%d", 1, 2);  // not a floating-point conversion
  CHECK(std::string(buffer) == "1.2");
  ImFormatString(buffer, sizeof buffer, "%s", "1.5");
  CHECK(std::string(buffer) == "1.5");
  ImFormatString(buffer, sizeof buffer, "%.1f and %.1f", 0.5, 1.5);  // two conversions: left alone
  CHECK(std::string(buffer) == "0.5 and 1.5");
  ImFormatString(buffer, 4, "%.3f", 0.5);  // cut short by the buffer: left as written
  CHECK(std::string(buffer) == "0.5");
  ImGui::GetIO().PlatformLocaleDecimalPoint = '.';
  CHECK(Formatted("%.2f", 0.5) == "0.50");
}

TEST_CASE("in Spanish the widget sets ImGui's decimal mark and the Combine panel writes decimal commas") {
  UiHarness ui;  // loads the English words itself
  const SpanishWords spanish;
  lesson::LessonState state;
  state.scene = lesson::Scene::Combine;
  ui.Frames(2, [&] { ui::DrawWidget(state, ui.ctx); });
  CHECK(ImGui::GetIO().PlatformLocaleDecimalPoint == ',');
  CHECK(Formatted("%.1f", 0.2) == "0,2");
  CHECK(ui.Has("combine.term.first"));
}

TEST_CASE("in Spanish a typed 0,25 and 0.25 are a quarter, and 1.000 is refused as a possible thousand") {
  const SpanishWords spanish;
  using ui::JudgeTypedNumber;
  using ui::NumberRefusal;
  CHECK(JudgeTypedNumber("0,25", 0.0, 1.0).value == 0.25);
  CHECK(JudgeTypedNumber("0.25", 0.0, 1.0).value == 0.25);
  CHECK(JudgeTypedNumber("1,000", -100.0, 100.0).value == 1.0);  // Spanish's own mark: one
  CHECK(JudgeTypedNumber("1.000", -100.0, 100.0).refusal == NumberRefusal::NotANumber);
  CHECK(JudgeTypedNumber("12.5", -100.0, 100.0).value == 12.5);
}
