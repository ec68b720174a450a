#include "tests/testing/servers.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <pqxx/pqxx>
#include <stdexcept>

#include "services/common/signing_keys.h"

namespace mailrun::testing {
namespace {

std::map<std::string, std::string> ReadEnvFile(const std::string& path) {
  std::map<std::string, std::string> values;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find('=');
    if (eq != std::string::npos) values[line.substr(0, eq)] = line.substr(eq + 1);
  }
  return values;
}

std::string ReadPassword(const std::string& path) {
  std::ifstream in(path);
  std::string password;
  std::getline(in, password);
  if (password.empty()) throw std::runtime_error("the test Redis password file " + path + " is empty or missing");
  return password;
}

bool PostgresAnswers(int port) {
  try {
    pqxx::connection c("postgresql://mailrun@127.0.0.1:" + std::to_string(port) + "/postgres?connect_timeout=2");
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

struct Servers {
  int pg_port = 0;
  int redis_port = 0;
  std::string redis_password;
  std::string own_state_dir;  // set when this process started its own servers
};

Servers* g_servers = nullptr;

void StopOwnServers() {
  if (g_servers && !g_servers->own_state_dir.empty()) {
    const std::string cmd = std::string(MAILRUN_SOURCE_DIR) + "/tests/servers.sh stop '" + g_servers->own_state_dir +
                            "' >/dev/null 2>&1";
    (void)std::system(cmd.c_str());
  }
}

const Servers& Get() {
  static std::once_flag once;
  std::call_once(once, [] {
    g_servers = new Servers();
    const char* env_override = std::getenv("MAILRUN_TEST_SERVERS_ENV");
    auto values = ReadEnvFile(env_override ? env_override : MAILRUN_TEST_SERVERS_ENV);
    if (values.count("MAILRUN_TEST_PG_PORT") && PostgresAnswers(std::stoi(values["MAILRUN_TEST_PG_PORT"]))) {
      g_servers->pg_port = std::stoi(values["MAILRUN_TEST_PG_PORT"]);
      g_servers->redis_port = std::stoi(values["MAILRUN_TEST_REDIS_PORT"]);
      g_servers->redis_password = ReadPassword(values["MAILRUN_TEST_REDIS_PASSWORD_FILE"]);
      return;
    }
    // Not under the CTest fixture: start a private pair for this process.
    char dir_template[] = "/tmp/mailrun-test-own.XXXXXX";
    if (!mkdtemp(dir_template)) throw std::runtime_error("cannot create a temporary directory");
    g_servers->own_state_dir = dir_template;
    const std::string cmd = std::string(MAILRUN_SOURCE_DIR) + "/tests/servers.sh start '" +
                            g_servers->own_state_dir + "' >/dev/null";
    if (std::system(cmd.c_str()) != 0) throw std::runtime_error("tests/servers.sh start failed");
    std::atexit(StopOwnServers);
    values = ReadEnvFile(g_servers->own_state_dir + "/servers.env");
    g_servers->pg_port = std::stoi(values.at("MAILRUN_TEST_PG_PORT"));
    g_servers->redis_port = std::stoi(values.at("MAILRUN_TEST_REDIS_PORT"));
    g_servers->redis_password = ReadPassword(values.at("MAILRUN_TEST_REDIS_PASSWORD_FILE"));
  });
  return *g_servers;
}

}  // namespace

int PostgresPort() { return Get().pg_port; }
int RedisPort() { return Get().redis_port; }
std::string RedisPassword() { return Get().redis_password; }
std::string RedisUrl() { return "redis://:" + RedisPassword() + "@127.0.0.1:" + std::to_string(RedisPort()); }

std::string FreshDatabase(const std::string& prefix) {
  static std::atomic<int> counter{0};
  for (char c : prefix) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) {
      throw std::invalid_argument("database prefix may hold letters, digits and underscores only");
    }
  }
  const std::string name = prefix + "_" + std::to_string(getpid()) + "_" + std::to_string(counter++);
  const std::string base = "postgresql://mailrun@127.0.0.1:" + std::to_string(PostgresPort());
  pqxx::connection admin(base + "/postgres");
  pqxx::nontransaction txn(admin);
  txn.exec("DROP DATABASE IF EXISTS " + name);
  txn.exec("CREATE DATABASE " + name);
  return base + "/" + name;
}

std::string TestSigningKey() {
  return mailrun::service::SigningKeyLine("test-1", std::string(32, 'a'));  // a fixed seed: tests only
}

const mailrun::service::TokenVerifier& TestVerifier() {
  static const mailrun::service::TokenVerifier verifier = mailrun::service::ParsePublicKeys(TestPublicKeys());
  return verifier;
}

std::string TestPublicKeys() { return mailrun::service::PublicKeyLine(TestSigner()); }

const mailrun::service::TokenSigner& TestSigner() {
  static const mailrun::service::TokenSigner signer = mailrun::service::ParseSigningKey(TestSigningKey());
  return signer;
}

std::string BinaryPath(const std::string& name) { return std::string(MAILRUN_BINARY_DIR) + "/bin/" + name; }
std::string SourcePath(const std::string& relative) { return std::string(MAILRUN_SOURCE_DIR) + "/" + relative; }

int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    throw std::runtime_error("cannot bind a loopback port");
  }
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  const int port = ntohs(addr.sin_port);
  close(fd);
  return port;
}

}  // namespace mailrun::testing
