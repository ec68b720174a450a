#include "engine/render/svg_canvas.h"

#include <fmt/format.h>

#include <cmath>
#include <iterator>

namespace mailrun::engine::render {

double Distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

std::string Num(double value) {
  std::string text = fmt::format("{:.2f}", value);
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  if (text == "-0") text = "0";
  return text;
}

std::string EscapeXml(std::string_view text) {
  std::string escaped;
  for (char c : text) {
    switch (c) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      default: escaped += c;
    }
  }
  return escaped;
}

namespace {

std::string DashAttribute(std::string_view dash) {
  return dash.empty() ? std::string() : fmt::format(" stroke-dasharray=\"{}\"", dash);
}

}  // namespace

SvgCanvas::SvgCanvas(double width, double height) : width_(width), height_(height) {}

void SvgCanvas::Polygon(const std::vector<Point>& points, std::string_view fill, std::string_view stroke,
                        double stroke_width, double opacity) {
  std::string list;
  for (const Point& p : points) list += Num(p.x) + "," + Num(p.y) + " ";
  if (!list.empty()) list.pop_back();
  fmt::format_to(std::back_inserter(body_), "<polygon points=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{}/>\n",
                 list, fill, stroke, Num(stroke_width),
                 opacity < 1.0 ? fmt::format(" fill-opacity=\"{}\"", Num(opacity)) : std::string());
}

void SvgCanvas::Circle(Point centre, double radius, std::string_view fill, std::string_view stroke, double stroke_width,
                       std::string_view dash) {
  fmt::format_to(std::back_inserter(body_), "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{}/>\n",
                 Num(centre.x), Num(centre.y), Num(radius), fill, stroke, Num(stroke_width), DashAttribute(dash));
}

void SvgCanvas::Line(Point a, Point b, std::string_view stroke, double width, std::string_view dash) {
  fmt::format_to(std::back_inserter(body_),
                 "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"{}/>\n",
                 Num(a.x), Num(a.y), Num(b.x), Num(b.y), stroke, Num(width), DashAttribute(dash));
}

void SvgCanvas::Path(std::string_view d, std::string_view stroke, double width, std::string_view dash,
                     std::string_view linecap) {
  fmt::format_to(std::back_inserter(body_),
                 "<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"{}\"{}/>\n", d, stroke,
                 Num(width), linecap, DashAttribute(dash));
}

void SvgCanvas::FilledPath(std::string_view d, std::string_view fill, std::string_view stroke, double width) {
  fmt::format_to(std::back_inserter(body_), "<path d=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>\n", d, fill,
                 stroke, Num(width));
}

void SvgCanvas::Rect(Point top_left, double width, double height, double corner, std::string_view fill,
                     std::string_view stroke, double stroke_width, double opacity) {
  fmt::format_to(std::back_inserter(body_),
                 "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{}/>\n",
                 Num(top_left.x), Num(top_left.y), Num(width), Num(height), Num(corner), fill, stroke,
                 Num(stroke_width), opacity < 1.0 ? fmt::format(" fill-opacity=\"{}\"", Num(opacity)) : std::string());
}

void SvgCanvas::Text(Point at, std::string_view text, const TextStyle& style) {
  const std::string halo = style.halo.empty()
                               ? std::string()
                               : fmt::format(" stroke=\"{}\" stroke-width=\"{}\" paint-order=\"stroke\" stroke-linejoin=\"round\"",
                                             style.halo, Num(style.size / 4));
  fmt::format_to(std::back_inserter(body_),
                 "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\" text-anchor=\"{}\" font-weight=\"{}\" "
                 "dominant-baseline=\"central\"{}>{}</text>\n",
                 Num(at.x), Num(at.y), Num(style.size), style.fill, style.anchor, style.weight, halo, EscapeXml(text));
}

void SvgCanvas::Comment(std::string_view text) {
  fmt::format_to(std::back_inserter(body_), "<!-- {} -->\n", EscapeXml(text));
}

std::string SvgCanvas::Finish() {
  std::string document = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
      Num(width_), Num(height_));
  document += body_;
  document += "</svg>\n";
  body_.clear();
  return document;
}

}  // namespace mailrun::engine::render
