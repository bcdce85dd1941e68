#pragma once
// The narration's cues: what is said, sentence by sentence. A step's narration is its caption
// (walkthrough.stepN.caption); each sentence of it is one cue. The captions' WebVTT file
// (platform/record_native.h), the narration's audio rendered by the build (one file a cue,
// scripts/narration/, docs/narration.md) and an author's recordings are all named and cut by
// this one list, so the captions, the voice and the transcript say the same words.

#include <string>
#include <vector>

#include "lesson/text_store.h"
#include "lesson/timeline/timeline.h"

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

// Every cue of the narration in order: for each step of `timeline`, its caption in `text` cut
// into sentences.
std::vector<Cue> NarrationCues(const Timeline& timeline, const TextStore& text);

}  // namespace lesson
