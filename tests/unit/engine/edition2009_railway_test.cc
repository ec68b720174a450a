// The 2009 Lookout edition's operating turn played in 2009 games: track (4.1.11, 4.1.13, 4.1.14),
// promotions (4.2.4 - 4.2.9), contracts (4.3), bases (4.4.3, 4.4.7), runs (4.5.2 - 4.5.10, 4.6.3)
// and prices (4.7.2); docs/rules-2009.tsv names each test. Quotations are from
// /work/shared/rules/1853-2009-lookout-edition-rules.txt; refusals cite the 2009 numbers (2009's
// 4.1.6 is Retuned's 4.1.7, its 4.1.13 Retuned's 4.1.14). Positions: Railway2009()
// (edition2009_position.h), the EIR (seat 0) based at Calcutta and Patna, the GIP (seat 1) at
// Allahabad and Bombay, the SIR (seat 2) at Trichinopoly.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "tests/unit/engine/edition2009_position.h"
#include "tests/unit/engine/run_positions.h"
#include "tests/unit/engine/train_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

// The id of the company's `index`th train.
std::string TrainId(const Game& game, const std::string& company, size_t index = 0) {
  const auto& trains = CompanyOf(game, company).trains;
  EXPECT_LT(index, trains.size());
  return index < trains.size() ? trains[index].id : std::string();
}

int PriceOf(const Game& game, const std::string& company) {
  return game.data().SharePrices()[CompanyOf(game, company).price_index];
}

// ---- 4.1: track ---------------------------------------------------------------------------------

// 4.1.11: "A line ending at an edge adjacent to another tile does not have to establish a
// connection with that tile." A straight on Iy leaves its edge toward Iaa blank; the EIR's #58 on
// Iaa points at it all the same.
TEST(Track2009, Rule4_1_11_ALineMayEndAgainstANeighboursBlankEdge) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("EIR", DoubleLay::kFromPhase2).Tile("Iy", "9", {"Hx", "Jz"});
  Game game = position.Operate("EIR");
  Accept(game, Lay(kEir, "Iaa", "58", 5));
  EXPECT_TRUE(HasTile(game, "Iaa", "58"));
}

// 4.1.13: "The cost of building the station at Ajmer is £70 for the BBCI if the BBCI was started as
// a Major Company (REF 2.6)"; a minor BBCI pays the mountain (£140, TABLE 4).
TEST(Track2009, Rule4_1_13_AjmerCostsAMajorBbciSeventyPounds) {
  RailwayPosition minor = Railway2009();
  minor.Form("BBCI", kSir);
  const int bbci = minor.Index("BBCI");
  ASSERT_FALSE(minor.state().companies[bbci].major) << "Form makes the BBCI a minor";
  RailwayPosition major = minor;
  CompanyState& c = major.state().companies[bbci];
  c.major = true;
  c.special_token = false;
  const auto& home = Recorded2009AtRailwayRoundOne().data().companies[bbci].major_home;
  ASSERT_TRUE(home.has_value());
  c.bases.push_back({home->hex, home->station});
  major.DoubleLay("BBCI", DoubleLay::kFromPhase2);
  Game as_major = major.Operate("BBCI");
  const int bank = as_major.state().bank;
  Accept(as_major, Lay(kSir, "Hj", "6", 2));
  EXPECT_EQ(Treasury(as_major, "BBCI"), 840 - 70);
  EXPECT_EQ(as_major.state().bank, bank + 70) << "paid to the bank in money";
  Game as_minor = minor.Operate("BBCI");
  Accept(as_minor, Lay(kSir, "Hj", "6", 2));
  EXPECT_EQ(Treasury(as_minor, "BBCI"), 840 - 140);
}

// 4.1.14: "When this position is connected to a Base the Company concerned will receive one payment
// of the sum shown ... AFTER it has made the connection and finished all tile lays for that turn."
// The 2009 text says "in Company Credits", which 2009 abolished: money (docs/rulings.md 2009 #1).
TEST(Track2009, Rule4_1_14_AFrontierPostPaysOnceAfterTheTurnsLays) {
  RailwayPosition position = Railway2009();
  position.Form("NWR", kGip).DoubleLay("NWR", DoubleLay::kFromPhase2).Phase(2).Tile("Em", "58", 3);
  Game game = position.Operate("NWR");
  const int bank = game.state().bank;
  Accept(game, Lay(kGip, "Dn", "4", 0));  // the frontier post (40), a mountain: £140
  EXPECT_EQ(Treasury(game, "NWR"), 920 - 140) << "nothing before the turn's lays are finished";
  EXPECT_TRUE(game.state().board.frontier_paid.empty());
  Accept(game, Lay(kGip, "Ck", "5", 5));  // Lahore, the other home: the track step ends
  EXPECT_FALSE(StillLaying(game));
  EXPECT_EQ(Treasury(game, "NWR"), 920 - 140 + 40);
  EXPECT_EQ(game.state().bank, bank + 140 - 40) << "from the bank, in money";
  EXPECT_EQ(game.state().credits, 0);
  ASSERT_EQ(game.state().board.frontier_paid.size(), 1u);
  // The NWR's next turn: still connected, not paid again.
  Game next = RailwayPosition(game).Operate("NWR");
  Accept(next, EndStep(kGip));
  EXPECT_EQ(Treasury(next, "NWR"), 920 - 140 + 40);
}

