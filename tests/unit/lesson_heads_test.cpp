// The Heads scene (lesson/scenes/heads/): its link, its setters, Train's clock and the cache that
// brings the model to a link's step, the mirror, and what the panel reads off the numbers (each
// head's role, the controlled test's reading). Fast: at most about 100 training steps in all, as
// this file also runs under AddressSanitizer and under Node; tests/unit/heads_claims_test.cpp
// checks the words against ten trained seeds.
#include <doctest/doctest.h>

#include <cctype>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lesson/builtin_text.h"
#include "lesson/describe.h"
#include "lesson/lesson_state.h"
#include "lesson/mirror_words.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"

namespace {

void LoadText() {
  lesson::LessonText().Clear();
  lesson::LoadBuiltInText(lesson::LessonText());
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Whether `word` stands in `text` as a word of its own ("inf", not "information").
bool HasWord(const std::string& text, const std::string& word) {
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const bool starts = at == 0 || !std::isalpha(static_cast<unsigned char>(text[at - 1]));
    const size_t end = at + word.size();
    const bool ends = end == text.size() || !std::isalpha(static_cast<unsigned char>(text[end]));
    if (starts && ends) return true;
  }
  return false;
}

// What no mirror text may ever read.
void CheckReadable(const std::string& text) {
  INFO("text: " << text);
  CHECK_FALSE(HasWord(text, "nan"));
  CHECK_FALSE(HasWord(text, "NaN"));
  CHECK_FALSE(HasWord(text, "inf"));
  CHECK_FALSE(Contains(text, "undefined"));
  CHECK_FALSE(Contains(text, lesson::T("widget.undefined")));
  CHECK_FALSE(Contains(text, "{"));
}

void CheckReadable(const lesson::MirrorTable& table) {
  CheckReadable(table.caption);
  for (const std::string& column : table.columns) CheckReadable(column);
  for (const std::vector<std::string>& row : table.rows) {
    CHECK(row.size() == table.columns.size());
    for (const std::string& cell : row) CheckReadable(cell);
  }
}

bool SamePoint(const lesson::HeadsPoint& a, const lesson::HeadsPoint& b) {
  bool same = a.step == b.step && a.loss == b.loss && a.repeated == b.repeated && a.other == b.other;
  for (int h = 0; h < lesson::kHeadsCount; ++h) {
    same = same && a.previous[h] == b.previous[h] && a.duplicate[h] == b.duplicate[h] && a.induction[h] == b.induction[h];
  }
  return same;
}

// A point where the heads have formed (the copy right 90 % of the time, a layer-2 head on the
// token after the earlier copy), and a controlled test in which every reading's clause holds:
// layer 1's head 1 carries the copy, its head 2 does nothing, layer 2's knock-outs differ by 0.3.
lesson::HeadsPoint FormedPoint() {
  lesson::HeadsPoint point;
  point.step = 1500;
  point.repeated = 0.9;
  point.other = 0.03;
  point.previous[0] = 0.8;
  point.induction[2] = 0.7;
  point.induction[3] = 0.6;
  return point;
}

heads::KnockoutEffects FormedEffects() {
  heads::KnockoutEffects effects;
  effects.none = 0.9;
  effects.head[0][0] = 0.2;
  effects.head[0][1] = 0.88;
  effects.head[1][0] = 0.3;
  effects.head[1][1] = 0.6;
  effects.layer[0] = 0.1;
  effects.layer[1] = 0.05;
  return effects;
}

std::string Key(const char* key) { return key == nullptr ? std::string("(none)") : std::string(key); }

}  // namespace

// [SECTION] The link

