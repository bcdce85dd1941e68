#pragma once
// Walkthrough highlights: a panel asks whether an element is the one to look at and outlines it.

#include <imgui.h>

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// True when the walkthrough points at `name` ("combine.arithmetic"): lesson::HighlightOf.
bool IsHighlighted(const lesson::LessonState& state, const char* name);
// Draws the highlight outline around a rectangle (in the current window's draw list), and
// scrolls it into view once after RequestScrollToHighlight.
void DrawHighlight(Context& ctx, ImVec2 min, ImVec2 max);
// Starts a group that gets outlined at EndHighlightGroup when `name` is highlighted.
// The next highlight drawn scrolls its window so it is in view ("Show me" in the walkthrough).
void RequestScrollToHighlight(Context& ctx);
void BeginHighlightGroup();
void EndHighlightGroup(Context& ctx, const lesson::LessonState& state, const char* name);
// Records the last item under `name` (see RecordItem) and outlines it when it is highlighted.
void RecordAndHighlight(Context& ctx, const lesson::LessonState& state, const char* name);
// The same for a rectangle that is not one item (see RecordRect).
void RecordAndHighlight(Context& ctx, const lesson::LessonState& state, const char* name, ImVec2 min, ImVec2 max);

}  // namespace ui
