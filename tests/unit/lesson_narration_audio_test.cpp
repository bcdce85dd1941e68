// The narration's audio in the timeline (lesson/timeline/): a cue list read from its lines, each
// step whose sentences all have audio of the same words timed by it, the clock holding a cue until
// its audio has ended, and the lesson kept at the same place of a step when the timeline changes.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/scenes/walkthrough/walkthrough.h"
#include "lesson/timeline/cues.h"
#include "lesson/timeline/playback.h"
#include "lesson/timeline/timeline.h"

using lesson::CueAudio;
using lesson::LessonState;
using lesson::PlaybackRun;
using lesson::Timeline;

namespace {

lesson::TextStore English() {
  lesson::TextStore english;
  lesson::LoadBuiltInText(english);
  return english;
}

// Audio for every cue of `text`: cue i lasts 1 + i/10 seconds (no two alike), with the cue's words.
std::vector<CueAudio> AudioFor(const lesson::TextStore& text) {
  std::vector<CueAudio> audio;
  int i = 0;
  for (const lesson::Cue& cue : lesson::NarrationCues(text)) audio.push_back(CueAudio{cue.id, cue.text, 1.0 + 0.1 * i++});
  return audio;
}

// The lines a page hands the widget for `audio`.
std::string Lines(const std::vector<CueAudio>& audio) {
  std::string lines;
  for (const CueAudio& cue : audio) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f", cue.seconds);
    lines += cue.id + "\t" + seconds + "\t" + cue.text + "\n";
  }
  return lines;
}

}  // namespace

TEST_CASE("a list of cue audio is read a line a cue; a line that is not one is left out and counted") {
  int refused = -1;
  const std::vector<CueAudio> cues = lesson::ParseCueAudio(
      "step01-1\t5.991\tWhen someone asks.\r\n\nstep01-2\t5.29\tAn attention mechanism.\n"
      "step02-1\tnan\tNot a length.\nstep02-2\t-1\tNegative.\nstep02-3\t1e9\tToo long.\n"
      "step02-4\t\tNo length.\nno tabs at all\n\t1\tNo id.\nstep02-5\t2.5x\tTrailing letters.\n"
      "step03-1\t0.5\tTabs\tinside stay in the text.",
      &refused);
  REQUIRE(cues.size() == 3);
  CHECK(refused == 7);
  CHECK(cues[0].id == "step01-1");
  CHECK(cues[0].seconds == doctest::Approx(5.991));
  CHECK(cues[0].text == "When someone asks.");  // the \r of a Windows line end is not part of it
  CHECK(cues[1].text == "An attention mechanism.");
  CHECK(cues[2].text == "Tabs\tinside stay in the text.");
  CHECK(lesson::ParseCueAudio("", &refused).empty());
  CHECK(refused == 0);

  std::string many;
  for (size_t i = 0; i < lesson::kCueAudioMaxCues + 5; ++i) many += "c" + std::to_string(i) + "\t1\tA.\n";
  CHECK(lesson::ParseCueAudio(many, &refused).size() == lesson::kCueAudioMaxCues);
  CHECK(refused == 5);
}

TEST_CASE("without audio, a step's sentences share its narration by their words, back to back") {
  const lesson::TextStore english = English();
  const Timeline timeline = lesson::BuildTimeline(english);
  REQUIRE(timeline.cues.size() == lesson::NarrationCues(english).size());
  CHECK(lesson::TimelineAudioCues(timeline) == 0);
  for (size_t s = 0; s < timeline.steps.size(); ++s) {
    const lesson::TimelineStep& step = timeline.steps[s];
    CHECK_FALSE(step.audio);
    double at = step.start;
    for (const lesson::TimelineCue& cue : timeline.cues) {
      if (cue.cue.step != static_cast<int>(s) + 1) continue;
      CHECK(cue.start == doctest::Approx(at));
      CHECK(cue.end > cue.start);
      at = cue.end;
    }
    CHECK(at == doctest::Approx(step.start + step.narration));
  }
}