TEST_CASE("a Heads link opens on its seed, step and knocked-out heads, and is written back the same") {
  lesson::LessonState state;
  std::string warning = "stale";
  REQUIRE(lesson::DecodeState("scene=heads&heads.seed=3&heads.steps=50&heads.off=2,3", &state, &warning));
  CHECK(warning.empty());
  CHECK(state.scene == lesson::Scene::Heads);
  CHECK(state.heads.seed == 3);
  CHECK(state.heads.steps == 50);
  // Heads 2 and 3 counted from 1: layer 1's second head and layer 2's first.
  CHECK(state.heads.knocked == ((1u << 1) | (1u << 2)));
  CHECK_FALSE(lesson::HeadKnocked(state.heads, 0));
  CHECK(lesson::HeadKnocked(state.heads, 1));
  CHECK(lesson::HeadKnocked(state.heads, 2));
  CHECK_FALSE(lesson::HeadKnocked(state.heads, 3));
  CHECK_FALSE(state.heads.training);
  const std::string link = lesson::EncodeState(state);
  CHECK(Contains(link, "scene=heads"));
  CHECK(Contains(link, "heads.seed=3"));
  CHECK(Contains(link, "heads.steps=50"));
  CHECK(Contains(link, "heads.off=2,3"));
  lesson::LessonState again;
  REQUIRE(lesson::DecodeState(link, &again, &warning));
  CHECK(again.scene == lesson::Scene::Heads);
  CHECK(again.heads.seed == state.heads.seed);
  CHECK(again.heads.steps == state.heads.steps);
  CHECK(again.heads.knocked == state.heads.knocked);
  CHECK(lesson::EncodeState(again) == link);
  // The panels' switches travel too.
  state.heads.numbers_open = true;
  state.heads.options_open = true;
  REQUIRE(lesson::DecodeState(lesson::EncodeState(state), &again, &warning));
  CHECK(again.heads.numbers_open);
  CHECK(again.heads.options_open);
  // The scene as it opens writes none of its parameters.
  lesson::LessonState fresh;
  fresh.scene = lesson::Scene::Heads;
  CHECK(lesson::EncodeState(fresh) == "scene=heads");
}

TEST_CASE("a seed of four digits decodes, up to kHeadsSeedMax") {
  lesson::LessonState state;
  std::string warning;
  REQUIRE(lesson::DecodeState("scene=heads&heads.seed=1234", &state, &warning));
  CHECK(state.heads.seed == 1234);
  CHECK(Contains(lesson::EncodeState(state), "heads.seed=1234"));
  REQUIRE(lesson::DecodeState("scene=heads&heads.seed=" + std::to_string(lesson::kHeadsSeedMax), &state, &warning));
  CHECK(state.heads.seed == lesson::kHeadsSeedMax);
  CHECK_FALSE(lesson::DecodeState("scene=heads&heads.seed=" + std::to_string(lesson::kHeadsSeedMax + 1), &state, &warning));
  CHECK(Contains(warning, "heads.seed"));
  CHECK(state.heads.seed == lesson::kHeadsSeedMax);
}

TEST_CASE("bad Heads values in a link are refused with a message naming them, the state unchanged") {
  lesson::LessonState state;
  std::string warning;
  REQUIRE(lesson::DecodeState("scene=heads&heads.seed=3&heads.steps=50&heads.off=2,3", &state, &warning));
  const std::string before = lesson::EncodeState(state);
  struct Bad {
    const char* part;
    const char* name;
  };
  const Bad bad[] = {{"heads.steps=abc", "heads.steps"}, {"heads.steps=99999", "heads.steps"},
                     {"heads.steps=-1", "heads.steps"},  {"heads.off=5", "heads.off"},
                     {"heads.off=0", "heads.off"},       {"heads.off=x", "heads.off"},
                     {"heads.seed=0", "heads.seed"},     {"heads.seed=12345", "heads.seed"},
                     {"heads.seed=1.5", "heads.seed"},   {"heads.numbers=2", "heads.numbers"}};
  for (const Bad& one : bad) {
    CAPTURE(one.part);
    warning.clear();
    CHECK_FALSE(lesson::DecodeState(std::string("scene=heads&") + one.part, &state, &warning));
    CHECK(Contains(warning, one.name));
    CHECK(lesson::EncodeState(state) == before);
    CHECK(state.heads.seed == 3);
    CHECK(state.heads.steps == 50);
    CHECK(state.heads.knocked == 6u);
  }
}

