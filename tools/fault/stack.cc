#include "tools/fault/stack.h"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <grpcpp/grpcpp.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "grpc/health/v1/health.grpc.pb.h"
#include "mailrun/v1/game.grpc.pb.h"
#include "services/common/signing_keys.h"

namespace mailrun::fault {
namespace {

using mailrun::process::RunShell;

const char* ReadinessName(Service service) {
  switch (service) {
    case Service::kGame: return "mailrun.v1.GameService";
    case Service::kLobby: return "mailrun.v1.LobbyService";
    case Service::kNotify: return "mailrun.v1.NotificationService";
  }
  return "";
}

void WriteSecret(const std::string& path, const std::string& content) {
  std::ofstream out(path);
  out << content;
  out.close();
  chmod(path.c_str(), 0600);
}

// Whether the gateway at `address` forwards calls: a GetGame without a token comes back from the
// game service as UNAUTHENTICATED (the gateway serves no grpc.health.v1 of its own).
bool GatewayForwards(const std::string& address) {
  grpc::ChannelArguments arguments;
  arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  auto stub = mailrun::v1::GameService::NewStub(
      grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), arguments));
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(500));
  mailrun::v1::GetGameRequest request;
  request.set_game_id("fault-probe");
  mailrun::v1::GetGameResponse response;
  return stub->GetGame(&context, request, &response).error_code() == grpc::StatusCode::UNAUTHENTICATED;
}

// The node binary on PATH (the gateway is a Node.js program).
std::string NodeBinary() {
  const char* path = getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (!dir.empty() && access((dir + "/node").c_str(), X_OK) == 0) return dir + "/node";
  }
  return "/usr/bin/node";
}

}  // namespace

const char* ServiceName(Service service) {
  switch (service) {
    case Service::kGame: return "mailrun-game";
    case Service::kLobby: return "mailrun-lobby";
    case Service::kNotify: return "mailrun-notify";
  }
  return "?";
}

int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    throw std::runtime_error("cannot bind a loopback port");
  }
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  close(fd);
  return ntohs(addr.sin_port);
}

bool HealthServing(const std::string& address, const std::string& service_name, std::chrono::milliseconds timeout) {
  grpc::ChannelArguments arguments;
  arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  auto stub = grpc::health::v1::Health::NewStub(
      grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), arguments));
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + timeout);
  grpc::health::v1::HealthCheckRequest request;
  request.set_service(service_name);
  grpc::health::v1::HealthCheckResponse response;
  return stub->Check(&context, request, &response).ok() &&
         response.status() == grpc::health::v1::HealthCheckResponse::SERVING;
}

FaultStack::FaultStack(StackOptions options) : options_(std::move(options)) {
  char dir[] = "/tmp/mailrun-fault.XXXXXX";
  if (!mkdtemp(dir)) throw std::runtime_error("cannot create a temporary directory");
  dir_ = dir;
  chmod(dir_.c_str(), 0755);  // PostgreSQL runs as its own user when we are root
  pg_port_ = FreePort();
  redis_port_ = FreePort();
  if (options_.replicas < 1) throw std::invalid_argument("a stack needs at least one replica of each service");
  for (Service s : {Service::kGame, Service::kLobby, Service::kNotify}) {
    for (int i = 0; i < Replicas(s); ++i) ports_[{s, i}] = FreePort();
  }
  database_url_ = fmt::format("postgresql://mailrun@{}:{}/mailrun", options_.postgres_host, pg_port_);
  for (int i = 0; i < Replicas(Service::kGame); ++i) game_metrics_ports_[i] = FreePort();
  redis_url_ = fmt::format("redis://127.0.0.1:{}", redis_port_);

  const std::string seed = mailrun::service::NewSigningSeed();
  const std::string signing_line = mailrun::service::SigningKeyLine("fault-1", seed);
  signer_ = std::make_unique<mailrun::service::TokenSigner>(mailrun::service::ParseSigningKey(signing_line));
  WriteSecret(dir_ + "/token-signing.key", signing_line);
  WriteSecret(dir_ + "/token-public.keys", mailrun::service::PublicKeyLine(*signer_));

  if (options_.durable) {
    unsetenv("MAILRUN_PG_THROWAWAY");
  } else {
    setenv("MAILRUN_PG_THROWAWAY", "1", 1);  // no fsync: the data is deleted afterwards
  }
  StartPostgres();
  Shell(fmt::format("new-password '{}/redis.password'", dir_));
  StartRedis();
  if (!options_.defer_services) StartServices();
}

