#include "engine/titles/t1853/rules/track.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "engine/core/board/promotion.h"
#include "engine/titles/t1853/rules/contracts.h"
#include "engine/titles/t1853/rules/bank.h"
#include "engine/titles/t1853/rules/railway_round.h"
#include "engine/titles/t1853/rules/running.h"
#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853 {
namespace {

bool Operating(const Context& ctx, int seat) {
  return ctx.state.stage == Stage::kRailway && ctx.state.railway.step == TurnStep::kTrack &&
         OperatingSeat(ctx) == seat && !ctx.state.offer;
}


const char* ColourName(TileColour colour) {
  switch (colour) {
    case TileColour::kYellow: return "yellow";
    case TileColour::kGreen: return "green";
    case TileColour::kBrown: return "brown";
    case TileColour::kGrey: return "grey";
  }
  return "";
}

const char* EdgeName(int edge) {
  static const char* names[] = {"south-west", "west", "north-west", "north-east", "east", "south-east"};
  return names[edge];
}

// The gauge a yellow tile is built in, for TABLE 4 (4.1.13).
Gauge TileGauge(const TileDef& tile) {
  for (const TilePath& path : tile.paths) {
    if (path.gauge == Gauge::kMetre) return Gauge::kMetre;
  }
  return Gauge::kBroad;
}

// 4.1.6: broad and metre lines; 4.2.8: brown and grey (dual gauge) track carries either.
bool GaugeFits(Gauge line, Gauge track) { return track == Gauge::kDual || track == line; }

// 4.1.2 - 4.1.4: how many tiles the operating company may lay this turn (1.4.4: majors two,
// minors one).
int LaysAllowed(const Context& ctx, int company) {
  const CompanyState& c = ctx.state.companies[company];
  if (!c.major) return (ctx.Initials(company) == "BAR" && c.railway_turns == 0) ? 2 : 1;  // 4.1.4
  if (c.double_lay == DoubleLay::kPayPerUse) return 2;
  if (c.double_lay == DoubleLay::kFromPhase2 && ctx.state.phase >= 2) return 2;
  return 1;
}

bool BarFirstTurn(const Context& ctx, int company) {
  return ctx.Initials(company) == "BAR" && ctx.state.companies[company].railway_turns == 0;
}

// 4.2.3 / 4.4.2: from phase 4 a company owning a '5' or '6' may work outside its area (1.4.6).
bool Unrestricted(const Context& ctx, int company) {
  if (ctx.state.phase < 4) return false;
  for (const TrainCard& train : ctx.state.companies[company].trains) {
    if (train.name == "5" || train.name == "6") return true;
  }
  return false;
}

// 4.1.10: the tile's stations must match the hex: plain track on open country, one small station
// on a town, two on two towns, a large station on a city.
Status RightTileForHex(const TileDef& tile, const HexDef& hex, const std::string& name, const Refuse& refuse) {
  int small = 0, large = 0;
  for (const TileStation& station : tile.stations) (station.kind == StationKind::kLarge ? large : small)++;
  if (hex.city) {
    if (large == 1 && small == 0) return OkStatus();
    return refuse([&] { return Illegal("1853.refusal.track.city_takes_tile_one_large", "4.1.10", fmt::format("{} is a city: it takes a tile with one large station", name)).With({param::Hex("hex", name)}); });
  }
  if (large > 0) return refuse([&] { return Illegal("1853.refusal.track.no_city_no_large_station", "4.1.10", fmt::format("{} has no city: no large-station tile there", name)).With({param::Hex("hex", name)}); });
  if (small != hex.towns) {
    if (hex.towns == 0) return refuse([&] { return Illegal("1853.refusal.track.open_country_takes_plain_tile", "4.1.10", fmt::format("{} is open country: it takes a plain tile", name)).With({param::Hex("hex", name)}); });
    return refuse([&] {
      return Illegal("1853.refusal.track.town_takes_tile_small_station", "4.1.10", fmt::format("{} has {} town{}: it takes a tile with {} small station{}", name, hex.towns,
                                         hex.towns == 1 ? "" : "s", hex.towns, hex.towns == 1 ? "" : "s")).With({param::Hex("hex", name), param::Count("towns", hex.towns)});
    });
  }
  return OkStatus();
}

// 4.1.11: no line may run into the sea or the margins.
Status StaysOnTheBoard(const TileDef& tile, int rotation, const HexDef& hex, const std::string& name, const Refuse& refuse) {
  for (const TilePath& path : tile.paths) {
    for (const PathEnd& end : {path.a, path.b}) {
      if (end.kind != PathEnd::Kind::kEdge) continue;
      const int edge = BoardEdge(end.index, rotation);
      if (hex.edge_blocked[edge]) {
        return refuse([&] {
          return Illegal("1853.refusal.track.track_would_run_off_edge", "4.1.11", fmt::format("on {} the track would run off the {} edge into the sea or the margin",
                                               name, EdgeName(edge))).With({param::Hex("hex", name), param::Text("edge", EdgeName(edge))});
        });
      }
    }
  }
  return OkStatus();
}

bool IsHomeHex(const Context& ctx, int company, HexCoord hex, int* base_index) {
  const auto& bases = ctx.state.companies[company].bases;
  for (size_t b = 0; b < bases.size(); ++b) {
    if (bases[b].hex == hex) {
      *base_index = static_cast<int>(b);
      return true;
    }
  }
  return false;
}

struct ParsedTile {
  HexCoord hex;
  const HexDef* hex_def = nullptr;
  const TileDef* tile = nullptr;
  int rotation = 0;
};

Result<ParsedTile> Parse(const Context& ctx, const std::string& hex_name, const std::string& tile_id, int rotation) {
  const auto hex = ParseHexName(hex_name);
  if (!hex) return Malformed("1853.refusal.track.not_hex_name_rows_v", fmt::format("'{}' is not a hex name (rows A-V, columns a-ak, e.g. Iaa)", hex_name)).With({param::Text("hex", hex_name)});
  const HexDef* def = ctx.data.Hex(*hex);
  if (!def) return Malformed("1853.refusal.track.there_no_hex_board", fmt::format("there is no hex {} on the board", hex_name)).With({param::Text("hex", hex_name)});
  const TileDef* tile = ctx.data.Tile(tile_id);
  if (!tile || tile->preprinted) return Malformed("1853.refusal.track.there_no_tile", fmt::format("there is no tile #{}", tile_id)).With({param::Text("tile", tile_id)});
  if (rotation < 0 || rotation > 5) return Malformed("1853.refusal.track.rotation_must_0_5", "the rotation must be 0 to 5");
  if (!def->playable) return Illegal("1853.refusal.track.not_part_playable_board", "4.1.11", fmt::format("{} is not part of the playable board", hex_name)).With({param::Hex("hex", hex_name)});
  return ParsedTile{*hex, def, tile, rotation};
}

int LayCost(const Context& ctx, int company, const ParsedTile& p) {
  int cost = ctx.data.ConstructionCost(*p.hex_def, TileGauge(*p.tile));
  // 4.1.14 (2.6.2): Ajmer costs a major BBCI £70.
  if (p.hex_def->city && ctx.data.cities[*p.hex_def->city].name == "Ajmer" && ctx.Initials(company) == "BBCI" &&
      ctx.state.companies[company].major) {
    cost = ctx.data.bbci_major_ajmer_cost;
  }
  return cost;
}

int SecondLayFee(const Context& ctx, int company) {
  const RailwayState& r = ctx.state.railway;
  const CompanyState& c = ctx.state.companies[company];
  if (r.lays_done == 1 && c.major && c.double_lay == DoubleLay::kPayPerUse) return ctx.Def(company).double_lay_fee;
  return 0;
}

// Everything about one candidate lay that depends on the company's reach, computed once per turn
// step and shared by validation and listing.
struct LayContext {
  const Context& ctx;
  int company;
  Context::NetworkAndReach kept;
  const TrackNetwork& network;
  const CompanyReach& reach;
  LayContext(const Context& c, int company_index)
      : ctx(c), company(company_index), kept(c.NetworkAndReachOf(company_index)), network(*kept.network),
        reach(*kept.reach) {}

