#include "engine/titles/registry.h"

#include <fmt/format.h>

#include "engine/core/structured_text.h"
#include "engine/titles/t1853/title.h"
#include "engine/titles/t1947/title.h"

namespace mailrun::engine {
namespace {

std::optional<EditionInfo> FindEdition(const Title& title, mailrun::v1::Edition edition) {
  const mailrun::v1::Edition effective = title.EffectiveEdition(edition);
  for (const EditionInfo& info : title.editions()) {
    if (info.edition == effective) return info;
  }
  return std::nullopt;
}

}  // namespace

const std::vector<const Title*>& Titles() {
  static const std::vector<const Title*> titles{&t1853::Title1853(), &t1947::Title1947()};
  return titles;
}

mailrun::v1::Title EffectiveTitle(mailrun::v1::Title title) {
  return title == mailrun::v1::TITLE_UNSPECIFIED ? mailrun::v1::TITLE_1853 : title;
}

Result<const Title*> FindTitle(mailrun::v1::Title title) {
  const mailrun::v1::Title effective = EffectiveTitle(title);
  for (const Title* known : Titles()) {
    if (known->id() == effective) return known;
  }
  return Malformed("core.refusal.registry.title_unknown_1853_1947", fmt::format("title {} is unknown (1853 or 1947)", static_cast<int>(title))).With({param::Count("title", static_cast<int>(title))});
}

Result<const Title*> CheckGameSetup(mailrun::v1::Title title, mailrun::v1::Edition edition,
                                    const mailrun::v1::GameOptions& options) {
  auto found = FindTitle(title);
  if (!found.ok()) return found.error();
  if (Status setup = (*found)->CheckSetup(edition, options); !setup.ok()) return setup.error();
  if (Status playable = (*found)->CheckPlayable(edition); !playable.ok()) return playable.error();
  return *found;
}

mailrun::v1::GameConfig NormalizedConfig(const mailrun::v1::GameConfig& config) {
  mailrun::v1::GameConfig normalized = config;
  auto title = FindTitle(config.title());
  if (!title.ok()) return normalized;
  normalized.set_title((*title)->id());
  normalized.set_edition((*title)->EffectiveEdition(config.edition()));
  return normalized;
}

std::string TitleName(mailrun::v1::Title title) {
  auto found = FindTitle(title);
  return found.ok() ? (*found)->name() : fmt::format("title {}", static_cast<int>(title));
}

std::string EditionName(mailrun::v1::Title title, mailrun::v1::Edition edition) {
  auto found = FindTitle(title);
  if (!found.ok()) return TitleName(title);
  const auto info = FindEdition(**found, edition);
  return info ? info->name : fmt::format("{} (edition {})", (*found)->name(), static_cast<int>(edition));
}

bool BoardReconstructed(mailrun::v1::Title title, mailrun::v1::Edition edition) {
  auto found = FindTitle(title);
  if (!found.ok()) return false;
  const auto info = FindEdition(**found, edition);
  return info && info->reconstructed_board;
}

Result<mailrun::v1::Title> ParseTitleName(const std::string& name) {
  for (const Title* title : Titles()) {
    if (title->name() == name) return title->id();
  }
  return Malformed("core.refusal.registry.no_title_titles_1853_1947", fmt::format("no title '{}': the titles are 1853 and 1947", name)).With({param::Text("title", name)});
}

}  // namespace mailrun::engine
