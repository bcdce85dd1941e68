// attention_stills: a still picture of every scene as it opens, for the lesson page's widget slots
// to show until the widget runs (and for good without JavaScript or WebGL 2). Each still is drawn
// from a fresh LessonState through the scene's own compute functions, with the lesson's words, so
// it follows the presets and the text. Needs only the lesson library: no window, no GPU.
//
// Contents
// [SECTION] Words and numbers
// [SECTION] Compare
// [SECTION] Combine
// [SECTION] Mask
// [SECTION] Caveats
// [SECTION] Learn
// [SECTION] Walkthrough
// [SECTION] Quick check
// [SECTION] Every scene, as JSON

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "lesson/describe.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "tools/svg_writer.h"

namespace {

using tools::Anchor;
using tools::Box;
using tools::SvgWriter;

const char kUsage[] =
    "usage: attention_stills LESSON_TXT [TRANSLATION_TXT] OUTPUT_JSON\n"
    "  draws every scene of the lesson as it opens, with the words of LESSON_TXT (or of\n"
    "  TRANSLATION_TXT, a locale's lesson file, over them), as inline SVG,\n"
    "  and writes them to OUTPUT_JSON as {\"NAME\": \"<svg ...>\", ...} in the scene bar's order\n"
    "  exit 0: written; 1: a scene could not be drawn or a word is missing (stderr says which);\n"
    "  2: reading or writing failed, or the command line is wrong\n";

// Every still is this wide; its height is what the scene needs. The page scales it to the slot.
constexpr double kWidth = 360.0;
constexpr double kMargin = 8.0;
constexpr double kFont = 14.0;       // text, as lesson.css sets it for .still text
constexpr double kLabelFont = 13.0;  // .still-label

// What one scene's drawing needs besides the state: the writer, and the problems found.
struct Still {
  SvgWriter svg;
  std::vector<std::string> problems;  // missing words, numbers no scene could show
};

// [SECTION] Words and numbers

// The lesson's words for `key`; a key the text lacks is a problem, not a "[key]" on the page.
std::string Word(Still& still, const std::string& key) {
  if (!lesson::LessonText().Has(key)) still.problems.push_back("the lesson text has no " + key);
  return lesson::T(key);
}

// A number the still shows; a non-finite one is a problem (FormatNumber would write "undefined").
std::string Shown(Still& still, double x, const char* what) {
  if (!std::isfinite(x)) still.problems.push_back(std::string(what) + " is not a finite number");
  return lesson::Num(x);
}

double Clamp01(double x) { return std::isfinite(x) ? std::clamp(x, 0.0, 1.0) : 0.0; }

// An arrow from (x1, y1) to (x2, y2): a shaft and a filled head, in the classes given.
void Arrow(SvgWriter& svg, double x1, double y1, double x2, double y2, double head, const char* shaft_class,
           const char* head_class) {
  const double dx = x2 - x1;
  const double dy = y2 - y1;
  const double length = std::hypot(dx, dy);
  if (length < 1.0) return;
  const double ux = dx / length;
  const double uy = dy / length;
  const double base = std::max(0.0, length - head);
  svg.Line(x1, y1, x1 + ux * base, y1 + uy * base, shaft_class);
  const double bx = x1 + ux * base;
  const double by = y1 + uy * base;
  const double half = head * 0.5;
  svg.Polygon({x2, y2, bx - uy * half, by + ux * half, bx + uy * half, by - ux * half}, head_class);
}

double DistanceToSegment(double px, double py, double ax, double ay, double bx, double by) {
  const double dx = bx - ax;
  const double dy = by - ay;
  const double length2 = dx * dx + dy * dy;
  const double t = length2 > 0.0 ? std::clamp(((px - ax) * dx + (py - ay) * dy) / length2, 0.0, 1.0) : 0.0;
  return std::hypot(px - (ax + t * dx), py - (ay + t * dy));
}

// [SECTION] Compare
// The plane with the key arrows (labelled with the key words) and the query arrow; beside it one
// bar per key for its weight, and the output.

struct Segment {
  double ax, ay, bx, by;
};

// Where a tip's label goes, as the panel places it: beyond the tip along the arrow, else to
// either side or back toward the origin, choosing a spot that overlaps no label placed before and
// keeps clear of the other arrows, inside the plane.
Box PlaceTipLabel(double ox, double oy, double tx, double ty, double width, double height, const Box& plane,
                  const std::vector<Box>& taken, const std::vector<Segment>& arrows) {
  const double dx = tx - ox;
  const double dy = ty - oy;
  const double length = std::hypot(dx, dy);
  const double ux = length < 1.0 ? 0.7071 : dx / length;
  const double uy = length < 1.0 ? -0.7071 : dy / length;
  const double directions[4][2] = {{ux, uy}, {-uy, ux}, {uy, -ux}, {-ux, -uy}};
  Box chosen;
  double best = -1e9;
  for (int i = 0; i < 4; ++i) {
    const double ddx = directions[i][0];
    const double ddy = directions[i][1];
    const double reach = 12.0 + 0.5 * std::max(width * std::fabs(ddx), height * std::fabs(ddy));
    const double x = std::clamp(tx + ddx * reach - width * 0.5, plane.x + 3.0, plane.x + plane.w - width - 3.0);
    const double y = std::clamp(ty + ddy * reach - height * 0.5, plane.y + 3.0, plane.y + plane.h - height - 3.0);
    const Box box{x, y, width, height};
    const Box spaced{x - 4.0, y - 2.0, width + 8.0, height + 4.0};
    const bool free = std::none_of(taken.begin(), taken.end(), [&](const Box& b) { return b.Overlaps(spaced); });
    double clearance = 1e9;
    for (const Segment& arrow : arrows) {
      if (arrow.bx == tx && arrow.by == ty) continue;  // its own arrow
      clearance = std::min(
          clearance,
          DistanceToSegment(x + width * 0.5, y + height * 0.5, arrow.ax, arrow.ay, arrow.bx, arrow.by) - 0.5 * width);
    }
    const double score = (free ? 0.0 : -10000.0) + std::min(clearance, 12.0) + (i == 0 ? 0.5 : 0.0);
    if (score > best) {
      best = score;
      chosen = box;
    }
  }
  return chosen;
}

double DrawCompare(const lesson::LessonState& state, Still& still) {
  SvgWriter& svg = still.svg;
  const lesson::CompareScene& scene = state.compare;
  const lesson::CompareResult result = lesson::ComputeCompare(scene);
  if (!result.ok) still.problems.push_back("the Compare scene does not compute: " + result.message);

  const Box plane{kMargin, kMargin, 208.0, 208.0};
  const double ox = plane.x + plane.w * 0.5;
  const double oy = plane.y + plane.h * 0.5;
  const double scale = (plane.w * 0.5 - 14.0) / lesson::kComparePlaneLimit;
  const auto to_x = [&](const lesson::PlanePoint& p) { return ox + p.x * scale; };
  const auto to_y = [&](const lesson::PlanePoint& p) { return oy - p.y * scale; };
  svg.Rect(plane, "still-plane", 6.0);
  svg.Line(plane.x, oy, plane.x + plane.w, oy, "still-axis");
  svg.Line(ox, plane.y, ox, plane.y + plane.h, "still-axis");

  std::vector<Segment> arrows{{ox, oy, to_x(scene.query), to_y(scene.query)}};
  for (const lesson::CompareKey& key : scene.keys) arrows.push_back({ox, oy, to_x(key.position), to_y(key.position)});
  std::vector<Box> labels;
  const double label_height = kLabelFont;
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
    const lesson::PlanePoint& p = scene.keys[static_cast<size_t>(i)].position;
    Arrow(svg, ox, oy, to_x(p), to_y(p), 9.0, "still-key", "still-key-head");
  }
  Arrow(svg, ox, oy, to_x(scene.query), to_y(scene.query), 11.0, "still-query", "still-query-head");
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
    const lesson::PlanePoint& p = scene.keys[static_cast<size_t>(i)].position;
    const std::string word = Word(still, "compare.key" + std::to_string(i));
    const Box box = PlaceTipLabel(ox, oy, to_x(p), to_y(p), tools::TextWidth(word, kLabelFont), label_height, plane,
                                  labels, arrows);
    labels.push_back(box);
    svg.Text(box.x + box.w * 0.5, box.y + box.h * 0.85, word, "still-key-label", Anchor::Middle);
  }
  const std::string query = Word(still, "compare.query");
  const Box query_box = PlaceTipLabel(ox, oy, to_x(scene.query), to_y(scene.query), tools::TextWidth(query, kLabelFont),
                                      label_height, plane, labels, arrows);
  svg.Text(query_box.x + query_box.w * 0.5, query_box.y + query_box.h * 0.85, query, "still-query-label",
           Anchor::Middle);

  // The weights, one bar per key, and the output.
  const double left = plane.x + plane.w + 14.0;
  const double right = kWidth - kMargin;
  svg.Text(left, 22.0, Word(still, "compare.weights_title"), "still-strong");
  double y = 48.0;
  const double number_width = tools::TextWidth("0.00", kLabelFont);
  const double bar_width = right - left - number_width - 6.0;
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
    const double weight = result.weights[static_cast<size_t>(i)];
    svg.Text(left, y, Word(still, "compare.key" + std::to_string(i)), "still-label");
    svg.Rect({left, y + 5.0, bar_width, 10.0}, "still-track", 3.0);
    svg.Rect({left, y + 5.0, bar_width * Clamp01(weight), 10.0}, "still-bar", 3.0);
    svg.Text(right, y + 15.0, Shown(still, weight, "a Compare weight"), "still-label", Anchor::End);
    y += 36.0;
  }
  svg.Runs(left, y + 8.0,
           {{Word(still, "compare.output_sum") + " = ", nullptr},
            {Shown(still, result.combination.output, "the Compare output"), "still-output"}},
           "still-strong");
  return std::max(plane.y + plane.h, y + 8.0) + kMargin;
}

