// The companies (TABLE 1, 2, 7, pars) and the stock market track.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "tests/unit/board/board_test_data.h"

namespace mailrun::engine::t1853 {
namespace {

using testing::Company;
using testing::Data;

TEST(Companies, Table1) {
  struct Row {
    int number;
    const char* initials;
    const char* name;
    CompanyKind kind;
  };
  const Row rows[] = {{1, "EIR", "East Indian Railway", CompanyKind::kMajor},
                      {2, "GIP", "Great Indian Peninsula Railway", CompanyKind::kMajor},
                      {3, "NWR", "North Western Railway", CompanyKind::kMajor},
                      {4, "BNR", "Bengal Nagpur Railway", CompanyKind::kMajor},
                      {5, "BBCI", "Bombay, Baroda and Central India Railway", CompanyKind::kMajorOrMinor},
                      {6, "MSM", "Madras and South Mahratta Railway", CompanyKind::kMinor},
                      {7, "SIR", "South Indian Railway", CompanyKind::kMinor},
                      {8, "BAR", "Bengal Assam Railway", CompanyKind::kMinor}};
  ASSERT_EQ(Data().companies.size(), 8u);
  for (const Row& row : rows) {
    const CompanyDef& company = Data().companies[row.number - 1];
    EXPECT_EQ(company.number, row.number);
    EXPECT_EQ(company.initials, row.initials);
    EXPECT_EQ(company.name, row.name);
    EXPECT_EQ(company.kind, row.kind) << row.initials;
    EXPECT_EQ(Data().CompanyByNumber(row.number), &company);
  }
}

TEST(Companies, Table2Areas) {
  auto row = [](char letter) { return std::optional<int>(letter - 'A'); };
  auto col = [](const char* name) { return std::optional<int>(ParseHexName(std::string("A") + name)->col); };
  const std::pair<const char*, Area> areas[] = {
      {"EIR", {row('C'), row('J'), col("n"), col("ab")}}, {"GIP", {row('F'), row('O'), col("i"), col("t")}},
      {"NWR", {row('B'), row('I'), col("b"), col("n")}},  {"BNR", {row('H'), row('R'), col("o"), col("ab")}},
      {"BBCI", {row('F'), row('M'), col("b"), col("q")}}, {"MSM", {row('M'), row('R'), std::nullopt, std::nullopt}},
      {"SIR", {row('R'), row('V'), std::nullopt, std::nullopt}},
      {"BAR", {std::nullopt, std::nullopt, col("ab"), col("ak")}}};
  for (const auto& [initials, area] : areas) {
    const Area& actual = Company(initials).area;
    EXPECT_EQ(actual.row_min, area.row_min) << initials;
    EXPECT_EQ(actual.row_max, area.row_max) << initials;
    EXPECT_EQ(actual.col_min, area.col_min) << initials;
    EXPECT_EQ(actual.col_max, area.col_max) << initials;
  }
  // "These limits INCLUDE the use of the rows or columns defined" (1.4.6).
  EXPECT_TRUE(Company("EIR").area.Contains(*ParseHexName("Jab")));
  EXPECT_TRUE(Company("BAR").area.Contains(*ParseHexName("Jab")));
  EXPECT_FALSE(Company("EIR").area.Contains(*ParseHexName("Iae")));
}

TEST(Companies, EveryHomeBaseLiesInsideItsArea) {
  for (const CompanyDef& company : Data().companies) {
    for (const HomeBase& home : company.homes) {
      EXPECT_TRUE(company.area.Contains(home.hex)) << company.initials << " " << HexName(home.hex);
      EXPECT_TRUE(Data().Hex(home.hex)->city.has_value()) << company.initials;
    }
    if (company.major_home) {
      EXPECT_TRUE(company.area.Contains(company.major_home->hex)) << company.initials;
    }
  }
}

TEST(Companies, HomeStationsAreDistinct) {
  std::set<std::pair<HexCoord, int>> stations;
  for (const CompanyDef& company : Data().companies) {
    for (const HomeBase& home : company.homes) EXPECT_TRUE(stations.insert({home.hex, home.station}).second) << company.initials;
    if (company.major_home) {
      EXPECT_TRUE(stations.insert({company.major_home->hex, company.major_home->station}).second);
    }
  }
}

TEST(Companies, ParsTokensAndColours) {
  const int pars[] = {100, 96, 92, 88, 84, 80, 75, 70};   // Appendix 4: EIR 100 ... BAR 70
  const int tokens[] = {6, 6, 6, 6, 5, 5, 5, 4};          // TABLE 7
  const int fees[] = {50, 20, 20, 20, 20, 0, 0, 0};       // 4.1.3 option 2
  std::set<std::string> colours;
  for (int i = 0; i < 8; ++i) {
    const CompanyDef& company = Data().companies[i];
    EXPECT_EQ(company.par, pars[i]) << company.initials;
    EXPECT_EQ(company.tokens, tokens[i]) << company.initials;
    EXPECT_EQ(company.double_lay_fee, fees[i]) << company.initials;
    colours.insert(company.colour);
  }
  EXPECT_EQ(colours.size(), 8u);
}

TEST(Companies, MajorsHaveTwoHomesAndTheBbciASecondAsMajor) {  // 1.4.4, 2.6.2
  for (const CompanyDef& company : Data().companies) {
    EXPECT_EQ(company.homes.size(), company.kind == CompanyKind::kMajor ? 2u : 1u) << company.initials;
    EXPECT_EQ(company.major_home.has_value(), company.kind == CompanyKind::kMajorOrMinor) << company.initials;
  }
  EXPECT_EQ(HexName(Company("BBCI").homes[0].hex), "Hj");
}

TEST(Market, TrackRunsFrom10To400) {  // 4.7.3
  const auto& prices = Data().SharePrices();
  ASSERT_FALSE(prices.empty());
  EXPECT_EQ(prices.front(), 10);
  EXPECT_EQ(prices.back(), 400);
  EXPECT_TRUE(std::is_sorted(prices.begin(), prices.end()));
  EXPECT_EQ(std::adjacent_find(prices.begin(), prices.end()), prices.end());
  for (const CompanyDef& company : Data().companies) {
    EXPECT_NE(std::find(prices.begin(), prices.end(), company.par), prices.end()) << company.initials;
  }
}

TEST(Market, AppendixFourMovesOneSpaceAtATime) {
  auto next = [](int price) {
    const auto& prices = Data().SharePrices();
    const auto at = std::find(prices.begin(), prices.end(), price);
    return at + 1 == prices.end() ? price : *(at + 1);
  };
  EXPECT_EQ(next(100), 104);  // EIR, railway round 2
  EXPECT_EQ(next(104), 109);  // EIR, railway round 3
  EXPECT_EQ(next(96), 100);   // GIP; NWR's second move
  EXPECT_EQ(next(92), 96);    // NWR
  EXPECT_EQ(next(84), 88);    // BBCI
  EXPECT_EQ(next(88), 92);
  EXPECT_EQ(next(75), 80);    // SIR
  EXPECT_EQ(next(80), 84);
}

}  // namespace
}  // namespace mailrun::engine::t1853
