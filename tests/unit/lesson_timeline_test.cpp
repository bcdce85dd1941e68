// The walkthrough's timeline (lesson/timeline/): built from the lesson file, every action a scene
// parameter, the state at t a pure function of t (seeking to t and playing to t agree), each
// step's state, the player's clock (speech holds a step, reduced motion jumps, the learner's
// change pauses and Play restores the step), and bad timeline data reported with file and line.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/state_url.h"
#include "lesson/timeline/playback.h"
#include "lesson/timeline/timeline.h"

using lesson::LessonState;
using lesson::PlaybackRun;
using lesson::Timeline;

namespace {

const lesson::TextStore& BuiltInText() {
  static const lesson::TextStore text = [] {
    lesson::TextStore store;
    lesson::LoadBuiltInText(store);
    return store;
  }();
  return text;
}

const Timeline& BuiltIn() {
  static const Timeline timeline = lesson::BuildTimeline(BuiltInText());
  return timeline;
}

// Everything the learner would see: the link's encoding, the scene on screen and the highlight.
std::string Seen(const LessonState& state) {
  return lesson::EncodeState(state) + " | " + std::to_string(static_cast<int>(state.scene)) + " | " + state.highlight;
}

// A learner's state with every scene the timeline acts on changed: what it shows at t may not
// depend on it.
LessonState Changed() {
  LessonState state;
  lesson::SetQuery(state.compare, lesson::PlanePoint{-1.0, -1.0});
  lesson::SetSecondWeight(state.combine, 0.1);
  lesson::SetPadding(state.mask, true);
  lesson::SetRemoved(state.caveats, 3, true);
  return state;
}

LessonState Seek(double t, bool reduced_motion = false) {
  LessonState state = Changed();
  PlaybackRun run;
  run.reduced_motion = reduced_motion;
  lesson::PlaybackSeek(state, run, BuiltIn(), t);
  return state;
}

// Plays from 0 to exactly t in uneven frames, as a browser's frames come.
LessonState PlayTo(double t, std::mt19937& random, double speed = 1.0) {
  LessonState state;
  PlaybackRun run;
  lesson::SetPlaybackSpeed(state.walkthrough, speed);
  lesson::PlaybackPlay(state, run, BuiltIn());
  std::uniform_real_distribution<double> frame(0.0, 0.07);
  while (state.walkthrough.time < t && state.walkthrough.playing) {
    const double left = (t - state.walkthrough.time) / state.walkthrough.speed;
    lesson::PlaybackAdvance(state, run, BuiltIn(), std::min(frame(random), left));
    if (left < 1e-12) break;
  }
  return state;
}

double CompareWeight(const LessonState& state, int key) { return lesson::ComputeCompare(state.compare).weights[key]; }

}  // namespace

TEST_CASE("the lesson file's timeline has the eight steps, about two minutes, and no errors") {
  const Timeline& timeline = BuiltIn();
  CHECK(timeline.errors.empty());
  REQUIRE(timeline.steps.size() == static_cast<size_t>(lesson::WalkthroughStepCount()));
  CHECK(timeline.duration >= 90.0);
  CHECK(timeline.duration <= 150.0);
  double start = 0.0;
  for (const lesson::TimelineStep& step : timeline.steps) {
    CHECK(step.start == doctest::Approx(start));
    CHECK(step.narration > 3.0);  // every step is narrated
    CHECK(step.duration >= step.narration + lesson::kStepPauseSeconds - 1e-9);
    for (const lesson::TimelineAction& action : step.actions) CHECK(action.end <= step.duration);
    start += step.duration;
  }
  CHECK(timeline.duration == doctest::Approx(start));
}

TEST_CASE("every action of the lesson file names a scene parameter or a part to look at") {
  int actions = 0;
  for (const lesson::TimelineStep& step : BuiltIn().steps) {
    for (const lesson::TimelineAction& action : step.actions) {
      ++actions;
      if (action.param != nullptr) {
        CHECK(lesson::FindParam(action.param->name) == action.param);
      } else {
        CHECK(lesson::FindScene(action.look.substr(0, action.look.find('.'))) != nullptr);
      }
    }
  }
  CHECK(actions >= 20);
}