// [SECTION] Combine
// The worked example from the Combine scene's state: each value × its weight (a bar) = its
// product, the sum, and a number line with the values and the output.

double DrawCombine(const lesson::LessonState& state, Still& still) {
  SvgWriter& svg = still.svg;
  const attention::Combination combination = lesson::ComputeCombine(state.combine);
  if (combination.empty) still.problems.push_back("the Combine scene has no output");

  svg.Text(44.0, 16.0, Word(still, "compare.column_value"), "still-label", Anchor::End);
  svg.Text(72.0, 16.0, Word(still, "compare.column_weight"), "still-label");
  svg.Text(kWidth - 20.0, 16.0, Word(still, "compare.column_product"), "still-label", Anchor::End);
  double y = 46.0;
  for (const attention::Term& term : combination.terms) {
    svg.Text(44.0, y, Shown(still, term.value, "a Combine value"), nullptr, Anchor::End);
    svg.Text(58.0, y, "\xC3\x97", nullptr, Anchor::Middle);
    svg.Rect({72.0, y - 12.0, 140.0, 14.0}, "still-track", 3.0);
    svg.Rect({72.0, y - 12.0, 140.0 * Clamp01(term.weight), 14.0}, "still-bar", 3.0);
    svg.Text(220.0, y, Shown(still, term.weight, "a Combine weight"));
    svg.Text(262.0, y, "=", nullptr, Anchor::Middle);
    svg.Text(kWidth - 20.0, y, Shown(still, term.product, "a Combine product"), nullptr, Anchor::End);
    y += 30.0;
  }
  svg.Line(196.0, y - 18.0, kWidth - 20.0, y - 18.0, "still-rule");
  svg.Runs(kWidth - 20.0, y + 2.0,
           {{Word(still, "compare.output_sum") + " = ", nullptr}, {lesson::LocalArithmetic(attention::FormatSum(combination)), "still-output"}},
           "still-strong", Anchor::End);
  Shown(still, combination.output, "the Combine output");

  // The number line: from the smaller value to the larger, the output between them.
  double lo = 0.0;
  double hi = 0.0;
  for (size_t t = 0; t < combination.terms.size(); ++t) {
    const double v = combination.terms[t].value;
    lo = t == 0 ? v : std::min(lo, v);
    hi = t == 0 ? v : std::max(hi, v);
  }
  if (!(hi > lo)) {
    lo -= 1.0;
    hi += 1.0;
  }
  const double x0 = 40.0;
  const double x1 = kWidth - 40.0;
  const double line_y = y + 68.0;
  const auto to_x = [&](double v) { return x0 + (v - lo) / (hi - lo) * (x1 - x0); };
  svg.Line(x0, line_y, x1, line_y, "still-axis");
  for (int tick = 0; tick <= 10; ++tick) {
    const double x = x0 + (x1 - x0) * tick / 10.0;
    const double reach = tick % 5 == 0 ? 6.0 : 3.0;
    svg.Line(x, line_y - reach, x, line_y + reach, "still-ticks");
  }
  for (const double v : {lo, (lo + hi) * 0.5, hi}) {
    svg.Text(to_x(v), line_y + 24.0, Shown(still, v, "a number-line label"), "still-label", Anchor::Middle);
  }
  for (const attention::Term& term : combination.terms) svg.Circle(to_x(term.value), line_y, 5.0, "still-value");
  const double out_x = to_x(std::clamp(combination.output, lo, hi));
  svg.Polygon({out_x, line_y - 5.0, out_x - 7.0, line_y - 17.0, out_x + 7.0, line_y - 17.0}, "still-output-mark");
  svg.Runs(out_x, line_y - 24.0,
           {{Word(still, "compare.output_sum") + " ", nullptr},
            {Shown(still, combination.output, "the Combine output"), "still-output"}},
           "still-output", Anchor::Middle);
  return line_y + 24.0 + kMargin;
}

