// attention_stills: a still picture of every scene as it opens, for the lesson page's widget slots
// to show until the widget runs (and for good without JavaScript or WebGL 2). Each still is what the
// live scene's first screen shows at a phone's width (about 390 CSS px): its one caption, then its
// picture, drawn as the scene's panel draws it (src/ui/*_panel.cpp, *_picture.cpp) in the widget's
// colours, so the page hardly moves when the widget takes the still's place. It is drawn from a
// fresh LessonState through the scenes' own compute functions, with the lesson's words, so it
// follows the presets and the text. Needs only the lesson library: no window, no GPU.
//
// Contents
// [SECTION] Colours: the widget's, light and dark, as the still's own style sheet
// [SECTION] Words, numbers and shapes
// [SECTION] Compare
// [SECTION] Combine
// [SECTION] Mask
// [SECTION] Caveats
// [SECTION] Learn
// [SECTION] Heads
// [SECTION] Walkthrough
// [SECTION] Quick check
// [SECTION] Every scene, as JSON

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "lesson/describe.h"
#include "lesson/json_text.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "tools/lesson_files.h"
#include "tools/svg_writer.h"

namespace {

using tools::Anchor;
using tools::Box;
using tools::Run;
using tools::SvgWriter;

const char kUsage[] =
    "usage: attention_stills LESSON_TXT [TRANSLATION_TXT] OUTPUT_JSON\n"
    "  draws every scene of the lesson as it opens, with the words of LESSON_TXT (or of\n"
    "  TRANSLATION_TXT, a locale's lesson file, over them), as inline SVG,\n"
    "  and writes them to OUTPUT_JSON as {\"NAME\": \"<svg ...>\", ...} in the scene bar's order,\n"
    "  then \"stylesheet\": the CSS they share (fill-stills.mjs writes it beside the page as stills.css)\n"
    "  exit 0: written; 1: a scene could not be drawn or a word is missing (stderr says which);\n"
    "  2: reading or writing failed, or the command line is wrong\n";

// Every still is this wide; its height is what the scene needs. The page scales it to the slot,
// about 350 CSS px on a phone: one unit is about a pixel of the live widget at 390 px, whose
// panel's content is about as wide as the still's.
constexpr double kWidth = 360.0;
constexpr double kMargin = 8.0;
constexpr double kLeft = kMargin;                    // the content's left edge
constexpr double kContent = kWidth - 2.0 * kMargin;  // and its width
constexpr double kSpacing = 10.0;                    // between the panel's items, as ImGui's ItemSpacing
// Type: the widget's 17 px Inter is about as wide as 15 px of the page's system font.
constexpr double kBody = 15.0;
constexpr double kText = 14.0;  // running text inside a picture
constexpr double kSmall = 13.0;
constexpr double kLine = 20.0;  // a wrapped caption's line

// [SECTION] Colours: the widget's, light and dark, as the still's own style sheet
//
// The still's colours are the widget's (src/ui/theme.cpp: SeriesColor, the palettes, ImGui's frame
// colour), for the page's light and dark schemes, in a <style> of the still's own: each class names a
// colour (still-ink-NAME) and what takes it (still-fill, still-stroke, ...), and web/lesson.css
// keeps the page's. Text of a colour over its own tint, and the output's green as text, are a shade
// stronger than the widget's, for 4.5:1 on the page (tests/browser/page.mjs).

struct Rgb {
  int r, g, b;
};

struct Ink {
  const char* name;
  Rgb light;
  Rgb dark;
};

constexpr Ink kInks[] = {
    // SeriesColor 0..5: the keys and tokens (museum, bus, shop, tour; the, ...), light and dark.
    {"c0", {0, 114, 178}, {86, 180, 233}},
    {"c1", {184, 76, 0}, {240, 128, 60}},
    {"c2", {0, 125, 90}, {0, 190, 140}},
    {"c3", {150, 94, 0}, {230, 159, 0}},
    {"c4", {170, 80, 130}, {204, 121, 167}},
    {"c5", {40, 110, 150}, {150, 200, 240}},
    // The palettes (ui::Palette).
    {"text", {26, 28, 33}, {237, 239, 242}},
    {"muted", {90, 96, 106}, {160, 166, 176}},
    {"axis", {118, 124, 134}, {120, 128, 140}},
    {"first", {0, 114, 178}, {86, 180, 233}},
    {"second", {184, 76, 0}, {230, 159, 0}},
    {"output", {0, 130, 95}, {0, 158, 115}},
    {"highlight", {204, 121, 167}, {240, 228, 66}},
    {"panel", {244, 246, 248}, {30, 33, 39}},
    // The window and ImGui's frame (a bar's empty track), as ui::ApplyTheme sets them.
    {"paper", {255, 255, 255}, {23, 26, 31}},
    {"frame", {240, 242, 245}, {41, 46, 54}},
    // Learn's accuracy curve.
    {"violet", {106, 66, 190}, {185, 160, 255}},
};
// The output's green as text: on the panel the widget's is 4.45:1.
constexpr Rgb kOutputTextLight = {0, 122, 88};
constexpr double kTint = 0.08;  // a chip's fill: its colour over the paper (the widget's 12 % is 4.3:1 for text)
constexpr double kCellTint = 60.0 / 255.0;  // a marked token cell (Heads' repeated run), as the widget's

std::string Hex(Rgb c) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", std::clamp(c.r, 0, 255), std::clamp(c.g, 0, 255),
                std::clamp(c.b, 0, 255));
  return text;
}

Rgb Mix(Rgb c, Rgb under, double alpha) {
  auto mix = [&](int a, int b) { return static_cast<int>(std::lround(a * alpha + b * (1.0 - alpha))); };
  return {mix(c.r, under.r), mix(c.g, under.g), mix(c.b, under.b)};
}

// The weights' scale of the Mask heatmap, ColorBrewer "Blues" (ui/mask_picture.cpp), the same in
// both schemes; and the text the widget writes on a shade (dark on light, white on dark).
constexpr int kScaleStops = 9;
constexpr Rgb kBlues[kScaleStops] = {{247, 251, 255}, {222, 235, 247}, {198, 219, 239},
                                     {158, 202, 225}, {107, 174, 214}, {66, 146, 198},
                                     {33, 113, 181},  {8, 81, 156},    {8, 48, 107}};

Rgb BlueOf(double weight) {
  const double w = std::isfinite(weight) ? std::clamp(weight, 0.0, 1.0) : 0.0;
  const double at = w * (kScaleStops - 1);
  const int lo = std::min(static_cast<int>(at), kScaleStops - 2);
  return Mix(kBlues[lo + 1], kBlues[lo], at - lo);
}

const Ink& InkNamed(const char* name) {
  const Ink* found = std::find_if(std::begin(kInks), std::end(kInks),
                                  [&](const Ink& ink) { return std::strcmp(ink.name, name) == 0; });
  return found != std::end(kInks) ? *found : kInks[0];
}

// Whether the heatmap writes dark text on `fill` (else white), as ui/mask_picture.cpp's TextOn.
bool DarkTextOn(Rgb fill) { return 0.2126 * fill.r / 255.0 + 0.7152 * fill.g / 255.0 + 0.0722 * fill.b / 255.0 > 0.5; }

// The still's style sheet: the inks it uses in both schemes (a series colour with its tint), what
// takes them, the type sizes, forced colours, and the heatmap's shades it uses (weights in
// hundredths).
std::string StyleSheet(const SvgWriter& svg, const std::set<int>& shades) {
  const Rgb paper_light = {255, 255, 255};
  const Rgb paper_dark = {23, 26, 31};
  std::string light = ".still{";
  std::string dark = "@media (prefers-color-scheme: dark){.still{";
  std::string inks;
  for (const Ink& ink : kInks) {
    const std::string name = std::string("still-ink-") + ink.name;
    if (!svg.Uses(name)) continue;
    const std::string var = std::string("--still-") + ink.name;
    light += var + ":" + Hex(ink.light) + ";";
    dark += var + ":" + Hex(ink.dark) + ";";
    inks += ".still ." + name + "{--ink:var(" + var + ")";
    // A series colour (a word's chip) takes its tint; another ink, a still's marked cells.
    const bool series = ink.name[0] == 'c';
    if (series || svg.Uses("still-tint")) {
      const double tint = series ? kTint : kCellTint;
      light += var + "-tint:" + Hex(Mix(ink.light, paper_light, tint)) + ";";
      dark += var + "-tint:" + Hex(Mix(ink.dark, paper_dark, tint)) + ";";
      inks += ";--tint:var(" + var + "-tint)";
    }
    inks += "}";
  }
  light += "--still-output-text:" + Hex(kOutputTextLight) + "}";
  dark += "--still-output-text:" + Hex(InkNamed("output").dark) + "}}";
  std::string css = light + dark + inks;
  css +=
      ".still text.still-ink-output,.still tspan.still-ink-output{--ink:var(--still-output-text)}"
      ".still .still-fill{fill:var(--ink)}"
      ".still .still-stroke{stroke:var(--ink);fill:none;stroke-linecap:round}"
      ".still .still-tint{fill:var(--tint)}"
      ".still .still-soft{fill:var(--ink);fill-opacity:.18}"
      ".still .still-faint{opacity:.27}"
      ".still .still-half{opacity:.55}"
      ".still .still-most{opacity:.85}"
      ".still .still-dash{stroke-dasharray:5 5;stroke-linecap:butt}"
      ".still .still-dots{stroke-dasharray:4 4;stroke-linecap:butt}"
      ".still .still-flat{stroke-linecap:butt}"
      ".still .still-b{font-weight:700}"
      ".still .still-mid{text-anchor:middle}"
      ".still .still-num{font-variant-numeric:tabular-nums}"
      ".still text.still-cell{font-size:13px;fill:#141820}"
      ".still text.still-cell-dark{fill:#fff}";
  for (const int size : {12, 13, 14, 15, 17, 18, 24}) {
    const std::string name = "still-f" + std::to_string(size);
    if (svg.Uses(name)) css += ".still text." + name + "{font-size:" + std::to_string(size) + "px}";
  }
  for (const int shade : shades) {
    css += ".still .still-blue-" + std::to_string(shade) + "{fill:" + Hex(BlueOf(shade / 100.0)) + "}";
  }
  css +=
      "@media (forced-colors: active){"
      ".still text.still-fill,.still tspan.still-fill,.still text.still-cell{fill:CanvasText}"
      ".still rect.still-fill,.still circle.still-fill,.still polygon.still-fill{fill:Highlight}"
      ".still .still-stroke{stroke:CanvasText}"
      ".still .still-tint,.still .still-soft,.still .still-card,.still .still-heat{fill:Canvas;stroke:CanvasText}"
      ".still text.still-on{fill:HighlightText}}";
  return css;
}

// [SECTION] Words, numbers and shapes

// What one scene's drawing needs besides the state: the writer, the problems found, the part the
// walkthrough points at and the heatmap shades used.
struct Still {
  SvgWriter svg;
  std::vector<std::string> problems;  // missing words, numbers no scene could show
  std::string highlight;              // the walkthrough's element to look at ("compare.keys"), or none
  std::set<int> shades;               // the heatmap's shades used, in hundredths
};

// The lesson's words for `key`; a key the text lacks is a problem, not a "[key]" on the page.
std::string Word(Still& still, const std::string& key) {
  if (!lesson::LessonText().Has(key)) still.problems.push_back("the lesson text has no " + key);
  return lesson::T(key);
}

// A number the still shows; a non-finite one is a problem (FormatNumber would write "undefined").
std::string Shown(Still& still, double x, const char* what, int decimals = 2) {
  if (!std::isfinite(x)) still.problems.push_back(std::string(what) + " is not a finite number");
  return lesson::Num(x, decimals);
}

// As Shown, with a true minus sign, as the pictures write numbers.
std::string Signed(Still& still, double x, const char* what) {
  std::string text = Shown(still, x, what);
  if (!text.empty() && text[0] == '-') text.replace(0, 1, "\xE2\x88\x92");
  return text;
}

double Clamp01(double x) { return std::isfinite(x) ? std::clamp(x, 0.0, 1.0) : 0.0; }

