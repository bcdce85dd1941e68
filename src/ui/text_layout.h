#pragma once
// Laying out text and buttons to the width there is: paragraphs that wrap at spaces only, and a
// row of buttons that wraps when it runs out of room.

#include <string>

#include <imgui.h>

namespace ui {

// Draws `text` word-wrapped to `width` pixels, breaking lines at spaces only; "\n" starts a new
// line. ImGui's TextWrapped (1.90.1 too) may also break after a '.', which would split a number
// such as 0.34 into "0." and "34". A width of 0 (or less) means the available width. A text wrap
// position the caller pushed narrows the width to it.
void Paragraph(const std::string& text, float width = 0.0f);
// The same in `color`.
void Paragraph(const std::string& text, ImU32 color, float width = 0.0f);

// Lays buttons out on one line while they fit and wraps onto the next line when they do not,
// so the controls stack on a phone and sit in a row on a desktop. Call Place with a button's
// label just before drawing the button.
class ButtonRow {
 public:
  void Place(const std::string& label);

 private:
  bool first_ = true;
};

}  // namespace ui
