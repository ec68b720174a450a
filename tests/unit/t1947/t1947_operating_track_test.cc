// Track, stations and workers in 1947's operating rounds, played through Apply on a game: the
// first operating round of the detailed example (8.0) from setup on, the treasury and the board
// figure by figure; the temple's bonus (6.8.2) and the workers (6.11.2-6.11.4); refusals change
// nothing; a snapshot taken mid-turn plays on as the game it came from.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/invariants.h"
#include "engine/titles/t1947/rules/operating_run.h"
#include "tests/unit/t1947/t1947_detailed_example.h"
#include "tests/unit/t1947/t1947_or_actions.h"
#include "tests/unit/t1947/t1947_or_position.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

int R(const std::string& initials) { return Data().RailwayIndex(initials); }

Action1947 StationAction(int player, std::string_view hex) {
  Action1947 a = By(player, ActionKind::kPlaceStation);
  a.hex = std::string(hex);
  return a;
}

Action1947 TempleBonus(int player, bool take, int site = 0) {
  Action1947 a = By(player, ActionKind::kChooseTempleBonus);
  a.yes = take;
  a.amount = site;
  return a;
}

Action1947 WorkerAction(int player, WorkerUse use, int stockbrokers = 0) {
  Action1947 a = By(player, ActionKind::kUseWorkers);
  a.worker_use = use;
  a.amount = stockbrokers;
  return a;
}

// Ends the operating railway's turn from its track step: no run (it has no train), then buys
// `trains` T2s from the bank and ends the turn.
void EndTurnBuyingT2s(T1947Game& g, int trains) {
  const int president = g.ActivePlayer();
  while (g.step() < OrStep::kBuyTrains) Ok(g.Done(president));
  for (int t = 0; t < trains; ++t) Ok(g.BuyTrain(president, "T2", "", 0));
  Ok(g.Done(president));
}

int Supply(const T1947Game& g, const std::string& tile) { return g.board().board.supply.at(tile); }

T1947Game FirstOperatingRound() {
  T1947Game g = DetailedExample();
  PlayAuction(g);
  PlayFirstStockRound(g);
  EXPECT_EQ(g.round(), Round::kOperatingRound);
  return g;
}

