// The accessible mirror: the sentence and the table a screen reader gets for each scene.
// Expected numbers are worked out by hand in the comments. Compare's default: q = (1, 0) against
// keys (−1.5, 1), (1.5, 1.5), (1, −1.5), (−0.5, −1.5) gives q·k = −1.5, 1.5, 1, −0.5; divided by
// √2 and softmaxed: weights 0.058, 0.484, 0.340, 0.118; with values 9, 10, 17, 14 the output is
// 12.79.

#include <doctest/doctest.h>

#include <cctype>
#include <climits>
#include <limits>
#include <string>
#include <vector>

#include "lesson/builtin_text.h"
#include "lesson/describe.h"
#include "lesson/lesson_state.h"

namespace {

using lesson::LessonState;
using lesson::Scene;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// The built-in lesson text, loaded once (the mirror's words and the scenes' own).
void EnsureLessonText() {
  lesson::TextStore& text = lesson::LessonText();
  if (text.Has("mirror.combine") && text.Has("quiz.q1.text")) return;
  text.Clear();
  lesson::LoadBuiltInText(text);
}

// A scene as it opens, its numbers shown: a scene holds them back while it asks for a prediction
// (lesson_predictions_test reads what the mirror says then).
LessonState On(Scene scene) {
  EnsureLessonText();
  LessonState state;
  state.scene = scene;
  state.predictions.ask = false;
  return state;
}

// Words a screen reader must never read out as a number: checked as whole words, so that
// "information" or "infinite" in the lesson's prose do not count.
std::string BadWord(const std::string& text) {
  std::string word;
  for (size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    if (std::isalpha(static_cast<unsigned char>(c))) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      continue;
    }
    if (word == "nan" || word == "inf" || word == "infinity" || word == "undefined") return word;
    word.clear();
  }
  return "";
}

// A key missing from the text files shows as "[mirror.something]".
bool HasMissingKey(const std::string& text) {
  const size_t open = text.find('[');
  if (open == std::string::npos) return false;
  const size_t close = text.find(']', open);
  if (close == std::string::npos) return false;
  const std::string inside = text.substr(open + 1, close - open - 1);
  return inside.find('.') != std::string::npos && inside.find(' ') == std::string::npos;
}

// Every string the mirror gives for `state`: the sentence, the caption, the headings, the cells.
std::vector<std::string> Everything(const LessonState& state) {
  std::vector<std::string> texts = {lesson::DescribeScene(state)};
  const lesson::MirrorTable table = lesson::DescribeTable(state);
  texts.push_back(table.caption);
  texts.insert(texts.end(), table.columns.begin(), table.columns.end());
  for (const auto& row : table.rows) texts.insert(texts.end(), row.begin(), row.end());
  return texts;
}

void CheckReadable(const LessonState& state) {
  const lesson::MirrorTable table = lesson::DescribeTable(state);
  CHECK_FALSE(lesson::DescribeScene(state).empty());
  CHECK_FALSE(table.caption.empty());
  CHECK_FALSE(table.rows.empty());
  for (const auto& row : table.rows) CHECK(row.size() == table.columns.size());
  for (const std::string& text : Everything(state)) {
    INFO("text: " << text);
    CHECK(BadWord(text).empty());
    CHECK_FALSE(HasMissingKey(text));
  }
}

}  // namespace

// [SECTION] Sentences

TEST_CASE("the combine scene reads its worked example: weights 0.2 and 0.8 give 18 = 2 + 16") {
  CHECK(lesson::DescribeScene(On(Scene::Combine)) == "Values 10 and 20, weights 0.2 and 0.8. Output 18 = 2 + 16.");
}

TEST_CASE("the combine sentence follows the learner's values and weights, minus signs included") {
  LessonState state = On(Scene::Combine);
  REQUIRE(lesson::SetSecondWeight(state.combine, 0.5));
  // 10 × 0.5 + 20 × 0.5 = 5 + 10 = 15
  CHECK(lesson::DescribeScene(state) == "Values 10 and 20, weights 0.5 and 0.5. Output 15 = 5 + 10.");
  REQUIRE(lesson::SetSecondWeight(state.combine, 0.8));
  REQUIRE(lesson::SetSecondValue(state.combine, -20.0));
  // 10 × 0.2 + (−20) × 0.8 = 2 − 16 = −14
  CHECK(lesson::DescribeScene(state) == "Values 10 and \u221220, weights 0.2 and 0.8. Output \u221214 = 2 \u2212 16.");
}

