#pragma once
// The walkthrough: the lesson told in short steps, in the narration's order. Each step sets the
// other scenes up for what it talks about and names the element to look at; its words (title,
// text, what to look at, caption) live in assets/lesson/lesson.txt, section [walkthrough].

#include <string>

#include "lesson/scene.h"

namespace lesson {

struct LessonState;  // lesson_state.h includes this header

// Playback speeds the player offers (the narration's rate follows).
constexpr double kPlaybackSpeedMin = 0.75;
constexpr double kPlaybackSpeedMax = 1.5;
// Where a link may put the playback position, in seconds (the timeline is about two minutes).
constexpr double kPlaybackTimeMax = 600.0;

struct Walkthrough {
  int step = 0;           // step on screen, 0-based
  bool captions = false;  // the narration's captions are shown; off until the learner turns them on
  // Playback of the lesson as a narrated explainer (lesson/timeline/): the position on the
  // timeline in seconds, whether it plays (never carried by a link) and its speed.
  double time = 0.0;
  bool playing = false;
  double speed = 1.0;
};

void ResetWalkthrough(Walkthrough& walkthrough);
// Non-finite input is refused; the rest is clamped into range.
bool SetPlaybackTime(Walkthrough& walkthrough, double seconds);
bool SetPlaybackSpeed(Walkthrough& walkthrough, double speed);

int WalkthroughStepCount();
// `step` clamped into 0..WalkthroughStepCount()-1.
int ClampWalkthroughStep(int step);
// The scene the step talks about ("Show me" switches to it).
Scene WalkthroughStepScene(int step);
// Whether the step starts its scene as it opens (the quick check's step keeps the answers).
bool WalkthroughStepResets(int step);
// The element the step points at, e.g. "compare.query"; the scene's panel outlines it.
const char* WalkthroughStepHighlight(int step);
// The element outlined now: the one a step, "Show me" or the timeline set; with none set, on the
// walkthrough's own page and paused, its step's (the step's picture shows where to look).
const char* HighlightOf(const LessonState& state);
// The text key of one part of a step: part is "title", "text", "look" or "caption";
// step 0 gives "walkthrough.step1.title".
std::string WalkthroughStepKey(int step, const char* part);

// Goes to `step` (clamped): sets state.walkthrough.step, sets the other scenes to what the step
// needs and state.highlight to the element to look at. The scene on screen is left alone, so the
// walkthrough stays in view; ShowWalkthroughStep switches to the step's scene.
void ApplyWalkthroughStep(LessonState& state, int step);
// Apply the next / previous step; false (state unchanged) at the last / first step.
bool NextWalkthroughStep(LessonState& state);
bool PreviousWalkthroughStep(LessonState& state);
// Applies the current step and switches state.scene to the step's scene.
void ShowWalkthroughStep(LessonState& state);

}  // namespace lesson
