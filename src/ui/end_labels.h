#pragma once
// The labels on a plot's data (the Learn and Heads curves): each curve's value written beside the
// point where the curve ends, in the curve's colour, on a patch of the card's colour so that no
// line passing behind shows through. Labels that would cover each other go apart in one of two
// ways: a stack (Heads: up to four labels, pushed down under one another) or a pair that each give
// half the way (Learn: the loss and the accuracy).

#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "ui/text_style.h"

namespace ui {

struct EndLabel {
  ImVec2 end;        // the curve's last point
  std::string text;  // what the label says
  ImU32 color = 0;   // the curve's
  ImRect rect;       // where it stands: from BesideEnd, then moved apart from the others
};

// Where a label of `size` stands beside a curve's end: right of it, or left of it where it would
// pass `box`'s right side, and inside `box` across; its top at `top`, but not above `ceiling` and
// with its bottom at least 2 px above `axis` (the plot's bottom line).
ImRect BesideEnd(ImVec2 end, ImVec2 size, const ImRect& box, float top, float ceiling, float axis);

// Sorts the labels from the top down and pushes each one that comes within 2 px of the one above
// it down, then all of them up where the lowest passes 2 px above `axis` (twice, for what that
// move brings together).
void StackEndLabels(std::vector<EndLabel>& labels, float axis);

// Where two labels overlap, moves the upper up and the lower down by half the way they need to be
// 2 px apart, then both together to keep the lower 2 px above `axis` and the upper under `ceiling`.
void SplitEndLabels(EndLabel& a, EndLabel& b, float ceiling, float axis);

// Draws each label in `style`, in its colour, on a patch of `paper`.
void DrawEndLabels(ImDrawList* draw, const TextStyle& style, ImU32 paper, const std::vector<EndLabel>& labels);

}  // namespace ui
