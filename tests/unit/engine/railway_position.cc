#include "tests/unit/engine/railway_position.h"

#include <algorithm>
#include <set>
#include <fmt/format.h>

#include "engine/core/board/promotion.h"
#include "engine/titles/t1853/state_json.h"
#include "engine/titles/t1853/track_position.h"
#include "tests/unit/engine/run_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

// Appendix 4 replayed (real play) to the start of Railway Round 1, once per test binary.
const Game& SampleGameAtRailwayRoundOne() {
  static const Game game = [] {
    const GameRecord record = LoadRecord("sample_game/appendix4.json");
    const auto checkpoints = nlohmann::json::parse(ReadFixture("sample_game/appendix4.json"))["checkpoints"];
    const size_t count = checkpoints.at("railway_round_1").get<size_t>();
    auto created = Game::Create(record.config);
    EXPECT_TRUE(created.ok());
    Game g = std::move(*created);
    for (size_t i = 0; i < count; ++i) {
      auto applied = g.Apply(record.actions[i]);
      EXPECT_TRUE(applied.ok()) << "Appendix 4 action " << i << ": " << applied.error().ToString();
    }
    return g;
  }();
  return game;
}

HexCoord HexOf(const std::string& name) {
  const auto hex = ParseHexName(name);
  EXPECT_TRUE(hex.has_value()) << name;
  return hex.value_or(HexCoord{});
}

std::string Describe(const mailrun::v1::Action& action) {
  if (action.has_lay_tile()) {
    const auto& l = action.lay_tile();
    return fmt::format("lay {} {} {}", l.hex(), l.tile(), l.rotation());
  }
  const auto& p = action.promote_tile();
  return fmt::format("promote {} {} {}", p.hex(), p.tile(), p.rotation());
}

}  // namespace

RailwayPosition::RailwayPosition() : RailwayPosition(SampleGameAtRailwayRoundOne()) {}

RailwayPosition::RailwayPosition(const Game& from)
    : config_(from.config()), state_(from.state()), data_(&from.data()) {}

int RailwayPosition::Index(const std::string& company) const {
  for (int c = 0; c < kCompanies; ++c) {
    if (data_->companies[c].initials == company) return c;
  }
  ADD_FAILURE() << "no company " << company;
  return 0;
}

RailwayPosition& RailwayPosition::Tile(const std::string& hex, const std::string& tile, int rotation) {
  const HexCoord coord = HexOf(hex);
  const TileDef* def = data_->Tile(tile);
  EXPECT_NE(def, nullptr) << "no tile " << tile;
  if (const auto old = TileOn(*data_, state_.board, coord); old && def) {
    if (!old->preprinted) ++state_.board.supply[old->tile->id];
    // Tokens go where a promotion would put them.
    const std::vector<int> mapping = StationMapping(*old->tile, old->rotation, *def, rotation);
    for (CompanyState& c : state_.companies) {
      for (engine::Base& base : c.bases) {
        if (base.hex == coord && base.station < static_cast<int>(mapping.size())) base.station = mapping[base.station];
      }
    }
  }
  EXPECT_GT(state_.board.supply[tile], 0) << "no #" << tile << " left for the position";
  --state_.board.supply[tile];
  state_.board.tiles.Set(coord, {tile, rotation});
  return *this;
}

RailwayPosition& RailwayPosition::Tile(const std::string& hex, const std::string& tile,
                                       const std::vector<std::string>& towards) {
  return Tile(hex, tile, RotationJoining(*data_, hex, tile, towards));
}

RailwayPosition& RailwayPosition::NotFormed(const std::string& company) {
  const int index = Index(company);
  for (int seat = 0; seat < static_cast<int>(state_.players.size()); ++seat) {
    PlayerState& p = state_.players[seat];
    state_.shares.Set(ShareHolder::Player(seat), index, 0);
    p.unredeemed[index] = p.contracted[index] = 0;
    p.holding_since[index] = 0;
  }
  state_.shares.Set(ShareHolder::Bank(), index, kSharesPerCompany);
  state_.shares.Set(ShareHolder::Pool(), index, 0);
  CompanyState fresh;
  fresh.status = CompanyStatus::kOnSale;
  fresh.major = data_->companies[index].kind != CompanyKind::kMinor;
  state_.companies[index] = fresh;
  return *this;
}

