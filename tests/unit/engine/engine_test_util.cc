#include "tests/unit/engine/engine_test_util.h"

#include "engine/titles/t1853/state_json.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <sstream>

namespace mailrun::engine::t1853::testing {

std::string ReadFixture(const std::string& relative) {
  std::ifstream in(std::string(MAILRUN_FIXTURES_DIR) + "/" + relative);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

GameRecord LoadRecord(const std::string& relative) {
  auto record = ParseGameRecord(ReadFixture(relative));
  if (!record.ok()) ADD_FAILURE() << relative << ": " << record.error().ToString();
  return record.ok() ? *record : GameRecord{};
}

mailrun::v1::GameConfig Config(int players, uint64_t seed, mailrun::v1::GameOptions options) {
  mailrun::v1::GameConfig config;
  config.set_edition(mailrun::v1::EDITION_RETUNED);
  *config.mutable_options() = options;
  config.set_seed(seed);
  for (int i = 0; i < players; ++i) {
    auto* p = config.add_players();
    p->set_user_id("user" + std::to_string(i));
    p->set_display_name("P" + std::to_string(i));
  }
  return config;
}

int TotalMoney(const GameState& s) {
  int total = s.bank + s.credits;
  for (const PlayerState& p : s.players) {
    total += p.cash;
    if (!p.bond.returned && s.stage != Stage::kBondCommit) total += p.bond.amount;
  }
  for (const CompanyState& c : s.companies) total += c.treasury;
  return total;
}

::testing::AssertionResult MoneyIsConstant(const Game& game) {
  const int total = TotalMoney(game.state());
  if (total == game.state().total_money) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "money in the game is " << total << ", expected "
                                       << game.state().total_money;
}

void MustApply(Game& game, const mailrun::v1::Action& action) {
  auto outcome = game.Apply(action);
  ASSERT_TRUE(outcome.ok()) << "refused: " << action.ShortDebugString() << "\n  " << outcome.error().ToString();
  ASSERT_TRUE(MoneyIsConstant(game)) << "after " << action.ShortDebugString();
}

Error MustRefuse(Game& game, const mailrun::v1::Action& action) {
  const std::string before = game.SnapshotJson();
  auto outcome = game.Apply(action);
  EXPECT_FALSE(outcome.ok()) << "accepted: " << action.ShortDebugString();
  EXPECT_EQ(game.SnapshotJson(), before) << "a refused action changed the state";
  return outcome.ok() ? Error{} : outcome.error();
}

mailrun::v1::Action Bond(int seat, int amount) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_commit_bond()->set_amount(amount);
  return a;
}

mailrun::v1::Action Claim(int seat, const std::string& city, const std::string& company) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_claim_city()->set_city(city);
  a.mutable_claim_city()->set_company(company);
  return a;
}

mailrun::v1::Action PassBid(int seat) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_pass_bid();
  return a;
}

mailrun::v1::Action Buy(int seat, const std::string& company, bool from_pool) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_buy_share()->set_company(company);
  a.mutable_buy_share()->set_source(from_pool ? mailrun::v1::SHARE_SOURCE_POOL : mailrun::v1::SHARE_SOURCE_BANK);
  return a;
}

mailrun::v1::Action Sell(int seat, const std::string& company, int count) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_sell_shares()->set_company(company);
  a.mutable_sell_shares()->set_count(count);
  return a;
}

mailrun::v1::Action Redeem(int seat, const std::string& company) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_redeem_share()->set_company(company);
  return a;
}

mailrun::v1::Action EndTurn(int seat) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_end_dealing_turn();
  return a;
}

mailrun::v1::Action Lay(int seat, const std::string& hex, const std::string& tile, int rotation) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_lay_tile()->set_hex(hex);
  a.mutable_lay_tile()->set_tile(tile);
  a.mutable_lay_tile()->set_rotation(rotation);
  return a;
}

mailrun::v1::Action Promote(int seat, const std::string& hex, const std::string& tile, int rotation) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_promote_tile()->set_hex(hex);
  a.mutable_promote_tile()->set_tile(tile);
  a.mutable_promote_tile()->set_rotation(rotation);
  return a;
}

mailrun::v1::Action PlaceBase(int seat, const std::string& hex, int station) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_place_base()->set_hex(hex);
  a.mutable_place_base()->set_station(station);
  return a;
}

mailrun::v1::Action ChooseDoubleLay(int seat, mailrun::v1::DoubleLayOption option) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_choose_double_lay()->set_option(option);
  return a;
}

mailrun::v1::Action EndStep(int seat) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_end_step();
  return a;
}

mailrun::v1::Action BuyTrain(int seat, const std::string& train, int gift) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_buy_train()->set_train(train);
  a.mutable_buy_train()->set_director_gift(gift);
  return a;
}

int CompanyIndexOf(const Game& game, const std::string& initials) {
  for (int c = 0; c < kCompanies; ++c) {
    if (game.data().companies[c].initials == initials) return c;
  }
  ADD_FAILURE() << "no company " << initials;
  return 0;
}

}  // namespace mailrun::engine::t1853::testing

namespace mailrun::engine::t1853::testing {

Game WithState(const Game& base, const std::function<void(GameState&)>& edit) {
  GameState state = base.state();
  edit(state);
  auto game = Game::FromSnapshot(base.config(), StateToJson(state));
  EXPECT_TRUE(game.ok());
  return std::move(*game);
}

size_t SampleCheckpoint(const std::string& name) {
  return nlohmann::json::parse(ReadFixture("sample_game/appendix4.json"))["checkpoints"].at(name).get<size_t>();
}

Game SampleGameAfter(size_t count) {
  const GameRecord record = LoadRecord("sample_game/appendix4.json");
  auto game = Game::Create(record.config);
  if (!game.ok()) throw std::runtime_error(game.error().ToString());
  for (size_t i = 0; i < count; ++i) {
    auto applied = game->Apply(record.actions.at(i));
    if (!applied.ok()) throw std::runtime_error("sample game action " + std::to_string(i) + ": " + applied.error().ToString());
  }
  return std::move(*game);
}

Game SampleGameAt(const std::string& checkpoint) { return SampleGameAfter(SampleCheckpoint(checkpoint)); }

std::string ViewSeenBy(const Game& game, int viewer) {
  std::string out;
  {
    google::protobuf::io::StringOutputStream stream(&out);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    game.View(viewer).SerializeToCodedStream(&coded);
  }
  return out;
}

void CompleteBids(Game& game) {
  for (int guard = 0; guard < 12 && game.state().stage == Stage::kCityClaims; ++guard) {
    MustApply(game, PassBid(game.state().dealing.current));
    if (::testing::Test::HasFatalFailure()) return;
  }
  ASSERT_NE(game.state().stage, Stage::kCityClaims);
}

std::vector<std::string> RecordedGames() {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(MAILRUN_FIXTURES_DIR) + "/games")) {
    if (entry.path().extension() == ".json") names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace mailrun::engine::t1853::testing
