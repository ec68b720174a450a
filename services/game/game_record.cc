#include "services/game/game_record.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "engine/core/title.h"
#include "engine/titles/registry.h"
#include "services/common/refusal_details.h"
#include "services/game/game_status.h"
#include "services/game/game_store.h"
#include "services/game/hotseat.h"
#include "services/game/request_checks.h"

namespace mailrun::game {
namespace {

const mailrun::v1::PlayerView* PlayerOf(const mailrun::v1::GameView& view, int seat) {
  for (const auto& player : view.players()) {
    if (player.seat() == seat) return &player;
  }
  return nullptr;
}

}  // namespace

bool Withheld(const mailrun::v1::GameView& view, int viewer, const mailrun::v1::Action& action) {
  if (!action.has_claim_city() && !action.has_commit_bond()) return false;  // everything else is public
  if (action.seat() == viewer || viewer == mailrun::engine::kOmniscient) return false;
  const mailrun::v1::PlayerView* player = PlayerOf(view, action.seat());
  if (player == nullptr) return true;
  if (action.has_claim_city()) {  // 2.5.2.4: the city is secret until the bond is returned (4.3.2)
    const auto& cities = player->bond().cities();
    return std::find(cities.begin(), cities.end(), action.claim_city().city()) == cities.end();
  }
  return player->bond().amount() == 0;  // 2.5.2.2: secret until every bond is committed (2.5.2.3)
}

mailrun::v1::Action WithoutSecret(const mailrun::v1::Action& action) {
  mailrun::v1::Action cleared = action;
  if (cleared.has_claim_city()) cleared.mutable_claim_city()->clear_city();
  if (cleared.has_commit_bond()) cleared.mutable_commit_bond()->clear_amount();
  return cleared;
}

grpc::Status GameRecords::Export(const std::string& user_id, const mailrun::v1::ExportGameRequest& request,
                                 mailrun::v1::ExportGameResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  return transactor_([&](pqxx::work& txn) {
    OpenedGame opened;
    if (!loader_.Open(txn, request.game_id(), user_id, &opened)) return NoSuchGame(request.game_id());
    const int64_t now = opened.head.version;
    if (request.has_at_version() && (request.at_version() < 0 || request.at_version() > now)) {
      return InvalidField("at_version",
                          fmt::format("at_version {} is outside 0 to the game's version {}", request.at_version(), now),
                          {service::CountValue("at_version", request.at_version()), service::CountValue("current", now)},
                          "outside");
    }
    const int64_t version = request.has_at_version() ? request.at_version() : now;
    auto game = loader_.At(txn, opened.info, version);
    if (!game.ok()) return LoadFailure(opened, game.error());
    // What the caller saw at that version: a study game's owner made every move, so sees all.
    const int viewer = PlaysEverySeat(*opened.info, user_id) ? mailrun::engine::kOmniscient : opened.seat;
    const mailrun::v1::GameView view = game->View(viewer);

    auto& record = *response->mutable_record();
    record.Clear();
    record.set_format(1);
    const mailrun::v1::Title title = mailrun::engine::EffectiveTitle(opened.info->config.title());
    record.set_name(fmt::format("{} game {} at version {}", title == mailrun::v1::TITLE_1947 ? "1947" : "1853",
                                request.game_id(), version));
    *record.mutable_config() = opened.info->config;
    for (auto& player : *record.mutable_config()->mutable_players()) player.clear_user_id();
    record.set_source_game_id(request.game_id());
    record.set_version(version);
    record.set_finished(game->Finished());
    record.set_study(opened.info->study());

    // The actions in effect at `version`: an undo row takes back the action it names.
    const auto rows = store::Rows(txn, request.game_id(), 0, version, /*with_actions=*/true);
    std::set<int64_t> taken_back;
    for (const auto& row : rows) {
      if (row.kind == store::kUndoRow) taken_back.insert(row.undoes_seq);
    }
    int withheld = 0;
    for (const auto& row : rows) {
      if (row.kind != store::kActionRow || taken_back.contains(row.seq)) continue;
      mailrun::v1::Action action;
      if (!action.ParseFromString(row.action)) return Internal(fmt::format("log entry #{} is unreadable", row.seq));
      auto* entry = record.add_entries();
      entry->set_version(row.seq);
      entry->set_seat(row.seat);
      if (Withheld(view, viewer, action)) {
        *entry->mutable_action() = WithoutSecret(action);
        entry->set_withheld(true);
        ++withheld;
      } else {
        *entry->mutable_action() = std::move(action);
      }
    }
    if (withheld > 0) {
      record.set_withheld(fmt::format(
          "{} entries withheld: other players' secret bid cities (2.5.2.4, until their bond is returned, 4.3.2) "
          "and bond amounts (2.5.2.2, until every bond is committed, 2.5.2.3)",
          withheld));
    }
    return grpc::Status::OK;
  });
}

}  // namespace mailrun::game