TEST_CASE("the compare scene names the key with the most weight, every weight and the output") {
  CHECK(lesson::DescribeScene(On(Scene::Compare)) ==
        "\u201cbus\u201d gets the most weight, 0.48. Weights: museum 0.06, bus 0.48, shop 0.34 and tour 0.12. "
        "Output 12.79, with scaling on and temperature 1.");
}

TEST_CASE("the compare sentence follows scaling and temperature") {
  LessonState state = On(Scene::Compare);
  state.compare.scaled = false;
  // Unscaled scores −1.5, 1.5, 1, −0.5: weights 0.028, 0.558, 0.339, 0.076, output 12.64.
  CHECK(lesson::DescribeScene(state) ==
        "\u201cbus\u201d gets the most weight, 0.56. Weights: museum 0.03, bus 0.56, shop 0.34 and tour 0.08. "
        "Output 12.64, with scaling off and temperature 1.");
  state.compare.scaled = true;
  REQUIRE(lesson::SetTemperature(state.compare, 0.5));
  // Scores doubled by T = 0.5: weights 0.009, 0.638, 0.315, 0.038, output 12.34 (12.34499...).
  CHECK(lesson::DescribeScene(state) ==
        "\u201cbus\u201d gets the most weight, 0.64. Weights: museum 0.01, bus 0.64, shop 0.31 and tour 0.04. "
        "Output 12.34, with scaling on and temperature 0.5.");
}

TEST_CASE("the compare sentence says when keys share the most weight or all weigh the same") {
  LessonState state = On(Scene::Compare);
  // q = (1.5, −0.25): q·k = −2.5, 1.875, 1.875, −0.375, so bus and shop tie at 0.44.
  REQUIRE(lesson::SetQuery(state.compare, {1.5, -0.25}));
  CHECK(lesson::DescribeScene(state).rfind("\u201cbus\u201d and \u201cshop\u201d share the most weight, 0.44 each.",
                                           0) == 0);
  // q = (0, 0): every q·k is 0, every weight 1/4, output (9 + 10 + 17 + 14) / 4 = 12.5.
  REQUIRE(lesson::SetQuery(state.compare, {0.0, 0.0}));
  const std::string text = lesson::DescribeScene(state);
  CHECK(text.rfind("Every key gets the same weight, 0.25.", 0) == 0);
  CHECK(text.find("Output 12.5,") != std::string::npos);
}

TEST_CASE("the mask scene with no mask says every position can draw on every position") {
  CHECK(lesson::DescribeScene(On(Scene::Mask)) == "No mask is on: every position can draw on every position.");
}

TEST_CASE("the mask sentence counts the masked cells and the learner's own") {
  LessonState state = On(Scene::Mask);
  lesson::SetCausal(state.mask, true);
  // Causal: the cells above the diagonal, 7 + 6 + ... + 1 = 28.
  CHECK(lesson::DescribeScene(state) ==
        "Causal mask on, padding mask off; 28 of 64 cells are masked, 0 of them by you.");
  lesson::SetPadding(state.mask, true);
  // Padding adds the <pad> columns 7 and 8 where causal has not masked them: (7,7), (8,7), (8,8).
  CHECK(lesson::DescribeScene(state) ==
        "Causal mask on, padding mask on; 31 of 64 cells are masked, 0 of them by you.");
  lesson::SetCausal(state.mask, false);
  REQUIRE(lesson::SetCellBlocked(state.mask, 2, 3, true));
  // Padding alone: 2 columns × 8 rows = 16, plus the learner's cell.
  CHECK(lesson::DescribeScene(state) ==
        "Causal mask off, padding mask on; 17 of 64 cells are masked, 1 of them by you.");
}

