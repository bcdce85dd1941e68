#include <doctest/doctest.h>

#include <cstdint>
#include <ios>
#include <string>

#include <imgui.h>

#include "lesson/builtin_text.h"
#include "lesson/text_store.h"
#include "ui/fonts.h"

namespace {

// Builds the fonts for whatever lesson text is loaded, in a context of their own.
struct BuiltFonts {
  explicit BuiltFonts(float ratio) {
    context = ImGui::CreateContext();
    ui::LoadFonts(ui, ratio);
    unsigned char* pixels = nullptr;
    ImGui::GetIO().Fonts->GetTexDataAsAlpha8(&pixels, &width, &height);
  }
  ~BuiltFonts() {
    ImGui::DestroyContext(context);
    ui::ForgetFonts(ui);
  }
  ui::Context ui;
  ImGuiContext* context = nullptr;
  int width = 0;
  int height = 0;
};

bool HasGlyph(ImFont* font, unsigned code) { return font->FindGlyphNoFallback(static_cast<ImWchar>(code)) != nullptr; }

}  // namespace

TEST_CASE("every character of the lesson text has a glyph in every lesson font") {
  lesson::TextStore& text = lesson::LessonText();
  text.Clear();
  lesson::LoadBuiltInText(text);
  REQUIRE(text.Load("author.txt", "author.note = Caf\xC3\xA9 na\xC3\xAFve \xE2\x86\x92 \xC3\x85ngstr\xC3\xB6m\n"));
  const auto used = text.NonAsciiCodePoints();
  REQUIRE(!used.empty());
  BuiltFonts built(1.0f);
  const ui::Fonts& fonts = built.ui.fonts;
  for (ImFont* font : {fonts.body, fonts.bold, fonts.heading, fonts.numbers}) {
    REQUIRE(font != nullptr);
    for (unsigned code = 0x20; code <= 0x7E; ++code) CHECK(HasGlyph(font, code));
    for (uint32_t code : used) {
      INFO("U+" << std::hex << code);
      CHECK(HasGlyph(font, code));
    }
    CHECK(HasGlyph(font, 0x2212));  // the minus sign numbers are written with
    CHECK(HasGlyph(font, 0x00D7));  // the multiplication sign of the arithmetic lines
  }
  text.Clear();
}

TEST_CASE("the atlas holds only what is used: a letter no text uses is left out") {
  lesson::TextStore& text = lesson::LessonText();
  text.Clear();
  lesson::LoadBuiltInText(text);
  // The font files carry Latin-1 letters such as ß; the built-in text does not use it.
  REQUIRE(text.Get("compare.title").find("\xC3\x9F") == std::string::npos);
  int plain_height = 0;
  {
    BuiltFonts built(1.0f);
    CHECK_FALSE(HasGlyph(built.ui.fonts.body, 0xDF));
    plain_height = built.height;
  }
  // Text that uses many more letters gets them, in a bigger atlas.
  std::string letters = "author.letters =";
  for (unsigned code = 0xC0; code <= 0xFF; ++code) {
    letters += ' ';
    letters += static_cast<char>(0xC0 | (code >> 6));
    letters += static_cast<char>(0x80 | (code & 0x3F));
  }
  REQUIRE(text.Load("author.txt", letters + "\n"));
  {
    BuiltFonts built(1.0f);
    CHECK(HasGlyph(built.ui.fonts.body, 0xDF));
    CHECK(built.height > plain_height);
  }
  text.Clear();
}
