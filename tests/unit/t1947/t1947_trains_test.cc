// The phases (4.0) and trains (6.15) of 1947: the bank's order of sale, the bank pool, sales
// between companies, the train limit, rusting and excess trains, with the examples of 6.15 figure
// by figure and the table "Train limit & rusting".
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/invariants.h"
#include "tests/unit/t1947/t1947_or_position.h"

namespace mailrun::engine::t1947 {
namespace {

// A space worth `value` in the top row, for a railway that operates first.
MarketCell Top(int value) {
  const auto& row = Data().market.rows[0];
  return MarketCell{0, static_cast<int>(std::find(row.begin(), row.end(), value) - row.begin())};
}

// Leaves only `cards` trains of `name` in the bank and none of the smaller ones.
void BankStartsAt(T1947Game& g, const std::string& name, int cards) {
  for (int t = 0; t < Data().TrainIndex(name); ++t) g.mutable_bank_trains()[t] = 0;
  g.mutable_bank_trains()[Data().TrainIndex(name)] = cards;
}

int Count(const std::vector<std::string>& trains, const std::string& name) {
  return static_cast<int>(std::count(trains.begin(), trains.end(), name));
}

TEST(Phases, TrainLimitAndRustingTable) {
  // 6.15.5 "Train limit & rusting", section 4 and Appendix 3's train manifest and phases summary:
  // each first train, bought at the card's price, starts its phase, sets the limit and rusts the
  // trains its card names, in companies and in the bank pool alike. The bank starts with the
  // manifest's cards (the T12's "x10 (infinite)": ten, never running out).
  struct Row { std::string train; int price; int cards; int phase; int limit; std::string rusts; int ors; int private_percent; };
  const std::vector<Row> table = {{"T2", 80, 7, 1, 4, "", 1, 100},     {"T3", 180, 6, 2, 4, "", 2, 150},
                                  {"T4", 300, 5, 3, 3, "T2", 2, 200},   {"T5", 450, 4, 4, 3, "", 3, 250},
                                  {"T6", 630, 4, 5, 2, "T3", 3, 250},   {"T8", 800, 3, 6, 2, "T4", 3, 250},
                                  {"T10", 950, 3, 7, 2, "", 3, 250},    {"T12", 1100, 10, 8, 2, "T5", 3, 250}};
  T1947Game g = OperatingWith({{"EIR", Top(146), 0, 100000, {}}, {"GIPR", Top(90), 1, 0, {}}});
  for (const Row& row : table) {
    EXPECT_EQ(g.bank_trains()[Data().TrainIndex(row.train)], row.cards) << row.train;
    EXPECT_EQ(Data().trains[Data().TrainIndex(row.train)].unlimited, row.train == "T12") << row.train;
  }
  ASSERT_EQ(Operating(g), "EIR");
  ToBuyTrains(g);
  EXPECT_EQ(g.CurrentPhase(), 1);
  for (const Row& row : table) {
    SCOPED_TRACE(row.train);
    g.mutable_railway("EIR").trains.clear();  // room under the limit; the cards leave the count below
    g.mutable_railway("GIPR").trains = {"T2", "T3", "T4", "T5"};
    if (row.train != "T2") BankStartsAt(g, row.train, row.cards);
    const int treasury = g.railway("EIR").treasury;
    Ok(g.BuyTrain(0, row.train, "", 0));
    EXPECT_EQ(g.railway("EIR").treasury, treasury - row.price);
    EXPECT_EQ(g.CurrentPhase(), row.phase);
    EXPECT_EQ(g.TrainLimit(), row.limit);
    EXPECT_EQ(Data().phases[row.phase - 1].ors, row.ors);
    EXPECT_EQ(Data().phases[row.phase - 1].private_sale_max_percent, row.private_percent);
    if (!row.rusts.empty()) {
      EXPECT_EQ(Count(g.railway("GIPR").trains, row.rusts), 0) << row.rusts << " rusts";
    }
    for (const std::string kept : {"T2", "T3", "T4", "T5"}) {
      const int t = Data().TrainIndex(kept);
      const bool rusted = Data().trains[t].rusts_in_phase && row.phase >= *Data().trains[t].rusts_in_phase;
      if (!rusted) {
        EXPECT_EQ(Count(g.railway("GIPR").trains, kept), 1) << kept << " stays";
      }
    }
    // Over the limit the GIPR must discard before anything else happens (6.15.5).
    while (!g.excess().empty()) Ok(g.DiscardTrain(1, "GIPR", g.railway("GIPR").trains.front()));
  }
  EXPECT_EQ(g.bank_trains()[Data().TrainIndex("T12")], 10);  // the T12 bought left the bank's ten
  EXPECT_EQ(g.AvailableTrain()->name, "T12");
}

TEST(Phases, TheLastT2MakesT3sAvailable) {
  // 6.15.3 example: the last T2 is bought; T3s are available at once and the same company may buy
  // one, within the train limit; the first T3 starts phase 2.
  T1947Game g = OperatingWith({{"EIR", Top(146), 0, 1000, {}}});
  g.mutable_bank_trains()[Data().TrainIndex("T2")] = 1;
  ToBuyTrains(g);
  EXPECT_EQ(g.AvailableTrain()->name, "T2");
  EXPECT_EQ(g.BuyTrain(0, "T3", "", 0).error().rule, "6.15.1");  // in order of size
  Ok(g.BuyTrain(0, "T2", "", 0));
  EXPECT_EQ(g.bank_trains()[Data().TrainIndex("T2")], 0);
  ASSERT_NE(g.AvailableTrain(), nullptr);
  EXPECT_EQ(g.AvailableTrain()->name, "T3");
  EXPECT_EQ(g.CurrentPhase(), 1);
  Ok(g.BuyTrain(0, "T3", "", 0));
  EXPECT_EQ(g.CurrentPhase(), 2);
  EXPECT_EQ(g.railway("EIR").trains, (std::vector<std::string>{"T2", "T3"}));
  EXPECT_EQ(g.railway("EIR").treasury, 1000 - 80 - 180);
}

TEST(Phases, ExcessTrainGoesToThePoolAndRustsThere) {
  // 6.15.5 first example: a company with a T4 and a T5 buys the first T6; the limit drops to two and
  // its president returns the T4 to the bank pool, from which any company may buy it at face
  // value; the first T8 rusts all T4s, that one in the bank pool included.
  T1947Game g = OperatingWith({{"EIR", Top(146), 0, 2000, {"T4", "T5"}}, {"GIPR", Top(90), 1, 2000, {}}});
  BankStartsAt(g, "T6", 4);
  ToBuyTrains(g);  // (runs are another module's: the EIR's trains stay unrun here)
  Ok(g.BuyTrain(0, "T6", "", 0));
  EXPECT_EQ(g.CurrentPhase(), 5);
  EXPECT_EQ(g.TrainLimit(), 2);
  ASSERT_EQ(g.excess(), (std::vector<int>{Data().RailwayIndex("EIR")}));
  EXPECT_EQ(g.ActivePlayer(), 0);
  EXPECT_EQ(g.Done(0).error().rule, "6.15.5");  // nothing else before the excess is discarded
  EXPECT_EQ(g.DiscardTrain(1, "EIR", "T4").error().kind, ErrorKind::kNotYourTurn);
  EXPECT_EQ(g.DiscardTrain(0, "EIR", "T8").error().rule, "6.15.5");
  Ok(g.DiscardTrain(0, "EIR", "T4"));
  EXPECT_EQ(g.railway("EIR").trains, (std::vector<std::string>{"T5", "T6"}));
  EXPECT_EQ(g.pool_trains(), (std::vector<std::string>{"T4"}));
  EXPECT_EQ(g.railway("EIR").treasury, 2000 - 630);  // no compensation
  Ok(g.Done(0));  // the EIR's turn ends: the GIPR operates
  ASSERT_EQ(Operating(g), "GIPR");
  ToBuyTrains(g);
  T1947Game bought = g;  // 6.15.3: any company may buy it at face value
  Ok(bought.BuyTrain(1, "T4", "pool", 0));
  EXPECT_EQ(bought.railway("GIPR").treasury, 2000 - 300);
  EXPECT_TRUE(bought.pool_trains().empty());
  BankStartsAt(g, "T8", 3);  // instead the GIPR buys the first T8: the T4 rusts in the pool
  Ok(g.BuyTrain(1, "T8", "", 0));
  EXPECT_EQ(g.CurrentPhase(), 6);
  EXPECT_TRUE(g.pool_trains().empty());
  EXPECT_EQ(g.rusted_trains()[Data().TrainIndex("T4")], 1);
}

TEST(Phases, NoPurchaseAtTheLimit) {
  // 6.15.5 second example: company A owns a T4 and a T5; company B buys the first T6 and the limit
  // drops to two; A cannot buy a T6 and discard its T4 (6.15.4).
  T1947Game g = OperatingWith({{"GIPR", Top(146), 1, 1000, {}}, {"EIR", Top(90), 0, 2000, {"T4", "T5"}}});
  BankStartsAt(g, "T6", 4);
  ASSERT_EQ(Operating(g), "GIPR");
  ToBuyTrains(g);
  Ok(g.BuyTrain(1, "T6", "", 0));
  EXPECT_TRUE(g.excess().empty());  // two trains are within the new limit
  Ok(g.Done(1));
  ASSERT_EQ(Operating(g), "EIR");
  ToBuyTrains(g);
  Status s = g.BuyTrain(0, "T6", "", 0);
  EXPECT_EQ(s.error().rule, "6.15.4");
  EXPECT_EQ(s.error().key, "1947.refusal.trains.at_train_limit");
  EXPECT_EQ(g.railway("EIR").trains, (std::vector<std::string>{"T4", "T5"}));
}

TEST(Trains, TheLimitCountsBeforeThePurchase) {
  // 6.15.4: a company at the limit may not buy, even a train whose phase would rust one of its own.
  T1947Game g = OperatingWith({{"EIR", Top(146), 0, 2000, {"T2", "T2", "T3", "T3"}}});
  BankStartsAt(g, "T4", 5);
  ToBuyTrains(g);
  EXPECT_EQ(g.BuyTrain(0, "T4", "", 0).error().rule, "6.15.4");
}

TEST(Trains, BetweenCompaniesAtAnAgreedPrice) {
  // 6.15.2: any price of at least Rs.1; the same president agrees at once, another one answers.
  T1947Game g = OperatingWith({{"EIR", Top(146), 0, 500, {}}, {"GIPR", Top(90), 0, 0, {"T2"}}, {"BB&CI", Top(100), 1, 0, {"T3"}}});
  ToBuyTrains(g);
  EXPECT_EQ(g.BuyTrain(0, "T2", "GIPR", 0).error().rule, "6.15.2");
  EXPECT_EQ(g.BuyTrain(0, "T3", "GIPR", 10).error().rule, "6.15.2");  // the GIPR owns no T3
  EXPECT_EQ(g.BuyTrain(0, "T2", "GIPR", 501).error().rule, "6.3");     // no credit
  Ok(g.BuyTrain(0, "T2", "GIPR", 1));
  EXPECT_EQ(g.railway("EIR").trains, (std::vector<std::string>{"T2"}));
  EXPECT_EQ(g.railway("GIPR").treasury, 1);
  Ok(g.BuyTrain(0, "T3", "BB&CI", 250));  // more than face value is an agreed price too
  ASSERT_TRUE(g.pending_train_sale());
  EXPECT_EQ(g.ActivePlayer(), 1);
  EXPECT_EQ(g.Done(0).error().kind, ErrorKind::kNotYourTurn);
  EXPECT_EQ(g.AnswerTrainSale(0, true).error().kind, ErrorKind::kNotYourTurn);
  Ok(g.AnswerTrainSale(1, false));
  EXPECT_TRUE(g.railway("BB&CI").trains.size() == 1);
  Ok(g.BuyTrain(0, "T3", "BB&CI", 250));
  Ok(g.AnswerTrainSale(1, true));
  EXPECT_EQ(g.railway("EIR").trains, (std::vector<std::string>{"T2", "T3"}));
  EXPECT_EQ(g.railway("EIR").treasury, 500 - 1 - 250);
  EXPECT_EQ(g.railway("BB&CI").treasury, 250);
  EXPECT_TRUE(CheckInvariants(g).empty());
}

TEST(Trains, BoughtOnlyInTheBuyingStep) {
  T1947Game g = OperatingWith({{"EIR", Top(146), 0, 500, {}}});
  Status s = g.BuyTrain(0, "T2", "", 0);
  EXPECT_EQ(s.error().rule, "4.2");
  EXPECT_EQ(g.BuyTrain(1, "T2", "", 0).error().kind, ErrorKind::kNotYourTurn);
  ToBuyTrains(g);
  g.mutable_railway("EIR").treasury = 79;
  // A forced purchase (6.15.5) needs a legal route: the EIR has no track, so none (6.15), and
  // the T2 is simply unaffordable (6.3).
  EXPECT_EQ(g.BuyTrain(0, "T2", "", 0).error().rule, "6.3");
  EXPECT_EQ(g.BuyTrain(0, "T9", "", 0).error().kind, ErrorKind::kMalformed);
}

TEST(Trains, ListedWithTheRulesThatApplyThem) {
  T1947Game g = OperatingWith({{"EIR", Top(146), 0, 500, {}}, {"GIPR", Top(90), 1, 0, {"T2"}}});
  ToBuyTrains(g);
  std::vector<Action1947> legal = LegalActions(g, 0);
  auto has = [&](const std::string& train, const std::string& source) {
    return std::any_of(legal.begin(), legal.end(), [&](const Action1947& a) {
      return a.kind == ActionKind::kBuyTrain && a.train == train && a.source == source;
    });
  };
  EXPECT_TRUE(has("T2", ""));
  EXPECT_TRUE(has("T2", "GIPR"));
  EXPECT_FALSE(has("T3", ""));
  EXPECT_TRUE(LegalActions(g, 1).empty());
}

TEST(Trains, InvariantsCountEveryCard) {
  T1947Game g = OperatingWith({{"EIR", Top(146), 0, 500, {"T2"}}});
  EXPECT_TRUE(CheckInvariants(g).empty());
  g.mutable_railway("EIR").trains.push_back("T2");  // a card from nowhere
  std::vector<std::string> broken = CheckInvariants(g);
  ASSERT_FALSE(broken.empty());
  EXPECT_NE(broken.front().find("8 T2 trains in all, not 7"), std::string::npos) << broken.front();
  g.mutable_railway("EIR").trains = {"T2", "T2", "T2", "T2", "T2"};
  g.mutable_bank_trains()[0] = 2;
  broken = CheckInvariants(g);
  ASSERT_EQ(broken.size(), 1u);
  EXPECT_EQ(broken.front(), "EIR holds more trains than the limit");
}

TEST(Trains, SnapshotKeepsTrainsPhaseAndOperatingRound) {
  T1947Game g = OperatingWith({{"EIR", Top(146), 0, 2000, {"T4", "T5"}}, {"GIPR", Top(90), 1, 0, {"T2"}}});
  BankStartsAt(g, "T6", 4);
  ToBuyTrains(g);
  Ok(g.BuyTrain(0, "T6", "", 0));
  auto restored = RestoreSnapshot(Data(), SnapshotJson(g));
  ASSERT_TRUE(restored.ok()) << restored.error().ToString();
  EXPECT_EQ(SnapshotJson(*restored), SnapshotJson(g));
  EXPECT_EQ(restored->CurrentPhase(), 5);
  EXPECT_EQ(restored->excess(), g.excess());
  EXPECT_EQ(restored->operating_railway(), g.operating_railway());
  EXPECT_EQ(restored->step(), OrStep::kBuyTrains);
}

}  // namespace
}  // namespace mailrun::engine::t1947