TEST_CASE("a mask row with every position masked is described in words") {
  LessonState state = On(Scene::Mask);
  lesson::SetCausal(state.mask, true);
  // Causally, "the" at position 1 sees only itself; masking that cell leaves it nothing.
  REQUIRE(lesson::SetCellBlocked(state.mask, 0, 0, true));
  CHECK(lesson::DescribeScene(state) ==
        "Causal mask on, padding mask off; 29 of 64 cells are masked, 1 of them by you. "
        "\u201cthe\u201d (position 1) has no position available, so it has no output.");
  // "cat" sees positions 1 and 2; masking both empties its row too.
  REQUIRE(lesson::SetCellBlocked(state.mask, 1, 0, true));
  REQUIRE(lesson::SetCellBlocked(state.mask, 1, 1, true));
  CHECK(lesson::DescribeScene(state).find(
            "\u201cthe\u201d (position 1) and \u201ccat\u201d (position 2) have no position "
            "available, so they have no output.") != std::string::npos);
}

TEST_CASE("the mask sentence reports the future demonstration when it is open") {
  LessonState state = On(Scene::Mask);
  lesson::SetFutureDemo(state.mask, true);
  // Row "the", q = (2, 0): q·k/√2 = 0, 2.83, 1.41, 0, 0, 2.83, 1.41, 1.41; e^2.83 = 16.92 of a
  // total 49.18, so "cat" gets 0.34.
  CHECK(lesson::DescribeScene(state) ==
        "No mask is on: every position can draw on every position. Why mask the future: \u201cthe\u201d (position 1) "
        "gives the token it predicts, \u201ccat\u201d (position 2), a weight of 0.34.");
  lesson::SetCausal(state.mask, true);
  CHECK(lesson::DescribeScene(state).find(
            "gives the token it predicts, \u201ccat\u201d (position 2), a weight of 0.") != std::string::npos);
}

TEST_CASE("the caveats scene reads query A's output and what removing words did") {
  LessonState state = On(Scene::Caveats);
  // 10 × 0.5 + 4 × 0.25 + 0 × 0.15 + 50 × 0.1 = 11
  CHECK(lesson::DescribeScene(state) == "No word is removed. Query A\u2019s output is 11.");
  REQUIRE(lesson::SetRemoved(state.caveats, 1, true));
  REQUIRE(lesson::SetRemoved(state.caveats, 3, true));
  // Left: "the" 0.5 and "closed" 0.15, renormalized to 0.769 and 0.231: 10 × 0.769 = 7.69;
  // it moved by 11 − 7.69 = 3.31.
  CHECK(lesson::DescribeScene(state) ==
        "Removed: \u201cstorm\u201d and \u201croads\u201d. Query A\u2019s output is 7.69 instead of 11: it moved by "
        "3.31.");
}

TEST_CASE("the caveats sentence names the biggest change once each-in-turn is shown") {
  LessonState state = On(Scene::Caveats);
  lesson::SetEachInTurnShown(state.caveats, true);
  // Removing "roads" alone: 0.5, 0.25, 0.15 become 5/9, 2.5/9, 1.5/9, output (50 + 10) / 9 = 6.67,
  // a change of 4.33, the largest (the others: 1, 2.33, 1.94).
  CHECK(lesson::DescribeScene(state) ==
        "No word is removed. Query A\u2019s output is 11. Removed alone, \u201croads\u201d moves query A\u2019s output "
        "most, by 4.33.");
}

TEST_CASE("the caveats sentence says when every word is removed and there is no output") {
  LessonState state = On(Scene::Caveats);
  for (int j = 0; j < lesson::kCaveatsPositions; ++j) REQUIRE(lesson::SetRemoved(state.caveats, j, true));
  CHECK(lesson::DescribeScene(state) ==
        "Removed: \u201cthe\u201d, \u201cstorm\u201d, \u201cclosed\u201d and \u201croads\u201d. Every word is removed, "
        "so "
        "query A has no output.");
}

TEST_CASE("the walkthrough sentence gives the step number and title") {
  LessonState state = On(Scene::Walkthrough);
  CHECK(lesson::DescribeScene(state) == "Step 1 of 8: A question about a paragraph.");
  lesson::ApplyWalkthroughStep(state, 2);
  CHECK(lesson::DescribeScene(state) == "Step 3 of 8: Scores become weights.");
}

