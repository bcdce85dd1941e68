#include <doctest/doctest.h>

#include <string>

#include "lesson/builtin_text.h"
#include "lesson/text_store.h"

using lesson::TextError;
using lesson::TextStore;

TEST_CASE("a text file maps keys to values with indented continuation lines") {
  std::map<std::string, std::string> out;
  TextError error;
  const std::string text =
      "# comment\n"
      "a.title = Compare\n"
      "a.body = First line\n"
      "  continues here.\n"
      "  .\n"
      "  New paragraph.\n";
  REQUIRE(lesson::ParseTextFile("a.txt", text, &out, &error));
  CHECK(out["a.title"] == "Compare");
  CHECK(out["a.body"] == "First line continues here.\n\nNew paragraph.");
}

TEST_CASE("a line without an equals sign is reported with its file and line") {
  std::map<std::string, std::string> out;
  TextError error;
  CHECK_FALSE(lesson::ParseTextFile("mask.txt", "a = 1\n\nthis line is wrong\n", &out, &error));
  CHECK(error.ToString() == "mask.txt:3: expected 'key = value'");
  CHECK(out.empty());
}

TEST_CASE("duplicate keys, bad key characters and stray indentation are reported") {
  std::map<std::string, std::string> out;
  TextError error;
  CHECK_FALSE(lesson::ParseTextFile("f", "a = 1\na = 2\n", &out, &error));
  CHECK(error.line == 2);
  CHECK(error.message == "key 'a' appears twice");
  CHECK_FALSE(lesson::ParseTextFile("f", "Bad Key = 1\n", &out, &error));
  CHECK(error.line == 1);
  CHECK_FALSE(lesson::ParseTextFile("f", "  orphan\n", &out, &error));
  CHECK(error.message == "indented line continues nothing: start with 'key = value'");
}

TEST_CASE("text that is not UTF-8 is refused") {
  std::map<std::string, std::string> out;
  TextError error;
  CHECK_FALSE(lesson::ParseTextFile("f", "a = caf\xE9\n", &out, &error));
  CHECK(error.message == "not valid UTF-8 text");
  CHECK(lesson::ParseTextFile("f", "a = caf\xC3\xA9\r\n", &out, &error));
  CHECK(out["a"] == "caf\xC3\xA9");
}

TEST_CASE("a malformed override keeps the earlier text and is listed as an error") {
  TextStore store;
  REQUIRE(store.Load("built-in mask.txt", "mask.title = Masks\n"));
  CHECK_FALSE(store.Load("lesson/mask.txt", "mask.title = Edited\nbroken\n"));
  CHECK(store.Get("mask.title") == "Masks");
  REQUIRE(store.errors().size() == 1);
  CHECK(store.errors()[0].ToString() == "lesson/mask.txt:2: expected 'key = value'");
  CHECK(store.Load("lesson/mask.txt", "mask.title = Edited\n"));
  CHECK(store.Get("mask.title") == "Edited");
}

TEST_CASE("a missing key shows itself in brackets instead of an empty string") {
  TextStore store;
  CHECK(store.Get("nowhere.key") == "[nowhere.key]");
}

TEST_CASE("every built-in lesson text file parses") {
  TextStore store;
  lesson::LoadBuiltInText(store);
  for (const TextError& error : store.errors()) FAIL_CHECK(error.ToString());
  CHECK(store.errors().empty());
  CHECK(store.Has("widget.scene.compare"));
  CHECK(store.Has("combine.title"));
}

TEST_CASE("fill replaces every placeholder with its field's value") {
  CHECK(lesson::Fill("{a} and {b}, then {a} again", {{"a", "0.34"}, {"b", "storm"}}) ==
        "0.34 and storm, then 0.34 again");
}

TEST_CASE("fill leaves placeholders without a field and text without placeholders as they are") {
  CHECK(lesson::Fill("weight {weight} at {pos}", {{"weight", "0.5"}}) == "weight 0.5 at {pos}");
  CHECK(lesson::Fill("no placeholders", {{"weight", "0.5"}}) == "no placeholders");
  CHECK(lesson::Fill("{weight}", {}) == "{weight}");
  CHECK(lesson::Fill("", {{"weight", "0.5"}}).empty());
}

