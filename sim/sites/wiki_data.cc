#include "sim/sites/wiki_data.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "sim/sites/map_data.h"
#include "sim/sites/site_util.h"

namespace wa {

const std::string_view kWikiSchema = R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE articles (slug TEXT PRIMARY KEY, title TEXT NOT NULL, lead TEXT NOT NULL,
  infobox TEXT NOT NULL, sections TEXT NOT NULL, links TEXT NOT NULL, words TEXT NOT NULL);
CREATE INDEX articles_by_title ON articles (title COLLATE NOCASE);
)sql";

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

struct Person {
  const char* name;
  const char* born;  // "November 20, 1942"
  const char* city;  // a city or town of the map
  const char* state;
  const char* known_as;  // "46th president of the United States"
};
const Person kPeople[] = {
    {"Joe Biden", "November 20, 1942", "Scranton", "Pennsylvania",
     "politician, the 46th president of the United States"},
    {"Andy Warhol", "August 6, 1928", "Pittsburgh", "Pennsylvania",
     "artist, a leading figure of pop art"},
    {"Fred Rogers", "March 20, 1928", "Latrobe", "Pennsylvania",
     "television host of Mister Rogers' Neighborhood"},
    {"Gene Kelly", "August 23, 1912", "Pittsburgh", "Pennsylvania", "dancer, actor and director"},
    {"Dan Marino", "September 15, 1961", "Pittsburgh", "Pennsylvania", "American football player"},
    {"Stephen King", "September 21, 1947", "Portland", "Maine", "author of horror fiction"},
    {"Benjamin Franklin", "January 17, 1706", "Boston", "Massachusetts",
     "writer, scientist and Founding Father of the United States"},
    {"Kobe Bryant", "August 23, 1978", "Philadelphia", "Pennsylvania", "basketball player"},
    {"Grace Kelly", "November 12, 1929", "Philadelphia", "Pennsylvania",
     "actress and Princess of Monaco"},
    {"Kevin Bacon", "July 8, 1958", "Philadelphia", "Pennsylvania", "actor"},
    {"Frank Sinatra", "December 12, 1915", "Hoboken", "New Jersey", "singer and actor"},
    {"Matt Damon", "October 8, 1970", "Cambridge", "Massachusetts", "actor and screenwriter"},
    {"Bernie Sanders", "September 8, 1941", "Brooklyn", "New York",
     "United States senator from Vermont"},
    {"Michael Jordan", "February 17, 1963", "Brooklyn", "New York", "basketball player"},
    {"Stephen Foster", "July 4, 1826", "Pittsburgh", "Pennsylvania", "songwriter"},
};

struct Team {
  const char* name;
  const char* city;
  const char* league;  // NBA, NHL, MLB, NFL
  const char* venue;   // a map place
  const char* founded;
};
const Team kTeams[] = {
    {"Boston Celtics", "Boston", "NBA", "TD Garden", "1946"},
    {"Boston Bruins", "Boston", "NHL", "TD Garden", "1924"},
    {"Boston Red Sox", "Boston", "MLB", "Fenway Park", "1901"},
    {"Pittsburgh Penguins", "Pittsburgh", "NHL", "PPG Paints Arena", "1967"},
    {"Pittsburgh Steelers", "Pittsburgh", "NFL", "Acrisure Stadium", "1933"},
    {"Pittsburgh Pirates", "Pittsburgh", "MLB", "PNC Park", "1881"},
    {"New York Knicks", "New York", "NBA", "Madison Square Garden", "1946"},
    {"New York Rangers", "New York", "NHL", "Madison Square Garden", "1926"},
    {"Philadelphia 76ers", "Philadelphia", "NBA", "Wells Fargo Center", "1946"},
    {"Philadelphia Flyers", "Philadelphia", "NHL", "Wells Fargo Center", "1967"},
};

const char* LeagueName(const std::string& l) {
  if (l == "NBA") return "National Basketball Association";
  if (l == "NHL") return "National Hockey League";
  if (l == "MLB") return "Major League Baseball";
  return "National Football League";
}

