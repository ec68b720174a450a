#include "engine/selfplay/selfplay.h"

#include <fmt/format.h>
#include <google/protobuf/util/json_util.h>

#include <optional>
#include <string>

#include "engine/bot/choose_action.h"
#include "engine/core/rng.h"
#include "engine/titles/game.h"

namespace mailrun::engine {
namespace {

constexpr size_t kMaxReportedViolations = 20;

mailrun::v1::Action JsonRoundTrip(const mailrun::v1::Action& action) {
  std::string json;
  (void)google::protobuf::util::MessageToJsonString(action, &json);
  mailrun::v1::Action parsed;
  (void)google::protobuf::util::JsonStringToMessage(json, &parsed);
  return parsed;
}

bool Listed(const std::vector<mailrun::v1::LegalAction>& legal, const mailrun::v1::Action& action) {
  for (const auto& l : legal) {
    const auto& a = l.action();
    if (a.kind_case() != action.kind_case()) continue;
    if (a.has_commit_bond()) {
      if (action.commit_bond().amount() >= l.min_amount() && action.commit_bond().amount() <= l.max_amount()) return true;
      continue;
    }
    if (a.SerializeAsString() == action.SerializeAsString()) return true;
  }
  return false;
}

}  // namespace

SelfPlayGame PlayOneGame(const mailrun::v1::GameConfig& config, const SelfPlayOptions& options,
                         std::vector<std::string>& violations, int& violation_count) {
  SelfPlayGame result;
  result.seed = config.seed();
  result.record.config = config;
  auto report = [&](int action_number, const std::string& what) {
    ++violation_count;
    if (violations.size() < kMaxReportedViolations) {
      violations.push_back(fmt::format("seed {} action {}: {}", config.seed(), action_number, what));
    }
  };
  auto created = Game::Create(config);
  if (!created.ok()) {
    report(0, "the game could not be created: " + created.error().ToString());
    return result;
  }
  Game game = std::move(*created);
  // The twin replays each JSON-serialised action once the next is known, as a replay of a record
  // does (Game::ApplyBefore), and must reach the same state as the game did with Apply alone.
  Game twin = game;
  std::optional<mailrun::v1::Action> twin_pending;  // the last action, not yet replayed by the twin
  std::string pending_state;                         // the game's snapshot after it
  // `resync`: the game as it was after the pending action, for the twin to go on from if it failed.
  const auto twin_replays = [&](int n, const mailrun::v1::Action* next, const Game& resync) {
    if (!twin_pending) return;
    auto twin_applied = next ? twin.ApplyBefore(*twin_pending, *next) : twin.Apply(*twin_pending);
    twin_pending.reset();
    if (!twin_applied.ok()) {
      report(n, "the serialised action was refused on replay: " + twin_applied.error().ToString());
      twin = resync;
    } else if (twin.SnapshotJson() != pending_state) {
      report(n, "the replay of the serialised actions reached a different state");
      twin = resync;
    }
  };
  uint64_t rng = config.seed() * 0x9E3779B97F4A7C15ULL + 7;
  for (int n = 0; n < options.max_actions && !game.Finished(); ++n) {
    const std::vector<int> seats = game.ActiveSeats();
    if (seats.empty()) {
      report(n, "nobody may act but the game is not over");
      break;
    }
    const int seat = seats[RandomBelow(rng, seats.size())];
    const auto legal = game.LegalActions(seat);
    if (legal.empty()) {
      report(n, fmt::format("seat {} is to act but has no legal action", seat));
      break;
    }
    // A sample of the other listed actions must be accepted too.
    for (int k = 0; k < options.listed_actions_checked && k < static_cast<int>(legal.size()); ++k) {
      const auto& probe = legal[RandomBelow(rng, legal.size())];
      Game copy = game;
      if (auto applied = copy.Apply(probe.action()); !applied.ok()) {
        report(n, fmt::format("a listed action was refused: {} ({})", probe.action().ShortDebugString(),
                              applied.error().ToString()));
      }
    }
    const mailrun::v1::Action action = bot::ChooseAction(game, seat, legal, rng);
    if (!Listed(legal, action)) report(n, "the applied action was not listed: " + action.ShortDebugString());
    const Game before = game;
    auto applied = game.Apply(action);
    if (!applied.ok()) {
      report(n, fmt::format("the bot's action was refused: {} ({})", action.ShortDebugString(), applied.error().ToString()));
      break;
    }
    result.record.actions.push_back(action);
    ++result.actions;
    for (const std::string& problem : game.CheckInvariants(&before)) report(n, problem);
    const mailrun::v1::Action serialised = JsonRoundTrip(action);
    twin_replays(n - 1, &serialised, before);
    twin_pending = serialised;
    pending_state = game.SnapshotJson();
  }
  twin_replays(result.actions - 1, nullptr, game);
  result.completed = game.Finished();
  result.end_reason = game.EndReason();
  if (result.completed) {
    for (const FinalStanding& score : game.Standings()) {
      result.record.final_scores.push_back({config.players(score.seat).display_name(), score.wealth});
    }
    // A whole replay from the record reproduces the final state.
    auto parsed = ParseGameRecord(GameRecordToJson(result.record));
    auto replay = parsed.ok() ? Game::Create(parsed->config) : Result<Game>(parsed.error());
    if (!replay.ok()) {
      report(result.actions, "the record could not be replayed");
    } else {
      const auto& actions = parsed->actions;
      for (size_t i = 0; i < actions.size(); ++i) {
        if (!replay->ApplyLogged(actions, i).ok()) {
          report(result.actions, "an action of the record was refused on replay");
          break;
        }
      }
      if (replay->SnapshotJson() != game.SnapshotJson()) report(result.actions, "the full replay ended in a different state");
    }
  }
  return result;
}

SelfPlayResult RunSelfPlay(const SelfPlayOptions& options) {
  SelfPlayResult result;
  for (int g = 0; g < options.games; ++g) {
    mailrun::v1::GameConfig config;
    config.set_title(options.title);
    config.set_edition(options.edition);
    *config.mutable_options() = options.options;
    config.set_seed(options.seed + static_cast<uint64_t>(g));
    for (int p = 0; p < options.players; ++p) {
      auto* seat = config.add_players();
      seat->set_user_id(fmt::format("bot{}", p));
      seat->set_display_name(fmt::format("Bot {}", p + 1));
    }
    SelfPlayGame game = PlayOneGame(config, options, result.violations, result.invariant_violations);
    ++result.games;
    result.completed += game.completed ? 1 : 0;
    result.actions += game.actions;
    result.played.push_back(std::move(game));
  }
  return result;
}

}  // namespace mailrun::engine
