// EgressHttp: one HTTP POST from the notification service to an address a user gave it (a Web
// Push subscription's endpoint, a webhook URL), through libcurl. Because the address comes from a
// user, the request is fenced: https only (http only to loopback where the operator allows it,
// for tests and `make run`), no redirects followed, no proxy from the environment, a short
// timeout, and the address libcurl is about to connect to is checked at connect time (after DNS,
// so a name that resolves to the cluster is refused as well): loopback, private, link-local,
// carrier-grade NAT, multicast and unspecified addresses are refused unless the operator allows
// them (no request forgery into the cluster).
// Thread-safe: each call has its own libcurl handle.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace mailrun::notification {

struct EgressRules {
  bool allow_loopback = false;  // http:// and 127.0.0.0/8, ::1 (tests, `make run`)
  bool allow_private = false;   // every address (an operator whose receivers sit in private ranges)
};

struct EgressRequest {
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  std::string body;
  std::chrono::milliseconds timeout{5000};
};

struct EgressAnswer {
  int status = 0;                 // 0: no HTTP answer (see error)
  std::string error;              // why there was no answer; never carries the URL's secrets
  bool refused = false;           // the egress rules refused the URL or the address (permanent)
  std::optional<int64_t> retry_after_seconds;  // Retry-After, in seconds or as an HTTP date
  std::string body;               // at most 4 KiB of the answer
};

// Why `url` is refused by `rules` before any connection (scheme, form), or "" when it may be tried.
std::string EgressUrlProblem(const std::string& url, const EgressRules& rules);

// True when `rules` let a connection to this numeric address (IPv4 or IPv6 text) be made.
bool EgressAddressAllowed(const std::string& address, const EgressRules& rules);

EgressAnswer EgressPost(const EgressRequest& request, const EgressRules& rules);

}  // namespace mailrun::notification
