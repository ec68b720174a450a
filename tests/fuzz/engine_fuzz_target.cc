#include "tests/fuzz/engine_fuzz_target.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/titles/t1853/bot.h"
#include "engine/titles/t1853/game.h"
#include "engine/core/rng.h"
#include "engine/titles/t1853/invariants.h"

namespace mailrun::engine::fuzz {
namespace {

// The fuzzer plays 1853: it draws names from 1853's data and checks 1853's invariants.
using t1853::Game;
using t1853::GameState;
namespace bot = t1853::bot;

std::vector<Game>& States() {
  static std::vector<Game> states;
  return states;
}

[[noreturn]] void Fail(const std::string& what) {
  std::fprintf(stderr, "FUZZ FAILURE: %s\n", what.c_str());
  std::abort();
}

mailrun::v1::GameConfig ConfigFor(int players, uint64_t seed) {
  mailrun::v1::GameConfig config;
  config.set_edition(mailrun::v1::EDITION_RETUNED);
  config.set_seed(seed);
  for (int i = 0; i < players; ++i) {
    auto* p = config.add_players();
    p->set_user_id("u" + std::to_string(i));
    p->set_display_name("Player " + std::to_string(i + 1));
  }
  return config;
}

// A short string from fuzz bytes, biased towards names the engine knows.
std::string PickName(const uint8_t* bytes, size_t n, const std::vector<std::string>& known) {
  if (n == 0) return "";
  if (bytes[0] % 4 != 0 && !known.empty()) return known[bytes[0] % known.size()];
  return std::string(reinterpret_cast<const char*>(bytes + 1), n - 1);
}

void Mutate(mailrun::v1::Action& action, const uint8_t* bytes, size_t n, const Game& game) {
  if (n == 0) return;
  const int value = static_cast<int8_t>(bytes[0]) * (n > 1 ? bytes[1] : 1);
  std::vector<std::string> companies, cities, tiles, hexes;
  for (const auto& c : game.data().companies) companies.push_back(c.initials);
  for (const auto& c : game.data().cities) cities.push_back(c.name);
  for (const auto& t : game.data().tiles) tiles.push_back(t.id);
  for (const auto& h : game.data().hexes) hexes.push_back(HexName(h.coord));
  const uint8_t field = bytes[0] % 8;
  const uint8_t* rest = n > 1 ? bytes + 1 : bytes;
  const size_t rest_n = n > 1 ? n - 1 : 0;
  switch (field) {
    case 0: action.set_seat(value % 8); break;
    case 1:
      if (action.has_commit_bond()) action.mutable_commit_bond()->set_amount(value * 7);
      if (action.has_offer_elephant()) action.mutable_offer_elephant()->set_price(value);
      if (action.has_offer_train()) action.mutable_offer_train()->set_price(value);
      if (action.has_buy_train()) action.mutable_buy_train()->set_director_gift(value);
      if (action.has_sell_shares()) action.mutable_sell_shares()->set_count(value % 12);
      break;
    case 2:
      if (action.has_lay_tile()) action.mutable_lay_tile()->set_hex(PickName(rest, rest_n, hexes));
      if (action.has_promote_tile()) action.mutable_promote_tile()->set_hex(PickName(rest, rest_n, hexes));
      if (action.has_place_base()) action.mutable_place_base()->set_hex(PickName(rest, rest_n, hexes));
      break;
    case 3:
      if (action.has_lay_tile()) action.mutable_lay_tile()->set_tile(PickName(rest, rest_n, tiles));
      if (action.has_promote_tile()) action.mutable_promote_tile()->set_tile(PickName(rest, rest_n, tiles));
      if (action.has_buy_train()) action.mutable_buy_train()->set_train(PickName(rest, rest_n, {"2", "3", "4", "5", "6", "1M", "2M", "3M", "4M"}));
      break;
    case 4:
      if (action.has_lay_tile()) action.mutable_lay_tile()->set_rotation(value);
      if (action.has_promote_tile()) action.mutable_promote_tile()->set_rotation(value);
      if (action.has_place_base()) action.mutable_place_base()->set_station(value % 8);
      if (action.has_offer_elephant()) action.mutable_offer_elephant()->set_to_seat(value % 8);
      break;
    case 5:
      if (action.has_buy_share()) action.mutable_buy_share()->set_company(PickName(rest, rest_n, companies));
      if (action.has_sell_shares()) action.mutable_sell_shares()->set_company(PickName(rest, rest_n, companies));
      if (action.has_claim_city()) action.mutable_claim_city()->set_company(PickName(rest, rest_n, companies));
      if (action.has_redeem_share()) action.mutable_redeem_share()->set_company(PickName(rest, rest_n, companies));
      break;
    case 6:
      if (action.has_claim_city()) action.mutable_claim_city()->set_city(PickName(rest, rest_n, cities));
      if (action.has_buy_share()) action.mutable_buy_share()->set_source(static_cast<mailrun::v1::ShareSource>(value % 4));
      if (action.has_buy_train()) action.mutable_buy_train()->set_use_special_token(value & 1);
      break;
    case 7:
      if (action.has_run_trains() && action.run_trains().runs_size() > 0) {
        const unsigned which = static_cast<unsigned>(value);
        auto* run = action.mutable_run_trains()->mutable_runs(static_cast<int>(which % action.run_trains().runs_size()));
        if (run->nodes_size() > 0) {
          if (value & 1) run->mutable_nodes()->RemoveLast();
          else run->set_nodes(static_cast<int>(static_cast<unsigned>(value) % run->nodes_size()), PickName(rest, rest_n, hexes) + ".s0");
        }
        if (value & 2) action.mutable_run_trains()->set_pay_dividend(!action.run_trains().pay_dividend());
      }
      break;
  }
}

void ApplyChecked(Game& game, const mailrun::v1::Action& action) {
  const GameState before = game.state();
  const std::string before_json = game.SnapshotJson();
  auto result = game.Apply(action);
  if (!result.ok()) {
    if (result.error().message.empty()) Fail("a refusal without a message: " + action.ShortDebugString());
    if (game.SnapshotJson() != before_json) Fail("a refused action changed the state: " + action.ShortDebugString());
    return;
  }
  for (const std::string& problem : t1853::CheckInvariants(game, &before)) {
    Fail(problem + " after " + action.ShortDebugString());
  }
}

}  // namespace

void PrepareStates() {
  if (!States().empty()) return;
  for (int players = 3; players <= 6; ++players) {
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      auto created = Game::Create(ConfigFor(players, seed * 100 + players));
      if (!created.ok()) Fail("cannot create a game");
      Game game = std::move(*created);
      uint64_t rng = seed;
      for (int n = 0; n < 1200 && !game.Finished(); ++n) {
        if (n % 40 == 0) States().push_back(game);
        const auto seats = game.ActiveSeats();
        if (seats.empty()) break;
        const int seat = seats[RandomBelow(rng, seats.size())];
        const auto legal = game.LegalActions(seat);
        if (legal.empty()) break;
        if (!game.Apply(bot::ChooseAction(game, seat, legal, rng)).ok()) Fail("the bot's action was refused");
      }
      States().push_back(game);
    }
  }
}

int RunOneInput(const uint8_t* data, size_t size) {
  PrepareStates();
  if (size == 0) return 0;
  Game game = States()[data[0] % States().size()];
  size_t at = 1;
  while (at + 2 <= size) {
    const uint8_t kind = data[at];
    const size_t length = std::min<size_t>(data[at + 1], size - at - 2);
    const uint8_t* chunk = data + at + 2;
    at += 2 + length;
    mailrun::v1::Action action;
    if (kind % 2 == 0) {
      if (!action.ParseFromArray(chunk, static_cast<int>(length))) continue;
    } else {
      const auto seats = game.ActiveSeats();
      if (seats.empty()) break;
      const int seat = seats[length > 0 ? chunk[0] % seats.size() : 0];
      const auto legal = game.LegalActions(seat);
      if (legal.empty()) continue;
      action = legal[length > 0 ? chunk[0] % legal.size() : 0].action();
      if (length > 1) Mutate(action, chunk + 1, length - 1, game);
    }
    ApplyChecked(game, action);
  }
  return 0;
}

}  // namespace mailrun::engine::fuzz
