#pragma once

#include "lesson/lesson_state.h"

namespace ui {

// Key indices (as the platform fills io.KeysDown) for shortcuts ImGui 1.86 has no name for.
struct ShortcutKeys {
  int reset_all = -1;  // Alt + this key resets every scene; -1 = no shortcut
};
void SetShortcutKeys(const ShortcutKeys& keys);

// Height the last frame's content needed, in layout pixels (an embedding iframe follows it).
float ContentHeight();

// The whole widget: one window filling the canvas, holding the lesson's panels.
void DrawWidget(lesson::LessonState& state);

}  // namespace ui