// ---- 4.2: promotions ----------------------------------------------------------------------------

// The EIR with Calcutta - Iaa (#58, a town), laying two tiles a turn from 2009's phase 3.
RailwayPosition EirWithIaa2009(int phase) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("EIR", DoubleLay::kFromPhase2).Phase(phase).Tile("Iaa", "58", 5);
  return position;
}

// The listed promotion of `tile` on `hex` (a test failure if none is listed).
mailrun::v1::Action ListedPromotion(const Game& game, int seat, const std::string& hex, const std::string& tile) {
  for (const auto& legal : game.LegalActions(seat)) {
    const auto& a = legal.action();
    if (a.has_promote_tile() && a.promote_tile().hex() == hex && a.promote_tile().tile() == tile) return a;
  }
  ADD_FAILURE() << "no promotion of " << hex << " to #" << tile << " is listed";
  return Promote(seat, hex, tile);
}

// 4.2.4: "All promotions must be made in such a way that all existing lengths of track are
// maintained." #58 (Calcutta - Iaa - Iy) to the green #87 keeps both lines in one rotation only.
TEST(Promotion2009, Rule4_2_4_ExistingTrackIsKept) {
  Game game = EirWithIaa2009(2).Operate("EIR");
  const Error lost = Refuse(game, Promote(kEir, "Iaa", "87", 2));
  EXPECT_EQ(lost.rule, "4.2.4");
  Accept(game, Promote(kEir, "Iaa", "87", 5));
  EXPECT_TRUE(HasTile(game, "Iaa", "87"));
}

// 4.2.6: "When yellow tiles are promoted to green tiles the gauge of all existing lines must be
// maintained. The gauge of new lines is immaterial but lines which involve a break of gauge may not
// be extended further unless there is a Company Base at the change-over point." The GIP's broad
// line Allahabad - Lucknow meets a metre Cawnpore (#76) at Lucknow's edge. Every 2009 tile has one
// gauge, so the change-over point a base can hold is a dual station, as 4.2.8's figures say ("the
// line can be extended only in Broad Gauge, as the connection to the railhead is in Broad Gauge
// ... The Company Base allows the change of gauge"; docs/rulings.md 2009 #13): Lucknow promoted to
// the dual #716 joins the broad line from Allahabad and the metre one beyond Cawnpore.
TEST(Promotion2009, Rule4_2_6_ABreakOfGaugeIsExtendedOnlyFromABaseAtTheChangeOver) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Phase(2).Tile("Ht", "6", 0).Tile("Gs", "6", 5)
      .Tile("Gq", "76", {"Gs"});
  Game promoted = position.Operate("GIP");
  EXPECT_EQ(Refuse(promoted, Promote(kGip, "Gs", "100", 0)).rule, "4.2.5") << "a broad station stays broad or dual";
  Accept(promoted, ListedPromotion(promoted, kGip, "Gs", "716"));
  ASSERT_TRUE(HasTile(promoted, "Gs", "716"));
  ASSERT_EQ(promoted.state().railway.step, TurnStep::kBase);
  Game without_base = promoted;
  MustApply(without_base, EndStep(kGip));
  Game next = RailwayPosition(without_base).Operate("GIP");
  const std::vector<std::string> without = ListedTrackMoves(next);
  // A base at the change-over point (Lucknow's station) lets the metre line be extended.
  Accept(promoted, PlaceBase(kGip, "Gs"));
  Game with_base = RailwayPosition(promoted).Operate("GIP");
  std::vector<std::string> beyond_cawnpore;
  for (const std::string& move : ListedTrackMoves(with_base)) {
    if (std::find(without.begin(), without.end(), move) != without.end()) continue;
    for (const char* hex : {"Fp", "Go", "Hp"}) {
      if (move.find(std::string("lay ") + hex + " ") == 0) beyond_cawnpore.push_back(move);
    }
  }
  ASSERT_FALSE(beyond_cawnpore.empty()) << "the base opens Cawnpore's metre track end as a railhead";
  // Each such lay is refused without the base: the line from Allahabad breaks gauge at Lucknow.
  std::istringstream words(beyond_cawnpore.front());
  std::string verb, hex, tile;
  int rotation = 0;
  words >> verb >> hex >> tile >> rotation;
  EXPECT_EQ(Refuse(next, Lay(kGip, hex, tile, rotation)).rule, "4.1.6") << beyond_cawnpore.front();
  Accept(with_base, Lay(kGip, hex, tile, rotation));

  // Lines meeting at a bare edge are not joined, base or no base (docs/rulings.md 2009 #13): the
  // EIR's metre large station #100 on Iaa, with its base, beside a broad straight on Iy.
  RailwayPosition edge = Railway2009();
  edge.DoubleLay("EIR", DoubleLay::kFromPhase2).Phase(2).Tile("Iaa", "100", {"Jab", "Iy"}).Tile("Iy", "9", 1)
      .Base("EIR", "Iaa");
  Game bare = edge.Operate("EIR");
  EXPECT_EQ(Refuse(bare, Lay(kEir, "Iw", "4", 1)).rule, "4.1.6") << "the broad line on Iy starts at no base";
}