// [SECTION] The setters

TEST_CASE("the Heads setters refuse a non-finite seed and clamp the rest") {
  lesson::HeadsScene scene;
  REQUIRE(lesson::SetHeadsSeed(scene, 7));
  REQUIRE(lesson::SetHeadKnocked(scene, 3, true));
  for (const double bad : {std::nan(""), std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}) {
    CAPTURE(bad);
    CHECK_FALSE(lesson::SetHeadsSeed(scene, bad));
    CHECK(scene.seed == 7);
    CHECK(scene.knocked == 8u);  // a refused seed keeps the knock-outs
  }
  CHECK(lesson::SetHeadsSeed(scene, 0.0));
  CHECK(scene.seed == 1);
  CHECK(scene.knocked == 0u);  // a new seed lets go of the knock-outs
  CHECK(lesson::SetHeadsSeed(scene, 1e9));
  CHECK(scene.seed == lesson::kHeadsSeedMax);
  CHECK(lesson::SetHeadsSeed(scene, 41.6));
  CHECK(scene.seed == 42);
  lesson::SetHeadsSteps(scene, -5);
  CHECK(scene.steps == 0);
  lesson::SetHeadsSteps(scene, lesson::kHeadsMaxSteps + 1);
  CHECK(scene.steps == lesson::kHeadsMaxSteps);
  CHECK_FALSE(lesson::SetHeadKnocked(scene, -1, true));
  CHECK_FALSE(lesson::SetHeadKnocked(scene, lesson::kHeadsCount, true));
  CHECK(scene.knocked == 0u);
}

TEST_CASE("a head cannot be knocked out while Train runs, and Train lets go of the knock-outs") {
  lesson::HeadsScene scene;
  REQUIRE(lesson::SetHeadKnocked(scene, 0, true));
  REQUIRE(lesson::SetHeadKnocked(scene, 2, true));
  CHECK(scene.knocked == 5u);
  lesson::StartHeadsTraining(scene);
  CHECK(scene.training);
  CHECK(scene.knocked == 0u);
  CHECK(scene.run_until == lesson::kHeadsRunSteps);
  CHECK_FALSE(lesson::SetHeadKnocked(scene, 1, true));
  CHECK_FALSE(lesson::SetHeadKnocked(scene, 1, false));
  CHECK(scene.knocked == 0u);
  lesson::PauseHeadsTraining(scene);
  CHECK_FALSE(scene.training);
  CHECK(lesson::SetHeadKnocked(scene, 1, true));
  CHECK(scene.knocked == 2u);
  CHECK(lesson::SetHeadKnocked(scene, 1, false));
  CHECK(scene.knocked == 0u);
  // Reset goes back to step 0 and lets go of them too.
  lesson::SetHeadsSteps(scene, 40);
  REQUIRE(lesson::SetHeadKnocked(scene, 3, true));
  lesson::ResetHeadsTraining(scene);
  CHECK(scene.steps == 0);
  CHECK(scene.knocked == 0u);
  // At the last step a link can carry, Train does not start.
  lesson::SetHeadsSteps(scene, lesson::kHeadsMaxSteps);
  lesson::StartHeadsTraining(scene);
  CHECK_FALSE(scene.training);
}

// [SECTION] Train's clock and the cache

