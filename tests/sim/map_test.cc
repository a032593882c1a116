#include <map>
#include <set>

#include "sim/env.h"
#include "sim/site.h"
#include "sim/sites/map_data.h"
#include "sim/task_templates.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

std::shared_ptr<const MapWorld> World(uint64_t seed = 0) {
  auto w = MapWorld::Build(seed);
  REQUIRE(w.ok());
  return *w;
}

int Place(const MapWorld& w, const std::string& name) {
  const int i = w.FindByName(name);
  INFO(name);
  REQUIRE(i >= 0);
  return i;
}

MapRoute Route(const MapWorld& w, const std::string& a, const std::string& b, MapProfile p) {
  MapRoute r = w.Route(Place(w, a), Place(w, b), p);
  INFO(a << " -> " << b);
  REQUIRE(r.found);
  return r;
}

std::string Time(const MapWorld& w, const std::string& a, const std::string& b, MapProfile p) {
  return FormatMapTime(Route(w, a, b, p).seconds);
}
std::string Dist(const MapWorld& w, const std::string& a, const std::string& b, MapProfile p) {
  return FormatMapDistance(Route(w, a, b, p).meters);
}

std::string First(const MapWorld& w, const std::string& query) {
  std::vector<int> hits = w.Search(query, 1);
  INFO(query);
  REQUIRE(hits.size() == 1);
  return w.places[hits[0]].name;
}

constexpr MapProfile kCar = MapProfile::kCar, kFoot = MapProfile::kFoot,
                     kBike = MapProfile::kBicycle;

TEST_CASE("Map world: volume, categories, states and distinct coordinates, for two seeds",
          "[map]") {
  for (uint64_t seed : {0, 7}) {
    auto w = World(seed);
    CHECK(w->places.size() >= 3000);
    std::map<std::string, int> by_category;
    std::set<std::pair<double, double>> points;
    std::set<std::pair<std::string, int64_t>> ids;
    for (const MapPlace& p : w->places) {
      by_category[p.category]++;
      INFO(p.name);
      // Route URLs carry coordinates: every place must be the only one at its point.
      CHECK(points.insert({p.lat, p.lon}).second);
      CHECK(ids.insert({p.osm_type, p.id}).second);
      CHECK(p.lat > 38);
      CHECK(p.lat < 48);
      CHECK(p.lon > -83);
      CHECK(p.lon < -66);
    }
    for (const char* c : {"university", "cafe", "hotel", "pharmacy", "hospital", "airport",
                          "post_office", "police", "park", "museum", "supermarket", "library",
                          "state", "city", "town", "neighbourhood", "national_park"}) {
      INFO(c);
      CHECK(by_category[c] > 0);
    }
    CHECK(by_category["cafe"] >= 50);
    CHECK(w->states.size() == 13);
    const MapState* nh = w->State("New Hampshire");
    REQUIRE(nh != nullptr);
    CHECK(std::set<std::string>(nh->borders.begin(), nh->borders.end()) ==
          std::set<std::string>{"Maine", "Massachusetts", "Vermont", "Quebec"});
    // Borders are symmetric between the states the map has.
    for (const MapState& s : w->states) {
      for (const std::string& b : s.borders) {
        if (const MapState* o = w->State(b)) {
          INFO(s.name << " / " << b);
          CHECK(std::count(o->borders.begin(), o->borders.end(), s.name) == 1);
        }
      }
    }
  }
  // The generated places vary with the seed; the named ones do not.
  auto a = World(0), b = World(7);
  size_t moved = 0;
  for (size_t i = 0; i < a->places.size() && i < b->places.size(); ++i) {
    moved += a->places[i].name != b->places[i].name || a->places[i].lat != b->places[i].lat;
  }
  CHECK(moved > 1000);
  CHECK(a->places[Place(*a, "Fuku Tea")].lat == b->places[Place(*b, "Fuku Tea")].lat);
}