// [SECTION] Mask
// The heatmap of the weights as the scene opens, the tokens on both axes.

// The weight's shade, 0 (palest) to 4 (strongest); lesson.css colours each for light and dark.
int HeatLevel(double weight) {
  const double steps[] = {0.1, 0.15, 0.2, 0.3};
  int level = 0;
  for (double step : steps) level += weight >= step ? 1 : 0;
  return level;
}

double DrawMask(const lesson::LessonState& state, Still& still) {
  SvgWriter& svg = still.svg;
  const lesson::MaskScene& scene = state.mask;
  const attention::Result result = lesson::MaskWeights(scene);
  constexpr int n = lesson::kMaskTokenCount;
  if (result.weights.rows != n || result.weights.cols != n || !result.weights.IsConsistent()) {
    still.problems.push_back("the Mask scene's weights are not " + std::to_string(n) + " x " + std::to_string(n));
    return kMargin;
  }
  const double left = 44.0;
  const double top = 40.0;
  const double cell_w = (kWidth - 4.0 - left) / n;
  const double cell_h = 26.0;
  for (int i = 0; i < n; ++i) {
    svg.RisingText(left + cell_w * (i + 0.5) - 6.0, top - 6.0, 45.0, lesson::MaskToken(i), "still-small still-label");
    svg.Text(left - 5.0, top + cell_h * (i + 0.5) + 4.0, lesson::MaskToken(i), "still-small still-label", Anchor::End);
  }
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const Box cell{left + cell_w * col + 1.0, top + cell_h * row + 1.0, cell_w - 2.0, cell_h - 2.0};
      if (lesson::MaskedBy(scene, row, col).Any() || result.RowIsEmpty(row)) {
        svg.Rect(cell, "still-masked", 2.0);
        continue;
      }
      const double weight = result.weights(row, col);
      const int level = HeatLevel(weight);
      const std::string heat = "still-heat-" + std::to_string(level);
      svg.Rect(cell, heat.c_str(), 2.0);
      svg.Text(cell.x + cell.w * 0.5, cell.y + cell.h * 0.5 + 4.0, Shown(still, weight, "a Mask weight"),
               level >= 4 ? "still-small still-on-strong" : "still-small", Anchor::Middle);
    }
  }
  const double below = top + cell_h * n + 20.0;
  const double end =
      svg.Paragraph(kMargin, below, tools::WrapText(Word(still, "mask.axes"), kWidth - 2 * kMargin, kLabelFont),
                    kLabelFont * 1.35, "still-label");
  return end + kMargin;
}