TEST_CASE("with audio, each sentence lasts as its audio does, a short pause apart, and the step around them") {
  const lesson::TextStore english = English();
  const std::vector<CueAudio> audio = AudioFor(english);
  const Timeline timeline = lesson::BuildTimeline(english, nullptr, &audio);
  REQUIRE(timeline.cues.size() == audio.size());
  CHECK(lesson::TimelineAudioCues(timeline) == static_cast<int>(audio.size()));
  for (size_t i = 0; i < timeline.cues.size(); ++i) {
    const lesson::TimelineCue& cue = timeline.cues[i];
    CHECK(cue.audio);
    CHECK(cue.cue.id == audio[i].id);
    CHECK(cue.end - cue.start == doctest::Approx(audio[i].seconds));
    const lesson::TimelineStep& step = timeline.steps[static_cast<size_t>(cue.cue.step - 1)];
    if (cue.cue.index == 1) {
      CHECK(cue.start == doctest::Approx(step.start));  // the voice starts with the step's picture
    } else {
      CHECK(cue.start - timeline.cues[i - 1].end == doctest::Approx(lesson::kCueGapSeconds));
    }
    CHECK(cue.end <= step.start + step.narration + 1e-9);
  }
  for (const lesson::TimelineStep& step : timeline.steps) {
    CHECK(step.audio);
    CHECK(step.duration >= step.narration + lesson::kStepPauseSeconds - 1e-9);
  }
  // The steps follow one another as before, each its new length.
  for (size_t s = 1; s < timeline.steps.size(); ++s) {
    CHECK(timeline.steps[s].start == doctest::Approx(timeline.steps[s - 1].start + timeline.steps[s - 1].duration));
  }
  CHECK(timeline.duration == doctest::Approx(timeline.steps.back().start + timeline.steps.back().duration));
}

TEST_CASE("audio of other words, or a step with a sentence without audio, is timed by its words") {
  const lesson::TextStore english = English();
  std::vector<CueAudio> audio = AudioFor(english);
  const Timeline words = lesson::BuildTimeline(english);
  // Step 3's first sentence was reworded after it was recorded; step 5 lost its last sentence's audio.
  for (CueAudio& cue : audio) {
    if (cue.id == "step03-1") cue.text = "Words the lesson no longer says.";
  }
  int step5 = 0;
  for (size_t i = audio.size(); i-- > 0;) {
    if (audio[i].id.rfind("step05-", 0) == 0) {
      ++step5;
      if (step5 == 1) audio.erase(audio.begin() + static_cast<std::ptrdiff_t>(i));
    }
  }
  const Timeline timeline = lesson::BuildTimeline(english, nullptr, &audio);
  for (size_t s = 0; s < timeline.steps.size(); ++s) {
    const bool untimed = s == 2 || s == 4;
    CHECK(timeline.steps[s].audio == !untimed);
    if (untimed) CHECK(timeline.steps[s].narration == doctest::Approx(words.steps[s].narration));
  }
  for (const lesson::TimelineCue& cue : timeline.cues) CHECK(cue.audio == (cue.cue.step != 3 && cue.cue.step != 5));
}

TEST_CASE("playing with audio, the clock holds at a cue's end until its audio has ended") {
  const lesson::TextStore english = English();
  const std::vector<CueAudio> audio = AudioFor(english);
  const Timeline timeline = lesson::BuildTimeline(english, nullptr, &audio);
  LessonState state;
  PlaybackRun run;
  run.narration = lesson::Narration::Audio;
  lesson::PlaybackPlay(state, run, timeline);
  CHECK(run.heard_through == -1);
  const lesson::TimelineCue& first = timeline.cues[0];
  // The first cue's audio is slow to come: the clock waits at its end.
  for (int i = 0; i < 40; ++i) lesson::PlaybackAdvance(state, run, timeline, 0.25);
  CHECK(state.walkthrough.playing);
  CHECK(state.walkthrough.time == doctest::Approx(first.end).epsilon(1e-3));
  CHECK(state.walkthrough.time < first.end);
  CHECK(lesson::TimelineCueAt(timeline, state.walkthrough.time) == 0);
  lesson::PlaybackHeard(run, timeline, "no-such-cue");
  lesson::PlaybackAdvance(state, run, timeline, 0.25);
  CHECK(state.walkthrough.time < first.end);
  lesson::PlaybackHeard(run, timeline, first.cue.id);
  CHECK(run.heard_through == 0);
  lesson::PlaybackAdvance(state, run, timeline, 0.25);
  CHECK(state.walkthrough.time > first.end);
  CHECK(lesson::TimelineCueAt(timeline, state.walkthrough.time) == -1);  // the pause between sentences
  // The second cue holds in turn, also when one long frame would jump past all of it.
  REQUIRE(state.walkthrough.time + 5.0 > timeline.cues[1].end);
  lesson::PlaybackAdvance(state, run, timeline, 5.0);
  CHECK(state.walkthrough.time < timeline.cues[1].end);
  CHECK(state.walkthrough.time == doctest::Approx(timeline.cues[1].end).epsilon(1e-3));

  // Captions alone never hold.
  LessonState silent;
  PlaybackRun captions;
  lesson::PlaybackPlay(silent, captions, timeline);
  for (int i = 0; i < 40; ++i) lesson::PlaybackAdvance(silent, captions, timeline, 0.25);
  CHECK(silent.walkthrough.time == doctest::Approx(10.0));
}

