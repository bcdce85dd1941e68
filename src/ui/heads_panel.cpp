// The Heads scene, led by one picture: one held-out sequence whose run of tokens repeats, every
// head's attention pattern on it as a small heatmap (layer 1 over layer 2, small multiples), each
// with its scores over the steps under it, and beside them the loss and the repeated run's
// accuracy as curves, with the step where the heads formed. Right under it Train, the scene's one
// obvious action; then the knock-outs, what they leave of the copy, and the reading the numbers
// support; every head's numbers, the seed and the explanation on demand.
//
// [SECTION] Shared pieces
// [SECTION] The picture's layout
// [SECTION] The picture: the sequence
// [SECTION] The picture: the patterns
// [SECTION] The picture: the curves
// [SECTION] Under the picture: Train, the knock-outs, the reading
// [SECTION] On demand: the numbers, the options, about this scene
// [SECTION] The panel
#include "ui/heads_panel.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/locale.h"
#include "lesson/mirror_words.h"
#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/checkbox.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/mask_picture.h"
#include "ui/panels.h"
#include "ui/shapes.h"
#include "ui/shortcuts.h"
#include "ui/text_layout.h"
#include "ui/text_style.h"
#include "ui/theme.h"
#include "ui/train_button.h"

namespace ui {

namespace {

using lesson::HeadsPoint;
using lesson::HeadsRun;
using lesson::HeadsScene;
using lesson::kHeadsCount;
using lesson::kHeadsPerLayer;
using lesson::Num;
using lesson::T;

// [SECTION] Shared pieces

constexpr float kTwoColumnsMin = 760.0f;  // narrower, the curves go under Train
constexpr float kHeadsInRowMin = 1060.0f;  // wider, the four patterns stand in one row
constexpr float kPad = 14.0f;             // inside the picture's card
constexpr float kGap = 18.0f;             // between the picture's parts
constexpr float kSparkline = 40.0f;       // a head's scores over the steps
constexpr float kEdge = 8.0f;             // between a pattern's name and its grid (the copies' marks)
constexpr int kRoles = 3;                 // previous token, duplicate token, induction

ImU32 WithAlpha(ImU32 color, int alpha) {
  return (color & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

// What a head looks at, one colour each, on its label and its score's line: the token before
// (teal), the earlier copy of the current token (ochre), the token after that copy (magenta).
// None is a subject's or the accuracy's colour.
ImU32 RoleColor(const Context& ctx, int role) {
  const bool dark = ctx.theme == Theme::Dark;
  const bool more = ctx.more_contrast;
  switch (role) {
    case 0:
      return dark ? (more ? IM_COL32(120, 230, 230, 255) : IM_COL32(80, 200, 205, 255))
                  : (more ? IM_COL32(0, 80, 90, 255) : IM_COL32(0, 120, 135, 255));
    case 1:
      return dark ? (more ? IM_COL32(245, 215, 120, 255) : IM_COL32(225, 185, 80, 255))
                  : (more ? IM_COL32(95, 65, 0, 255) : IM_COL32(140, 95, 0, 255));
    default:
      return dark ? (more ? IM_COL32(255, 170, 225, 255) : IM_COL32(240, 130, 200, 255))
                  : (more ? IM_COL32(125, 0, 85, 255) : IM_COL32(175, 30, 120, 255));
  }
}

// The role a reading key names, as RoleColor counts them; -1 for none.
int RoleIndex(const char* key) {
  const std::string role = key;
  if (role == "heads.role_previous") return 0;
  if (role == "heads.role_duplicate") return 1;
  if (role == "heads.role_induction") return 2;
  return -1;
}

double Score(const HeadsPoint& point, int head, int role) {
  return role == 0 ? point.previous[head] : role == 1 ? point.duplicate[head] : point.induction[head];
}

// The pattern of head `head` (layer head / 2) in a forward pass.
const std::vector<double>& PatternOf(const heads::Pass& pass, int head) {
  return pass.pattern[head / kHeadsPerLayer][head % kHeadsPerLayer];
}

// The steps the curves and the scores span: one run of Train, or more once the model has more.
int SpanOf(const HeadsRun& run) { return std::max(lesson::kHeadsRunSteps, run.training.steps); }

// [SECTION] The picture's layout

// Where the picture's parts go, worked out before anything is drawn.
struct Picture {
  ImRect frame;     // the whole picture, its card
  ImRect sequence;  // the sample's tokens, in rows
  ImRect patterns;  // the four heads, two by two
  ImRect curves;    // the loss and the accuracies against the steps
  int per_row = 24;  // tokens in a row of the sequence
  float cell = 20.0f;
  int heads_per_row = 2;  // the patterns two by two (layer 1 over layer 2), or all four in a row
  float side = 100.0f;    // a pattern's
  float block = 200.0f;   // a head's name, pattern, role and scores
};

float TitleHeight(const Context& ctx) { return StyleOf(ctx.fonts.bold).size + kEdge; }

// The room under a pattern for what its head looks at: the longest of the roles' words, wrapped to
// the pattern's width, so that every block is as tall and none moves when a role changes.
float RoleHeight(const Context& ctx, float side) {
  const TextStyle body = StyleOf(ctx.fonts.body);
  float height = body.size;
  for (const char* key : {"heads.role_previous", "heads.role_duplicate", "heads.role_induction", "heads.role_none"})
    height = std::max(height, body.Height(T(key), side));
  return height + 4.0f;
}

// A head's block: its name, its pattern (a square of `side`), what it looks at, its scores.
float HeadBlockHeight(const Context& ctx, float side) {
  return TitleHeight(ctx) + side + 4.0f + RoleHeight(ctx, side) + kSparkline;
}

// A pattern's side: as wide as `per_row` patterns fit in `width`, but no more than a first
// screen has room for (on a phone, with Train under the patterns).
float PatternSide(float width, int per_row, bool narrow) {
  const float fits = std::floor((width - kGap * static_cast<float>(per_row - 1)) / static_cast<float>(per_row));
  return std::min(fits, narrow ? 132.0f : 160.0f);
}

// A narrow widget has the curves in a card of their own under Train, so that the patterns and
// Train are on its first screen.
bool CurvesApart() { return ImGui::GetContentRegionAvail().x < kTwoColumnsMin; }
float CurvesApartHeight(float inner) { return std::clamp(inner * 0.6f, 170.0f, 240.0f); }

Picture LayOutPicture(const Context& ctx, int length) {
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool two_columns = avail >= kTwoColumnsMin;
  const float inner = avail - 2.0f * kPad;
  Picture picture;
  // Beside the curves, the patterns take what they need, the curves the rest.
  picture.heads_per_row = avail >= kHeadsInRowMin ? kHeadsCount : kHeadsPerLayer;
  const float share = picture.heads_per_row == kHeadsCount ? 0.62f : 0.56f;
  picture.side = PatternSide(two_columns ? std::floor((inner - kGap) * share) : inner, picture.heads_per_row, !two_columns);
  const float patterns_width =
      picture.side * static_cast<float>(picture.heads_per_row) + kGap * static_cast<float>(picture.heads_per_row - 1);
  const float left_width = two_columns ? patterns_width : inner;
  // The sequence in one row where a token's number fits in its cell, else in two.
  const float number_width = StyleOf(ctx.fonts.body).Measure("00").x + 6.0f;
  picture.per_row = left_width / static_cast<float>(length) >= number_width ? length : (length + 1) / 2;
  picture.cell = std::min(34.0f, std::floor(left_width / static_cast<float>(picture.per_row)));
  const int rows = (length + picture.per_row - 1) / picture.per_row;
  const float sequence_height = StyleOf(ctx.fonts.bold).Height(T("heads.sequence"), left_width) + 6.0f +
                                static_cast<float>(rows) * (picture.cell + 4.0f);
  picture.block = HeadBlockHeight(ctx, picture.side);
  const int block_rows = kHeadsCount / picture.heads_per_row;
  const float patterns_height = static_cast<float>(block_rows) * picture.block + static_cast<float>(block_rows - 1) * kGap;
  const float left_height = sequence_height + kGap + patterns_height;
  // Beside the patterns the curves are at least as tall as wide is too flat to read.
  const float height = two_columns ? std::max(left_height, (inner - left_width - kGap) * 0.45f) : left_height;
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const ImVec2 in(top.x + kPad, top.y + kPad);
  picture.frame = ImRect(top, ImVec2(top.x + avail, top.y + 2.0f * kPad + height));
  picture.sequence = ImRect(in, ImVec2(in.x + left_width, in.y + sequence_height));
  picture.patterns = ImRect(ImVec2(in.x, picture.sequence.Max.y + kGap),
                            ImVec2(in.x + left_width, picture.sequence.Max.y + kGap + patterns_height));
  // Beside the patterns; on a narrow widget in a card of their own (DrawCurvesApart).
  if (two_columns) {
    picture.curves = ImRect(ImVec2(in.x + left_width + kGap, in.y), ImVec2(in.x + inner, in.y + height));
  }
  return picture;
}

// What the picture shows now, for a screen reader.
std::string FigureName(const HeadsScene& scene, const HeadsRun& run) {
  const HeadsPoint& now = lesson::HeadsNow(run);
  const HeadsPoint shown = lesson::HeadsShown(scene);
  std::vector<std::string> roles;
  for (int h = 0; h < kHeadsCount; ++h) {
    const char* role = lesson::HeadsRoleOf(shown, h);
    if (RoleIndex(role) >= 0) roles.push_back(lesson::HeadName(h) + ": " + T(role));
  }
  return lesson::Fill(T("heads.figure"),
                      {{"steps", lesson::MirrorCount(run.training.steps)},
                       {"copy", lesson::HeadsPercent(now.repeated)},
                       {"other", lesson::HeadsPercent(now.other)},
                       {"roles", roles.empty() ? T("heads.no_roles") : lesson::MirrorList(roles)},
                       {"knocked", scene.knocked != 0 ? " " + T("heads.figure_knocked") : std::string()}});
}

// [SECTION] The picture: the sequence

// The sample's tokens as numbered cells, the repeated run's two copies tinted in the copy's
// colour (the second outlined too), with what the picture is above them.
void DrawSequence(Context& ctx, const heads::Sequence& sample, const Picture& picture) {
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const TextStyle body = StyleOf(ctx.fonts.body);
  const TextStyle bold = StyleOf(ctx.fonts.bold);
  const ImU32 copy = AccuracyColor(ctx);
  const ImRect title =
      bold.Draw(draw, picture.sequence.Min, palette.text, T("heads.sequence"), picture.sequence.GetWidth());
  const float top = title.Max.y + 6.0f;
  const int length = static_cast<int>(sample.tokens.size());
  for (int t = 0; t < length; ++t) {
    const int row = t / picture.per_row, column = t % picture.per_row;
    const ImVec2 min(picture.sequence.Min.x + static_cast<float>(column) * picture.cell,
                     top + static_cast<float>(row) * (picture.cell + 4.0f));
    const ImVec2 max(min.x + picture.cell - 2.0f, min.y + picture.cell);
    const bool first = t >= sample.first && t < sample.first + sample.run;
    const bool second = t >= sample.second && t < sample.second + sample.run;
    draw->AddRectFilled(min, max, first || second ? WithAlpha(copy, 60) : WithAlpha(palette.axis, 30), 3.0f);
    if (second) draw->AddRect(min, max, copy, 3.0f, 0, 1.5f);
    const std::string number = std::to_string(sample.tokens[static_cast<size_t>(t)]);
    const ImVec2 size = body.Measure(number);
    if (size.x + 2.0f <= picture.cell) {
      draw->AddText(body.font, body.size, ImVec2(min.x + (max.x - min.x - size.x) * 0.5f, min.y + (max.y - min.y - size.y) * 0.5f),
                    palette.text, number.c_str());
    }
  }
  RecordRect(ctx, "heads.sequence", picture.sequence.Min, picture.sequence.Max);
}

// [SECTION] The picture: the patterns

// One head: its name; its pattern on the sample as a heatmap (row: the token that looks, column:
// the token looked at, the weights' shade; above the diagonal the future, masked), the second
// copy's rows and the first copy's columns marked in the copy's colour on the edges; what it looks
// at, in that role's colour; its three scores over the steps. Knocked out, it fades and says so.
void DrawHead(Context& ctx, const HeadsScene& scene, const HeadsRun& run, const heads::Pass& pass,
              const HeadsPoint& shown, int head, const ImRect& box) {
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const TextStyle body = StyleOf(ctx.fonts.body);
  const TextStyle bold = StyleOf(ctx.fonts.bold);
  const bool knocked = lesson::HeadKnocked(scene, head);
  const std::string item = "heads.head" + std::to_string(head + 1);
  bold.Draw(draw, box.Min, palette.text, lesson::HeadName(head), box.GetWidth());

  const heads::Sequence& sample = run.sample;
  const int length = static_cast<int>(sample.tokens.size());
  const float side = box.GetWidth();
  const float cell = side / static_cast<float>(length);
  const ImVec2 grid(box.Min.x, box.Min.y + TitleHeight(ctx));
  const std::vector<double>& pattern = PatternOf(pass, head);
  const int alpha = knocked ? 70 : 255;
  draw->AddRectFilled(grid, ImVec2(grid.x + side, grid.y + side), WithAlpha(palette.axis, 22));
  for (int t = 0; t < length; ++t) {
    for (int s = 0; s <= t; ++s) {
      const double weight = pattern[static_cast<size_t>(t * length + s)];
      const ImVec2 min(grid.x + static_cast<float>(s) * cell, grid.y + static_cast<float>(t) * cell);
      draw->AddRectFilled(min, ImVec2(min.x + cell, min.y + cell), WithAlpha(MaskScaleColor(weight), alpha));
    }
  }
  // The copies on the edges: the second copy's rows on the left, the first copy's columns on top.
  const ImU32 copy = AccuracyColor(ctx);
  draw->AddRectFilled(ImVec2(grid.x - 5.0f, grid.y + static_cast<float>(sample.second) * cell),
                      ImVec2(grid.x - 2.0f, grid.y + static_cast<float>(sample.second + sample.run) * cell), copy);
  draw->AddRectFilled(ImVec2(grid.x + static_cast<float>(sample.first) * cell, grid.y - 5.0f),
                      ImVec2(grid.x + static_cast<float>(sample.first + sample.run) * cell, grid.y - 2.0f), copy);
  draw->AddRect(grid, ImVec2(grid.x + side, grid.y + side), WithAlpha(palette.axis, 120));
  RecordRect(ctx, (item + ".pattern").c_str(), grid, ImVec2(grid.x + side, grid.y + side));
  if (knocked) {
    const std::string mark = T("heads.knocked_mark");
    const ImVec2 size = bold.Measure(mark);
    const ImVec2 at(grid.x + (side - size.x) * 0.5f, grid.y + (side - size.y) * 0.5f);
    draw->AddRectFilled(ImVec2(at.x - 6.0f, at.y - 3.0f), ImVec2(at.x + size.x + 6.0f, at.y + size.y + 3.0f),
                        palette.panel, 4.0f);
    draw->AddText(bold.font, bold.size, at, palette.text, mark.c_str());
    RecordRect(ctx, (item + ".knocked").c_str(), at, ImVec2(at.x + size.x, at.y + size.y));
  }

  // What it looks at now (with the knock-outs: without the head before it, a head may look
  // elsewhere), in its role's colour.
  const char* role = lesson::HeadsRoleOf(shown, head);
  const int role_index = RoleIndex(role);
  const float role_y = grid.y + side + 4.0f;
  const float role_height = RoleHeight(ctx, side);
  body.Draw(draw, ImVec2(box.Min.x, role_y), role_index >= 0 ? RoleColor(ctx, role_index) : palette.muted, T(role),
            side);
  RecordRect(ctx, (item + ".role").c_str(), ImVec2(box.Min.x, role_y), ImVec2(box.Max.x, role_y + role_height));

  // Its scores over the steps: 0 at the bottom, 1 at the top; the role it has drawn thicker.
  const ImVec2 lo(box.Min.x, role_y + role_height + kSparkline - 4.0f);
  const ImVec2 hi(box.Max.x, role_y + role_height + 2.0f);
  draw->AddLine(lo, ImVec2(hi.x, lo.y), WithAlpha(palette.axis, 90), 1.0f);
  const float span = static_cast<float>(SpanOf(run));
  for (int r = 0; r < kRoles; ++r) {
    std::vector<ImVec2> points;
    points.reserve(run.history.size());
    for (const HeadsPoint& point : run.history) {
      points.push_back(ImVec2(lo.x + (hi.x - lo.x) * static_cast<float>(point.step) / span,
                              lo.y + (hi.y - lo.y) * static_cast<float>(std::clamp(Score(point, head, r), 0.0, 1.0))));
    }
    if (points.size() >= 2) {
      draw->AddPolyline(points.data(), static_cast<int>(points.size()), RoleColor(ctx, r), ImDrawFlags_None,
                        r == role_index ? 2.5f : 1.25f);
    }
  }
  RecordRect(ctx, (item + ".scores").c_str(), ImVec2(lo.x, hi.y), ImVec2(hi.x, lo.y));
}

void DrawPatterns(Context& ctx, lesson::LessonState& state, const HeadsRun& run, const heads::Pass& pass,
                  const Picture& picture) {
  const HeadsPoint shown = lesson::HeadsShown(state.heads);
  const ImRect& box = picture.patterns;
  for (int head = 0; head < kHeadsCount; ++head) {
    const int row = head / picture.heads_per_row, column = head % picture.heads_per_row;
    const ImVec2 min(box.Min.x + static_cast<float>(column) * (picture.side + kGap),
                     box.Min.y + static_cast<float>(row) * (picture.block + kGap));
    DrawHead(ctx, state.heads, run, pass, shown, head, ImRect(min, ImVec2(min.x + picture.side, min.y + picture.block)));
  }
  RecordAndHighlight(ctx, state, "heads.patterns", box.Min, box.Max);
}

// [SECTION] The picture: the curves

// The held-out loss (left scale, from 0 to where it started) and the share of the repeated run's
// next tokens predicted right, and of the others (right scale, 0 to 100 %), against the steps; a
// dashed line where the heads formed; each curve labelled where it ends, in its colour.
void DrawCurves(Context& ctx, const lesson::LessonState& state, const HeadsRun& run, const ImRect& box) {
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const TextStyle body = StyleOf(ctx.fonts.body);
  const TextStyle bold = StyleOf(ctx.fonts.bold);
  const ImU32 loss_color = LossColor(ctx);
  const ImU32 copy_color = AccuracyColor(ctx);
  const ImU32 other_color = palette.muted;
  const float line = body.size;
  const HeadsPoint& now = lesson::HeadsNow(run);
  const double top_loss = std::max(run.history.front().loss, 0.1);
  const std::string loss_top = Num(top_loss, 1);
  const std::string percent_top = lesson::HeadsPercent(1.0);
  const float left_room = std::max(body.Measure(loss_top).x, body.Measure("0").x) + 10.0f;
  const float right_room = body.Measure(percent_top).x + 10.0f;
  const ImVec2 lo(box.Min.x + left_room, box.Max.y - line - 6.0f);
  const ImVec2 hi(box.Max.x - right_room, box.Min.y + line * 1.6f);
  RecordRect(ctx, "heads.plot", ImVec2(lo.x, hi.y), ImVec2(hi.x, lo.y));
  draw->AddLine(lo, ImVec2(hi.x, lo.y), palette.axis, 1.5f);
  draw->AddLine(lo, ImVec2(lo.x, hi.y), WithAlpha(loss_color, 110), 1.0f);
  draw->AddLine(ImVec2(hi.x, lo.y), hi, WithAlpha(copy_color, 110), 1.0f);
  const int span = SpanOf(run);
  auto x_at = [&](int step) { return lo.x + (hi.x - lo.x) * static_cast<float>(step) / static_cast<float>(span); };
  auto y_at = [&](double unit) { return lo.y + (hi.y - lo.y) * static_cast<float>(std::clamp(unit, 0.0, 1.0)); };
  draw->AddText(body.font, body.size, ImVec2(lo.x - 7.0f - body.Measure(loss_top).x, hi.y - line * 0.5f), palette.muted,
                loss_top.c_str());
  draw->AddText(body.font, body.size, ImVec2(lo.x - 7.0f - body.Measure("0").x, lo.y - line * 0.5f), palette.muted, "0");
  draw->AddText(body.font, body.size, ImVec2(hi.x + 9.0f, hi.y - line * 0.5f), palette.muted, percent_top.c_str());
  const std::string steps_label = lesson::Fill(T("heads.steps_axis"), {{"steps", std::to_string(span)}});
  draw->AddText(body.font, body.size, ImVec2(lo.x, lo.y + 4.0f), palette.muted, "0");
  draw->AddText(body.font, body.size, ImVec2(hi.x - body.Measure(steps_label).x, lo.y + 4.0f), palette.muted,
                steps_label.c_str());

  if (run.formed_at >= 0) {
    const float x = x_at(run.formed_at);
    DashedLine(draw, ImVec2(x, lo.y), ImVec2(x, hi.y), copy_color, 1.5f);
    const std::string mark = T("heads.formed_mark");
    const ImVec2 size = bold.Measure(mark);
    const float left = std::clamp(x - size.x * 0.5f, box.Min.x, box.Max.x - size.x);
    draw->AddText(bold.font, bold.size, ImVec2(left, box.Min.y), copy_color, mark.c_str());
    RecordRect(ctx, "heads.formed", ImVec2(left, box.Min.y), ImVec2(left + size.x, box.Min.y + size.y));
  }

  auto curve = [&](auto value, ImU32 color, float thickness) {
    std::vector<ImVec2> points;
    points.reserve(run.history.size());
    for (const HeadsPoint& point : run.history) points.push_back(ImVec2(x_at(point.step), y_at(value(point))));
    if (points.size() >= 2)
      draw->AddPolyline(points.data(), static_cast<int>(points.size()), color, ImDrawFlags_None, thickness);
    draw->AddCircleFilled(points.back(), 4.5f, color);
    return points.back();
  };
  const ImVec2 other_end = curve([](const HeadsPoint& p) { return p.other; }, other_color, 1.5f);
  const ImVec2 loss_end = curve([&](const HeadsPoint& p) { return p.loss / top_loss; }, loss_color, 2.5f);
  const ImVec2 copy_end = curve([](const HeadsPoint& p) { return p.repeated; }, copy_color, 2.5f);
  RecordRect(ctx, "heads.copy_end", copy_end, copy_end);

  // The labels on the data, beside each curve's end (before it once it reaches the right side),
  // pushed apart so that none covers another.
  struct Mark {
    ImVec2 at;
    std::string text;
    ImU32 color;
    ImRect rect;
  };
  std::vector<Mark> marks = {
      {copy_end, lesson::Fill(T("heads.copy_mark"), {{"percent", lesson::HeadsPercent(now.repeated)}}), copy_color, {}},
      {loss_end, lesson::Fill(T("heads.loss_mark"), {{"loss", Num(now.loss, 2)}}), loss_color, {}},
      {other_end, lesson::Fill(T("heads.other_mark"), {{"percent", lesson::HeadsPercent(now.other)}}), other_color, {}}};
  // With heads knocked out, the repeated run's accuracy now, a ring under the curve's end.
  const HeadsScene& scene = state.heads;
  if (scene.knocked != 0 && !lesson::HeadsBusy(scene)) {
    const double knocked = lesson::HeadsTestOf(scene).measures.repeated;
    const ImVec2 at(x_at(run.training.steps), y_at(knocked));
    DashedLine(draw, copy_end, at, copy_color, 1.5f);
    draw->AddCircleFilled(at, 5.5f, palette.panel);
    draw->AddCircle(at, 5.5f, copy_color, 0, 2.5f);
    RecordRect(ctx, "heads.knocked_end", at, at);
    marks.push_back({at, lesson::Fill(T("heads.knocked_copy_mark"), {{"percent", lesson::HeadsPercent(knocked)}}),
                     copy_color, {}});
  }
  for (Mark& mark : marks) {
    const ImVec2 size = bold.Measure(mark.text);
    const float x = mark.at.x + 10.0f + size.x <= box.Max.x ? mark.at.x + 10.0f : mark.at.x - 10.0f - size.x;
    const float left = std::clamp(x, box.Min.x, box.Max.x - size.x);
    const float up = std::clamp(mark.at.y - size.y * 0.5f, hi.y - line * 0.5f, lo.y - size.y - 2.0f);
    mark.rect = ImRect(left, up, left + size.x, up + size.y);
  }
  std::sort(marks.begin(), marks.end(), [](const Mark& a, const Mark& b) { return a.rect.Min.y < b.rect.Min.y; });
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 1; i < marks.size(); ++i) {
      const float overlap = marks[i - 1].rect.Max.y + 2.0f - marks[i].rect.Min.y;
      if (overlap > 0.0f) marks[i].rect.TranslateY(overlap);
    }
    const float below = marks.back().rect.Max.y - (lo.y - 2.0f);
    if (below > 0.0f) {
      for (Mark& mark : marks) mark.rect.TranslateY(-below);
    }
  }
  for (const Mark& mark : marks) {
    draw->AddRectFilled(ImVec2(mark.rect.Min.x - 3.0f, mark.rect.Min.y), ImVec2(mark.rect.Max.x + 3.0f, mark.rect.Max.y),
                        palette.panel, 3.0f);
    draw->AddText(bold.font, bold.size, mark.rect.Min, mark.color, mark.text.c_str());
  }
  RecordAndHighlight(ctx, state, "heads.curves", box.Min, box.Max);
}

// [SECTION] Under the picture: Train, the knock-outs, the reading

// T trains and pauses (ui/shortcuts.h).
void HandleKeys(HeadsScene& scene) {
  if (TypedCount('t') % 2 == 0) return;
  if (scene.training) {
    lesson::PauseHeadsTraining(scene);
  } else {
    lesson::StartHeadsTraining(scene);
  }
}

// Train (Pause while it runs), large and first; Reset training beside it; where a link's step is
// still being reached, how far.
void DrawTrainRow(Context& ctx, lesson::LessonState& state) {
  HeadsScene& scene = state.heads;
  HandleKeys(scene);
  BeginHighlightGroup();
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(18.0f, 10.0f));
  ButtonRow row;
  ImGui::BeginDisabled(!scene.training && scene.steps >= lesson::kHeadsMaxSteps);
  if (TrainButton(ctx, row, "heads.train", "heads.pause", "heads_train", scene.training)) {
    if (scene.training) {
      lesson::PauseHeadsTraining(scene);
    } else {
      lesson::StartHeadsTraining(scene);
    }
  }
  ImGui::EndDisabled();
  RecordItem(ctx, "heads.train");
  row.Place(T("heads.reset"));
  if (ImGui::Button(T("heads.reset").c_str())) lesson::ResetHeadsTraining(scene);
  RecordItem(ctx, "heads.reset");
  ImGui::PopStyleVar();
  EndHighlightGroup(ctx, state, "heads.controls");
  if (lesson::HeadsCatchingUp(scene) && !scene.training) {
    Paragraph(lesson::Fill(T("heads.catching_up"), {{"target", std::to_string(scene.steps)},
                                                   {"steps", std::to_string(lesson::HeadsRunOf(scene).training.steps)}}),
              ctx.palette.muted);
    RecordItem(ctx, "heads.catching_up");
  }
}

// A checkbox a head each, layer by layer (off while the model trains: a knock-out tests the model
// at one step); under them what is left of the copy, and the reading of the controlled test.
void DrawKnockouts(Context& ctx, lesson::LessonState& state) {
  HeadsScene& scene = state.heads;
  const bool busy = lesson::HeadsBusy(scene);
  BeginHighlightGroup();
  ImGui::PushFont(ctx.fonts.bold);
  Paragraph(T("heads.knockout_title"));
  ImGui::PopFont();
  ImGui::BeginDisabled(busy);
  for (int head = 0; head < kHeadsCount; ++head) {
    bool knocked = lesson::HeadKnocked(scene, head);
    if (head % kHeadsPerLayer != 0 && ImGui::GetContentRegionAvail().x >= 520.0f) ImGui::SameLine(0.0f, 24.0f);
    const std::string item = "heads.knock" + std::to_string(head + 1);
    if (WrappedCheckbox(ctx, lesson::HeadName(head), &knocked, item.c_str())) {
      lesson::SetHeadKnocked(scene, head, knocked);
    }
  }
  ImGui::EndDisabled();
  const HeadsRun& run = lesson::HeadsRunOf(scene);
  const HeadsPoint& now = lesson::HeadsNow(run);
  if (busy) {
    Paragraph(T("heads.knockout_while_training"), ctx.palette.muted);
  } else if (scene.knocked != 0) {
    const lesson::HeadsTest& test = lesson::HeadsTestOf(scene);
    ImGui::PushFont(ctx.fonts.bold);
    Paragraph(lesson::Fill(T("heads.knocked_copy"), {{"copy", lesson::HeadsPercent(test.measures.repeated)},
                                                     {"intact", lesson::HeadsPercent(now.repeated)}}));
    ImGui::PopFont();
    RecordItem(ctx, "heads.knocked_copy");
  } else {
    Paragraph(lesson::Fill(T("heads.knockout_hint"), {{"copy", lesson::HeadsPercent(now.repeated)}}), ctx.palette.muted);
  }
  if (!busy && run.training.steps > 0) {
    const heads::KnockoutEffects& effects = lesson::HeadsEffectsOf(scene);
    const std::string reading = lesson::HeadsReadingText(lesson::HeadsReadingOf(now, effects), now, effects);
    if (!reading.empty()) {
      Paragraph(reading);
      RecordItem(ctx, "heads.reading");
    }
  }
  EndHighlightGroup(ctx, state, "heads.knockout");
}

// [SECTION] On demand: the numbers, the options, about this scene

// Every head's scores now and the copy without it; the copy without each layer.
void DrawNumbers(Context& ctx, const HeadsScene& scene, const HeadsRun& run) {
  const HeadsPoint& now = lesson::HeadsNow(run);
  Paragraph(lesson::Fill(T("heads.status"), {{"steps", std::to_string(run.training.steps)},
                                            {"loss", Num(now.loss, 3)},
                                            {"copy", lesson::HeadsPercent(now.repeated)},
                                            {"other", lesson::HeadsPercent(now.other)}}));
  RecordItem(ctx, "heads.status");
  const bool busy = lesson::HeadsBusy(scene);
  const heads::KnockoutEffects* effects = busy ? nullptr : &lesson::HeadsEffectsOf(scene);
  const ImGuiTableFlags flags = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerH;
  if (ImGui::BeginTable("heads_numbers", 5, flags)) {
    ImGui::TableSetupColumn("head", ImGuiTableColumnFlags_WidthStretch, 1.6f);
    for (const char* column : {"previous", "duplicate", "induction", "without"})
      ImGui::TableSetupColumn(column, ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableNextRow();
    for (const char* key : {"heads.col_head", "heads.col_previous", "heads.col_duplicate", "heads.col_induction",
                            "heads.col_without"}) {
      ImGui::TableNextColumn();
      Paragraph(T(key), ctx.palette.muted);
    }
    for (int h = 0; h < kHeadsCount; ++h) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      Paragraph(lesson::HeadName(h));
      for (int r = 0; r < kRoles; ++r) {
        ImGui::TableNextColumn();
        Paragraph(lesson::FixedNum(Score(now, h, r), 2), RoleColor(ctx, r));
      }
      ImGui::TableNextColumn();
      Paragraph(effects ? lesson::HeadsPercent(effects->head[h / kHeadsPerLayer][h % kHeadsPerLayer]) : "–");
    }
    ImGui::EndTable();
  }
  RecordItem(ctx, "heads.numbers_table");
  if (effects != nullptr) {
    Paragraph(lesson::Fill(T("heads.layers_out"), {{"copy", lesson::HeadsPercent(effects->none)},
                                                   {"layer1", lesson::HeadsPercent(effects->layer[0])},
                                                   {"layer2", lesson::HeadsPercent(effects->layer[1])}}));
    RecordItem(ctx, "heads.layers_out");
  }
  Paragraph(T("heads.scores_hint"), ctx.palette.muted);
}

void DrawOptions(Context& ctx, HeadsScene& scene) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(lesson::Fill(T("heads.seed"), {{"seed", std::to_string(scene.seed)}}).c_str());
  ImGui::SameLine();
  if (ImGui::Button(T("heads.another_seed").c_str())) lesson::SetHeadsSeed(scene, scene.seed % lesson::kHeadsSeedMax + 1);
  RecordItem(ctx, "heads.another_seed");
  Paragraph(T("heads.seed_hint") + " " + T("heads.keys"), ctx.palette.muted);
}

