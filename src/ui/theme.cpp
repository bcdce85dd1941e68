#include "ui/theme.h"

namespace ui {

namespace {

// Okabe-Ito colours: distinguishable with the common forms of colour blindness.
constexpr ImU32 Rgb(int r, int g, int b) { return IM_COL32(r, g, b, 255); }

}  // namespace

void ApplyTheme(Context& ctx, Theme theme) {
  ctx.theme = theme;
  ImGuiStyle style;
  if (theme == Theme::Dark) {
    ImGui::StyleColorsDark(&style);
  } else {
    ImGui::StyleColorsLight(&style);
  }
  style.WindowPadding = ImVec2(16, 14);
  style.FramePadding = ImVec2(8, 6);
  style.ItemSpacing = ImVec2(10, 10);
  style.GrabMinSize = 18;
  style.FrameRounding = 4;
  style.GrabRounding = 4;
  style.WindowBorderSize = 0;
  style.FrameBorderSize = 1;
  style.ScrollbarSize = 16;

  ImVec4* c = style.Colors;
  if (theme == Theme::Dark) {
    c[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.12f, 1.0f);
    c[ImGuiCol_Text] = ImVec4(0.93f, 0.94f, 0.95f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.18f, 0.21f, 1.0f);
    c[ImGuiCol_NavHighlight] = ImVec4(1.0f, 0.85f, 0.25f, 1.0f);
    ctx.palette = {Rgb(237, 239, 242), Rgb(160, 166, 176), Rgb(120, 128, 140), Rgb(86, 180, 233),
                   Rgb(230, 159, 0),   Rgb(0, 158, 115),   Rgb(240, 228, 66),  Rgb(30, 33, 39)};
  } else {
    c[ImGuiCol_WindowBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
    c[ImGuiCol_Text] = ImVec4(0.10f, 0.11f, 0.13f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(0.94f, 0.95f, 0.96f, 1.0f);
    c[ImGuiCol_Border] = ImVec4(0.70f, 0.72f, 0.75f, 1.0f);
    c[ImGuiCol_NavHighlight] = ImVec4(0.00f, 0.35f, 0.85f, 1.0f);
    ctx.palette = {Rgb(26, 28, 33), Rgb(90, 96, 106), Rgb(140, 146, 156), Rgb(0, 114, 178),
                   Rgb(213, 94, 0), Rgb(0, 130, 95),  Rgb(204, 121, 167), Rgb(244, 246, 248)};
  }
  ImGui::GetStyle() = style;
}

ImU32 SeriesColor(const Context& ctx, int i) {
  static const ImU32 light[kSeriesColors] = {IM_COL32(0, 114, 178, 255), IM_COL32(213, 94, 0, 255),
                                             IM_COL32(0, 125, 90, 255),  IM_COL32(160, 100, 0, 255),
                                             IM_COL32(170, 80, 130, 255), IM_COL32(40, 110, 150, 255)};
  static const ImU32 dark[kSeriesColors] = {IM_COL32(86, 180, 233, 255), IM_COL32(240, 128, 60, 255),
                                            IM_COL32(0, 190, 140, 255),  IM_COL32(230, 159, 0, 255),
                                            IM_COL32(204, 121, 167, 255), IM_COL32(150, 200, 240, 255)};
  const int at = i < 0 ? 0 : (i >= kSeriesColors ? kSeriesColors - 1 : i);
  return ctx.theme == Theme::Dark ? dark[at] : light[at];
}

}  // namespace ui
