#include "ui/theme.h"

namespace ui {

namespace {

// Okabe-Ito colours: distinguishable with the common forms of colour blindness.
constexpr ImU32 Rgb(int r, int g, int b) { return IM_COL32(r, g, b, 255); }

// ImGui 1.90.1's light and dark colours (ImGui::StyleColorsLight, StyleColorsDark), in ImGuiCol
// order, each channel the byte ImGui makes of it when it draws (x * 255 + 0.5, truncated): the same
// pixels as those functions' floats, from tables a tenth of their code's size in the web download
// (where ImGuiStyle's constructor sets no colours: IMGUI_DISABLE_DEFAULT_STYLE_COLORS). theme_test
// checks them against ImGui's own.
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
constexpr unsigned char kImGuiDark[ImGuiCol_COUNT][4] = {
    {255, 255, 255, 255},  // Text
    {128, 128, 128, 255},  // TextDisabled
    {15, 15, 15, 240},     // WindowBg
    {0, 0, 0, 0},          // ChildBg
    {20, 20, 20, 240},     // PopupBg
    {110, 110, 128, 128},  // Border
    {0, 0, 0, 0},          // BorderShadow
    {41, 74, 122, 138},    // FrameBg
    {66, 150, 250, 102},   // FrameBgHovered
    {66, 150, 250, 171},   // FrameBgActive
    {10, 10, 10, 255},     // TitleBg
    {41, 74, 122, 255},    // TitleBgActive
    {0, 0, 0, 130},        // TitleBgCollapsed
    {36, 36, 36, 255},     // MenuBarBg
    {5, 5, 5, 135},        // ScrollbarBg
    {79, 79, 79, 255},     // ScrollbarGrab
    {105, 105, 105, 255},  // ScrollbarGrabHovered
    {130, 130, 130, 255},  // ScrollbarGrabActive
    {66, 150, 250, 255},   // CheckMark
    {61, 133, 224, 255},   // SliderGrab
    {66, 150, 250, 255},   // SliderGrabActive
    {66, 150, 250, 102},   // Button
    {66, 150, 250, 255},   // ButtonHovered
    {15, 135, 250, 255},   // ButtonActive
    {66, 150, 250, 79},    // Header
    {66, 150, 250, 204},   // HeaderHovered
    {66, 150, 250, 255},   // HeaderActive
    {110, 110, 128, 128},  // Separator
    {26, 102, 191, 199},   // SeparatorHovered
    {26, 102, 191, 255},   // SeparatorActive
    {66, 150, 250, 51},    // ResizeGrip
    {66, 150, 250, 171},   // ResizeGripHovered
    {66, 150, 250, 242},   // ResizeGripActive
    {46, 89, 148, 220},    // Tab
    {66, 150, 250, 204},   // TabHovered
    {51, 105, 173, 255},   // TabActive
    {17, 26, 38, 248},     // TabUnfocused
    {35, 67, 108, 255},    // TabUnfocusedActive
    {156, 156, 156, 255},  // PlotLines
    {255, 110, 89, 255},   // PlotLinesHovered
    {230, 179, 0, 255},    // PlotHistogram
    {255, 153, 0, 255},    // PlotHistogramHovered
    {48, 48, 51, 255},     // TableHeaderBg
    {79, 79, 89, 255},     // TableBorderStrong
    {59, 59, 64, 255},     // TableBorderLight
    {0, 0, 0, 0},          // TableRowBg
    {255, 255, 255, 15},   // TableRowBgAlt
    {66, 150, 250, 89},    // TextSelectedBg
    {255, 255, 0, 230},    // DragDropTarget
    {66, 150, 250, 255},   // NavHighlight
    {255, 255, 255, 179},  // NavWindowingHighlight
    {204, 204, 204, 51},   // NavWindowingDimBg
    {204, 204, 204, 89},   // ModalWindowDimBg
};

void SetColors(ImGuiStyle& style, const unsigned char (&table)[ImGuiCol_COUNT][4]) {
  for (int i = 0; i < ImGuiCol_COUNT; ++i) {
    const unsigned char* c = table[i];
    style.Colors[i] = ImVec4(c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f);
  }
}

}  // namespace

void ApplyTheme(Context& ctx, Theme theme, bool more_contrast) {
  ctx.theme = theme;
  ctx.more_contrast = more_contrast;
  ImGuiStyle style;
  SetColors(style, theme == Theme::Light ? kImGuiLight : kImGuiDark);
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
  if (more_contrast) {
    // Black on white or white on black; controls outlined in the text's colour.
    const bool dark = theme == Theme::Dark;
    const ImVec4 ink = dark ? ImVec4(1.0f, 1.0f, 1.0f, 1.0f) : ImVec4(0.0f, 0.0f, 0.0f, 1.0f);
    const ImVec4 paper = dark ? ImVec4(0.0f, 0.0f, 0.0f, 1.0f) : ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
    c[ImGuiCol_Text] = ink;
    c[ImGuiCol_WindowBg] = paper;
    c[ImGuiCol_FrameBg] = paper;
    c[ImGuiCol_Border] = ink;
    c[ImGuiCol_Separator] = ink;
    c[ImGuiCol_TableBorderStrong] = ink;
    c[ImGuiCol_TableBorderLight] = dark ? ImVec4(0.75f, 0.75f, 0.75f, 1.0f) : ImVec4(0.35f, 0.35f, 0.35f, 1.0f);
    style.FrameBorderSize = 1.5f;
    if (dark) {
      c[ImGuiCol_Button] = ImVec4(0.0f, 0.0f, 0.0f, 1.0f);
      c[ImGuiCol_ButtonHovered] = ImVec4(0.0f, 60 / 255.0f, 130 / 255.0f, 1.0f);
      c[ImGuiCol_ButtonActive] = ImVec4(0.0f, 70 / 255.0f, 150 / 255.0f, 1.0f);
      c[ImGuiCol_NavHighlight] = ImVec4(1.0f, 0.9f, 0.0f, 1.0f);
      c[ImGuiCol_CheckMark] = ImVec4(1.0f, 0.9f, 0.0f, 1.0f);
      c[ImGuiCol_SliderGrab] = ImVec4(1.0f, 0.9f, 0.0f, 1.0f);
      c[ImGuiCol_SliderGrabActive] = ImVec4(1.0f, 1.0f, 0.5f, 1.0f);
      ctx.palette = {Rgb(255, 255, 255), Rgb(215, 215, 215), Rgb(190, 190, 190), Rgb(120, 200, 255),
                     Rgb(255, 170, 90),  Rgb(80, 220, 170),  Rgb(255, 235, 100), Rgb(12, 12, 12)};
    } else {
      c[ImGuiCol_Button] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
      c[ImGuiCol_ButtonHovered] = ImVec4(215 / 255.0f, 230 / 255.0f, 1.0f, 1.0f);
      c[ImGuiCol_ButtonActive] = ImVec4(170 / 255.0f, 200 / 255.0f, 245 / 255.0f, 1.0f);
      c[ImGuiCol_NavHighlight] = ImVec4(0.0f, 50 / 255.0f, 160 / 255.0f, 1.0f);
      c[ImGuiCol_CheckMark] = ImVec4(0.0f, 50 / 255.0f, 140 / 255.0f, 1.0f);
      c[ImGuiCol_SliderGrab] = ImVec4(0.0f, 50 / 255.0f, 140 / 255.0f, 1.0f);
      c[ImGuiCol_SliderGrabActive] = ImVec4(0.0f, 30 / 255.0f, 100 / 255.0f, 1.0f);
      ctx.palette = {Rgb(0, 0, 0),    Rgb(50, 50, 50), Rgb(70, 70, 70),   Rgb(0, 80, 140),
                     Rgb(140, 50, 0), Rgb(0, 90, 60),  Rgb(150, 30, 100), Rgb(250, 250, 250)};
    }
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
  static const ImU32 light_more[kSeriesColors] = {IM_COL32(0, 80, 140, 255),  IM_COL32(140, 50, 0, 255),
                                                  IM_COL32(0, 90, 60, 255),   IM_COL32(100, 65, 0, 255),
                                                  IM_COL32(125, 45, 95, 255), IM_COL32(20, 75, 110, 255)};
  static const ImU32 dark_more[kSeriesColors] = {IM_COL32(120, 200, 255, 255), IM_COL32(255, 170, 90, 255),
                                                 IM_COL32(80, 220, 170, 255),  IM_COL32(255, 200, 60, 255),
                                                 IM_COL32(235, 160, 210, 255), IM_COL32(180, 220, 250, 255)};
  const int at = i < 0 ? 0 : (i >= kSeriesColors ? kSeriesColors - 1 : i);
  if (ctx.theme == Theme::Dark) return ctx.more_contrast ? dark_more[at] : dark[at];
  return ctx.more_contrast ? light_more[at] : light[at];
}

ImU32 LossColor(const Context& ctx) { return ctx.palette.text; }

ImU32 AccuracyColor(const Context& ctx) {
  if (ctx.theme == Theme::Dark) return ctx.more_contrast ? IM_COL32(215, 195, 255, 255) : IM_COL32(185, 160, 255, 255);
  return ctx.more_contrast ? IM_COL32(75, 35, 150, 255) : IM_COL32(106, 66, 190, 255);
}

}  // namespace ui
