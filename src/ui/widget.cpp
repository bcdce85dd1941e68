#include "ui/widget.h"

#include <imgui.h>

#include "lesson/lesson_state.h"

#include "lesson/state_url.h"
#include "lesson/text_store.h"
#include "ui/caveats_panel.h"
#include "ui/combine_panel.h"
#include "ui/compare_panel.h"
#include "ui/fonts.h"
#include "ui/item_registry.h"
#include "ui/mask_panel.h"
#include "ui/quiz_panel.h"
#include "ui/text_layout.h"
#include "ui/theme.h"
#include "ui/walkthrough_panel.h"

namespace ui {

namespace {

CopyLinkFn g_copy_link = nullptr;
std::string g_copy_message;  // what the last "Copy link" did, shown until the state changes
std::string g_copied_state;
float g_content_height = 0.0f;

using lesson::Scene;
using lesson::T;

const char* SceneLabelKey(Scene scene) {
  switch (scene) {
    case Scene::Compare: return "widget.scene.compare";
    case Scene::Combine: return "widget.scene.combine";
    case Scene::Mask: return "widget.scene.mask";
    case Scene::Caveats: return "widget.scene.caveats";
    case Scene::Walkthrough: return "widget.scene.walkthrough";
    case Scene::Quiz: return "widget.scene.quiz";
  }
  return "widget.scene.compare";
}

// Scene buttons that wrap onto a second line on narrow screens, then "Reset all".
void DrawSceneBar(lesson::LessonState& state) {
  ButtonRow row;
  for (int i = 0; i < lesson::kSceneCount; ++i) {
    const Scene scene = static_cast<Scene>(i);
    const std::string& label = T(SceneLabelKey(scene));
    const bool current = state.scene == scene;
    row.Place(label);
    if (current) {
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_Text));
    }
    ImGui::PushID(i);
    if (ImGui::Button(label.c_str())) {
      state.scene = scene;
      state.highlight.clear();
    }
    ImGui::PopID();
    if (current) ImGui::PopStyleColor(2);
    const std::string item = std::string("widget.scene.") + lesson::SceneName(scene);
    RecordItem(item.c_str());
  }
  const std::string& reset = T("widget.reset_all");
  row.Place(reset);
  if (ImGui::Button(reset.c_str())) lesson::ResetAll(state);
  RecordItem("widget.reset_all");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", T("widget.reset_all_hint").c_str());
  if (g_copy_link != nullptr) {
    const std::string& copy = T("widget.copy_link");
    row.Place(copy);
    if (ImGui::Button(copy.c_str())) {
      g_copied_state = lesson::EncodeState(state);
      g_copy_message = g_copy_link(g_copied_state);
    }
    RecordItem("widget.copy_link");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", T("widget.copy_link_hint").c_str());
    if (!g_copy_message.empty() && g_copied_state == lesson::EncodeState(state)) {
      ImGui::TextWrapped("%s", g_copy_message.c_str());
    }
  }
}

void DrawTextErrors() {
  const auto& errors = lesson::LessonText().errors();
  if (errors.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, GetPalette().second);
  ImGui::TextWrapped("%s", T("widget.text_errors").c_str());
  for (const lesson::TextError& error : errors) ImGui::BulletText("%s", error.ToString().c_str());
  ImGui::PopStyleColor();
}

}  // namespace

void SetCopyLink(CopyLinkFn copy_link) { g_copy_link = copy_link; }

float ContentHeight() { return g_content_height; }

void DrawWidget(lesson::LessonState& state) {
  ClearItems();
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("Attention lesson", nullptr, flags);

  const ImGuiIO& io = ImGui::GetIO();
  if (io.KeyAlt && !io.WantTextInput && ImGui::IsKeyPressed(ImGuiKey_R, false)) {
    lesson::ResetAll(state);
  }

  DrawSceneBar(state);
  ImGui::Separator();
  DrawTextErrors();
  // Through a table rather than direct calls: the optimizer then keeps each panel a function of
  // its own instead of folding all six into this one, and a browser, which compiles wasm functions
  // when first called, compiles only the panel on screen before the first frame.
  using DrawPanelFn = void (*)(lesson::LessonState&);
  static constexpr DrawPanelFn kPanels[lesson::kSceneCount] = {DrawComparePanel,  DrawCombinePanel,     DrawMaskPanel,
                                            DrawCaveatsPanel,  DrawWalkthroughPanel, DrawQuizPanel};
  const auto panel = static_cast<size_t>(state.scene);
  if (panel < static_cast<size_t>(lesson::kSceneCount)) kPanels[panel](state);
  // The cursor's window-relative position includes the scroll, so this is the full content.
  g_content_height = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
  ImGui::End();
}

}  // namespace ui
