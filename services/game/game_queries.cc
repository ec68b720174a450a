#include "services/game/game_queries.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "engine/render/game_board_picture.h"
#include "engine/titles/registry.h"
#include "services/common/ids.h"
#include "services/common/refusal_details.h"
#include "services/game/event_planner.h"
#include "services/game/game_status.h"
#include "services/game/game_store.h"
#include "services/game/hotseat.h"
#include "services/game/request_checks.h"
#include "services/game/view_delta.h"

namespace mailrun::game {
namespace {

using mailrun::engine::Game;

constexpr int kDefaultHistoryPage = 100;
constexpr int kMaxHistoryPage = 500;
constexpr int kDefaultGamesPage = 50;
constexpr int kMaxGamesPage = 200;

mailrun::v1::GameStatus StatusOf(bool finished) {
  return finished ? mailrun::v1::GAME_STATUS_FINISHED : mailrun::v1::GAME_STATUS_ACTIVE;
}

// ListMyGames page tokens: "<updated_us>.<game_id>" of the last game of the previous page.
std::string PageToken(const store::MyGameRow& row) { return fmt::format("{}.{}", row.updated_us, row.game_id); }

std::optional<store::MyGamesCursor> ParsePageToken(const std::string& token) {
  const size_t dot = token.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 >= token.size()) return std::nullopt;
  store::MyGamesCursor cursor;
  try {
    size_t used = 0;
    cursor.updated_us = std::stoll(token.substr(0, dot), &used);
    if (used != dot) return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
  cursor.game_id = token.substr(dot + 1);
  return cursor;
}

}  // namespace

std::vector<mailrun::v1::LogLine> LogLinesOfRow(const store::HistoryRow& row) {
  google::protobuf::RepeatedPtrField<mailrun::v1::LogLine> stored;
  if (row.kind == store::kActionRow) {
    mailrun::v1::SubmitActionResponse parsed;
    if (parsed.ParseFromString(row.answer)) stored = parsed.log_lines();
  } else {
    mailrun::v1::UndoLastActionResponse parsed;
    if (parsed.ParseFromString(row.answer)) stored = parsed.log_lines();
  }
  std::vector<mailrun::v1::LogLine> lines(stored.begin(), stored.end());
  for (auto& line : lines) {
    if (line.version() == 0) line.set_version(row.seq);
    if (line.at_unix_ms() == 0) line.set_at_unix_ms(row.at_unix_ms);
  }
  return lines;
}

namespace {

// One log entry as GetHistory and WatchGame give it: who acted, when, what it took back, and its
// log lines.
void FillHistoryEntry(const store::HistoryRow& row, mailrun::v1::HistoryEntry* entry) {
  entry->set_seq(row.seq);
  entry->set_seat(row.seat);
  entry->set_at_unix_ms(row.at_unix_ms);
  entry->set_undone(row.undone);
  entry->set_undoes_seq(row.undoes_seq);
  for (auto& line : LogLinesOfRow(row)) *entry->add_log_lines() = std::move(line);
}

}  // namespace

GameQueries::GameQueries(mailrun::service::Transactor transactor, GameLoader& loader, QueryOptions options)
    : transactor_(std::move(transactor)), loader_(loader), options_(options) {}

grpc::Status GameQueries::LoadCurrent(pqxx::work& txn, const std::string& game_id, const std::string& user_id,
                                      OpenedGame* opened, std::optional<Game>* game) {
  if (!loader_.Open(txn, game_id, user_id, opened)) return NoSuchGame(game_id);
  auto loaded = loader_.At(txn, opened->info, opened->head.version);
  if (!loaded.ok()) return LoadFailure(*opened, loaded.error());
  game->emplace(std::move(*loaded));
  return grpc::Status::OK;
}

grpc::Status GameQueries::GetGame(const std::string& user_id, const mailrun::v1::GetGameRequest& request,
                                  mailrun::v1::GetGameResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (request.since_version() < 0) return Invalid("since_version must not be negative");
  if (request.has_at_version()) {
    if (request.at_version() < 0) {
      return InvalidField("at_version", fmt::format("at_version must not be negative ({})", request.at_version()),
                          {service::CountValue("at_version", request.at_version())}, "negative");
    }
    if (request.since_version() != 0) {
      return InvalidField("since_version",
                          "since_version cannot be combined with at_version: a view at an earlier version is always full");
    }
  }
  return transactor_([&](pqxx::work& txn) {
    OpenedGame opened;
    if (!loader_.Open(txn, request.game_id(), user_id, &opened)) return NoSuchGame(request.game_id());
    const int64_t now = opened.head.version;
    if (request.has_at_version() && request.at_version() > now) {
      return InvalidField("at_version",
                          fmt::format("at_version {} is ahead of the game's version {}", request.at_version(), now),
                          {service::CountValue("at_version", request.at_version()), service::CountValue("current", now)});
    }
    const int64_t since = request.since_version();
    if (since > now) {
      return InvalidField("since_version", fmt::format("since_version {} is ahead of the game's version {}", since, now),
                          {service::CountValue("since_version", since), service::CountValue("current", now)}, "ahead");
    }
    // The game at the version asked for: the log replayed up to it (an undo written later does not
    // count), so the view is the one the caller's seat was served at that version.
    const int64_t version = request.has_at_version() ? request.at_version() : now;
    auto game = loader_.At(txn, opened.info, version);
    if (!game.ok()) return LoadFailure(opened, game.error());
    response->Clear();
    response->set_version(version);
    response->set_status(StatusOf(opened.head.finished && version == now));
    response->set_your_seat(opened.seat);
    *response->mutable_view() = game->View(opened.seat);
    const std::vector<int> bot_seats = store::BotSeats(txn, request.game_id());
    response->mutable_view()->mutable_autopilot_seats()->Assign(bot_seats.begin(), bot_seats.end());
    response->set_autopilot(std::find(bot_seats.begin(), bot_seats.end(), opened.seat) != bot_seats.end());
    response->set_study(opened.info->study());
    if (since == 0 || version - since > options_.max_delta_versions) return grpc::Status::OK;
    for (const auto& row : store::History(txn, request.game_id(), since, version, static_cast<int>(version - since))) {
      for (auto& line : LogLinesOfRow(row)) *response->add_new_log_lines() = std::move(line);
    }
    bool is_delta = false;
    grpc::Status delta = DeltaSince(txn, opened, since, response->mutable_view(), &is_delta);
    response->set_is_delta(is_delta);
    return delta;
  });
}

grpc::Status GameQueries::DeltaSince(pqxx::work& txn, const OpenedGame& opened, int64_t since,
                                     mailrun::v1::GameView* view, bool* is_delta) {
  *is_delta = false;
  auto old = loader_.At(txn, opened.info, since);
  if (!old.ok()) return LoadFailure(opened, old.error());
  if (auto delta = ViewDelta(old->View(opened.seat), *view)) {
    *view = std::move(*delta);
    *is_delta = true;
  }
  return grpc::Status::OK;
}

grpc::Status GameQueries::NextChange(const std::string& user_id, const std::string& game_id, int64_t after,
                                     std::optional<mailrun::v1::WatchGameResponse>* change, bool* finished) {
  if (auto bad = CheckGameId(game_id)) return Invalid(*bad);
  if (after < 0) return Invalid("after_version must not be negative");
  return transactor_([&](pqxx::work& txn) {
    change->reset();
    OpenedGame opened;
    if (!loader_.Open(txn, game_id, user_id, &opened)) return NoSuchGame(game_id);
    if (after > opened.head.version) {
      return InvalidField("after_version",
                          fmt::format("after_version {} is ahead of the game's version {}", after, opened.head.version),
                          {service::CountValue("after_version", after), service::CountValue("current", opened.head.version)});
    }
    *finished = opened.head.finished;
    if (after == opened.head.version) return grpc::Status::OK;
    // One version at a time: the entry after `after` and the view it left, as a delta from the
    // view before it (both usually in the cache: the two newest versions are kept).
    const int64_t version = after + 1;
    const auto rows = store::History(txn, game_id, after, version, 1);
    if (rows.empty()) return Internal(fmt::format("game {} has no log entry {}", game_id, version));
    auto game = loader_.At(txn, opened.info, version);
    if (!game.ok()) return LoadFailure(opened, game.error());
    auto& out = change->emplace();
    out.set_version(version);
    out.set_status(StatusOf(opened.head.finished && version == opened.head.version));
    out.set_your_seat(opened.seat);
    FillHistoryEntry(rows.front(), out.mutable_entry());
    *out.mutable_view() = game->View(opened.seat);
    const std::vector<int> bot_seats = store::BotSeats(txn, game_id);
    out.mutable_view()->mutable_autopilot_seats()->Assign(bot_seats.begin(), bot_seats.end());
    bool is_delta = false;
    grpc::Status delta = DeltaSince(txn, opened, after, out.mutable_view(), &is_delta);
    out.set_is_delta(is_delta);
    return delta;
  });
}

grpc::Status GameQueries::ListLegalActions(const std::string& user_id,
                                           const mailrun::v1::ListLegalActionsRequest& request,
                                           mailrun::v1::ListLegalActionsResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  return transactor_([&](pqxx::work& txn) {
    OpenedGame opened;
    std::optional<Game> game;
    if (grpc::Status status = LoadCurrent(txn, request.game_id(), user_id, &opened, &game); !status.ok()) {
      return status;
    }
    response->Clear();
    response->set_version(opened.head.version);
    if (opened.spectator()) return grpc::Status::OK;
    if (PlaysEverySeat(*opened.info, user_id)) {  // a study game's owner: every seat to act (hotseat.h)
      for (auto& legal : HotseatLegalActions(*game)) *response->add_actions() = std::move(legal);
      return grpc::Status::OK;
    }
    for (auto& legal : game->LegalActions(opened.seat)) *response->add_actions() = std::move(legal);
    return grpc::Status::OK;
  });
}

grpc::Status GameQueries::GetHistory(const std::string& user_id, const mailrun::v1::GetHistoryRequest& request,
                                     mailrun::v1::GetHistoryResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (request.page_size() < 0) return Invalid("page_size must not be negative");
  if (request.after_seq() < 0) return Invalid("after_seq must not be negative");
  const int page = request.page_size() == 0 ? kDefaultHistoryPage : std::min(request.page_size(), kMaxHistoryPage);
  return transactor_([&](pqxx::work& txn) {
    OpenedGame opened;
    if (!loader_.Open(txn, request.game_id(), user_id, &opened)) return NoSuchGame(request.game_id());
    const auto rows = store::History(txn, request.game_id(), request.after_seq(), opened.head.version, page + 1);
    response->Clear();
    response->set_version(opened.head.version);
    for (size_t i = 0; i < rows.size() && static_cast<int>(i) < page; ++i) {
      FillHistoryEntry(rows[i], response->add_entries());
    }
    if (static_cast<int>(rows.size()) > page) response->set_next_after_seq(rows[page - 1].seq);
    return grpc::Status::OK;
  });
}

grpc::Status GameQueries::SuggestRuns(const std::string& user_id, const mailrun::v1::SuggestRunsRequest& request,
                                      mailrun::v1::SuggestRunsResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  OpenedGame opened;
  std::optional<Game> game;
  grpc::Status status =
      transactor_([&](pqxx::work& txn) { return LoadCurrent(txn, request.game_id(), user_id, &opened, &game); });
  if (!status.ok()) return status;
  // The optimiser runs outside the transaction: it may take a while and needs no database.
  std::string company = request.company();
  if (company.empty()) company = game->View(opened.seat).round().operating_company();
  if (company.empty()) return NotNow("4.5: no company is operating now: name the company");
  auto best_total = game->SuggestedRuns(company, /*best_dividend=*/false);
  if (!best_total.ok()) return EngineErrorStatus(best_total.error());
  auto best_dividend = game->SuggestedRuns(company, /*best_dividend=*/true);
  if (!best_dividend.ok()) return EngineErrorStatus(best_dividend.error());
  *response->mutable_best_total() = std::move(*best_total);
  *response->mutable_best_dividend() = std::move(*best_dividend);
  response->set_version(opened.head.version);
  response->set_company(company);
  return grpc::Status::OK;
}

grpc::Status GameQueries::GetBoardPicture(const std::string& user_id,
                                          const mailrun::v1::GetBoardPictureRequest& request,
                                          mailrun::v1::GetBoardPictureResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (request.version() < 0) return Invalid("version must not be negative");
  int64_t version = 0;
  mailrun::v1::GameView view;
  grpc::Status status = transactor_([&](pqxx::work& txn) {
    OpenedGame opened;
    if (!loader_.Open(txn, request.game_id(), user_id, &opened)) return NoSuchGame(request.game_id());
    if (request.version() > opened.head.version) {
      return InvalidField("version",
                          fmt::format("version {} is ahead of the game's version {}", request.version(), opened.head.version),
                          {service::CountValue("version", request.version()), service::CountValue("current", opened.head.version)});
    }
    version = request.version() == 0 ? opened.head.version : request.version();
    auto game = loader_.At(txn, opened.info, version);
    if (!game.ok()) return LoadFailure(opened, game.error());
    view = game->View(opened.seat);
    return grpc::Status::OK;
  });
  if (!status.ok()) return status;
  // Drawn outside the transaction: it needs no database.
  auto svg = mailrun::engine::GameBoardPicture(
      view, fmt::format("Game {} at version {}: {}", request.game_id(), version, view.round().description()));
  if (!svg.ok()) return EngineErrorStatus(svg.error());
  response->set_version(version);
  response->set_svg(std::move(*svg));
  return grpc::Status::OK;
}

grpc::Status GameQueries::ListMyGames(const std::string& user_id, const mailrun::v1::ListMyGamesRequest& request,
                                      mailrun::v1::ListMyGamesResponse* response) {
  if (request.page_size() < 0) return Invalid("page_size must not be negative");
  const int page = request.page_size() == 0 ? kDefaultGamesPage : std::min(request.page_size(), kMaxGamesPage);
  std::optional<store::MyGamesCursor> after;
  if (auto bad = mailrun::service::OptionalIdProblem("page_token", request.page_token())) return Invalid(*bad);
  if (!request.page_token().empty()) {
    after = ParsePageToken(request.page_token());
    if (!after) return Invalid("page_token is not one this service issued: copy next_page_token");
  }
  return transactor_([&](pqxx::work& txn) {
    const auto rows = store::GamesOf(txn, user_id, after, page + 1);
    response->Clear();
    for (size_t i = 0; i < rows.size() && static_cast<int>(i) < page; ++i) {
      const auto& row = rows[i];
      auto* summary = response->add_games();
      summary->set_game_id(row.game_id);
      summary->set_status(StatusOf(row.finished));
      summary->set_version(row.version);
      summary->set_your_seat(row.seat);
      // A study game's owner plays every seat: it is their turn whenever anyone is to act.
      summary->set_your_turn(row.study ? !row.active_seats.empty()
                                       : std::find(row.active_seats.begin(), row.active_seats.end(), row.seat) !=
                                             row.active_seats.end());
      summary->set_study(row.study);
      summary->set_round(row.round);
      summary->set_autopilot(row.autopilot);
      mailrun::v1::GameConfig config;
      if (config.ParseFromString(row.config)) {
        for (const auto& player : config.players()) summary->add_players(player.display_name());
        summary->set_title(mailrun::engine::EffectiveTitle(config.title()));
        summary->set_edition(config.edition());
      }
    }
    if (static_cast<int>(rows.size()) > page) response->set_next_page_token(PageToken(rows[page - 1]));
    return grpc::Status::OK;
  });
}

}  // namespace mailrun::game
