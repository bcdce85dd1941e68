#include "ui/text_layout.h"

#include <algorithm>

#include <imgui_internal.h>

namespace ui {

void Paragraph(const std::string& text, float width) {
  if (width <= 0.0f) width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  // ImGui wraps the text again at a wrap position pushed by the caller (PushTextWrapPos): the lines
  // are laid out to it, or a line laid out to the wider region would break a second time there.
  const float wrap_pos = ImGui::GetCurrentWindowRead()->DC.TextWrapPos;
  if (wrap_pos >= 0.0f) width = std::max(1.0f, std::min(width, ImGui::CalcWrapWidthForPos(ImGui::GetCursorScreenPos(), wrap_pos)));
  std::string out;
  size_t line_start = 0;
  while (line_start <= text.size()) {
    size_t line_end = text.find('\n', line_start);
    if (line_end == std::string::npos) line_end = text.size();
    std::string line;
    size_t word_start = line_start;
    while (word_start <= line_end) {
      size_t word_end = text.find(' ', word_start);
      if (word_end == std::string::npos || word_end > line_end) word_end = line_end;
      const std::string word = text.substr(word_start, word_end - word_start);
      word_start = word_end + 1;
      const std::string longer = line.empty() ? word : line + " " + word;
      if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > width) {
        out += line + "\n";
        line = word;
      } else {
        line = longer;
      }
    }
    out += line;
    if (line_end < text.size()) out += "\n";
    line_start = line_end + 1;
  }
  ImGui::TextUnformatted(out.c_str(), out.c_str() + out.size());
}

void Paragraph(const std::string& text, ImU32 color, float width) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  Paragraph(text, width);
  ImGui::PopStyleColor();
}

void ButtonRow::Place(const std::string& label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = ImGui::CalcTextSize(label.c_str(), nullptr, true).x + style.FramePadding.x * 2.0f;
  if (!first_) {
    const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    const float next_x = ImGui::GetItemRectMax().x + style.ItemSpacing.x;
    if (next_x + width <= right_edge) ImGui::SameLine();
  }
  first_ = false;
}

}  // namespace ui
