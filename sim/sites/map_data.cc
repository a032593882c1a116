// The map world: fixed named places (every place a published map intent names, at realistic
// coordinates), generated places around every neighbourhood and town, state borders, and a
// road network surveyed so that the routes WebArena's tasks ask about take the published
// times. Generic roads are derived from geometry (detour factors and profile speeds); a few
// surveyed segments and intercity links carry measured figures (see Survey below), and the
// world checks at build time that the fastest routes use them.
#include "sim/sites/map_data.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <mutex>
#include <queue>
#include <set>

#include "sim/rng.h"

namespace wa {

const std::string_view kMapSchema = R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE places (id INTEGER NOT NULL, osm_type TEXT NOT NULL, name TEXT NOT NULL,
  category TEXT NOT NULL, housenumber TEXT, street TEXT, suburb TEXT, city TEXT, county TEXT,
  state TEXT, postcode TEXT, phone TEXT, website TEXT, description TEXT, lat REAL NOT NULL,
  lon REAL NOT NULL, PRIMARY KEY (osm_type, id));
CREATE INDEX places_by_name ON places (name COLLATE NOCASE);
CREATE TABLE state_borders (state TEXT NOT NULL, neighbour TEXT NOT NULL);
)sql";

const char* MapEngineValue(MapProfile p) {
  switch (p) {
    case MapProfile::kBicycle:
      return "fossgis_osrm_bike";
    case MapProfile::kCar:
      return "fossgis_osrm_car";
    case MapProfile::kFoot:
      return "fossgis_osrm_foot";
  }
  return "fossgis_osrm_car";
}

const char* MapEngineLabel(MapProfile p) {
  switch (p) {
    case MapProfile::kBicycle:
      return "Bicycle (OSRM)";
    case MapProfile::kCar:
      return "Car (OSRM)";
    case MapProfile::kFoot:
      return "Foot (OSRM)";
  }
  return "Car (OSRM)";
}

MapProfile MapProfileFromEngine(std::string_view value) {
  if (value == "fossgis_osrm_bike") return MapProfile::kBicycle;
  if (value == "fossgis_osrm_foot") return MapProfile::kFoot;
  return MapProfile::kCar;
}

double HaversineMeters(double lat1, double lon1, double lat2, double lon2) {
  constexpr double kR = 6371000.0, kRad = M_PI / 180.0;
  const double dlat = (lat2 - lat1) * kRad, dlon = (lon2 - lon1) * kRad;
  const double a =
      std::sin(dlat / 2) * std::sin(dlat / 2) +
      std::cos(lat1 * kRad) * std::cos(lat2 * kRad) * std::sin(dlon / 2) * std::sin(dlon / 2);
  return 2 * kR * std::asin(std::min(1.0, std::sqrt(a)));
}

std::string FormatMapDistance(double meters) {
  char buf[32];
  if (meters < 1000) {
    std::snprintf(buf, sizeof(buf), "%lldm", static_cast<long long>(std::llround(meters)));
  } else if (meters < 10000) {
    std::snprintf(buf, sizeof(buf), "%.1fkm", std::round(meters / 100) / 10);
  } else {
    std::snprintf(buf, sizeof(buf), "%lldkm", static_cast<long long>(std::llround(meters / 1000)));
  }
  return buf;
}

int64_t MapMinutes(double seconds) { return std::llround(seconds / 60); }

std::string FormatMapTime(double seconds) {
  const int64_t mins = MapMinutes(seconds);
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%lld:%02lld", static_cast<long long>(mins / 60),
                static_cast<long long>(mins % 60));
  return buf;
}

namespace {

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Words of a text: lower case, split on anything not a letter or digit, plural 's' dropped.
std::string Singular(std::string w) {
  if (w.size() > 4 && w.compare(w.size() - 3, 3, "ies") == 0)
    return w.substr(0, w.size() - 3) + "y";
  if (w.size() > 3 && w.back() == 's' && w[w.size() - 2] != 's' && w[w.size() - 2] != 'u') {
    w.pop_back();
  }
  return w;
}

// Words a query may add that names do not need to contain.
bool StopWord(const std::string& w) {
  static const std::set<std::string> kStop = {"at", "in", "the", "a", "an", "of", "and", "on"};
  return kStop.count(w) > 0;
}

std::vector<std::string> QueryWords(std::string_view text);

std::vector<std::string> Words(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(Singular(Lower(cur)));
    cur.clear();
  };
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      cur += c;
    } else if (c != '\'') {  // "Schiller's" -> "schillers"
      flush();
    }
  }
  flush();
  return out;
}

std::vector<std::string> QueryWords(std::string_view text) {
  std::vector<std::string> out;
  for (std::string& w : Words(text)) {
    if (!StopWord(w)) out.push_back(std::move(w));
  }
  return out;
}

std::string CategoryWords(const std::string& category) {
  static const std::map<std::string, std::string> kWords = {
      {"university", "university college campus"},
      {"cafe", "cafe coffee"},
      {"hotel", "hotel lodging"},
      {"supermarket", "supermarket grocery"},
      {"pharmacy", "pharmacy drugstore chemist"},
      {"post_office", "post office postal"},
      {"police", "police station"},
      {"library", "library"},
      {"airport", "airport"},
      {"national_park", "national park"},
      {"stadium", "stadium arena"},
      {"museum", "museum"},
      {"park", "park"},
      {"hospital", "hospital"},
      {"restaurant", "restaurant"},
      {"fast_food", "fast food restaurant"},
      {"bar", "bar pub"},
      {"bakery", "bakery"},
      {"bank", "bank"},
      {"school", "school"},
      {"fuel", "fuel gas station"},
      {"clinic", "clinic doctor"},
      {"dentist", "dentist"},
      {"books", "bookstore book shop"},
      {"clothes", "clothes shop"},
      {"convenience", "convenience store shop"},
      {"hairdresser", "hairdresser salon"},
      {"place_of_worship", "church place of worship"},
      {"fire_station", "fire station"},
      {"theatre", "theatre theater concert hall"},
      {"city", "city"},
      {"town", "town"},
      {"neighbourhood", "neighbourhood"},
      {"state", "state"},
      {"memorial", "memorial"},
      {"government", "government office"},
      {"building", "building"},
      {"attraction", "attraction"},
      {"animal_shelter", "animal shelter"},
      {"electronics", "electronics store shop"},
  };
  auto it = kWords.find(category);
  return it == kWords.end() ? category : it->second;
}

int Importance(const std::string& category) {
  static const std::map<std::string, int> kImp = {
      {"state", 100},     {"city", 95},          {"town", 90},          {"airport", 85},
      {"university", 80}, {"national_park", 80}, {"neighbourhood", 60}, {"stadium", 70},
      {"museum", 70},     {"park", 65},          {"hospital", 60},      {"memorial", 70},
      {"theatre", 65},    {"attraction", 60}};
  auto it = kImp.find(category);
  return it == kImp.end() ? 30 : it->second;
}

}  // namespace

std::string MapPlace::Address() const {
  std::string out;
  auto add = [&](const std::string& part) {
    if (part.empty()) return;
    if (!out.empty()) out += ", ";
    out += part;
  };
  add(housenumber);
  add(street);
  if (suburb != city) add(suburb);
  add(city);
  add(county);
  add(state);
  add(postcode);
  add("United States");
  return out;
}

std::string MapPlace::DisplayName() const {
  if (category == "state") return name + ", United States";
  std::string a = Address();
  return name == city && housenumber.empty() && street.empty()
             ? a
             : (name == suburb && street.empty() ? a : name + ", " + a);
}

std::string MapPlace::DisplayNameNoState() const {
  std::string d = DisplayName();
  if (state.empty()) return d;
  const std::string needle = ", " + state + ",";
  size_t p = d.rfind(needle);
  if (p != std::string::npos) d.erase(p, needle.size() - 1);
  return d;
}

// ---------------------------------------------------------------------------------------------
// Fixed data.

