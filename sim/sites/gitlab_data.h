// The GitLab-like code host's data (GitLab CE, as WebArena runs it): schema, the seeded
// generator and the entities the published tasks name (internal to sim/sites).
#ifndef WEBAGENT_SIM_SITES_GITLAB_DATA_H_
#define WEBAGENT_SIM_SITES_GITLAB_DATA_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/db.h"
#include "sim/status.h"

namespace wa {

extern const std::string_view kGitlabSchema;

// The account WebArena signs in with.
inline constexpr std::string_view kGitlabUser = "byteblaze";
inline constexpr int64_t kGitlabUserId = 1;
inline constexpr std::string_view kGitlabFeedToken = "TMN_bBn9Z48qVbUFZV45";
// The data's "now" (2023-06-01 12:00:00 UTC); relative times are computed against it.
inline constexpr int64_t kGitlabNow = 1685620800;
// Clone URLs as WebArena's instance prints them.
inline constexpr std::string_view kGitlabSshBase = "ssh://git@localhost:9001/";
inline constexpr std::string_view kGitlabHttpBase = "http://localhost:8023/";

// Project access levels (GitLab's numbers) and their names.
inline constexpr int kGuest = 10, kReporter = 20, kDeveloper = 30, kMaintainer = 40, kOwner = 50;
std::string AccessName(int64_t level);
// "Guest" / "guest" -> 10; -1 when unknown.
int AccessLevel(std::string_view name);

// Fills an empty database (schema applied): at least 150 projects in user and group
// namespaces (every project the published tasks name) with branches, files, commit histories,
// labels, issues, merge requests, comments, members and stars; at least 200 users with
// profiles, follows and tokens; the signed-in user's todos.
Status PopulateGitlab(Db& db, uint64_t seed);

// The built-in project templates ("Create from template").
struct ProjectTemplate {
  const char* name;  // "Android"
  const char* slug;  // "android"
  const char* description;
  std::vector<std::pair<const char*, const char*>> files;  // path, content
};
const std::vector<ProjectTemplate>& GitlabProjectTemplates();

// A URL path segment of a project name: lower case, spaces to '-', other characters kept when
// they are letters, digits, '-', '_' or '.'.
std::string GitlabPathOf(std::string_view name);

// A 40-hex-digit commit id derived from a number (deterministic).
std::string GitlabSha(uint64_t n);

}  // namespace wa

#endif  // WEBAGENT_SIM_SITES_GITLAB_DATA_H_