// 8.0, the first operating round, through Apply: BNR #57 and #9, ABR #6M and #8, PRC #6 and #8
// (all free), BB&CI #6M and #57 (Rs.20 terrain) and a station on the #57 (Rs.40). The first
// operating round is in the monsoon (docs/rulings.md, 1947 ruling 29): lays in the monsoon zone
// reduce the turn's revenue (6.13.3). Then on to the text's last figure: the railways' trains
// and their tokens, the BB&CI's P7 bought from Emily (3.3), Stock Round 2 turn by turn with its
// table, and the private revenue of the next operating round (3.4).
TEST(OperatingTrack, FirstOperatingRoundOfTheDetailedExample) {
  T1947Game g = DetailedExample();
  PlayAuction(g);
  // Before the operating round no track is laid (6.0).
  EXPECT_EQ(Refused(g, LayAction(kPaul, "G20", "57", {"NE", "SW"})), "1947.refusal.operating.no_operating_round");
  PlayFirstStockRound(g);
  const Board1947 start = Board1947::Start(Data());
  ASSERT_EQ(Operating(g), "BNR");
  // 6.7: the home station is the railway's first action, placed as its turn begins; free.
  EXPECT_EQ(g.board().stations[R("BNR")], (std::vector<Base>{Base{Hex("H19"), 0}}));
  EXPECT_TRUE(g.board().stations[R("ABR")].empty());
  EXPECT_EQ(g.railway("BNR").treasury, 600);
  EXPECT_EQ(Refused(g, LayAction(kRobert, "G20", "57", {"NE", "SW"})), "1947.refusal.operating.president_operates");
  Ok(Apply(g, LayAction(kPaul, "G20", "57", {"NE", "SW"})));  // Akola, through Nagpur's SW exit
  Ok(Apply(g, LayAction(kPaul, "F21", "9", {"NE", "SW"})));
  EXPECT_EQ(g.railway("BNR").treasury, 600);
  EXPECT_EQ(g.track_turn().yellow, 2);
  EXPECT_EQ(g.new_city_town_tiles(), 1);          // the #57 (6.14.2)
  EXPECT_FALSE(g.track_turn().season_reduction);  // the dry zone in the monsoon
  EXPECT_EQ(g.board().board.tiles.at(Hex("G20")).tile, "57");
  EXPECT_EQ(Supply(g, "57"), start.board.supply.at("57") - 1);
  EXPECT_EQ(Refused(g, LayAction(kPaul, "E20", "9", {"N", "S"})), "1947.refusal.track.two_tiles");
  Ok(g.Done(kPaul));
  EXPECT_EQ(Refused(g, LayAction(kPaul, "E20", "9", {"N", "S"})), "1947.refusal.operating.step_passed");
  EndTurnBuyingT2s(g, 1);
  // 8.0: "The Company has no trains and therefore does not earn any revenue, so the Stock Market
  // Token moves left one space to 90" (6.14); "The BNR purchases a T2 for Rs.80".
  EXPECT_EQ(g.MarketValue("BNR"), 90);
  EXPECT_EQ(g.railway("BNR").treasury, 520);

  ASSERT_EQ(Operating(g), "ABR");
  EXPECT_EQ(g.board().stations[R("ABR")], (std::vector<Base>{Base{Hex("S14"), 0}}));
  EXPECT_EQ(g.track_turn().yellow, 0);  // a new turn
  EXPECT_EQ(g.new_city_town_tiles(), 0);
  Ok(Apply(g, LayAction(kRobert, "S14", "6M", {"SW", "N"})));
  Ok(Apply(g, LayAction(kRobert, "R15", "8", {"NE", "S"})));
  EXPECT_EQ(g.railway("ABR").treasury, 800);
  EXPECT_TRUE(g.track_turn().season_reduction);  // the monsoon zone in the monsoon (6.13.3)
  EndTurnBuyingT2s(g, 2);
  EXPECT_EQ(g.MarketValue("ABR"), 72);  // 8.0: "moves left one space to 72"
  EXPECT_EQ(g.railway("ABR").treasury, 640);        // two T2s for Rs.160

  ASSERT_EQ(Operating(g), "PRC");
  Ok(Apply(g, LayAction(kAnna, "I32", "6", {"NW", "S"})));
  Ok(Apply(g, LayAction(kAnna, "H31", "8", {"SE", "N"})));
  EXPECT_EQ(g.railway("PRC").treasury, 660);
  EXPECT_FALSE(g.track_turn().season_reduction);
  EndTurnBuyingT2s(g, 2);
  EXPECT_EQ(g.MarketValue("PRC"), 60);  // 8.0: "moves left one space to 60"
  EXPECT_EQ(g.railway("PRC").treasury, 500);

  ASSERT_EQ(Operating(g), "BB&CI");
  EXPECT_EQ(g.railway("BB&CI").treasury, 660);
  Ok(Apply(g, LayAction(kEmily, "D21", "6M", {"SE", "N"})));
  EXPECT_EQ(g.railway("BB&CI").treasury, 660);
  {  // 6.3: no credit, even for Rs.20.
    T1947Game poor = g;
    poor.mutable_railway("BB&CI").treasury = 10;
    EXPECT_EQ(Refused(poor, LayAction(kEmily, "E22", "57", {"NW", "SE"})), "1947.refusal.track.no_credit");
  }
  Ok(Apply(g, LayAction(kEmily, "E22", "57", {"NW", "SE"})));  // Poona: Rs.20 (8.0)
  EXPECT_EQ(g.railway("BB&CI").treasury, 640);
  EXPECT_EQ(g.new_city_town_tiles(), 2);
  EXPECT_TRUE(g.track_turn().season_reduction);  // Bombay is in the monsoon zone
  EXPECT_EQ(Refused(g, StationAction(kEmily, "Z99")), "1947.refusal.track.no_such_hex");
  {
    T1947Game poor = g;
    poor.mutable_railway("BB&CI").treasury = 30;
    EXPECT_EQ(Refused(poor, StationAction(kEmily, "E22")), "1947.refusal.station.no_credit");
  }
  Ok(Apply(g, StationAction(kEmily, "E22")));  // Rs.40 (8.0)
  EXPECT_EQ(g.step(), OrStep::kPlaceStation);
  EXPECT_EQ(g.railway("BB&CI").treasury, 600);
  EXPECT_EQ(g.board().stations[R("BB&CI")], (std::vector<Base>{Base{Hex("D21"), 0}, Base{Hex("E22"), 0}}));
  EXPECT_EQ(g.station_turn().placed, 1);
  EXPECT_EQ(Refused(g, StationAction(kEmily, "D21")), "1947.refusal.station.one_per_or");
  EXPECT_EQ(g.railway("BB&CI").stockbrokers, 0);  // not its last station (6.12.1)
  // The tiles left: as t1947_Section8.FirstOperatingRoundTrackAndStations counts them.
  EXPECT_EQ(Supply(g, "57"), 10);
  EXPECT_EQ(Supply(g, "6M"), 4);
  EXPECT_EQ(Supply(g, "8"), 27);
  EXPECT_EQ(Supply(g, "9"), 33);
  EXPECT_EQ(g.board().board.tiles.size(), 8u);
  for (const char* railway : {"BNR", "ABR", "PRC", "BB&CI"}) EXPECT_FALSE(g.board().temple_connected[R(railway)]) << railway;
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});

  // No trains, no revenue: the BB&CI's token moves left to 60 (6.14). In phase 1 the P7 costs at
  // most its hammer price, Rs.120 (3.3).
  while (g.step() < OrStep::kBuyTrains) Ok(g.Done(kEmily));
  EXPECT_EQ(g.MarketValue("BB&CI"), 60);
  EXPECT_EQ(g.PrivatePriceMaximum(7), 120);
  EXPECT_EQ(Refused(g, BuyPrivateAction(kEmily, 7, 121)), "1947.refusal.privates.price_above_maximum");
  // "Buys two T2s and 1 T3 for Rs.360 (game moves to Phase 2)": the last two T2s (Rs.80 each)
  // and a T3 at Appendix 3's Rs.180, Rs.340 in all (docs/rulings.md, 1947 ruling 47).
  Ok(Apply(g, TrainAction(kEmily, "T2")));
  Ok(Apply(g, TrainAction(kEmily, "T2")));
  Ok(Apply(g, TrainAction(kEmily, "T3")));
  EXPECT_EQ(g.railway("BB&CI").treasury, 600 - 340);
  EXPECT_EQ(g.CurrentPhase(), 2);
  // "As it is now Phase 2, the Company can buy the P7 'Trading Posts' Private Company from its
  // owner Emily - the president (Emily) decides to pay herself Rs.180 Rupees (150% of its Hammer
  // Price)": 150% of Rs.120.
  EXPECT_EQ(g.PrivatePriceMaximum(7), 180);
  EXPECT_EQ(g.player(kEmily).cash, 14 + 20);  // Rs.14 after the stock round, her P1 and P7's Rs.20 (3.4)
  EXPECT_EQ(Refused(g, BuyPrivateAction(kEmily, 7, 181)), "1947.refusal.privates.price_above_maximum");
  EXPECT_EQ(Refused(g, BuyPrivateAction(kEmily, 7, 0)), "1947.refusal.privates.price_at_least_1");
  EXPECT_EQ(Refused(g, BuyPrivateAction(kRobert, 7, 180)), "1947.refusal.operating.president_operates");
  Ok(Apply(g, BuyPrivateAction(kEmily, 7, 180)));
  EXPECT_EQ(g.player(kEmily).cash, 34 + 180);
  EXPECT_EQ(g.railway("BB&CI").treasury, 260 - 180);
  EXPECT_EQ(g.private_railway(7), R("BB&CI"));
  EXPECT_EQ(g.private_owner(7), -1);
  EXPECT_EQ(g.player(kEmily).privates, std::vector<int>{1});
  EXPECT_EQ(Refused(g, BuyPrivateAction(kEmily, 7, 1)), "1947.refusal.privates.railway_owns_it");  // 3.3: never again
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
  Ok(g.Done(kEmily));  // "Pass. The Operating Round ends."

  // Stock Round 2: Paul has card 1 (the first stock round's table: Paul, Robert, Emily, Anna).
  ASSERT_EQ(g.round(), Round::kStockRound);
  EXPECT_EQ(g.order(), (std::vector<int>{kPaul, kRobert, kEmily, kAnna}));
  EXPECT_EQ(g.MarketValue("PRC"), 60);
  // Each turn Paul and Robert pass, Emily acts, Anna passes.
  auto emily_buys = [&g](const std::string& railway, bool from_pool, int cash_after) {
    Ok(g.Pass(kPaul));
    Ok(g.Pass(kRobert));
    Ok(g.Buy(kEmily, railway, from_pool));
    Ok(g.Done(kEmily));
    EXPECT_EQ(g.player(kEmily).cash, cash_after) << railway;
    Ok(g.Pass(kAnna));
  };
  emily_buys("PRC", true, 214 - 60);   // 1st turn: a PRC share from the bank pool for Rs.60
  EXPECT_EQ(g.shares().InPool(R("PRC")), 0);
  emily_buys("PRC", false, 154 - 66);  // 2nd: a PRC share from the initial offer for Rs.66 (its par)
  emily_buys("ABR", false, 88 - 80);   // 3rd: an ABR share from the initial offer for Rs.80
  // 4th turn: Emily converts her two PRC ordinary shares to savings shares (5.6.4).
  Ok(g.Pass(kPaul));
  Ok(g.Pass(kRobert));
  Ok(g.Convert(kEmily, "PRC", true));
  EXPECT_EQ(g.shares().HeldBy(kEmily, R("PRC")), 0);
  EXPECT_EQ(g.player(kEmily).savings[R("PRC")], 2);
  Ok(g.Pass(kAnna));
  // 5th turn: "All 4 players pass consecutively": with Anna's pass of the 4th turn Emily's is the
  // fourth pass in a row, which ends the round (5.1). The table: certificates (wealth points, 3.6)
  // 10, 7, 9, 7; cash 8, 30, 34 (Rs.64 here: ruling 6 carries Anna's Rs.30 on), 50. Emily's P7 is
  // the BB&CI's now.
  Ok(g.Pass(kPaul));
  Ok(g.Pass(kRobert));
  EXPECT_EQ(g.WealthPoints(kEmily), 10);
  EXPECT_EQ(g.WealthPoints(kPaul), 7);
  EXPECT_EQ(g.WealthPoints(kAnna), 9);
  EXPECT_EQ(g.WealthPoints(kRobert), 7);
  const std::vector<int> table_cash{30, 50, 8, 64};  // by seat: Paul, Robert, Emily, Anna
  for (int seat : {kPaul, kRobert, kEmily, kAnna}) EXPECT_EQ(g.player(seat).cash, table_cash[seat]) << g.player(seat).name;
  Ok(g.Pass(kEmily));
  // Priority: Paul 1, Robert 2, Anna 3, Emily 4.
  ASSERT_EQ(g.round(), Round::kOperatingRound);
  EXPECT_EQ(g.order(), (std::vector<int>{kPaul, kRobert, kAnna, kEmily}));
  // Operating Round 1 of 2 (phase 2: two rounds): "Emily receives Rs.10 (1 Private). Anna receives
  // Rs.30 Rupees (3 Privates). Paul receives Rs.10 Rupees (1 Privates). Robert receives Rs.20
  // Rupees (2 Privates)." The BB&CI's P7 pays nothing (3.1.1, 3.4).
  EXPECT_EQ(g.operating_rounds_in_set(), 2);
  const std::vector<int> revenue{10, 20, 10, 30};
  for (int seat : {kPaul, kRobert, kEmily, kAnna}) EXPECT_EQ(g.player(seat).cash, table_cash[seat] + revenue[seat]) << g.player(seat).name;
  EXPECT_EQ(g.railway("BB&CI").treasury, 80);
  EXPECT_EQ(Operating(g), "BNR");  // "Bengal Nagpur Railway operates first"
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
}