// Classes: a colour (an ink of kInks, or "cN" for series colour N) and what takes it.
std::string InkClass(const std::string& ink) { return "still-ink-" + ink; }
std::string Series(int i) { return "c" + std::to_string(std::clamp(i, 0, 5)); }
std::string FillOf(const std::string& ink, const std::string& more = "") {
  return InkClass(ink) + " still-fill" + (more.empty() ? "" : " " + more);
}
std::string StrokeOf(const std::string& ink, const std::string& more = "") {
  return InkClass(ink) + " still-stroke" + (more.empty() ? "" : " " + more);
}
// Text of `size` in `ink`, bold or not.
std::string TextOf(const std::string& ink, double size, bool bold = false) {
  return FillOf(ink, "still-f" + std::to_string(static_cast<int>(size)) + (bold ? " still-b" : ""));
}

// Text placed by its top, as ImGui places it (the baseline is about 0.8 em below), or by its
// vertical centre.
double BaselineFromTop(double top, double size) { return top + 0.8 * size; }
double BaselineFromCentre(double centre, double size) { return centre + 0.36 * size; }
double TextWidth(const std::string& text, double size, bool bold = false) { return tools::TextWidth(text, size, bold); }

// An arrow from (x1, y1) to (x2, y2): a shaft and a filled head at most `head` long (ui/shapes.cpp).
void Arrow(SvgWriter& svg, double x1, double y1, double x2, double y2, double head, double width,
           const std::string& ink) {
  const double dx = x2 - x1;
  const double dy = y2 - y1;
  const double length = std::hypot(dx, dy);
  if (length < 1.0) return;
  const double ux = dx / length;
  const double uy = dy / length;
  const double size = std::min(head, length * 0.6);
  const double half = size * 0.45;
  const double bx = x2 - ux * size;
  const double by = y2 - uy * size;
  svg.Line(x1, y1, bx + ux, by + uy, StrokeOf(ink).c_str(), width);
  svg.Polygon({x2, y2, bx - uy * half, by + ux * half, bx + uy * half, by - ux * half}, FillOf(ink).c_str());
}

// A number inside a line of text, in a tspan of its own so the test finds it (and its digits line up).
constexpr char kNumberRun[] = "still-num";

// A text of one or more runs, the numbers in runs of their own so the test can find them.
void Write(Still& still, double x, double baseline, const std::vector<Run>& runs, const std::string& css,
           Anchor anchor = Anchor::Start) {
  still.svg.Runs(x, baseline, runs, css.c_str(), anchor);
}

// A part of a picture the walkthrough may point at: outlined in the highlight's colour when it is
// the one (ui/highlight.cpp: 4 px out, corners of 6, 3 px wide).
void Part(Still& still, const char* name, const Box& box) {
  if (still.highlight != name) return;
  still.svg.Rect({box.x - 4.0, box.y - 4.0, box.w + 8.0, box.h + 8.0}, StrokeOf("highlight").c_str(), 6.0, 3.0);
}

// Lines of `text` wrapped to `width` from the top `top`, each line `line` apart; returns the
// bottom of the last line.
double Wrapped(Still& still, double x, double top, const std::string& text, double width, double size, double line,
               const std::string& css) {
  const bool bold = (" " + css + " ").find(" still-b ") != std::string::npos;
  const std::vector<std::string> lines = tools::WrapText(text, width, size, bold);
  const double first = top + (line - size) * 0.5 + 0.8 * size;
  still.svg.Paragraph(x, first, lines, line, css.c_str());
  return top + line * static_cast<double>(std::max<size_t>(lines.size(), 1));
}

// The scene's one caption over its picture; returns where the picture starts.
double Caption(Still& still, const std::string& text, bool bold = false) {
  const double bottom = Wrapped(still, kLeft, kMargin, text, kContent, kBody, kLine, TextOf("text", kBody, bold));
  return bottom + kSpacing;
}

// What the stills draw of one scene: its still as it opens, its picture alone (a walkthrough
// step's) and the picture over a quick-check question about it (null: none), as ui/panels.h's
// ScenePanel does. kIdStill, after each scene's section; StillOf finds one.
struct SceneStill {
  double (*draw)(const lesson::LessonState& state, Still& still);
  double (*picture)(const lesson::LessonState& state, Still& still, double top);
  double (*question)(const lesson::LessonState& state, Still& still, double top);
};
const SceneStill& StillOf(lesson::Scene scene);

// [SECTION] Compare
// ui/compare_panel.cpp's picture at a phone's width: the plane (the keys and the query as arrows,
// each key's disc as large as its weight, its dashed drop onto the query's line and its shadow
// there), under it the strip (each key's score as a number and a bar from zero, softmax's arrow,
// its weight as a bar from 0 to 1 and a number) and the output on a line of the four values.

using Segment = lesson::LabelArrow;

// Where a tip's label goes: lesson::PlaceTipLabel, the panel's rule, 14 units from the tip or
// clear of its disc.
Box PlaceTipLabel(double ox, double oy, double tx, double ty, double width, double height, const Box& canvas,
                  const std::vector<Box>& taken, const std::vector<Segment>& arrows, double gap) {
  const auto box = [](const Box& b) { return lesson::LabelBox{b.x, b.y, b.w, b.h}; };
  std::vector<lesson::LabelBox> boxes;
  for (const Box& b : taken) boxes.push_back(box(b));
  const lesson::LabelBox placed = lesson::PlaceTipLabel(ox, oy, tx, ty, width, height, box(canvas), boxes, arrows, gap);
  return Box{placed.x, placed.y, placed.w, placed.h};
}

// The part of the line through (x, y) along (ux, uy) inside `box`, as two points; false if none.
bool ClipLine(double x, double y, double ux, double uy, const Box& box, double* t0, double* t1) {
  double lo = -1e9;
  double hi = 1e9;
  const double p[4] = {-ux, ux, -uy, uy};
  const double q[4] = {x - box.x, box.x + box.w - x, y - box.y, box.y + box.h - y};
  for (int i = 0; i < 4; ++i) {
    if (std::fabs(p[i]) < 1e-12) {
      if (q[i] < 0.0) return false;
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0.0)
      lo = std::max(lo, t);
    else
      hi = std::min(hi, t);
  }
  *t0 = lo;
  *t1 = hi;
  return lo < hi;
}

double DrawComparePlane(const lesson::CompareScene& scene, const lesson::CompareResult& result, Still& still,
                        double top) {
  SvgWriter& svg = still.svg;
  const double side = std::min(kContent, 460.0);
  const Box canvas{kLeft, top, side, side};
  const double pad = 24.0;
  const Box frame{canvas.x + pad, canvas.y + pad, side - 2.0 * pad, side - 2.0 * pad};
  const double limit = lesson::kComparePlaneLimit;
  const auto to_x = [&](double x) {
    return frame.x + (std::clamp(x, -limit, limit) + limit) / (2.0 * limit) * frame.w;
  };
  const auto to_y = [&](double y) {
    return frame.y + (limit - std::clamp(y, -limit, limit)) / (2.0 * limit) * frame.h;
  };
  svg.Rect(canvas, FillOf("panel", "still-card").c_str(), 8.0);

  // The grid, its axes stronger, and the tick numbers, which the tip labels keep clear of.
  std::vector<Box> labels;
  const int whole = static_cast<int>(limit);
  for (int i = -whole; i <= whole; ++i) {
    const std::string css = StrokeOf("axis", i == 0 ? "" : "still-faint");
    const double width = i == 0 ? 1.5 : 1.0;
    svg.Line(to_x(i), frame.y, to_x(i), frame.y + frame.h, css.c_str(), width);
    svg.Line(frame.x, to_y(i), frame.x + frame.w, to_y(i), css.c_str(), width);
  }
  for (int i = 1; i <= whole; ++i) {
    const std::string tick = std::to_string(i);
    const double w = TextWidth(tick, kSmall);
    for (const auto& at :
         {std::make_pair(to_x(i) - 10.0, to_y(0) + 2.0), std::make_pair(to_x(0) + 4.0, to_y(i) - 2.0 - kSmall)}) {
      svg.Text(at.first, BaselineFromTop(at.second, kSmall), tick, TextOf("muted", kSmall).c_str());
      labels.push_back({at.first, at.second, w, kSmall});
    }
  }

  const double ox = to_x(0.0);
  const double oy = to_y(0.0);
  const double qx = to_x(scene.query.x);
  const double qy = to_y(scene.query.y);
  std::vector<Segment> arrows{{ox, oy, qx, qy}};
  for (const lesson::CompareKey& key : scene.keys)
    arrows.push_back({ox, oy, to_x(key.position.x), to_y(key.position.y)});

  // The dot product made visible: the query's line across the plane, each key's dashed drop onto
  // it and its shadow along it, a few units apart so none hides another.
  const double q_length = std::hypot(qx - ox, qy - oy);
  if (q_length >= 4.0) {
    const double ux = (qx - ox) / q_length;
    const double uy = (qy - oy) / q_length;
    double t0 = 0.0;
    double t1 = 0.0;
    if (ClipLine(ox, oy, ux, uy, frame, &t0, &t1)) {
      const double reach = frame.w * 0.75;
      t0 = std::max(t0, -reach);
      t1 = std::min(t1, reach);
      svg.Line(ox + ux * t0, oy + uy * t0, ox + ux * t1, oy + uy * t1, StrokeOf("text", "still-faint").c_str(), 1.5);
    }
    for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
      const Segment& arrow = arrows[static_cast<size_t>(i) + 1];
      const double along = (arrow.bx - ox) * ux + (arrow.by - oy) * uy;
      const double fx = ox + ux * along;
      const double fy = oy + uy * along;
      svg.Line(arrow.bx, arrow.by, fx, fy, StrokeOf(Series(i), "still-dash still-half").c_str(), 1.2);
      const double offset = (i - (lesson::kCompareKeyCount - 1) * 0.5) * 4.0;
      const double sx = -uy * offset;
      const double sy = ux * offset;
      svg.Line(ox + sx, oy + sy, fx + sx, fy + sy, StrokeOf(Series(i), "still-flat").c_str(), 3.5);
    }
  }

  // The keys: a disc whose area follows the key's weight, the arrow, the tip, the label.
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
    const Segment& arrow = arrows[static_cast<size_t>(i) + 1];
    const double weight = Clamp01(result.weights[static_cast<size_t>(i)]);
    const double disc = 7.0 + 20.0 * std::sqrt(weight);
    svg.Circle(arrow.bx, arrow.by, disc, FillOf(Series(i), "still-soft").c_str());
    svg.Circle(arrow.bx, arrow.by, disc, StrokeOf(Series(i), "still-half").c_str(), 1.0);
    Arrow(svg, ox, oy, arrow.bx, arrow.by, 14.0, 2.5, Series(i));
    svg.Circle(arrow.bx, arrow.by, 5.0, FillOf(Series(i)).c_str());
    const std::string word = Word(still, "compare.key" + std::to_string(i));
    const Box box =
        PlaceTipLabel(ox, oy, arrow.bx, arrow.by, TextWidth(word, kBody, true), kBody, canvas, labels, arrows,
                      std::max(disc, still.highlight == "compare.keys" ? 22.0 : 0.0) + 4.0);
    labels.push_back(box);
    svg.Text(box.x, BaselineFromTop(box.y, kBody), word, TextOf(Series(i), kBody, true).c_str());
    if (still.highlight == "compare.keys") svg.Circle(arrow.bx, arrow.by, 20.0, StrokeOf("highlight").c_str(), 3.0);
  }
  Arrow(svg, ox, oy, qx, qy, 14.0, 3.5, "text");
  svg.Circle(qx, qy, 7.0, FillOf("text").c_str());
  svg.Circle(qx, qy, 3.0, FillOf("panel").c_str());
  const std::string query = Word(still, "compare.query");
  const Box query_box = PlaceTipLabel(ox, oy, qx, qy, TextWidth(query, kBody, true), kBody, canvas, labels, arrows,
                                      still.highlight == "compare.query" ? 26.0 : 14.0);
  svg.Text(query_box.x, BaselineFromTop(query_box.y, kBody), query, TextOf("text", kBody, true).c_str());
  if (still.highlight == "compare.query") svg.Circle(qx, qy, 20.0, StrokeOf("highlight").c_str(), 3.0);
  return canvas.y + canvas.h;
}

