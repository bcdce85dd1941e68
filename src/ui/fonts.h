#pragma once
// The lesson's embedded fonts (Inter, subset to the glyphs the lesson uses), rasterized at the
// screen's pixel ratio so text stays sharp at devicePixelRatio 1, 2 and 3.

struct ImFont;

namespace ui {

struct Fonts {
  ImFont* body = nullptr;     // running text and controls
  ImFont* bold = nullptr;     // emphasis and labels
  ImFont* heading = nullptr;  // panel titles
  ImFont* numbers = nullptr;  // the large arithmetic lines
  float pixel_ratio = 0.0f;   // ratio the atlas was built for; 0 = not built yet
};

// Rebuilds the font atlas for `pixel_ratio` (no-op when already built for it). Returns true when
// the atlas changed, so the renderer must re-upload its font texture.
bool LoadFonts(float pixel_ratio);
const Fonts& GetFonts();
// Forgets the fonts (their atlas belonged to a destroyed ImGui context); the next LoadFonts rebuilds.
void ForgetFonts();

}  // namespace ui
