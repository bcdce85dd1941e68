#pragma once
// A two-layer, attention-only transformer trained in front of the learner on sequences that hold
// a repeated run of random tokens, where attention heads form: a previous-token head in layer 1
// and an induction head in layer 2 that, together, copy what followed the earlier occurrence of
// the current token (Elhage et al. 2021; Olsson et al. 2022).
// Pure C++17: no UI, no words. Deterministic for a seed, on every platform: its own random
// numbers, steps in a fixed order, and inner loops that round the same natively and in wasm.
//
// Contents
// [SECTION] The task: sequences with a repeated run
// [SECTION] The model: embeddings, two layers of heads, the unembedding
// [SECTION] One sequence through the model, and back
// [SECTION] Training: batches, the loss and Adam
// [SECTION] Measures: accuracy, each head's scores, knock-outs

#include <cstdint>
#include <vector>

namespace heads {

// [SECTION] The task: sequences with a repeated run

constexpr int kLayers = 2;
constexpr int kMaxHeads = 4;  // per layer

// Zero means default where a default makes sense; StartTraining clamps the rest.
struct Options {
  uint64_t seed = 1;      // the data, the initial parameters and the batches
  int vocabulary = 32;    // tokens 0 .. vocabulary-1, 4 .. 64
  int length = 24;        // tokens in a sequence, 8 .. 64
  int shortest_run = 6;   // the repeated run's length, at least 2 ...
  int longest_run = 12;   // ... and at most length / 2
  int width = 24;         // the residual stream, 4 .. 64, a multiple of heads
  int heads = 2;          // per layer, 1 .. kMaxHeads
  int batch = 16;         // sequences in a step, 1 .. 256
  double rate = 0.01;     // Adam's learning rate, 1e-5 .. 0.1
};
// With these defaults the heads form within about 1,000-1,600 steps for seeds 1-10 (the
// repeated run's next token right more than 85 % of the time, an induction score above 0.7).

// Random tokens, with one run of them repeated later in the sequence: the second copy starts at
// `second` and holds the tokens from `first` on. Both places and the run's length vary.
struct Sequence {
  std::vector<int> tokens;
  int first = 0;
  int second = 0;
  int run = 0;
};

// Whether position t's next token can be read off the first copy: t is in the second copy and
// t + 1 is too (so the token after t's earlier occurrence is the answer).
bool Repeated(const Sequence& sequence, int t);

// [SECTION] The model: embeddings, two layers of heads, the unembedding

// Where each parameter lives in one flat array (so that Adam and the tests see one vector).
// Head h of layer l has W_Q, W_K, W_V (each head_width x width, one row per output) and W_O
// (width x head_width).
struct Layout {
  int vocabulary = 0, length = 0, width = 0, heads = 0, head_width = 0;
  int token_embedding = 0;     // vocabulary x width
  int position_embedding = 0;  // length x width
  int query[kLayers][kMaxHeads] = {}, key[kLayers][kMaxHeads] = {}, value[kLayers][kMaxHeads] = {};
  int output[kLayers][kMaxHeads] = {};
  int unembedding = 0;         // vocabulary x width: logit v = row v . x
  int size = 0;                // every parameter
};
Layout LayoutOf(const Options& options);

// Which heads are knocked out: their output is zero (the controlled test).
struct Knockout {
  bool head[kLayers][kMaxHeads] = {};
};

// [SECTION] One sequence through the model, and back

// What a forward pass leaves for the backward pass and for the picture.
struct Pass {
  std::vector<double> stream[kLayers + 1];   // the residual stream before each layer and after the last, length x width
  std::vector<double> q[kLayers][kMaxHeads], k[kLayers][kMaxHeads], v[kLayers][kMaxHeads];  // length x head_width
  std::vector<double> pattern[kLayers][kMaxHeads];  // length x length, row t: head's weights on 0..t (0 after t)
  std::vector<double> mixed[kLayers][kMaxHeads];    // pattern x v, length x head_width
  std::vector<double> probabilities;                // length x vocabulary, the next token's
};

// Runs the model on `tokens` (Layout::length of them).
void Forward(const Layout& layout, const std::vector<double>& parameters, const std::vector<int>& tokens,
             const Knockout& knockout, Pass* pass);

// Mean cross-entropy of the next token over positions 0 .. length-2.
double SequenceLoss(const Layout& layout, const Pass& pass, const std::vector<int>& tokens);

// Adds the gradient of SequenceLoss x `scale` to `gradient` (Layout::size numbers).
void Backward(const Layout& layout, const std::vector<double>& parameters, const std::vector<int>& tokens,
              const Knockout& knockout, const Pass& pass, double scale, std::vector<double>* gradient);

// [SECTION] Training: batches, the loss and Adam

struct Training {
  Options options;
  Layout layout;
  std::vector<double> parameters;
  std::vector<double> first_moment, second_moment;  // Adam's m and v
  double beta1_power = 1.0, beta2_power = 1.0;
  uint64_t batch_state = 0;  // where the batches' random numbers are
  int steps = 0;
  std::vector<double> loss;  // the training batch's mean loss at each step
};

// A model at step 0, with every option clamped to its range.
Training StartTraining(const Options& options);
// One random sequence from `*state` (the batches') for these options.
Sequence RandomSequence(const Options& options, uint64_t* state);
// `count` steps, each on a fresh batch.
void Train(Training* training, int count);
// The mean loss of a batch and its gradient (the same computation Train uses).
double BatchGradient(const Training& training, const std::vector<Sequence>& batch, std::vector<double>* gradient);

// [SECTION] Measures: accuracy, each head's scores, knock-outs

// Held-out sequences from the seed, never trained on.
std::vector<Sequence> EvaluationSet(const Options& options, int count);

struct Measures {
  double loss = 0.0;
  double repeated_accuracy = 0.0;  // the next token's argmax is right, where Repeated
  double other_accuracy = 0.0;     // the same elsewhere (chance: about 1 / vocabulary)
  // Mean weight on the token just before (previous-token score, everywhere), and where Repeated,
  // on the earlier occurrence of the current token (duplicate-token score) and on the token after
  // it (induction score). A layer-1 head that moves the previous token forward, or one that finds
  // the earlier occurrence, can each let a layer-2 head find the token after it.
  double previous_token[kLayers][kMaxHeads] = {};
  double duplicate[kLayers][kMaxHeads] = {};
  double induction[kLayers][kMaxHeads] = {};
};
Measures Measure(const Training& training, const std::vector<Sequence>& set, const Knockout& knockout = {});

// The controlled test: the repeated run's accuracy with nothing knocked out, with each head knocked
// out alone, and with each layer's heads all knocked out.
struct KnockoutEffects {
  double none = 0.0;
  double head[kLayers][kMaxHeads] = {};
  double layer[kLayers] = {};
};
KnockoutEffects KnockOutEach(const Training& training, const std::vector<Sequence>& set);

}  // namespace heads