TEST_CASE("Train is paced by the clock, never past where it stops, and the model follows") {
  // One second of clock at once: the steps move by kHeadsStepsPerSecond, the model by what a
  // frame's budget trains (at least one step), and the clock waits while the model catches up.
  lesson::HeadsScene scene;
  REQUIRE(lesson::SetHeadsSeed(scene, 11));
  lesson::StartHeadsTraining(scene);
  CHECK(lesson::AdvanceHeadsTraining(scene, 1.0));
  CHECK(scene.steps == static_cast<int>(lesson::kHeadsStepsPerSecond));
  CHECK(scene.training);
  const int model = lesson::HeadsRunOf(scene).training.steps;
  CHECK(model >= 1);
  CHECK(model <= scene.steps);
  CHECK(lesson::HeadsRunOf(scene).training.options.seed == 11u);
  if (model < scene.steps) {
    CHECK(lesson::HeadsCatchingUp(scene));
    lesson::AdvanceHeadsTraining(scene, 1.0);
    CHECK(scene.steps == static_cast<int>(lesson::kHeadsStepsPerSecond));
  }
  CHECK(lesson::HeadsBusy(scene));
  // A bad clock moves nothing.
  const int steps = scene.steps;
  lesson::AdvanceHeadsTraining(scene, std::nan(""));
  lesson::AdvanceHeadsTraining(scene, -1.0);
  CHECK(scene.steps == steps);

  // Train stops where it was to stop, however long the frame. Its end is kHeadsRunSteps on, at
  // most kHeadsMaxSteps; here, so as to train little, one 3 steps on, as Train 3 steps before its end.
  lesson::HeadsScene last;
  REQUIRE(lesson::SetHeadsSeed(last, 11));
  lesson::SetHeadsSteps(last, lesson::kHeadsMaxSteps - 3);
  lesson::StartHeadsTraining(last);
  CHECK(last.run_until == lesson::kHeadsMaxSteps);
  lesson::HeadsScene ending;
  REQUIRE(lesson::SetHeadsSeed(ending, 11));
  lesson::StartHeadsTraining(ending);  // from step 0: the cache starts again
  ending.run_until = 3;
  lesson::AdvanceHeadsTraining(ending, 1.0);
  CHECK(ending.steps == 3);
  CHECK_FALSE(ending.training);
  for (int catch_up = 0; lesson::HeadsCatchingUp(ending) && catch_up < 100; ++catch_up) {
    lesson::AdvanceHeadsTraining(ending, 0.0);
  }
  CHECK(lesson::HeadsRunOf(ending).training.steps == 3);
  CHECK_FALSE(lesson::AdvanceHeadsTraining(ending, 1.0));
  CHECK(ending.steps == 3);
  CHECK_FALSE(lesson::HeadsBusy(ending));
}

TEST_CASE("the model at a step is the same reached in one go or frame by frame, with a pause") {
  LoadText();
  constexpr int kSteps = 2 * lesson::kHeadsRecordEvery;
  lesson::HeadsScene direct;
  REQUIRE(lesson::SetHeadsSeed(direct, 2));
  lesson::SetHeadsSteps(direct, kSteps);
  const lesson::HeadsRun once = lesson::HeadsRunAt(direct);  // a copy: the cache is trained again below
  REQUIRE(once.training.steps == kSteps);
  REQUIRE(once.history.size() == 3u);
  CHECK(once.history[0].step == 0);
  CHECK(once.history[1].step == lesson::kHeadsRecordEvery);
  CHECK(once.history[2].step == kSteps);
  CHECK(!lesson::HeadsCatchingUp(direct));
  // Its last point is the model's measures, taken again independently of the scene.
  const heads::Measures measured = heads::Measure(once.training, once.evaluation);
  CHECK(once.history.back().repeated == measured.repeated_accuracy);
  CHECK(once.history.back().induction[3] == measured.induction[1][1]);
  CHECK(once.history.back().previous[0] == measured.previous_token[0][0]);

  // From step 0 again (going back restarts the cache), by Train's clock in frames of odd sizes,
  // each followed by the frames that catch the model up; then a pause, and Train again.
  lesson::HeadsScene paced;
  REQUIRE(lesson::SetHeadsSeed(paced, 2));
  CHECK(lesson::HeadsRunOf(paced).training.steps == 0);
  CHECK(lesson::HeadsRunOf(paced).history.size() == 1u);
  auto frame = [&paced](double steps_worth) {
    const int before = paced.steps;
    lesson::AdvanceHeadsTraining(paced, steps_worth / lesson::kHeadsStepsPerSecond);
    CHECK(paced.steps >= before);
    for (int catch_up = 0; lesson::HeadsCatchingUp(paced) && catch_up < 1000; ++catch_up) {
      lesson::AdvanceHeadsTraining(paced, 0.0);
    }
    CHECK(lesson::HeadsRunOf(paced).training.steps == paced.steps);
  };
  lesson::StartHeadsTraining(paced);
  frame(7.3);   // about 7 steps
  frame(17.9);  // about 25 (a recorded point reached within a frame)
  frame(11.6);  // about 37
  CHECK(paced.steps >= 35);
  CHECK(paced.steps <= 37);
  lesson::PauseHeadsTraining(paced);
  const int paused_at = paced.steps;
  // Paused between two records, the last point is the model's own.
  CHECK(lesson::HeadsNow(lesson::HeadsRunOf(paced)).step == paused_at);
  CHECK_FALSE(lesson::AdvanceHeadsTraining(paced, 1.0));
  CHECK(paced.steps == paused_at);
  lesson::StartHeadsTraining(paced);
  frame(5.2);
  frame(3.9);
  CHECK(paced.steps < kSteps);
  lesson::PauseHeadsTraining(paced);
  lesson::SetHeadsSteps(paced, kSteps);  // the rest as a link's step is reached
  frame(0.0);
  const lesson::HeadsRun& stepwise = lesson::HeadsRunOf(paced);
  REQUIRE(stepwise.training.steps == kSteps);
  CHECK(stepwise.training.parameters == once.training.parameters);
  CHECK(stepwise.training.first_moment == once.training.first_moment);
  CHECK(stepwise.training.second_moment == once.training.second_moment);
  CHECK(stepwise.training.batch_state == once.training.batch_state);
  CHECK(stepwise.training.loss == once.training.loss);
  // The point recorded at the pause gave way to the next record: the same curve's points.
  REQUIRE(stepwise.history.size() == once.history.size());
  for (size_t i = 0; i < once.history.size(); ++i) {
    CAPTURE(i);
    CHECK(SamePoint(stepwise.history[i], once.history[i]));
  }
  CHECK(stepwise.formed_at == once.formed_at);
}