  // 4.1.8 for a second lay extending `second` (on one hex): answers kept for the listing, where
  // many tiles and rotations extend the same railheads.
  bool SeparateFromFirstLay(const LayRecord& first, const std::vector<Railhead>& second) const {
    std::vector<std::tuple<HexCoord, int, Gauge>> key;
    for (const Railhead& rh : second) key.emplace_back(rh.hex, rh.edge, rh.gauge);
    std::sort(key.begin(), key.end());
    key.erase(std::unique(key.begin(), key.end()), key.end());
    if (const auto known = separate.find(key); known != separate.end()) return known->second;
    std::vector<Railhead> first_heads;
    for (size_t i = 0; i < first.railhead_edges.size(); ++i) {
      first_heads.push_back({first.hex, first.railhead_edges[i], first.railhead_gauges[i], 0});
    }
    const bool answer = network.SeparateConnections(TrackPositionOf(ctx.state), company, first_heads, second);
    separate.emplace(std::move(key), answer);
    return answer;
  }
  mutable std::map<std::vector<std::tuple<HexCoord, int, Gauge>>, bool> separate;

  // The tiles of `tile`'s id left to lay (Appendix 3): the supply map is asked once per tile of
  // the edition's data and the answer kept by the tile's place there (the listing asks for every
  // candidate).
  int Supply(const TileDef& tile) const {
    if (supply_by_tile.empty()) supply_by_tile.assign(ctx.data.tiles.size(), -1);  // -1: not asked yet
    int& left = supply_by_tile[static_cast<size_t>(&tile - ctx.data.tiles.data())];
    if (left < 0) {
      const auto it = ctx.state.board.supply.find(tile.id);
      left = it == ctx.state.board.supply.end() ? 0 : it->second;
    }
    return left;
  }
  mutable std::vector<int> supply_by_tile;
};

// The railheads on `hex` that the tile extends (4.1.7): a path of the tile leaves by the
// railhead's edge in a gauge that fits the line. Where that is does not matter: new tiles "may be
// laid in any part of the board" (4.1.7; 2009 4.1.15: "no regional restrictions where to place
// yellow tiles"); the TABLE 2 areas bind promotions and bases only (4.2.2, 4.4.1).
std::vector<Railhead> Extended(const LayContext& lc, const ParsedTile& p, int rotation) {
  std::vector<Railhead> found;
  for (const Railhead& rh : lc.reach.railheads) {
    if (!(rh.hex == p.hex)) continue;
    for (const TilePath& path : p.tile->paths) {
      bool at_edge = false;
      for (const PathEnd& end : {path.a, path.b}) {
        at_edge = at_edge || (end.kind == PathEnd::Kind::kEdge && BoardEdge(end.index, rotation) == rh.edge);
      }
      if (at_edge && GaugeFits(rh.gauge, path.gauge)) {
        found.push_back(rh);
        break;
      }
    }
  }
  return found;
}

// 4.2.1, 4.1.2 - 4.1.4: whether the company may lay (another) tile this turn.
Status MayLay(const Context& ctx, int company) {
  const RailwayState& r = ctx.state.railway;
  if (r.promoted) return Illegal("1853.refusal.track.company_promotes_tile_lays_none", "4.2.1", "a company that promotes a tile lays none in the same turn");
  const int allowed = LaysAllowed(ctx, company);
  if (r.lays_done >= allowed) {
    if (allowed == 1 && ctx.state.companies[company].major) {
      return Illegal("1853.refusal.track.company_lays_one_tile_turn", "4.1.3",
                     fmt::format("the company lays one tile a turn until phase {} (the option it chose)", ctx.data.PhaseShown(2))).With({param::Count("phase", ctx.data.PhaseShown(2))});
    }
    if (BarFirstTurn(ctx, company)) {
      return Illegal("1853.refusal.track.bar_lays_two_tiles_first_turn", "4.1.4", "in its first turn the BAR lays two tiles, no more");
    }
    return Illegal("1853.refusal.track.lay_tile_turn_s", "4.1.2", fmt::format("the {} may lay {} tile{} a turn", ctx.Initials(company), allowed,
                                        allowed == 1 ? "" : "s")).With({param::Company("company", ctx.Initials(company)), param::Count("count", allowed)});
  }
  return OkStatus();
}

// A lay the company may make (MayLay) of tile `p.tile` on `p.hex` (named `name` in the words of
// a refusal) in rotation `p.rotation`.
Status ValidateLayOf(const LayContext& lc, const ParsedTile& p, const std::string& name, const Refuse& refuse,
                     LayRecord* record) {
  const Context& ctx = lc.ctx;
  const RailwayState& r = ctx.state.railway;
  const int company = lc.company;
  if (p.tile->colour != TileColour::kYellow) {
    return refuse([&] {
      return Illegal("1853.refusal.track.only_yellow_tiles_laid_tile", "4.1.5", fmt::format("only yellow tiles are laid; a {} tile comes only by promotion (4.2)",
                                          ColourName(p.tile->colour))).With({param::Text("colour", ColourName(p.tile->colour))});
    });
  }
  if (const auto on = TileOn(ctx.data, ctx.state.board, p.hex)) {
    if (on->preprinted && ctx.data.edition == mailrun::v1::EDITION_LOOKOUT_2009) {
      return refuse([&] { return Illegal("1853.refusal.track.no_tile_laid_preprinted_2009", "4.1.4", "no tile is laid on Bombay, Calcutta, Delhi, Madras or Waltair"); });  // 2009 4.1.4
    }
    if (on->preprinted) return refuse([&] { return Illegal("1853.refusal.track.no_tile_laid_bombay_calcutta", "4.1.5", "no tile is laid on Bombay, Calcutta, Delhi or Madras"); });
    return refuse([&] { return Illegal("1853.refusal.track.already_tile_promote_instead_4", "4.1.5", fmt::format("{} already has a tile: promote it instead (4.2)", name)).With({param::Hex("hex", name)}); });
  }
  if (lc.Supply(*p.tile) <= 0) return refuse([&] { return Illegal("1853.refusal.track.no_tile_left", "Appendix 3", fmt::format("no #{} tile is left", p.tile->id)).With({param::Tile("tile", p.tile->id)}); });
  if (Status s = RightTileForHex(*p.tile, *p.hex_def, name, refuse); !s.ok()) return s;
  if (Status s = StaysOnTheBoard(*p.tile, p.rotation, *p.hex_def, name, refuse); !s.ok()) return s;

  LayRecord lay;
  lay.hex = p.hex;
  int home_base = -1;
  const std::vector<Railhead> extended = Extended(lc, p, p.rotation);
  if (IsHomeHex(ctx, company, p.hex, &home_base)) {
    lay.home = true;  // 4.1.9: the company's own base is on the hex
    lay.base = home_base;
  } else if (extended.empty()) {
    return refuse([&] {
      return Illegal("1853.refusal.track.tile_must_extend_one_s", "4.1.7", fmt::format("the tile on {} must extend one of the {}'s railheads: a line of the same "
                                          "gauge, connected to one of its bases and not blocked by another company's "
                                          "base",
                                          name, ctx.Initials(company))).With({param::Hex("hex", name), param::Company("company", ctx.Initials(company))});
    });
  }
  // 4.1.8: a second lay connects to a different base over separate track (not for the BAR's
  // first-round double lay, 4.1.4).
  if (r.lays_done == 1 && !BarFirstTurn(ctx, company)) {
    const LayRecord& first = r.lays.front();
    bool separate = false;
    if (lay.home) {
      separate = first.home ? first.base != lay.base : true;
    } else if (first.home) {
      separate = std::any_of(extended.begin(), extended.end(), [&](const Railhead& rh) { return rh.base != first.base; });
    } else {
      separate = lc.SeparateFromFirstLay(first, extended);
    }
    if (!separate) {
      return refuse([&] { return Illegal("1853.refusal.track.each_two_lays_must_connect", "4.1.8", "each of two lays must connect to a different base, over track the other does not use"); });
    }
  }
  // 4.1.12: the tile's other track ends need not meet the neighbours' track: nothing is checked
  // against the tiles around it but the railhead it extends.
  // 4.1.13: paid from the treasury when laid, by a director or a manager alike (3.4.6).
  const int cost = LayCost(ctx, company, p) + SecondLayFee(ctx, company);
  if (cost > 0 && ExpensesBarredByCreditTrain(ctx, company)) {
    return refuse([&] {
      return Illegal("1853.refusal.track.credit_train_unpaid_lay", "3.4.6", fmt::format("laying #{} on {} costs {}: until its train bought on credit is paid the {} lays "
                                          "only track without extra cost",
                                          p.tile->id, name, Money(cost), ctx.Initials(company))).With({param::Tile("tile", p.tile->id), param::Hex("hex", name), param::Amount("cost", cost), param::Company("company", ctx.Initials(company))});
    });
  }
  if (ctx.state.companies[company].treasury < cost) {
    return refuse([&] {
      return Illegal("1853.refusal.track.laying_costs", "4.1.13", fmt::format("laying #{} on {} costs {}; the {} has {}", p.tile->id, name,
                                           Money(cost), ctx.Initials(company),
                                           Money(ctx.state.companies[company].treasury)))
          .With({param::Tile("tile", p.tile->id), param::Hex("hex", name), param::Amount("cost", cost),
                 param::Company("company", ctx.Initials(company)),
                 param::Amount("treasury", ctx.state.companies[company].treasury)});
    });
  }
  if (record) {
    for (const Railhead& rh : extended) {
      lay.railhead_edges.push_back(rh.edge);
      lay.railhead_gauges.push_back(rh.gauge);
    }
    *record = std::move(lay);
  }
  return OkStatus();
}

// The lay a player sent: allowed now, well-formed, and a legal lay.
Status ValidateLay(const LayContext& lc, const mailrun::v1::LayTile& action, LayRecord* record) {
  if (Status may = MayLay(lc.ctx, lc.company); !may.ok()) return may;
  auto parsed = Parse(lc.ctx, action.hex(), action.tile(), action.rotation());
  if (!parsed.ok()) return parsed.error();
  return ValidateLayOf(lc, *parsed, action.hex(), Refuse::Worded(), record);
}

std::vector<std::string> PromotionTargets(const Context& ctx, const TileDef& from) {
  std::vector<std::string> targets;
  if (const auto it = ctx.data.promotions.find(from.id); it != ctx.data.promotions.end()) targets = it->second;
  if (ctx.config.options().unrestricted_58()) {  // 2.4.4
    if (const auto it = ctx.data.promotions_unrestricted_58.find(from.id);
        it != ctx.data.promotions_unrestricted_58.end()) {
      targets.insert(targets.end(), it->second.begin(), it->second.end());
    }
  }
  return targets;
}

bool ColourInPhase(const Context& ctx, TileColour colour) {
  const auto& colours = ctx.data.phases[ctx.state.phase - 1].tile_colours;
  return std::find(colours.begin(), colours.end(), colour) != colours.end();
}

int PromotionCost(const Context& ctx, const ParsedTile& p, const TileOnHex& current) {
  // 4.2.13: the first promotion of Calcutta costs £60.
  if (current.preprinted && p.hex_def->city && ctx.data.cities[*p.hex_def->city].name == "Calcutta") {
    return ctx.data.calcutta_first_promotion_cost;
  }
  return 0;  // 4.2.11
}

// 4.2.1: whether the company may promote a tile this turn.
Status MayPromote(const Context& ctx) {
  const RailwayState& r = ctx.state.railway;
  if (r.lays_done > 0 || r.promoted) {
    return Illegal("1853.refusal.track.promotion_replaces_turn_s_tile", "4.2.1", "a promotion replaces the turn's tile lays: one promotion, and no lay, per turn");
  }
  return OkStatus();
}

// 4.1.1: track is laid first in a company's turn. Why a lay or promotion of `seat` is refused
// outside the operating company's track step: once the step is over, the reason it ended if that
// still refuses (the turn's tiles are laid, or a tile was promoted: 4.1.2 - 4.1.4, 4.2.1), else
// the step the turn is at (4.0).
Error NotLaying(const Context& ctx, int seat, bool promotion) {
  const RailwayState& r = ctx.state.railway;
  if (OperatingSeat(ctx) == seat && !ctx.state.offer && r.step > TurnStep::kTrack) {
    const Status may = promotion ? MayPromote(ctx) : MayLay(ctx, r.company);
    if (!may.ok()) return may.error();
  }
  return NotAtStep(ctx, seat, TurnStep::kTrack);
}

// Whether TABLE 8 (and 2.4.4) promote `from` to tile `to`.
bool IsPromotionTarget(const Context& ctx, const TileDef& from, const std::string& to) {
  const auto listed = [&](const auto& table) {
    const auto it = table.find(from.id);
    return it != table.end() && std::find(it->second.begin(), it->second.end(), to) != it->second.end();
  };
  return listed(ctx.data.promotions) || (ctx.config.options().unrestricted_58() && listed(ctx.data.promotions_unrestricted_58));
}

// A promotion the company may make (MayPromote) of the tile on `p.hex` (named `name` in the words
// of a refusal) to `p.tile` in rotation `p.rotation`.
Status ValidatePromotionOf(const LayContext& lc, const ParsedTile& p, const std::string& name, const Refuse& refuse) {
  const Context& ctx = lc.ctx;
  const int company = lc.company;
  const auto current = TileOn(ctx.data, ctx.state.board, p.hex);
  if (!current) return refuse([&] { return Illegal("1853.refusal.track.no_tile_promote", "4.2.1", fmt::format("{} has no tile to promote", name)).With({param::Hex("hex", name)}); });
  const TileDef& from = *current->tile;
  const int next_colour = static_cast<int>(from.colour) + 1;
  if (static_cast<int>(p.tile->colour) != next_colour) {
    return refuse([&] {
      return Illegal("1853.refusal.track.tile_promoted_one_not_none", "4.2.1", fmt::format("a {} tile is promoted to a {} one, not {}", ColourName(from.colour),
                                          next_colour <= 3 ? ColourName(static_cast<TileColour>(next_colour)) : "(none)",
                                          ColourName(p.tile->colour))).With({param::Text("from_colour", ColourName(from.colour)), param::Text("to_colour", next_colour <= 3 ? ColourName(static_cast<TileColour>(next_colour)) : "(none)"), param::Text("colour", ColourName(p.tile->colour))});
    });
  }
  if (!ColourInPhase(ctx, p.tile->colour)) {
    return refuse([&] {
      return Illegal("1853.refusal.track.tiles_not_available_phase", current->preprinted ? "4.2.12" : "4.2.1",
                     fmt::format("{} tiles are not available in phase {}", ColourName(p.tile->colour), ctx.data.PhaseShown(ctx.state.phase))).With({param::Text("colour", ColourName(p.tile->colour)), param::Count("phase", ctx.data.PhaseShown(ctx.state.phase))});
    });
  }
  if (!IsPromotionTarget(ctx, from, p.tile->id)) {
    return refuse([&] {
      const auto targets = PromotionTargets(ctx, from);
      if (targets.empty()) return Illegal("1853.refusal.track.never_promoted_table_8", "4.2.5", fmt::format("#{} is never promoted (TABLE 8)", from.id)).With({param::Tile("tile", from.id)});
      std::string list;
      for (const auto& t : targets) list += (list.empty() ? "#" : ", #") + t;
      return Illegal("1853.refusal.track.promotes_only_table_8", current->preprinted ? "4.2.12" : "4.2.5",
                     fmt::format("{} promotes only to {} (TABLE 8)", current->preprinted ? from.id : "#" + from.id, list)).With({param::Tile("tile", from.id), param::Text("tiles", list)});
    });
  }
  if (lc.Supply(*p.tile) <= 0) {
    // 4.2.12: the large cities' own tiles are few ("only ONE grey CD tile").
    return refuse([&] { return Illegal("1853.refusal.track.no_tile_left", p.tile->label.empty() ? "Appendix 3" : "4.2.12", fmt::format("no #{} tile is left", p.tile->id)).With({param::Tile("tile", p.tile->id)}); });
  }
  if (from.colour == TileColour::kBrown) {
    for (int edge = 0; edge < 6; ++edge) {
      const auto next = TileOn(ctx.data, ctx.state.board, Neighbour(p.hex, edge));
      if (next && next->tile->colour == TileColour::kGrey) {
        return refuse([&] { return Illegal("1853.refusal.track.next_grey_tile_brown_tile", "4.2.7", fmt::format("{} is next to a grey tile: a brown tile there is not promoted", name)).With({param::Hex("hex", name)}); });
      }
    }
  }
  if (!KeepsTrack(from, current->rotation, *p.tile, p.rotation)) {
    return refuse([&] { return Illegal("1853.refusal.track.new_tile_must_keep_every", "4.2.4", "the new tile must keep every existing line, and its gauge (4.2.6), in this rotation"); });
  }
  if (Status s = StaysOnTheBoard(*p.tile, p.rotation, *p.hex_def, name, refuse); !s.ok()) return s;
  // 4.2.2: connected to a base, or connected by the promotion without a break of gauge.
  bool connected = lc.reach.ReachesHex(p.hex);
  for (const Railhead& touch : lc.reach.touches) {
    if (connected || !(touch.hex == p.hex)) continue;
    for (const TilePath& path : p.tile->paths) {
      for (const PathEnd& end : {path.a, path.b}) {
        if (end.kind == PathEnd::Kind::kEdge && BoardEdge(end.index, p.rotation) == touch.edge &&
            GaugeFits(touch.gauge, path.gauge)) {
          connected = true;
        }
      }
    }
  }
  if (!connected) {
    return refuse([&] {
      return Illegal("1853.refusal.track.tile_must_connected_one_s", "4.2.2", fmt::format("the tile on {} must be connected to one of the {}'s bases, or be connected by "
                                          "this promotion without a break of gauge",
                                          name, ctx.Initials(company))).With({param::Hex("hex", name), param::Company("company", ctx.Initials(company))});
    });
  }
  // 4.2.2 / 1.4.6: within the TABLE 2 area before phase 4.
  const bool in_area = ctx.Def(company).area.Contains(p.hex);
  if (!in_area && !Unrestricted(ctx, company) && ctx.state.phase >= 4) {
    // 4.2.3: from phase 4 only a company owning a '5' or '6' works outside its area.
    return refuse([&] {
      return Illegal("1853.refusal.track.outside_area_needs_5_or_6_train", "4.2.3",
                     fmt::format("outside its area a company promotes only if it owns a '5' or '6' train; the {} owns none",
                                 ctx.Initials(company)))
          .With({param::Company("company", ctx.Initials(company))});
    });
  }
  if (!in_area && !Unrestricted(ctx, company)) {
    return refuse([&] {
      return Illegal("1853.refusal.track.before_phase_4_promotes_only", "4.2.2", fmt::format("before phase {} the {} promotes only within its area (TABLE 2)", ctx.data.PhaseShown(4),
                                          ctx.Initials(company))).With({param::Count("phase", ctx.data.PhaseShown(4)), param::Company("company", ctx.Initials(company))});
    });
  }
  if (!in_area) {
    // 4.2.3: outside its area the company must run over the tile this round: its trains must be
    // able to (on the board as it would be).
    GameState after = ctx.state;
    after.board.tiles.Set(p.hex, {p.tile->id, p.rotation});
    const std::vector<int> mapping = StationMapping(from, current->rotation, *p.tile, p.rotation);
    for (CompanyState& c : after.companies) {
      for (Base& base : c.bases) {
        if (base.hex == p.hex && base.station < static_cast<int>(mapping.size())) base.station = mapping[base.station];
      }
    }
    std::vector<HexCoord> must = ctx.state.railway.must_run_hexes;
    must.push_back(p.hex);
    if (!CanRunOver(ctx, after, company, must)) {
      return refuse([&] {
        return Illegal("1853.refusal.track.outside_area_must_run_over", "4.2.3", fmt::format("outside its area the {} must run over the promoted tile this round, and its "
                                            "trains could not run over {}",
                                            ctx.Initials(company), name)).With({param::Company("company", ctx.Initials(company)), param::Hex("hex", name)});
      });
    }
  }
  const int cost = PromotionCost(ctx, p, *current);
  if (cost > 0 && ExpensesBarredByCreditTrain(ctx, company)) {
    return refuse([&] {
      return Illegal("1853.refusal.track.credit_train_unpaid_promotion", "3.4.6", fmt::format("this promotion costs {}: until its train bought on credit is paid the {} "
                                          "pays no other expense",
                                          Money(cost), ctx.Initials(company))).With({param::Amount("cost", cost), param::Company("company", ctx.Initials(company))});
    });
  }
  if (ctx.state.companies[company].treasury < cost) {
    return refuse([&] {
      return Illegal("1853.refusal.track.first_promotion_calcutta_costs", "4.2.13", fmt::format("the first promotion of Calcutta costs {}; the {} has {}", Money(cost),
                                           ctx.Initials(company), Money(ctx.state.companies[company].treasury)))
          .With({param::City("city", "Calcutta"), param::Amount("cost", cost), param::Company("company", ctx.Initials(company)),
                 param::Amount("treasury", ctx.state.companies[company].treasury)});
    });
  }
  return OkStatus();
}

// The promotion a player sent: allowed now, well-formed, and a legal promotion.
Status ValidatePromotion(const LayContext& lc, const mailrun::v1::PromoteTile& action) {
  if (Status may = MayPromote(lc.ctx); !may.ok()) return may;
  auto parsed = Parse(lc.ctx, action.hex(), action.tile(), action.rotation());
  if (!parsed.ok()) return parsed.error();
  return ValidatePromotionOf(lc, *parsed, action.hex(), Refuse::Worded());
}

}  // namespace

