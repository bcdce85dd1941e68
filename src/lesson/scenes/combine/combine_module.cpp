// The Combine scene's module: its description for the accessible mirror, its number table and
// its URL parameters.
#include <cmath>

#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/mirror_words.h"
#include "lesson/scene_params.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

constexpr const char* kMinus = "\xE2\x88\x92";  // U+2212, read "minus" by screen readers

bool Usable(const CombineScene& scene, const attention::Combination& combination) {
  return std::isfinite(scene.first_value) && std::isfinite(scene.second_value) && std::isfinite(scene.first_weight) &&
         std::isfinite(scene.second_weight) && std::isfinite(combination.output) && !combination.empty;
}

// The products added up, output first: the "2 + 16" of "18 = 2 + 16"; a negative product is
// subtracted ("2 − 8").
std::string ProductsText(const attention::Combination& combination) {
  std::string out;
  for (size_t t = 0; t < combination.terms.size(); ++t) {
    const double product = combination.terms[t].product;
    if (!std::isfinite(product)) return T("mirror.not_valid");
    const std::string magnitude = lesson::Num(std::fabs(product));
    const bool negative = product < 0.0 && magnitude != "0";
    if (t == 0) {
      out += (negative ? kMinus : "") + magnitude;
    } else {
      out += (negative ? std::string(" ") + kMinus + " " : std::string(" + ")) + magnitude;
    }
  }
  return out;
}

// While the learner predicts the output, the mirror holds it back as the picture does.
bool Asking(const LessonState& state) { return lesson::Asking(state, Question::CombineOutput); }

std::string Describe(const LessonState& state) {
  const CombineScene& scene = state.combine;
  const attention::Combination combination = ComputeCombine(scene);
  if (!Usable(scene, combination)) return T("mirror.combine.invalid");
  if (Asking(state)) {
    return MirrorSentences({Fill(T("mirror.combine.asking"), {{"first_weight", MirrorNumber(scene.first_weight)},
                                                               {"second_weight", MirrorNumber(scene.second_weight)},
                                                               {"first", MirrorNumber(scene.first_value)},
                                                               {"second", MirrorNumber(scene.second_value)}}),
                            DescribeAsking(state, Question::CombineOutput)});
  }
  return Fill(T("mirror.combine"), {{"first_weight", MirrorNumber(scene.first_weight)},
                                    {"second_weight", MirrorNumber(scene.second_weight)},
                                    {"first", MirrorNumber(scene.first_value)},
                                    {"second", MirrorNumber(scene.second_value)},
                                    {"output", MirrorNumber(combination.output)},
                                    {"products", ProductsText(combination)}});
}

MirrorTable Table(const LessonState& state) {
  const CombineScene& scene = state.combine;
  const attention::Combination combination = ComputeCombine(scene);
  MirrorTable table;
  table.columns = {T("mirror.col.value"), T("mirror.col.weight"), T("mirror.col.product")};
  table.caption = Asking(state) ? T("mirror.combine.caption_asking")
                  : Usable(scene, combination)
                      ? Fill(T("mirror.combine.caption"), {{"output", MirrorNumber(combination.output)}})
                      : T("mirror.combine.caption_invalid");
  const double values[2] = {scene.first_value, scene.second_value};
  const double weights[2] = {scene.first_weight, scene.second_weight};
  for (int i = 0; i < 2; ++i) {
    table.rows.push_back({MirrorNumber(values[i]), MirrorNumber(weights[i]),
                          Asking(state) ? T("mirror.predict.hidden") : MirrorNumber(values[i] * weights[i])});
  }
  return table;
}

void Reset(LessonState& state) { ResetCombineScene(state.combine); }

std::vector<Param> Params() {
  return {
      {"combine.values", ParamForm::Pair, kCombineValueMin, kCombineValueMax, 0,
       [](const LessonState& s, int, ParamValue* v) {
         v->x = s.combine.first_value;
         v->y = s.combine.second_value;
         return std::isfinite(v->x) && std::isfinite(v->y);
       },
       [](LessonState& s, int, const ParamValue& v, std::string*) {
         return SetFirstValue(s.combine, v.x) && SetSecondValue(s.combine, v.y);
       }},
      NumberParam<&LessonState::combine, &CombineScene::second_weight, SetSecondWeight>("combine.weight", 0.0, 1.0),
      CountParam<&LessonState::combine, &CombineScene::lines_shown, SetLinesShown>("combine.lines", 0, kCombineLines),
      PredictionParam(Question::CombineOutput),
  };
}

}  // namespace

const SceneModule kCombineModule = {
    Scene::Combine, "combine", "widget.scene.combine", Reset, Describe, Table, Params, nullptr, nullptr};

}  // namespace lesson
