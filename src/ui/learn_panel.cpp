// The Learn scene, led by one picture: the paragraph's sentences, each with the model's weight on
// it as a bar that grows as the model trains, beside the training loss and the held-out accuracy
// as curves, labelled where they end (and, on a wide screen, the learned query and keys in a
// plane). Right under it Train, the scene's one obvious action, and the question and the paragraph
// to ask about; the learned plane after; the numbers (the controlled test), the options and the
// explanation on demand.
//
// [SECTION] Shared pieces
// [SECTION] The picture's layout
// [SECTION] The picture: the sentences and their weights
// [SECTION] The picture: the curves
// [SECTION] The learned plane
// [SECTION] Under the picture: Train, the question, the paragraph
// [SECTION] On demand: the numbers, the options, about this scene
// [SECTION] The panel
#include "ui/learn_panel.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/locale.h"
#include "lesson/mirror_words.h"
#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/motion.h"
#include "ui/panels.h"
#include "ui/prediction.h"
#include "ui/shapes.h"
#include "ui/shortcuts.h"
#include "ui/text_layout.h"
#include "ui/text_style.h"
#include "ui/theme.h"
#include "ui/train_button.h"

namespace ui {

namespace {

using lesson::LearnScene;
using lesson::Num;
using lesson::T;

// [SECTION] Shared pieces

// The loss falls over orders of magnitude: its curve is drawn on a log scale down to this.
constexpr double kLossFloor = 1e-3;
constexpr float kTwoColumnsMin = 700.0f;     // narrower, the curves go under the sentences
constexpr float kThreeColumnsMin = 1000.0f;  // wider, the plane joins the picture
constexpr float kPad = 14.0f;                // inside the picture's card
constexpr float kGap = 18.0f;                // between the picture's parts

ImU32 WithAlpha(ImU32 color, int alpha) {
  return (color & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

// 10^power as people write it, with the locale's decimal mark: "100", "1", "0.01".
std::string PowerOfTen(int power) {
  if (power >= 0) return "1" + std::string(static_cast<size_t>(power), '0');
  return std::string("0") + lesson::DecimalMark() + std::string(static_cast<size_t>(-power - 1), '0') + "1";
}

// A weight with two decimals always ("1.00", "0.25", "0.00"), so the bars' numbers line up.
std::string TwoDecimals(double x) {
  std::string text = Num(x, 2);
  const size_t mark = text.find(lesson::DecimalMark());
  if (mark == std::string::npos) return text + lesson::DecimalMark() + "00";
  return text + std::string(static_cast<size_t>(std::max(0, 2 - static_cast<int>(text.size() - mark - 1))), '0');
}

std::string Percent(double share) { return lesson::Fill(T("learn.percent"), {{"n", Num(share * 100.0, 0)}}); }

// [SECTION] The picture's layout

// Where the picture's parts go, worked out before anything is drawn, so the figure is announced
// with its place before the controls under it.
struct Picture {
  ImRect frame;    // the whole picture, its card
  ImRect weights;  // the question, the sentences with their bars, the answer
  ImRect curves;   // the loss and the accuracy against the steps
  ImRect plane;    // the learned query and keys, when they are in the picture (a wide screen)
  bool has_plane = false;
};

// The sentences' part: the question, each sentence over its bar, the answer.
struct WeightsLayout {
  float question = 0.0f;  // heights
  float rows[learn::kSentences] = {};
  float answer = 0.0f;
  float bar = 14.0f;
  float gap = 10.0f;  // under the question, between the rows and over the answer
  float Height() const {
    float height = question + answer + gap * static_cast<float>(learn::kSentences + 1);
    for (const float row : rows) height += row;
    return height;
  }
};

float NumberWidth(const Context& ctx) { return StyleOf(ctx.fonts.bold).Measure("0.00").x + 8.0f; }

WeightsLayout LayOutWeights(Context& ctx, const learn::Paragraph& paragraph, int question, const std::string& answer,
                            float width, bool wide) {
  const TextStyle body = StyleOf(ctx.fonts.body);
  const TextStyle bold = StyleOf(ctx.fonts.bold);
  WeightsLayout layout;
  layout.bar = wide ? 16.0f : 14.0f;
  layout.question = bold.Height(lesson::LearnQuestionText(question), width);
  for (int j = 0; j < learn::kSentences; ++j) {
    const learn::Sentence& sentence = paragraph.sentences[static_cast<size_t>(j)];
    const TextStyle& style = sentence.subject == question ? bold : body;
    layout.rows[j] = style.Height(lesson::LearnSentenceText(sentence), width) + 5.0f + layout.bar;
  }
  layout.answer = bold.Height(answer, width);
  return layout;
}

// The picture on a phone: the sentences over the curves; wider, side by side; on a desktop the
// plane beside them too. Starts at the cursor and takes the width there is.
Picture LayOutPicture(Context& ctx, const LearnScene& scene, const learn::Paragraph& paragraph,
                      const std::string& answer_text, WeightsLayout* weights_layout) {
  const float avail = ImGui::GetContentRegionAvail().x;
  const int columns = avail >= kThreeColumnsMin ? 3 : avail >= kTwoColumnsMin ? 2 : 1;
  const float inner = avail - 2.0f * kPad;
  float weights_width = inner;
  float curves_width = inner;
  float plane_width = 0.0f;
  if (columns == 2) {
    weights_width = (inner - kGap) * 0.5f;
    curves_width = inner - kGap - weights_width;
  } else if (columns == 3) {
    plane_width = std::min(320.0f, (inner - 2.0f * kGap) * 0.26f);
    weights_width = (inner - 2.0f * kGap - plane_width) * 0.55f;
    curves_width = inner - 2.0f * kGap - plane_width - weights_width;
  }
  *weights_layout = LayOutWeights(ctx, paragraph, scene.question, answer_text, weights_width, columns > 1);
  const float weights_height = weights_layout->Height();
  const float curves_height =
      columns == 1 ? std::clamp(inner * 0.5f, 150.0f, 200.0f) : std::max(weights_height, 200.0f);
  // The height the parts side by side share (on a phone, the sentences' alone).
  const float band = columns == 1 ? weights_height : std::max({weights_height, curves_height, plane_width});
  const ImVec2 top = ImGui::GetCursorScreenPos();
  Picture picture;
  picture.frame =
      ImRect(top, ImVec2(top.x + avail, top.y + kPad * 2.0f + band + (columns == 1 ? kGap + curves_height : 0.0f)));
  const ImVec2 in(top.x + kPad, top.y + kPad);
  picture.weights = ImRect(in, ImVec2(in.x + weights_width, in.y + band));
  if (columns == 1) {
    picture.curves =
        ImRect(ImVec2(in.x, in.y + band + kGap), ImVec2(in.x + curves_width, in.y + band + kGap + curves_height));
  } else {
    const float x = picture.weights.Max.x + kGap;
    picture.curves = ImRect(ImVec2(x, in.y), ImVec2(x + curves_width, in.y + band));
  }
  if (columns == 3) {
    picture.has_plane = true;
    const float x = picture.curves.Max.x + kGap;
    picture.plane = ImRect(ImVec2(x, in.y), ImVec2(x + plane_width, in.y + band));
  }
  return picture;
}

// What the picture shows now, for a screen reader: the step, the loss, the accuracy and where the
// weight goes.
std::string FigureName(const learn::Training& training, const LearnScene& scene, const learn::Paragraph& paragraph,
                       const learn::Answer& answer) {
  size_t most = 0;
  for (size_t j = 1; j < answer.weights.size(); ++j) {
    if (answer.weights[j] > answer.weights[most]) most = j;
  }
  return lesson::Fill(T("learn.figure"), {{"steps", lesson::MirrorCount(training.steps)},
                                          {"loss", lesson::LearnLossText(training.loss.back())},
                                          {"accuracy", Percent(training.accuracy.back())},
                                          {"question", lesson::LearnQuestionText(scene.question)},
                                          {"weight", lesson::MirrorNumber(answer.weights[most])},
                                          {"sentence", lesson::LearnSentenceText(paragraph.sentences[most])},
                                          {"output", lesson::MirrorNumber(answer.output)}});
}

// [SECTION] The picture: the sentences and their weights

// The question on top; under it each sentence in its subject's colour (bold when it answers the
// question) over a bar as long as the model's weight on it (the same 0 .. 1 for every sentence),
// the weight at the bar's end; the model's answer under them. The bars ease to their new length
// when the question or the paragraph changes, and follow the training as it runs.
// `ask`: the scene's panel asks its prediction on the bars (a sentence to pick each, none in bold,
// which would give it away) while it is open, and frames the learner's pick after the reveal.
void DrawWeights(Context& ctx, lesson::LessonState& state, const learn::Paragraph& paragraph,
                 const learn::Answer& answer, const std::string& answer_text, WeightsLayout layout, const ImRect& box,
                 bool ask) {
  constexpr lesson::Question kQuestion = lesson::Question::LearnSentence;
  const bool asking = ask && lesson::Asking(state, kQuestion);
  const lesson::Prediction& guess = lesson::PredictionFor(state, kQuestion);
  const bool guessed = ask && guess.Committed();
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const TextStyle body = StyleOf(ctx.fonts.body);
  const TextStyle bold = StyleOf(ctx.fonts.bold);
  const float width = box.GetWidth();
  // Rows spread out to fill a part taller than they need (beside the curves and the plane).
  const float spare = box.GetHeight() - layout.Height();
  if (spare > 0.0f) layout.gap += spare / static_cast<float>(learn::kSentences + 1);

  float y = box.Min.y;
  bold.Draw(draw, ImVec2(box.Min.x, y), palette.text, lesson::LearnQuestionText(state.learn.question), width);
  y += layout.question + layout.gap;
  const float number_width = NumberWidth(ctx);
  const float track_width = std::max(40.0f, width - number_width);
  const ImU32 track_color = WithAlpha(palette.axis, 55);
  for (int j = 0; j < learn::kSentences; ++j) {
    const size_t k = static_cast<size_t>(j);
    const learn::Sentence& sentence = paragraph.sentences[k];
    const ImU32 color = SeriesColor(ctx, sentence.subject);
    // The sentences that answer the question in bold: where the weight should go.
    const TextStyle& style = sentence.subject == state.learn.question && !asking ? bold : body;
    const ImRect text = style.Draw(draw, ImVec2(box.Min.x, y), color, lesson::LearnSentenceText(sentence), width);
    const std::string index = std::to_string(j + 1);
    RecordRect(ctx, ("learn.sentence" + index).c_str(), text.Min, text.Max);
    const float bar_top = y + layout.rows[j] - layout.bar;
    const ImVec2 track_min(box.Min.x, bar_top);
    const ImVec2 track_max(box.Min.x + track_width, bar_top + layout.bar);
    draw->AddRectFilled(track_min, track_max, track_color, 3.0f);
    const double weight = answer.weights[k];
    const float shown = Eased(ctx, MotionId("learn.weight", j), static_cast<float>(std::clamp(weight, 0.0, 1.0)));
    const float fill = track_width * shown;
    if (fill > 0.5f) draw->AddRectFilled(track_min, ImVec2(track_min.x + fill, track_max.y), color, 3.0f);
    RecordRect(ctx, ("learn.track" + index).c_str(), track_min, track_max);
    RecordRect(ctx, ("learn.weight" + index).c_str(), track_min, ImVec2(track_min.x + fill, track_max.y));
    const std::string number = TwoDecimals(weight);
    const ImVec2 number_size = bold.Measure(number);
    const ImVec2 number_at(track_max.x + 8.0f, bar_top + (layout.bar - number_size.y) * 0.5f);
    draw->AddText(bold.font, bold.size, number_at, palette.text, number.c_str());
    RecordRect(ctx, ("learn.weight_number" + index).c_str(), number_at,
               ImVec2(number_at.x + number_size.x, number_at.y + number_size.y));
    const ImVec2 pick_min(box.Min.x - 6.0f, y - 3.0f);
    const ImVec2 pick_max(box.Max.x, y + layout.rows[j] + 3.0f);
    if (asking) {
      PickTarget(state, ctx, kQuestion, j, lesson::LearnSentenceText(sentence), pick_min, pick_max, color);
    } else if (guessed && guess.pick == j) {
      draw->AddRect(pick_min, pick_max, color, 4.0f, 0, 2.0f);
      RecordRect(ctx, "learn.guessed", pick_min, pick_max);
    }
    y += layout.rows[j] + layout.gap;
  }
  const ImRect answer_rect = bold.Draw(draw, ImVec2(box.Min.x, y), palette.output, answer_text, width);
  RecordRect(ctx, "learn.answer", answer_rect.Min, answer_rect.Max);
  RecordAndHighlight(ctx, state, "learn.weights", box.Min, box.Max);
}

// [SECTION] The picture: the curves

// The training loss (log scale, its powers of ten on the left) and the held-out accuracy (0 to
// 100 %, on the right) against the steps so far, out to one run of Train; each curve labelled with
// its value where it ends, in its colour. They grow to the right as the model trains.
void DrawCurves(Context& ctx, const lesson::LessonState& state, const learn::Training& training, const ImRect& box) {
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const TextStyle body = StyleOf(ctx.fonts.body);
  const TextStyle bold = StyleOf(ctx.fonts.bold);
  const ImU32 loss_color = LossColor(ctx);
  const ImU32 accuracy_color = AccuracyColor(ctx);
  const float line = body.size;

  const double top = std::log10(std::max(training.loss.front(), kLossFloor * 10.0));
  const double bottom = std::log10(kLossFloor);
  const int top_power = static_cast<int>(std::floor(top));
  const int bottom_power = static_cast<int>(std::lround(bottom));
  const std::string percent_top = Percent(1.0);
  const std::string percent_bottom = Percent(0.0);
  const float left_room =
      std::max(body.Measure(PowerOfTen(top_power)).x, body.Measure(PowerOfTen(bottom_power)).x) + 10.0f;
  const float right_room = body.Measure(percent_top).x + 10.0f;
  const ImVec2 lo(box.Min.x + left_room, box.Max.y - line - 6.0f);   // the plot's bottom left
  const ImVec2 hi(box.Max.x - right_room, box.Min.y + line * 0.5f);  // its top right
  RecordRect(ctx, "learn.plot", ImVec2(lo.x, hi.y), ImVec2(hi.x, lo.y));
  draw->AddLine(lo, ImVec2(hi.x, lo.y), palette.axis, 1.5f);
  draw->AddLine(lo, ImVec2(lo.x, hi.y), WithAlpha(loss_color, 110), 1.0f);
  draw->AddLine(ImVec2(hi.x, lo.y), hi, WithAlpha(accuracy_color, 110), 1.0f);

  const int span = std::max(lesson::kLearnRunSteps, training.steps);
  auto x_at = [&](size_t step) { return lo.x + (hi.x - lo.x) * static_cast<float>(step) / static_cast<float>(span); };
  auto y_at = [&](double unit) { return lo.y + (hi.y - lo.y) * static_cast<float>(std::clamp(unit, 0.0, 1.0)); };
  auto loss_unit = [&](double loss) { return (std::log10(std::max(loss, kLossFloor)) - bottom) / (top - bottom); };

  // The loss's scale: a tick and a grid line every power of ten (every second one when they would
  // crowd), labelled at its two ends; the accuracy's two ends; the steps below.
  const int decades = top_power - bottom_power;
  const int every = (lo.y - hi.y) / static_cast<float>(std::max(decades, 1)) < line * 1.1f ? 2 : 1;
  for (int power = top_power; power >= bottom_power; power -= every) {
    const float y = y_at((power - bottom) / (top - bottom));
    const std::string label = PowerOfTen(power);
    draw->AddLine(ImVec2(lo.x - 4.0f, y), ImVec2(lo.x, y), loss_color, 1.0f);
    draw->AddLine(ImVec2(lo.x, y), ImVec2(hi.x, y), WithAlpha(palette.axis, 28), 1.0f);
    if (power == top_power || power - every < bottom_power) {
      draw->AddText(body.font, body.size, ImVec2(lo.x - 7.0f - body.Measure(label).x, y - line * 0.5f), palette.muted,
                    label.c_str());
    }
  }
  draw->AddText(body.font, body.size, ImVec2(hi.x + 9.0f, hi.y - line * 0.5f), palette.muted, percent_top.c_str());
  draw->AddText(body.font, body.size, ImVec2(hi.x + 9.0f, lo.y - line * 0.5f), palette.muted, percent_bottom.c_str());
  const std::string steps_label = lesson::Fill(T("learn.steps_axis"), {{"steps", std::to_string(span)}});
  draw->AddText(body.font, body.size, ImVec2(lo.x, lo.y + 4.0f), palette.muted, "0");
  draw->AddText(body.font, body.size, ImVec2(hi.x - body.Measure(steps_label).x, lo.y + 4.0f), palette.muted,
                steps_label.c_str());

  // The curves, then a dot where each ends.
  auto curve = [&](const std::vector<double>& values, auto to_unit, ImU32 color) {
    std::vector<ImVec2> points;
    points.reserve(values.size());
    for (size_t step = 0; step < values.size(); ++step)
      points.push_back(ImVec2(x_at(step), y_at(to_unit(values[step]))));
    if (points.size() >= 2)
      draw->AddPolyline(points.data(), static_cast<int>(points.size()), color, ImDrawFlags_None, 2.5f);
    draw->AddCircleFilled(points.back(), 4.5f, color);
    return points.back();
  };
  const auto share = [](double s) { return s; };
  const ImVec2 loss_end = curve(training.loss, loss_unit, loss_color);
  const ImVec2 accuracy_end = curve(training.accuracy, share, accuracy_color);
  RecordRect(ctx, "learn.loss_end", loss_end, loss_end);
  RecordRect(ctx, "learn.accuracy_end", accuracy_end, accuracy_end);

  // The labels on the data: beside each curve's end (before it once it reaches the right side),
  // on the side of it away from the plot's nearer edge, and apart from each other.
  struct Mark {
    ImVec2 at;
    std::string text;
    ImU32 color;
    ImRect rect;
  };
  Mark marks[2] = {{loss_end,
                    lesson::Fill(T("learn.loss_mark"), {{"loss", lesson::LearnLossText(training.loss.back())}}),
                    loss_color,
                    {}},
                   {accuracy_end,
                    lesson::Fill(T("learn.accuracy_mark"), {{"percent", Percent(training.accuracy.back())}}),
                    accuracy_color,
                    {}}};
  const float middle = (lo.y + hi.y) * 0.5f;
  for (Mark& mark : marks) {
    const ImVec2 size = bold.Measure(mark.text);
    const float x = mark.at.x + 10.0f + size.x <= box.Max.x ? mark.at.x + 10.0f : mark.at.x - 10.0f - size.x;
    const float y = mark.at.y < middle ? mark.at.y + 6.0f : mark.at.y - 6.0f - size.y;
    const float left = std::clamp(x, box.Min.x, box.Max.x - size.x);
    const float up = std::clamp(y, box.Min.y, lo.y - size.y - 2.0f);
    mark.rect = ImRect(left, up, left + size.x, up + size.y);
  }
  if (marks[0].rect.Overlaps(marks[1].rect)) {
    Mark& upper = marks[0].rect.GetCenter().y <= marks[1].rect.GetCenter().y ? marks[0] : marks[1];
    Mark& lower = &upper == &marks[0] ? marks[1] : marks[0];
    const float need = upper.rect.Max.y + 2.0f - lower.rect.Min.y;
    lower.rect.TranslateY(need * 0.5f);
    upper.rect.TranslateY(-need * 0.5f);
    const float below = lower.rect.Max.y - (lo.y - 2.0f);
    if (below > 0.0f) {
      lower.rect.TranslateY(-below);
      upper.rect.TranslateY(-below);
    }
    const float above = box.Min.y - upper.rect.Min.y;
    if (above > 0.0f) {
      lower.rect.TranslateY(above);
      upper.rect.TranslateY(above);
    }
  }
  const ImU32 paper = palette.panel;  // opaque: a curve passing behind a label does not show through
  for (const Mark& mark : marks) {
    draw->AddRectFilled(ImVec2(mark.rect.Min.x - 3.0f, mark.rect.Min.y),
                        ImVec2(mark.rect.Max.x + 3.0f, mark.rect.Max.y), paper, 3.0f);
    draw->AddText(bold.font, bold.size, mark.rect.Min, mark.color, mark.text.c_str());
  }
  RecordRect(ctx, "learn.loss_label", marks[0].rect.Min, marks[0].rect.Max);
  RecordRect(ctx, "learn.accuracy_label", marks[1].rect.Min, marks[1].rect.Max);
  RecordAndHighlight(ctx, state, "learn.curves", box.Min, box.Max);
}

// [SECTION] The learned plane

// The learned keys of the paragraph's subjects and the question's query, as arrows from the
// origin, scaled so the longest fits `box` (a square); they move as the model trains.
void DrawPlane(Context& ctx, const lesson::LessonState& state, const learn::Model& model,
               const learn::Paragraph& paragraph, const ImRect& box) {
  const LearnScene& scene = state.learn;
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const TextStyle bold = StyleOf(ctx.fonts.bold);
  const float side = std::min(box.GetWidth(), box.GetHeight());
  const ImVec2 center = box.GetCenter();
  const ImVec2 origin(center.x - side * 0.5f, center.y - side * 0.5f);
  draw->AddLine(ImVec2(origin.x, center.y), ImVec2(origin.x + side, center.y), WithAlpha(palette.axis, 120), 1.0f);
  draw->AddLine(ImVec2(center.x, origin.y), ImVec2(center.x, origin.y + side), WithAlpha(palette.axis, 120), 1.0f);

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
                      T("learn.subject" + std::to_string(sentence.subject + 1)), 2.5f});
  }
  arrows.push_back({learn::QueryOf(model, scene.question), palette.text, T("learn.query"), 3.5f});
  double longest = 1e-9;
  for (const Arrow& arrow : arrows) {
    const double x = arrow.tip.size() > 0 ? arrow.tip[0] : 0.0;
    const double y = arrow.tip.size() > 1 ? arrow.tip[1] : 0.0;
    longest = std::max(longest, std::sqrt(x * x + y * y));
  }
  const float reach = side * 0.5f - bold.size * 1.5f;
  const float scale = reach / static_cast<float>(longest);
  const ImU32 background = palette.panel;
  for (size_t a = 0; a < arrows.size(); ++a) {
    const Arrow& arrow = arrows[a];
    const int i = static_cast<int>(a);
    const float x =
        Eased(ctx, MotionId("learn.tip_x", i), static_cast<float>(arrow.tip.size() > 0 ? arrow.tip[0] : 0.0) * scale);
    const float y =
        Eased(ctx, MotionId("learn.tip_y", i), static_cast<float>(arrow.tip.size() > 1 ? arrow.tip[1] : 0.0) * scale);
    const ImVec2 tip(center.x + x, center.y - y);
    DrawArrow(draw, center, tip, arrow.color, arrow.thickness, 12.0f + arrow.thickness);
    const ImVec2 size = bold.Measure(arrow.label);
    // Beyond the tip, away from the origin; above it when that side has no room.
    const float away_x = x >= 0.0f ? tip.x + 6.0f : tip.x - 6.0f - size.x;
    const bool fits = away_x >= origin.x && away_x + size.x <= origin.x + side;
    const float lx = std::clamp(fits ? away_x : tip.x - size.x * 0.5f, origin.x, origin.x + side - size.x);
    const float ly =
        std::clamp(fits ? tip.y - size.y * 0.5f : tip.y - size.y - 6.0f, origin.y, origin.y + side - size.y);
    // On a patch of the card, so that no axis runs through the word.
    draw->AddRectFilled(ImVec2(lx - 2.0f, ly), ImVec2(lx + size.x + 2.0f, ly + size.y), background, 2.0f);
    draw->AddText(bold.font, bold.size, ImVec2(lx, ly), arrow.color, arrow.label.c_str());
  }
  RecordAndHighlight(ctx, state, "learn.plane", box.Min, box.Max);
}

// [SECTION] Under the picture: Train, the question, the paragraph

// Keeps controls on one line while they fit and wraps onto the next, as ButtonRow does for
// buttons, for controls of any width (radio buttons, a label first).
class FlowRow {
 public:
  void Place(float width) {
    if (!first_) {
      const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
      const float next_x = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
      if (next_x + width <= right_edge) ImGui::SameLine();
    }
    first_ = false;
  }
  void PlaceRadio(const std::string& label) { Place(RadioWidth(label)); }
  void PlaceButton(const std::string& label) { Place(ButtonWidth(label)); }

