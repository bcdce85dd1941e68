#pragma once
// Light and dark themes; colours chosen to stay distinguishable for colour-blind readers.

#include <imgui.h>

#include "ui/context.h"

namespace ui {

// Sets ImGui's style and ctx.theme, ctx.palette.
void ApplyTheme(Context& ctx, Theme theme);

// The colour of the i-th of up to six things told apart by colour (Compare's four keys; Learn's six
// subjects, the first four the same things): Okabe-Ito colours, darker on the light theme so
// labels stay readable on white.
ImU32 SeriesColor(const Context& ctx, int i);
constexpr int kSeriesColors = 6;

}  // namespace ui
