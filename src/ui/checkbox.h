#pragma once
// A checkbox whose label wraps. ImGui's own checkbox draws its label on one line, so a long label
// (a translation, a narrow phone) is cut at the widget's edge. This one is ImGui's checkbox when
// its label fits; otherwise ImGui's box, named by the label, and the label beside it wrapped at
// the widget's width, a click on which toggles the box too.

#include <string>

#include "ui/context.h"

namespace ui {

// Draws the checkbox and records its box as `item_name`; true when the learner toggled it.
bool WrappedCheckbox(Context& ctx, const std::string& label, bool* value, const char* item_name);

}  // namespace ui
