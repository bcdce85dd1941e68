// What the Heads scene's words promise about its numbers, checked over the model the scene trains
// for seeds 1-10, one press of Train each (kHeadsRunSteps): the caption's, the controlled test's
// reading that the panel states, and what "Show the numbers" shows. The numbers the claims are
// checked on are taken again here, from the heads library alone: a model trained beside the
// scene's in steps of kHeadsRecordEvery and measured at each (heads::Measure), and the knock-outs
// (heads::KnockOutEach) on the scene's model and held-out set. Each test REQUIREs its sentence's
// words first, so a reworded sentence fails here until its claim is checked again.
// Native only (twenty trainings of 2,000 steps: one to two minutes here).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"

namespace {

constexpr int kSeeds = 10;

void UseEnglish() {
  lesson::LessonText().Clear();
  lesson::LoadBuiltInText(lesson::LessonText());
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

double BestLayer2Induction(const heads::Measures& measures) {
  return std::max(measures.induction[1][0], measures.induction[1][1]);
}

// The scene's number of the layer-2 head with the higher induction score.
int BestLayer2Head(const heads::Measures& measures) {
  return lesson::kHeadsPerLayer + (measures.induction[1][1] > measures.induction[1][0] ? 1 : 0);
}

bool Formed(const heads::Measures& measures) {
  return measures.repeated_accuracy >= lesson::kHeadsFormedAccuracy &&
         BestLayer2Induction(measures) >= lesson::kHeadsFormedInduction;
}

// One seed's model as the scene trains it, and the same numbers taken again independently.
struct SeedRun {
  int seed = 0;
  lesson::HeadsRun run;                           // the scene's, after kHeadsRunSteps
  heads::KnockoutEffects scene_effects;           // what the panel reads (HeadsEffectsOf)
  std::vector<heads::Measures> measured;          // the model trained here, every kHeadsRecordEvery steps
  std::vector<double> parameters;                 // ... and its parameters at the end
  std::vector<std::vector<int>> evaluation;       // the held-out set made here
  heads::Measures now;                            // Measure on the scene's model and held-out set
  heads::KnockoutEffects effects;                 // KnockOutEach on them
  int formed_at = -1;                             // the first measured step at which the heads had formed
};

SeedRun TrainSeed(int seed) {
  SeedRun result;
  result.seed = seed;
  lesson::HeadsScene scene;
  REQUIRE(lesson::SetHeadsSeed(scene, seed));
  lesson::SetHeadsSteps(scene, lesson::kHeadsRunSteps);
  result.run = lesson::HeadsRunAt(scene);
  result.scene_effects = lesson::HeadsEffectsOf(scene);

  heads::Options options;  // the scene's model: the defaults with two heads a layer
  options.seed = static_cast<uint64_t>(seed);
  options.heads = lesson::kHeadsPerLayer;
  heads::Training training = heads::StartTraining(options);
  const std::vector<heads::Sequence> held_out = heads::EvaluationSet(options, lesson::kHeadsEvaluationSize);
  for (const heads::Sequence& sequence : held_out) result.evaluation.push_back(sequence.tokens);
  while (true) {
    result.measured.push_back(heads::Measure(training, held_out));
    if (result.formed_at < 0 && Formed(result.measured.back())) result.formed_at = training.steps;
    if (training.steps >= lesson::kHeadsRunSteps) break;
    heads::Train(&training, lesson::kHeadsRecordEvery);
  }
  result.parameters = training.parameters;
  result.now = heads::Measure(result.run.training, result.run.evaluation);
  result.effects = heads::KnockOutEach(result.run.training, result.run.evaluation);
  return result;
}

// Seeds 1-10, trained once for every test here.
const std::vector<SeedRun>& Seeds() {
  static const std::vector<SeedRun> seeds = [] {
    std::vector<SeedRun> all;
    for (int seed = 1; seed <= kSeeds; ++seed) all.push_back(TrainSeed(seed));
    return all;
  }();
  return seeds;
}

int CarrierOf(const heads::KnockoutEffects& effects) { return effects.head[0][0] <= effects.head[0][1] ? 0 : 1; }

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

}  // namespace

TEST_CASE("the scene trains the model the heads library trains, and measures it the same") {
  UseEnglish();
  for (const SeedRun& one : Seeds()) {
    CAPTURE(one.seed);
    REQUIRE(one.run.training.steps == lesson::kHeadsRunSteps);
    CHECK(one.run.training.parameters == one.parameters);
    REQUIRE(one.run.evaluation.size() == one.evaluation.size());
    for (size_t i = 0; i < one.evaluation.size(); ++i) CHECK(one.run.evaluation[i].tokens == one.evaluation[i]);
    // The curves' points: at step 0 and every kHeadsRecordEvery steps, each the measures taken here.
    REQUIRE(one.run.history.size() == one.measured.size());
    for (size_t i = 0; i < one.measured.size(); ++i) {
      CAPTURE(i);
      const lesson::HeadsPoint& point = one.run.history[i];
      const heads::Measures& measured = one.measured[i];
      CHECK(point.step == static_cast<int>(i) * lesson::kHeadsRecordEvery);
      CHECK(point.repeated == measured.repeated_accuracy);
      CHECK(point.other == measured.other_accuracy);
      CHECK(point.loss == measured.loss);
      for (int h = 0; h < lesson::kHeadsCount; ++h) {
        const int l = h / lesson::kHeadsPerLayer, k = h % lesson::kHeadsPerLayer;
        CHECK(point.previous[h] == measured.previous_token[l][k]);
        CHECK(point.duplicate[h] == measured.duplicate[l][k]);
        CHECK(point.induction[h] == measured.induction[l][k]);
      }
    }
    // What the panel reads is the controlled test taken again here.
    CHECK(one.scene_effects.none == one.effects.none);
    for (int l = 0; l < heads::kLayers; ++l) {
      CHECK(one.scene_effects.layer[l] == one.effects.layer[l]);
      for (int k = 0; k < lesson::kHeadsPerLayer; ++k) CHECK(one.scene_effects.head[l][k] == one.effects.head[l][k]);
    }
    CHECK(one.effects.none == one.now.repeated_accuracy);
  }
}

// The heads form, for every seed: before training the copy and the layer-2 scores are near chance;
// within one press of Train the heads form (the repeated run's next token right at least 85 % of
// the time, a layer-2 head's induction score at least 0.5), while elsewhere, where the next token
// is random, the model stays near chance; without layer 1's heads the copy loses more than half.
TEST_CASE("for ten seeds an induction head forms and copies the repeated run within one press of Train") {
  for (const SeedRun& one : Seeds()) {
    CAPTURE(one.seed);
    const heads::Measures& before = one.measured.front();
    CHECK(before.repeated_accuracy < 0.15);
    CHECK(BestLayer2Induction(before) < 0.2);
    CHECK(one.formed_at >= 0);
    CHECK(one.formed_at <= lesson::kHeadsRunSteps);
    CHECK(one.run.formed_at == one.formed_at);
    CHECK(one.now.other_accuracy < 0.15);
    CHECK(one.effects.layer[0] < 0.5 * one.effects.none);
  }
}

// heads.caption: "Press Train: the copy comes right as a layer-2 head learns where to look." The
// two rise together, over every point of the curves of one press of Train: while no layer-2 head
// puts even 0.3 on the token after the earlier copy, the repeated run's next token is right less
// than half the time; once it is right at least kHeadsFormedAccuracy of the time, a layer-2 head's
// induction score is at least kHeadsRoleScore, and its pattern's label says it looks at the token
// after the earlier copy.
TEST_CASE("the caption's claim: the copy comes right as a layer-2 head learns where to look") {
  UseEnglish();
  const std::string caption = lesson::T("heads.caption");
  REQUIRE(Contains(caption, "Press Train"));
  REQUIRE(Contains(caption, "the copy comes right as a layer-2 head learns where to look"));
  for (const SeedRun& one : Seeds()) {
    CAPTURE(one.seed);
    bool came_right = false;
    for (size_t i = 0; i < one.measured.size(); ++i) {
      const heads::Measures& measured = one.measured[i];
      const int step = static_cast<int>(i) * lesson::kHeadsRecordEvery;
      CAPTURE(step);
      CAPTURE(measured.repeated_accuracy);
      const double induction = BestLayer2Induction(measured);
      CAPTURE(induction);
      if (induction < 0.3) CHECK(measured.repeated_accuracy < 0.5);
      if (measured.repeated_accuracy >= lesson::kHeadsFormedAccuracy) {
        came_right = true;
        CHECK(induction >= lesson::kHeadsRoleScore);
        CHECK(std::string(lesson::HeadsRoleOf(one.run.history[i], BestLayer2Head(measured))) == "heads.role_induction");
      }
    }
    CHECK(came_right);
  }
}

// The reading the panel states under the knock-outs once the heads have formed
// (heads.reading_layer1 and heads.reading_layer2_*), clause by clause, on the knock-outs taken here.
TEST_CASE("the reading the panel states after one press of Train holds, clause by clause") {
  UseEnglish();
  REQUIRE(Contains(lesson::T("heads.reading_layer1"), "{carrier} carries the copy: its pattern is “{role}”, and knocked out"));
  REQUIRE(Contains(lesson::T("heads.reading_layer1"), "{idle}, knocked out, leaves {idle_without}"));
  REQUIRE(Contains(lesson::T("heads.reading_layer2_unequal"), "In layer 2 both heads look at the token after the earlier copy"));
  REQUIRE(Contains(lesson::T("heads.reading_layer2_unequal"), "the same pattern, not the same effect"));
  REQUIRE(Contains(lesson::T("heads.reading_layer2_shared"), "In layer 2 both heads look at the token after the earlier copy"));
  REQUIRE(Contains(lesson::T("heads.reading_layer2_shared"), "either can do much of the copy alone"));
  REQUIRE(Contains(lesson::T("heads.model"), "In layer 1 a head looks at the token before (or at the earlier copy of the current token)"));
  for (const SeedRun& one : Seeds()) {
    CAPTURE(one.seed);
    const lesson::HeadsPoint& now = lesson::HeadsNow(one.run);
    const heads::KnockoutEffects& effects = one.effects;
    const lesson::HeadsReading reading = lesson::HeadsReadingOf(now, one.scene_effects);
    REQUIRE(reading.layer1 != nullptr);
    CHECK(std::string(reading.layer1) == "heads.reading_layer1");
    REQUIRE(reading.layer2 != nullptr);
    // Layer 1: the carrier is the head whose knock-out costs the copy more; knocked out it leaves
    // less than half the copy; the other head's knock-out moves the copy by less than kHeadsNoEffect.
    const int carrier = CarrierOf(effects);
    const int idle = 1 - carrier;
    CHECK(reading.carrier == carrier);
    CHECK(reading.idle == idle);
    CHECK(effects.head[0][carrier] < 0.5 * effects.none);
    CHECK(std::fabs(effects.none - effects.head[0][idle]) < lesson::kHeadsNoEffect);
    // "its pattern is “{role}”": a clear pattern, the highest of its scores taken here, and (as
    // heads.model says) on the token before or on the earlier copy of the current token.
    const std::string role = lesson::HeadsRoleOf(now, carrier);
    CAPTURE(role);
    CHECK(role != "heads.role_none");
    CHECK((role == "heads.role_previous" || role == "heads.role_duplicate"));
    const double previous = one.now.previous_token[0][carrier];
    const double duplicate = one.now.duplicate[0][carrier];
    const double induction = one.now.induction[0][carrier];
    CAPTURE(previous);
    CAPTURE(duplicate);
    CAPTURE(induction);
    const double shown = role == "heads.role_previous" ? previous : duplicate;
    CHECK(shown >= lesson::kHeadsRoleScore);
    CHECK(shown >= std::max({previous, duplicate, induction}));
    // Layer 2: "both heads look at the token after the earlier copy", and without both the copy
    // falls below kHeadsGone; "unequal" exactly when one knock-out costs kHeadsUnequal more.
    for (int k = 0; k < lesson::kHeadsPerLayer; ++k) {
      CAPTURE(k);
      CHECK(std::string(lesson::HeadsRoleOf(now, lesson::kHeadsPerLayer + k)) == "heads.role_induction");
      CHECK(one.now.induction[1][k] >= lesson::kHeadsRoleScore);
    }
    CHECK(effects.layer[1] < lesson::kHeadsGone);
    const bool unequal = std::fabs(effects.head[1][0] - effects.head[1][1]) >= lesson::kHeadsUnequal;
    CHECK(std::string(reading.layer2) ==
          (unequal ? "heads.reading_layer2_unequal" : "heads.reading_layer2_shared"));
    // "either can do much of the copy alone": each single knock-out leaves more than half of it.
    if (!unequal) {
      CHECK(effects.head[1][0] > 0.5 * effects.none);
      CHECK(effects.head[1][1] > 0.5 * effects.none);
    }
  }
}

// "Show the numbers" (heads.layers_out and the table's column): with every head the copy is right
// most of the time; without layer 2's heads it is gone; layer 1's other head, knocked out, does nothing.
TEST_CASE("Show the numbers: without layer 2's heads the copy is gone, and layer 1's idle head does nothing") {
  UseEnglish();
  REQUIRE(Contains(lesson::T("heads.layers_out"), "without layer 2's {layer2}"));
  for (const SeedRun& one : Seeds()) {
    CAPTURE(one.seed);
    const heads::KnockoutEffects& effects = one.effects;
    CAPTURE(effects.none);
    CAPTURE(effects.layer[1]);
    CHECK(effects.none >= lesson::kHeadsFormedAccuracy);
    CHECK(effects.layer[1] < lesson::kHeadsGone);
    const int idle = 1 - CarrierOf(effects);
    CAPTURE(effects.head[0][idle]);
    CHECK(std::fabs(effects.none - effects.head[0][idle]) < lesson::kHeadsNoEffect);
  }
}

// What a run's log shows of each seed, so that a change of the model or the thresholds can be read
// off it: where the heads formed, the carrier and its pattern, the knock-outs, and the caption's
// two figures (the best copy while no layer-2 head reaches 0.3 on the token after the earlier copy;
// the lowest best layer-2 score where the copy is right at least kHeadsFormedAccuracy of the time).
TEST_CASE("each seed's figures, for the log") {
  UseEnglish();
  for (const SeedRun& one : Seeds()) {
    const heads::KnockoutEffects& e = one.effects;
    const lesson::HeadsPoint& now = lesson::HeadsNow(one.run);
    const lesson::HeadsReading reading = lesson::HeadsReadingOf(now, one.scene_effects);
    const std::string layer1 = reading.layer1 != nullptr ? reading.layer1 : "(none)";
    const std::string layer2 = reading.layer2 != nullptr ? reading.layer2 : "(none)";
    const int carrier = CarrierOf(e);
    double copy_without_induction = 0.0, induction_with_copy = 1.0;
    for (const heads::Measures& measured : one.measured) {
      if (BestLayer2Induction(measured) < 0.3) copy_without_induction = std::max(copy_without_induction, measured.repeated_accuracy);
      if (measured.repeated_accuracy >= lesson::kHeadsFormedAccuracy)
        induction_with_copy = std::min(induction_with_copy, BestLayer2Induction(measured));
    }
    MESSAGE("seed " << one.seed << ": formed at " << one.run.formed_at << "; carrier " << lesson::HeadName(carrier)
                    << " (" << lesson::T(lesson::HeadsRoleOf(now, carrier)) << "; previous "
                    << one.now.previous_token[0][carrier] << ", duplicate " << one.now.duplicate[0][carrier]
                    << "); copy " << e.none << ", without L1H1 " << e.head[0][0] << ", L1H2 " << e.head[0][1]
                    << ", L2H1 " << e.head[1][0] << ", L2H2 " << e.head[1][1] << ", layer 1 " << e.layer[0]
                    << ", layer 2 " << e.layer[1] << "; induction L2 " << one.now.induction[1][0] << ", "
                    << one.now.induction[1][1] << "; reading " << layer1 << " + " << layer2
                    << "; copy while layer-2 induction < 0.3: at most " << copy_without_induction
                    << "; layer-2 induction where copy >= 0.85: at least " << induction_with_copy);
    CHECK(one.run.formed_at >= 0);
  }
}

// The lesson_tests run under Node, where there are no files: the Spanish words are read here.
TEST_CASE("the reading's words are filled in from the numbers in Spanish too, every field") {
  UseEnglish();
  lesson::TextStore& text = lesson::LessonText();
  for (const char* name : {lesson::kLessonFileName, lesson::kFurtherFileName}) {
    const std::string path = std::string(ATTN_LESSON_DIR) + "/" + lesson::LocaleFile("es", name);
    REQUIRE(lesson::LoadTranslation(text, path, ReadFile(path)).empty());
  }
  REQUIRE(lesson::DecimalMark() == ',');
  std::vector<std::string> keys;
  for (const SeedRun& one : Seeds()) {
    CAPTURE(one.seed);
    const lesson::HeadsPoint& now = lesson::HeadsNow(one.run);
    const lesson::HeadsReading reading = lesson::HeadsReadingOf(now, one.scene_effects);
    const std::string filled = lesson::HeadsReadingText(reading, now, one.scene_effects);
    CAPTURE(filled);
    CHECK_FALSE(filled.empty());
    CHECK_FALSE(Contains(filled, "{"));
    CHECK(Contains(filled, lesson::HeadName(reading.carrier)));
    CHECK(Contains(filled, "Capa 1, cabeza"));
    CHECK(Contains(filled, lesson::T(lesson::HeadsRoleOf(now, reading.carrier))));
    CHECK(Contains(filled, lesson::HeadsPercent(one.scene_effects.layer[1])));
    if (reading.layer2 != nullptr) keys.push_back(reading.layer2);
  }
  // Every reading's text, whichever the seeds gave: the untrained one and both of layer 2's, on
  // made-up numbers (0.75 is written 0,75, and 0.6 0,60).
  lesson::HeadsPoint point;
  point.repeated = 0.9;
  point.previous[0] = 0.8;
  point.induction[2] = 0.75;
  point.induction[3] = 0.6;
  heads::KnockoutEffects effects;
  effects.none = 0.9;
  effects.head[0][0] = 0.2;
  effects.head[0][1] = 0.88;
  effects.head[1][0] = 0.3;
  effects.layer[1] = 0.05;
  for (const double other : {0.6, 0.35}) {
    effects.head[1][1] = other;
    const lesson::HeadsReading reading = lesson::HeadsReadingOf(point, effects);
    REQUIRE(reading.layer2 != nullptr);
    const std::string filled = lesson::HeadsReadingText(reading, point, effects);
    CAPTURE(filled);
    CHECK_FALSE(Contains(filled, "{"));
    CHECK(Contains(filled, "0,75"));
    CHECK(Contains(filled, "0,60"));
    CHECK(Contains(filled, lesson::T(reading.layer2).substr(0, 20)));
    keys.push_back(reading.layer2);
  }
  CHECK(std::find(keys.begin(), keys.end(), std::string("heads.reading_layer2_unequal")) != keys.end());
  CHECK(std::find(keys.begin(), keys.end(), std::string("heads.reading_layer2_shared")) != keys.end());
  lesson::HeadsPoint untrained;
  untrained.repeated = 0.04;
  const lesson::HeadsReading first = lesson::HeadsReadingOf(untrained, effects);
  REQUIRE(first.layer1 != nullptr);
  const std::string filled = lesson::HeadsReadingText(first, untrained, effects);
  CHECK_FALSE(Contains(filled, "{"));
  CHECK(Contains(filled, "4 %"));
  CHECK(Contains(filled, lesson::T("heads.reading_untrained").substr(0, 20)));
  UseEnglish();
}

// The lesson page's Go-further section (assets/lesson/page.txt, further.watch and
// further.knockout) says what the ten seeds show: a layer-1 head learns to look at the token before
// or at the earlier copy, both layer-2 heads at the token after the earlier copy; knocking out one
// layer-1 head takes most of the copy (more than half) while the other changes almost nothing
// (less than kHeadsNoEffect), without layer 2 the copy is gone (below kHeadsGone); and the layer-2
// heads' single knock-outs do not always cost the same (at least one seed where they differ by
// kHeadsUnequal, at least one where they do not).
TEST_CASE("the lesson page's Go-further section says what the ten seeds show") {
  const std::string page = ReadFile(ATTN_LESSON_DIR "/page.txt");
  const auto joined = [](std::string text) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') {
        while (i + 1 < text.size() && text[i + 1] == ' ') ++i;
        out += ' ';
      } else {
        out += text[i];
      }
    }
    return out;
  };
  const std::string words = joined(page);
  REQUIRE(Contains(words, "a head of layer 1 learns to look at the token before, or at the earlier copy of the current token, and the heads of layer 2 learn to look at the token after the earlier copy"));
  REQUIRE(Contains(words, "For every seed we tried (1 to 10), knocking out one head of layer 1 takes most of the copy away while the other changes almost nothing, and without both heads of layer 2 the copy is gone."));
  REQUIRE(Contains(words, "do not always cost the same when knocked out one at a time"));
  int unequal = 0, equal = 0;
  for (const SeedRun& one : Seeds()) {
    CAPTURE(one.seed);
    const heads::KnockoutEffects& e = one.effects;
    const int carrier = CarrierOf(e);
    CHECK(std::max(one.now.previous_token[0][carrier], one.now.duplicate[0][carrier]) >= lesson::kHeadsRoleScore);
    CHECK(one.now.induction[1][0] >= lesson::kHeadsRoleScore);
    CHECK(one.now.induction[1][1] >= lesson::kHeadsRoleScore);
    CHECK(e.head[0][carrier] < 0.5 * e.none);
    CHECK(e.none - e.head[0][1 - carrier] < lesson::kHeadsNoEffect);
    CHECK(e.layer[1] < lesson::kHeadsGone);
    (std::fabs(e.head[1][0] - e.head[1][1]) >= lesson::kHeadsUnequal ? unequal : equal) += 1;
  }
  CHECK(unequal >= 1);
  CHECK(equal >= 1);
}
