#include "ui/shapes.h"

#include <algorithm>
#include <cmath>

namespace ui {

void DrawArrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 color, float thickness, float head) {
  const float dx = to.x - from.x;
  const float dy = to.y - from.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  if (length < 1.0f) return;
  const float ux = dx / length;
  const float uy = dy / length;
  const float size = std::min(head, length * 0.6f);
  const float half_width = size * 0.45f;
  const ImVec2 base(to.x - ux * size, to.y - uy * size);
  draw->AddLine(from, base, color, thickness);
  draw->AddTriangleFilled(to, ImVec2(base.x - uy * half_width, base.y + ux * half_width),
                          ImVec2(base.x + uy * half_width, base.y - ux * half_width), color);
}

void DashedLine(ImDrawList* draw, ImVec2 a, ImVec2 b, ImU32 color, float thickness) {
  const float dx = b.x - a.x;
  const float dy = b.y - a.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  constexpr float kDash = 5.0f;
  for (float t = 0.0f; t < length; t += 2.0f * kDash) {
    const float u = t / length;
    const float v = std::min(t + kDash, length) / length;
    draw->AddLine(ImVec2(a.x + dx * u, a.y + dy * u), ImVec2(a.x + dx * v, a.y + dy * v), color, thickness);
  }
}

}  // namespace ui
