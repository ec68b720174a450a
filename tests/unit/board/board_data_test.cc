#include <gtest/gtest.h>

#include "engine/data/edition_data.h"

namespace mailrun::engine {
namespace {

TEST(BoardData, Loads) {
  auto data = LoadEdition(mailrun::v1::EDITION_RETUNED);
  ASSERT_TRUE(data.ok()) << data.error().message;
}

}  // namespace
}  // namespace mailrun::engine
