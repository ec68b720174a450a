// GameRecords: ExportGame (proto/mailrun/v1/study.proto): a game as a record file, up to a version,
// with only what the caller may see at that version. A record's entries are the actions in effect
// (undone ones left out). Whether an entry's secret part is shown follows from the caller's own
// view at that version (Withheld below), so a record never shows more than GetGame(at_version)
// does. Thread-safe (each call uses a transaction of its own).
#pragma once

#include <grpcpp/grpcpp.h>

#include <string>

#include "mailrun/v1/study.pb.h"
#include "mailrun/v1/views.pb.h"
#include "services/common/transaction.h"
#include "services/game/game_loader.h"

namespace mailrun::game {

// Whether `action` (by its seat) has a part `viewer`'s `view` does not show: another seat's bid
// city before its bond is returned (4.3.2), or its bond's amount before every bond is committed
// (2.5.2.3). A seat's own actions are never withheld from it.
bool Withheld(const mailrun::v1::GameView& view, int viewer, const mailrun::v1::Action& action);
// `action` with that part cleared (ClaimCity.city, CommitBond.amount).
mailrun::v1::Action WithoutSecret(const mailrun::v1::Action& action);

class GameRecords {
 public:
  // `loader` must outlive this.
  GameRecords(mailrun::service::Transactor transactor, GameLoader& loader)
      : transactor_(std::move(transactor)), loader_(loader) {}

  grpc::Status Export(const std::string& user_id, const mailrun::v1::ExportGameRequest& request,
                      mailrun::v1::ExportGameResponse* response);

 private:
  mailrun::service::Transactor transactor_;
  GameLoader& loader_;
};

}  // namespace mailrun::game
