#pragma once
// Where named elements were drawn this frame (screen rectangles, in ctx.items), so tests can click
// and drag the real panels by name without a window, and walkthrough highlights can find their
// target.

#include <imgui.h>

#include "ui/context.h"

namespace ui {

// Forgets last frame's rectangles; DrawWidget calls it at the start of each frame.
void ClearItems(Context& ctx);
// Records the last ImGui item under `name` (e.g. "compare.temperature").
void RecordItem(Context& ctx, const char* name);
// Records an arbitrary rectangle, for things drawn with ImDrawList (a key arrow's tip, a cell).
void RecordRect(Context& ctx, const char* name, ImVec2 min, ImVec2 max);
// The rectangle recorded under `name` this frame; false when nothing was.
bool FindItem(const Context& ctx, const char* name, ItemRect* rect);

}  // namespace ui
