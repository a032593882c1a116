// The wiki site's content (WebArena's offline Wikipedia, served by Kiwix): articles with
// infoboxes, sections and links, built from a table of hand-written articles about the people,
// teams, events and institutions the multi-site tasks ask about, and from the map world (every
// city, town, neighbourhood, county, state and named place gets an article, and lists of places
// by kind). The facts the tasks rely on (`WikiFacts`) are stated in those articles.
// Internal to sim/sites.
#ifndef WEBAGENT_SIM_SITES_WIKI_DATA_H_
#define WEBAGENT_SIM_SITES_WIKI_DATA_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/db.h"
#include "sim/status.h"

namespace wa {

// The Kiwix book the articles live in ("/wikipedia_en_all_maxi_2022-05/A/Joe_Biden").
inline constexpr std::string_view kWikiBook = "wikipedia_en_all_maxi_2022-05";

// A description an intent uses, what it names on the map, and the article that says so.
struct WikiFact {
  std::string description;  // "Boston home NBA team", "the hometown of Joe Biden"
  std::string kind;         // "team" (place: its home venue), "hometown", "place", "school"
  std::string place;        // the map place or city it identifies ("TD Garden")
  std::string article;      // the article stating it ("Boston Celtics")
};
const std::vector<WikiFact>& WikiFacts();
// Case-insensitive exact lookup by description; null when unknown.
const WikiFact* FindWikiFact(std::string_view description);

struct WikiArticle {
  std::string title;
  std::string lead;                                           // first paragraph
  std::vector<std::pair<std::string, std::string>> infobox;   // label, value
  std::vector<std::pair<std::string, std::string>> sections;  // heading, text
  std::vector<std::string> links;                             // titles of linked articles
};

// "Joe Biden" -> "Joe_Biden" (spaces to underscores, as Kiwix paths write titles).
std::string WikiSlug(std::string_view title);

// Every article for a data seed (hand-written ones first, then those from the map world;
// titles are unique).
Result<std::vector<WikiArticle>> BuildWikiArticles(uint64_t seed);

extern const std::string_view kWikiSchema;
// Writes the articles into an empty database (schema applied).
Status PopulateWiki(Db& db, uint64_t seed);

}  // namespace wa

#endif  // WEBAGENT_SIM_SITES_WIKI_DATA_H_
