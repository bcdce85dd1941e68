#pragma once
// The widget's controls as a screen reader meets them: each ImGui control of a frame with a role,
// a name and a value (WCAG 4.1.2). The web platform mirrors the list as real, visually hidden
// elements over the canvas (role=slider with aria-valuenow, role=checkbox with aria-checked, a
// grid for the mask's cells, ...), moves ImGui's focus to the element a screen reader or Tab
// focuses and back, and hands a slider's arrow keys to the slider (src/platform/access_web.cpp).
//
// Dear ImGui's item hook (ui/item_hook.h) reports every item with an id as it lays it out, with the
// label and state ImGui knows: a button's or checkbox's label, whether a checkbox is checked, that
// a slider takes typing. What ImGui does not know (a slider's value and range, the name of a
// control whose label is hidden, a choice that is picked, a cell of a grid) a panel adds right
// after drawing the control with one of the Describe functions below.

#include <string>

#include <imgui.h>

#include "ui/context.h"

struct ImRect;
struct ImGuiLastItemData;

namespace ui {

// Starts this frame's list (DrawWidget, through the control map's hook) and ends it.
void BeginAccess(Context& ctx);
void EndAccess(Context& ctx);

// The hook's two reports (ui/control_map.cpp calls them for the items that are controls: not a
// window, nor a table's column header).
void AccessItemAdded(Context& ctx, ImGuiContext& g, ImGuiID id, const ImRect& bb, const ImGuiLastItemData& item);
void AccessItemInfo(Context& ctx, ImGuiID id, const char* label, int status_flags);

// Names the last item and gives it a role (a control whose label is hidden, "##seek"); or the
// control `id` of this frame, for a control after which ImGui's last item is another (a
// multi-line text box ends with its child window's).
void DescribeItem(Context& ctx, AccessRole role, const std::string& name, ImGuiID id = 0);
// The last item picks or switches something on: a radio choice picked, a checkbox checked, a
// button that stays pressed (the scene shown).
void DescribeChecked(Context& ctx, bool checked);
// The last item shows or hides a part (a menu under the bar): expanded while it shows.
void DescribeExpanded(Context& ctx, bool expanded);
// The last item is a slider from lo to hi at `now`, read out as `text` ("0,5").
void DescribeSlider(Context& ctx, const std::string& name, double now, double lo, double hi, const std::string& text);
// The last item is a choice of a group (a radio button), named with the group's words first
// ("Learning rate: 0.1") when its own label means little alone.
void DescribeRadio(Context& ctx, const std::string& name, bool checked);
// A value read after the name, for a control that is not a slider (a point's coordinates).
void DescribeValue(Context& ctx, const std::string& value, ImGuiID id = 0);
// The last item is the cell of a grid (the mask's weights), at row and col from 0, in the row
// named `row_name` (its label, kept as the cell's value).
void DescribeCell(Context& ctx, const std::string& name, int row, int col, const std::string& row_name);

// The scene's picture, its hero, at [min, max] (screen pixels): a figure named by what it shows
// now, listed where it is laid out. On the web an element with role=img over the picture that is
// no tab stop; the first figure of a frame is the hero (the bench measures where it starts).
void DescribeFigure(Context& ctx, const std::string& name, ImVec2 min, ImVec2 max);

// A step the learner asked of a slider through its element (the arrow keys, Page Up and Down,
// Home and End), taken by the slider `id` when it is next drawn: true, with the new value in
// *value, when there was one for it. The step is a round part of the range (about a twentieth).
enum class AccessStep { None, Less, More, MuchLess, MuchMore, Lowest, Highest };
void RequestAccessStep(Context& ctx, ImGuiID id, AccessStep step);
bool TakeAccessStep(Context& ctx, ImGuiID id, double lo, double hi, double* value);
// The step Left or Right pressed this frame asks of a control with the keyboard's ring (with Shift,
// five steps); None when neither was pressed.
AccessStep ArrowKeyStep();
// Moves *value from lo to hi by `step`, as TakeAccessStep does; true when it changed.
bool StepValue(AccessStep step, double lo, double hi, double* value);

// The step a slider from lo to hi takes: 1, 2 or 5 times a power of ten, about a twentieth of it.
double AccessStepSize(double lo, double hi);

// The frame's list as the web page reads it, a JSON array with an array for each control: id,
// role, checked (-1, 0, 1), expanded (-1, 0, 1), disabled (0, 1), name, value text, now, lo, hi,
// row, col, and its rectangle (x, y, width, height in whole layout pixels).
std::string EncodeAccess(const AccessTree& tree);

// The control that has ImGui's focus (keyboard navigation or a click), 0 when none.
ImGuiID AccessFocus();
// Gives ImGui's keyboard focus, with its ring, to control `id` of the last frame as the next frame
// draws it; false when the last frame drew no such control. Id 0 drops a focus not yet given (the
// page's focus left the widget before the next frame).
bool FocusAccessControl(Context& ctx, ImGuiID id);

}  // namespace ui
