#include "ui/item_registry.h"

namespace ui {

void ClearItems(Context& ctx) { ctx.items.clear(); }

void RecordItem(Context& ctx, const char* name) {
  RecordRect(ctx, name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void RecordRect(Context& ctx, const char* name, ImVec2 min, ImVec2 max) { ctx.items[name] = ItemRect{min, max}; }

bool FindItem(const Context& ctx, const char* name, ItemRect* rect) {
  const auto it = ctx.items.find(name);
  if (it == ctx.items.end()) return false;
  *rect = it->second;
  return true;
}

}  // namespace ui
