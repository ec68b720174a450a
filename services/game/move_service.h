// MoveService: the flow of one move (docs/game-service.md, DESIGN.md "The flow of one move"):
// SubmitAction, PreviewAction and UndoLastAction, after the caller is authenticated.
//
// One move writes in ONE statement, which commits by itself (transaction.h RunStatements): first
// the game's head is read together with the request_id's log row (a repeat gets the stored first
// answer, even after the game moved on), the caller's seat is checked, the game is loaded at its
// current version (cache or snapshot + replay) and the engine applies the action to a copy; then
// one statement bumps games.version "WHERE version = expected_version" and, only if it moved,
// appends the log row, stores a snapshot when due and writes the move's events to the outbox (0
// rows: a lost race, ABORTED with the current version; a concurrent duplicate of the same request
// finds the winner's row and gets its answer). A refused move writes nothing. The reads need no
// transaction around them: the write's version check is what makes a lost race fail, and the log
// and snapshots only grow. Two round trips to PostgreSQL wait for the answer: the read and the write;
// one when the cache holds the game at the caller's expected_version: the write comes first, and
// whatever it does not settle (a lost race, a request_id used before, any refusal) is answered as
// the reading path answers it (docs/game-service.md, "Without the read").
// After the commit the new version (and any outbox rows) is handed to the announcer
// (VersionAnnouncer), which NOTIFYs from a thread of its own, several moves in one statement;
// the write itself NOTIFYs nothing, so that concurrent moves can share a log flush (game_store.h
// AnnounceCommitted). After the commit the new state goes into the cache.
//
// Thread-safe: each call runs on a connection of its own.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "mailrun/v1/game.pb.h"
#include "services/common/transaction.h"
#include "services/game/game_loader.h"

namespace mailrun::game {

// After a committed move (or a repeated one, answered from the log): has the game's new version
// NOTIFYed and, with `outbox_rows`, the outbox relays (VersionAnnouncer). It must not throw:
// a failed announcement is logged, and the move stays acknowledged (the relays poll; WatchGame
// streams of other replicas learn of the version with the game's next one).
using Announcer = std::function<void(const std::string& game_id, bool outbox_rows)>;

struct MoveOptions {
  int snapshot_every = 50;  // store the state every this many log rows (and when the game ends)
};

class MoveService {
 public:
  // `loader` must outlive the service.
  MoveService(mailrun::service::StatementRunner statements, GameLoader& loader, Announcer announce,
              MoveOptions options);

  // `user_id`: the authenticated caller. On ABORTED, *current_version is the game's version.
  grpc::Status Submit(const std::string& user_id, const mailrun::v1::SubmitActionRequest& request,
                      mailrun::v1::SubmitActionResponse* response, int64_t* current_version);
  grpc::Status Preview(const std::string& user_id, const mailrun::v1::PreviewActionRequest& request,
                       mailrun::v1::PreviewActionResponse* response);
  grpc::Status Undo(const std::string& user_id, const mailrun::v1::UndoLastActionRequest& request,
                    mailrun::v1::UndoLastActionResponse* response, int64_t* current_version);

 private:
  struct Change;
  // Opens the game for `user_id`: NOT_FOUND without the game, PERMISSION_DENIED without a seat.
  // With a request_id, opened->request is its log row if there is one.
  grpc::Status OpenAsPlayer(pqxx::transaction_base& txn, const std::string& game_id, const std::string& user_id,
                            OpenedGame* opened, const std::string& request_id = "");
  // Appends the change's row, bumps the version, stores a snapshot when due, writes the events
  // (*outbox_rows: whether there were any), all in one statement. False (nothing written) when the
  // version was no longer change.version - 1.
  bool Commit(pqxx::transaction_base& txn, const Change& change, bool* outbox_rows);

  mailrun::service::StatementRunner statements_;
  GameLoader& loader_;
  Announcer announce_;
  MoveOptions options_;
};

}  // namespace mailrun::game