void FaultStack::StartServices() {
  // The game service first: the lobby calls it.
  for (Service s : {Service::kGame, Service::kLobby, Service::kNotify}) {
    StartAll(s);
  }
  if (options_.gateway) {
    gateway_port_ = FreePort();
    StartGateway();
  }
}

void FaultStack::SetDatabaseUrl(const std::string& url) {
  database_url_ = url;
  settings_["MAILRUN_DATABASE_URL"] = url;
}

void FaultStack::SetServiceSetting(const std::string& name, const std::string& value) { settings_[name] = value; }

FaultStack::~FaultStack() {
  gateway_.reset();
  for (auto& [service, child] : children_) child.reset();  // SIGTERM each
  parts_.clear();
  try {
    Shell(fmt::format("stop-postgres '{}/postgres' immediate", dir_));
    Shell(fmt::format("stop-redis '{}/redis'", dir_));
  } catch (const std::exception&) {
  }
  if (!options_.keep) RunShell("rm -rf '" + dir_ + "'", "/dev/null");
}

void FaultStack::Shell(const std::string& arguments) {
  const std::string command = options_.source_dir + "/deploy/servers.sh " + arguments;
  if (RunShell(command, dir_ + "/servers.log") != 0) {
    throw std::runtime_error("deploy/servers.sh " + arguments + " failed (see " + dir_ + "/servers.log)");
  }
}

std::string FaultStack::InstanceAddress(Service service, int replica) const {
  return fmt::format("127.0.0.1:{}", ports_.at({service, replica}));
}

std::string FaultStack::GatewayAddress() const { return fmt::format("127.0.0.1:{}", gateway_port_); }

std::string FaultStack::ReplicasTarget(Service service) const {
  if (Replicas(service) == 1) return InstanceAddress(service, 0);
  std::string target = "ipv4:";
  for (int i = 0; i < Replicas(service); ++i) target += (i ? "," : "") + InstanceAddress(service, i);
  return target;
}

std::string FaultStack::Address(Service service) const {
  return options_.gateway && gateway_port_ != 0 ? GatewayAddress() : ReplicasTarget(service);
}

int FaultStack::Replicas(Service service) const {
  return service == Service::kGame ? std::max(options_.replicas, options_.game_pods) : options_.replicas;
}

std::vector<int> FaultStack::GamePids() const {
  std::vector<int> pids;
  for (int i = 0; i < Replicas(Service::kGame); ++i) {
    if (const int pid = Pid(Service::kGame, i)) pids.push_back(pid);
  }
  return pids;
}

std::vector<std::string> FaultStack::GameMetricsAddresses() const {
  std::vector<std::string> addresses;
  for (const auto& [replica, port] : game_metrics_ports_) addresses.push_back(fmt::format("127.0.0.1:{}", port));
  return addresses;
}

std::map<std::string, std::string> FaultStack::Environment(Service service, int replica) const {
  std::map<std::string, std::string> env = {
      {"MAILRUN_LISTEN", InstanceAddress(service, replica)},
      {"MAILRUN_DATABASE_URL", database_url_},
      {"MAILRUN_REDIS_URL", redis_url_},
      {"MAILRUN_REDIS_PASSWORD_FILE", dir_ + "/redis.password"},
      {"MAILRUN_TOKEN_PUBLIC_KEYS_FILE", dir_ + "/token-public.keys"},
      {"MAILRUN_DATABASE_CONNECT_TIMEOUT_SECONDS", "120"},
      {"MAILRUN_LOG_LEVEL", "info"}};
  if (service == Service::kLobby) {
    env["MAILRUN_TOKEN_SIGNING_KEY_FILE"] = dir_ + "/token-signing.key";
    env["MAILRUN_GAME_ADDR"] = ReplicasTarget(Service::kGame);
    env["MAILRUN_PASSWORD_HASH_LIMITS"] = "interactive";
    // The driver is one client standing for many players: the per-client login limit would
    // only slow it down (the limits have tests of their own).
    env["MAILRUN_LOGIN_CLIENT_ATTEMPTS"] = "100000";
    env["MAILRUN_LOGIN_ACCOUNT_ATTEMPTS"] = "100000";
  }
  if (service == Service::kGame) env["MAILRUN_METRICS_LISTEN"] = fmt::format("127.0.0.1:{}", game_metrics_ports_.at(replica));
  for (const auto& [name, value] : settings_) env[name] = value;
  return env;
}

