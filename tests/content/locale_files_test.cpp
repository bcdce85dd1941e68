// Every locale's lesson file: each folder of assets/lesson/ is a locale the widget and the web
// loader list, each translation is whole and well formed (the same keys as English, the same
// {fields}, the walkthrough's actions untouched, the Mask sentence's repeated word), and Spanish
// numbers take a decimal comma; each locale's page words name the language as the widget does.
// Native only: it reads the files from the source tree.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "lesson/builtin_text.h"
#include "lesson/locale.h"
#include "lesson/scenes/compare/compare.h"
#include "lesson/scenes/mask/mask.h"
#include "lesson/text_store.h"

namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot read " << path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string LocalePath(const std::string& code, const std::string& name = lesson::kLessonFileName) {
  return std::string(ATTN_LESSON_DIR) + "/" + lesson::LocaleFile(code, name);
}

lesson::TextStore English() {
  lesson::TextStore english;
  lesson::LoadBuiltInText(english);
  return english;
}

// The {fields} of a text, each as often as it appears.
std::multiset<std::string> Fields(const std::string& text) {
  static const std::regex field(R"(\{[a-z0-9_]+\})");
  std::multiset<std::string> found;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), field); it != std::sregex_iterator(); ++it) {
    found.insert(it->str());
  }
  return found;
}

// The widget's words for the length of a test case: the built-in English, then `locale`'s file over
// them. The English words come back afterwards for the other tests.
struct WordsOf {
  explicit WordsOf(const std::string& locale) {
    lesson::TextStore& text = lesson::LessonText();
    text.Clear();
    lesson::LoadBuiltInText(text);
    if (locale == "en") return;
    for (const std::string& name : lesson::LessonFileNames()) {
      for (std::string& warning : lesson::LoadTranslation(text, LocalePath(locale, name), ReadFile(LocalePath(locale, name)))) {
        warnings.push_back(std::move(warning));
      }
    }
  }
  ~WordsOf() {
    lesson::LessonText().Clear();
    lesson::LoadBuiltInText(lesson::LessonText());
  }
  std::vector<std::string> warnings;
};

}  // namespace

TEST_CASE("the locales are English first, and a folder of assets/lesson/ for each other one") {
  REQUIRE(!lesson::Locales().empty());
  CHECK(std::string(lesson::Locales().front().code) == "en");
  std::set<std::string> listed;
  for (const lesson::Locale& locale : lesson::Locales()) {
    if (std::string(locale.code) != "en") listed.insert(locale.code);
  }
  std::set<std::string> folders;
  for (const auto& entry : std::filesystem::directory_iterator(ATTN_LESSON_DIR)) {
    if (entry.is_directory() && std::filesystem::exists(entry.path() / "lesson.txt")) {
      folders.insert(entry.path().filename().string());
    }
  }
  CHECK(listed == folders);
  CHECK(lesson::LocaleFile("en") == "lesson.txt");
  CHECK(lesson::LocaleFile("es") == "es/lesson.txt");
  CHECK(lesson::LocaleFile("es", lesson::kFurtherFileName) == "es/further.txt");
  CHECK(lesson::LocaleFile("en", lesson::kFurtherFileName) == "further.txt");
  CHECK(lesson::IsLocale("es"));
  CHECK_FALSE(lesson::IsLocale("fr"));
  CHECK_FALSE(lesson::IsLocale(""));
  CHECK(lesson::LocaleCodes() == "en, es");
}

TEST_CASE("the web loader knows the same locales (web/js/downloads.js LOCALES)") {
  const std::string loader = ReadFile(ATTN_DOWNLOADS_JS);
  const std::regex list(R"(export const LOCALES = \[([^\]]*)\];)");
  std::smatch found;
  REQUIRE(std::regex_search(loader, found, list));
  std::string expected;
  for (const lesson::Locale& locale : lesson::Locales())
    expected += (expected.empty() ? "'" : ", '") + std::string(locale.code) + "'";
  CHECK(found[1].str() == expected);
}

