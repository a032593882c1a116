#include "bridge/server.h"

#include <httplib.h>
#include <sys/socket.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <fstream>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "sim/db.h"
#include "sim/rng.h"
#include "sim/site.h"
#include "sim/url.h"

namespace wa {

namespace {

constexpr const char* kStateCookie = "wa_state";

// "a=b; c=d" -> {a: b, c: d}.
std::map<std::string, std::string> ParseCookies(const std::string& header) {
  std::map<std::string, std::string> out;
  size_t i = 0;
  while (i < header.size()) {
    size_t end = header.find(';', i);
    if (end == std::string::npos) end = header.size();
    std::string part = header.substr(i, end - i);
    while (!part.empty() && part.front() == ' ') part.erase(0, 1);
    const size_t eq = part.find('=');
    if (eq != std::string::npos && eq > 0) out[part.substr(0, eq)] = part.substr(eq + 1);
    i = end + 1;
  }
  return out;
}

bool SafeCookieValue(const std::string& v) {
  for (unsigned char c : v) {
    if (c < 0x21 || c > 0x7e || c == ';' || c == ',' || c == '"' || c == '\\') return false;
  }
  return true;
}

}  // namespace

struct Session {
  std::mutex mu;
  std::map<std::string, std::unique_ptr<Db>> dbs;  // site name -> its database
  Rng rng{0};
  int64_t requests = 0;
  int64_t fixed_now = -1;  // >= 0: the clock stands here (set by /__sim/reset or /__sim/clock)
  int logged_in = -1;      // 0/1: set by /__sim/reset; -1: the server's option
  uint64_t last_used = 0;
};

struct SimServer::Impl {
  ServeOptions options;
  std::vector<std::shared_ptr<const SiteModel>> models;
  std::vector<ServedSite> served;
  std::vector<std::unique_ptr<httplib::Server>> servers;
  std::vector<std::thread> threads;
  mutable std::mutex mu;  // sessions, log
  std::map<std::string, std::shared_ptr<Session>> sessions;
  uint64_t session_counter = 0;
  std::atomic<uint64_t> requests{0};
  std::ofstream log;
  Rng ids{0};
  bool stopped = false;

  // The session of a state cookie, or a new one (`created` says which).
  std::shared_ptr<Session> SessionFor(const std::string& id, std::string* id_out, bool* created) {
    std::lock_guard<std::mutex> lock(mu);
    ++session_counter;
    auto it = sessions.find(id);
    if (it != sessions.end()) {
      it->second->last_used = session_counter;
      *id_out = id;
      *created = false;
      return it->second;
    }
    if (sessions.size() >= options.max_sessions) {
      auto oldest = sessions.begin();
      for (auto s = sessions.begin(); s != sessions.end(); ++s) {
        if (s->second->last_used < oldest->second->last_used) oldest = s;
      }
      sessions.erase(oldest);
    }
    char buf[40];
    std::snprintf(buf, sizeof(buf), "%016llx%04llx", static_cast<unsigned long long>(ids.NextU64()),
                  static_cast<unsigned long long>(session_counter & 0xffff));
    auto s = std::make_shared<Session>();
    s->rng = Rng(options.seed).Split(buf);
    s->last_used = session_counter;
    sessions[buf] = s;
    *id_out = buf;
    *created = true;
    return s;
  }

  Result<Db*> DbOf(Session& s, const SiteModel& m) {
    auto it = s.dbs.find(m.name);
    if (it != s.dbs.end()) return it->second.get();
    auto db = Db::OpenMemory();
    if (!db.ok()) return db.status();
    WA_RETURN_IF_ERROR((*db)->Deserialize(m.pristine, m.pristine_hash));
    Db* raw = db->get();
    s.dbs[m.name] = std::move(*db);
    return raw;
  }

  void Log(const nlohmann::json& entry) {
    std::lock_guard<std::mutex> lock(mu);
    if (log.is_open()) log << entry.dump() << "\n" << std::flush;
  }

