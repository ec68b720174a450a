#include "engine/core/routes/run_hexes.h"

namespace mailrun::engine::routes {

std::vector<std::string> RunHexes(const std::vector<std::string>& nodes) {
  std::vector<std::string> hexes;
  const auto add = [&hexes](const std::string& hex) {
    if (!hex.empty() && (hexes.empty() || hexes.back() != hex)) hexes.push_back(hex);
  };
  for (size_t i = 0; i < nodes.size(); ++i) {
    const std::string& node = nodes[i];
    const size_t slash = node.find('/');
    if (slash == std::string::npos) {
      add(node.substr(0, node.find('.')));
      continue;
    }
    const std::string a = node.substr(0, slash);
    const std::string b = node.substr(slash + 1);
    if (!hexes.empty() && hexes.back() == b) {
      add(a);
    } else if (!hexes.empty() && hexes.back() == a) {
      add(b);
    } else {
      // The run starts on this edge: it leaves the hex the next node does not lie on.
      const std::string next = i + 1 < nodes.size() ? nodes[i + 1].substr(0, nodes[i + 1].find_first_of("./")) : "";
      add(next == a ? b : a);
      add(next == a ? a : b);
    }
  }
  return hexes;
}

}  // namespace mailrun::engine::routes
