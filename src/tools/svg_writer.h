#pragma once
// A small writer of inline SVG for the lesson page's stills (attention_stills): shapes and text
// with CSS classes only (web/lesson.css and the still's own <style> give them their colours, light
// and dark), text escaped for XML, and every coordinate checked: a non-finite one is recorded as
// an error instead of reaching the page as "nan".

#include <string>
#include <vector>

namespace tools {

enum class Anchor { Start, Middle, End };

// A piece of a line of text, in a class of its own or (null) in the line's.
struct Run {
  std::string text;
  const char* css_class = nullptr;
};

// A rectangle in the drawing's units: left, top, width, height.
struct Box {
  double x = 0.0;
  double y = 0.0;
  double w = 0.0;
  double h = 0.0;
  bool Overlaps(const Box& other) const;
};

// Estimated width of `text` at `font_size`, regular or bold: the page's font is the reader's system
// font, so this is generous (DejaVu Sans's widths, the widest of the usual ones) rather than exact.
double TextWidth(const std::string& text, double font_size, bool bold = false);
// `text` broken at spaces into lines no wider than `width` by TextWidth; a word longer than a
// line stays whole on a line of its own.
std::vector<std::string> WrapText(const std::string& text, double width, double font_size, bool bold = false);

class SvgWriter {
 public:
  // A stroke_width above 0 is written as the shape's stroke-width (a size, never a colour); 0
  // leaves the width to the class.
  void Rect(const Box& box, const char* css_class, double corner = 0.0, double stroke_width = 0.0);
  void Line(double x1, double y1, double x2, double y2, const char* css_class, double stroke_width = 0.0);
  void Circle(double cx, double cy, double r, const char* css_class, double stroke_width = 0.0);
  // A closed polygon through the points (x0, y0, x1, y1, ...).
  void Polygon(const std::vector<double>& points, const char* css_class);
  // An open line through the points (x0, y0, x1, y1, ...).
  void Polyline(const std::vector<double>& points, const char* css_class, double stroke_width = 0.0);
  // A cubic Bezier curve from (x0, y0) through the control points (x1, y1), (x2, y2) to (x3, y3).
  void Cubic(double x0, double y0, double x1, double y1, double x2, double y2, double x3, double y3,
             const char* css_class, double stroke_width = 0.0);
  void Text(double x, double y, const std::string& text, const char* css_class = nullptr,
            Anchor anchor = Anchor::Start);
  // Text that starts at (x, y) and rises at `degrees` above the horizontal, for column headings.
  void RisingText(double x, double y, double degrees, const std::string& text, const char* css_class = nullptr);
  // One line of text made of runs, each run with a class in a tspan of its own.
  void Runs(double x, double y, const std::vector<Run>& runs, const char* css_class = nullptr,
            Anchor anchor = Anchor::Start);
  // Lines of wrapped text from baseline y, one tspan per line; returns the baseline after the last.
  double Paragraph(double x, double y, const std::vector<std::string>& lines, double line_height,
                   const char* css_class = nullptr);

  // Whether a shape or text drawn so far is of the class `css_class`.
  bool Uses(const std::string& css_class) const;

  // What `other` drew, drawn here after what this one drew (and its problems).
  void Append(const SvgWriter& other);

  // The still's own style sheet, written as a <style> after its <desc>: rules for classes that
  // web/lesson.css does not hold. It may not hold <, > or & (it is inline in an HTML page).
  void Style(const std::string& css);

  // Problems found while drawing (a non-finite coordinate), empty when the drawing is sound.
  const std::vector<std::string>& errors() const { return errors_; }

  // The whole <svg> element: viewBox 0 0 width height, role="img", a <title> and a <desc> that
  // label it (ids id_prefix-title and id_prefix-desc), then what was drawn.
  std::string Finish(double width, double height, const std::string& id_prefix, const std::string& css_class,
                     const std::string& title, const std::string& desc);

 private:
  std::string Number(double x, const char* what);
  std::string Width(double stroke_width);
  std::string style_;
  std::string body_;
  std::vector<std::string> errors_;
};

// `text` with &, <, > and " written as XML entities.
std::string EscapeXml(const std::string& text);

}  // namespace tools
