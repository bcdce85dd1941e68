// The Heads scene's module: its description for the accessible mirror, its number table and its
// URL parameters.
#include <string>
#include <vector>

#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/mirror_words.h"
#include "lesson/scene_params.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

std::vector<std::string> KnockedNames(const HeadsScene& scene) {
  std::vector<std::string> names;
  for (int h = 0; h < kHeadsCount; ++h) {
    if (HeadKnocked(scene, h)) names.push_back(HeadName(h));
  }
  return names;
}

std::string Describe(const LessonState& state) {
  const HeadsScene& scene = state.heads;
  const HeadsRun& run = HeadsRunOf(scene);
  const HeadsPoint& now = HeadsNow(run);
  const int steps = run.training.steps;
  std::string progress;
  if (HeadsCatchingUp(scene) && !scene.training) {
    progress = Fill(T("mirror.heads.catching_up"), {{"target", MirrorCount(scene.steps)}, {"steps", MirrorCount(steps)}});
  } else {
    progress = Fill(T(steps == 0 ? "mirror.heads.untrained" : "mirror.heads.trained"),
                    {{"steps", MirrorCount(steps)}, {"copy", HeadsPercent(now.repeated)}, {"other", HeadsPercent(now.other)}});
  }
  std::vector<std::string> sentences = {progress};
  if (run.formed_at >= 0) sentences.push_back(Fill(T("mirror.heads.formed"), {{"step", MirrorCount(run.formed_at)}}));
  std::vector<std::string> roles;
  const HeadsPoint shown = HeadsShown(scene);
  for (int h = 0; h < kHeadsCount; ++h) {
    const char* role = HeadsRoleOf(shown, h);
    if (std::string(role) != "heads.role_none") roles.push_back(HeadName(h) + ": " + T(role));
  }
  if (!roles.empty()) sentences.push_back(Fill(T("mirror.heads.roles"), {{"roles", MirrorList(roles)}}));
  if (scene.training) sentences.push_back(T("mirror.heads.training"));
  const bool settled = !HeadsBusy(scene);
  if (settled && scene.knocked != 0) {
    const HeadsTest& test = HeadsTestOf(scene);
    sentences.push_back(Fill(T("mirror.heads.knocked"), {{"heads", MirrorList(KnockedNames(scene))},
                                                         {"copy", HeadsPercent(test.measures.repeated)},
                                                         {"intact", HeadsPercent(now.repeated)}}));
  }
  if (settled && steps > 0) {
    const heads::KnockoutEffects& effects = HeadsEffectsOf(scene);
    sentences.push_back(HeadsReadingText(HeadsReadingOf(now, effects), now, effects));
  }
  return MirrorSentences(sentences);
}

MirrorTable Table(const LessonState& state) {
  const HeadsScene& scene = state.heads;
  const HeadsRun& run = HeadsRunOf(scene);
  const HeadsPoint& now = HeadsNow(run);
  const bool settled = !HeadsBusy(scene);
  MirrorTable table;
  table.caption = Fill(T("mirror.heads.caption"), {{"steps", MirrorCount(run.training.steps)},
                                                   {"copy", HeadsPercent(now.repeated)}});
  table.columns = {T("mirror.col.head"), T("mirror.col.looks_at"), T("mirror.col.previous_score"),
                   T("mirror.col.duplicate_score"), T("mirror.col.induction_score"), T("mirror.col.copy_without")};
  for (int h = 0; h < kHeadsCount; ++h) {
    std::string without = T("mirror.heads.while_training");
    if (settled) without = HeadsPercent(HeadsEffectsOf(scene).head[h / kHeadsPerLayer][h % kHeadsPerLayer]);
    table.rows.push_back({HeadName(h), T(HeadsRoleOf(now, h)), MirrorNumber(now.previous[h]),
                          MirrorNumber(now.duplicate[h]), MirrorNumber(now.induction[h]), without});
  }
  return table;
}

void Reset(LessonState& state) { ResetHeadsScene(state.heads); }

bool Busy(const LessonState& state) { return HeadsBusy(state.heads); }
bool Advance(LessonState& state, double seconds) { return AdvanceHeadsTraining(state.heads, seconds); }

std::vector<Param> Params() {
  return {
      {"heads.seed", ParamForm::Index, 1, kHeadsSeedMax, 0,
       [](const LessonState& s, int, ParamValue* v) {
         v->index = s.heads.seed;
         return true;
       },
       [](LessonState& s, int, const ParamValue& v, std::string*) { return SetHeadsSeed(s.heads, v.index); }},
      CountParam<&LessonState::heads, &HeadsScene::steps, SetHeadsSteps>("heads.steps", 0, kHeadsMaxSteps),
      {"heads.off", ParamForm::Indices, 1, kHeadsCount, 0,
       [](const LessonState& s, int, ParamValue* v) {
         for (int h = 0; h < kHeadsCount; ++h) {
           if (HeadKnocked(s.heads, h)) v->indices.push_back(h + 1);
         }
         return true;
       },
       [](LessonState& s, int, const ParamValue& v, std::string*) {
         s.heads.knocked = 0;
         for (int head : v.indices) SetHeadKnocked(s.heads, head - 1, true);
         return true;
       }},
      FlagParam<&LessonState::heads, &HeadsScene::numbers_open>("heads.numbers"),
      FlagParam<&LessonState::heads, &HeadsScene::options_open>("heads.options"),
  };
}

}  // namespace

const SceneModule kHeadsModule = {
    Scene::Heads, "heads", "widget.scene.heads", Reset, Describe, Table, Params, Busy, Advance};

}  // namespace lesson
