#pragma once
// "Why divide by √d_k?": the Compare scene's demonstration on random vectors. For a query and a
// key whose components are independent with mean 0 and variance 1, q·k has variance d_k, so with
// many dimensions the raw scores spread widely, softmax puts almost all the weight on one key and
// its gradients shrink; divided by √d_k the spread is about 1 again.
//
// The vectors come from a small generator of our own (splitmix64, then Marsaglia's polar method
// with a logarithm written out in + − × ÷), not from <random>: its distributions differ between
// libstdc++ and libc++, and libm's log may differ in the last bit between glibc and Emscripten's
// musl. So the native app and the web widget show the same numbers.
//
// A vector's components are drawn in order from a stream of its own, so the vectors at d_k = 128
// are those at d_k = 32 with 96 more components: raising d_k adds dimensions to the same draw.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace lesson {

struct CompareScene;

constexpr int kScalingDemoKeyCount = 6;        // random keys the query is compared with
constexpr int kScalingDemoSpreadDraws = 2000;  // (q, k) pairs the spread of q·k is measured over
constexpr uint64_t kScalingDemoSeed =
    344;  // the draw the panel shows: a typical one (the tests check most draws agree)
// The d_k the learner can pick, smallest first; the scene opens at kScalingDemoDefaultDimension.
constexpr std::array<int, 5> kScalingDemoDimensions{{2, 8, 32, 128, 512}};
constexpr int kScalingDemoDefaultDimension = 128;
constexpr int kScalingDemoMinDimension = kScalingDemoDimensions.front();
constexpr int kScalingDemoMaxDimension = kScalingDemoDimensions.back();

// One softmax over the demo's scores, with what the panel says about it.
struct ScalingDemoSide {
  std::array<double, kScalingDemoKeyCount> scores{};   // softmax's input: q·k, or q·k ÷ √d_k
  std::array<double, kScalingDemoKeyCount> weights{};  // softmax of the scores; sum 1
  double largest_weight = 0.0;                         // max of the weights
  double largest_gradient = 0.0;                       // max over i of w_i(1 − w_i): softmax's largest gradient entry
};

struct ScalingDemo {
  bool ok = false;                                          // false for a dimension that is not offered
  int dimension = 0;                                        // d_k
  double root = 0.0;                                        // √d_k
  std::array<double, kScalingDemoKeyCount> dot_products{};  // raw q·k of the query with each key
  ScalingDemoSide raw;                                      // softmax of q·k
  ScalingDemoSide scaled;                                   // softmax of q·k ÷ √d_k
  double spread = 0.0;         // sample standard deviation of q·k over kScalingDemoSpreadDraws pairs
  double scaled_spread = 0.0;  // the same of q·k ÷ √d_k
};

// The panel's demonstration at `dimension` (one of kScalingDemoDimensions), computed with the
// attention core. The spread is measured once per dimension and kept; the rest costs a few
// microseconds. A dimension not offered gives ok = false and zeros.
ScalingDemo ComputeScalingDemo(int dimension);

// A weight or gradient entry as the demo shows it: to two significant digits of its distance from
// the nearer of 0 and 1, so 0.41 reads "0.41", 0.99998 "0.99998" and 0.000021 "0.000021", never
// "1" or "0" for a number between them; past seven decimals, "≈ 1" or "≈ 0". Other numbers (the
// spreads) read as FormatSigned gives them.
std::string FormatScalingDemoNumber(double x);

// [SECTION] The pieces, for tests and other seeds

// Advances a splitmix64 state and returns its next output (Vigna's reference generator).
uint64_t SplitMix64Next(uint64_t* state);
// A standard normal vector of `dimension` components: the `index`-th vector of the draw `seed`.
std::vector<double> ScalingDemoVector(uint64_t seed, uint64_t index, int dimension);
// The query (index 0) and keys (indices 1..kScalingDemoKeyCount) of the draw `seed`, with the
// softmax of their scores with and without the division; spread fields left 0.
ScalingDemo ComputeScalingDraw(int dimension, uint64_t seed);
// Sample standard deviations of q·k and of q·k ÷ √d_k over `draws` independent (q, k) pairs.
void MeasureScalingSpread(int dimension, int draws, double* spread, double* scaled_spread);
// The natural logarithm of a finite x > 0 in + − × ÷ only (NaN otherwise), within 2 ulp of log.
double PortableLog(double x);

// Whether `dimension` is one of kScalingDemoDimensions.
bool IsScalingDemoDimension(int dimension);
// Refuses a non-finite d_k (false, scene unchanged); otherwise clamps it into the offered range
// and picks the offered dimension nearest to it on a log scale (100 → 128; halfway, 4, goes up).
bool SetScalingDemoDimension(CompareScene& scene, double dimension);

}  // namespace lesson
