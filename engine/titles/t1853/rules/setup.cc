#include "engine/titles/t1853/rules/setup.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/core/rng.h"
#include "engine/titles/t1853/rules/context.h"
#include "engine/titles/t1853/rules/dealing_round.h"
#include "engine/titles/t1853/rules/share_ledger.h"
#include "engine/titles/t1853/rules/trains.h"

namespace mailrun::engine::t1853 {
namespace {

void FillTileSupply(const EditionData& data, const mailrun::v1::GameOptions& options, BoardState& board) {
  for (const TileSupply& supply : data.manifest) board.supply[supply.tile_id] += supply.count;
  if (options.unrestricted_58()) board.supply["58"] = data.tile_58_count_unrestricted;  // 2.4.4
  // 2.4.5: the MIK1 (or MIK1.1) tile kit of Appendix 3.
  const auto& kit = options.tile_kit() == mailrun::v1::TILE_KIT_MIK1     ? data.manifest_mik1
                    : options.tile_kit() == mailrun::v1::TILE_KIT_MIK1_1 ? data.manifest_mik1_1
                                                                         : std::vector<TileSupply>{};
  for (const TileSupply& supply : kit) board.supply[supply.tile_id] += supply.count;
}

// 2.4.1: the directors' certificates of as many companies as players (without the BBCI and the
// BAR) are dealt by lot; seating follows company order; each director also receives two
// ordinary shares and pays for all four.
void DealSimplifiedGame(Context& ctx) {
  GameState& s = ctx.state;
  std::vector<int> companies;
  for (int c = 0; c < kCompanies && static_cast<int>(companies.size()) < s.players_count; ++c) {
    if (ctx.Initials(c) == "BBCI" || ctx.Initials(c) == "BAR") continue;
    companies.push_back(c);
  }
  std::vector<int> seats(s.players_count);
  for (int i = 0; i < s.players_count; ++i) seats[i] = i;
  for (int i = s.players_count - 1; i > 0; --i) {
    std::swap(seats[i], seats[RandomBelow(s.rng, static_cast<uint64_t>(i + 1))]);
  }
  for (size_t i = 0; i < companies.size(); ++i) {
    const int seat = seats[i];
    const int company = companies[i];
    s.seating_order.push_back(seat);
    s.players[seat].seating = static_cast<int>(i);
    GainShares(ctx, seat, company, 4, ShareHolder::Bank());
    const int cost = 4 * ctx.Def(company).par;
    s.players[seat].cash -= cost;
    s.bank += cost;
    s.companies[company].status = CompanyStatus::kOnSale;
    s.companies[company].floated = true;
    ctx.Say("1853.log.setup.dealt_director", "{seat} is dealt the {company} director's certificate and pays {amount}", {param::Seat("seat", seat), param::Company("company", ctx.Initials(company)), param::Amount("amount", cost)});
    FormCompany(ctx, company);
  }
  s.elephant = s.seating_order.front();
}

}  // namespace

Result<GameState> SetUpGame(const EditionData& data, const mailrun::v1::GameConfig& config) {
  // 1.0: three to six players.
  const int players = config.players_size();
  if (players < 3 || players > 6) {
    return Malformed("1853.refusal.setup.1853_played_3_6_players", fmt::format("1853 is played by 3 to 6 players, not {}", players)).With({param::Count("players", players)});
  }
  for (int i = 0; i < players; ++i) {
    if (config.players(i).display_name().empty()) return Malformed("1853.refusal.setup.player_no_name", fmt::format("player {} has no name", i + 1)).With({param::Count("player", i + 1)});
  }
  const mailrun::v1::BankSize bank_size =
      config.options().bank() == mailrun::v1::BANK_SIZE_UNSPECIFIED ? mailrun::v1::BANK_FULL : config.options().bank();
  const auto bank = data.bank_sizes.find(bank_size);
  if (bank == data.bank_sizes.end()) return Malformed("1853.refusal.setup.edition_no_such_bank_size", "this edition has no such bank size");
  if (!mailrun::v1::TileKit_IsValid(config.options().tile_kit())) return Malformed("1853.refusal.setup.unknown_tile_kit", "unknown tile kit");

  GameState s;
  s.edition = data.edition;
  s.players_count = players;
  s.rng = config.seed() ^ 0x1853185318531853ULL;
  // 2.1, 2.4.2, 2.4.3: the bank's size; 2.4.1: the simplified game keeps of the £100 notes only
  // those dealt to the players, and no £500 notes.
  s.total_money = bank->second;
  if (config.options().simplified_game()) {
    const auto simplified = data.simplified_bank_sizes.find(bank_size);
    if (simplified == data.simplified_bank_sizes.end()) return Malformed("1853.refusal.setup.edition_no_simplified_game", "this edition has no simplified game");
    s.total_money = simplified->second + data.simplified_bank_per_player * players;
  }
  s.bank = s.total_money;
  const PlayerCountRules* table = nullptr;
  for (const auto& rules : data.player_counts) {
    if (rules.players == players) table = &rules;
  }
  if (!table) return DataFault("no TABLE 3 entry for this many players");
  // 2.3: the starting capital of TABLE 3 (2.4.1: £440 in the simplified game).
  const int capital = config.options().simplified_game() ? data.simplified_starting_capital : table->starting_capital;
  for (int i = 0; i < players; ++i) {
    PlayerState p;
    p.name = config.players(i).display_name();
    p.cash = capital;
    s.bank -= capital;
    s.players.push_back(p);
  }
  s.shares = ShareLedger(players, kCompanies, kSharesPerCompany);  // 1.5.1: all in the bank
  for (int c = 0; c < kCompanies; ++c) {
    s.companies[c].major = data.companies[c].kind != CompanyKind::kMinor;
  }
  FillTileSupply(data, config.options(), s.board);
  SetUpTrainStock(s, data);

  if (config.options().simplified_game()) {
    ApplyOutcome unused;
    Context ctx{data, config, s, &unused};
    DealSimplifiedGame(ctx);
    StartDealingRound(ctx, s.elephant);
  }
  return s;
}

}  // namespace mailrun::engine::t1853
