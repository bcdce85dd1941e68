#include "lesson/locale.h"
#include "lesson/scenes/compare/compare.h"

#include <algorithm>
#include <cmath>

namespace lesson {

namespace {

std::string Factor(double x, int max_decimals) {
  const std::string text = FormatSigned(x, max_decimals);
  return x < 0.0 && text != "0" ? "(" + text + ")" : text;
}

bool ClampPoint(PlanePoint& field, PlanePoint position) {
  if (!std::isfinite(position.x) || !std::isfinite(position.y)) return false;
  field.x = std::clamp(position.x, -kComparePlaneLimit, kComparePlaneLimit);
  field.y = std::clamp(position.y, -kComparePlaneLimit, kComparePlaneLimit);
  return true;
}

attention::Problem MakeProblem(const CompareScene& scene) {
  attention::Problem problem;
  problem.queries = attention::Matrix::FromRows({{scene.query.x, scene.query.y}});
  problem.keys = attention::Matrix(kCompareKeyCount, kCompareDimension);
  problem.values = attention::Matrix(kCompareKeyCount, 1);
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const CompareKey& key = scene.keys[static_cast<size_t>(i)];
    problem.keys(i, 0) = key.position.x;
    problem.keys(i, 1) = key.position.y;
    problem.values(i, 0) = key.value;
  }
  problem.temperature = scene.temperature;
  problem.scale = scene.scaled;
  return problem;
}

}  // namespace

std::string FormatSigned(double x, int max_decimals) {
  std::string text = lesson::Num(x, max_decimals);
  if (!text.empty() && text[0] == '-') text.replace(0, 1, "\u2212");
  return text;
}

CompareResult ComputeCompare(const CompareScene& scene) {
  CompareResult out;
  const attention::Problem problem = MakeProblem(scene);
  attention::Result result;
  const attention::Status status = attention::Attend(problem, &result);
  if (!status.ok) {
    out.message = status.message;
    return out;
  }
  const attention::Matrix scores = attention::Scores(problem.queries, problem.keys, problem.scale);
  out.ok = true;
  out.divisor = scene.scaled ? std::sqrt(static_cast<double>(kCompareDimension)) : 1.0;
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const size_t k = static_cast<size_t>(i);
    out.dot_products[k] = result.dot_products(0, i);
    out.scores[k] = scores(0, i);
    out.softmax_inputs[k] = result.scores(0, i);
    out.weights[k] = result.weights(0, i);
    if (out.strongest < 0 || out.weights[k] > out.weights[static_cast<size_t>(out.strongest)]) out.strongest = i;
  }
  out.combination = attention::CombineColumn(result, problem.values, 0, 0);
  return out;
}

std::string FormatDotProduct(const PlanePoint& q, const PlanePoint& k, int max_decimals) {
  const double dot = q.x * k.x + q.y * k.y;
  return FormatSigned(q.x, max_decimals) + " \u00d7 " + Factor(k.x, max_decimals) + " + " +
         FormatSigned(q.y, max_decimals) + " \u00d7 " + Factor(k.y, max_decimals) + " = " +
         FormatSigned(dot, max_decimals);
}

std::string FormatPoint(const PlanePoint& p, int max_decimals) {
  // With a decimal comma the coordinates are parted by a semicolon: (0,5; 1,2).
  const char* between = DecimalMark() == ',' ? "; " : ", ";
  return "(" + FormatSigned(p.x, max_decimals) + between + FormatSigned(p.y, max_decimals) + ")";
}

bool SetQuery(CompareScene& scene, PlanePoint position) { return ClampPoint(scene.query, position); }

CompareDoubling DoubleQuery(const CompareScene& scene, bool doubled) {
  CompareDoubling out;
  CompareScene before = scene;
  CompareScene after = scene;
  // Unclamped: the doubled query may reach past the plane; the question is asked only where it does not.
  const double scale = doubled ? 0.5 : 2.0;
  (doubled ? before : after).query = PlanePoint{scene.query.x * scale, scene.query.y * scale};
  out.before = ComputeCompare(before);
  out.after = ComputeCompare(after);
  if (!out.before.ok || !out.after.ok) return out;
  const size_t top = static_cast<size_t>(out.before.strongest);
  for (size_t i = 0; i < out.before.weights.size(); ++i) {
    if (i != top && !(out.before.weights[i] < out.before.weights[top])) return out;
  }
  out.top = out.before.strongest;
  out.ok = true;
  return out;
}

bool SetKeyPosition(CompareScene& scene, int key, PlanePoint position) {
  if (key < 0 || key >= kCompareKeyCount) return false;
  return ClampPoint(scene.keys[static_cast<size_t>(key)].position, position);
}

bool SetTemperature(CompareScene& scene, double temperature) {
  if (!std::isfinite(temperature)) return false;
  scene.temperature = std::clamp(temperature, kCompareTemperatureMin, kCompareTemperatureMax);
  return true;
}

// [SECTION] The picture's labels

namespace {

double DistanceToArrow(double px, double py, const LabelArrow& s) {
  const double dx = s.bx - s.ax;
  const double dy = s.by - s.ay;
  const double length2 = dx * dx + dy * dy;
  const double t = length2 > 0.0 ? std::clamp(((px - s.ax) * dx + (py - s.ay) * dy) / length2, 0.0, 1.0) : 0.0;
  return std::hypot(px - (s.ax + t * dx), py - (s.ay + t * dy));
}

}  // namespace

LabelBox PlaceTipLabel(double ox, double oy, double tx, double ty, double width, double height, const LabelBox& canvas,
                       const std::vector<LabelBox>& taken, const std::vector<LabelArrow>& arrows, double gap) {
  const double dx = tx - ox;
  const double dy = ty - oy;
  const double length = std::hypot(dx, dy);
  const double ux = length < 1.0 ? 0.7071 : dx / length;
  const double uy = length < 1.0 ? -0.7071 : dy / length;
  const double directions[4][2] = {{ux, uy}, {-uy, ux}, {uy, -ux}, {-ux, -uy}};
  LabelBox chosen;
  double best = -1e9;
  for (int i = 0; i < 4; ++i) {
    const double ddx = directions[i][0];
    const double ddy = directions[i][1];
    const double reach = gap + 0.5 * std::max(width * std::fabs(ddx), height * std::fabs(ddy));
    const double x = std::clamp(tx + ddx * reach - width * 0.5, canvas.x + 2.0, canvas.x + canvas.w - width - 2.0);
    const double y = std::clamp(ty + ddy * reach - height * 0.5, canvas.y + 2.0, canvas.y + canvas.h - height - 2.0);
    const LabelBox box{x, y, width, height};
    const LabelBox spaced{x - 6.0, y - 2.0, width + 12.0, height + 4.0};
    const bool free = std::none_of(taken.begin(), taken.end(), [&](const LabelBox& b) { return b.Overlaps(spaced); });
    double clearance = 1e9;
    for (const LabelArrow& arrow : arrows) {
      if (arrow.bx == tx && arrow.by == ty) continue;  // its own arrow
      clearance = std::min(clearance, DistanceToArrow(x + width * 0.5, y + height * 0.5, arrow) - 0.5 * width);
    }
    const double score = (free ? 0.0 : -10000.0) + std::min(clearance, 12.0) + (i == 0 ? 0.5 : 0.0);
    if (score > best) {
      best = score;
      chosen = box;
    }
  }
  return chosen;
}

}  // namespace lesson
