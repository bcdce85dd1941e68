#pragma once
// Light and dark themes; colours chosen to stay distinguishable for colour-blind readers.

#include <imgui.h>

#include "ui/context.h"

namespace ui {

// Sets ImGui's style and ctx.theme, ctx.palette.
void ApplyTheme(Context& ctx, Theme theme);

}  // namespace ui
