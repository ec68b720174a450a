// libFuzzer entry points for the engine fuzz target (built with -DMAILRUN_FUZZ=ON and clang).
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/engine_fuzz_target.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  mailrun::engine::fuzz::PrepareStates();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return mailrun::engine::fuzz::RunOneInput(data, size);
}
