#include "services/game/components_catalog.h"

#include <sodium.h>

#include "engine/titles/registry.h"
#include "services/common/refusal_details.h"
#include "services/common/request_fingerprint.h"
#include "services/game/game_status.h"

namespace mailrun::game {

std::string ComponentsHash(const mailrun::v1::Components& components) {
  const std::string digest = mailrun::service::RequestFingerprint(components);
  std::string hex(2 * digest.size() + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), reinterpret_cast<const unsigned char*>(digest.data()), digest.size());
  hex.pop_back();
  return "sha256:" + hex;
}

namespace {

bool WellFormedHash(const std::string& hash) {
  constexpr std::string_view kPrefix = "sha256:";
  if (hash.size() != kPrefix.size() + 64 || hash.compare(0, kPrefix.size(), kPrefix) != 0) return false;
  return hash.find_first_not_of("0123456789abcdef", kPrefix.size()) == std::string::npos;
}

}  // namespace

grpc::Status ComponentsCatalog::Get(const mailrun::v1::GetComponentsRequest& request,
                                    mailrun::v1::GetComponentsResponse* response) {
  if (!request.known_hash().empty() && !WellFormedHash(request.known_hash())) {
    return Invalid("known_hash must be empty or a content_hash this service gave (\"sha256:\" and 64 hex digits)");
  }
  if (!mailrun::v1::Title_IsValid(request.title())) {
    return InvalidField("title", "title " + std::to_string(request.title()) + " is unknown",
                        {service::CountValue("title", request.title())});
  }
  const auto title = mailrun::engine::FindTitle(request.title());
  if (!title.ok()) return Invalid(title.error().message);
  if (auto setup = (*title)->CheckSetup(request.edition(), {}); !setup.ok()) return EngineErrorStatus(setup.error());
  const std::pair<int, int> key{(*title)->id(), (*title)->EffectiveEdition(request.edition())};
  std::shared_ptr<const Entry> entry;
  {
    std::lock_guard lock(mutex_);
    if (auto found = built_.find(key); found != built_.end()) entry = found->second;
  }
  if (!entry) {
    auto components = (*title)->Components(request.edition());
    if (!components.ok()) return EngineErrorStatus(components.error());
    auto built = std::make_shared<Entry>();
    built->hash = ComponentsHash(*components);
    built->components = std::move(*components);
    std::lock_guard lock(mutex_);
    entry = built_.emplace(key, std::move(built)).first->second;
  }
  response->Clear();
  response->set_content_hash(entry->hash);
  if (request.known_hash() == entry->hash) {
    response->set_unchanged(true);
    return grpc::Status::OK;
  }
  *response->mutable_components() = entry->components;
  return grpc::Status::OK;
}

}  // namespace mailrun::game