TEST_CASE("Map routing reproduces the published figures", "[map]") {
  auto w = World();
  CHECK(Time(*w, "Randyland", "Carnegie Mellon University", kCar) == "0:13");
  CHECK(Time(*w, "Randyland", "Carnegie Mellon University", kFoot) == "1:45");
  CHECK(Time(*w, "Carnegie Museum of Art", "Hunt Library", kFoot) == "0:11");
  CHECK(Time(*w, "Massachusetts Institute of Technology", "Harvard University", kFoot) == "0:47");
  CHECK(Time(*w, "Harvard University", "Boston Logan International Airport", kCar) == "0:17");
  CHECK(Time(*w, "Homewood Suites by Hilton Pittsburgh Southpointe", "PPG Paints Arena", kCar) ==
        "0:34");
  CHECK(Dist(*w, "University of Pittsburgh", "Fuku Tea", kFoot) == "653m");
  CHECK(Time(*w, "Scranton", "Bridgeport", kCar) == "3:20");
  CHECK(Time(*w, "Animal Rescue League of Pittsburgh", "Schenley Park", kCar) == "0:09");
  CHECK(Dist(*w, "Wyndham Pittsburgh University Center", "Gardner Steel Conference Center",
             kFoot) == "375m");
  CHECK(Dist(*w, "The Oaklander Hotel", "Gardner Steel Conference Center", kFoot) == "338m");
  CHECK(Time(*w, "Carnegie Mellon University", "United States Postal Service", kFoot) == "0:01");
  CHECK(Time(*w, "Carnegie Mellon University", "United States Postal Service", kCar) == "0:00");
  CHECK(Time(*w, "Carnegie Mellon University", "United States Postal Service", kBike) == "0:00");
  CHECK(Dist(*w, "Carnegie Mellon University", "CVS Pharmacy", kFoot) == "1.4km");
  CHECK(Time(*w, "Vinalhaven", "Acadia National Park", kBike) == "10:33");
  CHECK(Time(*w, "Pittsburgh", "Philadelphia", kCar) == "8:33");
  CHECK(Dist(*w, "Carnegie Mellon University", "Massachusetts Institute of Technology", kCar) ==
        "914km");
  CHECK(Dist(*w, "DoubleTree by Hilton Hotel Pittsburgh Airport", "ALDI", kFoot) == "1.4km");
  CHECK(Route(*w, "Pittsburgh International Airport", "Carnegie Mellon University", kCar).meters <
        50000);
  // Routes are symmetric in time, walking is slower than driving, and a route is a path of
  // places from one end to the other.
  MapRoute there = Route(*w, "Randyland", "Schenley Park", kCar);
  MapRoute back = Route(*w, "Schenley Park", "Randyland", kCar);
  CHECK(std::abs(there.seconds - back.seconds) < 1);
  CHECK(Route(*w, "Randyland", "Schenley Park", kFoot).seconds > there.seconds);
  REQUIRE(there.nodes.size() >= 2);
  CHECK(there.nodes.front() == Place(*w, "Randyland"));
  CHECK(there.nodes.back() == Place(*w, "Schenley Park"));
  CHECK_FALSE(w->Instructions(there).empty());
  CHECK_FALSE(w->Route(-1, 3, kCar).found);
  CHECK_FALSE(w->Route(0, static_cast<int>(w->places.size()), kCar).found);
  CHECK(FormatMapDistance(999) == "999m");
  CHECK(FormatMapDistance(1049) == "1.0km");
  CHECK(FormatMapDistance(123456) == "123km");
  CHECK(FormatMapTime(20 * 60 + 29) == "0:20");
  CHECK(FormatMapTime(3 * 3600 + 20 * 60) == "3:20");
}

TEST_CASE("Map search: names, qualifiers and <kind> near <place> by distance", "[map]") {
  auto w = World();
  CHECK(First(*w, "cafe near CMU Hunt library") == "De Fer Coffee & Tea");
  CHECK(First(*w, "tea cafe near University of Pittsburgh") == "Fuku Tea");
  CHECK(First(*w, "pharmacy near Carnegie Mellon") == "Schiller's Pharmacy");
  CHECK(First(*w, "Hilton hotel near Pittsburgh Airport") ==
        "DoubleTree by Hilton Hotel Pittsburgh Airport");
  CHECK(First(*w, "Hyatt hotel near Pittsburgh Airport") ==
        "Hyatt Regency Pittsburgh International Airport");
  CHECK(First(*w, "Apple Store near Pitt") == "Apple Shadyside");
  CHECK(First(*w, "Carnegie Hall") == "Carnegie Hall");
  CHECK(First(*w, "Allentown, PA") == "Allentown");
  CHECK(First(*w, "New York") == "New York");  // the state outranks the city
  CHECK(w->places[w->Search("New York", 1)[0]].category == "state");
  CHECK(First(*w, "gates building at CMU") == "Gates Hillman Center");
  CHECK(First(*w, "Homewood Suites Southpointe") ==
        "Homewood Suites by Hilton Pittsburgh Southpointe");
  CHECK(w->Search("US Citizenship and Immigration Services").empty());
  CHECK(w->Search("").empty());
  CHECK(w->Search(" near ").empty());
  // "near" results are ordered by distance from the anchor.
  const MapPlace& hunt = w->places[Place(*w, "Hunt Library")];
  double last = 0;
  for (int i : w->Search("cafe near Hunt Library", 10)) {
    const double d = HaversineMeters(hunt.lat, hunt.lon, w->places[i].lat, w->places[i].lon);
    CHECK(d >= last);
    last = d;
  }
  // Geocoding a display name (what the route page puts in the fields) finds that very place.
  const int fuku = Place(*w, "Fuku Tea");
  CHECK(w->Geocode(w->places[fuku].DisplayName()) == fuku);
  CHECK(w->places[fuku].DisplayName() ==
        "Fuku Tea, 3716, Forbes Avenue, Central Oakland, Pittsburgh, Allegheny County, "
        "Pennsylvania, 15213, United States");
  CHECK(w->places[Place(*w, "Pittsburgh International Airport")].DisplayNameNoState() ==
        "Pittsburgh International Airport, Southern Beltway, Findlay Township, Allegheny County, "
        "15231, United States");
}

