#include "tools/fault/table_fill.h"

#include <fmt/format.h>

#include <functional>
#include <pqxx/pqxx>

#include "mailrun/v1/lobby.grpc.pb.h"
#include "services/common/retry_later.h"
#include "services/common/token.h"
#include "tools/fault/calls.h"

namespace mailrun::fault {
namespace {

using FillStub = mailrun::v1::LobbyService::Stub;

// Repeats `call` (one attempt each) until its answer is definite or `hard_stop`.
grpc::Status UntilAnswered(const std::function<grpc::Status()>& call, const std::atomic<bool>& hard_stop) {
  auto backoff = std::chrono::milliseconds(50);
  while (true) {
    const grpc::Status status = call();
    if (status.error_code() == grpc::StatusCode::RESOURCE_EXHAUSTED) {
      std::this_thread::sleep_for(mailrun::service::RetryDelayOf(status).value_or(std::chrono::seconds(1)));
      continue;
    }
    if (!InDoubt(status.error_code()) || hard_stop) return status;
    std::this_thread::sleep_for(backoff);
    backoff = std::min(backoff * 2, std::chrono::milliseconds(1000));
  }
}

}  // namespace

TableFill::TableFill(FaultStack& stack, int groups, uint64_t seed) : stack_(stack), groups_(groups), seed_(seed) {}

TableFill::~TableFill() {
  stopping_ = true;
  hard_stop_ = true;
  for (auto& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

void TableFill::Start() {
  auto stub = mailrun::v1::LobbyService::NewStub(OwnChannel(stack_.Address(Service::kLobby)));
  for (int i = 0; i < groups_ * 4; ++i) {
    Player player;
    player.name = fmt::format("tf{}p{}", seed_ % 100000, i);
    mailrun::v1::RegisterRequest request;
    request.set_request_id(fmt::format("fault{}-fill-register-{}", seed_, i));
    request.set_display_name(player.name);
    request.set_password("fault-password-" + player.name);
    mailrun::v1::AuthResponse response;
    const grpc::Status status =
        UntilAnswered([&] { return Call(*stub, &FillStub::Register, "", request, &response); }, hard_stop_);
    if (!status.ok()) throw std::runtime_error("Register failed: " + status.error_message());
    player.user_id = response.user_id();
    player.token = UserToken(stack_.signer(), player.user_id);
    players_.push_back(std::move(player));
  }
  for (int g = 0; g < groups_; ++g) threads_.emplace_back([this, g] { Group(g); });
}

void TableFill::Stop(std::chrono::seconds resolve) {
  stopping_ = true;
  JoinWithin(threads_, hard_stop_, resolve);
}

void TableFill::Group(int group) {
  auto stub = mailrun::v1::LobbyService::NewStub(OwnChannel(stack_.Address(Service::kLobby)));
  const auto refused = [this](const std::string& what, const grpc::Status& status) {
    std::lock_guard lock(mutex_);
    if (InDoubt(status.error_code())) {
      ++tally_.in_doubt;
    } else {
      ++tally_.refused;
      if (tally_.problems.size() < 10) tally_.problems.push_back(what + " refused: " + status.error_message());
    }
  };
  while (!stopping_) {
    const Player& host = players_[static_cast<size_t>(group) * 4];
    mailrun::v1::CreateTableRequest create;
    create.set_request_id("tf-" + mailrun::service::RandomId());
    create.set_name("fault fill");
    create.set_seats(4);
    mailrun::v1::Table table;
    grpc::Status status =
        UntilAnswered([&] { return Call(*stub, &FillStub::CreateTable, host.token, create, &table); }, hard_stop_);
    if (!status.ok()) {
      refused("CreateTable", status);
      return;
    }
    {
      std::lock_guard lock(mutex_);
      seats_[table.table_id()] = 1;
      ++tally_.acknowledged;
    }
    for (int seat = 1; seat < 4; ++seat) {
      const Player& player = players_[static_cast<size_t>(group) * 4 + static_cast<size_t>(seat)];
      mailrun::v1::JoinTableRequest join;
      join.set_request_id("tj-" + mailrun::service::RandomId());
      join.set_table_id(table.table_id());
      mailrun::v1::Table joined;
      status =
          UntilAnswered([&] { return Call(*stub, &FillStub::JoinTable, player.token, join, &joined); }, hard_stop_);
      if (!status.ok()) {
        refused("JoinTable", status);
        return;
      }
      std::lock_guard lock(mutex_);
      ++seats_[table.table_id()];
      ++tally_.acknowledged;
      if (seat == 3) {
        full_.insert(table.table_id());
        ++filled_;
      }
    }
  }
}

GameTally TableFill::Verify(std::chrono::seconds settle) {
  std::lock_guard lock(mutex_);
  GameTally tally = tally_;
  const auto deadline = std::chrono::steady_clock::now() + settle;
  pqxx::connection connection(stack_.database_url());
  while (true) {
    tally.lost = 0;
    tally.doubled = 0;
    tally.problems = tally_.problems;
    const auto problem = [&tally](const std::string& text) {
      if (tally.problems.size() < 10) tally.problems.push_back(text);
    };
    pqxx::read_transaction txn(connection);
    for (const auto& [table_id, seats] : seats_) {
      const pqxx::result row = txn.exec_params(
          "SELECT t.status, coalesce(t.game_id, ''), (SELECT count(*) FROM lobby_table_players p WHERE p.table_id = t.table_id),"
          " (SELECT count(*) FROM games g WHERE g.table_id = t.table_id),"
          " (SELECT count(*) FROM games g WHERE g.table_id = t.table_id AND g.game_id = t.game_id)"
          " FROM lobby_tables t WHERE t.table_id = $1",
          table_id);
      if (row.empty()) {
        ++tally.lost;
        problem("acknowledged table " + table_id + " is missing");
        continue;
      }
      const auto seated = row[0][2].as<int64_t>();
      const auto games = row[0][3].as<int64_t>();
      if (seated < seats) {
        ++tally.lost;
        problem(fmt::format("table {}: {} seats acknowledged, {} seated", table_id, seats, seated));
      } else if (seated > seats) {
        ++tally.doubled;
        problem(fmt::format("table {}: {} seats acknowledged, {} seated", table_id, seats, seated));
      }
      if (full_.count(table_id)) {
        if (games == 0 || row[0][4].as<int64_t>() != 1 || row[0][0].as<std::string>() != "playing") {
          ++tally.lost;
          problem(fmt::format("full table {} is '{}' with {} game(s), its own {}", table_id,
                              row[0][0].as<std::string>(), games, row[0][1].as<std::string>()));
        }
      } else if (games > 0) {
        ++tally.doubled;
        problem(fmt::format("table {} never filled but has {} game(s)", table_id, games));
      }
      if (games > 1) {
        ++tally.doubled;
        problem(fmt::format("table {} has {} games", table_id, games));
      }
    }
    if ((tally.lost == 0 && tally.doubled == 0) || std::chrono::steady_clock::now() > deadline) break;
    txn.commit();
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  return tally;
}

}  // namespace mailrun::fault
