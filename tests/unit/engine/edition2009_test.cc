// The 2009 Lookout edition of 1853 (issue 18): every figure its rules text states, checked one by
// one against the edition's data and the engine (bank sizes, starting capital, tile counts per
// colour, bid values, Delhi's shares, the examples of section 2), and its rule switches (no
// Company Credits, phases numbered 2-5, Waltair, the minimum bond, 2.7.2). Figures quoted are from
// /work/shared/rules/1853-2009-lookout-edition-rules.txt.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "engine/selfplay/selfplay.h"
#include "engine/titles/game.h"
#include "engine/titles/registry.h"
#include "engine/titles/t1853/invariants.h"
#include "tests/unit/engine/edition2009_position.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

using mailrun::v1::EDITION_LOOKOUT_2009;

const EditionData& Data2009() {
  static const EditionData* data = [] {
    auto loaded = LoadEdition(EDITION_LOOKOUT_2009);
    if (!loaded.ok()) ADD_FAILURE() << loaded.error().ToString();
    return loaded.ok() ? *loaded : nullptr;
  }();
  return *data;
}

const CityDef& City(const std::string& name) {
  const auto index = Data2009().CityIndex(name);
  EXPECT_TRUE(index.has_value()) << name;
  return Data2009().cities[static_cast<size_t>(*index)];
}

std::vector<std::string> SharesOf(const std::string& city) {
  std::vector<std::string> out;
  for (int number : City(city).share_companies) out.push_back(Data2009().CompanyByNumber(number)->initials);
  return out;
}

TEST(Data, LoadsAndSaysItsBoardIsAReconstruction) {
  auto loaded = LoadEdition(EDITION_LOOKOUT_2009);
  ASSERT_TRUE(loaded.ok()) << loaded.error().ToString();
  EXPECT_TRUE((*loaded)->board_reconstructed);
  EXPECT_EQ((*loaded)->edition, EDITION_LOOKOUT_2009);
  const auto title = engine::FindTitle(mailrun::v1::TITLE_1853);
  ASSERT_TRUE(title.ok());
  EXPECT_TRUE((*title)->CheckPlayable(EDITION_LOOKOUT_2009).ok());
}

// Section 1 / 2.1 / 2.4: "A standard game needs £15.000"; "This will leave a bank of £ 7,760".
TEST(Data, BankSizesOf2_1And2_4) {
  EXPECT_EQ(Data2009().bank_sizes.at(mailrun::v1::BANK_FULL), 15000);
  EXPECT_EQ(Data2009().bank_sizes.at(mailrun::v1::BANK_STANDARD), 7760);
  EXPECT_EQ(Data2009().bank_sizes.count(mailrun::v1::BANK_SHORT), 0u);
  EXPECT_EQ(Data2009().bank_sizes.count(mailrun::v1::BANK_LONGER), 0u);
  // Section 1: £17,760 in all; the shortened game removes the £500 notes (5 x £500 = £2,500 of the
  // £2,760 removed for £15,000, and the rest of the £500 notes: 17,760 - 7,760 = 10,000 = 20 x £500).
  EXPECT_EQ(17760 - Data2009().bank_sizes.at(mailrun::v1::BANK_FULL), 5 * 500 + 1 * 200 + 3 * 20);
}

TEST(Data, GamesStartWithTheBankOf2_1Or2_4) {
  for (int players = 3; players <= 6; ++players) {
    const Game game = NewGame2009(players);
    EXPECT_EQ(game.state().total_money, 15000);
    EXPECT_EQ(game.state().bank, 15000 - players * game.state().players[0].cash);
  }
  mailrun::v1::GameOptions shortened;
  shortened.set_bank(mailrun::v1::BANK_STANDARD);
  EXPECT_EQ(NewGame2009(4, 1, shortened).state().total_money, 7760);
  mailrun::v1::GameOptions longer;
  longer.set_bank(mailrun::v1::BANK_LONGER);
  EXPECT_FALSE(engine::Game::Create(Config2009(4, 1, longer)).ok());
  const auto title = engine::FindTitle(mailrun::v1::TITLE_1853);
  ASSERT_TRUE(title.ok());
  const Status setup = (*title)->CheckSetup(EDITION_LOOKOUT_2009, longer);
  ASSERT_FALSE(setup.ok());
  EXPECT_NE(setup.error().message.find("2.4"), std::string::npos) << setup.error().message;
}

