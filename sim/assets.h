// Files under assets/sites/ (templates, stylesheets), compiled into the library so that a
// binary needs no data directory at run time.
#ifndef WEBAGENT_SIM_ASSETS_H_
#define WEBAGENT_SIM_ASSETS_H_

#include <optional>
#include <string_view>
#include <vector>

namespace wa {

// Contents of "sites/<site>/<file>", or nullopt.
std::optional<std::string_view> FindAsset(std::string_view path);
// Paths that start with prefix, sorted.
std::vector<std::string_view> ListAssets(std::string_view prefix);

}  // namespace wa

#endif  // WEBAGENT_SIM_ASSETS_H_
