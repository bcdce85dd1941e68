// The lesson pages' and the lesson files' worked numbers, checked against the attention core, in
// every language the lesson has a page in (English and Spanish, whose numbers have a decimal
// comma): every "a × b + c × d = e" and "a + b = c" they write is computed again, the page's
// worked table is the Combine scene as it opens, and the page's Compare section names the question
// and the answer the Compare scene holds; the Learn section's words and claims are the Learn
// scene's. The authors' guide (docs/embedding.md) names every part a state link may hold.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "lesson/builtin_text.h"
#include "lesson/locale.h"
#include "lesson/scene.h"
#include "lesson/scenes/combine/combine.h"
#include "lesson/scenes/compare/compare.h"
#include "lesson/scenes/learn/learn.h"
#include "lesson/scenes/quiz/quiz.h"
#include "lesson/text_store.h"

namespace {

std::string ReadFile(const char* path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot read " << path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A page of the lesson, with its lesson file and the phrases the checks look for in it.
struct LessonPage {
  const char* locale;
  std::string page;         // index.html, es/index.html as the build writes them before their stills
  std::string lesson_file;  // assets/lesson/lesson.txt, assets/lesson/es/lesson.txt
  const char* first_row;    // the worked table's row headers
  const char* second_row;
  const char* output_row;
  const char* four_times;  // "four times the weight"
  const char* toward;      // "the output move toward " + the answer
  const char* four_sentences;
  const char* steps;  // "in {steps} steps, about a second"
  const char* half_weight;
  const char* only_both;  // the copies are redundant: only removing both shows the dependence
  const char* effect_is_not_weight;  // the Caveats section: what a removal's effect depends on
  const char* longer_query;          // the Compare section: what a longer query does to the output
};

std::vector<LessonPage> Pages() {
  return {
      {"en", ReadFile(ATTN_PAGES_DIR "/index.html"), ReadFile(ATTN_LESSON_DIR "/lesson.txt"), "First", "Second", "Output",
       "four times the weight", "the output move toward ", "paragraphs of four\n      sentences",
       "in {steps} steps, about a second", "each copy gets about half the weight",
       "the copies are redundant, so neither the large weights nor removing one copy\n      at a time shows what the answer depends on; only removing both copies does",
       "The effect of removing a position is not its weight", "the output lands near 10"},
      {"es", ReadFile(ATTN_PAGES_DIR "/es/index.html"), ReadFile(ATTN_LESSON_DIR "/es/lesson.txt"), "Primera", "Segunda",
       "Salida", "cuatro veces el peso", "la salida se acerca a ", "párrafos de cuatro frases",
       "en {steps} pasos, alrededor de un segundo", "cada copia recibe más o menos la mitad del peso",
       "las copias son redundantes, así que ni\n      los pesos grandes ni quitar una copia cada vez muestran de qué depende la respuesta; solo\n      quitar las dos lo muestra",
       "El efecto de quitar una posición no es su peso", "la salida queda cerca de 10"},
  };
}

// The widget's words in the page's language: English, and a translation over it.
void UseWordsOf(const LessonPage& page) {
  lesson::LessonText().Clear();
  lesson::LoadBuiltInText(lesson::LessonText());
  if (std::string(page.locale) != "en") {
    const std::vector<std::string> warnings =
        lesson::LoadTranslation(lesson::LessonText(), lesson::LocaleFile(page.locale), page.lesson_file);
    REQUIRE(warnings.empty());
  }
}

// The text between the first `from` and the next `to` after it.
std::string Between(const std::string& text, const std::string& from, const std::string& to) {
  const size_t start = text.find(from);
  REQUIRE_MESSAGE(start != std::string::npos, "no " << from);
  const size_t end = text.find(to, start);
  REQUIRE_MESSAGE(end != std::string::npos, "no " << to << " after " << from);
  return text.substr(start, end - start);
}

// A number as the pages write it: a decimal point in English, a decimal comma in Spanish.
const std::string kNumber = R"((\d+(?:[.,]\d+)?))";
double Number(std::string text) {
  for (char& c : text) c = c == ',' ? '.' : c;
  return std::stod(text);
}

// Checks every "a × b + c × d = e" and "a × b + c × d = p + q = e" in `text` with
// attention::Combine; returns how many it found.
int CheckWeightedSums(const std::string& text) {
  const std::regex sum(kNumber + " × " + kNumber + R"( \+ )" + kNumber + " × " + kNumber + " = (?:" + kNumber +
                       R"( \+ )" + kNumber + " = )?" + kNumber);
  int found = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), sum); it != std::sregex_iterator(); ++it, ++found) {
    const std::smatch& m = *it;
    CAPTURE(m.str());
    const attention::Combination c = attention::Combine({Number(m[1]), Number(m[3])}, {Number(m[2]), Number(m[4])});
    if (m[5].matched) {
      CHECK(c.terms[0].product == doctest::Approx(Number(m[5])));
      CHECK(c.terms[1].product == doctest::Approx(Number(m[6])));
    }
    CHECK(c.output == doctest::Approx(Number(m[7])));
  }
  return found;
}

