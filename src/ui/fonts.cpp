#include "ui/fonts.h"

#include <cstdint>
#include <iterator>
#include <vector>

#include <imgui.h>

#include "lesson/text_store.h"

extern const unsigned char kLessonFontRegular[];
extern const unsigned int kLessonFontRegular_size;
extern const unsigned char kLessonFontBold[];
extern const unsigned int kLessonFontBold_size;

namespace ui {

namespace {

// What the atlas always holds: ASCII (typed numbers and answers) and the signs the code writes
// itself (FormatNumber's minus, the arithmetic lines, ImGui's ellipsis). The lesson text adds its
// own characters (see GlyphRanges). Fewer glyphs make a smaller atlas that builds sooner: the web
// widget's first frame waits for it. scripts/subset-fonts keeps more in the font files, so an
// author's text in another Latin language finds its letters.
const ImWchar kBaseRanges[] = {
    0x0020, 0x007E,  // ASCII
    0x00B1, 0x00B1,  // ±
    0x00B7, 0x00B7,  // ·
    0x00D7, 0x00D7,  // ×
    0x00F7, 0x00F7,  // ÷
    0x2013, 0x2014,  // – —
    0x2018, 0x2019,  // ‘ ’
    0x201C, 0x201D,  // “ ”
    0x2022, 0x2022,  // •
    0x2026, 0x2026,  // …
    0x2190, 0x2193,  // arrows
    0x2212, 0x2212,  // −
    0x221A, 0x221A,  // √
    0x2248, 0x2248,  // ≈
    0x22C5, 0x22C5,  // ⋅
};

// kBaseRanges plus every character of the loaded lesson text that ImGui can hold (ImWchar is 16
// bits), zero-terminated, into `ranges`. ImGui reads them when the atlas builds; they must live
// until the next build.
const ImWchar* GlyphRanges(std::vector<ImWchar>& ranges) {
  ranges.assign(std::begin(kBaseRanges), std::end(kBaseRanges));
  for (const uint32_t code : lesson::LessonText().NonAsciiCodePoints()) {
    if (code > 0xFFFF) continue;
    const auto glyph = static_cast<ImWchar>(code);
    ranges.push_back(glyph);  // a range of one; a glyph already listed is packed once
    ranges.push_back(glyph);
  }
  ranges.push_back(0);
  return ranges.data();
}

constexpr float kBodySize = 17.0f;
constexpr float kHeadingSize = 21.0f;
constexpr float kNumbersSize = 24.0f;

ImFont* AddFont(const unsigned char* data, unsigned int size, float pixels, const ImWchar* ranges) {
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the data is a static array
  config.OversampleH = 2;
  config.OversampleV = 1;
  config.PixelSnapH = false;
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(data), static_cast<int>(size), pixels,
                                                    &config, ranges);
}

}  // namespace

bool LoadFonts(Context& ctx, float pixel_ratio) {
  if (pixel_ratio <= 0.0f) pixel_ratio = 1.0f;
  if (ctx.fonts.pixel_ratio == pixel_ratio) return false;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const ImWchar* ranges = GlyphRanges(ctx.glyph_ranges);
  ctx.fonts.body = AddFont(kLessonFontRegular, kLessonFontRegular_size, kBodySize * pixel_ratio, ranges);
  ctx.fonts.bold = AddFont(kLessonFontBold, kLessonFontBold_size, kBodySize * pixel_ratio, ranges);
  ctx.fonts.heading = AddFont(kLessonFontBold, kLessonFontBold_size, kHeadingSize * pixel_ratio, ranges);
  ctx.fonts.numbers = AddFont(kLessonFontBold, kLessonFontBold_size, kNumbersSize * pixel_ratio, ranges);
  io.Fonts->Build();
  io.FontDefault = ctx.fonts.body;
  // Glyphs are rasterized at device resolution and drawn at 1/ratio in layout units.
  io.FontGlobalScale = 1.0f / pixel_ratio;
  ctx.fonts.pixel_ratio = pixel_ratio;
  return true;
}

void ForgetFonts(Context& ctx) { ctx.fonts = Fonts{}; }

}  // namespace ui