// 4.2.7: "A brown tile that is adjacent to a grey tile may not be promoted."
TEST(Promotion2009, Rule4_2_7_ABrownTileNextToAGreyOneIsNotPromoted) {
  RailwayPosition position = EirWithIaa2009(4);
  position.Tile("Hx", "103", 2).Tile("Iy", "112", 0);
  Game game = position.Operate("EIR");
  const Error grey = Refuse(game, Promote(kEir, "Hx", "109", 4));
  EXPECT_EQ(grey.rule, "4.2.7");
  // Without the grey neighbour the same promotion is accepted.
  Game alone = EirWithIaa2009(4).Tile("Hx", "103", 2).Operate("EIR");
  Accept(alone, Promote(kEir, "Hx", "109", 4));
}

// 4.2.8: "All brown and grey tiles as well as some of the green tiles represent 'dual gauge' and may
// be used by broad or metre gauge trains. There may be dual gauge track on a line joining a Base to
// a railhead without disrupting the continuity of the line." 4.5.3: "The entire run must be on
// track which is the correct gauge for the train being used. This may, of course, include dual
// gauge." Patna (brown #103, the EIR's base) with a metre town line to Iw and a broad one to Gw.
RailwayPosition PatnaWithBothGauges2009() {
  RailwayPosition position = Railway2009();
  position.Phase(4).Tile("Hx", "103", {"Iw", "Gw"}).Tile("Iw", "74", {"Hx"}).Tile("Gw", "4", {"Hx"}).Trains("EIR", {"5", "4M"});
  return position;
}

TEST(Runs2009, Rule4_2_8_And4_5_3_TrainsRunOnTheirGaugeAndDualGaugeIsBoth) {
  Game game = PatnaWithBothGauges2009().Operate("EIR", TurnStep::kRun);
  const std::string five = TrainId(game, "EIR", 0), metre = TrainId(game, "EIR", 1);
  EXPECT_EQ(MustRefuse(game, Runs(kEir, {{five, {"Hx.s0", "Iw.s0"}}})).rule, "4.5.3") << "a broad train on metre track";
  EXPECT_EQ(MustRefuse(game, Runs(kEir, {{metre, {"Hx.s0", "Gw.s0"}}})).rule, "4.5.3") << "a metre train on broad track";
  const int treasury = Treasury(game, "EIR");
  MustApply(game, Runs(kEir, {{five, {"Hx.s0", "Gw.s0"}}, {metre, {"Hx.s0", "Iw.s0"}}}, "", false));
  EXPECT_EQ(Treasury(game, "EIR"), treasury + 2 * (40 + 10)) << "both leave Patna on its dual track";
  // The dual #108 on Iy carries Calcutta's metre line (#73 on Iaa) on to a metre railhead.
  RailwayPosition lay = Railway2009();
  lay.DoubleLay("EIR", DoubleLay::kFromPhase2).Phase(3).Tile("Iaa", "73", 5).Tile("Iy", "108", 1);
  Game metre_line = lay.Operate("EIR");
  EXPECT_EQ(Refuse(metre_line, Lay(kEir, "Iw", "4", 1)).rule, "4.1.6") << "the line from the base is metre";
  Accept(metre_line, Lay(kEir, "Iw", "74", 1));
}

