// Runs every file of the fuzz corpus (tests/fuzz/corpus/) through the engine fuzz target, so each
// CTest run re-checks the inputs the fuzzer found interesting. A failure aborts with its input.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

#include "tests/fuzz/engine_fuzz_target.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " CORPUS_DIR\n";
    return 2;
  }
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(argv[1])) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    mailrun::engine::fuzz::RunOneInput(bytes.data(), bytes.size());
    ++files;
  }
  std::cout << "replayed " << files << " corpus inputs without a finding\n";
  return files > 0 ? 0 : 1;
}
