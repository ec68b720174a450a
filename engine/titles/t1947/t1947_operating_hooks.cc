// The operating round's hooks (OperatingHooks, t1947_game.h) with nothing wired: every hook refuses
// with "1947.refusal.operating.step_not_wired", naming the step and its rule; none makes up a
// result. DefaultOperatingHooks() (t1947_operating_track.cc) replaces track (6.4-6.6), stations
// (6.7) and workers (6.11); the run with the dividend (6.14, t1947_runs*, t1947_payout*) and the
// legal-route question (6.15) stay these until the route graph is wired (issue 25).
#include "engine/titles/t1947/t1947_game.h"

#include "engine/core/structured_text.h"

namespace mailrun::engine::t1947 {
namespace {

Error NotWired(const char* step, const char* rule) {
  return Illegal("1947.refusal.operating.step_not_wired", rule, std::string("1947's ") + step + " (" + rule + ") is not wired into the operating round yet")
      .With({param::Text("step", step), param::Rule("rule", rule)});
}

}  // namespace

OperatingHooks UnwiredOperatingHooks() {
  OperatingHooks hooks;
  hooks.lay_track = [](T1947Game&, int, const Action1947&) -> Status { return NotWired("track laying", "6.4"); };
  hooks.place_station = [](T1947Game&, int, const Action1947&) -> Status { return NotWired("stations", "6.7"); };
  hooks.use_workers = [](T1947Game&, int, const Action1947&) -> Status { return NotWired("workers", "6.11"); };
  hooks.run_trains = [](T1947Game&, int, const Action1947&) -> Status { return NotWired("train runs", "6.14"); };
  hooks.has_legal_route = [](const T1947Game&, int) -> Result<bool> { return NotWired("legal routes", "6.15"); };
  return hooks;
}

}  // namespace mailrun::engine::t1947
