// The title registry: every title Mailrun knows (1853, 1947) and what the lobby, the game service
// and the CLI ask of a configuration: which title and edition it means, whether those exist and
// go with its options, whether they can be played yet, and how to name them. They use this and
// engine::Game (game.h), never a title's internals.
#pragma once

#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/title.h"
#include "mailrun/v1/game_config.pb.h"

namespace mailrun::engine {

// Every title, in the order of the proto enum.
const std::vector<const Title*>& Titles();

// TITLE_UNSPECIFIED means 1853 (configurations and records from before titles existed).
mailrun::v1::Title EffectiveTitle(mailrun::v1::Title title);

// The title; kMalformed naming the value when it is unknown.
Result<const Title*> FindTitle(mailrun::v1::Title title);

// A configuration's title, edition and options: kMalformed when the title or edition is unknown or
// the options do not go with them; kUnavailable ("1947 cannot be played yet") when the engine
// cannot play them yet. Players are checked when the game is created.
Result<const Title*> CheckGameSetup(mailrun::v1::Title title, mailrun::v1::Edition edition,
                                    const mailrun::v1::GameOptions& options);

// The configuration with the defaults filled in: the title (TITLE_1853 for unspecified) and the
// title's default edition. Unknown titles are left as they are.
mailrun::v1::GameConfig NormalizedConfig(const mailrun::v1::GameConfig& config);

// "1853", "1947": the title's name; and "1853 Retuned", "1853 (2009 Lookout edition)", "1947":
// the name of an edition of it. Unknown values are named by their number.
std::string TitleName(mailrun::v1::Title title);
std::string EditionName(mailrun::v1::Title title, mailrun::v1::Edition edition);

// Whether the board data of the title's edition is a reconstruction (false when unknown).
bool BoardReconstructed(mailrun::v1::Title title, mailrun::v1::Edition edition);

// The title from its name as the CLI takes it ("1853", "1947"); kMalformed otherwise.
Result<mailrun::v1::Title> ParseTitleName(const std::string& name);

}  // namespace mailrun::engine
