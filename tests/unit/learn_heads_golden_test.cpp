// The two-layer attention-only transformer (src/learn/heads.h) against PyTorch: its loss and the
// gradient of every parameter on golden cases that scripts/heads-golden.py computed once with
// torch's autograd and wrote to tests/unit/data/heads_golden.txt (compiled in, so the test needs
// neither torch nor a filesystem, and runs the same in wasm).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "learn/heads.h"

extern const unsigned char kHeadsGolden[];
extern const unsigned int kHeadsGolden_size;

namespace {

struct GoldenCase {
  std::string name;
  heads::Options options;
  heads::Knockout knockout;
  bool any_knocked_out = false;
  std::vector<heads::Sequence> batch;
  std::vector<double> parameters;
  double loss = 0.0;
  std::vector<double> gradient;
};

// The data file's words, comments (from # to the end of the line) left out.
std::istringstream GoldenWords() {
  std::string text(reinterpret_cast<const char*>(kHeadsGolden), kHeadsGolden_size);
  std::string words;
  bool comment = false;
  for (char c : text) {
    if (c == '#') comment = true;
    if (c == '\n') comment = false;
    words += comment ? ' ' : c;
  }
  return std::istringstream(words);
}

void Expect(std::istream& in, const char* keyword) {
  std::string word;
  in >> word;
  REQUIRE(word == keyword);
}

std::vector<double> ReadNumbers(std::istream& in, const char* keyword) {
  Expect(in, keyword);
  size_t count = 0;
  in >> count;
  std::vector<double> numbers(count);
  for (double& number : numbers) in >> number;
  REQUIRE(in);
  return numbers;
}

std::vector<GoldenCase> ReadGoldenCases() {
  std::istringstream in = GoldenWords();
  std::vector<GoldenCase> cases;
  std::string word;
  while (in >> word) {
    REQUIRE(word == "case");
    GoldenCase golden;
    in >> golden.name;
    Expect(in, "options");
    Expect(in, "vocabulary");
    in >> golden.options.vocabulary;
    Expect(in, "length");
    in >> golden.options.length;
    Expect(in, "width");
    in >> golden.options.width;
    Expect(in, "heads");
    in >> golden.options.heads;
    Expect(in, "knocked_out");
    while (in >> word && word != "end") {
      const int layer = std::stoi(word);
      int head = 0;
      in >> head;
      REQUIRE((layer >= 0 && layer < heads::kLayers && head >= 0 && head < heads::kMaxHeads));
      golden.knockout.head[layer][head] = true;
      golden.any_knocked_out = true;
    }
    Expect(in, "sequences");
    size_t count = 0;
    in >> count;
    golden.batch.resize(count);
    for (heads::Sequence& sequence : golden.batch) {
      sequence.tokens.resize(static_cast<size_t>(golden.options.length));
      for (int& token : sequence.tokens) in >> token;
    }
    golden.parameters = ReadNumbers(in, "parameters");
    Expect(in, "loss");
    in >> golden.loss;
    golden.gradient = ReadNumbers(in, "gradient");
    REQUIRE(in);
    cases.push_back(golden);
  }
  return cases;
}

// Within a relative 1e-9 of torch's, or an absolute 1e-12 for numbers near zero.
bool Close(double ours, double theirs) { return std::fabs(ours - theirs) <= 1e-9 * std::fabs(theirs) + 1e-12; }

std::string Numbers(double ours, double theirs) {
  std::ostringstream text;
  text.precision(17);
  text << "ours " << ours << ", torch's " << theirs;
  return text.str();
}

}  // namespace

TEST_CASE("the loss and the gradient of every parameter agree with PyTorch's autograd on the golden cases") {
  const std::vector<GoldenCase> cases = ReadGoldenCases();
  REQUIRE(cases.size() == 4);
  for (const GoldenCase& golden : cases) {
    CAPTURE(golden.name);
    heads::Training training = heads::StartTraining(golden.options);
    REQUIRE(training.options.vocabulary == golden.options.vocabulary);  // nothing was clamped
    REQUIRE(training.options.length == golden.options.length);
    REQUIRE(training.options.width == golden.options.width);
    REQUIRE(training.options.heads == golden.options.heads);
    REQUIRE(training.parameters.size() == golden.parameters.size());
    REQUIRE(golden.gradient.size() == golden.parameters.size());
    training.parameters = golden.parameters;

    // BatchGradient's computation, with the case's knock-outs.
    const heads::Layout& layout = training.layout;
    const double scale = 1.0 / static_cast<double>(golden.batch.size());
    std::vector<double> gradient(golden.parameters.size(), 0.0);
    double loss = 0.0;
    heads::Pass pass;
    for (const heads::Sequence& sequence : golden.batch) {
      heads::Forward(layout, training.parameters, sequence.tokens, golden.knockout, &pass);
      loss += heads::SequenceLoss(layout, pass, sequence.tokens);
      heads::Backward(layout, training.parameters, sequence.tokens, golden.knockout, pass, scale, &gradient);
    }
    loss *= scale;

    CHECK_MESSAGE(Close(loss, golden.loss), Numbers(loss, golden.loss));
    int wrong = 0;
    for (size_t i = 0; i < gradient.size() && wrong < 5; ++i) {
      if (Close(gradient[i], golden.gradient[i])) continue;
      ++wrong;
      FAIL_CHECK("gradient[" << i << "]: " << Numbers(gradient[i], golden.gradient[i]));
    }
    CHECK(wrong == 0);

    if (!golden.any_knocked_out) {
      std::vector<double> batch_gradient;
      CHECK(Close(heads::BatchGradient(training, golden.batch, &batch_gradient), golden.loss));
      for (size_t i = 0; i < batch_gradient.size(); ++i) CHECK(Close(batch_gradient[i], golden.gradient[i]));
    }
  }
}