struct Hand {
  const char* title;
  const char* lead;
  Pairs infobox;
  Pairs sections;
  std::vector<const char*> links;
};
// Articles written out in full: events, institutions, and the places the tasks describe.
const std::vector<Hand>& HandArticles() {
  static const std::vector<Hand> kHand = {
      {"September 11 attacks",
       "The September 11 attacks were four coordinated suicide terrorist attacks carried out by "
       "al-Qaeda against the United States on Tuesday, September 11, 2001.",
       {{"Date", "September 11, 2001"},
        {"Location",
         "New York City; Arlington County, Virginia; Stonycreek Township near "
         "Shanksville, Somerset County, Pennsylvania"}},
       {{"Attacks",
         "Two planes struck the Twin Towers of the World Trade Center in New York City and one "
         "struck the Pentagon. The fourth plane, United Airlines Flight 93, crashed in a field "
         "near Shanksville, Pennsylvania, after its passengers fought the hijackers; the site is "
         "now the Flight 93 National Memorial in Somerset County."}},
       {"United Airlines Flight 93", "Flight 93 National Memorial", "New York"}},
      {"United Airlines Flight 93",
       "United Airlines Flight 93 was a domestic flight hijacked on September 11, 2001, as part "
       "of the September 11 attacks. It crashed into a field in Stonycreek Township, near "
       "Shanksville, Somerset County, Pennsylvania, killing all 44 people aboard.",
       {{"Date", "September 11, 2001"},
        {"Site", "Stonycreek Township, Somerset County, Pennsylvania"},
        {"Origin", "Newark International Airport"},
        {"Destination", "San Francisco International Airport"}},
       {{"Memorial",
         "The crash site is the place in Pennsylvania where a plane crashed during the September "
         "11th attacks. It is preserved as the Flight 93 National Memorial."}},
       {"September 11 attacks", "Flight 93 National Memorial", "Somerset County, Pennsylvania"}},
      {"Flight 93 National Memorial",
       "The Flight 93 National Memorial is a memorial at the crash site of United Airlines "
       "Flight 93 in Stonycreek Township, Somerset County, Pennsylvania, about 2 miles north of "
       "Shanksville.",
       {{"Location", "Somerset County, Pennsylvania"}, {"Established", "September 24, 2002"}},
       {},
       {"United Airlines Flight 93", "September 11 attacks", "Shanksville"}},
      {"Massachusetts Institute of Technology",
       "The Massachusetts Institute of Technology (MIT) is a private research university in "
       "Cambridge, Massachusetts. Founded in 1861, it is the top computer science school in "
       "Massachusetts and is ranked first in computer science in the United States.",
       {{"Type", "Private research university"},
        {"Established", "1861"},
        {"Location", "Cambridge, Massachusetts"},
        {"Computer science ranking", "1st (United States), 1st in Massachusetts"}},
       {{"Academics",
         "MIT's Schwarzman College of Computing and its Department of Electrical Engineering and "
         "Computer Science are consistently ranked at the top of computer science programmes."}},
       {"Cambridge", "Harvard University", "List of computer science schools in Massachusetts"}},
      {"List of computer science schools in Massachusetts",
       "Universities in Massachusetts with computer science programmes, by national ranking.",
       {},
       {{"Ranking",
         "1. Massachusetts Institute of Technology (Cambridge); 2. Harvard University "
         "(Cambridge); 3. Northeastern University (Boston); 4. Boston University (Boston); "
         "5. Worcester Polytechnic Institute (Worcester); 6. University of Massachusetts Boston."}},
       {"Massachusetts Institute of Technology", "Harvard University", "Northeastern University",
        "Boston University", "Worcester Polytechnic Institute"}},
      {"Harvard University",
       "Harvard University is a private research university in Cambridge, Massachusetts. "
       "Founded in 1636, it is the oldest institution of higher learning in the United States.",
       {{"Type", "Private research university"},
        {"Established", "1636"},
        {"Location", "Cambridge, Massachusetts"}},
       {},
       {"Cambridge", "Massachusetts Institute of Technology"}},
      {"Carnegie Mellon University",
       "Carnegie Mellon University (CMU) is a private research university in Pittsburgh, "
       "Pennsylvania. It was founded in 1900 by Andrew Carnegie as the Carnegie Technical "
       "Schools and merged with the Mellon Institute in 1967.",
       {{"Type", "Private research university"},
        {"Established", "1900"},
        {"Founder", "Andrew Carnegie"},
        {"Location", "Pittsburgh, Pennsylvania"}},
       {{"Campus",
         "The campus lies in the Oakland and Squirrel Hill North neighbourhoods, next to "
         "Schenley Park. Hunt Library is its main library; the Gates Hillman Center houses the "
         "School of Computer Science."}},
       {"Andrew Carnegie", "Pittsburgh", "Hunt Library", "Gates Hillman Center", "Schenley Park"}},
      {"University of Pittsburgh",
       "The University of Pittsburgh (Pitt) is a public state-related research university in "
       "Pittsburgh, Pennsylvania, founded in 1787. Its campus includes the Cathedral of "
       "Learning.",
       {{"Type", "Public state-related research university"},
        {"Established", "1787"},
        {"Location", "Oakland, Pittsburgh, Pennsylvania"}},
       {},
       {"Pittsburgh", "Carnegie Mellon University"}},
      {"Andrew Carnegie",
       "Andrew Carnegie (November 25, 1835 - August 11, 1919) was a Scottish-American "
       "industrialist and philanthropist. He founded the Carnegie Technical Schools (now "
       "Carnegie Mellon University) in Pittsburgh, the Carnegie Museums of Pittsburgh, and "
       "built Carnegie Hall in New York City.",
       {{"Born", "November 25, 1835, Dunfermline, Scotland"},
        {"Died", "August 11, 1919, Lenox, Massachusetts"}},
       {},
       {"Carnegie Mellon University", "Carnegie Hall", "Carnegie Museum of Art",
        "Carnegie Music Hall"}},
      {"Carnegie Hall",
       "Carnegie Hall is a concert venue in Midtown Manhattan, New York City, at 881 Seventh "
       "Avenue on the corner of West 57th Street. Andrew Carnegie built it in 1891. It is "
       "sometimes called the Carnegie Music Hall in NYC, not to be confused with the Carnegie "
       "Music Hall in Pittsburgh.",
       {{"Address", "881 Seventh Avenue, Manhattan, New York"}, {"Opened", "May 5, 1891"}},
       {},
       {"Andrew Carnegie", "Carnegie Music Hall", "New York"}},
      {"Acadia National Park",
       "Acadia National Park is a national park on Mount Desert Island and nearby islands in "
       "Hancock County, Maine. It is the closest national park to the towns of Penobscot Bay, "
       "among them Vinalhaven and Rockland.",
       {{"Location", "Hancock County, Maine"},
        {"Nearest city", "Bar Harbor"},
        {"Established", "July 8, 1916"}},
       {},
       {"Bar Harbor", "Vinalhaven", "Maine"}},
      {"Cuyahoga Valley National Park",
       "Cuyahoga Valley National Park is a national park along the Cuyahoga River between "
       "Cleveland and Akron, Ohio.",
       {{"Location", "Summit and Cuyahoga counties, Ohio"}, {"Established", "October 11, 2000"}},
       {},
       {"Cleveland", "Ohio"}},
      {"New River Gorge National Park",
       "New River Gorge National Park and Preserve protects the New River gorge in southern "
       "West Virginia.",
       {{"Location", "West Virginia"}, {"Established", "December 27, 2020"}},
       {},
       {"West Virginia"}},
      {"Johnstown Flood",
       "The Johnstown Flood of May 31, 1889 followed the failure of the South Fork Dam upstream "
       "of Johnstown, Pennsylvania, and killed more than 2,200 people.",
       {{"Date", "May 31, 1889"}, {"Location", "Johnstown, Pennsylvania"}},
       {},
       {"Pennsylvania"}},
      {"Battle of Gettysburg",
       "The Battle of Gettysburg was fought July 1-3, 1863, in and around Gettysburg, "
       "Pennsylvania, and was the turning point of the American Civil War.",
       {{"Date", "July 1-3, 1863"}, {"Location", "Gettysburg, Pennsylvania"}},
       {},
       {"Pennsylvania"}},
      {"Boston Tea Party",
       "The Boston Tea Party was a political protest on December 16, 1773, at Griffin's Wharf "
       "in Boston, Massachusetts.",
       {{"Date", "December 16, 1773"}, {"Location", "Boston, Massachusetts"}},
       {},
       {"Boston", "Benjamin Franklin"}},
  };
  return kHand;
}

