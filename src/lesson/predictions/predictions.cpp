#include "lesson/predictions/predictions.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "lesson/json_text.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/mirror_words.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

#define ATTN_PREDICTION_ADDRESS(Id) &k##Id##Question,
const QuestionDef* const kQuestions[] = {ATTN_PREDICTIONS(ATTN_PREDICTION_ADDRESS)};
#undef ATTN_PREDICTION_ADDRESS

size_t At(Question question) { return static_cast<size_t>(question); }

bool Valid(Question question) { return At(question) < static_cast<size_t>(kQuestionCount); }

Prediction& Of(LessonState& state, Question question) { return state.predictions.answers[At(question)]; }

// Queues `event` for the host, its latency made a time (a non-finite or negative one is 0).
void PushEvent(LessonState& state, PredictionEvent event, double latency) {
  event.latency = std::isfinite(latency) && latency > 0.0 ? latency : 0.0;
  // A host that never listens must not make the queue grow without end.
  constexpr size_t kMaxPending = 64;
  std::vector<std::string>& events = state.predictions.events;
  if (events.size() >= kMaxPending) events.erase(events.begin());
  events.push_back(PredictionEventJson(event));
}

void Queue(LessonState& state, const QuestionDef& def, const Prediction& p, double latency) {
  PredictionEvent event;
  event.scene = SceneName(def.scene);
  event.question = def.name;
  if (p.outcome != Outcome::Skipped) {
    event.prediction = def.guess_words(state, p);
    event.confidence = ConfidenceName(p.confidence);
  }
  event.skipped = p.outcome == Outcome::Skipped;
  event.correct = p.outcome == Outcome::Right;
  PushEvent(state, std::move(event), latency);
}

}  // namespace

const QuestionDef& QuestionOf(Question question) { return *kQuestions[Valid(question) ? At(question) : 0]; }

const QuestionDef* SceneQuestion(Scene scene) {
  for (const QuestionDef* def : kQuestions) {
    if (def->scene == scene) return def;
  }
  return nullptr;
}

const QuestionDef* FindQuestion(const std::string& name) {
  for (const QuestionDef* def : kQuestions) {
    if (name == def->name) return def;
  }
  return nullptr;
}

const Prediction& PredictionFor(const LessonState& state, Question question) {
  return state.predictions.answers[Valid(question) ? At(question) : 0];
}

bool Asking(const LessonState& state, Question question) {
  if (!Valid(question) || !state.predictions.ask || PredictionFor(state, question).outcome != Outcome::Open) return false;
  const QuestionDef& def = QuestionOf(question);
  return !def.applies || def.applies(state);
}

bool PickChoice(LessonState& state, Question question, int pick) {
  if (!Valid(question) || Of(state, question).outcome != Outcome::Open) return false;
  const QuestionDef& def = QuestionOf(question);
  if (def.kind == QuestionKind::Value || pick < 0 || pick >= std::min(def.choices(state), kMaxPicks)) return false;
  Prediction& p = Of(state, question);
  if (def.kind == QuestionKind::Picks) {
    p.picks ^= 1u << pick;
    p.pick = 0;
  } else {
    p.pick = pick;
  }
  return true;
}

bool GuessValue(LessonState& state, Question question, double value) {
  if (!Valid(question) || Of(state, question).outcome != Outcome::Open || !std::isfinite(value)) return false;
  const QuestionDef& def = QuestionOf(question);
  if (def.kind != QuestionKind::Value) return false;
  double lo = 0.0, hi = 0.0;
  def.range(state, &lo, &hi);
  Prediction& p = Of(state, question);
  p.value = std::clamp(value, lo, hi);
  p.pick = 0;
  return true;
}

