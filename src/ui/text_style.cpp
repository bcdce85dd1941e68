#include "ui/text_style.h"

#include "lesson/text_store.h"
#include "ui/item_registry.h"

namespace ui {

float LayoutSize(ImFont* font) {
  if (font == nullptr) return ImGui::GetFontSize();
  return font->FontSize * font->Scale * ImGui::GetIO().FontGlobalScale;
}

TextStyle StyleOf(ImFont* font) {
  TextStyle style;
  style.font = font != nullptr ? font : ImGui::GetFont();
  style.size = LayoutSize(font);
  return style;
}

bool SceneHeader(Context& ctx, const char* key, const char* item, bool* flag, bool forced) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const float side_padding = window->WindowPadding.x;
  window->WindowPadding.x = ImGui::GetStyle().WindowPadding.x;
  const bool shown = *flag || forced;
  ImGui::SetNextItemOpen(shown, ImGuiCond_Always);
  const std::string label = lesson::T(key) + "###" + item;
  const bool open = ImGui::CollapsingHeader(label.c_str());
  window->WindowPadding.x = side_padding;
  RecordItem(ctx, item);
  if (open != shown) *flag = open;  // the learner opened or closed it
  return open;
}

}  // namespace ui
