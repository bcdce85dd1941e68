#include "learn/learn.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "attention/detail.h"
#include "learn/random.h"

namespace learn {

namespace {

constexpr double kAdamBeta1 = 0.9;
constexpr double kAdamBeta2 = 0.999;
constexpr double kAdamEpsilon = 1e-8;
constexpr double kInitialScale = 0.5;  // initial parameters are uniform in ±this

Paragraph RandomParagraph(uint64_t* state) {
  std::array<int, kSubjects> subjects{};
  for (int s = 0; s < kSubjects; ++s) subjects[static_cast<size_t>(s)] = s;
  for (int s = kSubjects - 1; s > 0; --s) {
    std::swap(subjects[static_cast<size_t>(s)], subjects[static_cast<size_t>(RandomBelow(state, s + 1))]);
  }
  Paragraph paragraph;
  for (int j = 0; j < kSentences; ++j) {
    paragraph.sentences[static_cast<size_t>(j)] = {subjects[static_cast<size_t>(j)],
                                                   kFirstNumber + RandomBelow(state, kLastNumber - kFirstNumber + 1)};
  }
  return paragraph;
}

// The paragraph's order of subjects as one number.
int OrderOf(const Paragraph& paragraph) {
  int order = 0;
  for (const Sentence& sentence : paragraph.sentences) order = order * kSubjects + sentence.subject;
  return order;
}

void AddExamples(const Paragraph& paragraph, std::vector<Example>* examples) {
  for (const Sentence& sentence : paragraph.sentences) {
    examples->push_back({paragraph, sentence.subject, static_cast<double>(sentence.number)});
  }
}

// y = M x for a dim x embed matrix M and x of length embed.
void Project(const attention::Matrix& m, const double* x, double* y) {
  for (int r = 0; r < m.rows; ++r) {
    double sum = 0.0;
    for (int c = 0; c < m.cols; ++c) sum += m(r, c) * x[c];
    y[r] = sum;
  }
}

// dM += dy x^T and dx += M^T dy, for y = M x.
void ProjectBack(const attention::Matrix& m, const double* x, const double* dy, attention::Matrix* dm, double* dx) {
  for (int r = 0; r < m.rows; ++r) {
    for (int c = 0; c < m.cols; ++c) {
      (*dm)(r, c) += dy[r] * x[c];
      dx[c] += m(r, c) * dy[r];
    }
  }
}

Model ZerosLike(const Model& model) {
  Model zeros = model;
  for (attention::Matrix* part : ParametersOf(zeros)) std::fill(part->data.begin(), part->data.end(), 0.0);
  return zeros;
}

// One attention pass for a question: the problem is filled in place, so its storage is reused
// from example to example (training runs thousands of passes a second).
void FillProblem(const Model& model, const Paragraph& paragraph, int question, const std::array<bool, kSentences>& removed,
                 attention::Problem* problem) {
  const int dim = model.query_projection.rows;
  attention::detail::Reshape(&problem->queries, 1, dim, 0.0);
  attention::detail::Reshape(&problem->keys, kSentences, dim, 0.0);
  attention::detail::Reshape(&problem->values, kSentences, 1, 0.0);
  Project(model.query_projection, model.question_embeddings.Row(question), problem->queries.data.data());
  bool any_removed = false;
  for (int j = 0; j < kSentences; ++j) {
    const Sentence& sentence = paragraph.sentences[static_cast<size_t>(j)];
    Project(model.key_projection, model.subject_embeddings.Row(sentence.subject),
            problem->keys.data.data() + static_cast<size_t>(j) * static_cast<size_t>(dim));
    problem->values(j, 0) = sentence.number;
    any_removed = any_removed || removed[static_cast<size_t>(j)];
  }
  attention::Mask& mask = problem->mask;
  mask.rows = any_removed ? 1 : 0;
  mask.cols = any_removed ? kSentences : 0;
  mask.allowed.assign(any_removed ? static_cast<size_t>(kSentences) : 0, 1);
  for (int j = 0; any_removed && j < kSentences; ++j) mask.Set(0, j, !removed[static_cast<size_t>(j)]);
}

// A question's answer through a problem and result kept between calls; NaN when every sentence
// is removed.
double OutputOf(const Model& model, const Paragraph& paragraph, int question, const std::array<bool, kSentences>& removed,
                attention::Problem* problem, attention::Result* result) {
  FillProblem(model, paragraph, question, removed, problem);
  if (!attention::Attend(*problem, result).ok || result->RowIsEmpty(0)) return std::numeric_limits<double>::quiet_NaN();
  return result->outputs(0, 0);
}

// Calls visit(example, the model's answer) for each example, through one problem and result.
template <typename Visit>
void ForEachAnswer(const Model& model, const std::vector<Example>& examples, Visit visit) {
  attention::Problem problem;
  attention::Result result;
  for (const Example& example : examples) {
    visit(example, OutputOf(model, example.paragraph, example.question, {}, &problem, &result));
  }
}

}  // namespace

// [SECTION] The task

Dataset MakeDataset(uint64_t seed) {
  Dataset data;
  uint64_t state = seed;
  std::vector<int> seen;
  for (int p = 0; p < kTrainParagraphs; ++p) {
    const Paragraph paragraph = RandomParagraph(&state);
    seen.push_back(OrderOf(paragraph));
    AddExamples(paragraph, &data.train);
  }
  for (int p = 0; p < kHeldOutParagraphs;) {
    const Paragraph paragraph = RandomParagraph(&state);
    if (std::find(seen.begin(), seen.end(), OrderOf(paragraph)) != seen.end()) continue;
    AddExamples(paragraph, &data.held_out);
    ++p;
  }
  return data;
}

Paragraph LessonParagraph() { return Paragraph{{{{0, 9}, {1, 10}, {2, 17}, {3, 14}}}}; }

Paragraph RepeatedFactParagraph() { return Paragraph{{{{1, 10}, {0, 9}, {1, 10}, {2, 17}}}}; }

double AnswerOf(const Paragraph& paragraph, int subject) {
  for (const Sentence& sentence : paragraph.sentences) {
    if (sentence.subject == subject) return sentence.number;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

// [SECTION] The model

std::array<attention::Matrix*, 4> ParametersOf(Model& model) {
  return {&model.question_embeddings, &model.subject_embeddings, &model.query_projection, &model.key_projection};
}

Model InitialModel(const Options& options) {
  uint64_t state = options.seed * 0xD1B54A32D192ED03ULL + 7;
  Model model;
  model.question_embeddings = attention::Matrix(kSubjects, options.embed);
  model.subject_embeddings = attention::Matrix(kSubjects, options.embed);
  model.query_projection = attention::Matrix(options.dim, options.embed);
  model.key_projection = attention::Matrix(options.dim, options.embed);
  for (attention::Matrix* part : ParametersOf(model)) {
    for (double& x : part->data) x = RandomUniform(&state, -kInitialScale, kInitialScale);
  }
  return model;
}

std::vector<double> QueryOf(const Model& model, int question) {
  std::vector<double> query(static_cast<size_t>(model.query_projection.rows));
  Project(model.query_projection, model.question_embeddings.Row(question), query.data());
  return query;
}

std::vector<double> KeyOf(const Model& model, int subject) {
  std::vector<double> key(static_cast<size_t>(model.key_projection.rows));
  Project(model.key_projection, model.subject_embeddings.Row(subject), key.data());
  return key;
}

Answer Ask(const Model& model, const Paragraph& paragraph, int question, const std::array<bool, kSentences>& removed) {
  attention::Problem problem;
  attention::Result result;
  Answer answer;
  answer.output = OutputOf(model, paragraph, question, removed, &problem, &result);
  if (std::isnan(answer.output)) return answer;
  for (int j = 0; j < kSentences; ++j) answer.weights[static_cast<size_t>(j)] = result.weights(0, j);
  return answer;
}

double MeanLoss(const Model& model, const std::vector<Example>& examples) {
  double sum = 0.0;
  ForEachAnswer(model, examples, [&sum](const Example& example, double output) {
    const double error = output - example.answer;
    sum += error * error;
  });
  return examples.empty() ? 0.0 : sum / static_cast<double>(examples.size());
}

double Accuracy(const Model& model, const std::vector<Example>& examples) {
  int right = 0;
  ForEachAnswer(model, examples,
                [&right](const Example& example, double output) { right += std::fabs(output - example.answer) < 0.5 ? 1 : 0; });
  return examples.empty() ? 0.0 : static_cast<double>(right) / static_cast<double>(examples.size());
}

// [SECTION] Training

Training StartTraining(const Options& options) {
  Training training;
  Options& o = training.options;
  o = options;
  o.rate = std::isfinite(o.rate) ? std::clamp(o.rate, 0.001, 1.0) : Options{}.rate;
  o.dim = std::clamp(o.dim, 1, 8);
  o.embed = std::clamp(o.embed, 1, 8);
  training.data = MakeDataset(o.seed);
  training.model = InitialModel(o);
  training.first_moment = ZerosLike(training.model);
  training.second_moment = ZerosLike(training.model);
  training.loss.push_back(MeanLoss(training.model, training.data.train));
  training.accuracy.push_back(Accuracy(training.model, training.data.held_out));
  return training;
}

Model LossGradient(const Model& model, const std::vector<Example>& examples, double* loss) {
  Model gradient = ZerosLike(model);
  if (loss != nullptr) *loss = 0.0;
  if (examples.empty()) return gradient;
  double squared_errors = 0.0;
  const int embed = model.query_projection.cols;
  attention::Problem problem;
  attention::Result result;
  attention::Gradients pass;
  attention::Matrix output_gradient(1, 1);
  std::vector<double> d_embedding(static_cast<size_t>(embed));
  for (const Example& example : examples) {
    FillProblem(model, example.paragraph, example.question, {}, &problem);
    if (!attention::Attend(problem, &result).ok) continue;
    // L = mean of (output - answer)^2.
    const double error = result.outputs(0, 0) - example.answer;
    squared_errors += error * error;
    output_gradient(0, 0) = 2.0 * error / static_cast<double>(examples.size());
    if (!attention::AttendGradients(problem, result, output_gradient, &pass).ok) continue;
    std::fill(d_embedding.begin(), d_embedding.end(), 0.0);
    ProjectBack(model.query_projection, model.question_embeddings.Row(example.question), pass.queries.Row(0),
                &gradient.query_projection, d_embedding.data());
    for (int c = 0; c < embed; ++c) gradient.question_embeddings(example.question, c) += d_embedding[static_cast<size_t>(c)];
    for (int j = 0; j < kSentences; ++j) {
      const int subject = example.paragraph.sentences[static_cast<size_t>(j)].subject;
      std::fill(d_embedding.begin(), d_embedding.end(), 0.0);
      ProjectBack(model.key_projection, model.subject_embeddings.Row(subject), pass.keys.Row(j), &gradient.key_projection,
                  d_embedding.data());
      for (int c = 0; c < embed; ++c) gradient.subject_embeddings(subject, c) += d_embedding[static_cast<size_t>(c)];
    }
  }
  if (loss != nullptr) *loss = squared_errors / static_cast<double>(examples.size());
  return gradient;
}

void Train(Training* training, int count) {
  Training& t = *training;
  for (int step = 0; step < count; ++step) {
    // The gradient's forward passes give the loss of the model as it is: after the step before.
    double loss = 0.0;
    Model gradient = LossGradient(t.model, t.data.train, &loss);
    if (step > 0) t.loss.push_back(loss);
    ++t.steps;
    t.beta1_power *= kAdamBeta1;
    t.beta2_power *= kAdamBeta2;
    const auto params = ParametersOf(t.model);
    const auto grads = ParametersOf(gradient);
    const auto firsts = ParametersOf(t.first_moment);
    const auto seconds = ParametersOf(t.second_moment);
    for (size_t part = 0; part < params.size(); ++part) {
      for (size_t k = 0; k < params[part]->data.size(); ++k) {
        const double g = grads[part]->data[k];
        double& m = firsts[part]->data[k];
        double& v = seconds[part]->data[k];
        m = kAdamBeta1 * m + (1.0 - kAdamBeta1) * g;
        v = kAdamBeta2 * v + (1.0 - kAdamBeta2) * g * g;
        const double m_hat = m / (1.0 - t.beta1_power);
        const double v_hat = v / (1.0 - t.beta2_power);
        params[part]->data[k] -= t.options.rate * m_hat / (std::sqrt(v_hat) + kAdamEpsilon);
      }
    }
    t.accuracy.push_back(Accuracy(t.model, t.data.held_out));
  }
  if (count > 0) t.loss.push_back(MeanLoss(t.model, t.data.train));
}

// [SECTION] The controlled test

std::array<Removal, kSentences> RemoveEach(const Model& model, const Paragraph& paragraph, int question) {
  const Answer full = Ask(model, paragraph, question);
  std::array<Removal, kSentences> removals{};
  for (int j = 0; j < kSentences; ++j) {
    std::array<bool, kSentences> removed{};
    removed[static_cast<size_t>(j)] = true;
    Removal& removal = removals[static_cast<size_t>(j)];
    removal.weight = full.weights[static_cast<size_t>(j)];
    removal.answer_without = Ask(model, paragraph, question, removed).output;
    removal.change = std::fabs(removal.answer_without - full.output);
  }
  return removals;
}

}  // namespace learn
