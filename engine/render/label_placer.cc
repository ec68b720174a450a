#include "engine/render/label_placer.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace mailrun::engine::render {
namespace {

// Ems of one character, at or a little above DejaVu Sans's advance widths (capitals 0.67 em on
// average, 0.75 bold; digits 0.64 em, 0.70 bold; lower case 0.56 em, 0.64 bold).
double GlyphEms(std::string_view glyph, bool bold) {
  const unsigned char c = static_cast<unsigned char>(glyph.front());
  if (glyph == " " || glyph == "\u00b7" || glyph == "." || glyph == "," || glyph == "'") return bold ? 0.38 : 0.35;
  if (glyph == "M" || glyph == "W" || glyph == "m" || glyph == "w") return bold ? 1.1 : 1.0;
  if (std::isdigit(c) || glyph == "\u00a3") return bold ? 0.70 : 0.64;  // DejaVu's own figures
  if (std::isupper(c)) return bold ? 0.79 : 0.71;
  return bold ? 0.67 : 0.59;
}

// A little air between neighbours, in pixels.
constexpr double kGap = 1.0;

bool Overlap(const Box& a, const Box& b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

bool CircleMeetsBox(Point centre, double radius, const Box& box) {
  const double x = std::clamp(centre.x, box.left, box.right);
  const double y = std::clamp(centre.y, box.top, box.bottom);
  return std::hypot(centre.x - x, centre.y - y) < radius;
}

Box Grown(const Box& box, double by) { return {box.left - by, box.top - by, box.right + by, box.bottom + by}; }

}  // namespace

Box TextBox(Point at, std::string_view text, const TextStyle& style) {
  const bool bold = style.weight == "bold";
  double ems = 0;
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const size_t length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    ems += GlyphEms(text.substr(i, length), bold);
    i += length;
  }
  const double width = ems * style.size;
  const double left = style.anchor == "middle" ? at.x - width / 2 : style.anchor == "end" ? at.x - width : at.x;
  return Box{left, at.y - style.size / 2, left + width, at.y + style.size / 2};
}

void LabelPlacer::SetHex(Point centre, double radius, bool flat_topped) {
  centre_ = centre;
  radius_ = radius;
  flat_topped_ = flat_topped;
}

void LabelPlacer::BlockCircle(Point centre, double radius) { circles_.push_back({centre, radius}); }

void LabelPlacer::BlockBox(const Box& box) { boxes_.push_back(box); }

bool LabelPlacer::InsideHex(Point p) const {
  // A pointy-topped hex: |x| up to the flat sides, |y| up to the slanted ones; flat-topped: turned.
  const double r = radius_ * 0.97;
  double x = std::abs(p.x - centre_.x), y = std::abs(p.y - centre_.y);
  if (flat_topped_) std::swap(x, y);
  return x <= r * std::sqrt(3.0) / 2 && x / std::sqrt(3.0) + y <= r;
}

bool LabelPlacer::InsideBounds(const Box& box) const {
  const double across = radius_ * std::sqrt(3.0) / 2, along = radius_;
  const double half_width = flat_topped_ ? along : across, half_height = flat_topped_ ? across : along;
  return box.left >= centre_.x - half_width && box.right <= centre_.x + half_width && box.top >= centre_.y - half_height &&
         box.bottom <= centre_.y + half_height;
}

bool LabelPlacer::Free(const Box& box) const {
  if (!InsideBounds(box) || !InsideHex({(box.left + box.right) / 2, (box.top + box.bottom) / 2})) return false;
  const Box aired = Grown(box, kGap);
  for (const Box& other : boxes_) {
    if (Overlap(aired, other)) return false;
  }
  for (const auto& [centre, radius] : circles_) {
    if (CircleMeetsBox(centre, radius + kGap, box)) return false;
  }
  return true;
}

bool LabelPlacer::FreeCircle(Point centre, double radius) const {
  for (const Point side : {Point{-radius, 0}, Point{radius, 0}, Point{0, -radius}, Point{0, radius}}) {
    if (!InsideHex(centre + side)) return false;
  }
  for (const Box& other : boxes_) {
    if (CircleMeetsBox(centre, radius + kGap, other)) return false;
  }
  for (const auto& [at, r] : circles_) {
    if (Distance(at, centre) < r + radius + kGap) return false;
  }
  return true;
}

// Tries `preferred`, then points on rings around it, nearest first.
template <typename Fits>
std::optional<Point> LabelPlacer::Search(Point preferred, double reach, Fits fits) const {
  if (fits(preferred)) return preferred;
  const double step = radius_ * 0.04;
  for (double distance = step; distance <= radius_ * reach; distance += step) {
    const int points = std::max(8, static_cast<int>(2 * 3.14159265 * distance / step));
    for (int k = 0; k < points; ++k) {
      // Straight down, up, sideways first: the order in which the ring is walked breaks ties.
      const double angle = 3.14159265 / 2 + (k % 2 == 0 ? 1 : -1) * ((k + 1) / 2) * 2 * 3.14159265 / points;
      const Point candidate = preferred + Point{std::cos(angle), std::sin(angle)} * distance;
      if (InsideHex(candidate) && fits(candidate)) return candidate;
    }
  }
  return std::nullopt;
}

std::optional<Point> LabelPlacer::TryPlaceText(Point preferred, std::string_view text, const TextStyle& style, double reach) {
  const auto at = Search(preferred, reach, [&](Point p) { return Free(TextBox(p, text, style)); });
  if (at) BlockBox(TextBox(*at, text, style));
  return at;
}

Point LabelPlacer::PlaceText(Point preferred, std::string_view text, const TextStyle& style) {
  const Point at = TryPlaceText(preferred, text, style).value_or(preferred);
  BlockBox(TextBox(at, text, style));
  return at;
}

Point LabelPlacer::PlaceCircle(Point preferred, double radius) {
  const Point at = Search(preferred, 1.8, [&](Point p) { return FreeCircle(p, radius); }).value_or(preferred);
  BlockCircle(at, radius);
  return at;
}

Point LabelPlacer::Text(SvgCanvas& canvas, Point preferred, std::string_view text, const TextStyle& style) {
  const Point at = PlaceText(preferred, text, style);
  canvas.Text(at, text, style);
  return at;
}

}  // namespace mailrun::engine::render
