#include "lesson/scenes/walkthrough/walkthrough.h"

#include <algorithm>
#include <cmath>

#include "lesson/lesson_state.h"
#include "lesson/state_url.h"

namespace lesson {

namespace {

// The steps, in the narration's order. Each names the element to look at ("scene.element": the
// scene the step talks about comes first) and what the scene needs for it: nothing (null), the
// scene as it opens (""), or that and the given link parts.
struct Step {
  const char* highlight;
  const char* set_up;
};

const Step kSteps[] = {
    {"compare.keys", ""},              // a question about a paragraph
    {"compare.query", ""},             // queries, keys and values
    {"compare.weights", ""},           // scores and softmax
    {"combine.arithmetic", ""},        // 10 × 0.2 + 20 × 0.8 = 18
    {"caveats.ablation", ""},          // read weights with caution
    {"mask.causal", "mask.causal=1"},  // distant positions; no looking ahead: only the causal mask
    // Only the padding mask: with the causal mask on too, the words could not see the <pad> keys
    // anyway and the padding mask would change nothing visible.
    {"mask.padding", "mask.padding=1"},
    {"learn.weights", ""},  // selective combination, learned: a model learns where to look
};

constexpr int kStepCount = static_cast<int>(sizeof(kSteps) / sizeof(kSteps[0]));

}  // namespace

void ResetWalkthrough(Walkthrough& walkthrough) { walkthrough = Walkthrough{}; }

bool SetPlaybackTime(Walkthrough& walkthrough, double seconds) {
  if (!std::isfinite(seconds)) return false;
  walkthrough.time = std::clamp(seconds, 0.0, kPlaybackTimeMax);
  return true;
}

bool SetPlaybackSpeed(Walkthrough& walkthrough, double speed) {
  if (!std::isfinite(speed)) return false;
  walkthrough.speed = std::clamp(speed, kPlaybackSpeedMin, kPlaybackSpeedMax);
  return true;
}

int WalkthroughStepCount() { return kStepCount; }

int ClampWalkthroughStep(int step) {
  if (step < 0) return 0;
  if (step >= kStepCount) return kStepCount - 1;
  return step;
}

Scene WalkthroughStepScene(int step) {
  const std::string highlight = kSteps[ClampWalkthroughStep(step)].highlight;
  const SceneModule* scene = FindScene(highlight.substr(0, highlight.find('.')));
  return scene ? scene->id : Scene::Walkthrough;
}

bool WalkthroughStepResets(int step) { return kSteps[ClampWalkthroughStep(step)].set_up != nullptr; }

const char* WalkthroughStepHighlight(int step) { return kSteps[ClampWalkthroughStep(step)].highlight; }

const char* HighlightOf(const LessonState& state) {
  if (state.highlight.empty() && state.scene == Scene::Walkthrough && !state.walkthrough.playing) {
    return WalkthroughStepHighlight(state.walkthrough.step);
  }
  return state.highlight.c_str();
}

std::string WalkthroughStepKey(int step, const char* part) {
  return "walkthrough.step" + std::to_string(ClampWalkthroughStep(step) + 1) + "." + part;
}

void ApplyWalkthroughStep(LessonState& state, int step) {
  const int clamped = ClampWalkthroughStep(step);
  state.walkthrough.step = clamped;
  const char* set_up = kSteps[clamped].set_up;
  if (set_up != nullptr) {
    ModuleOf(WalkthroughStepScene(clamped)).reset(state);
    ApplyStateParts(set_up, &state, nullptr);  // each step's parts are checked by the unit tests
  }
  state.highlight = kSteps[clamped].highlight;
}

bool NextWalkthroughStep(LessonState& state) {
  if (state.walkthrough.step >= kStepCount - 1) return false;
  ApplyWalkthroughStep(state, state.walkthrough.step + 1);
  return true;
}

bool PreviousWalkthroughStep(LessonState& state) {
  if (state.walkthrough.step <= 0) return false;
  ApplyWalkthroughStep(state, state.walkthrough.step - 1);
  return true;
}

void ShowWalkthroughStep(LessonState& state) {
  ApplyWalkthroughStep(state, state.walkthrough.step);
  state.scene = WalkthroughStepScene(state.walkthrough.step);
}

}  // namespace lesson
