// Railway rounds (4.0): the running companies operate in TABLE 1 order, the others are left out;
// each is run by its director or, without one, its manager; a turn's steps come in the order of
// 4.0 (the first-turn double-lay choice of a major, track, bases, runs, trains), steps with nothing
// to do pass by themselves, and nothing of an earlier step is possible after it.
#include <gtest/gtest.h>

#include "tests/unit/engine/railway_position.h"

namespace mailrun::engine::t1853::testing {
namespace {

mailrun::v1::Action NoRuns(int seat) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_run_trains();
  return a;
}

TEST(OperatingOrder, RailwayRoundOneOfAppendixFourInTableOneOrder) {
  // Real play: Appendix 4's first railway round. BNR, MSM and BAR are not running.
  const GameRecord record = LoadRecord("sample_game/appendix4.json");
  const auto checkpoints = nlohmann::json::parse(ReadFixture("sample_game/appendix4.json"))["checkpoints"];
  auto created = Game::Create(record.config);
  ASSERT_TRUE(created.ok());
  Game game = std::move(*created);
  const size_t start = checkpoints.at("railway_round_1").get<size_t>();
  const size_t end = checkpoints.at("rr1_end").get<size_t>();
  std::vector<std::pair<std::string, int>> turns;  // (company, acting seat) at each new turn
  for (size_t i = 0; i < end; ++i) {
    if (i >= start && game.state().stage == Stage::kRailway) {
      const std::string company = game.data().companies[game.state().railway.company].initials;
      if (turns.empty() || turns.back().first != company) turns.push_back({company, game.ActiveSeats().at(0)});
    }
    MustApply(game, record.actions[i]);
    if (HasFatalFailure()) return;
  }
  const std::vector<std::pair<std::string, int>> expected = {
      {"EIR", kAdam}, {"GIP", kDora}, {"NWR", kBeth}, {"BBCI", kClive}, {"SIR", kEd}};
  EXPECT_EQ(turns, expected);
}

TEST(OperatingOrder, CompaniesStartedLaterTakeTheirPlaceInTheOrder) {
  RailwayPosition position;
  position.Form("BNR", kDora).Form("BAR", kBeth);
  Game after_nwr = position.Operate("NWR", TurnStep::kBuyTrains);
  Accept(after_nwr, EndStep(kBeth));
  EXPECT_EQ(after_nwr.state().railway.company, position.Index("BNR"));
  EXPECT_EQ(after_nwr.state().railway.step, TurnStep::kDoubleLayChoice) << "the BNR's first turn as a major";
  EXPECT_EQ(after_nwr.ActiveSeats(), std::vector<int>{kDora});
  Game after_sir = position.Operate("SIR", TurnStep::kBuyTrains);
  Accept(after_sir, EndStep(kEd));
  EXPECT_EQ(after_sir.state().railway.company, position.Index("BAR"));
  EXPECT_EQ(after_sir.state().railway.step, TurnStep::kTrack) << "a minor has no double-lay choice";
  EXPECT_EQ(after_sir.ActiveSeats(), std::vector<int>{kBeth});
  // The BAR is last: after it the round (phase 1: the only one of its set) is over and the
  // Elephant's holder may call an extra one (4.9).
  Game after_bar = position.Operate("BAR", TurnStep::kBuyTrains);
  Accept(after_bar, EndStep(kBeth));
  EXPECT_EQ(after_bar.state().stage, Stage::kExtraRound);
}

TEST(OperatingOrder, OnlyTheDirectorActsForTheCompany) {
  Game game = RailwayPosition().Operate("EIR", TurnStep::kDoubleLayChoice);
  EXPECT_EQ(game.ActiveSeats(), std::vector<int>{kAdam});
  for (int seat : {kBeth, kClive, kDora, kEd}) {
    EXPECT_TRUE(game.LegalActions(seat).empty()) << seat;
    const Error error = Refuse(game, ChooseDoubleLay(seat, mailrun::v1::DOUBLE_LAY_FROM_PHASE_2));
    EXPECT_EQ(error.kind, ErrorKind::kNotYourTurn) << seat;
  }
  Accept(game, ChooseDoubleLay(kAdam, mailrun::v1::DOUBLE_LAY_FROM_PHASE_2));
}

TEST(OperatingOrder, AManagerActsForACompanyWithoutADirector) {
  RailwayPosition position;
  position.Manager("EIR", kDora);
  Game game = position.Operate("EIR", TurnStep::kDoubleLayChoice);
  EXPECT_EQ(game.ActiveSeats(), std::vector<int>{kDora});
  EXPECT_EQ(Refuse(game, ChooseDoubleLay(kAdam, mailrun::v1::DOUBLE_LAY_FROM_PHASE_2)).kind, ErrorKind::kNotYourTurn);
  Accept(game, ChooseDoubleLay(kDora, mailrun::v1::DOUBLE_LAY_FROM_PHASE_2));
  Accept(game, Lay(kDora, "Iaa", "58", 5));
  EXPECT_TRUE(HasTile(game, "Iaa", "58"));
}

TEST(OperatingOrder, EachStepInTurnAndNoneAfterItsTime) {
  RailwayPosition position;
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Tile("Ht", "6", 0).Tile("Gs", "6", 5)
      .Trains("GIP", {"2"});
  Game game = position.Operate("GIP");
  // Track first: no base, run or purchase yet (4.0: the steps in order), each refusal naming the
  // step the turn is at.
  const Error base_early = Refuse(game, PlaceBase(kDora, "Gs"));
  EXPECT_EQ(base_early.rule, "4.0");
  EXPECT_EQ(base_early.message, "the GIP is at its step 'lay or promote track': 'establish a base station' comes later in its turn");
  EXPECT_EQ(Refuse(game, NoRuns(kDora)).rule, "4.0");
  EXPECT_EQ(Refuse(game, BuyTrain(kDora, "2")).rule, "4.8.1") << "trains are bought at the end of a turn";
  Accept(game, Lay(kDora, "Gq", "6", 2));  // the one lay: the track step ends by itself
  ASSERT_EQ(game.state().railway.step, TurnStep::kBase);
  // The step ended because the GIP's one tile is laid (option 1 in phase 1): that is the reason.
  const Error second_lay = Refuse(game, Lay(kDora, "Is", "9", 0));
  EXPECT_EQ(second_lay.rule, "4.1.3");
  EXPECT_EQ(second_lay.message, "the company lays one tile a turn until phase 2 (the option it chose)");
  EXPECT_EQ(Refuse(game, Promote(kDora, "Ht", "14", 1)).rule, "4.2.1") << "a promotion replaces the lays";
  EXPECT_EQ(Refuse(game, NoRuns(kDora)).rule, "4.0");
  Accept(game, PlaceBase(kDora, "Gs"));
  ASSERT_EQ(game.state().railway.step, TurnStep::kBase) << "more bases may follow (4.4.1)";
  Accept(game, EndStep(kDora));
  ASSERT_EQ(game.state().railway.step, TurnStep::kRun);
  const Error base_late = Refuse(game, PlaceBase(kDora, "Gq"));
  EXPECT_EQ(base_late.rule, "4.0");
  EXPECT_EQ(base_late.message, "the GIP's step 'establish a base station' is over: it is at 'run trains'");
  EXPECT_EQ(Refuse(game, BuyTrain(kDora, "2")).rule, "4.8.1");
  Accept(game, NoRuns(kDora));
  ASSERT_EQ(game.state().railway.step, TurnStep::kBuyTrains);
  const Error run_late = Refuse(game, NoRuns(kDora));
  EXPECT_EQ(run_late.rule, "4.0");
  EXPECT_EQ(run_late.message, "the GIP's step 'run trains' is over: it is at 'buy trains'");
  // Another player acts for no company now (4.0: each railway is controlled by its director).
  const Error other = Refuse(game, BuyTrain(kAdam, "2"));
  EXPECT_EQ(other.rule, "4.0");
  EXPECT_NE(other.message.find("is acting for the operating company"), std::string::npos) << other.message;
  Accept(game, EndStep(kDora));
  EXPECT_NE(game.state().railway.company, position.Index("GIP"));
}

TEST(OperatingOrder, StepsWithNothingToDoPassByThemselves) {
  // The SIR's first turn: one lay, no base within reach, no train to run: straight to buying trains.
  Game game = RailwayPosition().Operate("SIR");
  Accept(game, Lay(kEd, "Tp", "76", 4));
  EXPECT_EQ(game.state().railway.step, TurnStep::kBuyTrains);
  EXPECT_EQ(game.state().railway.company, RailwayPosition().Index("SIR"));
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
