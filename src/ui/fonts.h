#pragma once
// The lesson's embedded fonts (Inter, subset to the glyphs the lesson uses), rasterized at the
// screen's pixel ratio so text stays sharp at devicePixelRatio 1, 2 and 3.

#include "ui/context.h"

namespace ui {

// Rebuilds the font atlas for `pixel_ratio` (no-op when already built for it) into ctx.fonts.
// Returns true when the atlas changed, so the renderer must re-upload its font texture.
bool LoadFonts(Context& ctx, float pixel_ratio);
// Forgets the fonts (their atlas belonged to a destroyed ImGui context); the next LoadFonts rebuilds.
void ForgetFonts(Context& ctx);

}  // namespace ui