namespace {

struct HubDef {
  const char* name;
  const char* category;  // city, town, neighbourhood
  double lat, lon;
  const char* city;
  const char* county;
  const char* state;
  const char* postcode;
  const char* metro;
  const char* area_code;
  int generated;  // generated places around it
};

// Metropolitan areas are named by their first hub; hubs of one metro are joined by local roads.
const HubDef kHubs[] = {
    // Pittsburgh: the city centre and its neighbourhoods.
    {"Pittsburgh", "city", 40.4406, -79.9959, "Pittsburgh", "Allegheny County", "Pennsylvania",
     "15222", "pgh", "412", 70},
    {"Central Oakland", "neighbourhood", 40.4365, -79.9560, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15213", "pgh", "412", 25},
    {"North Oakland", "neighbourhood", 40.4487, -79.9532, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15213", "pgh", "412", 25},
    {"Squirrel Hill North", "neighbourhood", 40.4416, -79.9300, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15213", "pgh", "412", 40},
    {"Squirrel Hill South", "neighbourhood", 40.4290, -79.9230, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15217", "pgh", "412", 45},
    {"Shadyside", "neighbourhood", 40.4550, -79.9340, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15232", "pgh", "412", 40},
    {"Bloomfield", "neighbourhood", 40.4610, -79.9490, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15224", "pgh", "412", 40},
    {"Lawrenceville", "neighbourhood", 40.4680, -79.9600, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15201", "pgh", "412", 50},
    {"Strip District", "neighbourhood", 40.4510, -79.9800, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15222", "pgh", "412", 45},
    {"Central Northside", "neighbourhood", 40.4560, -80.0090, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15212", "pgh", "412", 40},
    {"North Shore", "neighbourhood", 40.4470, -80.0090, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15212", "pgh", "412", 35},
    {"South Side Flats", "neighbourhood", 40.4280, -79.9800, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15203", "pgh", "412", 55},
    {"East Liberty", "neighbourhood", 40.4610, -79.9250, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15206", "pgh", "412", 50},
    {"Homewood", "neighbourhood", 40.4570, -79.8980, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15208", "pgh", "412", 35},
    {"Polish Hill", "neighbourhood", 40.4560, -79.9650, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15219", "pgh", "412", 25},
    {"Hill District", "neighbourhood", 40.4450, -79.9790, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15219", "pgh", "412", 35},
    {"Greenfield", "neighbourhood", 40.4230, -79.9380, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15207", "pgh", "412", 35},
    {"Point Breeze", "neighbourhood", 40.4460, -79.9050, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15208", "pgh", "412", 35},
    {"Highland Park", "neighbourhood", 40.4810, -79.9180, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15206", "pgh", "412", 35},
    {"Mount Washington", "neighbourhood", 40.4320, -80.0100, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15211", "pgh", "412", 35},
    {"Brookline", "neighbourhood", 40.3950, -80.0200, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15226", "pgh", "412", 40},
    {"Elliott", "neighbourhood", 40.4400, -80.0330, "Pittsburgh", "Allegheny County",
     "Pennsylvania", "15220", "pgh", "412", 35},
    // Around the airport.
    {"Findlay Township", "town", 40.4700, -80.2750, "Findlay Township", "Allegheny County",
     "Pennsylvania", "15126", "airport", "724", 30},
    {"Moon Township", "town", 40.5150, -80.2200, "Moon Township", "Allegheny County",
     "Pennsylvania", "15108", "airport", "412", 40},
    {"Canonsburg", "town", 40.2620, -80.1870, "Canonsburg", "Washington County", "Pennsylvania",
     "15317", "canonsburg", "724", 40},
    {"Latrobe", "town", 40.3212, -79.3795, "Latrobe", "Westmoreland County", "Pennsylvania",
     "15650", "latrobe", "724", 40},
    {"Somerset", "town", 40.0084, -79.0781, "Somerset", "Somerset County", "Pennsylvania", "15501",
     "somerset", "814", 35},
    {"Shanksville", "town", 40.0176, -78.9072, "Shanksville", "Somerset County", "Pennsylvania",
     "15560", "somerset", "814", 10},
    {"State College", "city", 40.7934, -77.8600, "State College", "Centre County", "Pennsylvania",
     "16801", "statecollege", "814", 60},
    {"Harrisburg", "city", 40.2732, -76.8867, "Harrisburg", "Dauphin County", "Pennsylvania",
     "17101", "harrisburg", "717", 60},
    {"Philadelphia", "city", 39.9526, -75.1652, "Philadelphia", "Philadelphia County",
     "Pennsylvania", "19107", "phl", "215", 80},
    {"University City", "neighbourhood", 39.9540, -75.1900, "Philadelphia", "Philadelphia County",
     "Pennsylvania", "19104", "phl", "215", 50},
    {"Old City", "neighbourhood", 39.9522, -75.1440, "Philadelphia", "Philadelphia County",
     "Pennsylvania", "19106", "phl", "215", 50},
    {"Allentown", "city", 40.6023, -75.4714, "Allentown", "Lehigh County", "Pennsylvania", "18101",
     "allentown", "610", 60},
    {"Scranton", "city", 41.4090, -75.6624, "Scranton", "Lackawanna County", "Pennsylvania",
     "18503", "scranton", "570", 60},
    {"Erie", "city", 42.1292, -80.0851, "Erie", "Erie County", "Pennsylvania", "16501", "erie",
     "814", 60},
    {"Cleveland", "city", 41.4993, -81.6944, "Cleveland", "Cuyahoga County", "Ohio", "44113",
     "cleveland", "216", 70},
    {"Morgantown", "city", 39.6295, -79.9559, "Morgantown", "Monongalia County", "West Virginia",
     "26505", "morgantown", "304", 50},
    {"New York", "city", 40.7128, -74.0060, "New York", "New York County", "New York", "10007",
     "nyc", "212", 70},
    {"Midtown", "neighbourhood", 40.7549, -73.9840, "Manhattan", "New York County", "New York",
     "10019", "nyc", "212", 60},
    {"Brooklyn", "neighbourhood", 40.6782, -73.9442, "New York", "Kings County", "New York",
     "11201", "nyc", "718", 60},
    {"Hoboken", "city", 40.7440, -74.0324, "Hoboken", "Hudson County", "New Jersey", "07030", "nyc",
     "201", 50},
    {"Newark", "city", 40.7357, -74.1724, "Newark", "Essex County", "New Jersey", "07102", "nyc",
     "973", 50},
    {"Bridgeport", "city", 41.1865, -73.1952, "Bridgeport", "Fairfield County", "Connecticut",
     "06604", "bridgeport", "203", 50},
    {"New Haven", "city", 41.3083, -72.9279, "New Haven", "New Haven County", "Connecticut",
     "06510", "newhaven", "203", 55},
    {"Hartford", "city", 41.7658, -72.6734, "Hartford", "Hartford County", "Connecticut", "06103",
     "hartford", "860", 55},
    {"Providence", "city", 41.8240, -71.4128, "Providence", "Providence County", "Rhode Island",
     "02903", "providence", "401", 55},
    {"Worcester", "city", 42.2626, -71.8023, "Worcester", "Worcester County", "Massachusetts",
     "01608", "worcester", "508", 50},
    {"Boston", "city", 42.3601, -71.0589, "Boston", "Suffolk County", "Massachusetts", "02108",
     "boston", "617", 60},
    {"Back Bay", "neighbourhood", 42.3503, -71.0810, "Boston", "Suffolk County", "Massachusetts",
     "02116", "boston", "617", 45},
    {"West End", "neighbourhood", 42.3640, -71.0660, "Boston", "Suffolk County", "Massachusetts",
     "02114", "boston", "617", 25},
    {"East Boston", "neighbourhood", 42.3750, -71.0330, "Boston", "Suffolk County", "Massachusetts",
     "02128", "boston", "617", 35},
    {"Cambridge", "city", 42.3736, -71.1097, "Cambridge", "Middlesex County", "Massachusetts",
     "02139", "boston", "617", 50},
    {"Manchester", "city", 42.9956, -71.4548, "Manchester", "Hillsborough County", "New Hampshire",
     "03101", "manchester", "603", 50},
    {"Concord", "city", 43.2081, -71.5376, "Concord", "Merrimack County", "New Hampshire", "03301",
     "concord", "603", 40},
    {"Portsmouth", "city", 43.0718, -70.7626, "Portsmouth", "Rockingham County", "New Hampshire",
     "03801", "portsmouth", "603", 40},
    {"Montpelier", "city", 44.2601, -72.5754, "Montpelier", "Washington County", "Vermont", "05602",
     "montpelier", "802", 30},
    {"Burlington", "city", 44.4759, -73.2121, "Burlington", "Chittenden County", "Vermont", "05401",
     "burlington", "802", 45},
    {"Albany", "city", 42.6526, -73.7562, "Albany", "Albany County", "New York", "12207", "albany",
     "518", 50},
    {"Buffalo", "city", 42.8864, -78.8784, "Buffalo", "Erie County", "New York", "14202", "buffalo",
     "716", 55},
    {"Portland", "city", 43.6591, -70.2568, "Portland", "Cumberland County", "Maine", "04101",
     "portland", "207", 50},
    {"Augusta", "city", 44.3106, -69.7795, "Augusta", "Kennebec County", "Maine", "04330",
     "augusta", "207", 35},
    {"Bangor", "city", 44.8012, -68.7778, "Bangor", "Penobscot County", "Maine", "04401", "bangor",
     "207", 35},
    {"Rockland", "town", 44.1037, -69.1089, "Rockland", "Knox County", "Maine", "04841", "rockland",
     "207", 30},
    {"Vinalhaven", "town", 44.0484, -68.8317, "Vinalhaven", "Knox County", "Maine", "04863",
     "vinalhaven", "207", 12},
    {"Bar Harbor", "town", 44.3876, -68.2039, "Bar Harbor", "Hancock County", "Maine", "04609",
     "barharbor", "207", 30},
    {"Wilmington", "city", 39.7391, -75.5398, "Wilmington", "New Castle County", "Delaware",
     "19801", "wilmington", "302", 45},
    {"Baltimore", "city", 39.2904, -76.6122, "Baltimore", "Baltimore City", "Maryland", "21202",
     "baltimore", "410", 55},
};

struct PlaceDef {
  const char* name;
  const char* category;
  const char* osm_type;
  double lat, lon;
  const char* housenumber;
  const char* street;
  const char* hub;       // the neighbourhood or town it belongs to (address and road access)
  const char* postcode;  // empty: the hub's
  const char* phone;
  const char* keywords;
  const char* description;
  const char* brand = "";
  const char* cuisine = "";
  const char* county = "";  // empty: the hub's
};

// Every place a published intent names, and the places around them that the answers depend on
// (the nearest of a kind). Generated places of the same kinds keep away from them.
const PlaceDef kPlaces[] = {
    {"Carnegie Mellon University", "university", "way", 40.4443, -79.9427, "5000", "Forbes Avenue",
     "Squirrel Hill North", "15213", "+1 412 268 2000", "CMU Carnegie Mellon",
     "Private research university founded in 1900 by Andrew Carnegie."},
    {"Gates Hillman Center", "building", "way", 40.4435, -79.9446, "4902", "Forbes Avenue",
     "Squirrel Hill North", "15213", "", "Gates building CMU Carnegie Mellon computer science",
     "Home of Carnegie Mellon University's School of Computer Science."},
    {"Hunt Library", "library", "way", 40.4411, -79.9437, "4909", "Frew Street",
     "Squirrel Hill North", "15213", "+1 412 268 2444", "CMU Hunt library Carnegie Mellon",
     "Carnegie Mellon University's main library."},
    {"De Fer Coffee & Tea", "cafe", "node", 40.4414, -79.9431, "4909", "Frew Street",
     "Squirrel Hill North", "15213", "+1 412 268 3300", "", "Coffee and tea bar by Hunt Library.",
     "", "coffee_shop;tea"},
    {"United States Postal Service", "post_office", "node", 40.4437, -79.9421, "5032",
     "Forbes Avenue", "Squirrel Hill North", "15213", "+1 800 275 8777", "USPS postal office",
     "Post office in the Cohon University Center."},
    {"Carnegie Museum of Art", "museum", "way", 40.4437, -79.9490, "4400", "Forbes Avenue",
     "North Oakland", "15213", "+1 412 622 3131", "art museum Carnegie Museums",
     "Art museum founded in 1895 by Andrew Carnegie."},
    {"Carnegie Music Hall", "theatre", "way", 40.4440, -79.9500, "4400", "Forbes Avenue",
     "North Oakland", "15213", "+1 412 622 3360", "concert hall music",
     "Concert hall of the Carnegie Institute, opened in 1895."},
    {"University of Pittsburgh", "university", "way", 40.4443, -79.9532, "4200", "Fifth Avenue",
     "North Oakland", "15260", "+1 412 624 4141", "Pitt Cathedral of Learning",
     "Public state-related research university founded in 1787."},
    {"Fuku Tea", "cafe", "node", 40.4418, -79.9571, "3716", "Forbes Avenue", "Central Oakland",
     "15213", "+1 412 688 8888", "bubble tea", "Bubble tea shop.", "", "bubble_tea"},
    {"Starbucks", "cafe", "node", 40.4424, -79.9563, "3618", "Forbes Avenue", "Central Oakland",
     "15213", "+1 412 687 6430", "", "Coffee shop.", "Starbucks", "coffee_shop"},
    {"Gardner Steel Conference Center", "building", "way", 40.4449, -79.9580, "130",
     "Thackeray Avenue", "North Oakland", "15260", "", "University of Pittsburgh",
     "Conference centre of the University of Pittsburgh."},
    {"Wyndham Pittsburgh University Center", "hotel", "way", 40.4461, -79.9552, "100",
     "Lytton Avenue", "North Oakland", "15213", "+1 412 682 6200", "", "Hotel.", "Wyndham"},
    {"The Oaklander Hotel", "hotel", "way", 40.4436, -79.9556, "5130", "Bigelow Boulevard",
     "North Oakland", "15213", "+1 412 578 8500", "", "Hotel in Oakland."},
    {"Hilton Garden Inn Pittsburgh University Place", "hotel", "way", 40.4378, -79.9626, "3454",
     "Forbes Avenue", "Central Oakland", "15213", "+1 412 683 2040", "", "Hotel.", "Hilton"},
    {"Residence Inn Pittsburgh Oakland", "hotel", "way", 40.4383, -79.9641, "3341", "Forbes Avenue",
     "Central Oakland", "15213", "+1 412 621 6800", "", "Hotel.", "Marriott"},
    {"Schiller's Pharmacy", "pharmacy", "node", 40.4518, -79.9388, "811", "South Aiken Avenue",
     "Shadyside", "15232", "+1 412 621 7990", "drugstore", "Independent pharmacy."},
    {"CVS Pharmacy", "pharmacy", "node", 40.4530, -79.9500, "4610", "Centre Avenue",
     "North Oakland", "15213", "+1 412 683 2200", "CVS", "Pharmacy.", "CVS"},
    {"Rite Aid", "pharmacy", "node", 40.4380, -79.9220, "1700", "Murray Avenue",
     "Squirrel Hill South", "15217", "+1 412 521 8700", "", "Pharmacy.", "Rite Aid"},
    {"Apple Shadyside", "electronics", "node", 40.4511693, -79.9334241, "5510", "Walnut Street",
     "Shadyside", "15232", "+1 412 802 3770", "Apple Store", "Apple retail store.", "Apple"},
    {"Chatham University", "university", "way", 40.4480, -79.9240, "1", "Woodland Road",
     "Squirrel Hill North", "15232", "+1 412 365 1100", "", "Private university founded in 1869."},
    {"Western Pennsylvania Hospital", "hospital", "way", 40.4603, -79.9494, "4800",
     "Friendship Avenue", "Bloomfield", "15224", "+1 412 578 5000", "West Penn Hospital",
     "Teaching hospital founded in 1848."},
    {"Pittsburgh Bureau of Police Zone 4", "police", "node", 40.4380, -79.9210, "5858",
     "Northumberland Street", "Squirrel Hill South", "15217", "+1 412 422 6520", "police station",
     "Police station."},
    {"Pittsburgh Bureau of Police Zone 2", "police", "node", 40.4480, -79.9850, "2000",
     "Centre Avenue", "Hill District", "15219", "+1 412 323 7800", "police station",
     "Police station."},
    {"Randyland", "attraction", "node", 40.4570, -80.0089, "1501", "Arch Street",
     "Central Northside", "15212", "+1 412 342 8152", "art",
     "Public art landmark by Randy Gilson."},
    {"Animal Rescue League of Pittsburgh", "animal_shelter", "node", 40.4575, -79.9015, "6620",
     "Hamilton Avenue", "Homewood", "15206", "+1 412 345 7300", "shelter",
     "Animal shelter and wildlife centre."},
    {"Schenley Park", "park", "way", 40.4346, -79.9427, "", "Schenley Drive", "Squirrel Hill South",
     "15213", "", "", "456-acre municipal park."},
    {"PPG Paints Arena", "stadium", "way", 40.4395, -79.9892, "1001", "Fifth Avenue", "Pittsburgh",
     "15219", "+1 412 642 1800", "Penguins hockey",
     "Indoor arena, home of the Pittsburgh Penguins."},
    {"Acrisure Stadium", "stadium", "way", 40.4468, -80.0158, "100", "Art Rooney Avenue",
     "North Shore", "15212", "", "Heinz Field Steelers", "Home of the Pittsburgh Steelers."},
    {"PNC Park", "stadium", "way", 40.4469, -80.0057, "115", "Federal Street", "North Shore",
     "15212", "", "Pirates baseball", "Home of the Pittsburgh Pirates."},
    {"Whole Foods Market", "supermarket", "node", 40.4600, -79.9260, "5880", "Centre Avenue",
     "East Liberty", "15206", "+1 412 441 7960", "", "Supermarket.", "Whole Foods"},
    {"Giant Eagle Market District", "supermarket", "node", 40.4560, -79.9330, "5550",
     "Centre Avenue", "Shadyside", "15232", "+1 412 681 1500", "", "Supermarket.", "Giant Eagle"},
    // Around Pittsburgh International Airport.
    {"Pittsburgh International Airport", "airport", "way", 40.4915, -80.2329, "",
     "Southern Beltway", "Findlay Township", "15231", "+1 412 472 3525", "PIT",
     "International airport serving Pittsburgh."},
    {"DoubleTree by Hilton Hotel Pittsburgh Airport", "hotel", "way", 40.5098, -80.2185, "8402",
     "University Boulevard", "Moon Township", "15108", "+1 412 329 1400", "", "Hotel.", "Hilton"},
    {"Hyatt Regency Pittsburgh International Airport", "hotel", "way", 40.4950, -80.2480, "1111",
     "Airport Boulevard", "Findlay Township", "15231", "+1 724 899 1234", "",
     "Hotel at the airport terminal.", "Hyatt"},
    {"ALDI", "supermarket", "node", 40.5190, -80.2270, "6300", "University Boulevard",
     "Moon Township", "15108", "+1 855 955 2534", "", "Supermarket.", "ALDI"},
    {"Giant Eagle", "supermarket", "node", 40.5290, -80.2020, "9805", "University Boulevard",
     "Moon Township", "15108", "+1 412 264 6500", "", "Supermarket.", "Giant Eagle"},
    {"Homewood Suites by Hilton Pittsburgh Southpointe", "hotel", "way", 40.2790, -80.1640, "3000",
     "Horizon Vue Drive", "Canonsburg", "15317", "+1 724 743 5000", "Homewood Suites Southpointe",
     "Hotel.", "Hilton"},
    {"Allegheny County Airport", "airport", "way", 40.3544, -79.9302, "12",
     "Allegheny County Airport", "Pittsburgh", "15122", "", "AGC", "General aviation airport.", "",
     "", "Allegheny County"},
    {"Arnold Palmer Regional Airport", "airport", "way", 40.2747, -79.4048, "148", "Aviation Lane",
     "Latrobe", "15650", "", "LBE", "Regional airport."},
    {"Social Security Administration", "government", "node", 40.4420, -79.9990, "921",
     "Penn Avenue", "Pittsburgh", "15222", "+1 866 931 9945", "SSA office",
     "Social Security office."},
    {"Flight 93 National Memorial", "memorial", "way", 40.0546, -78.9053, "6424", "Lincoln Highway",
     "Shanksville", "15563", "+1 814 893 6322", "September 11 crash site",
     "National memorial where United Airlines Flight 93 crashed on September 11, 2001.", "", "",
     "Somerset County"},
    // Elsewhere.
    {"Cleveland Hopkins International Airport", "airport", "way", 41.4117, -81.8498, "5300",
     "Riverside Drive", "Cleveland", "44135", "", "CLE", "International airport."},
    {"Erie International Airport", "airport", "way", 42.0831, -80.1739, "4411", "West 12th Street",
     "Erie", "16505", "", "ERI", "Airport serving Erie."},
    {"Harrisburg International Airport", "airport", "way", 40.1935, -76.7634, "1", "Terminal Drive",
     "Harrisburg", "17057", "", "MDT", "International airport."},
    {"Philadelphia International Airport", "airport", "way", 39.8744, -75.2424, "8500",
     "Essington Avenue", "Philadelphia", "19153", "", "PHL", "International airport."},
    {"John F. Kennedy International Airport", "airport", "way", 40.6413, -73.7781, "",
     "JFK Expressway", "Brooklyn", "11430", "", "JFK", "International airport."},
    {"Newark Liberty International Airport", "airport", "way", 40.6895, -74.1745, "3",
     "Brewster Road", "Newark", "07114", "", "EWR", "International airport."},
    {"Bradley International Airport", "airport", "way", 41.9389, -72.6832, "", "Schoephoester Road",
     "Hartford", "06096", "", "BDL", "International airport."},
    {"Boston Logan International Airport", "airport", "way", 42.3656, -71.0096, "1",
     "Harborside Drive", "East Boston", "02128", "+1 800 235 6426", "BOS Logan",
     "International airport serving Boston."},
    {"Buffalo Niagara International Airport", "airport", "way", 42.9405, -78.7322, "4200",
     "Genesee Street", "Buffalo", "14225", "", "BUF", "International airport."},
    {"Albany International Airport", "airport", "way", 42.7483, -73.8017, "737",
     "Albany Shaker Road", "Albany", "12211", "", "ALB", "International airport."},
    {"Burlington International Airport", "airport", "way", 44.4720, -73.1533, "1200",
     "Airport Drive", "Burlington", "05403", "", "BTV", "International airport."},
    {"Portland International Jetport", "airport", "way", 43.6462, -70.3093, "1001",
     "Westbrook Street", "Portland", "04102", "", "PWM", "International airport."},
    {"Bangor International Airport", "airport", "way", 44.8074, -68.8281, "287",
     "Godfrey Boulevard", "Bangor", "04401", "", "BGR", "International airport."},
    {"Massachusetts Institute of Technology", "university", "way", 42.3601, -71.0942, "77",
     "Massachusetts Avenue", "Cambridge", "02139", "+1 617 253 1000", "MIT",
     "Private research university founded in 1861."},
    {"Harvard University", "university", "way", 42.3744, -71.1169, "1350", "Massachusetts Avenue",
     "Cambridge", "02138", "+1 617 495 1000", "Harvard",
     "Private research university founded in 1636."},
    {"Boston University", "university", "way", 42.3505, -71.1054, "1", "Silber Way", "Back Bay",
     "02215", "+1 617 353 2000", "BU", "Private research university."},
    {"Northeastern University", "university", "way", 42.3398, -71.0892, "360", "Huntington Avenue",
     "Back Bay", "02115", "+1 617 373 2000", "", "Private research university."},
    {"TD Garden", "stadium", "way", 42.3662, -71.0621, "100", "Legends Way", "West End", "02114",
     "+1 617 624 1000", "Celtics Bruins arena", "Arena, home of the Boston Celtics and Bruins."},
    {"Fenway Park", "stadium", "way", 42.3467, -71.0972, "4", "Jersey Street", "Back Bay", "02215",
     "", "Red Sox baseball", "Home of the Boston Red Sox."},
    {"Carnegie Hall", "theatre", "way", 40.7651, -73.9799, "881", "West 57th Street", "Midtown",
     "10019", "+1 212 247 7800", "concert hall music Manhattan",
     "Concert venue in Midtown Manhattan, opened in 1891."},
    {"Madison Square Garden", "stadium", "way", 40.7505, -73.9934, "4", "Pennsylvania Plaza",
     "Midtown", "10001", "", "Knicks arena", "Arena, home of the New York Knicks."},
    {"Columbia University", "university", "way", 40.8075, -73.9626, "116", "Broadway", "Midtown",
     "10027", "", "", "Private research university."},
    {"Yale University", "university", "way", 41.3163, -72.9223, "", "College Street", "New Haven",
     "06520", "", "Yale", "Private research university."},
    {"Brown University", "university", "way", 41.8268, -71.4025, "", "Prospect Street",
     "Providence", "02912", "", "Brown", "Private research university."},
    {"University of Pennsylvania", "university", "way", 39.9522, -75.1932, "3451", "Walnut Street",
     "University City", "19104", "", "UPenn Penn", "Private research university."},
    {"Temple University", "university", "way", 39.9812, -75.1554, "1801", "North Broad Street",
     "Philadelphia", "19122", "", "", "Public research university."},
    {"Wells Fargo Center", "stadium", "way", 39.9012, -75.1720, "3601", "South Broad Street",
     "Philadelphia", "19148", "", "76ers Flyers arena", "Arena, home of the Philadelphia 76ers."},
    {"Pennsylvania State University", "university", "way", 40.7982, -77.8599, "201", "Old Main",
     "State College", "16802", "", "Penn State PSU", "Public research university."},
    {"Worcester Polytechnic Institute", "university", "way", 42.2746, -71.8063, "100",
     "Institute Road", "Worcester", "01609", "", "WPI", "Private research university."},
    {"University of Massachusetts Boston", "university", "way", 42.3134, -71.0384, "100",
     "William T. Morrissey Boulevard", "Boston", "02125", "", "UMass Boston",
     "Public research university."},
    {"Dartmouth College", "university", "way", 43.7044, -72.2887, "", "North Main Street",
     "Concord", "03755", "", "Dartmouth", "Private research university."},
    {"University of Vermont", "university", "way", 44.4779, -73.1965, "85", "South Prospect Street",
     "Burlington", "05405", "", "UVM", "Public research university."},
    {"Acadia National Park", "national_park", "relation", 44.3386, -68.2733, "", "Park Loop Road",
     "Bar Harbor", "04609", "+1 207 288 3338", "Acadia", "National park on Mount Desert Island."},
    {"Cuyahoga Valley National Park", "national_park", "relation", 41.2808, -81.5678, "",
     "Riverview Road", "Cleveland", "44141", "", "", "National park along the Cuyahoga River."},
    {"New River Gorge National Park", "national_park", "relation", 38.0700, -81.0800, "",
     "Lansing Road", "Morgantown", "25840", "", "", "National park in West Virginia."},
    {"Vinalhaven Ferry Terminal", "building", "node", 44.0470, -68.8330, "", "West Main Street",
     "Vinalhaven", "04863", "", "ferry", "Maine State Ferry terminal."},
};

// Neighbouring states and provinces of the north-eastern states.
const std::pair<const char*, std::vector<const char*>> kStates[] = {
    {"Pennsylvania", {"New York", "New Jersey", "Delaware", "Maryland", "West Virginia", "Ohio"}},
    {"New York",
     {"Pennsylvania", "New Jersey", "Connecticut", "Massachusetts", "Vermont", "Ontario",
      "Quebec"}},
    {"New Jersey", {"New York", "Pennsylvania", "Delaware"}},
    {"Connecticut", {"New York", "Massachusetts", "Rhode Island"}},
    {"Rhode Island", {"Connecticut", "Massachusetts"}},
    {"Massachusetts", {"Rhode Island", "Connecticut", "New York", "Vermont", "New Hampshire"}},
    {"Vermont", {"New York", "Massachusetts", "New Hampshire", "Quebec"}},
    {"New Hampshire", {"Maine", "Massachusetts", "Vermont", "Quebec"}},
    {"Maine", {"New Hampshire", "Quebec", "New Brunswick"}},
    {"Delaware", {"Maryland", "Pennsylvania", "New Jersey"}},
    {"Maryland", {"Pennsylvania", "Delaware", "West Virginia", "Virginia"}},
    {"Ohio", {"Pennsylvania", "West Virginia", "Kentucky", "Indiana", "Michigan"}},
    {"West Virginia", {"Pennsylvania", "Maryland", "Virginia", "Kentucky", "Ohio"}},
};
const std::map<std::string, std::pair<double, double>> kStateCentres = {
    {"Pennsylvania", {40.99, -77.60}}, {"New York", {42.95, -75.53}},
    {"New Jersey", {40.19, -74.67}},   {"Connecticut", {41.62, -72.73}},
    {"Rhode Island", {41.68, -71.51}}, {"Massachusetts", {42.26, -71.81}},
    {"Vermont", {44.07, -72.67}},      {"New Hampshire", {43.68, -71.58}},
    {"Maine", {45.37, -69.24}},        {"Delaware", {39.00, -75.50}},
    {"Maryland", {39.05, -76.64}},     {"Ohio", {40.29, -82.79}},
    {"West Virginia", {38.64, -80.62}}};

// Intercity roads (a tree over the metropolitan areas, so each city-to-city trip has one
// corridor), with the detour factor of the road against the straight line.
struct Link {
  const char* a;
  const char* b;
  double detour;
};
const Link kLinks[] = {
    {"Pittsburgh", "Findlay Township", 1.25},
    {"Pittsburgh", "Canonsburg", 1.3},
    {"Pittsburgh", "Latrobe", 1.3},
    {"Latrobe", "Somerset", 1.35},
    {"Pittsburgh", "Morgantown", 1.3},
    {"Pittsburgh", "Cleveland", 1.2},
    {"Pittsburgh", "Erie", 1.2},
    {"Erie", "Buffalo", 1.15},
    {"Pittsburgh", "State College", 1.05},
    {"State College", "Harrisburg", 1.05},
    {"Harrisburg", "Philadelphia", 1.2},
    {"Philadelphia", "Wilmington", 1.2},
    {"Harrisburg", "Baltimore", 1.2},
    {"Harrisburg", "Allentown", 1.05},
    {"Allentown", "Newark", 1.05},
    {"Scranton", "Bridgeport", 1.2},
    {"New York", "Bridgeport", 1.05},
    {"Bridgeport", "New Haven", 1.05},
    {"New Haven", "Hartford", 1.05},
    {"Hartford", "Worcester", 1.2},
    {"Hartford", "Albany", 1.25},
    {"Worcester", "Boston", 1.05},
    {"Boston", "Providence", 1.2},
    {"Boston", "Manchester", 1.2},
    {"Manchester", "Concord", 1.15},
    {"Concord", "Montpelier", 1.3},
    {"Montpelier", "Burlington", 1.2},
    {"Boston", "Portsmouth", 1.2},
    {"Portsmouth", "Portland", 1.2},
    {"Portland", "Augusta", 1.2},
    {"Augusta", "Bangor", 1.2},
    {"Augusta", "Rockland", 1.3},
    {"Rockland", "Bar Harbor", 1.5},
};

// Surveyed road segments between two places, for one profile: measured length and time.
struct Segment {
  const char* a;
  const char* b;
  MapProfile profile;
  double meters, seconds;
};
const Segment kSegments[] = {
    {"Randyland", "Carnegie Mellon University", MapProfile::kCar, 7900, 780},
    {"Randyland", "Carnegie Mellon University", MapProfile::kFoot, 8700, 6300},
    {"Carnegie Museum of Art", "Hunt Library", MapProfile::kFoot, 917, 660},
    {"Massachusetts Institute of Technology", "Harvard University", MapProfile::kFoot, 3900, 2820},
    {"Massachusetts Institute of Technology", "Harvard University", MapProfile::kCar, 5200, 540},
    {"Harvard University", "Boston Logan International Airport", MapProfile::kCar, 14000, 1020},
    {"Massachusetts Institute of Technology", "Boston Logan International Airport",
     MapProfile::kCar, 9800, 840},
    {"University of Pittsburgh", "Fuku Tea", MapProfile::kFoot, 653, 470},
    {"Gardner Steel Conference Center", "Wyndham Pittsburgh University Center", MapProfile::kFoot,
     375, 270},
    {"Gardner Steel Conference Center", "The Oaklander Hotel", MapProfile::kFoot, 338, 243},
    {"Carnegie Mellon University", "United States Postal Service", MapProfile::kFoot, 80, 58},
    {"Carnegie Mellon University", "United States Postal Service", MapProfile::kCar, 120, 16},
    {"Carnegie Mellon University", "United States Postal Service", MapProfile::kBicycle, 100, 24},
    {"Carnegie Mellon University", "CVS Pharmacy", MapProfile::kFoot, 1400, 1008},
    {"Carnegie Mellon University", "Schiller's Pharmacy", MapProfile::kFoot, 1250, 900},
    {"DoubleTree by Hilton Hotel Pittsburgh Airport", "ALDI", MapProfile::kFoot, 1400, 1008},
    {"DoubleTree by Hilton Hotel Pittsburgh Airport", "Giant Eagle", MapProfile::kFoot, 2300, 1656},
    {"Hyatt Regency Pittsburgh International Airport", "ALDI", MapProfile::kCar, 9000, 720},
    {"Hyatt Regency Pittsburgh International Airport", "Giant Eagle", MapProfile::kCar, 11000, 780},
    {"Animal Rescue League of Pittsburgh", "Schenley Park", MapProfile::kCar, 5200, 540},
    {"Vinalhaven", "Rockland", MapProfile::kCar, 24000, 4500},
    {"Vinalhaven", "Rockland", MapProfile::kBicycle, 24000, 4500},
    {"Vinalhaven", "Rockland", MapProfile::kFoot, 24000, 4500},
};

// City-to-city figures the corridors are surveyed against: the named link's length (meters) or
// one profile's time (seconds) is set so that the fastest route between the places has it.
struct Survey {
  const char* from;
  const char* to;
  MapProfile profile;
  bool distance;  // true: meters, false: seconds
  double target;
  const char* link_a;
  const char* link_b;
};
const Survey kSurveys[] = {
    {"Carnegie Mellon University", "Massachusetts Institute of Technology", MapProfile::kCar, true,
     914000, "Hartford", "Worcester"},
    {"Pittsburgh", "Philadelphia", MapProfile::kCar, false, 513 * 60, "Harrisburg", "Philadelphia"},
    {"Scranton", "Bridgeport", MapProfile::kCar, false, 200 * 60, "Scranton", "Bridgeport"},
    {"Vinalhaven", "Acadia National Park", MapProfile::kBicycle, false, 633 * 60, "Rockland",
     "Bar Harbor"},
    {"Homewood Suites by Hilton Pittsburgh Southpointe", "PPG Paints Arena", MapProfile::kCar,
     false, 34 * 60, "Pittsburgh", "Canonsburg"},
};

// Generated places keep kinds that published answers depend on away from these points.
struct Exclusion {
  double lat, lon, radius_m;
  std::vector<std::string> categories;
};
const Exclusion kExclusions[] = {
    {40.4443,
     -79.9480,
     3500,
     {"cafe", "pharmacy", "hotel", "post_office", "library", "supermarket", "police"}},
    {40.5000, -80.2300, 22000, {"hotel", "supermarket"}},
    {42.3650, -71.0700, 6000, {"airport"}},
};

// Speeds in metres per second.
constexpr double kKmh = 1000.0 / 3600.0;
// Local streets (place to its neighbourhood centre), roads between neighbourhood centres,
// intercity roads: bicycle, car, foot.
constexpr double kStreetSpeed[kMapProfiles] = {14 * kKmh, 25 * kKmh, 5 * kKmh};
constexpr double kRoadSpeed[kMapProfiles] = {15 * kKmh, 35 * kKmh, 5 * kKmh};
constexpr double kHighwaySpeed[kMapProfiles] = {16 * kKmh, 85 * kKmh, 5 * kKmh};
constexpr double kStreetDetour = 1.5, kRoadDetour = 1.4;

// Generated names.
const char* const kStreetNames[] = {
    "Main Street",     "Penn Avenue",     "Liberty Avenue",  "Walnut Street",    "Elm Street",
    "Maple Avenue",    "Oak Street",      "Washington Road", "Park Avenue",      "Church Street",
    "Highland Avenue", "Center Street",   "Spring Street",   "Grant Street",     "Lincoln Avenue",
    "Madison Avenue",  "Chestnut Street", "Franklin Street", "Jefferson Street", "Union Street",
    "River Road",      "Hill Street",     "Market Street",   "Broad Street",     "Pine Street",
    "Cedar Avenue",    "Locust Street",   "Mill Road",       "School Street",    "Water Street"};
const char* const kAdj[] = {"Blue",    "Golden", "Little",    "Old",      "Red",
                            "Green",   "Silver", "Happy",     "Lucky",    "Corner",
                            "Village", "Urban",  "Bright",    "Iron",     "Maple",
                            "Harbor",  "Summit", "Riverside", "Northern", "Union"};
const char* const kNoun[] = {"Door",   "Leaf",   "Bridge", "Oven",   "Spoon", "Table", "Lantern",
                             "Anchor", "Barrel", "Kettle", "Garden", "Owl",   "Fox",   "Crow",
                             "Mill",   "Stone",  "Rose",   "Bell",   "Key",   "Crown"};
const char* const kSurnames[] = {"Miller", "Kowalski", "Rossi",  "Nguyen",  "Schmidt",
                                 "Murphy", "Patel",    "Garcia", "Kim",     "Johnson",
                                 "Baker",  "Novak",    "Lee",    "O'Brien", "Fischer",
                                 "Russo",  "Chen",     "Walsh",  "Stein",   "Costa"};

struct GenCategory {
  const char* category;
  int weight;
};
const GenCategory kGenCategories[] = {
    {"restaurant", 20}, {"cafe", 8},        {"bar", 7},
    {"fast_food", 7},   {"bakery", 3},      {"pharmacy", 3},
    {"supermarket", 3}, {"convenience", 5}, {"hotel", 3},
    {"bank", 4},        {"school", 4},      {"library", 1},
    {"post_office", 1}, {"fuel", 4},        {"dentist", 3},
    {"clinic", 3},      {"park", 4},        {"place_of_worship", 4},
    {"clothes", 4},     {"books", 2},       {"hairdresser", 4},
    {"museum", 1},      {"police", 1},      {"fire_station", 1}};

std::string GenName(const std::string& cat, const std::string& hub, Rng& rng) {
  const std::string adj = kAdj[rng.Uniform(std::size(kAdj))];
  const std::string noun = kNoun[rng.Uniform(std::size(kNoun))];
  const std::string sur = kSurnames[rng.Uniform(std::size(kSurnames))];
  const std::string street = kStreetNames[rng.Uniform(std::size(kStreetNames))];
  auto pick = [&](std::vector<std::string> v) { return v[rng.Uniform(v.size())]; };
  if (cat == "restaurant") {
    return pick({adj + " " + noun + " Kitchen", sur + "'s Trattoria", "The " + adj + " " + noun,
                 hub + " Diner", sur + " Grill", adj + " Dragon", "Taqueria " + noun});
  }
  if (cat == "cafe") return pick({adj + " " + noun + " Coffee", "Cafe " + sur, noun + " Espresso"});
  if (cat == "bar")
    return pick({"The " + noun + " Tavern", sur + "'s Pub", adj + " " + noun + " Bar"});
  if (cat == "fast_food") {
    return pick({"Subway", "McDonald's", "Wendy's", "Chipotle", adj + " Burger", noun + " Pizza"});
  }
  if (cat == "bakery") return pick({sur + " Bakery", adj + " " + noun + " Bakehouse"});
  if (cat == "pharmacy") return pick({"Rite Aid", "Walgreens", sur + " Pharmacy"});
  if (cat == "supermarket")
    return pick({"Shop 'n Save", "Save-A-Lot", sur + " Market", "Trader Joe's"});
  if (cat == "convenience") return pick({"7-Eleven", "Sheetz", adj + " Mart", "Corner Store"});
  if (cat == "hotel")
    return pick({hub + " Inn", adj + " " + noun + " Hotel", hub + " Suites", "Red Roof Inn"});
  if (cat == "bank") return pick({"PNC Bank", "Citizens Bank", "Dollar Bank", "Chase", "TD Bank"});
  if (cat == "school")
    return pick({sur + " Elementary School", hub + " Middle School",
                 street.substr(0, street.find(' ')) + " High School"});
  if (cat == "library") return hub + " Public Library";
  if (cat == "post_office") return hub + " Post Office";
  if (cat == "fuel") return pick({"Sunoco", "Exxon", "Shell", "BP", "GetGo"});
  if (cat == "dentist") return sur + " Family Dentistry";
  if (cat == "clinic") return pick({hub + " Health Center", sur + " Medical Group"});
  if (cat == "park") return pick({sur + " Park", adj + " Playground", hub + " Green"});
  if (cat == "place_of_worship")
    return pick({"St. " + sur + " Church", "First Presbyterian Church", hub + " Synagogue"});
  if (cat == "clothes") return pick({adj + " Threads", sur + " Outfitters", "Goodwill"});
  if (cat == "books") return pick({adj + " " + noun + " Books", sur + " Booksellers"});
  if (cat == "hairdresser") return pick({adj + " Cuts", sur + " Salon"});
  if (cat == "museum") return hub + " History Museum";
  if (cat == "police") return hub + " Police Station";
  if (cat == "fire_station") return hub + " Fire Station";
  return adj + " " + noun;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Building.

class MapWorldBuilder {
 public:
  explicit MapWorldBuilder(MapWorld* w) : w_(w) {}

  Status Build(uint64_t seed) {
    Rng root(seed ^ 0x6d6170ULL);
    std::map<std::string, int> metro_of;
    // Hubs.
    for (const HubDef& h : kHubs) {
      MapPlace p;
      p.osm_type = "relation";
      p.name = h.name;
      p.category = h.category;
      p.lat = h.lat;
      p.lon = h.lon;
      p.suburb = h.category == std::string("neighbourhood") ? h.name : h.city;
      p.city = h.city;
      p.county = h.county;
      p.state = h.state;
      p.postcode = h.postcode;
      p.hub = true;
      auto it = metro_of.find(h.metro);
      if (it == metro_of.end())
        it = metro_of.emplace(h.metro, static_cast<int>(metro_of.size())).first;
      p.metro = it->second;
      p.description = std::string(h.category) == "neighbourhood"
                          ? "Neighbourhood of " + std::string(h.city) + "."
                          : "The " + std::string(h.category) + " of " + h.name + ", " + h.county +
                                ", " + h.state + ".";
      Add(std::move(p), h.area_code);
    }
    // States.
    for (const auto& [name, borders] : kStates) {
      MapState s;
      s.name = name;
      for (const char* b : borders) s.borders.push_back(b);
      w_->states.push_back(s);
      MapPlace p;
      p.osm_type = "relation";
      p.name = name;
      p.category = "state";
      p.state = name;
      auto c = kStateCentres.at(name);
      p.lat = c.first;
      p.lon = c.second;
      p.metro = -1;
      std::string list;
      for (const char* b : borders) list += (list.empty() ? "" : ", ") + std::string(b);
      p.description = "U.S. state. Borders: " + list + ".";
      Add(std::move(p), "");
    }
    // Fixed places.
    for (const PlaceDef& d : kPlaces) {
      int hub = HubIndex(d.hub);
      if (hub < 0) return Internal(std::string("map: unknown hub ") + d.hub);
      const MapPlace& h = w_->places[hub];
      MapPlace p;
      p.osm_type = d.osm_type;
      p.name = d.name;
      p.category = d.category;
      p.lat = d.lat;
      p.lon = d.lon;
      p.housenumber = d.housenumber;
      p.street = d.street;
      p.suburb = h.suburb;
      p.city = h.city;
      p.county = *d.county ? d.county : h.county;
      p.state = h.state;
      p.postcode = *d.postcode ? d.postcode : h.postcode;
      p.phone = d.phone;
      p.keywords = d.keywords;
      p.description = d.description;
      p.brand = d.brand;
      p.cuisine = d.cuisine;
      p.metro = h.metro;
      fixed_hub_[w_->places.size()] = hub;
      Add(std::move(p), "");
    }
    // Generated places around each hub.
    Rng gen = root.Split("places");
    int total_weight = 0;
    for (const GenCategory& g : kGenCategories) total_weight += g.weight;
    for (size_t hi = 0; hi < std::size(kHubs); ++hi) {
      const HubDef& h = kHubs[hi];
      const int hub = static_cast<int>(hi);  // hubs were added first, in kHubs order
      const double spread = std::string(h.category) == "neighbourhood" ? 600 : 1800;
      int made = 0, tries = 0;
      while (made < h.generated && tries < h.generated * 20) {
        ++tries;
        int r = static_cast<int>(gen.Uniform(static_cast<uint64_t>(total_weight)));
        const GenCategory* gc = &kGenCategories[0];
        for (const GenCategory& g : kGenCategories) {
          if (r < g.weight) {
            gc = &g;
            break;
          }
          r -= g.weight;
        }
        // A point around the hub (sum of uniforms: roughly normal).
        const double dy = (gen.UniformDouble() + gen.UniformDouble() - 1.0) * spread * 1.7;
        const double dx = (gen.UniformDouble() + gen.UniformDouble() - 1.0) * spread * 1.7;
        const double lat = h.lat + dy / 111000.0;
        const double lon = h.lon + dx / (111000.0 * std::cos(h.lat * M_PI / 180));
        bool excluded = false;
        for (const Exclusion& e : kExclusions) {
          if (std::find(e.categories.begin(), e.categories.end(), gc->category) ==
              e.categories.end())
            continue;
          if (HaversineMeters(lat, lon, e.lat, e.lon) < e.radius_m) excluded = true;
        }
        if (excluded) continue;
        MapPlace p;
        p.osm_type = gen.Bernoulli(0.7) ? "node" : "way";
        p.category = gc->category;
        p.name = GenName(p.category, h.name, gen);
        p.lat = std::round(lat * 1e7) / 1e7;
        p.lon = std::round(lon * 1e7) / 1e7;
        p.housenumber =
            std::to_string(gen.Range(1, 60) * (gen.Bernoulli(0.5) ? 10 : 100) + gen.Range(0, 9));
        p.street = kStreetNames[gen.Uniform(std::size(kStreetNames))];
        const MapPlace& hp = w_->places[hub];
        p.suburb = hp.suburb;
        p.city = hp.city;
        p.county = hp.county;
        p.state = hp.state;
        p.postcode = hp.postcode;
        p.phone = "+1 " + std::string(h.area_code) + " " + std::to_string(gen.Range(200, 999)) +
                  " " + std::to_string(gen.Range(1000, 9999));
        p.metro = hp.metro;
        p.description = "";
        fixed_hub_[w_->places.size()] = hub;
        Add(std::move(p), "");
        ++made;
      }
    }
    // Search index.
    for (MapPlace& p : w_->places) {
      p.lower_text = Lower(p.name + " " + CategoryWords(p.category) + " " + p.keywords + " " +
                           p.brand + " " + p.cuisine);
      p.what_words = Words(p.lower_text);
      p.name_words = QueryWords(p.name);
      p.key_words = Words(p.name + " " + p.keywords);
      p.all_words = Words(p.lower_text + " " + p.street + " " + p.suburb + " " + p.city + " " +
                          p.county + " " + p.state);
      static const std::map<std::string, std::vector<std::string>> kAbbrev = {
          {"Pennsylvania", {"pa"}},  {"Maine", {"me"}},         {"New York", {"ny", "nyc"}},
          {"Massachusetts", {"ma"}}, {"New Jersey", {"nj"}},    {"Connecticut", {"ct"}},
          {"New Hampshire", {"nh"}}, {"Vermont", {"vt"}},       {"Rhode Island", {"ri"}},
          {"Ohio", {"oh"}},          {"West Virginia", {"wv"}}, {"Delaware", {"de"}},
          {"Maryland", {"md"}}};
      auto ab = kAbbrev.find(p.state);
      if (ab != kAbbrev.end()) {
        for (const std::string& a : ab->second) p.all_words.push_back(a);
      }
      for (auto* v : {&p.what_words, &p.name_words, &p.key_words, &p.all_words}) {
        std::sort(v->begin(), v->end());
        v->erase(std::unique(v->begin(), v->end()), v->end());
      }
    }
    WA_RETURN_IF_ERROR(BuildRoads());
    return Status::Ok();
  }

 private:
  void Add(MapPlace p, const std::string&) {
    p.id = NextId(p.osm_type);
    index_.emplace(p.osm_type + "/" + std::to_string(p.id), w_->places.size());
    w_->places.push_back(std::move(p));
  }
  int64_t NextId(const std::string& type) {
    int64_t& n = next_id_[type];
    if (n == 0) n = type == "node" ? 2700000000LL : type == "way" ? 27000000LL : 180000LL;
    n += 17 + static_cast<int64_t>(w_->places.size() % 7) * 3;
    return n;
  }
  int HubIndex(const std::string& name) const {
    for (size_t i = 0; i < w_->places.size(); ++i) {
      if (w_->places[i].hub && w_->places[i].name == name) return static_cast<int>(i);
    }
    return -1;
  }
  int PlaceIndex(const std::string& name) const {
    for (size_t i = 0; i < w_->places.size(); ++i) {
      if (w_->places[i].name == name && w_->places[i].category != "state")
        return static_cast<int>(i);
    }
    return -1;
  }

  using Edge = MapWorld::Edge;
  void AddEdge(int a, int b, const double meters[kMapProfiles], const double seconds[kMapProfiles],
               const std::string& road) {
    Edge e;
    e.to = b;
    for (int k = 0; k < kMapProfiles; ++k) {
      e.meters[k] = static_cast<float>(meters[k]);
      e.seconds[k] = static_cast<float>(seconds[k]);
    }
    e.road = road;
    w_->adj_[a].push_back(e);
    e.to = a;
    w_->adj_[b].push_back(e);
  }
  void AddGeometric(int a, int b, double detour, const double speed[kMapProfiles],
                    const std::string& road, double extra = 0) {
    const MapPlace& p = w_->places[a];
    const MapPlace& q = w_->places[b];
    const double m = HaversineMeters(p.lat, p.lon, q.lat, q.lon) * detour + extra;
    double meters[kMapProfiles], seconds[kMapProfiles];
    for (int k = 0; k < kMapProfiles; ++k) {
      meters[k] = m;
      seconds[k] = m / speed[k];
    }
    AddEdge(a, b, meters, seconds, road);
  }

  Status BuildRoads() {
    const int n = static_cast<int>(w_->places.size());
    w_->adj_.assign(static_cast<size_t>(n), {});
    // Places to their neighbourhood or town centre.
    for (const auto& [place, hub] : fixed_hub_) {
      AddGeometric(static_cast<int>(place), hub, kStreetDetour, kStreetSpeed,
                   w_->places[place].street.empty() ? "local street" : w_->places[place].street,
                   60);
    }
    // Neighbourhood centres of a metro: each to its three nearest.
    std::vector<int> hubs;
    for (int i = 0; i < n; ++i) {
      if (w_->places[i].hub) hubs.push_back(i);
    }
    std::set<std::pair<int, int>> joined;
    for (int a : hubs) {
      std::vector<std::pair<double, int>> near;
      for (int b : hubs) {
        if (a == b || w_->places[a].metro != w_->places[b].metro) continue;
        near.push_back({HaversineMeters(w_->places[a].lat, w_->places[a].lon, w_->places[b].lat,
                                        w_->places[b].lon),
                        b});
      }
      std::sort(near.begin(), near.end());
      for (size_t k = 0; k < near.size() && k < 3; ++k) {
        const int b = near[k].second;
        if (!joined.insert({std::min(a, b), std::max(a, b)}).second) continue;
        AddGeometric(a, b, kRoadDetour, kRoadSpeed,
                     w_->places[b].name + " " +
                         (w_->places[b].category == "neighbourhood" ? "Road" : "Avenue"));
      }
    }
    // Intercity roads.
    for (const Link& l : kLinks) {
      const int a = HubIndex(l.a), b = HubIndex(l.b);
      if (a < 0 || b < 0) return Internal(std::string("map: unknown link ") + l.a + "-" + l.b);
      AddGeometric(a, b, l.detour, kHighwaySpeed, std::string("Highway ") + l.a + " - " + l.b);
    }
    // Surveyed segments.
    for (const Segment& s : kSegments) {
      const int a = PlaceIndex(s.a), b = PlaceIndex(s.b);
      if (a < 0 || b < 0) return Internal(std::string("map: unknown segment ") + s.a + "-" + s.b);
      double meters[kMapProfiles], seconds[kMapProfiles];
      for (int k = 0; k < kMapProfiles; ++k) meters[k] = seconds[k] = -1;
      meters[static_cast<int>(s.profile)] = s.meters;
      seconds[static_cast<int>(s.profile)] = s.seconds;
      AddEdge(a, b, meters, seconds,
              std::string(s.profile == MapProfile::kFoot ? "footpath" : "road"));
    }
    // Surveyed corridors.
    for (const Survey& s : kSurveys) {
      const int from = PlaceIndex(s.from), to = PlaceIndex(s.to);
      const int la = HubIndex(s.link_a), lb = HubIndex(s.link_b);
      if (from < 0 || to < 0 || la < 0 || lb < 0) {
        return Internal(std::string("map: unknown survey ") + s.from + "-" + s.to);
      }
      const int k = static_cast<int>(s.profile);
      Edge* ab = FindEdge(la, lb);
      Edge* ba = FindEdge(lb, la);
      if (ab == nullptr || ba == nullptr) return Internal("map: survey link missing");
      MapRoute r = w_->Route(from, to, s.profile);
      if (!r.found) return Internal(std::string("map: no route for survey ") + s.from);
      bool uses = false;
      for (size_t i = 0; i + 1 < r.nodes.size(); ++i) {
        if ((r.nodes[i] == la && r.nodes[i + 1] == lb) ||
            (r.nodes[i] == lb && r.nodes[i + 1] == la))
          uses = true;
      }
      if (!uses) return Internal(std::string("map: survey route avoids its link: ") + s.from);
      const double current = s.distance ? ab->meters[k] : ab->seconds[k];
      const double total = s.distance ? r.meters : r.seconds;
      const double value = s.target - (total - current);
      if (value <= 0) {
        return Internal(std::string("map: survey target too small: ") + s.from + " (route " +
                        std::to_string(total) + ", link " + std::to_string(current) + ")");
      }
      if (s.distance) {
        for (int q = 0; q < kMapProfiles; ++q) {
          const double speed = ab->meters[q] / ab->seconds[q];
          ab->meters[q] = ba->meters[q] = static_cast<float>(value);
          ab->seconds[q] = ba->seconds[q] = static_cast<float>(value / speed);
        }
      } else {
        ab->seconds[k] = ba->seconds[k] = static_cast<float>(value);
      }
    }
    return Status::Ok();
  }
  Edge* FindEdge(int a, int b) {
    for (Edge& e : w_->adj_[a]) {
      if (e.to == b && e.road.rfind("Highway", 0) == 0) return &e;
    }
    return nullptr;
  }

  MapWorld* w_;
  std::map<std::string, int64_t> next_id_;
  std::map<std::string, size_t> index_;
  std::map<size_t, int> fixed_hub_;
};

Result<std::shared_ptr<const MapWorld>> MapWorld::Build(uint64_t seed) {
  static std::mutex mu;
  static std::map<uint64_t, std::shared_ptr<const MapWorld>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(seed);
  if (it != cache.end()) return it->second;
  auto w = std::make_shared<MapWorld>();
  MapWorldBuilder b(w.get());
  WA_RETURN_IF_ERROR(b.Build(seed));
  for (size_t i = 0; i < w->places.size(); ++i) {
    w->by_display_name_.emplace(w->places[i].DisplayName(), static_cast<int>(i));  // first wins
  }
  cache.emplace(seed, w);
  return std::shared_ptr<const MapWorld>(w);
}

int MapWorld::Find(std::string_view osm_type, int64_t id) const {
  for (size_t i = 0; i < places.size(); ++i) {
    if (places[i].id == id && places[i].osm_type == osm_type) return static_cast<int>(i);
  }
  return -1;
}

int MapWorld::FindByName(std::string_view name) const {
  const std::string n = Lower(std::string(name));
  for (size_t i = 0; i < places.size(); ++i) {
    if (Lower(places[i].name) == n) return static_cast<int>(i);
  }
  return -1;
}

int MapWorld::Nearest(double lat, double lon) const {
  int best = -1;
  double bd = 1e300;
  for (size_t i = 0; i < places.size(); ++i) {
    if (places[i].category == "state") continue;
    const double d = HaversineMeters(lat, lon, places[i].lat, places[i].lon);
    if (d < bd) {
      bd = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

const MapState* MapWorld::State(std::string_view name) const {
  for (const MapState& s : states) {
    if (Lower(s.name) == Lower(std::string(name))) return &s;
  }
  return nullptr;
}

namespace {

// `have` is sorted.
bool HasAllWords(const std::vector<std::string>& need, const std::vector<std::string>& have) {
  for (const std::string& w : need) {
    if (!std::binary_search(have.begin(), have.end(), w)) return false;
  }
  return true;
}

}  // namespace

std::vector<int> MapWorld::Search(std::string_view query, size_t limit) const {
  std::string q = Lower(std::string(query));
  std::vector<int> out;
  const size_t near = q.find(" near ");
  if (near != std::string::npos) {
    std::vector<int> anchor = Search(q.substr(near + 6), 1);
    std::vector<std::string> what = QueryWords(q.substr(0, near));
    if (anchor.empty() || what.empty()) return out;
    const MapPlace& a = places[anchor[0]];
    std::vector<std::pair<double, int>> hits;
    for (size_t i = 0; i < places.size(); ++i) {
      const MapPlace& p = places[i];
      if (static_cast<int>(i) == anchor[0] || p.category == "state") continue;
      if (!HasAllWords(what, p.what_words)) continue;
      const double d = HaversineMeters(a.lat, a.lon, p.lat, p.lon);
      if (d > 400000) continue;
      hits.push_back({d, static_cast<int>(i)});
    }
    std::sort(hits.begin(), hits.end());
    for (size_t i = 0; i < hits.size() && out.size() < limit; ++i) out.push_back(hits[i].second);
    return out;
  }
  std::vector<std::string> words = QueryWords(q);
  if (words.empty()) return out;
  std::vector<std::string> sorted_words = words;
  std::sort(sorted_words.begin(), sorted_words.end());
  sorted_words.erase(std::unique(sorted_words.begin(), sorted_words.end()), sorted_words.end());
  struct Hit {
    int rank;
    int importance;
    size_t len;
    int index;
  };
  std::vector<Hit> hits;
  for (size_t i = 0; i < places.size(); ++i) {
    const MapPlace& p = places[i];
    if (!HasAllWords(words, p.all_words)) continue;
    int rank = 3;
    if (sorted_words == p.name_words || Lower(p.name) == q) {
      rank = 0;
    } else if (HasAllWords(p.name_words, sorted_words)) {
      rank = 1;  // the query is the name plus qualifiers ("Allentown, PA")
    } else if (HasAllWords(words, p.key_words)) {
      rank = 2;
    }
    hits.push_back({rank, Importance(p.category), p.name.size(), static_cast<int>(i)});
  }
  std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    if (a.importance != b.importance) return a.importance > b.importance;
    if (a.len != b.len) return a.len < b.len;
    return a.index < b.index;
  });
  for (size_t i = 0; i < hits.size() && out.size() < limit; ++i) out.push_back(hits[i].index);
  return out;
}

int MapWorld::Geocode(std::string_view text) const {
  if (auto it = by_display_name_.find(std::string(text)); it != by_display_name_.end()) {
    return it->second;
  }
  std::vector<int> hit = Search(text, 1);
  return hit.empty() ? -1 : hit[0];
}

MapRoute MapWorld::Route(int from, int to, MapProfile profile) const {
  MapRoute r;
  const int n = static_cast<int>(places.size());
  if (from < 0 || to < 0 || from >= n || to >= n) return r;
  const int k = static_cast<int>(profile);
  std::vector<double> dist(static_cast<size_t>(n), 1e300);
  std::vector<double> len(static_cast<size_t>(n), 0);
  std::vector<int> prev(static_cast<size_t>(n), -1);
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> pq;
  dist[from] = 0;
  pq.push({0, from});
  while (!pq.empty()) {
    auto [d, u] = pq.top();
    pq.pop();
    if (d > dist[u]) continue;
    if (u == to) break;
    for (const Edge& e : adj_[u]) {
      if (e.seconds[k] < 0) continue;
      const double nd = d + e.seconds[k];
      // Ties go to the lower node index, so routes do not depend on edge order.
      if (nd < dist[e.to] - 1e-9) {
        dist[e.to] = nd;
        len[e.to] = len[u] + e.meters[k];
        prev[e.to] = u;
        pq.push({nd, e.to});
      }
    }
  }
  if (dist[to] >= 1e299) return r;
  r.found = true;
  r.seconds = dist[to];
  r.meters = len[to];
  for (int v = to; v != -1; v = prev[v]) r.nodes.push_back(v);
  std::reverse(r.nodes.begin(), r.nodes.end());
  return r;
}

std::vector<std::string> MapWorld::Instructions(const MapRoute& route) const {
  std::vector<std::string> out;
  if (!route.found || route.nodes.empty()) return out;
  for (size_t i = 0; i + 1 < route.nodes.size(); ++i) {
    const int a = route.nodes[i], b = route.nodes[i + 1];
    std::string road = "road";
    double m = 0;
    for (const Edge& e : adj_[a]) {
      if (e.to == b) {
        road = e.road;
        m = std::max(m, static_cast<double>(e.meters[1] > 0 ? e.meters[1] : e.meters[2]));
        break;
      }
    }
    const MapPlace& q = places[b];
    std::string verb = i == 0 ? "Start on " : (i % 2 ? "Turn left onto " : "Turn right onto ");
    out.push_back(verb + road + " towards " + q.name);
  }
  out.push_back("Reach destination: " + places[route.nodes.back()].name);
  return out;
}

std::string FormatMapCoord(double degrees) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.7f", degrees);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

Result<std::shared_ptr<const MapWorld>> MapWorldOf(Db& db) {
  auto seed = db.QueryText("SELECT value FROM meta WHERE key = 'seed'", {});
  if (!seed.ok()) return seed.status();
  if (seed->empty()) return FailedPrecondition("not a map database (no seed in meta)");
  return MapWorld::Build(std::stoull(*seed));
}

Status PopulateMap(Db& db, uint64_t seed) {
  auto w = MapWorld::Build(seed);
  if (!w.ok()) return w.status();
  const std::string seed_text = std::to_string(seed);
  WA_RETURN_IF_ERROR(db.Run("INSERT INTO meta VALUES ('seed', ?)", {seed_text}));
  for (const MapPlace& p : (*w)->places) {
    WA_RETURN_IF_ERROR(
        db.Run("INSERT INTO places VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               {p.id, p.osm_type, p.name, p.category, p.housenumber, p.street, p.suburb, p.city,
                p.county, p.state, p.postcode, p.phone, p.website, p.description, p.lat, p.lon}));
  }
  for (const MapState& s : (*w)->states) {
    for (const std::string& b : s.borders) {
      WA_RETURN_IF_ERROR(db.Run("INSERT INTO state_borders VALUES (?, ?)", {s.name, b}));
    }
  }
  return Status::Ok();
}

}  // namespace wa
