// Replay digests (issue 44): every record in tests/fixtures/ (1853 in both editions, 1947, the
// sample game of Appendix 4) replayed through engine::Game as the services replay a log, and a
// SHA-256 of all it produced compared with tests/fixtures/replay_digests.txt. What goes into a
// record's digest: after each action, what it said (log, structured log, what was withheld), the
// seats to act and the turn view; every 5 actions and at the end, the snapshot, the views of the
// omniscient viewer, a spectator and each seat, and each active seat's legal actions; at the end,
// whether the game is over, why, and the standings. Protobuf messages go in serialised
// deterministically (map entries in order).
//
// The file is the proof that moving code changes no byte a game produces. After a change that is
// meant to change what a game produces, write it anew and commit it with that change:
//   MAILRUN_WRITE_REPLAY_DIGESTS=1 build/bin/replay_digest_tests
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "engine/titles/game.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

const std::string kDigestFile = std::string(MAILRUN_FIXTURES_DIR) + "/replay_digests.txt";
constexpr size_t kFullLookEvery = 5;

// SHA-256 over everything added, each piece preceded by its length so that pieces cannot run
// into one another.
class Digest {
 public:
  Digest() : ctx_(EVP_MD_CTX_new(), EVP_MD_CTX_free) { EVP_DigestInit_ex(ctx_.get(), EVP_sha256(), nullptr); }

  void Add(const std::string& bytes) {
    const std::string length = std::to_string(bytes.size()) + ":";
    EVP_DigestUpdate(ctx_.get(), length.data(), length.size());
    EVP_DigestUpdate(ctx_.get(), bytes.data(), bytes.size());
  }
  void Add(const google::protobuf::MessageLite& message) {
    std::string out;
    {
      google::protobuf::io::StringOutputStream stream(&out);
      google::protobuf::io::CodedOutputStream coded(&stream);
      coded.SetSerializationDeterministic(true);
      message.SerializeToCodedStream(&coded);
    }
    Add(out);
  }
  void Add(long long number) { Add(std::to_string(number)); }

  std::string Hex() {
    unsigned char bytes[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    EVP_DigestFinal_ex(ctx_.get(), bytes, &size);
    static const char* kDigits = "0123456789abcdef";
    std::string hex;
    for (unsigned int i = 0; i < size; ++i) {
      hex += kDigits[bytes[i] >> 4];
      hex += kDigits[bytes[i] & 15];
    }
    return hex;
  }

 private:
  std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> ctx_;
};

void AddFullLook(Digest& digest, const engine::Game& game) {
  digest.Add(game.SnapshotJson());
  digest.Add(game.View(kOmniscient));
  digest.Add(game.View(kSpectator));
  for (int seat = 0; seat < game.config().players_size(); ++seat) digest.Add(game.View(seat));
  for (const int seat : game.ActiveSeats()) {
    const auto legal = game.LegalActions(seat);
    digest.Add(static_cast<long long>(legal.size()));
    for (const auto& action : legal) digest.Add(action);
  }
}

// The digest of replaying `record`'s first `count` actions; a refused action fails the test.
std::string ReplayDigest(const GameRecord& record, size_t count) {
  Digest digest;
  digest.Add(record.config);
  auto game = engine::Game::Create(record.config);
  if (!game.ok()) {
    ADD_FAILURE() << game.error().ToString();
    return "";
  }
  AddFullLook(digest, *game);
  const std::span<const mailrun::v1::Action> log(record.actions.data(), count);
  for (size_t i = 0; i < count; ++i) {
    const auto outcome = game->ApplyLogged(log, i);
    if (!outcome.ok()) {
      ADD_FAILURE() << "action " << i + 1 << ": " << outcome.error().ToString();
      return "";
    }
    for (const std::string& line : outcome->log) digest.Add(line);
    for (const auto& said : outcome->structured_log) digest.Add(said);
    digest.Add(outcome->withheld);
    for (const int seat : game->ActiveSeats()) digest.Add(seat);
    digest.Add(game->TurnView());
    if ((i + 1) % kFullLookEvery == 0) AddFullLook(digest, *game);
  }
  AddFullLook(digest, *game);
  digest.Add(game->Finished() ? 1 : 0);
  digest.Add(game->EndReason());
  digest.Add(game->EndReasonStructured());
  for (const FinalStanding& standing : game->Standings()) {
    digest.Add(standing.seat);
    digest.Add(standing.wealth);
    digest.Add(standing.rank);
  }
  return digest.Hex();
}

// Every game record under tests/fixtures/ (a JSON file with "config" and "actions"), by its path
// there, sorted.
std::vector<std::string> Records() {
  std::vector<std::string> records;
  const std::filesystem::path root(MAILRUN_FIXTURES_DIR);
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    const std::string relative = std::filesystem::relative(entry.path(), root).string();
    const auto doc = nlohmann::json::parse(ReadFixture(relative), nullptr, false);
    if (doc.is_object() && doc.contains("config") && doc.contains("actions")) records.push_back(relative);
  }
  std::sort(records.begin(), records.end());
  return records;
}

// replay_digests.txt: "<record> <actions> <sha-256>" a line; '#' starts a comment line.
std::map<std::string, std::string> GoldenDigests() {
  std::map<std::string, std::string> golden;
  std::ifstream in(kDigestFile);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string record, actions, digest;
    fields >> record >> actions >> digest;
    golden[record] = actions + " " + digest;
  }
  return golden;
}

TEST(ReplayDigest, EveryRecordReplaysToItsGoldenDigest) {
  const std::vector<std::string> records = Records();
  ASSERT_GE(records.size(), 11u) << "the 1853 games of both editions, the 1947 games and the sample game";
  std::map<std::string, std::string> now;
  for (const std::string& name : records) {
    const GameRecord record = LoadRecord(name);
    now[name] = std::to_string(record.actions.size()) + " " + ReplayDigest(record, record.actions.size());
  }
  if (std::getenv("MAILRUN_WRITE_REPLAY_DIGESTS") != nullptr) {
    std::ofstream out(kDigestFile);
    out << "# What replaying each record in tests/fixtures/ produces (tests/unit/engine/replay_digest_test.cc):\n"
        << "# record, actions, SHA-256. Written by MAILRUN_WRITE_REPLAY_DIGESTS=1 replay_digest_tests.\n";
    for (const auto& [name, digest] : now) out << name << " " << digest << "\n";
    GTEST_SKIP() << "wrote " << kDigestFile;
  }
  const auto golden = GoldenDigests();
  for (const auto& [name, digest] : now) {
    ASSERT_TRUE(golden.contains(name)) << name << " has no digest in " << kDigestFile;
    EXPECT_EQ(digest, golden.at(name)) << name << " replays to other bytes than recorded";
  }
  EXPECT_EQ(golden.size(), now.size()) << kDigestFile << " names a record that is gone";
}

// The digest sees a change: one action fewer gives another digest, while replaying the same
// actions twice gives the same.
TEST(ReplayDigest, TellsDifferentReplaysApart) {
  for (const std::string name : {"games/bot-game-3p.json", "games-1947/t1947-3p.json"}) {
    SCOPED_TRACE(name);
    const GameRecord record = LoadRecord(name);
    const size_t count = std::min<size_t>(record.actions.size(), 60);
    const std::string digest = ReplayDigest(record, count);
    EXPECT_EQ(digest.size(), 64u);
    EXPECT_EQ(ReplayDigest(record, count), digest);
    EXPECT_NE(ReplayDigest(record, count - 1), digest);
  }
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