// [SECTION] Caveats
// The four words with their values and query A's weights as bars, and query A's output.

double DrawCaveats(const lesson::LessonState& state, Still& still) {
  SvgWriter& svg = still.svg;
  const lesson::CaveatsScene& scene = state.caveats;
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(scene);
  const lesson::CaveatsPass full = lesson::RunCaveatsFull(scene);
  const double value_right = 150.0;
  const double bar_left = 166.0;
  const double right = kWidth - kMargin;
  const double number_width = tools::TextWidth("0.00", kFont);
  const double bar_width = right - bar_left - number_width - 8.0;
  svg.Text(kMargin, 16.0, Word(still, "caveats.col_word"), "still-label");
  svg.Text(value_right, 16.0, Word(still, "caveats.col_value"), "still-label", Anchor::End);
  svg.Text(bar_left, 16.0, Word(still, "caveats.col_weight"), "still-label");
  double y = 44.0;
  for (const lesson::AblationRow& row : rows) {
    svg.Text(kMargin, y, Word(still, "caveats.word" + std::to_string(row.position + 1)));
    svg.Text(value_right, y, Shown(still, row.value, "a Caveats value"), nullptr, Anchor::End);
    svg.Rect({bar_left, y - 12.0, bar_width, 14.0}, "still-track", 3.0);
    svg.Rect({bar_left, y - 12.0, bar_width * Clamp01(row.weight_a), 14.0}, "still-bar", 3.0);
    svg.Text(right, y, Shown(still, row.weight_a, "a Caveats weight"), nullptr, Anchor::End);
    y += 30.0;
  }
  if (full.a.combination.empty) still.problems.push_back("query A of the Caveats scene has no output");
  const std::string output = Shown(still, full.a.combination.output, "query A's output");
  svg.Line(kMargin, y - 14.0, right, y - 14.0, "still-rule");
  const double end =
      svg.Paragraph(kMargin, y + 10.0,
                    tools::WrapText(lesson::Fill(Word(still, "caveats.output_full"), {{"output", output}}),
                                    kWidth - 2 * kMargin, kFont),
                    kFont * 1.35, "still-output");
  return end + kMargin;
}

