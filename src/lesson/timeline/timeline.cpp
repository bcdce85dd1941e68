#include "lesson/timeline/timeline.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "lesson/scenes/walkthrough/walkthrough.h"
#include "lesson/state_url.h"

namespace lesson {

namespace {

std::string Trim(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\n") - first + 1);
}

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  size_t at = 0;
  while ((at = text.find_first_not_of(" \t\n", at)) != std::string::npos) {
    const size_t end = text.find_first_of(" \t\n", at);
    words.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
    at = end;
  }
  return words;
}

// Seconds as an author writes them: "2", "0.5"; false for anything else or out of range.
bool ParseSeconds(const std::string& text, double* seconds) {
  if (text.empty() || text.size() > 12 || text.find_first_not_of("0123456789.") != std::string::npos) return false;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(value) || value > kTimelineActionMaxSeconds) return false;
  *seconds = value;
  return true;
}

bool ParseAction(const std::string& text, TimelineAction* action, std::string* why) {
  const std::vector<std::string> words = Words(text);
  if (words.size() != 4 || words[0] != "at") {
    *why = "expected 'at SECONDS NAME VALUE' or 'at FROM-TO NAME VALUE'";
    return false;
  }
  const std::string& when = words[1];
  const size_t dash = when.find('-');
  if (!ParseSeconds(when.substr(0, dash), &action->start) ||
      (dash != std::string::npos && !ParseSeconds(when.substr(dash + 1), &action->end))) {
    *why = "'" + when.substr(0, 20) + "' is not a time: write seconds, as 2 or 0.5, or a span, as 1-4";
    return false;
  }
  if (dash == std::string::npos) action->end = action->start;
  if (action->end < action->start) {
    *why = "the span " + when + " ends before it starts";
    return false;
  }
  const std::string& name = words[2];
  const std::string& value = words[3];
  if (name == "look") {
    const SceneModule* scene = FindScene(value.substr(0, value.find('.')));
    if (scene == nullptr || value.find('.') == std::string::npos) {
      *why = "look needs SCENE.ELEMENT, with a scene of " + SceneNameList();
      return false;
    }
    action->look = value;
    return true;
  }
  action->param = FindParam(name);
  if (action->param == nullptr) {
    *why = "'" + name.substr(0, 40) + "' is not a scene parameter (the link's names, as compare.query)";
    return false;
  }
  const Scene scene = FindScene(name.substr(0, name.find('.')))->id;
  if (scene == Scene::Walkthrough || scene == Scene::Quiz) {
    *why = name + ": the timeline changes neither the walkthrough's settings nor the learner's answers";
    return false;
  }
  // "none": an empty list or text, which a line of words cannot otherwise write.
  const ParamForm listed = action->param->form;
  const bool none = value == "none" && (listed == ParamForm::Indices || listed == ParamForm::Cells ||
                                        listed == ParamForm::Text);
  std::string refused;
  if (!ParseParamValue(*action->param, none ? "" : value, &action->value, &refused)) {
    *why = name + ": " + refused;
    return false;
  }
  const ParamForm form = action->param->form;
  if (action->end > action->start && form != ParamForm::Number && form != ParamForm::Pair && form != ParamForm::Index) {
    *why = name + " cannot move over a span: only numbers, pairs and counts move, other values are set at one time";
    return false;
  }
  return true;
}

// Eased progress of a move: slow out, slow in.
double Ease(double f) { return f * f * (3.0 - 2.0 * f); }

void ApplyAction(const TimelineAction& action, double local, bool reduced_motion, LessonState* state) {
  if (!action.look.empty()) {
    state->highlight = action.look;
    return;
  }
  const Param& param = *action.param;
  ParamValue value = action.value;
  if (action.end > action.start && !reduced_motion && local < action.end) {
    ParamValue from;
    if (param.get(*state, param.item, &from)) {
      const double f = Ease((local - action.start) / (action.end - action.start));
      value.x = from.x + f * (action.value.x - from.x);
      value.y = from.y + f * (action.value.y - from.y);
      value.index = from.index + static_cast<int>(std::lround(f * (action.value.index - from.index)));
    }
  }
  std::string ignored;
  param.set(*state, param.item, value, &ignored);  // parsed and range-checked when the timeline was built
}

bool Contains(const std::vector<Scene>& scenes, Scene scene) {
  return std::find(scenes.begin(), scenes.end(), scene) != scenes.end();
}

}  // namespace

