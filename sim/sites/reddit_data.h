// The Reddit-like forum's data (Postmill, as in WebArena): schema, the seeded generator and the
// entities the published tasks name (internal to sim/sites).
#ifndef WEBAGENT_SIM_SITES_REDDIT_DATA_H_
#define WEBAGENT_SIM_SITES_REDDIT_DATA_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/db.h"
#include "sim/status.h"

namespace wa {

extern const std::string_view kRedditSchema;

// The account WebArena signs in with.
inline constexpr std::string_view kRedditUser = "MarvelsGrantMan136";
inline constexpr int64_t kRedditUserId = 1;
// Rankings and relative times are computed against the data's "now" (the episode clock starts
// there and moves a few seconds per step), so listings do not depend on the clock.
inline constexpr int64_t kRedditNow = 1685620800;  // 2023-06-01 12:00:00 UTC

// Fills an empty database (schema applied): at least 60 forums (every forum the published tasks
// name) with categories, descriptions and sidebars; about 900 users with biographies; at least
// 5,000 submissions (link, text and image posts) with scores, including the posts the published
// tasks name at their published ids; at least 20,000 comments in threads with up and down
// votes; the signed-in user's subscriptions, posts and comments.
Status PopulateReddit(Db& db, uint64_t seed);

// Postmill's URL slug of a title ("Same-sex marriage is now legal" -> "same-sex-marriage-is-now-
// legal"), at most 60 characters, cut at a word boundary.
std::string RedditSlug(std::string_view title);

// Posts planted for template families whose training instantiations need several variants.
struct PlantedTopic {  // "is there any post talks about X? ... organizations involved"
  const char* forum;
  const char* topic;         // as the intent words it
  const char* organization;  // the answer
};
const std::vector<PlantedTopic>& RedditPlantedTopics();

struct PlantedPicture {  // image posts on /f/pics that "re-post the image of X" tasks name
  int64_t id;
  const char* content;  // as the intent words it ("costume contest")
  const char* title;
  const char* media;  // file name under /submission_images/
};
const std::vector<PlantedPicture>& RedditPlantedPictures();

}  // namespace wa

#endif  // WEBAGENT_SIM_SITES_REDDIT_DATA_H_
