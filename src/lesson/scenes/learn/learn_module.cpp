// The Learn scene's module: its description for the accessible mirror, its number table and its
// URL parameters.
#include <cmath>
#include <string>

#include "attention/attention.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/mirror_words.h"
#include "lesson/scene_params.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

std::string Percent(double share) { return lesson::Num(share * 100.0, 0) + " %"; }

std::string Describe(const LessonState& state) {
  const LearnScene& scene = state.learn;
  const learn::Training& training = LearnTrainingOf(scene);
  const learn::Paragraph paragraph = LearnParagraphOf(scene);
  const learn::Answer answer = learn::Ask(training.model, paragraph, scene.question);
  int most = 0;
  for (int j = 1; j < learn::kSentences; ++j) {
    if (answer.weights[static_cast<size_t>(j)] > answer.weights[static_cast<size_t>(most)]) most = j;
  }
  const std::string progress =
      Fill(T(training.steps == 0 ? "mirror.learn.untrained" : "mirror.learn.trained"),
           {{"steps", MirrorCount(training.steps)},
            {"loss", LearnLossText(training.loss.back())},
            {"accuracy", Percent(training.accuracy.back())}});
  const std::string focus = Fill(T("mirror.learn.weight"),
                                 {{"question", MirrorQuoted(LearnQuestionText(scene.question))},
                                  {"weight", MirrorNumber(answer.weights[static_cast<size_t>(most)])},
                                  {"sentence", MirrorQuoted(LearnSentenceText(paragraph.sentences[static_cast<size_t>(most)]))},
                                  {"output", MirrorNumber(answer.output)}});
  // The controlled test's reading, as the panel states it under its table; while training runs,
  // the numbers it would read are about to change.
  const char* reading = scene.training ? nullptr : LearnReadingOf(training.model, paragraph, scene.question);
  return MirrorSentences({progress, focus, scene.training ? T("mirror.learn.training") : std::string(),
                          reading != nullptr ? LearnReadingText(reading) : std::string(),
                          Asking(state, Question::LearnSentence) ? DescribeAsking(state, Question::LearnSentence)
                                                                 : std::string()});
}

MirrorTable Table(const LessonState& state) {
  const LearnScene& scene = state.learn;
  const learn::Training& training = LearnTrainingOf(scene);
  const learn::Paragraph paragraph = LearnParagraphOf(scene);
  const learn::Answer answer = learn::Ask(training.model, paragraph, scene.question);
  const auto removals = learn::RemoveEach(training.model, paragraph, scene.question);
  MirrorTable table;
  table.caption = Fill(T("mirror.learn.caption"), {{"steps", MirrorCount(training.steps)},
                                                   {"question", MirrorQuoted(LearnQuestionText(scene.question))},
                                                   {"output", MirrorNumber(answer.output)}});
  table.columns = {T("mirror.col.sentence"), T("mirror.col.weight"), T("mirror.col.answer_without"),
                   T("mirror.col.answer_change")};
  for (int j = 0; j < learn::kSentences; ++j) {
    const learn::Removal& removal = removals[static_cast<size_t>(j)];
    table.rows.push_back({LearnSentenceText(paragraph.sentences[static_cast<size_t>(j)]), MirrorNumber(removal.weight),
                          MirrorNumber(removal.answer_without), MirrorNumber(removal.change)});
  }
  return table;
}

void Reset(LessonState& state) { ResetLearnScene(state.learn); }

bool Busy(const LessonState& state) { return state.learn.training; }
bool Advance(LessonState& state, double seconds) { return AdvanceLearnTraining(state.learn, seconds); }

std::vector<Param> Params() {
  return {
      {"learn.seed", ParamForm::Index, 1, kLearnSeedMax, 0,
       [](const LessonState& s, int, ParamValue* v) {
         v->index = s.learn.seed;
         return true;
       },
       [](LessonState& s, int, const ParamValue& v, std::string*) { return SetLearnSeed(s.learn, v.index); }},
      NumberParam<&LessonState::learn, &LearnScene::rate, SetLearnRate>("learn.rate", kLearnRateMin, kLearnRateMax),
      CountParam<&LessonState::learn, &LearnScene::steps, SetLearnSteps>("learn.steps", 0, kLearnMaxSteps),
      {"learn.paragraph", ParamForm::Index, 1, kLearnParagraphCount, 0,
       [](const LessonState& s, int, ParamValue* v) {
         v->index = static_cast<int>(s.learn.paragraph) + 1;
         return true;
       },
       [](LessonState& s, int, const ParamValue& v, std::string*) {
         SetLearnParagraph(s.learn, v.index - 1);
         return true;
       }},
      {"learn.question", ParamForm::Index, 1, learn::kSubjects, 0,
       [](const LessonState& s, int, ParamValue* v) {
         v->index = s.learn.question + 1;
         return true;
       },
       [](LessonState& s, int, const ParamValue& v, std::string* why) {
         if (SetLearnQuestion(s.learn, v.index - 1)) return true;
         *why = "the paragraph shown has no sentence about that subject";
         return false;
       }},
      FlagParam<&LessonState::learn, &LearnScene::numbers_open>("learn.numbers"),
      FlagParam<&LessonState::learn, &LearnScene::options_open>("learn.options"),
      PredictionParam(Question::LearnSentence),
  };
}

}  // namespace

const SceneModule kLearnModule = {
    Scene::Learn, "learn", "widget.scene.learn", Reset, Describe, Table, Params, Busy, Advance};

}  // namespace lesson