// Descriptions of places the wiki names (map + wiki templates).
struct PlaceFact {
  const char* description;
  const char* place;
  const char* article;
};
const PlaceFact kPlaceFacts[] = {
    {"the place in Pennsylvania where a plane crashed during the September 11th attacks",
     "Flight 93 National Memorial", "United Airlines Flight 93"},
    {"the university founded by Andrew Carnegie in Pittsburgh", "Carnegie Mellon University",
     "Andrew Carnegie"},
    {"the oldest university in the United States", "Harvard University", "Harvard University"},
    {"the national park on Mount Desert Island", "Acadia National Park", "Acadia National Park"},
    {"the concert hall Andrew Carnegie built in New York", "Carnegie Hall", "Carnegie Hall"},
    {"the university whose campus includes the Cathedral of Learning", "University of Pittsburgh",
     "University of Pittsburgh"},
    {"the national park along the Cuyahoga River", "Cuyahoga Valley National Park",
     "Cuyahoga Valley National Park"},
    {"the stadium where the Pittsburgh Steelers play", "Acrisure Stadium", "Pittsburgh Steelers"},
    {"the ballpark of the Boston Red Sox", "Fenway Park", "Boston Red Sox"},
    {"the arena where the Philadelphia 76ers play", "Wells Fargo Center", "Philadelphia 76ers"},
};