std::string Locate(Env& env, const std::string& locator) {
  return testing::EvalLocator(env, locator);
}

TEST_CASE("Map pages: search, place, directions, reverse and errors", "[map]") {
  Env env;
  StepResult r;
  REQUIRE(env.Reset("__MAP__", 1, &r).ok());
  CHECK(r.observation.find("Search") != std::string::npos);
  // A form post ('+' for spaces) is redirected to the encodeURIComponent form.
  REQUIRE(env.Reset("__MAP__/search?query=hotels+near+Carnegie+Music+Hall", 1, &r).ok());
  CHECK(env.browser().url() ==
        "http://localhost:3000/search?query=hotels%20near%20Carnegie%20Music%20Hall");
  const std::string sidebar = Locate(env, "document.querySelector('#sidebar_content').outerText");
  CHECK(sidebar.find("Wyndham Pittsburgh University Center") != std::string::npos);
  REQUIRE(env.Reset("__MAP__/search?query=zzzz%20qqqq", 1, &r).ok());
  CHECK(r.observation.find("No results found") != std::string::npos);
  // A place page.
  auto w = World();
  const MapPlace& hall = w->places[Place(*w, "Carnegie Music Hall")];
  REQUIRE(env.Reset("__MAP__" + hall.Path(), 1, &r).ok());
  const std::string page =
      Locate(env, "document.querySelector('[id=\"sidebar_content\"').outerText");
  CHECK(page.find("Carnegie Music Hall") != std::string::npos);
  CHECK(page.find("Allegheny County") != std::string::npos);
  CHECK(page.find("40.444") != std::string::npos);
  for (const char* path : {"/node/999999999999", "/way/abc", "/relation/-1", "/nowhere"}) {
    INFO(path);
    REQUIRE(env.Reset(std::string("__MAP__") + path, 1, &r).ok());
    CHECK(r.observation.find("Not Found") != std::string::npos);
  }
  // Directions: the form geocodes and redirects to the route; the fields hold display names.
  REQUIRE(env.Reset("__MAP__/directions?engine=fossgis_osrm_foot&route_from=Randyland&route_to="
                    "Carnegie%20Mellon%20University",
                    1, &r)
              .ok());
  CHECK(env.browser().url().find("/directions?engine=fossgis_osrm_foot&route=") !=
        std::string::npos);
  CHECK(
      Locate(env, "document.querySelector(\"div#content select.routing_engines\").selectedIndex") ==
      "2");
  CHECK(Locate(env, "document.querySelector('[name=\"route_from\"').value")
            .find("Randyland, 1501, Arch Street") == 0);
  CHECK(Locate(env, "document.querySelector('[name=\"route_to\"').value")
            .find("Carnegie Mellon University, 5000, Forbes Avenue") == 0);
  CHECK(r.observation.find("1:45") != std::string::npos);
  // Reverse swaps the endpoints.
  const std::string reverse =
      Locate(env, "document.querySelector('a.reverse_directions').getAttribute('href')");
  REQUIRE(env.Reset("__MAP__" + reverse, 1, &r).ok());
  CHECK(Locate(env, "document.querySelector('[name=\"route_from\"').value")
            .find("Carnegie Mellon University") == 0);
  // Bad input: an unknown place or a malformed route is an error message, not a failure.
  REQUIRE(env.Reset("__MAP__/directions?route_from=Randyland&route_to=qqqq%20zzzz", 1, &r).ok());
  CHECK(r.observation.find("Couldn't find 'qqqq zzzz'") != std::string::npos);
  for (const char* bad : {"1,2", "abc;def", "91,0;40,-79", "40.4,-79.9;nan,0", ";"}) {
    INFO(bad);
    REQUIRE(env.Reset(std::string("__MAP__/directions?route=") + bad, 1, &r).ok());
    CHECK(r.observation.find("is not two points") != std::string::npos);
  }
}

TEST_CASE("Map templates: published intents word for word, train disjoint from test",
          "[map][shared]") {
  testing::CheckPublishedTemplates("map", 26);
}

}  // namespace
}  // namespace wa
