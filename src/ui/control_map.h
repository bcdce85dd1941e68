#pragma once
// Where the learner's controls were drawn in the last frame, so the platform can tell a touch that
// starts on a control (the widget takes it: a drag, a press) from one that starts on text or empty
// space (the page scrolls, as over any text). A control is any ImGui item with an id, as Dear
// ImGui's item hook reports them (ui/item_hook.h): buttons, sliders, checkboxes, number fields,
// the invisible buttons of arrow tips, heatmap cells and quiz choices. Text, tables of numbers and
// spacing have no id and are not controls; neither is a disabled item, nor a column header of a
// table that does not sort.

#include <imgui.h>

#include "ui/context.h"

namespace ui {

// Forgets the last frame's controls and records this frame's until EndControlMap. DrawWidget
// calls both around everything it draws.
void BeginControlMap(Context& ctx);
void EndControlMap(Context& ctx);

// Whether a touch at `point` (layout pixels, as ImGui's mouse position) would start on a control
// of the last recorded frame: on what shows of a control (a control scrolled or clipped out of its
// region does not count) in the top-level window at that point (an open combo's list covers what
// is under it). While a control is held (a drag is on), everything is a control.
bool ControlAt(const Context& ctx, ImVec2 point);

}  // namespace ui
