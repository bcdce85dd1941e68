// The locales' machinery (src/lesson/locale.h): the English keys' hash the web build compiles in,
// a translation that lacks keys showing them in English with a warning naming each, and the
// decimal mark. The lesson files of every locale are checked in tests/content/locale_files_test.cpp.
#include <doctest/doctest.h>

#include <cmath>
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

// The English lesson.txt alone (not further.txt): what the lesson's web widget reads.
lesson::TextStore EnglishLessonFile() {
  lesson::TextStore english;
  english.Load("built-in lesson.txt", std::string(lesson::kBuiltInLessonText, lesson::kBuiltInLessonTextSize));
  return english;
}

void UseEnglishWords() {
  lesson::LessonText().Clear();
  lesson::LoadBuiltInText(lesson::LessonText());
}

}  // namespace

TEST_CASE("the build's hash of the English keys is KeySetHash of the parsed English lesson.txt") {
  const lesson::TextStore english = EnglishLessonFile();
  REQUIRE(english.errors().empty());
  CHECK(lesson::KeySetHash(english) == lesson::kEnglishKeySetHash);
  CHECK(lesson::KeySetHash(English()) != lesson::kEnglishKeySetHash);  // further.txt's keys are not in it
  // One key more or less changes it.
  lesson::TextStore more = EnglishLessonFile();
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

TEST_CASE("FixedNum writes exactly the decimals asked for, with the locale's decimal mark") {
  UseEnglishWords();
  CHECK(lesson::FixedNum(0.8, 2) == "0.80");
  CHECK(lesson::FixedNum(0.83, 2) == "0.83");
  CHECK(lesson::FixedNum(1.0, 2) == "1.00");
  CHECK(lesson::FixedNum(0.834, 2) == "0.83");
  CHECK(lesson::FixedNum(-0.001, 2) == "0.00");
  CHECK(lesson::FixedNum(-0.5, 3) == "-0.500");
  CHECK(lesson::FixedNum(0.8, 0) == "1");
  CHECK(lesson::FixedNum(2e15, 2) == lesson::Num(2e15, 2));
  CHECK(lesson::FixedNum(std::nan(""), 2) == lesson::Num(std::nan(""), 2));
  lesson::LessonText().Load("marks", "widget.decimal_mark = ,\n");
  REQUIRE(lesson::DecimalMark() == ',');
  CHECK(lesson::FixedNum(0.8, 2) == "0,80");
  CHECK(lesson::FixedNum(3.0, 1) == "3,0");
  UseEnglishWords();
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
  const size_t english_keys = EnglishLessonFile().Keys().size();  // further.txt's are not counted
  REQUIRE(warnings.size() == 20 + 1 + 1);
  CHECK(warnings.front().find(file + " has no ") == 0);
  CHECK(warnings.front().find(": it shows in English") != std::string::npos);
  CHECK(warnings[20] == file + " lacks " + std::to_string(english_keys - 1 - 20) +
                            " more keys of the English file: they show in English");
  CHECK(warnings[21] == file + ":3: widget.scene.compre is not a key of the English file; it is not used");
}

TEST_CASE("a translation's further.txt is compared with the English further.txt only") {
  lesson::TextStore store = English();
  const std::vector<std::string> warnings =
      lesson::LoadTranslation(store, "lesson/xx/further.txt", "[heads]\nheads.title = Cabezas\n");
  CHECK(store.Get("heads.title") == "Cabezas");
  // The English further.txt's keys but the one given: 20 named, one line for the rest.
  lesson::TextStore further;
  further.Load("built-in further.txt", std::string(lesson::kBuiltInFurtherText, lesson::kBuiltInFurtherTextSize));
  REQUIRE(further.Keys().size() > 22);
  REQUIRE(warnings.size() == 21);
  CHECK(warnings[0] == "lesson/xx/further.txt has no " + further.Keys()[0] + ": it shows in English");
  CHECK(warnings[20] == "lesson/xx/further.txt lacks " + std::to_string(further.Keys().size() - 1 - 20) +
                            " more keys of the English file: they show in English");
  // And a whole lesson.txt warns of nothing that further.txt holds.
  lesson::TextStore again = English();
  const std::string spanish = "lesson/xx/lesson.txt";
  lesson::TextStore whole = EnglishLessonFile();
  std::string text;
  for (const std::string& key : whole.Keys()) text += key + " = x\n";
  CHECK(lesson::LoadTranslation(again, spanish, text).empty());
  // The Go-further widget on the web with a whole translation: the English further.txt only, then
  // the translated lesson.txt, which has nothing to be compared with.
  lesson::TextStore web;
  web.Load("lesson/further.txt", std::string(lesson::kBuiltInFurtherText, lesson::kBuiltInFurtherTextSize));
  CHECK(lesson::LoadTranslation(web, spanish, text).empty());
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

TEST_CASE("the pseudo-locale: every key, about 40 % longer, accented, its fields and the actions kept") {
  const lesson::TextStore english = English();
  lesson::TextStore pseudo = English();
  const std::string text = lesson::PseudoLocaleText(english);
  CHECK(lesson::LoadTranslation(pseudo, lesson::kPseudoLocale, text).empty());
  CHECK(pseudo.errors().empty());
  size_t english_bytes = 0;
  size_t pseudo_bytes = 0;
  for (const std::string& key : english.Keys()) {
    CAPTURE(key);
    const std::string& before = english.Get(key);
    const std::string& after = pseudo.Get(key);
    if (key.rfind("walkthrough.step", 0) == 0 && key.size() > 5 && key.compare(key.size() - 5, 5, ".play") == 0) {
      CHECK(after == before);  // program syntax
      continue;
    }
    if (key == "widget.decimal_mark") {
      CHECK(after == before);
      continue;
    }
    // Each {field} is still there, as often.
    for (size_t at = before.find('{'); at != std::string::npos; at = before.find('{', at + 1)) {
      const std::string field = before.substr(at, before.find('}', at) - at + 1);
      CHECK(after.find(field) != std::string::npos);
    }
    CHECK(after.front() == '[');
    CHECK(after.back() == ']');
    english_bytes += before.size();
    pseudo_bytes += after.size();
  }
  CHECK(pseudo.Get("widget.scene.compare").find("\xC3\x87\xC3\xB3mp\xC3\xA1r\xC3\xA9") !=
        std::string::npos);  // Çómpáré
  // Longer by at least 40 % in characters (accents take two bytes each, so more in bytes).
  CHECK(static_cast<double>(pseudo_bytes) >= 1.4 * static_cast<double>(english_bytes));
  CHECK(pseudo.Get("mask.token1") == pseudo.Get("mask.token5"));
}