// One row per key: its name; its score, a number and a bar from zero; softmax's arrow; its weight,
// a bar from 0 to 1 and a number (DrawStrip).
double DrawCompareStrip(const lesson::CompareResult& result, Still& still, double top) {
  SvgWriter& svg = still.svg;
  const double width = kContent;
  double label_width = 0.0;
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
    label_width = std::max(label_width, TextWidth(lesson::T("compare.key" + std::to_string(i)), kBody, true));
  }
  label_width += 8.0;
  const double number_width = TextWidth(
                                  "\xE2\x88\x92"
                                  "0.00",
                                  kBody) +
                              6.0;
  const std::string softmax = Word(still, "compare.strip_softmax");
  const double arrow_width = std::max(30.0, TextWidth(softmax, kSmall) + 10.0);
  const double bars = std::max(80.0, width - label_width - arrow_width - 2.0 * number_width);
  const double score_x = kLeft + label_width + number_width;
  const double score_width = bars * 0.42;
  const double arrow_x = score_x + score_width;
  const double weight_x = arrow_x + arrow_width;
  const double weight_width = bars - score_width;
  const double zero_x = score_x + score_width * 0.5;

  const double head = BaselineFromTop(top, kSmall);
  const std::string muted = TextOf("muted", kSmall);
  svg.Text(zero_x, head, Word(still, "compare.column_score"), muted.c_str(), Anchor::Middle);
  svg.Text(arrow_x + arrow_width * 0.5, head, softmax, muted.c_str(), Anchor::Middle);
  svg.Text(weight_x + weight_width * 0.5, head, Word(still, "compare.column_weight"), muted.c_str(), Anchor::Middle);
  const double row_height = 33.0;
  const double gap = 6.0;
  const double rows_top = top + 17.0 + 6.0;
  const double rows_bottom = rows_top + lesson::kCompareKeyCount * (row_height + gap) - gap;
  svg.Line(zero_x, rows_top - 2.0, zero_x, rows_bottom + 2.0, StrokeOf("axis").c_str(), 1.5);
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
    const size_t k = static_cast<size_t>(i);
    const double y = rows_top + i * (row_height + gap);
    const double middle = y + row_height * 0.5;
    const double text = BaselineFromCentre(middle, kBody);
    svg.Text(kLeft, text, lesson::T("compare.key" + std::to_string(i)), TextOf(Series(i), kBody, true).c_str());
    svg.Text(score_x - 8.0, text, Signed(still, result.scores[k], "a Compare score"), TextOf("text", kBody).c_str(),
             Anchor::End);
    const double reach = std::clamp(result.scores[k] / 2.5, -1.0, 1.0) * score_width * 0.5;
    if (std::fabs(reach) > 0.5) {
      svg.Rect({std::min(zero_x, zero_x + reach), y + 3.0, std::fabs(reach), row_height - 6.0},
               FillOf(Series(i), "still-most").c_str(), 2.0);
    }
    Arrow(svg, arrow_x + 5.0, middle, arrow_x + arrow_width - 5.0, middle, 14.0, 1.5, "muted");
    const double weight = result.weights[k];
    svg.Rect({weight_x, y + 3.0, weight_width, row_height - 6.0}, FillOf("frame").c_str(), 2.0);
    if (weight_width * Clamp01(weight) > 0.5) {
      svg.Rect({weight_x, y + 3.0, weight_width * Clamp01(weight), row_height - 6.0}, FillOf(Series(i)).c_str(), 2.0);
    }
    svg.Text(weight_x + weight_width + 6.0, text, Shown(still, weight, "a Compare weight"),
             TextOf("text", kBody).c_str());
  }
  Part(still, "compare.scores", {kLeft, rows_top - 2.0, arrow_x - kLeft, rows_bottom - rows_top + 4.0});
  Part(still, "compare.weights",
       {weight_x - 2.0, rows_top - 2.0, kLeft + width - weight_x + 2.0, rows_bottom - rows_top + 4.0});
  return rows_bottom;
}

// The output on a number line of the four values, each a tick in its key's colour (DrawOutputLine).
double DrawCompareOutputLine(const lesson::CompareScene& scene, const lesson::CompareResult& result, Still& still,
                             double top) {
  SvgWriter& svg = still.svg;
  const double width = kContent;
  const double line = 17.0;
  const double height = line + 10.0 + 14.0 + line + 8.0;
  const double output = result.combination.output;
  double lo = output;
  double hi = output;
  for (const lesson::CompareKey& key : scene.keys) {
    lo = std::min(lo, key.value);
    hi = std::max(hi, key.value);
  }
  if (!(hi - lo >= 1.0)) hi = lo + 1.0;
  const double pad = (hi - lo) * 0.06;
  lo -= pad;
  hi += pad;
  const double margin = 14.0;
  const auto to_x = [&](double v) { return kLeft + margin + (v - lo) / (hi - lo) * (width - 2.0 * margin); };
  const double axis_y = top + line + 10.0;
  svg.Line(kLeft, axis_y, kLeft + width, axis_y, StrokeOf("axis", "still-flat").c_str(), 2.0);
  std::vector<Box> placed;
  for (int i = 0; i < lesson::kCompareKeyCount; ++i) {
    const double value = scene.keys[static_cast<size_t>(i)].value;
    const double x = to_x(value);
    svg.Line(x, axis_y - 6.0, x, axis_y + 6.0, StrokeOf(Series(i), "still-flat").c_str(), 3.0);
    const std::string text = Shown(still, value, "a Compare value");
    Box at{x - TextWidth(text, kBody) * 0.5, top, TextWidth(text, kBody), line};
    for (const Box& other : placed) {
      if (at.x < other.x + other.w + 4.0 && other.x < at.x + at.w + 4.0) at.x = other.x + other.w + 4.0;
    }
    placed.push_back(at);
    svg.Text(at.x + at.w * 0.5, BaselineFromTop(top, kBody), text, TextOf(Series(i), kBody).c_str(), Anchor::Middle);
  }
  const double ox = to_x(output);
  svg.Polygon({ox, axis_y - 2.0, ox - 8.0, axis_y + 13.0, ox + 8.0, axis_y + 13.0}, FillOf("output").c_str());
  const std::string word = Word(still, "compare.output_sum");
  const std::string number = Shown(still, output, "the Compare output");
  const double label_width = TextWidth(word + " " + number, kBody, true);
  const double label_x = std::clamp(ox - label_width * 0.5, kLeft, kLeft + width - label_width);
  Write(still, label_x, BaselineFromTop(axis_y + 16.0, kBody), {{word + " ", nullptr}, {number, kNumberRun}},
        TextOf("output", kBody, true));
  Part(still, "compare.output", {kLeft, top, width, height});
  return top + height;
}

double DrawComparePicture(const lesson::LessonState& state, Still& still, double top) {
  const lesson::CompareScene& scene = state.compare;
  const lesson::CompareResult result = lesson::ComputeCompare(scene);
  if (!result.ok) {
    still.problems.push_back("the Compare scene does not compute: " + result.message);
    return top;
  }
  double y = DrawComparePlane(scene, result, still, top);
  y = DrawCompareStrip(result, still, y + kSpacing);
  return DrawCompareOutputLine(scene, result, still, y + kSpacing + 4.0);
}

double DrawCompare(const lesson::LessonState& state, Still& still) {
  return DrawComparePicture(state, still, Caption(still, Word(still, "compare.caption")));
}
const SceneStill kCompareStill = {DrawCompare, DrawComparePicture, DrawComparePicture};

// [SECTION] Combine
// ui/combine_panel.cpp's picture: the two values as masses on a beam (a number line), each as large
// in area as its weight; the fulcrum at the output, where the beam balances; under it the products
// stacked head to tail into the output; under the picture the equation in the same colours.

// Moves two labels on one row apart so `gap` separates them, `left` to the left, each kept inside
// [lo, hi] as far as the room allows (Separate).
void Separate(Box& left, Box& right, double gap, double lo, double hi) {
  const double overlap = left.x + left.w + gap - right.x;
  if (overlap > 0.0) {
    left.x -= overlap * 0.5;
    right.x += overlap * 0.5;
  }
  if (left.x < lo) {
    left.x = lo;
    if (right.x < left.x + left.w + gap) right.x = left.x + left.w + gap;
  }
  if (right.x + right.w > hi) {
    right.x = hi - right.w;
    if (left.x + left.w > right.x - gap) left.x = right.x - gap - left.w;
  }
}

Box CentredLabel(double x, double top, double width, double height, double lo, double hi) {
  return {std::clamp(x - width * 0.5, lo, std::max(lo, hi - width)), top, width, height};
}

