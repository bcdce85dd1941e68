#include "ui/learn_panel.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>

#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/motion.h"
#include "ui/shortcuts.h"
#include "ui/text_layout.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::Num;
using lesson::LearnScene;
using lesson::T;

// The loss falls over orders of magnitude: its curve is drawn on a log scale down to this.
constexpr double kLossFloor = 1e-3;

// 10^power as people write it: "100", "1", "0.01".
std::string PowerOfTen(int power) {
  if (power >= 0) return "1" + std::string(static_cast<size_t>(power), '0');
  return "0." + std::string(static_cast<size_t>(-power - 1), '0') + "1";
}

// T trains and pauses, S takes one step (ui/shortcuts.h).
void HandleKeys(LearnScene& scene) {
  if (TypedCount('t') % 2 == 1) {
    if (scene.training) {
      lesson::PauseLearnTraining(scene);
    } else {
      lesson::StartLearnTraining(scene);
    }
  }
  for (int step = TypedCount('s'); step > 0; --step) lesson::StepLearnTraining(scene);
}

void DrawControls(Context& ctx, lesson::LessonState& state) {
  LearnScene& scene = state.learn;
  HandleKeys(scene);
  BeginHighlightGroup();
  ButtonRow row;
  const std::string train = T(scene.training ? "learn.pause" : "learn.train") + "###learn_train";
  row.Place(T("learn.train"));
  if (ImGui::Button(train.c_str())) {
    if (scene.training) {
      lesson::PauseLearnTraining(scene);
    } else {
      lesson::StartLearnTraining(scene);
    }
  }
  RecordItem(ctx, "learn.train");
  row.Place(T("learn.step"));
  if (ImGui::Button(T("learn.step").c_str())) lesson::StepLearnTraining(scene);
  RecordItem(ctx, "learn.step");
  row.Place(T("learn.reset"));
  if (ImGui::Button(T("learn.reset").c_str())) lesson::ResetLearnTraining(scene);
  RecordItem(ctx, "learn.reset");

  // A few rates to choose from (a link may hold any rate in range): slow, the default, fast, too fast.
  ImGui::TextUnformatted(T("learn.rate").c_str());
  ButtonRow rates;
  for (const double rate : {0.01, 0.03, 0.1, 0.3}) {
    const std::string label = Num(rate) + "##learn_rate";
    rates.Place(Num(rate) + "  ");
    if (ImGui::RadioButton(label.c_str(), scene.rate == rate)) lesson::SetLearnRate(scene, rate);
    DescribeRadio(ctx, T("learn.rate") + " " + Num(rate), scene.rate == rate);
    RecordItem(ctx, ("learn.rate." + attention::FormatNumber(rate)).c_str());
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(lesson::Fill(T("learn.seed"), {{"seed", std::to_string(scene.seed)}}).c_str());
  ImGui::SameLine();
  if (ImGui::Button(T("learn.another_seed").c_str())) lesson::SetLearnSeed(scene, scene.seed % lesson::kLearnSeedMax + 1);
  RecordItem(ctx, "learn.another_seed");
  Paragraph(T("learn.seed_hint") + " " + T("learn.keys"), ctx.palette.muted);
  EndHighlightGroup(ctx, state, "learn.controls");
}

// The training loss (log scale) and the held-out accuracy (0 to 1) against the steps so far.
void DrawCurves(Context& ctx, lesson::LessonState& state, const learn::Training& training) {
  const Palette& palette = ctx.palette;
  BeginHighlightGroup();
  const std::string status =
      lesson::Fill(T("learn.status"),
                   {{"steps", std::to_string(training.steps)},
                    {"loss", lesson::LearnLossText(training.loss.back())},
                    {"accuracy", std::to_string(static_cast<int>(std::lround(training.accuracy.back() *
                                                                             static_cast<double>(training.data.held_out.size()))))},
                    {"held_out", std::to_string(training.data.held_out.size())}});
  ImGui::PushFont(ctx.fonts.bold);
  Paragraph(status);
  ImGui::PopFont();
  RecordItem(ctx, "learn.status");
  Paragraph(T("learn.curves"), palette.muted);

  // Scales: the loss's powers of ten on the left, the accuracy's 0 and 100 % on the right, the
  // steps below; the plot takes the room between them.
  const double top = std::log10(std::max(training.loss.front(), kLossFloor * 10.0));
  const double bottom = std::log10(kLossFloor);
  const std::string percent_top = lesson::Fill(T("learn.percent"), {{"n", "100"}});
  const std::string percent_bottom = lesson::Fill(T("learn.percent"), {{"n", "0"}});
  const float line = ImGui::GetFontSize();
  const float gap = 4.0f;
  const int top_power = static_cast<int>(std::floor(top));
  const int bottom_power = static_cast<int>(std::lround(bottom));
  // The widest label is the largest power ("100") or the smallest ("0.001").
  const float left_room = std::max(ImGui::CalcTextSize(PowerOfTen(top_power).c_str()).x,
                                   ImGui::CalcTextSize(PowerOfTen(bottom_power).c_str()).x) +
                          gap * 2.5f;
  const float right_room = ImGui::CalcTextSize(percent_top.c_str()).x + gap * 2.0f;
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = std::clamp(width * 0.3f, 100.0f, 170.0f);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, height + line + gap));
  RecordItem(ctx, "learn.curves");
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 lo(origin.x + left_room, origin.y + height - gap);
  const ImVec2 hi(origin.x + width - right_room, origin.y + line * 0.5f);
  draw->AddLine(lo, ImVec2(hi.x, lo.y), palette.axis, 1.5f);
  draw->AddLine(lo, ImVec2(lo.x, hi.y), palette.axis, 1.5f);
  draw->AddLine(ImVec2(hi.x, lo.y), hi, palette.axis, 1.5f);
  const int span = std::max(lesson::kLearnRunSteps, training.steps);
  auto x_at = [&](size_t step) { return lo.x + (hi.x - lo.x) * static_cast<float>(step) / static_cast<float>(span); };
  auto y_at = [&](double unit) { return lo.y + (hi.y - lo.y) * static_cast<float>(std::clamp(unit, 0.0, 1.0)); };
  auto loss_unit = [&](double loss) { return (std::log10(std::max(loss, kLossFloor)) - bottom) / (top - bottom); };
  // A label every power of ten, or every second one when they would touch.
  const int decades = top_power - bottom_power;
  const int every = (lo.y - hi.y) / static_cast<float>(std::max(decades, 1)) < line * 1.1f ? 2 : 1;
  for (int power = top_power; power >= bottom_power; power -= every) {
    const float y = y_at((power - bottom) / (top - bottom));  // loss_unit of 10^power
    const std::string label = PowerOfTen(power);
    draw->AddLine(ImVec2(lo.x - gap, y), ImVec2(lo.x, y), palette.axis, 1.0f);
    draw->AddText(ImVec2(lo.x - gap * 1.5f - ImGui::CalcTextSize(label.c_str()).x, y - line * 0.5f), palette.first, label.c_str());
  }
  draw->AddText(ImVec2(hi.x + gap, hi.y - line * 0.5f), palette.second, percent_top.c_str());
  draw->AddText(ImVec2(hi.x + gap, lo.y - line * 0.5f), palette.second, percent_bottom.c_str());
  const std::string steps_label = lesson::Fill(T("learn.steps_axis"), {{"steps", std::to_string(span)}});
  draw->AddText(ImVec2(lo.x, lo.y + gap), palette.muted, "0");
  draw->AddText(ImVec2(hi.x - ImGui::CalcTextSize(steps_label.c_str()).x, lo.y + gap), palette.muted, steps_label.c_str());

  auto curve = [&](const std::vector<double>& values, auto to_unit, ImU32 color) {
    std::vector<ImVec2> points;
    points.reserve(values.size());
    for (size_t step = 0; step < values.size(); ++step) points.push_back(ImVec2(x_at(step), y_at(to_unit(values[step]))));
    if (points.size() >= 2) draw->AddPolyline(points.data(), static_cast<int>(points.size()), color, ImDrawFlags_None, 2.0f);
  };
  curve(training.loss, loss_unit, palette.first);
  curve(training.accuracy, [](double share) { return share; }, palette.second);
  // The key, below the plot: which line is which, and which scale it is read on.
  Paragraph(T("learn.loss"), palette.first);
  Paragraph(T("learn.accuracy"), palette.second);
  EndHighlightGroup(ctx, state, "learn.curves");
}

