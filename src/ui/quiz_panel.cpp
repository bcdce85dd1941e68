#include "ui/quiz_panel.h"

#include <algorithm>
#include <cstring>
#include <string>

#include <imgui.h>

#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/panels.h"
#include "ui/prediction.h"
#include "ui/text_layout.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::T;

// "quiz.q1.choice2" and the like: question and choice numbered from 1, as the text file does.
std::string QuestionKey(int question, const char* part) { return "quiz.q" + std::to_string(question + 1) + "." + part; }

std::string ChoiceKey(int question, const char* part, int choice) {
  return QuestionKey(question, part) + std::to_string(choice + 1);
}

char ChoiceLetter(int choice) { return static_cast<char>('A' + choice); }

// One choice: a radio circle and its text, wrapped to the panel's width, as a single item that
// takes mouse clicks and keyboard focus (Space or Enter picks it). ImGui's RadioButton cannot
// wrap its label, which a phone-width panel needs.
bool ChoiceItem(Context& ctx, const char* id, char letter, const std::string& label, bool selected,
                bool right_answer_shown, float width) {
  const Palette& palette = ctx.palette;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float radius = 8.0f;
  const float pad = 6.0f;
  const char letter_text[] = {letter, '.', '\0'};
  const float letter_offset = pad + radius * 2.0f + 10.0f;
  const float text_offset = letter_offset + ImGui::CalcTextSize("M.").x + 6.0f;
  const float wrap = width - text_offset - pad;
  const ImVec2 text_size = ImGui::CalcTextSize(label.c_str(), nullptr, false, wrap);
  const float height = std::max(text_size.y, radius * 2.0f) + pad * 2.0f;

  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const bool pressed = ImGui::InvisibleButton(id, ImVec2(width, height));
  DescribeRadio(ctx, std::string(letter_text) + " " + label, selected);
  const bool hovered = ImGui::IsItemHovered();
  // The focus ring only while the keyboard is in use, as ImGui's own widgets show it.
  const bool focused = ImGui::IsItemFocused() && ImGui::GetIO().NavVisible;
  const ImVec2 max(pos.x + width, pos.y + height);

  ImDrawList* draw = ImGui::GetWindowDrawList();
  if (selected || hovered) {
    draw->AddRectFilled(pos, max, ImGui::GetColorU32(hovered ? ImGuiCol_FrameBgHovered : ImGuiCol_FrameBg),
                        style.FrameRounding);
  }
  if (right_answer_shown) draw->AddRect(pos, max, palette.output, style.FrameRounding, 0, 2.5f);
  if (focused) draw->AddRect(pos, max, ImGui::GetColorU32(ImGuiCol_NavHighlight), style.FrameRounding, 0, 2.0f);

  const ImVec2 center(pos.x + pad + radius, pos.y + pad + std::max(radius, ImGui::GetFontSize() * 0.5f));
  draw->AddCircle(center, radius, palette.text, 20, 1.5f);
  if (selected) draw->AddCircleFilled(center, radius - 3.5f, ImGui::GetColorU32(ImGuiCol_CheckMark), 20);
  draw->AddText(ImVec2(pos.x + letter_offset, pos.y + pad), palette.text, letter_text);
  draw->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(pos.x + text_offset, pos.y + pad), palette.text,
                label.c_str(), nullptr, wrap);
  return pressed;
}

void ColoredWrapped(const std::string& text, ImU32 color) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

void BoldWrapped(Context& ctx, const std::string& text) {
  ImGui::PushFont(ctx.fonts.bold);
  Paragraph(text);
  ImGui::PopFont();
}

// The learner's own words. The buffer is fixed at the limit, so typing or pasting more is
// refused by the field itself and nothing larger ever reaches the state.
void TypedAnswerField(Context& ctx, lesson::Quiz& quiz, int question, float column) {
  const std::string& typed = quiz.answers[static_cast<size_t>(question)].typed;
  char buffer[lesson::kQuizTypedAnswerMaxBytes + 1];
  const size_t length = std::min(typed.size(), sizeof(buffer) - 1);
  std::memcpy(buffer, typed.data(), length);
  buffer[length] = '\0';

  ImGui::TextWrapped("%s", T("quiz.typed_label").c_str());
  const std::string id = "##" + QuestionKey(question, "typed");
  const float height = ImGui::GetTextLineHeight() * 3.0f + ImGui::GetStyle().FramePadding.y * 2.0f;
  const ImGuiID field = ImGui::GetID(id.c_str());
  if (ImGui::InputTextMultiline(id.c_str(), buffer, sizeof(buffer), ImVec2(column, height))) {
    lesson::SetTypedAnswer(quiz, question, buffer);
  }
  DescribeItem(ctx, AccessRole::TextBox, T("quiz.typed_label"), field);
  DescribeValue(ctx, buffer, field);
  RecordItem(ctx, QuestionKey(question, "typed").c_str());
  // How much room is left, once the learner writes: an empty field says nothing about it.
  if (ImGui::IsItemActive() || buffer[0] != '\0') {
    const std::string counter = std::to_string(std::strlen(buffer)) + " / " +
                                std::to_string(lesson::kQuizTypedAnswerMaxBytes) + " " + T("quiz.typed_limit");
    ColoredWrapped(counter, ctx.palette.muted);
    RecordItem(ctx, QuestionKey(question, "typed_count").c_str());
  }
}

