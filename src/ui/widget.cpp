#include "ui/widget.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/embed_options.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"
#include "lesson/timeline/timeline.h"
#include "ui/access.h"
#include "ui/control_map.h"
#include "ui/fonts.h"
#include "ui/item_registry.h"
#include "ui/motion.h"
#include "ui/panels.h"
#include "ui/player_panel.h"
#include "ui/shortcuts.h"
#include "ui/stage.h"
#include "ui/text_layout.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::Scene;
using lesson::T;

constexpr char kWindowName[] = "Attention lesson";
constexpr float kWidestLayout = 1280.0f;  // the widest the widget lays its content out (with padding)

// The widget's window as the last frame left it; none before the first frame.
ImGuiWindow* WidgetWindow() { return ImGui::GetCurrentContext() ? ImGui::FindWindowByName(kWindowName) : nullptr; }

// A button of the menu's row with its tooltip; true when pressed (which closes the menu).
bool MenuButton(ButtonRow& row, Context& ctx, const char* key, const char* hint_key) {
  const std::string& label = T(key);
  row.Place(label);
  const bool pressed = ImGui::Button(label.c_str());
  RecordItem(ctx, key);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", T(hint_key).c_str());
  if (pressed) ctx.menu_open = false;
  return pressed;
}

// What the last "Save picture" said, with the alt text it suggests, while the widget still shows
// what the picture shows; never in the picture itself.
void DrawPictureLine(const lesson::LessonState& state, Context& ctx) {
  PictureRun& picture = ctx.picture;
  if (picture.taking || picture.message.empty() || picture.state != lesson::EncodeState(state)) return;
  ImGui::TextWrapped("%s", picture.message.c_str());
  if (picture.alt_text.empty()) return;
  ImGui::TextWrapped("%s %s", T("widget.picture_alt").c_str(), picture.alt_text.c_str());
  if (ctx.copy_text == nullptr) return;
  if (ImGui::Button(T("widget.copy_alt").c_str())) picture.copy_note = ctx.copy_text(picture.alt_text);
  RecordItem(ctx, "widget.copy_alt");
  if (!picture.copy_note.empty()) {
    ImGui::SameLine();
    ImGui::TextUnformatted(picture.copy_note.c_str());
  }
}

constexpr float kDisclosureArrow = 0.6f;  // a disclosure's arrow, as wide as this much of the font's size

float DisclosureWidth(const std::string& label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  return ImGui::CalcTextSize(label.c_str()).x + ImGui::GetFontSize() * kDisclosureArrow + style.ItemInnerSpacing.x +
         style.FramePadding.x * 2.0f;
}

// A button that opens or closes a part under the bar, its label followed by a small arrow that
// points down when closed and up when open; a screen reader hears it as expanded or not.
bool DisclosureButton(Context& ctx, const char* id, const std::string& label, const std::string& name, bool open) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float arrow = ImGui::GetFontSize() * kDisclosureArrow;
  const ImVec2 size(DisclosureWidth(label), ImGui::GetFontSize() + style.FramePadding.y * 2.0f);
  const bool pressed = ImGui::Button(id, size);
  DescribeItem(ctx, AccessRole::Button, name);
  DescribeExpanded(ctx, open);
  const ImVec2 min = ImGui::GetItemRectMin();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 color = ImGui::GetColorU32(ImGuiCol_Text);
  draw->AddText(ImVec2(min.x + style.FramePadding.x, min.y + style.FramePadding.y), color, label.c_str());
  const ImVec2 centre(min.x + size.x - style.FramePadding.x - arrow * 0.5f, min.y + size.y * 0.5f);
  const float h = arrow * 0.3f;
  if (open) {
    draw->AddTriangleFilled(ImVec2(centre.x - arrow * 0.5f, centre.y + h), ImVec2(centre.x + arrow * 0.5f, centre.y + h),
                            ImVec2(centre.x, centre.y - h), color);
  } else {
    draw->AddTriangleFilled(ImVec2(centre.x - arrow * 0.5f, centre.y - h), ImVec2(centre.x + arrow * 0.5f, centre.y - h),
                            ImVec2(centre.x, centre.y + h), color);
  }
  return pressed;
}


