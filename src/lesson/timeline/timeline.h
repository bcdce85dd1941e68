#pragma once
// The walkthrough as a timeline: the narrated, animated explainer. Each step of the walkthrough
// lasts as long as its narration (its caption's words at a speaking pace) or its actions, and its
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

namespace lesson {

// A narration's pace when it is not spoken: words per second at speed 1 (about 140 a minute, a comfortable pace to read captions at).
constexpr double kNarrationWordsPerSecond = 2.3;
// The pause after a step's narration or last action, before the next step.
constexpr double kStepPauseSeconds = 1.0;
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
};

struct Timeline {
  std::vector<TimelineStep> steps;  // one per walkthrough step
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
Timeline BuildTimeline(const TextStore& text, const TextStore* builtin = nullptr);

// The timeline of LessonText(), built at the first call; RebuildLessonTimeline after loading text.
const Timeline& LessonTimeline();
void RebuildLessonTimeline(const TextStore* builtin = nullptr);

// The step playing at time t (the last one at and after the end).
int TimelineStepAt(const Timeline& timeline, double t);
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
