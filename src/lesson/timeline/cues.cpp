#include "lesson/timeline/cues.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "lesson/scenes/walkthrough/walkthrough.h"

namespace lesson {

std::vector<std::string> CaptionSentences(const std::string& text) {
  std::vector<std::string> sentences;
  const auto add = [&sentences](std::string sentence) {
    if (sentence.find_first_not_of(" \t\n") != std::string::npos) sentences.push_back(std::move(sentence));
  };
  size_t start = 0;
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    if ((text[i] == '.' || text[i] == '!' || text[i] == '?') && text[i + 1] == ' ') {
      add(text.substr(start, i + 1 - start));
      start = i + 2;
    }
  }
  if (start < text.size()) add(text.substr(start));
  return sentences;
}

std::string CueId(int step, int index) {
  char id[32];
  std::snprintf(id, sizeof id, "step%02d-%d", step, index);
  return id;
}

std::vector<Cue> NarrationCues(const TextStore& text) {
  std::vector<Cue> cues;
  for (int step = 0; step < WalkthroughStepCount(); ++step) {
    const int number = step + 1;
    int index = 0;
    for (std::string& sentence : CaptionSentences(text.Get(WalkthroughStepKey(step, "caption")))) {
      ++index;
      cues.push_back(Cue{number, index, CueId(number, index), std::move(sentence)});
    }
  }
  return cues;
}

std::vector<CueAudio> ParseCueAudio(const std::string& lines, int* refused) {
  std::vector<CueAudio> cues;
  int bad = 0;
  size_t at = 0;
  while (at < lines.size()) {
    size_t end = lines.find('\n', at);
    if (end == std::string::npos) end = lines.size();
    std::string line = lines.substr(at, end - at);
    at = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const size_t first = line.find('\t');
    const size_t second = first == std::string::npos ? std::string::npos : line.find('\t', first + 1);
    CueAudio cue;
    bool good = second != std::string::npos && first > 0 && cues.size() < kCueAudioMaxCues;
    if (good) {
      const std::string seconds = line.substr(first + 1, second - first - 1);
      char* stop = nullptr;
      cue.seconds = std::strtod(seconds.c_str(), &stop);
      good = !seconds.empty() && stop == seconds.c_str() + seconds.size() && std::isfinite(cue.seconds) &&
             cue.seconds > 0.0 && cue.seconds <= kCueAudioMaxSeconds;
    }
    if (!good) {
      ++bad;
      continue;
    }
    cue.id = line.substr(0, first);
    cue.text = line.substr(second + 1);
    cues.push_back(std::move(cue));
  }
  if (refused) *refused = bad;
  return cues;
}

}  // namespace lesson
