#pragma once
// Frames written to files, natively only (the web build links no PNG writer): --screenshot's PNG,
// and attention_lesson --record DIR, the lesson played from its start, rendered frame by frame at
// a fixed frame rate (its clock moves 1/fps per frame, however long a frame takes, so two
// recordings are the same), written as DIR/frame-000001.png ... and DIR/captions.vtt, the
// narration as WebVTT cues timed to the frames (a sentence a cue). scripts/render-video makes an
// MP4 of them with the captions as a subtitle track.

#include <string>

#include "lesson/timeline/timeline.h"

namespace platform {

struct App;

// Writes the frame just drawn to app.options.screenshot_path as PNG (--screenshot).
void SaveScreenshot(App& app);

// Plays the lesson into app.options.record_dir and quits; returns the exit code.
int RunRecording(App& app);

// The captions of `timeline` as a WebVTT file: one cue per narration cue (a sentence of a step's
// caption, lesson/timeline/cues.h), named by its id ("step03-2": its audio's name) and timed as
// the timeline says it (by its audio, or by its share of the step's words).
std::string TimelineWebVtt(const lesson::Timeline& timeline);

}  // namespace platform
