#include "ui/checkbox.h"

#include <imgui.h>

#include "ui/access.h"
#include "ui/item_registry.h"

namespace ui {

bool WrappedCheckbox(Context& ctx, const std::string& label, bool* value, const char* item_name) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float box = ImGui::GetFrameHeight();
  const float text_width = ImGui::CalcTextSize(label.c_str(), nullptr, true).x;
  if (box + style.ItemInnerSpacing.x + text_width <= ImGui::GetContentRegionAvail().x) {
    const bool changed = ImGui::Checkbox(label.c_str(), value);
    RecordItem(ctx, item_name);
    return changed;
  }
  // The label after "##" names the box (its id, and what ImGui's navigation knows it by) and
  // shows nothing; the text beside it wraps where the widget's content ends.
  bool changed = ImGui::Checkbox(("##" + label).c_str(), value);
  RecordItem(ctx, item_name);
  DescribeItem(ctx, AccessRole::Checkbox, label);  // a screen reader hears the words beside it
  ImGui::SameLine(0.0f, style.ItemInnerSpacing.x);
  ImGui::TextWrapped("%s", label.c_str());
  if (ImGui::IsItemClicked()) {
    *value = !*value;
    changed = true;
  }
  return changed;
}

}  // namespace ui
