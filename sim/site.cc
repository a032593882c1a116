#include "sim/site.h"

#include <algorithm>
#include <mutex>

#include "sim/dom.h"

namespace wa {

// Site builders live in sim/sites/; each is declared here to keep the registry in one place.
Result<std::shared_ptr<const SiteModel>> BuildFixtureSite(const SiteOptions& options);
Result<std::shared_ptr<const SiteModel>> BuildShoppingSite(const SiteOptions& options);
Result<std::shared_ptr<const SiteModel>> BuildRedditSite(const SiteOptions& options);
Result<std::shared_ptr<const SiteModel>> BuildAdminSite(const SiteOptions& options);
Result<std::shared_ptr<const SiteModel>> BuildGitlabSite(const SiteOptions& options);
Result<std::shared_ptr<const SiteModel>> BuildMapSite(const SiteOptions& options);
Result<std::shared_ptr<const SiteModel>> BuildWikiSite(const SiteOptions& options);

namespace {

std::vector<std::string> SplitPath(std::string_view path) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < path.size()) {
    if (path[i] == '/') {
      ++i;
      continue;
    }
    size_t j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    out.emplace_back(path.substr(i, j - i));
    i = j;
  }
  return out;
}

// Matches one segment pattern ("lit", "{x}", "{x}.html", "p-{x}") and appends the capture.
bool MatchSegment(const std::string& pattern, const std::string& seg,
                  std::vector<std::string>* captures) {
  size_t open = pattern.find('{');
  if (open == std::string::npos) return pattern == seg;
  size_t close = pattern.find('}', open);
  std::string_view prefix = std::string_view(pattern).substr(0, open);
  std::string_view suffix = std::string_view(pattern).substr(close + 1);
  if (seg.size() <= prefix.size() + suffix.size()) return false;
  if (std::string_view(seg).substr(0, prefix.size()) != prefix) return false;
  if (std::string_view(seg).substr(seg.size() - suffix.size()) != suffix) return false;
  captures->push_back(UrlDecode(
      std::string_view(seg).substr(prefix.size(), seg.size() - prefix.size() - suffix.size())));
  return true;
}

}  // namespace

void SiteModel::SetBaseUrl(std::string url) {
  base_url = std::move(url);
  auto parsed = ParseUrl(base_url);
  WA_CHECK(parsed.ok());
  base_ = *parsed;
  if (base_.path.size() > 1 && base_.path.back() == '/') base_.path.pop_back();
}

bool SiteModel::Owns(const Url& url) const {
  if (url.Origin() != base_.Origin()) return false;
  if (base_.path == "/") return true;
  return url.path == base_.path || (url.path.size() > base_.path.size() &&
                                    url.path.compare(0, base_.path.size(), base_.path) == 0 &&
                                    url.path[base_.path.size()] == '/');
}

std::string SiteModel::RelativePath(const Url& url) const {
  if (base_.path == "/") return url.path;
  std::string rel = url.path.substr(base_.path.size());
  return rel.empty() ? "/" : rel;
}

void SiteModel::AddRoute(std::string method, std::string pattern, Handler handler) {
  Route r;
  r.method = std::move(method);
  r.segments = SplitPath(pattern);
  if (!r.segments.empty() && r.segments.back() == "*") {
    r.rest = true;
    r.segments.pop_back();
  }
  r.handler = std::move(handler);
  routes_.push_back(std::move(r));
}

void SiteModel::Dispatch(Request* req, SiteContext* ctx, Response* resp) const {
  std::vector<std::string> segs = SplitPath(RelativePath(req->url));
  bool path_matched = false;
  for (const Route& r : routes_) {
    if (r.rest ? segs.size() < r.segments.size() : segs.size() != r.segments.size()) continue;
    std::vector<std::string> captures;
    bool ok = true;
    for (size_t i = 0; i < r.segments.size() && ok; ++i) {
      ok = MatchSegment(r.segments[i], segs[i], &captures);
    }
    if (!ok) continue;
    path_matched = true;
    if (r.method != req->method) continue;
    if (r.rest) {
      std::string rest;
      for (size_t i = r.segments.size(); i < segs.size(); ++i) rest += "/" + segs[i];
      captures.push_back(rest);
    }
    req->captures = std::move(captures);
    Status st = r.handler(*req, *ctx, resp);
    if (!st.ok()) {
      *resp = Response();
      resp->status = st.code() == StatusCode::kNotFound          ? 404
                     : st.code() == StatusCode::kInvalidArgument ? 400
                                                                 : 500;
      resp->body = error_page ? error_page(resp->status, st.message(), *ctx)
                              : "<html><body><h1>Error</h1><p>" + HtmlEscape(st.message()) +
                                    "</p></body></html>";
    }
    return;
  }
  *resp = Response();
  resp->status = path_matched ? 405 : 404;
  std::string msg = path_matched ? "Method not allowed" : "The page you requested was not found.";
  resp->body = error_page ? error_page(resp->status, msg, *ctx)
                          : "<html><head><title>404 Not Found</title></head><body><h1>404 Not "
                            "Found</h1><p>" +
                                msg + "</p></body></html>";
}

