#pragma once
// The narration's cues: what is said, sentence by sentence. A step's narration is its caption
// (walkthrough.stepN.caption); each sentence of it is one cue. The captions' WebVTT file
// (platform/record_native.h), the narration's audio rendered by the build (one file a cue,
// scripts/narration/, docs/narration.md) and an author's recordings are all named and cut by
// this one list, so the captions, the voice and the transcript say the same words.

#include <string>
#include <vector>

#include "lesson/text_store.h"

namespace lesson {

struct Cue {
  int step = 0;      // the walkthrough step, from 1
  int index = 0;     // the sentence within the step, from 1
  std::string id;    // "step03-2": the step's two digits and the index; an audio file's name
  std::string text;  // the sentence, as the caption writes it
};

// `text` cut into sentences: a sentence ends at ". ", "! " or "? " (a decimal point, as in 0.2 or
// 0,2, is followed by a digit, not a space). A piece holding only spaces is no sentence.
std::vector<std::string> CaptionSentences(const std::string& text);

// The cue id of sentence `index` (from 1) of step `step` (from 1): "step03-2".
std::string CueId(int step, int index);

// Every cue of the narration in order: each walkthrough step's caption in `text` cut into sentences.
std::vector<Cue> NarrationCues(const TextStore& text);

// A cue's audio as the build rendered it or an author recorded it (docs/narration.md): the cue's
// id, the words it says and how long it lasts.
struct CueAudio {
  std::string id;
  std::string text;
  double seconds = 0.0;
};

// The longest a cue's audio may last, and the most cues a list may hold.
constexpr double kCueAudioMaxSeconds = 120.0;
constexpr size_t kCueAudioMaxCues = 1000;

// Reads a list of cue audio, one cue a line: "ID<TAB>SECONDS<TAB>TEXT" (the page makes it from the
// narration's cues.json). A line that is not one (a missing field, seconds that are not a number
// from 0 to kCueAudioMaxSeconds) is left out and counted in *refused; so are lines past
// kCueAudioMaxCues. An empty line is no cue.
std::vector<CueAudio> ParseCueAudio(const std::string& lines, int* refused = nullptr);

}  // namespace lesson