TEST_CASE("the mirror says how far training is and names the knocked-out heads, never an invalid number") {
  LoadText();
  lesson::LessonState state;
  std::string warning;
  // Seed 2 at 50 steps: the model the previous test trained (the cache keeps it).
  REQUIRE(lesson::DecodeState("scene=heads&heads.seed=2&heads.steps=50&heads.off=2,3", &state, &warning));
  const lesson::HeadsRun& run = lesson::HeadsRunAt(state.heads);
  REQUIRE(run.training.steps == 50);
  const std::string described = lesson::DescribeScene(state);
  CheckReadable(described);
  CHECK(Contains(described, lesson::HeadName(1)));
  CHECK(Contains(described, lesson::HeadName(2)));
  CHECK(lesson::HeadName(1) == "Layer 1, head 2");
  CHECK(lesson::HeadName(2) == "Layer 2, head 1");
  // The knocked-out model's copy, measured again here with those two heads' output set to zero.
  heads::Knockout knockout;
  knockout.head[0][1] = true;
  knockout.head[1][0] = true;
  const heads::Measures knocked = heads::Measure(run.training, run.evaluation, knockout);
  CHECK(Contains(described, lesson::Fill(lesson::T("mirror.heads.knocked"),
                                         {{"heads", lesson::MirrorList({lesson::HeadName(1), lesson::HeadName(2)})},
                                          {"copy", lesson::HeadsPercent(knocked.repeated_accuracy)},
                                          {"intact", lesson::HeadsPercent(run.history.back().repeated)}})));
  CHECK(Contains(described, "After 50 steps"));
  // The controlled test's reading follows, from the knock-outs taken again here.
  const heads::KnockoutEffects effects = heads::KnockOutEach(run.training, run.evaluation);
  const std::string reading =
      lesson::HeadsReadingText(lesson::HeadsReadingOf(run.history.back(), effects), run.history.back(), effects);
  REQUIRE_FALSE(reading.empty());
  CHECK(Contains(described, reading));
  const lesson::MirrorTable table = lesson::DescribeTable(state);
  CheckReadable(table);
  REQUIRE(table.rows.size() == static_cast<size_t>(lesson::kHeadsCount));
  for (int h = 0; h < lesson::kHeadsCount; ++h) {
    CAPTURE(h);
    CHECK(table.rows[static_cast<size_t>(h)].front() == lesson::HeadName(h));
    CHECK(table.rows[static_cast<size_t>(h)].back() ==
          lesson::HeadsPercent(effects.head[h / lesson::kHeadsPerLayer][h % lesson::kHeadsPerLayer]));
  }

  // While Train runs: no knock-outs, the table says it does not measure them.
  lesson::StartHeadsTraining(state.heads);
  const std::string training = lesson::DescribeScene(state);
  CheckReadable(training);
  CHECK(Contains(training, lesson::T("mirror.heads.training")));
  CHECK_FALSE(Contains(training, "Knocked out"));
  const lesson::MirrorTable training_table = lesson::DescribeTable(state);
  CheckReadable(training_table);
  CHECK(training_table.rows.front().back() == lesson::T("mirror.heads.while_training"));
  lesson::PauseHeadsTraining(state.heads);

  // The scene as it opens.
  lesson::LessonState fresh;
  fresh.scene = lesson::Scene::Heads;
  const std::string untrained = lesson::DescribeScene(fresh);
  CheckReadable(untrained);
  CHECK(Contains(untrained, "Not trained yet"));
  CheckReadable(lesson::DescribeTable(fresh));
}