  static float RadioWidth(const std::string& label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
           ImGui::CalcTextSize(label.c_str(), nullptr, true).x;
  }
  static float ButtonWidth(const std::string& label) {
    return ImGui::CalcTextSize(label.c_str(), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
  }
  // A label, and the controls of `widths` beside it when all of them fit there, else under it
  // (so that the controls stay together).
  void Label(const std::string& text, const std::vector<float>& widths) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text.c_str());
    float total = ImGui::GetItemRectMax().x;
    for (const float width : widths) total += ImGui::GetStyle().ItemSpacing.x + width;
    first_ = total > ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  }

 private:
  bool first_ = true;
};

// T trains and pauses, S takes one step (ui/shortcuts.h); before the prediction is answered, either
// counts as a skip, whose reveal is training.
void HandleKeys(Context& ctx, lesson::LessonState& state) {
  LearnScene& scene = state.learn;
  const int trains = TypedCount('t');
  const int steps = TypedCount('s');
  if ((trains > 0 || steps > 0) && lesson::Asking(state, lesson::Question::LearnSentence)) {
    lesson::SkipPrediction(state, lesson::Question::LearnSentence, TakeAnswerTime(ctx, AnswerClock(lesson::Question::LearnSentence)));
    if (trains % 2 == 0) lesson::PauseLearnTraining(scene);
    for (int step = steps; step > 0; --step) lesson::StepLearnTraining(scene);
    return;
  }
  if (trains % 2 == 1) {
    if (scene.training) {
      lesson::PauseLearnTraining(scene);
    } else {
      lesson::StartLearnTraining(scene);
    }
  }
  for (int step = steps; step > 0; --step) lesson::StepLearnTraining(scene);
}

