// Labels on the number lines keep clear of each other and of the widget's edges at every width the
// lesson is read at (320 px, a 1280 px screen at 400 % zoom, to 1600 px) and in every language.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <imgui.h>

#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/scenes/combine/combine.h"
#include "lesson/text_store.h"
#include "ui/caveats_panel.h"
#include "ui/combine_panel.h"
#include "ui_harness.h"

namespace {

using ui_test::Overlap;
using ui_test::UseWords;

const float kWidths[] = {320.0f, 360.0f, 390.0f, 1280.0f, 1600.0f};

}  // namespace

TEST_CASE("the Caveats number line's word labels never overlap and stay inside the widget") {
  for (const lesson::Locale& locale : lesson::Locales()) {
    for (const float width : kWidths) {
      for (const bool some_removed : {false, true}) {
        CAPTURE(locale.code);
        CAPTURE(width);
        CAPTURE(some_removed);
        ui_test::UiHarness ui(width, 3000.0f);
        ui_test::UseWords(locale.code);
        lesson::LessonState state;
        if (some_removed) lesson::SetRemoved(state.caveats, 1, true);
        const auto draw = ui_test::InFullWindow(ui.ctx, "caveats", [&] { ui::DrawCaveatsPanel(state, ui.ctx); });
        ui.Frames(3, draw);
        const ui::ItemRect line = ui.Item("caveats.number_line");
        std::vector<ui::ItemRect> labels;
        for (int j = 0; j < lesson::kCaveatsPositions; ++j) {
          labels.push_back(ui.Item(("caveats.number_line.word." + std::to_string(j)).c_str()));
        }
        for (size_t a = 0; a < labels.size(); ++a) {
          CHECK(labels[a].min.x >= line.min.x);
          CHECK(labels[a].max.x <= line.max.x);
          CHECK(labels[a].min.y >= line.min.y);
          CHECK(labels[a].max.y <= line.max.y);
          for (size_t b = a + 1; b < labels.size(); ++b) {
            CAPTURE(a);
            CAPTURE(b);
            CHECK_FALSE(Overlap(labels[a], labels[b]));
          }
        }
      }
    }
  }
  ui_test::LoadLessonText();
}

TEST_CASE("the Combine number line's labels never overlap and stay inside the widget, values close or far") {
  struct Case {
    double first, second, second_weight;
  };
  // As it opens; two close values; the output near zero; two values far apart with equal weights.
  const Case cases[] = {{10.0, 20.0, 0.8}, {10.0, 11.0, 0.5}, {-1.0, 1.0, 0.5}, {-20.0, 20.0, 0.5}};
  for (const lesson::Locale& locale : lesson::Locales()) {
    for (const float width : kWidths) {
      for (const Case& values : cases) {
        CAPTURE(locale.code);
        CAPTURE(width);
        CAPTURE(values.first);
        CAPTURE(values.second);
        ui_test::UiHarness ui(width, 3000.0f);
        ui_test::UseWords(locale.code);
        lesson::LessonState state;
        state.predictions.ask = false;  // the output and its label shown
        REQUIRE(lesson::SetFirstValue(state.combine, values.first));
        REQUIRE(lesson::SetSecondValue(state.combine, values.second));
        REQUIRE(lesson::SetSecondWeight(state.combine, values.second_weight));
        const auto draw = ui_test::InFullWindow(ui.ctx, "combine", [&] { ui::DrawCombinePanel(state, ui.ctx); });
        ui.Frames(40, draw);  // the output marker's easing settles
        const ui::ItemRect labels[] = {ui.Item("combine.number_line.first"), ui.Item("combine.number_line.second"),
                                       ui.Item("combine.number_line.output")};
        for (size_t a = 0; a < 3; ++a) {
          CHECK(labels[a].min.x >= 0.0f);
          CHECK(labels[a].max.x <= width);
          for (size_t b = a + 1; b < 3; ++b) {
            CAPTURE(a);
            CAPTURE(b);
            CHECK_FALSE(Overlap(labels[a], labels[b]));
          }
        }
      }
    }
  }
  ui_test::LoadLessonText();
}
