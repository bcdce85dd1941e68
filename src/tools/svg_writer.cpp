#include "tools/svg_writer.h"

#include <cmath>

#include "attention/attention.h"
#include "lesson/text_store.h"

namespace tools {

namespace {

const char* AnchorName(Anchor anchor) {
  switch (anchor) {
    case Anchor::Middle: return "middle";
    case Anchor::End: return "end";
    case Anchor::Start: break;
  }
  return "start";
}

std::string ClassAttribute(const char* css_class) {
  return css_class && *css_class ? std::string(" class=\"") + css_class + "\"" : std::string();
}

// Advance widths of DejaVu Sans and DejaVu Sans Bold in hundredths of an em, the widest of the
// system fonts the page's text may get (Linux's usual system-ui; Roboto, San Francisco and Segoe UI
// are narrower): printable ASCII from the space on, then the other characters the lessons use.
constexpr unsigned char kRegular[95] = {
    32, 40, 46, 84, 64, 95, 78, 27, 39,  39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64,
    64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86, 75, 79,
    60, 79, 69, 63, 61, 73, 68, 99, 69,  61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63, 62, 35, 63,
    63, 28, 28, 58, 28, 97, 63, 61, 63,  63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84,
};
constexpr unsigned char kBold[95] = {
    35, 46, 52, 84, 70, 100, 87, 31,  46,  46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70,  70, 70,
    70, 70, 40, 40, 84, 84,  84, 58,  100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85,
    73, 85, 77, 72, 68, 81,  77, 110, 77,  72, 73, 46, 37, 46, 84, 50, 50, 67, 72, 59, 72, 68,  44, 72,
    71, 34, 34, 67, 34, 104, 71, 69,  72,  72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71,  84,
};
struct Wide {
  unsigned code;
  unsigned char regular, bold;
};
constexpr Wide kOthers[] = {
    {0x00D7, 84, 84},    // ×
    {0x2212, 84, 84},    // −
    {0x00E1, 61, 67},    // á
    {0x00E9, 62, 68},    // é
    {0x00ED, 28, 34},    // í
    {0x00F3, 61, 69},    // ó
    {0x00FA, 63, 71},    // ú
    {0x00F1, 63, 71},    // ñ
    {0x00D1, 75, 84},    // Ñ
    {0x00BF, 53, 58},    // ¿
    {0x00A1, 40, 46},    // ¡
    {0x00FC, 63, 71},    // ü
    {0x00C1, 68, 77},    // Á
    {0x00C9, 63, 68},    // É
    {0x00CD, 29, 37},    // Í
    {0x00D3, 79, 85},    // Ó
    {0x00DA, 73, 81},    // Ú
    {0x201C, 52, 66},    // “
    {0x201D, 52, 66},    // ”
    {0x2018, 32, 38},    // ‘
    {0x2019, 32, 38},    // ’
    {0x221A, 64, 67},    // √
    {0x2026, 100, 100},  // …
    {0x00B7, 32, 38},    // ·
    {0x2013, 50, 50},    // –
    {0x2014, 100, 100},  // —
    {0x00B0, 50, 50},    // °
};

// The code point of the UTF-8 character at `at`, which is `length` bytes long.
unsigned CodePoint(const std::string& text, size_t at, size_t length) {
  const auto byte = [&](size_t i) { return static_cast<unsigned>(static_cast<unsigned char>(text[at + i])); };
  if (length == 2) return ((byte(0) & 0x1Fu) << 6) | (byte(1) & 0x3Fu);
  if (length == 3) return ((byte(0) & 0x0Fu) << 12) | ((byte(1) & 0x3Fu) << 6) | (byte(2) & 0x3Fu);
  if (length == 4) {
    return ((byte(0) & 0x07u) << 18) | ((byte(1) & 0x3Fu) << 12) | ((byte(2) & 0x3Fu) << 6) | (byte(3) & 0x3Fu);
  }
  return byte(0);
}

// One character's advance in hundredths of an em; one the tables lack, as wide as an "n" and a bit.
int Advance(unsigned code, bool bold) {
  if (code >= 32 && code < 127) return (bold ? kBold : kRegular)[code - 32];
  for (const Wide& wide : kOthers) {
    if (wide.code == code) return bold ? wide.bold : wide.regular;
  }
  return bold ? 75 : 68;
}

}  // namespace

bool Box::Overlaps(const Box& other) const {
  return x < other.x + other.w && other.x < x + w && y < other.y + other.h && other.y < y + h;
}

double TextWidth(const std::string& text, double font_size, bool bold) {
  int hundredths = 0;
  for (size_t i = 0; i < text.size();) {
    const size_t length = lesson::Utf8CharLength(text, i);
    const size_t step = length > 0 && i + length <= text.size() ? length : 1;
    hundredths += Advance(step == length ? CodePoint(text, i, step) : 0xFFFD, bold);
    i += step;
  }
  return font_size * hundredths / 100.0;
}

std::vector<std::string> WrapText(const std::string& text, double width, double font_size, bool bold) {
  std::vector<std::string> lines;
  std::string line;
  size_t at = 0;
  while (at < text.size()) {
    const size_t space = text.find_first_of(" \n", at);
    const std::string word = text.substr(at, space == std::string::npos ? std::string::npos : space - at);
    at = space == std::string::npos ? text.size() : space + 1;
    if (word.empty()) continue;
    const std::string longer = line.empty() ? word : line + " " + word;
    if (!line.empty() && TextWidth(longer, font_size, bold) > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = longer;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::string EscapeXml(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string SvgWriter::Number(double x, const char* what) {
  if (!std::isfinite(x)) {
    errors_.push_back(std::string("a non-finite ") + what);
    return "0";
  }
  return attention::FormatNumber(x, 1);  // a tenth of a unit: finer than the page shows
}

std::string SvgWriter::Width(double stroke_width) {
  if (stroke_width == 0.0) return std::string();
  return " stroke-width=\"" + Number(std::fmax(stroke_width, 0.0), "stroke width") + "\"";
}

void SvgWriter::Rect(const Box& box, const char* css_class, double corner, double stroke_width) {
  body_ += "<rect" + ClassAttribute(css_class) + " x=\"" + Number(box.x, "x") + "\" y=\"" + Number(box.y, "y") +
           "\" width=\"" + Number(std::fmax(box.w, 0.0), "width") + "\" height=\"" +
           Number(std::fmax(box.h, 0.0), "height") + "\"";
  if (corner > 0.0) body_ += " rx=\"" + Number(corner, "corner") + "\"";
  body_ += Width(stroke_width) + "/>";
}

void SvgWriter::Line(double x1, double y1, double x2, double y2, const char* css_class, double stroke_width) {
  body_ += "<line" + ClassAttribute(css_class) + " x1=\"" + Number(x1, "x1") + "\" y1=\"" + Number(y1, "y1") +
           "\" x2=\"" + Number(x2, "x2") + "\" y2=\"" + Number(y2, "y2") + "\"" + Width(stroke_width) + "/>";
}

void SvgWriter::Circle(double cx, double cy, double r, const char* css_class, double stroke_width) {
  body_ += "<circle" + ClassAttribute(css_class) + " cx=\"" + Number(cx, "cx") + "\" cy=\"" + Number(cy, "cy") +
           "\" r=\"" + Number(r, "r") + "\"" + Width(stroke_width) + "/>";
}

void SvgWriter::Polygon(const std::vector<double>& points, const char* css_class) {
  std::string list;
  for (size_t i = 0; i < points.size(); ++i) list += (i == 0 ? "" : i % 2 ? "," : " ") + Number(points[i], "point");
  body_ += "<polygon" + ClassAttribute(css_class) + " points=\"" + list + "\"/>";
}

void SvgWriter::Polyline(const std::vector<double>& points, const char* css_class, double stroke_width) {
  std::string list;
  for (size_t i = 0; i < points.size(); ++i) list += (i == 0 ? "" : i % 2 ? "," : " ") + Number(points[i], "point");
  body_ += "<polyline" + ClassAttribute(css_class) + " points=\"" + list + "\"" + Width(stroke_width) + "/>";
}

void SvgWriter::Cubic(double x0, double y0, double x1, double y1, double x2, double y2, double x3, double y3,
                      const char* css_class, double stroke_width) {
  body_ += "<path" + ClassAttribute(css_class) + " d=\"M" + Number(x0, "x") + " " + Number(y0, "y") + " C" +
           Number(x1, "x") + " " + Number(y1, "y") + " " + Number(x2, "x") + " " + Number(y2, "y") + " " +
           Number(x3, "x") + " " + Number(y3, "y") + "\"" + Width(stroke_width) + "/>";
}

bool SvgWriter::Uses(const std::string& css_class) const {
  for (size_t at = body_.find(css_class); at != std::string::npos; at = body_.find(css_class, at + 1)) {
    const size_t end = at + css_class.size();
    const bool starts = at > 0 && (body_[at - 1] == '"' || body_[at - 1] == ' ');
    const bool ends = end < body_.size() && (body_[end] == '"' || body_[end] == ' ');
    if (starts && ends) return true;
  }
  return false;
}

void SvgWriter::Append(const SvgWriter& other) {
  body_ += other.body_;
  errors_.insert(errors_.end(), other.errors_.begin(), other.errors_.end());
}

void SvgWriter::Style(const std::string& css) {
  if (css.find_first_of("<>&") != std::string::npos) {
    errors_.push_back("a style sheet that holds <, > or &");
    return;
  }
  style_ = css;
}

void SvgWriter::Text(double x, double y, const std::string& text, const char* css_class, Anchor anchor) {
  body_ += "<text" + ClassAttribute(css_class) + " x=\"" + Number(x, "x") + "\" y=\"" + Number(y, "y") + "\"";
  if (anchor != Anchor::Start) body_ += std::string(" text-anchor=\"") + AnchorName(anchor) + "\"";
  body_ += ">" + EscapeXml(text) + "</text>";
}

void SvgWriter::RisingText(double x, double y, double degrees, const std::string& text, const char* css_class) {
  const std::string at = Number(x, "x") + " " + Number(y, "y");
  body_ += "<text" + ClassAttribute(css_class) + " x=\"" + Number(x, "x") + "\" y=\"" + Number(y, "y") +
           "\" transform=\"rotate(" + Number(-degrees, "angle") + " " + at + ")\">" + EscapeXml(text) + "</text>";
}

void SvgWriter::Runs(double x, double y, const std::vector<Run>& runs, const char* css_class, Anchor anchor) {
  body_ += "<text" + ClassAttribute(css_class) + " x=\"" + Number(x, "x") + "\" y=\"" + Number(y, "y") + "\"";
  if (anchor != Anchor::Start) body_ += std::string(" text-anchor=\"") + AnchorName(anchor) + "\"";
  body_ += ">";
  for (const Run& run : runs) {
    body_ += run.css_class ? "<tspan" + ClassAttribute(run.css_class) + ">" + EscapeXml(run.text) + "</tspan>"
                           : EscapeXml(run.text);
  }
  body_ += "</text>";
}

double SvgWriter::Paragraph(double x, double y, const std::vector<std::string>& lines, double line_height,
                            const char* css_class) {
  body_ += "<text" + ClassAttribute(css_class) + " x=\"" + Number(x, "x") + "\" y=\"" + Number(y, "y") + "\">";
  for (size_t i = 0; i < lines.size(); ++i) {
    body_ += "<tspan x=\"" + Number(x, "x") + "\"";
    if (i > 0) body_ += " dy=\"" + Number(line_height, "line height") + "\"";
    // A space between lines keeps the words apart when the text is read or copied as one.
    body_ += ">" + EscapeXml(lines[i]) + (i + 1 < lines.size() ? " " : "") + "</tspan>";
  }
  body_ += "</text>";
  return y + line_height * static_cast<double>(lines.empty() ? 0 : lines.size() - 1);
}

std::string SvgWriter::Finish(double width, double height, const std::string& id_prefix, const std::string& css_class,
                              const std::string& title, const std::string& desc) {
  const std::string size = Number(width, "width") + " " + Number(height, "height");
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" + EscapeXml(css_class) + "\" viewBox=\"0 0 " + size +
         "\" role=\"img\" aria-labelledby=\"" + id_prefix + "-title " + id_prefix + "-desc\"><title id=\"" + id_prefix +
         "-title\">" + EscapeXml(title) + "</title><desc id=\"" + id_prefix + "-desc\">" + EscapeXml(desc) + "</desc>" +
         (style_.empty() ? std::string() : "<style>" + style_ + "</style>") + body_ + "</svg>";
}

}  // namespace tools
