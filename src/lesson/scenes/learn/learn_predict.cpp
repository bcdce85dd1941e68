// The Learn scene's prediction: before training, "Which sentence will the model learn to look at?".
// The learner taps a sentence's weight bar (at step 0 every weight is the same, so nothing is given
// away). The answer is the sentence that answers the question asked (in the paragraph that states
// it twice, either copy): only its number lowers the loss, so training moves the weight onto it
// (tests/unit/lesson_predictions_test.cpp trains the model and checks where the weight goes). The
// reveal is the scene's own Train; asked again, the training goes back to step 0.
#include "lesson/lesson_state.h"
#include "lesson/mirror_words.h"
#include "lesson/predictions/predictions.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

int Choices(const LessonState&) { return learn::kSentences; }

std::string Sentence(const LessonState& state, int j) {
  return MirrorQuoted(LearnSentenceText(LearnParagraphOf(state.learn).sentences[static_cast<size_t>(j)]));
}

std::string GuessWords(const LessonState& state, const Prediction& p) { return Sentence(state, p.pick); }

bool Judge(const LessonState& state, const Prediction& p, std::string* feedback) {
  const learn::Paragraph paragraph = LearnParagraphOf(state.learn);
  const int question = state.learn.question;
  int answer = -1;
  for (int j = 0; j < learn::kSentences; ++j) {
    if (paragraph.sentences[static_cast<size_t>(j)].subject == question && answer < 0) answer = j;
  }
  const bool right = p.pick >= 0 && p.pick < learn::kSentences &&
                     paragraph.sentences[static_cast<size_t>(p.pick)].subject == question;
  *feedback = Fill(T(right ? "predict.learn.sentence.right" : "predict.learn.sentence.wrong"),
                   {{"sentence", Sentence(state, right ? p.pick : answer)},
                    {"pick", Sentence(state, p.pick)},
                    {"question", MirrorQuoted(LearnQuestionText(question))}});
  return right;
}

// Asked before training: once it has run, the picture shows where the weight went.
bool Applies(const LessonState& state) { return state.learn.steps == 0 && !state.learn.training; }

void Reveal(LessonState& state, bool revealed) {
  if (revealed) {
    StartLearnTraining(state.learn);
  } else {
    ResetLearnTraining(state.learn);
  }
}

}  // namespace

const QuestionDef kLearnSentenceQuestion = {Question::LearnSentence, "learn.sentence", Scene::Learn,
                                            QuestionKind::Pick,      Choices,          nullptr,
                                            GuessWords,              Judge,            Applies,
                                            nullptr,                 Reveal};

}  // namespace lesson
