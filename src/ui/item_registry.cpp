#include "ui/item_registry.h"

#include <map>
#include <string>

namespace ui {

namespace {
std::map<std::string, ItemRect>& Items() {
  static std::map<std::string, ItemRect> items;
  return items;
}
}  // namespace

void ClearItems() { Items().clear(); }

void RecordItem(const char* name) { RecordRect(name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()); }

void RecordRect(const char* name, ImVec2 min, ImVec2 max) { Items()[name] = ItemRect{min, max}; }

bool FindItem(const char* name, ItemRect* rect) {
  const auto it = Items().find(name);
  if (it == Items().end()) return false;
  *rect = it->second;
  return true;
}

}  // namespace ui
