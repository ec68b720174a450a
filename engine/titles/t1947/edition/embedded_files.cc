// The embedded 1947 data, parsed once (see edition/embedded_files.h).
#include "engine/titles/t1947/edition/embedded_files.h"

#include <map>

namespace mailrun::engine::t1947 {

std::map<std::string, std::string> T1947DataFiles() {
  std::map<std::string, std::string> files;
  for (auto& [name, text] : EmbeddedT1947Files()) files[name] = std::move(text);
  return files;
}

Result<const T1947Data*> Data1947() {
  static const Result<T1947Data> parsed = ParseT1947Data(T1947DataFiles());
  if (!parsed.ok()) return parsed.error();
  return &*parsed;
}

}  // namespace mailrun::engine::t1947
