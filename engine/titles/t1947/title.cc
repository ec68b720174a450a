#include "engine/titles/t1947/title.h"

#include "engine/core/texts.h"

namespace mailrun::engine::t1947 {
namespace {

using mailrun::v1::Edition;

Error NotYet() { return Unavailable("1947 cannot be played yet: its rules are not in the engine"); }

class Title1947Impl final : public Title {
 public:
  mailrun::v1::Title id() const override { return mailrun::v1::TITLE_1947; }
  std::string name() const override { return "1947"; }
  int min_players() const override { return 3; }  // 1947 rules 1: 3 to 6 players
  int max_players() const override { return 6; }
  std::vector<EditionInfo> editions() const override {
    // The map is a reconstruction (issue 17: no printed map is available).
    return {EditionInfo{mailrun::v1::EDITION_UNSPECIFIED, "1947", false, true}};
  }
  // 1947 counts in rupees, written "Rs. 100" (1947 rules, 2: Notation).
  std::string Money(int64_t amount) const override { return FormatMoney(amount, "Rs. "); }
  Edition EffectiveEdition(Edition edition) const override { return edition; }

  // 1947 has one edition and none of 1853's options.
  Status CheckSetup(Edition edition, const mailrun::v1::GameOptions& options) const override {
    if (edition != mailrun::v1::EDITION_UNSPECIFIED) {
      return Malformed("1947 has one edition: leave edition unspecified (the editions are 1853's)");
    }
    if (options.ByteSizeLong() != 0) return Malformed("options are 1853's optional rules (2.4); 1947 has none of them");
    return OkStatus();
  }
  Status CheckPlayable(Edition /*edition*/) const override { return NotYet(); }
  Result<std::unique_ptr<TitleGame>> Create(const mailrun::v1::GameConfig& /*config*/) const override { return NotYet(); }
  Result<std::unique_ptr<TitleGame>> FromSnapshot(const mailrun::v1::GameConfig& /*config*/,
                                                  const std::string& /*json*/) const override {
    return NotYet();
  }
  Result<std::string> RenderBoardSvg(Edition /*edition*/, const BoardOverlay& /*overlay*/) const override {
    return NotYet();
  }
  std::string PlaceName(Edition /*edition*/, HexCoord /*hex*/) const override { return ""; }
  Result<std::string> BoardSummaryJson(Edition /*edition*/) const override { return NotYet(); }
};

}  // namespace

const Title& Title1947() {
  static const Title1947Impl title;
  return title;
}

}  // namespace mailrun::engine::t1947