// Checks every "a + b = c" that is not part of a longer expression; returns how many it found.
int CheckSums(const std::string& text) {
  const std::regex sum(R"((^|[^\d.,×] ?))" + kNumber + R"( \+ )" + kNumber + " = " + kNumber + R"((?![\d×]))");
  int found = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), sum); it != std::sregex_iterator(); ++it, ++found) {
    const std::smatch& m = *it;
    CAPTURE(m.str());
    CHECK(Number(m[2]) + Number(m[3]) == doctest::Approx(Number(m[4])));
  }
  return found;
}

double Cell(const std::string& row, int column) {
  const std::regex cell(R"(<td>([^<]*)</td>)");
  int index = 0;
  for (auto it = std::sregex_iterator(row.begin(), row.end(), cell); it != std::sregex_iterator(); ++it, ++index) {
    if (index == column) return Number((*it)[1]);
  }
  FAIL("row has no cell " << column << ": " << row);
  return 0.0;
}

}  // namespace

TEST_CASE("every weighted sum and every sum the pages and the lesson files write is right") {
  for (const LessonPage& page : Pages()) {
    CAPTURE(page.locale);
    CHECK(CheckWeightedSums(page.page) >= 1);
    CHECK(CheckSums(page.page) >= 2);
    CHECK(CheckWeightedSums(page.lesson_file) + CheckSums(page.lesson_file) >= 1);
  }
}

TEST_CASE("the pages' worked table is the Combine scene as it opens, combined by the core") {
  for (const LessonPage& page : Pages()) {
    CAPTURE(page.locale);
    const auto row = [](const char* name) { return std::string("<th scope=\"row\">") + name + "</th>"; };
    const std::string table = Between(page.page, "<table class=\"worked\">", "</table>");
    const std::string first = Between(table, row(page.first_row), "</tr>");
    const std::string second = Between(table, row(page.second_row), "</tr>");
    const std::string total = Between(table, row(page.output_row), "</tr>");
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
    const std::string after = Between(page.page, "</table>", "</section>");
    REQUIRE(after.find(page.four_times) != std::string::npos);
    CHECK(scene.second_weight / scene.first_weight == doctest::Approx(4.0));
    CHECK(std::fabs(c.output - scene.second_value) < std::fabs(c.output - scene.first_value));
  }
}

TEST_CASE("the pages' Compare section asks the scene's question and moves the output toward the bus sentence's value") {
  for (const LessonPage& page : Pages()) {
    CAPTURE(page.locale);
    UseWordsOf(page);
    const std::string section = Between(page.page, "<section aria-labelledby=\"compare\">", "</section>");
    CHECK(section.find("“" + lesson::T("compare.question") + "”") != std::string::npos);
    const lesson::CompareScene scene;
    const std::string answer = lesson::Num(scene.keys[lesson::kCompareAnswerKey].value);
    CHECK(section.find(page.toward + answer) != std::string::npos);
    CHECK(section.find(lesson::T("compare.key" + std::to_string(lesson::kCompareAnswerKey))) != std::string::npos);
  }
  UseWordsOf(Pages().front());
}

TEST_CASE("the pages' Learn section: the scene's words, and what the model does before and after Train") {
  const learn::Paragraph paragraph = learn::LessonParagraph();
  for (const LessonPage& page : Pages()) {
    CAPTURE(page.locale);
    UseWordsOf(page);
    const std::string section = Between(page.page, "<section aria-labelledby=\"learn-where\">", "</section>");
    CHECK(learn::kSentences == 4);
    REQUIRE(section.find(page.four_sentences) != std::string::npos);
    CHECK(section.find("“" + lesson::LearnSentenceText(paragraph.sentences[1]) + "”") != std::string::npos);
    CHECK(section.find("“" + lesson::LearnQuestionText(paragraph.sentences[1].subject) + "”") != std::string::npos);
    // "Press Train: in 300 steps, about a second".
    REQUIRE(section.find(lesson::Fill(page.steps, {{"steps", std::to_string(lesson::kLearnRunSteps)}})) !=
            std::string::npos);
    REQUIRE(section.find(page.half_weight) != std::string::npos);
    REQUIRE(section.find(page.only_both) != std::string::npos);
  }
  UseWordsOf(Pages().front());
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
  // One fact stated twice: about half the weight each; removing either leaves the answer (the
  // copies are redundant); only removing both moves it, to another hour.
  const auto removals = learn::RemoveEach(after.model, learn::RepeatedFactParagraph(), 1);
  const lesson::CopiesRemoved both = lesson::LearnCopiesRemoved(after.model, learn::RepeatedFactParagraph(), 1);
  CHECK(both.copies == 2);
  CHECK(both.change >= 0.5);
  for (const int copy : {0, 2}) {
    CHECK(removals[static_cast<size_t>(copy)].weight == doctest::Approx(0.5).epsilon(0.2));
    CHECK(removals[static_cast<size_t>(copy)].change < 0.25);
  }
}

