#include "ui_harness.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include <imgui_internal.h>

#include "lesson/builtin_text.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "lesson/timeline/timeline.h"
#include "ui/fonts.h"
#include "ui/theme.h"

namespace ui_test {

UiHarness::UiHarness(float width, float height) {
  context_ = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  io.DisplaySize = ImVec2(width, height);
  io.DeltaTime = 1.0f / 60.0f;
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  // The panels lay out the real built-in words.
  lesson::LessonText().Clear();
  lesson::LoadBuiltInText(lesson::LessonText());
  ui::ApplyTheme(ctx, ui::Theme::Light);
  ui::LoadFonts(ctx, 1.0f);
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the atlas; no GPU upload needed
  io.AddMousePosEvent(-1.0f, -1.0f);
}

UiHarness::~UiHarness() { ImGui::DestroyContext(context_); }

void UiHarness::Frame(const DrawFn& draw) {
  ImGui::NewFrame();
  draw();
  ImGui::Render();
}

void UiHarness::Frames(int count, const DrawFn& draw) {
  for (int i = 0; i < count; ++i) Frame(draw);
}

void UiHarness::MoveMouse(ImVec2 position, const DrawFn& draw) {
  ImGui::GetIO().AddMousePosEvent(position.x, position.y);
  Frame(draw);
}

void UiHarness::Click(ImVec2 position, const DrawFn& draw) {
  ImGuiIO& io = ImGui::GetIO();
  MoveMouse(position, draw);
  io.AddMouseButtonEvent(ImGuiMouseButton_Left, true);
  Frame(draw);
  io.AddMouseButtonEvent(ImGuiMouseButton_Left, false);
  Frame(draw);
}

void UiHarness::Drag(ImVec2 from, ImVec2 to, const DrawFn& draw, int steps) {
  ImGuiIO& io = ImGui::GetIO();
  MoveMouse(from, draw);
  io.AddMouseButtonEvent(ImGuiMouseButton_Left, true);
  Frame(draw);
  for (int i = 1; i <= steps; ++i) {
    const float t = static_cast<float>(i) / static_cast<float>(steps);
    io.AddMousePosEvent(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t);
    Frame(draw);
  }
  io.AddMouseButtonEvent(ImGuiMouseButton_Left, false);
  Frame(draw);
}

void UiHarness::PressKey(ImGuiKey key, const DrawFn& draw, bool ctrl, bool shift) {
  ImGuiIO& io = ImGui::GetIO();
  QueueModifiers(held_mods_ | (ctrl ? ImGuiMod_Ctrl : 0) | (shift ? ImGuiMod_Shift : 0));
  io.AddKeyEvent(key, true);
  Frame(draw);
  io.AddKeyEvent(key, false);
  Frame(draw);
  QueueModifiers(held_mods_);
}

void UiHarness::HoldModifiers(ImGuiKeyChord mods) {
  held_mods_ = mods;
  QueueModifiers(mods);
}

void UiHarness::QueueModifiers(ImGuiKeyChord mods) {
  ImGuiIO& io = ImGui::GetIO();
  io.AddKeyEvent(ImGuiMod_Ctrl, (mods & ImGuiMod_Ctrl) != 0);
  io.AddKeyEvent(ImGuiMod_Shift, (mods & ImGuiMod_Shift) != 0);
  io.AddKeyEvent(ImGuiMod_Alt, (mods & ImGuiMod_Alt) != 0);
  io.AddKeyEvent(ImGuiMod_Super, (mods & ImGuiMod_Super) != 0);
}

void UiHarness::Type(const std::string& text, const DrawFn& draw) {
  ImGui::GetIO().AddInputCharactersUTF8(text.c_str());
  Frame(draw);
}

void UiHarness::OpenMenu(const DrawFn& draw) {
  if (ctx.menu_open) return;
  Click(Item("widget.more").Center(), draw);
  Frames(1, draw);
}

ui::ItemRect UiHarness::Item(const char* name) const {
  ui::ItemRect rect{};
  const bool found = ui::FindItem(ctx, name, &rect);
  CHECK_MESSAGE(found, "no element named '" << name << "' was drawn in the last frame");
  return rect;
}

bool UiHarness::Has(const char* name) const {
  ui::ItemRect rect{};
  return ui::FindItem(ctx, name, &rect);
}

void LoadLessonText() {
  lesson::LessonText().Clear();
  lesson::LoadBuiltInText(lesson::LessonText());
  lesson::RebuildLessonTimeline();
}

void UseWords(const std::string& locale) {
  LoadLessonText();
  lesson::TextStore& text = lesson::LessonText();
  if (locale == lesson::kPseudoLocale) {
    REQUIRE(lesson::LoadTranslation(text, locale, lesson::PseudoLocaleText(text)).empty());
  } else if (locale != "en") {
    for (const std::string& name : lesson::LessonFileNames()) {
      const std::string path = std::string(ATTN_LESSON_DIR) + "/" + lesson::LocaleFile(locale, name);
      std::ifstream in(path, std::ios::binary);
      REQUIRE_MESSAGE(in.good(), "cannot read " << path);
      std::ostringstream contents;
      contents << in.rdbuf();
      REQUIRE(lesson::LoadTranslation(text, path, contents.str()).empty());
    }
  }
}

UiHarness::DrawFn InFullWindow(ui::Context& ctx, const char* title, std::function<void()> panel) {
  return [&ctx, title, panel] {
    ui::ClearItems(ctx);
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin(title, nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings);
    panel();
    ImGui::End();
  };
}

namespace {

bool Inside(const ui::ControlRect& a, const ui::ControlRect& b) {
  return a.min.x >= b.min.x - 0.5f && a.max.x <= b.max.x + 0.5f && a.min.y >= b.min.y - 0.5f &&
         a.max.y <= b.max.y + 0.5f;
}

// Overlapping by more than a pixel, neither holding the other.
bool Overlap(const ui::ControlRect& a, const ui::ControlRect& b) {
  const float x = std::min(a.max.x, b.max.x) - std::max(a.min.x, b.min.x);
  const float y = std::min(a.max.y, b.max.y) - std::max(a.min.y, b.min.y);
  return x > 1.0f && y > 1.0f && !Inside(a, b) && !Inside(b, a);
}

}  // namespace

bool ColorBounds(ImU32 color, ImVec2* min, ImVec2* max) {
  const ImDrawData* data = ImGui::GetDrawData();
  bool found = false;
  for (int l = 0; data != nullptr && l < data->CmdListsCount; ++l) {
    const ImDrawList* list = data->CmdLists[l];
    for (const ImDrawVert& vertex : list->VtxBuffer) {
      if (vertex.col != color) continue;
      if (!found) {
        *min = vertex.pos;
        *max = vertex.pos;
        found = true;
      }
      min->x = ImMin(min->x, vertex.pos.x);
      min->y = ImMin(min->y, vertex.pos.y);
      max->x = ImMax(max->x, vertex.pos.x);
      max->y = ImMax(max->y, vertex.pos.y);
    }
  }
  return found;
}

const ui::AccessNode* FigureOf(const ui::Context& ctx) {
  for (const ui::AccessNode& node : ctx.access.nodes) {
    if (node.role == ui::AccessRole::Figure) return &node;
  }
  return nullptr;
}

const ui::AccessNode* NodeNamed(const ui::Context& ctx, const std::string& name) {
  for (const ui::AccessNode& node : ctx.access.nodes) {
    if (node.name == name) return &node;
  }
  return nullptr;
}

const ui::AccessNode* NodeNamed(const ui::Context& ctx, const std::string& name, ui::AccessRole role) {
  for (const ui::AccessNode& node : ctx.access.nodes) {
    if (node.name == name && node.role == role) return &node;
  }
  return nullptr;
}

bool Within(const ui::ItemRect& inner, const ui::ItemRect& outer, float slack) {
  return inner.min.x >= outer.min.x - slack && inner.max.x <= outer.max.x + slack &&
         inner.min.y >= outer.min.y - slack && inner.max.y <= outer.max.y + slack;
}

bool Overlap(const ui::ItemRect& a, const ui::ItemRect& b) {
  return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}

float Width(const ui::ItemRect& r) { return r.max.x - r.min.x; }

void CheckLaidOut(const ui::Context& ctx) {
  ImGuiWindow* window = ImGui::FindWindowByName("Attention lesson");
  REQUIRE(window != nullptr);
  CHECK(window->DC.CursorMaxPos.x <= window->WorkRect.Max.x + 0.5f);
  for (const auto& item : ctx.items) {
    CAPTURE(item.first);
    CHECK(item.second.max.x <= window->InnerClipRect.Max.x + 0.5f);
    CHECK(item.second.min.x >= window->InnerClipRect.Min.x - 0.5f);
  }
  const std::vector<ui::ControlRect>& controls = ctx.controls.controls;
  REQUIRE(controls.size() >= 3);
  for (const ui::ControlRect& control : controls) {
    CAPTURE(control.min.x);
    CAPTURE(control.min.y);
    CHECK(control.max.x - control.min.x >= 24.0f);
    CHECK(control.max.y - control.min.y >= 24.0f);
  }
  for (size_t a = 0; a < controls.size(); ++a) {
    for (size_t b = a + 1; b < controls.size(); ++b) {
      if (controls[a].window != controls[b].window) continue;
      CAPTURE(a);
      CAPTURE(b);
      CHECK_FALSE(Overlap(controls[a], controls[b]));
    }
  }
}

}  // namespace ui_test
