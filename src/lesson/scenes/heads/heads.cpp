#include "lesson/scenes/heads/heads.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "lesson/locale.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

heads::Options OptionsOf(int seed) {
  heads::Options options;
  options.seed = static_cast<uint64_t>(seed);
  options.heads = kHeadsPerLayer;
  return options;
}

HeadsPoint PointOf(const heads::Measures& measures, int step) {
  HeadsPoint point;
  point.step = step;
  point.loss = measures.loss;
  point.repeated = measures.repeated_accuracy;
  point.other = measures.other_accuracy;
  for (int h = 0; h < kHeadsCount; ++h) {
    const int l = h / kHeadsPerLayer, k = h % kHeadsPerLayer;
    point.previous[h] = measures.previous_token[l][k];
    point.duplicate[h] = measures.duplicate[l][k];
    point.induction[h] = measures.induction[l][k];
  }
  return point;
}

// Records the model's measures: at every kHeadsRecordEvery steps (the curves' points, the same
// however the training was paced) and, once training stops between two, at the last step (a point
// that the next record replaces).
void Record(HeadsRun& run) {
  if (!run.history.empty() && run.history.back().step == run.training.steps) return;
  if (!run.history.empty() && run.history.back().step % kHeadsRecordEvery != 0) run.history.pop_back();
  run.history.push_back(PointOf(heads::Measure(run.training, run.evaluation), run.training.steps));
  if (run.formed_at < 0 && run.training.steps % kHeadsRecordEvery == 0 && HeadsFormed(run.history.back())) {
    run.formed_at = run.training.steps;
  }
}

// The held-out sequence the patterns are drawn on: the first whose run is of middling length and
// has random tokens before it, between its copies and after them, so that the heatmaps show the
// copy among tokens that are not copied; else the one with the longest run.
heads::Sequence SampleOf(const std::vector<heads::Sequence>& set) {
  for (const heads::Sequence& sequence : set) {
    const int length = static_cast<int>(sequence.tokens.size());
    if (sequence.run >= 7 && sequence.run <= 9 && sequence.first > 0 && sequence.second > sequence.first + sequence.run &&
        sequence.second + sequence.run < length) {
      return sequence;
    }
  }
  size_t best = 0;
  for (size_t i = 1; i < set.size(); ++i) {
    if (set[i].run > set[best].run) best = i;
  }
  return set[best];
}

HeadsRun StartRun(int seed) {
  HeadsRun run;
  const heads::Options options = OptionsOf(seed);
  run.training = heads::StartTraining(options);
  run.evaluation = heads::EvaluationSet(options, kHeadsEvaluationSize);
  run.sample = SampleOf(run.evaluation);
  Record(run);
  return run;
}

HeadsRun& Cache() {
  static HeadsRun run = StartRun(1);
  return run;
}

// Trains `run` up to `steps` steps, recording every kHeadsRecordEvery; stops early once `done`
// says so.
template <typename Done>
void TrainTo(HeadsRun& run, int steps, Done done) {
  while (run.training.steps < steps && !done()) {
    heads::Train(&run.training, 1);
    if (run.training.steps % kHeadsRecordEvery == 0) Record(run);
  }
}

// The cache for the scene's seed, never past its steps; once it has reached them and training
// stopped, its last point is the model's.
HeadsRun& Matching(const HeadsScene& scene) {
  HeadsRun& run = Cache();
  if (run.training.options.seed != static_cast<uint64_t>(scene.seed) || run.training.steps > scene.steps) {
    run = StartRun(scene.seed);
  }
  if (!scene.training && run.training.steps == scene.steps) Record(run);
  return run;
}

}  // namespace

const HeadsRun& HeadsRunOf(const HeadsScene& scene) { return Matching(scene); }

const HeadsRun& HeadsRunAt(const HeadsScene& scene) {
  TrainTo(Matching(scene), scene.steps, [] { return false; });
  return Matching(scene);
}

