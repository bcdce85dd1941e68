#pragma once
// The Learn scene: a one-layer attention model (src/learn/) learns where to look, trained in
// front of the learner on the lesson's own task, answering a question about a paragraph. The
// state holds what a link can carry (seed, learning rate, steps taken, the paragraph and the
// question shown); the trained model is recomputed from them, deterministically.
//
// Highlight names the panel honours (LessonState::highlight): "learn.controls", "learn.curves",
// "learn.weights", "learn.plane", "learn.removal".

#include <string>
#include <vector>

#include "learn/learn.h"
#include "lesson/scene.h"

namespace lesson {

constexpr int kLearnRunSteps = 300;              // one press of Train
constexpr int kLearnMaxSteps = 1000;             // a link's learn.steps at most
constexpr double kLearnStepsPerSecond = 300.0;   // so that a run of Train takes about a second
constexpr int kLearnMaxStepsPerFrame = 30;       // a slow frame does not stall on training
constexpr int kLearnSeedMax = 9999;
constexpr double kLearnRateMin = 0.005;
constexpr double kLearnRateMax = 0.5;

// The paragraphs the scene can show: the lesson's own, and one that states a fact twice.
enum class LearnParagraph { Lesson, Repeated };
constexpr int kLearnParagraphCount = 2;

struct LearnScene {
  int seed = 1;                                    // the data and the first parameters, 1 .. kLearnSeedMax
  double rate = 0.03;                              // Adam's learning rate
  int steps = 0;                                   // training steps taken, 0 .. kLearnMaxSteps
  LearnParagraph paragraph = LearnParagraph::Lesson;
  int question = 1;                                // the subject asked about: the bus
  bool numbers_open = false;                       // "Show the numbers": the status and the controlled test
  bool options_open = false;                       // "Options": the learning rate, the seed, the keys
  bool training = false;                           // Train is running (not in links)
  int run_until = 0;                               // where the running Train stops
  double owed = 0.0;                               // part of a step the clock has not yet paid
};

// The model after scene.steps steps from the scene's seed and rate (kept between calls and
// trained on from there when only the steps grew; recomputed otherwise).
const learn::Training& LearnTrainingOf(const LearnScene& scene);

learn::Paragraph LearnParagraphOf(const LearnScene& scene);
// "The bus leaves at 10." and "When does the bus leave?", in the lesson's words.
std::string LearnSentenceText(const learn::Sentence& sentence);
std::string LearnQuestionText(int subject);
// "Answer: 12.5 (the right answer is 10)".
std::string LearnAnswerText(double output, double right);
// A loss for people: two significant digits below 0.1 ("0.023", "0.00051"), two decimals above
// ("23.46"), and "below 0.0001" under that, where the digits no longer say anything.
std::string LearnLossText(double loss);
// The subjects a question can be about in the shown paragraph, in the paragraph's order, each once.
std::vector<int> LearnQuestionsOf(const LearnScene& scene);

// The reading of the controlled test (learn::RemoveEach's `removals` of `paragraph` for
// `question`) that the trained model's numbers support, as a key of
// lesson.txt: "learn.removal_untrained" while no sentence has most of the weight,
// "learn.removal_twice" when two copies of the asked fact each hold a large share and removing
// either barely moves the answer, "learn.removal_once" when one sentence holds the weight and only
// its removal moves the answer, "learn.removal_coincidence" when one sentence holds the weight yet
// its removal barely moves the answer (the others' numbers happen to mix to about the same); null
// when none of these holds.
const char* LearnRemovalReading(const std::array<learn::Removal, learn::kSentences>& removals,
                                const learn::Paragraph& paragraph, int question);
// The same, knowing `copies_change`: how far the answer moves when every copy of the asked fact is
// removed together (LearnCopiesRemoved). "learn.removal_twice" says that only removing both shows
// what the answer depends on, so it then also needs that move to be more than a barely (at least a
// quarter of an hour); a NaN (unknown) leaves that out.
const char* LearnRemovalReading(const std::array<learn::Removal, learn::kSentences>& removals,
                                const learn::Paragraph& paragraph, int question, double copies_change);
// Every sentence about `question` removed at once: the answer without them and how far it moved
// (NaN both when the paragraph states the fact once, or not at all).
struct CopiesRemoved {
  int copies = 0;       // sentences about the question
  double answer_without = 0.0;
  double change = 0.0;  // |answer_without - full answer|
};
CopiesRemoved LearnCopiesRemoved(const learn::Model& model, const learn::Paragraph& paragraph, int question);
// The reading the panel and the mirror state for the model: LearnRemovalReading of RemoveEach
// with the copies' change.
const char* LearnReadingOf(const learn::Model& model, const learn::Paragraph& paragraph, int question);
// A reading's words (a key LearnRemovalReading returned), its fields filled in.
std::string LearnReadingText(const char* reading);

// Train runs kLearnRunSteps more steps (at most to kLearnMaxSteps) and then stops; Pause stops
// it; Step takes one step; Reset goes back to step 0.
void StartLearnTraining(LearnScene& scene);
void PauseLearnTraining(LearnScene& scene);
void StepLearnTraining(LearnScene& scene);
void ResetLearnTraining(LearnScene& scene);
// Moves a running Train on by `seconds` of real time. Returns whether steps were taken.
bool AdvanceLearnTraining(LearnScene& scene, double seconds);

// Setters keep the state valid: non-finite input is refused (false); the rest is clamped. A new
// seed or rate keeps the steps (the model is trained again to that step).
bool SetLearnSeed(LearnScene& scene, double seed);
bool SetLearnRate(LearnScene& scene, double rate);
void SetLearnSteps(LearnScene& scene, int steps);
void SetLearnParagraph(LearnScene& scene, int paragraph);
// A subject the shown paragraph does not name is refused (false).
bool SetLearnQuestion(LearnScene& scene, int subject);

inline void ResetLearnScene(LearnScene& scene) { scene = LearnScene{}; }

}  // namespace lesson