// A snapshot taken in the middle of a tile action restores the board and the turn, and the
// restored game goes on exactly as the original.
TEST(OperatingTrack, SnapshotMidTurnPlaysOn) {
  T1947Game g = FirstOperatingRound();
  Ok(Apply(g, LayAction(kPaul, "G20", "57", {"NE", "SW"})));
  auto restored = RestoreSnapshot(Data(), SnapshotJson(g));
  ASSERT_TRUE(restored.ok()) << restored.error().ToString();
  EXPECT_EQ(SnapshotJson(*restored), SnapshotJson(g));
  EXPECT_EQ(restored->track_turn().yellow, 1);
  EXPECT_EQ(restored->track_turn().laid_this_action, std::vector<HexCoord>{Hex("G20")});
  EXPECT_EQ(restored->new_city_town_tiles(), 1);
  EXPECT_EQ(restored->board().stations[R("BNR")], g.board().stations[R("BNR")]);
  for (T1947Game* game : {&g, &*restored}) {
    Ok(Apply(*game, LayAction(kPaul, "F21", "9", {"NE", "SW"})));
    EXPECT_EQ(Refused(*game, LayAction(kPaul, "E20", "9", {"N", "S"})), "1947.refusal.track.two_tiles");
  }
  EXPECT_EQ(SnapshotJson(*restored), SnapshotJson(g));
}

