#include "sim/url.h"

#include "sim/db.h"
#include "sim/rng.h"
#include "sim/site.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

TEST_CASE("URL parsing and resolution", "[url]") {
  auto u = ParseUrl("HTTP://LocalHost:8099/a/b/../c?x=1#frag");
  REQUIRE(u.ok());
  CHECK(u->host == "localhost");
  CHECK(u->port == 8099);
  CHECK(u->path == "/a/c");
  CHECK(u->query == "x=1");
  CHECK(u->fragment == "frag");
  CHECK(u->ToString() == "http://localhost:8099/a/c?x=1#frag");
  CHECK(ParseUrl("http://h:80/").value().ToString() == "http://h/");
  CHECK_FALSE(ParseUrl("ftp://x/").ok());
  CHECK_FALSE(ParseUrl("/relative").ok());
  CHECK_FALSE(ParseUrl("http://h:99999/").ok());
  Url base = *ParseUrl("http://h/a/b/c?q=1");
  CHECK(ResolveUrl(base, "d").value().ToString() == "http://h/a/b/d");
  CHECK(ResolveUrl(base, "../d").value().ToString() == "http://h/a/d");
  CHECK(ResolveUrl(base, "/d?x").value().ToString() == "http://h/d?x");
  CHECK(ResolveUrl(base, "?z=2").value().ToString() == "http://h/a/b/c?z=2");
  CHECK(ResolveUrl(base, "#top").value().ToString() == "http://h/a/b/c?q=1#top");
  CHECK(ResolveUrl(base, "//other:1/x").value().ToString() == "http://other:1/x");
  CHECK(ResolveUrl(base, "http://x/y").value().ToString() == "http://x/y");
}

TEST_CASE("Form encoding", "[url]") {
  CHECK(UrlEncode("a b&c=d/é") == "a+b%26c%3Dd%2F%C3%A9");
  CHECK(UrlDecode("a+b%26c%3Dd%2F%C3%A9") == "a b&c=d/é");
  CHECK(UrlDecode("100%") == "100%");
  CHECK(UrlDecode("%zz") == "%zz");
  auto q = ParseQuery("a=1&b=&c&a=2&e=x%20y");
  REQUIRE(q.size() == 5);
  CHECK(GetParam(q, "a") == "1");
  CHECK(HasParam(q, "c"));
  CHECK(GetParam(q, "e") == "x y");
  CHECK(EncodeQuery({{"q", "switch accessories"}}) == "q=switch+accessories");
}

TEST_CASE("Placeholders expand to the simulated hosts", "[url][site]") {
  CHECK(ExpandPlaceholders("__SHOPPING_ADMIN__/sales/order/ |AND| __SHOPPING__") ==
        "http://localhost:7780/admin/sales/order/ |AND| http://localhost:7770");
  CHECK(ExpandPlaceholders("__MAP__/search?query=x") == "http://localhost:3000/search?query=x");
}

TEST_CASE("Rng is deterministic, splittable and unbiased enough", "[rng]") {
  Rng a(5), b(5);
  for (int i = 0; i < 100; ++i) CHECK(a.NextU64() == b.NextU64());
  Rng s1 = a.Split(1), s2 = a.Split(2);
  CHECK(s1.NextU64() != s2.NextU64());
  Rng c(9);
  int counts[6] = {0};
  for (int i = 0; i < 60000; ++i) counts[c.Uniform(6)]++;
  for (int k : counts) CHECK(std::abs(k - 10000) < 500);
  for (int i = 0; i < 1000; ++i) {
    int64_t v = c.Range(-3, 3);
    CHECK(v >= -3);
    CHECK(v <= 3);
  }
}

TEST_CASE("Db: bound parameters, snapshot and content hash", "[db]") {
  auto db = Db::OpenMemory();
  REQUIRE(db.ok());
  Db& d = **db;
  REQUIRE(d.Exec("CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT)").ok());
  REQUIRE(d.Run("INSERT INTO t (s) VALUES (?)", {"'; DROP TABLE t; --"}).ok());
  CHECK(*d.QueryText("SELECT s FROM t", {}) == "'; DROP TABLE t; --");
  uint64_t h1 = *d.ContentHash();
  std::vector<uint8_t> image;
  REQUIRE(d.Serialize(&image).ok());
  REQUIRE(d.Run("INSERT INTO t (s) VALUES (?)", {"x"}).ok());
  CHECK(*d.ContentHash() != h1);
  REQUIRE(d.Deserialize(image).ok());
  CHECK(*d.ContentHash() == h1);
  CHECK(*d.QueryInt("SELECT COUNT(*) FROM t", {}) == 1);
  auto bad = d.Run("INSERT INTO t (s) VALUES (?)", {});
  CHECK_FALSE(bad.ok());
  CHECK_FALSE(d.Run("SELECT * FROM missing").ok());
}

