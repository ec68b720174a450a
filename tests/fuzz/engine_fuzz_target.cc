#include "tests/fuzz/engine_fuzz_target.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/titles/t1853/bot.h"
#include "engine/titles/t1853/game.h"
#include "engine/core/rng.h"
#include "tests/fuzz/fuzz_common.h"
#include "engine/titles/t1853/invariants.h"
#include "tests/fuzz/engine_fuzz_1947.h"

namespace mailrun::engine::fuzz {
namespace {

// Byte 0 from here up picks a 1947 state (engine_fuzz_1947.h); below, an 1853 one.
constexpr uint8_t k1947States = 0xC0;

// The 1853 half draws names from 1853's data and checks 1853's invariants.
using t1853::Game;
using t1853::GameState;
namespace bot = t1853::bot;

std::vector<Game>& States() {
  static std::vector<Game> states;
  return states;
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

void ApplyChecked1853(Game& game, const mailrun::v1::Action& action) {
  ApplyChecked(game, action, [before = game.state()](const Game& g) { return t1853::CheckInvariants(g, &before); });
}

}  // namespace

void PrepareStates() {
  Prepare1947States();
  if (!States().empty()) return;
  for (int players = 3; players <= 6; ++players) {
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      auto created = Game::Create(ConfigFor(mailrun::v1::TITLE_1853, players, seed * 100 + players));
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
  if (data[0] >= k1947States) {  // the top quarter of byte 0: a 1947 game (engine_fuzz_1947.h)
    RunOne1947Input(static_cast<uint8_t>(data[0] - k1947States), data + 1, size - 1);
    return 0;
  }
  Game game = States()[data[0] % States().size()];
  PlayChunks(game, data + 1, size - 1,
             [&](mailrun::v1::Action& action, const uint8_t* bytes, size_t n) { Mutate(action, bytes, n, game); },
             [](Game& g, const mailrun::v1::Action& action) { ApplyChecked1853(g, action); });
  return 0;
}

}  // namespace mailrun::engine::fuzz