TEST_CASE("seeking to t and playing to t give the same state, at every step boundary and at random times") {
  std::mt19937 random(7);
  std::vector<double> times;
  for (const lesson::TimelineStep& step : BuiltIn().steps) {
    times.push_back(step.start);
    times.push_back(step.start + step.duration * 0.5);
  }
  times.push_back(BuiltIn().duration);
  std::uniform_real_distribution<double> any(0.0, BuiltIn().duration);
  for (int i = 0; i < 40; ++i) times.push_back(any(random));
  const double speeds[] = {0.75, 1.0, 1.25, 1.5};
  for (size_t i = 0; i < times.size(); ++i) {
    const double t = times[i];
    CAPTURE(t);
    const LessonState played = PlayTo(t, random, speeds[i % 4]);
    CHECK(played.walkthrough.time == doctest::Approx(t).epsilon(1e-9));
    LessonState sought = Seek(t);
    sought.walkthrough.speed = played.walkthrough.speed;
    sought.walkthrough.playing = played.walkthrough.playing;
    CHECK(Seen(played) == Seen(sought));
  }
}

TEST_CASE("each step's state: the query turns to the bus, the worked example, each word removed, the masks") {
  const Timeline& timeline = BuiltIn();
  auto at = [&](int step, double seconds) { return Seek(timeline.steps[static_cast<size_t>(step)].start + seconds); };

  // Step 2: the query turns toward the bus key and the bus sentence's weight grows.
  const LessonState before = at(1, 0.0);
  const LessonState after = at(1, 6.0);
  CHECK(after.scene == lesson::Scene::Compare);
  CHECK(CompareWeight(after, lesson::kCompareAnswerKey) > CompareWeight(before, lesson::kCompareAnswerKey) + 0.1);
  const LessonState halfway = at(1, 3.5);
  CHECK(CompareWeight(halfway, lesson::kCompareAnswerKey) > CompareWeight(before, lesson::kCompareAnswerKey));
  CHECK(CompareWeight(halfway, lesson::kCompareAnswerKey) < CompareWeight(after, lesson::kCompareAnswerKey));
  // Step 3: lengthened along that direction, softmax gives the bus sentence most of the weight.
  CHECK(CompareWeight(at(2, 7.0), lesson::kCompareAnswerKey) > 0.5);
  CHECK(at(2, 7.0).highlight == "compare.weights");

  // Step 4: the worked example, 10 × 0.2 + 20 × 0.8 = 18, once the weight has moved to 0.8; its
  // lines appear one by one as the narration says them.
  const LessonState example = at(3, 6.0);
  CHECK(example.scene == lesson::Scene::Combine);
  CHECK(lesson::ComputeCombine(example.combine).output == doctest::Approx(18.0));
  CHECK(lesson::ComputeCombine(at(3, 0.5).combine).output == doctest::Approx(15.0));
  CHECK(at(3, 7.0).combine.lines_shown == 0);
  CHECK(at(3, 8.0).combine.lines_shown == 1);
  CHECK(at(3, 10.5).combine.lines_shown == 2);
  CHECK(at(3, 13.0).combine.lines_shown == 3);
  CHECK(Seek(timeline.steps[4].start).combine.lines_shown == lesson::kCombineLines);  // the next step resets it

  // Step 5: the controlled test removes each word in turn, then shows every result.
  CHECK(at(4, 4.0).caveats.removed[0]);
  CHECK_FALSE(at(4, 4.0).caveats.removed[1]);
  CHECK(at(4, 6.0).caveats.removed[1]);
  CHECK_FALSE(at(4, 6.0).caveats.removed[0]);
  const LessonState shown = at(4, 12.0);
  for (const bool removed : shown.caveats.removed) CHECK_FALSE(removed);
  CHECK(shown.caveats.each_in_turn_shown);

  // Step 6: the causal mask sweeps in row by row; each covered row renormalizes over what it may
  // see, the rows below keep their weights, and at the end it is the whole causal mask.
  CHECK_FALSE(at(5, 1.0).mask.causal);
  const attention::Result open = lesson::MaskWeights(at(5, 1.0).mask);
  int covered_before = 0;
  for (double t = 8.8; t <= 14.0; t += 0.3) {
    CAPTURE(t);
    const LessonState sweep = at(5, t);
    const int covered = sweep.mask.causal ? sweep.mask.causal_rows : 0;
    CHECK(covered >= covered_before);
    covered_before = covered;
    const attention::Result weights = lesson::MaskWeights(sweep.mask);
    for (int row = 0; row < lesson::kMaskTokenCount; ++row) {
      double sum = 0.0;
      for (int col = 0; col < lesson::kMaskTokenCount; ++col) {
        sum += weights.weights(row, col);
        if (row < covered && col > row) CHECK(weights.weights(row, col) == 0.0);
        if (row >= covered) CHECK(weights.weights(row, col) == doctest::Approx(open.weights(row, col)));
      }
      CHECK(sum == doctest::Approx(1.0));
    }
  }
  CHECK(covered_before == lesson::kMaskTokenCount);
  LessonState whole;
  lesson::SetCausal(whole.mask, true);
  const attention::Result causal = lesson::MaskWeights(whole.mask);
  const attention::Result swept = lesson::MaskWeights(at(5, 14.0).mask);
  for (int row = 0; row < lesson::kMaskTokenCount; ++row) {
    for (int col = 0; col < lesson::kMaskTokenCount; ++col) CHECK(swept.weights(row, col) == causal.weights(row, col));
  }
  // Step 7: the padding mask alone.
  CHECK_FALSE(at(6, 1.0).mask.padding);
  CHECK(at(6, 4.0).mask.padding);
  CHECK_FALSE(at(6, 4.0).mask.causal);

  // Step 8: the model learns where to look, from 0 to 300 training steps; the learner's answers
  // to the quick check are left alone.
  LessonState answered;
  answered.quiz.answers[0].choice = 1;
  PlaybackRun run;
  const double last = timeline.steps.back().start;
  lesson::PlaybackSeek(answered, run, timeline, last + 0.5);
  CHECK(answered.scene == lesson::Scene::Learn);
  CHECK(answered.learn.steps == 0);
  CHECK(answered.quiz.answers[0].choice == 1);
  CHECK(at(7, 4.0).learn.steps > 0);
  CHECK(at(7, 4.0).learn.steps < 300);
  CHECK(at(7, 7.5).learn.steps == 300);
  CHECK(at(7, 7.5).highlight == "learn.weights");
}

