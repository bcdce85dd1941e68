#include "lesson/scenes/caveats/caveats.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace lesson {

namespace {

bool InRange(int position) { return position >= 0 && position < kCaveatsPositions; }

bool SetClamped(double& field, double value, double lo, double hi) {
  if (!std::isfinite(value)) return false;
  field = std::clamp(value, lo, hi);
  return true;
}

bool SetAt(CaveatsNumbers& numbers, int position, double value, double lo, double hi) {
  return InRange(position) && SetClamped(numbers[static_cast<size_t>(position)], value, lo, hi);
}

CaveatsQuery RunQuery(const CaveatsNumbers& scores, const CaveatsNumbers& values, const CaveatsRemoved& removed) {
  std::vector<uint8_t> allowed(kCaveatsPositions);
  for (size_t j = 0; j < allowed.size(); ++j) allowed[j] = removed[j] ? 0 : 1;
  CaveatsQuery query;
  // With nothing to put weight on (every word removed, or every score -inf) SoftmaxRow leaves
  // all-zero weights; the output is then empty rather than a sum of zeros.
  if (!attention::SoftmaxRow(scores.data(), allowed.data(), kCaveatsPositions, 1.0, query.weights.data())) {
    allowed.assign(allowed.size(), 0);
  }
  query.combination = attention::Combine(std::vector<double>(values.begin(), values.end()),
                                         std::vector<double>(query.weights.begin(), query.weights.end()), &allowed);
  return query;
}

// The position whose key is largest (or smallest) among the rows where `defined` holds; -1 when
// none does. Ties keep the lower position.
template <typename Key, typename Defined>
int ArgBest(const CaveatsAblation& rows, Key key, Defined defined, bool largest) {
  int best = -1;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    const AblationRow& row = rows[static_cast<size_t>(j)];
    if (!defined(row)) continue;
    if (best < 0) {
      best = j;
      continue;
    }
    const double current = key(rows[static_cast<size_t>(best)]);
    if (largest ? key(row) > current : key(row) < current) best = j;
  }
  return best;
}

}  // namespace

void ResetCaveatsScene(CaveatsScene& scene) { scene = CaveatsScene{}; }

// [SECTION] Setters

bool SetRemoved(CaveatsScene& scene, int position, bool removed) {
  if (!InRange(position)) return false;
  scene.removed[static_cast<size_t>(position)] = removed;
  return true;
}

bool ToggleRemoved(CaveatsScene& scene, int position) {
  return InRange(position) && SetRemoved(scene, position, !scene.removed[static_cast<size_t>(position)]);
}

void RestoreAll(CaveatsScene& scene) { scene.removed.fill(false); }

void SetEachInTurnShown(CaveatsScene& scene, bool shown) { scene.each_in_turn_shown = shown; }

bool SetLayer2WeightB(CaveatsScene& scene, double weight) {
  return SetClamped(scene.layer2_weight_b, weight, 0.0, 1.0);
}

bool SetValue(CaveatsScene& scene, int position, double value) {
  return SetAt(scene.values, position, value, kCaveatsValueMin, kCaveatsValueMax);
}

bool SetScoreA(CaveatsScene& scene, int position, double score) {
  return SetAt(scene.scores_a, position, score, kCaveatsScoreMin, kCaveatsScoreMax);
}

bool SetScoreB(CaveatsScene& scene, int position, double score) {
  return SetAt(scene.scores_b, position, score, kCaveatsScoreMin, kCaveatsScoreMax);
}

// [SECTION] Passes

CaveatsPass RunCaveats(const CaveatsScene& scene, const CaveatsRemoved& removed) {
  CaveatsPass pass;
  pass.a = RunQuery(scene.scores_a, scene.values, removed);
  pass.b = RunQuery(scene.scores_b, scene.values, removed);

  // Layer 2 masks an output that does not exist and gives its weight to the other, like layer 1.
  const double weight_b = std::clamp(scene.layer2_weight_b, 0.0, 1.0);
  const std::vector<uint8_t> available = {static_cast<uint8_t>(pass.a.combination.empty ? 0 : 1),
                                          static_cast<uint8_t>(pass.b.combination.empty ? 0 : 1)};
  double raw[2] = {available[0] ? 1.0 - weight_b : 0.0, available[1] ? weight_b : 0.0};
  const double sum = raw[0] + raw[1];
  std::vector<uint8_t> allowed = available;
  if (sum > 0.0) {
    pass.layer2_weights = {raw[0] / sum, raw[1] / sum};
  } else {
    // Nothing left to mix (both outputs empty, or the only output left has weight 0).
    allowed = {0, 0};
  }
  pass.final_output = attention::Combine({pass.a.combination.output, pass.b.combination.output},
                                         {pass.layer2_weights[0], pass.layer2_weights[1]}, &allowed);
  return pass;
}

