#include "services/lobby/paging.h"

#include <charconv>

namespace mailrun::lobby {
namespace {
constexpr const char* kPrefix = "p1.";
}

std::optional<Page> ParsePage(const mailrun::v1::PageRequest& request) {
  Page page;
  if (request.page_size() < 0) return std::nullopt;
  if (request.page_size() > 0) page.size = request.page_size() > kMaxPageSize ? kMaxPageSize : request.page_size();
  const std::string& token = request.page_token();
  if (token.empty()) return page;
  const std::string prefix = kPrefix;
  if (token.rfind(prefix, 0) != 0 || token.size() == prefix.size() || token.size() > prefix.size() + 19) {
    return std::nullopt;
  }
  const char* begin = token.data() + prefix.size();
  const char* end = token.data() + token.size();
  const auto [rest, error] = std::from_chars(begin, end, page.after);
  if (error != std::errc() || rest != end || page.after <= 0) return std::nullopt;
  return page;
}

std::string PageProblem() {
  return "page: page_token must be a next_page_token from an earlier answer, and page_size 0 to 200";
}

std::string PageToken(int64_t position) { return kPrefix + std::to_string(position); }

}  // namespace mailrun::lobby
