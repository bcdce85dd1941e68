#include "ui/shortcuts.h"

#include <imgui.h>

namespace ui {

int TypedCount(char letter) {
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsAnyItemActive() || io.WantTextInput) return 0;
  const ImWchar upper = (letter >= 'a' && letter <= 'z') ? static_cast<ImWchar>(letter - 'a' + 'A') : static_cast<ImWchar>(letter);
  int count = 0;
  for (const ImWchar c : io.InputQueueCharacters) count += (c == static_cast<ImWchar>(letter) || c == upper) ? 1 : 0;
  return count;
}

}  // namespace ui