// 4.2.9: "Following promotion a Station may now have space for more Bases. If one such space is
// unoccupied it does not block any other Company's routes or prevent access to any Railheads."
// The GIP's line Allahabad - Benares, a railhead beyond Benares at Iw.
TEST(Promotion2009, Rule4_2_9_AnUnoccupiedBaseSpaceBlocksNobody) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Tile("Ht", "6", 2).Tile("Hv", "6", 5);
  Game open = RailwayPosition(position).Operate("GIP");
  EXPECT_TRUE(Listed(open, Lay(kGip, "Iw", "4", 2)));
  // An EIR base fills the yellow Benares' one space: the GIP may not pass it.
  Game blocked = RailwayPosition(position).Base("EIR", "Hv").Operate("GIP");
  EXPECT_EQ(Refuse(blocked, Lay(kGip, "Iw", "4", 2)).rule, "4.1.6");
  // Promoted to the green #14, Benares has a second space, free: it blocks nothing.
  Game vacant = RailwayPosition(position).Tile("Hv", "14", 1).Base("EIR", "Hv").Phase(2).Operate("GIP");
  Accept(vacant, Lay(kGip, "Iw", "4", 2));
}

// ---- 4.3: contracts -----------------------------------------------------------------------------

// Sets seat's bid to `cities` (each claimed for its first company) and `amount`, not yet returned.
void BidOf(RailwayPosition& position, const Game& from, int seat, const std::vector<std::string>& cities, int amount) {
  auto& bond = position.state().players[seat].bond;
  bond.amount = amount;
  bond.returned = false;
  bond.claims.clear();
  for (const std::string& name : cities) {
    const auto city = from.data().CityIndex(name);
    ASSERT_TRUE(city.has_value()) << name;
    const int number = from.data().cities[*city].share_companies.front();
    bond.claims.push_back({*city, CompanyIndexOf(from, from.data().CompanyByNumber(number)->initials)});
  }
}

std::vector<std::string> CitiesSeenBy(const Game& game, int viewer, int seat) {
  const auto view = game.View(viewer);
  const auto& cities = view.players(seat).bond().cities();
  return {cities.begin(), cities.end()};
}

// Seat 2's bid: Trichinopoly, Mysore and Madras, bond £70. Trichinopoly (the SIR's home) facing
// Sq; Madras (north station) - Qq - Bangalore, where the BNR (seat 1) has a base; Mysore, west of
// Bangalore, has no tile. With `sq` the SIR's line runs on by Sq to Madras' south station.
RailwayPosition SouthIndia2009(bool sq) {
  RailwayPosition position = Railway2009();
  position.Form("BNR", kGip).DoubleLay("BNR", DoubleLay::kPayPerUse).TurnsDone("BNR", 2)
      .Tile("Tp", "69", 3).Tile("Qq", "7", 5).Tile("Rp", "6", 1).Base("BNR", "Rp");
  if (sq) position.Tile("Sq", "4", 0);
  BidOf(position, Recorded2009AtRailwayRoundOne(), kSir, {"Trichinopoly", "Mysore", "Madras"}, 70);
  return position;
}

// 4.3.1: "a railway connection to be established between the cities named in the bid is required.
// The Company (or Companies) that construct(s) the route is not significant ... Such a connection
// may involve changing Stations in a Large City"; 4.3.2: "The player should claim his bond
// immediately the connection is completed and he should then reveal his original bid to the other
// players. He immediately gets the money back".
TEST(Contracts2009, Rule4_3_1_And4_3_2_AnyCompanysTrackCompletesTheContractAtOnce) {
  Game game = SouthIndia2009(true).Operate("BNR");
  ASSERT_FALSE(game.state().players[kSir].bond.returned);
  EXPECT_TRUE(CitiesSeenBy(game, kEir, kSir).empty()) << "secret until fulfilled";
  const int cash = game.state().players[kSir].cash;
  const int bank = game.state().bank;
  // The BNR lays Mysore: Trichinopoly - Madras (a change of station) - Bangalore - Mysore.
  Accept(game, Lay(kGip, "Rn", "69", 4));
  EXPECT_EQ(game.state().railway.step, TurnStep::kTrack) << "the BNR may still lay its second tile";
  EXPECT_TRUE(game.state().players[kSir].bond.returned) << "at the moment of the connection";
  EXPECT_EQ(game.state().players[kSir].cash, cash + 70);
  EXPECT_EQ(game.state().bank, bank + 80) << "Mysore's hill, £80; the bond was put aside, not in the bank";
  const std::vector<std::string> cities = {"Trichinopoly", "Mysore", "Madras"};
  for (int viewer : {kEir, kGip, static_cast<int>(kSpectator)}) EXPECT_EQ(CitiesSeenBy(game, viewer, kSir), cities) << viewer;
  EXPECT_FALSE(game.state().players[kGip].bond.returned) << "seat 1's bid holds Hyderabad, not linked";
}

