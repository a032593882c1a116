// The map site: a simulated OpenStreetMap website (as WebArena runs it) with Nominatim search
// in #sidebar_content, place pages (/node/ID, /way/ID, /relation/ID), and the directions form
// (route_from, route_to, select.routing_engines inside div#content) backed by the road network
// of sim/sites/map_data.h. The world is read-only: the database only records the seed.
#include <cmath>
#include <cstdio>
#include <memory>

#include "sim/sites/map_data.h"
#include "sim/sites/site_util.h"
#include "sim/url.h"

namespace wa {
namespace {

struct MapSite {
  TemplateSet templates;
  std::shared_ptr<const MapWorld> world;
};

std::string TypeLabel(const std::string& category) {
  std::string s = category;
  for (char& c : s) {
    if (c == '_') c = ' ';
  }
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

struct Page {
  std::string title;
  std::string content;
  std::string query;
  bool directions = false;
  std::string from, to, reverse_url = "/directions";
  MapProfile profile = MapProfile::kCar;
  std::string caption = "North-eastern United States";
  std::vector<std::string> markers;
};

Status Emit(const MapSite& s, const Page& p, Response* r) {
  TemplateData d;
  d.set("title", p.title.empty() ? std::string() : p.title + " | ");
  d.set("content", p.content);
  d.set("query", p.query);
  d.set("map_caption", p.caption);
  TemplateList markers;
  for (const std::string& m : p.markers) {
    TemplateData t;
    t.set("name", m);
    markers.push_back(std::move(t));
  }
  d.set("markers", std::move(markers));
  if (p.directions) {
    TemplateData dir;
    dir.set("from", p.from);
    dir.set("to", p.to);
    dir.set("reverse_url", p.reverse_url);
    TemplateList engines;
    for (int k = 0; k < kMapProfiles; ++k) {
      TemplateData e;
      e.set("value", MapEngineValue(static_cast<MapProfile>(k)));
      e.set("label", MapEngineLabel(static_cast<MapProfile>(k)));
      e.set("selected", static_cast<int>(p.profile) == k);
      engines.push_back(std::move(e));
    }
    dir.set("engines", std::move(engines));
    d.set("directions", std::move(dir));
  }
  auto html = s.templates.Render("layout", d);
  if (!html.ok()) return html.status();
  r->body = std::move(*html);
  return Status::Ok();
}

Status RenderInto(const MapSite& s, const std::string& name, const TemplateData& data, Page* p) {
  auto c = s.templates.Render(name, data);
  if (!c.ok()) return c.status();
  p->content = std::move(*c);
  return Status::Ok();
}

Status SearchPage(const MapSite& s, const Request& req, Response* r) {
  const std::string query = req.Param("query");
  // The website builds this URL with encodeURIComponent (spaces as %20); a plain form post
  // (spaces as '+') is redirected to that form.
  if (req.url.query.find('+') != std::string::npos) {
    r->location = "/search?query=" + EncodeUriComponent(query);
    return Status::Ok();
  }
  Page p;
  p.title = "Search";
  p.query = query;
  TemplateList results;
  if (!query.empty()) {
    for (int i : s.world->Search(query, 20)) {
      const MapPlace& pl = s.world->places[i];
      TemplateData t;
      t.set("type", TypeLabel(pl.category));
      t.set("href", pl.Path());
      t.set("display", pl.DisplayName());
      results.push_back(std::move(t));
      if (p.markers.size() < 10) p.markers.push_back(pl.name);
    }
  }
  TemplateData d;
  d.set("has_results", !results.empty());
  d.set("results", std::move(results));
  WA_RETURN_IF_ERROR(RenderInto(s, "search", d, &p));
  return Emit(s, p, r);
}

Status PlacePage(const MapSite& s, const std::string& type, const Request& req, SiteContext& ctx,
                 Response* r) {
  const int64_t id = ParseId(req.Capture(0));
  const int idx = id < 0 ? -1 : s.world->Find(type, id);
  if (idx < 0) {
    r->status = 404;
    r->body = ctx.model->error_page(
        404, "Sorry, the " + type + " with the id " + req.Capture(0) + " could not be found.", ctx);
    return Status::Ok();
  }
  const MapPlace& pl = s.world->places[idx];
  Page p;
  p.title = pl.name;
  p.caption = pl.name;
  p.markers.push_back(pl.name);
  TemplateData d;
  std::string kind = type;
  kind[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(kind[0])));
  d.set("kind", kind);
  d.set("name", pl.name);
  d.set("id", std::to_string(pl.id));
  d.set("description", pl.description);
  d.set("address", pl.DisplayName());
  d.set("path", pl.Path());
  d.set("lat", FormatMapCoord(pl.lat));
  d.set("lon", FormatMapCoord(pl.lon));
  d.set("encoded", UrlEncode(pl.DisplayName()));
  TemplateList tags;
  auto tag = [&](const std::string& k, const std::string& v) {
    if (v.empty()) return;
    TemplateData t;
    t.set("k", k);
    t.set("v", v);
    tags.push_back(std::move(t));
  };
  static const std::vector<std::string> kAmenities = {
      "cafe",       "pharmacy",         "post_office",  "police",        "library",
      "restaurant", "fast_food",        "bar",          "bank",          "school",
      "fuel",       "clinic",           "dentist",      "hospital",      "university",
      "theatre",    "place_of_worship", "fire_station", "animal_shelter"};
  const bool amenity =
      std::find(kAmenities.begin(), kAmenities.end(), pl.category) != kAmenities.end();
  tag("addr:city", pl.city);
  tag("addr:housenumber", pl.housenumber);
  tag("addr:postcode", pl.postcode);
  tag("addr:state", pl.state);
  tag("addr:street", pl.street);
  if (amenity) tag("amenity", pl.category);
  tag("brand", pl.brand);
  tag("cuisine", pl.cuisine);
  if (pl.category == "state" || pl.hub) {
    tag("boundary", "administrative");
    tag("place", pl.category);
  }
  if (pl.category == "airport") tag("aeroway", "aerodrome");
  if (pl.category == "national_park") tag("boundary", "national_park");
  if (!amenity && !pl.hub && pl.category != "state" && pl.category != "airport") {
    tag(pl.category == "hotel" || pl.category == "museum" || pl.category == "attraction"
            ? "tourism"
            : (pl.category == "park" || pl.category == "stadium" ? "leisure" : "shop"),
        pl.category);
  }
  tag("name", pl.name);
  tag("phone", pl.phone);
  if (const MapState* st = pl.category == "state" ? s.world->State(pl.name) : nullptr) {
    std::string b;
    for (const std::string& n : st->borders) b += (b.empty() ? "" : ";") + n;
    tag("is_in:borders", b);
  }
  d.set("tags", std::move(tags));
  WA_RETURN_IF_ERROR(RenderInto(s, "place", d, &p));
  return Emit(s, p, r);
}

// "40.4443,-79.9427" -> place index (the place at exactly that point, else the nearest).
int PlaceAt(const MapWorld& w, const std::string& text) {
  const size_t comma = text.find(',');
  if (comma == std::string::npos) return -1;
  char* end = nullptr;
  const double lat = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + comma) return -1;
  const std::string lon_text = text.substr(comma + 1);
  const double lon = std::strtod(lon_text.c_str(), &end);
  if (end == lon_text.c_str() || *end != '\0' || !std::isfinite(lat) || !std::isfinite(lon) ||
      std::fabs(lat) > 90 || std::fabs(lon) > 180) {
    return -1;
  }
  return w.Nearest(lat, lon);
}

std::string RouteParam(const MapPlace& a, const MapPlace& b) {
  return FormatMapCoord(a.lat) + "%2C" + FormatMapCoord(a.lon) + "%3B" + FormatMapCoord(b.lat) +
         "%2C" + FormatMapCoord(b.lon);
}

Status DirectionsPage(const MapSite& s, const Request& req, Response* r) {
  const MapWorld& w = *s.world;
  Page p;
  p.title = "Directions";
  p.directions = true;
  p.profile = MapProfileFromEngine(req.Param("engine"));
  const std::string engine = MapEngineValue(p.profile);
  TemplateData d;
  const std::string route = req.Param("route");
  if (!route.empty()) {
    const size_t semi = route.find(';');
    const int a = semi == std::string::npos ? -1 : PlaceAt(w, route.substr(0, semi));
    const int b = semi == std::string::npos ? -1 : PlaceAt(w, route.substr(semi + 1));
    if (a < 0 || b < 0) {
      d.set("error", "The route '" + route + "' is not two points (lat,lon;lat,lon).");
    } else {
      const MapPlace& pa = w.places[a];
      const MapPlace& pb = w.places[b];
      p.from = pa.DisplayName();
      p.to = pb.DisplayName();
      p.reverse_url = "/directions?engine=" + engine + "&route=" + RouteParam(pb, pa);
      p.markers = {pa.name, pb.name};
      p.caption = pa.name + " to " + pb.name;
      MapRoute rt = w.Route(a, b, p.profile);
      if (rt.found) {
        TemplateData rd;
        rd.set("distance", FormatMapDistance(rt.meters));
        rd.set("time", FormatMapTime(rt.seconds));
        TemplateList steps;
        int n = 1;
        for (const std::string& text : w.Instructions(rt)) {
          TemplateData st;
          st.set("n", std::to_string(n++));
          st.set("text", text);
          steps.push_back(std::move(st));
        }
        rd.set("steps", std::move(steps));
        d.set("route", std::move(rd));
      } else {
        d.set("no_route", true);
      }
    }
  } else {
    p.from = req.Param("route_from");
    p.to = req.Param("route_to");
    if (!p.from.empty() && !p.to.empty()) {
      const int a = w.Geocode(p.from), b = w.Geocode(p.to);
      if (a >= 0 && b >= 0) {
        r->location =
            "/directions?engine=" + engine + "&route=" + RouteParam(w.places[a], w.places[b]);
        return Status::Ok();
      }
      d.set("error", "Couldn't find '" + (a < 0 ? p.from : p.to) + "'");
    }
  }
  WA_RETURN_IF_ERROR(RenderInto(s, "directions", d, &p));
  return Emit(s, p, r);
}

void AddRoutes(const std::shared_ptr<const MapSite>& s, SiteModel* m) {
  AddStylesheetRoute(m);
  m->AddRoute("GET", "/", [s](const Request&, SiteContext&, Response* r) -> Status {
    Page p;
    WA_RETURN_IF_ERROR(RenderInto(*s, "home", TemplateData(), &p));
    return Emit(*s, p, r);
  });
  m->AddRoute("GET", "/search", [s](const Request& req, SiteContext&, Response* r) {
    return SearchPage(*s, req, r);
  });
  m->AddRoute("GET", "/directions", [s](const Request& req, SiteContext&, Response* r) {
    return DirectionsPage(*s, req, r);
  });
  for (const char* type : {"node", "way", "relation"}) {
    const std::string t = type;
    m->AddRoute("GET", "/" + t + "/{id}",
                [s, t](const Request& req, SiteContext& ctx, Response* r) {
                  return PlacePage(*s, t, req, ctx, r);
                });
  }
}

}  // namespace