double DrawCombineBalance(const lesson::CombineScene& example, const attention::Combination& combination, Still& still,
                          double top) {
  SvgWriter& svg = still.svg;
  const double width = kContent;
  const double label_size = 17.0;  // the widget's 18 px numbers
  const double big_size = 24.0;
  const double values[2] = {example.first_value, example.second_value};
  const double weights[2] = {example.first_weight, example.second_weight};
  const char* inks[2] = {"first", "second"};
  const double output = combination.output;

  const double side_max = std::clamp(width * 0.2, 60.0, 120.0);
  const double beam_half = 3.0;
  const double tri_h = 22.0;
  const double tri_half = 13.0;
  const double bar_h = label_size + 6.0;
  const double bar_gap = 5.0;
  const double pad = 12.0;
  const double beam_y = top + pad + label_size + 6.0 + side_max + beam_half;
  const double values_top = beam_y + beam_half + 6.0;
  const double output_top = std::max(beam_y + beam_half + tri_h + 2.0, values_top + label_size + 2.0);
  const double stack_top = output_top + big_size + 12.0;
  const double height = stack_top + 3.0 * bar_h + 2.0 * bar_gap + pad - top;

  double lo = std::min({0.0, values[0], values[1]});
  double hi = std::max({0.0, values[0], values[1]});
  if (!(hi - lo >= 1e-9)) hi = lo + 1.0;
  const std::string value_text[2] = {Signed(still, values[0], "a Combine value"),
                                     Signed(still, values[1], "a Combine value")};
  const double widest =
      std::max(TextWidth(value_text[0], label_size, true), TextWidth(value_text[1], label_size, true));
  const double margin = std::max(side_max * 0.5 + 10.0, widest + tri_half + 12.0);
  const double left = kLeft + margin;
  const double right = kLeft + width - margin;
  const auto to_x = [&](double v) { return left + (v - lo) / (hi - lo) * (right - left); };
  const double inner_lo = kLeft + 4.0;
  const double inner_hi = kLeft + width - 4.0;
  svg.Rect({kLeft, top, width, height}, FillOf("panel", "still-card").c_str(), 8.0);

  // The beam, resting on the fulcrum at the output; zero's tick and each value's.
  const double ox = to_x(output);
  const double beam_left = kLeft + margin * 0.45;
  const double beam_right = kLeft + width - margin * 0.45;
  svg.Line(beam_left, beam_y, beam_right, beam_y, StrokeOf("axis").c_str(), beam_half * 2.0);
  svg.Polygon(
      {ox, beam_y + beam_half, ox - tri_half, beam_y + beam_half + tri_h, ox + tri_half, beam_y + beam_half + tri_h},
      FillOf("output").c_str());
  const double zero_x = to_x(0.0);
  svg.Line(zero_x, beam_y - beam_half - 4.0, zero_x, beam_y + beam_half + 5.0, StrokeOf("muted", "still-flat").c_str(),
           1.5);
  for (int i = 0; i < 2; ++i) {
    const double x = to_x(values[i]);
    svg.Line(x, beam_y + beam_half, x, beam_y + beam_half + 5.0, StrokeOf(inks[i], "still-flat").c_str(), 2.0);
  }

  // The masses, a square per value, its area its weight, the lighter in front.
  double side[2];
  Box mass[2];
  for (int i = 0; i < 2; ++i) {
    side[i] = side_max * std::sqrt(Clamp01(weights[i]));
    mass[i] = {to_x(values[i]) - side[i] * 0.5, beam_y - beam_half - side[i], side[i], side[i]};
  }
  const int back = side[0] >= side[1] ? 0 : 1;
  for (const int i : {back, 1 - back}) {
    if (side[i] <= 0.5) continue;
    svg.Rect(mass[i], FillOf(inks[i]).c_str(), 3.0);
    svg.Rect(mass[i], StrokeOf("paper").c_str(), 3.0, 1.5);
  }

  // Each mass's weight above it; each value under the line, clear of the fulcrum; the output under
  // the fulcrum; zero where nothing else is written.
  const int low = values[0] <= values[1] ? 0 : 1;
  const int high = 1 - low;
  Box weight_label[2];
  std::string weight_text[2];
  for (int i = 0; i < 2; ++i) {
    weight_text[i] = Shown(still, weights[i], "a Combine weight");
    const double w = TextWidth(weight_text[i], label_size, true);
    weight_label[i] = CentredLabel(to_x(values[i]), mass[i].y - 4.0 - label_size, w, label_size, inner_lo, inner_hi);
  }
  Separate(weight_label[low], weight_label[high], 10.0, inner_lo, inner_hi);
  for (Box& r : weight_label) {
    double rest = r.y + r.h + 4.0;
    for (const Box& m : mass) {
      if (m.w > 0.5 && r.x < m.x + m.w && m.x < r.x + r.w) rest = std::min(rest, m.y);
    }
    r.y = rest - 4.0 - r.h;
  }
  for (int i = 0; i < 2; ++i) {
    svg.Text(weight_label[i].x, BaselineFromTop(weight_label[i].y, label_size), weight_text[i],
             TextOf(inks[i], label_size, true).c_str());
  }
  Box value_label[2];
  for (int i = 0; i < 2; ++i) {
    value_label[i] = CentredLabel(to_x(values[i]), values_top, TextWidth(value_text[i], label_size, true), label_size,
                                  inner_lo, inner_hi);
  }
  const double clear = tri_half + 6.0;
  if (value_label[low].x + value_label[low].w > ox - clear) value_label[low].x = ox - clear - value_label[low].w;
  if (value_label[high].x < ox + clear) value_label[high].x = ox + clear;
  Separate(value_label[low], value_label[high], 2.0 * clear, inner_lo, inner_hi);
  for (int i = 0; i < 2; ++i) {
    svg.Text(value_label[i].x, BaselineFromTop(values_top, label_size), value_text[i],
             TextOf(inks[i], label_size, true).c_str());
  }
  const std::string output_text = Signed(still, output, "the Combine output");
  const Box output_label =
      CentredLabel(ox, output_top, TextWidth(output_text, big_size, true), big_size, inner_lo, inner_hi);
  svg.Text(output_label.x, BaselineFromTop(output_top, big_size), output_text,
           TextOf("output", big_size, true).c_str());
  const Box zero_label =
      CentredLabel(zero_x, values_top, TextWidth("0", label_size, true), label_size, inner_lo, inner_hi);
  const Box zero_spaced{zero_label.x - 6.0, zero_label.y, zero_label.w + 12.0, zero_label.h};
  const Box fulcrum{ox - tri_half, beam_y + beam_half, 2.0 * tri_half, tri_h};
  if (!zero_spaced.Overlaps(value_label[0]) && !zero_spaced.Overlaps(value_label[1]) &&
      !zero_spaced.Overlaps(output_label) && !zero_spaced.Overlaps(fulcrum)) {
    svg.Text(zero_label.x, BaselineFromTop(values_top, label_size), "0", TextOf("muted", label_size, true).c_str());
  }

  // The stack: the products head to tail from zero, then their sum, which ends under the fulcrum.
  const double p1 = combination.terms.size() > 0 ? combination.terms[0].product : 0.0;
  const double p2 = combination.terms.size() > 1 ? combination.terms[1].product : 0.0;
  struct Bar {
    double from, to;
    const char* ink;
    std::string text;
  };
  const Bar bars[3] = {{0.0, p1, "first", Signed(still, p1, "a Combine product")},
                       {p1, output, "second", Signed(still, p2, "a Combine product")},
                       {0.0, output, "output", output_text}};
  const double stack_bottom = stack_top + 3.0 * bar_h + 2.0 * bar_gap;
  svg.Line(zero_x, values_top + label_size + 2.0, zero_x, stack_bottom + 3.0,
           StrokeOf("muted", "still-half still-flat").c_str(), 1.0);
  svg.Line(ox, output_label.y + output_label.h + 2.0, ox, stack_bottom, StrokeOf("output", "still-dots").c_str(), 1.5);
  for (int r = 0; r < 3; ++r) {
    const Bar& bar = bars[r];
    const double y = stack_top + r * (bar_h + bar_gap);
    const double x0 = std::min(to_x(bar.from), to_x(bar.to));
    const double x1 = std::max(to_x(bar.from), to_x(bar.to));
    svg.Rect({x0, y, std::max(x1 - x0, 1.0), bar_h}, FillOf(bar.ink).c_str(), 3.0);
    const double w = TextWidth(bar.text, label_size, true);
    const double baseline = BaselineFromCentre(y + bar_h * 0.5, label_size);
    if (x1 - x0 >= w + 10.0) {
      svg.Text((x0 + x1) * 0.5, baseline, bar.text, TextOf("paper", label_size, true).append(" still-on").c_str(),
               Anchor::Middle);
    } else if (x1 + 6.0 + w <= inner_hi) {
      svg.Text(x1 + 6.0, baseline, bar.text, TextOf(bar.ink, label_size, true).c_str());
    } else {
      svg.Text(x0 - 6.0, baseline, bar.text, TextOf(bar.ink, label_size, true).c_str(), Anchor::End);
    }
  }
  Part(still, "combine.number_line", {kLeft, top, width, height});
  return top + height;
}

// "10 × 0.2 = 2" into "10 × 0.2" and "2".
void SplitTerm(const std::string& term, std::string* factors, std::string* product) {
  const size_t equals = term.rfind(" = ");
  *factors = equals == std::string::npos ? term : term.substr(0, equals);
  *product = equals == std::string::npos ? std::string() : term.substr(equals + 3);
}

// A following term's sign as an operator: "−16" reads " − 16" after the first, "16" reads " + 16".
std::string Operator(std::string* text) {
  const std::string minus = "\xE2\x88\x92";
  if (text->compare(0, minus.size(), minus) == 0) {
    *text = text->substr(minus.size());
    return " " + minus + " ";
  }
  return " + ";
}

// 10 × 0.2 + 20 × 0.8 = 2 + 16 = 18, each number in the colour of its thing (DrawEquation): on one
// line, in the largest size that fits, else broken before "+ 20 × 0.8" and "= 2 + 16 = 18".
double DrawCombineEquation(const attention::Combination& combination, Still& still, double top) {
  if (combination.terms.size() < 2) return top;
  std::string factors[2];
  std::string products[2];
  for (size_t t = 0; t < 2; ++t) {
    SplitTerm(lesson::LocalArithmetic(attention::FormatTerm(combination.terms[t])), &factors[t], &products[t]);
  }
  const std::string factor_op = Operator(&factors[1]);
  const std::string product_op = Operator(&products[1]);
  const std::string sum = lesson::LocalArithmetic(attention::FormatSum(combination));
  const size_t equals = sum.rfind(" = ");
  const std::string output = equals == std::string::npos ? sum : sum.substr(equals + 3);
  const std::string first = "still-ink-first still-fill";
  const std::string second = "still-ink-second still-fill";
  const std::string ink = "still-ink-text still-fill";
  const std::string out = "still-ink-output still-fill";
  const std::vector<Run> pieces[3] = {{{factors[0], first.c_str()}},
                                      {{factor_op, ink.c_str()}, {factors[1], second.c_str()}},
                                      {{" = ", ink.c_str()},
                                       {products[0], first.c_str()},
                                       {product_op, ink.c_str()},
                                       {products[1], second.c_str()},
                                       {" = ", ink.c_str()},
                                       {output, out.c_str()}}};
  std::string whole;
  for (const auto& piece : pieces) {
    for (const Run& run : piece) whole += run.text;
  }
  const double size = std::clamp(std::floor(kContent / TextWidth(whole, 1.0, true)), 15.0, 24.0);
  const std::string css = "still-f" + std::to_string(static_cast<int>(size)) + " still-b";
  if (TextWidth(whole, size, true) <= kContent) {
    std::vector<Run> runs;
    for (const auto& piece : pieces) runs.insert(runs.end(), piece.begin(), piece.end());
    Write(still, kLeft + kContent * 0.5, BaselineFromTop(top, size), runs, css, Anchor::Middle);
    Part(still, "combine.arithmetic", {kLeft, top, kContent, size});
    return top + size;
  }
  double y = top;
  for (const auto& piece : pieces) {
    Write(still, kLeft, BaselineFromTop(y, size), piece, css);
    y += size + 4.0;
  }
  Part(still, "combine.arithmetic", {kLeft, top, kContent, y - 4.0 - top});
  return y - 4.0;
}

double DrawCombinePicture(const lesson::LessonState& state, Still& still, double top) {
  const attention::Combination combination = lesson::ComputeCombine(state.combine);
  if (combination.empty) still.problems.push_back("the Combine scene has no output");
  const double y = DrawCombineBalance(state.combine, combination, still, top);
  return DrawCombineEquation(combination, still, y + kSpacing);
}

double DrawCombine(const lesson::LessonState& state, Still& still) {
  return DrawCombinePicture(state, still, Caption(still, Word(still, "combine.caption")));
}
const SceneStill kCombineStill = {DrawCombine, DrawCombinePicture, DrawCombinePicture};

// [SECTION] Mask
// ui/mask_picture.cpp at a phone's width: the line view (the tokens as queries on the left and keys
// on the right, a line from the chosen query to each key it may use, as thick as its weight, the
// weight beside the key), under it the heatmap of every weight with the chosen query's row
// outlined; then the two masks' checkboxes the picture ends with (ui/mask_panel.cpp).

// A token's colour: the words' series colours ("the" twice in one), <pad> muted (MaskTokenColor).
std::string TokenInk(int position) {
  if (position < 0 || position >= lesson::kMaskTokenCount || lesson::IsPadPosition(position)) return "muted";
  static constexpr int kSeries[lesson::kMaskWordCount] = {4, 1, 2, 3, 4, 0};
  return Series(kSeries[position]);
}

// "<pad>" is the only token too wide for a narrow cell; "pad" reads the same.
std::string ShortToken(int position) { return lesson::IsPadPosition(position) ? "pad" : lesson::MaskToken(position); }

bool MaskOpen(const attention::Result& result, int row, int col) {
  return result.allowed(row, col) && !result.RowIsEmpty(row);
}

// A weight's shade as a class, the shade kept for the style sheet.
std::string Shade(Still& still, double weight) {
  const int hundredths = static_cast<int>(std::lround(Clamp01(weight) * 100.0));
  still.shades.insert(hundredths);
  return "still-heat still-blue-" + std::to_string(hundredths);
}

// A cell's number: dark on a light shade, white on a dark one.
std::string CellText(double weight) {
  return DarkTextOn(BlueOf(std::round(Clamp01(weight) * 100.0) / 100.0)) ? "still-cell" : "still-cell still-cell-dark";
}