bool HeadsCatchingUp(const HeadsScene& scene) { return HeadsRunOf(scene).training.steps < scene.steps; }

bool HeadsBusy(const HeadsScene& scene) { return scene.training || HeadsCatchingUp(scene); }

const HeadsPoint& HeadsNow(const HeadsRun& run) { return run.history.back(); }

bool HeadsFormed(const HeadsPoint& point) {
  double induction = 0.0;
  for (int h = kHeadsPerLayer; h < kHeadsCount; ++h) induction = std::max(induction, point.induction[h]);
  return point.repeated >= kHeadsFormedAccuracy && induction >= kHeadsFormedInduction;
}

heads::Knockout HeadsKnockoutOf(unsigned knocked) {
  heads::Knockout knockout;
  for (int h = 0; h < kHeadsCount; ++h) knockout.head[h / kHeadsPerLayer][h % kHeadsPerLayer] = (knocked >> h) & 1u;
  return knockout;
}

bool HeadKnocked(const HeadsScene& scene, int head) {
  return head >= 0 && head < kHeadsCount && ((scene.knocked >> head) & 1u) != 0;
}

const HeadsTest& HeadsTestOf(const HeadsScene& scene) {
  HeadsRun& run = Matching(scene);
  HeadsTest& test = run.test;
  if (test.step != run.training.steps || test.knocked != scene.knocked) {
    test.step = run.training.steps;
    test.knocked = scene.knocked;
    const heads::Knockout knockout = HeadsKnockoutOf(scene.knocked);
    // With nothing knocked out, the history's last point (at most kHeadsRecordEvery steps behind
    // while training runs).
    test.measures = scene.knocked != 0
                        ? PointOf(heads::Measure(run.training, run.evaluation, knockout), run.training.steps)
                        : HeadsNow(run);
    heads::Forward(run.training.layout, run.training.parameters, run.sample.tokens, knockout, &test.sample);
  }
  return test;
}

HeadsPoint HeadsShown(const HeadsScene& scene) {
  const HeadsRun& run = HeadsRunOf(scene);
  if (scene.knocked == 0 || HeadsBusy(scene)) return HeadsNow(run);
  return HeadsTestOf(scene).measures;
}

const heads::KnockoutEffects& HeadsEffectsOf(const HeadsScene& scene) {
  HeadsRun& run = Matching(scene);
  if (run.effects_step != run.training.steps) {
    run.effects_step = run.training.steps;
    run.effects = heads::KnockOutEach(run.training, run.evaluation);
  }
  return run.effects;
}

const char* HeadsRoleOf(const HeadsPoint& point, int head) {
  if (head < 0 || head >= kHeadsCount) return "heads.role_none";
  const double scores[] = {point.previous[head], point.duplicate[head], point.induction[head]};
  const char* keys[] = {"heads.role_previous", "heads.role_duplicate", "heads.role_induction"};
  const int best = static_cast<int>(std::max_element(scores, scores + 3) - scores);
  return scores[best] >= kHeadsRoleScore ? keys[best] : "heads.role_none";
}

HeadsReading HeadsReadingOf(const HeadsPoint& now, const heads::KnockoutEffects& effects) {
  HeadsReading reading;
  if (!HeadsFormed(now)) {
    reading.layer1 = "heads.reading_untrained";
    return reading;
  }
  const double without[2] = {effects.head[0][0], effects.head[0][1]};
  const int carrier = without[0] <= without[1] ? 0 : 1;
  const int idle = 1 - carrier;
  if (without[carrier] < effects.none * 0.5 && effects.none - without[idle] < kHeadsNoEffect) {
    reading.layer1 = "heads.reading_layer1";
    reading.carrier = carrier;
    reading.idle = idle;
  }
  if (effects.layer[1] < kHeadsGone) {
    const bool unequal = std::fabs(effects.head[1][0] - effects.head[1][1]) >= kHeadsUnequal;
    reading.layer2 = unequal ? "heads.reading_layer2_unequal" : "heads.reading_layer2_shared";
  }
  return reading;
}