bool ParseTimelineActions(const std::string& text, std::vector<TimelineAction>* actions, std::string* why) {
  std::vector<TimelineAction> parsed;
  size_t at = 0;
  int number = 0;
  while (at <= text.size()) {
    const size_t end = std::min(text.find(';', at), text.size());
    const std::string part = Trim(text.substr(at, end - at));
    at = end + 1;
    if (part.empty()) continue;
    ++number;
    TimelineAction action;
    std::string reason;
    if (!ParseAction(part, &action, &reason)) {
      if (why) *why = "action " + std::to_string(number) + " ('" + part.substr(0, 60) + "'): " + reason;
      return false;
    }
    parsed.push_back(action);
  }
  // In order of start, those that start together as written (a handful: an insertion sort).
  for (size_t i = 1; i < parsed.size(); ++i) {
    for (size_t j = i; j > 0 && parsed[j].start < parsed[j - 1].start; --j) std::swap(parsed[j], parsed[j - 1]);
  }
  *actions = std::move(parsed);
  return true;
}

namespace {

// The audio of `cue` in `audio`: the same id and the same words; null when there is none.
const CueAudio* AudioOf(const Cue& cue, const std::vector<CueAudio>* audio) {
  if (audio == nullptr) return nullptr;
  for (const CueAudio& entry : *audio) {
    if (entry.id == cue.id) return entry.text == cue.text ? &entry : nullptr;
  }
  return nullptr;
}

// Step `entry`'s sentences, timed from its start: one after another by their audio when each has
// some, else sharing its narration by their words. Sets entry->narration and entry->audio.
void TimeCues(std::vector<Cue> cues, const std::vector<CueAudio>* audio, TimelineStep* entry,
              std::vector<TimelineCue>* timed) {
  std::vector<const CueAudio*> heard;
  for (const Cue& cue : cues) heard.push_back(AudioOf(cue, audio));
  entry->audio = !cues.empty() && std::find(heard.begin(), heard.end(), nullptr) == heard.end();
  size_t words = 0;
  for (const Cue& cue : cues) words += Words(cue.text).size();
  if (!entry->audio) entry->narration = static_cast<double>(words) / kNarrationWordsPerSecond;
  double at = entry->start;
  size_t said = 0;
  for (size_t i = 0; i < cues.size(); ++i) {
    TimelineCue cue{std::move(cues[i]), at, at, entry->audio};
    if (entry->audio) {
      cue.end = at + heard[i]->seconds;
      at = cue.end + (i + 1 < heard.size() ? kCueGapSeconds : 0.0);
    } else {
      said += Words(cue.cue.text).size();
      cue.end = entry->start + entry->narration * static_cast<double>(said) / static_cast<double>(std::max<size_t>(1, words));
      at = cue.end;
    }
    timed->push_back(std::move(cue));
  }
  if (entry->audio) entry->narration = at - entry->start;
}

}  // namespace

Timeline BuildTimeline(const TextStore& text, const TextStore* builtin, const std::vector<CueAudio>* audio) {
  Timeline timeline;
  // A widget without the walkthrough (the Heads widget) plays no lesson: its scene set has none of
  // the scenes the steps' actions name, so they are neither read nor checked.
  if (!IsRegistered(Scene::Walkthrough)) return timeline;
  const std::vector<Cue> cues = NarrationCues(text);
  double start = 0.0;
  for (int step = 0; step < WalkthroughStepCount(); ++step) {
    TimelineStep entry;
    entry.start = start;
    std::vector<Cue> said;
    for (const Cue& cue : cues) {
      if (cue.step == step + 1) said.push_back(cue);
    }
    TimeCues(std::move(said), audio, &entry, &timeline.cues);
    const std::string key = WalkthroughStepKey(step, "play");
    std::string why;
    if (text.Has(key) && !ParseTimelineActions(text.Get(key), &entry.actions, &why)) {
      const std::string where = text.Where(key);
      const size_t colon = where.rfind(':');
      timeline.errors.push_back(TextError{where.substr(0, colon), std::atoi(where.c_str() + colon + 1),
                                          key + ", " + why +
                                              (builtin ? " (the built-in actions play instead)" : " (no actions play)")});
      if (!builtin || !ParseTimelineActions(builtin->Get(key), &entry.actions, nullptr)) entry.actions.clear();
    }
    double last = entry.narration;
    for (const TimelineAction& action : entry.actions) last = std::max(last, action.end);
    entry.duration = last + kStepPauseSeconds;
    start += entry.duration;
    if (WalkthroughStepResets(step) && !Contains(timeline.scenes, WalkthroughStepScene(step))) {
      timeline.scenes.push_back(WalkthroughStepScene(step));
    }
    for (const TimelineAction& action : entry.actions) {
      if (action.param == nullptr) continue;
      const Scene scene = FindScene(action.param->name.substr(0, action.param->name.find('.')))->id;
      if (!Contains(timeline.scenes, scene)) timeline.scenes.push_back(scene);
    }
    timeline.steps.push_back(std::move(entry));
  }
  timeline.duration = start;
  return timeline;
}