// 2.3 and TABLE 3: £730 (3 players), £570 (4/5), £510 (6).
TEST(Data, StartingCapitalOf2_3) {
  const std::map<int, int> capital = {{3, 730}, {4, 570}, {5, 570}, {6, 510}};
  for (const auto& [players, cash] : capital) {
    const Game game = NewGame2009(players);
    for (const PlayerState& p : game.state().players) EXPECT_EQ(p.cash, cash) << players << " players";
  }
  // 2.3's notes: (6*100, 1*50, 2*20, 4*10), (3*100, 3*50, 4*20, 4*10), (3*100, 2*50, 4*20, 3*10).
  EXPECT_EQ(6 * 100 + 1 * 50 + 2 * 20 + 4 * 10, 730);
  EXPECT_EQ(3 * 100 + 3 * 50 + 4 * 20 + 4 * 10, 570);
  EXPECT_EQ(3 * 100 + 2 * 50 + 4 * 20 + 3 * 10, 510);
}

// TABLE 3 and 2.5.6.
TEST(Data, Table3AndBidSizes) {
  struct Row { int players, capital, share_limit, certificates, qualifying, min_cities, max_cities; };
  const Row rows[] = {{3, 730, 6, 21, 6, 4, 6}, {4, 570, 6, 16, 5, 3, 6}, {5, 570, 5, 13, 5, 3, 5}, {6, 510, 4, 11, 4, 3, 4}};
  ASSERT_EQ(Data2009().player_counts.size(), 4u);
  for (const Row& row : rows) {
    const PlayerCountRules& rules = Data2009().player_counts[static_cast<size_t>(row.players - 3)];
    EXPECT_EQ(rules.players, row.players);
    EXPECT_EQ(rules.starting_capital, row.capital);
    EXPECT_EQ(rules.share_limit, row.share_limit);
    EXPECT_EQ(rules.certificate_limit, row.certificates);
    EXPECT_EQ(rules.qualifying_shares, row.qualifying);
    EXPECT_EQ(rules.min_bid_cities, row.min_cities);
    EXPECT_EQ(rules.max_bid_cities, row.max_cities);
  }
}

// Section 1: "128 yellow, 64 green, 18 brown and 7 gray tiles"; the page-20 table.
TEST(Data, TileCountsPerColour) {
  std::map<TileColour, int> counts;
  for (const TileSupply& supply : Data2009().manifest) counts[Data2009().Tile(supply.tile_id)->colour] += supply.count;
  EXPECT_EQ(counts[TileColour::kYellow], 128);
  EXPECT_EQ(counts[TileColour::kGreen], 64);
  EXPECT_EQ(counts[TileColour::kBrown], 18);
  EXPECT_EQ(counts[TileColour::kGrey], 7);
  const Game game = NewGame2009(4);
  int supplied = 0;
  for (const auto& [id, count] : game.state().board.supply) supplied += count;
  EXPECT_EQ(supplied, 128 + 64 + 18 + 7);
  // The new tiles of the 2009 set, and the ones it no longer has.
  for (const char* id : {"233", "234", "116", "117", "250", "716", "717", "718", "719", "900", "W"}) {
    EXPECT_NE(Data2009().Tile(id), nullptr) << id;
  }
  for (const char* id : {"90", "99", "110"}) EXPECT_EQ(Data2009().Tile(id), nullptr) << id;
  // 4.2.12: "only ONE grey CD tile, and there is no grey tile for Waltair".
  EXPECT_EQ(game.state().board.supply.at("900"), 1);
  EXPECT_TRUE(Data2009().promotions.at("W").empty());
  EXPECT_EQ(Data2009().promotions.at("Waltair"), std::vector<std::string>{"W"});
  // 4.2.5: no #58 restriction: the page-20 row of the ten #58 tiles.
  EXPECT_EQ(game.state().board.supply.at("58"), 10);
  EXPECT_EQ(Data2009().promotions.at("58"), (std::vector<std::string>{"87", "88", "716", "717", "718", "719"}));
}