TEST_CASE("a spoken step lasts until its sentence is said; captions alone keep their own time") {
  const Timeline& timeline = BuiltIn();
  LessonState state;
  PlaybackRun run;
  run.narration = lesson::Narration::Speech;
  lesson::PlaybackPlay(state, run, timeline);
  for (int i = 0; i < 100; ++i) lesson::PlaybackAdvance(state, run, timeline, 0.5);
  CHECK(lesson::TimelineStepAt(timeline, state.walkthrough.time) == 0);
  CHECK(state.walkthrough.time == doctest::Approx(lesson::TimelineStepEnd(timeline, 0)).epsilon(1e-3));
  CHECK(state.walkthrough.playing);
  lesson::PlaybackSpoken(run, 0);
  lesson::PlaybackAdvance(state, run, timeline, 0.5);
  CHECK(lesson::TimelineStepAt(timeline, state.walkthrough.time) == 1);

  LessonState silent;
  PlaybackRun captions;
  lesson::PlaybackPlay(silent, captions, timeline);
  for (int i = 0; i < 100; ++i) lesson::PlaybackAdvance(silent, captions, timeline, 0.5);
  CHECK(silent.walkthrough.time == doctest::Approx(50.0));
}

TEST_CASE("the end of the lesson pauses, and Play then starts it again") {
  const Timeline& timeline = BuiltIn();
  LessonState state;
  PlaybackRun run;
  lesson::PlaybackPlay(state, run, timeline);
  lesson::PlaybackAdvance(state, run, timeline, timeline.duration + 10.0);
  CHECK_FALSE(state.walkthrough.playing);
  CHECK(state.walkthrough.time == doctest::Approx(timeline.duration));
  lesson::PlaybackPlay(state, run, timeline);
  CHECK(state.walkthrough.playing);
  CHECK(state.walkthrough.time == 0.0);
}

