#pragma once
// A one-layer attention model that learns where to look, trained in front of the learner on the
// lesson's own task: answering a question about a paragraph.
// Pure C++17 on top of the attention core (src/attention/): no UI, no words. Subjects and
// questions are numbers here; the lesson (src/lesson/scenes/learn/) gives them their sentences.
// Deterministic for a seed, on every platform: its own random numbers, full-batch steps in a
// fixed order, and only arithmetic that rounds the same natively and in wasm.
//
// Contents
// [SECTION] The task: paragraphs and questions made from a seed
// [SECTION] The model: embeddings, projections, one attention pass
// [SECTION] Training: the loss, its gradients and Adam
// [SECTION] The controlled test: remove a sentence, measure the answer

#include <array>
#include <cstdint>
#include <vector>

#include "attention/attention.h"

namespace learn {

// [SECTION] The task: paragraphs and questions made from a seed

constexpr int kSubjects = 6;        // museum, bus, shop, tour, train, library (the lesson's words)
constexpr int kSentences = 4;       // sentences in a paragraph
constexpr int kFirstNumber = 6;     // each sentence names an hour from 6 ...
constexpr int kLastNumber = 22;     // ... to 22
constexpr int kTrainParagraphs = 40;
constexpr int kHeldOutParagraphs = 40;

// "The bus leaves at 10.": a subject and its number.
struct Sentence {
  int subject = 0;  // 0 .. kSubjects-1
  int number = 0;   // kFirstNumber .. kLastNumber
};

// Four sentences, each about one subject (a paragraph may state one fact twice).
struct Paragraph {
  std::array<Sentence, kSentences> sentences{};
};

// A question about one subject of a paragraph ("When does the bus leave?") and its answer, the
// number of the sentence about that subject.
struct Example {
  Paragraph paragraph;
  int question = 0;  // the subject asked about
  double answer = 0.0;
};

// Training paragraphs (four distinct subjects in shuffled order, new numbers, one example per
// sentence) and held-out ones whose order of subjects never occurs in training.
struct Dataset {
  std::vector<Example> train;
  std::vector<Example> held_out;
};

Dataset MakeDataset(uint64_t seed);

// The lesson's paragraph: the museum opens at 9, the bus leaves at 10, the shop closes at 17, the
// tour starts at 14.
Paragraph LessonParagraph();
// The same fact stated twice: the bus at 10 first and third, the museum at 9, the shop at 17.
Paragraph RepeatedFactParagraph();

// The number of the sentence about `subject` (the first one), or NaN when none is.
double AnswerOf(const Paragraph& paragraph, int subject);

// [SECTION] The model: embeddings, projections, one attention pass

// Zero means default.
struct Options {
  uint64_t seed = 1;   // the data and the initial parameters
  double rate = 0.03;  // Adam's learning rate, 0.001 .. 1
  int dim = 2;         // d: width of the query and the keys, drawn in a plane when 2
  int embed = 3;       // width of the embeddings
};

// q = W_Q e_question, k_j = W_K e_subject(j), values = the sentences' numbers, output = the
// weighted combination (scaled dot-product attention, attention::Attend).
struct Model {
  attention::Matrix question_embeddings;  // kSubjects x embed
  attention::Matrix subject_embeddings;   // kSubjects x embed
  attention::Matrix query_projection;     // dim x embed (W_Q)
  attention::Matrix key_projection;       // dim x embed (W_K)
};

// Every parameter matrix of a model, in a fixed order: the embeddings, then W_Q and W_K.
std::array<attention::Matrix*, 4> ParametersOf(Model& model);

// Small random parameters from the seed: every weight starts near 1/4.
Model InitialModel(const Options& options);

// The query for a question and the key of a subject (dim numbers each).
std::vector<double> QueryOf(const Model& model, int question);
std::vector<double> KeyOf(const Model& model, int subject);

// One question about one paragraph. `removed[j]` masks sentence j (the controlled test).
struct Answer {
  std::array<double, kSentences> weights{};  // on each sentence; 0 where removed
  double output = 0.0;                        // the model's answer; NaN when every sentence is removed
};
Answer Ask(const Model& model, const Paragraph& paragraph, int question,
           const std::array<bool, kSentences>& removed = {});

// Mean squared error of the answers, and the share answered right (rounded to the answer).
double MeanLoss(const Model& model, const std::vector<Example>& examples);
double Accuracy(const Model& model, const std::vector<Example>& examples);

// [SECTION] Training: the loss, its gradients and Adam

// Where training is: the model, Adam's moments and the curves so far.
struct Training {
  Options options;
  Dataset data;
  Model model;
  Model first_moment;   // Adam's m, shaped as the model
  Model second_moment;  // Adam's v
  double beta1_power = 1.0;  // beta1^steps and beta2^steps, for Adam's bias correction (no pow)
  double beta2_power = 1.0;
  int steps = 0;
  std::vector<double> loss;      // training loss before each step and after the last (steps + 1)
  std::vector<double> accuracy;  // held-out accuracy at the same points
};

// A model at step 0 (rate clamped to 0.001 .. 1, dim and embed to 1 .. 8; non-finite rate: the default).
Training StartTraining(const Options& options);
// `count` full-batch steps: the gradient of the mean squared error through attention
// (attention::AttendGradients) and the projections, then an Adam update.
void Train(Training* training, int count);
// The gradient of the training loss with respect to every parameter, shaped as the model; the
// loss itself (MeanLoss, the same number) into *loss when not null.
Model LossGradient(const Model& model, const std::vector<Example>& examples, double* loss = nullptr);

// [SECTION] The controlled test: remove a sentence, measure the answer

struct Removal {
  double weight = 0.0;          // the sentence's weight in the full paragraph
  double answer_without = 0.0;  // the answer with the sentence removed
  double change = 0.0;          // |answer_without - full answer|
};
std::array<Removal, kSentences> RemoveEach(const Model& model, const Paragraph& paragraph, int question);

}  // namespace learn