// 2.5.9: "£50 for Calcutta, £40 for Bombay and Delhi, £30 for Madras and Waltair, and £20 for all
// other cities"; section 1: twenty-three named cities; 4.2.12: five large cities.
TEST(Data, CityBidValues) {
  EXPECT_EQ(Data2009().cities.size(), 23u);
  const std::map<std::string, int> special = {{"Calcutta", 50}, {"Bombay", 40}, {"Delhi", 40}, {"Madras", 30}, {"Waltair", 30}};
  int large = 0;
  for (const CityDef& city : Data2009().cities) {
    const auto found = special.find(city.name);
    EXPECT_EQ(city.bid_value, found == special.end() ? 20 : found->second) << city.name;
    EXPECT_EQ(city.large, found != special.end()) << city.name;
    large += city.large;
  }
  EXPECT_EQ(large, 5);
  EXPECT_FALSE(Data2009().CityIndex("Dacca").has_value());
  EXPECT_FALSE(Data2009().CityIndex("Chittagong").has_value());
}

// 2.5's example: Delhi offers the #1, #2, #3 and #5 shares.
TEST(Data, DelhiOffersTheSharesOfCompanies1_2_3And5) {
  EXPECT_EQ(SharesOf("Delhi"), (std::vector<std::string>{"EIR", "GIP", "NWR", "BBCI"}));
}

// TABLE 1 and TABLE 2: company 8 is the ECR, home Waltair; section 1: 3-5 disks each.
TEST(Data, CompaniesOfTable1) {
  const char* initials[] = {"EIR", "GIP", "NWR", "BNR", "BBCI", "MSM", "SIR", "ECR"};
  for (int number = 1; number <= 8; ++number) {
    const CompanyDef* company = Data2009().CompanyByNumber(number);
    ASSERT_NE(company, nullptr);
    EXPECT_EQ(company->initials, initials[number - 1]);
    EXPECT_GE(company->tokens, 3);
    EXPECT_LE(company->tokens, 5);
  }
  const CompanyDef* ecr = Data2009().Company("ECR");
  ASSERT_NE(ecr, nullptr);
  EXPECT_EQ(ecr->name, "East Coast Railway");
  EXPECT_EQ(ecr->kind, CompanyKind::kMinor);
  ASSERT_EQ(ecr->homes.size(), 1u);
  EXPECT_EQ(ecr->homes[0].hex, City("Waltair").hex);
  EXPECT_EQ(Data2009().Company("BAR"), nullptr);
  // "S of Calcutta, N of Madras, E of Nagpur", inclusive.
  for (const char* city : {"Calcutta", "Madras", "Nagpur", "Waltair"}) EXPECT_TRUE(ecr->area.Contains(City(city).hex)) << city;
  for (const char* city : {"Hyderabad", "Patna", "Trichinopoly"}) EXPECT_FALSE(ecr->area.Contains(City(city).hex)) << city;
}

// TABLE 4.
TEST(Data, ConstructionCostsOfTable4) {
  const std::map<Terrain, TerrainCost> expected = {{Terrain::kRiver, {40, 30}},    {Terrain::kMultipleRiver, {60, 40}},
                                                   {Terrain::kHill, {80, 50}},     {Terrain::kMountain, {140, 70}},
                                                   {Terrain::kHimalaya, {240, 100}}};
  for (const auto& [terrain, cost] : expected) {
    EXPECT_EQ(Data2009().terrain_costs.at(terrain).broad, cost.broad);
    EXPECT_EQ(Data2009().terrain_costs.at(terrain).metre, cost.metre);
  }
  EXPECT_EQ(Data2009().bbci_major_ajmer_cost, 70);        // 2.6.2, 4.1.13
  EXPECT_EQ(Data2009().calcutta_first_promotion_cost, 60);  // 4.2.13
}

