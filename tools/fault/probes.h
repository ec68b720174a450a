// The probes: every RPC of the services called with what a careless or hostile client
// sends, checking that each answer is a clean refusal and that nothing changed.
//
//   malformed input: every string field of a valid request (found by reflection, nested ones
//     included) with a NUL byte, control characters and non-ASCII text in it, or 1 MiB long;
//     repeated string fields with 100,000 entries; integers at -1 and their maximum; and the
//     whole request over the 4 MiB message limit. A clean answer is a refusal the API defines
//     (INVALID_ARGUMENT, NOT_FOUND, FAILED_PRECONDITION, PERMISSION_DENIED, ALREADY_EXISTS,
//     ABORTED, RESOURCE_EXHAUSTED, UNAUTHENTICATED, OUT_OF_RANGE) or, for a mutated integer only,
//     OK; never INTERNAL, UNKNOWN or UNAVAILABLE, and never OK for a junk or oversized string.
//   credentials: every RPC that needs a token, called without one and with a wrong one (garbage,
//     another scheme, expired, of the wrong kind, signed by an unknown or untrusted key, a token
//     of the old shared-key format, a player's token for the lobby's calls and the lobby's for a
//     player's): each must answer UNAUTHENTICATED or PERMISSION_DENIED.
// Afterwards every service still answers and the database holds what it held before.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tools/fault/stack.h"

namespace mailrun::fault {

struct ProbeTally {
  int64_t calls = 0;
  int64_t unexpected = 0;             // answers outside the clean refusals
  bool services_alive = true;
  std::vector<std::string> problems;  // the first few unexpected answers, and what changed
};

ProbeTally ProbeMalformedInput(FaultStack& stack, uint64_t seed);
ProbeTally ProbeCredentials(FaultStack& stack, uint64_t seed);

}  // namespace mailrun::fault