TEST_CASE("the quick check sentence says which questions are answered and revealed") {
  LessonState state = On(Scene::Quiz);
  CHECK(lesson::DescribeScene(state) == "Question 1: not answered yet. Question 2: not answered yet.");
  REQUIRE(lesson::SelectChoice(state.quiz, 0, 1));
  REQUIRE(lesson::Reveal(state.quiz, 0));
  REQUIRE(lesson::SetTypedAnswer(state.quiz, 1, "Other layers matter too."));
  CHECK(lesson::DescribeScene(state) ==
        "Question 1: choice 2 picked; the reasoning is shown, and the choice is right. "
        "Question 2: answered in your own words.");
  REQUIRE(lesson::SelectChoice(state.quiz, 1, 0));
  REQUIRE(lesson::Reveal(state.quiz, 1));
  CHECK(lesson::DescribeScene(state).find(
            "Question 2: choice 1 picked; the reasoning is shown, and the choice is not the right one.") !=
        std::string::npos);
}

// [SECTION] Tables

TEST_CASE("the compare table lists each key's position, q·k, score, weight and value") {
  const lesson::MirrorTable table = lesson::DescribeTable(On(Scene::Compare));
  CHECK(table.columns == std::vector<std::string>{"key", "position", "q\u00b7k", "score", "weight", "value"});
  REQUIRE(table.rows.size() == 4);
  // bus: (1.5, 1.5), q·k = 1.5, score 1.5 / √2 = 1.06, weight 0.48, value 10.
  CHECK(table.rows[1] == std::vector<std::string>{"bus", "(1.5, 1.5)", "1.5", "1.06", "0.48", "10"});
  // tour: (−0.5, −1.5), q·k = −0.5, score −0.35.
  CHECK(table.rows[3] ==
        std::vector<std::string>{"tour", "(\u22120.5, \u22121.5)", "\u22120.5", "\u22120.35", "0.12", "14"});
  CHECK(table.caption == "Compare: the query at (1, 0) against each key. Output 12.79.");
}

TEST_CASE("the combine table lists value, weight and product") {
  const lesson::MirrorTable table = lesson::DescribeTable(On(Scene::Combine));
  CHECK(table.columns == std::vector<std::string>{"value", "weight", "value \u00d7 weight"});
  REQUIRE(table.rows.size() == 2);
  CHECK(table.rows[0] == std::vector<std::string>{"10", "0.2", "2"});
  CHECK(table.rows[1] == std::vector<std::string>{"20", "0.8", "16"});
  CHECK(table.caption == "Combine: each value times its weight. Output 18.");
}

TEST_CASE("the mask table gives every query row's weight on every key, or masked") {
  LessonState state = On(Scene::Mask);
  lesson::MirrorTable table = lesson::DescribeTable(state);
  REQUIRE(table.columns.size() == 9);
  CHECK(table.columns[1] == "the (1)");
  CHECK(table.columns[8] == "<pad> (8)");
  REQUIRE(table.rows.size() == 8);
  CHECK(table.rows[0][0] == "the (1)");
  CHECK(table.rows[0][2] == "0.34");  // "the" on "cat", as in the future demonstration
  lesson::SetCausal(state.mask, true);
  REQUIRE(lesson::SetCellBlocked(state.mask, 0, 0, true));
  table = lesson::DescribeTable(state);
  CHECK(table.rows[0] == std::vector<std::string>({"the (1), no position available", "masked", "masked", "masked",
                                                   "masked", "masked", "masked", "masked", "masked"}));
  // "cat" sees "the" and itself: q = (1, 1), keys (0, 1) and (2, 0): scores 0.71 and 1.41,
  // weights 1 / (1 + e^0.71) = 0.33 and 0.67.
  CHECK(table.rows[1] == std::vector<std::string>(
                             {"cat (2)", "0.33", "0.67", "masked", "masked", "masked", "masked", "masked", "masked"}));
  CHECK(table.caption.find("Causal mask on, padding mask off.") != std::string::npos);
}