// Train (Pause while it runs), large and first; Step and Reset training beside it.
void DrawTrainRow(Context& ctx, lesson::LessonState& state) {
  LearnScene& scene = state.learn;
  HandleKeys(ctx, state);
  BeginHighlightGroup();
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(18.0f, 10.0f));
  ButtonRow row;
  const bool pressed = TrainButton(ctx, row, "learn.train", "learn.pause", "learn_train", scene.training);
  // Train or Step before the prediction is answered count as a skip (whose reveal is training).
  constexpr lesson::Question kQuestion = lesson::Question::LearnSentence;
  const bool asking = lesson::Asking(state, kQuestion);
  if (pressed) {
    if (asking) {
      lesson::SkipPrediction(state, kQuestion, TakeAnswerTime(ctx, AnswerClock(lesson::Question::LearnSentence)));
    } else if (scene.training) {
      lesson::PauseLearnTraining(scene);
    } else {
      lesson::StartLearnTraining(scene);
    }
  }
  RecordItem(ctx, "learn.train");
  row.Place(T("learn.step"));
  if (ImGui::Button(T("learn.step").c_str())) {
    if (asking) {
      lesson::SkipPrediction(state, kQuestion, TakeAnswerTime(ctx, AnswerClock(lesson::Question::LearnSentence)));
      lesson::PauseLearnTraining(scene);
    }
    lesson::StepLearnTraining(scene);
  }
  RecordItem(ctx, "learn.step");
  row.Place(T("learn.reset"));
  if (ImGui::Button(T("learn.reset").c_str())) lesson::ResetLearnTraining(scene);
  RecordItem(ctx, "learn.reset");
  ImGui::PopStyleVar();
  EndHighlightGroup(ctx, state, "learn.controls");
}