// [SECTION] Learn
// The question, and the untrained model's weight on each sentence of the lesson's paragraph.

double DrawLearn(const lesson::LessonState& state, Still& still) {
  SvgWriter& svg = still.svg;
  const lesson::LearnScene& scene = state.learn;
  const learn::Paragraph paragraph = lesson::LearnParagraphOf(scene);
  const learn::Answer answer = learn::Ask(lesson::LearnTrainingOf(scene).model, paragraph, scene.question);
  Word(still, "learn.question" + std::to_string(scene.question + 1));
  svg.Text(kMargin, 20.0, lesson::LearnQuestionText(scene.question), "still-strong");
  double y = 50.0;
  for (int j = 0; j < learn::kSentences; ++j) {
    const learn::Sentence& sentence = paragraph.sentences[static_cast<size_t>(j)];
    const double weight = answer.weights[static_cast<size_t>(j)];
    Word(still, "learn.sentence" + std::to_string(sentence.subject + 1));
    svg.Text(kMargin, y, lesson::LearnSentenceText(sentence));
    svg.Rect({kMargin, y + 8.0, 250.0, 12.0}, "still-track", 3.0);
    svg.Rect({kMargin, y + 8.0, 250.0 * Clamp01(weight), 12.0}, "still-bar", 3.0);
    svg.Text(kMargin + 260.0, y + 19.0, Shown(still, weight, "a Learn weight"));
    y += 46.0;
  }
  Word(still, "learn.answer");
  svg.Text(kMargin, y, lesson::LearnAnswerText(answer.output, learn::AnswerOf(paragraph, scene.question)), "still-output");
  Shown(still, answer.output, "the Learn answer");
  return y + kMargin;
}

