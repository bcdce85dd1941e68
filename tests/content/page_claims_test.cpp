// The lesson page's and the lesson file's worked numbers, checked against the attention core:
// every "a × b + c × d = e" and "a + b = c" they write is computed again, the page's worked
// table is the Combine scene as it opens, and the page's Compare section names the question
// and the answer the Compare scene holds; the Learn section's words and claims are the Learn
// scene's.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "lesson/builtin_text.h"
#include "lesson/scenes/combine/combine.h"
#include "lesson/scenes/compare/compare.h"
#include "lesson/scenes/learn/learn.h"
#include "lesson/text_store.h"

namespace {

std::string ReadFile(const char* path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot read " << path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Page() { return ReadFile(ATTN_INDEX_HTML); }
std::string LessonFile() { return ReadFile(ATTN_LESSON_FILE); }

// The text between the first `from` and the next `to` after it.
std::string Between(const std::string& text, const std::string& from, const std::string& to) {
  const size_t start = text.find(from);
  REQUIRE_MESSAGE(start != std::string::npos, "no " << from);
  const size_t end = text.find(to, start);
  REQUIRE_MESSAGE(end != std::string::npos, "no " << to << " after " << from);
  return text.substr(start, end - start);
}

const std::string kNumber = R"((\d+(?:\.\d+)?))";

// Checks every "a × b + c × d = e" and "a × b + c × d = p + q = e" in `text` with
// attention::Combine; returns how many it found.
int CheckWeightedSums(const std::string& text) {
  const std::regex sum(kNumber + " × " + kNumber + R"( \+ )" + kNumber + " × " + kNumber + " = (?:" + kNumber +
                       R"( \+ )" + kNumber + " = )?" + kNumber);
  int found = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), sum); it != std::sregex_iterator(); ++it, ++found) {
    const std::smatch& m = *it;
    CAPTURE(m.str());
    const attention::Combination c =
        attention::Combine({std::stod(m[1]), std::stod(m[3])}, {std::stod(m[2]), std::stod(m[4])});
    if (m[5].matched) {
      CHECK(c.terms[0].product == doctest::Approx(std::stod(m[5])));
      CHECK(c.terms[1].product == doctest::Approx(std::stod(m[6])));
    }
    CHECK(c.output == doctest::Approx(std::stod(m[7])));
  }
  return found;
}

// Checks every "a + b = c" that is not part of a longer expression; returns how many it found.
int CheckSums(const std::string& text) {
  const std::regex sum(R"((^|[^\d.×] ?))" + kNumber + R"( \+ )" + kNumber + " = " + kNumber + R"((?![\d×]))");
  int found = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), sum); it != std::sregex_iterator(); ++it, ++found) {
    const std::smatch& m = *it;
    CAPTURE(m.str());
    CHECK(std::stod(m[2]) + std::stod(m[3]) == doctest::Approx(std::stod(m[4])));
  }
  return found;
}

double Cell(const std::string& row, int column) {
  const std::regex cell(R"(<td>([^<]*)</td>)");
  int index = 0;
  for (auto it = std::sregex_iterator(row.begin(), row.end(), cell); it != std::sregex_iterator(); ++it, ++index) {
    if (index == column) return std::stod((*it)[1]);
  }
  FAIL("row has no cell " << column << ": " << row);
  return 0.0;
}

}  // namespace

TEST_CASE("every weighted sum and every sum the page and the lesson file write is right") {
  CHECK(CheckWeightedSums(Page()) >= 1);
  CHECK(CheckSums(Page()) >= 2);
  CHECK(CheckWeightedSums(LessonFile()) + CheckSums(LessonFile()) >= 1);
}

