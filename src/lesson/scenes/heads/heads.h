#pragma once
// The Heads scene: a two-layer, attention-only transformer (src/learn/heads.h) trained in front of
// the learner on sequences that repeat a run of random tokens, where attention heads form; then
// the controlled test, each head knocked out in turn. The state holds what a link can carry (the
// seed, the steps taken, the heads knocked out); the model and its history are recomputed from
// them, deterministically, and brought to a link's step a few steps a frame.
//
// Highlight names the panel honours (LessonState::highlight): "heads.patterns", "heads.curves",
// "heads.controls", "heads.knockout".

#include <string>
#include <vector>

#include "learn/heads.h"

namespace lesson {

constexpr int kHeadsLayers = heads::kLayers;
constexpr int kHeadsPerLayer = 2;                          // the scene's model: 2 heads a layer
constexpr int kHeadsCount = kHeadsLayers * kHeadsPerLayer;  // the heads, layer by layer, from 0
constexpr int kHeadsRunSteps = 2000;                        // one press of Train, at most
constexpr int kHeadsMaxSteps = 6000;                        // a link's heads.steps at most
constexpr int kHeadsSeedMax = 9999;
constexpr int kHeadsRecordEvery = 25;         // a point of the curves every this many steps
constexpr int kHeadsEvaluationSize = 64;      // held-out sequences the measures are taken on
constexpr double kHeadsStepsPerSecond = 200;  // Train's pace, so that the heads form in front of the learner
constexpr double kHeadsFrameBudgetMs = 14.0;  // training's share of a frame, so frames keep coming
// The heads have formed (the and the bench's test): the repeated run's next token is right
// at least this often, and a layer-2 head puts at least kHeadsFormedInduction on the token after
// the earlier copy.
constexpr double kHeadsFormedAccuracy = 0.85;
constexpr double kHeadsFormedInduction = 0.5;
// A head "looks at" something when on average it puts at least this weight there.
constexpr double kHeadsRoleScore = 0.5;

struct HeadsScene {
  int seed = 1;             // the data and the first parameters, 1 .. kHeadsSeedMax
  int steps = 0;            // training steps the model has taken (or is being brought to), 0 .. kHeadsMaxSteps
  unsigned knocked = 0;     // bit h: head h (layer h / 2, head h % 2) knocked out, its output zero
  bool numbers_open = false;  // "Show the numbers": every head's scores and knock-out
  bool options_open = false;  // "Options": the seed
  bool training = false;    // Train is running (not in links)
  int run_until = 0;        // where the running Train stops
  double owed = 0.0;        // part of a step the clock has not yet paid
};

// One point of the curves: the measures on the held-out set after `step` steps.
struct HeadsPoint {
  int step = 0;
  double loss = 0.0;
  double repeated = 0.0;  // the repeated run's next token right (the copy)
  double other = 0.0;     // elsewhere, where no rule helps (chance: 1 / 32)
  double previous[kHeadsCount] = {};
  double duplicate[kHeadsCount] = {};
  double induction[kHeadsCount] = {};
};

// The copy's accuracy (and the loss) of the model now with `knocked` heads knocked out, and each
// head's pattern on the sample; kept for the model's step (HeadsTestOf).
struct HeadsTest {
  int step = -1;
  unsigned knocked = 0;
  HeadsPoint measures;  // at the model's step; with nothing knocked out, the history's last point
  heads::Pass sample;   // the sample sequence through the model with those heads knocked out
};

// The model as far as it is trained, with what the picture draws of it.
struct HeadsRun {
  heads::Training training;
  std::vector<heads::Sequence> evaluation;  // kHeadsEvaluationSize held-out sequences
  heads::Sequence sample;                   // the one the patterns are drawn on
  std::vector<HeadsPoint> history;          // at step 0, every kHeadsRecordEvery steps, and the last
  int formed_at = -1;                       // the first recorded step at which the heads had formed
  // What the knock-outs leave of the model, kept for its step (a run started again starts without).
  HeadsTest test;                           // HeadsTestOf's, for test.step and test.knocked
  heads::KnockoutEffects effects;           // HeadsEffectsOf's, for effects_step
  int effects_step = -1;
};

// The model of the scene's seed as far as it has been trained toward scene.steps (never past it;
// started again when the seed changed or the steps went back). Cheap: it trains nothing.
const HeadsRun& HeadsRunOf(const HeadsScene& scene);
// The same, trained all the way to scene.steps first (tests, stills, a native screenshot).
const HeadsRun& HeadsRunAt(const HeadsScene& scene);
// Whether the model is behind scene.steps (a link's step is being reached).
bool HeadsCatchingUp(const HeadsScene& scene);
// Whether the scene has work for the clock: training, or catching up.
bool HeadsBusy(const HeadsScene& scene);

// The last point of the history (the model now).
const HeadsPoint& HeadsNow(const HeadsRun& run);
bool HeadsFormed(const HeadsPoint& point);

heads::Knockout HeadsKnockoutOf(unsigned knocked);
bool HeadKnocked(const HeadsScene& scene, int head);

// The model now with the scene's knock-outs (HeadsTest).
const HeadsTest& HeadsTestOf(const HeadsScene& scene);
// The measures of the model now with the scene's knock-outs (the history's last point while none
// is knocked out, or while the model trains).
HeadsPoint HeadsShown(const HeadsScene& scene);
// The controlled test on the model now: the copy with each head, and each layer, knocked out.
const heads::KnockoutEffects& HeadsEffectsOf(const HeadsScene& scene);

// What a head's pattern shows, from its scores: "heads.role_previous" (the token before),
// "heads.role_duplicate" (the earlier copy of the current token), "heads.role_induction" (the
// token after that earlier copy), or "heads.role_none" when no score reaches kHeadsRoleScore (the
// highest wins when several do).
const char* HeadsRoleOf(const HeadsPoint& point, int head);

// The reading of the controlled test that the model's numbers support, in two parts, each a key
// of lesson.txt (null when the numbers support none of its readings):
// - layer 1: "heads.reading_untrained" until the heads have formed; then "heads.reading_layer1"
//   when one layer-1 head carries the copy (knocked out, the copy's accuracy falls below half of
//   what it was) and the other does not (it moves it by less than kHeadsNoEffect);
// - layer 2, once formed and only when without both layer-2 heads the copy is gone (below
//   kHeadsGone): "heads.reading_layer2_unequal" when knocking out one of them costs at least
//   kHeadsUnequal more than knocking out the other (the same pattern, not the same effect), else
//   "heads.reading_layer2_shared" (either can do much of the copy alone).
constexpr double kHeadsNoEffect = 0.1;
constexpr double kHeadsGone = 0.2;
constexpr double kHeadsUnequal = 0.1;
struct HeadsReading {
  const char* layer1 = nullptr;
  const char* layer2 = nullptr;
  int carrier = -1;  // the layer-1 head that carries the copy (0 or 1)
  int idle = -1;     // the other
};
HeadsReading HeadsReadingOf(const HeadsPoint& now, const heads::KnockoutEffects& effects);
// Its words, filled in from the numbers (empty when it has none).
std::string HeadsReadingText(const HeadsReading& reading, const HeadsPoint& now,
                             const heads::KnockoutEffects& effects);
// "Layer 1, head 2".
std::string HeadName(int head);
std::string HeadsPercent(double share);

// Train runs kHeadsRunSteps more steps (at most to kHeadsMaxSteps) and then stops, and lets go of
// the knock-outs (they test a model at one step); Pause stops it; Reset goes back to step 0.
void StartHeadsTraining(HeadsScene& scene);
void PauseHeadsTraining(HeadsScene& scene);
void ResetHeadsTraining(HeadsScene& scene);
// Moves a running Train on by `seconds` of real time, and brings the model toward scene.steps,
// within kHeadsFrameBudgetMs of work. Returns whether the model moved.
bool AdvanceHeadsTraining(HeadsScene& scene, double seconds);

// Setters keep the state valid: non-finite input is refused (false); the rest is clamped. A new
// seed keeps the steps (the model is trained again to that step) and lets go of the knock-outs.
bool SetHeadsSeed(HeadsScene& scene, double seed);
void SetHeadsSteps(HeadsScene& scene, int steps);
// Knocks head `head` (0 .. kHeadsCount-1) out or back in; refused while training.
bool SetHeadKnocked(HeadsScene& scene, int head, bool knocked);

inline void ResetHeadsScene(HeadsScene& scene) { scene = HeadsScene{}; }

}  // namespace lesson