TEST_CASE("each locale's page words (page.txt beside its lesson.txt) name the language as the widget does") {
  const std::regex language(R"((?:^|\n)language = ([^\n]*)\n)");
  for (const lesson::Locale& locale : lesson::Locales()) {
    const std::string code = locale.code;
    CAPTURE(code);
    const std::string file = std::string(ATTN_LESSON_DIR) + "/" + (code == "en" ? "" : code + "/") + "page.txt";
    const std::string words = ReadFile(file);
    std::smatch found;
    REQUIRE_MESSAGE(std::regex_search(words, found, language), file << " has no \"language = \" line");
    CHECK(found[1].str() == locale.name);
  }
}

TEST_CASE("every translation has exactly the English keys, each in the file of its name, their fields, and the walkthrough's actions") {
  const lesson::TextStore english = English();
  // "lesson.txt" of "built-in lesson.txt:12" or ".../es/lesson.txt:12".
  const auto file_of = [](const std::string& where) {
    const std::string file = where.substr(0, where.rfind(':'));
    return file.substr(file.find_last_of("/ ") + 1);
  };
  for (const lesson::Locale& locale : lesson::Locales()) {
    const std::string code = locale.code;
    if (code == "en") continue;
    CAPTURE(code);
    lesson::TextStore translation;
    for (const std::string& name : lesson::LessonFileNames()) translation.Load(LocalePath(code, name), ReadFile(LocalePath(code, name)));
    for (const lesson::TextError& error : translation.errors()) FAIL_CHECK(error.ToString());
    for (const std::string& key : lesson::MissingKeys(english, translation)) FAIL_CHECK("no " << key);
    for (const std::string& key : lesson::MissingKeys(translation, english)) FAIL_CHECK("unknown key " << key);
    for (const std::string& key : translation.Keys()) {
      if (english.Has(key)) CHECK_MESSAGE(file_of(translation.Where(key)) == file_of(english.Where(key)), key);
    }
    // The lesson widget's check of a translation (attn_text_complete): its lesson.txt alone.
    lesson::TextStore lesson_file;
    lesson_file.Load(LocalePath(code), ReadFile(LocalePath(code)));
    CHECK(lesson::KeySetHash(lesson_file) == lesson::kEnglishKeySetHash);
    static const std::regex action(R"(walkthrough\.step[0-9]+\.play)");
    for (const std::string& key : english.Keys()) {
      if (!translation.Has(key)) continue;
      CAPTURE(key);
      CHECK(Fields(translation.Get(key)) == Fields(english.Get(key)));
      if (std::regex_match(key, action)) CHECK(translation.Get(key) == english.Get(key));
    }
    // The Mask scene's first and fifth tokens share a query and a key: one word twice.
    CHECK(translation.Get("mask.token1") == translation.Get("mask.token5"));
    CHECK(translation.Get("widget.decimal_mark").size() == 1);
  }
}

TEST_CASE("Spanish writes numbers with a decimal comma, and the mask's sentence in Spanish") {
  const WordsOf spanish("es");
  CHECK(spanish.warnings.empty());
  CHECK(lesson::DecimalMark() == ',');
  CHECK(lesson::Num(0.25) == "0,25");
  CHECK(lesson::Num(18.0) == "18");
  CHECK(lesson::Num(-1.5) == "-1,5");
  CHECK(lesson::Num(std::numeric_limits<double>::quiet_NaN()) == "indefinido");
  const attention::Combination worked = attention::Combine({10.0, 20.0}, {0.2, 0.8});
  CHECK(lesson::LocalArithmetic(attention::FormatCombination(worked)) == "10 × 0,2 + 20 × 0,8 = 2 + 16 = 18");
  CHECK(lesson::LocalArithmetic(attention::FormatSum(attention::Combination())) == "ninguna posición disponible");
  CHECK(lesson::FormatSigned(-0.5) == "\u22120,5");
  CHECK(lesson::FormatPoint({0.5, -1.0}) == "(0,5; \u22121)");  // a comma would part the coordinates
  CHECK(lesson::MaskToken(0) == "el");
  CHECK(lesson::MaskToken(4) == "el");
  CHECK(lesson::MaskToken(6) == "<pad>");
}