Result<std::shared_ptr<const SiteModel>> BuildMapSite(const SiteOptions& options) {
  auto site = std::make_shared<MapSite>();
  WA_RETURN_IF_ERROR(site->templates.Load("map", /*minify=*/true));
  auto world = MapWorld::Build(options.seed);
  if (!world.ok()) return world.status();
  site->world = *world;
  auto model = std::make_shared<SiteModel>();
  model->name = "map";
  model->placeholder = "__MAP__";
  model->SetBaseUrl("http://localhost:3000");
  model->display_name = "OpenStreetMap";
  model->session_cookie = "_osm_session";
  WA_RETURN_IF_ERROR(LoadStylesheet("map", model.get()));
  WA_RETURN_IF_ERROR(BuildPristine(
      kMapSchema, [&](Db& db) { return PopulateMap(db, options.seed); }, model.get()));
  std::shared_ptr<const MapSite> s = site;
  model->error_page = [s](int status, std::string_view message, const SiteContext&) {
    TemplateData d;
    d.set("heading", status == 404 ? "Not Found" : "Error " + std::to_string(status));
    d.set("text", std::string(message));
    Page p;
    p.title = status == 404 ? "Not Found" : "Error";
    Response r;
    if (!RenderInto(*s, "message", d, &p).ok() || !Emit(*s, p, &r).ok()) {
      return std::string("<html><body>error</body></html>");
    }
    return r.body;
  };
  AddRoutes(s, model.get());
  return std::shared_ptr<const SiteModel>(std::move(model));
}

}  // namespace wa
