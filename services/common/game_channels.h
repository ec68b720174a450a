// GameChannels: the lobby's (and the benchmarks') channels to the game service, one per game pod,
// chosen by game id on a GameRing (game_ring.h), so that a game's calls reach the pod that caches
// it. gRPC C++ 1.51 cannot do this itself: its ring_hash_experimental policy hashes only what the
// xDS resolver attaches to a call (no request header can be named without xDS; gRFC A76 added that
// much later), so the ring and the resolution are ours, with gRPC's own channels per pod.
//
// `target` is what a gRPC channel takes: "host:port" or "dns:///host:port" (resolved with
// getaddrinfo to every address of the name, as a headless Service of the chart gives one per pod;
// resolved again when `refresh` has passed, by the call that notices), or a fixed list
// "ipv4:ADDR:PORT,ADDR:PORT" / "ipv6:[ADDR]:PORT,..." (tests, benchmarks). A call goes to the
// game's owner unless that pod's channel is in TRANSIENT_FAILURE; then to the next pod on the ring
// (as gRPC's ring_hash does), so a pod that went away costs its games one cache miss each, not an
// error. Calls without a game (CreateGame) use Any(): round-robin over the whole target.
//
// Thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "services/common/game_ring.h"

namespace mailrun::service {

class GameChannels {
 public:
  // Throws std::invalid_argument for a target it cannot read. Resolves nothing yet.
  explicit GameChannels(std::string target, std::chrono::milliseconds refresh = std::chrono::seconds(5));

  // The channel of the pod that owns `game_id` (or the next one up, see above).
  std::shared_ptr<grpc::Channel> For(const std::string& game_id);
  // Round-robin over every pod of the target.
  std::shared_ptr<grpc::Channel> Any() const { return any_; }

  // The addresses of the current ring (resolving first if due).
  std::vector<std::string> Addresses();

 private:
  void RefreshIfDue();  // under mutex_
  std::shared_ptr<grpc::Channel> ChannelOf(const std::string& address);  // under mutex_

  const std::string target_;
  const std::chrono::milliseconds refresh_;
  std::vector<std::string> fixed_;  // the addresses of an "ipv4:"/"ipv6:" list
  std::string host_, port_;         // a name to resolve otherwise
  std::shared_ptr<grpc::Channel> any_;

  std::mutex mutex_;
  std::chrono::steady_clock::time_point resolved_at_{};
  GameRing ring_{{}};
  std::map<std::string, std::shared_ptr<grpc::Channel>> channels_;  // by address
};

// Every address of `host` (IPv4 "a.b.c.d:port", IPv6 "[a::b]:port"), sorted; empty when it does
// not resolve.
std::vector<std::string> ResolveAll(const std::string& host, const std::string& port);

}  // namespace mailrun::service
