#include "services/game/autopilot.h"

#include <pqxx/pqxx>

#include "services/common/refusal_details.h"
#include "services/game/game_status.h"
#include "services/game/request_checks.h"

namespace mailrun::game {

grpc::Status Autopilot::Set(const std::string& user_id, const mailrun::v1::SetAutopilotRequest& request,
                            mailrun::v1::SetAutopilotResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  return transactor_([&](pqxx::work& txn) {
    const pqxx::result seat = txn.exec_params(
        "SELECT g.status = 'finished' FROM game_players p JOIN games g ON g.game_id = p.game_id"
        " WHERE p.game_id = $1 AND p.user_id = $2 FOR UPDATE OF p",
        request.game_id(), user_id);
    if (seat.empty()) {
      return service::RefusalStatus(
          grpc::StatusCode::NOT_FOUND,
          "you have no seat in game '" + request.game_id() + "': only its players may use autopilot",
          {"game.refusal.autopilot_no_seat", "", "not_found", "", "", {service::TextValue("game_id", request.game_id())}});
    }
    if (seat[0][0].as<bool>()) {
      return service::RefusalStatus(grpc::StatusCode::FAILED_PRECONDITION,
                                    "mailrun.autopilot: the game has finished; there is no seat left to play",
                                    {"game.refusal.autopilot_finished", "mailrun.autopilot", "illegal", "", ""});
    }
    txn.exec_params("UPDATE game_players SET played_by_bot = $3 WHERE game_id = $1 AND user_id = $2",
                    request.game_id(), user_id, request.on());
    response->set_on(request.on());
    return grpc::Status::OK;
  });
}

}  // namespace mailrun::game
