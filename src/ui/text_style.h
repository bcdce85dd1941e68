#pragma once
// Text drawn straight into a picture (ImDrawList), wrapped at spaces only and measured in layout
// pixels, and the collapsing header a scene keeps open through a flag of its state.

#include <algorithm>
#include <cfloat>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "ui/context.h"

namespace ui {

// Text drawn with ImDrawList, measured in layout pixels (the atlas is rasterized at the screen's
// pixel ratio), wrapped at spaces only, so "10.00" never splits.
struct TextStyle {
  ImFont* font = nullptr;
  float size = 0.0f;

  ImVec2 Measure(const std::string& text) const { return font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str()); }
  std::vector<std::string> Wrap(const std::string& text, float width) const {
    std::vector<std::string> lines;
    std::string line;
    size_t at = 0;
    while (at <= text.size()) {
      size_t end = text.find(' ', at);
      if (end == std::string::npos) end = text.size();
      const std::string word = text.substr(at, end - at);
      const std::string longer = line.empty() ? word : line + " " + word;
      if (!line.empty() && Measure(longer).x > width) {
        lines.push_back(line);
        line = word;
      } else {
        line = longer;
      }
      at = end + 1;
    }
    if (!line.empty() || lines.empty()) lines.push_back(line);
    return lines;
  }
  float Height(const std::string& text, float width) const {
    return static_cast<float>(Wrap(text, width).size()) * size;
  }
  // Draws `text` wrapped to `width` from `pos`; returns its rectangle.
  ImRect Draw(ImDrawList* draw, ImVec2 pos, ImU32 color, const std::string& text, float width) const {
    float widest = 0.0f;
    float y = pos.y;
    for (const std::string& line : Wrap(text, width)) {
      draw->AddText(font, size, ImVec2(pos.x, y), color, line.c_str());
      widest = std::max(widest, Measure(line).x);
      y += size;
    }
    return ImRect(pos, ImVec2(pos.x + widest, y));
  }
};

// The size `font` is drawn at, in layout pixels (the current font's when null).
float LayoutSize(ImFont* font);
// The style of `font` at its layout size (the current font's when null).
TextStyle StyleOf(ImFont* font);

// A collapsing header that `*flag` of the scene (and so a link) holds open, and that the
// walkthrough opens while it points at something inside (`forced`). `key` names its words in
// lesson.txt; `item` is its name for the item registry. Framed headers reach half the window's
// side padding past the content, which is wide when the widget centres its content in a wide
// window (ui/widget.cpp): it keeps to the style's, as Combine's does.
bool SceneHeader(Context& ctx, const char* key, const char* item, bool* flag, bool forced);

}  // namespace ui
