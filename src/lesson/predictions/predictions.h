#pragma once
// Predict, then see: before a scene shows its result (the weights, the output, the cells a mask
// cuts), it asks the learner to guess it, with how sure they are; the reveal shows the guess
// beside the result with one line that explains the gap. This is the learner's record of it, and
// the table of questions: each question lives in its scene's folder (compare/compare_predict.cpp)
// and is listed once in ATTN_PREDICTIONS below.
//
// A question is asked while its prediction is open and the widget asks at all (an author may turn
// predictions off); the scene panel then hides what would give the answer away. Committing (a
// confidence) or skipping reveals it; "Ask me again" opens it anew. Nothing here locks a scene:
// every control still works while a question is open, and the guess is judged on the numbers the
// scene shows when it is committed.
//
// A scene's reset keeps the learner's predictions (they are the learner's record, not the scene's
// numbers); resetting the whole lesson forgets them.

#include <array>
#include <string>
#include <vector>

#include "lesson/scene.h"
#include "lesson/text_store.h"

namespace lesson {

struct LessonState;

// Every question, in the lesson's order, as X(Id): its index is Question::Id, its definition
// k##Id##Question in its scene's folder.
#define ATTN_PREDICTIONS(X) \
  X(CompareStrongest) X(CompareLonger) X(CombineOutput) X(MaskCausal) X(CaveatsRemoval) X(LearnSentence)

#define ATTN_PREDICTION_ID(Id) Id,
enum class Question { ATTN_PREDICTIONS(ATTN_PREDICTION_ID) };
#undef ATTN_PREDICTION_ID
#define ATTN_PREDICTION_ONE(Id) +1
constexpr int kQuestionCount = 0 ATTN_PREDICTIONS(ATTN_PREDICTION_ONE);
#undef ATTN_PREDICTION_ONE

// How sure the learner said they were. None only while the question is open or was skipped.
enum class Confidence : unsigned char { None, Guessing, ThinkSo, Sure };
constexpr int kConfidenceCount = 4;

enum class Outcome : unsigned char {
  Open,     // being asked (or not yet shown)
  Right,    // committed, and the numbers agreed
  Wrong,    // committed, and they did not
  Skipped,  // the learner went on without a guess
};

// What a question asks for.
enum class QuestionKind : unsigned char {
  Pick,   // one of `choices` things on the picture (a key, a word, a sentence)
  Value,  // a number, set by dragging a marker on the picture (where the output lands)
  Picks,  // any of `choices` things, none included (the keys a mask cuts)
};

constexpr int kMaxPicks = 16;  // a Picks question offers at most this many things

// One question's prediction.
struct Prediction {
  // Pick: the choice picked (a key, a word, a sentence), 0-based. Value and Picks: 0 once the
  // learner has guessed. -1: no guess yet.
  int pick = -1;
  double value = 0.0;   // Value: the guess
  unsigned picks = 0;   // Picks: bit i set for choice i picked
  Confidence confidence = Confidence::None;
  Outcome outcome = Outcome::Open;
  bool Guessed() const { return pick >= 0; }
  bool Committed() const { return outcome == Outcome::Right || outcome == Outcome::Wrong; }
};

// A question of a scene. Its words are in lesson.txt under predict.ID.* (ID with its dot, e.g.
// predict.compare.strongest.question): .question, .hint (how to answer on the picture), .right and
// .wrong (the feedback), and what else its judge fills in.
struct QuestionDef {
  Question id;
  const char* name;  // "compare.strongest": in links (its scene's NAME.predict), events and text keys
  Scene scene;
  QuestionKind kind;
  // Pick and Picks: how many things can be picked now. Value: the guess's range, lo..hi.
  int (*choices)(const LessonState& state);
  void (*range)(const LessonState& state, double* lo, double* hi);
  // The guess in words ("bus"; "18.5"; "on, the and mat"), for the reveal and the host's event.
  std::string (*guess_words)(const LessonState& state, const Prediction& prediction);
  // Whether the guess is right by the scene's numbers now, and the line that explains it: the right
  // answer and the numbers that make it so, and for a wrong guess, the gap between the two.
  bool (*judge)(const LessonState& state, const Prediction& prediction, std::string* feedback);
  // Whether the question can be asked now (null: always): the Mask scene asks which keys the causal
  // mask will cut only while it is off.
  bool (*applies)(const LessonState& state);
  // Fields filled into its question and hint (null: none): the Mask scene's {query}.
  TextFields (*fields)(const LessonState& state);
  // What the reveal changes in the scene (null: nothing; the scene's panel shows what it hid):
  // `revealed` true at a commit or a skip, false when asked again. The Mask scene turns its causal
  // mask on, and off again.
  void (*reveal)(LessonState& state, bool revealed);
};

#define ATTN_PREDICTION_DEF(Id) extern const QuestionDef k##Id##Question;
ATTN_PREDICTIONS(ATTN_PREDICTION_DEF)
#undef ATTN_PREDICTION_DEF

const QuestionDef& QuestionOf(Question question);
// The first question `scene` asks, or null (the walkthrough and the quick check ask none). A scene
// may ask more than one, in the order of ATTN_PREDICTIONS; the next is asked once the one before it
// is answered or skipped (its `applies` says so).
const QuestionDef* SceneQuestion(Scene scene);
const QuestionDef* FindQuestion(const std::string& name);

// A commit, a skip or a quick-check answer, for the host's attention-widget-prediction event.
struct PredictionEvent {
  std::string scene;       // "compare", "quiz"
  std::string question;    // "compare.strongest", "quiz.q1"
  std::string prediction;  // what was picked, in words ("bus"; a quick-check choice "B"); empty when skipped
  std::string confidence;  // "sure", "think-so", "guessing"; empty when skipped or not asked (the quick check)
  bool skipped = false;
  bool correct = false;
  double latency = 0.0;  // seconds from the question showing to the commit
};

struct Predictions {
  bool ask = true;  // the widget asks before revealing (an author may turn it off: embed option predictions)
  std::array<Prediction, kQuestionCount> answers;
  std::vector<std::string> events;  // commits not yet told to the host, as JSON (the app drains them)
};

const Prediction& PredictionFor(const LessonState& state, Question question);

// The question is on screen now: asking is on and it is open.
bool Asking(const LessonState& state, Question question);
// Picks choice `pick` of a Pick question while it is open (a Picks question: turns it on or off);
// false (nothing changed) otherwise or when out of range.
bool PickChoice(LessonState& state, Question question, int pick);
// Sets a Value question's guess while it is open, clamped into its range; false (nothing changed)
// for a non-finite value or otherwise.
bool GuessValue(LessonState& state, Question question, double value);
// Commits the open question's guess with `confidence` (not None): judged on the numbers now, its
// event queued, the question's reveal done. False (nothing changed) without a guess (a Picks
// question takes none picked as its guess) or when not open.
bool CommitPrediction(LessonState& state, Question question, Confidence confidence, double latency);
// Goes on without a guess; its event queued. False when not open.
bool SkipPrediction(LessonState& state, Question question, double latency);
// A quick-check question's reasoning was revealed (lesson/scenes/quiz): queues its event, as a
// prediction's without a confidence.
void QueueQuizAnswer(LessonState& state, int question, double latency);
// Opens a revealed or skipped question again, without its pick.
void AskAgain(LessonState& state, Question question);
// The line that explains the revealed outcome, by the numbers now (empty while open or skipped);
// it begins by saying the numbers have changed where they would now judge the guess otherwise.
std::string PredictionFeedback(const LessonState& state, Question question);
// "You said bus (sure): right." for a committed prediction; empty otherwise.
std::string VerdictText(const LessonState& state, Question question);
// Under an open question: "Your guess: bus. How sure are you?" once there is a guess, else how to
// answer on the picture.
std::string GuessLine(const LessonState& state, Question question);

// The question's words, and how to answer it on the picture, as the scene asks them now.
std::string QuestionText(const LessonState& state, Question question);
std::string QuestionHint(const LessonState& state, Question question);

// The mirror's sentences while `question` is asked (its scene holds its answer back): the
// question, then the pick so far or how to answer.
std::string DescribeAsking(const LessonState& state, Question question);

// "sure", "think-so", "guessing" (empty for None): in events and links' words.
const char* ConfidenceName(Confidence confidence);
// The confidence's words in lesson.txt: "predict.sure", ...
const char* ConfidenceKey(Confidence confidence);

// [SECTION] The record

struct PredictionRecord {
  int made = 0;     // committed with a guess
  int right = 0;    // of them, right
  int skipped = 0;  // gone on without a guess
  std::array<int, kConfidenceCount> made_at{};   // committed, by confidence
  std::array<int, kConfidenceCount> right_at{};  // right, by confidence
};
PredictionRecord Record(const Predictions& predictions);
// The record in a few sentences (the quick check's summary).
std::string RecordText(const LessonState& state);
// The record as a text file the learner keeps: its title, RecordText, then each question with what
// the learner said and whether it was right, or that it was skipped or is still open.
std::string RecordFile(const LessonState& state);

// [SECTION] Links
// A prediction in a link, the value of its scene's NAME.predict parameter: the guess, "_", the
// confidence (0 none, 1 guessing, 2 think so, 3 sure) and the outcome's letter (o open, r right,
// w wrong, s skipped). The guess is "-" for none; else a Pick's choice counted from 1 ("2"), a
// Value's number ("14.5"), or a Picks' choices counted from 1 joined by "." ("4.5.6"; "0": none
// of them). "2_3r": the second choice, sure, right; "-_0s": skipped.
std::string EncodePrediction(const QuestionDef& question, const Prediction& prediction);
// False with *why for a value that is not one for `question` in `state`; *prediction unchanged then.
bool DecodePrediction(const std::string& text, const QuestionDef& question, const LessonState& state,
                      Prediction* prediction, std::string* why);
// The parameter row for `question` (its scene's table adds it): NAME.predict for its scene's first
// question (compare.predict), the question's own name's for the others (compare.longer.predict).
Param PredictionParam(Question question);

// [SECTION] Events
// The event as JSON: {scene, question, prediction, confidence, skipped, correct, latency}, the
// latency in whole milliseconds' seconds.
std::string PredictionEventJson(const PredictionEvent& event);

}  // namespace lesson
