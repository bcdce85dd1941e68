#include "ui/end_labels.h"

#include <algorithm>

namespace ui {

namespace {

constexpr float kBeside = 10.0f;  // between a curve's end and its label
constexpr float kApart = 2.0f;    // between two labels, and between a label and the axis
constexpr float kMargin = 3.0f;   // the paper's, left and right of the text

}  // namespace

ImRect BesideEnd(ImVec2 end, ImVec2 size, const ImRect& box, float top, float ceiling, float axis) {
  const float x = end.x + kBeside + size.x <= box.Max.x ? end.x + kBeside : end.x - kBeside - size.x;
  const float left = std::clamp(x, box.Min.x, box.Max.x - size.x);
  const float up = std::clamp(top, ceiling, axis - size.y - kApart);
  return ImRect(left, up, left + size.x, up + size.y);
}

void StackEndLabels(std::vector<EndLabel>& labels, float axis) {
  if (labels.empty()) return;
  std::sort(labels.begin(), labels.end(),
            [](const EndLabel& a, const EndLabel& b) { return a.rect.Min.y < b.rect.Min.y; });
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 1; i < labels.size(); ++i) {
      const float overlap = labels[i - 1].rect.Max.y + kApart - labels[i].rect.Min.y;
      if (overlap > 0.0f) labels[i].rect.TranslateY(overlap);
    }
    const float below = labels.back().rect.Max.y - (axis - kApart);
    if (below > 0.0f) {
      for (EndLabel& label : labels) label.rect.TranslateY(-below);
    }
  }
}

void SplitEndLabels(EndLabel& a, EndLabel& b, float ceiling, float axis) {
  if (!a.rect.Overlaps(b.rect)) return;
  EndLabel& upper = a.rect.GetCenter().y <= b.rect.GetCenter().y ? a : b;
  EndLabel& lower = &upper == &a ? b : a;
  const float need = upper.rect.Max.y + kApart - lower.rect.Min.y;
  lower.rect.TranslateY(need * 0.5f);
  upper.rect.TranslateY(-need * 0.5f);
  const float below = lower.rect.Max.y - (axis - kApart);
  if (below > 0.0f) {
    lower.rect.TranslateY(-below);
    upper.rect.TranslateY(-below);
  }
  const float above = ceiling - upper.rect.Min.y;
  if (above > 0.0f) {
    lower.rect.TranslateY(above);
    upper.rect.TranslateY(above);
  }
}

void DrawEndLabels(ImDrawList* draw, const TextStyle& style, ImU32 paper, const std::vector<EndLabel>& labels) {
  for (const EndLabel& label : labels) {
    draw->AddRectFilled(ImVec2(label.rect.Min.x - kMargin, label.rect.Min.y),
                        ImVec2(label.rect.Max.x + kMargin, label.rect.Max.y), paper, 3.0f);
    draw->AddText(style.font, style.size, label.rect.Min, label.color, label.text.c_str());
  }
}

}  // namespace ui
