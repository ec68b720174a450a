#include "services/common/redis.h"

#include <hiredis/hiredis.h>
#include <poll.h>
#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstdlib>
#include <stdexcept>
#include <tuple>

#include "services/common/backoff.h"

namespace mailrun::service {
namespace {

timeval ToTimeval(std::chrono::milliseconds ms) {
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(ms.count() / 1000);
  tv.tv_usec = static_cast<suseconds_t>((ms.count() % 1000) * 1000);
  return tv;
}

struct ReplyDeleter {
  void operator()(redisReply* reply) const { freeReplyObject(reply); }
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;

std::string ContextError(const redisContext* context) {
  if (context == nullptr) return "cannot allocate a Redis context";
  return context->errstr[0] != '\0' ? std::string(context->errstr) : "connection lost";
}

// Connects to host:port and authenticates. Returns nullptr with *error set on failure.
// `what` names the server in errors ("Redis", "Redis Sentinel"). A Sentinel without a password
// of its own answers AUTH with an error that is no refusal: `lenient_auth` lets that pass.
redisContext* ConnectTo(const std::string& host, int port, const std::string& password, const char* what,
                        bool lenient_auth, std::chrono::milliseconds timeout, std::string* error) {
  redisContext* context = redisConnectWithTimeout(host.c_str(), port, ToTimeval(timeout));
  if (context == nullptr || context->err) {
    *error = std::string("cannot connect to ") + what + " at " + host + ":" + std::to_string(port) + ": " +
             ContextError(context);
    if (context) redisFree(context);
    return nullptr;
  }
  redisSetTimeout(context, ToTimeval(timeout));
  redisEnableKeepAlive(context);
  if (!password.empty()) {
    Reply reply(static_cast<redisReply*>(redisCommand(context, "AUTH %b", password.data(), password.size())));
    const bool unasked = lenient_auth && reply && reply->type == REDIS_REPLY_ERROR &&
                         std::string(reply->str, reply->len).find("without any password configured") != std::string::npos;
    if (!reply || (reply->type == REDIS_REPLY_ERROR && !unasked)) {
      *error = std::string(what) + " refused the password";  // never the password itself
      redisFree(context);
      return nullptr;
    }
  }
  return context;
}

// Asks the Sentinels, in turn, where the primary named `endpoint.master_name` is.
bool AskSentinels(const RedisEndpoint& endpoint, std::chrono::milliseconds timeout, std::string* host, int* port,
                  std::string* error) {
  std::string errors;
  for (const auto& [sentinel_host, sentinel_port] : endpoint.sentinels) {
    std::string failure;
    redisContext* sentinel =
        ConnectTo(sentinel_host, sentinel_port, endpoint.password, "Redis Sentinel", true, timeout, &failure);
    if (sentinel != nullptr) {
      Reply reply(static_cast<redisReply*>(redisCommand(sentinel, "SENTINEL get-master-addr-by-name %b",
                                                        endpoint.master_name.data(), endpoint.master_name.size())));
      if (reply && reply->type == REDIS_REPLY_ARRAY && reply->elements == 2 && reply->element[0]->str &&
          reply->element[1]->str) {
        *host = std::string(reply->element[0]->str, reply->element[0]->len);
        *port = std::atoi(reply->element[1]->str);
        redisFree(sentinel);
        return true;
      }
      failure = "Redis Sentinel at " + sentinel_host + ":" + std::to_string(sentinel_port) + " knows no master '" +
                endpoint.master_name + "'" + (reply && reply->type == REDIS_REPLY_ERROR ? ": " + std::string(reply->str) : "");
      redisFree(sentinel);
    }
    errors += (errors.empty() ? "" : "; ") + failure;
  }
  *error = "no Redis Sentinel named the primary: " + errors;
  return false;
}

// Connects to the Redis of `endpoint` (the primary, under Sentinel) and authenticates. Returns
// nullptr with *error set on failure.
redisContext* Connect(const RedisEndpoint& endpoint, std::chrono::milliseconds timeout, std::string* error) {
  if (endpoint.sentinels.empty()) {
    return ConnectTo(endpoint.host, endpoint.port, endpoint.password, "Redis", false, timeout, error);
  }
  std::string host;
  int port = 0;
  if (!AskSentinels(endpoint, timeout, &host, &port, error)) return nullptr;
  redisContext* context = ConnectTo(host, port, endpoint.password, "Redis", false, timeout, error);
  if (context == nullptr) return nullptr;
  // Right after a failover a Sentinel may still name the old primary, now a replica.
  Reply role(static_cast<redisReply*>(redisCommand(context, "ROLE")));
  if (!role || role->type != REDIS_REPLY_ARRAY || role->elements == 0 || role->element[0]->str == nullptr ||
      std::string(role->element[0]->str, role->element[0]->len) != "master") {
    *error = "Redis at " + host + ":" + std::to_string(port) + ", named by Sentinel, is not the primary (yet)";
    redisFree(context);
    return nullptr;
  }
  return context;
}

bool Flush(redisContext* context) {
  int done = 0;
  while (!done) {
    if (redisBufferWrite(context, &done) != REDIS_OK) return false;
  }
  return true;
}

std::string Element(const redisReply* reply, size_t i) {
  if (i >= reply->elements || reply->element[i]->str == nullptr) return {};
  return std::string(reply->element[i]->str, reply->element[i]->len);
}

}  // namespace

std::string RedisEndpoint::Describe() const {
  return sentinels.empty() ? host + ":" + std::to_string(port) : "Sentinel master " + master_name;
}

namespace {

// "host[:port]" with `default_port`; `shown` is the URL without its password, for errors.
std::pair<std::string, int> ParseHostPort(std::string text, int default_port, const std::string& shown) {
  int port = default_port;
  const auto colon = text.rfind(':');
  if (colon != std::string::npos) {
    const std::string digits = text.substr(colon + 1);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 5 ||
        std::stoi(digits) == 0 || std::stoi(digits) > 65535) {
      throw std::invalid_argument("Redis URL port '" + digits + "' must be a number from 1 to 65535");
    }
    port = std::stoi(digits);
    text = text.substr(0, colon);
  }
  if (text.empty()) throw std::invalid_argument("Redis URL '" + shown + "' has no host");
  return {text, port};
}

// Under Sentinel, `rest` is "host[:port][,host[:port]...][/master]".
void ParseSentinels(std::string rest, const std::string& shown, RedisEndpoint& endpoint) {
  endpoint.master_name = "mailrun";
  const auto slash = rest.find('/');
  if (slash != std::string::npos) {
    if (slash + 1 < rest.size()) endpoint.master_name = rest.substr(slash + 1);
    rest = rest.substr(0, slash);
  }
  size_t start = 0;
  while (start <= rest.size()) {
    const auto comma = rest.find(',', start);
    const std::string one = rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    endpoint.sentinels.push_back(ParseHostPort(one, 26379, shown));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
}

}  // namespace

RedisEndpoint ParseRedisUrl(const std::string& url) {
  const bool sentinel = url.rfind("redis+sentinel://", 0) == 0;
  const std::string scheme = sentinel ? "redis+sentinel://" : "redis://";
  // Messages quote the URL without its password.
  const auto at_sign = url.rfind('@');
  const std::string shown = at_sign == std::string::npos ? url : scheme + "***@" + url.substr(at_sign + 1);
  if (url.rfind(scheme, 0) != 0) {
    throw std::invalid_argument("a Redis URL must start with redis:// (or redis+sentinel:// for Sentinel)");
  }
  std::string rest = url.substr(scheme.size());
  RedisEndpoint endpoint;
  const auto at = rest.rfind('@');
  if (at != std::string::npos) {
    const std::string userinfo = rest.substr(0, at);
    const auto colon = userinfo.find(':');
    endpoint.password = colon == std::string::npos ? userinfo : userinfo.substr(colon + 1);
    rest = rest.substr(at + 1);
  }
  if (sentinel) {
    ParseSentinels(rest, shown, endpoint);
    return endpoint;
  }
  const auto slash = rest.find('/');
  if (slash != std::string::npos) {
    const std::string db = rest.substr(slash + 1);
    rest = rest.substr(0, slash);
    if (!db.empty()) {
      if (db.find_first_not_of("0123456789") != std::string::npos || db.size() > 6) {
        throw std::invalid_argument("Redis URL database '" + db + "' must be a number");
      }
      endpoint.database = std::stoi(db);
    }
  }
  std::tie(endpoint.host, endpoint.port) = ParseHostPort(rest, 6379, shown);
  return endpoint;
}

RedisPublisher::RedisPublisher(RedisEndpoint endpoint, std::chrono::milliseconds timeout)
    : endpoint_(std::move(endpoint)), timeout_(timeout) {}

RedisPublisher::~RedisPublisher() { Disconnect(); }

void RedisPublisher::Disconnect() {
  if (context_) redisFree(context_);
  context_ = nullptr;
}

bool RedisPublisher::EnsureConnected(std::string* error) {
  if (context_ && !context_->err) return true;
  Disconnect();
  context_ = Connect(endpoint_, timeout_, error);
  return context_ != nullptr;
}

namespace {

// Takes a command's raw reply into *reply: false with *error when there was none (the connection
// failed: *lost) or Redis refused the command.
bool Accept(redisContext* context, void* raw, const char* what, Reply* reply, std::string* error, bool* lost) {
  reply->reset(static_cast<redisReply*>(raw));
  *lost = !*reply;
  if (*lost) {
    *error = std::string("Redis ") + what + " failed: " + ContextError(context);
    return false;
  }
  if ((*reply)->type == REDIS_REPLY_ERROR) {
    *error = std::string("Redis ") + what + " refused: " + std::string((*reply)->str, (*reply)->len);
    return false;
  }
  return true;
}

}  // namespace

bool RedisPublisher::Publish(const std::string& channel, const std::string& message, std::string* error) {
  std::string ignored;
  if (error == nullptr) error = &ignored;
  if (!EnsureConnected(error)) return false;
  Reply reply;
  bool lost = false;
  if (!Accept(context_,
              redisCommand(context_, "PUBLISH %b %b", channel.data(), channel.size(), message.data(), message.size()),
              "PUBLISH", &reply, error, &lost)) {
    if (lost) Disconnect();
    return false;
  }
  return true;
}

bool RedisPublisher::Claim(const std::string& key, std::chrono::milliseconds ttl, bool* claimed, std::string* error) {
  std::string ignored;
  if (error == nullptr) error = &ignored;
  if (!EnsureConnected(error)) return false;
  Reply reply;
  bool lost = false;
  if (!Accept(context_,
              redisCommand(context_, "SET %b 1 NX PX %lld", key.data(), key.size(), static_cast<long long>(ttl.count())),
              "SET", &reply, error, &lost)) {
    if (lost) Disconnect();
    return false;
  }
  *claimed = reply->type == REDIS_REPLY_STATUS;  // "OK"; a nil reply: the key was there
  return true;
}

bool RedisPublisher::Command(const std::vector<std::string>& words, long long* integer, std::string* error) {
  std::string ignored;
  if (error == nullptr) error = &ignored;
  if (words.empty()) {
    *error = "Redis command without words";
    return false;
  }
  if (!EnsureConnected(error)) return false;
  std::vector<const char*> argv;
  std::vector<size_t> lengths;
  for (const auto& word : words) {
    argv.push_back(word.data());
    lengths.push_back(word.size());
  }
  Reply reply;
  bool lost = false;
  if (!Accept(context_, redisCommandArgv(context_, static_cast<int>(argv.size()), argv.data(), lengths.data()),
              words.front().c_str(), &reply, error, &lost)) {
    if (lost) Disconnect();
    return false;
  }
  if (integer != nullptr) *integer = reply->type == REDIS_REPLY_INTEGER ? reply->integer : 0;
  return true;
}

RedisSubscriber::RedisSubscriber(Options options, MessageHandler on_message, SubscribedHandler on_subscribed)
    : options_(std::move(options)), on_message_(std::move(on_message)), on_subscribed_(std::move(on_subscribed)) {
  if (options_.channels.empty()) throw std::invalid_argument("a Redis subscriber needs at least one channel");
}

RedisSubscriber::~RedisSubscriber() { Stop(); }

void RedisSubscriber::Start() {
  worker_.Start([this] { Run(); });
}

void RedisSubscriber::Stop() { worker_.Stop(); }

void RedisSubscriber::Run() {
  ExponentialBackoff backoff(options_.min_backoff, options_.max_backoff);
  bool first = true;
  auto last_healthy = std::chrono::steady_clock::now();
  while (!worker_.stopping()) {
    const auto before = last_healthy;
    Session(first, &last_healthy);
    subscribed_ = false;
    if (worker_.stopping()) break;
    if (last_healthy != before) {
      first = false;  // that session subscribed: the next one is a re-subscription
      backoff.Reset();
    }
    if (!worker_.WaitFor(backoff.Next())) break;
  }
}

void RedisSubscriber::Session(bool first, std::chrono::steady_clock::time_point* last_healthy) {
  std::string error;
  redisContext* raw = Connect(options_.endpoint, options_.connect_timeout, &error);
  if (raw == nullptr) {
    spdlog::warn("Redis subscriber: {}", error);
    return;
  }
  std::unique_ptr<redisContext, decltype(&redisFree)> context(raw, &redisFree);
  std::vector<const char*> argv = {"SUBSCRIBE"};
  std::vector<size_t> lengths = {9};
  for (const auto& channel : options_.channels) {
    argv.push_back(channel.data());
    lengths.push_back(channel.size());
  }
  if (redisAppendCommandArgv(context.get(), static_cast<int>(argv.size()), argv.data(), lengths.data()) != REDIS_OK ||
      !Flush(context.get())) {
    spdlog::warn("Redis subscriber: SUBSCRIBE failed: {}", ContextError(context.get()));
    return;
  }
  size_t confirmed = 0;
  auto last_traffic = std::chrono::steady_clock::now();
  bool ping_outstanding = false;
  const auto previous_healthy = *last_healthy;
  while (!worker_.stopping()) {
    void* reply_raw = nullptr;
    if (redisGetReplyFromReader(context.get(), &reply_raw) != REDIS_OK) {
      spdlog::warn("Redis subscriber: protocol error: {}", ContextError(context.get()));
      return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (reply_raw != nullptr) {
      Reply reply(static_cast<redisReply*>(reply_raw));
      last_traffic = now;
      ping_outstanding = false;
      if (subscribed_) *last_healthy = now;
      if (reply->type != REDIS_REPLY_ARRAY || reply->elements < 2) continue;
      const std::string kind = Element(reply.get(), 0);
      if (kind == "message" && reply->elements >= 3) {
        try {
          on_message_(Element(reply.get(), 1), Element(reply.get(), 2));
        } catch (const std::exception& e) {
          spdlog::error("Redis subscriber: message handler failed: {}", e.what());
        }
      } else if (kind == "subscribe" && ++confirmed == options_.channels.size()) {
        spdlog::info("Redis subscriber: subscribed to {} channel(s) at {}", confirmed, options_.endpoint.Describe());
        try {
          if (on_subscribed_) on_subscribed_(Resubscribed{first, previous_healthy});
        } catch (const std::exception& e) {
          // The subscriber's owner could not get ready (say, catch up): subscribe again later.
          spdlog::warn("Redis subscriber: dropping the subscription: {}", e.what());
          return;
        }
        subscribed_ = true;
        *last_healthy = std::chrono::steady_clock::now();
      }
      continue;
    }
    pollfd fd{context->fd, POLLIN, 0};
    const int ready = poll(&fd, 1, 200);
    if (ready < 0 && errno != EINTR) {
      spdlog::warn("Redis subscriber: poll failed");
      return;
    }
    if (ready == 0) {
      if (ping_outstanding && now - last_traffic > 2 * options_.ping_interval) {
        spdlog::warn("Redis subscriber: no answer to PING, reconnecting");
        return;
      }
      if (!ping_outstanding && now - last_traffic > options_.ping_interval) {
        const char* ping[] = {"PING"};
        const size_t ping_len[] = {4};
        if (redisAppendCommandArgv(context.get(), 1, ping, ping_len) != REDIS_OK || !Flush(context.get())) {
          spdlog::warn("Redis subscriber: connection lost: {}", ContextError(context.get()));
          return;
        }
        ping_outstanding = true;
      }
      continue;
    }
    if (ready > 0 && redisBufferRead(context.get()) != REDIS_OK) {
      spdlog::warn("Redis subscriber: connection lost: {}", ContextError(context.get()));
      return;
    }
  }
}

}  // namespace mailrun::service