TEST_CASE("the page's worked table is the Combine scene as it opens, combined by the core") {
  const std::string table = Between(Page(), "<table class=\"worked\">", "</table>");
  const std::string first = Between(table, "<th scope=\"row\">First</th>", "</tr>");
  const std::string second = Between(table, "<th scope=\"row\">Second</th>", "</tr>");
  const std::string total = Between(table, "<th scope=\"row\">Output</th>", "</tr>");
  const lesson::CombineScene scene;
  CHECK(Cell(first, 0) == scene.first_value);
  CHECK(Cell(first, 1) == scene.first_weight);
  CHECK(Cell(second, 0) == scene.second_value);
  CHECK(Cell(second, 1) == scene.second_weight);
  const attention::Combination c = lesson::ComputeCombine(scene);
  REQUIRE(c.terms.size() == 2);
  CHECK(Cell(first, 2) == doctest::Approx(c.terms[0].product));
  CHECK(Cell(second, 2) == doctest::Approx(c.terms[1].product));
  CHECK(Cell(total, 1) == doctest::Approx(scene.first_weight + scene.second_weight));
  CHECK(Cell(total, 2) == doctest::Approx(c.output));
  // "much nearer to 20, which carries four times the weight"
  const std::string after = Between(Page(), "</table>", "</section>");
  REQUIRE(after.find("four times the weight") != std::string::npos);
  CHECK(scene.second_weight / scene.first_weight == doctest::Approx(4.0));
  CHECK(std::fabs(c.output - scene.second_value) < std::fabs(c.output - scene.first_value));
}

TEST_CASE("the page's Compare section asks the scene's question and moves the output toward the bus sentence's value") {
  lesson::TextStore store;
  lesson::LoadBuiltInText(store);
  const std::string section = Between(Page(), "<section aria-labelledby=\"compare\">", "</section>");
  CHECK(section.find("“" + store.Get("compare.question") + "”") != std::string::npos);
  const lesson::CompareScene scene;
  const std::string answer = attention::FormatNumber(scene.keys[lesson::kCompareAnswerKey].value);
  CHECK(section.find("the output move toward " + answer) != std::string::npos);
  CHECK(section.find(store.Get("compare.key" + std::to_string(lesson::kCompareAnswerKey))) != std::string::npos);
}

TEST_CASE("the page's Learn section: the scene's words, and what the model does before and after Train") {
  lesson::LessonText().Clear();
  lesson::LoadBuiltInText(lesson::LessonText());
  const std::string section = Between(Page(), "<section aria-labelledby=\"learn-where\">", "</section>");
  const learn::Paragraph paragraph = learn::LessonParagraph();
  CHECK(learn::kSentences == 4);
  REQUIRE(section.find("paragraphs of four\n      sentences") != std::string::npos);
  CHECK(section.find("“" + lesson::LearnSentenceText(paragraph.sentences[1]) + "”") != std::string::npos);
  CHECK(section.find("“" + lesson::LearnQuestionText(paragraph.sentences[1].subject) + "”") != std::string::npos);
  // "Press Train: in 300 steps, about a second".
  REQUIRE(section.find("in " + std::to_string(lesson::kLearnRunSteps) + " steps, about a second") != std::string::npos);
  CHECK(lesson::kLearnRunSteps / lesson::kLearnStepsPerSecond == doctest::Approx(1.0).epsilon(0.2));

  // The scene as it opens (its seed): before training, the weight almost even and few answers right.
  lesson::LearnScene scene;
  const learn::Training& before = lesson::LearnTrainingOf(scene);
  CHECK(before.accuracy.back() < 0.5);
  for (const learn::Sentence& asked : paragraph.sentences) {
    for (const double weight : learn::Ask(before.model, paragraph, asked.subject).weights) {
      CHECK(weight == doctest::Approx(0.25).epsilon(0.4));  // within 0.15 .. 0.35
    }
  }
  // After Train: each question's weight on the sentence about its subject, held-out paragraphs answered.
  lesson::SetLearnSteps(scene, lesson::kLearnRunSteps);
  const learn::Training& after = lesson::LearnTrainingOf(scene);
  CHECK(after.accuracy.back() >= 0.95);
  for (int j = 0; j < learn::kSentences; ++j) {
    CHECK(learn::Ask(after.model, paragraph, paragraph.sentences[static_cast<size_t>(j)].subject)
              .weights[static_cast<size_t>(j)] > 0.8);
  }
  // One fact stated twice: about half the weight each; removing either leaves the answer.
  REQUIRE(section.find("each copy gets about half the weight") != std::string::npos);
  const auto removals = learn::RemoveEach(after.model, learn::RepeatedFactParagraph(), 1);
  for (const int copy : {0, 2}) {
    CHECK(removals[static_cast<size_t>(copy)].weight == doctest::Approx(0.5).epsilon(0.2));
    CHECK(removals[static_cast<size_t>(copy)].change < 0.25);
  }
}