double DrawMaskLines(const lesson::MaskScene& scene, const attention::Result& result, Still& still, double top) {
  SvgWriter& svg = still.svg;
  constexpr int n = lesson::kMaskTokenCount;
  const double width = std::min(kContent, 560.0);
  const double card_pad = 12.0;
  const double header = 17.0 + 12.0;
  const double pitch = 30.0;
  double widest = 0.0;
  for (int i = 0; i < n; ++i) widest = std::max(widest, TextWidth(lesson::MaskToken(i), kSmall, true));
  const double number_width = TextWidth("0.00", kBody, true) + 10.0;
  const double token_width =
      std::min(std::max(std::ceil(widest) + 20.0, 56.0), (width - 2.0 * card_pad - number_width) * 0.34);
  const double query_x0 = kLeft + card_pad;
  const double query_x1 = query_x0 + token_width;
  const double number_x1 = kLeft + width - card_pad;
  const double key_x1 = number_x1 - number_width;
  const double key_x0 = key_x1 - token_width;
  const double bottom = top + header + pitch * n + 8.0;
  const auto row_top = [&](int row) { return top + header + pitch * row; };
  const auto row_centre = [&](int row) { return top + header + pitch * (row + 0.5); };
  svg.Rect({kLeft, top, width, bottom - top}, FillOf("panel", "still-card").c_str(), 8.0);

  // The columns' titles; "weight" over the weights where it fits beside "key".
  const double title = BaselineFromTop(top + std::max(2.0, header - 17.0 - 6.0), kSmall);
  const std::string muted = TextOf("muted", kSmall);
  svg.Text((query_x0 + query_x1) * 0.5, title, Word(still, "mask.lines_query"), muted.c_str(), Anchor::Middle);
  const std::string key_title = Word(still, "mask.lines_key");
  svg.Text((key_x0 + key_x1) * 0.5, title, key_title, muted.c_str(), Anchor::Middle);
  const std::string weight_title = Word(still, "mask.legend_weight");
  const double weight_x = std::min(number_x1 + 4.0, kLeft + width - 4.0);
  if (weight_x - TextWidth(weight_title, kSmall) >
      (key_x0 + key_x1) * 0.5 + TextWidth(key_title, kSmall) * 0.5 + 10.0) {
    svg.Text(weight_x, title, weight_title, muted.c_str(), Anchor::End);
  }

  // A token as a rounded tag: outlined in its colour; filled with it when it is the chosen query;
  // <pad> dashed (filler, not a word); a key a mask hides, hatched grey.
  const double inset = std::max(1.0, (pitch - 26.0) * 0.5);
  const auto token = [&](double x0, double x1, int position, int look) {  // 0 plain, 1 chosen, 2 masked
    const Box box{x0, row_top(position) + inset, x1 - x0, pitch - 2.0 * inset};
    const std::string ink = TokenInk(position);
    const double baseline = BaselineFromCentre(box.y + box.h * 0.5, kSmall);
    const double centre = box.x + box.w * 0.5;
    const bool pad = lesson::IsPadPosition(position);
    if (look == 1) {
      svg.Rect(box, FillOf(ink).c_str(), 6.0);
      svg.Text(centre, baseline, lesson::MaskToken(position), TextOf("paper", kSmall, true).append(" still-on").c_str(),
               Anchor::Middle);
    } else if (look == 2) {
      svg.Rect(box, FillOf("panel", "still-card").c_str());
      svg.Rect(box, StrokeOf("axis").c_str(), 0.0, 1.0);
      svg.Text(centre, baseline, lesson::MaskToken(position), TextOf("muted", kSmall).c_str(), Anchor::Middle);
    } else {
      svg.Rect(box, FillOf("paper").c_str(), pad ? 0.0 : 6.0);
      svg.Rect(box, StrokeOf(ink, pad ? "still-dots" : "").c_str(), pad ? 0.0 : 6.0, 1.5);
      svg.Text(centre, baseline, lesson::MaskToken(position), TextOf(ink, kSmall, !pad).c_str(), Anchor::Middle);
    }
  };
  const int query = std::clamp(scene.query, 0, n - 1);
  for (int row = 0; row < n; ++row) token(query_x0, query_x1, row, row == query ? 1 : 0);

  // The lines, thinnest first, as S-curves leaving and arriving level; thinner than a unit, a unit
  // wide and fainter.
  const double scale = std::clamp(pitch * 0.7, 12.0, 24.0);
  std::vector<std::pair<double, int>> lines;
  for (int key = 0; key < n; ++key) {
    lines.push_back({MaskOpen(result, query, key) ? result.weights(query, key) * scale : 0.0, key});
  }
  std::stable_sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  const double fx = query_x1 + 1.0;
  const double fy = row_centre(query);
  for (const auto& [thickness, key] : lines) {
    if (thickness < 0.05) continue;
    const double tx = key_x0 - 1.0;
    const double ty = row_centre(key);
    const double bend = (tx - fx) * 0.5;
    const std::string css = StrokeOf(TokenInk(query), thickness < 0.5   ? "still-faint"
                                                      : thickness < 1.0 ? "still-half"
                                                                        : "still-most");
    svg.Cubic(fx, fy, fx + bend, fy, tx - bend, ty, tx, ty, css.c_str(), std::max(1.0, thickness));
  }

  // The keys, and each open one's weight in the query's colour.
  for (int key = 0; key < n; ++key) {
    const bool open = MaskOpen(result, query, key);
    token(key_x0, key_x1, key, open ? 0 : 2);
    const double cy = row_centre(key);
    if (!open) {
      const double cx = key_x0 - 12.0;
      svg.Line(cx - 5.0, cy - 5.0, cx + 5.0, cy + 5.0, StrokeOf("muted").c_str(), 2.0);
      svg.Line(cx - 5.0, cy + 5.0, cx + 5.0, cy - 5.0, StrokeOf("muted").c_str(), 2.0);
      continue;
    }
    svg.Text(number_x1, BaselineFromCentre(cy, kBody), Shown(still, result.weights(query, key), "a Mask weight"),
             TextOf(TokenInk(query), kBody, true).c_str(), Anchor::End);
  }
  Part(still, "mask.lines", {kLeft, top, width, bottom - top});
  return bottom;
}

double DrawMaskHeatmap(const lesson::MaskScene& scene, const attention::Result& result, Still& still, double top) {
  SvgWriter& svg = still.svg;
  constexpr int n = lesson::kMaskTokenCount;
  const double font = 14.0;
  double widest = 0.0;
  for (int i = 0; i < n; ++i) widest = std::max(widest, TextWidth(ShortToken(i), font, true));
  const double label_width = std::ceil(widest) + 10.0;
  const double cell_w = std::clamp(std::floor((kContent - label_width) / n), 26.0, 64.0);
  const double cell_h = std::clamp(cell_w * 0.75, 17.0 + 12.0, 44.0);
  // A column label that would have to shrink below 85 % to fit its cell goes on two rows, every
  // other label on the second, each with two cells' width (LayOutHeatmap).
  bool staggered = false;
  for (int i = 0; i < n; ++i) staggered = staggered || TextWidth(ShortToken(i), font, true) * 0.85 > cell_w - 4.0;
  const double label_row = 17.0 + 4.0;
  const double header = label_row * (staggered ? 2.0 : 1.0) + 4.0;
  const double cells_x = kLeft + label_width;
  const double cells_y = top + header;
  const int query = std::clamp(scene.query, 0, n - 1);
  for (int col = 0; col < n; ++col) {
    const double row_top = staggered ? top + label_row * (col % 2) : top;
    svg.Text(cells_x + cell_w * (col + 0.5), BaselineFromCentre(row_top + (label_row - 2.0) * 0.5, font),
             ShortToken(col), TextOf(TokenInk(col), font, !lesson::IsPadPosition(col)).c_str(), Anchor::Middle);
  }
  for (int row = 0; row < n; ++row) {
    const double y = cells_y + cell_h * row;
    svg.Text(cells_x - 6.0, BaselineFromCentre(y + cell_h * 0.5, font), ShortToken(row),
             TextOf(TokenInk(row), font, row == query || !lesson::IsPadPosition(row)).c_str(), Anchor::End);
    for (int col = 0; col < n; ++col) {
      const Box cell{cells_x + cell_w * col, y, cell_w, cell_h};
      const Box inner{cell.x + 1.0, cell.y + 1.0, cell.w - 2.0, cell.h - 2.0};
      if (!MaskOpen(result, row, col)) {
        svg.Rect(inner, FillOf("panel", "still-card").c_str());
        for (double x = inner.x - inner.h; x < inner.x + inner.w; x += 7.0) {
          const double x0 = std::max(x, inner.x);
          const double x1 = std::min(x + inner.h, inner.x + inner.w);
          svg.Line(x0, inner.y + inner.h - (x0 - x), x1, inner.y + inner.h - (x1 - x),
                   StrokeOf("axis", "still-flat").c_str(), 1.0);
        }
      } else {
        const double weight = result.weights(row, col);
        svg.Rect(inner, Shade(still, weight).c_str());
        svg.Text(cell.x + cell.w * 0.5, BaselineFromCentre(cell.y + cell.h * 0.5, kSmall),
                 Shown(still, weight, "a Mask weight"), CellText(weight).c_str(), Anchor::Middle);
      }
    }
  }
  // Each cell's outline, as the grid's lines.
  const std::string grid = StrokeOf("axis", "still-half still-flat");
  for (int i = 0; i <= n; ++i) {
    svg.Line(cells_x + cell_w * i, cells_y, cells_x + cell_w * i, cells_y + cell_h * n, grid.c_str(), 1.0);
    svg.Line(cells_x, cells_y + cell_h * i, cells_x + cell_w * n, cells_y + cell_h * i, grid.c_str(), 1.0);
  }
  svg.Rect({cells_x - 2.0, cells_y + cell_h * query - 2.0, cell_w * n + 4.0, cell_h + 4.0},
           StrokeOf(TokenInk(query)).c_str(), 3.0, 3.0);
  const double bottom = cells_y + cell_h * n;
  Part(still, "mask.heatmap", {kLeft, top, kContent, bottom - top});
  return bottom;
}

// A checkbox, unticked, its label beside it and its one line of help under it (DrawMaskToggle).
double DrawCheckbox(Still& still, double top, const std::string& label, const std::string& help, const char* name) {
  SvgWriter& svg = still.svg;
  const double box = 29.0;
  svg.Rect({kLeft, top, box, box}, FillOf("frame", "still-card").c_str(), 4.0);
  svg.Rect({kLeft, top, box, box}, StrokeOf("axis").c_str(), 4.0, 1.0);
  svg.Text(kLeft + box + 6.0, BaselineFromCentre(top + box * 0.5, kBody), label, TextOf("text", kBody).c_str());
  const double indent = box + 4.0;
  const double bottom =
      Wrapped(still, kLeft + indent, top + box + 4.0, help, kContent - indent, kSmall, 18.0, TextOf("muted", kSmall));
  Part(still, name, {kLeft, top, kContent, bottom - top});
  return bottom;
}

// The whole picture, or (a quick-check question's) the heatmap alone, with the toggles under it.
double DrawMaskFigure(const lesson::LessonState& state, Still& still, double top, bool with_lines) {
  const lesson::MaskScene& scene = state.mask;
  const attention::Result result = lesson::MaskWeights(scene);
  constexpr int n = lesson::kMaskTokenCount;
  if (result.weights.rows != n || result.weights.cols != n || !result.weights.IsConsistent() ||
      result.allowed.rows != n || result.allowed.cols != n || !result.allowed.IsConsistent()) {
    still.problems.push_back("the Mask scene's weights are not " + std::to_string(n) + " x " + std::to_string(n));
    return top;
  }
  double y = with_lines ? DrawMaskLines(scene, result, still, top) + 2.0 * kSpacing : top;
  y = DrawMaskHeatmap(scene, result, still, y);
  y = DrawCheckbox(still, y + kSpacing, Word(still, "mask.causal"), Word(still, "mask.causal_help"), "mask.causal");
  return DrawCheckbox(still, y + kSpacing, Word(still, "mask.padding"), Word(still, "mask.padding_help"),
                      "mask.padding");
}

double DrawMaskPicture(const lesson::LessonState& state, Still& still, double top) {
  return DrawMaskFigure(state, still, top, true);
}

double DrawMaskQuestionPicture(const lesson::LessonState& state, Still& still, double top) {
  return DrawMaskFigure(state, still, top, false);
}

double DrawMask(const lesson::LessonState& state, Still& still) {
  return DrawMaskPicture(state, still, Caption(still, Word(still, "mask.caption")));
}
const SceneStill kMaskStill = {DrawMask, DrawMaskPicture, DrawMaskQuestionPicture};

// [SECTION] Caveats
// ui/caveats_picture.cpp at a phone's width: each word in a chip of its colour with query A's
// weight on it as a bar and a number; the values on a number line with the output's marker; and
// the scatter of each word's weight against how far removing it alone moves the output, empty
// until the learner has removed words, asking for a guess first.

constexpr int kCaveatsWordSeries[lesson::kCaveatsPositions] = {0, 1, 4, 3};  // not green, the output's

std::string CaveatsInk(int position) {
  return Series(kCaveatsWordSeries[std::clamp(position, 0, lesson::kCaveatsPositions - 1)]);
}