Status ValidateLayTile(const Context& ctx, int seat, const mailrun::v1::LayTile& action) {
  if (!Operating(ctx, seat)) return NotLaying(ctx, seat, /*promotion=*/false);
  const LayContext lc(ctx, ctx.state.railway.company);
  return ValidateLay(lc, action, nullptr);
}

void ExecuteLayTile(Context& ctx, int, const mailrun::v1::LayTile& action) {
  const int company = ctx.state.railway.company;
  LayRecord lay;
  ParsedTile p;
  int cost = 0;
  {
    const LayContext lc(ctx, company);
    (void)ValidateLay(lc, action, &lay);
    p = *Parse(ctx, action.hex(), action.tile(), action.rotation());
    cost = LayCost(ctx, company, p) + SecondLayFee(ctx, company);
  }
  GameState& s = ctx.state;
  CompanyPays(ctx, company, cost);
  --s.board.supply[p.tile->id];
  s.board.tiles.Set(p.hex, {p.tile->id, action.rotation()});
  s.railway.lays.push_back(lay);
  ++s.railway.lays_done;
  if (cost > 0) {
    ctx.Say("1853.log.track.lays_tile_for", "The {company} lays #{tile} on {hex} for {amount}", {param::Company("company", ctx.Initials(company)), param::Tile("tile", p.tile->id), param::Hex("hex", action.hex()), param::Amount("amount", cost)});
  } else {
    ctx.Say("1853.log.track.lays_tile", "The {company} lays #{tile} on {hex}", {param::Company("company", ctx.Initials(company)), param::Tile("tile", p.tile->id), param::Hex("hex", action.hex())});
  }
  CheckContracts(ctx);
}

