#include "services/game/programmed_moves.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <optional>
#include <pqxx/pqxx>
#include <set>
#include <vector>

#include "services/common/refusal_details.h"
#include "services/common/transaction.h"
#include "services/game/game_status.h"
#include "services/game/programmed_move_ids.h"
#include "services/game/request_checks.h"

namespace mailrun::game {
namespace {

using mailrun::v1::Action;
using mailrun::v1::ProgrammedMove;
using mailrun::v1::ProgrammedMoveKind;
using service::CountValue;
using service::TextValue;

std::string KindName(ProgrammedMoveKind kind) {
  switch (kind) {
    case mailrun::v1::PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND: return "pass_share_round";
    case mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS: return "decline_offers";
    default: return "auction_bid_up_to";
  }
}
ProgrammedMoveKind KindOf(const std::string& name) {
  if (name == "pass_share_round") return mailrun::v1::PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND;
  if (name == "decline_offers") return mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS;
  return mailrun::v1::PROGRAMMED_MOVE_KIND_AUCTION_BID_UP_TO;
}

// What an order of `kind` is for in the seat's view now ("dealing round 2", "P3"), or nullopt
// when the game is not in a situation the kind is for.
std::optional<std::string> SubjectOf(ProgrammedMoveKind kind, const mailrun::v1::GameView& view) {
  const auto& round = view.round();
  if (kind == mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS) {
    // Offers come in any round (1853 3.1.11, 4.8.9; 1947 3.3, 5.4.2, 6.15.2): the whole game.
    if (round.kind() == mailrun::v1::ROUND_FINISHED) return std::nullopt;
    return std::string("offers");
  }
  if (kind == mailrun::v1::PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND) {
    if (round.kind() == mailrun::v1::ROUND_DEALING) return fmt::format("dealing round {}", round.number());
    if (round.kind() == mailrun::v1::ROUND_STOCK) return fmt::format("stock round {}", round.number());
    return std::nullopt;
  }
  if (round.kind() == mailrun::v1::ROUND_PRIVATE_AUCTION && view.has_game_1947() && view.game_1947().has_auction()) {
    return fmt::format("P{}", view.game_1947().auction().private_number());
  }
  return std::nullopt;
}

// 1853's dealing-round buys and sales (3.1) and 1947's stock-round ones (5): what breaks a pass
// order. Only the kind of another player's move is looked at: every buy and sale is public.
bool IsBuyOrSale(const Action& action) {
  switch (action.kind_case()) {
    case Action::kBuyShare:
    case Action::kSellShares:
    case Action::kRedeemShare:
    case Action::kBuyShare1947:
    case Action::kSellShares1947:
    case Action::kBuyPresidentCertificate1947:
    case Action::kBuyBond1947:
    case Action::kSellBonds1947:
      return true;
    default:
      return false;
  }
}

// The pass of a share round among the seat's legal actions (1853 3.1: ending the dealing turn
// having done nothing; 1947 5: passing the stock-round turn).
std::optional<Action> PassOf(const std::vector<mailrun::v1::LegalAction>& legal) {
  for (const auto& option : legal) {
    if (option.action().has_end_dealing_turn() || option.action().has_pass_turn_1947()) return option.action();
  }
  return std::nullopt;
}

// The decline of an offer made to the seat, among its legal actions, if one waits for its answer:
// 1853 3.1.11 (the Elephant) and 4.8.9 (a train), both answered with AnswerOffer; 1947 3.3 (a
// private), 6.15.2 (a train) and 5.4.2 (a bond issue: subscribing for none).
std::optional<Action> DeclineOf(const std::vector<mailrun::v1::LegalAction>& legal) {
  for (const auto& option : legal) {
    const Action& a = option.action();
    if ((a.has_answer_offer() && !a.answer_offer().accept()) ||
        (a.has_answer_train_sale_1947() && !a.answer_train_sale_1947().accept()) ||
        (a.has_answer_private_purchase_1947() && !a.answer_private_purchase_1947().accept()) ||
        (a.has_subscribe_bonds_1947() && a.subscribe_bonds_1947().count() == 0)) {
      return a;
    }
  }
  return std::nullopt;
}

constexpr char kColumns[] =
    "move_id, seat, kind, max_amount, subject, set_at_version, state, reason, moves_made";

ProgrammedMove MoveOf(const pqxx::row& row) {
  ProgrammedMove move;
  move.set_move_id(row[0].as<int64_t>());
  move.set_seat(row[1].as<int>());
  move.set_kind(KindOf(row[2].as<std::string>()));
  move.set_max_amount(row[3].as<int>());
  move.set_subject(row[4].as<std::string>());
  move.set_set_at_version(row[5].as<int64_t>());
  const std::string state = row[6].as<std::string>();
  move.set_state(state == "active"  ? mailrun::v1::PROGRAMMED_MOVE_STATE_ACTIVE
                 : state == "ended" ? mailrun::v1::PROGRAMMED_MOVE_STATE_ENDED
                                    : mailrun::v1::PROGRAMMED_MOVE_STATE_CANCELLED);
  move.set_reason(row[7].as<std::string>());
  move.set_moves_made(row[8].as<int>());
  return move;
}

grpc::Status NotNowProgrammed(const std::string& what) {
  return service::RefusalStatus(grpc::StatusCode::FAILED_PRECONDITION, "mailrun.programmed: " + what,
                                {"game.refusal.programmed_not_now", "mailrun.programmed", "illegal", "", what,
                                 {TextValue("reason", what)}});
}

// The caller's seat in the game: NOT_FOUND / PERMISSION_DENIED as GameChat's.
std::optional<int> SeatIn(pqxx::work& txn, const std::string& game_id, const std::string& user_id,
                          grpc::Status* status) {
  const pqxx::result row = txn.exec_params(
      "SELECT p.seat FROM games g LEFT JOIN game_players p ON p.game_id = g.game_id AND p.user_id = $2"
      " WHERE g.game_id = $1",
      game_id, user_id);
  if (row.empty()) {
    *status = NoSuchGame(game_id);
    return std::nullopt;
  }
  if (row[0][0].is_null()) {
    *status = Denied("game.refusal.programmed_players_only",
                     "only the players of game '" + game_id + "' see and leave programmed moves",
                     {TextValue("game_id", game_id)});
    return std::nullopt;
  }
  return row[0][0].as<int>();
}

}  // namespace

ProgrammedMoves::ProgrammedMoves(mailrun::service::ConnectionPool& pool, GameLoader& loader, MoveService& moves,
                                 std::chrono::milliseconds poll_interval)
    : pool_(pool), loader_(loader), moves_(moves), poll_interval_(poll_interval) {}

ProgrammedMoves::~ProgrammedMoves() { Stop(); }

void ProgrammedMoves::Start() {
  worker_.Start([this] { Run(); });
}

void ProgrammedMoves::Stop() { worker_.Stop(); }

void ProgrammedMoves::VersionCommitted(const std::string& game_id) {
  if (order_games_.Contains(game_id)) worker_.Wake();
}

void ProgrammedMoves::Run() {
  while (!worker_.stopping()) {
    try {
      while (!worker_.stopping() && RunOnce() > 0) {
      }
    } catch (const std::exception& e) {
      spdlog::warn("programmed moves: {} (trying again)", e.what());
    }
    if (!worker_.WaitFor(poll_interval_)) break;
  }
}

std::string ProgrammedMoves::Key() {
  std::lock_guard lock(key_mutex_);
  if (key_.empty()) {
    auto connection = pool_.Acquire();
    pqxx::read_transaction txn(*connection);
    key_ = pqxx::binarystring(txn.exec1("SELECT key FROM programmed_move_key")[0]).str();
  }
  return key_;
}

grpc::Status ProgrammedMoves::Set(const std::string& user_id, const mailrun::v1::SetProgrammedMoveRequest& request,
                                  mailrun::v1::SetProgrammedMoveResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (auto bad = CheckRequestId(request.request_id())) return Invalid(*bad);
  const auto kind = request.kind();
  if (kind != mailrun::v1::PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND &&
      kind != mailrun::v1::PROGRAMMED_MOVE_KIND_AUCTION_BID_UP_TO &&
      kind != mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS) {
    return InvalidField("kind", "kind must be PASS_SHARE_ROUND, AUCTION_BID_UP_TO or DECLINE_OFFERS");
  }
  const bool bid = kind == mailrun::v1::PROGRAMMED_MOVE_KIND_AUCTION_BID_UP_TO;
  if (bid ? request.max_amount() < 1 : request.max_amount() != 0) {
    return InvalidField("max_amount", "max_amount must be 1 or more for AUCTION_BID_UP_TO and 0 otherwise");
  }
  const std::string& game_id = request.game_id();
  return service::RunTransaction(pool_, [&](pqxx::work& txn) {
    grpc::Status refused;
    const auto seat = SeatIn(txn, game_id, user_id, &refused);
    if (!seat) return refused;
    const pqxx::result before = txn.exec_params(
        std::string("SELECT ") + kColumns + " FROM game_programmed_moves WHERE game_id = $1 AND request_id = $2",
        game_id, request.request_id());
    if (!before.empty()) {
      const ProgrammedMove first = MoveOf(before[0]);
      if (first.seat() != *seat || first.kind() != kind || first.max_amount() != request.max_amount()) {
        return InvalidField("request_id", "request_id '" + request.request_id() + "' was used for another order",
                            {TextValue("request_id", request.request_id())}, "reused");
      }
      *response->mutable_move() = first;
      return grpc::Status::OK;
    }
    // The game's row, locked against a move meanwhile: the order is judged at this version.
    const pqxx::row game_row =
        txn.exec_params1("SELECT version, status FROM games WHERE game_id = $1 FOR SHARE", game_id);
    if (game_row[1].as<std::string>() == "finished") return NotNowProgrammed("the game has finished");
    const int64_t version = game_row[0].as<int64_t>();
    const auto info = loader_.Info(txn, game_id);
    if (!info) return NoSuchGame(game_id);
    const auto game = loader_.At(txn, info, version);
    if (!game.ok()) return EngineErrorStatus(game.error());
    const auto subject = SubjectOf(kind, game->View(*seat));
    if (!subject) {
      if (kind == mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS) return NotNowProgrammed("the game has finished");
      return NotNowProgrammed(bid ? "there is no private auction now (1947 3.2)"
                                  : "this is not a share round (1853 3, 1947 5)");
    }
    txn.exec_params(
        "UPDATE game_programmed_moves SET state = 'cancelled', reason = 'replaced by a new order', ended_at = now()"
        " WHERE game_id = $1 AND seat = $2 AND kind = $3 AND state = 'active'",
        game_id, *seat, KindName(kind));
    const pqxx::result written = txn.exec_params(
        "INSERT INTO game_programmed_moves (game_id, move_id, seat, kind, max_amount, subject, set_at_version,"
        " request_id) SELECT $1, coalesce(max(move_id), 0) + 1, $2, $3, $4, $5, $6, $7 FROM game_programmed_moves"
        " WHERE game_id = $1 RETURNING " + std::string(kColumns),
        game_id, *seat, KindName(kind), request.max_amount(), *subject, version, request.request_id());
    *response->mutable_move() = MoveOf(written[0]);
    return grpc::Status::OK;
  });
}

grpc::Status ProgrammedMoves::Cancel(const std::string& user_id,
                                     const mailrun::v1::CancelProgrammedMoveRequest& request,
                                     mailrun::v1::CancelProgrammedMoveResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (request.move_id() < 1) return InvalidField("move_id", "move_id must be an order's id (1 or more)");
  return service::RunTransaction(pool_, [&](pqxx::work& txn) {
    grpc::Status refused;
    const auto seat = SeatIn(txn, request.game_id(), user_id, &refused);
    if (!seat) return refused;
    const pqxx::result row = txn.exec_params(
        "UPDATE game_programmed_moves SET state = CASE WHEN state = 'active' THEN 'cancelled' ELSE state END,"
        " reason = CASE WHEN state = 'active' THEN 'cancelled by its player' ELSE reason END,"
        " ended_at = coalesce(ended_at, now()) WHERE game_id = $1 AND move_id = $2 AND seat = $3 RETURNING " +
            std::string(kColumns),
        request.game_id(), request.move_id(), *seat);
    if (row.empty()) {
      return service::RefusalStatus(
          grpc::StatusCode::NOT_FOUND, fmt::format("you have no programmed move {} in this game", request.move_id()),
          {"game.refusal.programmed_no_move", "", "not_found", "", "", {CountValue("move_id", request.move_id())}});
    }
    *response->mutable_move() = MoveOf(row[0]);
    return grpc::Status::OK;
  });
}

grpc::Status ProgrammedMoves::List(const std::string& user_id, const mailrun::v1::ListProgrammedMovesRequest& request,
                                   mailrun::v1::ListProgrammedMovesResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  return service::RunTransaction(pool_, [&](pqxx::work& txn) {
    response->Clear();
    grpc::Status refused;
    if (!SeatIn(txn, request.game_id(), user_id, &refused)) return refused;
    for (const auto& row : txn.exec_params(std::string("SELECT ") + kColumns +
                                               " FROM game_programmed_moves WHERE game_id = $1 ORDER BY move_id DESC"
                                               " LIMIT 200",
                                           request.game_id())) {
      *response->add_moves() = MoveOf(row);
    }
    return grpc::Status::OK;
  });
}

int ProgrammedMoves::RunOnce() {
  struct Order {
    std::string game_id;
    int64_t move_id;
    int seat;
    ProgrammedMoveKind kind;
    int max_amount;
    std::string subject;
    int64_t set_at_version;
    int64_t version;
    std::string user_id;
    bool finished;
  };
  std::vector<Order> orders;
  {
    auto connection = pool_.Acquire();
    pqxx::read_transaction txn(*connection);
    std::set<std::string> order_games;  // game_programmed_moves_active (migrations/0106) keeps this cheap
    for (const auto& row : txn.exec("SELECT DISTINCT game_id FROM game_programmed_moves WHERE state = 'active'")) {
      order_games.insert(row[0].as<std::string>());
    }
    order_games_.Replace(std::move(order_games));
    for (const auto& row : txn.exec(
             "SELECT m.game_id, m.move_id, m.seat, m.kind, m.max_amount, m.subject, m.set_at_version, g.version,"
             " p.user_id, g.status = 'finished' FROM game_programmed_moves m JOIN games g ON g.game_id = m.game_id"
             " JOIN game_players p ON p.game_id = m.game_id AND p.seat = m.seat"
             " WHERE m.state = 'active' AND m.checked_version < g.version ORDER BY m.game_id, m.move_id LIMIT 100")) {
      orders.push_back({row[0].as<std::string>(), row[1].as<int64_t>(), row[2].as<int>(), KindOf(row[3].as<std::string>()),
                        row[4].as<int>(), row[5].as<std::string>(), row[6].as<int64_t>(), row[7].as<int64_t>(),
                        row[8].as<std::string>(), row[9].as<bool>()});
    }
  }
  int acted = 0;
  for (const Order& order : orders) {
    if (worker_.stopping()) break;
    // What to do, judged at order.version from what the seat may see.
    std::string end_state, reason;
    std::optional<Action> move;
    {
      auto connection = pool_.Acquire();
      pqxx::read_transaction txn(*connection);
      const auto info = loader_.Info(txn, order.game_id);
      if (!info) continue;
      const auto game = loader_.At(txn, info, order.version);
      if (order.finished) {
        end_state = "ended";
        reason = "the game has finished";
      } else if (!game.ok()) {
        spdlog::error("programmed moves: game {} does not load: {}", order.game_id, game.error().ToString());
        continue;
      } else {
        const auto view = game->View(order.seat);
        const auto subject = SubjectOf(order.kind, view);
        const auto active = game->ActiveSeats();
        const bool to_act = std::find(active.begin(), active.end(), order.seat) != active.end();
        if (subject != order.subject) {
          end_state = "ended";
          reason = order.kind == mailrun::v1::PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND ? "the " + order.subject + " ended"
                   : order.kind == mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS
                       ? "the game has finished"
                       : order.subject + " is no longer on auction";
        } else if (order.kind == mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS) {
          // The order stands for its player while away: a move of their own by hand since it was
          // left (not the bot's nor an order's, whose request ids are the service's) ends it.
          const bool back = txn.exec_params1(
                                   "SELECT EXISTS (SELECT 1 FROM game_actions WHERE game_id = $1 AND seq > $2"
                                   " AND seq <= $3 AND seat = $4 AND user_id = $5 AND kind = 'action'"
                                   " AND request_id NOT LIKE 'service:%')",
                                   order.game_id, order.set_at_version, order.version, order.seat, order.user_id)[0]
                                .as<bool>();
          if (back) {
            end_state = "cancelled";
            reason = "its player moved by hand";
          } else if (to_act) {
            // Only an offer waiting for this seat's answer is declined (1853 3.1.11, 4.8.9; 1947
            // 3.3, 5.4.2, 6.15.2); the seat's own turn is left to its player.
            move = DeclineOf(game->LegalActions(order.seat));
          }
        } else if (order.kind == mailrun::v1::PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND) {
          bool traded = false;
          for (const auto& row : txn.exec_params(
                   "SELECT action FROM game_actions WHERE game_id = $1 AND seq > $2 AND seq <= $3 AND seat <> $4"
                   " AND kind = 'action'",
                   order.game_id, order.set_at_version, order.version, order.seat)) {
            Action action;
            if (action.ParseFromString(pqxx::binarystring(row[0]).str()) && IsBuyOrSale(action)) traded = true;
          }
          if (traded) {
            end_state = "cancelled";
            reason = "another player bought or sold";
          } else if (to_act) {
            move = PassOf(game->LegalActions(order.seat));
            if (!move) {
              end_state = "cancelled";
              reason = "the turn asks for something other than a pass";
            }
          }
        } else if (to_act) {
          std::optional<Action> pass;
          for (const auto& option : game->LegalActions(order.seat)) {
            if (option.action().has_bid_private_1947() && option.min_amount() <= order.max_amount && !move) {
              move = option.action();
              move->mutable_bid_private_1947()->set_amount(static_cast<int32_t>(option.min_amount()));
            }
            if (option.action().has_pass_private_1947()) pass = option.action();
          }
          if (!move) move = pass;
          if (!move) {
            end_state = "cancelled";
            reason = "the turn asks for something other than a bid or a pass";
          }
        }
      }
    }
    if (move) {
      mailrun::v1::SubmitActionRequest request;
      request.set_game_id(order.game_id);
      request.set_expected_version(order.version);
      *request.mutable_action() = *move;
      request.mutable_action()->set_seat(order.seat);
      request.set_request_id(ProgrammedRequestId(Key(), order.game_id, order.version, order.seat));
      mailrun::v1::SubmitActionResponse answer;
      int64_t current = 0;
      const grpc::Status status = moves_.Submit(order.user_id, request, &answer, &current);
      if (status.error_code() == grpc::StatusCode::ABORTED) continue;  // the game moved: judge again
      if (!status.ok()) {
        end_state = "cancelled";
        reason = "its move was refused: " + status.error_message();
      }
    }
    auto connection = pool_.Acquire();
    pqxx::work txn(*connection);
    if (!end_state.empty()) {
      txn.exec_params(
          "UPDATE game_programmed_moves SET state = $3, reason = $4, ended_at = now(), checked_version = $5"
          " WHERE game_id = $1 AND move_id = $2 AND state = 'active'",
          order.game_id, order.move_id, end_state, reason, order.version);
      ++acted;
    } else {
      // Counted once per version even if this runs again after a restart.
      txn.exec_params(
          "UPDATE game_programmed_moves SET checked_version = $3,"
          " moves_made = moves_made + CASE WHEN $4 THEN 1 ELSE 0 END"
          " WHERE game_id = $1 AND move_id = $2 AND checked_version < $3",
          order.game_id, order.move_id, order.version, move.has_value());
      if (move) ++acted;
    }
    txn.commit();
  }
  return acted;
}

}  // namespace mailrun::game
