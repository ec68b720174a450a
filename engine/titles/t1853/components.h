// 1853's components as data (GameService.GetComponents, proto/mailrun/v1/components.proto) from an
// edition's data: the board and tile designs (engine/core/board/board_components.h) with TABLE 4's
// costs on every hex, TABLE 8's upgrades on every design, the tile supply (Appendix 3), the cities
// with bid values and shares, the companies (TABLE 1 homes, TABLE 7 colours and tokens), the stock
// market, the trains and the phases. Pure.
#pragma once

#include "engine/titles/t1853/edition/edition_data.h"
#include "mailrun/v1/components.pb.h"

namespace mailrun::engine::t1853 {

mailrun::v1::Components EditionComponents(const EditionData& data, const std::string& name);

}  // namespace mailrun::engine::t1853