std::string HeadName(int head) {
  return Fill(T("heads.head_name"), {{"layer", std::to_string(head / kHeadsPerLayer + 1)},
                                     {"head", std::to_string(head % kHeadsPerLayer + 1)}});
}

std::string HeadsPercent(double share) { return Fill(T("heads.percent"), {{"n", Num(share * 100.0, 0)}}); }

std::string HeadsReadingText(const HeadsReading& reading, const HeadsPoint& now,
                             const heads::KnockoutEffects& effects) {
  std::string text;
  if (reading.layer1 != nullptr && reading.carrier < 0) {
    text = Fill(T(reading.layer1), {{"copy", HeadsPercent(now.repeated)}});
  } else if (reading.layer1 != nullptr) {
    const int c = reading.carrier, i = reading.idle;
    text = Fill(T(reading.layer1), {{"carrier", HeadName(c)},
                                    {"role", T(HeadsRoleOf(now, c))},
                                    {"copy", HeadsPercent(effects.none)},
                                    {"without", HeadsPercent(effects.head[0][c])},
                                    {"idle", HeadName(i)},
                                    {"idle_without", HeadsPercent(effects.head[0][i])}});
  }
  if (reading.layer2 != nullptr) {
    const std::string layer2 = Fill(T(reading.layer2), {{"induction1", FixedNum(now.induction[kHeadsPerLayer], 2)},
                                                        {"induction2", FixedNum(now.induction[kHeadsPerLayer + 1], 2)},
                                                        {"without1", HeadsPercent(effects.head[1][0])},
                                                        {"without2", HeadsPercent(effects.head[1][1])},
                                                        {"without_layer", HeadsPercent(effects.layer[1])}});
    text += (text.empty() ? "" : " ") + layer2;
  }
  return text;
}

void StartHeadsTraining(HeadsScene& scene) {
  if (scene.steps >= kHeadsMaxSteps) return;
  scene.training = true;
  scene.knocked = 0;
  scene.run_until = std::min(scene.steps + kHeadsRunSteps, kHeadsMaxSteps);
  scene.owed = 0.0;
}

void PauseHeadsTraining(HeadsScene& scene) {
  scene.training = false;
  scene.owed = 0.0;
}

void ResetHeadsTraining(HeadsScene& scene) {
  PauseHeadsTraining(scene);
  scene.steps = 0;
  scene.knocked = 0;
}

bool AdvanceHeadsTraining(HeadsScene& scene, double seconds) {
  HeadsRun& run = Matching(scene);
  const int before = run.training.steps;
  if (scene.training && std::isfinite(seconds) && seconds > 0.0 && run.training.steps >= scene.steps) {
    scene.owed += seconds * kHeadsStepsPerSecond;
    const int due = static_cast<int>(scene.owed);
    scene.owed -= due;
    scene.steps = std::min(scene.steps + due, scene.run_until);
    if (scene.steps >= scene.run_until) PauseHeadsTraining(scene);
  }
  if (run.training.steps >= scene.steps) return false;
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  TrainTo(run, scene.steps, [&] {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count() >= kHeadsFrameBudgetMs;
  });
  Matching(scene);  // the last point, once there
  return run.training.steps != before;
}

bool SetHeadsSeed(HeadsScene& scene, double seed) {
  if (!std::isfinite(seed)) return false;
  scene.seed = static_cast<int>(std::clamp(std::round(seed), 1.0, static_cast<double>(kHeadsSeedMax)));
  scene.knocked = 0;
  return true;
}

void SetHeadsSteps(HeadsScene& scene, int steps) { scene.steps = std::clamp(steps, 0, kHeadsMaxSteps); }

bool SetHeadKnocked(HeadsScene& scene, int head, bool knocked) {
  if (head < 0 || head >= kHeadsCount || scene.training) return false;
  const unsigned bit = 1u << head;
  scene.knocked = knocked ? scene.knocked | bit : scene.knocked & ~bit;
  return true;
}

}  // namespace lesson