bool CommitPrediction(LessonState& state, Question question, Confidence confidence, double latency) {
  if (!Valid(question) || confidence == Confidence::None) return false;
  Prediction& p = Of(state, question);
  const QuestionDef& def = QuestionOf(question);
  if (p.outcome != Outcome::Open) return false;
  // Picking none of a Picks question's things is a guess too: "it cuts none".
  if (def.kind == QuestionKind::Picks) p.pick = 0;
  if (!p.Guessed()) return false;
  if (def.kind == QuestionKind::Pick && p.pick >= def.choices(state)) return false;
  p.confidence = confidence;
  std::string feedback;
  p.outcome = def.judge(state, p, &feedback) ? Outcome::Right : Outcome::Wrong;
  Queue(state, def, p, latency);
  if (def.reveal) def.reveal(state, true);
  return true;
}

bool SkipPrediction(LessonState& state, Question question, double latency) {
  if (!Valid(question) || Of(state, question).outcome != Outcome::Open) return false;
  Prediction skipped;
  skipped.outcome = Outcome::Skipped;
  Of(state, question) = skipped;
  const QuestionDef& def = QuestionOf(question);
  Queue(state, def, Of(state, question), latency);
  if (def.reveal) def.reveal(state, true);
  return true;
}

void QueueQuizAnswer(LessonState& state, int question, double latency) {
  if (question < 0 || question >= kQuizQuestionCount) return;
  const QuizAnswer& answer = state.quiz.answers[static_cast<size_t>(question)];
  PredictionEvent event;
  event.scene = SceneName(Scene::Quiz);
  event.question = "quiz.q" + std::to_string(question + 1);
  if (answer.choice >= 0) event.prediction = std::string(1, static_cast<char>('A' + answer.choice));
  event.correct = IsCorrect(state.quiz, question);
  PushEvent(state, std::move(event), latency);
}

void AskAgain(LessonState& state, Question question) {
  if (!Valid(question)) return;
  Of(state, question) = Prediction{};
  const QuestionDef& def = QuestionOf(question);
  if (def.reveal) def.reveal(state, false);
}

std::string PredictionFeedback(const LessonState& state, Question question) {
  const Prediction& p = PredictionFor(state, question);
  if (!Valid(question) || !p.Committed()) return "";
  std::string feedback;
  const bool right_now = QuestionOf(question).judge(state, p, &feedback);
  // The verdict stays the one given when the learner answered; the feedback explains the numbers
  // shown, and says so where the learner has changed the scene since and they judge differently.
  if (right_now != (p.outcome == Outcome::Right)) return T("predict.changed") + " " + feedback;
  return feedback;
}

std::string VerdictText(const LessonState& state, Question question) {
  const Prediction& p = PredictionFor(state, question);
  if (!Valid(question) || !p.Committed()) return "";
  return Fill(T("predict.you_said"), {{"pick", QuestionOf(question).guess_words(state, p)},
                                      {"confidence", T(std::string(ConfidenceKey(p.confidence)) + "_said")}}) +
         " " + T(p.outcome == Outcome::Right ? "predict.right" : "predict.wrong");
}

namespace {

std::string QuestionWords(const LessonState& state, Question question, const char* part) {
  const QuestionDef& def = QuestionOf(question);
  const std::string& text = T(std::string("predict.") + def.name + "." + part);
  return def.fields ? Fill(text, def.fields(state)) : text;
}

}  // namespace

std::string QuestionText(const LessonState& state, Question question) {
  return QuestionWords(state, question, "question");
}

std::string QuestionHint(const LessonState& state, Question question) { return QuestionWords(state, question, "hint"); }

std::string GuessLine(const LessonState& state, Question question) {
  const Prediction& p = PredictionFor(state, question);
  return p.Guessed() ? Fill(T("predict.picked"), {{"pick", QuestionOf(question).guess_words(state, p)}})
                     : QuestionHint(state, question);
}

std::string DescribeAsking(const LessonState& state, Question question) {
  return Fill(T("mirror.predict.asking"), {{"question", QuestionText(state, question)}, {"next", GuessLine(state, question)}});
}

const char* ConfidenceName(Confidence confidence) {
  switch (confidence) {
    case Confidence::Guessing: return "guessing";
    case Confidence::ThinkSo: return "think-so";
    case Confidence::Sure: return "sure";
    case Confidence::None: break;
  }
  return "";
}