// The question as its subject's word, a segment in the subject's colour, filled while it is the
// one asked (the picture's top line says the whole question; a screen reader hears it as the
// choice's name).
void DrawQuestionPicker(Context& ctx, LearnScene& scene) {
  const std::vector<int> subjects = lesson::LearnQuestionsOf(scene);
  auto question_label = [](int subject) {
    return T("learn.subject" + std::to_string(subject + 1)) + "##learn_question";
  };
  std::vector<float> widths;
  ImGui::PushFont(ctx.fonts.bold);
  for (const int subject : subjects) widths.push_back(FlowRow::ButtonWidth(question_label(subject)));
  ImGui::PopFont();
  FlowRow questions;
  questions.Label(T("learn.question"), widths);
  const ImU32 paper = ImGui::GetColorU32(ImGuiCol_WindowBg);
  const ImU32 frame = ImGui::GetColorU32(ImGuiCol_FrameBg);
  const ImU32 frame_hovered = ImGui::GetColorU32(ImGuiCol_FrameBgHovered);
  ImGui::PushFont(ctx.fonts.bold);
  for (const int subject : subjects) {
    const std::string label = question_label(subject);
    const bool picked = scene.question == subject;
    const ImU32 color = SeriesColor(ctx, subject);
    questions.PlaceButton(label);
    ImGui::PushStyleColor(ImGuiCol_Button, picked ? color : frame);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, picked ? color : frame_hovered);
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, color);
    ImGui::PushStyleColor(ImGuiCol_Text, picked ? paper : color);
    if (ImGui::Button(label.c_str())) lesson::SetLearnQuestion(scene, subject);
    ImGui::PopStyleColor(4);
    DescribeRadio(ctx, lesson::LearnQuestionText(subject), picked);
    RecordItem(ctx, ("learn.question" + std::to_string(subject + 1)).c_str());
  }
  ImGui::PopFont();
}