// TABLE 5 ("6 (7) of '2' @ £300" ...) and TABLE 6 (phases 2-5, limits 4, 4, 3, 2, ORs 1, 2, 3, 3).
TEST(Data, TrainsAndPhasesOfTables5And6) {
  struct Row { const char* name; int count, with_minor, price; };
  const Row rows[] = {{"2", 6, 7, 300}, {"3", 5, 5, 440}, {"4", 4, 4, 620}, {"5", 3, 3, 830}, {"6", 2, 2, 1050},
                      {"1M", 0, 7, 180}, {"2M", 2, 3, 250}, {"3M", 3, 4, 430}, {"4M", 2, 2, 590}};
  for (const Row& row : rows) {
    const auto train = std::find_if(Data2009().trains.begin(), Data2009().trains.end(),
                                    [&](const TrainDef& t) { return t.name == row.name; });
    ASSERT_NE(train, Data2009().trains.end()) << row.name;
    EXPECT_EQ(train->count, row.count) << row.name;
    EXPECT_EQ(train->count_if_minor_formed, row.with_minor) << row.name;
    EXPECT_EQ(train->price, row.price) << row.name;
  }
  ASSERT_EQ(Data2009().phases.size(), 4u);
  const int limits[] = {4, 4, 3, 2};
  const int rounds[] = {1, 2, 3, 3};
  const char* starters[] = {"", "3", "4", "5"};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(Data2009().PhaseShown(Data2009().phases[i].number), static_cast<int>(i) + 2);
    EXPECT_EQ(Data2009().phases[i].train_limit, limits[i]);
    EXPECT_EQ(Data2009().phases[i].railway_rounds, rounds[i]);
    EXPECT_EQ(Data2009().phases[i].introduced_by, starters[i]);
  }
}

// 4.10.2: "The game starts in Phase 2": players see phase 2; Retuned's games start in phase 1.
TEST(Phases, PlayersSeeThe2009Numbers) {
  EXPECT_EQ(NewGame2009(4).View(kOmniscient).phase(), 2);
  auto retuned = Game::Create(Config(4));
  ASSERT_TRUE(retuned.ok());
  EXPECT_EQ(retuned->View(kOmniscient).phase(), 1);
}

// 2.5.2: "The minimum possible Bond is £60 in a 3 player game, or £80 with 4-6 players"; with three
// players four £20 cities still need £80 (docs/rulings.md).
TEST(ContractBids, MinimumBondPerPlayerCount) {
  for (int players = 3; players <= 6; ++players) {
    Game game = NewGame2009(players);
    EXPECT_EQ(MustRefuse(game, Bond(0, 79)).rule, "2.5.2") << players;  // 2009's number (Retuned 2.5.2.2)
    MustApply(game, Bond(0, 80));
  }
  // Retuned keeps £60 with four players.
  auto retuned = Game::Create(Config(4));
  ASSERT_TRUE(retuned.ok());
  MustApply(*retuned, Bond(0, 60));
}

// The worked examples of 2.5: Jeff £100, Lou £90, Dick £130; Dick takes the Elephant; Dick's
// Calcutta (EIR), Jeff's Bombay (#5), Lou's Lahore (#3), Dick's Patna (EIR); no third Ganges city
// for Dick; Delhi (EIR, or #2, #3, #5 instead) and Jaipur (#5): £50 + £20 + £40 + £20 = £130.
class Section2Example : public ::testing::Test {
 protected:
  void SetUp() override {
    mailrun::v1::GameConfig config = Config2009(3, 7);
    const char* names[] = {"Jeff", "Lou", "Dick"};
    for (int i = 0; i < 3; ++i) config.mutable_players(i)->set_display_name(names[i]);
    auto created = Game::Create(config);
    ASSERT_TRUE(created.ok()) << created.error().ToString();
    game_.emplace(std::move(*created));
  }
  Game& game() { return *game_; }
  static constexpr int kJeff = 0, kLou = 1, kDick = 2;
  std::optional<Game> game_;
};

TEST_F(Section2Example, BondsFixTheSeatingOrderAndTheElephant) {
  MustApply(game(), Bond(kJeff, 100));
  MustApply(game(), Bond(kLou, 90));
  MustApply(game(), Bond(kDick, 130));
  // "Dick has the highest bid and gets the Elephant. Next player will be Jeff. Lou is third."
  EXPECT_EQ(game().state().seating_order, (std::vector<int>{kDick, kJeff, kLou}));
  EXPECT_EQ(game().state().elephant, kDick);
  EXPECT_EQ(game().state().players[kDick].cash, 730 - 130);
  EXPECT_EQ(game().state().players[kJeff].cash, 730 - 100);
  EXPECT_EQ(game().state().players[kLou].cash, 730 - 90);
}

