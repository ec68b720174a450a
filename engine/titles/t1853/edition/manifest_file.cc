// manifest.json: tile counts (Appendix 3), the MIK1 kits, and the promotions of TABLE 8, option
// 2.4.4 and 4.2.12. Every promotion must keep the old tile's track and gauge (4.2.4, 4.2.6).
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "engine/core/board/promotion.h"
#include "engine/titles/t1853/edition/data_files.h"

namespace mailrun::engine::t1853::data_internal {
namespace {

std::optional<TileColour> NextColour(TileColour colour) {
  switch (colour) {
    case TileColour::kYellow: return TileColour::kGreen;
    case TileColour::kGreen: return TileColour::kBrown;
    case TileColour::kBrown: return TileColour::kGrey;
    case TileColour::kGrey: return std::nullopt;
  }
  return std::nullopt;
}

std::vector<TileSupply> ReadCounts(const Fields& file, std::string_view key, const EditionData& data, bool yellow_only) {
  std::vector<TileSupply> supply;
  const Where where = file.where().Entry(std::string(key));
  for (const auto& [id, count] : file.Object(key).items()) {
    const TileDef* tile = data.Tile(id);
    if (tile == nullptr) where.Fail(fmt::format("no tile {} in tiles.json", Quoted(id)));
    if (tile->preprinted) where.Fail(fmt::format("tile {} is printed on the board, not supplied", Quoted(id)));
    if (yellow_only && tile->colour != TileColour::kYellow) where.Fail(fmt::format("tile {} is not yellow; the kits hold yellow tiles", Quoted(id)));
    if (!count.is_number_integer() || count.get<int>() < 1) {
      where.Fail(fmt::format("tile {}: count {} is not a positive whole number", Quoted(id), count.dump()));
    }
    supply.push_back(TileSupply{id, count.get<int>()});
  }
  return supply;
}

void ReadPromotions(const Fields& file, std::string_view key, const EditionData& data,
                    std::map<std::string, std::vector<std::string>>* promotions) {
  const Where where = file.where().Entry(std::string(key));
  for (const auto& [from_id, targets] : file.Object(key).items()) {
    const Where entry = where.Sub("tile " + Quoted(from_id));
    const TileDef* from = data.Tile(from_id);
    if (from == nullptr) entry.Fail("no such tile in tiles.json");
    if (!targets.is_array()) entry.Fail("expected a list of tile numbers");
    if (promotions->count(from_id) != 0) entry.Fail("listed twice");
    std::vector<std::string>& list = (*promotions)[from_id];
    for (const Json& target : targets) {
      if (!target.is_string()) entry.Fail(fmt::format("{} is not a tile number in quotes", target.dump()));
      const std::string to_id = target.get<std::string>();
      const Where promotion = where.Sub(fmt::format("promotion {} -> {}", from_id, to_id));
      const TileDef* to = data.Tile(to_id);
      if (to == nullptr) promotion.Fail(fmt::format("no tile {} in tiles.json", Quoted(to_id)));
      if (to->preprinted) promotion.Fail("a preprinted tile is never laid");
      if (NextColour(from->colour) != to->colour) {
        promotion.Fail(fmt::format("a {} tile is promoted to the next colour, not {} (4.2.1)", ColourName(from->colour),
                                   ColourName(to->colour)));
      }
      if (from->label != to->label) {
        promotion.Fail("the large cities take only the tiles with their label, and only they do (4.2.12)");
      }
      if (std::find(list.begin(), list.end(), to_id) != list.end()) promotion.Fail("listed twice");
      if (KeepingRotations(*from, 0, *to).empty()) {
        promotion.Fail(fmt::format("no rotation of {} keeps all the track of {} and its gauge (4.2.4, 4.2.6)", to_id, from_id));
      }
      list.push_back(to_id);
    }
  }
}

}  // namespace

void ReadManifest(const Json& document, const Where& where, EditionData* data) {
  Fields file(document, where, {"counts", "tile_58_unrestricted", "mik1", "mik1_1", "promotions",
                                "promotions_unrestricted_58", "large_city_promotions"});
  data->manifest = ReadCounts(file, "counts", *data, false);
  // The MIK1 kits and option 2.4.4 are Retuned's; an edition without them leaves them out.
  if (file.Has("mik1")) data->manifest_mik1 = ReadCounts(file, "mik1", *data, true);
  if (file.Has("mik1_1")) data->manifest_mik1_1 = ReadCounts(file, "mik1_1", *data, true);
  for (const TileDef& tile : data->tiles) {
    const bool counted = std::any_of(data->manifest.begin(), data->manifest.end(),
                                     [&](const TileSupply& supply) { return supply.tile_id == tile.id; });
    if (!tile.preprinted && !counted) where.Entry("counts").Fail(fmt::format("tile {} has no count", Quoted(tile.id)));
  }
  data->tile_58_count_unrestricted = file.Int("tile_58_unrestricted", 0);

  ReadPromotions(file, "promotions", *data, &data->promotions);
  for (const TileDef& tile : data->tiles) {
    if (tile.preprinted || tile.colour == TileColour::kGrey) continue;
    if (data->promotions.count(tile.id) == 0) {
      where.Entry("promotions").Fail(fmt::format("tile {} has no TABLE 8 entry (write [] for 'do not promote')", Quoted(tile.id)));
    }
  }
  for (const auto& [from, targets] : file.Object("large_city_promotions").items()) {
    const TileDef* tile = data->Tile(from);
    if (tile == nullptr || !tile->preprinted) {
      where.Entry("large_city_promotions").Fail(fmt::format("{} is not a preprinted large city tile", Quoted(from)));
    }
  }
  ReadPromotions(file, "large_city_promotions", *data, &data->promotions);
  if (file.Has("promotions_unrestricted_58")) {
    ReadPromotions(file, "promotions_unrestricted_58", *data, &data->promotions_unrestricted_58);
  }
  for (const auto& [from, targets] : data->promotions_unrestricted_58) {
    for (const std::string& to : targets) {
      const auto& listed = data->promotions[from];
      if (std::find(listed.begin(), listed.end(), to) != listed.end()) {
        where.Entry("promotions_unrestricted_58").Fail(fmt::format("{} -> {} is already in TABLE 8", from, to));
      }
    }
  }
  const auto base_58 = std::find_if(data->manifest.begin(), data->manifest.end(),
                                    [](const TileSupply& supply) { return supply.tile_id == "58"; });
  if (file.Has("tile_58_unrestricted") && base_58 != data->manifest.end() &&
      data->tile_58_count_unrestricted < base_58->count) {
    file.Fail("tile_58_unrestricted", "option 2.4.4 adds #58 tiles, never fewer");
  }
}

}  // namespace mailrun::engine::t1853::data_internal
