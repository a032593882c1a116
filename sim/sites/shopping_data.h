// The shopping site's data: schema and the seeded generator (internal to sim/sites).
#ifndef WEBAGENT_SIM_SITES_SHOPPING_DATA_H_
#define WEBAGENT_SIM_SITES_SHOPPING_DATA_H_

#include <string>
#include <string_view>
#include <vector>

#include "sim/db.h"
#include "sim/status.h"

namespace wa {

extern const std::string_view kShoppingSchema;

// Products 1..kNamedProducts are the named products the published intents mention; generated
// products follow.
inline constexpr int64_t kNamedProducts = 16;

// Fills an empty database (schema applied) with the store: a three-level category tree with
// Magento URL paths, at least 2,000 products with brands, prices, specials and options, at least
// 5,000 reviews generated from aspects and sentiments, the customer Emma Lopez with addresses and
// more than 100 orders from 2021 to 2023 in every status, and the store's settings.
Status PopulateShopping(Db& db, uint64_t seed);

// The lower-case alphanumeric words of a search query.
std::vector<std::string> SearchWords(std::string_view query);
// Products matching a catalog search (any word in the name or description), with relevance
// (2 per word in the name, 1 per word only in the description) and final price, by id.
struct SearchHit {
  int64_t id;
  double relevance;
  double price;
};
Result<std::vector<SearchHit>> SearchCatalog(Db& db, std::string_view query);

// Whether a generated review sentence ("The <aspect> <phrase>.") is positive.
bool IsPositiveSentence(std::string_view sentence);

// "Hello, World!" -> "hello-world" (Magento-style URL keys).
std::string Slugify(std::string_view name);

}  // namespace wa

#endif  // WEBAGENT_SIM_SITES_SHOPPING_DATA_H_
