#include "services/notification/egress_http.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstring>
#include <memory>
#include <mutex>

namespace mailrun::notification {
namespace {

constexpr size_t kMaxAnswerBody = 4096;

void GlobalInit() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

bool V4Allowed(uint32_t a, const EgressRules& rules) {  // host byte order
  const auto in = [a](uint32_t net, int bits) { return (a >> (32 - bits)) == (net >> (32 - bits)); };
  if (in(0x7f000000, 8)) return rules.allow_loopback || rules.allow_private;  // 127.0.0.0/8
  if (rules.allow_private) return true;
  return !(in(0x00000000, 8) ||   // "this network", 0.0.0.0
           in(0x0a000000, 8) ||   // 10/8
           in(0xac100000, 12) ||  // 172.16/12
           in(0xc0a80000, 16) ||  // 192.168/16
           in(0xa9fe0000, 16) ||  // 169.254/16 link-local (cloud metadata)
           in(0x64400000, 10) ||  // 100.64/10 carrier-grade NAT
           in(0xc0000000, 24) ||  // 192.0.0/24 protocol assignments
           in(0xc6120000, 15) ||  // 198.18/15 benchmarking
           in(0xe0000000, 4) ||   // multicast
           in(0xf0000000, 4));    // reserved, broadcast
}

bool V6Allowed(const unsigned char* b, const EgressRules& rules) {
  static const unsigned char kLoopback[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
  static const unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  if (std::memcmp(b, kMapped, 12) == 0) {
    return V4Allowed((uint32_t(b[12]) << 24) | (uint32_t(b[13]) << 16) | (uint32_t(b[14]) << 8) | b[15], rules);
  }
  if (std::memcmp(b, kLoopback, 16) == 0) return rules.allow_loopback || rules.allow_private;
  if (rules.allow_private) return true;
  static const unsigned char kZero[16] = {0};
  return !(std::memcmp(b, kZero, 16) == 0 ||      // unspecified
           (b[0] & 0xfe) == 0xfc ||               // fc00::/7 unique local
           (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) ||  // fe80::/10 link-local
           b[0] == 0xff ||                        // multicast
           (b[0] == 0 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b));  // 64:ff9b::/96 NAT64
}

struct Call {
  const EgressRules* rules;
  std::string refused_address;
  std::string body;
  std::optional<int64_t> retry_after;
};

curl_socket_t OpenSocket(void* data, curlsocktype purpose, curl_sockaddr* address) {
  auto* call = static_cast<Call*>(data);
  char text[INET6_ADDRSTRLEN] = {0};
  bool allowed = false;
  if (purpose == CURLSOCKTYPE_IPCXN && address->family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(&address->addr);
    inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
    allowed = V4Allowed(ntohl(in->sin_addr.s_addr), *call->rules);
  } else if (purpose == CURLSOCKTYPE_IPCXN && address->family == AF_INET6) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(&address->addr);
    inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof text);
    allowed = V6Allowed(in6->sin6_addr.s6_addr, *call->rules);
  }
  if (!allowed) {
    call->refused_address = text[0] ? text : "a non-IP address";
    return CURL_SOCKET_BAD;
  }
  return socket(address->family, address->socktype, address->protocol);
}

size_t WriteBody(char* data, size_t size, size_t count, void* user) {
  auto* call = static_cast<Call*>(user);
  const size_t n = size * count;
  if (call->body.size() < kMaxAnswerBody) call->body.append(data, std::min(n, kMaxAnswerBody - call->body.size()));
  return n;
}

size_t ReadHeader(char* data, size_t size, size_t count, void* user) {
  auto* call = static_cast<Call*>(user);
  const size_t n = size * count;
  std::string line(data, n);
  static const std::string kName = "retry-after:";
  if (line.size() > kName.size() && strncasecmp(line.c_str(), kName.c_str(), kName.size()) == 0) {
    std::string value = line.substr(kName.size());
    value.erase(0, value.find_first_not_of(" \t"));
    value.erase(value.find_last_not_of(" \t\r\n") + 1);
    if (!value.empty() && value.find_first_not_of("0123456789") == std::string::npos && value.size() < 10) {
      call->retry_after = std::stoll(value);
    } else if (const time_t when = curl_getdate(value.c_str(), nullptr); when > 0) {
      call->retry_after = std::max<int64_t>(0, when - time(nullptr));
    }
  }
  return n;
}

}  // namespace

std::string EgressUrlProblem(const std::string& url, const EgressRules& rules) {
  if (url.rfind("https://", 0) == 0) return "";
  if (url.rfind("http://", 0) == 0) {
    if (rules.allow_loopback || rules.allow_private) return "";  // the address check still applies
    return "only https:// URLs are allowed";
  }
  return "the URL must start with https://";
}

bool EgressAddressAllowed(const std::string& address, const EgressRules& rules) {
  in_addr v4;
  in6_addr v6;
  if (inet_pton(AF_INET, address.c_str(), &v4) == 1) return V4Allowed(ntohl(v4.s_addr), rules);
  if (inet_pton(AF_INET6, address.c_str(), &v6) == 1) return V6Allowed(v6.s6_addr, rules);
  return false;
}

EgressAnswer EgressPost(const EgressRequest& request, const EgressRules& rules) {
  EgressAnswer answer;
  if (std::string problem = EgressUrlProblem(request.url, rules); !problem.empty()) {
    answer.refused = true;
    answer.error = "refused by the egress rules: " + problem;
    return answer;
  }
  GlobalInit();
  std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) {
    answer.error = "libcurl could not start a request";
    return answer;
  }
  Call call{&rules, "", "", std::nullopt};
  curl_slist* headers = nullptr;
  for (const auto& header : request.headers) headers = curl_slist_append(headers, header.c_str());
  headers = curl_slist_append(headers, "Expect:");  // no 100-continue round trip
  std::unique_ptr<curl_slist, void (*)(curl_slist*)> header_list(headers, curl_slist_free_all);
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, (rules.allow_loopback || rules.allow_private) ? "http,https" : "https");
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(c, CURLOPT_PROXY, "");  // never a proxy from the environment
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(request.timeout.count()));
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(request.timeout.count()));
  curl_easy_setopt(c, CURLOPT_POST, 1L);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, request.body.data());
  curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, static_cast<long>(request.body.size()));
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, OpenSocket);
  curl_easy_setopt(c, CURLOPT_OPENSOCKETDATA, &call);
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, WriteBody);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &call);
  curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, ReadHeader);
  curl_easy_setopt(c, CURLOPT_HEADERDATA, &call);
  const CURLcode code = curl_easy_perform(c);
  if (!call.refused_address.empty()) {
    answer.refused = true;
    answer.error = "refused by the egress rules: the host resolves to " + call.refused_address +
                   " (loopback, private or link-local)";
    return answer;
  }
  if (code != CURLE_OK) {
    answer.error = curl_easy_strerror(code);
    return answer;
  }
  long status = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  answer.status = static_cast<int>(status);
  answer.retry_after_seconds = call.retry_after;
  answer.body = std::move(call.body);
  return answer;
}

}  // namespace mailrun::notification