const char* ConfidenceKey(Confidence confidence) {
  switch (confidence) {
    case Confidence::Guessing: return "predict.guessing";
    case Confidence::ThinkSo: return "predict.think_so";
    case Confidence::Sure: return "predict.sure";
    case Confidence::None: break;
  }
  return "predict.skipped";
}

// [SECTION] The record

PredictionRecord Record(const Predictions& predictions) {
  PredictionRecord record;
  for (const Prediction& p : predictions.answers) {
    if (p.outcome == Outcome::Skipped) ++record.skipped;
    if (!p.Committed()) continue;
    const size_t c = static_cast<size_t>(p.confidence);
    ++record.made;
    ++record.made_at[c];
    if (p.outcome == Outcome::Right) {
      ++record.right;
      ++record.right_at[c];
    }
  }
  return record;
}

std::string RecordText(const LessonState& state) {
  const PredictionRecord r = Record(state.predictions);
  const auto count = [](int n) { return static_cast<double>(n); };
  return FillNumbers(T("predict.record.summary"),
                     {{"made", count(r.made)}, {"right", count(r.right)}, {"skipped", count(r.skipped)},
                      {"asked", count(kQuestionCount)}, {"sure_made", count(r.made_at[3])}, {"sure_right", count(r.right_at[3])},
                      {"think_so_made", count(r.made_at[2])}, {"think_so_right", count(r.right_at[2])},
                      {"guessing_made", count(r.made_at[1])}, {"guessing_right", count(r.right_at[1])}});
}

std::string RecordFile(const LessonState& state) {
  std::string text = T("predict.record.title") + "\n\n" + RecordText(state) + "\n";
  for (int q = 0; q < kQuestionCount; ++q) {
    const Question question = static_cast<Question>(q);
    const Prediction& p = PredictionFor(state, question);
    const std::string answer = p.Committed() ? VerdictText(state, question)
                               : T(p.outcome == Outcome::Skipped ? "predict.skipped" : "predict.record.open");
    text += "\n" + QuestionText(state, question) + "\n  " + answer + "\n";
  }
  return text;
}

// [SECTION] Links

namespace {

// A whole number of at most three digits, from its text; -1 for anything else.
int SmallNumber(const std::string& text) {
  if (text.empty() || text.size() > 3 || text.find_first_not_of("0123456789") != std::string::npos) return -1;
  int n = 0;
  for (const char digit : text) n = n * 10 + (digit - '0');
  return n;
}

std::string EncodeGuess(const QuestionDef& def, const Prediction& p) {
  if (!p.Guessed()) return "-";
  switch (def.kind) {
    case QuestionKind::Pick: return std::to_string(p.pick + 1);
    case QuestionKind::Value: {
      char text[32];
      std::snprintf(text, sizeof(text), "%.2f", p.value);
      std::string out = text;
      while (out.back() == '0') out.pop_back();
      if (out.back() == '.') out.pop_back();
      return out == "-0" ? "0" : out;
    }
    case QuestionKind::Picks: {
      std::string out;
      for (int i = 0; i < kMaxPicks; ++i) {
        if (p.picks & (1u << i)) out += (out.empty() ? "" : ".") + std::to_string(i + 1);
      }
      return out.empty() ? "0" : out;
    }
  }
  return "-";
}

bool DecodeGuess(const std::string& text, const QuestionDef& def, const LessonState& state, Prediction* p,
                 std::string* why) {
  if (text == "-") return true;
  p->pick = 0;
  switch (def.kind) {
    case QuestionKind::Pick: {
      const int choices = def.choices(state);
      p->pick = SmallNumber(text) - 1;
      if (p->pick < 0 || p->pick >= choices) {
        *why = "the guess is not one of 1 to " + std::to_string(choices);
        return false;
      }
      return true;
    }
    case QuestionKind::Value: {
      double lo = 0.0, hi = 0.0;
      def.range(state, &lo, &hi);
      char* end = nullptr;
      p->value = std::strtod(text.c_str(), &end);
      if (text.size() > 12 || end != text.c_str() + text.size() || text.find_first_not_of("-.0123456789") != std::string::npos ||
          !std::isfinite(p->value) || p->value < lo || p->value > hi) {
        *why = "the guess is not a number from " + Num(lo) + " to " + Num(hi);
        return false;
      }
      return true;
    }
    case QuestionKind::Picks: {
      if (text == "0") return true;
      const int choices = std::min(def.choices(state), kMaxPicks);
      size_t begin = 0;
      for (;;) {
        const size_t dot = text.find('.', begin);
        const int choice = SmallNumber(text.substr(begin, dot == std::string::npos ? std::string::npos : dot - begin)) - 1;
        if (choice < 0 || choice >= choices || (p->picks & (1u << choice))) {
          *why = "the guesses are not distinct numbers from 1 to " + std::to_string(choices);
          return false;
        }
        p->picks |= 1u << choice;
        if (dot == std::string::npos) return true;
        begin = dot + 1;
      }
    }
  }
  return false;
}

}  // namespace

