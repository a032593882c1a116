// Task templates of the map site (published WebArena-Lite template ids and wording), and the
// multi-site templates that start on the map: map + wiki (facts looked up on the wiki) and
// map + shopping admin (a customer's city). References are computed from the map world with the
// same search and routing the site serves; oracles act through the UI only.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "sim/site.h"
#include "sim/sites/map_data.h"
#include "sim/sites/wiki_data.h"
#include "sim/task_templates.h"
#include "sim/text.h"
#include "sim/url.h"

namespace wa {
namespace {

using json = nlohmann::json;
using K = OracleOp::Kind;
using SK = StringCheck::Kind;
using World = std::shared_ptr<const MapWorld>;

std::string Str(const json& p, const char* key) { return p.value(key, std::string()); }

Task MapTask() {
  Task t = NewSiteTask("map", "__MAP__");
  t.storage_state = std::nullopt;  // the published map tasks have none
  return t;
}

TemplateFamily Family(int id, std::string intent, std::vector<std::string> eval_types,
                      json published) {
  return SiteFamily("map", id, std::move(intent), std::move(eval_types), std::move(published));
}

// ---------------------------------------------------------------------------------------------
// Answers in the styles of WebArena's references.

// "13min", "1h 45min".
std::string HourMin(int64_t minutes) {
  if (minutes < 60) return std::to_string(minutes) + "min";
  return std::to_string(minutes / 60) + "h " + std::to_string(minutes % 60) + "min";
}
// "less than 1 minute", "1 minute", "12 minutes".
std::string MinutePhrase(int64_t minutes) {
  if (minutes <= 0) return "less than 1 minute";
  return std::to_string(minutes) + (minutes == 1 ? " minute" : " minutes");
}
// "3716, Forbes Avenue, Central Oakland, Pittsburgh": the address as far as the city.
std::string ShortAddress(const MapPlace& p) {
  std::string out;
  for (const std::string* part : {&p.housenumber, &p.street, &p.suburb, &p.city}) {
    if (part->empty() || out.find(*part) != std::string::npos) continue;
    out += (out.empty() ? "" : ", ") + *part;
  }
  return out;
}
// The reference tokens of a place's address answer: name, house number, street, suburb, city.
std::vector<std::string> AddressTokens(const MapPlace& p) {
  std::vector<std::string> out = {p.name};
  for (const std::string* part : {&p.housenumber, &p.street, &p.suburb, &p.city}) {
    if (!part->empty() && std::find(out.begin(), out.end(), *part) == out.end()) {
      out.push_back(*part);
    }
  }
  return out;
}
// "40.4511693" -> "40.451" (decimal degrees cut, not rounded, to three places).
std::string Cut3(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.7f", v);
  std::string s = buf;
  const size_t dot = s.find('.');
  return dot == std::string::npos ? s : s.substr(0, dot + 4);
}
// ---------------------------------------------------------------------------------------------
// Places the samplers draw from.

struct Pools {
  std::vector<int> named;       // fixed places (not hubs or states) whose name finds them
  std::vector<int> pittsburgh;  // named places of the Pittsburgh metropolitan area
  std::vector<int> cities;      // cities and towns whose name finds them
  std::vector<int> hotels;      // named hotels
};

const Pools& PoolsOf(const World& w) {
  static std::mutex mu;
  static std::map<const MapWorld*, Pools> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(w.get());
  if (it != cache.end()) return it->second;
  Pools p;
  const int pgh = w->FindByName("Pittsburgh");
  const int pgh_metro = pgh >= 0 ? w->places[pgh].metro : -1;
  for (size_t i = 0; i < w->places.size(); ++i) {
    const MapPlace& pl = w->places[i];
    if (pl.category == "state" || pl.description.empty()) continue;
    if (w->Geocode(pl.name) != static_cast<int>(i)) continue;
    if (pl.hub) {
      if (pl.category == "city" || pl.category == "town") p.cities.push_back(static_cast<int>(i));
      continue;
    }
    p.named.push_back(static_cast<int>(i));
    if (pl.metro == pgh_metro) p.pittsburgh.push_back(static_cast<int>(i));
    if (pl.category == "hotel") p.hotels.push_back(static_cast<int>(i));
  }
  return cache.emplace(w.get(), std::move(p)).first->second;
}

int Pick(const std::vector<int>& pool, Rng& rng) {
  return pool.empty() ? -1 : pool[rng.Uniform(pool.size())];
}
template <typename T>
const T& PickOf(const std::vector<T>& v, Rng& rng) {
  return v[rng.Uniform(v.size())];
}

Result<int> Geo(const MapWorld& w, const std::string& text) {
  const int i = w.Geocode(text);
  if (i < 0) return NotFound("the map finds nothing for '" + text + "'");
  return i;
}

// Both ends of a trip, geocoded as the directions form does; the same place twice is an error.
Result<std::pair<int, int>> Endpoints(const MapWorld& w, const std::string& from,
                                      const std::string& to) {
  auto a = Geo(w, from);
  if (!a.ok()) return a.status();
  auto b = Geo(w, to);
  if (!b.ok()) return b.status();
  if (*a == *b) return InvalidArgument("'" + from + "' and '" + to + "' are the same place");
  return std::make_pair(*a, *b);
}

Result<MapRoute> RouteOf(const MapWorld& w, int a, int b, MapProfile prof) {
  MapRoute r = w.Route(a, b, prof);
  if (!r.found) {
    return NotFound("no " + std::string(MapEngineLabel(prof)) + " route from " + w.places[a].name +
                    " to " + w.places[b].name);
  }
  return r;
}
Result<int64_t> Minutes(const MapWorld& w, int a, int b, MapProfile prof) {
  auto r = RouteOf(w, a, b, prof);
  if (!r.ok()) return r.status();
  return MapMinutes(r->seconds);
}

// Facts the intents describe rather than name, as the wiki states them: what to type on the
// map for a description.
const std::vector<std::pair<std::string, std::string>>& Aliases() {
  static const std::vector<std::pair<std::string, std::string>> kAliases = {
      {"the hometown of Joe Biden", "Scranton"},
      {"Carnegie Music Hall in NYC", "Carnegie Hall"},
      {"CVS (closet one)", "CVS"},
  };
  return kAliases;
}
std::string Resolve(const std::string& text) {
  for (const auto& [from, to] : Aliases()) {
    if (from == text) return to;
  }
  if (const WikiFact* f = FindWikiFact(text)) return f->place;
  return text;
}

// ---------------------------------------------------------------------------------------------
// Oracle plans.

class Plan {
 public:
  explicit Plan(World w) : w_(std::move(w)) {}

  void Search(const std::string& query) {
    ops_.push_back({K::kSearch, "#query", "", query, "# Element: the search box"});
    on_directions_ = false;
  }
  // Opens a search result (the current page must list it).
  void Open(int place) {
    ops_.push_back({K::kClick, "a.set_position", w_->places[place].DisplayName(), "",
                    "# Element: the result '" + w_->places[place].name + "'"});
    on_directions_ = false;
  }
  void Note(const std::string& note) {
    if (!ops_.empty()) ops_.back().thought += "\n# Note: " + note;
  }
  // Shows a route: from and to are what to type (a name from the intent, or a display name read
  // off a results page); fields that already hold the endpoint are left as they are.
  void Route(const std::string& from, const std::string& to, MapProfile prof) {
    if (!on_directions_) {
      ops_.push_back({K::kClick, "a.directions", "", "", "# Element: 'Directions'"});
      on_directions_ = true;
      from_ = to_ = -1;
      engine_ = MapProfile::kCar;
    }
    const int a = w_->Geocode(from), b = w_->Geocode(to);
    if (a != from_ || a < 0) {
      ops_.push_back({K::kType, "[name=route_from]", "", from, "# Element: the 'From' box"});
    }
    if (b != to_ || b < 0) {
      ops_.push_back({K::kType, "[name=route_to]", "", to, "# Element: the 'To' box"});
    }
    if (prof != engine_) {
      ops_.push_back({K::kSelect, "select.routing_engines", "", MapEngineLabel(prof),
                      "# Element: the routing engine"});
    }
    ops_.push_back({K::kClick, "input.routing_go", "", "", "# Element: 'Go'"});
    from_ = a;
    to_ = b;
    engine_ = prof;
  }
  void Route(int a, int b, MapProfile prof) {
    Route(w_->places[a].DisplayName(), w_->places[b].DisplayName(), prof);
  }
  std::vector<OracleOp> Exit(const std::string& answer, const std::string& note) {
    ops_.push_back({K::kExit, "", "", answer, "# Note: " + note});
    return std::move(ops_);
  }
  std::vector<OracleOp> Done(const std::string& note) { return Exit("", note); }