namespace {

std::vector<CueAudio>& TheAudio() {
  static std::vector<CueAudio> audio;
  return audio;
}

Timeline& TheTimeline() {
  static Timeline timeline = BuildTimeline(LessonText());
  return timeline;
}

}  // namespace

const Timeline& LessonTimeline() { return TheTimeline(); }

void RebuildLessonTimeline(const TextStore* builtin) {
  TheTimeline() = BuildTimeline(LessonText(), builtin, TheAudio().empty() ? nullptr : &TheAudio());
}

void SetLessonNarrationAudio(std::vector<CueAudio> audio) { TheAudio() = std::move(audio); }

int TimelineAudioCues(const Timeline& timeline) {
  return static_cast<int>(std::count_if(timeline.cues.begin(), timeline.cues.end(),
                                        [](const TimelineCue& cue) { return cue.audio; }));
}

int TimelineCueAt(const Timeline& timeline, double t) {
  for (size_t i = 0; i < timeline.cues.size(); ++i) {
    if (t >= timeline.cues[i].start && t < timeline.cues[i].end) return static_cast<int>(i);
  }
  return -1;
}

int TimelineCuesEndedBy(const Timeline& timeline, double t) {
  return static_cast<int>(std::count_if(timeline.cues.begin(), timeline.cues.end(),
                                        [t](const TimelineCue& cue) { return cue.end <= t; }));
}

int TimelineStepAt(const Timeline& timeline, double t) {
  int step = 0;
  for (int i = 1; i < static_cast<int>(timeline.steps.size()); ++i) {
    // A link writes seconds with 6 decimals: a step's start read back from one may fall a little
    // short of it, and still means that step.
    if (t >= timeline.steps[static_cast<size_t>(i)].start - kTimelineTimeTolerance) step = i;
  }
  return step;
}

double TimelineStepStart(const Timeline& timeline, int step) {
  if (timeline.steps.empty()) return 0.0;
  return timeline.steps[static_cast<size_t>(std::clamp(step, 0, static_cast<int>(timeline.steps.size()) - 1))].start;
}

double TimelineStepEnd(const Timeline& timeline, int step) {
  if (timeline.steps.empty()) return 0.0;
  const TimelineStep& entry =
      timeline.steps[static_cast<size_t>(std::clamp(step, 0, static_cast<int>(timeline.steps.size()) - 1))];
  return entry.start + entry.duration;
}

void EvaluateTimeline(const Timeline& timeline, double t, bool reduced_motion, LessonState* state) {
  const double time = std::isfinite(t) ? std::clamp(t, 0.0, timeline.duration) : 0.0;
  const int current = TimelineStepAt(timeline, time);
  for (const Scene scene : timeline.scenes) ModuleOf(scene).reset(*state);
  for (int step = 0; step <= current && step < static_cast<int>(timeline.steps.size()); ++step) {
    const TimelineStep& entry = timeline.steps[static_cast<size_t>(step)];
    ApplyWalkthroughStep(*state, step);
    const double local =
        step < current ? std::numeric_limits<double>::infinity() : std::max(0.0, time - entry.start);
    for (const TimelineAction& action : entry.actions) {
      if (action.start > local) break;
      ApplyAction(action, local, reduced_motion, state);
    }
  }
  state->scene = WalkthroughStepScene(current);
  state->walkthrough.time = time;
}

double NextTimelineChange(const Timeline& timeline, double t) {
  double next = timeline.duration;
  for (const TimelineStep& entry : timeline.steps) {
    if (entry.start > t) next = std::min(next, entry.start);
    for (const TimelineAction& action : entry.actions) {
      if (entry.start + action.start > t) next = std::min(next, entry.start + action.start);
    }
  }
  return next;
}

}  // namespace lesson
