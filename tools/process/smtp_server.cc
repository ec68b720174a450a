#include "tools/process/smtp_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <map>
#include <stdexcept>
#include <thread>
#include <vector>

namespace mailrun::process {
namespace {

// Whether 127.0.0.1:`port` accepts a TCP connection within 100 ms (SMTP greets first: a connect
// is enough).
bool Accepts(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bool connected = connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
  if (!connected && errno == EINPROGRESS) {
    pollfd wait{fd, POLLOUT, 0};
    int error = 0;
    socklen_t size = sizeof error;
    connected = poll(&wait, 1, 100) == 1 && getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size) == 0 && error == 0;
  }
  close(fd);
  return connected;
}

}  // namespace

std::unique_ptr<Child> StartSmtpServer(int port, const std::string& maildir, const std::string& handler,
                                       const std::string& python_path) {
  std::map<std::string, std::string> env;
  if (!python_path.empty()) env["PYTHONPATH"] = python_path;
  // Debian's python3 (aiosmtpd is a Debian package, not a pip one).
  auto child = std::make_unique<Child>(
      "/usr/bin/python3",
      std::vector<std::string>{"-m", "aiosmtpd", "-n", "-l", "127.0.0.1:" + std::to_string(port), "-c", handler, maildir},
      env, maildir + ".out");
  for (int i = 0; i < 200; ++i) {
    if (Accepts(port)) return child;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  throw std::runtime_error("aiosmtpd did not start (is python3-aiosmtpd installed?); see " + maildir + ".out");
}

}  // namespace mailrun::process