bool SameAction(const Action1947& a, const Action1947& b) {
  return a.kind == b.kind && a.player == b.player && a.hex == b.hex && a.tile == b.tile && a.rotation == b.rotation &&
         a.worker_use == b.worker_use && a.amount == b.amount && a.yes == b.yes;
}

int Listed(const std::vector<Action1947>& legal, ActionKind kind) {
  return static_cast<int>(std::count_if(legal.begin(), legal.end(), [&](const Action1947& a) { return a.kind == kind; }));
}

// Every action listed applies to a copy of the game; `must` are among them.
void ListedAndApplying(const T1947Game& g, int player, std::initializer_list<Action1947> must) {
  const std::vector<Action1947> legal = LegalActions(g, player);
  for (const Action1947& a : legal) {
    T1947Game copy = g;
    Status s = Apply(copy, a);
    EXPECT_TRUE(s.ok()) << Describe(g, a).text << ": " << s.error().ToString();
    const std::vector<std::string> broken = CheckInvariants(copy);
    EXPECT_TRUE(broken.empty()) << Describe(g, a).text << ": " << broken.front();
  }
  for (const Action1947& a : must) {
    EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [&](const Action1947& l) { return SameAction(l, a); })) << Describe(g, a).text;
  }
}

// 6.4, 6.7, 6.11 in the legal-action list: the president's lays, stations and workers now, each
// one applying, each described with its cost; nobody else's.
TEST(OperatingTrack, LegalActionsListLaysStationsAndWorkers) {
  T1947Game g = FirstOperatingRound();
  const Action1947 akola = LayAction(kPaul, "G20", "57", {"NE", "SW"});
  EXPECT_EQ(Describe(g, akola).text, "Paul: lay #57 on G20 rotation " + std::to_string(akola.rotation) + " for Rs.0");
  EXPECT_EQ(Describe(g, akola).structured.key(), "1947.action.lay_track");
  std::vector<Action1947> legal = LegalActions(g, kPaul);
  EXPECT_GT(Listed(legal, ActionKind::kLayTrack), 1);
  EXPECT_EQ(Listed(legal, ActionKind::kPlaceStation), 0);  // no city reached yet
  EXPECT_EQ(Listed(legal, ActionKind::kUseWorkers), 0);    // Paul employs no workers
  EXPECT_EQ(Listed(legal, ActionKind::kDone), 1);
  EXPECT_EQ(Listed(LegalActions(g, kRobert), ActionKind::kLayTrack), 0);
  ListedAndApplying(g, kPaul, {akola});
  Ok(Apply(g, akola));
  ListedAndApplying(g, kPaul, {LayAction(kPaul, "F21", "9", {"NE", "SW"})});
  Ok(Apply(g, LayAction(kPaul, "F21", "9", {"NE", "SW"})));
  legal = LegalActions(g, kPaul);
  EXPECT_EQ(Listed(legal, ActionKind::kLayTrack), 0);  // two tiles laid (6.4)
  EXPECT_EQ(Listed(legal, ActionKind::kPlaceStation), 1);  // Akola, Rs.40
  EXPECT_EQ(Describe(g, StationAction(kPaul, "G20")).text, "Paul: place a station on G20 for Rs.40");
  ListedAndApplying(g, kPaul, {StationAction(kPaul, "G20")});
  EndTurnBuyingT2s(g, 1);
  for (const auto& [president, lays] : std::vector<std::pair<int, std::vector<Action1947>>>{
           {kRobert, {LayAction(kRobert, "S14", "6M", {"SW", "N"}), LayAction(kRobert, "R15", "8", {"NE", "S"})}},
           {kAnna, {LayAction(kAnna, "I32", "6", {"NW", "S"}), LayAction(kAnna, "H31", "8", {"SE", "N"})}}}) {
    for (const Action1947& lay : lays) {
      ListedAndApplying(g, president, {lay});
      Ok(Apply(g, lay));
    }
    EndTurnBuyingT2s(g, 2);
  }
  ASSERT_EQ(Operating(g), "BB&CI");
  g.mutable_player(kEmily).workers = 3;
  const Action1947 bombay = LayAction(kEmily, "D21", "6M", {"SE", "N"});
  const Action1947 poona = LayAction(kEmily, "E22", "57", {"NW", "SE"});
  ListedAndApplying(g, kEmily, {bombay, WorkerAction(kEmily, WorkerUse::kSecondTileAction),
                                WorkerAction(kEmily, WorkerUse::kSecondStation), WorkerAction(kEmily, WorkerUse::kStockbrokers, 1)});
  Ok(Apply(g, bombay));
  EXPECT_EQ(Describe(g, poona).text, "Emily: lay #57 on E22 rotation " + std::to_string(poona.rotation) + " for Rs.20");
  ListedAndApplying(g, kEmily, {poona});
  Ok(Apply(g, poona));
  ListedAndApplying(g, kEmily, {StationAction(kEmily, "E22")});
  EXPECT_EQ(Describe(g, StationAction(kEmily, "E22")).text, "Emily: place a station on E22 for Rs.40");
  EXPECT_EQ(Describe(g, WorkerAction(kEmily, WorkerUse::kStockbrokers, 1)).text, "Emily: turn 3 workers into 1 stockbrokers");
  Ok(Apply(g, StationAction(kEmily, "E22")));
  // A station not legal now is described without a price.
  EXPECT_EQ(Describe(g, StationAction(kEmily, "E22")).structured.key(), "1947.action.place_station_unpriced");
  EXPECT_EQ(Listed(LegalActions(g, kEmily), ActionKind::kPlaceStation), 0);  // one a round (6.7.2)
}

