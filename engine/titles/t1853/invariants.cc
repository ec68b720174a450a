#include "engine/titles/t1853/invariants.h"

#include <fmt/format.h>

#include <map>

#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853 {

std::vector<std::string> CheckInvariants(const Game& game, const GameState* before) {
  return CheckInvariants(game.data(), game.config(), game.state(), before);
}

std::vector<std::string> CheckInvariants(const EditionData& data, const mailrun::v1::GameConfig& config,
                                         const GameState& s, const GameState* before) {
  std::vector<std::string> problems;
  // Money.
  int total = s.bank + s.credits;
  for (const PlayerState& p : s.players) {
    total += p.cash;
    if (!p.bond.returned && s.stage != Stage::kBondCommit) total += p.bond.amount;
    if (p.cash < 0) problems.push_back(fmt::format("{} has negative cash {}", p.name, p.cash));
  }
  for (int c = 0; c < kCompanies; ++c) {
    total += s.companies[c].treasury;
    if (s.companies[c].treasury < 0) {
      problems.push_back(fmt::format("the {} has a negative treasury {}", data.companies[c].initials, s.companies[c].treasury));
    }
  }
  if (total != s.total_money) problems.push_back(fmt::format("money is {} instead of {}", total, s.total_money));
  // 2009 (section 1): no Company Credits; companies hold the players' money.
  if (data.edition == mailrun::v1::EDITION_LOOKOUT_2009 && s.credits != 0) {
    problems.push_back(fmt::format("the 2009 edition has no Company Credits, yet {} are out", s.credits));
  }
  // Shares and control.
  PlayerCountRules limits;
  for (const auto& r : data.player_counts) {
    if (r.players == s.players_count) limits = r;
  }
  if (config.options().simplified_game()) limits.share_limit = data.simplified_game.share_limit;
  // Every company's ten shares are with the players, in the pool or in the bank (1.5.1).
  if (s.shares.players() != static_cast<int>(s.players.size()) || s.shares.companies() != kCompanies ||
      s.shares.per_company() != kSharesPerCompany) {
    problems.push_back("the share ledger does not fit the game");
    return problems;
  }
  std::vector<std::string> names;
  for (int c = 0; c < kCompanies; ++c) names.push_back(data.companies[c].initials);
  for (std::string& fault : s.shares.ConservationFaults(names)) problems.push_back(std::move(fault));
  for (int c = 0; c < kCompanies; ++c) {
    const CompanyState& company = s.companies[c];
    const std::string& name = data.companies[c].initials;
    int max_held = 0;
    for (int seat = 0; seat < static_cast<int>(s.players.size()); ++seat) {
      const PlayerState& p = s.players[seat];
      const int held = s.shares.HeldBy(seat, c);
      max_held = std::max(max_held, held);
      if (p.unredeemed[c] > held || p.unredeemed[c] < 0) problems.push_back(fmt::format("{}: bad un-redeemed count", name));
    }
    if (company.status == CompanyStatus::kFormed) {
      if (company.director >= 0) {
        const int director_held = s.shares.HeldBy(company.director, c);
        if (director_held < 2) problems.push_back(fmt::format("the {} director holds under 2 shares", name));
        if (director_held < max_held) problems.push_back(fmt::format("the {} director is not the largest holder", name));
      } else if (company.manager < 0) {
        problems.push_back(fmt::format("the formed {} has neither director nor manager", name));
      } else if (max_held >= 2) {
        problems.push_back(fmt::format("the {} has a manager although a player holds two shares", name));
      }
      // Tokens within TABLE 7.
      if (company.tokens_left < 0 || static_cast<int>(company.bases.size()) + company.tokens_left != data.companies[c].tokens) {
        problems.push_back(fmt::format("the {} has {} bases and {} tokens left of {}", name, company.bases.size(),
                                       company.tokens_left, data.companies[c].tokens));
      }
      // Train limits; after a phase change a company may own one train too many until its director
      // or manager has chosen the one to return (4.8.6), always within the railway round.
      const int limit = engine::TrainLimit(data.phases, s.phase);
      const int over = static_cast<int>(company.trains.size()) - limit;
      if (over > 1 || (over > 0 && s.stage != Stage::kRailway)) {
        problems.push_back(fmt::format("the {} owns {} trains, over the limit of {}", name, company.trains.size(), limit));
      }
    }
    // Purchases keep within TABLE 3 (3.1.2), unless the shares are worth £40 or less.
    if (before && s.stage == Stage::kDealing && s.dealing.bought_company == c) {
      const int price = company.price_index >= 0 ? data.SharePrices()[company.price_index] : data.companies[c].par;
      for (int seat = 0; seat < s.players_count; ++seat) {
        const int now = s.shares.HeldBy(seat, c);
        if (now > before->shares.HeldBy(seat, c) && price > 40 && now > limits.share_limit) {
          problems.push_back(fmt::format("{} holds {} {} shares, over the limit", s.players[seat].name, now, name));
        }
      }
    }
  }
  // Tokens: never more on a station than its spaces.
  for (const auto& [where, companies] : TrackNetwork::TokensOf(TrackPositionOf(s).bases)) {
    const auto on = TileOn(data, s.board, where.first);
    if (!on) continue;
    if (where.second >= static_cast<int>(on->tile->stations.size()) ||
        static_cast<int>(companies.size()) > on->tile->stations[where.second].token_slots) {
      problems.push_back(fmt::format("too many base tokens on {} station {}", HexName(where.first), where.second));
    }
  }
  // Tiles within the manifest.
  std::map<std::string, int> laid;
  for (const auto& [hex, tile] : s.board.tiles) ++laid[tile.tile];
  std::map<std::string, int> manifest;
  for (const auto& supply : data.manifest) manifest[supply.tile_id] += supply.count;
  const auto& options = config.options();
  if (options.unrestricted_58()) manifest["58"] = data.tile_58_count_unrestricted;
  const auto& kit = options.tile_kit() == mailrun::v1::TILE_KIT_MIK1     ? data.manifest_mik1
                    : options.tile_kit() == mailrun::v1::TILE_KIT_MIK1_1 ? data.manifest_mik1_1
                                                                         : std::vector<TileSupply>{};
  for (const auto& supply : kit) manifest[supply.tile_id] += supply.count;
  for (const auto& [id, count] : manifest) {
    const auto supply = s.board.supply.find(id);
    const int left = supply == s.board.supply.end() ? 0 : supply->second;
    if (left < 0 || left + laid[id] != count) {
      problems.push_back(fmt::format("tile #{}: {} left and {} laid of {}", id, left, laid[id], count));
    }
  }
  return problems;
}

}  // namespace mailrun::engine::t1853