RailwayPosition& RailwayPosition::Base(const std::string& company, const std::string& hex, int station) {
  CompanyState& c = state_.companies[Index(company)];
  c.bases.push_back({HexOf(hex), station});
  --c.tokens_left;
  return *this;
}

RailwayPosition& RailwayPosition::Form(const std::string& company, int director) {
  const int index = Index(company);
  const CompanyDef& def = data_->companies[index];
  CompanyState& c = state_.companies[index];
  c.status = CompanyStatus::kFormed;
  c.floated = true;
  c.major = def.kind == CompanyKind::kMajor;
  c.treasury = 10 * def.par;
  c.price_index = static_cast<int>(std::find(data_->SharePrices().begin(), data_->SharePrices().end(), def.par) -
                                   data_->SharePrices().begin());
  c.tokens_left = def.tokens;
  c.bases.clear();
  for (const HomeBase& home : def.homes) {
    c.bases.push_back({home.hex, CurrentStation(*data_, state_.board, home.hex, home.station)});
    --c.tokens_left;
  }
  c.special_token = !c.major;
  c.director = director;
  c.manager = -1;
  // The director's certificate (2 shares) from the bank.
  state_.shares.Move(ShareHolder::Bank(), ShareHolder::Player(director), index, 2);
  return *this;
}

RailwayPosition& RailwayPosition::Manager(const std::string& company, int seat) {
  CompanyState& c = state_.companies[Index(company)];
  c.director = -1;
  c.manager = seat;
  return *this;
}

RailwayPosition& RailwayPosition::Phase(int phase) {
  state_.phase = phase;
  state_.phase_for_round_count = phase;
  return *this;
}

RailwayPosition& RailwayPosition::Trains(const std::string& company, const std::vector<std::string>& names) {
  CompanyState& c = state_.companies[Index(company)];
  c.trains.clear();
  for (const std::string& name : names) {
    const int serial = ++state_.trains_next_serial[name];
    c.trains.push_back({fmt::format("{}-{}", name, serial), name, false});
  }
  return *this;
}

RailwayPosition& RailwayPosition::Treasury(const std::string& company, int amount) {
  state_.companies[Index(company)].treasury = amount;
  return *this;
}

RailwayPosition& RailwayPosition::DoubleLay(const std::string& company, t1853::DoubleLay option) {
  state_.companies[Index(company)].double_lay = option;
  return *this;
}

RailwayPosition& RailwayPosition::TurnsDone(const std::string& company, int turns) {
  state_.companies[Index(company)].railway_turns = turns;
  return *this;
}

RailwayPosition& RailwayPosition::Options(const mailrun::v1::GameOptions& options) {
  *config_.mutable_options() = options;
  return *this;
}

Game RailwayPosition::Operate(const std::string& company, TurnStep step) {
  GameState s = state_;
  s.stage = Stage::kRailway;
  s.offer.reset();
  s.pending_credit_settlements.clear();
  RailwayState& r = s.railway;
  r.number = std::max(r.number, 1);
  r.in_set = 1;
  r.set_size = data_->phases[s.phase_for_round_count - 1].railway_rounds;
  r.BeginTurn(Index(company), step);
  s.total_money = TotalMoney(s);
  auto game = Game::FromSnapshot(config_, StateToJson(s));
  EXPECT_TRUE(game.ok()) << game.error().ToString();
  return std::move(*game);
}

Game RailwayPosition::Deal(int seat) {
  GameState s = state_;
  s.stage = Stage::kDealing;
  s.offer.reset();
  s.pending_credit_settlements.clear();
  s.railway.company = -1;
  const int number = std::max(s.dealing.number + 1, 2);
  s.dealing = DealingState{};
  s.dealing.number = number;
  s.dealing.current = seat;
  for (PlayerState& p : s.players) {
    p.sold_this_round = {};
    p.contract_sale_open = {};
    p.contract_sale_pending = {};
  }
  s.total_money = TotalMoney(s);
  auto game = Game::FromSnapshot(config_, StateToJson(s));
  EXPECT_TRUE(game.ok()) << game.error().ToString();
  return std::move(*game);
}