TEST_CASE("Db: state fingerprint follows writes, not reads", "[db]") {
  auto open = [] {
    auto db = Db::OpenMemory();
    REQUIRE(db.ok());
    REQUIRE((*db)->Exec("CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT, x REAL)").ok());
    return std::move(*db);
  };
  auto a = open(), b = open();
  REQUIRE(a->StateFingerprint().has_value());
  CHECK(a->StateFingerprint() == b->StateFingerprint());
  std::vector<uint8_t> image;
  REQUIRE(a->Serialize(&image).ok());
  REQUIRE(a->Deserialize(image, 42).ok());
  REQUIRE(b->Deserialize(image, 42).ok());
  auto start = a->StateFingerprint();
  CHECK(start == b->StateFingerprint());
  // Reads leave it alone.
  CHECK(*a->QueryInt("SELECT COUNT(*) FROM t", {}) == 0);
  CHECK(a->StateFingerprint() == start);
  // The same writes give the same fingerprint; different values give a different one.
  REQUIRE(a->Run("INSERT INTO t (s, x) VALUES (?, ?)", {"one", 1.5}).ok());
  CHECK(a->StateFingerprint() != start);
  REQUIRE(b->Run("INSERT INTO t (s, x) VALUES (?, ?)", {"one", 2.5}).ok());
  CHECK(a->StateFingerprint() != b->StateFingerprint());
  REQUIRE(b->Deserialize(image, 42).ok());
  REQUIRE(b->Run("INSERT INTO t (s, x) VALUES (?, ?)", {"one", 1.5}).ok());
  CHECK(a->StateFingerprint() == b->StateFingerprint());
  // Another image hash starts elsewhere; a restore without one leaves the fingerprint unknown.
  REQUIRE(b->Deserialize(image, 43).ok());
  CHECK(b->StateFingerprint() != start);
  REQUIRE(b->Deserialize(image).ok());
  CHECK_FALSE(b->StateFingerprint().has_value());
}

TEST_CASE("Db: restoring the same image again after no change is skipped, never wrong", "[db]") {
  auto db = Db::OpenMemory();
  REQUIRE(db.ok());
  Db& d = **db;
  REQUIRE(d.Exec("CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT)").ok());
  REQUIRE(d.Run("INSERT INTO t (s) VALUES (?)", {"a"}).ok());
  std::vector<uint8_t> image;
  REQUIRE(d.Serialize(&image).ok());
  REQUIRE(d.Deserialize(image, 7).ok());
  const uint64_t pristine = *d.ContentHash();
  const auto start = d.StateFingerprint();
  // Reads only: the restore is skipped and the state is the pristine one.
  CHECK(*d.QueryInt("SELECT COUNT(*) FROM t", {}) == 1);
  REQUIRE(d.Deserialize(image, 7).ok());
  CHECK(*d.ContentHash() == pristine);
  CHECK(d.StateFingerprint() == start);
  // A row change, an update that changes nothing visible, a schema change and an open
  // transaction each force a real restore.
  REQUIRE(d.Run("INSERT INTO t (s) VALUES (?)", {"b"}).ok());
  REQUIRE(d.Deserialize(image, 7).ok());
  CHECK(*d.QueryInt("SELECT COUNT(*) FROM t", {}) == 1);
  REQUIRE(d.Run("UPDATE t SET s = s", {}).ok());
  REQUIRE(d.Deserialize(image, 7).ok());
  CHECK(*d.ContentHash() == pristine);
  REQUIRE(d.Exec("CREATE TABLE u (x)").ok());
  REQUIRE(d.Deserialize(image, 7).ok());
  CHECK(*d.QueryInt("SELECT COUNT(*) FROM sqlite_master WHERE name = 'u'", {}) == 0);
  REQUIRE(d.Exec("BEGIN").ok());
  REQUIRE(d.Deserialize(image, 7).ok());
  CHECK(*d.ContentHash() == pristine);
  // A different image with the same contents' hash is copied (the address differs).
  std::vector<uint8_t> other = image;
  REQUIRE(d.Run("INSERT INTO t (s) VALUES (?)", {"c"}).ok());
  REQUIRE(d.Deserialize(other, 7).ok());
  CHECK(*d.ContentHash() == pristine);
}

}  // namespace
}  // namespace wa
