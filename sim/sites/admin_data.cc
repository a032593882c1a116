// The shopping admin's seeded data. Structure (which orders exist in which month and status,
// which products sit at which ids) is fixed; the seed varies times, customers, items, texts and
// prices within it, so the published aggregates hold for every seed.
#include "sim/sites/admin_data.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <map>
#include <set>

#include "sim/rng.h"
#include "sim/sites/shopping_data.h"
#include "sim/sites/site_util.h"

namespace wa {

const std::string_view kAdminSchema = R"sql(
CREATE TABLE products (id INTEGER PRIMARY KEY, sku TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
                       type TEXT NOT NULL, parent_id INTEGER, attribute_set TEXT NOT NULL,
                       price REAL NOT NULL, special_price REAL, qty INTEGER NOT NULL,
                       in_stock INTEGER NOT NULL, status INTEGER NOT NULL,
                       sale INTEGER NOT NULL DEFAULT 0, visibility TEXT NOT NULL,
                       color TEXT NOT NULL DEFAULT '', size TEXT NOT NULL DEFAULT '',
                       url_key TEXT NOT NULL, description TEXT NOT NULL, category TEXT NOT NULL,
                       weight REAL NOT NULL, updated_at INTEGER NOT NULL);
CREATE INDEX products_by_parent ON products (parent_id);
CREATE INDEX products_by_url_key ON products (url_key);
CREATE TABLE customers (id INTEGER PRIMARY KEY, firstname TEXT NOT NULL, lastname TEXT NOT NULL,
                        email TEXT NOT NULL UNIQUE, phone TEXT NOT NULL, street TEXT NOT NULL,
                        city TEXT NOT NULL, region TEXT NOT NULL, postcode TEXT NOT NULL,
                        country TEXT NOT NULL, group_name TEXT NOT NULL,
                        created_at INTEGER NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, increment_id TEXT NOT NULL UNIQUE,
                     customer_id INTEGER NOT NULL, status TEXT NOT NULL,
                     created_at INTEGER NOT NULL, subtotal REAL NOT NULL, shipping REAL NOT NULL,
                     grand_total REAL NOT NULL, total_paid REAL NOT NULL,
                     total_refunded REAL NOT NULL, total_qty INTEGER NOT NULL,
                     payment TEXT NOT NULL, shipping_method TEXT NOT NULL);
CREATE INDEX orders_by_customer ON orders (customer_id);
CREATE TABLE order_addresses (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL,
                              kind TEXT NOT NULL, firstname TEXT NOT NULL, lastname TEXT NOT NULL,
                              street TEXT NOT NULL, city TEXT NOT NULL, region TEXT NOT NULL,
                              postcode TEXT NOT NULL, country TEXT NOT NULL, phone TEXT NOT NULL);
CREATE INDEX addresses_by_order ON order_addresses (order_id);
CREATE TABLE order_items (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL,
                          product_id INTEGER NOT NULL, sku TEXT NOT NULL, name TEXT NOT NULL,
                          price REAL NOT NULL, qty INTEGER NOT NULL,
                          qty_invoiced INTEGER NOT NULL DEFAULT 0,
                          qty_shipped INTEGER NOT NULL DEFAULT 0,
                          qty_refunded INTEGER NOT NULL DEFAULT 0,
                          qty_canceled INTEGER NOT NULL DEFAULT 0);
CREATE INDEX items_by_order ON order_items (order_id);
CREATE TABLE invoices (id INTEGER PRIMARY KEY, increment_id TEXT NOT NULL UNIQUE,
                       order_id INTEGER NOT NULL, created_at INTEGER NOT NULL,
                       grand_total REAL NOT NULL);
CREATE TABLE shipments (id INTEGER PRIMARY KEY, increment_id TEXT NOT NULL UNIQUE,
                        order_id INTEGER NOT NULL, created_at INTEGER NOT NULL,
                        total_qty INTEGER NOT NULL);
CREATE TABLE tracks (id INTEGER PRIMARY KEY, shipment_id INTEGER NOT NULL,
                     order_id INTEGER NOT NULL, carrier TEXT NOT NULL, title TEXT NOT NULL,
                     number TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE creditmemos (id INTEGER PRIMARY KEY, increment_id TEXT NOT NULL UNIQUE,
                          order_id INTEGER NOT NULL, created_at INTEGER NOT NULL,
                          grand_total REAL NOT NULL);
CREATE TABLE order_history (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL,
                            created_at INTEGER NOT NULL, status TEXT NOT NULL,
                            comment TEXT NOT NULL, notified INTEGER NOT NULL,
                            visible INTEGER NOT NULL);
CREATE INDEX history_by_order ON order_history (order_id);
CREATE TABLE reviews (id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL, customer_id INTEGER,
                      nickname TEXT NOT NULL, title TEXT NOT NULL, detail TEXT NOT NULL,
                      rating INTEGER NOT NULL, status INTEGER NOT NULL,
                      created_at INTEGER NOT NULL);
CREATE INDEX reviews_by_product ON reviews (product_id);
CREATE TABLE search_terms (id INTEGER PRIMARY KEY, query_text TEXT NOT NULL UNIQUE,
                           num_results INTEGER NOT NULL, uses INTEGER NOT NULL,
                           updated_at INTEGER NOT NULL);
CREATE TABLE cms_pages (id INTEGER PRIMARY KEY, title TEXT NOT NULL, identifier TEXT NOT NULL,
                        content_heading TEXT NOT NULL, content TEXT NOT NULL,
                        is_active INTEGER NOT NULL, layout TEXT NOT NULL,
                        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE TABLE themes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, code TEXT NOT NULL,
                     parent_id INTEGER);
)sql";

int64_t AdminTime(int year, int month, int day, int hour, int minute, int second) {
  std::tm tm{};
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = day;
  tm.tm_hour = hour;
  tm.tm_min = minute;
  tm.tm_sec = second;
  return static_cast<int64_t>(timegm(&tm));
}

namespace {

std::tm Utc(int64_t t) {
  std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  return tm;
}

}  // namespace

int DaysInMonth(int year, int month) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

std::string ShortDate(int64_t t) {
  std::tm tm = Utc(t);
  return std::to_string(tm.tm_mon + 1) + "/" + std::to_string(tm.tm_mday) + "/" +
         (tm.tm_year % 100 < 10 ? "0" : "") + std::to_string(tm.tm_year % 100);
}

std::optional<int64_t> ParseFilterDate(std::string_view text) {
  std::vector<int> parts;
  std::string cur;
  char sep = 0;
  for (char c : std::string(text) + " ") {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      cur += c;
    } else if (!cur.empty()) {
      if (cur.size() > 4) return std::nullopt;
      parts.push_back(std::stoi(cur));
      cur.clear();
      if (c == '/' || c == '-') {
        if (sep != 0 && sep != c) return std::nullopt;
        sep = c;
      }
    } else if (c != ' ') {
      return std::nullopt;
    }
  }
  if (parts.size() != 3) return std::nullopt;
  int y, m, d;
  if (sep == '-') {
    y = parts[0], m = parts[1], d = parts[2];
  } else {
    m = parts[0], d = parts[1], y = parts[2];
    if (y < 100) y += 2000;
  }
  if (y < 1970 || y > 2100 || m < 1 || m > 12 || d < 1 || d > DaysInMonth(y, m))
    return std::nullopt;
  return AdminTime(y, m, d);
}

std::string AdminDateTime(int64_t t) {
  static const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                  "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::tm tm = Utc(t);
  int h = tm.tm_hour % 12 == 0 ? 12 : tm.tm_hour % 12;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s %d, %d, %d:%02d:%02d %s", kMonths[tm.tm_mon], tm.tm_mday,
                tm.tm_year + 1900, h, tm.tm_min, tm.tm_sec, tm.tm_hour < 12 ? "AM" : "PM");
  return buf;
}