void DrawQuestionPicker(Context& ctx, LearnScene& scene) {
  ImGui::TextUnformatted(T("learn.paragraph").c_str());
  for (int p = 0; p < lesson::kLearnParagraphCount; ++p) {
    const std::string label = T("learn.paragraph" + std::to_string(p + 1));
    if (ImGui::RadioButton(label.c_str(), static_cast<int>(scene.paragraph) == p)) lesson::SetLearnParagraph(scene, p);
    DescribeRadio(ctx, label, static_cast<int>(scene.paragraph) == p);
    RecordItem(ctx, ("learn.paragraph" + std::to_string(p + 1)).c_str());
  }
  ImGui::TextUnformatted(T("learn.question").c_str());
  for (const int subject : lesson::LearnQuestionsOf(scene)) {
    ImGui::PushStyleColor(ImGuiCol_Text, SeriesColor(ctx, subject));
    if (ImGui::RadioButton(lesson::LearnQuestionText(subject).c_str(), scene.question == subject)) lesson::SetLearnQuestion(scene, subject);
    DescribeRadio(ctx, lesson::LearnQuestionText(subject), scene.question == subject);
    ImGui::PopStyleColor();
    RecordItem(ctx, ("learn.question" + std::to_string(subject + 1)).c_str());
  }
}