double DrawCaveatsWords(const lesson::CaveatsPass& full, Still& still, double top) {
  SvgWriter& svg = still.svg;
  const double row_height = 40.0;
  const double row_gap = 6.0;
  const double heading = 17.0 + 6.0;
  const double x0 = kLeft;
  const double x1 = kLeft + kContent;
  const std::string mark = "\xC3\x97";
  double word_width = 0.0;
  for (int j = 0; j < lesson::kCaveatsPositions; ++j) {
    word_width = std::max(word_width, TextWidth(lesson::T("caveats.word" + std::to_string(j + 1)), kBody, true));
  }
  const double chip_pad = 10.0;
  const double chip_width = chip_pad + word_width + 8.0 + TextWidth(mark, kBody) + chip_pad;
  const double number_width = TextWidth("0.00", kBody) + 4.0;
  const double bar_left = x0 + chip_width + 12.0;
  const double bar_right = std::max(bar_left + 24.0, x1 - number_width - 8.0);
  svg.Text(bar_left, BaselineFromTop(top, kSmall), Word(still, "caveats.col_weight"), TextOf("muted", kSmall).c_str());
  for (int j = 0; j < lesson::kCaveatsPositions; ++j) {
    const size_t at = static_cast<size_t>(j);
    const std::string ink = CaveatsInk(j);
    const double row = top + heading + j * (row_height + row_gap);
    const double middle = row + row_height * 0.5;
    const Box chip{x0 + 2.0, row + 4.0, chip_width - 2.0, row_height - 8.0};
    svg.Rect(chip, (InkClass(ink) + " still-tint").c_str(), 6.0);
    svg.Rect(chip, StrokeOf(ink).c_str(), 6.0, 1.5);
    svg.Text(chip.x + chip_pad, BaselineFromCentre(middle, kBody), Word(still, "caveats.word" + std::to_string(j + 1)),
             TextOf(ink, kBody, true).c_str());
    svg.Text(chip.x + chip.w - chip_pad, BaselineFromCentre(middle, kBody), mark, TextOf("muted", kBody).c_str(),
             Anchor::End);
    const double weight = full.a.weights[at];
    const Box track{bar_left, row + row_height * 0.25, bar_right - bar_left, row_height * 0.5};
    svg.Rect(track, FillOf("frame").c_str(), 3.0);
    if (track.w * Clamp01(weight) > 0.5) {
      svg.Rect({track.x, track.y, track.w * Clamp01(weight), track.h}, FillOf(ink).c_str(), 3.0);
    }
    svg.Text(bar_right + 8.0, BaselineFromCentre(middle, kBody), Shown(still, weight, "a Caveats weight"),
             TextOf("text", kBody).c_str());
  }
  return top + heading + lesson::kCaveatsPositions * (row_height + row_gap) - row_gap;
}

// The values on a line, the labels in the first row under it where they touch no other label, the
// output's marker and label above (LayOutLine, DrawNumberLine).
double DrawCaveatsLine(const lesson::CaveatsScene& scene, const lesson::CaveatsPass& full, Still& still, double top) {
  SvgWriter& svg = still.svg;
  const double width = kContent;
  const double line = 17.0;
  const double margin = 28.0;
  double lo = 0.0;
  double hi = 0.0;
  for (const double value : scene.values) {
    if (!std::isfinite(value)) continue;
    lo = std::min(lo, value);
    hi = std::max(hi, value);
  }
  if (!(hi - lo >= 1.0)) hi = lo + 1.0;
  const auto to_x = [&](double v) { return kLeft + margin + (v - lo) / (hi - lo) * (width - 2.0 * margin); };

  struct Label {
    std::string word, number;
    double left = 0.0, width = 0.0;
    int row = 0;
  };
  std::vector<Label> labels(lesson::kCaveatsPositions);
  std::vector<int> order;
  for (int j = 0; j < lesson::kCaveatsPositions; ++j) order.push_back(j);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return scene.values[static_cast<size_t>(a)] < scene.values[static_cast<size_t>(b)];
  });
  std::vector<double> row_end;
  for (const int j : order) {
    Label& label = labels[static_cast<size_t>(j)];
    const double value = scene.values[static_cast<size_t>(j)];
    label.word = Word(still, "caveats.word" + std::to_string(j + 1));
    label.number = Signed(still, value, "a Caveats value");
    label.width = TextWidth(label.word + " " + label.number, kBody);
    label.left = std::clamp(to_x(value) - label.width * 0.5, kLeft, std::max(kLeft, kLeft + width - label.width));
    label.row = -1;
    for (size_t r = 0; r < row_end.size(); ++r) {
      if (label.left >= row_end[r] + 10.0) {
        label.row = static_cast<int>(r);
        break;
      }
    }
    if (label.row < 0) {
      label.row = static_cast<int>(row_end.size());
      row_end.push_back(-1e9);
    }
    row_end[static_cast<size_t>(label.row)] = label.left + label.width;
  }
  const int label_rows = std::max<int>(1, static_cast<int>(row_end.size()));
  const double marker_top = top + 2.0 + (line + 2.0) + 2.0;
  const double axis_y = marker_top + 16.0;
  const auto label_top = [&](int row) { return axis_y + 6.0 + 6.0 + row * (line + 2.0); };

  // The output's label and marker, as the scene opens (every word in).
  const double output = full.a.combination.output;
  if (full.a.combination.empty) still.problems.push_back("query A of the Caveats scene has no output");
  const std::string word = Word(still, "caveats.output");
  const std::string number = Signed(still, output, "query A's output");
  const double output_width = TextWidth(word + " " + number, kBody, true);
  const double ox = to_x(output);
  Write(still, std::clamp(ox - output_width * 0.5, kLeft, kLeft + width - output_width),
        BaselineFromTop(top + 2.0, kBody), {{word + " ", nullptr}, {number, kNumberRun}},
        TextOf("output", kBody, true));

  svg.Line(kLeft + margin * 0.5, axis_y, kLeft + width - margin * 0.5, axis_y, StrokeOf("axis", "still-flat").c_str(),
           2.0);
  for (int j = 0; j < lesson::kCaveatsPositions; ++j) {
    const Label& label = labels[static_cast<size_t>(j)];
    const std::string ink = CaveatsInk(j);
    const double value = scene.values[static_cast<size_t>(j)];
    const double label_y = label_top(label.row);
    Write(still, label.left, BaselineFromTop(label_y, kBody), {{label.word + " ", nullptr}, {label.number, kNumberRun}},
          TextOf(ink, kBody));
    const double x = to_x(value);
    if (label.row > 0) {
      svg.Line(x, axis_y + 7.0, x, label_y - 1.0, StrokeOf(ink, "still-faint still-flat").c_str(), 1.0);
    }
    svg.Circle(x, axis_y, 6.0, FillOf(ink).c_str());
  }
  svg.Polygon({ox - 8.0, marker_top, ox + 8.0, marker_top, ox, axis_y - 1.0}, FillOf("output").c_str());
  svg.Line(ox, axis_y - 1.0, ox, axis_y + 9.0, StrokeOf("output", "still-flat").c_str(), 3.0);
  return label_top(label_rows) + 2.0;
}

// The scatter's card: its axes, round numbers a little past the largest weight and the largest
// move, and, before anything is measured, the box that asks for a guess (DrawScatter).
double DrawCaveatsScatter(const lesson::CaveatsAblation& rows, Still& still, double top) {
  SvgWriter& svg = still.svg;
  const double height = std::clamp(kContent * 0.78, 250.0, 320.0);
  const Box card{kLeft, top, kContent, height};
  const double line = 17.0;
  const double font = 14.0;
  svg.Rect(card, FillOf("panel", "still-card").c_str(), 8.0);
  const lesson::ScatterAxes axes = lesson::CaveatsScatterAxes(rows);
  const double x_step = axes.x_step, x_max = axes.x_max, y_step = axes.y_step, y_max = axes.y_max;
  double tick_width = 0.0;
  for (int k = 0; k * y_step <= y_max + 1e-9; ++k)
    tick_width = std::max(tick_width, TextWidth(lesson::Num(k * y_step), font));
  const double pad = 12.0;
  const std::vector<std::string> title = tools::WrapText(Word(still, "caveats.change_label"), card.w - 2.0 * pad, font);
  const double title_height = static_cast<double>(title.size()) * line;
  const Box plot{card.x + pad + tick_width + 8.0, card.y + pad + title_height + 12.0, 0.0, 0.0};
  const double plot_right = card.x + card.w - pad - 8.0;
  const double plot_bottom = card.y + card.h - pad - 2.0 * line - 8.0;
  const auto to_x = [&](double w) { return plot.x + w / x_max * (plot_right - plot.x); };
  const auto to_y = [&](double c) { return plot_bottom - c / y_max * (plot_bottom - plot.y); };
  const std::string muted = TextOf("muted", font);
  svg.Paragraph(card.x + pad, BaselineFromTop(card.y + pad, font), title, line, muted.c_str());
  for (int k = 0; k * y_step <= y_max + 1e-9; ++k) {
    const double y = to_y(k * y_step);
    if (k > 0) svg.Line(plot.x, y, plot_right, y, StrokeOf("axis", "still-faint still-flat").c_str(), 1.0);
    svg.Text(plot.x - 8.0, BaselineFromCentre(y, font), Shown(still, k * y_step, "a scatter tick"), muted.c_str(),
             Anchor::End);
  }
  for (int k = 0; k * x_step <= x_max + 1e-9; ++k) {
    const double x = to_x(k * x_step);
    svg.Line(x, plot_bottom, x, plot_bottom + 4.0, StrokeOf("axis", "still-flat").c_str(), 1.0);
    const std::string text = Shown(still, k * x_step, "a scatter tick");
    const double w = TextWidth(text, font);
    svg.Text(std::min(x - w * 0.5, card.x + card.w - pad - w) + w * 0.5, BaselineFromTop(plot_bottom + 5.0, font), text,
             muted.c_str(), Anchor::Middle);
  }
  svg.Text(plot_right, BaselineFromTop(plot_bottom + 6.0 + line, font), Word(still, "caveats.weight_label"),
           muted.c_str(), Anchor::End);
  svg.Line(plot.x, plot.y - 4.0, plot.x, plot_bottom, StrokeOf("axis", "still-flat").c_str(), 1.5);
  svg.Line(plot.x, plot_bottom, plot_right + 4.0, plot_bottom, StrokeOf("axis", "still-flat").c_str(), 1.5);

  // Nothing is measured as the scene opens: the plot asks for a guess first.
  const std::vector<std::string> lines =
      tools::WrapText(Word(still, "caveats.guess"), std::max(60.0, plot_right - plot.x - 40.0), font);
  double text_width = 0.0;
  for (const std::string& l : lines) text_width = std::max(text_width, TextWidth(l, font));
  text_width = std::min(text_width, plot_right - plot.x - 8.0);
  const double text_height = static_cast<double>(lines.size()) * line;
  const double cx = (plot.x + plot_right) * 0.5;
  const double cy = (plot.y + plot_bottom) * 0.5;
  const Box box{cx - text_width * 0.5 - 12.0, cy - text_height * 0.5 - 10.0, text_width + 24.0, text_height + 20.0};
  svg.Rect(box, FillOf("paper").c_str(), 8.0);
  svg.Rect(box, StrokeOf("axis", "still-half").c_str(), 8.0, 1.0);
  // One <text> of centred lines, so the sentence reads as one.
  svg.Paragraph(cx, BaselineFromTop(box.y + 10.0, font), lines, line, (muted + " still-mid").c_str());
  return card.y + card.h;
}

double DrawCaveatsPicture(const lesson::LessonState& state, Still& still, double top) {
  const lesson::CaveatsScene& scene = state.caveats;
  const lesson::CaveatsPass full = lesson::RunCaveatsFull(scene);
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(scene);
  double y = DrawCaveatsWords(full, still, top);
  y = DrawCaveatsLine(scene, full, still, y + 14.0);
  y = DrawCaveatsScatter(rows, still, y + 12.0);
  Part(still, "caveats.ablation", {kLeft, top, kContent, y - top});
  return y;
}

double DrawCaveats(const lesson::LessonState& state, Still& still) {
  return DrawCaveatsPicture(state, still, Caption(still, Word(still, "caveats.caption")));
}
const SceneStill kCaveatsStill = {DrawCaveats, DrawCaveatsPicture, DrawCaveatsPicture};

// [SECTION] Learn
// ui/learn_panel.cpp's picture at a phone's width, in one card: the question; each sentence in its
// subject's colour (bold where it answers the question) over a bar as long as the untrained
// model's weight on it; the model's answer; under them the loss (log scale) and the held-out
// accuracy against the steps, each a dot where it ends, labelled there.

constexpr double kLossFloor = 1e-3;

// 10^power as people write it, with the locale's decimal mark: "100", "1", "0.01".
std::string PowerOfTen(int power) {
  if (power >= 0) return "1" + std::string(static_cast<size_t>(power), '0');
  return std::string("0") + lesson::DecimalMark() + std::string(static_cast<size_t>(-power - 1), '0') + "1";
}

// A weight with two decimals always ("0.25", "1.00"), as the picture lines them up.
std::string TwoDecimals(Still& still, double x) {
  std::string text = Shown(still, x, "a Learn weight");
  const size_t mark = text.find(lesson::DecimalMark());
  if (mark == std::string::npos) return text + lesson::DecimalMark() + "00";
  return text + std::string(static_cast<size_t>(std::max(0, 2 - static_cast<int>(text.size() - mark - 1))), '0');
}

