#include "services/common/game_channels.h"

#include <arpa/inet.h>
#include <netdb.h>

#include <algorithm>
#include <stdexcept>

namespace mailrun::service {
namespace {

std::vector<std::string> Split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = text.find(separator, start);
    const std::string part = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!part.empty()) parts.push_back(part);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return parts;
}

bool StartsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// A channel of its own to one pod (its own connection: not shared with the other pods' channels).
std::shared_ptr<grpc::Channel> PodChannel(const std::string& address) {
  grpc::ChannelArguments arguments;
  arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  const std::string target = (address.front() == '[' ? "ipv6:" : "ipv4:") + address;
  return grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), arguments);
}

}  // namespace

std::vector<std::string> ResolveAll(const std::string& host, const std::string& port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), port.c_str(), &hints, &found) != 0) return {};
  std::vector<std::string> addresses;
  for (addrinfo* at = found; at; at = at->ai_next) {
    char text[INET6_ADDRSTRLEN] = {};
    if (at->ai_family == AF_INET) {
      inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(at->ai_addr)->sin_addr, text, sizeof text);
      addresses.push_back(std::string(text) + ":" + port);
    } else if (at->ai_family == AF_INET6) {
      inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6*>(at->ai_addr)->sin6_addr, text, sizeof text);
      addresses.push_back("[" + std::string(text) + "]:" + port);
    }
  }
  freeaddrinfo(found);
  std::sort(addresses.begin(), addresses.end());
  addresses.erase(std::unique(addresses.begin(), addresses.end()), addresses.end());
  return addresses;
}

GameChannels::GameChannels(std::string target, std::chrono::milliseconds refresh)
    : target_(std::move(target)), refresh_(refresh) {
  if (StartsWith(target_, "ipv4:") || StartsWith(target_, "ipv6:")) {
    fixed_ = Split(target_.substr(5), ',');
    if (fixed_.empty()) throw std::invalid_argument("game service address '" + target_ + "' lists no address");
  } else {
    std::string name = target_;
    if (StartsWith(name, "dns:///")) name = name.substr(7);
    else if (StartsWith(name, "dns:")) name = name.substr(4);
    const size_t colon = name.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == name.size()) {
      throw std::invalid_argument("game service address '" + target_ + "' is not host:port");
    }
    host_ = name.substr(0, colon);
    port_ = name.substr(colon + 1);
    if (host_.front() == '[' && host_.back() == ']') host_ = host_.substr(1, host_.size() - 2);
  }
  grpc::ChannelArguments arguments;
  arguments.SetServiceConfigJSON(R"({"loadBalancingConfig": [{"round_robin": {}}]})");
  any_ = grpc::CreateCustomChannel(target_, grpc::InsecureChannelCredentials(), arguments);
}

void GameChannels::RefreshIfDue() {
  const auto now = std::chrono::steady_clock::now();
  if (!ring_.addresses().empty() && now - resolved_at_ < refresh_) return;
  resolved_at_ = now;
  std::vector<std::string> addresses = fixed_.empty() ? ResolveAll(host_, port_) : fixed_;
  if (addresses.empty()) return;  // keep the ring we have; the next call tries again after `refresh`
  std::sort(addresses.begin(), addresses.end());
  if (addresses == ring_.addresses()) return;
  ring_ = GameRing(addresses);
  for (auto it = channels_.begin(); it != channels_.end();) {
    it = std::binary_search(addresses.begin(), addresses.end(), it->first) ? std::next(it) : channels_.erase(it);
  }
}

std::shared_ptr<grpc::Channel> GameChannels::ChannelOf(const std::string& address) {
  auto& channel = channels_[address];
  if (!channel) channel = PodChannel(address);
  return channel;
}

std::shared_ptr<grpc::Channel> GameChannels::For(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  RefreshIfDue();
  const std::vector<std::string> order = ring_.Order(game_id);
  if (order.empty()) return any_;  // nothing resolved yet: gRPC's own resolution may do better
  for (const std::string& address : order) {
    auto channel = ChannelOf(address);
    // GetState(true) starts connecting an idle channel; only a pod known to be failing is passed over.
    if (channel->GetState(true) != GRPC_CHANNEL_TRANSIENT_FAILURE) return channel;
  }
  return ChannelOf(order.front());
}

std::vector<std::string> GameChannels::Addresses() {
  std::lock_guard lock(mutex_);
  RefreshIfDue();
  return ring_.addresses();
}

}  // namespace mailrun::service