bool Listed(const Game& game, const mailrun::v1::Action& action) {
  const std::string wanted = action.SerializeAsString();
  for (const auto& legal : game.LegalActions(action.seat())) {
    if (legal.action().SerializeAsString() == wanted) return true;
  }
  return false;
}

void Accept(Game& game, const mailrun::v1::Action& action) {
  EXPECT_TRUE(Listed(game, action)) << "not listed as legal: " << action.ShortDebugString();
  MustApply(game, action);
}

Error Refuse(Game& game, const mailrun::v1::Action& action) {
  EXPECT_FALSE(Listed(game, action)) << "listed as legal: " << action.ShortDebugString();
  return MustRefuse(game, action);
}

std::vector<std::string> ListedTrackMoves(const Game& game) {
  std::vector<std::string> out;
  for (int seat : game.ActiveSeats()) {
    for (const auto& legal : game.LegalActions(seat)) {
      if (legal.action().has_lay_tile() || legal.action().has_promote_tile()) out.push_back(Describe(legal.action()));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> AcceptedTrackMoves(const Game& game) {
  std::vector<std::string> out;
  const auto seats = game.ActiveSeats();
  if (seats.size() != 1) return out;
  const int seat = seats[0];
  const EditionData& data = game.data();
  auto try_action = [&](const mailrun::v1::Action& action) {
    Game copy = game;
    if (copy.Apply(action).ok()) out.push_back(Describe(action));
  };
  // Every hex a lay could possibly be on: next to a tile (a railhead is a track end at the edge of
  // a tiled hex, 4.1.7) or a base's hex (4.1.9); every tiled hex for promotions.
  auto tiled = [&](HexCoord coord) {
    const HexDef* def = data.Hex(coord);
    return game.state().board.tiles.count(coord) > 0 || (def && def->preprinted);
  };
  std::set<HexCoord> candidates;
  for (const HexDef& hex : data.hexes) {
    if (!tiled(hex.coord)) continue;
    candidates.insert(hex.coord);
    for (int edge = 0; edge < 6; ++edge) candidates.insert(Neighbour(hex.coord, edge));
  }
  for (const CompanyState& company : game.state().companies) {
    for (const engine::Base& base : company.bases) candidates.insert(base.hex);
  }
  for (const HexCoord& coord : candidates) {
    if (!data.Hex(coord)) continue;
    const std::string name = HexName(coord);
    const bool on_tile = tiled(coord);
    for (const TileDef& tile : data.tiles) {
      if (tile.preprinted) continue;
      for (int rotation = 0; rotation < 6; ++rotation) {
        if (!on_tile && tile.colour == TileColour::kYellow) try_action(Lay(seat, name, tile.id, rotation));
        if (on_tile && tile.colour != TileColour::kYellow) try_action(Promote(seat, name, tile.id, rotation));
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> ListedBasePlacements(const Game& game) {
  std::vector<std::string> out;
  for (int seat : game.ActiveSeats()) {
    for (const auto& legal : game.LegalActions(seat)) {
      if (!legal.action().has_place_base()) continue;
      out.push_back(fmt::format("{} {}", legal.action().place_base().hex(), legal.action().place_base().station()));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> AcceptedBasePlacements(const Game& game) {
  std::vector<std::string> out;
  const auto seats = game.ActiveSeats();
  if (seats.size() != 1) return out;
  for (const HexDef& hex : game.data().hexes) {
    const auto on = TileOn(game.data(), game.state().board, hex.coord);
    if (!on) continue;
    for (int station = 0; station < static_cast<int>(on->tile->stations.size()); ++station) {
      Game copy = game;
      if (copy.Apply(PlaceBase(seats[0], HexName(hex.coord), station)).ok()) {
        out.push_back(fmt::format("{} {}", HexName(hex.coord), station));
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

const CompanyState& CompanyOf(const Game& game, const std::string& initials) {
  return game.state().companies[CompanyIndexOf(game, initials)];
}

bool HasTile(const Game& game, const std::string& hex, const std::string& tile) {
  const auto placed = game.state().board.tiles.find(*ParseHexName(hex));
  return placed != game.state().board.tiles.end() && placed->second.tile == tile;
}

}  // namespace mailrun::engine::t1853::testing