// 4.3.1: "lengths of track of a different gauge which are not linked to any Base Station may not
// form part of such a connection." Mysore and Bangalore in metre gauge joined to Madras' north
// station by metre track; the SIR lays Sq, joining Trichinopoly to Madras' south station.
RailwayPosition MetreStretch2009() {
  RailwayPosition position = Railway2009();
  position.Tile("Tp", "69", 3).Tile("Qq", "77", 5).Tile("Rp", "76", 1).Tile("Rn", "113", 4);
  BidOf(position, Recorded2009AtRailwayRoundOne(), kSir, {"Trichinopoly", "Mysore", "Madras"}, 70);
  return position;
}

TEST(Contracts2009, Rule4_3_1_TrackOfAGaugeNoBaseIsLinkedToDoesNotCount) {
  Game game = MetreStretch2009().Operate("SIR");
  Accept(game, Lay(kSir, "Sq", "4", 0));
  EXPECT_FALSE(game.state().players[kSir].bond.returned) << "the metre stretch is linked to no base";
  Game linked = MetreStretch2009().Form("BNR", kGip).Base("BNR", "Rp").Operate("SIR");
  Accept(linked, Lay(kSir, "Sq", "4", 0));
  EXPECT_TRUE(linked.state().players[kSir].bond.returned);
}

// ---- 4.4: bases ---------------------------------------------------------------------------------

// 4.4.3: "there must be a Base somewhere on each route ... Bases prevent other Companies from
// running their trains BEYOND the Station concerned ... a Base is needed somewhere on a line which
// leads to a Railhead." The GIP's line Allahabad - Lucknow - Cawnpore with an EIR base filling
// Lucknow's one space.
TEST(Bases2009, Rule4_4_3_ABaseMakesRunsRailheadsAndBlocks) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Tile("Ht", "6", 0).Tile("Gs", "6", 5)
      .Tile("Gq", "6", 2).Base("EIR", "Gs").Trains("GIP", {"2"}).Trains("EIR", {"2"});
  const auto lays_beyond_cawnpore = [](const Game& game) {
    for (const std::string& move : ListedTrackMoves(game)) {
      for (const char* hex : {"Fp", "Go", "Hp"}) {
        if (move.find(std::string("lay ") + hex) == 0) return true;
      }
    }
    return false;
  };
  Game gip = RailwayPosition(position).Operate("GIP");
  EXPECT_FALSE(lays_beyond_cawnpore(gip)) << "the EIR's base at Lucknow cuts the GIP off Cawnpore";
  Game eir = RailwayPosition(position).DoubleLay("EIR", DoubleLay::kFromPhase2).TurnsDone("EIR", 1).Operate("EIR");
  EXPECT_TRUE(lays_beyond_cawnpore(eir)) << "Cawnpore is a railhead of the EIR through its Lucknow base";
  Game own = RailwayPosition(position).Base("GIP", "Gq").Operate("GIP");
  EXPECT_TRUE(lays_beyond_cawnpore(own)) << "a GIP base at Cawnpore makes it the GIP's railhead too";
  // Runs: the GIP's '2' may end at Lucknow but not pass it; Lucknow - Cawnpore has no GIP base.
  Game run = RailwayPosition(position).Operate("GIP", TurnStep::kRun);
  const std::string two = TrainId(run, "GIP");
  EXPECT_EQ(MustRefuse(run, Runs(kGip, {{two, {"Ht.s0", "Gs.s0", "Gq.s0"}}})).rule, "4.5.6");
  EXPECT_EQ(MustRefuse(run, Runs(kGip, {{two, {"Gs.s0", "Gq.s0"}}})).rule, "4.5.2");
  MustApply(run, Runs(kGip, {{two, {"Ht.s0", "Gs.s0"}}}, "", false));
}

// 4.4.7: "Tokens may not be placed on Stations which are the home Bases of Companies which are not
// yet running." Allahabad - Is - Jr - Nagpur: Nagpur is the BNR's home.
TEST(Bases2009, Rule4_4_7_NotOnTheHomeOfACompanyNotYetRunning) {
  RailwayPosition position = Railway2009();
  position.TurnsDone("GIP", 1).Phase(2).Tile("Ht", "6", 0).Tile("Is", "9", 0).Tile("Jr", "4", 0);
  Game one_space = RailwayPosition(position).Tile("Kq", "69", 3).Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(one_space, PlaceBase(kGip, "Kq")).rule, "4.4.7");
  // Green, with two spaces, Nagpur is still the home of a company not running (docs/rulings.md #29)...
  position.Tile("Kq", "14", 0);
  Game two_spaces = RailwayPosition(position).Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(two_spaces, PlaceBase(kGip, "Kq")).rule, "4.4.7");
  // ...until the BNR runs; its token then fills one space and the other is free.
  Game running = RailwayPosition(position).Form("BNR", kSir).Operate("GIP", TurnStep::kBase);
  Accept(running, PlaceBase(kGip, "Kq"));
}