TEST_F(Section2Example, ClaimsOfTheExamplesAndTheirPayment) {
  MustApply(game(), Bond(kJeff, 100));
  MustApply(game(), Bond(kLou, 90));
  MustApply(game(), Bond(kDick, 130));
  MustApply(game(), Claim(kDick, "Calcutta", "EIR"));
  MustApply(game(), Claim(kJeff, "Bombay", "BBCI"));
  MustApply(game(), Claim(kLou, "Lahore", "NWR"));
  MustApply(game(), Claim(kDick, "Patna", "EIR"));
  MustApply(game(), Claim(kJeff, "Ahmadabad", "BBCI"));
  MustApply(game(), Claim(kLou, "Multan", "NWR"));
  // "He can't take any other city from the Ganges river valley."
  for (const char* ganges : {"Cawnpore", "Lucknow", "Allahabad", "Benares"}) {
    EXPECT_EQ(MustRefuse(game(), Claim(kDick, ganges, "EIR")).rule, "2.5.7") << ganges;  // 2009's Ganges valley rule
  }
  // "Instead of taking a third share of the #1 company, he could opt for one share of the #2, #3,
  // or #5 company" - and not of another.
  for (const char* company : {"GIP", "NWR", "BBCI"}) {
    Game copy = game();
    MustApply(copy, Claim(kDick, "Delhi", company));
  }
  MustRefuse(game(), Claim(kDick, "Delhi", "BNR"));
  MustApply(game(), Claim(kDick, "Delhi", "EIR"));
  MustApply(game(), Claim(kJeff, "Karachi", "BBCI"));
  MustApply(game(), Claim(kLou, "Peshawar", "NWR"));
  MustApply(game(), Claim(kDick, "Jaipur", "BBCI"));
  // "He uses every single pound in his bid of £130": nothing more fits.
  EXPECT_EQ(MustRefuse(game(), Claim(kDick, "Ajmer", "GIP")).rule.substr(0, 3), "2.5");
  MustApply(game(), Claim(kJeff, "Ajmer", "BBCI"));
  MustApply(game(), Claim(kLou, "Rawalpindi", "NWR"));
  for (int i = 0; i < 6 && game().state().stage == Stage::kCityClaims; ++i) {
    const int seat = game().ActiveSeats().front();
    MustApply(game(), PassBid(seat));
  }
  ASSERT_NE(game().state().stage, Stage::kCityClaims);
  // 2.7.2: paid for at par, in company order: Dick 3 x EIR £100 + 1 x BBCI £84.
  const int eir = CompanyIndexOf(game(), "EIR");
  const int bbci = CompanyIndexOf(game(), "BBCI");
  EXPECT_EQ(game().state().shares.HeldBy(kDick, eir), 3);
  EXPECT_EQ(game().state().shares.HeldBy(kDick, bbci), 1);
  EXPECT_EQ(game().state().players[kDick].cash, 730 - 130 - 3 * 100 - 84);
  EXPECT_EQ(game().state().players[kJeff].cash, 730 - 100 - 4 * 84);
  EXPECT_EQ(game().state().players[kLou].cash, 730 - 90 - 4 * 92);
}

