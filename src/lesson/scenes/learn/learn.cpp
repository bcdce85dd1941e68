#include "lesson/locale.h"
#include "lesson/scenes/learn/learn.h"

#include <algorithm>
#include <cmath>

#include "lesson/text_store.h"

namespace lesson {

namespace {

learn::Options OptionsOf(const LearnScene& scene) {
  learn::Options options;
  options.seed = static_cast<uint64_t>(scene.seed);
  options.rate = scene.rate;
  return options;
}

}  // namespace

const learn::Training& LearnTrainingOf(const LearnScene& scene) {
  static learn::Training cached = learn::StartTraining(OptionsOf(LearnScene{}));
  const learn::Options wanted = OptionsOf(scene);
  const int steps = std::clamp(scene.steps, 0, kLearnMaxSteps);
  if (cached.options.seed != wanted.seed || cached.options.rate != wanted.rate || cached.steps > steps) {
    cached = learn::StartTraining(wanted);
  }
  learn::Train(&cached, steps - cached.steps);
  return cached;
}

learn::Paragraph LearnParagraphOf(const LearnScene& scene) {
  return scene.paragraph == LearnParagraph::Repeated ? learn::RepeatedFactParagraph() : learn::LessonParagraph();
}

std::string LearnSentenceText(const learn::Sentence& sentence) {
  return Fill(T("learn.sentence" + std::to_string(sentence.subject + 1)), {{"n", std::to_string(sentence.number)}});
}

std::string LearnQuestionText(int subject) { return T("learn.question" + std::to_string(subject + 1)); }

std::string LearnAnswerText(double output, double right) {
  return Fill(T("learn.answer"), {{"output", lesson::Num(output)}, {"answer", lesson::Num(right)}});
}

std::string LearnLossText(double loss) {
  constexpr double kSmallest = 1e-4;
  if (std::fabs(loss) >= 0.1 || !std::isfinite(loss)) return lesson::Num(loss, 2);
  if (std::fabs(loss) < kSmallest) return Fill(T("learn.loss_below"), {{"floor", lesson::Num(kSmallest, 4)}});
  // The first significant digit is `zeros` places after the point; one more digit after it.
  int zeros = 1;
  for (double scaled = std::fabs(loss) * 10.0; scaled < 1.0; scaled *= 10.0) ++zeros;
  return lesson::Num(loss, zeros + 1);
}

std::vector<int> LearnQuestionsOf(const LearnScene& scene) {
  std::vector<int> subjects;
  for (const learn::Sentence& sentence : LearnParagraphOf(scene).sentences) {
    if (std::find(subjects.begin(), subjects.end(), sentence.subject) == subjects.end()) subjects.push_back(sentence.subject);
  }
  return subjects;
}

namespace {
constexpr double kBarely = 0.25;  // the answer "barely moves": it still rounds to the same hour
constexpr double kMoves = 0.5;    // the answer moves: it rounds to another hour
}  // namespace

const char* LearnRemovalReading(const std::array<learn::Removal, learn::kSentences>& removals,
                                const learn::Paragraph& paragraph, int question) {
  return LearnRemovalReading(removals, paragraph, question, std::nan(""));
}

const char* LearnRemovalReading(const std::array<learn::Removal, learn::kSentences>& removals,
                                const learn::Paragraph& paragraph, int question, double copies_change) {
  double largest = 0.0;
  int copies = 0, large_copies_unmoved = 0, moving = 0, carrier = -1, unmoved_carrier = -1;
  for (int j = 0; j < learn::kSentences; ++j) {
    const learn::Removal& removal = removals[static_cast<size_t>(j)];
    if (!std::isfinite(removal.change)) return nullptr;
    largest = std::max(largest, removal.weight);
    if (paragraph.sentences[static_cast<size_t>(j)].subject == question) {
      ++copies;
      if (removal.weight >= 0.3 && removal.change < kBarely) ++large_copies_unmoved;
    }
    if (removal.change >= kBarely) ++moving;
    if (removal.weight >= 0.8 && removal.change >= kMoves) carrier = j;
    if (removal.weight >= 0.8 && removal.change < kMoves) unmoved_carrier = j;
  }
  if (largest < 0.6 && !(copies >= 2 && large_copies_unmoved >= 2)) return "learn.removal_untrained";
  if (copies >= 2 && large_copies_unmoved >= 2) {
    return std::isnan(copies_change) || copies_change >= kBarely ? "learn.removal_twice" : nullptr;
  }
  if (copies == 1 && carrier >= 0 && moving == 1) return "learn.removal_once";
  if (copies == 1 && unmoved_carrier >= 0) return "learn.removal_coincidence";
  return nullptr;
}

CopiesRemoved LearnCopiesRemoved(const learn::Model& model, const learn::Paragraph& paragraph, int question) {
  CopiesRemoved result;
  std::array<bool, learn::kSentences> removed{};
  for (int j = 0; j < learn::kSentences; ++j) {
    removed[static_cast<size_t>(j)] = paragraph.sentences[static_cast<size_t>(j)].subject == question;
    if (removed[static_cast<size_t>(j)]) ++result.copies;
  }
  if (result.copies < 2) {
    result.answer_without = result.change = std::nan("");
    return result;
  }
  result.answer_without = learn::Ask(model, paragraph, question, removed).output;
  result.change = std::fabs(result.answer_without - learn::Ask(model, paragraph, question).output);
  return result;
}

const char* LearnReadingOf(const learn::Model& model, const learn::Paragraph& paragraph, int question) {
  return LearnRemovalReading(learn::RemoveEach(model, paragraph, question), paragraph, question,
                             LearnCopiesRemoved(model, paragraph, question).change);
}

std::string LearnReadingText(const char* reading) {
  // {paragraph}: the name of the paragraph that states a fact twice, as its radio button shows it.
  const int repeated = static_cast<int>(LearnParagraph::Repeated) + 1;
  return Fill(T(reading), {{"paragraph", T("learn.paragraph" + std::to_string(repeated))}});
}

void StartLearnTraining(LearnScene& scene) {
  if (scene.steps >= kLearnMaxSteps) return;
  scene.training = true;
  scene.run_until = std::min(scene.steps + kLearnRunSteps, kLearnMaxSteps);
  scene.owed = 0.0;
}

void PauseLearnTraining(LearnScene& scene) {
  scene.training = false;
  scene.owed = 0.0;
}

void StepLearnTraining(LearnScene& scene) {
  PauseLearnTraining(scene);
  SetLearnSteps(scene, scene.steps + 1);
}

void ResetLearnTraining(LearnScene& scene) {
  PauseLearnTraining(scene);
  scene.steps = 0;
}

bool AdvanceLearnTraining(LearnScene& scene, double seconds) {
  if (!scene.training || !std::isfinite(seconds) || seconds <= 0.0) return false;
  scene.owed += seconds * kLearnStepsPerSecond;
  const int due = std::min({static_cast<int>(scene.owed), kLearnMaxStepsPerFrame, scene.run_until - scene.steps});
  scene.owed -= static_cast<int>(scene.owed);
  scene.steps += std::max(due, 0);
  if (scene.steps >= scene.run_until) PauseLearnTraining(scene);
  return due > 0;
}

bool SetLearnSeed(LearnScene& scene, double seed) {
  if (!std::isfinite(seed)) return false;
  scene.seed = static_cast<int>(std::clamp(std::round(seed), 1.0, static_cast<double>(kLearnSeedMax)));
  return true;
}

bool SetLearnRate(LearnScene& scene, double rate) {
  if (!std::isfinite(rate)) return false;
  scene.rate = std::clamp(rate, kLearnRateMin, kLearnRateMax);
  return true;
}

void SetLearnSteps(LearnScene& scene, int steps) { scene.steps = std::clamp(steps, 0, kLearnMaxSteps); }

void SetLearnParagraph(LearnScene& scene, int paragraph) {
  scene.paragraph = static_cast<LearnParagraph>(std::clamp(paragraph, 0, kLearnParagraphCount - 1));
  const std::vector<int> questions = LearnQuestionsOf(scene);
  if (std::find(questions.begin(), questions.end(), scene.question) == questions.end()) scene.question = questions[0];
}

bool SetLearnQuestion(LearnScene& scene, int subject) {
  const std::vector<int> questions = LearnQuestionsOf(scene);
  if (std::find(questions.begin(), questions.end(), subject) == questions.end()) return false;
  scene.question = subject;
  return true;
}

}  // namespace lesson