const std::vector<SiteHost>& KnownSiteHosts() {
  static const std::vector<SiteHost> kHosts = {
      {"shopping", "__SHOPPING__", "http://localhost:7770"},
      {"shopping_admin", "__SHOPPING_ADMIN__", "http://localhost:7780/admin"},
      {"reddit", "__REDDIT__", "http://localhost:9999"},
      {"gitlab", "__GITLAB__", "http://localhost:8023"},
      {"map", "__MAP__", "http://localhost:3000"},
      {"wikipedia", "__WIKIPEDIA__", "http://localhost:8888"},
      {"fixture", "__FIXTURE__", "http://localhost:8099"},
  };
  return kHosts;
}

std::string ExpandPlaceholders(std::string_view text) {
  std::string out(text);
  // Longest placeholders first (__SHOPPING_ADMIN__ before __SHOPPING__).
  std::vector<const SiteHost*> hosts;
  for (const SiteHost& h : KnownSiteHosts()) hosts.push_back(&h);
  std::sort(hosts.begin(), hosts.end(), [](const SiteHost* a, const SiteHost* b) {
    return std::string_view(a->placeholder).size() > std::string_view(b->placeholder).size();
  });
  for (const SiteHost* h : hosts) {
    std::string_view ph = h->placeholder;
    size_t pos = 0;
    while ((pos = out.find(ph, pos)) != std::string::npos) {
      out.replace(pos, ph.size(), h->base_url);
      pos += std::string_view(h->base_url).size();
    }
  }
  return out;
}

ResponseCache& ResponseCache::Global() {
  static ResponseCache* cache = new ResponseCache();
  return *cache;
}

std::optional<std::string> ResponseCache::Key(const SiteModel& model, const Db& db,
                                              const Request& request) {
  std::optional<uint64_t> fp = db.StateFingerprint();
  if (!fp) return std::nullopt;
  std::string key = std::to_string(reinterpret_cast<uintptr_t>(&model)) + ' ' +
                    std::to_string(*fp) + ' ' + request.method + ' ' + request.url.ToString();
  for (const auto& [k, v] : request.cookies) {
    key += '\n';
    key += k;
    key += '=';
    key += v;
  }
  return key;
}

bool ResponseCache::Lookup(const std::string& key, Response* response) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = capacity_ == 0 ? entries_.end() : entries_.find(key);
  if (it == entries_.end()) {
    ++misses_;
    return false;
  }
  ++hits_;
  *response = it->second;
  return true;
}

void ResponseCache::Store(const std::string& key, const Response& response) {
  std::lock_guard<std::mutex> lock(mu_);
  if (capacity_ == 0) return;
  auto [it, inserted] = entries_.insert_or_assign(key, response);
  if (inserted) order_.push_back(key);
  while (order_.size() > capacity_) {
    entries_.erase(order_.front());
    order_.pop_front();
  }
}

void ResponseCache::set_capacity(size_t entries) {
  std::lock_guard<std::mutex> lock(mu_);
  capacity_ = entries;
}
size_t ResponseCache::capacity() const {
  std::lock_guard<std::mutex> lock(mu_);
  return capacity_;
}
uint64_t ResponseCache::hits() const {
  std::lock_guard<std::mutex> lock(mu_);
  return hits_;
}
uint64_t ResponseCache::misses() const {
  std::lock_guard<std::mutex> lock(mu_);
  return misses_;
}

std::vector<std::string> AvailableSites() {
  return {"fixture", "shopping", "shopping_admin", "reddit", "gitlab", "map", "wikipedia"};
}

Result<std::shared_ptr<const SiteModel>> GetSite(std::string_view name,
                                                 const SiteOptions& options) {
  static std::mutex mu;
  static std::map<std::pair<std::string, uint64_t>, std::shared_ptr<const SiteModel>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto key = std::make_pair(std::string(name), options.seed);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  Result<std::shared_ptr<const SiteModel>> site = NotFound("");
  if (name == "fixture") {
    site = BuildFixtureSite(options);
  } else if (name == "shopping") {
    site = BuildShoppingSite(options);
  } else if (name == "reddit") {
    site = BuildRedditSite(options);
  } else if (name == "shopping_admin") {
    site = BuildAdminSite(options);
  } else if (name == "gitlab") {
    site = BuildGitlabSite(options);
  } else if (name == "map") {
    site = BuildMapSite(options);
  } else if (name == "wikipedia") {
    site = BuildWikiSite(options);
  } else {
    std::string known;
    for (const std::string& s : AvailableSites()) known += (known.empty() ? "" : ", ") + s;
    return NotFound("site '" + std::string(name) +
                    "' is not available in this build (have: " + known + ")");
  }
  if (!site.ok()) return site.status();
  cache.emplace(key, *site);
  return *site;
}

}  // namespace wa