std::string EncodePrediction(const QuestionDef& question, const Prediction& p) {
  static const char kOutcome[] = {'o', 'r', 'w', 's'};
  return EncodeGuess(question, p) + "_" + std::to_string(static_cast<int>(p.confidence)) +
         kOutcome[static_cast<int>(p.outcome)];
}

bool DecodePrediction(const std::string& text, const QuestionDef& question, const LessonState& state,
                      Prediction* prediction, std::string* why) {
  const size_t mark = text.rfind('_');
  if (mark == std::string::npos || mark == 0 || text.size() != mark + 3) {
    *why = "takes GUESS_CONFIDENCE OUTCOME, e.g. 2_3r";
    return false;
  }
  Prediction p;
  if (!DecodeGuess(text.substr(0, mark), question, state, &p, why)) return false;
  const char confidence = text[mark + 1];
  const char outcome = text[mark + 2];
  if (confidence < '0' || confidence > '3') {
    *why = "the confidence is not 0 to 3";
    return false;
  }
  p.confidence = static_cast<Confidence>(confidence - '0');
  switch (outcome) {
    case 'o': p.outcome = Outcome::Open; break;
    case 'r': p.outcome = Outcome::Right; break;
    case 'w': p.outcome = Outcome::Wrong; break;
    case 's': p.outcome = Outcome::Skipped; break;
    default: *why = "the outcome is not o, r, w or s"; return false;
  }
  // What the widget itself never writes: a committed guess without a guess or a confidence, a skip
  // with a guess, an open question with a confidence.
  const bool committed = p.Committed();
  if (committed != (p.confidence != Confidence::None) || (committed && !p.Guessed()) ||
      (p.outcome == Outcome::Skipped && p.Guessed())) {
    *why = "its parts do not go together";
    return false;
  }
  *prediction = p;
  return true;
}

Param PredictionParam(Question question) {
  const QuestionDef& def = QuestionOf(question);
  const std::string owner = SceneQuestion(def.scene) == &def ? SceneName(def.scene) : def.name;
  return {owner + ".predict", ParamForm::Text, 0, 16, static_cast<int>(question),
          [](const LessonState& state, int q, ParamValue* value) {
            const Question asked = static_cast<Question>(q);
            value->text = EncodePrediction(QuestionOf(asked), PredictionFor(state, asked));
            return true;
          },
          [](LessonState& state, int q, const ParamValue& value, std::string* why) {
            const Question asked = static_cast<Question>(q);
            return DecodePrediction(value.text, QuestionOf(asked), state, &Of(state, asked), why);
          }};
}

// [SECTION] Events

std::string PredictionEventJson(const PredictionEvent& event) {
  JsonWriter json;
  json.BeginObject().Key("scene").String(event.scene).Key("question").String(event.question);
  json.Key("prediction").String(event.prediction).Key("confidence").String(event.confidence);
  json.Key("skipped").Bool(event.skipped).Key("correct").Bool(event.correct);
  json.Key("latency").Number(std::round(event.latency * 1000.0) / 1000.0).EndObject();
  return json.text();
}

}  // namespace lesson
