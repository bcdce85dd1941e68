#include "learn/heads.h"

#include <algorithm>
#include <cmath>

#include "attention/lanes.h"
#include "learn/random.h"

namespace heads {

namespace {

using attention::detail::Lanes;
using attention::detail::LanesLoad;
using attention::detail::LanesSplat;
using attention::detail::LanesStore;
using attention::detail::LanesZero;
using learn::RandomBelow;
using learn::RandomUniform;

constexpr double kAdamBeta1 = 0.9;
constexpr double kAdamBeta2 = 0.999;
constexpr double kAdamEpsilon = 1e-8;

// The inner loops: two lanes, then the odd one, in the same order on every platform.
double Dot(const double* a, const double* b, int n) {
  Lanes sum = LanesZero();
  int i = 0;
  for (; i + 1 < n; i += 2) sum = sum + LanesLoad(a + i) * LanesLoad(b + i);
  double pair[2];
  LanesStore(pair, sum);
  double total = pair[0] + pair[1];
  if (i < n) total += a[i] * b[i];
  return total;
}
// y += a x
void AddScaled(double* y, double a, const double* x, int n) {
  const Lanes scale = LanesSplat(a);
  int i = 0;
  for (; i + 1 < n; i += 2) LanesStore(y + i, LanesLoad(y + i) + scale * LanesLoad(x + i));
  if (i < n) y[i] += a * x[i];
}

int Clamp(int value, int lo, int hi) { return std::min(std::max(value, lo), hi); }

Options Clamped(Options options) {
  options.vocabulary = Clamp(options.vocabulary, 4, 64);
  options.length = Clamp(options.length, 8, 64);
  options.heads = Clamp(options.heads, 1, kMaxHeads);
  options.width = Clamp(options.width, 4, 64);
  options.width -= options.width % options.heads;
  if (options.width < options.heads) options.width = options.heads;
  options.batch = Clamp(options.batch, 1, 256);
  options.longest_run = Clamp(options.longest_run, 2, options.length / 2);
  options.shortest_run = Clamp(options.shortest_run, 2, options.longest_run);
  if (!(options.rate >= 1e-5 && options.rate <= 0.1)) options.rate = Options{}.rate;
  return options;
}

// y (rows x m) = x (rows x n) times W^T, W being m x n (one row per output).
void ProjectRows(const double* x, int rows, int n, const double* w, int m, double* y) {
  for (int t = 0; t < rows; ++t) {
    for (int c = 0; c < m; ++c) y[t * m + c] = Dot(w + c * n, x + t * n, n);
  }
}

// For y = x W^T: dW += dy^T x and dx += dy W.
void ProjectRowsBack(const double* x, int rows, int n, const double* w, int m, const double* dy, double* dw, double* dx) {
  for (int t = 0; t < rows; ++t) {
    for (int c = 0; c < m; ++c) {
      const double g = dy[t * m + c];
      AddScaled(dw + c * n, g, x + t * n, n);
      AddScaled(dx + t * n, g, w + c * n, n);
    }
  }
}

}  // namespace

// [SECTION] The task

bool Repeated(const Sequence& sequence, int t) {
  return t >= sequence.second && t + 1 < sequence.second + sequence.run;
}

Sequence RandomSequence(const Options& options, uint64_t* state) {
  Sequence sequence;
  const int length = options.length;
  sequence.tokens.resize(static_cast<size_t>(length));
  for (int& token : sequence.tokens) token = RandomBelow(state, options.vocabulary);
  sequence.run = options.shortest_run + RandomBelow(state, options.longest_run - options.shortest_run + 1);
  sequence.first = RandomBelow(state, length - 2 * sequence.run + 1);
  sequence.second =
      sequence.first + sequence.run + RandomBelow(state, length - sequence.first - 2 * sequence.run + 1);
  for (int i = 0; i < sequence.run; ++i) {
    sequence.tokens[static_cast<size_t>(sequence.second + i)] = sequence.tokens[static_cast<size_t>(sequence.first + i)];
  }
  return sequence;
}

// [SECTION] The model

Layout LayoutOf(const Options& given) {
  const Options options = Clamped(given);
  Layout layout;
  layout.vocabulary = options.vocabulary;
  layout.length = options.length;
  layout.width = options.width;
  layout.heads = options.heads;
  layout.head_width = options.width / options.heads;
  int at = 0;
  auto take = [&at](int count) {
    const int start = at;
    at += count;
    return start;
  };
  const int projection = layout.head_width * layout.width;
  layout.token_embedding = take(layout.vocabulary * layout.width);
  layout.position_embedding = take(layout.length * layout.width);
  for (int l = 0; l < kLayers; ++l) {
    for (int h = 0; h < layout.heads; ++h) {
      layout.query[l][h] = take(projection);
      layout.key[l][h] = take(projection);
      layout.value[l][h] = take(projection);
      layout.output[l][h] = take(projection);
    }
  }
  layout.unembedding = take(layout.vocabulary * layout.width);
  layout.size = at;
  return layout;
}

// [SECTION] One sequence through the model, and back

void Forward(const Layout& layout, const std::vector<double>& parameters, const std::vector<int>& tokens,
             const Knockout& knockout, Pass* pass) {
  const int T = layout.length, d = layout.width, k = layout.head_width, V = layout.vocabulary;
  const double* p = parameters.data();
  const double scale = 1.0 / std::sqrt(static_cast<double>(k));
  std::vector<double>& x0 = pass->stream[0];
  x0.resize(static_cast<size_t>(T * d));
  for (int t = 0; t < T; ++t) {
    const double* token = p + layout.token_embedding + tokens[static_cast<size_t>(t)] * d;
    const double* position = p + layout.position_embedding + t * d;
    for (int i = 0; i < d; ++i) x0[static_cast<size_t>(t * d + i)] = token[i] + position[i];
  }
  for (int l = 0; l < kLayers; ++l) {
    const std::vector<double>& x = pass->stream[l];
    std::vector<double>& next = pass->stream[l + 1];
    next = x;
    for (int h = 0; h < layout.heads; ++h) {
      std::vector<double>& q = pass->q[l][h];
      std::vector<double>& key = pass->k[l][h];
      std::vector<double>& v = pass->v[l][h];
      std::vector<double>& a = pass->pattern[l][h];
      std::vector<double>& z = pass->mixed[l][h];
      q.resize(static_cast<size_t>(T * k));
      key.resize(static_cast<size_t>(T * k));
      v.resize(static_cast<size_t>(T * k));
      a.assign(static_cast<size_t>(T * T), 0.0);
      z.assign(static_cast<size_t>(T * k), 0.0);
      ProjectRows(x.data(), T, d, p + layout.query[l][h], k, q.data());
      ProjectRows(x.data(), T, d, p + layout.key[l][h], k, key.data());
      ProjectRows(x.data(), T, d, p + layout.value[l][h], k, v.data());
      for (int t = 0; t < T; ++t) {
        double* row = a.data() + t * T;
        double largest = -HUGE_VAL;
        for (int j = 0; j <= t; ++j) {
          row[j] = Dot(q.data() + t * k, key.data() + j * k, k) * scale;
          largest = std::max(largest, row[j]);
        }
        double total = 0.0;
        for (int j = 0; j <= t; ++j) {
          row[j] = std::exp(row[j] - largest);
          total += row[j];
        }
        for (int j = 0; j <= t; ++j) row[j] /= total;
        for (int j = 0; j <= t; ++j) AddScaled(z.data() + t * k, row[j], v.data() + j * k, k);
      }
      if (knockout.head[l][h]) continue;
      const double* w_out = p + layout.output[l][h];
      for (int t = 0; t < T; ++t) {
        for (int i = 0; i < d; ++i) next[static_cast<size_t>(t * d + i)] += Dot(w_out + i * k, z.data() + t * k, k);
      }
    }
  }
  const std::vector<double>& last = pass->stream[kLayers];
  std::vector<double>& probabilities = pass->probabilities;
  probabilities.resize(static_cast<size_t>(T * V));
  ProjectRows(last.data(), T, d, p + layout.unembedding, V, probabilities.data());
  for (int t = 0; t < T; ++t) {
    double* row = probabilities.data() + t * V;
    const double largest = *std::max_element(row, row + V);
    double total = 0.0;
    for (int c = 0; c < V; ++c) {
      row[c] = std::exp(row[c] - largest);
      total += row[c];
    }
    for (int c = 0; c < V; ++c) row[c] /= total;
  }
}

double SequenceLoss(const Layout& layout, const Pass& pass, const std::vector<int>& tokens) {
  const int T = layout.length, V = layout.vocabulary;
  double total = 0.0;
  for (int t = 0; t + 1 < T; ++t) {
    const double chance = pass.probabilities[static_cast<size_t>(t * V + tokens[static_cast<size_t>(t + 1)])];
    total -= std::log(std::max(chance, 1e-300));
  }
  return total / (T - 1);
}

void Backward(const Layout& layout, const std::vector<double>& parameters, const std::vector<int>& tokens,
              const Knockout& knockout, const Pass& pass, double scale, std::vector<double>* gradient) {
  const int T = layout.length, d = layout.width, k = layout.head_width, V = layout.vocabulary;
  const double* p = parameters.data();
  double* g = gradient->data();
  const double score_scale = 1.0 / std::sqrt(static_cast<double>(k));

  // The logits: softmax minus the one-hot answer, over the positions that have a next token.
  std::vector<double> dlogits(pass.probabilities);
  const double per_position = scale / (T - 1);
  for (int t = 0; t < T; ++t) {
    double* row = dlogits.data() + t * V;
    if (t + 1 == T) {
      std::fill(row, row + V, 0.0);
      continue;
    }
    row[tokens[static_cast<size_t>(t + 1)]] -= 1.0;
    for (int c = 0; c < V; ++c) row[c] *= per_position;
  }
  std::vector<double> dx(static_cast<size_t>(T * d), 0.0);
  ProjectRowsBack(pass.stream[kLayers].data(), T, d, p + layout.unembedding, V, dlogits.data(), g + layout.unembedding,
                  dx.data());

  std::vector<double> dmixed(static_cast<size_t>(T * k)), dpattern(static_cast<size_t>(T));
  std::vector<double> dq(static_cast<size_t>(T * k)), dk(static_cast<size_t>(T * k)), dv(static_cast<size_t>(T * k));
  for (int l = kLayers - 1; l >= 0; --l) {
    const std::vector<double>& x = pass.stream[l];
    std::vector<double> dx_before = dx;  // the residual path
    for (int h = 0; h < layout.heads; ++h) {
      if (knockout.head[l][h]) continue;
      const std::vector<double>& q = pass.q[l][h];
      const std::vector<double>& key = pass.k[l][h];
      const std::vector<double>& v = pass.v[l][h];
      const std::vector<double>& a = pass.pattern[l][h];
      const std::vector<double>& z = pass.mixed[l][h];
      // next += z W_O^T
      std::fill(dmixed.begin(), dmixed.end(), 0.0);
      ProjectRowsBack(z.data(), T, k, p + layout.output[l][h], d, dx.data(), g + layout.output[l][h], dmixed.data());
      std::fill(dq.begin(), dq.end(), 0.0);
      std::fill(dk.begin(), dk.end(), 0.0);
      std::fill(dv.begin(), dv.end(), 0.0);
      for (int t = 0; t < T; ++t) {
        const double* row = a.data() + t * T;
        const double* dz = dmixed.data() + t * k;
        double weighted = 0.0;
        for (int j = 0; j <= t; ++j) {
          dpattern[static_cast<size_t>(j)] = Dot(dz, v.data() + j * k, k);
          weighted += row[j] * dpattern[static_cast<size_t>(j)];
          AddScaled(dv.data() + j * k, row[j], dz, k);
        }
        for (int j = 0; j <= t; ++j) {
          const double dscore = row[j] * (dpattern[static_cast<size_t>(j)] - weighted) * score_scale;
          AddScaled(dq.data() + t * k, dscore, key.data() + j * k, k);
          AddScaled(dk.data() + j * k, dscore, q.data() + t * k, k);
        }
      }
      ProjectRowsBack(x.data(), T, d, p + layout.query[l][h], k, dq.data(), g + layout.query[l][h], dx_before.data());
      ProjectRowsBack(x.data(), T, d, p + layout.key[l][h], k, dk.data(), g + layout.key[l][h], dx_before.data());
      ProjectRowsBack(x.data(), T, d, p + layout.value[l][h], k, dv.data(), g + layout.value[l][h], dx_before.data());
    }
    dx.swap(dx_before);
  }
  for (int t = 0; t < T; ++t) {
    AddScaled(g + layout.token_embedding + tokens[static_cast<size_t>(t)] * d, 1.0, dx.data() + t * d, d);
    AddScaled(g + layout.position_embedding + t * d, 1.0, dx.data() + t * d, d);
  }
}

// [SECTION] Training

Training StartTraining(const Options& given) {
  Training training;
  training.options = Clamped(given);
  const Options& options = training.options;
  training.layout = LayoutOf(options);
  const Layout& layout = training.layout;
  training.parameters.resize(static_cast<size_t>(layout.size));
  uint64_t state = options.seed * 0xD1B54A32D192ED03ULL + 11;
  // Each part uniform with a standard deviation of 1/sqrt(its input's width).
  auto fill = [&](int start, int count, int fan_in) {
    const double bound = std::sqrt(3.0 / fan_in);
    for (int i = 0; i < count; ++i) {
      training.parameters[static_cast<size_t>(start + i)] = RandomUniform(&state, -bound, bound);
    }
  };
  fill(layout.token_embedding, layout.vocabulary * layout.width, 1);
  fill(layout.position_embedding, layout.length * layout.width, 1);
  const int projection = layout.head_width * layout.width;
  for (int l = 0; l < kLayers; ++l) {
    for (int h = 0; h < layout.heads; ++h) {
      fill(layout.query[l][h], projection, layout.width);
      fill(layout.key[l][h], projection, layout.width);
      fill(layout.value[l][h], projection, layout.width);
      fill(layout.output[l][h], projection, layout.width);
    }
  }
  fill(layout.unembedding, layout.vocabulary * layout.width, layout.width);
  training.first_moment.assign(training.parameters.size(), 0.0);
  training.second_moment.assign(training.parameters.size(), 0.0);
  training.batch_state = options.seed * 0x9E3779B97F4A7C15ULL + 3;
  return training;
}

double BatchGradient(const Training& training, const std::vector<Sequence>& batch, std::vector<double>* gradient) {
  gradient->assign(training.parameters.size(), 0.0);
  Pass pass;
  double loss = 0.0;
  const double scale = 1.0 / static_cast<double>(batch.size());
  for (const Sequence& sequence : batch) {
    Forward(training.layout, training.parameters, sequence.tokens, {}, &pass);
    loss += SequenceLoss(training.layout, pass, sequence.tokens);
    Backward(training.layout, training.parameters, sequence.tokens, {}, pass, scale, gradient);
  }
  return loss * scale;
}

void Train(Training* training, int count) {
  Training& t = *training;
  std::vector<Sequence> batch(static_cast<size_t>(t.options.batch));
  std::vector<double> gradient;
  for (int step = 0; step < count; ++step) {
    for (Sequence& sequence : batch) sequence = RandomSequence(t.options, &t.batch_state);
    t.loss.push_back(BatchGradient(t, batch, &gradient));
    ++t.steps;
    t.beta1_power *= kAdamBeta1;
    t.beta2_power *= kAdamBeta2;
    const double rate = t.options.rate;
    for (size_t i = 0; i < t.parameters.size(); ++i) {
      const double gi = gradient[i];
      double& m = t.first_moment[i];
      double& v = t.second_moment[i];
      m = kAdamBeta1 * m + (1.0 - kAdamBeta1) * gi;
      v = kAdamBeta2 * v + (1.0 - kAdamBeta2) * gi * gi;
      t.parameters[i] -= rate * (m / (1.0 - t.beta1_power)) / (std::sqrt(v / (1.0 - t.beta2_power)) + kAdamEpsilon);
    }
  }
}

// [SECTION] Measures

std::vector<Sequence> EvaluationSet(const Options& given, int count) {
  const Options options = Clamped(given);
  uint64_t state = options.seed * 0xA24BAED4963EE407ULL + 5;
  std::vector<Sequence> set;
  for (int i = 0; i < count; ++i) set.push_back(RandomSequence(options, &state));
  return set;
}

Measures Measure(const Training& training, const std::vector<Sequence>& set, const Knockout& knockout) {
  const Layout& layout = training.layout;
  const int T = layout.length, V = layout.vocabulary;
  Measures measures;
  Pass pass;
  int repeated = 0, repeated_right = 0, other = 0, other_right = 0, previous_count = 0;
  for (const Sequence& sequence : set) {
    Forward(layout, training.parameters, sequence.tokens, knockout, &pass);
    measures.loss += SequenceLoss(layout, pass, sequence.tokens);
    const int offset = sequence.second - sequence.first;
    for (int t = 0; t + 1 < T; ++t) {
      const double* row = pass.probabilities.data() + t * V;
      const bool right = std::max_element(row, row + V) - row == sequence.tokens[static_cast<size_t>(t + 1)];
      if (Repeated(sequence, t)) {
        ++repeated;
        repeated_right += right;
      } else {
        ++other;
        other_right += right;
      }
    }
    for (int l = 0; l < kLayers; ++l) {
      for (int h = 0; h < layout.heads; ++h) {
        const std::vector<double>& a = pass.pattern[l][h];
        for (int t = 1; t < T; ++t) measures.previous_token[l][h] += a[static_cast<size_t>(t * T + t - 1)];
        for (int t = 0; t < T; ++t) {
          if (!Repeated(sequence, t)) continue;
          measures.duplicate[l][h] += a[static_cast<size_t>(t * T + t - offset)];
          measures.induction[l][h] += a[static_cast<size_t>(t * T + t - offset + 1)];
        }
      }
    }
    previous_count += T - 1;
  }
  const double sequences = static_cast<double>(std::max<size_t>(set.size(), 1));
  measures.loss /= sequences;
  measures.repeated_accuracy = repeated ? static_cast<double>(repeated_right) / repeated : 0.0;
  measures.other_accuracy = other ? static_cast<double>(other_right) / other : 0.0;
  for (int l = 0; l < kLayers; ++l) {
    for (int h = 0; h < layout.heads; ++h) {
      if (previous_count) measures.previous_token[l][h] /= previous_count;
      if (!repeated) continue;
      measures.duplicate[l][h] /= repeated;
      measures.induction[l][h] /= repeated;
    }
  }
  return measures;
}

KnockoutEffects KnockOutEach(const Training& training, const std::vector<Sequence>& set) {
  KnockoutEffects effects;
  effects.none = Measure(training, set).repeated_accuracy;
  for (int l = 0; l < kLayers; ++l) {
    Knockout whole_layer;
    for (int h = 0; h < training.layout.heads; ++h) {
      Knockout one;
      one.head[l][h] = true;
      whole_layer.head[l][h] = true;
      effects.head[l][h] = Measure(training, set, one).repeated_accuracy;
    }
    effects.layer[l] = Measure(training, set, whole_layer).repeated_accuracy;
  }
  return effects;
}

}  // namespace heads
