// Sites: what a simulated web site is, and the registry that builds them.
//
// A SiteModel is compiled once and shared read-only by every environment: its name and host,
// the route table (URL pattern -> handler that renders HTML from the database), POST handlers
// that mutate the database with bound parameters, its stylesheet, and the pristine image of its
// seeded SQLite database. Everything mutable lives in the environment (sim/browser.h): each has
// its own database restored from the pristine image at reset.
#ifndef WEBAGENT_SIM_SITE_H_
#define WEBAGENT_SIM_SITE_H_

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sim/db.h"
#include "sim/rng.h"
#include "sim/status.h"
#include "sim/style.h"
#include "sim/url.h"

namespace wa {

class SiteModel;

struct Request {
  std::string method = "GET";  // GET or POST
  Url url;
  QueryParams query;  // parsed url.query
  QueryParams form;   // POST body (application/x-www-form-urlencoded)
  std::map<std::string, std::string> cookies;
  std::vector<std::string> captures;  // {name} segments of the matched route, in order
  std::string Capture(size_t i) const { return i < captures.size() ? captures[i] : std::string(); }
  // Query parameter for GET, form field for POST.
  std::string Param(std::string_view key) const {
    return HasParam(form, key) ? GetParam(form, key) : GetParam(query, key);
  }
};

struct Response {
  int status = 200;
  std::string body;
  std::string content_type = "text/html; charset=utf-8";
  std::string location;  // non-empty: redirect (303 See Other) to this URL or path
  std::vector<std::pair<std::string, std::string>> set_cookies;  // empty value deletes
};

// What a handler may touch: this environment's database of the site, the virtual clock, and a
// seeded generator. Handlers must be deterministic functions of these and the request. A GET
// response that read neither the clock nor the generator and wrote nothing depends only on the
// request and the database content, so the browser may reuse it (ResponseCache).
class SiteContext {
 public:
  const SiteModel* model = nullptr;
  Db* db = nullptr;
  // The logged-in user name from the session cookie, or empty.
  std::string user;

  SiteContext() = default;
  SiteContext(int64_t now, Rng* rng) : now_(now), rng_(rng) {}
  // The virtual clock, Unix seconds (UTC).
  int64_t Now() const {
    read_clock_or_rng_ = true;
    return now_;
  }
  // The environment's seeded generator (never null).
  Rng& Random() const {
    read_clock_or_rng_ = true;
    return *rng_;
  }
  bool read_clock_or_rng() const { return read_clock_or_rng_; }

 private:
  int64_t now_ = 0;
  mutable Rng default_rng_;
  Rng* rng_ = &default_rng_;
  mutable bool read_clock_or_rng_ = false;
};

using Handler = std::function<Status(const Request&, SiteContext&, Response*)>;

struct SiteOptions {
  uint64_t seed = 0;  // data generator seed
};

class SiteModel {
 public:
  std::string name;         // "fixture", "shopping", ...
  std::string placeholder;  // "__FIXTURE__"
  std::string base_url;     // "http://localhost:8099" (may include a path, e.g. /admin)
  std::string display_name;
  std::string stylesheet_css;  // served at /static/site.css and used by the layout model
  StyleSheet stylesheet;
  std::vector<uint8_t> pristine;  // serialised seeded database
  uint64_t pristine_hash = 0;     // hash of its bytes (starts each environment's fingerprint)
  std::string default_user;       // account logged in at reset when the task requires login
  std::string session_cookie = "session";

  // Adds a route. Pattern segments are literals or contain one {capture}, e.g.
  // "/items/{id}", "/{key}.html", "/f/{forum}/{id}/{slug}"; a final "*" captures the rest.
  void AddRoute(std::string method, std::string pattern, Handler handler);
  // Finds and runs the handler for a request (captures filled in). Unknown paths get the
  // site's 404 page; a handler error becomes a 500 page that names the error.
  void Dispatch(Request* request, SiteContext* ctx, Response* response) const;
  // Renders a simple error page in the site's style.
  std::function<std::string(int status, std::string_view message, const SiteContext&)> error_page;

  // Origin and path prefix of base_url.
  const Url& base() const { return base_; }
  void SetBaseUrl(std::string url);
  // Whether a URL belongs to this site (same origin, path under the base path).
  bool Owns(const Url& url) const;
  // The site-relative path of a URL owned by the site ("/admin/x" -> "/x" for base ".../admin").
  std::string RelativePath(const Url& url) const;

 private:
  struct Route {
    std::string method;
    std::vector<std::string> segments;
    bool rest = false;
    Handler handler;
  };
  std::vector<Route> routes_;
  Url base_;
};

// A process-wide cache of GET responses, keyed by the site, the database fingerprint
// (Db::StateFingerprint), the URL and the cookies sent. Only responses whose handler wrote
// nothing and read neither the clock nor the generator are stored, so a hit returns exactly what
// the handler would have returned. Thread-safe; bounded (oldest entries evicted first).
class ResponseCache {
 public:
  static ResponseCache& Global();
  // The key of a request, or empty when the database fingerprint is unknown.
  static std::optional<std::string> Key(const SiteModel& model, const Db& db,
                                        const Request& request);
  bool Lookup(const std::string& key, Response* response) const;
  void Store(const std::string& key, const Response& response);
  // 0 turns caching off (lookups miss, nothing is stored).
  void set_capacity(size_t entries);
  size_t capacity() const;
  uint64_t hits() const;
  uint64_t misses() const;

 private:
  ResponseCache() = default;
  mutable std::mutex mu_;
  std::unordered_map<std::string, Response> entries_;
  std::deque<std::string> order_;
  size_t capacity_ = 4096;
  mutable uint64_t hits_ = 0, misses_ = 0;
};

// Placeholder hosts of WebArena task files and the base URLs the simulator serves them at.
struct SiteHost {
  const char* name;
  const char* placeholder;
  const char* base_url;
};
const std::vector<SiteHost>& KnownSiteHosts();
// Replaces every known placeholder (__SHOPPING__, ...) in text with its base URL.
std::string ExpandPlaceholders(std::string_view text);

// The registry: builds a site once per (name, seed) and caches it process-wide (thread-safe).
Result<std::shared_ptr<const SiteModel>> GetSite(std::string_view name,
                                                 const SiteOptions& options = {});
// Names of the sites this build can simulate.
std::vector<std::string> AvailableSites();

}  // namespace wa

#endif  // WEBAGENT_SIM_SITE_H_
