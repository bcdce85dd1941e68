#include "ui/highlight.h"

#include "ui/item_registry.h"
#include "ui/theme.h"

namespace ui {

namespace {
bool g_scroll_to_highlight = false;
}

void RequestScrollToHighlight() { g_scroll_to_highlight = true; }

bool IsHighlighted(const lesson::LessonState& state, const char* name) { return state.highlight == name; }

void DrawHighlight(ImVec2 min, ImVec2 max) {
  const float pad = 4.0f;
  if (g_scroll_to_highlight) {
    g_scroll_to_highlight = false;
    // A fifth of the way down leaves the text above the element in view too.
    ImGui::SetScrollFromPosY(min.y - ImGui::GetWindowPos().y - ImGui::GetWindowHeight() * 0.2f, 0.0f);
  }
  ImGui::GetWindowDrawList()->AddRect(ImVec2(min.x - pad, min.y - pad), ImVec2(max.x + pad, max.y + pad),
                                      GetPalette().highlight, 6.0f, 0, 3.0f);
}

void BeginHighlightGroup() { ImGui::BeginGroup(); }

void EndHighlightGroup(const lesson::LessonState& state, const char* name) {
  ImGui::EndGroup();
  RecordAndHighlight(state, name);
}

void RecordAndHighlight(const lesson::LessonState& state, const char* name) {
  RecordAndHighlight(state, name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void RecordAndHighlight(const lesson::LessonState& state, const char* name, ImVec2 min, ImVec2 max) {
  RecordRect(name, min, max);
  if (IsHighlighted(state, name)) DrawHighlight(min, max);
}

}  // namespace ui
