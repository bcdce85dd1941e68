// The Walkthrough scene's module: its description for the accessible mirror, its step table and
// its URL parameters.
#include "lesson/lesson_state.h"
#include "lesson/mirror_words.h"
#include "lesson/scene_params.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

std::string Describe(const LessonState& state) {
  const int step = ClampWalkthroughStep(state.walkthrough.step);
  return Fill(T("mirror.walkthrough"), {{"step", MirrorCount(step + 1)},
                                        {"count", MirrorCount(WalkthroughStepCount())},
                                        {"title", T(WalkthroughStepKey(step, "title"))}});
}

MirrorTable Table(const LessonState& state) {
  const int current = ClampWalkthroughStep(state.walkthrough.step);
  MirrorTable table;
  table.caption = Fill(T("mirror.walkthrough.caption"),
                       {{"step", MirrorCount(current + 1)}, {"count", MirrorCount(WalkthroughStepCount())}});
  table.columns = {T("mirror.col.step"), T("mirror.col.title"), T("mirror.col.scene"), T("mirror.col.on_screen")};
  for (int step = 0; step < WalkthroughStepCount(); ++step) {
    table.rows.push_back({MirrorCount(step + 1), T(WalkthroughStepKey(step, "title")),
                          T(ModuleOf(WalkthroughStepScene(step)).label_key), MirrorYesNo(step == current)});
  }
  return table;
}

void Reset(LessonState& state) { ResetWalkthrough(state.walkthrough); }

std::vector<Param> Params() {
  return {
      {"walkthrough.step", ParamForm::Index, 1, static_cast<double>(WalkthroughStepCount()), 0,
       [](const LessonState& s, int, ParamValue* v) {
         v->index = ClampWalkthroughStep(s.walkthrough.step) + 1;
         return true;
       },
       [](LessonState& s, int, const ParamValue& v, std::string*) {
         // Only the step and what it points at: its set-up would overwrite the other scenes' parts.
         s.walkthrough.step = v.index - 1;
         s.highlight = WalkthroughStepHighlight(v.index - 1);
         return true;
       }},
      FlagParam<&LessonState::walkthrough, &Walkthrough::captions>("walkthrough.captions"),
      NumberParam<&LessonState::walkthrough, &Walkthrough::time, SetPlaybackTime>("walkthrough.time", 0.0,
                                                                                   kPlaybackTimeMax),
      NumberParam<&LessonState::walkthrough, &Walkthrough::speed, SetPlaybackSpeed>(
          "walkthrough.speed", kPlaybackSpeedMin, kPlaybackSpeedMax),
  };
}

}  // namespace

const SceneModule kWalkthroughModule = {
    Scene::Walkthrough, "walkthrough", "widget.scene.walkthrough", Reset, Describe, Table, Params, nullptr, nullptr};

}  // namespace lesson
