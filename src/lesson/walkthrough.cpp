#include "lesson/walkthrough.h"

#include "lesson/lesson_state.h"

namespace lesson {

namespace {

// [SECTION] What each step sets up in the other scenes

void SetUpNothing(LessonState&) {}

// The Compare scene as it opens: the query and keys where the lesson starts them.
void SetUpCompare(LessonState& state) { ResetCompareScene(state.compare); }

// The worked example exactly as the narration tells it: 10 and 20 with weights 0.2 and 0.8.
void SetUpWorkedExample(LessonState& state) { ResetWorkedExample(state.worked_example); }

// Only the causal mask, so the learner sees the future cells disappear and nothing else.
void SetUpCausalMask(LessonState& state) {
  ResetMaskScene(state.mask);
  SetCausal(state.mask, true);
}

// Only the padding mask: with the causal mask on too, the words could not see the <pad> keys
// anyway and the padding mask would change nothing visible.
void SetUpPaddingMask(LessonState& state) {
  ResetMaskScene(state.mask);
  SetPadding(state.mask, true);
}

void SetUpCaveats(LessonState& state) { ResetCaveatsScene(state.caveats); }

// [SECTION] The steps, in the narration's order

struct Step {
  Scene scene;                   // the scene the step talks about
  const char* highlight;         // element to look at in that scene
  void (*set_up)(LessonState&);  // what the other scenes need for it
};

const Step kSteps[] = {
    {Scene::Compare, "compare.keys", SetUpCompare},             // a question about a paragraph
    {Scene::Compare, "compare.query", SetUpCompare},            // queries, keys and values
    {Scene::Compare, "compare.weights", SetUpCompare},          // scores and softmax
    {Scene::Combine, "combine.arithmetic", SetUpWorkedExample}, // 10 × 0.2 + 20 × 0.8 = 18
    {Scene::Mask, "mask.causal", SetUpCausalMask},              // no looking ahead
    {Scene::Mask, "mask.padding", SetUpPaddingMask},            // padding in a batch
    {Scene::Caveats, "caveats.ablation", SetUpCaveats},         // read weights with caution
    {Scene::Quiz, "quiz.question1", SetUpNothing},              // selective combination
};

constexpr int kStepCount = static_cast<int>(sizeof(kSteps) / sizeof(kSteps[0]));

}  // namespace

void ResetWalkthrough(Walkthrough& walkthrough) { walkthrough = Walkthrough{}; }

int WalkthroughStepCount() { return kStepCount; }

int ClampWalkthroughStep(int step) {
  if (step < 0) return 0;
  if (step >= kStepCount) return kStepCount - 1;
  return step;
}

Scene WalkthroughStepScene(int step) { return kSteps[ClampWalkthroughStep(step)].scene; }

const char* WalkthroughStepHighlight(int step) { return kSteps[ClampWalkthroughStep(step)].highlight; }

std::string WalkthroughStepKey(int step, const char* part) {
  return "walkthrough.step" + std::to_string(ClampWalkthroughStep(step) + 1) + "." + part;
}

void ApplyWalkthroughStep(LessonState& state, int step) {
  const int clamped = ClampWalkthroughStep(step);
  state.walkthrough.step = clamped;
  kSteps[clamped].set_up(state);
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
