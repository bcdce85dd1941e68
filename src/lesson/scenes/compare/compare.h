#pragma once
// The Compare scene: a query and four keys as arrows in a 2-D plane. The learner moves them and
// sees q·k, the scaled scores and the softmax weights change, then the values combined by weight.
//
// The example answers a question about a paragraph:
//   "The museum opens at 9. The bus leaves at 10. The shop closes at 17. The tour starts at 14."
//   Question (the query): "When does the bus leave?"
// Each key stands for one sentence and carries the time it states (an hour of the day) as its
// value, so the weighted average the scene computes reads as a time too.
//
// The preset is chosen so that the lesson's sentences about it hold (tests/unit/
// lesson_compare_claims_test.cpp checks each): the query starts aimed between the bus and shop
// keys, so the bus sentence has the largest weight but not most of it; turning the query toward
// the bus key raises the bus weight and brings the output toward 10 at every step; lengthening
// it along that direction sharpens the weights until the output is near 10.
//
// Plain data with documented defaults, so walkthrough steps can set it directly. The setters keep
// it valid (non-finite input refused, positions clamped to the plane); ComputeCompare also copes
// with a state filled by hand: it reports unusable numbers instead of computing with them.
//
// Highlight names the panel honours (LessonState::highlight): "compare.query", "compare.keys",
// "compare.scores", "compare.scaling", "compare.temperature", "compare.weights", "compare.output",
// "compare.scaling_demo".

#include <array>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "lesson/scene.h"
#include "lesson/scenes/compare/scaling_demo.h"

namespace lesson {

constexpr int kCompareKeyCount = 4;             // keys (sentences of the paragraph)
constexpr int kCompareDimension = 2;            // d_k: queries and keys have two coordinates
constexpr double kComparePlaneLimit = 2.0;      // coordinates stay within [-2, 2]
constexpr double kCompareTemperatureMin = 0.1;  // sharpest weights the slider allows
constexpr double kCompareTemperatureMax = 5.0;  // flattest weights the slider allows
constexpr double kCompareTemperatureDefault = 1.0;
constexpr int kCompareAnswerKey = 1;  // the bus sentence, which answers the question

// A point of the plane, also read as the arrow from the origin to it.
struct PlanePoint {
  double x = 0.0;  // first coordinate
  double y = 0.0;  // second coordinate
};

// One key: where it points and the number its sentence carries.
struct CompareKey {
  PlanePoint position;  // the key vector k
  double value = 0.0;   // the scalar value combined by weight
};

struct CompareScene {
  PlanePoint query{1.0, 0.0};  // "When does the bus leave?": the query vector q, roughly aimed
  // museum (9), bus (10), shop (17), tour (14), in the paragraph's order.
  std::array<CompareKey, kCompareKeyCount> keys{{
      {{-1.5, 1.0}, 9.0},
      {{1.5, 1.5}, 10.0},
      {{1.0, -1.5}, 17.0},
      {{-0.5, -1.5}, 14.0},
  }};
  bool scaled = true;                               // divide q·k by √d_k before softmax
  double temperature = kCompareTemperatureDefault;  // softmax temperature: < 1 sharpens, > 1 flattens
  // "Why divide by √d_k?" (scaling_demo.h): whether it is open, and its d_k (one of kScalingDemoDimensions).
  bool scaling_demo_open = false;
  // "Show the numbers": the scores', weights' and output's arithmetic open under the picture.
  bool numbers_open = false;
  int scaling_demo_dimension = kScalingDemoDefaultDimension;
};

// Everything the panel shows, computed by the attention core.
struct CompareResult {
  bool ok = false;                                        // false when the state holds unusable numbers
  std::string message;                                    // why not ok, e.g. "keys[1][0] is NaN"
  double divisor = 1.0;                                   // √d_k when scaled, else 1
  std::array<double, kCompareKeyCount> dot_products{};    // q·k
  std::array<double, kCompareKeyCount> scores{};          // q·k ÷ divisor
  std::array<double, kCompareKeyCount> softmax_inputs{};  // scores ÷ temperature
  std::array<double, kCompareKeyCount> weights{};         // softmax of the scores at the temperature; sum 1
  attention::Combination combination;                     // value × weight for every key, and their sum
  int strongest = -1;                                     // key with the largest weight (first on ties)
};

// Runs the scene through attention::Attend. When the state holds a non-finite number or a
// temperature that is not > 0, returns ok = false with a message and all numbers 0.
CompareResult ComputeCompare(const CompareScene& scene);

// FormatNumber with a true minus sign (U+2212): "−0.5".
std::string FormatSigned(double x, int max_decimals = 2);
// "1 × 1.5 + 1 × 1 = 2.5"; negative factors read "1 × (−0.5)", using U+2212.
std::string FormatDotProduct(const PlanePoint& q, const PlanePoint& k, int max_decimals = 2);
// "(1, −0.5)".
std::string FormatPoint(const PlanePoint& p, int max_decimals = 2);

// Setters refuse non-finite input (return false, state unchanged) and clamp the rest: positions
// into [-kComparePlaneLimit, kComparePlaneLimit], the temperature into its slider range.
bool SetQuery(CompareScene& scene, PlanePoint position);
bool SetKeyPosition(CompareScene& scene, int key, PlanePoint position);  // false also for a bad index
bool SetTemperature(CompareScene& scene, double temperature);

inline void ResetCompareScene(CompareScene& scene) { scene = CompareScene{}; }

// "Make the query twice as long": the scene with the query as it is and with it doubled. Every
// score doubles, so the gaps between them double and softmax gives the largest more; where the
// output goes depends on the values. `doubled`: the query has been doubled already, so `before`
// is the scene with half of it and `after` the scene as it is.
struct CompareDoubling {
  bool ok = false;  // both computed, and one key has strictly the most weight before
  int top = -1;     // that key
  CompareResult before;
  CompareResult after;
};
CompareDoubling DoubleQuery(const CompareScene& scene, bool doubled);

// [SECTION] The picture's labels
// One rule for where the plane's tip labels go, for the panel (ui/compare_panel.cpp) and the still
// (src/tools/attention_stills.cpp), in their own units (y down).

struct LabelBox {
  double x = 0.0, y = 0.0, w = 0.0, h = 0.0;  // left, top, width, height
  bool Overlaps(const LabelBox& other) const {
    return x < other.x + other.w && other.x < x + w && y < other.y + other.h && other.y < y + h;
  }
};
struct LabelArrow {
  double ax = 0.0, ay = 0.0, bx = 0.0, by = 0.0;  // from the origin (a) to the tip (b)
};

// The box of a `width` × `height` label for the arrow from (ox, oy) to its tip (tx, ty), `gap`
// from the tip (clear of what is drawn round it), inside `canvas`, clear of the labels `taken`
// before it: beyond the tip when that spot is clear of the other `arrows` too, else beside the tip
// or before it, wherever it is furthest from them.
LabelBox PlaceTipLabel(double ox, double oy, double tx, double ty, double width, double height, const LabelBox& canvas,
                       const std::vector<LabelBox>& taken, const std::vector<LabelArrow>& arrows, double gap);

}  // namespace lesson
