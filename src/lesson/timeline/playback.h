#pragma once
// Playing the timeline (timeline.h): play, pause, seek, the clock, and the learner taking hold of
// a scene. The position, whether it plays and its speed are in the shared state
// (LessonState::walkthrough); what a run keeps besides is in PlaybackRun. Pure: the platform
// passes the time that went by and, on the web, when a step's spoken narration or a cue's audio
// has ended.

#include <string>

#include "lesson/lesson_state.h"
#include "lesson/timeline/timeline.h"

namespace lesson {

// How a step's narration is told.
enum class Narration {
  Captions,  // not spoken (no voice, or natively): each step lasts its captions' own timing
  Speech,    // spoken by the device's voice: a step also lasts until its sentence has been said
  Audio,     // the narration's audio plays: a cue with audio also lasts until its audio has ended
};

// "captions", "speech", "audio": as the playback report names them.
const char* NarrationName(Narration narration);

struct PlaybackRun {
  Narration narration = Narration::Captions;
  int spoken_through = -1;  // Speech: the last step whose sentence has been said
  int heard_through = -1;   // Audio: the last cue (Timeline::cues) whose audio has ended
  // The scenes as the timeline last set them (ScenesOf), to see whether the learner changed them.
  std::string evaluated;
  bool reduced_motion = false;  // moves jump to their end
};

// The parts of the state the timeline sets, as one string: equal strings, equal scenes.
std::string ScenesOf(const LessonState& state);

// Whether the learner changed a scene since the timeline last set it (paused, or playing).
bool PlaybackTakenOver(const LessonState& state, const PlaybackRun& run);

// Plays from the current position: from the start when at the end, and from the start of the
// current step, its state restored, when the learner changed a scene.
void PlaybackPlay(LessonState& state, PlaybackRun& run, const Timeline& timeline);
void PlaybackPause(LessonState& state);
// Play or pause, whichever it is not doing.
void PlaybackToggle(LessonState& state, PlaybackRun& run, const Timeline& timeline);
// Goes to `seconds` (clamped) with the state there; keeps playing if it was.
void PlaybackSeek(LessonState& state, PlaybackRun& run, const Timeline& timeline, double seconds);
// The start of the next / previous step (the previous one from early in a step, else this step's start).
void PlaybackNextStep(LessonState& state, PlaybackRun& run, const Timeline& timeline);
void PlaybackPreviousStep(LessonState& state, PlaybackRun& run, const Timeline& timeline);

// The walkthrough was stepped by hand (or "Show me"): the lesson pauses at the start of the step
// it shows, and the scenes as they are now count as the timeline's (no "you changed the scene").
void PlaybackFollowStep(LessonState& state, PlaybackRun& run, const Timeline& timeline);

// A link (or the page's setState) was applied: the lesson is paused, its position decides the step
// the walkthrough shows (a link written by hand may name another; one with a step and no position
// is at that step's start), and its scenes count as the timeline's.
void PlaybackAfterLink(LessonState& state, PlaybackRun& run, const Timeline& timeline);

// Moves the clock on by `seconds` of real time (times the speed) while playing, and sets the state
// there. A spoken step does not end before its sentence has, and a cue with audio not before its
// audio has (each holds just before its end: a slow download delays the picture rather than part
// it from the voice); the end of the timeline pauses. Returns whether anything on screen changed: with reduced motion,
// only when a step or an action starts; otherwise always while playing.
bool PlaybackAdvance(LessonState& state, PlaybackRun& run, const Timeline& timeline, double seconds);

// The step's sentence has been said (Speech).
void PlaybackSpoken(PlaybackRun& run, int step);
// The audio of the cue with id `id` has ended (Audio). Unknown ids are ignored.
void PlaybackHeard(PlaybackRun& run, const Timeline& timeline, const std::string& id);

// The timeline became `to` (the narration's audio came, or the lesson's words changed): the
// lesson goes on at the same place of the same step, the same share of it (a learner's own
// changes to the scene stay). `from` is the timeline before.
void PlaybackRetime(LessonState& state, PlaybackRun& run, const Timeline& from, const Timeline& to);

// "1:05": seconds as minutes and seconds, rounded down.
std::string PlaybackClock(double seconds);

}  // namespace lesson
