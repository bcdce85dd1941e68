#include "ui/widget.h"

#include <imgui.h>

#include "ui/combine_panel.h"

namespace ui {

void DrawWidget(lesson::LessonState& state) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("Attention lesson", nullptr, flags & ~ImGuiWindowFlags_NoScrollbar);
  DrawCombinePanel(state);
  ImGui::End();
}

}  // namespace ui
