// The operating railway's track, stations and workers in its operating round turn (6.3-6.11):
// T1947Game's board and turn, and the OperatingHooks that carry out those steps with the rules of
// t1947_track.h and t1947_stations.h.
#include "engine/core/structured_text.h"
#include "engine/titles/t1947/t1947_game.h"

namespace mailrun::engine::t1947 {

// 6.4, 6.7.2, 6.11: what a railway lays and places is counted per turn.
void T1947Game::BeginTurn() {
  track_turn_ = TrackTurn{};
  station_turn_ = StationTurn{};
  new_city_town_tiles_ = 0;
}

}  // namespace mailrun::engine::t1947