TEST_F(Section2Example, ContractedSharesArePaidForInCompanyOrder) {
  MustApply(game(), Bond(kJeff, 100));
  MustApply(game(), Bond(kLou, 90));
  MustApply(game(), Bond(kDick, 130));
  const std::pair<int, std::pair<const char*, const char*>> claims[] = {
      {kDick, {"Calcutta", "EIR"}}, {kJeff, {"Bombay", "BBCI"}}, {kLou, {"Lahore", "NWR"}},
      {kDick, {"Patna", "EIR"}},    {kJeff, {"Ahmadabad", "BBCI"}}, {kLou, {"Multan", "NWR"}},
      {kDick, {"Delhi", "EIR"}},    {kJeff, {"Karachi", "BBCI"}}, {kLou, {"Peshawar", "NWR"}},
      {kDick, {"Jaipur", "BBCI"}},  {kJeff, {"Ajmer", "BBCI"}},   {kLou, {"Rawalpindi", "NWR"}}};
  for (const auto& [seat, claim] : claims) MustApply(game(), Claim(seat, claim.first, claim.second));
  std::vector<std::string> log;
  for (int i = 0; i < 6 && game().state().stage == Stage::kCityClaims; ++i) {
    auto outcome = game().Apply(PassBid(game().ActiveSeats().front()));
    ASSERT_TRUE(outcome.ok()) << outcome.error().ToString();
    log.insert(log.end(), outcome->log.begin(), outcome->log.end());
  }
  std::vector<std::string> payments;
  for (const std::string& line : log) {
    if (line.find("contracted") != std::string::npos && line.find("(2.7.2)") != std::string::npos) payments.push_back(line);
  }
  ASSERT_EQ(payments.size(), 4u);
  EXPECT_NE(payments[0].find("Dick pays £300 for 3 contracted EIR shares"), std::string::npos) << payments[0];
  EXPECT_NE(payments[1].find("Lou pays £368 for 4 contracted NWR shares"), std::string::npos) << payments[1];
  EXPECT_NE(payments[2].find("Dick pays £84 for 1 contracted BBCI share"), std::string::npos) << payments[2];
  EXPECT_NE(payments[3].find("Jeff pays £336 for 4 contracted BBCI shares"), std::string::npos) << payments[3];
}

// Section 1 / 3.3.1 (ruling): no Company Credits: a company's capital comes from the bank's money.
TEST(Money, NoCompanyCreditsInTheRecordedGames) {
  for (const char* name : {"games/edition2009-3p.json", "games/edition2009-5p.json"}) {
    const GameRecord record = LoadRecord(name);
    ASSERT_EQ(record.config.edition(), EDITION_LOOKOUT_2009);
    auto game = Game::Create(record.config);
    ASSERT_TRUE(game.ok());
    bool formed = false;
    for (const auto& action : record.actions) {
      MustApply(*game, action);
      if (HasFatalFailure()) return;
      ASSERT_EQ(game->state().credits, 0);
      formed = formed || std::any_of(game->state().companies.begin(), game->state().companies.end(),
                                     [](const CompanyState& c) { return c.status == CompanyStatus::kFormed; });
    }
    EXPECT_TRUE(formed);
  }
}

// 4.1.4 and 4.2.12: no yellow tile on Waltair; it takes only the W tile.
TEST(Waltair, NoYellowTileAndOnlyTheWTile) {
  const HexDef* waltair = Data2009().Hex(City("Waltair").hex);
  ASSERT_NE(waltair, nullptr);
  ASSERT_TRUE(waltair->preprinted.has_value());
  const TileDef* printed = Data2009().Tile(waltair->preprinted->tile_id);
  ASSERT_NE(printed, nullptr);
  EXPECT_EQ(printed->stations.size(), 1u);  // 4.2.12: "with the exception of Waltair" several stations
  EXPECT_EQ(printed->label, "W");
  EXPECT_EQ(Data2009().Tile("W")->colour, TileColour::kBrown);  // promoted from phase 4 (brown tiles)
}

// 4.1.10: no track off the grid: the 2009 board has no buff edges.
TEST(Board, NoBuffEdgesAndNothingEastOfTheGanges) {
  for (const HexDef& hex : Data2009().hexes) {
    if (!hex.playable) continue;
    for (int edge = 0; edge < 6; ++edge) {
      const HexDef* next = Data2009().Hex(Neighbour(hex.coord, edge));
      if (next == nullptr || !next->playable) {
        EXPECT_TRUE(hex.edge_blocked[edge]) << HexName(hex.coord) << " edge " << edge;
      }
    }
  }
  EXPECT_EQ(Data2009().Hex(*ParseHexName("Jah")), nullptr);  // Chittagong's cell is off the grid
}

