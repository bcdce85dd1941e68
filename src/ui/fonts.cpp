#include "ui/fonts.h"

#include <imgui.h>

extern const unsigned char kLessonFontRegular[];
extern const unsigned int kLessonFontRegular_size;
extern const unsigned char kLessonFontBold[];
extern const unsigned int kLessonFontBold_size;

namespace ui {

namespace {

Fonts g_fonts;

// Keep in sync with scripts/subset-fonts.
const ImWchar kGlyphRanges[] = {
    0x0020, 0x007E, 0x00A0, 0x00FF, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D,
    0x2022, 0x2022, 0x2026, 0x2026, 0x2190, 0x2193, 0x2211, 0x2212, 0x221A, 0x221A,
    0x2248, 0x2248, 0x2260, 0x2260, 0x2264, 0x2265, 0x22C5, 0x22C5, 0};

constexpr float kBodySize = 17.0f;
constexpr float kHeadingSize = 21.0f;
constexpr float kNumbersSize = 24.0f;

ImFont* AddFont(const unsigned char* data, unsigned int size, float pixels) {
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the data is a static array
  config.OversampleH = 2;
  config.OversampleV = 1;
  config.PixelSnapH = false;
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(data), static_cast<int>(size),
                                                    pixels, &config, kGlyphRanges);
}

}  // namespace

bool LoadFonts(float pixel_ratio) {
  if (pixel_ratio <= 0.0f) pixel_ratio = 1.0f;
  if (g_fonts.pixel_ratio == pixel_ratio) return false;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  g_fonts.body = AddFont(kLessonFontRegular, kLessonFontRegular_size, kBodySize * pixel_ratio);
  g_fonts.bold = AddFont(kLessonFontBold, kLessonFontBold_size, kBodySize * pixel_ratio);
  g_fonts.heading = AddFont(kLessonFontBold, kLessonFontBold_size, kHeadingSize * pixel_ratio);
  g_fonts.numbers = AddFont(kLessonFontBold, kLessonFontBold_size, kNumbersSize * pixel_ratio);
  io.Fonts->Build();
  io.FontDefault = g_fonts.body;
  // Glyphs are rasterized at device resolution and drawn at 1/ratio in layout units.
  io.FontGlobalScale = 1.0f / pixel_ratio;
  g_fonts.pixel_ratio = pixel_ratio;
  return true;
}

const Fonts& GetFonts() { return g_fonts; }

void ForgetFonts() { g_fonts = Fonts{}; }

}  // namespace ui
