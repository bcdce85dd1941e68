#pragma once
// Dear ImGui's item hook. Built with IMGUI_ENABLE_TEST_ENGINE (CMakeLists.txt), ImGui reports each
// item that has an id, with its rectangle, to ImGuiTestEngineHook_ItemAdd as it lays the item out,
// while ImGuiContext::TestEngineHookItems is on. item_hook.cpp defines that function (and the
// other hooks ImGui then calls) in a library of its own that follows ImGui on every link line; it
// hands the item to the ItemHook that ImGuiContext::TestEngine points to, if any. The control map
// (ui/control_map.h) installs one for each frame the widget draws.

#include <imgui.h>

struct ImRect;
struct ImGuiLastItemData;

namespace ui {

struct ItemHook {
  // Called for each item with an id as ImGui adds it; `item` is null for a window and for a
  // button behaviour without an ItemAdd of its own (a scrollbar).
  void (*item_add)(void* user, ImGuiContext& g, ImGuiID id, const ImRect& bb, const ImGuiLastItemData* item) = nullptr;
  // Called after item_add for the items ImGui describes: their label (with any "##id" part) and
  // ImGuiItemStatusFlags (checkable, checked, inputable).
  void (*item_info)(void* user, ImGuiID id, const char* label, int status_flags) = nullptr;
  void* user = nullptr;  // handed back to both
};

}  // namespace ui
