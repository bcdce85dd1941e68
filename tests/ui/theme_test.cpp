#include <doctest/doctest.h>

#include <imgui.h>

#include "ui/theme.h"
#include "ui_harness.h"

// The light theme starts from a table of ImGui's light colours instead of ImGui::StyleColorsLight
// (theme.cpp): every colour it does not set itself must draw as ImGui's own would.
TEST_CASE("the light theme draws ImGui's light colours wherever it sets none of its own") {
  ui_test::UiHarness ui;
  ui::ApplyTheme(ui.ctx, ui::Theme::Light);
  const ImGuiStyle ours = ImGui::GetStyle();
  ImGuiStyle imgui;
  ImGui::StyleColorsLight(&imgui);
  const ImGuiCol own[] = {ImGuiCol_WindowBg,     ImGuiCol_Text,      ImGuiCol_FrameBg,    ImGuiCol_Border,
                          ImGuiCol_NavHighlight, ImGuiCol_CheckMark, ImGuiCol_SliderGrab, ImGuiCol_SliderGrabActive};
  int compared = 0;
  for (int i = 0; i < ImGuiCol_COUNT; ++i) {
    bool set_by_theme = false;
    for (ImGuiCol col : own) set_by_theme = set_by_theme || col == i;
    if (set_by_theme) continue;
    CAPTURE(ImGui::GetStyleColorName(i));
    CHECK(ImGui::ColorConvertFloat4ToU32(ours.Colors[i]) == ImGui::ColorConvertFloat4ToU32(imgui.Colors[i]));
    ++compared;
  }
  CHECK(compared == ImGuiCol_COUNT - static_cast<int>(sizeof own / sizeof own[0]));
  // And the dark theme keeps ImGui's dark ones.
  ui::ApplyTheme(ui.ctx, ui::Theme::Dark);
  ImGuiStyle dark;
  ImGui::StyleColorsDark(&dark);
  CHECK(ImGui::ColorConvertFloat4ToU32(ImGui::GetStyle().Colors[ImGuiCol_Button]) ==
        ImGui::ColorConvertFloat4ToU32(dark.Colors[ImGuiCol_Button]));
}
