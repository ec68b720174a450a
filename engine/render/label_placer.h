// Placing the texts of a board picture so that none covers another text, a station, a token
// space or a revenue disc: what is drawn first blocks its place, and each text then goes to the
// free point nearest where it would like to be, in its hex (a text may reach over the hex's
// slanted sides, not past its flat ones). Text widths are estimated per character from the
// picture's font (DejaVu Sans), a little wide rather than narrow.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "engine/render/svg_canvas.h"

namespace mailrun::engine::render {

struct Box {
  double left = 0, top = 0, right = 0, bottom = 0;
};

// The estimated box of `text` written at `at` in `style` (its anchor, dominant baseline central).
Box TextBox(Point at, std::string_view text, const TextStyle& style);

class LabelPlacer {
 public:
  // What follows belongs to the hex of circumradius `radius` centred on `centre`, pointy-topped
  // (1853) or flat-topped (1947); what was blocked before stays blocked.
  void SetHex(Point centre, double radius, bool flat_topped = false);

  void BlockCircle(Point centre, double radius);
  void BlockBox(const Box& box);

  // The free point nearest `preferred` where `text` fits inside the hex, blocked from then on;
  // `preferred` itself when no point is free (the hex is full).
  Point PlaceText(Point preferred, std::string_view text, const TextStyle& style);
  // The free point nearest `preferred`, at most `reach` hex radii away, blocked from then on;
  // nullopt (nothing blocked) when there is none, for a caller that can write the text another way.
  std::optional<Point> TryPlaceText(Point preferred, std::string_view text, const TextStyle& style, double reach = 1.8);
  // The same for a disc of `radius` (a revenue, a frontier post's marker).
  Point PlaceCircle(Point preferred, double radius);

  // Draws `text` where PlaceText puts it.
  Point Text(SvgCanvas& canvas, Point preferred, std::string_view text, const TextStyle& style);

 private:
  bool InsideHex(Point p) const;
  bool InsideBounds(const Box& box) const;  // the hex's bounding rectangle
  bool Free(const Box& box) const;
  bool FreeCircle(Point centre, double radius) const;
  template <typename Fits>
  std::optional<Point> Search(Point preferred, double reach, Fits fits) const;

  Point centre_;
  double radius_ = 1;
  bool flat_topped_ = false;
  std::vector<Box> boxes_;
  std::vector<std::pair<Point, double>> circles_;
};

}  // namespace mailrun::engine::render