// The plane under the controls when the picture has no room for it: its one-line title, then the
// square on a card of its own.
void DrawPlaneAfter(Context& ctx, const lesson::LessonState& state, const learn::Model& model,
                    const learn::Paragraph& paragraph) {
  Paragraph(T("learn.plane"), ctx.palette.muted);
  const float avail = ImGui::GetContentRegionAvail().x;
  const float side = std::min(avail, 360.0f);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(avail, side));
  const ImRect card(at, ImVec2(at.x + side, at.y + side));
  ImGui::GetWindowDrawList()->AddRectFilled(card.Min, card.Max, ctx.palette.panel, 8.0f);
  DrawPlane(ctx, state, model, paragraph,
            ImRect(card.Min.x + 8.0f, card.Min.y + 8.0f, card.Max.x - 8.0f, card.Max.y - 8.0f));
}

// [SECTION] On demand: the numbers, the options, about this scene

// Where training is, and the controlled test: each sentence removed in turn, the answer without
// it beside its weight; with a fact stated twice, both copies removed together.
void DrawNumbers(Context& ctx, lesson::LessonState& state, const learn::Training& training,
                 const learn::Paragraph& paragraph) {
  const LearnScene& scene = state.learn;
  const std::string status = lesson::Fill(
      T("learn.status"),
      {{"steps", std::to_string(training.steps)},
       {"loss", lesson::LearnLossText(training.loss.back())},
       {"accuracy", std::to_string(static_cast<int>(
                        std::lround(training.accuracy.back() * static_cast<double>(training.data.held_out.size()))))},
       {"held_out", std::to_string(training.data.held_out.size())}});
  Paragraph(status);
  RecordItem(ctx, "learn.status");

  BeginHighlightGroup();
  ImGui::PushFont(ctx.fonts.bold);
  Paragraph(T("learn.removal_title"));
  ImGui::PopFont();
  Paragraph(T("learn.removal_intro"));
  const auto removals = learn::RemoveEach(training.model, paragraph, scene.question);
  const ImGuiTableFlags flags = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerH;
  if (ImGui::BeginTable("learn_removal", 4, flags)) {
    ImGui::TableSetupColumn("sentence", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    for (const char* column : {"weight", "without", "change"})
      ImGui::TableSetupColumn(column, ImGuiTableColumnFlags_WidthStretch, 1.0f);
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
  const lesson::CopiesRemoved both = lesson::LearnCopiesRemoved(training.model, paragraph, scene.question);
  if (both.copies >= 2) {
    Paragraph(
        lesson::Fill(T("learn.removal_both"), {{"without", Num(both.answer_without)}, {"change", Num(both.change)}}));
    RecordItem(ctx, "learn.removal_both");
  }
  const char* reading = lesson::LearnReadingOf(training.model, paragraph, scene.question);
  if (reading != nullptr) Paragraph(lesson::LearnReadingText(reading), ctx.palette.muted);
  EndHighlightGroup(ctx, state, "learn.removal");
}

// The paragraph: the lesson's, or one that states a fact twice (what the removal test shows then is
// under Show the numbers).
void DrawParagraphPicker(Context& ctx, LearnScene& scene) {
  std::vector<float> widths;
  for (int p = 0; p < lesson::kLearnParagraphCount; ++p)
    widths.push_back(FlowRow::RadioWidth(T("learn.paragraph" + std::to_string(p + 1))));
  FlowRow paragraphs;
  paragraphs.Label(T("learn.paragraph"), widths);
  for (int p = 0; p < lesson::kLearnParagraphCount; ++p) {
    const std::string label = T("learn.paragraph" + std::to_string(p + 1));
    paragraphs.PlaceRadio(label);
    if (ImGui::RadioButton(label.c_str(), static_cast<int>(scene.paragraph) == p)) lesson::SetLearnParagraph(scene, p);
    DescribeRadio(ctx, label, static_cast<int>(scene.paragraph) == p);
    RecordItem(ctx, ("learn.paragraph" + std::to_string(p + 1)).c_str());
  }
}

// The paragraph; the learning rate, a few to choose from (a link may hold any rate in range: slow,
// the default, fast, too fast); the seed; the keys.
void DrawOptions(Context& ctx, LearnScene& scene) {
  DrawParagraphPicker(ctx, scene);
  constexpr double kRates[] = {0.01, 0.03, 0.1, 0.3};
  std::vector<float> widths;
  for (const double rate : kRates) widths.push_back(FlowRow::RadioWidth(Num(rate)));
  FlowRow rates;
  rates.Label(T("learn.rate"), widths);
  for (const double rate : kRates) {
    const std::string label = Num(rate) + "##learn_rate";
    rates.PlaceRadio(label);
    if (ImGui::RadioButton(label.c_str(), scene.rate == rate)) lesson::SetLearnRate(scene, rate);
    DescribeRadio(ctx, T("learn.rate") + " " + Num(rate), scene.rate == rate);
    RecordItem(ctx, ("learn.rate." + attention::FormatNumber(rate)).c_str());
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(lesson::Fill(T("learn.seed"), {{"seed", std::to_string(scene.seed)}}).c_str());
  ImGui::SameLine();
  if (ImGui::Button(T("learn.another_seed").c_str()))
    lesson::SetLearnSeed(scene, scene.seed % lesson::kLearnSeedMax + 1);
  RecordItem(ctx, "learn.another_seed");
  Paragraph(T("learn.seed_hint") + " " + T("learn.keys"), ctx.palette.muted);
}

void DrawAbout(Context& ctx) {
  ImGui::PushFont(ctx.fonts.bold);
  Paragraph(T("learn.title"));
  ImGui::PopFont();
  Paragraph(T("learn.intro"));
  Paragraph(T("learn.curves") + " " + T("learn.loss") + ". " + T("learn.accuracy") + ".");
  Paragraph(T("learn.plane_hint"));
}

// [SECTION] The panel

// The picture; `ask`: the scene's panel's, which asks its prediction on the sentences' bars.
void DrawLearnFigure(lesson::LessonState& state, Context& ctx, bool ask) {
  LearnScene& scene = state.learn;
  const learn::Training& training = lesson::LearnTrainingOf(scene);
  const learn::Paragraph paragraph = lesson::LearnParagraphOf(scene);
  const learn::Answer answer = learn::Ask(training.model, paragraph, scene.question);
  const std::string answer_text = lesson::LearnAnswerText(answer.output, learn::AnswerOf(paragraph, scene.question));

  // The picture's parts, laid out before anything is drawn.
  WeightsLayout weights_layout;
  const Picture picture = LayOutPicture(ctx, scene, paragraph, answer_text, &weights_layout);

  // Announced with what it shows now, before the controls under it.
  const std::string figure = FigureName(training, scene, paragraph, answer);
  DescribeFigure(ctx, figure, picture.frame.Min, picture.frame.Max);
  RecordRect(ctx, "learn.picture", picture.frame.Min, picture.frame.Max);
  ImGui::Dummy(picture.frame.GetSize());
  ImGui::GetWindowDrawList()->AddRectFilled(picture.frame.Min, picture.frame.Max, ctx.palette.panel, 8.0f);
  DrawWeights(ctx, state, paragraph, answer, answer_text, weights_layout, picture.weights, ask);
  DrawCurves(ctx, state, training, picture.curves);
  if (picture.has_plane) {
    // Its one-line title over it, as under the controls on a narrower screen.
    const ImRect title = StyleOf(ctx.fonts.body)
                             .Draw(ImGui::GetWindowDrawList(), picture.plane.Min, ctx.palette.muted, T("learn.plane"),
                                   picture.plane.GetWidth());
    DrawPlane(ctx, state, training.model, paragraph,
              ImRect(ImVec2(picture.plane.Min.x, title.Max.y + 6.0f), picture.plane.Max));
  }
}

}  // namespace

void DrawLearnPicture(lesson::LessonState& state, Context& ctx) { DrawLearnFigure(state, ctx, false); }

void DrawLearnPanel(lesson::LessonState& state, Context& ctx) {
  LearnScene& scene = state.learn;
  DrawQuestionOrCaption(state, ctx, lesson::Question::LearnSentence, T("learn.caption"));
  DrawLearnFigure(state, ctx, true);
  DrawAnswerOrReveal(state, ctx, lesson::Question::LearnSentence);

  const learn::Training& training = lesson::LearnTrainingOf(scene);
  const learn::Paragraph paragraph = lesson::LearnParagraphOf(scene);
  // The plane joins the picture where there is room for a third column (LayOutPicture).
  const bool plane_in_picture = ImGui::GetContentRegionAvail().x >= kThreeColumnsMin;

  ImGui::Spacing();
  DrawTrainRow(ctx, state);
  DrawQuestionPicker(ctx, scene);
  if (!plane_in_picture) DrawPlaneAfter(ctx, state, training.model, paragraph);
  ImGui::Spacing();

  if (SceneHeader(ctx, "learn.numbers", "learn.numbers", &scene.numbers_open, IsHighlighted(state, "learn.removal"))) {
    DrawNumbers(ctx, state, training, paragraph);
  }
  if (SceneHeader(ctx, "learn.options", "learn.options", &scene.options_open, false)) DrawOptions(ctx, scene);
  bool about_open = ImGui::GetStateStorage()->GetBool(ImGui::GetID("learn_about_open"), false);
  if (SceneHeader(ctx, "learn.about", "learn.about", &about_open, false)) DrawAbout(ctx);
  ImGui::GetStateStorage()->SetBool(ImGui::GetID("learn_about_open"), about_open);

  if (ImGui::Button(T("learn.reset_scene").c_str())) lesson::ResetLearnScene(scene);
  RecordItem(ctx, "learn.reset_scene");
}

const ScenePanel kLearnPanel = {DrawLearnPanel, DrawLearnPicture, DrawLearnPicture};

}  // namespace ui