// [SECTION] Walkthrough
// The list of step titles, the step the walkthrough opens at marked.

double DrawWalkthrough(const lesson::LessonState& state, Still& still) {
  SvgWriter& svg = still.svg;
  const int current = lesson::ClampWalkthroughStep(state.walkthrough.step);
  const int count = lesson::WalkthroughStepCount();
  svg.Text(kMargin, 20.0,
           Word(still, "walkthrough.step_of") + " " + std::to_string(current + 1) + " " +
               Word(still, "walkthrough.of") + " " + std::to_string(count),
           "still-strong");
  double y = 34.0;
  const double line = kFont * 1.3;
  for (int step = 0; step < count; ++step) {
    const std::vector<std::string> lines =
        tools::WrapText(Word(still, lesson::WalkthroughStepKey(step, "title")), kWidth - 2 * kMargin - 48.0, kFont);
    const double height = 10.0 + line * static_cast<double>(std::max<size_t>(lines.size(), 1));
    if (step == current) {
      svg.Rect({kMargin - 4.0, y, kWidth - 2 * kMargin + 8.0, height}, "still-current", 4.0);
      svg.Rect({kMargin - 4.0, y, 4.0, height}, "still-marker");
    }
    const double baseline = y + 5.0 + kFont;
    svg.Text(kMargin + 26.0, baseline, std::to_string(step + 1), step == current ? "still-strong" : "still-label",
             Anchor::End);
    svg.Paragraph(kMargin + 38.0, baseline, lines, line, step == current ? "still-strong" : nullptr);
    y += height;
  }
  return y + kMargin;
}

// [SECTION] Quick check
// The first question and its three choices, none picked.

double DrawQuiz(const lesson::LessonState&, Still& still) {
  SvgWriter& svg = still.svg;
  const double line = kFont * 1.3;
  svg.Text(kMargin, 20.0, Word(still, "quiz.question") + " 1", "still-label");
  double y = svg.Paragraph(kMargin, 44.0, tools::WrapText(Word(still, "quiz.q1.text"), kWidth - 2 * kMargin, kFont),
                           line, "still-strong");
  y += 30.0;
  for (int choice = 1; choice <= lesson::kQuizChoiceCount; ++choice) {
    svg.Circle(kMargin + 8.0, y - 5.0, 7.0, "still-choice");
    y = svg.Paragraph(
        kMargin + 26.0, y,
        tools::WrapText(Word(still, "quiz.q1.choice" + std::to_string(choice)), kWidth - 2 * kMargin - 26.0, kFont),
        line);
    y += 28.0;
  }
  return y - 28.0 + 8.0 + kMargin;
}

// [SECTION] Every scene, as JSON

struct SceneStill {
  lesson::Scene scene;
  double (*draw)(const lesson::LessonState& state, Still& still);
};

const SceneStill kStills[] = {
    {lesson::Scene::Compare, DrawCompare},
    {lesson::Scene::Combine, DrawCombine},
    {lesson::Scene::Mask, DrawMask},
    {lesson::Scene::Caveats, DrawCaveats},
    {lesson::Scene::Learn, DrawLearn},
    {lesson::Scene::Walkthrough, DrawWalkthrough},
    {lesson::Scene::Quiz, DrawQuiz},
};