TEST_CASE("a seek or a play counts the cues that ended before it as heard, and the one it lands in as not") {
  const lesson::TextStore english = English();
  const std::vector<CueAudio> audio = AudioFor(english);
  const Timeline timeline = lesson::BuildTimeline(english, nullptr, &audio);
  LessonState state;
  PlaybackRun run;
  run.narration = lesson::Narration::Audio;
  const lesson::TimelineCue& fifth = timeline.cues[4];
  lesson::PlaybackSeek(state, run, timeline, fifth.start + 0.5);
  CHECK(run.heard_through == 3);
  CHECK(lesson::TimelineCueAt(timeline, state.walkthrough.time) == 4);
  lesson::PlaybackPlay(state, run, timeline);
  CHECK(run.heard_through == 3);
  for (int i = 0; i < 40; ++i) lesson::PlaybackAdvance(state, run, timeline, 0.25);
  CHECK(state.walkthrough.time == doctest::Approx(fifth.end).epsilon(1e-3));
  // Back into a cue already heard: it is to be heard again.
  lesson::PlaybackHeard(run, timeline, fifth.cue.id);
  lesson::PlaybackSeek(state, run, timeline, fifth.start + 0.1);
  CHECK(run.heard_through == 3);
}

TEST_CASE("a new timeline keeps the lesson at the same place of the same step") {
  const lesson::TextStore english = English();
  const std::vector<CueAudio> audio = AudioFor(english);
  const Timeline words = lesson::BuildTimeline(english);
  const Timeline voiced = lesson::BuildTimeline(english, nullptr, &audio);
  LessonState state;
  PlaybackRun run;
  run.narration = lesson::Narration::Audio;
  const double into = 0.4 * words.steps[3].duration;
  lesson::PlaybackSeek(state, run, words, words.steps[3].start + into);
  lesson::PlaybackPlay(state, run, words);
  lesson::PlaybackRetime(state, run, words, voiced);
  CHECK(lesson::TimelineStepAt(voiced, state.walkthrough.time) == 3);
  CHECK(state.walkthrough.time - voiced.steps[3].start == doctest::Approx(0.4 * voiced.steps[3].duration));
  CHECK(state.walkthrough.playing);
  CHECK(run.heard_through == lesson::TimelineCuesEndedBy(voiced, state.walkthrough.time) - 1);
  CHECK_FALSE(lesson::PlaybackTakenOver(state, run));
  // At the end it stays at the end.
  lesson::PlaybackSeek(state, run, voiced, voiced.duration);
  lesson::PlaybackRetime(state, run, voiced, words);
  CHECK(state.walkthrough.time == doctest::Approx(words.duration));

  // A learner who changed the scene keeps the change; only the position moves.
  LessonState changed;
  PlaybackRun mine;
  lesson::PlaybackSeek(changed, mine, words, words.steps[1].start + 1.0);
  changed.compare.query = {0.25, -0.5};
  REQUIRE(lesson::PlaybackTakenOver(changed, mine));
  lesson::PlaybackRetime(changed, mine, words, voiced);
  CHECK(changed.compare.query.x == doctest::Approx(0.25));
  CHECK(lesson::TimelineStepAt(voiced, changed.walkthrough.time) == 1);
}

TEST_CASE("the lesson's timeline keeps the narration's audio through a rebuild") {
  const std::vector<CueAudio> audio = AudioFor(lesson::LessonText());
  lesson::SetLessonNarrationAudio(audio);
  lesson::RebuildLessonTimeline();
  CHECK(lesson::TimelineAudioCues(lesson::LessonTimeline()) == static_cast<int>(audio.size()));
  lesson::RebuildLessonTimeline();
  CHECK(lesson::TimelineAudioCues(lesson::LessonTimeline()) == static_cast<int>(audio.size()));
  CHECK(lesson::ParseCueAudio(Lines(audio)).size() == audio.size());
  lesson::SetLessonNarrationAudio({});
  lesson::RebuildLessonTimeline();
  CHECK(lesson::TimelineAudioCues(lesson::LessonTimeline()) == 0);
}