std::string Percent(Still& still, double share) {
  return lesson::Fill(Word(still, "learn.percent"), {{"n", Shown(still, share * 100.0, "an accuracy", 0)}});
}

double DrawLearnWeights(const lesson::LearnScene& scene, const learn::Paragraph& paragraph, const learn::Answer& answer,
                        Still& still, const Box& box) {
  SvgWriter& svg = still.svg;
  const double bar = 14.0;
  const double gap = 10.0;
  const double line = 17.0;
  Word(still, "learn.question" + std::to_string(scene.question + 1));
  double y = Wrapped(still, box.x, box.y, lesson::LearnQuestionText(scene.question), box.w, kBody, line,
                     TextOf("text", kBody, true));
  y += gap;
  const double number_width = TextWidth("0.00", kBody, true) + 8.0;
  const double track_width = std::max(40.0, box.w - number_width);
  for (int j = 0; j < learn::kSentences; ++j) {
    const learn::Sentence& sentence = paragraph.sentences[static_cast<size_t>(j)];
    const std::string ink = Series(sentence.subject);
    Word(still, "learn.sentence" + std::to_string(sentence.subject + 1));
    y = Wrapped(still, box.x, y, lesson::LearnSentenceText(sentence), box.w, kText, line,
                TextOf(ink, kText, sentence.subject == scene.question));
    const double bar_top = y + 5.0;
    svg.Rect({box.x, bar_top, track_width, bar}, FillOf("axis", "still-faint").c_str(), 3.0);
    const double weight = answer.weights[static_cast<size_t>(j)];
    if (track_width * Clamp01(weight) > 0.5) {
      svg.Rect({box.x, bar_top, track_width * Clamp01(weight), bar}, FillOf(ink).c_str(), 3.0);
    }
    svg.Text(box.x + track_width + 8.0, BaselineFromCentre(bar_top + bar * 0.5, kBody), TwoDecimals(still, weight),
             TextOf("text", kBody, true).c_str());
    y = bar_top + bar + gap;
  }
  Word(still, "learn.answer");
  Shown(still, answer.output, "the Learn answer");
  const double bottom =
      Wrapped(still, box.x, y, lesson::LearnAnswerText(answer.output, learn::AnswerOf(paragraph, scene.question)),
              box.w, kText, line, TextOf("output", kText, true));
  Part(still, "learn.weights", {box.x, box.y, box.w, bottom - box.y});
  return bottom;
}

void DrawLearnCurves(const learn::Training& training, Still& still, const Box& box) {
  SvgWriter& svg = still.svg;
  const double line = 17.0;
  const double font = 14.0;
  const double top = std::log10(std::max(training.loss.empty() ? 1.0 : training.loss.front(), kLossFloor * 10.0));
  const double bottom = std::log10(kLossFloor);
  const int top_power = static_cast<int>(std::floor(top));
  const int bottom_power = static_cast<int>(std::lround(bottom));
  const std::string percent_top = Percent(still, 1.0);
  const std::string percent_bottom = Percent(still, 0.0);
  const double left_room =
      std::max(TextWidth(PowerOfTen(top_power), font), TextWidth(PowerOfTen(bottom_power), font)) + 10.0;
  const double right_room = TextWidth(percent_top, font) + 10.0;
  const double lo_x = box.x + left_room;
  const double lo_y = box.y + box.h - line - 6.0;
  const double hi_x = box.x + box.w - right_room;
  const double hi_y = box.y + line * 0.5;
  svg.Line(lo_x, lo_y, hi_x, lo_y, StrokeOf("axis", "still-flat").c_str(), 1.5);
  svg.Line(lo_x, lo_y, lo_x, hi_y, StrokeOf("text", "still-half still-flat").c_str(), 1.0);
  svg.Line(hi_x, lo_y, hi_x, hi_y, StrokeOf("violet", "still-half still-flat").c_str(), 1.0);

  const int span = std::max(lesson::kLearnRunSteps, training.steps);
  const auto x_at = [&](size_t step) { return lo_x + (hi_x - lo_x) * static_cast<double>(step) / span; };
  const auto y_at = [&](double unit) { return lo_y + (hi_y - lo_y) * Clamp01(unit); };
  const auto loss_unit = [&](double loss) {
    return (std::log10(std::max(loss, kLossFloor)) - bottom) / (top - bottom);
  };
  const std::string muted = TextOf("muted", font);
  const int decades = top_power - bottom_power;
  const int every = (lo_y - hi_y) / std::max(decades, 1) < line * 1.1 ? 2 : 1;
  for (int power = top_power; power >= bottom_power; power -= every) {
    const double y = y_at((power - bottom) / (top - bottom));
    svg.Line(lo_x - 4.0, y, lo_x, y, StrokeOf("text", "still-flat").c_str(), 1.0);
    svg.Line(lo_x, y, hi_x, y, StrokeOf("axis", "still-faint still-flat").c_str(), 0.6);
    svg.Text(lo_x - 7.0, BaselineFromCentre(y, font), PowerOfTen(power), muted.c_str(), Anchor::End);
  }
  svg.Text(hi_x + 9.0, BaselineFromCentre(hi_y, font), percent_top, muted.c_str());
  svg.Text(hi_x + 9.0, BaselineFromCentre(lo_y, font), percent_bottom, muted.c_str());
  svg.Text(lo_x, BaselineFromTop(lo_y + 4.0, font), "0", muted.c_str());
  svg.Text(hi_x, BaselineFromTop(lo_y + 4.0, font),
           lesson::Fill(Word(still, "learn.steps_axis"), {{"steps", std::to_string(span)}}), muted.c_str(),
           Anchor::End);

  // The curves so far (as the scene opens, their first points), a dot where each ends, and its
  // label beside it on the side away from the plot's nearer edge, apart from the other's.
  struct Mark {
    double x, y;
    std::vector<Run> runs;
    std::string ink;
    Box box;
  };
  const auto curve = [&](const std::vector<double>& values, auto to_unit, const std::string& ink) {
    std::vector<double> points;
    for (size_t step = 0; step < values.size(); ++step) {
      points.push_back(x_at(step));
      points.push_back(y_at(to_unit(values[step])));
    }
    if (points.size() >= 4) svg.Polyline(points, StrokeOf(ink).c_str(), 2.5);
    const double x = points.empty() ? lo_x : points[points.size() - 2];
    const double y = points.empty() ? lo_y : points.back();
    svg.Circle(x, y, 4.5, FillOf(ink).c_str());
    return std::make_pair(x, y);
  };
  if (training.loss.empty() || training.accuracy.empty()) {
    still.problems.push_back("the Learn scene has no loss or accuracy");
    return;
  }
  const auto loss_end = curve(training.loss, loss_unit, "text");
  const auto accuracy_end = curve(
      training.accuracy, [](double s) { return s; }, "violet");
  const std::string loss_text = lesson::LearnLossText(training.loss.back());
  Shown(still, training.loss.back(), "the Learn loss");
  const std::string loss_mark = Word(still, "learn.loss_mark");
  const size_t loss_at = loss_mark.find("{loss}");
  const std::vector<Run> loss_runs = loss_at == std::string::npos
                                         ? std::vector<Run>{{lesson::Fill(loss_mark, {{"loss", loss_text}}), nullptr}}
                                         : std::vector<Run>{{loss_mark.substr(0, loss_at), nullptr},
                                                            {loss_text, kNumberRun},
                                                            {loss_mark.substr(loss_at + 6), nullptr}};
  Mark marks[2] = {
      {loss_end.first, loss_end.second, loss_runs, "text", {}},
      {accuracy_end.first,
       accuracy_end.second,
       {{lesson::Fill(Word(still, "learn.accuracy_mark"), {{"percent", Percent(still, training.accuracy.back())}}),
         nullptr}},
       "violet",
       {}}};
  const double middle = (lo_y + hi_y) * 0.5;
  for (Mark& mark : marks) {
    std::string text;
    for (const Run& run : mark.runs) text += run.text;
    const double w = TextWidth(text, kBody, true);
    const double x = mark.x + 10.0 + w <= box.x + box.w ? mark.x + 10.0 : mark.x - 10.0 - w;
    const double y = mark.y < middle ? mark.y + 6.0 : mark.y - 6.0 - line;
    mark.box = {std::clamp(x, box.x, box.x + box.w - w), std::clamp(y, box.y, lo_y - line - 2.0), w, line};
  }
  if (marks[0].box.Overlaps(marks[1].box)) {
    Mark& upper = marks[0].box.y <= marks[1].box.y ? marks[0] : marks[1];
    Mark& lower = &upper == &marks[0] ? marks[1] : marks[0];
    const double need = upper.box.y + upper.box.h + 2.0 - lower.box.y;
    lower.box.y += need * 0.5;
    upper.box.y -= need * 0.5;
  }
  for (Mark& mark : marks) {
    svg.Rect({mark.box.x - 3.0, mark.box.y, mark.box.w + 6.0, mark.box.h}, FillOf("panel", "still-card").c_str(), 3.0);
    Write(still, mark.box.x, BaselineFromTop(mark.box.y, kBody), mark.runs, TextOf(mark.ink, kBody, true));
  }
  Part(still, "learn.curves", box);
}

double DrawLearnPicture(const lesson::LessonState& state, Still& still, double top) {
  const lesson::LearnScene& scene = state.learn;
  const learn::Training& training = lesson::LearnTrainingOf(scene);
  const learn::Paragraph paragraph = lesson::LearnParagraphOf(scene);
  const learn::Answer answer = learn::Ask(training.model, paragraph, scene.question);
  const double pad = 14.0;
  const double gap = 18.0;
  const double inner = kContent - 2.0 * pad;
  // The card lies under the sentences, and its height is known once they are laid out: they are
  // drawn aside first and put after it.
  SvgWriter words;
  std::swap(words, still.svg);
  const double weights_bottom = DrawLearnWeights(scene, paragraph, answer, still, {kLeft + pad, top + pad, inner, 0.0});
  const double curves_height = std::clamp(inner * 0.5, 150.0, 200.0);
  const Box curves{kLeft + pad, weights_bottom + gap, inner, curves_height};
  std::swap(words, still.svg);
  const double bottom = curves.y + curves.h + pad;
  still.svg.Rect({kLeft, top, kContent, bottom - top}, FillOf("panel", "still-card").c_str(), 8.0);
  still.svg.Append(words);
  DrawLearnCurves(training, still, curves);
  return bottom;
}

double DrawLearn(const lesson::LessonState& state, Still& still) {
  return DrawLearnPicture(state, still, Caption(still, Word(still, "learn.caption")));
}
const SceneStill kLearnStill = {DrawLearn, DrawLearnPicture, DrawLearnPicture};

// [SECTION] Heads
// ui/heads_panel.cpp's picture at a phone's width, as the scene opens (the model untrained): the
// held-out sequence's tokens in two rows, the repeated run's copies tinted (the second outlined);
// the four heads two by two, each its name, its pattern as a heatmap (cells of one shade that
// touch in a row drawn as one), the copies marked on its edges and what it looks at; the curves'
// axes with the first point of each and its label.

