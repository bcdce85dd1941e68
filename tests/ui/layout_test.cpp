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

namespace {

bool Inside(const ui::ControlRect& a, const ui::ControlRect& b) {
  return a.min.x >= b.min.x - 0.5f && a.max.x <= b.max.x + 0.5f && a.min.y >= b.min.y - 0.5f &&
         a.max.y <= b.max.y + 0.5f;
}

// Overlapping by more than a pixel, neither holding the other.
bool Overlap(const ui::ControlRect& a, const ui::ControlRect& b) {
  const float x = std::min(a.max.x, b.max.x) - std::max(a.min.x, b.min.x);
  const float y = std::min(a.max.y, b.max.y) - std::max(a.min.y, b.min.y);
  return x > 1.0f && y > 1.0f && !Inside(a, b) && !Inside(b, a);
}

}  // namespace

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
        state.compare.numbers_open = true;  // "Show the numbers" open: its controls count too
        state.scene = scene->id;
        ui.Frames(4, [&] { ui::DrawWidget(state, ui.ctx); });
        ImGuiWindow* window = ImGui::FindWindowByName("Attention lesson");
        REQUIRE(window != nullptr);
        // Laid out no wider than the widget's content, and every named element (controls, plots,
        // the heatmap's cells) inside what the widget shows: nothing cut at its edge, nothing in a
        // sideways scroll region.
        CHECK(window->DC.CursorMaxPos.x <= window->WorkRect.Max.x + 0.5f);
        for (const auto& item : ui.ctx.items) {
          CAPTURE(item.first);
          CHECK(item.second.max.x <= window->InnerClipRect.Max.x + 0.5f);
          CHECK(item.second.min.x >= window->InnerClipRect.Min.x - 0.5f);
        }
        const std::vector<ui::ControlRect>& controls = ui.ctx.controls.controls;
        // WCAG 2.2's target size (2.5.8): every control at least 24 x 24 CSS pixels (a layout
        // pixel is a CSS pixel on the web).
        REQUIRE(controls.size() >= 3);
        for (const ui::ControlRect& control : controls) {
          CAPTURE(control.min.x);
          CAPTURE(control.min.y);
          CHECK(control.max.x - control.min.x >= 24.0f);
          CHECK(control.max.y - control.min.y >= 24.0f);
        }
        for (size_t a = 0; a < controls.size(); ++a) {
          for (size_t b = a + 1; b < controls.size(); ++b) {
            if (controls[a].window != controls[b].window) continue;
            CAPTURE(a);
            CAPTURE(b);
            CHECK_FALSE(Overlap(controls[a], controls[b]));
          }
        }
      }
    }
  }
  ui_test::LoadLessonText();
}