TEST_CASE("with reduced motion a move jumps, and the clock reports a change only when something starts") {
  const Timeline& timeline = BuiltIn();
  const double start = timeline.steps[1].start;
  // Halfway through the query's turn it is already where it turns to.
  const LessonState jumped = Seek(start + 3.5, true);
  CHECK(jumped.compare.query.x == doctest::Approx(0.7));
  CHECK(jumped.compare.query.y == doctest::Approx(0.7));

  LessonState state;
  PlaybackRun run;
  run.reduced_motion = true;
  lesson::PlaybackSeek(state, run, timeline, start + 0.5);
  state.walkthrough.playing = true;
  CHECK_FALSE(lesson::PlaybackAdvance(state, run, timeline, 0.5));  // 1.0 s: nothing starts
  CHECK(lesson::PlaybackAdvance(state, run, timeline, 1.5));        // 2.5 s: the turn started at 2
  CHECK_FALSE(lesson::PlaybackAdvance(state, run, timeline, 0.5));  // 3.0 s

  int changes = 0;
  int frames = 0;
  LessonState whole;
  PlaybackRun still;
  still.reduced_motion = true;
  lesson::PlaybackPlay(whole, still, timeline);
  while (whole.walkthrough.playing) {
    ++frames;
    if (lesson::PlaybackAdvance(whole, still, timeline, 1.0 / 60.0)) ++changes;
  }
  int starts = 0;
  for (const lesson::TimelineStep& step : timeline.steps) starts += 1 + static_cast<int>(step.actions.size());
  CHECK(changes <= starts);
  CHECK(changes >= static_cast<int>(timeline.steps.size()));
  CHECK(frames > 50 * changes);
}

TEST_CASE("a change the learner makes is seen, and Play restores the step from its start") {
  const Timeline& timeline = BuiltIn();
  LessonState state;
  PlaybackRun run;
  lesson::PlaybackSeek(state, run, timeline, timeline.steps[2].start + 5.0);
  CHECK_FALSE(lesson::PlaybackTakenOver(state, run));
  lesson::SetQuery(state.compare, lesson::PlanePoint{-1.0, -1.0});
  CHECK(lesson::PlaybackTakenOver(state, run));
  lesson::PlaybackPlay(state, run, timeline);
  CHECK(state.walkthrough.time == doctest::Approx(timeline.steps[2].start));
  CHECK_FALSE(lesson::PlaybackTakenOver(state, run));
  LessonState restored = Seek(timeline.steps[2].start);
  restored.walkthrough.playing = true;
  CHECK(Seen(state) == Seen(restored));
  // Without a change, Play goes on from where it paused.
  lesson::PlaybackAdvance(state, run, timeline, 2.0);
  lesson::PlaybackPause(state);
  const double paused = state.walkthrough.time;
  lesson::PlaybackPlay(state, run, timeline);
  CHECK(state.walkthrough.time == paused);
}

