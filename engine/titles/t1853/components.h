// 1853's components as data (GameService.GetComponents, proto/mailrun/v1/components.proto) from an
// edition's data: the board and tile designs (engine/core/board/board_components.h) with TABLE 4's
// costs on every hex, TABLE 8's upgrades on every design, the tile supply (Appendix 3), the cities
// with bid values and shares, the companies (TABLE 1 homes, TABLE 7 colours and tokens), the stock
// market, the trains and the phases; and the way back, for drawing the board from what the API
// serves (the renderer works on EditionData). Pure.
#pragma once

#include "engine/core/result.h"
#include "engine/titles/t1853/edition/edition_data.h"
#include "mailrun/v1/components.pb.h"

namespace mailrun::engine::t1853 {

mailrun::v1::Components EditionComponents(const EditionData& data, const std::string& name);

// What of an edition's data the components carry: the board, the tile designs with their upgrades
// and supply, the cities, the companies (without their TABLE 2 areas), the market, the trains, the
// phases and TABLE 4. Refuses (kMalformed) components of another title or whose references do
// not hold together (a city's company, a home on a hex the board lacks), naming what is wrong.
Result<EditionData> EditionDataFromComponents(const mailrun::v1::Components& components);

}  // namespace mailrun::engine::t1853