// Each sentence with the weight the question gives it, and the answer.
void DrawWeights(Context& ctx, lesson::LessonState& state, const learn::Paragraph& paragraph, const learn::Answer& answer) {
  const LearnScene& scene = state.learn;
  BeginHighlightGroup();
  ImGui::PushFont(ctx.fonts.bold);
  ImGui::TextUnformatted(T("learn.weights_title").c_str());
  ImGui::PopFont();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  const float number_width = ImGui::CalcTextSize("0.00").x + 8.0f;
  for (int j = 0; j < learn::kSentences; ++j) {
    const learn::Sentence& sentence = paragraph.sentences[static_cast<size_t>(j)];
    const ImU32 color = SeriesColor(ctx, sentence.subject);
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    ImGui::TextUnformatted(lesson::LearnSentenceText(sentence).c_str());
    ImGui::PopStyleColor();
    const double weight = answer.weights[static_cast<size_t>(j)];
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float bar_height = ImGui::GetFontSize() * 0.8f;
    ImGui::Dummy(ImVec2(width, bar_height + 4.0f));
    RecordItem(ctx, ("learn.weight" + std::to_string(j + 1)).c_str());
    const float bar_width = std::max(40.0f, width - number_width);
    draw->AddRectFilled(pos, ImVec2(pos.x + bar_width, pos.y + bar_height), ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);
    const float fill = bar_width * Eased(ctx, MotionId("learn.weight", j), static_cast<float>(std::clamp(weight, 0.0, 1.0)));
    if (fill > 0.5f) draw->AddRectFilled(pos, ImVec2(pos.x + fill, pos.y + bar_height), color, 3.0f);
    draw->AddText(ImVec2(pos.x + bar_width + 6.0f, pos.y + (bar_height - ImGui::GetFontSize()) * 0.5f), ctx.palette.text,
                  Num(weight).c_str());
  }
  const std::string answer_line = lesson::LearnAnswerText(answer.output, learn::AnswerOf(paragraph, scene.question));
  ImGui::PushFont(ctx.fonts.bold);
  ImGui::PushStyleColor(ImGuiCol_Text, ctx.palette.output);
  Paragraph(answer_line);
  ImGui::PopStyleColor();
  ImGui::PopFont();
  RecordItem(ctx, "learn.answer");
  EndHighlightGroup(ctx, state, "learn.weights");
}

// The learned keys of the paragraph's subjects and the question's query, as arrows from the
// origin, scaled so the longest fits.
void DrawPlane(Context& ctx, lesson::LessonState& state, const learn::Model& model, const learn::Paragraph& paragraph) {
  const LearnScene& scene = state.learn;
  const Palette& palette = ctx.palette;
  BeginHighlightGroup();
  Paragraph(T("learn.plane"), palette.muted);
  const float side = std::min(ImGui::GetContentRegionAvail().x, 320.0f);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(side, side));
  RecordItem(ctx, "learn.plane");
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 center(origin.x + side * 0.5f, origin.y + side * 0.5f);
  draw->AddLine(ImVec2(origin.x, center.y), ImVec2(origin.x + side, center.y), palette.axis, 1.0f);
  draw->AddLine(ImVec2(center.x, origin.y), ImVec2(center.x, origin.y + side), palette.axis, 1.0f);

  struct Arrow {
    std::vector<double> tip;
    ImU32 color;
    std::string label;
    float thickness;
  };
  std::vector<Arrow> arrows;
  std::vector<int> shown;
  for (const learn::Sentence& sentence : paragraph.sentences) {
    if (std::find(shown.begin(), shown.end(), sentence.subject) != shown.end()) continue;
    shown.push_back(sentence.subject);
    arrows.push_back({learn::KeyOf(model, sentence.subject), SeriesColor(ctx, sentence.subject),
                      T("learn.subject" + std::to_string(sentence.subject + 1)), 2.0f});
  }
  arrows.push_back({learn::QueryOf(model, scene.question), palette.text, T("learn.query"), 3.0f});
  double longest = 1e-9;
  for (const Arrow& arrow : arrows) {
    const double x = arrow.tip.size() > 0 ? arrow.tip[0] : 0.0;
    const double y = arrow.tip.size() > 1 ? arrow.tip[1] : 0.0;
    longest = std::max(longest, std::sqrt(x * x + y * y));
  }
  const float reach = side * 0.5f - ImGui::GetFontSize() * 1.5f;
  const ImU32 background = ImGui::GetColorU32(ImGuiCol_WindowBg);
  for (size_t a = 0; a < arrows.size(); ++a) {
    const Arrow& arrow = arrows[a];
    const float scale = reach / static_cast<float>(longest);
    const float x = Eased(ctx, MotionId("learn.tip_x", static_cast<int>(a)), static_cast<float>(arrow.tip.size() > 0 ? arrow.tip[0] : 0.0) * scale);
    const float y = Eased(ctx, MotionId("learn.tip_y", static_cast<int>(a)), static_cast<float>(arrow.tip.size() > 1 ? arrow.tip[1] : 0.0) * scale);
    const ImVec2 tip(center.x + x, center.y - y);
    draw->AddLine(center, tip, arrow.color, arrow.thickness);
    draw->AddCircleFilled(tip, arrow.thickness + 2.0f, arrow.color);
    const ImVec2 size = ImGui::CalcTextSize(arrow.label.c_str());
    // Beside the tip, away from the origin; above it when that side has no room (beside it on the
    // other side, the label would lie on the arrow).
    const float away_x = x >= 0.0f ? tip.x + 6.0f : tip.x - 6.0f - size.x;
    const bool fits = away_x >= origin.x && away_x + size.x <= origin.x + side;
    const float lx = std::clamp(fits ? away_x : tip.x - size.x * 0.5f, origin.x, origin.x + side - size.x);
    const float ly = std::clamp(fits ? tip.y - size.y * 0.5f : tip.y - size.y - 6.0f, origin.y, origin.y + side - size.y);
    // On a patch of the background, so that no axis runs through the word.
    draw->AddRectFilled(ImVec2(lx - 2.0f, ly), ImVec2(lx + size.x + 2.0f, ly + size.y), background, 2.0f);
    draw->AddText(ImVec2(lx, ly), arrow.color, arrow.label.c_str());
  }
  Paragraph(T("learn.plane_hint"), palette.muted);
  EndHighlightGroup(ctx, state, "learn.plane");
}