const std::vector<std::pair<std::string, std::string>>& OrderStatuses() {
  static const auto* kStatuses = new std::vector<std::pair<std::string, std::string>>{
      {"canceled", "Canceled"},    {"closed", "Closed"},   {"complete", "Complete"},
      {"holded", "On Hold"},       {"pending", "Pending"}, {"processing", "Processing"},
      {"fraud", "Suspected Fraud"}};
  return *kStatuses;
}

std::string OrderStatusLabel(std::string_view code) {
  for (const auto& [c, label] : OrderStatuses()) {
    if (c == code) return label;
  }
  return std::string(code);
}

std::string ReviewStatusLabel(int64_t status) {
  return status == 1 ? "Approved" : status == 2 ? "Pending" : "Not Approved";
}

const std::vector<Carrier>& Carriers() {
  static const auto* kCarriers = new std::vector<Carrier>{{"custom", "Custom Value"},
                                                          {"dhl", "DHL"},
                                                          {"fedex", "Federal Express"},
                                                          {"ups", "United Parcel Service"},
                                                          {"usps", "United States Postal Service"}};
  return *kCarriers;
}

const std::vector<std::string>& AdminColors() {
  static const auto* kColors = new std::vector<std::string>{
      "Black", "Blue", "Brown", "Gray", "Green", "Orange", "Purple", "Red", "White", "Yellow"};
  return *kColors;
}

std::string IncrementId(int64_t n) {
  std::string s = std::to_string(n);
  return std::string(s.size() < 9 ? 9 - s.size() : 0, '0') + s;
}

const std::vector<std::string>& ShirtBrands() {
  static const auto* kBrands = new std::vector<std::string>{"Hollister",    "Nike", "Adidas",
                                                            "Under Armour", "Puma", "Columbia"};
  return *kBrands;
}

namespace {

// ---------------------------------------------------------------------------------------------
// Catalog

struct Kind {
  const char* word;      // "Tee"
  const char* category;  // "Men/Tops/Tees"
  const char* set;       // attribute set
  bool bottom;
  bool women;
};

const std::vector<Kind>& Kinds() {
  static const auto* kKinds = new std::vector<Kind>{
      {"Tee", "Men/Tops/Tees", "Top", false, false},
      {"Hoodie", "Men/Tops/Hoodies & Sweatshirts", "Top", false, false},
      {"Sweatshirt", "Men/Tops/Hoodies & Sweatshirts", "Top", false, false},
      {"Jacket", "Men/Tops/Jackets", "Top", false, false},
      {"Tank", "Men/Tops/Tanks", "Top", false, false},
      {"Pant", "Men/Bottoms/Pants", "Bottom", true, false},
      {"Short", "Men/Bottoms/Shorts", "Bottom", true, false},
      {"Tee", "Women/Tops/Tees", "Top", false, true},
      {"Tank", "Women/Tops/Bras & Tanks", "Top", false, true},
      {"Bra", "Women/Tops/Bras & Tanks", "Top", false, true},
      {"Hoodie", "Women/Tops/Hoodies & Sweatshirts", "Top", false, true},
      {"Jacket", "Women/Tops/Jackets", "Top", false, true},
      {"Pant", "Women/Bottoms/Pants", "Bottom", true, true},
      {"Short", "Women/Bottoms/Shorts", "Bottom", true, true},
      {"Capri", "Women/Bottoms/Pants", "Bottom", true, true},
  };
  return *kKinds;
}

const char* const kFirstNames[] = {
    "Abominable", "Adrienne", "Aeon",    "Aether",    "Affirm",   "Ajax",    "Alpine",  "Apollo",
    "Argus",      "Ariel",    "Artemis", "Atlas",     "Atomic",   "Augusta", "Autumn",  "Bella",
    "Beaumont",   "Breathe",  "Bruno",   "Caesar",    "Carina",   "Cassia",  "Cassius", "Celeste",
    "Chaz",       "Cora",     "Daphne",  "Deion",     "Desiree",  "Diana",   "Draco",   "Echo",
    "Eos",        "Erika",    "Fiona",   "Gabrielle", "Geo",      "Gobi",    "Grayson", "Gwen",
    "Helena",     "Helios",   "Hera",    "Hero",      "Hyperion", "Ida",     "Ina",     "Inez",
    "Ingrid",     "Iris",     "Jade",    "Josie",     "Juno",     "Jupiter", "Karmen",  "Kenobi",
    "Kratos",     "Layla",    "Lando",   "Leah",      "Logan",    "Lono",    "Lucia",   "Mach",
    "Maia",       "Marco",    "Mars",    "Maxima",    "Meteor",   "Minerva", "Miko",    "Mimi",
    "Mona",       "Montana",  "Nadia",   "Neve",      "Nora",     "Olivia",  "Orestes", "Orion",
    "Phoebe",     "Portia",   "Prima",   "Proteus",   "Rapha",    "Riona",   "Rival",   "Sahara",
    "Selene",     "Sinbad",   "Sparta",  "Stellar",   "Summit",   "Sybil",   "Taurus",  "Teton",
    "Thorpe",     "Tiberius", "Tiffany", "Troy",      "Typhon",   "Ulysses", "Vulcan",  "Zeppelin",
    "Electra",    "Sylvia",   "Bess",    "Kaia",      "Karissa",  "Ana",     "Emma",    "Nona"};
const char* const kModifiers[] = {"",        "",         "",         "Running", "Training",
                                  "Yoga",    "LumaTech", "EverCool", "Zip",     "Thermal",
                                  "Compete", "Elements", "Ultra",    "Flex",    "Core"};

struct GearKind {
  const char* word;
  const char* category;
  double lo, hi;
};
const GearKind kGear[] = {{"Duffle", "Gear/Bags", 30, 80},
                          {"Backpack", "Gear/Bags", 35, 90},
                          {"Messenger Bag", "Gear/Bags", 30, 70},
                          {"Tote", "Gear/Bags", 20, 40},
                          {"Yoga Mat", "Gear/Fitness Equipment", 15, 45},
                          {"Foam Roller", "Gear/Fitness Equipment", 15, 35},
                          {"Water Bottle", "Gear/Fitness Equipment", 7, 15},
                          {"Kettlebell", "Gear/Fitness Equipment", 20, 60},
                          {"Dumbbell Set", "Gear/Fitness Equipment", 15, 50},
                          {"Strength Band Kit", "Gear/Fitness Equipment", 12, 35},
                          {"Watch", "Gear/Watches", 40, 95}};

const char* const kSkuLetters = "ABCDEFGHJKLMNPRSTUVWXYZ";

struct ProductSpec {
  std::string name;
  const Kind* kind = nullptr;       // configurable apparel
  const GearKind* gear = nullptr;   // simple gear
  std::string category;             // for named simple products without a gear kind
  std::vector<std::string> colors;  // configurable: child colours
  std::vector<std::string> sizes;   // configurable: child sizes
  double price = 0;
  int64_t parent_at = 0;   // planted: the id the product (parent) must have; 0 anywhere
  bool generated = false;  // not named by any task
  std::string description;
};

size_t Ids(const ProductSpec& s) { return s.kind ? s.colors.size() * s.sizes.size() + 1 : 1; }

std::vector<std::string> SizesFor(const Kind& k, Rng& rng) {
  if (!k.bottom) return {"XS", "S", "M", "L", "XL"};
  if (k.women) return {"28", "29", "30", "31", "32"};
  if (rng.Bernoulli(0.5)) return {"32", "33", "34", "36"};
  return {"32", "33", "34", "36", "38"};
}

std::vector<std::string> PickColors(Rng& rng, size_t n, const std::set<std::string>& avoid = {}) {
  std::vector<std::string> pool;
  for (const std::string& c : AdminColors()) {
    if (!avoid.count(c)) pool.push_back(c);
  }
  std::vector<std::string> out;
  while (out.size() < n && !pool.empty()) {
    size_t i = rng.Uniform(pool.size());
    out.push_back(pool[i]);
    pool.erase(pool.begin() + static_cast<long>(i));
  }
  // Magento lists options in attribute order.
  std::sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) {
    const auto& all = AdminColors();
    return std::find(all.begin(), all.end(), a) < std::find(all.begin(), all.end(), b);
  });
  return out;
}