// Kinds of place with a general article and, per city, a list article.
struct Kind {
  const char* category;
  const char* title;   // "Pharmacy"
  const char* plural;  // "pharmacies"
  const char* lead;
};
const Kind kKinds[] = {
    {"cafe", "Coffeehouse", "cafes",
     "A coffeehouse, coffee shop or cafe is an establishment that serves coffee, tea and light "
     "food."},
    {"restaurant", "Restaurant", "restaurants",
     "A restaurant is a business that prepares and serves food and drinks to customers."},
    {"hotel", "Hotel", "hotels",
     "A hotel is an establishment that provides paid lodging on a short-term basis."},
    {"pharmacy", "Pharmacy", "pharmacies",
     "A pharmacy (also called a drugstore or chemist) is a retail shop that provides "
     "medications."},
    {"bank", "Bank", "banks",
     "A bank is a financial institution that accepts deposits from the public and creates "
     "credit."},
    {"school", "School", "schools",
     "A school is an educational institution designed to provide learning spaces for "
     "students."},
    {"supermarket", "Supermarket", "supermarkets",
     "A supermarket is a self-service shop offering a wide variety of food and household "
     "products."},
    {"bar", "Bar (establishment)", "bars",
     "A bar is a retail business that serves alcoholic beverages for consumption on the "
     "premises."},
    {"bakery", "Bakery", "bakeries",
     "A bakery is an establishment that produces and sells flour-based food baked in an "
     "oven."},
    {"library", "Library", "libraries",
     "A library is a collection of books and other materials accessible for use."},
    {"post_office", "Post office", "post offices",
     "A post office is a public facility that provides mail services."},
    {"police", "Police station", "police stations",
     "A police station is a building that houses police officers and staff."},
    {"fire_station", "Fire station", "fire stations",
     "A fire station is a structure for the storage of firefighting apparatus."},
    {"hospital", "Hospital", "hospitals",
     "A hospital is a health care institution providing patient treatment."},
    {"university", "University", "universities",
     "A university is an institution of higher education and research."},
    {"airport", "Airport", "airports",
     "An airport is an aerodrome with facilities for commercial air transport."},
    {"museum", "Museum", "museums",
     "A museum is an institution that cares for and displays collections of artefacts."},
    {"park", "Park", "parks",
     "A park is an area of natural or maintained space set aside for recreation."},
    {"dentist", "Dentistry", "dentists",
     "Dentistry is the branch of medicine concerned with the teeth and the mouth."},
    {"clinic", "Clinic", "clinics", "A clinic is a health facility focused on outpatient care."},
    {"fuel", "Filling station", "filling stations",
     "A filling station is a facility that sells fuel for motor vehicles."},
    {"fast_food", "Fast food restaurant", "fast food restaurants",
     "A fast food restaurant serves food that is prepared and served quickly."},
    {"books", "Bookselling", "bookshops", "Bookselling is the commercial trading of books."},
    {"clothes", "Clothing store", "clothing stores",
     "A clothing store is a shop that sells ready-made clothing."},
    {"convenience", "Convenience store", "convenience stores",
     "A convenience store is a small retail business that stocks everyday items."},
    {"hairdresser", "Hairdresser", "hairdressers",
     "A hairdresser is a person whose occupation is to cut or style hair."},
    {"place_of_worship", "Place of worship", "places of worship",
     "A place of worship is a building where people gather for worship."},
    {"stadium", "Stadium", "stadiums",
     "A stadium is a place or venue for outdoor sports, concerts, or other events."},
    {"national_park", "National park", "national parks",
     "A national park is a natural park in use for conservation purposes."},
    {"theatre", "Theatre", "theatres",
     "A theatre or concert hall is a building where performances are given."},
};

