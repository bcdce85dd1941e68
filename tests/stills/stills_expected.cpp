// What each scene's still must show, computed here through the scenes' own compute functions and
// the lesson's words, independently of attention_stills: printed as JSON for check_stills.py.
//
//   {"compare": {"title": "...", "desc": "...", "texts": ["Aim the query ...", "museum", ...],
//                "numbers": ["1", "1", "2", "2", "−1.06", "0.06", ...], "strong": [...], "plain": [...]}, ...}
//
// title: the still's <title>; desc: its <desc>, the scene's accessible-mirror description as the
// live widget gives it when the scene opens; texts: each must be the whole text of a <text> or a
// <tspan> of the still (the caption first); numbers: every number the still shows on its own, in
// the order it draws them (the picture's numbers as the scene computes them); strong: texts drawn
// bold; plain: texts drawn not bold.
// usage: stills_expected LESSON_TXT [TRANSLATION_TXT]   (a locale's lesson file over the English)

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attention/attention.h"
#include "lesson/describe.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"

namespace {

using lesson::Fill;
using lesson::Num;
using lesson::T;

struct Expected {
  std::string title;
  std::string desc;
  std::vector<std::string> texts;
  std::vector<std::string> numbers;
  std::vector<std::string> strong;
  std::vector<std::string> plain;
};

// A number as the pictures write it: the locale's decimal mark and a true minus sign.
std::string Signed(double x, int decimals = 2) {
  std::string text = Num(x, decimals);
  if (!text.empty() && text[0] == '-') text.replace(0, 1, "\xE2\x88\x92");
  return text;
}

// The picture of a scene as it opens, which the walkthrough's steps and the quiz's questions show too.

void ComparePicture(const lesson::LessonState& state, Expected& e) {
  const lesson::CompareScene& scene = state.compare;
  const lesson::CompareResult result = lesson::ComputeCompare(scene);
  // The plane: its grid's numbers along both axes, the keys and the query by name.
  for (int i = 1; i <= static_cast<int>(lesson::kComparePlaneLimit); ++i) {
    e.numbers.push_back(std::to_string(i));
    e.numbers.push_back(std::to_string(i));
  }
  e.texts.push_back(T("compare.query"));
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) e.texts.push_back(T("compare.key" + std::to_string(i)));
  // The strip: each key's score and its weight after softmax.
  e.texts.push_back(T("compare.column_score"));
  e.texts.push_back(T("compare.strip_softmax"));
  e.texts.push_back(T("compare.column_weight"));
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
    e.numbers.push_back(Signed(result.scores[static_cast<size_t>(i)]));
    e.numbers.push_back(Num(result.weights[static_cast<size_t>(i)]));
  }
  // The output's line: the four values, then the output.
  for (const lesson::CompareKey& key : scene.keys) e.numbers.push_back(Num(key.value));
  e.numbers.push_back(Num(result.combination.output));
  e.texts.push_back(T("compare.output_sum") + " " + Num(result.combination.output));
}

void CombinePicture(const lesson::LessonState& state, Expected& e) {
  const lesson::CombineScene& scene = state.combine;
  const attention::Combination combination = lesson::ComputeCombine(scene);
  const double p1 = combination.terms.at(0).product;
  const double p2 = combination.terms.at(1).product;
  // The balance: each mass's weight, each value, the output under the fulcrum, zero's tick.
  e.numbers.push_back(Num(scene.first_weight));
  e.numbers.push_back(Num(scene.second_weight));
  e.numbers.push_back(Signed(scene.first_value));
  e.numbers.push_back(Signed(scene.second_value));
  e.numbers.push_back(Signed(combination.output));
  e.numbers.push_back("0");
  // The stack of the products and their sum, then the equation's products and sum.
  for (int twice = 0; twice < 2; ++twice) {
    e.numbers.push_back(Signed(p1));
    e.numbers.push_back(Signed(p2));
    e.numbers.push_back(Signed(combination.output));
  }
  e.texts.push_back(lesson::LocalArithmetic(attention::FormatCombination(combination)));
}

std::string ShortToken(int position) { return lesson::IsPadPosition(position) ? "pad" : lesson::MaskToken(position); }

