#include "tools/fault/lobby_load.h"

#include <fmt/format.h>

#include <pqxx/pqxx>

#include "services/common/retry_later.h"
#include "services/common/token.h"
#include "tools/fault/calls.h"

namespace mailrun::fault {

using LobbyStub = mailrun::v1::LobbyService::Stub;

LobbyLoad::LobbyLoad(FaultStack& stack, int workers, uint64_t seed)
    : stack_(stack), workers_count_(workers), seed_(seed) {}

LobbyLoad::~LobbyLoad() {
  stopping_ = true;
  hard_stop_ = true;
  for (auto& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

grpc::Status LobbyLoad::UntilAnswered(const std::function<grpc::Status()>& call) {
  auto backoff = std::chrono::milliseconds(50);
  while (true) {
    const grpc::Status status = call();
    if (status.error_code() == grpc::StatusCode::INTERNAL) {
      std::lock_guard lock(mutex_);
      ++tally_.errors;
    }
    if (status.error_code() == grpc::StatusCode::RESOURCE_EXHAUSTED) {
      const auto delay = mailrun::service::RetryDelayOf(status);
      std::this_thread::sleep_for(delay.value_or(std::chrono::seconds(1)));
      continue;
    }
    if (!InDoubt(status.error_code()) || hard_stop_) return status;
    std::this_thread::sleep_for(backoff);
    backoff = std::min(backoff * 2, std::chrono::milliseconds(1000));
  }
}

void LobbyLoad::Start() {
  auto stub = mailrun::v1::LobbyService::NewStub(OwnChannel(stack_.Address(Service::kLobby)));
  for (int i = 0; i < workers_count_; ++i) {
    Worker worker;
    worker.name = fmt::format("fl{}u{}", seed_ % 100000, i);
    mailrun::v1::RegisterRequest request;
    request.set_request_id(fmt::format("fault{}-register-{}", seed_, i));
    request.set_display_name(worker.name);
    request.set_password("fault-password-" + worker.name);
    mailrun::v1::AuthResponse response;
    const grpc::Status status = UntilAnswered([&] { return Call(*stub, &LobbyStub::Register, "", request, &response); });
    if (!status.ok()) throw std::runtime_error("Register failed: " + status.error_message());
    worker.user_id = response.user_id();
    worker.token = UserToken(stack_.signer(), worker.user_id);
    worker.refresh_token = response.refresh_token();
    workers_.push_back(std::move(worker));
  }
  for (size_t i = 0; i < workers_.size(); ++i) {
    threads_.emplace_back([this, i] { Work(workers_[i], seed_ * 31 + i + 1); });
  }
}

void LobbyLoad::Stop(std::chrono::seconds resolve) {
  stopping_ = true;
  JoinWithin(threads_, hard_stop_, resolve);
}

void LobbyLoad::Work(Worker& worker, uint64_t rng) {
  auto stub = mailrun::v1::LobbyService::NewStub(OwnChannel(stack_.Address(Service::kLobby)));
  for (int round = 0; !stopping_; ++round) {
    mailrun::v1::CreateTableRequest create;
    create.set_request_id("ft-" + mailrun::service::RandomId());
    create.set_name("fault table");
    create.set_seats(4);
    {
      std::lock_guard lock(mutex_);
      pending_[create.request_id()] = worker.user_id;
    }
    std::string table_id;
    const grpc::Status created = UntilAnswered([&] {
      mailrun::v1::Table table;
      grpc::Status status = Call(*stub, &LobbyStub::CreateTable, worker.token, create, &table);
      if (status.ok()) {
        std::lock_guard lock(mutex_);
        if (!table_id.empty() && table_id != table.table_id()) {
          ++tally_.doubled;
          if (tally_.problems.size() < 10) tally_.problems.push_back("CreateTable answered with two tables");
        }
        table_id = table.table_id();
      }
      return status;
    });
    {
      std::lock_guard lock(mutex_);
      if (!InDoubt(created.error_code())) pending_.erase(create.request_id());
      if (created.ok()) {
        created_[create.request_id()] = table_id;
        ++tally_.acknowledged;
      } else if (!InDoubt(created.error_code())) {
        ++tally_.refused;
        if (tally_.problems.size() < 10) tally_.problems.push_back("CreateTable refused: " + created.error_message());
      }
    }
    if (!created.ok()) continue;
    mailrun::v1::LeaveTableRequest leave;
    leave.set_request_id("fl-" + mailrun::service::RandomId());
    leave.set_table_id(table_id);
    UntilAnswered([&] {
      mailrun::v1::Table table;
      return Call(*stub, &LobbyStub::LeaveTable, worker.token, leave, &table);
    });
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    if ((rng >> 33) % 4 == 0) {
      // A login and a refresh, as a phone coming back does.
      mailrun::v1::LoginRequest login;
      login.set_request_id("fi-" + mailrun::service::RandomId());
      login.set_display_name(worker.name);
      login.set_password("fault-password-" + worker.name);
      mailrun::v1::AuthResponse auth;
      if (UntilAnswered([&] { return Call(*stub, &LobbyStub::Login, "", login, &auth); }).ok()) {
        mailrun::v1::RefreshRequest refresh;
        refresh.set_request_id("fr-" + mailrun::service::RandomId());
        refresh.set_refresh_token(auth.refresh_token());
        mailrun::v1::AuthResponse refreshed;
        const grpc::Status status =
            UntilAnswered([&] { return Call(*stub, &LobbyStub::Refresh, "", refresh, &refreshed); });
        if (!status.ok() && !InDoubt(status.error_code())) {
          std::lock_guard lock(mutex_);
          ++tally_.refused;
          if (tally_.problems.size() < 10) tally_.problems.push_back("Refresh refused: " + status.error_message());
        }
      }
    }
  }
}

GameTally LobbyLoad::Verify() {
  std::map<std::string, int64_t> tables_of;  // host -> tables in the database
  std::set<std::string> tables;
  {
    pqxx::connection connection(stack_.database_url());
    pqxx::read_transaction txn(connection);
    for (const auto& worker : workers_) {
      for (const auto& row :
           txn.exec_params("SELECT table_id FROM lobby_tables WHERE host_user_id = $1 OR table_id IN"
                           " (SELECT table_id FROM lobby_table_players WHERE user_id = $1)",
                           worker.user_id)) {
        if (tables.insert(row[0].as<std::string>()).second) ++tables_of[worker.user_id];
      }
    }
  }
  std::lock_guard lock(mutex_);
  GameTally tally = tally_;
  tally.in_doubt = static_cast<int64_t>(pending_.size());
  for (const auto& [request_id, table_id] : created_) {
    if (!tables.count(table_id)) {
      ++tally.lost;
      if (tally.problems.size() < 10) tally.problems.push_back("acknowledged table " + table_id + " is missing");
    }
  }
  const int64_t expected = static_cast<int64_t>(created_.size()) + tally.in_doubt;
  if (static_cast<int64_t>(tables.size()) > expected) {
    tally.doubled += static_cast<int64_t>(tables.size()) - expected;
    if (tally.problems.size() < 10) {
      tally.problems.push_back(fmt::format("{} tables for {} CreateTable requests", tables.size(), expected));
    }
  }
  return tally;
}

}  // namespace mailrun::fault
