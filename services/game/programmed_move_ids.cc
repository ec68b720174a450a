#include "services/game/programmed_move_ids.h"

#include <fmt/format.h>
#include <sodium.h>

#include <array>

namespace mailrun::game {

std::string ProgrammedRequestId(const std::string& key, const std::string& game_id, int64_t version, int seat) {
  const std::string message = fmt::format("{}/{}/{}", game_id, version, seat);
  std::array<unsigned char, 16> digest{};
  crypto_generichash(digest.data(), digest.size(), reinterpret_cast<const unsigned char*>(message.data()),
                     message.size(), reinterpret_cast<const unsigned char*>(key.data()), key.size());
  std::string id = kProgrammedRequestPrefix;
  for (const unsigned char byte : digest) id += fmt::format("{:02x}", byte);
  return id;
}

}  // namespace mailrun::game
