#pragma once
// Light and dark themes; colours chosen to stay distinguishable for colour-blind readers.

#include <imgui.h>

#include "ui/context.h"

namespace ui {

// Sets ImGui's style and ctx.theme, ctx.more_contrast, ctx.palette. With `more_contrast` (the
// system's prefers-contrast: more or forced colours, natively ATTENTION_LESSON_CONTRAST=more):
// black or white text and borders, every colour at least 7:1 as text and 4.5:1 as a graphic.
void ApplyTheme(Context& ctx, Theme theme, bool more_contrast = false);

// The colour of the i-th of up to six things told apart by colour (Compare's four keys; Learn's six
// subjects, the first four the same things): Okabe-Ito colours, darker on the light theme so
// labels stay readable on white (darker still, or lighter on dark, with more contrast).
ImU32 SeriesColor(const Context& ctx, int i);
constexpr int kSeriesColors = 6;

// A model's training loss, in the text's ink, and its accuracy, in a violet that no key or subject
// has (Learn's and Heads' curves).
ImU32 LossColor(const Context& ctx);
ImU32 AccuracyColor(const Context& ctx);

}  // namespace ui
