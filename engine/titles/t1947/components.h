// 1947's components as data (GameService.GetComponents, proto/mailrun/v1/components.proto) from the
// engine's own 1947 data (engine/titles/t1947/data/*.json as ParseT1947Data read them): every hex of
// the map with its 1947 name, terrain, cost, zone, printed city or town, preprinted tile, trading
// posts, dead ends and temples; every tile design with its track, zone, supply and upgrades
// (6.4.3); the expatriation sites (6.10); the railways (homes, temples, colours, charters' station
// boxes and expatriation track); the privates; the market grid with its red line and par bands; the
// trains and phases; and, item by item, what is a reconstruction. The way back gives the data the
// 1947 map is drawn from (board_svg.h), so a client's picture comes from what the API
// serves. Pure.
#pragma once

#include <map>
#include <string>

#include "engine/core/result.h"
#include "engine/titles/t1947/edition/edition_data.h"
#include "engine/titles/t1947/rules/revenue_rules.h"
#include "mailrun/v1/components.pb.h"

namespace mailrun::engine::t1947 {

// `files`: the data files by name (T1947DataFiles()), for what the parsed data does not keep (the
// railways' colours, the hexes the text names, the reconstruction notes, the seasons).
mailrun::v1::Components Components1947(const T1947Data& data, const RevenueRules& rules,
                                       const std::map<std::string, std::string>& files);

// What the map is drawn from: the hexes, the expatriation sites, the railways' homes and temples,
// the tile designs with their zones, counts and upgrades, Cooch Behar and the reconstruction note.
// Refuses (kMalformed) components of another title or whose references do not hold together (a
// hex that is no 1947 hex, a home or temple the map lacks), naming what is wrong.
Result<T1947Data> MapDataFromComponents(const mailrun::v1::Components& components);

}  // namespace mailrun::engine::t1947
