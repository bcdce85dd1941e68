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

size_t CharacterCount(const std::string& text) {
  size_t count = 0;
  for (size_t i = 0; i < text.size(); ++count) {
    const size_t length = lesson::Utf8CharLength(text, i);
    i += length > 0 ? length : 1;
  }
  return count;
}

}  // namespace

bool Box::Overlaps(const Box& other) const {
  return x < other.x + other.w && other.x < x + w && y < other.y + other.h && other.y < y + h;
}

double TextWidth(const std::string& text, double font_size) {
  return 0.6 * font_size * static_cast<double>(CharacterCount(text));
}

std::vector<std::string> WrapText(const std::string& text, double width, double font_size) {
  std::vector<std::string> lines;
  std::string line;
  size_t at = 0;
  while (at < text.size()) {
    const size_t space = text.find_first_of(" \n", at);
    const std::string word = text.substr(at, space == std::string::npos ? std::string::npos : space - at);
    at = space == std::string::npos ? text.size() : space + 1;
    if (word.empty()) continue;
    const std::string longer = line.empty() ? word : line + " " + word;
    if (!line.empty() && TextWidth(longer, font_size) > width) {
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
  return attention::FormatNumber(x, 2);
}

void SvgWriter::Rect(const Box& box, const char* css_class, double corner) {
  body_ += "<rect" + ClassAttribute(css_class) + " x=\"" + Number(box.x, "x") + "\" y=\"" + Number(box.y, "y") +
           "\" width=\"" + Number(std::fmax(box.w, 0.0), "width") + "\" height=\"" +
           Number(std::fmax(box.h, 0.0), "height") + "\"";
  if (corner > 0.0) body_ += " rx=\"" + Number(corner, "corner") + "\"";
  body_ += "/>";
}

void SvgWriter::Line(double x1, double y1, double x2, double y2, const char* css_class) {
  body_ += "<line" + ClassAttribute(css_class) + " x1=\"" + Number(x1, "x1") + "\" y1=\"" + Number(y1, "y1") +
           "\" x2=\"" + Number(x2, "x2") + "\" y2=\"" + Number(y2, "y2") + "\"/>";
}

void SvgWriter::Circle(double cx, double cy, double r, const char* css_class) {
  body_ += "<circle" + ClassAttribute(css_class) + " cx=\"" + Number(cx, "cx") + "\" cy=\"" + Number(cy, "cy") +
           "\" r=\"" + Number(r, "r") + "\"/>";
}

void SvgWriter::Polygon(const std::vector<double>& points, const char* css_class) {
  std::string list;
  for (size_t i = 0; i < points.size(); ++i) list += (i == 0 ? "" : i % 2 ? "," : " ") + Number(points[i], "point");
  body_ += "<polygon" + ClassAttribute(css_class) + " points=\"" + list + "\"/>";
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
         body_ + "</svg>";
}

}  // namespace tools
