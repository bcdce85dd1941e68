#include "lesson/timeline/playback.h"

#include <algorithm>
#include <cmath>

#include "lesson/scenes/walkthrough/walkthrough.h"
#include "lesson/state_url.h"

namespace lesson {

namespace {

// A spoken step that waits for its sentence holds this far before its end.
constexpr double kHoldBeforeEnd = 1e-3;

void Evaluate(LessonState& state, PlaybackRun& run, const Timeline& timeline, double seconds) {
  EvaluateTimeline(timeline, seconds, run.reduced_motion, &state);
  run.evaluated = ScenesOf(state);
}

}  // namespace

const char* NarrationName(Narration narration) {
  switch (narration) {
    case Narration::Speech: return "speech";
    case Narration::Audio: return "audio";
    case Narration::Captions: break;
  }
  return "captions";
}

std::string ScenesOf(const LessonState& state) {
  LessonState scenes = state;
  scenes.walkthrough = Walkthrough{};
  return EncodeState(scenes);
}

bool PlaybackTakenOver(const LessonState& state, const PlaybackRun& run) {
  return !run.evaluated.empty() && ScenesOf(state) != run.evaluated;
}

void PlaybackPlay(LessonState& state, PlaybackRun& run, const Timeline& timeline) {
  double from = state.walkthrough.time;
  if (from >= timeline.duration) from = 0.0;
  if (PlaybackTakenOver(state, run)) from = TimelineStepStart(timeline, TimelineStepAt(timeline, from));
  // A sentence cut short is said again from its start; audio goes on from where it is.
  run.spoken_through = TimelineStepAt(timeline, from) - 1;
  run.heard_through = TimelineCuesEndedBy(timeline, from) - 1;
  state.walkthrough.playing = true;
  Evaluate(state, run, timeline, from);
}

void PlaybackPause(LessonState& state) { state.walkthrough.playing = false; }

void PlaybackToggle(LessonState& state, PlaybackRun& run, const Timeline& timeline) {
  if (state.walkthrough.playing) {
    PlaybackPause(state);
  } else {
    PlaybackPlay(state, run, timeline);
  }
}

void PlaybackSeek(LessonState& state, PlaybackRun& run, const Timeline& timeline, double seconds) {
  const double to = std::isfinite(seconds) ? std::clamp(seconds, 0.0, timeline.duration) : state.walkthrough.time;
  // Another step's sentence is said from its start; within the step, what was said stays said.
  const int step = TimelineStepAt(timeline, to);
  if (step != TimelineStepAt(timeline, state.walkthrough.time)) run.spoken_through = step - 1;
  run.heard_through = TimelineCuesEndedBy(timeline, to) - 1;
  Evaluate(state, run, timeline, to);
  if (to >= timeline.duration) state.walkthrough.playing = false;
}

void PlaybackNextStep(LessonState& state, PlaybackRun& run, const Timeline& timeline) {
  const int step = TimelineStepAt(timeline, state.walkthrough.time);
  if (step + 1 >= static_cast<int>(timeline.steps.size())) return;
  PlaybackSeek(state, run, timeline, TimelineStepStart(timeline, step + 1));
}

void PlaybackPreviousStep(LessonState& state, PlaybackRun& run, const Timeline& timeline) {
  const int step = TimelineStepAt(timeline, state.walkthrough.time);
  // Well into a step, "previous" first goes back to its start, as media players do.
  const bool early = state.walkthrough.time - TimelineStepStart(timeline, step) < 2.0;
  PlaybackSeek(state, run, timeline, TimelineStepStart(timeline, early ? step - 1 : step));
}

void PlaybackFollowStep(LessonState& state, PlaybackRun& run, const Timeline& timeline) {
  state.walkthrough.playing = false;
  state.walkthrough.time = TimelineStepStart(timeline, state.walkthrough.step);
  run.evaluated = ScenesOf(state);
}

void PlaybackAfterLink(LessonState& state, PlaybackRun& run, const Timeline& timeline) {
  Walkthrough& walkthrough = state.walkthrough;
  walkthrough.playing = false;
  const int step = TimelineStepAt(timeline, walkthrough.time);
  if (walkthrough.time > 0.0 && step != walkthrough.step) {
    walkthrough.step = step;
    state.highlight = WalkthroughStepHighlight(step);
  } else if (walkthrough.time <= 0.0) {
    // A link to a step without a position: the lesson plays on from that step's start.
    walkthrough.time = TimelineStepStart(timeline, walkthrough.step);
  }
  run.evaluated = ScenesOf(state);
}

bool PlaybackAdvance(LessonState& state, PlaybackRun& run, const Timeline& timeline, double seconds) {
  Walkthrough& walkthrough = state.walkthrough;
  if (!walkthrough.playing || !std::isfinite(seconds) || seconds < 0.0) return false;
  const double from = walkthrough.time;
  double to = from + seconds * walkthrough.speed;
  const int step = TimelineStepAt(timeline, from);
  if (run.narration == Narration::Speech && run.spoken_through < step) {
    to = std::min(to, std::max(from, TimelineStepEnd(timeline, step) - kHoldBeforeEnd));
  }
  if (run.narration == Narration::Audio) {
    // The first cue with audio not yet heard that the clock reaches holds it.
    for (size_t i = static_cast<size_t>(std::max(0, run.heard_through + 1)); i < timeline.cues.size(); ++i) {
      const TimelineCue& cue = timeline.cues[i];
      if (cue.start > to) break;
      if (!cue.audio) continue;
      to = std::min(to, std::max(from, cue.end - kHoldBeforeEnd));
      break;
    }
  }
  if (to >= timeline.duration) {
    to = timeline.duration;
    walkthrough.playing = false;
  }
  const bool changed = !run.reduced_motion || NextTimelineChange(timeline, from) <= to || !walkthrough.playing;
  Evaluate(state, run, timeline, to);
  return changed;
}

void PlaybackSpoken(PlaybackRun& run, int step) { run.spoken_through = std::max(run.spoken_through, step); }

void PlaybackHeard(PlaybackRun& run, const Timeline& timeline, const std::string& id) {
  for (size_t i = 0; i < timeline.cues.size(); ++i) {
    if (timeline.cues[i].cue.id == id) run.heard_through = std::max(run.heard_through, static_cast<int>(i));
  }
}

void PlaybackRetime(LessonState& state, PlaybackRun& run, const Timeline& from, const Timeline& to) {
  const double time = state.walkthrough.time;
  const int step = TimelineStepAt(from, time);
  const double start = TimelineStepStart(from, step);
  const double length = TimelineStepEnd(from, step) - start;
  const double share = length > 0.0 ? std::clamp((time - start) / length, 0.0, 1.0) : 0.0;
  const double next = time >= from.duration && time > 0.0
                          ? to.duration
                          : TimelineStepStart(to, step) + share * (TimelineStepEnd(to, step) - TimelineStepStart(to, step));
  run.heard_through = TimelineCuesEndedBy(to, next) - 1;
  if (PlaybackTakenOver(state, run)) {
    state.walkthrough.time = next;  // the learner's scene stays as they left it
  } else {
    Evaluate(state, run, to, next);
  }
}

std::string PlaybackClock(double seconds) {
  const int whole = std::isfinite(seconds) && seconds > 0.0 ? static_cast<int>(seconds) : 0;
  const int rest = whole % 60;
  return std::to_string(whole / 60) + (rest < 10 ? ":0" : ":") + std::to_string(rest);
}

}  // namespace lesson
