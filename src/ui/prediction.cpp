#include "ui/prediction.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/item_registry.h"
#include "ui/text_layout.h"

namespace ui {

namespace {

using lesson::T;

// "predict.compare.strongest.PART": a name of the item registry (tests find the controls by it).
const char* Key(lesson::Question question, const char* part) {
  static char name[96];
  std::snprintf(name, sizeof name, "predict.%s.%s", lesson::QuestionOf(question).name, part);
  return name;
}

double TakeLatency(Context& ctx, lesson::Question question) { return TakeAnswerTime(ctx, AnswerClock(question)); }

}  // namespace

void StartAnswerClock(Context& ctx, size_t clock) {
  if (clock < ctx.asked_at.size() && ctx.asked_at[clock] <= 0.0) ctx.asked_at[clock] = std::max(ImGui::GetTime(), 1e-6);
}

double TakeAnswerTime(Context& ctx, size_t clock) {
  if (clock >= ctx.asked_at.size() || ctx.asked_at[clock] <= 0.0) return 0.0;
  const double seconds = ImGui::GetTime() - ctx.asked_at[clock];
  ctx.asked_at[clock] = 0.0;
  return seconds;
}

void DrawQuestionLine(const lesson::LessonState& state, Context& ctx, lesson::Question question) {
  StartAnswerClock(ctx, AnswerClock(question));
  ImGui::PushFont(ctx.fonts.bold);
  Paragraph(lesson::QuestionText(state, question));
  ImGui::PopFont();
  RecordItem(ctx, Key(question, "question"));
}

bool PickTarget(lesson::LessonState& state, Context& ctx, lesson::Question question, int choice, const std::string& name,
                ImVec2 min, ImVec2 max, ImU32 color) {
  const std::string id = std::string(Key(question, "pick")) + std::to_string(choice + 1);
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  ImGui::SetCursorScreenPos(min);
  const bool pressed = ImGui::InvisibleButton(id.c_str(), ImVec2(max.x - min.x, max.y - min.y));
  const lesson::Prediction& p = lesson::PredictionFor(state, question);
  // One of several (a radio), or any of several (a checkbox each).
  const bool many = lesson::QuestionOf(question).kind == lesson::QuestionKind::Picks;
  const bool picked = many ? ((p.picks >> choice) & 1u) != 0 : p.pick == choice;
  if (many) {
    DescribeItem(ctx, AccessRole::Checkbox, name);
    DescribeChecked(ctx, picked);
  } else {
    DescribeRadio(ctx, name, picked);
  }
  RecordItem(ctx, id.c_str());
  const bool hovered = ImGui::IsItemHovered();
  const bool focused = ImGui::IsItemFocused() && ImGui::GetIO().NavVisible;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float rounding = ImGui::GetStyle().FrameRounding;
  if (picked) {
    draw->AddRect(min, max, color, rounding, 0, 3.0f);
  } else if (hovered) {
    draw->AddRect(min, max, color, rounding, 0, 1.5f);
  }
  if (focused) {
    draw->AddRect(ImVec2(min.x - 3.0f, min.y - 3.0f), ImVec2(max.x + 3.0f, max.y + 3.0f),
                  ImGui::GetColorU32(ImGuiCol_NavHighlight), rounding, 0, 2.0f);
  }
  ImGui::SetCursorScreenPos(cursor);
  if (pressed) lesson::PickChoice(state, question, choice);
  return pressed;
}

void DrawCommitRow(lesson::LessonState& state, Context& ctx, lesson::Question question) {
  const lesson::Prediction& p = lesson::PredictionFor(state, question);
  // A Picks question may be answered with none picked ("it cuts none").
  const bool can_commit = p.Guessed() || lesson::QuestionOf(question).kind == lesson::QuestionKind::Picks;
  Paragraph(lesson::GuessLine(state, question));
  RecordItem(ctx, Key(question, "hint"));
  ButtonRow row;
  ImGui::BeginDisabled(!can_commit);
  for (lesson::Confidence c : {lesson::Confidence::Sure, lesson::Confidence::ThinkSo, lesson::Confidence::Guessing}) {
    const std::string& label = T(lesson::ConfidenceKey(c));
    row.Place(label);
    ImGui::PushID(static_cast<int>(c));
    if (ImGui::Button(label.c_str())) {
      lesson::CommitPrediction(state, question, c, TakeLatency(ctx, question));
    }
    ImGui::PopID();
    RecordItem(ctx, Key(question, lesson::ConfidenceName(c)));
  }
  ImGui::EndDisabled();
  const std::string& skip = T("predict.skip");
  row.Place(skip);
  if (ImGui::Button(skip.c_str())) lesson::SkipPrediction(state, question, TakeLatency(ctx, question));
  RecordItem(ctx, Key(question, "skip"));
}

void DrawVerdict(Context& ctx, const char* name, ImU32 color, const std::string& bold, const std::string& detail) {
  const float indent = 14.0f;
  ImGui::Indent(indent);
  ImGui::BeginGroup();
  if (!bold.empty()) {
    ImGui::PushFont(ctx.fonts.bold);
    Paragraph(bold);
    ImGui::PopFont();
  }
  if (!detail.empty()) Paragraph(detail);
  ImGui::EndGroup();
  ImGui::Unindent(indent);
  RecordItem(ctx, name);
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(min.x - indent, min.y), ImVec2(min.x - indent + 4.0f, max.y), color,
                                            2.0f);
}

void DrawRevealLine(lesson::LessonState& state, Context& ctx, lesson::Question question) {
  const lesson::Prediction& p = lesson::PredictionFor(state, question);
  if (p.outcome == lesson::Outcome::Open) return;
  if (p.Committed()) {
    DrawVerdict(ctx, Key(question, "verdict"), p.outcome == lesson::Outcome::Right ? ctx.palette.output : ctx.palette.second,
                lesson::VerdictText(state, question), lesson::PredictionFeedback(state, question));
  }
  if (ImGui::Button(T("predict.again").c_str())) lesson::AskAgain(state, question);
  RecordItem(ctx, Key(question, "again"));
}

void DrawQuestionOrCaption(lesson::LessonState& state, Context& ctx, lesson::Question question,
                           const std::string& caption) {
  if (lesson::Asking(state, question)) {
    DrawQuestionLine(state, ctx, question);
  } else {
    Paragraph(caption);
  }
}

void DrawAnswerOrReveal(lesson::LessonState& state, Context& ctx, lesson::Question question) {
  if (lesson::Asking(state, question)) {
    DrawCommitRow(state, ctx, question);
  } else {
    DrawRevealLine(state, ctx, question);
  }
}

}  // namespace ui