std::string Article(const std::string& word) {
  const char c = word.empty() ? 'x' : static_cast<char>(std::tolower(word[0]));
  return std::strchr("aeiou", c) != nullptr ? "an " + word : "a " + word;
}

std::string Humanize(const std::string& category) {
  for (const Kind& k : kKinds) {
    if (category == k.category) return LowerAscii(k.title);
  }
  std::string s = category;
  std::replace(s.begin(), s.end(), '_', ' ');
  return s;
}

std::string Coordinates(double lat, double lon) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.4f°N %.4f°W", lat, -lon);
  return buf;
}

std::string JoinList(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    out += (i == 0 ? "" : (i + 1 == items.size() ? " and " : ", ")) + items[i];
  }
  return out;
}

class Builder {
 public:
  void Add(WikiArticle a) {
    auto it = index_.find(a.title);
    if (it != index_.end()) {
      // Merge: keep the first article's text, add the other's missing infobox rows and links.
      WikiArticle& old = out_[it->second];
      for (auto& row : a.infobox) {
        bool have = false;
        for (auto& o : old.infobox) have |= o.first == row.first;
        if (!have) old.infobox.push_back(row);
      }
      for (auto& l : a.links) {
        if (std::find(old.links.begin(), old.links.end(), l) == old.links.end()) {
          old.links.push_back(l);
        }
      }
      return;
    }
    index_[a.title] = out_.size();
    out_.push_back(std::move(a));
  }
  bool Has(const std::string& title) const { return index_.count(title) > 0; }
  std::vector<WikiArticle> Take() {
    // Only links to articles that exist.
    for (WikiArticle& a : out_) {
      std::vector<std::string> kept;
      for (const std::string& l : a.links) {
        if (index_.count(l) && l != a.title &&
            std::find(kept.begin(), kept.end(), l) == kept.end()) {
          kept.push_back(l);
        }
      }
      a.links = std::move(kept);
    }
    return std::move(out_);
  }

 private:
  std::vector<WikiArticle> out_;
  std::map<std::string, size_t> index_;
};

}  // namespace

const std::vector<WikiFact>& WikiFacts() {
  static const std::vector<WikiFact> kFacts = [] {
    std::vector<WikiFact> f;
    for (const Team& t : kTeams) {
      f.push_back({std::string(t.city) + " home " + t.league + " team", "team", t.venue, t.name});
    }
    for (const Person& p : kPeople) {
      f.push_back({std::string("the hometown of ") + p.name, "hometown", p.city, p.name});
    }
    for (const PlaceFact& p : kPlaceFacts) {
      f.push_back({p.description, "place", p.place, p.article});
    }
    f.push_back({"the top computer science school in massachusetts", "school",
                 "Massachusetts Institute of Technology", "Massachusetts Institute of Technology"});
    return f;
  }();
  return kFacts;
}

