// The title hooks' defaults (engine/core/title.h) for a title without such rules.
#include "engine/core/title.h"

#include "engine/core/structured_text.h"

namespace mailrun::engine {

Result<ApplyOutcome> TitleGame::Preview(const mailrun::v1::Action& action) { return Apply(action); }

Result<ApplyOutcome> TitleGame::ApplyBefore(const mailrun::v1::Action& action, const mailrun::v1::Action&) {
  return Apply(action);
}

mailrun::v1::GameView TitleGame::TurnView() const { return View(kSpectator); }

std::optional<Error> TitleGame::UndoRefusal(const TitleGame& /*before*/) const {
  if (Finished()) return Illegal("core.refusal.title.game_over_last_action_cannot", "mailrun.undo", "the game is over: its last action cannot be taken back");
  return std::nullopt;
}

std::vector<RevealedBid> TitleGame::RevealedSince(const TitleGame* /*before*/) const { return {}; }

std::vector<std::string> TitleGame::CheckInvariants(const TitleGame* /*before*/) const { return {}; }

std::optional<mailrun::v1::Action> TitleGame::BotAction(int /*seat*/,
                                                        const std::vector<mailrun::v1::LegalAction>& /*legal*/,
                                                        uint64_t& /*rng*/) const {
  return std::nullopt;
}

Result<mailrun::v1::Components> Title::Components(mailrun::v1::Edition /*edition*/) const {
  return Unavailable("core.refusal.title.components_not_served", "the components of " + name() + " are not served as data yet").With({param::Text("title", name())});
}

}  // namespace mailrun::engine