TEST_CASE("going back in steps or changing the seed starts the model again, and the mirror says it catches up") {
  LoadText();
  auto start_of = [](int seed) {
    heads::Options options;
    options.seed = static_cast<uint64_t>(seed);
    options.heads = lesson::kHeadsPerLayer;
    return heads::StartTraining(options);
  };
  lesson::HeadsScene scene;
  REQUIRE(lesson::SetHeadsSeed(scene, 5));
  lesson::SetHeadsSteps(scene, 3);
  REQUIRE(lesson::HeadsRunAt(scene).training.steps == 3);
  // Back to step 1: started again from step 0 (HeadsRunOf trains nothing).
  lesson::SetHeadsSteps(scene, 1);
  const lesson::HeadsRun& back = lesson::HeadsRunOf(scene);
  CHECK(back.training.options.seed == 5u);
  CHECK(back.training.steps == 0);
  REQUIRE(back.history.size() == 1u);
  CHECK(back.history[0].step == 0);
  CHECK(back.training.parameters == start_of(5).parameters);
  REQUIRE(lesson::HeadsRunAt(scene).training.steps == 1);
  // Another seed at the same step: that seed's own start, not the last one's model.
  REQUIRE(lesson::SetHeadsSeed(scene, 6));
  lesson::SetHeadsSteps(scene, 30);
  const lesson::HeadsRun& other = lesson::HeadsRunOf(scene);
  CHECK(other.training.options.seed == 6u);
  CHECK(other.training.steps == 0);
  CHECK(other.history.size() == 1u);
  CHECK(other.formed_at == -1);
  CHECK(other.training.parameters == start_of(6).parameters);
  CHECK(other.evaluation.front().tokens == heads::EvaluationSet(other.training.options, 1).front().tokens);
  CHECK(lesson::HeadsCatchingUp(scene));
  CHECK(lesson::HeadsBusy(scene));
  lesson::LessonState state;
  state.scene = lesson::Scene::Heads;
  state.heads = scene;
  const std::string described = lesson::DescribeScene(state);
  CheckReadable(described);
  CHECK(Contains(described, lesson::Fill(lesson::T("mirror.heads.catching_up"), {{"target", "30"}, {"steps", "0"}})));
  const lesson::MirrorTable table = lesson::DescribeTable(state);
  CheckReadable(table);
  CHECK(table.rows.front().back() == lesson::T("mirror.heads.while_training"));
}

// [SECTION] What the panel reads off the numbers

