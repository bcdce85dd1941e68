#include "ui/highlight.h"

#include "ui/item_registry.h"
#include "ui/theme.h"

namespace ui {

bool IsHighlighted(const lesson::LessonState& state, const char* name) { return state.highlight == name; }

void DrawHighlight(ImVec2 min, ImVec2 max) {
  const float pad = 4.0f;
  ImGui::GetWindowDrawList()->AddRect(ImVec2(min.x - pad, min.y - pad), ImVec2(max.x + pad, max.y + pad),
                                      GetPalette().highlight, 6.0f, 0, 3.0f);
}

void BeginHighlightGroup() { ImGui::BeginGroup(); }

void EndHighlightGroup(const lesson::LessonState& state, const char* name) {
  ImGui::EndGroup();
  RecordItem(name);
  if (IsHighlighted(state, name)) DrawHighlight(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

}  // namespace ui