// One scene's button of the scene choice: the scene shown stays pressed.
void SceneButton(lesson::LessonState& state, Context& ctx, Scene scene, const ImVec2& size) {
  const lesson::SceneModule& module = lesson::ModuleOf(scene);
  const bool current = state.scene == scene;
  if (current) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_Text));
  }
  ImGui::PushID(static_cast<int>(scene));
  if (ImGui::Button(T(module.label_key).c_str(), size)) {
    state.scene = scene;
    state.highlight.clear();
    ctx.scene_menu_open = false;
  }
  DescribeChecked(ctx, current);
  ImGui::PopID();
  if (current) ImGui::PopStyleColor(2);
  RecordItem(ctx, module.label_key);
}

// The scene choice, where the widget offers more than one scene and the author left it in: a
// segmented row of the scenes when it fits beside the menu, else one button with the scene's
// name that opens the list of scenes under the bar (a phone). Returns whether it drew the list's
// button (so the list follows the bar).
bool HasSceneChoice(const Context& ctx) { return ctx.embed.scene_choice && lesson::OfferedScenes(ctx.embed).size() > 1; }

bool DrawSceneChoice(lesson::LessonState& state, Context& ctx, float room) {
  if (!HasSceneChoice(ctx)) return false;
  const std::vector<Scene> scenes = lesson::OfferedScenes(ctx.embed);
  const ImGuiStyle& style = ImGui::GetStyle();
  constexpr float kGap = 2.0f;  // between a segmented row's buttons
  float row_width = 0.0f;
  for (const Scene scene : scenes) {
    row_width += ImGui::CalcTextSize(T(lesson::ModuleOf(scene).label_key).c_str()).x + style.FramePadding.x * 2.0f + kGap;
  }
  if (row_width <= room) {
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(kGap, style.ItemSpacing.y));
    bool first = true;
    for (const Scene scene : scenes) {
      if (!first) ImGui::SameLine();
      first = false;
      SceneButton(state, ctx, scene, ImVec2(0.0f, 0.0f));
    }
    ImGui::PopStyleVar();
    ctx.scene_menu_open = false;
    return false;
  }
  const std::string& label = T(lesson::ModuleOf(state.scene).label_key);
  const std::string name = lesson::Fill(T("widget.scene_choice"), {{"scene", label}});
  if (DisclosureButton(ctx, "##scenes", label, name, ctx.scene_menu_open)) {
    ctx.scene_menu_open = !ctx.scene_menu_open;
    ctx.menu_open = false;
  }
  RecordItem(ctx, "widget.scenes");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", T("widget.scenes_hint").c_str());
  return true;
}

// The list of scenes a phone's scene button opens, one full-width button each.
void DrawSceneList(lesson::LessonState& state, Context& ctx) {
  const float width = ImGui::GetContentRegionAvail().x;
  for (const Scene scene : lesson::OfferedScenes(ctx.embed)) SceneButton(state, ctx, scene, ImVec2(width, 0.0f));
}

// The menu's buttons the author left in: Reset all, Copy link, Save picture, Suggest a
// correction, Keys; false when none would show.
bool MenuHasItems(const Context& ctx) {
  const unsigned controls = ctx.embed.controls;
  return (controls & lesson::kControlReset) || (ctx.copy_link != nullptr && (controls & lesson::kControlCopyLink)) ||
         (ctx.picture.available && (controls & lesson::kControlSavePicture)) ||
         (ctx.open_url != nullptr && ctx.state_link != nullptr && !ctx.embed.corrections.empty() &&
          (controls & lesson::kControlCorrection)) ||
         (controls & lesson::kControlKeys);
}

void DrawMenu(lesson::LessonState& state, Context& ctx) {
  ButtonRow row;
  const unsigned controls = ctx.embed.controls;
  if ((controls & lesson::kControlReset) && MenuButton(row, ctx, "widget.reset_all", "widget.reset_all_hint")) {
    lesson::ResetAll(state);
  }
  if (ctx.copy_link != nullptr && (controls & lesson::kControlCopyLink)) {
    if (MenuButton(row, ctx, "widget.copy_link", "widget.copy_link_hint")) {
      ctx.copied_state = lesson::EncodeState(state);
      ctx.copy_message = ctx.copy_link(ctx.copied_state);
    }
  }
  if (ctx.picture.available && (controls & lesson::kControlSavePicture) &&
      MenuButton(row, ctx, "widget.save_picture", "widget.save_picture_hint")) {
    ctx.picture.requested = true;
  }
  if (ctx.open_url != nullptr && ctx.state_link != nullptr && !ctx.embed.corrections.empty() &&
      (controls & lesson::kControlCorrection)) {
    if (MenuButton(row, ctx, "widget.correction", "widget.correction_hint")) {
      ctx.open_url(lesson::CorrectionUrl(ctx.embed, state, ctx.state_link(lesson::EncodeState(state))));
    }
  }
  if ((controls & lesson::kControlKeys) && MenuButton(row, ctx, "widget.keys", "widget.keys_hint")) {
    ctx.keys_open = !ctx.keys_open;
  }
}

