// The quick check's module: its description for the accessible mirror, its answer table and its
// URL parameters.
#include "lesson/lesson_state.h"
#include "lesson/mirror_words.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

// The picked choice, or -1 when none (or when a state filled by hand holds one out of range).
int PickedChoice(const QuizAnswer& answer) {
  return answer.choice >= 0 && answer.choice < kQuizChoiceCount ? answer.choice : -1;
}

const QuizAnswer& AnswerTo(const LessonState& state, int question) {
  return state.quiz.answers[static_cast<size_t>(question)];
}

std::string Describe(const LessonState& state) {
  const Quiz& quiz = state.quiz;
  std::vector<std::string> sentences;
  for (int q = 0; q < kQuizQuestionCount; ++q) {
    const QuizAnswer& answer = AnswerTo(state, q);
    const int choice = PickedChoice(answer);
    std::string said = T("mirror.quiz.answer_none");
    if (choice >= 0) {
      said = Fill(T("mirror.quiz.answer_choice"), {{"choice", MirrorCount(choice + 1)}});
    } else if (HasWords(answer.typed)) {
      said = T("mirror.quiz.answer_typed");
    }
    if (answer.revealed) {
      const char* reveal = choice < 0           ? "mirror.quiz.reveal_typed"
                           : IsCorrect(quiz, q) ? "mirror.quiz.reveal_right"
                                                : "mirror.quiz.reveal_wrong";
      sentences.push_back(Fill(T("mirror.quiz.question_revealed"),
                               {{"n", MirrorCount(q + 1)}, {"answer", said}, {"reveal", T(reveal)}}));
    } else {
      sentences.push_back(Fill(T("mirror.quiz.question"), {{"n", MirrorCount(q + 1)}, {"answer", said}}));
    }
  }
  return MirrorSentences(sentences);
}

MirrorTable Table(const LessonState& state) {
  const Quiz& quiz = state.quiz;
  MirrorTable table;
  table.caption = T("mirror.quiz.caption");
  table.columns = {T("mirror.col.question"), T("mirror.col.answer"), T("mirror.col.revealed")};
  for (int q = 0; q < kQuizQuestionCount; ++q) {
    const QuizAnswer& answer = AnswerTo(state, q);
    const std::string prefix = "quiz.q" + std::to_string(q + 1);
    const int choice = PickedChoice(answer);
    std::vector<std::string> said;
    if (choice >= 0) said.push_back(T(prefix + ".choice" + std::to_string(choice + 1)));
    if (HasWords(answer.typed)) said.push_back(MirrorReadable(answer.typed));
    std::string shown = MirrorYesNo(false);
    if (answer.revealed) {
      shown = choice < 0 ? MirrorYesNo(true)
                         : T(IsCorrect(quiz, q) ? "mirror.quiz.revealed_right" : "mirror.quiz.revealed_wrong");
    }
    std::string answer_text = T("mirror.quiz.none_yet");
    if (!said.empty()) {
      answer_text = said[0];
      for (size_t i = 1; i < said.size(); ++i) answer_text += " / " + said[i];
    }
    table.rows.push_back({T(prefix + ".text"), answer_text, shown});
  }
  return table;
}

void Reset(LessonState& state) { ResetQuiz(state.quiz); }

std::vector<Param> Params() {
  std::vector<Param> params;
  for (int q = 0; q < kQuizQuestionCount; ++q) {
    const std::string prefix = "quiz.q" + std::to_string(q + 1) + ".";
    params.push_back({prefix + "choice", ParamForm::Index, 1, kQuizChoiceCount, q,
                      [](const LessonState& s, int question, ParamValue* v) {
                        v->index = PickedChoice(AnswerTo(s, question)) + 1;
                        return v->index > 0;
                      },
                      [](LessonState& s, int question, const ParamValue& v, std::string*) {
                        return SelectChoice(s.quiz, question, v.index - 1);
                      }});
    params.push_back({prefix + "typed", ParamForm::Text, 0, kQuizTypedAnswerMaxBytes, q,
                      [](const LessonState& s, int question, ParamValue* v) {
                        v->text = AnswerTo(s, question).typed;
                        return true;
                      },
                      [](LessonState& s, int question, const ParamValue& v, std::string*) {
                        return SetTypedAnswer(s.quiz, question, v.text);
                      }});
    params.push_back({prefix + "revealed", ParamForm::Flag, 0, 1, q,
                      [](const LessonState& s, int question, ParamValue* v) {
                        // Only what a link can apply again: the reasoning shows after an attempt.
                        const QuizAnswer& answer = AnswerTo(s, question);
                        v->flag = true;
                        return answer.revealed && (PickedChoice(answer) >= 0 ||
                                                   HasWords(LinkText(answer.typed, kQuizTypedAnswerMaxBytes)));
                      },
                      [](LessonState& s, int question, const ParamValue& v, std::string* why) {
                        if (v.flag && !Reveal(s.quiz, question)) {
                          *why = "the reasoning shows only after a choice or typed answer";
                          return false;
                        }
                        return true;
                      }});
  }
  return params;
}

}  // namespace

const SceneModule kQuizModule = {
    Scene::Quiz, "quiz", "widget.scene.quiz", Reset, Describe, Table, Params, nullptr, nullptr};

}  // namespace lesson
