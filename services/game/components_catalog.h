// ComponentsCatalog: GameService.GetComponents. Each title's and edition's components as data
// (the title's Title::Components, engine/core/title.h) with their content hash ("sha256:" + the
// SHA-256 of their deterministic encoding), built once per process and then served from memory:
// the data is compiled into the engine and never changes while the service runs.
// Thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "mailrun/v1/components.pb.h"

namespace mailrun::game {

class ComponentsCatalog {
 public:
  // INVALID_ARGUMENT for an unknown title or edition, FAILED_PRECONDITION for components not
  // served (yet); `unchanged` without the components when known_hash is the current hash.
  grpc::Status Get(const mailrun::v1::GetComponentsRequest& request, mailrun::v1::GetComponentsResponse* response);

 private:
  struct Entry {
    mailrun::v1::Components components;
    std::string hash;
  };
  std::mutex mutex_;
  std::map<std::pair<int, int>, std::shared_ptr<const Entry>> built_;  // (title, edition)
};

// "sha256:" + 64 hex digits of the components' deterministic encoding.
std::string ComponentsHash(const mailrun::v1::Components& components);

}  // namespace mailrun::game
