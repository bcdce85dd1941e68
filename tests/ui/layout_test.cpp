// Every scene in every language, and in the pseudo-locale (longer, accented English, lesson/locale.h),
// at a phone's widths and a desktop's: nothing is laid out wider than the widget (text and controls
// that would be cut at its edge), no two controls overlap, and every control is a target of at
// least 24 x 24 CSS pixels (WCAG 2.5.8).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/scene.h"
#include "lesson/text_store.h"
#include "ui/widget.h"
#include "ui_harness.h"


TEST_CASE("no scene is wider than the widget, no controls overlap or are under 24 px, at 320 to 1600 px, in every language") {
  std::vector<std::string> locales;
  for (const lesson::Locale& locale : lesson::Locales()) locales.push_back(locale.code);
  locales.push_back(lesson::kPseudoLocale);
  for (const std::string& locale : locales) {
    for (const float width : {320.0f, 360.0f, 390.0f, 1280.0f, 1600.0f}) {
      for (const lesson::SceneModule* scene : lesson::Scenes()) {
        CAPTURE(locale);
        CAPTURE(width);
        const std::string name = scene->name;
        CAPTURE(name);
        ui_test::UiHarness ui(width, 6000.0f);
        ui_test::UseWords(locale);
        ui.ctx.fit_height = true;
        lesson::LessonState state;
        state.compare.numbers_open = true;  // the parts that open on demand open: their controls count too
        state.caveats.numbers_open = true;
        state.learn.numbers_open = true;
        state.learn.options_open = true;
        state.caveats.test2_open = true;
        state.scene = scene->id;
        ui.Frames(4, [&] { ui::DrawWidget(state, ui.ctx); });
        // Nothing cut at the widget's edge, targets of 24 px and more, no two controls overlapping.
        ui_test::CheckLaidOut(ui.ctx);
      }
    }
  }
  ui_test::LoadLessonText();
}