// The line view and the heatmap; a quick-check question shows the heatmap alone.
void MaskParts(const lesson::LessonState& state, Expected& e, bool with_lines) {
  const lesson::MaskScene& scene = state.mask;
  const attention::Result result = lesson::MaskWeights(scene);
  const int query = scene.query;
  const auto open = [&](int row, int col) {
    return !lesson::MaskedBy(scene, row, col).Any() && !result.RowIsEmpty(row);
  };
  // The line view: the tokens, and the chosen query's weight on each key it may use.
  if (with_lines) {
    e.texts.push_back(T("mask.lines_query"));
    e.texts.push_back(T("mask.lines_key"));
    e.texts.push_back(T("mask.legend_weight"));
    for (int i = 0; i < lesson::kMaskTokenCount; ++i) e.texts.push_back(lesson::MaskToken(i));
    for (int key = 0; key < lesson::kMaskTokenCount; ++key) {
      if (open(query, key)) e.numbers.push_back(Num(result.weights(query, key), 2));
    }
  }
  // The heatmap, row by row.
  for (int i = 0; i < lesson::kMaskTokenCount; ++i) e.texts.push_back(ShortToken(i));
  for (int row = 0; row < result.weights.rows; ++row) {
    for (int col = 0; col < result.weights.cols; ++col) {
      if (open(row, col)) e.numbers.push_back(Num(result.weights(row, col), 2));
    }
  }
  for (const char* key : {"mask.causal", "mask.causal_help", "mask.padding", "mask.padding_help"})
    e.texts.push_back(T(key));
}


void CaveatsPicture(const lesson::LessonState& state, Expected& e) {
  const lesson::CaveatsScene& scene = state.caveats;
  const lesson::CaveatsPass full = lesson::RunCaveatsFull(scene);
  // The words with query A's weights, then the output over the values' line.
  e.texts.push_back(T("caveats.col_weight"));
  for (int i = 0; i < lesson::kCaveatsPositions; ++i) {
    e.texts.push_back(T("caveats.word" + std::to_string(i + 1)));
    e.numbers.push_back(Num(full.a.weights[static_cast<size_t>(i)]));
  }
  e.numbers.push_back(Signed(full.a.combination.output));
  e.texts.push_back(T("caveats.output") + " " + Signed(full.a.combination.output));
  for (int i = 0; i < lesson::kCaveatsPositions; ++i) {
    const std::string value = Signed(scene.values[static_cast<size_t>(i)]);
    e.numbers.push_back(value);
    e.texts.push_back(T("caveats.word" + std::to_string(i + 1)) + " " + value);
  }
  // The scatter's axes, empty but for the request to guess first.
  const lesson::ScatterAxes axes = lesson::CaveatsScatterAxes(lesson::AblateEachInTurn(scene));
  const double x_step = axes.x_step, x_max = axes.x_max, y_step = axes.y_step, y_max = axes.y_max;
  for (int k = 0; k * y_step <= y_max + 1e-9; ++k) e.numbers.push_back(Num(k * y_step));
  for (int k = 0; k * x_step <= x_max + 1e-9; ++k) e.numbers.push_back(Num(k * x_step));
  for (const char* key : {"caveats.change_label", "caveats.weight_label", "caveats.guess"}) e.texts.push_back(T(key));
}

// A weight with two decimals always, as Learn lines them up: "0.25", "1.00".
std::string TwoDecimals(double x) {
  std::string text = Num(x, 2);
  const size_t mark = text.find(lesson::DecimalMark());
  if (mark == std::string::npos) return text + lesson::DecimalMark() + "00";
  while (text.size() - mark - 1 < 2) text += '0';
  return text;
}

std::string Percent(double share) { return Fill(T("learn.percent"), {{"n", Num(share * 100.0, 0)}}); }

void LearnPicture(const lesson::LessonState& state, Expected& e) {
  const lesson::LearnScene& scene = state.learn;
  const learn::Training& training = lesson::LearnTrainingOf(scene);
  const learn::Paragraph paragraph = lesson::LearnParagraphOf(scene);
  const learn::Answer answer = learn::Ask(training.model, paragraph, scene.question);
  // The question, each sentence with the untrained model's weight on it (the one that answers in
  // bold), and the model's answer.
  e.texts.push_back(lesson::LearnQuestionText(scene.question));
  for (int j = 0; j < learn::kSentences; ++j) {
    const learn::Sentence& sentence = paragraph.sentences[static_cast<size_t>(j)];
    const std::string text = lesson::LearnSentenceText(sentence);
    e.texts.push_back(text);
    (sentence.subject == scene.question ? e.strong : e.plain).push_back(text);
    e.numbers.push_back(TwoDecimals(answer.weights[static_cast<size_t>(j)]));
  }
  e.texts.push_back(lesson::LearnAnswerText(answer.output, learn::AnswerOf(paragraph, scene.question)));
  // The curves: the loss's powers of ten, the steps' start, the loss where it ends; the
  // accuracy's ends and its value.
  const double top = std::log10(std::max(training.loss.front(), 0.01));
  for (int power = static_cast<int>(std::floor(top)); power >= -3; --power) {
    e.numbers.push_back(power >= 0 ? "1" + std::string(static_cast<size_t>(power), '0')
                                   : std::string("0") + lesson::DecimalMark() +
                                         std::string(static_cast<size_t>(-power - 1), '0') + "1");
  }
  e.numbers.push_back("0");
  e.numbers.push_back(lesson::LearnLossText(training.loss.back()));
  e.texts.push_back(Fill(T("learn.loss_mark"), {{"loss", lesson::LearnLossText(training.loss.back())}}));
  e.texts.push_back(Fill(T("learn.accuracy_mark"), {{"percent", Percent(training.accuracy.back())}}));
  e.texts.push_back(Percent(1.0));
  e.texts.push_back(Percent(0.0));
  e.texts.push_back(Fill(T("learn.steps_axis"), {{"steps", std::to_string(lesson::kLearnRunSteps)}}));
}