TEST_CASE("a head's role is its highest score at or above kHeadsRoleScore, else none") {
  using lesson::HeadsRoleOf;
  lesson::HeadsPoint point;
  const std::string none = "heads.role_none";
  CHECK(HeadsRoleOf(point, 0) == none);
  point.previous[0] = 0.49;
  point.duplicate[0] = 0.49;
  point.induction[0] = 0.49;
  CHECK(HeadsRoleOf(point, 0) == none);
  point.duplicate[0] = lesson::kHeadsRoleScore;  // at the threshold counts
  CHECK(std::string(HeadsRoleOf(point, 0)) == "heads.role_duplicate");
  point.previous[1] = 0.6;
  point.duplicate[1] = 0.55;
  CHECK(std::string(HeadsRoleOf(point, 1)) == "heads.role_previous");
  point.induction[2] = 0.9;
  point.previous[2] = 0.7;
  CHECK(std::string(HeadsRoleOf(point, 2)) == "heads.role_induction");
  // Each head is read from its own scores.
  CHECK(HeadsRoleOf(point, 3) == none);
  // Ties go to the first in the order previous, duplicate, induction.
  point.previous[3] = 0.6;
  point.induction[3] = 0.6;
  CHECK(std::string(HeadsRoleOf(point, 3)) == "heads.role_previous");
  point.previous[3] = 0.0;
  point.duplicate[3] = 0.6;
  CHECK(std::string(HeadsRoleOf(point, 3)) == "heads.role_duplicate");
  // No such head.
  CHECK(HeadsRoleOf(point, -1) == none);
  CHECK(HeadsRoleOf(point, lesson::kHeadsCount) == none);
}

TEST_CASE("the controlled test's reading states only what the numbers support") {
  using lesson::HeadsReadingOf;
  const heads::KnockoutEffects formed = FormedEffects();
  SUBCASE("before the heads form, the reading says to train first") {
    lesson::HeadsPoint point = FormedPoint();
    point.repeated = lesson::kHeadsFormedAccuracy - 0.01;
    lesson::HeadsReading reading = HeadsReadingOf(point, formed);
    CHECK(Key(reading.layer1) == "heads.reading_untrained");
    CHECK(reading.layer2 == nullptr);
    CHECK(reading.carrier == -1);
    point = FormedPoint();
    point.induction[2] = 0.49;
    point.induction[3] = 0.49;
    point.induction[0] = 0.9;  // a layer-1 head's score does not count
    reading = HeadsReadingOf(point, formed);
    CHECK(Key(reading.layer1) == "heads.reading_untrained");
    CHECK(reading.layer2 == nullptr);
  }
  SUBCASE("once formed, layer 1's carrier is the head whose knock-out takes the copy") {
    lesson::HeadsReading reading = HeadsReadingOf(FormedPoint(), formed);
    CHECK(Key(reading.layer1) == "heads.reading_layer1");
    CHECK(reading.carrier == 0);
    CHECK(reading.idle == 1);
    heads::KnockoutEffects swapped = formed;
    swapped.head[0][0] = formed.head[0][1];
    swapped.head[0][1] = formed.head[0][0];
    reading = HeadsReadingOf(FormedPoint(), swapped);
    CHECK(Key(reading.layer1) == "heads.reading_layer1");
    CHECK(reading.carrier == 1);
    CHECK(reading.idle == 0);
  }
  SUBCASE("no layer-1 reading when the carrier keeps half the copy or the other head matters") {
    heads::KnockoutEffects half = formed;
    half.head[0][0] = 0.5 * formed.none;  // not below half
    lesson::HeadsReading reading = HeadsReadingOf(FormedPoint(), half);
    CHECK(reading.layer1 == nullptr);
    CHECK(reading.carrier == -1);
    CHECK(Key(reading.layer2) == "heads.reading_layer2_unequal");  // layer 2 is read on its own
    half.head[0][0] = 0.5 * formed.none - 0.01;
    CHECK(Key(HeadsReadingOf(FormedPoint(), half).layer1) == "heads.reading_layer1");
    heads::KnockoutEffects busy_idle = formed;
    busy_idle.head[0][1] = formed.none - lesson::kHeadsNoEffect - 0.05;  // the idle head moves the copy
    reading = HeadsReadingOf(FormedPoint(), busy_idle);
    CHECK(reading.layer1 == nullptr);
    CHECK(reading.carrier == -1);
    busy_idle.head[0][1] = formed.none - lesson::kHeadsNoEffect + 0.05;
    CHECK(Key(HeadsReadingOf(FormedPoint(), busy_idle).layer1) == "heads.reading_layer1");
  }
  SUBCASE("layer 2: unequal from a difference of kHeadsUnequal, else shared, only once the copy is gone") {
    heads::KnockoutEffects effects = formed;
    effects.head[1][0] = lesson::kHeadsUnequal;
    effects.head[1][1] = 0.0;
    CHECK(Key(HeadsReadingOf(FormedPoint(), effects).layer2) == "heads.reading_layer2_unequal");
    effects.head[1][0] = std::nextafter(lesson::kHeadsUnequal, 0.0);
    CHECK(Key(HeadsReadingOf(FormedPoint(), effects).layer2) == "heads.reading_layer2_shared");
    effects.head[1][0] = 0.3;
    effects.head[1][1] = 0.35;
    CHECK(Key(HeadsReadingOf(FormedPoint(), effects).layer2) == "heads.reading_layer2_shared");
    effects.head[1][1] = 0.3 + 0.15;
    CHECK(Key(HeadsReadingOf(FormedPoint(), effects).layer2) == "heads.reading_layer2_unequal");
    effects.layer[1] = lesson::kHeadsGone;  // not gone
    lesson::HeadsReading reading = HeadsReadingOf(FormedPoint(), effects);
    CHECK(reading.layer2 == nullptr);
    CHECK(Key(reading.layer1) == "heads.reading_layer1");
    effects.layer[1] = std::nextafter(lesson::kHeadsGone, 0.0);
    CHECK(Key(HeadsReadingOf(FormedPoint(), effects).layer2) == "heads.reading_layer2_unequal");
  }
}

