// What each scene's still must show, computed here through the scenes' own compute functions and
// the lesson's words, independently of attention_stills: printed as JSON for check_stills.py.
//
//   {"compare": {"title": "...", "desc": "...", "texts": ["museum", "0.21", ...],
//                "numbers": [...], "strong": "..."}, ...}
//
// title: the still's <title>; desc: its <desc>, the scene's accessible-mirror description as the
// live widget gives it when the scene opens; texts: each must be the whole text of a <text> or a
// <tspan> of the still; numbers (when given): every number the still shows on its own, in order;
// strong (when given): the one text drawn bold among `texts` (the step the walkthrough opens at).
// usage: stills_expected LESSON_TXT

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attention/attention.h"
#include "lesson/describe.h"
#include "lesson/lesson_state.h"
#include "lesson/text_store.h"

namespace {

using attention::FormatNumber;
using lesson::T;

struct Expected {
  std::string title;
  std::string desc;
  std::vector<std::string> texts;
  std::vector<std::string> numbers;
  std::string strong;
};

void Compare(const lesson::LessonState& state, Expected& e) {
  const lesson::CompareResult result = lesson::ComputeCompare(state.compare);
  e.texts.push_back(T("compare.query"));
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
    e.texts.push_back(T("compare.key" + std::to_string(i)));
    e.numbers.push_back(FormatNumber(result.weights[static_cast<size_t>(i)]));
  }
  e.numbers.push_back(FormatNumber(result.combination.output));
}

void Combine(const lesson::LessonState& state, Expected& e) {
  const attention::Combination combination = lesson::ComputeCombine(state.combine);
  for (const attention::Term& term : combination.terms) {
    e.texts.push_back(FormatNumber(term.value));
    e.texts.push_back(FormatNumber(term.weight));
    e.texts.push_back(FormatNumber(term.product));
  }
  e.texts.push_back(attention::FormatSum(combination));
  e.texts.push_back(FormatNumber(combination.output));
}

void Mask(const lesson::LessonState& state, Expected& e) {
  const attention::Result result = lesson::MaskWeights(state.mask);
  for (int i = 0; i < lesson::kMaskTokenCount; ++i) e.texts.push_back(lesson::MaskToken(i));
  for (int row = 0; row < result.weights.rows; ++row) {
    for (int col = 0; col < result.weights.cols; ++col) {
      if (!lesson::MaskedBy(state.mask, row, col).Any()) e.numbers.push_back(FormatNumber(result.weights(row, col)));
    }
  }
  e.texts.push_back(T("mask.axes"));
}

void Caveats(const lesson::LessonState& state, Expected& e) {
  const lesson::CaveatsScene& scene = state.caveats;
  const lesson::CaveatsPass full = lesson::RunCaveatsFull(scene);
  for (int i = 0; i < lesson::kCaveatsPositions; ++i) {
    const size_t at = static_cast<size_t>(i);
    e.texts.push_back(T("caveats.word" + std::to_string(i + 1)));
    e.numbers.push_back(FormatNumber(scene.values[at]));
    e.numbers.push_back(FormatNumber(full.a.weights[at]));
  }
  e.texts.push_back(lesson::Fill(T("caveats.output_full"), {{"output", FormatNumber(full.a.combination.output)}}));
}

void Learn(const lesson::LessonState& state, Expected& e) {
  const learn::Paragraph paragraph = lesson::LearnParagraphOf(state.learn);
  const learn::Answer answer = learn::Ask(lesson::LearnTrainingOf(state.learn).model, paragraph, state.learn.question);
  e.texts.push_back(lesson::LearnQuestionText(state.learn.question));
  for (int j = 0; j < learn::kSentences; ++j) {
    e.texts.push_back(lesson::LearnSentenceText(paragraph.sentences[static_cast<size_t>(j)]));
    e.numbers.push_back(FormatNumber(answer.weights[static_cast<size_t>(j)]));
  }
  e.texts.push_back(lesson::LearnAnswerText(answer.output, learn::AnswerOf(paragraph, state.learn.question)));
}

void Walkthrough(const lesson::LessonState& state, Expected& e) {
  for (int step = 0; step < lesson::WalkthroughStepCount(); ++step) {
    e.texts.push_back(T(lesson::WalkthroughStepKey(step, "title")));
  }
  e.strong = T(lesson::WalkthroughStepKey(lesson::ClampWalkthroughStep(state.walkthrough.step), "title"));
}

void Quiz(const lesson::LessonState&, Expected& e) {
  e.texts.push_back(T("quiz.q1.text"));
  for (int choice = 1; choice <= lesson::kQuizChoiceCount; ++choice) {
    e.texts.push_back(T("quiz.q1.choice" + std::to_string(choice)));
  }
}

struct SceneExpectation {
  lesson::Scene scene;
  void (*fill)(const lesson::LessonState& state, Expected& e);
};

const SceneExpectation kExpectations[] = {
    {lesson::Scene::Compare, Compare}, {lesson::Scene::Combine, Combine},         {lesson::Scene::Mask, Mask},
    {lesson::Scene::Caveats, Caveats}, {lesson::Scene::Learn, Learn},     {lesson::Scene::Walkthrough, Walkthrough},
    {lesson::Scene::Quiz, Quiz},
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fputs("usage: stills_expected LESSON_TXT\n", stderr);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::ostringstream contents;
  contents << in.rdbuf();
  if (!in || !lesson::LessonText().Load(argv[1], contents.str())) {
    std::fprintf(stderr, "error: cannot load %s\n", argv[1]);
    return 2;
  }
  nlohmann::ordered_json json = nlohmann::ordered_json::object();
  for (const lesson::SceneModule* module : lesson::Scenes()) {
    lesson::LessonState state;
    state.scene = module->id;
    Expected e;
    e.title = T(std::string(module->name) + ".title");
    e.desc = lesson::DescribeScene(state);
    bool known = false;
    for (const SceneExpectation& expectation : kExpectations) {
      if (expectation.scene != module->id) continue;
      expectation.fill(state, e);
      known = true;
    }
    if (!known) {
      std::fprintf(stderr, "error: no expectation for the %s scene's still (tests/stills/stills_expected.cpp)\n",
                   module->name);
      return 1;
    }
    json[module->name] = {
        {"title", e.title}, {"desc", e.desc}, {"texts", e.texts}, {"numbers", e.numbers}, {"strong", e.strong}};
  }
  std::printf("%s\n", json.dump(2).c_str());
  return 0;
}