// The sequence's tokens; each head's name and what it looks at; the curves' ends, their steps and
// the first point's labels.
void HeadsPicture(const lesson::LessonState& state, Expected& e) {
  const lesson::HeadsRun& run = lesson::HeadsRunAt(state.heads);
  const lesson::HeadsPoint& now = lesson::HeadsNow(run);
  e.texts.push_back(T("heads.sequence"));
  e.strong.push_back(T("heads.sequence"));
  for (const int token : run.sample.tokens) e.numbers.push_back(std::to_string(token));
  for (int head = 0; head < lesson::kHeadsCount; ++head) {
    e.texts.push_back(lesson::HeadName(head));
    e.strong.push_back(lesson::HeadName(head));
    e.texts.push_back(T(lesson::HeadsRoleOf(now, head)));
    e.plain.push_back(T(lesson::HeadsRoleOf(now, head)));
  }
  e.numbers.push_back(Num(std::max(run.history.front().loss, 0.1), 1));
  e.numbers.push_back("0");
  e.numbers.push_back("0");
  e.texts.push_back(lesson::HeadsPercent(1.0));
  e.texts.push_back(Fill(T("heads.steps_axis"), {{"steps", std::to_string(lesson::kHeadsRunSteps)}}));
  const std::string marks[] = {
      Fill(T("heads.copy_mark"), {{"percent", lesson::HeadsPercent(now.repeated)}}),
      Fill(T("heads.loss_mark"), {{"loss", Num(now.loss)}}),
      Fill(T("heads.other_mark"), {{"percent", lesson::HeadsPercent(now.other)}})};
  for (const std::string& mark : marks) {
    e.texts.push_back(mark);
    e.strong.push_back(mark);
  }
}

void MaskPicture(const lesson::LessonState& state, Expected& e) { MaskParts(state, e, true); }
void MaskQuestionPicture(const lesson::LessonState& state, Expected& e) { MaskParts(state, e, false); }

// What a scene's still shows (its caption, then its picture), its picture alone (a walkthrough
// step's) and the picture over a quick-check question (null: none); kIdExpected after each scene,
// as the stills have them.
struct SceneExpectation {
  void (*fill)(const lesson::LessonState& state, Expected& e);
  void (*picture)(const lesson::LessonState& state, Expected& e);
  void (*question)(const lesson::LessonState& state, Expected& e);
};
const SceneExpectation& ExpectationOf(lesson::Scene scene);

void PictureOf(lesson::Scene scene, const lesson::LessonState& state, Expected& e, bool for_question = false) {
  const SceneExpectation& of = ExpectationOf(scene);
  if (const auto picture = for_question ? of.question : of.picture) return picture(state, e);
  std::fprintf(stderr, "error: no expectation for the picture of the %s scene\n", lesson::ModuleOf(scene).name);
  std::exit(1);
}

// Each scene: its caption, then its picture.

void Compare(const lesson::LessonState& state, Expected& e) {
  e.texts.push_back(T("compare.caption"));
  ComparePicture(state, e);
}
const SceneExpectation kCompareExpected = {Compare, ComparePicture, ComparePicture};

void Combine(const lesson::LessonState& state, Expected& e) {
  e.texts.push_back(T("combine.caption"));
  CombinePicture(state, e);
}
const SceneExpectation kCombineExpected = {Combine, CombinePicture, CombinePicture};

void Mask(const lesson::LessonState& state, Expected& e) {
  e.texts.push_back(T("mask.caption"));
  MaskPicture(state, e);
}
const SceneExpectation kMaskExpected = {Mask, MaskPicture, MaskQuestionPicture};