// ---- 4.5, 4.6: runs -----------------------------------------------------------------------------

// "The Ganges line": Calcutta (50, the EIR's home) - Iaa (town 10) - Iy (plain) - Patna (yellow 20,
// the EIR's base) - Benares (green 30) - Allahabad (green 30, two spaces, the GIP's home in one) -
// Lucknow (yellow 20) - Cawnpore (yellow 20).
RailwayPosition GangesLine2009(const std::vector<std::string>& trains = {"6"}) {
  RailwayPosition position = Railway2009();
  position.Phase(4)
      .Tile("Iaa", "58", {"Jab", "Iy"})
      .Tile("Iy", "8", {"Iaa", "Hx"})
      .Tile("Hx", "6", {"Iy", "Hv"})
      .Tile("Hv", "14", {"Hx", "Ht"})
      .Tile("Ht", "15", {"Hv", "Gs"})
      .Tile("Gs", "6", {"Ht", "Gq"})
      .Tile("Gq", "69", {"Gs"})
      .Trains("EIR", trains);
  return position;
}

const std::vector<std::string> kCalcuttaToIaa = {"Jab.s0", "Iaa.s0"};                             // 60
const std::vector<std::string> kCalcuttaToPatna = {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0"};             // 80
const std::vector<std::string> kCalcuttaToBenares = {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0", "Hv.s0"};  // 110
const std::vector<std::string> kCalcuttaToLucknow = {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0", "Hv.s0", "Ht.s0", "Gs.s0"};
const std::vector<std::string> kCalcuttaToAllahabad = {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0", "Hv.s0", "Ht.s0"};
const std::vector<std::string> kPatnaToAllahabad = {"Hx.s0", "Hv.s0", "Ht.s0"};         // 80
const std::vector<std::string> kPatnaToLucknow = {"Hx.s0", "Hv.s0", "Ht.s0", "Gs.s0"};  // 100
const std::vector<std::string> kBenaresToLucknow = {"Hv.s0", "Ht.s0", "Gs.s0"};         // no EIR base

// 4.5.2: "Each run must include at least one Base Station belonging to the Company."
TEST(Runs2009, Rule4_5_2_EveryRunIncludesABaseOfTheCompany) {
  Game game = GangesLine2009({"6", "5"}).Operate("EIR", TurnStep::kRun);
  const std::string six = TrainId(game, "EIR", 0), five = TrainId(game, "EIR", 1);
  EXPECT_EQ(MustRefuse(game, Runs(kEir, {{six, kBenaresToLucknow}})).rule, "4.5.2");
  EXPECT_EQ(MustRefuse(game, Runs(kEir, {{six, kCalcuttaToPatna}, {five, kBenaresToLucknow}})).rule, "4.5.2")
      << "each run, not only one of them";
  const int treasury = Treasury(game, "EIR");
  MustApply(game, Runs(kEir, {{six, kPatnaToLucknow}}, "", false));  // Patna is the EIR's base
  EXPECT_EQ(Treasury(game, "EIR"), treasury + 100);
}

// 4.5.5: "The run must be continuous and made without reversing. It may not involve repeated visits
// to the same city even though this may, as at Delhi, have two or more different Stations. Two
// small Stations on the same tile represent different towns and may be included in the same
// route." 4.6.3: "a Station may not be missed out".
TEST(Runs2009, Rule4_5_5_And4_6_3_ContinuousNoCityTwiceNoStationSkipped) {
  Game game = GangesLine2009().Operate("EIR", TurnStep::kRun);
  const std::string six = TrainId(game, "EIR");
  EXPECT_EQ(MustRefuse(game, Runs(kEir, {{six, {"Jab.s0", "Iaa/Jab", "Iy/Iaa", "Hx/Iy", "Hx.s0"}}})).rule, "4.5.5")
      << "past the town of Iaa without calling there (4.6.3)";
  const int treasury = Treasury(game, "EIR");
  MustApply(game, Runs(kEir, {{six, kCalcuttaToPatna}}, "", false));
  EXPECT_EQ(Treasury(game, "EIR"), treasury + 50 + 10 + 20) << "every station of the run scores (4.6.3)";

  // Delhi: a loop from its east station round by Fp, Go and Jaipur back to its south-west station.
  RailwayPosition loop = Railway2009();
  loop.Form("NWR", kGip).Phase(4).Tile("Fp", "2", {"Fn", "Go"}).Tile("Go", "8", {"Fp", "Gm"}).Tile("Gm", "5", {"Go", "Fn"})
      .Base("NWR", "Gm").Trains("NWR", {"4"});
  Game delhi = loop.Operate("NWR", TurnStep::kRun);
  const std::string four = TrainId(delhi, "NWR");
  EXPECT_EQ(MustRefuse(delhi, Runs(kGip, {{four, {"Fn.s1", "Fp.s1", "Go", "Gm.s0", "Fn.s2"}}})).rule, "4.5.5");
  const int nwr = Treasury(delhi, "NWR");
  MustApply(delhi, Runs(kGip, {{four, {"Fn.s1", "Fp.s1", "Go", "Gm.s0"}}}, "", false));
  EXPECT_EQ(Treasury(delhi, "NWR"), nwr + 40 + 10 + 20);

  // The two towns of #71 on Iac after Calcutta's metre town at Iaa. The 2009 map ends at the
  // Ganges, so the tile is turned as on the Retuned map, where its far end faces Had.
  const auto retuned = LoadEdition(mailrun::v1::EDITION_RETUNED);
  ASSERT_TRUE(retuned.ok());
  RailwayPosition towns = Railway2009();
  towns.Phase(4).Tile("Iaa", "72", {"Jab", "Iac"}).Tile("Iac", "71", RotationJoining(**retuned, "Iac", "71", {"Iaa", "Had"}))
      .Trains("EIR", {"4M"});
  Game two_towns = towns.Operate("EIR", TurnStep::kRun);
  const int eir = Treasury(two_towns, "EIR");
  MustApply(two_towns, Runs(kEir, {{TrainId(two_towns, "EIR"), {"Jab.s0", "Iaa.s0", "Iac.s1", "Iac.s0"}}}, "", false));
  EXPECT_EQ(Treasury(two_towns, "EIR"), eir + 50 + 10 + 10 + 10);
}

// 4.5.6: "A train may not continue past a Station which is fully occupied by other Companies' Base
// tokens but it may start or finish at such a Station." 4.5.7: "A Station which is not fully
// occupied by other Companies' tokens may be used without restrictions."
TEST(Runs2009, Rule4_5_6_And4_5_7_FullStationsAreEndsNotPassages) {
  RailwayPosition yellow = GangesLine2009();
  yellow.Tile("Ht", "6", {"Hv", "Gs"});  // Allahabad's one space holds the GIP's home base
  Game blocked = yellow.Operate("EIR", TurnStep::kRun);
  const std::string six = TrainId(blocked, "EIR");
  EXPECT_EQ(MustRefuse(blocked, Runs(kEir, {{six, kCalcuttaToLucknow}})).rule, "4.5.6");
  MustApply(blocked, Runs(kEir, {{six, kCalcuttaToAllahabad}}));  // finishing there is fine
  // The green #15 has two spaces, one free: Allahabad may be passed (4.5.7).
  Game one_free = GangesLine2009().Operate("EIR", TurnStep::kRun);
  MustApply(one_free, Runs(kEir, {{six, kCalcuttaToLucknow}}));
  // Both taken by others (the GIP and the NWR): blocked again; starting there is fine.
  RailwayPosition full = GangesLine2009();
  full.Form("NWR", kSir).Base("NWR", "Ht");
  Game full_game = full.Operate("EIR", TurnStep::kRun);
  EXPECT_EQ(MustRefuse(full_game, Runs(kEir, {{six, kCalcuttaToLucknow}})).rule, "4.5.6");
  Game from_allahabad = RailwayPosition(full).Base("EIR", "Gs").Operate("EIR", TurnStep::kRun);
  MustApply(from_allahabad, Runs(kEir, {{six, {"Ht.s0", "Gs.s0"}}}, "", false));
  // The GIP and the EIR itself: the EIR passes its own station.
  Game own = GangesLine2009().Base("EIR", "Ht").Operate("EIR", TurnStep::kRun);
  MustApply(own, Runs(kEir, {{six, kCalcuttaToLucknow}}));
}

// 4.5.8: "No run may use the same length of track twice over"; 4.5.10: "When more than one Train is
// owned each must run on entirely separate routes although two or more routes may meet or cross at
// Stations provided that the same piece of line is not used twice over."
TEST(Runs2009, Rule4_5_8_And4_5_10_NoTrackTwice) {
  Game game = GangesLine2009({"6", "5"}).Operate("EIR", TurnStep::kRun);
  const std::string six = TrainId(game, "EIR", 0), five = TrainId(game, "EIR", 1);
  EXPECT_EQ(MustRefuse(game, Runs(kEir, {{six, {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0", "Hx/Iy", "Iy/Iaa", "Iaa.s0"}}})).rule,
            "4.5.8")
      << "back from Patna the way it came";
  EXPECT_EQ(MustRefuse(game, Runs(kEir, {{six, kCalcuttaToPatna}, {five, kCalcuttaToIaa}})).rule, "4.5.10");
  EXPECT_EQ(MustRefuse(game, Runs(kEir, {{six, kCalcuttaToBenares}, {five, kPatnaToAllahabad}})).rule, "4.5.10");
  const int treasury = Treasury(game, "EIR");
  MustApply(game, Runs(kEir, {{six, kCalcuttaToPatna}, {five, kPatnaToLucknow}}, "", false));  // they meet at Patna
  EXPECT_EQ(Treasury(game, "EIR"), treasury + 80 + 100);
}

// 4.5.10: "On the green junction tiles two railway lines converge into one where they cross the
// edge of the tile and therefore only one train may use the junction in that turn." Iy as a
// junction between Calcutta's line (Iaa), Patna and the town Iw; a brown hub (#107) lets two
// trains through on separate lines.
RailwayPosition JunctionAtIy2009(const std::string& tile, const std::vector<std::string>& lines) {
  RailwayPosition position = Railway2009();
  position.Phase(4)
      .Tile("Iaa", "58", {"Jab", "Iy"})
      .Tile("Iy", tile, lines)
      .Tile("Hx", "6", {"Iy", "Hv"})
      .Tile("Iw", "58", {"Iy", "Hv"})
      .Tile("Jz", "4", {"Iy"})
      .Trains("EIR", {"5", "4"});
  return position;
}

TEST(Runs2009, Rule4_5_10_OneTrainThroughAGreenJunction) {
  Game green = JunctionAtIy2009("82", {"Iaa", "Hx", "Iw"}).Operate("EIR", TurnStep::kRun);
  const std::string five = TrainId(green, "EIR", 0), four = TrainId(green, "EIR", 1);
  EXPECT_EQ(MustRefuse(green, Runs(kEir, {{five, {"Jab.s0", "Iaa.s0", "Iy.j0", "Iw.s0"}}, {four, {"Hx.s0", "Iy.j0", "Iaa.s0"}}}))
                .rule,
            "4.5.10");
  const int treasury = Treasury(green, "EIR");
  MustApply(green, Runs(kEir, {{five, {"Jab.s0", "Iaa.s0", "Iy.j0", "Hx.s0"}}}, "", false));
  EXPECT_EQ(Treasury(green, "EIR"), treasury + 50 + 10 + 20);
  Game brown = JunctionAtIy2009("107", {"Iaa", "Hx", "Iw", "Jz"}).Operate("EIR", TurnStep::kRun);
  const int before = Treasury(brown, "EIR");
  MustApply(brown, Runs(kEir, {{five, {"Jab.s0", "Iaa.s0", "Iy.j0", "Jz.s0"}}, {four, {"Hx.s0", "Iy.j0", "Iw.s0"}}}, "", false));
  EXPECT_EQ(Treasury(brown, "EIR"), before + (50 + 10 + 10) + (20 + 10));
}

// 4.5.9: "A train entering a Station on one line may leave on any other line". At Allahabad (green
// #15) the train comes in from Benares and leaves for Lucknow.
TEST(Runs2009, Rule4_5_9_ATrainLeavesAStationByAnyOtherLine) {
  Game game = GangesLine2009().Operate("EIR", TurnStep::kRun);
  const int treasury = Treasury(game, "EIR");
  MustApply(game, Runs(kEir, {{TrainId(game, "EIR"), kPatnaToLucknow}}, "", false));
  EXPECT_EQ(Treasury(game, "EIR"), treasury + 20 + 30 + 30 + 20);
}

// ---- 4.7: the share price ------------------------------------------------------------------------

// 4.7.2: "shares of companies that have not yet been floated do not operate and therefore do not
// yet have a market value that can change." The EIR's dividend moves its price only; the companies
// not running keep no price and are shown at par (3.1.7).
TEST(Prices2009, Rule4_7_2_ACompanyNotRunningHasNoPriceToMove) {
  RailwayPosition position = Railway2009();
  position.Tile("Iaa", "58", {"Jab", "Iy"}).Tile("Iy", "8", {"Iaa", "Hx"}).Tile("Hx", "6", {"Iy"}).Trains("EIR", {"2"});
  Game game = position.Operate("EIR", TurnStep::kRun);
  MustApply(game, Runs(kEir, {{TrainId(game, "EIR"), kCalcuttaToPatna}}));
  EXPECT_EQ(PriceOf(game, "EIR"), 104);
  const auto view = game.View(kSpectator);
  for (const char* initials : {"NWR", "BNR", "BBCI", "MSM", "ECR"}) {
    EXPECT_EQ(CompanyOf(game, initials).price_index, -1) << initials;
    bool shown = false;
    for (const auto& company : view.companies()) {
      if (company.initials() != initials) continue;
      shown = true;
      EXPECT_EQ(company.share_price(), company.par()) << initials;
    }
    EXPECT_TRUE(shown) << initials;
  }
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
