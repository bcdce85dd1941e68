// The Compare scene's module: its description for the accessible mirror, its number table and
// its URL parameters.
#include <algorithm>
#include <cmath>

#include "lesson/lesson_state.h"
#include "lesson/mirror_words.h"
#include "lesson/scene_params.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

std::string KeyName(int key) { return T("compare.key" + std::to_string(key)); }

bool Usable(const CompareResult& result) {
  if (!result.ok || !std::isfinite(result.combination.output)) return false;
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const size_t k = static_cast<size_t>(i);
    if (!std::isfinite(result.dot_products[k]) || !std::isfinite(result.scores[k]) ||
        !std::isfinite(result.weights[k])) {
      return false;
    }
  }
  return true;
}

// What "Why divide by √d_k?" shows, while it is open.
std::string DescribeScalingDemo(const CompareScene& scene) {
  if (!scene.scaling_demo_open) return "";
  const ScalingDemo demo = ComputeScalingDemo(scene.scaling_demo_dimension);
  if (!demo.ok) return "";
  return Fill(T("mirror.compare.scaling_demo"),
              {{"dk", MirrorCount(demo.dimension)},
               {"raw", FormatScalingDemoNumber(demo.raw.largest_weight)},
               {"scaled", FormatScalingDemoNumber(demo.scaled.largest_weight)},
               {"spread", MirrorNumber(demo.spread)},
               {"scaled_spread", MirrorNumber(demo.scaled_spread)},
               {"raw_gradient", FormatScalingDemoNumber(demo.raw.largest_gradient)},
               {"scaled_gradient", FormatScalingDemoNumber(demo.scaled.largest_gradient)}});
}

// While the learner predicts, the mirror holds back what the picture holds back.
bool Asking(const LessonState& state) { return lesson::Asking(state, Question::CompareStrongest); }

std::string Describe(const LessonState& state) {
  const CompareScene& scene = state.compare;
  const CompareResult result = ComputeCompare(scene);
  if (!Usable(result)) return T("mirror.compare.invalid");
  if (Asking(state)) return MirrorSentences({DescribeAsking(state, Question::CompareStrongest), DescribeScalingDemo(scene)});

  // Keys whose weight reads the same as the largest share it: that is what the learner sees.
  const double top = *std::max_element(result.weights.begin(), result.weights.end());
  const std::string top_text = MirrorNumber(top);
  std::vector<std::string> top_keys;
  std::vector<std::string> weights;
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const std::string weight = MirrorNumber(result.weights[static_cast<size_t>(i)]);
    if (weight == top_text) top_keys.push_back(MirrorQuoted(KeyName(i)));
    weights.push_back(KeyName(i) + " " + weight);
  }
  std::string most;
  if (top_keys.size() == static_cast<size_t>(kCompareKeyCount)) {
    most = Fill(T("mirror.compare.equal"), {{"weight", top_text}});
  } else if (top_keys.size() > 1) {
    most = Fill(T("mirror.compare.tie"), {{"weight", top_text}, {"keys", MirrorList(top_keys)}});
  } else {
    most = Fill(T("mirror.compare.most"), {{"weight", top_text}, {"key", KeyName(result.strongest)}});
  }
  // The next question asks what a query twice as long will do: the picture shows everything meanwhile.
  const bool longer = lesson::Asking(state, Question::CompareLonger);
  return MirrorSentences({most, Fill(T("mirror.compare.weights"), {{"weights", MirrorList(weights)}}),
                          Fill(T("mirror.compare.output"), {{"output", MirrorNumber(result.combination.output)},
                                                            {"scaling", MirrorOnOff(scene.scaled)},
                                                            {"temperature", MirrorNumber(scene.temperature)}}),
                          longer ? DescribeAsking(state, Question::CompareLonger) : "", DescribeScalingDemo(scene)});
}

MirrorTable Table(const LessonState& state) {
  const CompareScene& scene = state.compare;
  const CompareResult result = ComputeCompare(scene);
  const bool usable = Usable(result) && !Asking(state);
  MirrorTable table;
  table.columns = {T("mirror.col.key"),   T("mirror.col.position"), T("mirror.col.dot"),
                   T("mirror.col.score"), T("mirror.col.weight"),   T("mirror.col.value")};
  table.caption = Asking(state) ? T("mirror.compare.caption_asking")
                 : usable ? Fill(T("mirror.compare.caption"), {{"output", MirrorNumber(result.combination.output)},
                                                              {"query", FormatPoint(scene.query)}})
                         : T("mirror.compare.caption_invalid");
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const size_t k = static_cast<size_t>(i);
    const CompareKey& key = scene.keys[k];
    const bool point_ok = std::isfinite(key.position.x) && std::isfinite(key.position.y);
    const std::string none = T(Asking(state) ? "mirror.predict.hidden" : "mirror.not_valid");
    table.rows.push_back({KeyName(i), point_ok ? FormatPoint(key.position) : none,
                          usable ? MirrorNumber(result.dot_products[k]) : none,
                          usable ? MirrorNumber(result.scores[k]) : none,
                          usable ? MirrorNumber(result.weights[k]) : none, MirrorNumber(key.value)});
  }
  return table;
}

void Reset(LessonState& state) { ResetCompareScene(state.compare); }

// [SECTION] URL parameters

bool GetPoint(PlanePoint p, ParamValue* value) {
  value->x = p.x;
  value->y = p.y;
  return std::isfinite(p.x) && std::isfinite(p.y);
}

std::vector<Param> Params() {
  std::vector<Param> params;
  params.push_back({"compare.query", ParamForm::Pair, -kComparePlaneLimit, kComparePlaneLimit, 0,
                    [](const LessonState& s, int, ParamValue* v) { return GetPoint(s.compare.query, v); },
                    [](LessonState& s, int, const ParamValue& v, std::string*) {
                      return SetQuery(s.compare, PlanePoint{v.x, v.y});
                    }});
  for (int i = 0; i < kCompareKeyCount; ++i) {
    params.push_back({"compare.key" + std::to_string(i + 1), ParamForm::Pair, -kComparePlaneLimit, kComparePlaneLimit,
                      i,
                      [](const LessonState& s, int key, ParamValue* v) {
                        return GetPoint(s.compare.keys[static_cast<size_t>(key)].position, v);
                      },
                      [](LessonState& s, int key, const ParamValue& v, std::string*) {
                        return SetKeyPosition(s.compare, key, PlanePoint{v.x, v.y});
                      }});
  }
  params.push_back(FlagParam<&LessonState::compare, &CompareScene::scaled>("compare.scaled"));
  params.push_back(NumberParam<&LessonState::compare, &CompareScene::temperature, SetTemperature>(
      "compare.temperature", kCompareTemperatureMin, kCompareTemperatureMax));
  params.push_back(FlagParam<&LessonState::compare, &CompareScene::numbers_open>("compare.numbers"));
  params.push_back(FlagParam<&LessonState::compare, &CompareScene::scaling_demo_open>("compare.scaling_demo"));
  params.push_back(NumberParam<&LessonState::compare, &CompareScene::scaling_demo_dimension, SetScalingDemoDimension>(
      "compare.scaling_demo_dk", kScalingDemoMinDimension, kScalingDemoMaxDimension));
  params.push_back(PredictionParam(Question::CompareStrongest));
  params.push_back(PredictionParam(Question::CompareLonger));
  return params;
}

}  // namespace

const SceneModule kCompareModule = {
    Scene::Compare, "compare", "widget.scene.compare", Reset, Describe, Table, Params, nullptr, nullptr};

}  // namespace lesson
