#include "ui/train_button.h"

#include <algorithm>
#include <string>

#include <imgui.h>

#include "lesson/text_store.h"
#include "ui/text_layout.h"

namespace ui {

bool TrainButton(Context& ctx, ButtonRow& row, const char* train_key, const char* pause_key, const char* id,
                 bool training) {
  const std::string train = lesson::T(train_key), pause = lesson::T(pause_key);
  const std::string label = (training ? pause : train) + "###" + id;
  // Wide enough for either word, so the row does not jump when it changes.
  const float width = std::max(ImGui::CalcTextSize(train.c_str()).x, ImGui::CalcTextSize(pause.c_str()).x) +
                      ImGui::GetStyle().FramePadding.x * 2.0f + 8.0f;
  row.Place(train);
  ImGui::PushFont(ctx.fonts.bold);
  // Filled, white on blue (at least 4.5:1 in each state), unless the theme asks for more contrast,
  // whose buttons are outlined in the text's colour.
  const bool filled = !ctx.more_contrast;
  if (filled) {
    const bool dark = ctx.theme == Theme::Dark;
    ImGui::PushStyleColor(ImGuiCol_Button, dark ? IM_COL32(41, 102, 178, 255) : IM_COL32(0, 90, 190, 255));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, dark ? IM_COL32(50, 115, 195, 255) : IM_COL32(20, 105, 210, 255));
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, dark ? IM_COL32(26, 80, 150, 255) : IM_COL32(0, 70, 160, 255));
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 255, 255, 255));
  }
  const bool pressed = ImGui::Button(label.c_str(), ImVec2(width, 0.0f));
  if (filled) ImGui::PopStyleColor(4);
  ImGui::PopFont();
  return pressed;
}

}  // namespace ui