void FaultStack::Start(Service service, int replica) {
  auto& child = children_[{service, replica}];
  if (child && child->Running()) return;
  const std::string log =
      replica == 0 ? fmt::format("{}/{}.log", dir_, ServiceName(service))
                   : fmt::format("{}/{}-{}.log", dir_, ServiceName(service), replica + 1);
  child = std::make_unique<mailrun::process::Child>(options_.bin_dir + "/" + ServiceName(service),
                                                    std::vector<std::string>{}, Environment(service, replica), log);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (!HealthServing(InstanceAddress(service, replica), ReadinessName(service), std::chrono::milliseconds(500))) {
    if (!child->Running() || std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error(fmt::format("{} did not start (see {})", ServiceName(service), log));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

void FaultStack::Kill(Service service, int replica) {
  auto& child = children_[{service, replica}];
  if (!child) return;
  child->Signal(SIGKILL);
  child->Wait(std::chrono::seconds(10));
}

void FaultStack::KillAll(Service service) {
  for (int i = 0; i < Replicas(service); ++i) Kill(service, i);
}

void FaultStack::StartAll(Service service) {
  for (int i = 0; i < Replicas(service); ++i) Start(service, i);
}

bool FaultStack::Running(Service service, int replica) {
  auto& child = children_[{service, replica}];
  return child && child->Running();
}

int FaultStack::Pid(Service service, int replica) const {
  const auto child = children_.find({service, replica});
  return child == children_.end() || !child->second ? 0 : static_cast<int>(child->second->pid());
}

void FaultStack::StartGateway() {
  if (gateway_ && gateway_->Running()) return;
  const std::string script = options_.bin_dir + "/../gateway/gateway.mjs";
  const std::map<std::string, std::string> env = {
      {"MAILRUN_GATEWAY_LISTEN", GatewayAddress()},
      {"MAILRUN_GAME_ADDRESS", InstanceAddress(Service::kGame, 0)},
      {"MAILRUN_LOBBY_ADDRESS", InstanceAddress(Service::kLobby, 0)},
      {"MAILRUN_NOTIFY_ADDRESS", InstanceAddress(Service::kNotify, 0)},
      {"MAILRUN_GATEWAY_WEB_DIR", "none"}};
  gateway_ = std::make_unique<mailrun::process::Child>(NodeBinary(), std::vector<std::string>{script}, env,
                                                       dir_ + "/gateway.log");
  // As long as the services get: Node.js loads its modules slowly on a loaded machine.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (!GatewayForwards(GatewayAddress())) {
    if (!gateway_->Running() || std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error("the gateway did not start (see " + dir_ + "/gateway.log)");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

void FaultStack::KillGateway() {
  if (!gateway_) return;
  gateway_->Signal(SIGKILL);
  gateway_->Wait(std::chrono::seconds(10));
}

void FaultStack::StopRedis() { Shell(fmt::format("stop-redis '{}/redis'", dir_)); }

void FaultStack::StartRedis() {
  Shell(fmt::format("start-redis '{0}/redis' {1} '{0}/redis.password'", dir_, redis_port_));
}

void FaultStack::StopPostgres() { Shell(fmt::format("stop-postgres '{}/postgres' fast", dir_)); }

void FaultStack::StartPostgres() {
  const std::string command = fmt::format("{}/deploy/servers.sh start-postgres '{}/postgres' {}", options_.source_dir,
                                          dir_, pg_port_);
  const std::string wrapped = options_.postgres_wrapper.empty() ? command : options_.postgres_wrapper + " " + command;
  if (RunShell(wrapped, dir_ + "/servers.log") != 0) {
    throw std::runtime_error("deploy/servers.sh start-postgres failed (see " + dir_ + "/servers.log)");
  }
}

}  // namespace mailrun::fault
