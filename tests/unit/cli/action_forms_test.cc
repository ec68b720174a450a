// The move forms of `mailrun act`: each short form builds its action, --choice takes the listed
// action (with --amount inside its range), and bad input is refused with a message naming what was
// wrong, before anything is sent.
#include "tools/mailrun/client/action_forms.h"

#include <gtest/gtest.h>

#include "tools/mailrun/client/errors.h"

namespace mailrun::cli {
namespace {

using mailrun::v1::Action;
using mailrun::v1::LegalAction;

// The message of the CliError that building `forms` throws ("" if it builds).
std::string Refusal(const ActionForms& forms, const std::vector<LegalAction>& legal = {},
                    mailrun::v1::Title title = mailrun::v1::TITLE_UNSPECIFIED) {
  try {
    BuildAction(forms, legal, title);
  } catch (const CliError& error) {
    EXPECT_EQ(error.exit_code(), kExitBadInput);
    return error.what();
  }
  return "";
}

LegalAction Bond(int64_t min, int64_t max) {
  LegalAction option;
  option.mutable_action()->set_seat(2);
  option.mutable_action()->mutable_commit_bond()->set_amount(static_cast<int32_t>(min));
  option.set_description("Write down your bond");
  option.set_min_amount(min);
  option.set_max_amount(max);
  return option;
}

TEST(ActionForms, ShortFormsBuildTheirActions) {
  ActionForms sell;
  sell.sell = "EIR:2";
  const Action a = BuildAction(sell, {});
  ASSERT_TRUE(a.has_sell_shares());
  EXPECT_EQ(a.sell_shares().company(), "EIR");
  EXPECT_EQ(a.sell_shares().count(), 2);

  ActionForms lay;
  lay.lay = "Iaa:58:5";
  const Action b = BuildAction(lay, {});
  ASSERT_TRUE(b.has_lay_tile());
  EXPECT_EQ(b.lay_tile().hex(), "Iaa");
  EXPECT_EQ(b.lay_tile().tile(), "58");
  EXPECT_EQ(b.lay_tile().rotation(), 5);

  ActionForms claim;
  claim.claim = "Patna:EIR";
  const Action c = BuildAction(claim, {});
  EXPECT_EQ(c.claim_city().city(), "Patna");
  EXPECT_EQ(c.claim_city().company(), "EIR");

  ActionForms json;
  json.json = R"({"endStep": {}})";
  EXPECT_TRUE(BuildAction(json, {}).has_end_step());
}

TEST(ActionForms, BuyWithoutSourceTakesTheLegalOne) {
  LegalAction from_pool;
  from_pool.mutable_action()->mutable_buy_share()->set_company("GIP");
  from_pool.mutable_action()->mutable_buy_share()->set_source(mailrun::v1::SHARE_SOURCE_POOL);
  ActionForms buy;
  buy.buy = "GIP";
  EXPECT_EQ(BuildAction(buy, {from_pool}).buy_share().source(), mailrun::v1::SHARE_SOURCE_POOL);
  buy.buy = "GIP:bank";
  EXPECT_EQ(BuildAction(buy, {from_pool}).buy_share().source(), mailrun::v1::SHARE_SOURCE_BANK);
}

TEST(ActionForms, ChoiceTakesTheListedActionWithItsAmount) {
  ActionForms forms;
  forms.choice = 1;
  forms.amount = 250;
  const Action a = BuildAction(forms, {Bond(80, 730)});
  EXPECT_EQ(a.commit_bond().amount(), 250);
  EXPECT_EQ(a.seat(), 0) << "the service takes the seat from the token";
}

TEST(ActionForms, BadInputIsRefusedWithWhatWasWrong) {
  ActionForms none;
  EXPECT_NE(Refusal(none).find("say which move"), std::string::npos);
  ActionForms two;
  two.pass = true;
  two.sell = "EIR:1";
  EXPECT_NE(Refusal(two).find("one move at a time"), std::string::npos);
  ActionForms sell;
  sell.sell = "EIR";
  EXPECT_NE(Refusal(sell).find("--sell wants COMPANY:COUNT"), std::string::npos);
  sell.sell = "EIR:two";
  EXPECT_NE(Refusal(sell).find("'two' is not a whole number"), std::string::npos);
  ActionForms lay;
  lay.lay = "Iaa:58:6";
  EXPECT_NE(Refusal(lay).find("the rotation is 0 to 5, not 6"), std::string::npos);
  ActionForms claim;
  claim.claim = "Patna";
  EXPECT_NE(Refusal(claim).find("--claim wants CITY:COMPANY"), std::string::npos);
  ActionForms json;
  json.json = R"({"noSuchMove": {}})";
  EXPECT_NE(Refusal(json).find("not valid protobuf JSON"), std::string::npos);

  ActionForms choice;
  choice.choice = 2;
  EXPECT_NE(Refusal(choice, {Bond(80, 730)}).find("pick 1 to 1"), std::string::npos);
  EXPECT_NE(Refusal(choice).find("no legal action now"), std::string::npos);
  choice.choice = 1;
  choice.amount = 731;
  EXPECT_NE(Refusal(choice, {Bond(80, 730)}).find("takes £80 to £730, not 731"), std::string::npos);
  ActionForms pass;
  pass.pass = true;
  EXPECT_NE(Refusal(pass, {Bond(80, 730)}).find("nothing to pass now"), std::string::npos);
}

// A pass the rules do not allow now is still sent, as the pass of the part of the game the player
// is in, so that the engine refuses it naming its rule (2.5.2.4 during the city bids).
TEST(ActionForms, PassWithNoLegalPassIsSentForTheEngineToRefuse) {
  LegalAction claim;
  claim.mutable_action()->mutable_claim_city()->set_city("Patna");
  claim.mutable_action()->mutable_claim_city()->set_company("EIR");
  LegalAction lay;
  lay.mutable_action()->mutable_lay_tile()->set_hex("Iaa");
  ActionForms pass;
  pass.pass = true;
  EXPECT_TRUE(BuildAction(pass, {claim}).has_pass_bid());
  EXPECT_TRUE(BuildAction(pass, {lay}).has_end_step());
}

// 1947's short forms (3.2, 5.3, 5.5, 5.6.3): the same --buy and --sell are 1947's purchases and
// sales in a 1947 game; --bid and --par are 1947's only; 1853's board moves are refused there.
TEST(ActionForms, ShortFormsOf1947) {
  const auto t1947 = mailrun::v1::TITLE_1947;
  ActionForms bid;
  bid.bid = 30;
  EXPECT_EQ(BuildAction(bid, {}, t1947).bid_private_1947().amount(), 30);
  ActionForms par;
  par.par = "PRC:66";
  const Action president = BuildAction(par, {}, t1947);
  EXPECT_EQ(president.buy_president_certificate_1947().company(), "PRC");
  EXPECT_EQ(president.buy_president_certificate_1947().par(), 66);
  ActionForms buy;
  buy.buy = "PRC:pool:savings";
  const Action savings = BuildAction(buy, {}, t1947);
  EXPECT_EQ(savings.buy_share_1947().company(), "PRC");
  EXPECT_TRUE(savings.buy_share_1947().from_pool());
  EXPECT_TRUE(savings.buy_share_1947().savings());
  LegalAction pool_only;
  pool_only.mutable_action()->mutable_buy_share_1947()->set_company("ABR");
  pool_only.mutable_action()->mutable_buy_share_1947()->set_from_pool(true);
  buy.buy = "ABR";
  EXPECT_TRUE(BuildAction(buy, {pool_only}, t1947).buy_share_1947().from_pool());  // the only legal source
  buy.buy = "ABR:io";
  EXPECT_FALSE(BuildAction(buy, {pool_only}, t1947).buy_share_1947().from_pool());
  ActionForms sell;
  sell.sell = "PRC:2";
  EXPECT_EQ(BuildAction(sell, {}, t1947).sell_shares_1947().count(), 2);
  // --pass: the auction's pass, the stock round's pass or end of turn, whichever is listed; none
  // listed (the operating round): the stock round's pass, for the engine to refuse (6.0).
  LegalAction done;
  done.mutable_action()->set_seat(1);
  done.mutable_action()->mutable_end_turn_1947();
  ActionForms pass;
  pass.pass = true;
  EXPECT_TRUE(BuildAction(pass, {pool_only, done}, t1947).has_end_turn_1947());
  EXPECT_EQ(BuildAction(pass, {done}, t1947).seat(), 0);
  EXPECT_TRUE(BuildAction(pass, {}, t1947).has_pass_turn_1947());
  // A bid's amount through --choice is shown in rupees.
  LegalAction open_bid;
  open_bid.mutable_action()->mutable_bid_private_1947()->set_amount(10);
  open_bid.set_min_amount(10);
  open_bid.set_max_amount(600);
  ActionForms choice;
  choice.choice = 1;
  choice.amount = 40;
  EXPECT_EQ(BuildAction(choice, {open_bid}, t1947).bid_private_1947().amount(), 40);
  choice.amount = 700;
  EXPECT_NE(Refusal(choice, {open_bid}, t1947).find("takes Rs. 10 to Rs. 600, not 700"), std::string::npos);
}

TEST(ActionForms, EachTitleRefusesTheOthersShortForms) {
  ActionForms lay;
  lay.lay = "Iaa:58:5";
  EXPECT_NE(Refusal(lay, {}, mailrun::v1::TITLE_1947).find("an 1853 move; a 1947 game takes --bid"), std::string::npos);
  ActionForms bid;
  bid.bid = 30;
  EXPECT_NE(Refusal(bid).find("--bid is a 1947 move"), std::string::npos);
  ActionForms par;
  par.par = "PRC";
  EXPECT_NE(Refusal(par, {}, mailrun::v1::TITLE_1947).find("--par wants COMPANY:PAR"), std::string::npos);
}

}  // namespace
}  // namespace mailrun::cli