const Kind* FindKind(const char* word, bool women) {
  for (const Kind& k : Kinds()) {
    if (std::string_view(k.word) == word && k.women == women) return &k;
  }
  return nullptr;
}

double Round2(double v) { return std::round(v * 100.0) / 100.0; }

std::string Describe(const std::string& name, const std::string& category, Rng& rng) {
  static const char* const kOpen[] = {
      "Built for long sessions and easy days alike, the ",
      "Light, durable and easy to care for, the ",
      "Designed for movement, the ",
      "A staple of any active wardrobe, the ",
  };
  static const char* const kClose[] = {
      " keeps up with every workout.",
      " moves with you from the studio to the street.",
      " is made to last season after season.",
      " pairs comfort with a clean, modern look.",
  };
  std::string leaf = category.substr(category.rfind('/') + 1);
  return std::string(kOpen[rng.Uniform(4)]) + name + kClose[rng.Uniform(4)] + " Part of our " +
         leaf + " collection.";
}

// ---------------------------------------------------------------------------------------------
// Reviews

struct Phrase {
  const char* aspect;
  const char* text;
};
const Phrase kPositive[] = {
    {"fit", "Fits perfectly."},
    {"fabric", "The fabric is so soft."},
    {"warmth", "Keeps me warm on cold mornings."},
    {"comfort", "Really comfortable for long runs."},
    {"style", "Looks great and I get compliments on the style."},
    {"care", "Washes well and keeps its shape."},
    {"size", "True to size."},
    {"cut", "Has a flattering cut."},
    {"breathability", "Breathes well during workouts."},
    {"durability", "Still like new after many washes."},
    {"color", "The color is vibrant."},
    {"value", "Great value for the price."},
};
const Phrase kNegative[] = {
    {"size", "Runs small, order a size up."},
    {"fabric", "Shrank after one wash."},
    {"quality", "Feels cheap for the price."},
    {"fabric", "Pills quickly."},
    {"fit", "Too tight in the shoulders."},
    {"durability", "The seams came apart within a month."},
    {"color", "The color faded fast."},
    {"comfort", "The material is scratchy."},
    {"style", "The style looks dated in person."},
    {"zipper", "The zipper broke on the second day."},
};
const char* const kPositiveTitles[] = {"Love it", "Great fit",       "Very comfortable",
                                       "Nice",    "Would buy again", "Perfect for the gym",
                                       "So soft", "Happy with it"};
const char* const kNegativeTitles[] = {"Disappointed", "Not worth it", "Poor quality",
                                       "Returned it", "Meh"};
const char* const kGuestNames[] = {"Jess", "Kirby",  "Lou",    "Marty", "Pat",  "Robin",
                                   "Sam",  "Taylor", "Vernon", "Wes",   "Yuri", "Dana"};

// ---------------------------------------------------------------------------------------------
// Customers

const char* const kCustFirst[] = {
    "James",   "Mary",      "Robert",  "Patricia",  "John",    "Jennifer", "Michael", "Linda",
    "David",   "Elizabeth", "William", "Barbara",   "Richard", "Susan",    "Joseph",  "Jessica",
    "Thomas",  "Karen",     "Charles", "Nancy",     "Daniel",  "Lisa",     "Anthony", "Betty",
    "Mark",    "Sandra",    "Steven",  "Ashley",    "Paul",    "Emily",    "Andrew",  "Donna",
    "Joshua",  "Michelle",  "Kevin",   "Carol",     "Brian",   "Amanda",   "George",  "Melissa",
    "Timothy", "Deborah",   "Ronald",  "Stephanie", "Jason",   "Rebecca",  "Ryan",    "Laura",
    "Jacob",   "Helen",     "Gary",    "Alexander", "Adam",    "Olivia",   "Grace",   "Lily",
    "Noah",    "Ethan",     "Chloe",   "Ava",       "Lucas",   "Julia",    "Nathan",  "Emma"};
const char* const kCustLast[] = {
    "Smith",     "Johnson",  "Williams",  "Brown",   "Jones",    "Garcia",   "Davis",
    "Rodriguez", "Martinez", "Hernandez", "Lopez",   "Gonzalez", "Wilson",   "Anderson",
    "Thomas",    "Taylor",   "Moore",     "Jackson", "Martin",   "Lee",      "Perez",
    "Thompson",  "White",    "Harris",    "Sanchez", "Clark",    "Ramirez",  "Lewis",
    "Robinson",  "Walker",   "Young",     "Allen",   "King",     "Wright",   "Scott",
    "Torres",    "Nguyen",   "Hill",      "Flores",  "Green",    "Adams",    "Nelson",
    "Carter",    "Mitchell", "Roberts",   "Turner",  "Phillips", "Campbell", "Parker",
    "Evans",     "Edwards",  "Collins",   "Stewart", "Morris",   "Murphy",   "Cook"};

struct City {
  const char* city;
  const char* region;
  const char* zip;
  const char* area;
};
const City kCities[] = {
    {"Salt Lake City", "Utah", "84101", "801"},     {"Austin", "Texas", "78701", "512"},
    {"Chicago", "Illinois", "60601", "312"},        {"Boston", "Massachusetts", "02108", "617"},
    {"Seattle", "Washington", "98101", "206"},      {"Denver", "Colorado", "80202", "303"},
    {"Miami", "Florida", "33101", "305"},           {"Phoenix", "Arizona", "85001", "602"},
    {"Portland", "Oregon", "97201", "503"},         {"Atlanta", "Georgia", "30301", "404"},
    {"Pittsburgh", "Pennsylvania", "15213", "412"}, {"New York", "New York", "10001", "212"},
    {"San Diego", "California", "92101", "619"},    {"Nashville", "Tennessee", "37201", "615"},
    {"Columbus", "Ohio", "43004", "614"},           {"Detroit", "Michigan", "48201", "313"},
};
const char* const kStreets[] = {"Main Street",    "Oak Avenue", "Maple Drive",    "Cedar Lane",
                                "Pine Street",    "Elm Street", "Washington Ave", "Lakeview Road",
                                "Hillside Court", "Park Place", "River Road",     "Sunset Blvd"};

struct Customer {
  int64_t id;
  std::string first, last, email, phone, street, city, region, zip;
};

// ---------------------------------------------------------------------------------------------
// Orders

struct Item {
  int64_t product;
  int qty;
  double price = -1;  // < 0: the product's price
};
struct Order {
  int64_t t = 0;
  std::string status;
  int64_t customer = 0;
  std::vector<Item> items;
  bool forced = false;  // items set by a planted constraint: no random or bestseller items
};

}  // namespace

