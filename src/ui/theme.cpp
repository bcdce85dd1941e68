#include "ui/theme.h"

namespace ui {

namespace {

// Okabe-Ito colours: distinguishable with the common forms of colour blindness.
constexpr ImU32 Rgb(int r, int g, int b) { return IM_COL32(r, g, b, 255); }

// ImGui 1.90.1's light colours (ImGui::StyleColorsLight), in ImGuiCol order, each channel the byte
// ImGui makes of it when it draws (x * 255 + 0.5, truncated): the same pixels as that function's
// floats, from a table a tenth of its code's size in the web download. theme_test checks them
// against ImGui's own. (The dark ones come with every ImGuiStyle: its constructor sets them.)
constexpr unsigned char kImGuiLight[ImGuiCol_COUNT][4] = {
    {0, 0, 0, 255},        // Text
    {153, 153, 153, 255},  // TextDisabled
    {240, 240, 240, 255},  // WindowBg
    {0, 0, 0, 0},          // ChildBg
    {255, 255, 255, 250},  // PopupBg
    {0, 0, 0, 77},         // Border
    {0, 0, 0, 0},          // BorderShadow
    {255, 255, 255, 255},  // FrameBg
    {66, 150, 250, 102},   // FrameBgHovered
    {66, 150, 250, 171},   // FrameBgActive
    {245, 245, 245, 255},  // TitleBg
    {209, 209, 209, 255},  // TitleBgActive
    {255, 255, 255, 130},  // TitleBgCollapsed
    {219, 219, 219, 255},  // MenuBarBg
    {250, 250, 250, 135},  // ScrollbarBg
    {176, 176, 176, 204},  // ScrollbarGrab
    {125, 125, 125, 204},  // ScrollbarGrabHovered
    {125, 125, 125, 255},  // ScrollbarGrabActive
    {66, 150, 250, 255},   // CheckMark
    {66, 150, 250, 199},   // SliderGrab
    {117, 138, 204, 153},  // SliderGrabActive
    {66, 150, 250, 102},   // Button
    {66, 150, 250, 255},   // ButtonHovered
    {15, 135, 250, 255},   // ButtonActive
    {66, 150, 250, 79},    // Header
    {66, 150, 250, 204},   // HeaderHovered
    {66, 150, 250, 255},   // HeaderActive
    {99, 99, 99, 158},     // Separator
    {36, 112, 204, 199},   // SeparatorHovered
    {36, 112, 204, 255},   // SeparatorActive
    {89, 89, 89, 43},      // ResizeGrip
    {66, 150, 250, 171},   // ResizeGripHovered
    {66, 150, 250, 242},   // ResizeGripActive
    {195, 203, 213, 237},  // Tab
    {66, 150, 250, 204},   // TabHovered
    {152, 186, 225, 255},  // TabActive
    {235, 236, 238, 251},  // TabUnfocused
    {189, 209, 233, 255},  // TabUnfocusedActive
    {99, 99, 99, 255},     // PlotLines
    {255, 110, 89, 255},   // PlotLinesHovered
    {230, 179, 0, 255},    // PlotHistogram
    {255, 115, 0, 255},    // PlotHistogramHovered
    {199, 222, 250, 255},  // TableHeaderBg
    {145, 145, 163, 255},  // TableBorderStrong
    {173, 173, 189, 255},  // TableBorderLight
    {0, 0, 0, 0},          // TableRowBg
    {77, 77, 77, 23},      // TableRowBgAlt
    {66, 150, 250, 89},    // TextSelectedBg
    {66, 150, 250, 242},   // DragDropTarget
    {66, 150, 250, 204},   // NavHighlight
    {179, 179, 179, 179},  // NavWindowingHighlight
    {51, 51, 51, 51},      // NavWindowingDimBg
    {51, 51, 51, 89},      // ModalWindowDimBg
};

void LightColors(ImGuiStyle& style) {
  for (int i = 0; i < ImGuiCol_COUNT; ++i) {
    const unsigned char* c = kImGuiLight[i];
    style.Colors[i] = ImVec4(c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f);
  }
}

}  // namespace

void ApplyTheme(Context& ctx, Theme theme) {
  ctx.theme = theme;
  ImGuiStyle style;  // ImGui's dark colours
  if (theme == Theme::Light) LightColors(style);
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
    // Hovered and pressed buttons dark enough for the light text on them (4.5:1, contrast_test).
    c[ImGuiCol_ButtonHovered] = ImVec4(41 / 255.0f, 102 / 255.0f, 178 / 255.0f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(26 / 255.0f, 80 / 255.0f, 150 / 255.0f, 1.0f);
    ctx.palette = {Rgb(237, 239, 242), Rgb(160, 166, 176), Rgb(120, 128, 140), Rgb(86, 180, 233),
                   Rgb(230, 159, 0),   Rgb(0, 158, 115),   Rgb(240, 228, 66),  Rgb(30, 33, 39)};
  } else {
    c[ImGuiCol_WindowBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
    c[ImGuiCol_Text] = ImVec4(0.10f, 0.11f, 0.13f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(0.94f, 0.95f, 0.96f, 1.0f);
    c[ImGuiCol_Border] = ImVec4(0.70f, 0.72f, 0.75f, 1.0f);
    c[ImGuiCol_NavHighlight] = ImVec4(0.00f, 0.35f, 0.85f, 1.0f);
    // A check mark and a slider's grab that stand out from their box at 3:1 (contrast_test).
    c[ImGuiCol_CheckMark] = ImVec4(0.0f, 90 / 255.0f, 190 / 255.0f, 1.0f);
    c[ImGuiCol_SliderGrab] = ImVec4(40 / 255.0f, 100 / 255.0f, 190 / 255.0f, 1.0f);
    c[ImGuiCol_SliderGrabActive] = ImVec4(0.0f, 70 / 255.0f, 160 / 255.0f, 1.0f);
    // Okabe-Ito's vermillion darkened for 4.5:1 on white and on the cards; the axis for 3:1 on both.
    ctx.palette = {Rgb(26, 28, 33), Rgb(90, 96, 106), Rgb(118, 124, 134), Rgb(0, 114, 178),
                   Rgb(184, 76, 0), Rgb(0, 130, 95),  Rgb(204, 121, 167), Rgb(244, 246, 248)};
  }
  ImGui::GetStyle() = style;
}

ImU32 SeriesColor(const Context& ctx, int i) {
  static const ImU32 light[kSeriesColors] = {IM_COL32(0, 114, 178, 255),  IM_COL32(184, 76, 0, 255),
                                             IM_COL32(0, 125, 90, 255),   IM_COL32(150, 94, 0, 255),
                                             IM_COL32(170, 80, 130, 255), IM_COL32(40, 110, 150, 255)};
  static const ImU32 dark[kSeriesColors] = {IM_COL32(86, 180, 233, 255),  IM_COL32(240, 128, 60, 255),
                                            IM_COL32(0, 190, 140, 255),   IM_COL32(230, 159, 0, 255),
                                            IM_COL32(204, 121, 167, 255), IM_COL32(150, 200, 240, 255)};
  const int at = i < 0 ? 0 : (i >= kSeriesColors ? kSeriesColors - 1 : i);
  return ctx.theme == Theme::Dark ? dark[at] : light[at];
}

}  // namespace ui