  // Serves one request arriving on `port` (the sites listening there are `group`).
  void Handle(const std::vector<const SiteModel*>& group, int canonical_port,
              const httplib::Request& hreq, httplib::Response& hres) {
    const auto t0 = std::chrono::steady_clock::now();
    ++requests;
    const std::map<std::string, std::string> cookies =
        ParseCookies(hreq.get_header_value("Cookie"));
    std::string sid;
    bool created = false;
    auto it = cookies.find(kStateCookie);
    auto session = SessionFor(it == cookies.end() ? "" : it->second, &sid, &created);
    if (created) {
      hres.set_header("Set-Cookie", std::string(kStateCookie) + "=" + sid + "; Path=/");
    }
    int status = 0;
    std::string site_name;
    {
      std::lock_guard<std::mutex> lock(session->mu);
      status = Serve(group, canonical_port, hreq, *session, cookies, sid, &hres, &site_name);
    }
    const auto us =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    Log({{"session", sid},
         {"method", hreq.method},
         {"target", hreq.target},
         {"site", site_name},
         {"status", status},
         {"us", us}});
  }

  // The control endpoints under /__sim/ (see server.h).
  template <typename Plain>
  int Control(const httplib::Request& hreq, const Url& url, Session& session,
              const std::string& sid, httplib::Response* hres, const Plain& plain) {
    QueryParams form = url.Params();
    if (hreq.method == "POST") {
      for (auto& kv : ParseQuery(hreq.body)) form.push_back(std::move(kv));
    }
    auto param = [&](const std::string& key) -> std::optional<std::string> {
      for (const auto& [k, v] : form) {
        if (k == key) return v;
      }
      return std::nullopt;
    };
    auto integer = [](const std::string& text, int64_t* out) {
      if (text.empty() || text.size() > 19) return false;
      for (size_t i = 0; i < text.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(text[i])) && !(i == 0 && text[i] == '-')) {
          return false;
        }
      }
      *out = std::strtoll(text.c_str(), nullptr, 10);
      return true;
    };
    if (url.path == "/__sim/session") return plain(200, sid);
    if (url.path == "/__sim/reset" || url.path == "/__sim/clock") {
      if (hreq.method != "POST") return plain(405, url.path + " needs POST");
      int64_t now = -1, seed = 0;
      if (auto t = param(url.path == "/__sim/reset" ? "time" : "now")) {
        if (!integer(*t, &now) || now < 0) return plain(400, "bad time '" + t->substr(0, 40) + "'");
      } else if (url.path == "/__sim/clock") {
        return plain(400, "clock needs now=UNIX_SECONDS");
      }
      if (auto v = param("seed")) {
        if (!integer(*v, &seed)) return plain(400, "bad seed '" + v->substr(0, 40) + "'");
      }
      const std::optional<std::string> login = param("login");
      if (login && *login != "0" && *login != "1") return plain(400, "login must be 0 or 1");
      if (url.path == "/__sim/clock") {
        session.fixed_now = now;
        return plain(200, "clock " + std::to_string(now));
      }
      for (auto& [name, db] : session.dbs) {
        for (const auto& m : models) {
          if (m->name == name) {
            Status st = db->Deserialize(m->pristine, m->pristine_hash);
            if (!st.ok()) return plain(500, st.message());
          }
        }
      }
      session.requests = 0;
      session.fixed_now = now;
      if (login) session.logged_in = *login == "1";
      if (param("seed")) session.rng = Rng(static_cast<uint64_t>(seed));
      return plain(200, "reset");
    }
    if (url.path == "/__sim/db") {
      if (hreq.method != "GET") return plain(405, "db needs GET");
      const std::string site = param("site").value_or("");
      const SiteModel* model = nullptr;
      for (const auto& m : models) {
        if (m->name == site) model = m.get();
      }
      if (model == nullptr) return plain(404, "no site '" + site.substr(0, 40) + "' is served");
      auto db = DbOf(session, *model);
      if (!db.ok()) return plain(500, db.status().message());
      std::vector<uint8_t> image;
      Status st = (*db)->Serialize(&image);
      if (!st.ok()) return plain(500, st.message());
      hres->status = 200;
      hres->set_content(std::string(image.begin(), image.end()), "application/vnd.sqlite3");
      return 200;
    }
    return plain(404, "no control endpoint " + url.path);
  }

  int Serve(const std::vector<const SiteModel*>& group, int canonical_port,
            const httplib::Request& hreq, Session& session,
            const std::map<std::string, std::string>& cookies, const std::string& sid,
            httplib::Response* hres, std::string* site_name) {
    auto plain = [&](int status, const std::string& text) {
      hres->status = status;
      hres->set_content(text + "\n", "text/plain; charset=utf-8");
      return status;
    };
    const std::string& target = hreq.target;
    if (target.empty() || target[0] != '/') return plain(400, "bad request target");
    // The request as the simulator sees it: the site's canonical origin (its links and
    // redirects name it), the raw path and query.
    auto url = ParseUrl("http://localhost:" + std::to_string(canonical_port) + target);
    if (!url.ok()) return plain(400, "bad request target: " + url.status().message());
    const std::string raw_path = target.substr(0, target.find('?'));
    if (raw_path.find("/../") != std::string::npos ||
        raw_path.find("%2e%2e") != std::string::npos ||
        raw_path.find("%2E%2E") != std::string::npos ||
        (raw_path.size() >= 3 && raw_path.compare(raw_path.size() - 3, 3, "/..") == 0)) {
      return plain(400, "path escapes the site");
    }
    if (url->path.rfind("/__sim/", 0) == 0) {
      return Control(hreq, *url, session, sid, hres, plain);
    }
    const SiteModel* model = nullptr;
    for (const SiteModel* m : group) {
      if (m->Owns(*url)) {
        model = m;
        break;
      }
    }
    if (model == nullptr) model = group.front();
    *site_name = model->name;
    const bool first_visit = session.dbs.count(model->name) == 0;
    auto db = DbOf(session, *model);
    if (!db.ok()) return plain(500, db.status().message());
    Request req;
    req.method = hreq.method;
    req.url = *url;
    req.query = url->Params();
    if (hreq.method == "POST") {
      const std::string type = hreq.get_header_value("Content-Type");
      if (!hreq.body.empty() &&
          type.find("application/x-www-form-urlencoded") == std::string::npos) {
        return plain(415, "forms must be application/x-www-form-urlencoded");
      }
      req.form = ParseQuery(hreq.body);
    } else if (hreq.method != "GET") {
      return plain(405, "method not allowed");
    }
    // Browsers share cookies between the ports of one host, so each site's cookies travel under
    // its own prefix ("reddit.PHPSESSID"): sites never see, or overwrite, each other's.
    const std::string prefix = model->name + ".";
    for (const auto& [k, v] : cookies) {
      if (k.compare(0, prefix.size(), prefix) == 0) req.cookies[k.substr(prefix.size())] = v;
    }
    // A session starts signed in to each site it visits, as an episode does.
    const bool log_in = session.logged_in >= 0 ? session.logged_in == 1 : options.logged_in;
    if (first_visit && log_in && !model->default_user.empty() &&
        !req.cookies.count(model->session_cookie)) {
      req.cookies[model->session_cookie] = model->default_user;
      hres->set_header("Set-Cookie",
                       prefix + model->session_cookie + "=" + model->default_user + "; Path=/");
    }
    const int64_t now = session.fixed_now >= 0
                            ? session.fixed_now
                            : options.start_time + options.seconds_per_request * session.requests;
    ++session.requests;
    SiteContext ctx(now, &session.rng);
    ctx.model = model;
    ctx.db = *db;
    auto sess = req.cookies.find(model->session_cookie);
    if (sess != req.cookies.end()) ctx.user = sess->second;
    Response resp;
    model->Dispatch(&req, &ctx, &resp);
    for (const auto& [k, v] : resp.set_cookies) {
      if (!SafeCookieValue(k) || !SafeCookieValue(v)) continue;
      hres->set_header("Set-Cookie", v.empty() ? prefix + k + "=; Path=/; Max-Age=0"
                                               : prefix + k + "=" + v + "; Path=/");
    }
    if (!resp.location.empty()) {
      hres->status = 303;
      hres->set_header("Location", resp.location);
      return 303;
    }
    hres->status = resp.status;
    // As WebArena's sites send their signed-in pages: never stored, so a browser reloads a page
    // on back and forward (as the simulator does) instead of restoring it from its cache.
    if (resp.content_type.rfind("text/html", 0) == 0) hres->set_header("Cache-Control", "no-store");
    hres->set_content(resp.body, resp.content_type);
    return resp.status;
  }
};

