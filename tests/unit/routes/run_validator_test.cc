// The run validator, rule by rule: each way a run or a set of runs can be illegal, with the rule
// number and the player's words, and the scores of legal runs (4.6.2, 4.6.6).
#include "engine/core/routes/run_validator.h"

#include <gtest/gtest.h>

#include "tests/unit/routes/test_board.h"

namespace mailrun::engine::routes {
namespace {

using testing::RunOf;
using testing::TestBoard;
using testing::Train;

// A line of five hexes in row A:  Aa.s0 (base, 20) - Ac.s0 (town 10) - Ae.s0 (30) - Ag.s0 (40) - Ai.s0
// (town 10); the last hex's track is metre gauge. Ac also has a second town Ac.s1 with a spur
// to the edge Aa/Ac (for reversing), and Ae a converging junction Ae.j0 towards row B.
class ValidatorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    aa_ = b_.Hex(0, 1);
    ac_ = b_.Hex(0, 3);
    ae_ = b_.Hex(0, 5);
    ag_ = b_.Hex(0, 7);
    ai_ = b_.Hex(0, 9);
    int a = b_.City(aa_, 0, 20, 0, /*base=*/true);
    b_.Link(a, aa_, ac_);
    int t = b_.Town(ac_, 0, 10);
    b_.Link(t, ac_, aa_);
    b_.Link(t, ac_, ae_);
    int spur = b_.Town(ac_, 1, 10);
    b_.Link(spur, ac_, aa_);
    e_ = b_.City(ae_, 0, 30, 1);
    b_.Link(e_, ae_, ac_);
    b_.Link(e_, ae_, ag_);
    g_ = b_.City(ag_, 0, 40, 2);
    b_.Link(g_, ag_, ae_);
    b_.Link(g_, ag_, ai_, Gauge::kDual);
    int i = b_.Town(ai_, 0, 10);
    b_.Link(i, ai_, ag_, Gauge::kMetre);
    trains_ = {Train("T2", "2"), Train("T3", "3"), Train("M1", "1M"), Train("M4", "4M")};
  }

  Result<RunPlan> Check(const std::vector<SubmittedRun>& runs, std::string_view mail = "",
                        const RunConstraints& constraints = {}) {
    return ValidateRuns(b_.g, trains_, runs, mail, constraints);
  }

  void ExpectIllegal(const std::vector<SubmittedRun>& runs, const std::string& rule, const std::string& message,
                     std::string_view mail = "") {
    Result<RunPlan> result = Check(runs, mail);
    ASSERT_FALSE(result.ok()) << "accepted";
    EXPECT_EQ(result.error().kind, ErrorKind::kIllegal);
    EXPECT_EQ(result.error().rule, rule);
    EXPECT_EQ(result.error().message, message);
  }

  TestBoard b_;
  int aa_ = 0, ac_ = 0, ae_ = 0, ag_ = 0, ai_ = 0;
  int e_ = 0, g_ = 0;
  std::vector<TrainSpec> trains_;
};