// The BB&CI's data with its temple moved next to Poona (E24, a hill), so that a worker's second
// tile action reaches it in the first turn.
const T1947Data& TempleNearPoona() {
  static const T1947Data data = [] {
    T1947Data d = Data();
    d.railways[d.RailwayIndex("BB&CI")].temple = "E24";
    return d;
  }();
  return data;
}

// 6.8.2: the temple connected by a lay pays the treasury Rs.100 at once. 6.11.3: a worker gives a
// second tile action; 6.11.2: a second station; 6.11.4: three workers make a stockbroker. Each
// worker is retired; each refusal changes nothing.
TEST(OperatingTrack, TempleBonusAndWorkers) {
  constexpr int kCat = 2;
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kCat, 500, {}}}, TempleNearPoona());
  g.mutable_player(kCat).workers = 3;
  ASSERT_EQ(Operating(g), "BB&CI");
  Ok(Apply(g, LayAction(kCat, "D21", "6M", {"SE", "N"})));
  Ok(Apply(g, LayAction(kCat, "E22", "6", {"NW", "S"})));
  EXPECT_EQ(g.railway("BB&CI").treasury, 480);
  EXPECT_EQ(Refused(g, LayAction(kCat, "E24", "9", {"N", "S"})), "1947.refusal.track.two_tiles");
  Ok(Apply(g, WorkerAction(kCat, WorkerUse::kSecondTileAction)));
  EXPECT_EQ(g.player(kCat).workers, 2);
  EXPECT_EQ(g.track_turn().action, 1);
  EXPECT_EQ(g.step(), OrStep::kLayTrack);
  EXPECT_EQ(Refused(g, WorkerAction(kCat, WorkerUse::kSecondTileAction)), "1947.refusal.track.one_worker_action");
  EXPECT_FALSE(g.board().temple_connected[R("BB&CI")]);
  Ok(Apply(g, LayAction(kCat, "E24", "9", {"N", "S"})));  // the hill: Rs.20; the temple: Rs.100
  EXPECT_TRUE(g.board().temple_connected[R("BB&CI")]);
  EXPECT_EQ(g.railway("BB&CI").treasury, 480 - 20 + 100);
  // The president now takes the free expatriation bonus of a site not yet reached, or refuses it
  // (6.8.2): nothing else first. The charter's first box is Rs.60 (ruling 27); Persia counts as
  // reached and keeps its worker for others.
  ASSERT_EQ(g.temple_choice(), std::optional<int>(R("BB&CI")));
  EXPECT_EQ(g.Done(kCat).error().key, "1947.refusal.operating.temple_bonus_first");
  EXPECT_EQ(Refused(g, StationAction(kCat, "E22")), "1947.refusal.operating.temple_bonus_first");
  EXPECT_EQ(Refused(g, TempleBonus(0, true)), "1947.refusal.operating.president_operates");
  EXPECT_EQ(Refused(g, TempleBonus(kCat, true, 11)), "1947.refusal.temple.no_such_site");
  EXPECT_EQ(Describe(g, TempleBonus(kCat, true, 0)).text, "Cat: take the temple's expatriation bonus, counting Persia as reached");
  ListedAndApplying(g, kCat, {TempleBonus(kCat, false), TempleBonus(kCat, true, 0), TempleBonus(kCat, true, 10)});
  EXPECT_EQ(Listed(LegalActions(g, kCat), ActionKind::kChooseTempleBonus), 12);
  EXPECT_EQ(Listed(LegalActions(g, kCat), ActionKind::kLayTrack), 0);
  {
    auto restored = RestoreSnapshot(TempleNearPoona(), SnapshotJson(g));
    ASSERT_TRUE(restored.ok()) << restored.error().ToString();
    EXPECT_EQ(restored->temple_choice(), g.temple_choice());
  }
  Ok(Apply(g, TempleBonus(kCat, true, 0)));
  EXPECT_EQ(g.railway("BB&CI").treasury, 560 + 60);
  EXPECT_TRUE(g.board().sites_reached[R("BB&CI")][0]);
  EXPECT_EQ(g.board().site_workers[0], 1);
  EXPECT_EQ(g.temple_choice(), std::nullopt);
  EXPECT_EQ(Refused(g, TempleBonus(kCat, true, 1)), "1947.refusal.temple.no_choice_due");
  Ok(g.Done(kCat));
  Ok(Apply(g, StationAction(kCat, "E22")));
  EXPECT_EQ(g.railway("BB&CI").treasury, 620 - 40);
  EXPECT_EQ(Refused(g, WorkerAction(kCat, WorkerUse::kSecondTileAction)), "1947.refusal.workers.tile_action_after_track");
  EXPECT_EQ(Refused(g, StationAction(kCat, "D21")), "1947.refusal.station.one_per_or");
  Ok(Apply(g, WorkerAction(kCat, WorkerUse::kSecondStation)));
  EXPECT_EQ(g.player(kCat).workers, 1);
  EXPECT_TRUE(g.station_turn().worker);
  EXPECT_EQ(g.step(), OrStep::kPlaceStation);
  EXPECT_EQ(Refused(g, StationAction(kCat, "D21")), "1947.refusal.station.two_in_one_city");  // the count allows a second now
  EXPECT_EQ(Refused(g, WorkerAction(kCat, WorkerUse::kSecondStation)), "1947.refusal.workers.second_station_once");
  Ok(g.Done(kCat));
  EXPECT_EQ(Refused(g, WorkerAction(kCat, WorkerUse::kSecondStation)), "1947.refusal.workers.station_after_stations");
  EXPECT_EQ(Refused(g, WorkerAction(kCat, WorkerUse::kStockbrokers, 1)), "1947.refusal.workers.not_enough");
  EXPECT_EQ(Refused(g, WorkerAction(kCat, WorkerUse::kStockbrokers, 0)), "1947.refusal.workers.no_stockbrokers_asked");
  g.mutable_player(kCat).workers = 7;
  Ok(Apply(g, WorkerAction(kCat, WorkerUse::kStockbrokers, 2)));
  EXPECT_EQ(g.player(kCat).workers, 1);
  EXPECT_EQ(g.railway("BB&CI").stockbrokers, 2);
  EXPECT_EQ(g.step(), OrStep::kUseWorkers);
  Ok(g.Done(kCat));
  EXPECT_EQ(Refused(g, WorkerAction(kCat, WorkerUse::kStockbrokers, 1)), "1947.refusal.operating.step_passed");
}

