#include "services/common/port_reservation.h"

#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

namespace mailrun::service {
namespace {

// A socket bound to `listen` ("host:port", "[v6]:port"), or -1.
int BindWithoutListening(const std::string& listen) {
  const size_t colon = listen.rfind(':');
  if (colon == std::string::npos) return -1;
  std::string host = listen.substr(0, colon);
  const std::string port = listen.substr(colon + 1);
  if (port.empty() || port == "0") return -1;
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.empty() ? nullptr : host.c_str(), port.c_str(), &hints, &found) != 0) return -1;
  int held = -1;
  for (const addrinfo* at = found; at != nullptr && held < 0; at = at->ai_next) {
    const int s = socket(at->ai_family, at->ai_socktype | SOCK_CLOEXEC, at->ai_protocol);
    if (s < 0) continue;
    // The server's socket binds beside this one until it is released (neither listens before).
    const int on = 1;
    setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
    if (bind(s, at->ai_addr, at->ai_addrlen) == 0) {
      held = s;
    } else {
      close(s);
    }
  }
  freeaddrinfo(found);
  return held;
}

}  // namespace

PortReservation::PortReservation(const std::vector<std::string>& listen) {
  for (const std::string& address : listen) {
    if (const int s = BindWithoutListening(address); s >= 0) {
      sockets_.push_back(s);
      held_.push_back(address);
    }
  }
}

PortReservation::~PortReservation() { Release(); }

void PortReservation::Release() {
  for (const int s : sockets_) close(s);
  sockets_.clear();
  held_.clear();
}

}  // namespace mailrun::service