TEST_CASE("fill does not expand a value that holds its own placeholder") {
  CHECK(lesson::Fill("[{x}] [{x}]", {{"x", "{x}"}}) == "[{x}] [{x}]");
  CHECK(lesson::Fill("{x}", {{"x", ""}}).empty());
}

TEST_CASE("a malformed section of a file is reported with the file's line; the other sections are used") {
  TextStore store;
  REQUIRE(store.Load("built-in lesson.txt", "[compare]\ncompare.title = Compare\n[mask]\nmask.title = Masks\n"));
  const std::string edited =
      "# the author's copy\n"
      "[compare]\n"
      "compare.title = Edited compare\n"
      "\n"
      "[mask]\n"
      "mask.title = Edited masks\n"
      "broken\n";
  CHECK_FALSE(store.Load("lesson/lesson.txt", edited));
  CHECK(store.Get("compare.title") == "Edited compare");
  CHECK(store.Get("mask.title") == "Masks");
  REQUIRE(store.errors().size() == 1);
  CHECK(store.errors()[0].ToString() ==
        "lesson/lesson.txt:7: expected 'key = value' (nothing from section [mask] is used)");
}

TEST_CASE("a key may appear in only one section of a file") {
  TextStore store;
  CHECK_FALSE(store.Load("f", "[a]\nx.one = 1\n[b]\ny.two = 2\nx.one = 3\n"));
  CHECK(store.Get("x.one") == "1");
  CHECK_FALSE(store.Has("y.two"));
  REQUIRE(store.errors().size() == 1);
  CHECK(store.errors()[0].line == 5);
  CHECK(store.errors()[0].message == "key 'x.one' appears twice (nothing from section [b] is used)");
}

TEST_CASE("only a whole line \"[name]\" of a-z, 0-9 and '_' starts a section") {
  const auto sections = lesson::SplitSections("\xEF\xBB\xBF[first]\na = 1\n[Bad]\n[]\n[second_2]  \r\nb = 2\n[x] y\n");
  REQUIRE(sections.size() == 3);
  CHECK(sections[0].name.empty());
  CHECK(sections[0].text.empty());
  CHECK(sections[1].name == "first");
  CHECK(sections[1].first_line == 2);
  CHECK(sections[1].text == "a = 1\n[Bad]\n[]\n");
  CHECK(sections[2].name == "second_2");
  CHECK(sections[2].first_line == 6);
  CHECK(sections[2].text == "b = 2\n[x] y\n");
}

TEST_CASE("UTF-8 character lengths reject overlong forms, surrogates and cut-off characters") {
  CHECK(lesson::Utf8CharLength("a", 0) == 1);
  CHECK(lesson::Utf8CharLength("\xC3\xA9", 0) == 2);
  CHECK(lesson::Utf8CharLength("\xE2\x88\x92", 0) == 3);
  CHECK(lesson::Utf8CharLength("\xF0\x9F\x99\x82", 0) == 4);
  CHECK(lesson::Utf8CharLength("\xC0\xAF", 0) == 0);      // overlong '/'
  CHECK(lesson::Utf8CharLength("\xED\xA0\x80", 0) == 0);  // surrogate U+D800
  CHECK(lesson::Utf8CharLength("\xE2\x88", 0) == 0);      // cut off
  CHECK(lesson::Utf8CharLength("\x80", 0) == 0);          // stray continuation byte
}

TEST_CASE("the loaded text reports each character outside ASCII once, in order, for the font atlas") {
  lesson::TextStore store;
  CHECK(store.NonAsciiCodePoints().empty());
  REQUIRE(
      store.Load("a.txt", "a.one = caf\xC3\xA9 \xE2\x88\x92 2\nb.two = \xE2\x86\x92 caf\xC3\xA9 \xF0\x9F\x99\x82\n"));
  CHECK(store.NonAsciiCodePoints() == std::vector<uint32_t>{0xE9, 0x2192, 0x2212, 0x1F642});
  REQUIRE(store.Load("b.txt", "plain = only ascii here\n"));
  CHECK(store.NonAsciiCodePoints().size() == 4);
  store.Clear();
  CHECK(store.NonAsciiCodePoints().empty());
}
