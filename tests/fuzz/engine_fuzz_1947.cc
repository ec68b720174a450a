#include "tests/fuzz/engine_fuzz_1947.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/bot/choose_action.h"
#include "engine/core/rng.h"
#include "engine/titles/game.h"
#include "tests/fuzz/fuzz_common.h"

namespace mailrun::engine::fuzz {
namespace {

std::vector<Game>& States() {
  static std::vector<Game> states;
  return states;
}

// Names the fuzzer favours: hexes and railways of the view, tiles and trains of the game.
struct Names {
  std::vector<std::string> hexes, railways, tiles, trains;
};

Names NamesOf(const Game& game) {
  Names names;
  const auto view = game.View(kSpectator);
  for (const auto& r : view.game_1947().railways()) {
    names.railways.push_back(r.initials());
    names.hexes.push_back(r.home());
    for (const auto& s : r.stations()) names.hexes.push_back(s.hex());
  }
  for (const auto& t : view.tiles()) names.hexes.push_back(t.hex());
  for (const auto& s : view.game_1947().sites()) names.hexes.push_back(s.hex());
  for (const auto& [tile, left] : view.tiles_remaining()) names.tiles.push_back(tile);
  for (const auto& t : view.trains()) names.trains.push_back(t.name());
  names.hexes.push_back("Z99");
  return names;
}

void Mutate(mailrun::v1::Action& a, const uint8_t* bytes, size_t n, const Names& names) {
  if (n == 0) return;
  const int value = static_cast<int8_t>(bytes[0]) * (n > 1 ? bytes[1] : 1);
  const uint8_t* rest = n > 1 ? bytes + 1 : bytes;
  const size_t rest_n = n > 1 ? n - 1 : 0;
  switch (bytes[0] % 8) {
    case 0: a.set_seat(value % 8); break;
    case 1:  // amounts, counts, prices, pars, sites
      if (a.has_bid_private_1947()) a.mutable_bid_private_1947()->set_amount(value);
      if (a.has_buy_president_certificate_1947()) a.mutable_buy_president_certificate_1947()->set_par(value);
      if (a.has_sell_shares_1947()) a.mutable_sell_shares_1947()->set_count(value % 12);
      if (a.has_subscribe_bonds_1947()) a.mutable_subscribe_bonds_1947()->set_count(value % 12);
      if (a.has_buy_train_1947()) a.mutable_buy_train_1947()->set_price(value);
      if (a.has_choose_temple_bonus_1947()) a.mutable_choose_temple_bonus_1947()->set_site(value % 40);
      if (a.has_use_workers_1947()) a.mutable_use_workers_1947()->set_stockbrokers(value % 8);
      break;
    case 2:  // hexes
      if (a.has_lay_track_1947()) a.mutable_lay_track_1947()->set_hex(PickName(rest, rest_n, names.hexes));
      if (a.has_place_station_1947()) a.mutable_place_station_1947()->set_hex(PickName(rest, rest_n, names.hexes));
      break;
    case 3:  // tiles and trains
      if (a.has_lay_track_1947()) a.mutable_lay_track_1947()->set_tile(PickName(rest, rest_n, names.tiles));
      if (a.has_buy_train_1947()) a.mutable_buy_train_1947()->set_train(PickName(rest, rest_n, names.trains));
      if (a.has_discard_train_1947()) a.mutable_discard_train_1947()->set_train(PickName(rest, rest_n, names.trains));
      break;
    case 4:  // rotations, worker uses
      if (a.has_lay_track_1947()) a.mutable_lay_track_1947()->set_rotation(value);
      if (a.has_use_workers_1947()) a.mutable_use_workers_1947()->set_use(static_cast<mailrun::v1::WorkerUse1947>(value % 5));
      break;
    case 5:  // railways
      if (a.has_buy_share_1947()) a.mutable_buy_share_1947()->set_company(PickName(rest, rest_n, names.railways));
      if (a.has_sell_shares_1947()) a.mutable_sell_shares_1947()->set_company(PickName(rest, rest_n, names.railways));
      if (a.has_buy_president_certificate_1947()) a.mutable_buy_president_certificate_1947()->set_company(PickName(rest, rest_n, names.railways));
      if (a.has_discard_train_1947()) a.mutable_discard_train_1947()->set_company(PickName(rest, rest_n, names.railways));
      if (a.has_buy_train_1947()) a.mutable_buy_train_1947()->set_source(PickName(rest, rest_n, names.railways));
      break;
    case 6:  // flags
      if (a.has_buy_share_1947()) a.mutable_buy_share_1947()->set_savings(value & 1);
      if (a.has_buy_share_1947()) a.mutable_buy_share_1947()->set_from_pool(value & 2);
      if (a.has_run_trains_1947()) a.mutable_run_trains_1947()->set_pay_out(value & 1);
      if (a.has_answer_train_sale_1947()) a.mutable_answer_train_sale_1947()->set_accept(value & 1);
      if (a.has_buy_train_1947()) a.mutable_buy_train_1947()->set_source(value & 1 ? "pool" : "");
      break;
    case 7:  // a run's stops
      if (a.has_run_trains_1947()) {
        auto* runs = a.mutable_run_trains_1947();
        if (runs->runs_size() == 0 || value % 5 == 0) {
          runs->add_runs()->add_stops(PickName(rest, rest_n, names.hexes));
        } else {
          auto* run = runs->mutable_runs(static_cast<int>(static_cast<unsigned>(value) % runs->runs_size()));
          if (run->stops_size() > 0 && (value & 1)) run->mutable_stops()->RemoveLast();
          else if (run->stops_size() > 0) run->set_stops(static_cast<int>(static_cast<unsigned>(value) % run->stops_size()), PickName(rest, rest_n, names.hexes));
          else run->add_stops(PickName(rest, rest_n, names.hexes));
        }
      }
      break;
  }
}

void ApplyChecked1947(Game& game, const mailrun::v1::Action& action) {
  ApplyChecked(game, action, [before = game](const Game& g) { return g.CheckInvariants(&before); });
}

}  // namespace

void Prepare1947States() {
  if (!States().empty()) return;
  for (int players = 3; players <= 6; ++players) {
    auto created = Game::Create(ConfigFor(mailrun::v1::TITLE_1947, players, 1947 + players));
    if (!created.ok()) Fail("cannot create a game: " + created.error().ToString());
    Game game = std::move(*created);
    uint64_t rng = static_cast<uint64_t>(players);
    for (int n = 0; n < 1500 && !game.Finished(); ++n) {
      if (n % 60 == 0) States().push_back(game);
      const auto seats = game.ActiveSeats();
      if (seats.empty()) break;
      const int seat = seats.front();
      const auto legal = game.LegalActions(seat);
      if (legal.empty()) break;
      auto applied = game.Apply(bot::ChooseAction(game, seat, legal, rng));
      if (!applied.ok()) Fail("the bot's action was refused: " + applied.error().ToString());
    }
    States().push_back(game);
  }
}

void RunOne1947Input(uint8_t state, const uint8_t* data, size_t size) {
  Prepare1947States();
  Game game = States()[state % States().size()];
  PlayChunks(game, data, size,
             [&](mailrun::v1::Action& action, const uint8_t* bytes, size_t n) { Mutate(action, bytes, n, NamesOf(game)); },
             [](Game& g, const mailrun::v1::Action& action) { ApplyChecked1947(g, action); });
}

}  // namespace mailrun::engine::fuzz
