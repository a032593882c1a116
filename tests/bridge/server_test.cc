#include <httplib.h>

#include <thread>

#include "bridge/server.h"
#include "catch2/catch.hpp"
#include "sim/db.h"
#include "sim/site.h"

namespace wa {
namespace {

// Ports well away from WebArena's, so a running `webagent serve` does not collide, and below the
// ephemeral range (32768 and up), where an outgoing connection may already hold a port. The
// Chromium tests use offsets 11200..12500 in steps of 100 (no two sites' ports collide).
constexpr int kOffset = 11000;

struct Client {
  explicit Client(int port) : http("127.0.0.1", port) {
    http.set_url_encode(false);  // send targets as written ('+' stays '+')
  }
  httplib::Result Get(const std::string& path) { return http.Get(path.c_str(), Headers()); }
  httplib::Result Post(const std::string& path, const std::string& form) {
    return http.Post(path.c_str(), Headers(), form, "application/x-www-form-urlencoded");
  }
  httplib::Headers Headers() const {
    std::string c;
    for (const auto& [k, v] : cookies) c += (c.empty() ? "" : "; ") + k + "=" + v;
    return c.empty() ? httplib::Headers() : httplib::Headers{{"Cookie", c}};
  }
  // Keeps the cookies a response sets.
  void Keep(const httplib::Result& r) {
    if (!r) return;
    for (const auto& [k, v] : r->headers) {
      if (k != "Set-Cookie") continue;
      const std::string pair = v.substr(0, v.find(';'));
      const size_t eq = pair.find('=');
      if (eq == std::string::npos) continue;
      if (v.find("Max-Age=0") != std::string::npos) {
        cookies.erase(pair.substr(0, eq));
      } else {
        cookies[pair.substr(0, eq)] = pair.substr(eq + 1);
      }
    }
  }
  httplib::Client http;
  std::map<std::string, std::string> cookies;
};

int PortOf(const SimServer& s, const std::string& site) {
  for (const ServedSite& x : s.sites()) {
    if (x.name == site) return x.port;
  }
  FAIL("site not served: " << site);
  return 0;
}

TEST_CASE("serve: the simulated pages over HTTP, with sessions, reset and bad requests",
          "[bridge]") {
  ServeOptions o;
  o.sites = {"fixture", "map"};
  o.port_offset = kOffset;
  auto server = SimServer::Start(o);
  REQUIRE(server.ok());
  const int fixture = PortOf(**server, "fixture");
  CHECK(fixture == 8099 + kOffset);
  CHECK(PortOf(**server, "map") == 3000 + kOffset);

  // A page is the simulator's HTML; the stylesheet is served as CSS.
  Client a(fixture);
  auto home = a.Get("/");
  REQUIRE(home);
  CHECK(home->status == 200);
  a.Keep(home);
  CHECK(a.cookies.count("wa_state") == 1);
  auto sim_site = GetSite("fixture", SiteOptions{});
  REQUIRE(sim_site.ok());
  CHECK(home->get_header_value("Content-Type").find("text/html") == 0);
  auto css = a.Get("/static/site.css");
  REQUIRE(css);
  CHECK(css->status == 200);
  CHECK(css->body == (*sim_site)->stylesheet_css);
  // Unknown paths are the site's 404; escapes and bad methods are refused.
  auto missing = a.Get("/no/such/page");
  REQUIRE(missing);
  CHECK(missing->status == 404);
  for (const char* bad : {"/../etc/passwd", "/a/%2e%2e/b", "/x/.."}) {
    INFO(bad);
    auto r = a.Get(bad);
    REQUIRE(r);
    CHECK(r->status == 400);
  }
  auto put = a.http.Put("/", a.Headers(), "x", "text/plain");
  REQUIRE(put);
  CHECK(put->status == 405);
  auto reset_get = a.Get("/__sim/reset");
  REQUIRE(reset_get);
  CHECK(reset_get->status == 405);

  // The map answers a search with the same results the simulator shows.
  Client m(PortOf(**server, "map"));
  auto search = m.Get("/search?query=cafe%20near%20Hunt%20Library");
  REQUIRE(search);
  CHECK(search->status == 200);
  CHECK(search->body.find("De Fer Coffee &amp; Tea") != std::string::npos);
  // A form post's '+' query is redirected to the %20 URL (303 with Location).
  auto plus = m.Get("/search?query=hotels+near+Carnegie+Music+Hall");
  REQUIRE(plus);
  CHECK(plus->status == 303);
  // (httplib's client decodes header values; on the wire it is the %20 form, as curl shows.)
  CHECK(plus->get_header_value("Location") == "/search?query=hotels near Carnegie Music Hall");
  CHECK(server->get()->requests() >= 8);
}

TEST_CASE("serve: each session has its own state; reset restores it", "[bridge]") {
  ServeOptions o;
  o.sites = {"reddit"};
  o.port_offset = kOffset + 100;
  auto server = SimServer::Start(o);
  REQUIRE(server.ok());
  const int port = PortOf(**server, "reddit");
  Client a(port), b(port);
  a.Keep(a.Get("/"));
  b.Keep(b.Get("/"));
  REQUIRE(a.cookies.count("wa_state") == 1);
  REQUIRE(b.cookies.count("wa_state") == 1);
  CHECK(a.cookies["wa_state"] != b.cookies["wa_state"]);
  CHECK((*server)->sessions() == 2);
  // A new forum created by a is seen by a only.
  auto created =
      a.Post("/create_forum",
             "forum%5Bname%5D=bridgetest&forum%5Btitle%5D=Bridge+test&forum%5Bdescription%5D=x");
  REQUIRE(created);
  a.Keep(created);
  CHECK((created->status == 303 || created->status == 200));
  auto seen_a = a.Get("/f/bridgetest");
  auto seen_b = b.Get("/f/bridgetest");
  REQUIRE(seen_a);
  REQUIRE(seen_b);
  CHECK(seen_a->status == 200);
  CHECK(seen_b->status == 404);
  // Reset restores a's databases.
  auto reset = a.Post("/__sim/reset", "");
  REQUIRE(reset);
  CHECK(reset->status == 200);
  auto after = a.Get("/f/bridgetest");
  REQUIRE(after);
  CHECK(after->status == 404);
  // A form that is not urlencoded is refused.
  auto json_post = a.http.Post("/create_forum", a.Headers(), "{}", "application/json");
  REQUIRE(json_post);
  CHECK(json_post->status == 415);
  // A second server on a taken port fails cleanly.
  auto clash = SimServer::Start(o);
  CHECK_FALSE(clash.ok());
  (*server)->Stop();
}

TEST_CASE("serve: control endpoints seed, clock and expose a session's state", "[bridge]") {
  ServeOptions o;
  o.sites = {"fixture"};
  o.port_offset = kOffset + 300;  // 11200 is the Chromium parity test's (CTest runs both at once)
  auto server = SimServer::Start(o);
  REQUIRE(server.ok());
  Client a(PortOf(**server, "fixture"));
  auto sid = a.Get("/__sim/session");
  REQUIRE(sid);
  a.Keep(sid);
  CHECK(sid->status == 200);
  CHECK(sid->body == a.cookies["wa_state"] + "\n");
  CHECK((*server)->sessions() == 1);
  // The clock stands where reset puts it: a submission made now carries that time.
  auto reset = a.Post("/__sim/reset", "seed=7&time=1700000000");
  REQUIRE(reset);
  CHECK(reset->status == 200);
  a.Keep(a.Get("/form"));
  auto sent = a.Post(
      "/form", "name=Clock+Test&email=c%40example.com&category=order&priority=low&message=hi");
  REQUIRE(sent);
  a.Keep(sent);
  auto db_image = a.Get("/__sim/db?site=fixture");
  REQUIRE(db_image);
  REQUIRE(db_image->status == 200);
  auto db = Db::OpenMemory();
  REQUIRE(db.ok());
  std::vector<uint8_t> bytes(db_image->body.begin(), db_image->body.end());
  REQUIRE((*db)->Deserialize(bytes).ok());
  auto when = (*db)->QueryInt("SELECT created_at FROM submissions WHERE name = 'Clock Test'", {});
  REQUIRE(when.ok());
  CHECK(*when == 1700000000);
  // /__sim/clock moves it.
  REQUIRE(a.Post("/__sim/clock", "now=1700000300")->status == 200);
  sent = a.Post("/form", "name=Later&email=c%40example.com&category=order&priority=low&message=hi");
  REQUIRE(sent);
  db_image = a.Get("/__sim/db?site=fixture");
  REQUIRE(db_image);
  bytes.assign(db_image->body.begin(), db_image->body.end());
  REQUIRE((*db)->Deserialize(bytes).ok());
  when = (*db)->QueryInt("SELECT created_at FROM submissions WHERE name = 'Later'", {});
  REQUIRE(when.ok());
  CHECK(*when == 1700000300);
  // Bad control requests are 4xx and change nothing.
  CHECK(a.Post("/__sim/clock", "")->status == 400);
  CHECK(a.Post("/__sim/clock", "now=soon")->status == 400);
  CHECK(a.Post("/__sim/reset", "seed=x")->status == 400);
  CHECK(a.Post("/__sim/reset", "login=2")->status == 400);
  CHECK(a.Get("/__sim/reset")->status == 405);
  CHECK(a.Get("/__sim/db?site=reddit")->status == 404);
  CHECK(a.Get("/__sim/nothing")->status == 404);
  auto still = a.Get("/__sim/db?site=fixture");
  REQUIRE(still);
  CHECK(still->body == db_image->body);
  (*server)->Stop();
}

}  // namespace
}  // namespace wa
