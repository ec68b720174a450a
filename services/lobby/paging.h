// Paging of the lobby's lists (common.proto PageRequest/PageInfo). The page token is opaque to
// clients; inside it is the position after which the next page starts (a sequence number or a
// row number, depending on the list). Pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "mailrun/v1/common.pb.h"

namespace mailrun::lobby {

constexpr int kDefaultPageSize = 50;
constexpr int kMaxPageSize = 200;

struct Page {
  int size = kDefaultPageSize;  // 1..200
  int64_t after = 0;            // 0: from the start
};

// Reads a PageRequest. nullopt when the token is not one this service issued (or the size is
// negative): the caller answers INVALID_ARGUMENT with PageProblem().
std::optional<Page> ParsePage(const mailrun::v1::PageRequest& request);
std::string PageProblem();

// The token that continues after `position`.
std::string PageToken(int64_t position);

}  // namespace mailrun::lobby
