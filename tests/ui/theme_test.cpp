#include <doctest/doctest.h>

#include <initializer_list>

#include <imgui.h>

#include "ui/theme.h"
#include "ui_harness.h"

// The themes start from tables of ImGui's light and dark colours instead of ImGui::StyleColorsLight
// and StyleColorsDark (theme.cpp): every colour a theme does not set itself must draw as ImGui's
// own would.
namespace {

void CheckImGuiColors(ui::Theme theme, void (*imgui_colors)(ImGuiStyle*), std::initializer_list<ImGuiCol> own) {
  ui_test::UiHarness ui;
  ui::ApplyTheme(ui.ctx, theme);
  const ImGuiStyle ours = ImGui::GetStyle();
  ImGuiStyle imgui;
  imgui_colors(&imgui);
  int compared = 0;
  for (int i = 0; i < ImGuiCol_COUNT; ++i) {
    bool set_by_theme = false;
    for (ImGuiCol col : own) set_by_theme = set_by_theme || col == i;
    if (set_by_theme) continue;
    CAPTURE(ImGui::GetStyleColorName(i));
    CHECK(ImGui::ColorConvertFloat4ToU32(ours.Colors[i]) == ImGui::ColorConvertFloat4ToU32(imgui.Colors[i]));
    ++compared;
  }
  CHECK(compared == ImGuiCol_COUNT - static_cast<int>(own.size()));
}

}  // namespace

TEST_CASE("the light theme draws ImGui's light colours wherever it sets none of its own") {
  CheckImGuiColors(ui::Theme::Light, &ImGui::StyleColorsLight,
                   {ImGuiCol_WindowBg, ImGuiCol_Text, ImGuiCol_FrameBg, ImGuiCol_Border, ImGuiCol_NavHighlight,
                    ImGuiCol_CheckMark, ImGuiCol_SliderGrab, ImGuiCol_SliderGrabActive});
}

TEST_CASE("the dark theme draws ImGui's dark colours wherever it sets none of its own") {
  CheckImGuiColors(ui::Theme::Dark, &ImGui::StyleColorsDark,
                   {ImGuiCol_WindowBg, ImGuiCol_Text, ImGuiCol_FrameBg, ImGuiCol_NavHighlight, ImGuiCol_ButtonHovered,
                    ImGuiCol_ButtonActive});
}
