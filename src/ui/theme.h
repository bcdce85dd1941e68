#pragma once
// Light and dark themes; colours chosen to stay distinguishable for colour-blind readers.

#include <imgui.h>

namespace ui {

enum class Theme { Light, Dark };

// Colours the panels draw with, beyond ImGui's own style colours.
struct Palette {
  ImU32 text;         // running text
  ImU32 muted;        // secondary text, axis ticks
  ImU32 axis;         // number line and grid
  ImU32 first;        // the first position (blue)
  ImU32 second;       // the second position (orange)
  ImU32 output;       // the combined output
  ImU32 highlight;    // what a walkthrough step points at
  ImU32 panel;        // card background
};

void ApplyTheme(Theme theme);
Theme CurrentTheme();
const Palette& GetPalette();

}  // namespace ui