TEST_CASE("previous and next step, and a seek to a non-finite time") {
  const Timeline& timeline = BuiltIn();
  LessonState state;
  PlaybackRun run;
  lesson::PlaybackNextStep(state, run, timeline);
  CHECK(state.walkthrough.time == timeline.steps[1].start);
  CHECK(state.walkthrough.step == 1);
  lesson::PlaybackSeek(state, run, timeline, timeline.steps[1].start + 5.0);
  lesson::PlaybackPreviousStep(state, run, timeline);  // well into step 2: its start
  CHECK(state.walkthrough.time == timeline.steps[1].start);
  lesson::PlaybackPreviousStep(state, run, timeline);  // at its start: step 1
  CHECK(state.walkthrough.time == 0.0);
  lesson::PlaybackSeek(state, run, timeline, std::nan(""));
  CHECK(state.walkthrough.time == 0.0);
  lesson::PlaybackSeek(state, run, timeline, 1e9);
  CHECK(state.walkthrough.time == timeline.duration);
}

TEST_CASE("the playback position and speed are in the link") {
  LessonState state = Seek(BuiltIn().steps[3].start + 2.0);
  lesson::SetPlaybackSpeed(state.walkthrough, 1.25);
  const std::string link = lesson::EncodeState(state);
  CHECK(link.find("walkthrough.time=") != std::string::npos);
  CHECK(link.find("walkthrough.speed=1.25") != std::string::npos);
  LessonState opened;
  REQUIRE(lesson::DecodeState(link, &opened, nullptr));
  CHECK(opened.walkthrough.time == doctest::Approx(state.walkthrough.time).epsilon(1e-6));
  CHECK(opened.walkthrough.speed == 1.25);
  CHECK_FALSE(opened.walkthrough.playing);  // a link opens paused
  // A step's start, written with 6 decimals and read back, is still that step's.
  for (int step = 0; step < static_cast<int>(BuiltIn().steps.size()); ++step) {
    CAPTURE(step);
    LessonState at_start = Seek(lesson::TimelineStepStart(BuiltIn(), step));
    LessonState back;
    REQUIRE(lesson::DecodeState(lesson::EncodeState(at_start), &back, nullptr));
    CHECK(lesson::TimelineStepAt(BuiltIn(), back.walkthrough.time) == step);
  }
  std::string warning;
  CHECK_FALSE(lesson::DecodeState("scene=walkthrough&walkthrough.time=nan", &opened, &warning));
  CHECK(lesson::DecodeState("scene=walkthrough&walkthrough.speed=9", &opened, &warning));
  CHECK(opened.walkthrough.speed == lesson::kPlaybackSpeedMax);
}

TEST_CASE("a link's position decides the walkthrough's step; a link without one is at its step's start") {
  const double in_step_two = BuiltIn().steps[2].start + 1.0;
  LessonState opened;
  PlaybackRun run;
  REQUIRE(lesson::DecodeState("scene=walkthrough&walkthrough.step=1&walkthrough.time=" + std::to_string(in_step_two),
                              &opened, nullptr));
  CHECK(opened.walkthrough.step == 0);
  lesson::PlaybackAfterLink(opened, run, BuiltIn());
  CHECK(opened.walkthrough.step == 2);
  CHECK(opened.highlight == std::string(lesson::WalkthroughStepHighlight(2)));
  CHECK_FALSE(lesson::PlaybackTakenOver(opened, run));
  lesson::SetQuery(opened.compare, lesson::PlanePoint{0.5, -0.5});
  CHECK(lesson::PlaybackTakenOver(opened, run));

  LessonState at_zero;
  REQUIRE(lesson::DecodeState("scene=walkthrough&walkthrough.step=5", &at_zero, nullptr));
  lesson::PlaybackAfterLink(at_zero, run, BuiltIn());
  CHECK(at_zero.walkthrough.step == 4);
  CHECK(at_zero.walkthrough.time == BuiltIn().steps[4].start);  // Play goes on from step 5
  CHECK(lesson::TimelineStepAt(BuiltIn(), at_zero.walkthrough.time) == 4);
}