TEST_CASE("the reading's words are filled in from the numbers, every field") {
  LoadText();
  const lesson::HeadsPoint point = FormedPoint();
  heads::KnockoutEffects effects = FormedEffects();
  lesson::HeadsReading reading = lesson::HeadsReadingOf(point, effects);
  REQUIRE(Key(reading.layer1) == "heads.reading_layer1");
  REQUIRE(Key(reading.layer2) == "heads.reading_layer2_unequal");
  std::string text = lesson::HeadsReadingText(reading, point, effects);
  CHECK_FALSE(Contains(text, "{"));
  CHECK(Contains(text, "Layer 1, head 1 carries the copy"));
  CHECK(Contains(text, lesson::T("heads.role_previous")));
  CHECK(Contains(text, "from 90 % to 20 %"));
  CHECK(Contains(text, "Layer 1, head 2, knocked out, leaves 88 %"));
  CHECK(Contains(text, "scores 0.70 and 0.60"));  // two decimals each, as they stand side by side
  CHECK(Contains(text, "leave 30 % and 60 %"));
  CHECK(Contains(text, "falls to 5 %"));
  effects.head[1][1] = 0.35;
  reading = lesson::HeadsReadingOf(point, effects);
  REQUIRE(Key(reading.layer2) == "heads.reading_layer2_shared");
  text = lesson::HeadsReadingText(reading, point, effects);
  CHECK_FALSE(Contains(text, "{"));
  CHECK(Contains(text, "either can do much of the copy alone"));
  lesson::HeadsPoint untrained;
  untrained.repeated = 0.04;
  reading = lesson::HeadsReadingOf(untrained, effects);
  REQUIRE(Key(reading.layer1) == "heads.reading_untrained");
  text = lesson::HeadsReadingText(reading, untrained, effects);
  CHECK_FALSE(Contains(text, "{"));
  CHECK(Contains(text, "only 4 % of the time"));
  CHECK(lesson::HeadsReadingText(lesson::HeadsReading{}, point, effects).empty());
}
