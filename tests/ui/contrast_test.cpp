// Contrast of the widget's colours in both themes, as WCAG 2.2 measures it (1.4.3 text at least
// 4.5:1, 1.4.11 graphics and controls' parts at least 3:1), from the palette and ImGui's style
// that ApplyTheme sets: text on the page, on cards and on controls; axes, highlights, the focus
// ring, check marks and slider grabs against what they sit on. With more contrast (prefers-contrast:
// more, forced colours) text reaches 1.4.6's 7:1 and graphics 4.5:1, and controls are outlined.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "ui/context.h"
#include "ui/theme.h"
#include "ui_harness.h"

namespace {

struct Rgb {
  double r, g, b;
};

Rgb FromU32(ImU32 c) {
  return {static_cast<double>((c >> IM_COL32_R_SHIFT) & 0xFF) / 255.0,
          static_cast<double>((c >> IM_COL32_G_SHIFT) & 0xFF) / 255.0,
          static_cast<double>((c >> IM_COL32_B_SHIFT) & 0xFF) / 255.0};
}

// `c` over `under` by its alpha.
Rgb Over(const ImVec4& c, const Rgb& under) {
  const double a = static_cast<double>(c.w);
  return {static_cast<double>(c.x) * a + under.r * (1.0 - a), static_cast<double>(c.y) * a + under.g * (1.0 - a),
          static_cast<double>(c.z) * a + under.b * (1.0 - a)};
}

double Luminance(const Rgb& c) {
  auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

double Contrast(const Rgb& a, const Rgb& b) {
  const double la = Luminance(a);
  const double lb = Luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace

TEST_CASE("text reaches 4.5:1 and graphics 3:1 against what they sit on, in both themes; 7:1 and 4.5:1 with more contrast") {
  for (const bool more : {false, true}) {
    for (const ui::Theme theme : {ui::Theme::Light, ui::Theme::Dark}) {
      const std::string theme_name = std::string(theme == ui::Theme::Dark ? "dark" : "light") + (more ? ", more contrast" : "");
      CAPTURE(theme_name);
      ui_test::UiHarness ui;
      ui::ApplyTheme(ui.ctx, theme, more);
      // WCAG's enhanced contrast (1.4.6) for text with more contrast, and graphics at its 4.5:1.
      const double text = more ? 7.0 : 4.5;
      const double graphic = more ? 4.5 : 3.0;
      const ImVec4* c = ImGui::GetStyle().Colors;
      const ui::Palette& p = ui.ctx.palette;
      const Rgb page = Over(c[ImGuiCol_WindowBg], Rgb{1.0, 1.0, 1.0});
      const Rgb card = FromU32(p.panel);
      const Rgb frame = Over(c[ImGuiCol_FrameBg], page);

      struct Pair {
        const char* what;
        Rgb fore;
        Rgb back;
        double least;
      };
      std::vector<Pair> pairs = {
          {"text on the page", Over(c[ImGuiCol_Text], page), page, text},
          {"palette text on the page", FromU32(p.text), page, text},
          {"muted text on the page", FromU32(p.muted), page, text},
          {"muted text on a card", FromU32(p.muted), card, text},
          {"first (blue) text on the page", FromU32(p.first), page, text},
          {"second (orange) text on the page", FromU32(p.second), page, text},
          {"output (green) text on the page", FromU32(p.output), page, text},
          {"text on a button", Over(c[ImGuiCol_Text], page), Over(c[ImGuiCol_Button], page), text},
          {"text on a hovered button", Over(c[ImGuiCol_Text], page), Over(c[ImGuiCol_ButtonHovered], page), text},
          {"text on a pressed button", Over(c[ImGuiCol_Text], page), Over(c[ImGuiCol_ButtonActive], page), text},
          {"text in a slider or box", Over(c[ImGuiCol_Text], page), frame, text},
          {"the axis on the page", FromU32(p.axis), page, graphic},
          {"the axis on a card", FromU32(p.axis), card, graphic},
          {"a walkthrough highlight on the page", FromU32(p.highlight), page, graphic},
          {"the keyboard focus ring on the page", Over(c[ImGuiCol_NavHighlight], page), page, graphic},
          {"a check mark in its box", Over(c[ImGuiCol_CheckMark], frame), frame, graphic},
          {"a slider's grab on its track", Over(c[ImGuiCol_SliderGrab], frame), frame, graphic},
      };
      // With more contrast every control is outlined: its border against the page.
      if (more) pairs.push_back({"a control's border on the page", Over(c[ImGuiCol_Border], page), page, graphic});
      for (int i = 0; i < ui::kSeriesColors; ++i) {
        pairs.push_back({"a series colour's label on the page", FromU32(ui::SeriesColor(ui.ctx, i)), page, text});
        pairs.push_back({"a series colour's label on a card", FromU32(ui::SeriesColor(ui.ctx, i)), card, text});
      }
      for (const Pair& pair : pairs) {
        const std::string what = pair.what;
        CAPTURE(what);
        const double ratio = Contrast(pair.fore, pair.back);
        CAPTURE(ratio);
        CHECK(ratio >= pair.least);
      }
    }
  }
}