// The controlled test: each sentence removed in turn, the answer without it, beside its weight.
void DrawRemoval(Context& ctx, lesson::LessonState& state, const learn::Training& training, const learn::Paragraph& paragraph) {
  const LearnScene& scene = state.learn;
  BeginHighlightGroup();
  ImGui::PushFont(ctx.fonts.bold);
  Paragraph(T("learn.removal_title"));
  ImGui::PopFont();
  Paragraph(T("learn.removal_intro"));
  const auto removals = learn::RemoveEach(training.model, paragraph, scene.question);
  const ImGuiTableFlags flags = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerH;
  if (ImGui::BeginTable("learn_removal", 4, flags)) {
    ImGui::TableSetupColumn("sentence", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    for (const char* column : {"weight", "without", "change"}) ImGui::TableSetupColumn(column, ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableNextRow();
    for (const char* key : {"learn.col_sentence", "learn.col_weight", "learn.col_without", "learn.col_change"}) {
      ImGui::TableNextColumn();
      Paragraph(T(key), ctx.palette.muted);
    }
    for (int j = 0; j < learn::kSentences; ++j) {
      const learn::Removal& removal = removals[static_cast<size_t>(j)];
      const learn::Sentence& sentence = paragraph.sentences[static_cast<size_t>(j)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      Paragraph(lesson::LearnSentenceText(sentence), SeriesColor(ctx, sentence.subject));
      for (const double number : {removal.weight, removal.answer_without, removal.change}) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(Num(number).c_str());
      }
    }
    ImGui::EndTable();
  }
  RecordItem(ctx, "learn.removal");
  const char* reading = lesson::LearnRemovalReading(removals, paragraph, scene.question);
  if (reading != nullptr) Paragraph(lesson::LearnReadingText(reading), ctx.palette.muted);
  EndHighlightGroup(ctx, state, "learn.removal");
}

}  // namespace

void DrawLearnPanel(lesson::LessonState& state, Context& ctx) {
  LearnScene& scene = state.learn;
  ImGui::PushFont(ctx.fonts.heading);
  ImGui::TextWrapped("%s", T("learn.title").c_str());
  ImGui::PopFont();
  Paragraph(T("learn.intro"));

  DrawControls(ctx, state);
  const learn::Training& training = lesson::LearnTrainingOf(scene);
  DrawCurves(ctx, state, training);
  ImGui::Separator();
  DrawQuestionPicker(ctx, scene);
  const learn::Paragraph paragraph = lesson::LearnParagraphOf(scene);
  const learn::Answer answer = learn::Ask(training.model, paragraph, scene.question);
  DrawWeights(ctx, state, paragraph, answer);
  DrawPlane(ctx, state, training.model, paragraph);
  ImGui::Separator();
  DrawRemoval(ctx, state, training, paragraph);

  if (ImGui::Button(T("learn.reset_scene").c_str())) lesson::ResetLearnScene(scene);
  RecordItem(ctx, "learn.reset_scene");
}

}  // namespace ui
