#pragma once
// The walkthrough as a timeline: the narrated, animated explainer. Each step of the walkthrough
// lasts as long as its narration or its actions. Its narration is its caption's sentences (cues.h),
// each lasting as long as its audio when the narration's audio is known (the build's voice or the
// author's recording, docs/narration.md), else as its words take at a speaking pace. Its
// actions are timed changes of the scenes' URL parameters, written as data beside the step's words
// in lesson.txt:
//
//   walkthrough.step2.play = at 1-4 compare.query 1.2,1.3; at 4.5 look compare.weights
//
// "at A NAME VALUE" sets the parameter NAME (as a link writes it, state_url.h) at A seconds into
// the step; "at A-B NAME VALUE" moves a number or a pair there from A to B seconds, eased;
// "at A look SCENE.ELEMENT" outlines an element (LessonState::highlight). Actions are separated by
// ';'. The state at time t is a pure function of t: the scenes the timeline acts on start as they
// open, every earlier step is applied to its end and the current step up to t. The learner's quiz
// answers and the walkthrough's own settings are never touched.

#include <string>
#include <vector>

#include "lesson/lesson_state.h"
#include "lesson/scene.h"
#include "lesson/text_store.h"
#include "lesson/timeline/cues.h"

namespace lesson {

// A narration's pace when it is not spoken: words per second at speed 1 (about 140 a minute, a comfortable pace to read captions at).
constexpr double kNarrationWordsPerSecond = 2.3;
// The pause after a step's narration or last action, before the next step.
constexpr double kStepPauseSeconds = 1.0;
// The pause between two sentences of a step said by its audio (the audio has no silence at its ends).
constexpr double kCueGapSeconds = 0.4;
// Times this close before a step's start count as the step's (a link's 6 decimals).
constexpr double kTimelineTimeTolerance = 1e-6;
// No step may schedule an action later than this.
constexpr double kTimelineActionMaxSeconds = 120.0;

struct TimelineAction {
  double start = 0.0;            // seconds from the step's start
  double end = 0.0;              // == start: set at start; > start: a number, pair or count moves until end
  const Param* param = nullptr;  // the scene parameter it changes; null for "look"
  ParamValue value;              // where the parameter goes
  std::string look;              // "look": the element to outline
};

struct TimelineStep {
  double start = 0.0;                   // seconds from the timeline's start
  double duration = 0.0;                // seconds, the pause included
  double narration = 0.0;               // seconds the caption takes to say at speed 1
  std::vector<TimelineAction> actions;  // ordered by start
  bool audio = false;                   // its sentences are timed by their audio
};

// One sentence of the narration, when it is said.
struct TimelineCue {
  Cue cue;
  double start = 0.0;  // seconds from the timeline's start
  double end = 0.0;
  bool audio = false;  // timed by its audio (which lasts end - start), else by its words
};

struct Timeline {
  std::vector<TimelineStep> steps;  // one per walkthrough step
  std::vector<TimelineCue> cues;    // every sentence of the narration, in order
  double duration = 0.0;            // seconds
  std::vector<Scene> scenes;        // the scenes it acts on, each reset at the start of an evaluation
  std::vector<TextError> errors;    // bad "play" data, with its file and line
};

// Parses one step's actions (the value of walkthrough.stepN.play). False with *why naming the
// action on the first problem; *actions is then left unchanged.
bool ParseTimelineActions(const std::string& text, std::vector<TimelineAction>* actions, std::string* why);

// The timeline told by `text`: step i's narration is walkthrough.step{i+1}.caption and its actions
// walkthrough.step{i+1}.play. A step whose actions do not parse is reported in errors and plays
// `builtin`'s actions for that step: natively the lesson file compiled in; the web compiles no
// words in (as for a malformed section of words), so there the step plays without actions.
// A step whose every sentence has audio in `audio` (the same id and the same words: audio of
// words since changed is not used) says them one after another, kCueGapSeconds apart; any other
// step's sentences share its narration by their words.
Timeline BuildTimeline(const TextStore& text, const TextStore* builtin = nullptr,
                       const std::vector<CueAudio>* audio = nullptr);

// The timeline of LessonText(), built at the first call; RebuildLessonTimeline after loading text
// or setting the narration's audio (which later rebuilds keep).
const Timeline& LessonTimeline();
void RebuildLessonTimeline(const TextStore* builtin = nullptr);
void SetLessonNarrationAudio(std::vector<CueAudio> audio);

// How many of the timeline's cues are timed by their audio.
int TimelineAudioCues(const Timeline& timeline);

// The step playing at time t (the last one at and after the end).
int TimelineStepAt(const Timeline& timeline, double t);
// The cue being said at time t (start <= t < end), or -1 between sentences and after a step's last.
int TimelineCueAt(const Timeline& timeline, double t);
// The number of cues that have ended by time t.
int TimelineCuesEndedBy(const Timeline& timeline, double t);
// Seconds from the start to the start / end of step `step` (clamped to the steps there are).
double TimelineStepStart(const Timeline& timeline, int step);
double TimelineStepEnd(const Timeline& timeline, int step);

// Sets *state to the timeline's state at time t (clamped into 0..duration): the scenes it acts
// on, the scene on screen, the highlight, walkthrough.step and walkthrough.time. With
// reduced_motion a moving value jumps to its end when its move starts.
void EvaluateTimeline(const Timeline& timeline, double t, bool reduced_motion, LessonState* state);

// The first moment after t at which a reduced-motion evaluation can change: an action's start or
// a step's start; the duration when none is left.
double NextTimelineChange(const Timeline& timeline, double t);

}  // namespace lesson