// Right or not, in words, with a coloured bar beside them: the words carry the verdict, the
// colour only repeats it (the orange would be too faint for text on white).
void DrawAnswerVerdict(Context& ctx, const lesson::Quiz& quiz, int question) {
  const lesson::QuizAnswer& answer = quiz.answers[static_cast<size_t>(question)];
  const std::string right_choice = T("quiz.right_answer_is") + " " + ChoiceLetter(lesson::CorrectChoice(question)) + ".";
  const std::string name = QuestionKey(question, "verdict");
  if (answer.choice < 0) {
    DrawVerdict(ctx, name.c_str(), ctx.palette.first, "", T("quiz.typed_only") + " " + right_choice);
  } else if (lesson::IsCorrect(quiz, question)) {
    DrawVerdict(ctx, name.c_str(), ctx.palette.output, T("quiz.right") + " " + right_choice, "");
  } else {
    DrawVerdict(ctx, name.c_str(), ctx.palette.second, T("quiz.not_quite") + " " + right_choice,
                T(ChoiceKey(question, "why", answer.choice)));
  }

  ImGui::BeginGroup();
  BoldWrapped(ctx, T("quiz.reasoning"));
  Paragraph(T(QuestionKey(question, "reasoning")));
  ImGui::EndGroup();
  RecordItem(ctx, QuestionKey(question, "reasoning").c_str());
}

void DrawQuestion(Context& ctx, lesson::LessonState& state, int question, float column) {
  lesson::Quiz& quiz = state.quiz;
  const lesson::QuizAnswer& answer = quiz.answers[static_cast<size_t>(question)];
  ImGui::PushID(question);
  const ImVec2 start = ImGui::GetCursorScreenPos();
  ImGui::BeginGroup();

  ColoredWrapped(T("quiz.question") + " " + std::to_string(question + 1), ctx.palette.muted);
  BoldWrapped(ctx, T(QuestionKey(question, "text")));

  for (int choice = 0; choice < lesson::kQuizChoiceCount; ++choice) {
    const std::string& label = T(ChoiceKey(question, "choice", choice));
    const std::string name = ChoiceKey(question, "choice", choice);
    const bool right_shown = answer.revealed && choice == lesson::CorrectChoice(question);
    if (ChoiceItem(ctx, name.c_str(), ChoiceLetter(choice), label, answer.choice == choice, right_shown, column)) {
      lesson::SelectChoice(quiz, question, choice);
    }
    RecordItem(ctx, name.c_str());
  }

  TypedAnswerField(ctx, quiz, question, column);

  if (!answer.revealed) {
    const bool can_reveal = lesson::HasAttempt(quiz, question);
    ImGui::BeginDisabled(!can_reveal);
    StartAnswerClock(ctx, QuizAnswerClock(question));
    if (ImGui::Button(T("quiz.reveal").c_str()) && lesson::Reveal(quiz, question)) {
      lesson::QueueQuizAnswer(state, question, TakeAnswerTime(ctx, QuizAnswerClock(question)));
    }
    ImGui::EndDisabled();
    RecordItem(ctx, QuestionKey(question, "reveal").c_str());
    if (!can_reveal) ColoredWrapped(T("quiz.reveal_first"), ctx.palette.muted);
  } else {
    DrawAnswerVerdict(ctx, quiz, question);
    if (ImGui::Button(T("quiz.try_again").c_str())) lesson::ResetQuizQuestion(quiz, question);
    RecordItem(ctx, QuestionKey(question, "try_again").c_str());
  }

  ImGui::EndGroup();
  const ImVec2 end(start.x + column, ImGui::GetItemRectMax().y);
  const std::string highlight_name = "quiz.question" + std::to_string(question + 1);
  RecordAndHighlight(ctx, state, highlight_name.c_str(), start, end);
  ImGui::PopID();
}

// The learner's predictions in the scenes before (lesson/predictions): how many, how many right,
// and how being sure matched being right.
void DrawRecord(Context& ctx, const lesson::LessonState& state, float column) {
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  ImGui::BeginGroup();
  BoldWrapped(ctx, T("predict.record.title"));
  const lesson::PredictionRecord record = lesson::Record(state.predictions);
  const bool any = record.made + record.skipped > 0;
  Paragraph(any ? lesson::RecordText(state) : T("predict.record.none"), column);
  ImGui::EndGroup();
  RecordItem(ctx, "quiz.record");
  // The learner keeps it as a file; nothing leaves the device.
  if (any && ctx.save_text) {
    if (ImGui::Button(T("predict.record.save").c_str())) {
      ctx.save_message = ctx.save_text("attention-predictions.txt", lesson::RecordFile(state));
    }
    RecordItem(ctx, "quiz.record.save");
    if (!ctx.save_message.empty()) ColoredWrapped(ctx.save_message, ctx.palette.muted);
  }
}

}  // namespace

void DrawQuizPanel(lesson::LessonState& state, Context& ctx) {
  Paragraph(T("quiz.intro"));
  // Lines of about 80 characters at most: long lines are hard to read on a wide screen.
  const float column = std::max(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 44.0f), 120.0f);
  for (int question = 0; question < lesson::kQuizQuestionCount; ++question) {
    if (question > 0) {
      ImGui::Spacing();
      ImGui::Separator();
    }
    ImGui::Spacing();
    ImGui::PushID(question);
    // The picture the question is about, then the question under it. (Not beside it: the arrow
    // keys would go from a choice to the picture's controls next to it rather than to the next
    // choice.)
    if (const PanelFn picture = QuestionPictureOf(lesson::QuizQuestionScene(question))) {
      picture(state, ctx);
      ImGui::Spacing();
    }
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + column);
    DrawQuestion(ctx, state, question, column);
    ImGui::PopTextWrapPos();
    ImGui::PopID();
  }
  DrawRecord(ctx, state, column);
}

const ScenePanel kQuizPanel = {DrawQuizPanel, nullptr, nullptr};

}  // namespace ui
