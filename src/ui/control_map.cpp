#include "ui/control_map.h"

#include <imgui_internal.h>

#include "ui/access.h"

namespace ui {

namespace {

bool Contains(const ControlRect& rect, ImVec2 point) {
  return point.x >= rect.min.x && point.y >= rect.min.y && point.x < rect.max.x && point.y < rect.max.y;
}

// ImGui reports more than controls as items with an id: each window as it begins, and a child
// window as an item of its parent (its own items are reported one by one). A disabled item does
// nothing when pressed, nor does the header of a table that neither sorts nor reorders.
void AddControl(void* user, ImGuiContext& g, ImGuiID id, const ImRect& bb, const ImGuiLastItemData* item) {
  Context& ctx = *static_cast<Context*>(user);
  ImGuiWindow* window = g.CurrentWindow;
  if (window == nullptr || g.WithinEndChild || ImGui::FindWindowByID(id) != nullptr) return;
  const ImGuiTable* table = g.CurrentTable;
  if (table != nullptr && (table->RowFlags & ImGuiTableRowFlags_Headers) != 0 &&
      (table->Flags & (ImGuiTableFlags_Sortable | ImGuiTableFlags_Reorderable)) == 0) {
    return;
  }
  // A screen reader hears of a disabled control too (ui/access.h).
  if (item != nullptr) AccessItemAdded(ctx, g, id, bb, *item);
  const ImGuiItemFlags flags = item != nullptr ? item->InFlags : g.CurrentItemFlags;
  if ((flags & ImGuiItemFlags_Disabled) != 0) return;
  ImRect shown = bb;
  shown.ClipWithFull(window->ClipRect);
  if (shown.Min.x >= shown.Max.x || shown.Min.y >= shown.Max.y) return;
  ctx.controls.controls.push_back(ControlRect{shown.Min, shown.Max, window->RootWindow->ID});
}

void AddInfo(void* user, ImGuiID id, const char* label, int status_flags) {
  AccessItemInfo(*static_cast<Context*>(user), id, label, status_flags);
}

}  // namespace

void BeginControlMap(Context& ctx) {
  ControlMap& map = ctx.controls;
  map.controls.clear();
  map.windows.clear();
  map.held = false;
  map.hook = ItemHook{&AddControl, &AddInfo, &ctx};
  BeginAccess(ctx);
  ImGuiContext& g = *ImGui::GetCurrentContext();
  g.TestEngine = &map.hook;
  g.TestEngineHookItems = true;
}

void EndControlMap(Context& ctx) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  g.TestEngineHookItems = false;
  g.TestEngine = nullptr;
  EndAccess(ctx);
  ControlMap& map = ctx.controls;
  // g.Windows is in display order. Tooltips take no pointer; ImGui's fallback window ("Debug")
  // begins in every NewFrame and shows only when something is drawn into it.
  for (ImGuiWindow* window : g.Windows) {
    if (window != window->RootWindow || !window->Active || window->Hidden || window->IsFallbackWindow) continue;
    if ((window->Flags & ImGuiWindowFlags_NoMouseInputs) != 0) continue;
    const ImRect rect = window->Rect();
    map.windows.push_back(ControlRect{rect.Min, rect.Max, window->ID});
  }
  // Pressing empty space makes the window itself active (to move it), which is no control.
  const bool moving_window = g.ActiveIdWindow != nullptr && g.ActiveId == g.ActiveIdWindow->MoveId;
  map.held = g.ActiveId != 0 && !moving_window && g.ActiveIdSource == ImGuiInputSource_Mouse && ImGui::IsAnyMouseDown();
}

bool ControlAt(const Context& ctx, ImVec2 point) {
  const ControlMap& map = ctx.controls;
  if (map.held) return true;
  for (auto window = map.windows.rbegin(); window != map.windows.rend(); ++window) {
    if (!Contains(*window, point)) continue;
    for (const ControlRect& control : map.controls) {
      if (control.window == window->window && Contains(control, point)) return true;
    }
    return false;
  }
  return false;
}

}  // namespace ui
