// Where the texts and circles of a board picture lie, read back from its SVG, and which of them
// cover one another: a test helper for the board renderers (issue 22: labels that collide).
//
// A text's box is an ESTIMATE from its font size and length, not a measurement of the glyphs:
// every character is 0.58 em wide (0.66 em in bold), a capital letter 0.70 em (0.78 em bold), a
// digit or '£' 0.64 em (0.70 em bold: DejaVu's own), a space or '·' 0.35 em; the box is 1 em
// high, centred on y (the renderers write dominant-baseline="central"), placed by text-anchor.
// These figures are at or above the average advance widths of DejaVu Sans, the pictures' font
// (lower case 0.56 em, 0.64 bold; capitals 0.67, 0.75 bold), so boxes that stay apart here stay
// apart on the screen for the words a board writes. Circles are compared as circles; a text
// written inside one (a revenue, a token's initials) is the circle's.
#pragma once

#include <algorithm>
#include <cmath>
#include <regex>
#include <string>
#include <vector>

namespace mailrun::testing {

struct SvgBox {
  double left = 0, top = 0, right = 0, bottom = 0;
  std::string what;      // the text, or "circle r=..."
  bool circle = false;
  double cx = 0, cy = 0, r = 0;  // a circle's own figures, r with the outline
  double inner_r = 0;            // r without the outline

  bool Intersects(const SvgBox& o, double slack) const {
    return left < o.right - slack && o.left < right - slack && top < o.bottom - slack && o.top < bottom - slack;
  }
  bool Contains(double x, double y) const { return circle && std::hypot(x - cx, y - cy) <= r; }
};

inline double SvgAttribute(const std::string& element, const std::string& name, double fallback = 0) {
  const std::regex pattern("\\s" + name + "=\"(-?[0-9.]+)\"");
  std::smatch match;
  return std::regex_search(element, match, pattern) ? std::stod(match[1]) : fallback;
}

inline std::string SvgWord(const std::string& element, const std::string& name) {
  const std::regex pattern("\\s" + name + "=\"([^\"]*)\"");
  std::smatch match;
  return std::regex_search(element, match, pattern) ? match[1].str() : std::string();
}

// The estimated width of `text` (UTF-8, XML-escaped as in the SVG) in em.
inline double EstimatedEms(std::string text, bool bold) {
  for (const auto& [escaped, plain] : std::vector<std::pair<std::string, std::string>>{
           {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}}) {
    for (size_t at = text.find(escaped); at != std::string::npos; at = text.find(escaped, at + 1)) text.replace(at, escaped.size(), plain);
  }
  double ems = 0;
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const size_t length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    const std::string glyph = text.substr(i, length);
    i += length;
    if (glyph == " " || glyph == "\u00b7" || glyph == "." || glyph == "," || glyph == "'") {
      ems += 0.35;
    } else if (std::isdigit(c) || glyph == "\u00a3") {
      ems += bold ? 0.70 : 0.64;
    } else if (std::isupper(c)) {
      ems += bold ? 0.78 : 0.70;
    } else {
      ems += bold ? 0.66 : 0.58;
    }
  }
  return ems;
}

// Every <text> and <circle> of `svg` as a box, in document order.
inline std::vector<SvgBox> SvgBoxes(const std::string& svg) {
  std::vector<SvgBox> boxes;
  const std::regex text(R"(<text ([^>]*)>([^<]*)</text>)");
  for (std::sregex_iterator it(svg.begin(), svg.end(), text), end; it != end; ++it) {
    const std::string attributes = " " + (*it)[1].str();
    const double size = SvgAttribute(attributes, "font-size", 16);
    const double x = SvgAttribute(attributes, "x"), y = SvgAttribute(attributes, "y");
    const double width = EstimatedEms((*it)[2], SvgWord(attributes, "font-weight") == "bold") * size;
    const std::string anchor = SvgWord(attributes, "text-anchor");
    SvgBox box;
    box.left = anchor == "middle" ? x - width / 2 : anchor == "end" ? x - width : x;
    box.right = box.left + width;
    box.top = y - size / 2;
    box.bottom = y + size / 2;
    box.what = (*it)[2];
    boxes.push_back(box);
  }
  const std::regex circle(R"(<circle ([^>]*)/>)");
  for (std::sregex_iterator it(svg.begin(), svg.end(), circle), end; it != end; ++it) {
    const std::string attributes = " " + (*it)[1].str();
    SvgBox box;
    box.circle = true;
    box.cx = SvgAttribute(attributes, "cx");
    box.cy = SvgAttribute(attributes, "cy");
    box.inner_r = SvgAttribute(attributes, "r");
    box.r = box.inner_r + SvgAttribute(attributes, "stroke-width") / 2;
    box.left = box.cx - box.r;
    box.right = box.cx + box.r;
    box.top = box.cy - box.r;
    box.bottom = box.cy + box.r;
    box.what = "circle r=" + std::to_string(box.r);
    boxes.push_back(box);
  }
  return boxes;
}

// Whether a circle and a box overlap (the circle itself, not its square), by more than `slack`.
inline bool CircleMeetsBox(const SvgBox& circle, const SvgBox& box, double slack) {
  const double nx = std::clamp(circle.cx, box.left, box.right);
  const double ny = std::clamp(circle.cy, box.top, box.bottom);
  return std::hypot(circle.cx - nx, circle.cy - ny) < circle.r - slack;
}

// Every pair of a text and another text or circle, and of two circles, that overlap by more than
// `slack` pixels, as readable lines ("'Calcutta' at 1100,660 covers 'CD' at 1090,662"). A text
// written inside a circle (a revenue, a token's initials) is its circle's: the disc stands for it.
// Circles on one centre (a token on its station space, a town's dot in its ring) are one mark;
// two circles may share their outlines (the token spaces of one station), not their insides.
inline std::vector<std::string> SvgOverlaps(const std::string& svg, double slack = 0.5) {
  std::vector<SvgBox> boxes = SvgBoxes(svg);
  std::vector<SvgBox> marks;
  for (const SvgBox& box : boxes) {
    if (box.circle) continue;
    const double x = (box.left + box.right) / 2, y = (box.top + box.bottom) / 2;
    if (std::none_of(boxes.begin(), boxes.end(), [&](const SvgBox& c) { return c.Contains(x, y); })) marks.push_back(box);
  }
  for (const SvgBox& box : boxes) {
    if (box.circle) marks.push_back(box);
  }
  std::vector<std::string> found;
  auto name = [](const SvgBox& b) {
    return "'" + b.what + "' at " + std::to_string(static_cast<int>((b.left + b.right) / 2)) + "," +
           std::to_string(static_cast<int>((b.top + b.bottom) / 2));
  };
  for (size_t i = 0; i < marks.size(); ++i) {
    for (size_t j = i + 1; j < marks.size(); ++j) {
      const SvgBox& a = marks[i];
      const SvgBox& b = marks[j];
      if (!a.Intersects(b, slack)) continue;
      if (a.circle && b.circle) {
        if (std::hypot(a.cx - b.cx, a.cy - b.cy) < 0.5 || std::hypot(a.cx - b.cx, a.cy - b.cy) >= a.inner_r + b.inner_r - slack) continue;
      } else if (a.circle || b.circle) {
        if (!CircleMeetsBox(a.circle ? a : b, a.circle ? b : a, slack)) continue;
      }
      found.push_back(name(a) + " covers " + name(b));
    }
  }
  return found;
}

}  // namespace mailrun::testing
