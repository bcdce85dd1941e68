// The locales' machinery (src/lesson/locale.h): the English keys' hash the web build compiles in,
// a translation that lacks keys showing them in English with a warning naming each, and the
// decimal mark. The lesson files of every locale are checked in tests/content/locale_files_test.cpp.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "lesson/builtin_text.h"
#include "lesson/locale.h"
#include "lesson/scenes/compare/compare.h"
#include "lesson/scenes/mask/mask.h"
#include "lesson/text_store.h"

namespace {

lesson::TextStore English() {
  lesson::TextStore english;
  lesson::LoadBuiltInText(english);
  return english;
}

void UseEnglishWords() {
  lesson::LessonText().Clear();
  lesson::LoadBuiltInText(lesson::LessonText());
}

}  // namespace

TEST_CASE("the build's hash of the English keys is KeySetHash of the parsed English file") {
  const lesson::TextStore english = English();
  REQUIRE(english.errors().empty());
  CHECK(lesson::KeySetHash(english) == lesson::kEnglishKeySetHash);
  // One key more or less changes it.
  lesson::TextStore more = English();
  more.Load("extra", "zzz.extra = x\n");
  CHECK(lesson::KeySetHash(more) != lesson::kEnglishKeySetHash);
}

TEST_CASE("English keeps the decimal point, and a decimal mark the widget cannot use is a point") {
  {
    UseEnglishWords();
    CHECK(lesson::DecimalMark() == '.');
    CHECK(lesson::Num(0.25) == "0.25");
    CHECK(lesson::FormatPoint({0.5, -1.0}) == "(0.5, \u22121)");
    CHECK(lesson::MaskToken(0) == "the");
  }
  for (const char* mark : {"", "ab", "5", "-", "+", "\xC2\xB7"}) {
    CAPTURE(mark);
    lesson::LessonText().Load("marks", std::string("widget.decimal_mark = ") + mark + "\n");
    CHECK(lesson::DecimalMark() == '.');
    lesson::LessonText().Clear();
  }
  lesson::LoadBuiltInText(lesson::LessonText());
}

TEST_CASE("a translation that lacks keys shows them in English, with a warning naming each") {
  lesson::TextStore store = English();
  const std::string file = "lesson/xx/lesson.txt";
  const std::vector<std::string> warnings = lesson::LoadTranslation(store, file,
                                                                    "[widget]\n"
                                                                    "widget.scene.compare = Comparar\n"
                                                                    "widget.scene.compre = typo\n");
  CHECK(store.Get("widget.scene.compare") == "Comparar");
  CHECK(store.Get("widget.scene.combine") == "Combine");  // English
  const size_t english_keys = English().Keys().size();
  REQUIRE(warnings.size() == 20 + 1 + 1);
  CHECK(warnings.front().find(file + " has no ") == 0);
  CHECK(warnings.front().find(": it shows in English") != std::string::npos);
  CHECK(warnings[20] == file + " lacks " + std::to_string(english_keys - 1 - 20) +
                            " more keys of the English file: they show in English");
  CHECK(warnings[21] == file + ":3: widget.scene.compre is not a key of the English file; it is not used");
}

TEST_CASE("a malformed section of a translation is reported and its keys show in English") {
  lesson::TextStore store = English();
  const std::vector<std::string> warnings = lesson::LoadTranslation(store, "t.txt",
                                                                    "[widget]\n"
                                                                    "widget.scene.compare = Comparar\n"
                                                                    "[mask]\n"
                                                                    "mask.title = Máscaras\n"
                                                                    "this line is wrong\n");
  CHECK(store.Get("widget.scene.compare") == "Comparar");
  CHECK(store.Get("mask.title") == English().Get("mask.title"));
  REQUIRE(store.errors().size() == 1);
  CHECK(store.errors().front().ToString() == "t.txt:5: expected 'key = value' (nothing from section [mask] is used)");
  CHECK(!warnings.empty());
}

TEST_CASE("with no English words to compare with (the web, a whole translation), nothing is warned") {
  lesson::TextStore store;
  CHECK(lesson::LoadTranslation(store, "t.txt", "a.b = c\n").empty());
  CHECK(store.Get("a.b") == "c");
}