// 3.4.6: "A Manager can't pay any other expenses until the train is fully paid. This restricts the
// company to build only track with no extra cost, and base stations can't be established." Taken
// at every moment of a recorded 2009 game where the operating company may lay track at a cost or
// place a base: with one of its trains marked as bought on credit (through a snapshot), the same
// action is refused citing 3.4.6 and no longer listed; free lays stay legal.
TEST(Managers, OwingForACreditTrainPaysNoOtherExpense) {
  const GameRecord record = LoadRecord("games/edition2009-5p.json");
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  int costly_checked = 0, bases_checked = 0, free_checked = 0;
  for (const auto& recorded : record.actions) {
    const GameState& s = game->state();
    const int company = s.railway.company;
    if (s.stage == Stage::kRailway && company >= 0 && !s.companies[company].trains.empty() &&
        game->ActiveSeats().size() == 1) {
      const int seat = game->ActiveSeats().front();
      nlohmann::json snapshot = nlohmann::json::parse(game->SnapshotJson());
      snapshot["companies"][company]["trains"][0]["on_credit"] = true;
      auto owing = Game::FromSnapshot(record.config, snapshot.dump());
      ASSERT_TRUE(owing.ok()) << owing.error().ToString();
      for (const auto& legal : game->LegalActions(seat)) {
        const mailrun::v1::Action& action = legal.action();
        bool costly = false;
        if (action.has_lay_tile()) {
          const HexDef* hex = game->data().Hex(*ParseHexName(action.lay_tile().hex()));
          costly = hex != nullptr && !hex->terrain_features.empty();
          if (!costly && s.railway.lays_done == 0 && free_checked < 20) {
            Game copy = *owing;
            EXPECT_TRUE(copy.Apply(action).ok()) << "a free lay stays legal: " << action.ShortDebugString();
            ++free_checked;
          }
        }
        if (!costly && !action.has_place_base()) continue;
        Game copy = *owing;
        const auto refused = copy.Apply(action);
        ASSERT_FALSE(refused.ok()) << action.ShortDebugString();
        EXPECT_EQ(refused.error().rule, "3.4.6") << refused.error().message;
        for (const auto& listed : owing->LegalActions(seat)) {
          EXPECT_FALSE(listed.action().SerializeAsString() == action.SerializeAsString()) << "still listed";
        }
        (action.has_place_base() ? bases_checked : costly_checked)++;
      }
    }
    MustApply(*game, recorded);
    if (HasFatalFailure()) return;
    if (costly_checked >= 10 && bases_checked >= 3) break;
  }
  EXPECT_GT(costly_checked, 0);
  EXPECT_GT(bases_checked, 0);
  EXPECT_GT(free_checked, 0);
}

// Recorded 2009 games (tests/fixtures/games/edition2009-*.json, recorded with `mailrun selfplay
// --edition 2009 --games 1 --players P --seed 11 --record-dir DIR`) replay to their final scores.
class RecordedGame2009 : public ::testing::TestWithParam<std::string> {};

TEST_P(RecordedGame2009, ReplaysToItsRecordedFinalScores) {
  const GameRecord record = LoadRecord("games/" + GetParam());
  ASSERT_EQ(record.config.edition(), EDITION_LOOKOUT_2009);
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  for (const auto& action : record.actions) {
    MustApply(*game, action);
    if (HasFatalFailure()) return;
  }
  ASSERT_TRUE(game->Finished());
  ASSERT_EQ(game->state().scores.size(), record.final_scores.size());
  for (size_t i = 0; i < record.final_scores.size(); ++i) {
    EXPECT_EQ(game->state().scores[i].wealth, record.final_scores[i].wealth) << record.final_scores[i].player;
  }
  EXPECT_TRUE(CheckInvariants(*game).empty());
}

INSTANTIATE_TEST_SUITE_P(Fixtures, RecordedGame2009,
                         ::testing::Values("edition2009-3p.json", "edition2009-5p.json"),
                         [](const auto& info) { return info.param.substr(12, 2); });

// A few whole 2009 games by the bot, every invariant checked after every action (the full run is
// `mailrun selfplay --edition 2009`, docs/benchmarks.md).
TEST(SelfPlay, GamesCompleteWithoutAnyInvariantViolation) {
  for (int players : {3, 6}) {
    SelfPlayOptions options;
    options.edition = EDITION_LOOKOUT_2009;
    options.games = 1;
    options.players = players;
    options.seed = 5;
    const SelfPlayResult result = RunSelfPlay(options);
    EXPECT_EQ(result.completed, 1) << players;
    EXPECT_EQ(result.invariant_violations, 0) << players;
    for (const auto& v : result.violations) ADD_FAILURE() << v;
  }
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