TEST_F(ValidatorTest, ScoresALegalRunAndTheMail) {
  Result<RunPlan> plan = Check({RunOf("T2", {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0"})}, "T2");
  ASSERT_TRUE(plan.ok()) << plan.error().ToString();
  EXPECT_EQ(plan->run_revenue, 60);   // 4.6.2: 20 + 10 + 30
  EXPECT_EQ(plan->mail_revenue, 50);  // 4.6.6: first + last
  EXPECT_EQ(plan->total(), 110);
  ASSERT_EQ(plan->runs.size(), 1u);
  EXPECT_EQ(DescribeRun(b_.g, plan->runs[0]), "Aa.s0-Aa/Ac-Ac.s0-Ac/Ae-Ae.s0");
}

TEST_F(ValidatorTest, NoRunsIsLegalAndEarnsNothing) {
  Result<RunPlan> plan = Check({});
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->total(), 0);
}

TEST_F(ValidatorTest, TooManyLargeStations) {
  ExpectIllegal({RunOf("T2", {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0", "Ae/Ag", "Ag.s0"})}, "4.5.4",
                "a '2' train may call at no more than 2 large stations; this run calls at 3");
  EXPECT_TRUE(Check({RunOf("T3", {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0", "Ae/Ag", "Ag.s0"})}).ok());
}

TEST_F(ValidatorTest, RunWithoutTheCompanysBase) {
  ExpectIllegal({RunOf("T2", {"Ae.s0", "Ae/Ag", "Ag.s0"})}, "4.5.2",
                "each run must include one of the company's bases; the run of the '2' train includes none");
}

TEST_F(ValidatorTest, WrongGauge) {
  ExpectIllegal({RunOf("T3", {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0", "Ae/Ag", "Ag.s0", "Ag/Ai", "Ai.s0"})},
                "4.5.3",
                "the track from Ai.s0 to Ag/Ai is metre gauge; the '3' train is a broad gauge train and cannot use it");
  // A metre train cannot use the broad track either.
  Result<RunPlan> metre = Check({RunOf("M4", {"Aa.s0", "Aa/Ac", "Ac.s0"})});
  ASSERT_FALSE(metre.ok());
  EXPECT_EQ(metre.error().rule, "4.5.3");
}

TEST_F(ValidatorTest, NotContinuous) {
  ExpectIllegal({RunOf("T2", {"Aa.s0", "Ac.s0"})}, "4.5.5",
                "the run of the '2' train is not continuous: no track joins Aa.s0 and Ac.s0");
}

TEST_F(ValidatorTest, MustStartAndFinishAtStations) {
  ExpectIllegal({RunOf("T2", {"Aa.s0", "Aa/Ac"})}, "4.5.4",
                "a run must start and finish at a station; Aa/Ac is not a station");
}

TEST_F(ValidatorTest, AtLeastTwoStations) {
  ExpectIllegal({RunOf("T2", {"Aa.s0"})}, "4.5.4",
                "a run must include at least two stations; the run of the '2' train names 1 place(s)");
}

TEST_F(ValidatorTest, NoReversingAtATileEdge) {
  // From the spur town to the line's town, turning back at the edge Aa/Ac: both paths lie on Ac.
  ExpectIllegal({RunOf("T2", {"Ac.s1", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0"})}, "4.5.5",
                "the run of the '2' train reverses at the tile edge Aa/Ac: it must cross into the next hex");
}

TEST_F(ValidatorTest, SameTrackTwice) {
  ExpectIllegal({RunOf("T3", {"Aa.s0", "Aa/Ac", "Ac.s0", "Aa/Ac", "Aa.s0"})}, "4.5.8",
                "the run of the '3' train uses the track from Ac.s0 to Aa/Ac twice");
}

TEST_F(ValidatorTest, BlockedStationMayEndARunButNotBePassed) {
  b_.Info(e_).blocked = true;
  ExpectIllegal({RunOf("T3", {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0", "Ae/Ag", "Ag.s0"})}, "4.5.6",
                "Ae.s0 is fully occupied by other companies' bases: a run may start or finish there but not "
                "continue past it");
  EXPECT_TRUE(Check({RunOf("T3", {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0"})}).ok());  // 4.5.6: may finish
}

TEST_F(ValidatorTest, TerminalStationMayEndARunButNotBePassed) {
  b_.Info(e_).terminal = true;
  ExpectIllegal({RunOf("T3", {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0", "Ae/Ag", "Ag.s0"})}, "4.2.12",
                "Ae.s0 is a terminal station: a run may start or finish there but not pass through it");
  EXPECT_TRUE(Check({RunOf("T3", {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0"})}).ok());
}

TEST_F(ValidatorTest, OneMTrain) {
  // 4.8.18 b: one large station holding a base, and a small one (dual track so the metre train fits).
  TestBoard m;
  int a = m.Hex(0, 1), c = m.Hex(0, 3), e = m.Hex(0, 5);
  int base = m.City(a, 0, 20, 0, true);
  m.Link(base, a, c, Gauge::kDual);
  int town = m.Town(c, 0, 10);
  m.Link(town, c, a, Gauge::kDual);
  m.Link(town, c, e, Gauge::kDual);
  int other = m.City(e, 0, 30, 1);
  m.Link(other, e, c, Gauge::kDual);
  std::vector<TrainSpec> trains = {Train("M1", "1M")};
  Result<RunPlan> ok = ValidateRuns(m.g, trains, {RunOf("M1", {"Aa.s0", "Aa/Ac", "Ac.s0"})}, "");
  ASSERT_TRUE(ok.ok()) << ok.error().ToString();
  EXPECT_EQ(ok->run_revenue, 30);
  Result<RunPlan> two = ValidateRuns(m.g, trains, {RunOf("M1", {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0"})}, "");
  ASSERT_FALSE(two.ok());
  EXPECT_EQ(two.error().ToString(), "4.8.18: a '1M' train must call at exactly one large station; this run calls at 2");
  Result<RunPlan> no_base = ValidateRuns(m.g, trains, {RunOf("M1", {"Ac.s0", "Ac/Ae", "Ae.s0"})}, "");
  ASSERT_FALSE(no_base.ok());
  EXPECT_EQ(no_base.error().ToString(),
            "4.8.18: the large station of a '1M' run must hold one of the company's bases; Ae.s0 does not");
}

TEST_F(ValidatorTest, SameCityTwice) {
  // A city with two separate stations on Ac (as Delhi), both reachable round a triangle of hexes.
  TestBoard d;
  int ac = d.Hex(0, 3), bb = d.Hex(1, 2), bd = d.Hex(1, 4);
  int s0 = d.City(ac, 0, 40, 7, true);
  int s1 = d.City(ac, 1, 40, 7);
  d.Link(s0, ac, bb);
  d.Link(s1, ac, bd);
  int t1 = d.Town(bb, 0, 10);
  d.Link(t1, bb, ac);
  d.Link(t1, bb, bd);
  int t2 = d.Town(bd, 0, 10);
  d.Link(t2, bd, bb);
  d.Link(t2, bd, ac);
  std::vector<TrainSpec> trains = {Train("T4", "4")};
  Result<RunPlan> r = ValidateRuns(
      d.g, trains, {RunOf("T4", {"Ac.s0", "Ac/Bb", "Bb.s0", "Bb/Bd", "Bd.s0", "Ac/Bd", "Ac.s1"})}, "");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().ToString(), "4.5.5: the run of the '4' train visits the same city twice (Ac.s0 and Ac.s1)");
  // Ending one stop earlier is fine.
  EXPECT_TRUE(ValidateRuns(d.g, trains, {RunOf("T4", {"Ac.s0", "Ac/Bb", "Bb.s0", "Bb/Bd", "Bd.s0"})}, "").ok());
}

TEST_F(ValidatorTest, SamePlaceTwice) {
  // A hub H on Ba reached twice: P - H - Q - (parallel path) - H - R.
  TestBoard h;
  int ba = h.Hex(1, 1);
  int hub = h.g.AddJunction(ba, 0, NodeKind::kHub);
  int p = h.City(ba, 0, 20, 0, true);
  int q = h.Town(ba, 1, 10);
  int r = h.Town(ba, 2, 10);
  h.g.AddEdge(p, hub, Gauge::kBroad, ba);
  h.g.AddEdge(hub, q, Gauge::kBroad, ba);
  h.g.AddEdge(q, hub, Gauge::kBroad, ba);
  h.g.AddEdge(hub, r, Gauge::kBroad, ba);
  std::vector<TrainSpec> trains = {Train("T2", "2")};
  Result<RunPlan> result =
      ValidateRuns(h.g, trains, {RunOf("T2", {"Ba.s0", "Ba.j0", "Ba.s1", "Ba.j0", "Ba.s2"})}, "");
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().ToString(), "4.5.5: the run of the '2' train passes Ba.j0 twice");
}

TEST_F(ValidatorTest, EachTrainOnce) {
  ExpectIllegal({RunOf("T3", {"Aa.s0", "Aa/Ac", "Ac.s0"}), RunOf("T3", {"Ae.s0", "Ae/Ag", "Ag.s0"})}, "4.5.1",
                "the '3' train (train T3) may run only once in a turn");
}

TEST_F(ValidatorTest, TwoTrainsOnTheSameTrack) {
  ExpectIllegal({RunOf("T2", {"Aa.s0", "Aa/Ac", "Ac.s0"}), RunOf("T3", {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0"})},
                "4.5.10",
                "the '2' train and the '3' train both use the track from Aa.s0 to Aa/Ac; each train must run on "
                "separate track");
}

TEST_F(ValidatorTest, TwoTrainsMayMeetAtAStation) {
  // 4.5.10: runs may meet at stations, and both score them.
  Result<RunPlan> plan =
      Check({RunOf("T2", {"Aa.s0", "Aa/Ac", "Ac.s0"}), RunOf("T3", {"Ac.s0", "Ac/Ae", "Ae.s0"})}, "T3");
  ASSERT_FALSE(plan.ok());  // the second run has no base
  EXPECT_EQ(plan.error().rule, "4.5.2");
  b_.Info(e_).company_base = true;
  plan = Check({RunOf("T2", {"Aa.s0", "Aa/Ac", "Ac.s0"}), RunOf("T3", {"Ac.s0", "Ac/Ae", "Ae.s0"})}, "T3");
  ASSERT_TRUE(plan.ok()) << plan.error().ToString();
  EXPECT_EQ(plan->run_revenue, 30 + 40);
  EXPECT_EQ(plan->mail_revenue, 40);
}

TEST_F(ValidatorTest, GreenJunctionServesOneTrain) {
  // A converging junction on Ba with lines to three stations; all three lines share one group.
  TestBoard j;
  int ba = j.Hex(1, 1);
  int junction = j.g.AddJunction(ba, 0, NodeKind::kJunction);
  int group = j.g.NewGroup();
  int x = j.City(ba, 0, 20, 0, true);
  int y = j.City(ba, 1, 30, 1, true);
  int z = j.Town(ba, 2, 10);
  int w = j.Town(ba, 3, 10);
  j.g.AddEdge(x, junction, Gauge::kBroad, ba, group);
  j.g.AddEdge(y, junction, Gauge::kBroad, ba, group);
  j.g.AddEdge(z, junction, Gauge::kBroad, ba, group);
  j.g.AddEdge(y, w, Gauge::kBroad, ba);
  std::vector<TrainSpec> trains = {Train("T2", "2"), Train("T3", "3")};
  EXPECT_TRUE(ValidateRuns(j.g, trains, {RunOf("T2", {"Ba.s0", "Ba.j0", "Ba.s2"})}, "").ok());
  Result<RunPlan> both = ValidateRuns(
      j.g, trains, {RunOf("T2", {"Ba.s0", "Ba.j0", "Ba.s2"}), RunOf("T3", {"Ba.s3", "Ba.s1", "Ba.j0"})}, "");
  ASSERT_FALSE(both.ok());  // ends at the junction
  EXPECT_EQ(both.error().rule, "4.5.4");
  int v = j.Town(ba, 4, 10);
  j.g.AddEdge(junction, v, Gauge::kBroad, ba, group);
  both = ValidateRuns(j.g, trains,
                      {RunOf("T2", {"Ba.s0", "Ba.j0", "Ba.s2"}), RunOf("T3", {"Ba.s1", "Ba.j0", "Ba.s4"})}, "");
  ASSERT_FALSE(both.ok());
  EXPECT_EQ(both.error().ToString(),
            "4.5.10: the '2' train and the '3' train both use one green junction (the track from Ba.s0 to Ba.j0 and "
            "the track from Ba.s1 to Ba.j0); only one train may use a junction in a turn");
}

TEST_F(ValidatorTest, ParallelTrackIsResolvedByGaugeAndUse) {
  // Two paths join the same two places: broad (edge 0) and dual (edge 1).
  TestBoard p;
  int ba = p.Hex(1, 1);
  int x = p.City(ba, 0, 20, 0, true);
  int y = p.Town(ba, 1, 10);
  int broad = p.g.AddEdge(x, y, Gauge::kBroad, ba);
  int dual = p.g.AddEdge(x, y, Gauge::kDual, ba);
  std::vector<TrainSpec> trains = {Train("T2", "2"), Train("M2", "2M")};
  Result<RunPlan> metre = ValidateRuns(p.g, trains, {RunOf("M2", {"Ba.s0", "Ba.s1"})}, "");
  ASSERT_TRUE(metre.ok()) << metre.error().ToString();
  EXPECT_EQ(metre->runs[0].edges[0], dual);
  Result<RunPlan> both =
      ValidateRuns(p.g, trains, {RunOf("T2", {"Ba.s0", "Ba.s1"}), RunOf("M2", {"Ba.s1", "Ba.s0"})}, "");
  ASSERT_TRUE(both.ok()) << both.error().ToString();
  EXPECT_EQ(both->runs[0].edges[0], broad);
  EXPECT_EQ(both->runs[1].edges[0], dual);
  // Two broad trains cannot both have it: the second takes the dual path.
  std::vector<TrainSpec> broad_trains = {Train("A", "2"), Train("B", "3")};
  Result<RunPlan> two = ValidateRuns(p.g, broad_trains, {RunOf("A", {"Ba.s0", "Ba.s1"}), RunOf("B", {"Ba.s0", "Ba.s1"})}, "");
  ASSERT_TRUE(two.ok()) << two.error().ToString();
  EXPECT_EQ(two->runs[1].edges[0], dual);
}

TEST_F(ValidatorTest, MailTrainMustRun) {
  ExpectIllegal({RunOf("T2", {"Aa.s0", "Aa/Ac", "Ac.s0"})}, "4.6.6",
                "the mail train must be one of the trains that run this turn; train 'T3' does not run", "T3");
}

TEST_F(ValidatorTest, UnknownTrainOrPlaceIsMalformed) {
  Result<RunPlan> train = Check({RunOf("X9", {"Aa.s0", "Aa/Ac", "Ac.s0"})});
  ASSERT_FALSE(train.ok());
  EXPECT_EQ(train.error().kind, ErrorKind::kMalformed);
  EXPECT_EQ(train.error().message, "the company has no train 'X9'");
  Result<RunPlan> place = Check({RunOf("T2", {"Aa.s0", "Zz.s9"})});
  ASSERT_FALSE(place.ok());
  EXPECT_EQ(place.error().kind, ErrorKind::kMalformed);
  EXPECT_EQ(place.error().message, "the run of the '2' train names 'Zz.s9', which is not a place on the company's track");
}

TEST_F(ValidatorTest, MustRunOverAHex) {
  RunConstraints constraints;
  constraints.must_run_over.push_back(HexCoord{0, 5});  // Ae
  Result<RunPlan> missing = Check({RunOf("T2", {"Aa.s0", "Aa/Ac", "Ac.s0"})}, "", constraints);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().rule, "4.2.3");
  EXPECT_NE(missing.error().message.find("no run includes Ae"), std::string::npos);
  EXPECT_TRUE(Check({RunOf("T2", {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0"})}, "", constraints).ok());
}

}  // namespace
}  // namespace mailrun::engine::routes