Status ValidatePromoteTile(const Context& ctx, int seat, const mailrun::v1::PromoteTile& action) {
  if (!Operating(ctx, seat)) return NotLaying(ctx, seat, /*promotion=*/true);
  const LayContext lc(ctx, ctx.state.railway.company);
  return ValidatePromotion(lc, action);
}

void ExecutePromoteTile(Context& ctx, int, const mailrun::v1::PromoteTile& action) {
  GameState& s = ctx.state;
  const int company = s.railway.company;
  const ParsedTile p = *Parse(ctx, action.hex(), action.tile(), action.rotation());
  // Validated already (ValidatePromoteTile): outside the area only as 4.2.3 allows.
  const bool outside_area = !ctx.Def(company).area.Contains(p.hex);
  const TileOnHex current = *TileOn(ctx.data, s.board, p.hex);
  const int cost = PromotionCost(ctx, p, current);
  CompanyPays(ctx, company, cost);
  if (!current.preprinted) ++s.board.supply[current.tile->id];  // 4.2.10
  --s.board.supply[p.tile->id];
  s.board.tiles.Set(p.hex, {p.tile->id, action.rotation()});
  // Base tokens move to the stations that take over theirs.
  const std::vector<int> mapping = StationMapping(*current.tile, current.rotation, *p.tile, action.rotation());
  for (CompanyState& c : s.companies) {
    for (Base& base : c.bases) {
      if (base.hex == p.hex && base.station < static_cast<int>(mapping.size())) base.station = mapping[base.station];
    }
  }
  s.railway.promoted = true;
  if (outside_area) s.railway.must_run_hexes.push_back(p.hex);  // 4.2.3
  if (cost > 0) {
    ctx.Say("1853.log.track.promotes_tile_for", "The {company} promotes {hex} to #{tile} for {amount}", {param::Company("company", ctx.Initials(company)), param::Hex("hex", action.hex()), param::Tile("tile", p.tile->id), param::Amount("amount", cost)});
  } else {
    ctx.Say("1853.log.track.promotes_tile", "The {company} promotes {hex} to #{tile}", {param::Company("company", ctx.Initials(company)), param::Hex("hex", action.hex()), param::Tile("tile", p.tile->id)});
  }
  CheckContracts(ctx);
}

