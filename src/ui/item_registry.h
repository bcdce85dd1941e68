#pragma once
// Where named elements were drawn this frame (screen rectangles), so tests can click and drag
// the real panels by name without a window, and walkthrough highlights can find their target.

#include <imgui.h>

namespace ui {

struct ItemRect {
  ImVec2 min;
  ImVec2 max;
  ImVec2 Center() const { return ImVec2((min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f); }
};

// Forgets last frame's rectangles; DrawWidget calls it at the start of each frame.
void ClearItems();
// Records the last ImGui item under `name` (e.g. "compare.temperature").
void RecordItem(const char* name);
// Records an arbitrary rectangle, for things drawn with ImDrawList (a key arrow's tip, a cell).
void RecordRect(const char* name, ImVec2 min, ImVec2 max);
// The rectangle recorded under `name` this frame; false when nothing was.
bool FindItem(const char* name, ItemRect* rect);

}  // namespace ui
