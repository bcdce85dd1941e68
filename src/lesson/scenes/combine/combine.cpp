#include "lesson/scenes/combine/combine.h"

#include <algorithm>
#include <cmath>

namespace lesson {

void SetLinesShown(CombineScene& scene, int lines) { scene.lines_shown = std::clamp(lines, 0, kCombineLines); }

namespace {

bool SetClamped(double& field, double value, double lo, double hi) {
  if (!std::isfinite(value)) return false;
  field = std::clamp(value, lo, hi);
  return true;
}

}  // namespace

attention::Combination ComputeCombine(const CombineScene& scene) {
  return attention::Combine({scene.first_value, scene.second_value}, {scene.first_weight, scene.second_weight});
}

bool SetFirstValue(CombineScene& scene, double value) {
  return SetClamped(scene.first_value, value, kCombineValueMin, kCombineValueMax);
}

bool SetSecondValue(CombineScene& scene, double value) {
  return SetClamped(scene.second_value, value, kCombineValueMin, kCombineValueMax);
}

bool SetSecondWeight(CombineScene& scene, double weight) {
  if (!SetClamped(scene.second_weight, weight, 0.0, 1.0)) return false;
  scene.first_weight = 1.0 - scene.second_weight;
  return true;
}

}  // namespace lesson