Status ValidateEndTrackStep(const Context&) { return OkStatus(); }

void FinishTrackStep(Context& ctx) {
  // 4.1.15: frontier posts connected to one of the company's bases pay once, after the lays.
  GameState& s = ctx.state;
  const int company = s.railway.company;
  const auto unpaid = [&](const HexDef& hex) {
    return hex.frontier_value && std::find(s.board.frontier_paid.begin(), s.board.frontier_paid.end(), hex.coord) ==
                                     s.board.frontier_paid.end();
  };
  // The hexes a company reaches all have a tile (its track, or a base's station, lies on them):
  // its reach is asked only while an unpaid post has one.
  const auto payable = [&](const HexDef& hex) { return unpaid(hex) && TileOn(ctx.data, s.board, hex.coord); };
  if (std::none_of(ctx.data.hexes.begin(), ctx.data.hexes.end(), payable)) return;
  const std::shared_ptr<const CompanyReach> kept = ctx.Reach(company);
  const CompanyReach& reach = *kept;
  for (const HexDef& hex : ctx.data.hexes) {
    if (!hex.frontier_value || !reach.ReachesHex(hex.coord)) continue;
    if (std::find(s.board.frontier_paid.begin(), s.board.frontier_paid.end(), hex.coord) != s.board.frontier_paid.end()) {
      continue;
    }
    s.board.frontier_paid.push_back(hex.coord);
    CompanyReceives(ctx, company, *hex.frontier_value);  // 4.1.15: in Company Credits
    ctx.Say("1853.log.track.frontier_post", "The {company} reaches the frontier post at {hex} and receives {amount} ({rule})", {param::Company("company", ctx.Initials(company)), param::Hex("hex", HexName(hex.coord)), param::Amount("amount", *hex.frontier_value), param::Rule("rule", "4.1.15")});
  }
}

