// PortReservation: a service's listen addresses held from the start of main() until its servers
// bind them. Linux gives an outgoing connection a local port from 32768-60999, a range that holds
// the default ports (50151-50163); a connection made while a service starts (to PostgreSQL, Redis,
// another service) could take the port it is about to listen on, and the service would then fail
// to start. The kernel never gives out a port that a socket is bound to, so each address is bound,
// without listening, until the server takes it (RunServer releases the reservation just before).
#pragma once

#include <string>
#include <vector>

namespace mailrun::service {

class PortReservation {
 public:
  // Binds a socket to each "host:port" with a port other than 0 (port 0 picks a free port at
  // listen time: nothing to hold). An address that cannot be bound is not held and not an error:
  // the server's own bind reports it, with its reason.
  explicit PortReservation(const std::vector<std::string>& listen);
  ~PortReservation();
  PortReservation(const PortReservation&) = delete;
  PortReservation& operator=(const PortReservation&) = delete;

  // The addresses held now ("host:port", as given).
  const std::vector<std::string>& held() const { return held_; }
  // Lets every address go (idempotent).
  void Release();

 private:
  std::vector<int> sockets_;
  std::vector<std::string> held_;
};

}  // namespace mailrun::service
