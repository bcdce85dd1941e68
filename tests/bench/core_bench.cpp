// Times one full attention pass (attention::Attend) over n positions of width d = 64 with the
// causal mask on, as a next-token predictor would run it, and one step of the Learn scene's
// training (learn::Train, seed 1, steps 1 to 300, the fastest of 7 trainings), and prints one
// JSON object on stdout:
//   {"platform":"native","simd":false,"results":[{"n":64,"d":64,"median_ms":0.5,"runs":2000,"checksum":123.4},...],
//    "learn_step":{"median_ms":0.2,"runs":300,"checksum":41.5}}
// (the learn checksum: the sum of |parameters| after the last step timed).
// The same source runs natively and as wasm under Node, so the two timings can be compared; the
// checksum (sum of |outputs|) lets the caller check both computed the same thing. "simd" says
// whether the core's inner loops were built for SIMD (SSE2 natively on x86-64, wasm SIMD with
// -msimd128) or as scalar code.
//
// Usage: attention_core_bench [--quick]
//   --quick  n = 8 and 16, one run each, and 3 training steps: proves the bench runs, measures nothing.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "attention/attention.h"
#include "attention/detail.h"
#include "learn/learn.h"

namespace {

constexpr int kWidth = 64;
constexpr int kMinRuns = 5;
constexpr int kMaxRuns = 2000;
constexpr double kBudgetMs = 1500.0;

// splitmix64: the standard library's distributions differ between libstdc++ and libc++, so the
// inputs are drawn with a generator whose every bit is defined here.
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}

  // Uniform in [-1, 1).
  double Next() {
    state_ += 0x9E3779B97F4A7C15ull;
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-52 - 1.0;
  }

 private:
  uint64_t state_;
};

attention::Matrix RandomMatrix(int rows, int cols, Random* random) {
  attention::Matrix m(rows, cols);
  for (double& x : m.data) x = random->Next();
  return m;
}

struct Timing {
  int n = 0;
  double median_ms = 0.0;
  int runs = 0;
  double checksum = 0.0;
};

double Checksum(const attention::Result& result) {
  double sum = 0.0;
  for (double out : result.outputs.data) sum += std::fabs(out);
  return sum;
}

Timing Measure(int n, int min_runs, int max_runs, double budget_ms) {
  Random random(0x5EED0000u + static_cast<uint64_t>(n));
  attention::Problem problem;
  problem.queries = RandomMatrix(n, kWidth, &random);
  problem.keys = RandomMatrix(n, kWidth, &random);
  problem.values = RandomMatrix(n, kWidth, &random);
  problem.causal = true;

  // One Result for every run, as a caller predicting token after token would keep one.
  attention::Result result;
  std::vector<double> times_ms;
  double total_ms = 0.0;
  while (static_cast<int>(times_ms.size()) < max_runs &&
         (static_cast<int>(times_ms.size()) < min_runs || total_ms < budget_ms)) {
    const auto start = std::chrono::steady_clock::now();
    const attention::Status status = attention::Attend(problem, &result);
    const auto stop = std::chrono::steady_clock::now();
    if (!status.ok) {
      std::fprintf(stderr, "attention_core_bench: n = %d rejected: %s\n", n, status.message.c_str());
      return Timing{};
    }
    const double ms = std::chrono::duration<double, std::milli>(stop - start).count();
    times_ms.push_back(ms);
    total_ms += ms;
  }

  Timing timing;
  timing.n = n;
  timing.runs = static_cast<int>(times_ms.size());
  std::sort(times_ms.begin(), times_ms.end());
  const size_t middle = times_ms.size() / 2;
  timing.median_ms = times_ms.size() % 2 == 1 ? times_ms[middle] : 0.5 * (times_ms[middle - 1] + times_ms[middle]);
  timing.checksum = Checksum(result);
  return timing;
}

// One training step at a time from the start of seed 1's training: the median time of a step,
// in the fastest of `rounds` trainings from the start. A wasm engine starts a function in its
// baseline compiler and swaps in optimized code partway through the first training, and this
// machine's speed drifts by up to 2x from one tenth of a second to the next; the fastest round
// is the code's own speed (the page bench's training run times the cold start a learner meets).
Timing MeasureLearnStep(int steps, int rounds) {
  learn::Options options;
  options.seed = 1;
  Timing timing;
  timing.runs = steps;
  for (int round = 0; round < rounds; ++round) {
    learn::Training training = learn::StartTraining(options);
    std::vector<double> times_ms;
    for (int step = 0; step < steps; ++step) {
      const auto start = std::chrono::steady_clock::now();
      learn::Train(&training, 1);
      times_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times_ms.begin(), times_ms.end());
    const double median = times_ms[times_ms.size() / 2];
    if (round == 0 || median < timing.median_ms) timing.median_ms = median;
    // Every round trains the same model; the checksum is the last one's.
    timing.checksum = 0.0;
    for (const attention::Matrix* part : learn::ParametersOf(training.model)) {
      for (const double x : part->data) timing.checksum += std::fabs(x);
    }
  }
  return timing;
}

const char* Platform() {
#if defined(__wasm__)
  return "wasm";
#else
  return "native";
#endif
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  for (int a = 1; a < argc; ++a) {
    if (std::strcmp(argv[a], "--quick") == 0) {
      quick = true;
    } else {
      std::fprintf(stderr, "usage: attention_core_bench [--quick]\n");
      return 2;
    }
  }
  const std::vector<int> sizes = quick ? std::vector<int>{8, 16} : std::vector<int>{64, 256, 1024};

  const bool simd = attention::detail::CoreUsesSimd();
  std::printf("{\"platform\":\"%s\",\"simd\":%s,\"results\":[", Platform(), simd ? "true" : "false");
  for (size_t s = 0; s < sizes.size(); ++s) {
    const Timing timing = quick ? Measure(sizes[s], 1, 1, 0.0) : Measure(sizes[s], kMinRuns, kMaxRuns, kBudgetMs);
    if (timing.runs == 0) return 1;
    std::printf("%s{\"n\":%d,\"d\":%d,\"median_ms\":%.6f,\"runs\":%d,\"checksum\":%.17g}", s == 0 ? "" : ",", timing.n,
                kWidth, timing.median_ms, timing.runs, timing.checksum);
    std::fflush(stdout);
  }
  const Timing learn_step = quick ? MeasureLearnStep(3, 1) : MeasureLearnStep(300, 7);
  std::printf("],\"learn_step\":{\"median_ms\":%.6f,\"runs\":%d,\"checksum\":%.17g}}\n", learn_step.median_ms,
              learn_step.runs, learn_step.checksum);
  return 0;
}