// A widget asks its question before it reveals the answer (lesson/predictions): the page's words
// that give the answer away come after the widget, never between its section's heading and it.
TEST_CASE("the pages explain each widget's answer after the widget, not before it asks") {
  for (const LessonPage& page : Pages()) {
    CAPTURE(page.locale);
    const auto at = [&](const std::string& words) {
      const size_t found = page.page.find(words);
      REQUIRE_MESSAGE(found != std::string::npos, words);
      return found;
    };
    const auto slot = [&](const char* scene) { return at(std::string("data-scene=\"") + scene + "\""); };
    // Compare asks what a query twice as long does to the output: the page says where it lands.
    CHECK(slot("compare") < at(page.longer_query));
    // Combine asks where the output lands: the worked table and its sum say 18.
    CHECK(slot("combine") < at("<table class=\"worked\">"));
    CHECK(slot("combine") < at("2 + 16 = 18"));
    // Caveats asks which removal moves the output most: the page says what decides it.
    CHECK(slot("caveats") < at(page.effect_is_not_weight));
    // Learn asks which sentence the model learns to look at: the page says what training does.
    CHECK(slot("learn") < at(lesson::Fill(page.steps, {{"steps", std::to_string(lesson::kLearnRunSteps)}})));
  }
}

TEST_CASE("the authors' guide lists every part of a state link that a scene's table holds") {
  // "`compare.key1=X,Y` … `key4`" and "(and `q2`)" stand for numbered families: digits compare as #.
  const auto family = [](std::string name) {
    for (char& c : name) c = (c >= '0' && c <= '9') ? '#' : c;
    return name;
  };
  const std::string guide = family(ReadFile(ATTN_DOCS_DIR "/embedding.md"));
  const std::string table = guide.substr(guide.find("## The state encoding"));
  int parts = 0;
  for (const lesson::SceneModule* scene : lesson::Scenes()) {
    for (const lesson::Param& param : scene->params()) {
      CAPTURE(param.name);
      CHECK(table.find("`" + family(param.name) + "=") != std::string::npos);
      ++parts;
    }
  }
  CHECK(parts > 30);
}

TEST_CASE("the authors' guide names every scene, in the registry's order, as the scene option's values") {
  const std::string guide = ReadFile(ATTN_DOCS_DIR "/embedding.md");
  const size_t row = guide.find("| `scene` |");
  REQUIRE(row != std::string::npos);
  const std::string values = guide.substr(row, guide.find('\n', row) - row);
  size_t last = 0;
  for (const lesson::SceneModule* scene : lesson::Scenes()) {
    CAPTURE(scene->name);
    const size_t at = values.find("`" + std::string(scene->name) + "`");
    REQUIRE(at != std::string::npos);
    CHECK(at >= last);
    last = at;
  }
}

// The LMS packages grade the quick check themselves (SCORM's correct patterns, H5P's and the Common
// Cartridge's quiz) from web/js/lms-quiz.js: it must name the widget's right choices, counted from 1.
TEST_CASE("the LMS packages' quiz key is the widget's") {
  const std::string key = ReadFile(ATTN_WEB_DIR "/js/lms-quiz.js");
  int listed = 0;
  for (size_t at = key.find("'quiz.q"); at != std::string::npos; at = key.find("'quiz.q", at + 1)) {
    const int question = std::atoi(key.c_str() + at + 7);
    const size_t colon = key.find(':', at);
    REQUIRE(colon != std::string::npos);
    const int right = std::atoi(key.c_str() + colon + 1);
    CAPTURE(question);
    CHECK(right == lesson::CorrectChoice(question - 1) + 1);
    ++listed;
  }
  CHECK(listed == lesson::kQuizQuestionCount);
}