// The bar: one row at every width, the scene choice on the left and the menu's button on the
// right; under it, while open, the list of scenes (a phone) or the menu's buttons; then what the
// last Copy link or Save picture said.
void DrawSceneBar(lesson::LessonState& state, Context& ctx) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const std::string& more = T("widget.more");
  const bool has_menu = MenuHasItems(ctx);
  const float menu_width = has_menu ? DisclosureWidth(more) : 0.0f;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float left = ImGui::GetCursorPosX();
  const bool list = DrawSceneChoice(state, ctx, avail - menu_width - style.ItemSpacing.x * 2.0f);
  if (has_menu) {
    if (HasSceneChoice(ctx)) ImGui::SameLine();
    ImGui::SetCursorPosX(left + avail - menu_width);
    if (DisclosureButton(ctx, "##more", more, more, ctx.menu_open)) {
      ctx.menu_open = !ctx.menu_open;
      ctx.scene_menu_open = false;
    }
    RecordItem(ctx, "widget.more");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", T("widget.more_hint").c_str());
  } else {
    ctx.menu_open = false;
  }
  if (ImGui::IsKeyPressed(ImGuiKey_Escape, false) && (ctx.menu_open || ctx.scene_menu_open)) {
    ctx.menu_open = false;
    ctx.scene_menu_open = false;
  }
  if (list && ctx.scene_menu_open) DrawSceneList(state, ctx);
  if (ctx.menu_open) DrawMenu(state, ctx);
  if (!ctx.copy_message.empty() && ctx.copied_state == lesson::EncodeState(state)) {
    ImGui::TextWrapped("%s", ctx.copy_message.c_str());
  }
  DrawPictureLine(state, ctx);
}

// The keyboard's keys (WCAG's "keyboard shortcuts" list, as PhET's Keyboard Help): those of every
// control, then each offered scene's own, under the bar while ctx.keys_open (its Keys button, or
// the ? key, shows and hides it).
void DrawKeys(Context& ctx) {
  if (TypedCount('?') % 2 == 1) ctx.keys_open = !ctx.keys_open;
  if (!ctx.keys_open) return;
  // The scenes with keys of their own, and the words that say them.
  struct SceneKeys {
    Scene scene;
    const char* key;
  };
  static const SceneKeys kSceneKeys[] = {{Scene::Compare, "compare.keyboard_hint"},
                                         {Scene::Mask, "mask.cells_hint"},
                                         {Scene::Learn, "learn.keys"},
                                         {Scene::Heads, "heads.keys"},
                                         {Scene::Walkthrough, "walkthrough.keys"}};
  const ImVec2 top = ImGui::GetCursorScreenPos();
  if (ctx.fonts.bold != nullptr) ImGui::PushFont(ctx.fonts.bold);
  ImGui::TextUnformatted(T("widget.keys_title").c_str());
  if (ctx.fonts.bold != nullptr) ImGui::PopFont();
  ImGui::TextWrapped("%s", T("widget.keys_general").c_str());
  for (const SceneKeys& keys : kSceneKeys) {
    if (!lesson::IsOffered(ctx.embed, keys.scene)) continue;
    ImGui::TextWrapped("%s: %s", T(lesson::ModuleOf(keys.scene).label_key).c_str(), T(keys.key).c_str());
  }
  RecordRect(ctx, "widget.keys_list", top,
             ImVec2(top.x + ImGui::GetContentRegionAvail().x, ImGui::GetCursorScreenPos().y));
  ImGui::Separator();
}

