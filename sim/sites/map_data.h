// The map site's world (OpenStreetMap as WebArena runs it, "North east US map"): a gazetteer
// of places with addresses and tags, state boundaries, a road network with bicycle, car and
// foot profiles, shortest-path routing (OSRM's role), and search (Nominatim's role).
// Internal to sim/sites; built once per seed and shared read-only by the site and its tasks.
#ifndef WEBAGENT_SIM_SITES_MAP_DATA_H_
#define WEBAGENT_SIM_SITES_MAP_DATA_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sim/db.h"
#include "sim/status.h"

namespace wa {

// Routing profiles, in the order of the directions page's engine select (selectedIndex).
enum class MapProfile { kBicycle = 0, kCar = 1, kFoot = 2 };
inline constexpr int kMapProfiles = 3;
// The engine select's option values ("fossgis_osrm_car", ...) and labels ("Car (OSRM)").
const char* MapEngineValue(MapProfile p);
const char* MapEngineLabel(MapProfile p);
// "fossgis_osrm_foot" -> kFoot; kCar for anything unknown (the page's default engine).
MapProfile MapProfileFromEngine(std::string_view value);

struct MapPlace {
  int64_t id = 0;        // OSM id (unique within its type)
  std::string osm_type;  // "node", "way" or "relation"
  std::string name;
  std::string category;  // "university", "cafe", "hotel", "city", "state", ...
  std::string housenumber, street, suburb, city, county, state, postcode;
  std::string phone, website, opening_hours, brand, cuisine, description;
  std::string keywords;  // other names and words a search should find it by
  double lat = 0, lon = 0;
  bool hub = false;        // a neighbourhood, town or city centre of the road network
  int metro = 0;           // index of its metropolitan area
  std::string lower_text;  // lower-case name, category and keywords (search index)
  // Sorted words: what a "<what> near <place>" query matches (name, category, keywords,
  // brand, cuisine), the name, the name and keywords, everything including the address.
  std::vector<std::string> what_words, name_words, key_words, all_words;
  // "Name, 811, South Aiken Avenue, Shadyside, Pittsburgh, Allegheny County, Pennsylvania,
  // 15232, United States", as Nominatim writes a display name.
  std::string DisplayName() const;
  // The address without the name.
  std::string Address() const;
  // Display name without the state (the style of WebArena's reference answers).
  std::string DisplayNameNoState() const;
  // "/node/123".
  std::string Path() const { return "/" + osm_type + "/" + std::to_string(id); }
};

struct MapRoute {
  bool found = false;
  double meters = 0, seconds = 0;
  std::vector<int> nodes;  // place indices along the route
};

struct MapState {
  std::string name, code;
  std::vector<std::string> borders;  // neighbouring states and provinces
};

class MapWorld {
 public:
  std::vector<MapPlace> places;  // index = node of the road network
  std::vector<MapState> states;

  // Builds the world for a seed (fixed named places and road survey; the seed varies the
  // generated places).
  static Result<std::shared_ptr<const MapWorld>> Build(uint64_t seed);

  // Index of the place with this OSM type and id, or -1.
  int Find(std::string_view osm_type, int64_t id) const;
  // Index of the first place whose name is exactly `name` (case-insensitive), or -1.
  int FindByName(std::string_view name) const;
  // The place nearest to a coordinate (reverse geocoding), or -1 when there are none.
  int Nearest(double lat, double lon) const;
  // Nominatim-style search: "cafe near Hunt Library" ranks matches of "cafe" by distance from
  // the best match of "Hunt Library"; any other query ranks places whose text contains every
  // query word (exact names first, then by importance). At most `limit` place indices.
  std::vector<int> Search(std::string_view query, size_t limit = 20) const;
  // What the directions form does with a typed endpoint: a place's exact display name (as the
  // route page fills the fields in) is that place; anything else is the first search result.
  // -1 when nothing matches.
  int Geocode(std::string_view text) const;
  // The fastest route between two places for a profile (Dijkstra over the road network).
  MapRoute Route(int from, int to, MapProfile profile) const;
  // Turn-by-turn instructions of a route ("Head towards Forbes Avenue", ...).
  std::vector<std::string> Instructions(const MapRoute& route) const;
  const MapState* State(std::string_view name) const;

 private:
  struct Edge {
    int to;
    float meters[kMapProfiles];  // < 0: not allowed for the profile
    float seconds[kMapProfiles];
    std::string road;
  };
  std::vector<std::vector<Edge>> adj_;
  std::unordered_map<std::string, int> by_display_name_;  // DisplayName() -> place (Geocode)
  friend class MapWorldBuilder;
};

// Great-circle distance in metres.
double HaversineMeters(double lat1, double lon1, double lat2, double lon2);
// OSM's formats: "653m", "1.4km", "914km"; "0:13", "8:33" (minutes rounded).
std::string FormatMapDistance(double meters);
std::string FormatMapTime(double seconds);
// A coordinate as the place page shows it: up to 7 decimals, trailing zeros dropped.
std::string FormatMapCoord(double degrees);
// Rounded minutes as OSM shows them.
int64_t MapMinutes(double seconds);

// The world of the seed a map database was built with (its `meta` table).
Result<std::shared_ptr<const MapWorld>> MapWorldOf(Db& db);

extern const std::string_view kMapSchema;
// Writes the gazetteer into an empty database (schema applied).
Status PopulateMap(Db& db, uint64_t seed);

}  // namespace wa

#endif  // WEBAGENT_SIM_SITES_MAP_DATA_H_