TEST_CASE("bad timeline data is reported with its file and line, and the step plays the built-in actions") {
  lesson::TextStore text;
  lesson::LoadBuiltInText(text);
  text.Load("author/lesson.txt",
            "[walkthrough]\n"
            "# a comment\n"
            "walkthrough.step2.play = at 1 look compare.query; at x compare.query 1,1\n"
            "walkthrough.step3.play = at 1-2 compare.scaled 0\n"
            "walkthrough.step4.play = at 1 combine.nothing 2\n"
            "walkthrough.step5.play = at 1 quiz.q1.choice 2\n"
            "walkthrough.step6.play = at 1 mask.causal 7\n"
            "walkthrough.step7.play = at 3-1 mask.padding 1\n"
            "walkthrough.step8.play = at 1 look nowhere.part\n");
  const Timeline timeline = lesson::BuildTimeline(text, &BuiltInText());
  REQUIRE(timeline.errors.size() == 7);
  CHECK(timeline.errors[0].file == "author/lesson.txt");
  CHECK(timeline.errors[0].line == 3);
  CHECK(timeline.errors[0].ToString().find("action 2") != std::string::npos);
  CHECK(timeline.errors[0].ToString().find("'x' is not a time") != std::string::npos);
  CHECK(timeline.errors[1].line == 4);
  CHECK(timeline.errors[1].message.find("cannot move over a span") != std::string::npos);
  CHECK(timeline.errors[2].message.find("'combine.nothing' is not a scene parameter") != std::string::npos);
  CHECK(timeline.errors[3].message.find("learner's answers") != std::string::npos);
  CHECK(timeline.errors[4].message.find("mask.causal") != std::string::npos);
  CHECK(timeline.errors[5].message.find("ends before it starts") != std::string::npos);
  CHECK(timeline.errors[6].message.find("look needs SCENE.ELEMENT") != std::string::npos);
  // Each bad step plays what the built-in timeline has for it; with none (the web), no actions.
  const Timeline bare = lesson::BuildTimeline(text);
  CHECK(bare.errors[0].message.find("(no actions play)") != std::string::npos);
  for (size_t step = 1; step < timeline.steps.size(); ++step) {
    CAPTURE(step);
    CHECK(timeline.steps[step].actions.size() == BuiltIn().steps[step].actions.size());
    CHECK(timeline.steps[step].duration == doctest::Approx(BuiltIn().steps[step].duration));
    CHECK(bare.steps[step].actions.empty());
  }
}

TEST_CASE("an author's timing: actions parse in any order, 'none' empties a list, and a step lasts its actions") {
  std::vector<lesson::TimelineAction> actions;
  std::string why;
  REQUIRE(lesson::ParseTimelineActions("at 4 caveats.removed none; at 1 caveats.removed 2,3;;", &actions, &why));
  REQUIRE(actions.size() == 2);
  CHECK(actions[0].start == 1.0);
  CHECK(actions[0].value.indices == std::vector<int>{2, 3});
  CHECK(actions[1].value.indices.empty());
  CHECK_FALSE(lesson::ParseTimelineActions("at 1 compare.query", &actions, &why));
  CHECK(why.find("expected 'at SECONDS NAME VALUE'") != std::string::npos);
  CHECK_FALSE(lesson::ParseTimelineActions("at 500 mask.causal 1", &actions, &why));

  lesson::TextStore text;
  lesson::LoadBuiltInText(text);
  text.Load("author/lesson.txt", "[walkthrough]\nwalkthrough.step1.play = at 30 mask.causal 1\n");
  const Timeline longer = lesson::BuildTimeline(text);
  CHECK(longer.errors.empty());
  CHECK(longer.steps[0].duration == doctest::Approx(30.0 + lesson::kStepPauseSeconds));
  // The step's new action brings the Mask scene into the timeline's reset list.
  CHECK(std::find(longer.scenes.begin(), longer.scenes.end(), lesson::Scene::Mask) != longer.scenes.end());
}

TEST_CASE("the clock reads minutes and seconds") {
  CHECK(lesson::PlaybackClock(0.0) == "0:00");
  CHECK(lesson::PlaybackClock(65.9) == "1:05");
  CHECK(lesson::PlaybackClock(std::nan("")) == "0:00");
  CHECK(lesson::PlaybackClock(-3.0) == "0:00");
}