const WikiFact* FindWikiFact(std::string_view description) {
  const std::string want = LowerAscii(std::string(description));
  for (const WikiFact& f : WikiFacts()) {
    if (LowerAscii(f.description) == want) return &f;
  }
  return nullptr;
}

std::string WikiSlug(std::string_view title) {
  std::string s(title);
  std::replace(s.begin(), s.end(), ' ', '_');
  return s;
}

Result<std::vector<WikiArticle>> BuildWikiArticles(uint64_t seed) {
  auto world = MapWorld::Build(seed);
  if (!world.ok()) return world.status();
  const MapWorld& w = **world;
  Builder b;
  for (const Hand& h : HandArticles()) {
    WikiArticle a;
    a.title = h.title;
    a.lead = h.lead;
    a.infobox = h.infobox;
    a.sections = h.sections;
    for (const char* l : h.links) a.links.push_back(l);
    b.Add(std::move(a));
  }
  for (const Person& p : kPeople) {
    WikiArticle a;
    a.title = p.name;
    a.lead = std::string(p.name) + " is an American " + p.known_as + ". " + p.name +
             " was born on " + p.born + " in " + p.city + ", " + p.state + "; " + p.city +
             " is the hometown of " + p.name + ".";
    a.infobox = {{"Born", std::string(p.born) + ", " + p.city + ", " + p.state},
                 {"Hometown", std::string(p.city) + ", " + p.state},
                 {"Known for", p.known_as}};
    a.links = {p.city, p.state};
    b.Add(std::move(a));
  }
  for (const Team& t : kTeams) {
    WikiArticle a;
    a.title = t.name;
    a.lead = std::string("The ") + t.name + " are a professional team based in " + t.city +
             ". They compete in the " + LeagueName(t.league) + " (" + t.league +
             ") and play their home games at " + t.venue + ".";
    a.infobox = {
        {"League", t.league}, {"Founded", t.founded}, {"Home arena", t.venue}, {"City", t.city}};
    a.links = {t.city, t.venue};
    b.Add(std::move(a));
  }
  // The map's places.
  std::map<std::string, std::vector<int>> by_city;  // "Pittsburgh|Pennsylvania" -> places
  std::map<std::string, std::vector<std::string>> county_places;
  for (size_t i = 0; i < w.places.size(); ++i) {
    const MapPlace& p = w.places[i];
    if (p.category == "state") continue;
    by_city[p.city + "|" + p.state].push_back(static_cast<int>(i));
    if (p.hub && !p.county.empty()) county_places[p.county + ", " + p.state].push_back(p.name);
  }
  for (size_t i = 0; i < w.places.size(); ++i) {
    const MapPlace& p = w.places[i];
    WikiArticle a;
    a.title = p.name;
    if (p.category == "state") {
      const MapState* st = w.State(p.name);
      std::vector<std::string> borders = st ? st->borders : std::vector<std::string>();
      a.lead = p.name + " is a state in the north-eastern United States. It borders " +
               JoinList(borders) + ".";
      a.infobox = {{"Country", "United States"}, {"Borders", JoinList(borders)}};
      a.links = borders;
    } else if (p.hub) {
      if (p.category == "neighbourhood") {
        a.lead = p.name + " is a neighbourhood of " + p.city + ", " + p.state + ".";
      } else {
        a.lead = p.name + " is " + Article(p.category) + " in " + p.county + ", " + p.state +
                 ", United States.";
      }
      a.infobox = {{"Country", "United States"},
                   {"State", p.state},
                   {"County", p.county},
                   {"ZIP code", p.postcode},
                   {"Coordinates", Coordinates(p.lat, p.lon)}};
      a.links = {p.state, p.county + ", " + p.state};
      if (p.category == "neighbourhood") a.links.push_back(p.city);
      std::vector<std::string> notable;
      for (int j : by_city[p.city + "|" + p.state]) {
        const MapPlace& q = w.places[j];
        if (!q.hub && !q.description.empty() && q.suburb == p.suburb && notable.size() < 12) {
          notable.push_back(q.name);
          a.links.push_back(q.name);
        }
      }
      if (!notable.empty()) a.sections.push_back({"Landmarks", JoinList(notable) + "."});
    } else if (!p.description.empty()) {
      a.lead = p.name + " is " + Article(Humanize(p.category)) + " in " +
               (p.suburb.empty() || p.suburb == p.city ? "" : p.suburb + ", ") + p.city + ", " +
               p.state + ". " + p.description;
      std::string address = p.housenumber.empty() ? "" : p.housenumber + " ";
      address += p.street + ", " + p.city + ", " + p.state + " " + p.postcode;
      a.infobox = {{"Address", address}, {"Coordinates", Coordinates(p.lat, p.lon)}};
      if (!p.phone.empty()) a.infobox.push_back({"Phone", p.phone});
      if (!p.county.empty()) a.infobox.push_back({"County", p.county});
      a.links = {p.city, p.state, p.county + ", " + p.state};
    } else {
      continue;  // generated shops and services have no article of their own
    }
    b.Add(std::move(a));
  }
  for (const auto& [county, hubs] : county_places) {
    WikiArticle a;
    a.title = county;
    const std::string state = county.substr(county.rfind(", ") + 2);
    a.lead = county.substr(0, county.rfind(", ")) + " is a county in the U.S. state of " + state +
             ". Its communities include " + JoinList(hubs) + ".";
    a.infobox = {{"State", state}, {"Communities", JoinList(hubs)}};
    a.links = hubs;
    a.links.push_back(state);
    b.Add(std::move(a));
  }
  // Kinds of place, and lists of them per city.
  for (const Kind& k : kKinds) {
    WikiArticle a;
    a.title = k.title;
    a.lead = k.lead;
    b.Add(std::move(a));
  }
  for (const auto& [key, members] : by_city) {
    const std::string city = key.substr(0, key.find('|'));
    const std::string state = key.substr(key.find('|') + 1);
    for (const Kind& k : kKinds) {
      std::vector<std::string> names;
      for (int j : members) {
        if (w.places[j].category == k.category) names.push_back(w.places[j].name);
      }
      if (names.size() < 4) continue;
      std::sort(names.begin(), names.end());
      names.erase(std::unique(names.begin(), names.end()), names.end());
      WikiArticle a;
      a.title = std::string("List of ") + k.plural + " in " + city;
      if (b.Has(a.title)) a.title += ", " + state;
      a.lead = "This is a list of " + std::string(k.plural) + " in " + city + ", " + state + ".";
      a.sections = {{"List", JoinList(names) + "."}};
      a.links = {city, k.title};
      for (const std::string& n : names) a.links.push_back(n);
      b.Add(std::move(a));
    }
  }
  return b.Take();
}

Status PopulateWiki(Db& db, uint64_t seed) {
  auto articles = BuildWikiArticles(seed);
  if (!articles.ok()) return articles.status();
  WA_RETURN_IF_ERROR(db.Run("INSERT INTO meta VALUES ('seed', ?)", {std::to_string(seed)}));
  for (const WikiArticle& a : *articles) {
    nlohmann::json info = nlohmann::json::array(), sections = nlohmann::json::array();
    std::string words = a.title + " " + a.lead;
    for (const auto& [k, v] : a.infobox) {
      info.push_back({k, v});
      words += " " + v;
    }
    for (const auto& [h, t] : a.sections) {
      sections.push_back({h, t});
      words += " " + h + " " + t;
    }
    const std::string slug = WikiSlug(a.title), info_text = info.dump(),
                      section_text = sections.dump(), links_text = nlohmann::json(a.links).dump(),
                      lower = LowerAscii(words);
    WA_RETURN_IF_ERROR(db.Run("INSERT INTO articles VALUES (?, ?, ?, ?, ?, ?, ?)",
                              {slug, a.title, a.lead, info_text, section_text, links_text, lower}));
  }
  return Status::Ok();
}

}  // namespace wa