namespace {

// Every legal lay and promotion of the operating company (`lc`), in listing order, handed to
// `take` until it returns false. Returns false if `take` stopped it.
template <typename Take>
bool EachTrackAction(const LayContext& lc, Take take) {
  const Context& ctx = lc.ctx;
  const int company = lc.company;
  // Each candidate is checked as the player's action would be, with bare refusals (no words), and
  // made into an action only when it is legal.
  static const std::string kUnnamed;
  const Refuse bare = Refuse::Bare();
  const RailwayState& r = ctx.state.railway;
  if (!r.promoted && r.lays_done < LaysAllowed(ctx, company)) {
    // Lays: the hexes next to a railhead, and the company's own untiled base hexes.
    std::set<HexCoord> candidates;
    for (const Railhead& rh : lc.reach.railheads) candidates.insert(rh.hex);
    for (const Base& base : ctx.state.companies[company].bases) {
      if (!TileOn(ctx.data, ctx.state.board, base.hex)) candidates.insert(base.hex);
    }
    std::vector<const TileDef*> yellow;  // the yellow tiles left, in the data's order
    for (const TileDef& tile : ctx.data.tiles) {
      if (!tile.preprinted && tile.colour == TileColour::kYellow && lc.Supply(tile) > 0) yellow.push_back(&tile);
    }
    for (const HexCoord& hex : candidates) {
      const HexDef* def = ctx.data.Hex(hex);
      if (!def || !def->playable) continue;
      for (const TileDef* tile : yellow) {
        if (!RightTileForHex(*tile, *def, kUnnamed, bare).ok()) continue;
        for (int rotation = 0; rotation < 6; ++rotation) {
          if (!ValidateLayOf(lc, ParsedTile{hex, def, tile, rotation}, kUnnamed, bare, nullptr).ok()) continue;
          mailrun::v1::Action action;
          auto* lay = action.mutable_lay_tile();
          lay->set_hex(HexName(hex));
          lay->set_tile(tile->id);
          lay->set_rotation(rotation);
          if (!take(std::move(action))) return false;
        }
      }
    }
  }
  if (r.lays_done == 0 && !r.promoted) {
    const std::vector<TileOnHex> on_board = TilesOnBoard(ctx.data, ctx.state.board);
    for (size_t i = 0; i < ctx.data.hexes.size(); ++i) {
      const HexDef& hex = ctx.data.hexes[i];
      const TileOnHex& current = on_board[i];
      // Parse refuses a hex off the playable board; 4.2.2 one the company's lines neither reach
      // nor touch (ValidatePromotionOf), whatever the tile.
      if (!current.tile || !hex.playable) continue;
      if (!lc.reach.ReachesHex(hex.coord) &&
          std::none_of(lc.reach.touches.begin(), lc.reach.touches.end(), [&](const Railhead& touch) { return touch.hex == hex.coord; })) {
        continue;
      }
      for (const std::string& target : PromotionTargets(ctx, *current.tile)) {
        const TileDef* to = ctx.data.Tile(target);
        if (!to || lc.Supply(*to) <= 0 || to->preprinted || !ColourInPhase(ctx, to->colour)) continue;
        for (int rotation : KeepingRotations(*current.tile, current.rotation, *to)) {
          if (!ValidatePromotionOf(lc, ParsedTile{hex.coord, &hex, to, rotation}, kUnnamed, bare).ok()) continue;
          mailrun::v1::Action action;
          auto* promote = action.mutable_promote_tile();
          promote->set_hex(HexName(hex.coord));
          promote->set_tile(target);
          promote->set_rotation(rotation);
          if (!take(std::move(action))) return false;
        }
      }
    }
  }
  return true;
}

}  // namespace

void ListTrackActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out) {
  if (!Operating(ctx, seat)) return;
  const LayContext lc(ctx, ctx.state.railway.company);
  EachTrackAction(lc, [&](mailrun::v1::Action action) {
    std::string text = action.has_lay_tile()
                           ? fmt::format("Lay #{} on {} (rotation {})", action.lay_tile().tile(),
                                         action.lay_tile().hex(), action.lay_tile().rotation())
                           : fmt::format("Promote {} to #{} (rotation {})", action.promote_tile().hex(),
                                         action.promote_tile().tile(), action.promote_tile().rotation());
    AddLegal(out, seat, std::move(action), std::move(text));
    return true;
  });
}

bool AnyTrackAction(const Context& ctx, int seat) {
  if (!Operating(ctx, seat)) return false;
  // No lay and no promotion left this turn (EachTrackAction's two cases): nothing to look at.
  const RailwayState& r = ctx.state.railway;
  if (r.promoted || (r.lays_done > 0 && r.lays_done >= LaysAllowed(ctx, r.company))) return false;
  const LayContext lc(ctx, ctx.state.railway.company);
  return !EachTrackAction(lc, [](const mailrun::v1::Action&) { return false; });
}

}  // namespace mailrun::engine::t1853