SimServer::SimServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

SimServer::~SimServer() { Stop(); }

const std::vector<ServedSite>& SimServer::sites() const { return impl_->served; }

size_t SimServer::sessions() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->sessions.size();
}

uint64_t SimServer::requests() const { return impl_->requests.load(); }

void SimServer::Stop() {
  if (impl_->stopped) return;
  impl_->stopped = true;
  for (auto& s : impl_->servers) s->stop();
  for (auto& t : impl_->threads) {
    if (t.joinable()) t.join();
  }
}

Result<std::unique_ptr<SimServer>> SimServer::Start(const ServeOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  impl->ids = Rng(options.seed ^ static_cast<uint64_t>(
                                     std::chrono::steady_clock::now().time_since_epoch().count()));
  if (!options.log_path.empty()) {
    impl->log.open(options.log_path, std::ios::app);
    if (!impl->log) return InvalidArgument("cannot open the request log " + options.log_path);
  }
  std::vector<std::string> names = options.sites.empty() ? AvailableSites() : options.sites;
  SiteOptions so;
  so.seed = options.seed;
  // Sites grouped by the port they listen on (a site with a base path shares its origin).
  std::map<int, std::vector<const SiteModel*>> by_port;
  for (const std::string& name : names) {
    auto m = GetSite(name, so);
    if (!m.ok()) return m.status();
    impl->models.push_back(*m);
    const int port = (*m)->base().port == 0 ? 80 : (*m)->base().port;
    by_port[port].push_back(m->get());
  }
  Impl* raw = impl.get();
  for (const auto& [port, group] : by_port) {
    auto server = std::make_unique<httplib::Server>();
    server->set_payload_max_length(1 << 20);
    // SO_REUSEADDR alone, in place of httplib's SO_REUSEPORT: a restarted server still binds
    // while the earlier one's connections sit in TIME_WAIT, and the bind fails on a port that
    // something listens on (with SO_REUSEPORT on both, the kernel would share the port and split
    // the connections), which is how a taken port is reported.
    server->set_socket_options([](socket_t sock) {
      int yes = 1;
      setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    });
    const int canonical = port;
    const std::vector<const SiteModel*> members = group;
    auto handler = [raw, members, canonical](const httplib::Request& req, httplib::Response& res) {
      raw->Handle(members, canonical, req, res);
    };
    server->Get(".*", handler);
    server->Post(".*", handler);
    server->Put(".*", handler);
    server->Delete(".*", handler);
    server->set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
          res.status = 500;
          res.set_content("internal error\n", "text/plain");
        });
    const int listen_port = port + options.port_offset;
    if (listen_port <= 0 || listen_port > 65535 ||
        !server->bind_to_port(options.host.c_str(), listen_port)) {
      for (auto& s : impl->servers) s->stop();
      for (auto& t : impl->threads) t.join();
      return FailedPrecondition("cannot listen on " + options.host + ":" +
                                std::to_string(listen_port));
    }
    for (const SiteModel* m : group) {
      impl->served.push_back(
          {m->name, "http://" + options.host + ":" + std::to_string(listen_port), listen_port});
    }
    httplib::Server* s = server.get();
    impl->threads.emplace_back([s] { s->listen_after_bind(); });
    impl->servers.push_back(std::move(server));
  }
  for (auto& s : impl->servers) {
    while (!s->is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return std::unique_ptr<SimServer>(new SimServer(std::move(impl)));
}

}  // namespace wa