TEST_CASE("the caveats table lists word, value, weight and the change once it is shown") {
  LessonState state = On(Scene::Caveats);
  lesson::MirrorTable table = lesson::DescribeTable(state);
  CHECK(table.columns == std::vector<std::string>{"word", "value", "weight", "output moves by, when removed alone"});
  REQUIRE(table.rows.size() == 4);
  CHECK(table.rows[0] == std::vector<std::string>{"the", "10", "0.5", "not shown yet"});
  lesson::SetEachInTurnShown(state.caveats, true);
  REQUIRE(lesson::SetRemoved(state.caveats, 1, true));
  table = lesson::DescribeTable(state);
  // Removing "the" alone: 0.25, 0.15, 0.1 become 0.5, 0.3, 0.2: 2 + 0 + 10 = 12, a change of 1.
  CHECK(table.rows[0] == std::vector<std::string>{"the", "10", "0.5", "1"});
  CHECK(table.rows[1] == std::vector<std::string>{"storm (removed)", "4", "0.25", "2.33"});
  CHECK(table.rows[3] == std::vector<std::string>{"roads", "50", "0.1", "4.33"});
  // Without "storm": (5 + 0 + 5) / 0.75 = 13.33; layer 1 B: (1 + 0 + 5) / 0.9 = 6.67;
  // final 13.33 × 0.25 + 6.67 × 0.75 = 3.33 + 5 = 8.33.
  CHECK(table.caption.find("Query A\u2019s output now: 13.33; final output: 8.33.") != std::string::npos);
}

TEST_CASE("the walkthrough table lists the steps and marks the one on screen") {
  LessonState state = On(Scene::Walkthrough);
  lesson::ApplyWalkthroughStep(state, 3);
  const lesson::MirrorTable table = lesson::DescribeTable(state);
  REQUIRE(table.rows.size() == 8);
  CHECK(table.rows[3] == std::vector<std::string>{"4", "A worked example: 2 + 16 = 18", "Combine", "yes"});
  CHECK(table.rows[0][3] == "no");
  CHECK(table.caption.find("Step 4 of 8") != std::string::npos);
}

TEST_CASE("the quiz table lists each question, the learner's answer and whether it is revealed") {
  LessonState state = On(Scene::Quiz);
  lesson::MirrorTable table = lesson::DescribeTable(state);
  REQUIRE(table.rows.size() == 2);
  CHECK(table.rows[0][1] == "none yet");
  CHECK(table.rows[0][2] == "no");
  REQUIRE(lesson::SelectChoice(state.quiz, 1, 2));
  REQUIRE(lesson::Reveal(state.quiz, 1));
  REQUIRE(lesson::SetTypedAnswer(state.quiz, 0, "It would see\nthe answer"));
  table = lesson::DescribeTable(state);
  CHECK(table.rows[0][1] == "It would see the answer");  // the line break read as a space
  CHECK(table.rows[1][0] == "Does a large attention weight alone prove why a model made its final decision?");
  CHECK(table.rows[1][1] == "No: other layers, representations and interactions also contribute.");
  CHECK(table.rows[1][2] == "yes, right");
}

// [SECTION] Hostile states

TEST_CASE("default states of every scene read without numbers gone wrong or missing words") {
  for (int s = 0; s < lesson::kSceneCount; ++s) {
    INFO("scene " << s);
    CheckReadable(On(static_cast<Scene>(s)));
  }
}

TEST_CASE("compare states filled by hand with NaN or infinity are described in words") {
  const std::vector<void (*)(LessonState&)> breakers = {
      [](LessonState& s) { s.compare.query.x = kNaN; },
      [](LessonState& s) { s.compare.keys[2].position.y = kInf; },
      [](LessonState& s) { s.compare.keys[1].value = kNaN; },
      [](LessonState& s) { s.compare.temperature = kNaN; },
      [](LessonState& s) { s.compare.temperature = 0.0; },
      [](LessonState& s) { s.compare.temperature = -1.0; },
      [](LessonState& s) { s.compare.query = {1e308, 1e308}; },  // q·k overflows
  };
  for (size_t i = 0; i < breakers.size(); ++i) {
    INFO("breaker " << i);
    LessonState state = On(Scene::Compare);
    breakers[i](state);
    CheckReadable(state);
    CHECK(lesson::DescribeScene(state).rfind("The query or a key holds a number that cannot be compared", 0) == 0);
  }
  // Extreme but computable: the core sharpens the weights to one-hot instead of overflowing.
  LessonState sharp = On(Scene::Compare);
  sharp.compare.temperature = 1e-300;
  CheckReadable(sharp);
  CHECK(lesson::DescribeScene(sharp).rfind("\u201cbus\u201d gets the most weight, 1.", 0) == 0);
  LessonState far = On(Scene::Compare);
  far.compare.query = {1e200, 1e200};
  CheckReadable(far);
  CHECK(lesson::DescribeScene(far).find("Output 10,") != std::string::npos);
}