// 6.10: workers employed in a turn (here the temple's free bonus at the charter's sixth box) serve
// from the next operating turn on, for any railway their player presides (6.11's note).
TEST(OperatingTrack, NewWorkersServeFromTheNextTurn) {
  constexpr int kCat = 2;
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kCat, 500, {}}, {"EIR", Space(0, 90), kCat, 500, {}}}, TempleNearPoona());
  for (int site = 0; site < 5; ++site) g.mutable_board().sites_reached[R("BB&CI")][site] = true;
  g.mutable_player(kCat).workers = 1;
  Ok(Apply(g, LayAction(kCat, "D21", "6M", {"SE", "N"})));
  Ok(Apply(g, LayAction(kCat, "E22", "6", {"NW", "S"})));
  Ok(Apply(g, WorkerAction(kCat, WorkerUse::kSecondTileAction)));
  Ok(Apply(g, LayAction(kCat, "E24", "9", {"N", "S"})));
  Ok(Apply(g, TempleBonus(kCat, true, 5)));  // Ceylon; the sixth box: one worker
  EXPECT_EQ(g.railway("BB&CI").treasury, 500 - 20 - 20 + 100);
  EXPECT_EQ(g.player(kCat).workers, 0);
  EXPECT_EQ(g.player(kCat).new_workers, 1);
  EXPECT_EQ(Refused(g, WorkerAction(kCat, WorkerUse::kSecondStation)), "1947.refusal.workers.not_enough");
  auto restored = RestoreSnapshot(TempleNearPoona(), SnapshotJson(g));
  ASSERT_TRUE(restored.ok()) << restored.error().ToString();
  EXPECT_EQ(restored->player(kCat).new_workers, 1);
  EndTurnBuyingT2s(g, 1);
  ASSERT_EQ(Operating(g), "EIR");
  EXPECT_EQ(g.player(kCat).workers, 1);
  EXPECT_EQ(g.player(kCat).new_workers, 0);
  Ok(Apply(g, WorkerAction(kCat, WorkerUse::kSecondStation)));
  EXPECT_EQ(g.player(kCat).workers, 0);
}

