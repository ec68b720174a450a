// Result is header-only; this file anchors the engine library until its other modules exist.
#include "engine/core/result.h"