 private:
  World w_;
  std::vector<OracleOp> ops_;
  bool on_directions_ = false;
  int from_ = -1, to_ = -1;
  MapProfile engine_ = MapProfile::kCar;
};

ProgramHtmlTarget LastPage(std::string locator, SK kind, std::vector<std::string> values) {
  return MakeHtmlTarget("last", std::move(locator), kind, std::move(values));
}
const char* kSidebar = "document.querySelector('[id=\"sidebar_content\"').outerText";
const char* kFromField = "document.querySelector('[name=\"route_from\"').value";
const char* kToField = "document.querySelector('[name=\"route_to\"').value";
const char* kEngineIndex =
    "document.querySelector(\"div#content select.routing_engines\").selectedIndex";

Task AnswerTask(SK kind, std::vector<std::string> values) {
  Task t = MapTask();
  t.eval.has_reference_answers = true;
  t.eval.reference_answers = {MakeCheck(kind, std::move(values))};
  return t;
}

// The first `n` results of "<what> near <anchor>" (the anchor typed as given).
Result<std::vector<int>> Near(const MapWorld& w, const std::string& what, const std::string& anchor,
                              size_t n) {
  std::vector<int> hits = w.Search(what + " near " + anchor, n);
  if (hits.empty()) return NotFound("no " + what + " near " + anchor);
  return hits;
}

// A family whose task and oracle come from one solver: (params, world) -> (task, plan).
struct Solved {
  Task task;
  std::vector<OracleOp> plan;
};
using Solver = std::function<Result<Solved>(const json&, const World&)>;

void SetSolver(TemplateFamily* f, Solver solve) {
  f->build = [solve](const json& p, Db& db) -> Result<Task> {
    auto w = MapWorldOf(db);
    if (!w.ok()) return w.status();
    auto s = solve(p, *w);
    if (!s.ok()) return s.status();
    return std::move(s->task);
  };
  f->oracle = [solve](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
    auto w = MapWorldOf(db);
    if (!w.ok()) return w.status();
    auto s = solve(p, *w);
    if (!s.ok()) return s.status();
    return std::move(s->plan);
  };
}

// A sampler that retries a draw until the solver accepts it.
void SetSampler(TemplateFamily* f, std::function<json(const World&, Rng&)> draw, Solver solve) {
  f->sample = [draw, solve](Db& db, Rng& rng) -> Result<json> {
    auto w = MapWorldOf(db);
    if (!w.ok()) return w.status();
    for (int tries = 0; tries < 200; ++tries) {
      json p = draw(*w, rng);
      if (p.is_null()) continue;
      if (solve(p, *w).ok()) return p;
    }
    return NotFound("no instantiation found");
  };
}

MapProfile ProfileOfWord(const std::string& word) {
  if (word == "walking" || word == "walk" || word == "foot") return MapProfile::kFoot;
  if (word == "biking" || word == "bicycle" || word == "bike" || word == "cycling") {
    return MapProfile::kBicycle;
  }
  return MapProfile::kCar;
}

// Kinds of place the "nearest X" samplers ask for, as intents write them.
const std::vector<std::string>& Kinds() {
  static const std::vector<std::string> kKinds = {"cafe",   "pharmacy", "bank",    "restaurant",
                                                  "bakery", "library",  "hotel",   "supermarket",
                                                  "bar",    "school",   "dentist", "post office"};
  return kKinds;
}

// A family answered by one route's time: from params[from] to params[to] with a profile.
struct RouteTimeSpec {
  const char* from;
  const char* to;
  MapProfile profile;
  int64_t max_minutes;
  bool distinct_metros;  // city to city
  std::function<std::string(int64_t)> format;
  std::function<json(const World&, Rng&)> draw;
};

TemplateFamily RouteTimeFamily(int id, std::string intent, json published, RouteTimeSpec spec) {
  TemplateFamily f = Family(id, std::move(intent), {"string_match"}, std::move(published));
  Solver solve = [spec](const json& p, const World& w) -> Result<Solved> {
    const std::string from = Resolve(Str(p, spec.from)), to = Resolve(Str(p, spec.to));
    auto ends = Endpoints(*w, from, to);
    if (!ends.ok()) return ends.status();
    const int a = ends->first, b = ends->second;
    if (spec.distinct_metros && w->places[a].metro == w->places[b].metro) {
      return InvalidArgument("same city");
    }
    auto m = Minutes(*w, a, b, spec.profile);
    if (!m.ok()) return m.status();
    if (*m > spec.max_minutes || *m < 1) return FailedPrecondition("not a trip to ask about");
    Plan plan(w);
    plan.Route(from, to, spec.profile);
    for (const char* key : {spec.from, spec.to}) {
      if (Resolve(Str(p, key)) != Str(p, key)) {
        plan.Note(Str(p, key) + " is " + Resolve(Str(p, key)));
      }
    }
    const std::string answer = spec.format(*m);
    Solved s{AnswerTask(SK::kFuzzyMatch, {answer}), {}};
    s.plan = plan.Exit(answer, "the route's time");
    return s;
  };
  SetSolver(&f, solve);
  SetSampler(&f, spec.draw, solve);
  return f;
}

}  // namespace

std::vector<TemplateFamily> MapTemplates() {
  std::vector<TemplateFamily> out;
  const MapProfile kCar = MapProfile::kCar, kFoot = MapProfile::kFoot, kBike = MapProfile::kBicycle;

  // 79: airports within a driving distance.
  {
    TemplateFamily f = Family(79,
                              "Tell me the full address of all {{airport_type}} that are within a "
                              "driving distance of {{radius}} to {{start}}",
                              {"string_match"},
                              {{"airport_type", "international airports"},
                               {"start", "Carnegie Mellon University"},
                               {"radius", "50 km"}});
    Solver solve = [](const json& p, const World& w) -> Result<Solved> {
      const std::string type = Str(p, "airport_type");
      const double radius = std::atof(Str(p, "radius").c_str()) * 1000;
      auto start = Geo(*w, Str(p, "start"));
      if (!start.ok()) return start.status();
      const std::string what =
          type.find("international") != std::string::npos ? "international airport" : "airport";
      auto near = Near(*w, what, Str(p, "start"), 30);
      if (!near.ok()) return near.status();
      std::vector<int> airports;  // not the hotels named after an airport
      for (int h : *near) {
        if (w->places[h].category == "airport") airports.push_back(h);
      }
      const std::vector<int>* hits = &airports;
      Plan plan(w);
      plan.Search(what + " near " + Str(p, "start"));
      std::vector<std::string> refs;
      std::string answer;
      int routed = 0;
      for (int h : *hits) {
        const MapPlace& a = w->places[h];
        const MapPlace& s = w->places[*start];
        if (HaversineMeters(s.lat, s.lon, a.lat, a.lon) > radius) break;  // sorted by distance
        if (++routed > 4) return FailedPrecondition("too many airports to check");
        auto r = RouteOf(*w, *start, h, kCar);
        if (!r.ok()) return r.status();
        plan.Route(Str(p, "start"), a.DisplayName(), kCar);
        plan.Note(a.name + ": " + FormatMapDistance(r->meters) + " by car");
        if (r->meters <= radius) {
          refs.push_back(a.DisplayNameNoState());
          answer += (answer.empty() ? "" : "; ") + a.DisplayNameNoState();
        }
      }
      if (refs.empty()) return NotFound("no airport within the radius");
      Solved s{AnswerTask(SK::kFuzzyMatch, refs), {}};
      s.plan = plan.Exit(answer, "the airports within " + Str(p, "radius") + " by road");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          const Pools& pools = PoolsOf(w);
          static const std::vector<std::string> kRadius = {"30 km", "50 km", "80 km", "100 km",
                                                           "150 km"};
          static const std::vector<std::string> kType = {"international airports", "airports"};
          return json{{"airport_type", PickOf(kType, rng)},
                      {"start", w->places[Pick(pools.named, rng)].name},
                      {"radius", PickOf(kRadius, rng)}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 73: walking against driving time.
  {
    TemplateFamily f = Family(
        73,
        "Compare the difference in time for walking and driving route from {{start}} to {{end}}",
        {"string_match"}, {{"start", "Randyland"}, {"end", "Carnegie Mellon University"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      auto ends = Endpoints(*w, Str(p, "start"), Str(p, "end"));
      if (!ends.ok()) return ends.status();
      const int a = ends->first, b = ends->second;
      auto car = Minutes(*w, a, b, kCar);
      auto foot = Minutes(*w, a, b, kFoot);
      if (!car.ok() || !foot.ok()) return car.ok() ? foot.status() : car.status();
      if (*foot > 180 || *car < 2) return FailedPrecondition("not a walkable pair");
      const std::string answer = "driving: " + HourMin(*car) + "; walking: " + HourMin(*foot);
      Plan plan(w);
      plan.Route(Str(p, "start"), Str(p, "end"), kCar);
      plan.Route(Str(p, "start"), Str(p, "end"), kFoot);
      Solved s{AnswerTask(SK::kFuzzyMatch, {answer}), {}};
      s.plan = plan.Exit(answer, "the car and foot routes' times");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          const Pools& pools = PoolsOf(w);
          return json{{"start", w->places[Pick(pools.pittsburgh, rng)].name},
                      {"end", w->places[Pick(pools.pittsburgh, rng)].name}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 78: a hotel of a brand near an airport, then the nearest of a kind from it.
  {
    TemplateFamily f = Family(78,
                              "I will arrive {{place}} soon. Provide the name of a {{target1}} in "
                              "the vicinity, if available. Then, tell me the {{information}} to "
                              "{{target2}} from the hotel.",
                              {"string_match"},
                              {{"place", "Pittsburgh Airport"},
                               {"target1", "Hilton hotel"},
                               {"information", "the shortest walking distance"},
                               {"target2", "a supermarket"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      auto airport = Geo(*w, Str(p, "place"));
      if (!airport.ok()) return airport.status();
      auto hotels = Near(*w, Str(p, "target1"), Str(p, "place"), 1);
      if (!hotels.ok()) return hotels.status();
      const MapPlace& ap = w->places[*airport];
      const MapPlace& hotel = w->places[(*hotels)[0]];
      if (HaversineMeters(ap.lat, ap.lon, hotel.lat, hotel.lon) > 8000) {
        return NotFound("no such hotel near the airport");
      }
      const bool driving = Str(p, "information").find("driving") != std::string::npos;
      const MapProfile prof = driving ? kCar : kFoot;
      std::string what = Str(p, "target2");
      if (what.rfind("a ", 0) == 0) what = what.substr(2);
      auto targets = Near(*w, what, hotel.name, 3);
      if (!targets.ok()) return targets.status();
      Plan plan(w);
      plan.Search(Str(p, "target1") + " near " + Str(p, "place"));
      plan.Search(what + " near " + hotel.name);
      double best = 1e300;
      for (int t : *targets) {
        auto r = RouteOf(*w, (*hotels)[0], t, prof);
        if (!r.ok()) return r.status();
        plan.Route((*hotels)[0], t, prof);
        plan.Note(w->places[t].name + ": " + FormatMapDistance(r->meters));
        best = std::min(best, r->meters);
      }
      if (best > 20000) return NotFound("the targets are too far");
      const std::string dist = FormatMapDistance(best);
      Solved s{AnswerTask(SK::kFuzzyMatch, {hotel.name, dist}), {}};
      s.plan = plan.Exit(hotel.name + "; " + Str(p, "information") + " to " + Str(p, "target2") +
                             " from the hotel is " + dist,
                         "the shortest of the routes");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          std::vector<int> airports;
          for (int i : PoolsOf(w).named) {
            if (w->places[i].category == "airport") airports.push_back(i);
          }
          static const std::vector<std::string> kHotel = {"Hilton hotel", "Hyatt hotel",
                                                          "Marriott hotel", "hotel"};
          static const std::vector<std::string> kInfo = {"the shortest walking distance",
                                                         "the shortest driving distance"};
          static const std::vector<std::string> kTarget = {"a supermarket", "a pharmacy", "a cafe",
                                                           "a restaurant", "a bank"};
          return json{{"place", w->places[Pick(airports, rng)].name},
                      {"target1", PickOf(kHotel, rng)},
                      {"information", PickOf(kInfo, rng)},
                      {"target2", PickOf(kTarget, rng)}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 77: is the nearest X reachable within an hour by car.
  {
    TemplateFamily f = Family(
        77,
        "Check if the {{place}} in pittsburgh can be reached in one hour by car from {{location}}",
        {"string_match"}, {{"place", "police station"}, {"location", "gates building at CMU"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      auto from = Geo(*w, Str(p, "location"));
      if (!from.ok()) return from.status();
      auto hits = Near(*w, Str(p, "place"), Str(p, "location"), 1);
      if (!hits.ok()) return hits.status();
      const int target = (*hits)[0];
      if (w->places[target].city != "Pittsburgh")
        return NotFound("the nearest is not in Pittsburgh");
      auto m = Minutes(*w, *from, target, kCar);
      if (!m.ok()) return m.status();
      const std::string yes = *m <= 60 ? "Yes" : "No";
      Plan plan(w);
      plan.Search(Str(p, "place") + " near " + Str(p, "location"));
      plan.Route(Str(p, "location"), w->places[target].DisplayName(), kCar);
      Solved s{AnswerTask(SK::kFuzzyMatch, {yes}), {}};
      s.plan = plan.Exit(
          yes + ", " + w->places[target].name + " is " + std::to_string(*m) + " min away by car",
          "the drive takes " + std::to_string(*m) + " min");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          static const std::vector<std::string> kPlace = {"police station", "hospital",
                                                          "fire station", "post office", "library"};
          return json{{"place", PickOf(kPlace, rng)},
                      {"location", w->places[Pick(PoolsOf(w).pittsburgh, rng)].name}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 68: walking time.
  out.push_back(RouteTimeFamily(
      68, "How long does it take to walk from {{start}} to {{end}}?",
      {{"start", "Carnegie Museum of Art"}, {"end", "a library at CMU"}},
      {"start", "end", kFoot, 90, false, [](int64_t m) { return std::to_string(m) + " min"; },
       [](const World& w, Rng& rng) {
         const Pools& pools = PoolsOf(w);
         return json{{"start", w->places[Pick(pools.pittsburgh, rng)].name},
                     {"end", w->places[Pick(pools.pittsburgh, rng)].name}};
       }}));

  // 69: the closest place of a kind.
  {
    TemplateFamily f =
        Family(69, "Tell me the closest {{place1}}(s) to {{place2}}", {"string_match"},
               {{"place1", "cafe"}, {"place2", "CMU Hunt library"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      auto hits = Near(*w, Str(p, "place1"), Str(p, "place2"), 1);
      if (!hits.ok()) return hits.status();
      const MapPlace& best = w->places[(*hits)[0]];
      Plan plan(w);
      plan.Search(Str(p, "place1") + " near " + Str(p, "place2"));
      Solved s{AnswerTask(SK::kMustInclude, {best.name}), {}};
      s.plan = plan.Exit(best.name, "the first result is the closest");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          return json{{"place1", PickOf(Kinds(), rng)},
                      {"place2", w->places[Pick(PoolsOf(w).pittsburgh, rng)].name}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 70: zip code.
  {
    TemplateFamily f = Family(70, "What is the zip code of {{place}}?", {"string_match"},
                              {{"place", "Chatham University"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      auto i = Geo(*w, Str(p, "place"));
      if (!i.ok()) return i.status();
      const MapPlace& pl = w->places[*i];
      if (pl.postcode.empty()) return NotFound("no postcode");
      Plan plan(w);
      plan.Search(Str(p, "place"));
      plan.Open(*i);
      Solved s{AnswerTask(SK::kMustInclude, {pl.postcode}), {}};
      s.plan = plan.Exit(pl.postcode, "the address ends with the postcode");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          return json{{"place", w->places[Pick(PoolsOf(w).named, rng)].name}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 65: the fastest order through three places.
  {
    TemplateFamily f = Family(65,
                              "Given the following locations, {{place_list}}, what would be the "
                              "optimal route to travel through them all in order to minimize "
                              "total travel time? Please note the journey begins at the first "
                              "place listed.",
                              {"string_match"},
                              {{"place_list",
                                "['Massachusetts Institute of Technology', 'Harvard University', "
                                "'Boston Logan International Airport']"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      std::vector<std::string> names;
      const std::string list = Str(p, "place_list");
      for (size_t i = list.find('\''); i != std::string::npos; i = list.find('\'', i + 1)) {
        const size_t j = list.find("', ", i + 1) != std::string::npos ? list.find("', ", i + 1)
                                                                      : list.find("']", i + 1);
        if (j == std::string::npos) break;
        names.push_back(list.substr(i + 1, j - i - 1));
        i = j + 1;
      }
      if (names.size() != 3) return InvalidArgument("place_list needs three places");
      std::vector<int> at;
      for (const std::string& n : names) {
        auto g = Geo(*w, n);
        if (!g.ok()) return g.status();
        at.push_back(*g);
      }
      if (at[0] == at[1] || at[1] == at[2] || at[0] == at[2]) return InvalidArgument("repeats");
      int64_t t[3][3] = {};
      Plan plan(w);
      for (auto [x, y] : {std::pair{0, 1}, {1, 2}, {0, 2}, {2, 1}}) {
        auto m = Minutes(*w, at[x], at[y], kCar);
        if (!m.ok()) return m.status();
        t[x][y] = *m;
        plan.Route(names[x], names[y], kCar);
        plan.Note(names[x] + " to " + names[y] + ": " + std::to_string(*m) + " min");
      }
      const int64_t order1 = t[0][1] + t[1][2], order2 = t[0][2] + t[2][1];
      if (std::llabs(order1 - order2) < 2) return FailedPrecondition("the orders tie");
      const std::string answer =
          "The order is " + names[0] + ", " +
          (order1 < order2 ? names[1] + ", " + names[2] : names[2] + ", " + names[1]);
      Solved s{AnswerTask(SK::kFuzzyMatch, {answer}), {}};
      s.plan = plan.Exit(answer,
                         "the shorter total: " + std::to_string(std::min(order1, order2)) + " min");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          const Pools& pools = PoolsOf(w);
          const int a = Pick(pools.named, rng);
          std::vector<int> same;
          for (int i : pools.named) {
            if (i != a && w->places[i].metro == w->places[a].metro) same.push_back(i);
          }
          if (same.size() < 2) return json();
          const int b = Pick(same, rng), c = Pick(same, rng);
          return json{{"place_list", "['" + w->places[a].name + "', '" + w->places[b].name +
                                         "', '" + w->places[c].name + "']"}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 72: walk then drive.
  {
    TemplateFamily f = Family(72,
                              "What is the duration required to first walk from {{place_A}} to "
                              "{{place_B}}, and then drive to {{place_C}}?",
                              {"string_match"},
                              {{"place_A", "Massachusetts Institute of Technology"},
                               {"place_B", "Harvard University"},
                               {"place_C", "Boston Logan International Airport"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      auto a = Geo(*w, Str(p, "place_A"));
      auto b = Geo(*w, Str(p, "place_B"));
      auto c = Geo(*w, Str(p, "place_C"));
      if (!a.ok() || !b.ok() || !c.ok()) return NotFound("a place is not on the map");
      if (*a == *b || *b == *c) return InvalidArgument("repeats");
      auto walk = Minutes(*w, *a, *b, kFoot);
      auto drive = Minutes(*w, *b, *c, kCar);
      if (!walk.ok() || !drive.ok()) return walk.ok() ? drive.status() : walk.status();
      if (*walk > 120) return FailedPrecondition("too far to walk");
      Plan plan(w);
      plan.Route(Str(p, "place_A"), Str(p, "place_B"), kFoot);
      plan.Route(Str(p, "place_B"), Str(p, "place_C"), kCar);
      const std::string answer = std::to_string(*walk + *drive) + " min";
      Solved s{AnswerTask(SK::kFuzzyMatch, {answer}), {}};
      s.plan = plan.Exit(answer, std::to_string(*walk) + " min on foot and " +
                                     std::to_string(*drive) + " min by car");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          const Pools& pools = PoolsOf(w);
          return json{{"place_A", w->places[Pick(pools.pittsburgh, rng)].name},
                      {"place_B", w->places[Pick(pools.pittsburgh, rng)].name},
                      {"place_C", w->places[Pick(pools.named, rng)].name}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 64: driving time from a hotel.
  out.push_back(RouteTimeFamily(
      64, "From my stay at {{hotel}}, what's the estimated driving time to reach {{place}}?",
      {{"hotel", "Homewood Suites Southpointe"}, {"place", "PPG Paints Arena"}},
      {"hotel", "place", kCar, 600, false, [](int64_t m) { return std::to_string(m) + " minutes"; },
       [](const World& w, Rng& rng) {
         const Pools& pools = PoolsOf(w);
         const int h = Pick(pools.hotels, rng);
         std::vector<int> same;
         for (int i : pools.named) {
           if (i != h && w->places[i].metro == w->places[h].metro) same.push_back(i);
         }
         if (same.empty()) return json();
         return json{{"hotel", w->places[h].name}, {"place", w->places[Pick(same, rng)].name}};
       }}));

  // 67: bordering states.
  {
    TemplateFamily f = Family(67, "Which US states border {{state}}?", {"string_match"},
                              {{"state", "New Hampshire"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      const MapState* st = w->State(Str(p, "state"));
      if (st == nullptr) return NotFound("no state " + Str(p, "state"));
      auto i = Geo(*w, st->name);
      if (!i.ok()) return i.status();
      std::vector<std::string> us;
      static const std::set<std::string> kNotStates = {"Ontario", "Quebec", "New Brunswick"};
      for (const std::string& b : st->borders) {
        if (!kNotStates.count(b)) us.push_back(b);
      }
      std::string answer;
      for (const std::string& b : us) answer += (answer.empty() ? "" : ", ") + b;
      Plan plan(w);
      plan.Search(st->name);
      plan.Open(*i);
      Solved s{AnswerTask(SK::kMustInclude, us), {}};
      s.plan = plan.Exit(answer, "the state's is_in:borders tag, US states only");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          return json{{"state", PickOf(w->states, rng).name}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 66: the nearest of a kind, with its address and the walking distance.
  {
    TemplateFamily f = Family(
        66, "Where is the nearest {{places}} to {{start}}, and what is the walking distance to it?",
        {"string_match"}, {{"places", "tea cafe"}, {"start", "University of Pittsburgh"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      auto from = Geo(*w, Str(p, "start"));
      if (!from.ok()) return from.status();
      auto hits = Near(*w, Str(p, "places"), Str(p, "start"), 1);
      if (!hits.ok()) return hits.status();
      const MapPlace& t = w->places[(*hits)[0]];
      auto r = RouteOf(*w, *from, (*hits)[0], kFoot);
      if (!r.ok()) return r.status();
      if (r->meters > 5000) return FailedPrecondition("too far to walk");
      Plan plan(w);
      plan.Search(Str(p, "places") + " near " + Str(p, "start"));
      plan.Route(Str(p, "start"), t.DisplayName(), kFoot);
      std::vector<std::string> refs = AddressTokens(t);
      refs.push_back(FormatMapDistance(r->meters));
      Solved s{AnswerTask(SK::kFuzzyMatch, refs), {}};
      s.plan = plan.Exit(
          t.name + ", " + ShortAddress(t) + "; walking distance " + FormatMapDistance(r->meters),
          "the nearest result and the foot route's distance");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          return json{{"places", PickOf(Kinds(), rng)},
                      {"start", w->places[Pick(PoolsOf(w).pittsburgh, rng)].name}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 51: driving time between two cities (one may be described: the hometown of someone).
  out.push_back(RouteTimeFamily(
      51, "What is the estimated driving time between {{city1}} and {{city2}}?",
      {{"city1", "the hometown of Joe Biden"}, {"city2", "Bridgeport"}},
      {"city1", "city2", kCar, 6000, true, HourMin, [](const World& w, Rng& rng) {
         const Pools& pools = PoolsOf(w);
         std::string c1 = w->places[Pick(pools.cities, rng)].name;
         if (rng.Bernoulli(0.3)) {
           std::vector<const WikiFact*> people;
           for (const WikiFact& f : WikiFacts()) {
             if (f.kind == "hometown") people.push_back(&f);
           }
           c1 = PickOf(people, rng)->description;
         }
         return json{{"city1", c1}, {"city2", w->places[Pick(pools.cities, rng)].name}};
       }}));

  // 36: minimum driving time.
  out.push_back(RouteTimeFamily(
      36, "What is the minimum travel time by car from {{location1}} to {{location2}}?",
      {{"location1", "Animal Rescue League of Pittsburgh"}, {"location2", "Schenley park"}},
      {"location1", "location2", kCar, 600, false, HourMin, [](const World& w, Rng& rng) {
         const Pools& pools = PoolsOf(w);
         return json{{"location1", w->places[Pick(pools.pittsburgh, rng)].name},
                     {"location2", w->places[Pick(pools.pittsburgh, rng)].name}};
       }}));

  // 41: hotels within a few minutes' walk.
  {
    TemplateFamily f =
        Family(41,
               "Show me the walking distance from nearby hotels to {{location}} "
               "that take at most {{n}} minutes?",
               {"string_match"}, {{"location", "Gardner Steel Conference Center,"}, {"n", "5"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      std::string loc = Str(p, "location");
      while (!loc.empty() && loc.back() == ',') loc.pop_back();
      const int64_t limit = std::atoi(Str(p, "n").c_str());
      auto to = Geo(*w, loc);
      if (!to.ok()) return to.status();
      auto hotels = Near(*w, "hotels", loc, 5);
      if (!hotels.ok()) return hotels.status();
      Plan plan(w);
      plan.Search("hotels near " + loc);
      std::vector<std::string> refs;
      for (int h : *hotels) {
        auto r = RouteOf(*w, h, *to, kFoot);
        if (!r.ok()) return r.status();
        plan.Route(w->places[h].DisplayName(), loc, kFoot);
        plan.Note(w->places[h].name + ": " + FormatMapDistance(r->meters) + ", " +
                  FormatMapTime(r->seconds));
        const int64_t m = MapMinutes(r->seconds);
        if (m <= limit) refs.push_back(w->places[h].name + ": " + FormatMapDistance(r->meters));
        if (m > limit + 3 && m > 2 * limit) continue;
        if (m == limit + 1) return FailedPrecondition("a hotel sits on the limit");
      }
      if (refs.empty()) return NotFound("no hotel within the limit");
      std::string answer;
      for (const std::string& r : refs) answer += (answer.empty() ? "" : "; ") + r;
      Solved s{AnswerTask(SK::kFuzzyMatch, refs), {}};
      s.plan = plan.Exit(answer, "the hotels within " + Str(p, "n") + " minutes on foot");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          static const std::vector<std::string> kN = {"5", "8", "10", "15"};
          return json{{"location", w->places[Pick(PoolsOf(w).pittsburgh, rng)].name},
                      {"n", PickOf(kN, rng)}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 35: the nearest X from CMU by each mode.
  {
    TemplateFamily f = Family(35,
                              "I am at CMU Pittsburgh, how long it takes to the nearest "
                              "{{location}} with different transportation methods?",
                              {"string_match"}, {{"location", "USPS postal office"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      const std::string from = "CMU Pittsburgh";
      auto a = Geo(*w, from);
      if (!a.ok()) return a.status();
      auto hits = Near(*w, Str(p, "location"), from, 1);
      if (!hits.ok()) return hits.status();
      const int t = (*hits)[0];
      Plan plan(w);
      plan.Search(Str(p, "location") + " near " + from);
      std::vector<std::string> refs;
      for (auto [prof, label] : {std::pair{kFoot, "Walk"}, {kCar, "Drive"}, {kBike, "Bike"}}) {
        auto m = Minutes(*w, *a, t, prof);
        if (!m.ok()) return m.status();
        plan.Route(from, w->places[t].DisplayName(), prof);
        refs.push_back(std::string(label) + ": " + MinutePhrase(*m));
      }
      std::string answer;
      for (const std::string& r : refs) answer += (answer.empty() ? "" : " / ") + r;
      Solved s{AnswerTask(SK::kFuzzyMatch, refs), {}};
      s.plan = plan.Exit(answer, "the foot, car and bicycle routes to " + w->places[t].name);
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World&, Rng& rng) {
          return json{{"location", PickOf(Kinds(), rng)}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 39: the nearest X reachable under a condition.
  {
    TemplateFamily f = Family(
        39, "Where is the nearest {{location}} from {{location2}} {{condition}}", {"string_match"},
        {{"location", "pharmacy"},
         {"location2", "Carnegie Mellon"},
         {"condition", "I can walk within 20mins"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      const std::string cond = Str(p, "condition");
      const MapProfile prof = cond.find("drive") != std::string::npos ? kCar : kFoot;
      const int64_t limit = std::atoi(cond.c_str() + cond.find_first_of("0123456789"));
      auto from = Geo(*w, Str(p, "location2"));
      if (!from.ok()) return from.status();
      auto hits = Near(*w, Str(p, "location"), Str(p, "location2"), 3);
      if (!hits.ok()) return hits.status();
      Plan plan(w);
      plan.Search(Str(p, "location") + " near " + Str(p, "location2"));
      int best = -1;
      int64_t best_m = 0;
      for (int h : *hits) {
        auto m = Minutes(*w, *from, h, prof);
        if (!m.ok()) return m.status();
        plan.Route(Str(p, "location2"), w->places[h].DisplayName(), prof);
        plan.Note(w->places[h].name + ": " + std::to_string(*m) + " min");
        if (best < 0 || *m < best_m) {
          best = h;
          best_m = *m;
        }
      }
      if (best_m > limit) return NotFound("none within the condition");
      const MapPlace& t = w->places[best];
      Solved s{AnswerTask(SK::kFuzzyMatch, AddressTokens(t)), {}};
      s.plan = plan.Exit(t.name + ", " + ShortAddress(t) + " (" + std::to_string(best_m) + " min)",
                         "the quickest to reach");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          static const std::vector<std::string> kCond = {
              "I can walk within 20mins", "I can walk within 30mins", "I can drive within 10mins"};
          return json{{"location", PickOf(Kinds(), rng)},
                      {"location2", w->places[Pick(PoolsOf(w).pittsburgh, rng)].name},
                      {"condition", PickOf(kCond, rng)}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 46: coordinates.
  {
    TemplateFamily f = Family(46, "Tell me the coordinates of {{location}} in DD format",
                              {"string_match"}, {{"location", "Apple Store near Pitt"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      auto i = Geo(*w, Str(p, "location"));
      if (!i.ok()) return i.status();
      const MapPlace& pl = w->places[*i];
      Plan plan(w);
      plan.Search(Str(p, "location"));
      plan.Open(*i);
      Solved s{AnswerTask(SK::kMustInclude, {Cut3(pl.lat), Cut3(pl.lon)}), {}};
      s.plan = plan.Exit(Cut3(pl.lat) + ", " + Cut3(pl.lon) + " (" + FormatMapCoord(pl.lat) + ", " +
                             FormatMapCoord(pl.lon) + ")",
                         "the page's Location line, to three decimals");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          const Pools& pools = PoolsOf(w);
          if (rng.Bernoulli(0.3)) {
            return json{{"location", PickOf(Kinds(), rng) + " near " +
                                         w->places[Pick(pools.pittsburgh, rng)].name}};
          }
          return json{{"location", w->places[Pick(pools.named, rng)].name}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 501: phone number.
  {
    TemplateFamily f =
        Family(501, "What is the {{information}} of {{location}}", {"string_match"},
               {{"location", "Western Pennsylvania Hospital"}, {"information", "phone number"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      auto i = Geo(*w, Str(p, "location"));
      if (!i.ok()) return i.status();
      const MapPlace& pl = w->places[*i];
      const bool phone = Str(p, "information") == "phone number";
      const std::string value = phone ? pl.phone : pl.postcode;
      if (value.empty()) return NotFound("no " + Str(p, "information"));
      Plan plan(w);
      plan.Search(Str(p, "location"));
      plan.Open(*i);
      Solved s{AnswerTask(SK::kFuzzyMatch, {value}), {}};
      s.plan =
          plan.Exit(value, "the place's " + std::string(phone ? "phone" : "postcode") + " tag");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          return json{{"location", w->places[Pick(PoolsOf(w).named, rng)].name},
                      {"information", rng.Bernoulli(0.8) ? "phone number" : "postcode"}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 47: Pittsburgh to Philadelphia (no parameters).
  {
    TemplateFamily f =
        Family(47, "How much time does it take from Pittsburgh to Philadelphia by car?",
               {"string_match"}, json::object());
    f.in_train = false;
    f.sample = [](Db&, Rng&) -> Result<json> { return json::object(); };
    SetSolver(&f, [=](const json&, const World& w) -> Result<Solved> {
      auto a = Geo(*w, "Pittsburgh");
      auto b = Geo(*w, "Philadelphia");
      if (!a.ok() || !b.ok()) return NotFound("cities missing");
      auto m = Minutes(*w, *a, *b, kCar);
      if (!m.ok()) return m.status();
      Plan plan(w);
      plan.Route("Pittsburgh", "Philadelphia", kCar);
      Solved s{AnswerTask(SK::kFuzzyMatch, {HourMin(*m)}), {}};
      s.plan = plan.Exit(HourMin(*m), "the car route's time");
      return s;
    });
    out.push_back(std::move(f));
  }

  // 58: walking distance, to a named place or the closest branch of a brand.
  {
    TemplateFamily f = Family(
        58, "Measure distance between {{location/address_1}} and {{location/address_2}} by walking",
        {"string_match"},
        {{"location/address_1", "Carnegie Mellon University"},
         {"location/address_2", "CVS (closet one)"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      const std::string a_text = Str(p, "location/address_1");
      const std::string b_text = Str(p, "location/address_2");
      auto a = Geo(*w, a_text);
      if (!a.ok()) return a.status();
      Plan plan(w);
      int b = -1;
      const size_t paren = b_text.find(" (clos");
      if (paren != std::string::npos) {
        const std::string alias = Resolve(b_text);
        const std::string brand = alias != b_text ? alias : b_text.substr(0, paren);
        auto hits = Near(*w, brand, a_text, 1);
        if (!hits.ok()) return hits.status();
        b = (*hits)[0];
        plan.Search(brand + " near " + a_text);
      } else {
        auto g = Geo(*w, b_text);
        if (!g.ok()) return g.status();
        b = *g;
      }
      if (b == *a) return InvalidArgument("same place");
      auto r = RouteOf(*w, *a, b, kFoot);
      if (!r.ok()) return r.status();
      if (r->meters > 10000) return FailedPrecondition("too far to walk");
      plan.Route(a_text, paren != std::string::npos ? w->places[b].DisplayName() : b_text, kFoot);
      const std::string d = FormatMapDistance(r->meters);
      Solved s{AnswerTask(SK::kFuzzyMatch, {d}), {}};
      s.plan = plan.Exit(d, "the foot route's distance");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          const Pools& pools = PoolsOf(w);
          static const std::vector<std::string> kBrands = {"CVS", "Starbucks", "Rite Aid",
                                                           "Giant Eagle", "Whole Foods"};
          const std::string a = w->places[Pick(pools.pittsburgh, rng)].name;
          if (rng.Bernoulli(0.5)) {
            return json{{"location/address_1", a},
                        {"location/address_2", PickOf(kBrands, rng) + " (closest one)"}};
          }
          return json{{"location/address_1", a},
                      {"location/address_2", w->places[Pick(pools.pittsburgh, rng)].name}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 52: a place's page.
  {
    TemplateFamily f = Family(52, "Pull up the description page of {{location}} on Map",
                              {"program_html"}, {{"location", "Carnegie Music Hall"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      auto i = Geo(*w, Str(p, "location"));
      if (!i.ok()) return i.status();
      Task t = MapTask();
      t.eval.program_html = {LastPage(kSidebar, SK::kMustInclude, {w->places[*i].name})};
      Plan plan(w);
      plan.Search(Str(p, "location"));
      plan.Open(*i);
      Solved s{t, plan.Done("the place's page is open")};
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          return json{{"location", w->places[Pick(PoolsOf(w).named, rng)].name}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 59: search for a kind around a place.
  {
    TemplateFamily f = Family(59, "Find the {{space}} around {{location}}", {"url_match"},
                              {{"location", "Carnegie Music Hall"}, {"space", "hotel"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      static const std::map<std::string, std::string> kPlural = {
          {"hotel", "hotels"},        {"cafe", "cafes"},      {"restaurant", "restaurants"},
          {"pharmacy", "pharmacies"}, {"bank", "banks"},      {"supermarket", "supermarkets"},
          {"library", "libraries"},   {"bakery", "bakeries"}, {"bar", "bars"},
          {"school", "schools"}};
      auto plural = kPlural.find(Str(p, "space"));
      if (plural == kPlural.end()) return InvalidArgument("unknown space " + Str(p, "space"));
      const std::string query = plural->second + " near " + Str(p, "location");
      auto hits = Near(*w, plural->second, Str(p, "location"), 1);
      if (!hits.ok()) return hits.status();
      Task t = MapTask();
      t.eval.reference_url = "__MAP__/search?query=" + EncodeUriComponent(query);
      t.eval.url_note = "GOLD in PRED";
      Plan plan(w);
      plan.Search(query);
      Solved s{t, plan.Done("the results list them")};
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          static const std::vector<std::string> kSpace = {"hotel",    "cafe",   "restaurant",
                                                          "pharmacy", "bank",   "supermarket",
                                                          "library",  "bakery", "bar"};
          return json{{"location", w->places[Pick(PoolsOf(w).named, rng)].name},
                      {"space", PickOf(kSpace, rng)}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 781: an office the map does not have (no parameters; unachievable).
  {
    TemplateFamily f =
        Family(781,
               "I am arriving at Carnegie Mellon University. Find the nearby US Citizenship and "
               "Immigration Services and the walking distance to the nearest Social Security "
               "Administration from US Citizenship and Immigration Services",
               {"string_match"}, json::object());
    f.in_train = false;
    f.sample = [](Db&, Rng&) -> Result<json> { return json::object(); };
    SetSolver(&f, [](const json&, const World& w) -> Result<Solved> {
      const std::string q = "US Citizenship and Immigration Services";
      if (!w->Search(q + " near Carnegie Mellon University", 1).empty()) {
        return FailedPrecondition("the map has a USCIS office");
      }
      Plan plan(w);
      plan.Search(q + " near Carnegie Mellon University");
      Solved s{AnswerTask(SK::kFuzzyMatch, {"N/A"}), {}};
      s.task.eval.string_note = "There is no USCIS nearby";
      s.plan = plan.Exit(
          "N/A: there is no US Citizenship and Immigration Services office near "
          "Carnegie Mellon University on the map",
          "no results");
      return s;
    });
    out.push_back(std::move(f));
  }

  // 782: a Hyatt near the airport and supermarkets within 15 minutes' drive (no parameters).
  {
    TemplateFamily f = Family(782,
                              "I am arriving at Pittsburgh Airport. Show me the name of a Hyatt "
                              "hotel if there is any nearby. Tell me the names of supermarkets "
                              "that are within 15mins driving from the hotel",
                              {"string_match"}, json::object());
    f.in_train = false;
    f.sample = [](Db&, Rng&) -> Result<json> { return json::object(); };
    SetSolver(&f, [=](const json&, const World& w) -> Result<Solved> {
      auto hotels = Near(*w, "Hyatt hotel", "Pittsburgh Airport", 1);
      if (!hotels.ok()) return hotels.status();
      const int h = (*hotels)[0];
      auto markets = Near(*w, "supermarket", w->places[h].name, 4);
      if (!markets.ok()) return markets.status();
      Plan plan(w);
      plan.Search("Hyatt hotel near Pittsburgh Airport");
      plan.Search("supermarket near " + w->places[h].name);
      std::vector<std::string> refs = {w->places[h].name};
      std::string names;
      for (int m : *markets) {
        auto t = Minutes(*w, h, m, kCar);
        if (!t.ok()) return t.status();
        plan.Route(h, m, kCar);
        plan.Note(w->places[m].name + ": " + std::to_string(*t) + " min");
        if (*t <= 15) {
          refs.push_back(w->places[m].name);
          names += (names.empty() ? "" : ", ") + w->places[m].name;
        }
      }
      Solved s{AnswerTask(SK::kFuzzyMatch, refs), {}};
      s.plan = plan.Exit(w->places[h].name + "; supermarkets within 15 min by car: " + names,
                         "the supermarkets whose drive is at most 15 min");
      return s;
    });
    out.push_back(std::move(f));
  }

  // 54: directions with a mode.
  {
    TemplateFamily f = Family(54,
                              "Get directions from {{location/address_1}} to "
                              "{{location/address_2}} using {{transportation}} options.",
                              {"program_html"},
                              {{"location/address_1", "Carnegie Music Hall in NYC"},
                               {"location/address_2", "Carnegie Mellon University"},
                               {"transportation", "driving"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      const std::string a_text = Resolve(Str(p, "location/address_1"));
      const std::string b_text = Resolve(Str(p, "location/address_2"));
      auto ends = Endpoints(*w, a_text, b_text);
      if (!ends.ok()) return ends.status();
      const int a = ends->first, b = ends->second;
      const MapProfile prof = ProfileOfWord(Str(p, "transportation"));
      if (!w->Route(a, b, prof).found) return NotFound("no route");
      const MapPlace& pa = w->places[a];
      const MapPlace& pb = w->places[b];
      std::vector<std::string> from = {pa.name};
      if (!pa.street.empty()) from.push_back(pa.street);
      if (pa.suburb != pa.city && !pa.city.empty()) from.push_back(pa.city);
      from.push_back(pa.state);
      Task t = MapTask();
      t.eval.program_html = {
          LastPage(kEngineIndex, SK::kExactMatch, {std::to_string(static_cast<int>(prof))}),
          LastPage(kFromField, SK::kMustInclude, from),
          LastPage(kToField, SK::kMustInclude, {pb.name, pb.city})};
      Plan plan(w);
      plan.Route(a_text, b_text, prof);
      if (a_text != Str(p, "location/address_1")) {
        plan.Note(Str(p, "location/address_1") + " is " + a_text);
      }
      Solved s{t, plan.Done("the route is shown")};
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          const Pools& pools = PoolsOf(w);
          static const std::vector<std::string> kMode = {"driving", "walking", "biking"};
          const int a = Pick(pools.named, rng);
          std::vector<int> same;
          for (int i : pools.named) {
            if (i != a && w->places[i].metro == w->places[a].metro) same.push_back(i);
          }
          if (same.empty()) return json();
          return json{{"location/address_1", w->places[a].name},
                      {"location/address_2", w->places[Pick(same, rng)].name},
                      {"transportation", PickOf(kMode, rng)}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // ------------------------------------------------------------------------------------------
  // Map + wiki: the intent describes a place the wiki identifies.

  auto wiki_family = [](int id, std::string intent, std::vector<std::string> eval_types,
                        json published) {
    TemplateFamily f =
        SiteFamily("map", id, std::move(intent), std::move(eval_types), std::move(published));
    f.sites = {"map", "wikipedia"};
    return f;
  };
  // The published tasks list the sites in either order.
  auto wiki_task = [](Task t, bool wiki_first = true) {
    t.sites = wiki_first ? std::vector<std::string>{"wikipedia", "map"}
                         : std::vector<std::string>{"map", "wikipedia"};
    return t;
  };

  // 120: driving distance to the top computer science school in Massachusetts.
  {
    TemplateFamily f = wiki_family(120,
                                   "Tell me the distance to drive from Carnegie Mellon University "
                                   "to the top computer science school in massachusetts",
                                   {"string_match"}, json::object());
    f.in_train = false;
    f.sample = [](Db&, Rng&) -> Result<json> { return json::object(); };
    SetSolver(&f, [=](const json&, const World& w) -> Result<Solved> {
      const WikiFact* fact = FindWikiFact("the top computer science school in massachusetts");
      if (fact == nullptr) return NotFound("the wiki has no such fact");
      auto a = Geo(*w, "Carnegie Mellon University");
      auto b = Geo(*w, fact->place);
      if (!a.ok() || !b.ok()) return NotFound("a place is missing");
      auto r = RouteOf(*w, *a, *b, kCar);
      if (!r.ok()) return r.status();
      Plan plan(w);
      plan.Route("Carnegie Mellon University", fact->place, kCar);
      plan.Note("the wiki's article " + fact->article + " says it is " + fact->place);
      const std::string d = FormatMapDistance(r->meters);
      std::string ref = d;  // "914 km", as the published reference writes it
      if (ref.size() > 2 && ref.compare(ref.size() - 2, 2, "km") == 0)
        ref.insert(ref.size() - 2, " ");
      Solved s{wiki_task(AnswerTask(SK::kFuzzyMatch, {ref}), false), {}};
      s.plan = plan.Exit(d, "the car route's distance");
      return s;
    });
    out.push_back(std::move(f));
  }

  // 85: the closest national park to a town and the time to bike there.
  {
    TemplateFamily f = wiki_family(85,
                                   "What's the closest national park to {{city}}? How long does "
                                   "it take to bike there?",
                                   {"string_match"}, {{"city", "Vinalhaven, ME"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      auto c = Geo(*w, Str(p, "city"));
      if (!c.ok()) return c.status();
      auto parks = Near(*w, "national park", Str(p, "city"), 1);
      if (!parks.ok()) return parks.status();
      const int park = (*parks)[0];
      auto m = Minutes(*w, *c, park, kBike);
      if (!m.ok()) return m.status();
      Plan plan(w);
      plan.Search("national park near " + Str(p, "city"));
      plan.Route(Str(p, "city"), w->places[park].DisplayName(), kBike);
      Task t = MapTask();
      t.eval.has_reference_answers = true;
      t.eval.reference_answers = {MakeCheck(SK::kMustInclude, {w->places[park].name}),
                                  MakeCheck(SK::kFuzzyMatch, {HourMin(*m)})};
      Solved s{wiki_task(t), {}};
      s.plan = plan.Exit(w->places[park].name + "; by bicycle it takes " + HourMin(*m),
                         "the bicycle route's time");
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          const MapPlace& c = w->places[Pick(PoolsOf(w).cities, rng)];
          static const std::map<std::string, std::string> kCode = {
              {"Maine", "ME"},         {"Ohio", "OH"},          {"Pennsylvania", "PA"},
              {"West Virginia", "WV"}, {"New Hampshire", "NH"}, {"Vermont", "VT"},
              {"New York", "NY"},      {"Massachusetts", "MA"}};
          auto code = kCode.find(c.state);
          if (code == kCode.end()) return json();
          return json{{"city", c.name + ", " + code->second}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 371: the page of a place the wiki describes.
  {
    TemplateFamily f = wiki_family(
        371, "Find the page of {{description}} on the map.", {"program_html"},
        {{"description",
          "the place in Pennsylvania where a plane crashed during the September 11th attacks"}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      const WikiFact* fact = FindWikiFact(Str(p, "description"));
      if (fact == nullptr) return NotFound("the wiki does not identify " + Str(p, "description"));
      auto i = Geo(*w, fact->place);
      if (!i.ok()) return i.status();
      Task t = MapTask();
      t.eval.program_html = {LastPage(kSidebar, SK::kMustInclude, {w->places[*i].county})};
      Plan plan(w);
      plan.Search(fact->place);
      plan.Note("the wiki's article " + fact->article + " names " + fact->place);
      plan.Open(*i);
      Solved s{wiki_task(t), plan.Done("the place's page is open")};
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World&, Rng& rng) {
          std::vector<const WikiFact*> places;
          for (const WikiFact& f : WikiFacts()) {
            if (f.kind == "place") places.push_back(&f);
          }
          return json{{"description", PickOf(places, rng)->description}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // 94: directions to a team's home stadium.
  {
    TemplateFamily f = wiki_family(
        94, "Show me the way from {{location}} to the home stadium of {{sport_team}} {{time}}",
        {"program_html"},
        {{"location", "Carnegie Mellon University"},
         {"sport_team", "Boston home NBA team"},
         {"time", ""}});
    Solver solve = [=](const json& p, const World& w) -> Result<Solved> {
      const WikiFact* fact = FindWikiFact(Str(p, "sport_team"));
      if (fact == nullptr) return NotFound("the wiki does not know " + Str(p, "sport_team"));
      auto ends = Endpoints(*w, Str(p, "location"), fact->place);
      if (!ends.ok()) return ends.status();
      const int a = ends->first, b = ends->second;
      if (!w->Route(a, b, kCar).found) return NotFound("no route");
      const MapPlace& pa = w->places[a];
      const MapPlace& pb = w->places[b];
      Task t = MapTask();
      t.eval.program_html = {LastPage(kFromField, SK::kMustInclude, {pa.name, pa.city}),
                             LastPage(kToField, SK::kMustInclude, {pb.name, pb.city, pb.state}),
                             LastPage(kEngineIndex, SK::kExactMatch, {"1"})};
      Plan plan(w);
      plan.Route(Str(p, "location"), fact->place, kCar);
      plan.Note("the wiki's article " + fact->article + " says its home is " + fact->place);
      Solved s{wiki_task(t), plan.Done("the route is shown")};
      return s;
    };
    SetSolver(&f, solve);
    SetSampler(
        &f,
        [](const World& w, Rng& rng) {
          std::vector<const WikiFact*> teams;
          for (const WikiFact& f : WikiFacts()) {
            if (f.kind == "team") teams.push_back(&f);
          }
          return json{{"location", w->places[Pick(PoolsOf(w).named, rng)].name},
                      {"sport_team", PickOf(teams, rng)->description},
                      {"time", ""}};
        },
        solve);
    out.push_back(std::move(f));
  }

  // ------------------------------------------------------------------------------------------
  // Map + shopping admin: the route to the city a customer lives in.
  {
    TemplateFamily f =
        SiteFamily("map", 42, "Show me the route and driving time from {{city1}} to {{city2}}",
                   {"program_html"},
                   {{"city1", "Allentown, PA"},
                    {"city2", "the city where my E-commerce customer Amanda Kim lives"}});
    f.sites = {"map", "shopping_admin"};
    // The customer's city and state, from the admin site of the same seed.
    auto customer_city =
        [](const std::string& city2) -> Result<std::pair<std::string, std::string>> {
      const std::string prefix = "the city where my E-commerce customer ";
      if (city2.rfind(prefix, 0) != 0 || city2.size() < prefix.size() + 6) {
        return InvalidArgument("city2 does not name a customer: " + city2);
      }
      const std::string name = city2.substr(prefix.size(), city2.size() - prefix.size() - 6);
      auto db = TemplateSiteDb("shopping_admin");
      if (!db.ok()) return db.status();
      std::vector<std::pair<std::string, std::string>> hits;
      WA_RETURN_IF_ERROR(
          (*db)->Query("SELECT city, region FROM customers WHERE firstname || ' ' || lastname = ?",
                       {name}, [&](const Row& r) { hits.emplace_back(r.Text(0), r.Text(1)); }));
      if (hits.size() != 1) {
        return NotFound(std::to_string(hits.size()) + " customers are named " + name);
      }
      return hits[0];
    };
    auto solve = [customer_city](const json& p, Db& db) -> Result<Solved> {
      auto w = MapWorldOf(db);
      if (!w.ok()) return w.status();
      auto cc = customer_city(Str(p, "city2"));
      if (!cc.ok()) return cc.status();
      const std::string to = cc->first + ", " + cc->second;
      auto ends = Endpoints(**w, Str(p, "city1"), to);
      if (!ends.ok()) return ends.status();
      const int a = ends->first, b = ends->second;
      if ((*w)->places[b].city != cc->first) return NotFound("the map does not have " + to);
      if (!(*w)->Route(a, b, MapProfile::kCar).found) return NotFound("no route");
      std::string city1 = Str(p, "city1");
      city1 = city1.substr(0, city1.find(','));
      Task t = MapTask();
      t.sites = {"map", "shopping_admin"};
      t.eval.program_html = {LastPage(kEngineIndex, SK::kExactMatch, {"1"}),
                             LastPage(kFromField, SK::kMustInclude, {city1}),
                             LastPage(kToField, SK::kMustInclude, {cc->first, cc->second})};
      Plan plan(*w);
      plan.Route(Str(p, "city1"), to, MapProfile::kCar);
      plan.Note("the admin's customer grid lists the customer in " + to);
      Solved s{t, plan.Done("the route is shown")};
      return s;
    };
    f.build = [solve](const json& p, Db& db) -> Result<Task> {
      auto s = solve(p, db);
      if (!s.ok()) return s.status();
      return std::move(s->task);
    };
    f.oracle = [solve](const Task&, const json& p, Db& db) -> Result<std::vector<OracleOp>> {
      auto s = solve(p, db);
      if (!s.ok()) return s.status();
      return std::move(s->plan);
    };
    f.sample = [solve](Db& db, Rng& rng) -> Result<json> {
      auto w = MapWorldOf(db);
      if (!w.ok()) return w.status();
      // Customers who live in a city the map has.
      auto adb = TemplateSiteDb("shopping_admin");
      if (!adb.ok()) return adb.status();
      std::vector<std::string> names;
      WA_RETURN_IF_ERROR((*adb)->Query(
          "SELECT firstname || ' ' || lastname FROM customers WHERE city IN ('Boston', "
          "'Pittsburgh', 'New York', 'Hoboken') GROUP BY firstname, lastname HAVING COUNT(*) = 1 "
          "ORDER BY 1",
          {}, [&](const Row& r) { names.push_back(r.Text(0)); }));
      const Pools& pools = PoolsOf(*w);
      for (int tries = 0; tries < 100 && !names.empty(); ++tries) {
        const MapPlace& c1 = (*w)->places[Pick(pools.cities, rng)];
        json p = {
            {"city1", c1.name},
            {"city2", "the city where my E-commerce customer " + PickOf(names, rng) + " lives"}};
        if (solve(p, db).ok()) return p;
      }
      return NotFound("no customer city on the map");
    };
    out.push_back(std::move(f));
  }

  return out;
}

}  // namespace wa