double DrawHeadsPicture(const lesson::LessonState& state, Still& still, double top) {
  const lesson::HeadsRun& run = lesson::HeadsRunAt(state.heads);
  const lesson::HeadsPoint& now = lesson::HeadsNow(run);
  const heads::Sequence& sample = run.sample;
  const lesson::HeadsTest& test = lesson::HeadsTestOf(state.heads);
  const double pad = 14.0;
  const double gap = 18.0;
  const double inner = kContent - 2.0 * pad;
  const double x0 = kLeft + pad;
  const int length = static_cast<int>(sample.tokens.size());
  const int per_row = (length + 1) / 2;
  const double cell = std::floor(inner / per_row);
  const std::string bold_text = TextOf("text", kText, true);
  SvgWriter parts;
  std::swap(parts, still.svg);
  // The sequence.
  double y = Wrapped(still, x0, top + pad, Word(still, "heads.sequence"), inner, kText, 18.0, bold_text) + 6.0;
  for (int t = 0; t < length; ++t) {
    const double x = x0 + (t % per_row) * cell;
    const double cy = y + (t / per_row) * (cell + 4.0);
    const bool first = t >= sample.first && t < sample.first + sample.run;
    const bool second = t >= sample.second && t < sample.second + sample.run;
    const Box box{x, cy, cell - 2.0, cell};
    still.svg.Rect(box, (first || second ? InkClass("violet") + " still-tint" : FillOf("frame")).c_str(), 3.0);
    if (second) still.svg.Rect(box, StrokeOf("violet").c_str(), 3.0, 1.5);
    still.svg.Text(x + (cell - 2.0) * 0.5, BaselineFromCentre(cy + cell * 0.5, kText),
                   std::to_string(sample.tokens[static_cast<size_t>(t)]), TextOf("text", kText).c_str(), Anchor::Middle);
  }
  y += 2.0 * (cell + 4.0) + gap;
  // The heads.
  const double side = std::floor((inner - gap) * 0.5);
  const double unit = side / length;
  double role_height = kText;
  for (const char* key : {"heads.role_previous", "heads.role_duplicate", "heads.role_induction", "heads.role_none"})
    role_height = std::max(role_height, 18.0 * static_cast<double>(tools::WrapText(Word(still, key), side, kText).size()));
  const double block = 18.0 + 8.0 + side + 4.0 + role_height + 4.0 + 40.0;
  for (int head = 0; head < lesson::kHeadsCount; ++head) {
    const double bx = x0 + (head % lesson::kHeadsPerLayer) * (side + gap);
    const double by = y + (head / lesson::kHeadsPerLayer) * (block + gap);
    still.svg.Text(bx, BaselineFromTop(by, kText), lesson::HeadName(head), bold_text.c_str());
    const double gy = by + 26.0;
    const std::vector<double>& pattern = test.sample.pattern[head / lesson::kHeadsPerLayer][head % lesson::kHeadsPerLayer];
    still.svg.Rect({bx, gy, side, side}, FillOf("frame").c_str());
    for (int row = 0; row < length; ++row) {
      int from = 0;
      while (from <= row) {
        const int shade = static_cast<int>(std::lround(Clamp01(pattern[static_cast<size_t>(row * length + from)]) * 100.0));
        int to = from + 1;
        while (to <= row &&
               std::lround(Clamp01(pattern[static_cast<size_t>(row * length + to)]) * 100.0) == shade)
          ++to;
        still.svg.Rect({bx + from * unit, gy + row * unit, (to - from) * unit, unit}, Shade(still, shade / 100.0).c_str());
        from = to;
      }
    }
    still.svg.Rect({bx - 5.0, gy + sample.second * unit, 3.0, sample.run * unit}, FillOf("violet").c_str());
    still.svg.Rect({bx + sample.first * unit, gy - 5.0, sample.run * unit, 3.0}, FillOf("violet").c_str());
    const double role_top = gy + side + 4.0;
    Wrapped(still, bx, role_top, Word(still, lesson::HeadsRoleOf(now, head)), side, kText, 18.0, TextOf("muted", kText));
    const double base = role_top + role_height + 4.0 + 36.0;
    still.svg.Line(bx, base, bx + side, base, StrokeOf("axis", "still-faint still-flat").c_str(), 1.0);
  }
  Part(still, "heads.patterns", {x0, y, inner, 2.0 * block + gap});
  y += 2.0 * block + gap + gap;
  // The curves: their axes and the first point of each, labelled.
  const double curves_height = std::clamp(inner * 0.6, 170.0, 240.0);
  const Box box{x0, y, inner, curves_height};
  const std::string muted = TextOf("muted", kText);
  const double top_loss = std::max(run.history.front().loss, 0.1);
  const std::string loss_top = Shown(still, top_loss, "the Heads loss", 1);
  const std::string percent_top = lesson::HeadsPercent(1.0);
  const double lo_x = box.x + std::max(TextWidth(loss_top, kText), TextWidth("0", kText)) + 10.0;
  const double lo_y = box.y + box.h - kText - 6.0;
  const double hi_x = box.x + box.w - TextWidth(percent_top, kText) - 10.0;
  const double hi_y = box.y + kText * 1.6;
  std::swap(parts, still.svg);
  const double bottom = box.y + box.h + pad;
  still.svg.Rect({kLeft, top, kContent, bottom - top}, FillOf("panel", "still-card").c_str(), 8.0);
  still.svg.Append(parts);
  SvgWriter& out = still.svg;
  out.Line(lo_x, lo_y, hi_x, lo_y, StrokeOf("axis", "still-flat").c_str(), 1.5);
  out.Line(lo_x, lo_y, lo_x, hi_y, StrokeOf("text", "still-faint still-flat").c_str(), 1.0);
  out.Line(hi_x, lo_y, hi_x, hi_y, StrokeOf("violet", "still-faint still-flat").c_str(), 1.0);
  out.Text(lo_x - 7.0, BaselineFromCentre(hi_y, kText), loss_top, muted.c_str(), Anchor::End);
  out.Text(lo_x - 7.0, BaselineFromCentre(lo_y, kText), "0", muted.c_str(), Anchor::End);
  out.Text(hi_x + 9.0, BaselineFromCentre(hi_y, kText), percent_top, muted.c_str());
  out.Text(lo_x, BaselineFromTop(lo_y + 4.0, kText), "0", muted.c_str());
  out.Text(hi_x, BaselineFromTop(lo_y + 4.0, kText),
           lesson::Fill(Word(still, "heads.steps_axis"), {{"steps", std::to_string(lesson::kHeadsRunSteps)}}),
           muted.c_str(), Anchor::End);
  const auto y_at = [&](double unit_value) { return lo_y + (hi_y - lo_y) * Clamp01(unit_value); };
  struct Mark {
    double y;
    std::string text;
    const char* ink;
  };
  std::vector<Mark> marks = {
      {y_at(now.repeated), lesson::Fill(Word(still, "heads.copy_mark"), {{"percent", lesson::HeadsPercent(now.repeated)}}), "violet"},
      {y_at(now.loss / top_loss), lesson::Fill(Word(still, "heads.loss_mark"), {{"loss", Shown(still, now.loss, "the Heads loss")}}), "text"},
      {y_at(now.other), lesson::Fill(Word(still, "heads.other_mark"), {{"percent", lesson::HeadsPercent(now.other)}}), "muted"}};
  for (const Mark& mark : marks) out.Circle(lo_x, mark.y, 4.5, FillOf(mark.ink).c_str());
  // Labels beside the points, in the order of their heights, pushed apart.
  std::vector<double> label_top;
  for (const Mark& mark : marks) label_top.push_back(std::clamp(mark.y - kBody * 0.5, hi_y - kText * 0.5, lo_y - kBody - 2.0));
  std::vector<size_t> order = {0, 1, 2};
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return label_top[a] < label_top[b]; });
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 1; i < order.size(); ++i) {
      const double overlap = label_top[order[i - 1]] + kBody + 2.0 - label_top[order[i]];
      if (overlap > 0.0) label_top[order[i]] += overlap;
    }
    const double below = label_top[order.back()] + kBody - (lo_y - 2.0);
    if (below > 0.0) {
      for (double& t : label_top) t -= below;
    }
  }
  for (size_t i = 0; i < marks.size(); ++i) {
    out.Text(lo_x + 10.0, BaselineFromTop(label_top[i], kBody), marks[i].text, TextOf(marks[i].ink, kBody, true).c_str());
  }
  Part(still, "heads.curves", box);
  return bottom;
}

double DrawHeads(const lesson::LessonState& state, Still& still) {
  return DrawHeadsPicture(state, still, Caption(still, Word(still, "heads.caption")));
}
const SceneStill kHeadsStill = {DrawHeads, DrawHeadsPicture, DrawHeadsPicture};

// [SECTION] Walkthrough
// The step's caption in bold ("Step 1 of 8: ..."), then its scene's picture with the part the step
// points at outlined (ui/walkthrough_panel.cpp); the player under it is left out, as every still
// leaves out what its panel draws after the picture.

double DrawPictureOf(lesson::Scene scene, const lesson::LessonState& state, Still& still, double top,
                     bool for_question = false) {
  const SceneStill& of = StillOf(scene);
  if (const auto picture = for_question ? of.question : of.picture) return picture(state, still, top);
  still.problems.push_back(std::string("no picture is drawn for the ") + lesson::ModuleOf(scene).name + " scene");
  return top;
}

double DrawWalkthrough(const lesson::LessonState& state, Still& still) {
  const int step = lesson::ClampWalkthroughStep(state.walkthrough.step);
  const std::string caption = lesson::Fill(Word(still, "walkthrough.step_caption"),
                                           {{"step", std::to_string(step + 1)},
                                            {"count", std::to_string(lesson::WalkthroughStepCount())},
                                            {"title", Word(still, lesson::WalkthroughStepKey(step, "title"))}});
  const double top = Caption(still, caption, true);
  still.highlight = lesson::WalkthroughStepHighlight(step);
  return DrawPictureOf(lesson::WalkthroughStepScene(step), state, still, top);
}
const SceneStill kWalkthroughStill = {DrawWalkthrough, nullptr, nullptr};

// [SECTION] Quick check
// The caption, the first question's picture, then the question and its three choices, none picked
// (ui/quiz_panel.cpp); the typed answer and the check under them are left out.

double DrawQuiz(const lesson::LessonState& state, Still& still) {
  SvgWriter& svg = still.svg;
  double y =
      DrawPictureOf(lesson::QuizQuestionScene(0), state, still, Caption(still, Word(still, "quiz.intro")), true);
  y += kSpacing + kSpacing;
  y = Wrapped(still, kLeft, y, Word(still, "quiz.question") + " 1", kContent, kBody, 17.0, TextOf("muted", kBody));
  y = Wrapped(still, kLeft, y + 4.0, Word(still, "quiz.q1.text"), kContent, kBody, 19.0, TextOf("text", kBody, true));
  const double radius = 8.0;
  const double pad = 6.0;
  const double letter_x = kLeft + pad + radius * 2.0 + 10.0;
  const double text_x = letter_x + TextWidth("M.", kBody) + 4.0;
  for (int choice = 0; choice < lesson::kQuizChoiceCount; ++choice) {
    y += kSpacing;
    const double text_top = y + pad;
    svg.Circle(kLeft + pad + radius, text_top + 9.0, radius, "still-choice");
    const char letter[] = {static_cast<char>('A' + choice), '.', '\0'};
    svg.Text(letter_x, BaselineFromTop(text_top + 1.0, kBody), letter, TextOf("text", kBody).c_str());
    const double bottom =
        Wrapped(still, text_x, text_top - 1.0, Word(still, "quiz.q1.choice" + std::to_string(choice + 1)),
                kLeft + kContent - pad - text_x, kBody, 19.0, TextOf("text", kBody));
    y = std::max(bottom, text_top + 2.0 * radius) + pad;
  }
  return y;
}
const SceneStill kQuizStill = {DrawQuiz, nullptr, nullptr};

// [SECTION] Every scene, as JSON

const SceneStill& StillOf(lesson::Scene scene) {
#define ATTN_SCENE_ENTRY(Id) &k##Id##Still,
  static const SceneStill* const stills[] = {ATTN_SCENES(ATTN_SCENE_ENTRY)};
#undef ATTN_SCENE_ENTRY
  const auto at = static_cast<size_t>(scene);
  return *stills[at < sizeof(stills) / sizeof(stills[0]) ? at : 0];
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
  // A malformed file is not drawn from at all.
  if (const int failed = tools::LoadLessonFiles(argv[1], argc == 4 ? argv[2] : nullptr, lesson::LessonText())) return failed;

  lesson::JsonWriter json;  // {"compare": "<svg ...>", ..., "stylesheet": "..."}
  json.BeginObject();
  std::string stylesheet;  // every still's colours and shapes, for stills.css
  bool failed = false;
  for (const lesson::SceneModule* module : lesson::Scenes()) {
    lesson::LessonState state;  // fresh: every scene as it opens
    state.scene = module->id;
    Still still;
    const double height = StillOf(module->id).draw(state, still) + kMargin;
    // The stills' colours go in one style sheet beside them (the page links it: an inline <style>
    // would break a Content-Security-Policy without 'unsafe-inline').
    stylesheet += StyleSheet(still.svg, still.shades);
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
    json.Key(module->name).String(svg);
  }
  json.Key("stylesheet").String(stylesheet).EndObject();
  if (failed) return 1;

  std::ofstream out(output, std::ios::binary);
  out << json.text() << "\n";
  out.close();
  if (!out) {
    std::fprintf(stderr, "error: cannot write %s\n", output);
    return 2;
  }
  return 0;
}
