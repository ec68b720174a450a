#include "engine/titles/t1853/title.h"

#include "engine/core/structured_text.h"
#include "engine/core/texts.h"
#include "engine/titles/t1853/board_summary.h"
#include "engine/titles/t1853/board_svg.h"
#include "engine/titles/t1853/components.h"
#include "engine/titles/t1853/edition/edition_data.h"
#include "engine/titles/t1853/game.h"

namespace mailrun::engine::t1853 {
namespace {

using mailrun::v1::Edition;

// Each edition, playable when its data loads.
std::vector<EditionInfo> LoadEditions() {
  std::vector<EditionInfo> out;
  for (const auto& [edition, name] : {std::pair{mailrun::v1::EDITION_RETUNED, "1853 Retuned"},
                                      std::pair{mailrun::v1::EDITION_LOOKOUT_2009, "1853 (2009 Lookout edition)"}}) {
    EditionInfo info{edition, name, false, false};
    if (auto data = LoadEdition(edition); data.ok()) {
      info.playable = true;
      info.reconstructed_board = (*data)->board_reconstructed;
    }
    out.push_back(std::move(info));
  }
  return out;
}

class Title1853Impl final : public Title {
 public:
  mailrun::v1::Title id() const override { return mailrun::v1::TITLE_1853; }
  std::string name() const override { return "1853"; }
  int min_players() const override { return 3; }  // TABLE 3
  int max_players() const override { return 6; }

  std::vector<EditionInfo> editions() const override {
    static const std::vector<EditionInfo> editions = LoadEditions();  // the data never changes
    return editions;
  }

  std::string Money(int64_t amount) const override { return FormatMoney(amount, "£"); }

  Edition EffectiveEdition(Edition edition) const override {
    return edition == mailrun::v1::EDITION_UNSPECIFIED ? mailrun::v1::EDITION_RETUNED : edition;
  }

  // 2.4: the 2009 edition has the full bank or its shortened game (BANK_STANDARD) and none of
  // Retuned's optional rules.
  Status CheckSetup(Edition edition, const mailrun::v1::GameOptions& options) const override {
    using namespace mailrun::v1;
    if (!Edition_IsValid(edition)) return Malformed("1853.refusal.title.edition_unknown", "edition " + std::to_string(edition) + " is unknown").With({param::Count("edition", edition)});
    if (!BankSize_IsValid(options.bank())) {
      return Malformed("1853.refusal.title.options_bank_unknown", "options.bank " + std::to_string(options.bank()) + " is unknown").With({param::Count("bank", options.bank())});
    }
    if (!TileKit_IsValid(options.tile_kit())) {
      return Malformed("1853.refusal.title.options_tile_kit_unknown", "options.tile_kit " + std::to_string(options.tile_kit()) + " is unknown").With({param::Count("tile_kit", options.tile_kit())});
    }
    if (EffectiveEdition(edition) != EDITION_LOOKOUT_2009) return OkStatus();
    if (options.bank() == BANK_SHORT || options.bank() == BANK_LONGER) {
      return Malformed("1853.refusal.title.2_4_2_2_4", 
          "2.4.2/2.4.3: the short and longer banks are options of 1853 Retuned; the 2009 edition has the full "
          "bank or the shortened game (BANK_STANDARD)");
    }
    if (options.simplified_game()) return Malformed("1853.refusal.title.2_4_1_simplified_game", "2.4.1: the simplified game is an option of 1853 Retuned only");
    if (options.unrestricted_58()) return Malformed("1853.refusal.title.2_4_4_unrestricted_58", "2.4.4: unrestricted #58 upgrades are an option of 1853 Retuned only");
    if (options.tile_kit() != TILE_KIT_NONE) {
      return Malformed("1853.refusal.title.2_4_5_mik1_tile", "2.4.5: the MIK1 tile kits are an option of 1853 Retuned only");
    }
    return OkStatus();
  }

  Status CheckPlayable(Edition edition) const override {
    const auto data = LoadEdition(EffectiveEdition(edition));
    if (data.ok()) return OkStatus();
    return Unavailable("1853.refusal.title.edition_cannot_played_yet", "this edition cannot be played yet: " + data.error().message).With({param::Text("reason", data.error().message)});
  }

  Result<std::unique_ptr<TitleGame>> Create(const mailrun::v1::GameConfig& config) const override {
    auto game = Game::Create(config);
    if (!game.ok()) return game.error();
    return std::unique_ptr<TitleGame>(std::make_unique<Game>(std::move(*game)));
  }

  Result<std::unique_ptr<TitleGame>> FromSnapshot(const mailrun::v1::GameConfig& config,
                                                  const std::string& json) const override {
    auto game = Game::FromSnapshot(config, json);
    if (!game.ok()) return game.error();
    return std::unique_ptr<TitleGame>(std::make_unique<Game>(std::move(*game)));
  }

  Result<std::string> RenderBoardSvg(Edition edition, const BoardOverlay& overlay) const override {
    const auto data = LoadEdition(EffectiveEdition(edition));
    if (!data.ok()) return data.error();
    return t1853::RenderBoardSvg(**data, overlay);
  }

  std::string PlaceName(Edition edition, HexCoord coord) const override {
    const auto data = LoadEdition(EffectiveEdition(edition));
    if (!data.ok()) return "";
    const HexDef* hex = (*data)->Hex(coord);
    if (hex == nullptr) return "";
    if (hex->city) return (*data)->cities[static_cast<size_t>(*hex->city)].name;
    if (hex->towns > 0) return hex->towns == 1 ? "town" : "2 towns";
    return "";
  }

  Result<std::string> BoardSummaryJson(Edition edition) const override {
    const auto data = LoadEdition(EffectiveEdition(edition));
    if (!data.ok()) return data.error();
    return SummaryJson(SummarizeBoard(**data));
  }

  Result<mailrun::v1::Components> Components(Edition edition) const override {
    const Edition effective = EffectiveEdition(edition);
    const auto data = LoadEdition(effective);
    if (!data.ok()) return Unavailable("1853.refusal.title.components_not_available", "this edition's components are not available yet: " + data.error().message).With({param::Text("reason", data.error().message)});
    for (const EditionInfo& info : editions()) {
      if (info.edition == effective) return EditionComponents(**data, info.name);
    }
    return EditionComponents(**data, "1853");
  }
};

}  // namespace

const Title& Title1853() {
  static const Title1853Impl title;
  return title;
}

}  // namespace mailrun::engine::t1853