void DrawAbout(Context& ctx) {
  ImGui::PushFont(ctx.fonts.bold);
  Paragraph(T("heads.title"));
  ImGui::PopFont();
  Paragraph(T("heads.intro"));
  Paragraph(T("heads.model"));
  Paragraph(T("heads.caution"));
}

}  // namespace

// [SECTION] The panel

namespace {

// The picture's card: the sequence and the patterns, and beside them the curves where there is
// room (else DrawCurvesApart draws them).
void DrawFigure(lesson::LessonState& state, Context& ctx) {
  const HeadsScene& scene = state.heads;
  const HeadsRun& run = lesson::HeadsRunOf(scene);
  const lesson::HeadsTest& test = lesson::HeadsTestOf(scene);
  const bool apart = CurvesApart();
  const Picture picture = LayOutPicture(ctx, static_cast<int>(run.sample.tokens.size()));
  DescribeFigure(ctx, FigureName(scene, run), picture.frame.Min, picture.frame.Max);
  RecordRect(ctx, "heads.picture", picture.frame.Min, picture.frame.Max);
  ImGui::Dummy(picture.frame.GetSize());
  ImGui::GetWindowDrawList()->AddRectFilled(picture.frame.Min, picture.frame.Max, ctx.palette.panel, 8.0f);
  DrawSequence(ctx, run.sample, picture);
  DrawPatterns(ctx, state, run, test.sample, picture);
  if (!apart) DrawCurves(ctx, state, run, picture.curves);
}

// The curves in a card of their own, on a narrow widget.
void DrawCurvesApart(lesson::LessonState& state, Context& ctx) {
  const float avail = ImGui::GetContentRegionAvail().x;
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const ImRect card(top, ImVec2(top.x + avail, top.y + CurvesApartHeight(avail - 2.0f * kPad) + 2.0f * kPad));
  ImGui::Dummy(card.GetSize());
  ImGui::GetWindowDrawList()->AddRectFilled(card.Min, card.Max, ctx.palette.panel, 8.0f);
  DrawCurves(ctx, state, lesson::HeadsRunOf(state.heads),
             ImRect(card.Min.x + kPad, card.Min.y + kPad, card.Max.x - kPad, card.Max.y - kPad));
}

}  // namespace

