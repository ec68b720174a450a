#include "tools/mailrun/game_options.h"

#include "engine/titles/registry.h"
#include "tools/mailrun/client/errors.h"

namespace mailrun::cli {

void AddGameOptionFlags(CLI::App& command, GameOptionFlags& flags) {
  command.add_option("--title", flags.title, "the game: 1853 or 1947")
      ->check(CLI::IsMember({"1853", "1947"}))
      ->capture_default_str();
  command.add_option("--edition", flags.edition, "1853's edition: retuned or 2009 (the 2009 Lookout edition)")
      ->check(CLI::IsMember({"retuned", "2009"}))
      ->capture_default_str();
  command.add_option("--bank", flags.bank,
                     "bank size: full (12,500; 2009: 15,000), standard (4,500; 2009: the shortened game, 7,760), "
                     "short (3,450), longer (18,500, 2.4.3)")
      ->check(CLI::IsMember({"full", "standard", "short", "longer"}))
      ->capture_default_str();
  command.add_flag("--simplified", flags.simplified, "the simplified game of 2.4.1");
  command.add_flag("--unrestricted-58", flags.unrestricted_58, "twelve #58 tiles with wider promotions (2.4.4)");
  command.add_option("--tiles", flags.tiles, "extra yellow tiles: none, mik1, mik1.1 (Appendix 3)")
      ->check(CLI::IsMember({"none", "mik1", "mik1.1"}))
      ->capture_default_str();
}

mailrun::v1::Title ToTitle(const GameOptionFlags& flags) {
  const auto title = mailrun::engine::ParseTitleName(flags.title);
  if (!title.ok()) throw BadInput("--title: " + title.error().message);
  return *title;
}

mailrun::v1::Edition ToEdition(const GameOptionFlags& flags) {
  if (ToTitle(flags) != mailrun::v1::TITLE_1853) {
    if (flags.edition != "retuned") throw BadInput("--edition: " + flags.title + " has one edition");
    return mailrun::v1::EDITION_UNSPECIFIED;
  }
  return flags.edition == "2009" ? mailrun::v1::EDITION_LOOKOUT_2009 : mailrun::v1::EDITION_RETUNED;
}

mailrun::v1::GameOptions ToGameOptions(const GameOptionFlags& flags) {
  mailrun::v1::GameOptions options;
  if (ToTitle(flags) != mailrun::v1::TITLE_1853) {
    if (flags.bank != "full" || flags.simplified || flags.unrestricted_58 || flags.tiles != "none") {
      throw BadInput("--bank, --simplified, --unrestricted-58 and --tiles are 1853's optional rules (2.4); " +
                     flags.title + " has none of them");
    }
    return options;
  }
  if (flags.bank == "full") options.set_bank(mailrun::v1::BANK_FULL);
  else if (flags.bank == "standard") options.set_bank(mailrun::v1::BANK_STANDARD);
  else if (flags.bank == "short") options.set_bank(mailrun::v1::BANK_SHORT);
  else if (flags.bank == "longer") options.set_bank(mailrun::v1::BANK_LONGER);
  else throw CLI::ValidationError("--bank", "unknown bank size '" + flags.bank + "'");
  options.set_simplified_game(flags.simplified);
  options.set_unrestricted_58(flags.unrestricted_58);
  if (flags.tiles == "mik1") options.set_tile_kit(mailrun::v1::TILE_KIT_MIK1);
  else if (flags.tiles == "mik1.1") options.set_tile_kit(mailrun::v1::TILE_KIT_MIK1_1);
  return options;
}

}  // namespace mailrun::cli