Status PopulateAdmin(Db& db, uint64_t seed) {
  Rng root(seed ^ 0xad31b5e7c3a9ull);
  const int64_t kCreated = AdminTime(2021, 11, 1, 9);

  // ----- Catalog specs, in id order.
  Rng crng = root.Split("catalog");
  std::set<std::string> used_names;
  auto named = [&](std::string name, const char* kind_word, bool women,
                   std::vector<std::string> colors, std::vector<std::string> sizes, double price,
                   int64_t at) {
    ProductSpec s;
    s.name = std::move(name);
    s.kind = FindKind(kind_word, women);
    s.colors = std::move(colors);
    s.sizes = std::move(sizes);
    s.price = price;
    s.parent_at = at;
    used_names.insert(s.name);
    return s;
  };
  auto simple = [&](std::string name, std::string category, double price, int64_t at) {
    ProductSpec s;
    s.name = std::move(name);
    s.category = std::move(category);
    s.price = price;
    s.parent_at = at;
    used_names.insert(s.name);
    return s;
  };
  // Planted at their published ids (children precede their configurable parent, as in Magento).
  std::vector<ProductSpec> at_id = {
      named("Frankie Sweatshirt", "Sweatshirt", false, {"Green", "White", "Yellow"},
            {"XS", "S", "M", "L", "XL"}, 60, kFrankieSweatshirt),
      simple("Hollister Classic Crew Shirt", "Men/Tops/Tees", 34, kHollisterShirt),
      named("Ryker LumaTech Tee (Crew-neck)", "Tee", false, {"Black", "Blue", "Gray"},
            {"XS", "S", "M", "L", "XL"}, 32, kRykerCrewNeck),
      named("Cronus Yoga Pant", "Pant", false, {"Black", "Blue", "Red"}, {"32", "33", "34", "36"},
            48, kCronus33Blue + 8),
      simple("Harmony Lumaflex Strength Band Kit", "Gear/Fitness Equipment", 32, kPriceProduct),
      named("Aeno Capri", "Capri", true, {"Black", "Blue", "Red"}, {"28", "29", "30", "31", "32"},
            48, kAenoCapri),
  };
  // Named anywhere.
  std::vector<ProductSpec> anywhere = {
      named("Antonia Racer Tank", "Tank", true, {"Black", "Purple", "Yellow"},
            {"XS", "S", "M", "L", "XL"}, 34, 0),
      named("Circe Hooded Ice Fleece", "Hoodie", true, {"Gray", "Green", "Purple"},
            {"XS", "S", "M", "L", "XL"}, 68, 0),
      named("Chloe Compete Tank", "Tank", true, {"Blue", "Red", "White"},
            {"XS", "S", "M", "L", "XL"}, 39, 0),
      named("Zoe Tank", "Tank", true, {"Green", "Orange", "Yellow"}, {"XS", "S", "M", "L", "XL"},
            29, 0),
      named("Hawkeye Yoga Short", "Short", false, {"Black", "Blue", "Gray"},
            {"32", "33", "34", "36"}, 29, 0),
      named("Ryker LumaTech Tee (V-neck)", "Tee", false, {"Black", "Blue", "Gray"},
            {"XS", "S", "M", "L", "XL"}, 32, 0),
      simple("Impulse Duffle", "Gear/Bags", 74, 0),
      simple("Overnight Duffle", "Gear/Bags", 45, 0),
      simple("Joust Duffle Bag", "Gear/Bags", 34, 0),
  };
  // Branded shirts (and one non-shirt each, so "shirts" must be read).
  const char* const kShirtWords[] = {"Performance Shirt", "Graphic Shirt", "Polo Shirt",
                                     "Button-Down Shirt"};
  for (size_t b = 1; b < ShirtBrands().size(); ++b) {
    const std::string& brand = ShirtBrands()[b];
    int n = 1 + static_cast<int>(b % 3);
    for (int i = 0; i < n; ++i) {
      anywhere.push_back(simple(brand + " " + kShirtWords[(b + i) % 4], "Men/Tops/Tees",
                                static_cast<double>(crng.Range(25, 55)), 0));
    }
    anywhere.push_back(simple(brand + " Training Short", "Men/Bottoms/Shorts",
                              static_cast<double>(crng.Range(25, 45)), 0));
  }
  anywhere.push_back(simple("Hollister Fleece Jogger", "Men/Bottoms/Pants", 49, 0));

  auto random_configurable = [&]() {
    for (int tries = 0;; ++tries) {
      const Kind& k = Kinds()[crng.Uniform(Kinds().size())];
      std::string mod = kModifiers[crng.Uniform(std::size(kModifiers))];
      std::string name = std::string(kFirstNames[crng.Uniform(std::size(kFirstNames))]) + " " +
                         (mod.empty() ? "" : mod + " ") + k.word;
      if (used_names.count(name) && tries < 1000) continue;
      ProductSpec s;
      s.name = name;
      s.kind = &k;
      s.sizes = SizesFor(k, crng);
      s.colors = PickColors(crng, 2 + crng.Uniform(2));
      s.price = static_cast<double>(crng.Range(k.bottom ? 28 : 18, k.bottom ? 78 : 82));
      if (crng.Bernoulli(0.4)) s.price -= 0.01;
      s.generated = true;
      used_names.insert(name);
      return s;
    }
  };
  auto random_simple = [&]() {
    for (int tries = 0;; ++tries) {
      const GearKind& g = kGear[crng.Uniform(std::size(kGear))];
      std::string name =
          std::string(kFirstNames[crng.Uniform(std::size(kFirstNames))]) + " " + g.word;
      if (used_names.count(name) && tries < 1000) continue;
      ProductSpec s;
      s.name = name;
      s.gear = &g;
      s.price =
          static_cast<double>(crng.Range(static_cast<int64_t>(g.lo), static_cast<int64_t>(g.hi)));
      used_names.insert(name);
      return s;
    }
  };

  const int64_t kTotalIds = 2040;
  std::vector<ProductSpec> specs;
  int64_t next = 1;
  size_t planted = 0, floating = 0;
  while (next <= kTotalIds || planted < at_id.size() || floating < anywhere.size()) {
    if (planted < at_id.size()) {
      int64_t start = at_id[planted].parent_at - static_cast<int64_t>(Ids(at_id[planted])) + 1;
      if (next == start) {
        next += static_cast<int64_t>(Ids(at_id[planted]));
        specs.push_back(std::move(at_id[planted++]));
        continue;
      }
      int64_t gap = start - next;
      // Fill the gap with whole families, then simple products to land exactly.
      if (floating < anywhere.size() && static_cast<int64_t>(Ids(anywhere[floating])) <= gap &&
          crng.Bernoulli(0.2)) {
        next += static_cast<int64_t>(Ids(anywhere[floating]));
        specs.push_back(std::move(anywhere[floating++]));
        continue;
      }
      ProductSpec s = gap >= 20 && crng.Bernoulli(0.85) ? random_configurable() : random_simple();
      if (static_cast<int64_t>(Ids(s)) > gap) s = random_simple();
      next += static_cast<int64_t>(Ids(s));
      specs.push_back(std::move(s));
      continue;
    }
    if (floating < anywhere.size()) {
      next += static_cast<int64_t>(Ids(anywhere[floating]));
      specs.push_back(std::move(anywhere[floating++]));
      continue;
    }
    ProductSpec s = crng.Bernoulli(0.85) ? random_configurable() : random_simple();
    next += static_cast<int64_t>(Ids(s));
    specs.push_back(std::move(s));
  }

  // ----- Write products.
  struct Sellable {
    int64_t id;
    double price;
  };
  std::vector<Sellable> sellable;   // simple products (children and gear)
  std::vector<int64_t> reviewable;  // parents and simple products
  std::map<std::string, int64_t> by_name;
  int64_t id = 1;
  int sku_n = 1;
  for (ProductSpec& s : specs) {
    std::string category = s.kind ? s.kind->category : s.gear ? s.gear->category : s.category;
    std::string sku_base;
    if (s.kind) {
      sku_base = std::string(1, s.kind->women ? 'W' : 'M') + (s.kind->bottom ? "B" : "T") +
                 kSkuLetters[sku_n % 23] + std::to_string(sku_n);
    } else {
      sku_base = std::string("24-") + (category.rfind("Gear", 0) == 0 ? "UG" : "MT") +
                 std::to_string(100 + sku_n);
    }
    ++sku_n;
    int64_t updated = kCreated + crng.Range(0, 86400 * 300);
    std::string description = Describe(s.name, category, crng);
    std::string url_key = Slugify(s.name);
    if (s.kind) {
      int64_t parent = id + static_cast<int64_t>(s.colors.size() * s.sizes.size());
      for (const std::string& size : s.sizes) {
        for (const std::string& color : s.colors) {
          std::string name = s.name + "-" + size + "-" + color;
          int64_t qty = crng.Bernoulli(0.06) ? 0 : crng.Range(20, 100);
          if (id == kCronus33Blue) qty = 0;
          WA_RETURN_IF_ERROR(db.Run(
              "INSERT INTO products VALUES (?, ?, ?, 'simple', ?, ?, ?, NULL, ?, ?, 1, 0, 'Not "
              "Visible Individually', ?, ?, ?, ?, ?, 1, ?)",
              {id, sku_base + "-" + size + "-" + color, name, parent, s.kind->set, s.price, qty,
               static_cast<int64_t>(qty > 0), color, size, Slugify(name), description, category,
               updated}));
          sellable.push_back({id, s.price});
          by_name[name] = id;
          ++id;
        }
      }
      // A few generated products are disabled.
      int64_t status = s.generated && crng.Bernoulli(0.05) ? 2 : 1;
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO products VALUES (?, ?, ?, 'configurable', NULL, ?, ?, NULL, 0, 1, ?, 0, "
          "'Catalog, Search', '', '', ?, ?, ?, 1, ?)",
          {id, sku_base, s.name, s.kind->set, s.price, status, url_key, description, category,
           updated}));
    } else {
      int64_t qty = crng.Range(10, 200);
      WA_RETURN_IF_ERROR(
          db.Run("INSERT INTO products VALUES (?, ?, ?, 'simple', NULL, ?, ?, NULL, ?, 1, 1, 0, "
                 "'Catalog, Search', '', '', ?, ?, ?, 1, ?)",
                 {id, sku_base, s.name, category.rfind("Gear", 0) == 0 ? "Gear" : "Default",
                  s.price, qty, url_key, description, category, updated}));
      sellable.push_back({id, s.price});
    }
    reviewable.push_back(id);
    by_name[s.name] = id;
    ++id;
  }
  auto product = [&](const std::string& name) -> Result<int64_t> {
    auto it = by_name.find(name);
    if (it == by_name.end()) return Internal("admin data: no product named " + name);
    return it->second;
  };
  auto impulse = product("Impulse Duffle"), overnight = product("Overnight Duffle"),
       hawkeye = product("Hawkeye Yoga Short-32-Blue");
  for (const auto* r : {&impulse, &overnight, &hawkeye}) {
    if (!r->ok()) return r->status();
  }

  // ----- Customers.
  Rng urng = root.Split("customers");
  std::vector<Customer> customers;
  std::set<std::string> cust_names;
  auto add_customer = [&](const std::string& first, const std::string& last,
                          const std::string& email, const std::string& phone) {
    Customer c;
    c.id = static_cast<int64_t>(customers.size()) + 1;
    c.first = first;
    c.last = last;
    const City& city = kCities[urng.Uniform(std::size(kCities))];
    c.email = email;
    if (c.email.empty()) {
      static const char* const kDomains[] = {"gmail.com", "yahoo.com", "hotmail.com", "outlook.com",
                                             "icloud.com"};
      std::string f = first, l = last;
      for (char& ch : f) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      for (char& ch : l) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      c.email = f + "." + l + "@" + kDomains[urng.Uniform(5)];
    }
    c.phone = phone;
    while (c.phone.empty() || (phone.empty() && c.phone == "8015551212")) {
      c.phone = std::string(city.area) + std::to_string(urng.Range(2000000, 9999999));
    }
    c.street = std::to_string(urng.Range(10, 9999)) + " " + kStreets[urng.Uniform(12)];
    c.city = city.city;
    c.region = city.region;
    c.zip = city.zip;
    cust_names.insert(first + " " + last);
    customers.push_back(c);
  };
  // Planted customers first (ids 1..8).
  add_customer("Sean", "Miller", "sean.miller@gmail.com", "8015551212");
  add_customer("Sarah", "Miller", "", "");
  add_customer("Matt", "Baker", "", "");
  add_customer("Samantha", "Jones", "", "");
  add_customer("Jane", "Smith", "", "");    // most completed orders
  add_customer("Adam", "Garcia", "", "");   // second
  add_customer("Grace", "Nguyen", "", "");  // third
  add_customer("Lily", "Potter", "", "");   // fourth
  while (customers.size() < 320) {
    std::string f = kCustFirst[urng.Uniform(std::size(kCustFirst))];
    std::string l = kCustLast[urng.Uniform(std::size(kCustLast))];
    if (cust_names.count(f + " " + l)) continue;
    add_customer(f, l, "", "");
  }
  // The map task that routes to a customer's city (WebArena's Amanda Kim of Hoboken): set on
  // the first generated customer after the draws, so no other customer's data moves.
  {
    Customer* amanda = &customers[8];
    for (Customer& c : customers) {
      if (c.first == "Amanda" && c.last == "Kim") amanda = &c;
    }
    if (amanda->first != "Amanda" || amanda->last != "Kim") {
      amanda->email = "amanda.kim" + amanda->email.substr(amanda->email.find('@'));
    }
    amanda->first = "Amanda";
    amanda->last = "Kim";
    amanda->city = "Hoboken";
    amanda->region = "New Jersey";
    amanda->zip = "07030";
    amanda->phone = "201" + amanda->phone.substr(3);
  }
  // Customer ids are shuffled, so planted customers do not sit at the top of the grid.
  {
    std::vector<int64_t> perm(customers.size());
    for (size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<int64_t>(i) + 1;
    for (size_t i = perm.size() - 1; i > 0; --i) std::swap(perm[i], perm[urng.Uniform(i + 1)]);
    for (size_t i = 0; i < customers.size(); ++i) customers[i].id = perm[i];
  }
  std::set<std::string> emails;
  for (Customer& c : customers) {
    while (emails.count(c.email)) c.email = "1" + c.email;
    emails.insert(c.email);
  }
  {
    std::vector<const Customer*> by_id(customers.size() + 1);
    for (const Customer& c : customers) by_id[c.id] = &c;
    static const char* const kGroups[] = {"General", "General", "General", "Wholesale", "Retailer"};
    for (size_t i = 1; i < by_id.size(); ++i) {
      const Customer& c = *by_id[i];
      WA_RETURN_IF_ERROR(
          db.Run("INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'United States', ?, ?)",
                 {c.id, c.first, c.last, c.email, c.phone, c.street, c.city, c.region, c.zip,
                  kGroups[urng.Uniform(5)], kCreated - urng.Range(0, 86400 * 400)}));
    }
  }
  auto cust_id = [&](size_t planted_index) { return customers[planted_index].id; };

  // ----- Orders: fixed counts per month and status.
  Rng orng = root.Split("orders");
  std::vector<Order> orders;
  auto in_month = [&](int y, int m, int day_lo, int day_hi, const std::string& status, int n) {
    for (int i = 0; i < n; ++i) {
      Order o;
      o.t = AdminTime(y, m, static_cast<int>(orng.Range(day_lo, day_hi)),
                      static_cast<int>(orng.Range(7, 22)), static_cast<int>(orng.Range(0, 59)),
                      static_cast<int>(orng.Range(0, 59)));
      o.status = status;
      orders.push_back(o);
    }
  };
  const int kComplete2022[12] = {11, 16, 14, 8, 8, 13, 9, 8, 10, 4, 5, 10};
  for (int m = 1; m <= 12; ++m) {
    int days = DaysInMonth(2022, m);
    in_month(2022, m, 1, days, "complete", kComplete2022[m - 1]);
    in_month(2022, m, 1, days, "canceled", m % 2 == 0 ? 2 : 1);
    in_month(2022, m, 1, days, "closed", m % 3 == 0 ? 1 : 0);
  }
  for (int m = 1; m <= 4; ++m) {
    int days = DaysInMonth(2023, m);
    in_month(2023, m, 1, days, "complete", 20);
    in_month(2023, m, 1, days, "canceled", 3);
    in_month(2023, m, 1, days, "closed", 1);
    in_month(2023, m, 1, days, "processing", 3);
    in_month(2023, m, 1, days, "pending", 3);
    in_month(2023, m, 1, days, "holded", 1);
  }
  in_month(2023, 5, 1, 22, "complete", 14);
  in_month(2023, 5, 1, 22, "canceled", 3);
  in_month(2023, 5, 1, 22, "processing", 4);
  in_month(2023, 5, 1, 22, "pending", 5);
  in_month(2023, 5, 1, 22, "holded", 1);
  in_month(2023, 5, 1, 22, "closed", 1);
  {
    Order anchor;  // the most recent canceled order
    anchor.t = AdminTime(2023, 5, 23, 15, 43, 12);
    anchor.status = "canceled";
    orders.push_back(anchor);
  }
  in_month(2023, 5, 24, 31, "complete", 5);
  in_month(2023, 5, 24, 31, "processing", 6);
  in_month(2023, 5, 24, 31, "pending", 7);
  std::stable_sort(orders.begin(), orders.end(),
                   [](const Order& a, const Order& b) { return a.t < b.t; });
  // Distinct timestamps (a second apart at most), so "most recent" is never a tie.
  for (size_t i = 1; i < orders.size(); ++i) {
    if (orders[i].t <= orders[i - 1].t) orders[i].t = orders[i - 1].t + 1;
  }
  const int64_t n_orders = static_cast<int64_t>(orders.size());  // 309
  auto at = [&](int64_t order_id) -> Order& { return orders[static_cast<size_t>(order_id - 1)]; };
  // Published ids: 302 can be canceled (pending), 307 is invoiced and not shipped.
  at(302).status = "pending";
  at(307).status = "processing";
  if (at(299).status == "canceled") at(299).status = "pending";

  // Customers per status: planted rankings, everyone else capped below them.
  {
    std::vector<int64_t> regular = {customers[0].id};  // customers without planted counts
    for (size_t i = 8; i < customers.size(); ++i) regular.push_back(customers[i].id);
    auto assign = [&](const std::string& status,
                      std::vector<std::pair<int64_t, int>> planted_counts, int cap) {
      std::vector<size_t> idx;
      for (size_t i = 0; i < orders.size(); ++i) {
        if (orders[i].status == status) idx.push_back(i);
      }
      std::vector<int64_t> slots;
      for (auto [c, n] : planted_counts) {
        for (int k = 0; k < n; ++k) slots.push_back(c);
      }
      std::map<int64_t, int> count;
      while (slots.size() < idx.size()) {
        int64_t c = regular[orng.Uniform(regular.size())];
        if (count[c] >= cap) continue;
        ++count[c];
        slots.push_back(c);
      }
      slots.resize(idx.size());
      for (size_t i = slots.size(); i > 1; --i) std::swap(slots[i - 1], slots[orng.Uniform(i)]);
      for (size_t i = 0; i < idx.size(); ++i) orders[idx[i]].customer = slots[i];
    };
    assign("complete",
           {{cust_id(4), 9}, {cust_id(5), 8}, {cust_id(6), 7}, {cust_id(7), 6}, {cust_id(2), 5}},
           4);
    assign("canceled", {{cust_id(3), 4}}, 2);
    for (const char* st : {"closed", "processing", "holded"}) assign(st, {}, 3);
    assign("pending", {{cust_id(1), 2}}, 2);
  }

  // Items. Random items never give one product more than 3 units in a month, so the planted
  // monthly bestsellers (4 units and more) are strict.
  std::map<std::pair<int, int64_t>, int> month_qty;  // (yyyymm, product) -> units
  auto month_of = [](int64_t t) {
    std::tm tm = Utc(t);
    return (tm.tm_year + 1900) * 100 + tm.tm_mon + 1;
  };
  auto add_item = [&](Order& o, int64_t product, int qty, double price = -1) {
    for (Item& it : o.items) {
      if (it.product == product && price < 0) {
        it.qty += qty;
        if (o.status != "canceled") month_qty[{month_of(o.t), product}] += qty;
        return;
      }
    }
    o.items.push_back({product, qty, price});
    if (o.status != "canceled") month_qty[{month_of(o.t), product}] += qty;
  };
  std::set<int64_t> excluded_products = {*impulse, *overnight, *hawkeye};
  auto random_product = [&](const Order& o, int qty) {
    while (true) {
      const Sellable& s = sellable[orng.Uniform(sellable.size())];
      if (excluded_products.count(s.id)) continue;
      auto key = std::make_pair(month_of(o.t), s.id);
      if (o.status != "canceled" && month_qty[key] + qty > 3) continue;
      return s.id;
    }
  };
  // The most recent 7 orders hold 25 units.
  const int kRecentQty[7] = {4, 3, 5, 2, 4, 3, 4};
  for (int k = 0; k < 7; ++k) {
    Order& o = at(n_orders - 6 + k);
    o.forced = true;
    int left = kRecentQty[k];
    while (left > 0) {
      int q = left > 1 && orng.Bernoulli(0.5) ? static_cast<int>(orng.Range(1, left - 1)) : left;
      q = std::min(q, 3);
      add_item(o, random_product(o, q), q);
      left -= q;
    }
  }
  // The last four canceled orders are single items; the anchor's price is set below.
  std::vector<int64_t> last_canceled, last_complete;
  for (int64_t i = n_orders; i >= 1 && last_canceled.size() < 4; --i) {
    if (at(i).status == "canceled") last_canceled.push_back(i);
  }
  for (int64_t i = n_orders; i >= 1 && last_complete.size() < 4; --i) {
    if (at(i).status == "complete") last_complete.push_back(i);
  }
  for (int64_t i : last_canceled) {
    Order& o = at(i);
    o.forced = true;
    add_item(o, random_product(o, 1), 1);
  }
  // Invoice 000000002 (the second invoiced order) has a grand total of $39.64.
  int64_t second_invoiced = 0;
  {
    int seen = 0;
    for (int64_t i = 1; i <= n_orders; ++i) {
      const std::string& st = at(i).status;
      if (st == "complete" || st == "processing" || st == "closed") {
        if (++seen == 2) {
          second_invoiced = i;
          break;
        }
      }
    }
    Order& o = at(second_invoiced);
    o.forced = true;
    add_item(o, random_product(o, 1), 1, 34.64);
  }
  // Everyone else: 1-3 lines of 1-2 units.
  for (Order& o : orders) {
    if (o.forced) continue;
    int lines = 1 + static_cast<int>(orng.Uniform(3));
    for (int l = 0; l < lines; ++l) {
      int q = 1 + static_cast<int>(orng.Uniform(2));
      add_item(o, random_product(o, q), q);
    }
  }
  // Monthly bestsellers: five products per month with 4-10 units, spread over the month's
  // non-canceled orders. January 2023's top three are the published ones.
  for (int ym : {202201, 202202, 202203, 202204, 202205, 202206, 202207, 202208, 202209, 202210,
                 202211, 202212, 202301, 202302, 202303, 202304, 202305}) {
    std::vector<size_t> pool;
    for (size_t i = 0; i < orders.size(); ++i) {
      if (!orders[i].forced && orders[i].status != "canceled" && month_of(orders[i].t) == ym) {
        pool.push_back(i);
      }
    }
    std::vector<std::pair<int64_t, int>> top;
    if (ym == 202301) top = {{*impulse, 9}, {*overnight, 8}, {*hawkeye, 6}};
    int q = top.empty() ? static_cast<int>(orng.Range(8, 10)) : 5;
    while (top.size() < 5) {
      int64_t p = sellable[orng.Uniform(sellable.size())].id;
      if (month_qty[{ym, p}] > 0 || excluded_products.count(p)) continue;
      bool dup = false;
      for (auto& entry : top) dup |= entry.first == p;
      if (dup) continue;
      top.emplace_back(p, q--);
    }
    for (auto& [p, q] : top) {
      int left = q;
      while (left > 0) {
        int chunk = std::min(left, 1 + static_cast<int>(orng.Uniform(3)));
        add_item(orders[pool[orng.Uniform(pool.size())]], p, chunk);
        left -= chunk;
      }
    }
  }

  // Prices and totals. $5 flat rate per unit.
  std::map<int64_t, double> price_of;
  for (const Sellable& s : sellable) price_of[s.id] = s.price;
  auto total_of = [&](const Order& o) {
    double sub = 0;
    int units = 0;
    for (const Item& it : o.items) {
      sub += (it.price >= 0 ? it.price : price_of[it.product]) * it.qty;
      units += it.qty;
    }
    return Round2(sub + 5.0 * units);
  };
  {
    // The last four canceled orders total $194.25 more than the last four completed ones.
    double complete4 = 0, canceled3 = 0;
    for (int64_t i : last_complete) complete4 += total_of(at(i));
    for (size_t k = 1; k < last_canceled.size(); ++k) canceled3 += total_of(at(last_canceled[k]));
    double anchor_total = Round2(complete4 + 194.25 - canceled3);
    Order& anchor = at(last_canceled[0]);
    if (anchor_total - 5.0 < 5.0) {
      return Internal("admin data: cannot plant the canceled/completed difference");
    }
    anchor.items[0].price = Round2(anchor_total - 5.0);
  }

  // Write orders, addresses, items, invoices, shipments, tracks, credit memos and history.
  std::map<int64_t, const Customer*> cust_by_id;
  for (const Customer& c : customers) cust_by_id[c.id] = &c;
  std::map<int64_t, std::pair<std::string, std::string>> product_sku_name;
  WA_RETURN_IF_ERROR(db.Query("SELECT id, sku, name FROM products", {}, [&](const Row& r) {
    product_sku_name[r.Int(0)] = {r.Text(1), r.Text(2)};
  }));
  int64_t invoice_n = 0, shipment_n = 0, memo_n = 0;
  for (int64_t oid = 1; oid <= n_orders; ++oid) {
    const Order& o = at(oid);
    const Customer& c = *cust_by_id.at(o.customer);
    double grand = total_of(o);
    int units = 0;
    for (const Item& it : o.items) units += it.qty;
    double shipping = 5.0 * units;
    bool invoiced = o.status == "complete" || o.status == "processing" || o.status == "closed";
    bool shipped = o.status == "complete" || o.status == "closed";
    bool refunded = o.status == "closed";
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Check / Money order', "
        "'Flat Rate - Fixed')",
        {oid, IncrementId(oid), c.id, o.status, o.t, Round2(grand - shipping), shipping, grand,
         invoiced ? grand : 0.0, refunded ? grand : 0.0, static_cast<int64_t>(units)}));
    for (const char* kind : {"billing", "shipping"}) {
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO order_addresses (order_id, kind, firstname, lastname, street, city, "
          "region, postcode, country, phone) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'United States', ?)",
          {oid, kind, c.first, c.last, c.street, c.city, c.region, c.zip, c.phone}));
    }
    for (const Item& it : o.items) {
      const auto& [sku, name] = product_sku_name.at(it.product);
      double price = it.price >= 0 ? it.price : price_of[it.product];
      int64_t q = it.qty;
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO order_items (order_id, product_id, sku, name, price, qty, qty_invoiced, "
          "qty_shipped, qty_refunded, qty_canceled) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          {oid, it.product, sku, name, price, q, invoiced ? q : int64_t{0},
           shipped ? q : int64_t{0}, refunded ? q : int64_t{0},
           o.status == "canceled" ? q : int64_t{0}}));
    }
    WA_RETURN_IF_ERROR(
        db.Run("INSERT INTO order_history (order_id, created_at, status, comment, "
               "notified, visible) VALUES (?, ?, 'pending', '', 1, 0)",
               {oid, o.t}));
    int64_t later = o.t + orng.Range(3600, 86400 * 2);
    if (invoiced) {
      WA_RETURN_IF_ERROR(
          db.Run("INSERT INTO invoices (increment_id, order_id, created_at, grand_total) VALUES "
                 "(?, ?, ?, ?)",
                 {IncrementId(++invoice_n), oid, later, grand}));
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO order_history (order_id, created_at, status, comment, notified, visible) "
          "VALUES (?, ?, 'processing', ?, 0, 0)",
          {oid, later, "Captured amount of " + FormatMoney(grand) + " online."}));
    }
    if (shipped) {
      int64_t ship_t = later + orng.Range(3600, 86400 * 3);
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO shipments (increment_id, order_id, created_at, total_qty) VALUES (?, ?, "
          "?, ?)",
          {IncrementId(++shipment_n), oid, ship_t, static_cast<int64_t>(units)}));
      const Carrier& car = Carriers()[1 + orng.Uniform(Carriers().size() - 1)];
      std::string number =
          std::to_string(orng.Range(100000000, 999999999)) + std::to_string(orng.Range(10, 99));
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO tracks (shipment_id, order_id, carrier, title, number, created_at) VALUES "
          "(?, ?, ?, ?, ?, ?)",
          {shipment_n, oid, car.code, car.label, number, ship_t}));
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO order_history (order_id, created_at, status, comment, notified, visible) "
          "VALUES (?, ?, 'complete', '', 1, 0)",
          {oid, ship_t}));
    }
    if (refunded) {
      int64_t memo_t = later + orng.Range(86400 * 4, 86400 * 20);
      WA_RETURN_IF_ERROR(
          db.Run("INSERT INTO creditmemos (increment_id, order_id, created_at, grand_total) "
                 "VALUES (?, ?, ?, ?)",
                 {IncrementId(++memo_n), oid, memo_t, grand}));
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO order_history (order_id, created_at, status, comment, notified, visible) "
          "VALUES (?, ?, 'closed', 'Refunded offline.', 0, 0)",
          {oid, memo_t}));
    }
    if (o.status == "canceled" || o.status == "holded") {
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO order_history (order_id, created_at, status, comment, notified, visible) "
          "VALUES (?, ?, ?, '', 0, 0)",
          {oid, later, o.status}));
    }
  }

  // ----- Reviews.
  Rng rrng = root.Split("reviews");
  const int64_t kReviewsFrom = AdminTime(2022, 1, 1), kReviewsTo = AdminTime(2023, 4, 28);
  struct ReviewRow {
    int64_t product;
    int64_t customer;  // 0: guest
    std::string nickname, title, detail;
    int64_t rating, status = 1, t;
  };
  std::vector<ReviewRow> reviews;
  auto reviewer = [&](ReviewRow* r) {
    if (rrng.Bernoulli(0.65)) {
      const Customer& c = customers[rrng.Uniform(customers.size())];
      r->customer = c.id;
      r->nickname = c.first;
    } else {
      r->customer = 0;
      r->nickname = kGuestNames[rrng.Uniform(std::size(kGuestNames))];
    }
  };
  auto generic = [&](int64_t product, bool positive) {
    ReviewRow r;
    r.product = product;
    reviewer(&r);
    std::set<size_t> picked;
    int n = 1 + static_cast<int>(rrng.Uniform(2));
    std::string detail;
    for (int k = 0; k < n; ++k) {
      size_t i = positive ? rrng.Uniform(std::size(kPositive)) : rrng.Uniform(std::size(kNegative));
      if (!picked.insert(i).second) continue;
      detail += (detail.empty() ? "" : " ") +
                std::string(positive ? kPositive[i].text : kNegative[i].text);
    }
    r.detail = detail;
    r.title = positive ? kPositiveTitles[rrng.Uniform(std::size(kPositiveTitles))]
                       : kNegativeTitles[rrng.Uniform(std::size(kNegativeTitles))];
    r.rating = positive ? rrng.Range(4, 5) : rrng.Range(1, 2);
    r.t = rrng.Range(kReviewsFrom, kReviewsTo);
    return r;
  };
  std::set<int64_t> planted_review_products;
  for (const char* name :
       {"Antonia Racer Tank", "Circe Hooded Ice Fleece", "Chloe Compete Tank", "Zoe Tank"}) {
    auto p = product(name);
    if (!p.ok()) return p.status();
    planted_review_products.insert(*p);
  }
  for (int64_t p : reviewable) {
    if (planted_review_products.count(p) || !rrng.Bernoulli(0.6)) continue;
    int n = 1 + static_cast<int>(rrng.Uniform(3));
    for (int k = 0; k < n; ++k) reviews.push_back(generic(p, rrng.Bernoulli(0.7)));
  }
  auto plant = [&](const std::string& product_name, int64_t customer, std::string nickname,
                   std::string title, std::string detail, int64_t rating, int64_t t = 0) {
    ReviewRow r;
    r.product = by_name.at(product_name);
    r.customer = customer;
    r.nickname = std::move(nickname);
    r.title = std::move(title);
    r.detail = std::move(detail);
    r.rating = rating;
    r.t = rrng.Range(kReviewsFrom, kReviewsTo);
    if (t != 0) r.t = t;
    reviews.push_back(r);
  };
  const Customer& c9 = customers[9];
  const Customer& c10 = customers[10];
  const Customer& c11 = customers[11];
  plant("Antonia Racer Tank", c9.id, c9.first, "Gym favorite",
        "This is in regular rotation at the gym. Its colorful and looks kinda cute under my "
        "exercise tanks.",
        5);
  plant("Antonia Racer Tank", 0, "Marcy", "Cute",
        "it's very stylish for yoga or something else low impact.", 4);
  plant("Antonia Racer Tank", c10.id, c10.first, "Not for me",
        "The straps dig in and it runs small.", 2);
  plant("Circe Hooded Ice Fleece", c11.id, c11.first, "Cozy", "Warm and comfortable.", 5,
        AdminTime(2022, 11, 2, 10, 15));
  plant("Circe Hooded Ice Fleece", 0, "Joanne", "Great fit", "True to size.", 5,
        AdminTime(2022, 12, 10, 16, 40));
  plant("Chloe Compete Tank", customers[12].id, customers[12].first, "Love it",
        "Fits perfectly. The color is vibrant.", 5);
  plant("Chloe Compete Tank", 0, "Rhonda", "Happy with it", "Breathes well during workouts.", 4);
  plant("Zoe Tank", 0, "Valorie", "Cute style", "Looks great and I get compliments on the style.",
        5);
  plant("Zoe Tank", customers[13].id, customers[13].first, "Nice", "Has a flattering cut.", 4);
  // Exactly two reviews mention "best".
  plant("Overnight Duffle", customers[14].id, customers[14].first, "Gym bag",
        "The best bag I have owned for weekend trips.", 5);
  plant("Impulse Duffle", 0, "Trevor", "Roomy", "Holds everything, best purchase this year.", 5);
  std::sort(reviews.begin(), reviews.end(),
            [](const ReviewRow& a, const ReviewRow& b) { return a.t < b.t; });
  // Five pending and a dozen not approved, among the generated reviews.
  {
    std::vector<size_t> idx;
    for (size_t i = 0; i < reviews.size(); ++i) {
      if (!planted_review_products.count(reviews[i].product) &&
          reviews[i].detail.find("best") == std::string::npos) {
        idx.push_back(i);
      }
    }
    for (size_t i = idx.size(); i > 1; --i) std::swap(idx[i - 1], idx[rrng.Uniform(i)]);
    for (size_t k = 0; k < 17 && k < idx.size(); ++k) reviews[idx[k]].status = k < 5 ? 2 : 3;
  }
  for (const ReviewRow& r : reviews) {
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT INTO reviews (product_id, customer_id, nickname, title, detail, rating, status, "
        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        {r.product, r.customer == 0 ? SqlParam(nullptr) : SqlParam(r.customer), r.nickname, r.title,
         r.detail, r.rating, r.status, r.t}));
  }

  // ----- Search terms: distinct use counts at the top.
  Rng srng = root.Split("search");
  {
    std::vector<std::pair<std::string, int64_t>> top = {{"hollister", 19},
                                                        {"Joust Bag", 16},
                                                        {"nike", 14},
                                                        {"hollister shirt", 12},
                                                        {"tanks", 11},
                                                        {"hollister tee", 10},
                                                        {"WP10", 9},
                                                        {"nike shorts", 8},
                                                        {"Antonia Racer Tank", 7},
                                                        {"yoga pants", 6}};
    std::set<std::string> seen;
    for (auto& [q, n] : top) seen.insert(q);
    std::vector<std::string> more;
    for (const auto& [name, pid] : by_name) {
      if (name.find('-') == std::string::npos && srng.Bernoulli(0.12)) more.push_back(name);
    }
    for (const char* q : {"jacket", "hoodie", "capri", "bag", "watch", "shorts", "bra", "tee",
                          "running", "fleece", "duffle", "mat"}) {
      more.push_back(q);
    }
    int64_t sid = 1;
    auto results = [&](const std::string& q) -> Result<int64_t> {
      return db.QueryInt(
          "SELECT COUNT(*) FROM products WHERE visibility != 'Not Visible "
          "Individually' AND name LIKE '%' || ? || '%'",
          {q});
    };
    for (auto& [q, n] : top) {
      auto r = results(q);
      if (!r.ok()) return r.status();
      WA_RETURN_IF_ERROR(db.Run("INSERT INTO search_terms VALUES (?, ?, ?, ?, ?)",
                                {sid++, q, *r, n, AdminTime(2023, 5, 1) + srng.Range(0, 2500000)}));
    }
    for (const std::string& q : more) {
      if (!seen.insert(q).second) continue;
      auto r = results(q);
      if (!r.ok()) return r.status();
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO search_terms VALUES (?, ?, ?, ?, ?)",
          {sid++, q, *r, srng.Range(1, 5), AdminTime(2022, 6, 1) + srng.Range(0, 30000000)}));
    }
  }

  // ----- CMS pages and themes.
  struct Page {
    const char* title;
    const char* identifier;
    const char* heading;
    const char* content;
    const char* layout;
  };
  const Page kPages[] = {
      {"404 Not Found", "no-route", "Whoops, our bad...",
       "The page you requested was not found, and we have a fine guess why.",
       "2 columns with right bar"},
      {"Home Page", "home", "", "Welcome to the Luma store. New arrivals every week.", "1 column"},
      {"Enable Cookies", "enable-cookies", "What are Cookies?",
       "Cookies are short pieces of data that are sent to your computer when you visit a website.",
       "1 column"},
      {"Privacy and Cookie Policy", "privacy-policy-cookie-restriction-mode",
       "Privacy and Cookie Policy",
       "This privacy policy sets out how this website uses and "
       "protects any information that you give us.",
       "1 column"},
      {"About us", "about-us", "About us", "Luma makes apparel and gear for an active life.",
       "1 column"},
      {"Customer Service", "customer-service", "Customer Service",
       "Questions about an order? Our team answers within one business day.", "1 column"},
  };
  int64_t pid = 1;
  for (const Page& p : kPages) {
    WA_RETURN_IF_ERROR(
        db.Run("INSERT INTO cms_pages VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)",
               {pid++, p.title, p.identifier, p.heading, p.content, p.layout, kCreated, kCreated}));
  }
  WA_RETURN_IF_ERROR(
      db.Run("INSERT INTO themes VALUES (1, 'Magento Blank', 'Magento/blank', NULL)"));
  WA_RETURN_IF_ERROR(db.Run("INSERT INTO themes VALUES (2, 'Magento Luma', 'Magento/luma', 1)"));
  return Status::Ok();
}

}  // namespace wa