void DrawHeadsPicture(lesson::LessonState& state, Context& ctx) {
  DrawFigure(state, ctx);
  if (CurvesApart()) DrawCurvesApart(state, ctx);
}

void DrawHeadsPanel(lesson::LessonState& state, Context& ctx) {
  HeadsScene& scene = state.heads;
  Paragraph(T("heads.caption"));
  DrawFigure(state, ctx);
  ImGui::Spacing();
  DrawTrainRow(ctx, state);
  if (CurvesApart()) {
    ImGui::Spacing();
    DrawCurvesApart(state, ctx);
  }
  ImGui::Spacing();
  DrawKnockouts(ctx, state);
  ImGui::Spacing();
  const HeadsRun& run = lesson::HeadsRunOf(scene);
  if (SceneHeader(ctx, "heads.numbers", "heads.numbers", &scene.numbers_open, false)) DrawNumbers(ctx, scene, run);
  if (SceneHeader(ctx, "heads.options", "heads.options", &scene.options_open, false)) DrawOptions(ctx, scene);
  bool about_open = ImGui::GetStateStorage()->GetBool(ImGui::GetID("heads_about_open"), false);
  if (SceneHeader(ctx, "heads.about", "heads.about", &about_open, false)) DrawAbout(ctx);
  ImGui::GetStateStorage()->SetBool(ImGui::GetID("heads_about_open"), about_open);
  if (ImGui::Button(T("heads.reset_scene").c_str())) lesson::ResetHeadsScene(scene);
  RecordItem(ctx, "heads.reset_scene");
}

const ScenePanel kHeadsPanel = {DrawHeadsPanel, DrawHeadsPicture, DrawHeadsPicture};

}  // namespace ui