// The 1947 data with the BB&CI given the SIR's charter of five stations, to play the SIR's
// stations from Bombay.
const T1947Data& SirsCharterInBombay() {
  static const T1947Data data = [] {
    T1947Data d = Data();
    d.railways[d.RailwayIndex("BB&CI")].station_costs = d.Railway("SIR")->station_costs;
    return d;
  }();
  return data;
}

// The BB&CI (Cat, Rs.500) with `elsewhere` stations on the map besides its home lays Bombay and
// Poona (Rs.20) and places a station on Poona, through Apply.
T1947Game StationOnPoona(const T1947Data& data, int elsewhere) {
  constexpr int kCat = 2;
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kCat, 500, {}}}, data);
  const std::vector<std::string> cities = {"H27", "I32", "G20"};
  for (int i = 0; i < elsewhere; ++i) g.mutable_board().stations[R("BB&CI")].push_back(Base{Hex(cities[i]), 0});
  Ok(Apply(g, LayAction(kCat, "D21", "6M", {"SE", "N"})));
  Ok(Apply(g, LayAction(kCat, "E22", "6", {"NW", "S"})));
  Ok(g.Done(kCat));
  Ok(Apply(g, StationAction(kCat, "E22")));
  return g;
}

// 6.7: each station costs the charter's next price, "Rs.40 or Rs.100", the home free; "with the
// placement of the fourth station the Company receives a stockbroker": the last of a charter of
// four (6.12.1), the fourth of the SIR's five (Appendix 1: "or the 4th for the South Indian
// Railway Company"); docs/rulings.md, 1947.
TEST(OperatingTrack, TheFourthStationBringsAStockbroker) {
  for (const RailwayDef& r : Data().railways) {
    ASSERT_EQ(r.station_costs.size(), r.initials == "SIR" ? 5u : 4u) << r.initials;
    EXPECT_EQ(r.station_costs[0], 0) << r.initials;
    for (size_t i = 1; i < r.station_costs.size(); ++i) {
      EXPECT_TRUE(r.station_costs[i] == 40 || r.station_costs[i] == 100) << r.initials << " " << r.station_costs[i];
    }
  }
  struct Case { const T1947Data* data; int elsewhere; int cost; int stockbrokers; };
  const std::vector<Case> cases = {
      {&Data(), 0, 40, 0},                // the second of four
      {&Data(), 1, 100, 0},               // the third
      {&Data(), 2, 100, 1},               // the fourth and last
      {&SirsCharterInBombay(), 1, 40, 0},  // the SIR's third (0, 40, 40, 100, 100)
      {&SirsCharterInBombay(), 2, 100, 1}, // the SIR's fourth: the stockbroker
      {&SirsCharterInBombay(), 3, 100, 0}, // the SIR's fifth and last: none more
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::to_string(c.elsewhere + 2) + " stations");
    T1947Game g = StationOnPoona(*c.data, c.elsewhere);
    EXPECT_EQ(g.board().stations[R("BB&CI")].size(), static_cast<size_t>(c.elsewhere + 2));
    EXPECT_EQ(g.railway("BB&CI").treasury, 480 - c.cost);
    EXPECT_EQ(g.railway("BB&CI").stockbrokers, c.stockbrokers);
  }
}