void Caveats(const lesson::LessonState& state, Expected& e) {
  e.texts.push_back(T("caveats.caption"));
  CaveatsPicture(state, e);
}
const SceneExpectation kCaveatsExpected = {Caveats, CaveatsPicture, CaveatsPicture};

void Learn(const lesson::LessonState& state, Expected& e) {
  e.texts.push_back(T("learn.caption"));
  LearnPicture(state, e);
}
const SceneExpectation kLearnExpected = {Learn, LearnPicture, LearnPicture};

void Heads(const lesson::LessonState& state, Expected& e) {
  e.texts.push_back(T("heads.caption"));
  HeadsPicture(state, e);
}
const SceneExpectation kHeadsExpected = {Heads, HeadsPicture, HeadsPicture};

// The step the walkthrough opens at, its caption in bold, over its scene's picture.
void Walkthrough(const lesson::LessonState& state, Expected& e) {
  const int step = lesson::ClampWalkthroughStep(state.walkthrough.step);
  const std::string caption =
      Fill(T("walkthrough.step_caption"), {{"step", std::to_string(step + 1)},
                                           {"count", std::to_string(lesson::WalkthroughStepCount())},
                                           {"title", T(lesson::WalkthroughStepKey(step, "title"))}});
  e.texts.push_back(caption);
  e.strong.push_back(caption);
  PictureOf(lesson::WalkthroughStepScene(step), state, e);
}
const SceneExpectation kWalkthroughExpected = {Walkthrough, nullptr, nullptr};

// The quick check's caption, the first question's picture, the question and its choices.
void Quiz(const lesson::LessonState& state, Expected& e) {
  e.texts.push_back(T("quiz.intro"));
  PictureOf(lesson::QuizQuestionScene(0), state, e, true);
  e.texts.push_back(T("quiz.question") + " 1");
  e.texts.push_back(T("quiz.q1.text"));
  e.strong.push_back(T("quiz.q1.text"));
  for (int choice = 1; choice <= lesson::kQuizChoiceCount; ++choice) {
    e.texts.push_back(std::string(1, static_cast<char>('A' + choice - 1)) + ".");
    e.texts.push_back(T("quiz.q1.choice" + std::to_string(choice)));
  }
}
const SceneExpectation kQuizExpected = {Quiz, nullptr, nullptr};

const SceneExpectation& ExpectationOf(lesson::Scene scene) {
#define ATTN_SCENE_ENTRY(Id) &k##Id##Expected,
  static const SceneExpectation* const expectations[] = {ATTN_SCENES(ATTN_SCENE_ENTRY)};
#undef ATTN_SCENE_ENTRY
  const auto at = static_cast<size_t>(scene);
  return *expectations[at < sizeof(expectations) / sizeof(expectations[0]) ? at : 0];
}

bool Read(const char* path, std::string* contents) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  *contents = text.str();
  return static_cast<bool>(in);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) {
    std::fputs("usage: stills_expected LESSON_TXT [TRANSLATION_TXT]\n", stderr);
    return 2;
  }
  // Each file, then the Go-further words (further.txt) in its folder.
  const auto further_of = [](const std::string& path) {
    const size_t slash = path.find_last_of('/');
    return (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + lesson::kFurtherFileName;
  };
  std::string contents;
  for (const std::string& file : {std::string(argv[1]), further_of(argv[1])}) {
    if (!Read(file.c_str(), &contents) || !lesson::LessonText().Load(file, contents)) {
      std::fprintf(stderr, "error: cannot load %s\n", file.c_str());
      return 2;
    }
  }
  if (argc == 3) {
    for (const std::string& file : {std::string(argv[2]), further_of(argv[2])}) {
      if (!Read(file.c_str(), &contents)) {
        std::fprintf(stderr, "error: cannot read %s\n", file.c_str());
        return 2;
      }
      lesson::LoadTranslation(lesson::LessonText(), file, contents);
      if (!lesson::LessonText().errors().empty()) {
        std::fprintf(stderr, "error: cannot load %s\n", file.c_str());
        return 2;
      }
    }
  }
  nlohmann::ordered_json json = nlohmann::ordered_json::object();
  for (const lesson::SceneModule* module : lesson::Scenes()) {
    lesson::LessonState state;
    state.scene = module->id;
    Expected e;
    e.title = T(std::string(module->name) + ".title");
    e.desc = lesson::DescribeScene(state);
    ExpectationOf(module->id).fill(state, e);
    json[module->name] = {{"title", e.title},     {"desc", e.desc},     {"texts", e.texts},
                          {"numbers", e.numbers}, {"strong", e.strong}, {"plain", e.plain}};
  }
  std::printf("%s\n", json.dump(2).c_str());
  return 0;
}