TEST_CASE("combine states filled by hand with NaN or overflowing numbers are described in words") {
  const std::vector<void (*)(LessonState&)> breakers = {
      [](LessonState& s) { s.combine.first_weight = kNaN; }, [](LessonState& s) { s.combine.second_value = -kInf; },
      [](LessonState& s) { s.combine.first_value = kNaN; },
      [](LessonState& s) {
        s.combine = {1e308, 1e308, 1.0, 1.0};
      },  // 1e308 + 1e308 overflows
  };
  for (size_t i = 0; i < breakers.size(); ++i) {
    INFO("breaker " << i);
    LessonState state = On(Scene::Combine);
    breakers[i](state);
    CheckReadable(state);
    CHECK(lesson::DescribeScene(state).rfind("One of the values or weights is not a valid number", 0) == 0);
  }
}

TEST_CASE("caveats states filled by hand with NaN are described in words") {
  const std::vector<void (*)(LessonState&)> breakers = {
      [](LessonState& s) { s.caveats.values[1] = kNaN; },
      [](LessonState& s) { s.caveats.scores_a[0] = kInf; },
      [](LessonState& s) { s.caveats.scores_b[3] = kNaN; },
      [](LessonState& s) { s.caveats.layer2_weight_b = kNaN; },
  };
  for (size_t i = 0; i < breakers.size(); ++i) {
    INFO("breaker " << i);
    LessonState state = On(Scene::Caveats);
    breakers[i](state);
    state.caveats.each_in_turn_shown = true;
    CheckReadable(state);
    CHECK(lesson::DescribeScene(state).rfind("A value, score or weight of this scene is not a valid number", 0) == 0);
  }
  LessonState huge = On(Scene::Caveats);
  huge.caveats.values = {1e308, 1e308, 1e308, 1e308};  // finite, but the sums overflow
  huge.caveats.each_in_turn_shown = true;
  CheckReadable(huge);
}

TEST_CASE("mask, walkthrough and quiz states filled by hand out of range still read in words") {
  LessonState mask = On(Scene::Mask);
  mask.mask.blocked.fill(255);
  mask.mask.future_demo = true;
  mask.mask.future_row = INT_MIN;
  mask.mask.refused_row = 99;
  CheckReadable(mask);
  // Every cell masked: every row is empty.
  CHECK(lesson::DescribeScene(mask).find("have no position available") != std::string::npos);
  CHECK(lesson::DescribeScene(mask).find(
            "Why mask the future: \u201cthe\u201d (position 1) has no position available.") != std::string::npos);

  LessonState walkthrough = On(Scene::Walkthrough);
  walkthrough.walkthrough.step = INT_MAX;
  CheckReadable(walkthrough);
  CHECK(lesson::DescribeScene(walkthrough) == "Step 8 of 8: The idea to keep.");
  walkthrough.walkthrough.step = INT_MIN;
  CHECK(lesson::DescribeScene(walkthrough) == "Step 1 of 8: A question about a paragraph.");

  LessonState quiz = On(Scene::Quiz);
  quiz.quiz.answers[0].choice = 7;
  quiz.quiz.answers[0].revealed = true;
  quiz.quiz.answers[1].choice = INT_MIN;
  quiz.quiz.answers[1].typed = std::string("\xFF\xFE ok \x01", 7);
  CheckReadable(quiz);
  CHECK(lesson::DescribeScene(quiz).rfind("Question 1: not answered yet; the reasoning is shown.", 0) == 0);
  // Invalid UTF-8 becomes U+FFFD, the control character a space.
  CHECK(lesson::DescribeTable(quiz).rows[1][1] == "\xEF\xBF\xBD\xEF\xBF\xBD ok  ");
}
