// PortReservation holds a listen address until it is released: no other socket binds it meanwhile,
// and the kernel gives it to no outgoing connection; a server binds and listens on it after the
// release. Addresses it cannot or need not hold are passed over without an error.
#include "services/common/port_reservation.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <string>

namespace mailrun::service {
namespace {

// A socket on 127.0.0.1:port, bound (and listening if asked), or -1 with errno set by bind.
int BindLoopback(int port, bool listening) {
  const int s = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(s, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 || (listening && listen(s, 4) != 0)) {
    const int error = errno;
    close(s);
    errno = error;
    return -1;
  }
  return s;
}

// A port nothing is bound to just now.
int FreePort() {
  const int s = BindLoopback(0, false);
  sockaddr_in address{};
  socklen_t length = sizeof(address);
  getsockname(s, reinterpret_cast<sockaddr*>(&address), &length);
  close(s);
  return ntohs(address.sin_port);
}

TEST(PortReservation, HoldsTheAddressUntilReleasedThenAServerListensOnIt) {
  const int port = FreePort();
  PortReservation reservation({"127.0.0.1:" + std::to_string(port)});
  ASSERT_EQ(reservation.held().size(), 1u);

  errno = 0;
  EXPECT_EQ(BindLoopback(port, false), -1) << "the port is held";
  EXPECT_EQ(errno, EADDRINUSE);

  reservation.Release();
  EXPECT_TRUE(reservation.held().empty());
  const int server = BindLoopback(port, true);
  EXPECT_GE(server, 0) << "released: a server binds and listens";
  if (server >= 0) close(server);
}

// Linux's IP_LOCAL_PORT_RANGE (<linux/in.h>, which clashes with <netinet/in.h>; glibc 2.36 lacks it).
constexpr int kIpLocalPortRange = 51;

// A client socket limited to `port` as its local port (Linux's IP_LOCAL_PORT_RANGE, kernel 6.3 and
// later) connected to `server_port`: 0 when connected, else errno.
int ConnectFromOnly(int port, int server_port, int* local_port) {
  const int s = socket(AF_INET, SOCK_STREAM, 0);
  const uint32_t range = static_cast<uint32_t>(port) | (static_cast<uint32_t>(port) << 16);
  if (setsockopt(s, IPPROTO_IP, kIpLocalPortRange, &range, sizeof(range)) != 0) {
    const int error = errno;
    close(s);
    return error;
  }
  sockaddr_in server{};
  server.sin_family = AF_INET;
  server.sin_port = htons(static_cast<uint16_t>(server_port));
  server.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int result = 0;
  if (connect(s, reinterpret_cast<sockaddr*>(&server), sizeof(server)) != 0) {
    result = errno;
  } else {
    sockaddr_in local{};
    socklen_t length = sizeof(local);
    getsockname(s, reinterpret_cast<sockaddr*>(&local), &length);
    *local_port = ntohs(local.sin_port);
  }
  close(s);
  return result;
}

// What the reservation is for: the kernel gives no outgoing connection a held port.
TEST(PortReservation, AConnectionMadeWhileItIsHeldIsNotGivenThePort) {
  const int server = BindLoopback(0, true);
  ASSERT_GE(server, 0);
  sockaddr_in address{};
  socklen_t length = sizeof(address);
  getsockname(server, reinterpret_cast<sockaddr*>(&address), &length);
  const int server_port = ntohs(address.sin_port);
  const int port = FreePort();
  PortReservation reservation({"127.0.0.1:" + std::to_string(port)});
  ASSERT_EQ(reservation.held().size(), 1u);
  int local_port = 0;
  const int held = ConnectFromOnly(port, server_port, &local_port);
  if (held == ENOPROTOOPT) {
    close(server);
    GTEST_SKIP() << "this kernel cannot limit a socket's local ports (IP_LOCAL_PORT_RANGE needs Linux 6.3)";
  }
  EXPECT_EQ(held, EADDRNOTAVAIL) << "the only local port allowed is held";
  reservation.Release();
  EXPECT_EQ(ConnectFromOnly(port, server_port, &local_port), 0);
  EXPECT_EQ(local_port, port) << "released: the port is given out again";
  close(server);
}

TEST(PortReservation, ReleasesWhenItGoesOutOfScope) {
  const int port = FreePort();
  { PortReservation reservation({"127.0.0.1:" + std::to_string(port)}); }
  const int server = BindLoopback(port, true);
  EXPECT_GE(server, 0);
  if (server >= 0) close(server);
}

TEST(PortReservation, PassesOverWhatItCannotOrNeedNotHold) {
  const int port = FreePort();
  const int other_server = BindLoopback(port, true);
  ASSERT_GE(other_server, 0);
  // Taken by a listening server; port 0 (any free port); no port; a host that does not resolve; empty.
  PortReservation reservation({"127.0.0.1:" + std::to_string(port), "127.0.0.1:0", "127.0.0.1", "no.such.host.invalid:1",
                               ""});
  EXPECT_TRUE(reservation.held().empty());
  close(other_server);
}

TEST(PortReservation, HoldsSeveralAddressesAndBracketedIpv6Hosts) {
  const int first = FreePort();
  const int second = FreePort();
  PortReservation reservation({"127.0.0.1:" + std::to_string(first), "[::1]:" + std::to_string(second)});
  // ::1 may be absent (IPv6 off): the IPv4 address is held either way.
  ASSERT_GE(reservation.held().size(), 1u);
  EXPECT_EQ(reservation.held()[0], "127.0.0.1:" + std::to_string(first));
  EXPECT_EQ(BindLoopback(first, false), -1);
}

}  // namespace
}  // namespace mailrun::service
