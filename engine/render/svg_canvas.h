// A minimal SVG writer for the board renderer: points, shapes and text appended to one document,
// with text escaped. Not thread-safe; one canvas per picture.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mailrun::engine::render {

struct Point {
  double x = 0;
  double y = 0;
};
inline Point operator+(Point a, Point b) { return {a.x + b.x, a.y + b.y}; }
inline Point operator-(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
inline Point operator*(Point a, double k) { return {a.x * k, a.y * k}; }
double Distance(Point a, Point b);

// Text styles: size in pixels, anchor "start" | "middle" | "end", weight "normal" | "bold".
struct TextStyle {
  double size = 10;
  std::string fill = "#000";
  std::string anchor = "middle";
  std::string weight = "normal";
  std::string halo;  // colour of an outline behind the letters, "" for none
};

class SvgCanvas {
 public:
  SvgCanvas(double width, double height);

  void Polygon(const std::vector<Point>& points, std::string_view fill, std::string_view stroke, double stroke_width,
               double opacity = 1.0);
  void Circle(Point centre, double radius, std::string_view fill, std::string_view stroke, double stroke_width,
              std::string_view dash = "");
  void Line(Point a, Point b, std::string_view stroke, double width, std::string_view dash = "");
  // A path given in SVG path syntax; no fill.
  void Path(std::string_view d, std::string_view stroke, double width, std::string_view dash = "",
            std::string_view linecap = "round");
  void FilledPath(std::string_view d, std::string_view fill, std::string_view stroke, double width);
  void Rect(Point top_left, double width, double height, double corner, std::string_view fill, std::string_view stroke,
            double stroke_width, double opacity = 1.0);
  // Text centred vertically on `at` (dominant baseline central).
  void Text(Point at, std::string_view text, const TextStyle& style);
  void Comment(std::string_view text);

  std::string Finish();  // the whole document; the canvas is spent

 private:
  std::string body_;
  double width_;
  double height_;
};

std::string EscapeXml(std::string_view text);
std::string Num(double value);  // "12.5": at most two decimals, no exponent

}  // namespace mailrun::engine::render