CaveatsPass RunCaveats(const CaveatsScene& scene) { return RunCaveats(scene, scene.removed); }

CaveatsPass RunCaveatsFull(const CaveatsScene& scene) { return RunCaveats(scene, CaveatsRemoved{}); }

OutputChange Change(const attention::Combination& before, const attention::Combination& after) {
  OutputChange change;
  if (before.empty || after.empty) return change;
  change.defined = true;
  change.change = std::fabs(after.output - before.output);
  return change;
}

// [SECTION] Remove each in turn

CaveatsAblation AblateEachInTurn(const CaveatsScene& scene) {
  const CaveatsPass full = RunCaveatsFull(scene);
  CaveatsAblation rows;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    const size_t at = static_cast<size_t>(j);
    CaveatsRemoved removed{};
    removed[at] = true;
    const CaveatsPass without = RunCaveats(scene, removed);
    AblationRow& row = rows[at];
    row.position = j;
    row.value = scene.values[at];
    row.weight_a = full.a.weights[at];
    row.output_a_without = without.a.combination.output;
    row.change_a = Change(full.a.combination, without.a.combination);
    row.share_final = full.layer2_weights[0] * full.a.weights[at] + full.layer2_weights[1] * full.b.weights[at];
    row.final_without = without.final_output.output;
    row.change_final = Change(full.final_output, without.final_output);
  }
  return rows;
}

AblationSummary Summarize(const CaveatsAblation& rows) {
  const auto always = [](const AblationRow&) { return true; };
  const auto weight_a = [](const AblationRow& row) { return row.weight_a; };
  const auto share_final = [](const AblationRow& row) { return row.share_final; };
  const auto change_a = [](const AblationRow& row) { return row.change_a.change; };
  const auto change_a_defined = [](const AblationRow& row) { return row.change_a.defined; };
  const auto change_final = [](const AblationRow& row) { return row.change_final.change; };
  const auto change_final_defined = [](const AblationRow& row) { return row.change_final.defined; };
  AblationSummary summary;
  summary.largest_weight = ArgBest(rows, weight_a, always, true);
  summary.smallest_change_a = ArgBest(rows, change_a, change_a_defined, false);
  summary.largest_change_a = ArgBest(rows, change_a, change_a_defined, true);
  summary.largest_share_final = ArgBest(rows, share_final, always, true);
  summary.largest_change_final = ArgBest(rows, change_final, change_final_defined, true);
  return summary;
}

namespace {

// A round step for an axis from 0 to `top`: 1, 2 or 5 times a power of ten, at most `most` steps.
double NiceStep(double top, int most) {
  if (!(top > 0.0)) return 1.0;
  const double rough = top / most;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  for (const double m : {1.0, 2.0, 5.0, 10.0}) {
    if (m * power >= rough - 1e-12) return m * power;
  }
  return 10.0 * power;
}

}  // namespace

ScatterAxes CaveatsScatterAxes(const CaveatsAblation& rows) {
  double top_weight = 0.0;
  double top_change = 0.0;
  for (const AblationRow& row : rows) {
    if (std::isfinite(row.weight_a)) top_weight = std::max(top_weight, row.weight_a);
    if (row.change_a.defined && std::isfinite(row.change_a.change)) top_change = std::max(top_change, row.change_a.change);
  }
  ScatterAxes axes;
  axes.x_step = top_weight > 0.55 ? 0.2 : 0.1;
  axes.x_max = std::clamp(std::ceil(top_weight * 1.12 / axes.x_step - 1e-9) * axes.x_step, 2.0 * axes.x_step, 1.0);
  axes.y_step = NiceStep(std::max(top_change, 1e-9) * 1.1, 5);
  axes.y_max = top_change > 0.0 ? std::ceil(top_change * 1.12 / axes.y_step - 1e-9) * axes.y_step : 1.0;
  return axes;
}

}  // namespace lesson
