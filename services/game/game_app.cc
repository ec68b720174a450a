#include "services/game/game_app.h"

#include <spdlog/spdlog.h>

#include "services/common/outbox.h"
#include "services/common/transaction.h"
#include "services/game/game_store.h"

namespace mailrun::game {

GameApp::GameApp(const std::string& database_url, const std::string& redis_url,
                 const mailrun::service::TokenVerifier& verifier,
                 const GameOptions& options)
    : pool_(database_url, options.database_pool_size), cache_(options.cache_games), loader_(cache_), announcer_(pool_) {
  auto transactor = [this](const mailrun::service::TransactionBody& body) {
    return mailrun::service::RunTransaction(pool_, body);
  };
  auto announce = [this](const std::string& game_id, bool outbox_rows) { announcer_.Announce(game_id, outbox_rows); };
  auto statements = [this](const mailrun::service::StatementsBody& body) {
    return mailrun::service::RunStatements(pool_, body);
  };
  moves_ = std::make_unique<MoveService>(statements, loader_, announce, MoveOptions{options.snapshot_every});
  queries_ = std::make_unique<GameQueries>(transactor, loader_, QueryOptions{options.max_delta_versions});
  creation_ = std::make_unique<GameCreation>(transactor, mailrun::service::AppendOutboxEvent);
  chat_ = std::make_unique<GameChat>(transactor, announce);
  watchers_ = std::make_unique<GameWatchers>(*queries_, options.watch_threads, chat_.get(), transactor);
  const std::string& session_url = options.session_database_url.empty() ? database_url : options.session_database_url;
  versions_ = std::make_unique<VersionListener>(
      session_url,
      [this](const std::string& game_id) {
        watchers_->VersionCommitted(game_id);
        deleted_players_->VersionCommitted(game_id);  // the bot and standing orders act at once
        programmed_->VersionCommitted(game_id);
      },
      [this] { watchers_->WakeAll(); });
  autopilot_ = std::make_unique<Autopilot>(transactor);
  revocations_ = std::make_shared<mailrun::service::SessionRevocations>(pool_);
  mailrun::service::TokenVerifier checked = verifier;
  checked.SetRevokedSessions(revocations_);
  service_ = std::make_unique<GameServiceImpl>(checked, options.TrustedServices(), *moves_, *queries_, *creation_,
                                               *watchers_, *autopilot_, *chat_);
  deleted_players_ = std::make_unique<DeletedPlayers>(pool_, loader_, *moves_, std::chrono::milliseconds(1000));
  programmed_ = std::make_unique<ProgrammedMoves>(pool_, loader_, *moves_, std::chrono::milliseconds(500));
  programmed_service_ = std::make_unique<ProgrammedMoveServiceImpl>(checked, *programmed_);
  records_ = std::make_unique<GameRecords>(transactor, loader_);
  studies_ = std::make_unique<StudyGames>(transactor);
  study_service_ = std::make_unique<StudyServiceImpl>(checked, *records_, *studies_);
  empty_seats_ = std::make_unique<EmptySeats>(pool_, loader_, announce, std::chrono::milliseconds(options.seat_check_ms));
  seat_service_ = std::make_unique<SeatServiceImpl>(checked, *empty_seats_);
  HistoryPrunerOptions pruning;
  pruning.interval = std::chrono::seconds(options.history_prune_seconds);
  pruning.grace = std::chrono::seconds(options.finished_snapshots_seconds);
  history_pruner_ = MakeHistoryPruner(session_url, pruning);  // a session lock: PostgreSQL itself
  if (options.run_outbox_relay) {
    mailrun::service::OutboxRelayOptions relay;
    relay.database_url = session_url;
    relay.redis_url = redis_url;
    relay.channel = options.events_channel;
    relay_ = std::make_unique<mailrun::service::OutboxRelay>(relay);
  }
}

GameApp::~GameApp() { Stop(); }

void GameApp::Start() {
  revocations_->Start();
  announcer_.Start();
  if (relay_) relay_->Start();
  versions_->Start();
  deleted_players_->Start();
  programmed_->Start();
  empty_seats_->Start();
  history_pruner_->Start();
}

void GameApp::EndStreams() { watchers_->EndAll(); }

void GameApp::Stop() {
  if (history_pruner_) history_pruner_->Stop();
  if (empty_seats_) empty_seats_->Stop();
  if (programmed_) programmed_->Stop();
  if (deleted_players_) deleted_players_->Stop();
  if (relay_) relay_->Stop();
  versions_->Stop();
  watchers_->Stop();
  announcer_.Stop();  // last: the deleted players' worker above moves and announces too
  revocations_->Stop();
}

}  // namespace mailrun::game
