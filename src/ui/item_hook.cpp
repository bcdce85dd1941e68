// The hooks Dear ImGui calls when built with IMGUI_ENABLE_TEST_ENGINE (see ui/item_hook.h). The two
// item hooks pass items on; the others are ImGui's test engine's own business.
#include "ui/item_hook.h"

#include <imgui_internal.h>

void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, ImGuiID id, const ImRect& bb, const ImGuiLastItemData* item) {
  const auto* hook = static_cast<const ui::ItemHook*>(ctx->TestEngine);
  if (hook != nullptr && hook->item_add != nullptr) hook->item_add(hook->user, *ctx, id, bb, item);
}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID id, const char* label, ImGuiItemStatusFlags flags) {
  const auto* hook = static_cast<const ui::ItemHook*>(ctx->TestEngine);
  if (hook != nullptr && hook->item_info != nullptr) hook->item_info(hook->user, id, label, flags);
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