std::string JsonString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", u);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// "nan", "inf" or "undefined" as a word of the still: a number no formatter should have let by.
bool HoldsNonFinite(const std::string& svg) {
  std::string lower(svg);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); });
  const auto is_letter = [](char c) { return c >= 'a' && c <= 'z'; };
  for (const char* word : {"nan", "inf", "infinity", "undefined"}) {
    const size_t length = std::strlen(word);
    for (size_t at = lower.find(word); at != std::string::npos; at = lower.find(word, at + 1)) {
      const bool starts = at == 0 || !is_letter(lower[at - 1]);
      const bool ends = at + length >= lower.size() || !is_letter(lower[at + length]);
      if (starts && ends) return true;
    }
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (argc != 3 && argc != 4) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const char* output = argv[argc - 1];
  std::vector<std::string> warnings;
  for (int i = 1; i < argc - 1; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "error: cannot read %s\n", argv[i]);
      return 2;
    }
    std::ostringstream contents;
    contents << in.rdbuf();
    if (i == 1) {
      lesson::LessonText().Load(argv[i], contents.str());
    } else {
      warnings = lesson::LoadTranslation(lesson::LessonText(), argv[i], contents.str());
    }
  }
  // A key the translation lacks is drawn in English, as the widget shows it; a malformed file is
  // not drawn from at all.
  for (const std::string& warning : warnings) std::fprintf(stderr, "warning: %s\n", warning.c_str());
  for (const lesson::TextError& error : lesson::LessonText().errors()) {
    std::fprintf(stderr, "error: %s\n", error.ToString().c_str());
  }
  if (!lesson::LessonText().errors().empty()) return 1;

  std::string json = "{";
  bool failed = false;
  for (const lesson::SceneModule* module : lesson::Scenes()) {
    const SceneStill* found = std::find_if(std::begin(kStills), std::end(kStills),
                                           [&](const SceneStill& s) { return s.scene == module->id; });
    if (found == std::end(kStills)) {
      std::fprintf(stderr, "error: no still is drawn for the %s scene (src/tools/attention_stills.cpp)\n",
                   module->name);
      failed = true;
      continue;
    }
    lesson::LessonState state;  // fresh: every scene as it opens
    state.scene = module->id;
    Still still;
    const double height = found->draw(state, still);
    const std::string name_key = std::string(module->name) + ".title";
    const std::string title = lesson::LessonText().Has(name_key) ? lesson::T(name_key) : Word(still, module->label_key);
    const std::string svg =
        still.svg.Finish(kWidth, std::ceil(height), std::string("still-") + module->name,
                         std::string("still still-") + module->name, title, lesson::DescribeScene(state));
    for (const std::string& error : still.svg.errors()) still.problems.push_back(error);
    if (HoldsNonFinite(svg)) still.problems.push_back("a number in it is not finite");
    for (size_t i = 0; i < still.problems.size(); ++i) {
      const std::string& problem = still.problems[i];
      if (std::find(still.problems.begin(), still.problems.begin() + static_cast<std::ptrdiff_t>(i), problem) !=
          still.problems.begin() + static_cast<std::ptrdiff_t>(i)) {
        continue;  // said once
      }
      std::fprintf(stderr, "error: the %s still: %s\n", module->name, problem.c_str());
    }
    failed = failed || !still.problems.empty();
    json += (json.size() > 1 ? ",\n" : "\n") + JsonString(module->name) + ": " + JsonString(svg);
  }
  json += "\n}\n";
  if (failed) return 1;

  std::ofstream out(output, std::ios::binary);
  out << json;
  out.close();
  if (!out) {
    std::fprintf(stderr, "error: cannot write %s\n", output);
    return 2;
  }
  return 0;
}