// 6.8: a temple connected by other railways' track is found when the railway's turn begins.
TEST(OperatingTrack, TempleVerifiedWhenTheTurnBegins) {
  // The EIR below the BB&CI even after both move left without trains (6.14).
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), 2, 500, {}}, {"EIR", Space(1, 80), 0, 500, {}}}, TempleNearPoona());
  ASSERT_EQ(Operating(g), "BB&CI");
  EXPECT_EQ(g.railway("BB&CI").treasury, 500);
  // Track from Bombay to the temple (as if the BB&CI had laid it in an earlier round).
  T1947Game laid = g;
  Board1947& b = laid.mutable_board();
  b.board.tiles.Set(Hex("D21"), PlacedTile{"6M", Rotation("6M", {"SE", "N"})});
  b.board.tiles.Set(Hex("E22"), PlacedTile{"6", Rotation("6", {"NW", "S"})});
  b.board.tiles.Set(Hex("E24"), PlacedTile{"9", Rotation("9", {"N", "S"})});
  // The next operating round: the BB&CI's turn verifies the connection and pays the bonus.
  EndTurnBuyingT2s(laid, 1);
  ASSERT_EQ(Operating(laid), "EIR");
  EndTurnBuyingT2s(laid, 1);
  ASSERT_EQ(laid.round(), Round::kStockRound);
  laid.StartOperatingRoundsForTest();
  ASSERT_EQ(Operating(laid), "BB&CI");
  EXPECT_TRUE(laid.board().temple_connected[R("BB&CI")]);
  EXPECT_EQ(laid.railway("BB&CI").treasury, 500 - 80 + 100);
  Ok(Apply(laid, TempleBonus(2, false)));  // refused: nothing more, no site counted
  EXPECT_EQ(laid.temple_choice(), std::nullopt);
  EXPECT_EQ(laid.railway("BB&CI").treasury, 520);
  EXPECT_EQ(laid.board().sites_reached[R("BB&CI")], std::vector<bool>(Data().sites.size(), false));
}

// 6.8.3: a railway that becomes operational (floats, 5.2.1) after the first T8 has no temple: no
// reduction (its temple counts as connected) and no bonus. One floated before keeps its temple and
// its reduction, even when its first turn comes after the T8 was bought (docs/rulings.md, 1947
// ruling 59).
TEST(OperatingTrack, NoTempleAfterTheFirstT8) {
  T1947Game g = OperatingWith({{"EIR", Space(0, 146), 0, 2000, {}}, {"GIPR", Space(0, 100), 1, 500, {}}});
  ASSERT_EQ(Operating(g), "EIR");
  for (int t = 0; t < Data().TrainIndex("T8"); ++t) g.mutable_bank_trains()[t] = 0;
  while (g.step() < OrStep::kBuyTrains) Ok(g.Done(0));
  Ok(g.BuyTrain(0, "T8", "", 0));
  EXPECT_EQ(g.CurrentPhase(), 6);
  Ok(g.Done(0));
  ASSERT_EQ(Operating(g), "GIPR");
  EXPECT_EQ(g.board().stations[R("GIPR")], (std::vector<Base>{Base{Hex("G8"), 0}}));
  EXPECT_FALSE(g.board().temple_connected[R("GIPR")]);  // operational before the T8
  EXPECT_TRUE(RunTurnNow(g, R("GIPR")).temple_reduction);  // its first run is cut by 20% (6.8.1)
  OperatingHooks hooks = g.hooks();  // the route question is the route graph's: no route, no train
  hooks.has_legal_route = [](const T1947Game&, int) -> Result<bool> { return false; };
  g.set_hooks(hooks);
  EndTurnBuyingT2s(g, 0);
  // The next stock round floats the PRC (as StockRoundWith floats railways); its first operating
  // round has no temple for it.
  ASSERT_EQ(g.round(), Round::kStockRound);
  Railway1947& prc = g.mutable_railway("PRC");
  prc.president_sold = true;
  prc.operational = true;
  prc.token = Space(0, 100);
  prc.par = 100;
  g.mutable_shares().Move(ShareHolder::Bank(), ShareHolder::Player(2), R("PRC"), 6);
  prc.treasury = 1000;
  g.mutable_player(2).president[R("PRC")] = true;
  g.StartOperatingRoundsForTest();
  EXPECT_TRUE(g.board().temple_connected[R("PRC")]);
  EXPECT_FALSE(g.board().temple_connected[R("GIPR")]);
  EXPECT_FALSE(g.board().temple_connected[R("EIR")]);
  EXPECT_EQ(g.railway("PRC").treasury, 1000);  // and no bonus when its turn comes
}

// The invariants count the board: a tile lost from the supply, a railway's second station in a
// city, more stations than the charter holds.
TEST(OperatingTrack, InvariantsCountTheBoard) {
  T1947Game g = FirstOperatingRound();
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
  T1947Game lost = g;
  --lost.mutable_board().board.supply["57"];
  EXPECT_EQ(CheckInvariants(lost), std::vector<std::string>{"11 tiles 57 in all, not 12"});
  T1947Game twice = g;
  twice.mutable_board().stations[R("BNR")].push_back(Base{Hex("H19"), 0});
  EXPECT_EQ(CheckInvariants(twice), (std::vector<std::string>{"BNR has two stations on H19", "H19 holds more stations than its spaces"}));
  T1947Game many = g;
  for (const char* hex : {"G20", "E22", "I32", "D21"}) many.mutable_board().stations[R("BNR")].push_back(Base{Hex(hex), 0});
  EXPECT_EQ(CheckInvariants(many), std::vector<std::string>{"BNR has more stations than its charter"});
}

}  // namespace
}  // namespace mailrun::engine::t1947
