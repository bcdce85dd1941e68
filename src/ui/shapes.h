#pragma once
// Shapes the pictures share: an arrow (a vector, softmax's step in the Compare strip) and a dashed
// line (a key's drop onto the query's line).

#include <imgui.h>

namespace ui {

// A line from `from` to `to` ending in a filled head at most `head` pixels long.
void DrawArrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 color, float thickness, float head);
void DashedLine(ImDrawList* draw, ImVec2 a, ImVec2 b, ImU32 color, float thickness);

}  // namespace ui
