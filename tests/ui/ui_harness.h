#pragma once
// Drives the real ImGui panels without a window or GPU: a headless ImGui context with the
// lesson's fonts, real mouse and keyboard input through ImGui's input queue (as a platform
// backend sends it), one NewFrame/Render per step.

#include <functional>
#include <string>

#include <imgui.h>

#include "ui/context.h"
#include "ui/item_registry.h"

namespace ui_test {

class UiHarness {
 public:
  using DrawFn = std::function<void()>;

  // A context of `width` x `height` layout pixels, light theme, fonts at pixel ratio 1.
  explicit UiHarness(float width = 1280.0f, float height = 800.0f);
  ~UiHarness();
  UiHarness(const UiHarness&) = delete;
  UiHarness& operator=(const UiHarness&) = delete;

  // One frame with the current input state; `draw` runs between NewFrame and Render.
  void Frame(const DrawFn& draw);
  void Frames(int count, const DrawFn& draw);

  void MoveMouse(ImVec2 position, const DrawFn& draw);
  void Click(ImVec2 position, const DrawFn& draw);
  // Press at `from`, move to `to` in `steps` frames, release.
  void Drag(ImVec2 from, ImVec2 to, const DrawFn& draw, int steps = 8);
  // Key down for one frame, then up for one frame, with Ctrl and Shift held for it as asked on
  // top of the modifiers HoldModifiers holds.
  void PressKey(ImGuiKey key, const DrawFn& draw, bool ctrl = false, bool shift = false);
  // Holds the modifier keys in `mods` (ImGuiMod_Ctrl | ImGuiMod_Alt ...) from the next frame
  // on and lets go of the others.
  void HoldModifiers(ImGuiKeyChord mods);
  // Types text into the focused text field.
  void Type(const std::string& text, const DrawFn& draw);

  // The named element's rectangle from the last frame (fails the test when absent).
  ui::ItemRect Item(const char* name) const;
  // Opens the bar's menu (Reset all, Copy link, ...) with a click on "More", when it is closed.
  void OpenMenu(const DrawFn& draw);
  bool Has(const char* name) const;

  ui::Context ctx;  // what the panels keep between frames, as the app's own

 private:
  void QueueModifiers(ImGuiKeyChord mods);

  ImGuiContext* context_ = nullptr;
  ImGuiKeyChord held_mods_ = 0;
};

// The lesson's built-in words in LessonText() and its timeline built from them, as the app
// has them after start-up.
void LoadLessonText();
// The built-in English words with `locale`'s words over them (a code of lesson::Locales(), or
// lesson::kPseudoLocale), as a widget in that language has them.
void UseWords(const std::string& locale);

// A frame of `panel` inside one window that fills the display, as the widget shows a panel; the
// named rectangles of the previous frame are cleared first.
// The widget as the last frame laid it out ("Attention lesson", ui::DrawWidget): nothing wider than
// it (text and controls cut at its edge), every control a target of at least 24 x 24 pixels (WCAG
// 2.5.8), no two controls overlapping unless one holds the other.
void CheckLaidOut(const ui::Context& ctx);

// The bounding box of every vertex drawn in `color` last frame; false when none was.
bool ColorBounds(ImU32 color, ImVec2* min, ImVec2* max);

// What the last frame offered a screen reader: the picture (the node of role Figure), and the
// node named `name` (of `role` where given); null when there is none.
const ui::AccessNode* FigureOf(const ui::Context& ctx);
const ui::AccessNode* NodeNamed(const ui::Context& ctx, const std::string& name);
const ui::AccessNode* NodeNamed(const ui::Context& ctx, const std::string& name, ui::AccessRole role);

// Whether `inner` lies inside `outer`, give or take `slack` pixels at each edge (by default half
// a pixel, as the pictures are drawn).
bool Within(const ui::ItemRect& inner, const ui::ItemRect& outer, float slack = 0.5f);
// Whether two rectangles share some area (edges that touch do not).
bool Overlap(const ui::ItemRect& a, const ui::ItemRect& b);
float Width(const ui::ItemRect& r);

UiHarness::DrawFn InFullWindow(ui::Context& ctx, const char* title, std::function<void()> panel);

}  // namespace ui_test