// Malformed lines of the lesson file, and actions of the timeline that do not parse (their
// step plays the built-in actions natively, none on the web).
void DrawTextErrors(const Context& ctx) {
  const auto& errors = lesson::LessonText().errors();
  const auto& timeline_errors = lesson::LessonTimeline().errors;
  if (errors.empty() && timeline_errors.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ctx.palette.second);
  ImGui::TextWrapped("%s", T("widget.text_errors").c_str());
  for (const lesson::TextError& error : errors) ImGui::BulletText("%s", error.ToString().c_str());
  for (const lesson::TextError& error : timeline_errors) ImGui::BulletText("%s", error.ToString().c_str());
  ImGui::PopStyleColor();
}

}  // namespace

void DrawWidget(lesson::LessonState& state, Context& ctx) {
  ClearItems(ctx);
  // ImGui's own numbers (a slider's, the text its box opens with) take the words' decimal mark
  // (ui/format_hook.cpp).
  ImGui::GetIO().PlatformLocaleDecimalPoint = static_cast<ImWchar>(lesson::DecimalMark());
  BeginControlMap(ctx);
  BeginMotion(ctx);
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground;
  // Wider than a desktop's 1280 px (a 1600 px window), the content keeps the width it has there,
  // centred: lines of text and tables no longer than at 1280 px.
  const ImVec2 padding = ImGui::GetStyle().WindowPadding;
  const float side = std::max(padding.x, padding.x + (viewport->WorkSize.x - kWidestLayout) * 0.5f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(std::floor(side), padding.y));
  // A widget as tall as its content needs no scrollbar. ImGui decides on one from the last frame's
  // size, so a widget just grown to its content would otherwise show one for a frame, wrap its
  // text narrower, grow again and resize its canvas two or three times.
  ImGui::Begin(kWindowName, nullptr, ctx.fit_height ? flags | ImGuiWindowFlags_NoScrollbar : flags);
  ImGui::PopStyleVar();

  const ImGuiIO& io = ImGui::GetIO();
  if (io.KeyAlt && !io.WantTextInput && ImGui::IsKeyPressed(ImGuiKey_R, false)) {
    lesson::ResetAll(state);
  }

  // chrome="none": the scene alone, as a figure in the author's page; none while the lesson plays
  // on the stage.
  const bool stage = StageShown(state, ctx);
  if (ctx.embed.chrome && !StageHidesChrome(state, ctx) && (HasSceneChoice(ctx) || MenuHasItems(ctx))) {
    DrawSceneBar(state, ctx);
    ImGui::Separator();
  }
  DrawKeys(ctx);
  DrawTextErrors(ctx);
  // The lesson plays across scenes: its player stays above whichever one it shows (the
  // Walkthrough panel has it at its own top).
  if (stage) {
    DrawStage(state, ctx);
  } else {
    if (state.scene != Scene::Walkthrough && PlayerInUse(state)) {
      DrawPlayer(state, ctx);
      if (!ctx.hide_player) ImGui::Separator();
    }
    // Through a table rather than direct calls: the optimizer then keeps each panel a function of
    // its own instead of folding all seven into this one, and a browser, which compiles wasm
    // functions when first called, compiles only the panel on screen before the first frame.
    if (const PanelFn panel = PanelOf(state.scene)) panel(state, ctx);
  }
  PausePlayerIfTakenOver(state, ctx);
  // The cursor's window-relative position includes the scroll, so this is the full content.
  ctx.content_height = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
  ImGui::End();
  EndControlMap(ctx);
}

bool WidgetScrolls() {
  const ImGuiWindow* window = WidgetWindow();
  // One as tall as its content (fit_height) has no scrollbar: for the moment after its content grew
  // and before the page made it taller, its window still does not scroll; the page does.
  return window != nullptr && (window->Flags & ImGuiWindowFlags_NoScrollbar) == 0 && window->ScrollMax.y > 0.0f;
}

bool ScrollWidgetBy(float dy) {
  ImGuiWindow* window = WidgetWindow();
  if (window == nullptr || !std::isfinite(dy)) return false;
  const float from = window->ScrollTarget.y != FLT_MAX ? window->ScrollTarget.y : window->Scroll.y;
  const float to = ImClamp(from - dy, 0.0f, window->ScrollMax.y);
  if (std::fabs(to - from) < 0.5f) return false;
  ImGui::SetScrollY(window, to);
  return true;
}

}  // namespace ui
