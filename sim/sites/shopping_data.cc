#include "sim/sites/shopping_data.h"

#include <cctype>
#include <cmath>
#include <map>
#include <vector>

#include "sim/rng.h"

namespace wa {

const std::string_view kShoppingSchema = R"sql(
CREATE TABLE categories (id INTEGER PRIMARY KEY, parent_id INTEGER, name TEXT NOT NULL,
                         url_path TEXT NOT NULL UNIQUE, level INTEGER NOT NULL, position INTEGER);
CREATE TABLE products (id INTEGER PRIMARY KEY, sku TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
                       url_key TEXT NOT NULL UNIQUE, brand TEXT NOT NULL, price REAL NOT NULL,
                       special_price REAL, category_id INTEGER NOT NULL, description TEXT NOT NULL,
                       options TEXT NOT NULL, qty INTEGER NOT NULL, created_at INTEGER NOT NULL,
                       review_count INTEGER NOT NULL DEFAULT 0, rating REAL NOT NULL DEFAULT 0);
CREATE TABLE product_categories (product_id INTEGER NOT NULL, category_id INTEGER NOT NULL,
                                 PRIMARY KEY (product_id, category_id));
CREATE INDEX product_categories_by_category ON product_categories (category_id);
CREATE TABLE reviews (id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL, nickname TEXT NOT NULL,
                      summary TEXT NOT NULL, body TEXT NOT NULL, rating INTEGER NOT NULL,
                      created_at INTEGER NOT NULL, customer_id INTEGER,
                      status TEXT NOT NULL DEFAULT 'approved');
CREATE INDEX reviews_by_product ON reviews (product_id);
CREATE TABLE customers (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, password TEXT NOT NULL,
                        firstname TEXT NOT NULL, lastname TEXT NOT NULL, newsletter INTEGER NOT NULL);
CREATE TABLE addresses (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, firstname TEXT,
                        lastname TEXT, street TEXT, city TEXT, region TEXT, postcode TEXT,
                        country TEXT, telephone TEXT, default_billing INTEGER NOT NULL,
                        default_shipping INTEGER NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, increment_id TEXT NOT NULL UNIQUE,
                     customer_id INTEGER NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL,
                     subtotal REAL NOT NULL, shipping REAL NOT NULL, discount REAL NOT NULL,
                     grand_total REAL NOT NULL, shipping_address TEXT NOT NULL,
                     billing_address TEXT NOT NULL, shipping_method TEXT NOT NULL,
                     payment_method TEXT NOT NULL);
CREATE INDEX orders_by_customer ON orders (customer_id, created_at);
CREATE TABLE order_items (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL,
                          product_id INTEGER NOT NULL, name TEXT NOT NULL, sku TEXT NOT NULL,
                          price REAL NOT NULL, qty INTEGER NOT NULL, options TEXT NOT NULL);
CREATE INDEX order_items_by_order ON order_items (order_id);
CREATE TABLE wishlist_items (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL,
                             product_id INTEGER NOT NULL, qty INTEGER NOT NULL,
                             added_at INTEGER NOT NULL);
CREATE TABLE compare_items (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL,
                            product_id INTEGER NOT NULL, added_at INTEGER NOT NULL);
CREATE TABLE cart_items (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL,
                         product_id INTEGER NOT NULL, qty INTEGER NOT NULL, options TEXT NOT NULL);
CREATE TABLE contact_messages (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL,
                               telephone TEXT NOT NULL, comment TEXT NOT NULL,
                               created_at INTEGER NOT NULL);
CREATE TABLE store_config (key TEXT PRIMARY KEY, value TEXT NOT NULL);
)sql";

std::string Slugify(std::string_view name) {
  std::string out;
  bool dash = false;
  for (unsigned char c : name) {
    if (std::isalnum(c)) {
      if (dash && !out.empty()) out += '-';
      out += static_cast<char>(std::tolower(c));
      dash = false;
    } else if (c != '\'' && c != '.') {
      dash = true;
    }
  }
  return out;
}

std::vector<std::string> SearchWords(std::string_view query) {
  std::vector<std::string> words;
  std::string w;
  for (char c : std::string(query) + " ") {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!w.empty()) {
      words.push_back(w);
      w.clear();
    }
  }
  return words;
}

Result<std::vector<SearchHit>> SearchCatalog(Db& db, std::string_view query) {
  std::map<int64_t, SearchHit> found;
  for (const std::string& word : SearchWords(query)) {
    std::string like = "%" + word + "%";
    Status st = db.Query(
        "SELECT id, lower(name), COALESCE(special_price, price) FROM products WHERE name LIKE ? "
        "OR description LIKE ? ORDER BY id",
        {like, like}, [&](const Row& r) {
          double score = r.Text(1).find(word) != std::string::npos ? 2.0 : 1.0;
          auto it = found.find(r.Int(0));
          if (it == found.end()) {
            found.emplace(r.Int(0), SearchHit{r.Int(0), score, r.Real(2)});
          } else {
            it->second.relevance += score;
          }
        });
    if (!st.ok()) return st;
  }
  std::vector<SearchHit> out;
  for (const auto& [id, hit] : found) out.push_back(hit);
  return out;
}

namespace {

// A leaf category and how to make products for it.
struct Leaf {
  const char* top;
  const char* mid;
  const char* leaf;
  std::vector<const char*> nouns;
  std::vector<const char*> brands;
  double min_price, max_price;
  std::vector<const char*> aspects;  // review aspects
  const char* option;                // "Color", "Size", "Pack" or ""
};

const std::vector<Leaf>& Leaves() {
  static const std::vector<Leaf>* kLeaves = new std::vector<Leaf>{
      {"Beauty & Personal Care",
       "Oral Care",
       "Mouth Guards",
       {"Teeth Grinding Mouth Guard", "Night Guard for Bruxism", "Dental Guard",
        "Sports Mouth Guard"},
       {"DenTek", "Plackers", "SmileGuard", "GrindShield"},
       1.46,
       85.0,
       {"comfort", "fit", "durability", "thickness"},
       "Size"},
      {"Beauty & Personal Care",
       "Oral Care",
       "Toothbrushes",
       {"Electric Toothbrush", "Bamboo Toothbrush", "Toothbrush Heads"},
       {"Oral-B", "Philips", "Colgate"},
       3.0,
       120.0,
       {"battery life", "bristles", "cleaning"},
       "Pack"},
      {"Beauty & Personal Care",
       "Skin Care",
       "Body",
       {"Body Butter", "Body Lotion", "Body Scrub", "Hand Cream"},
       {"The Body Shop", "Palmer's", "Nivea", "Burt's Bees"},
       4.0,
       45.0,
       {"scent", "texture", "moisture", "absorption"},
       "Size"},
      {"Beauty & Personal Care",
       "Makeup",
       "Makeup Remover",
       {"Makeup Removal Kit", "Micellar Cleansing Water", "Makeup Remover Pads"},
       {"Neutrogena", "Garnier", "Bioderma"},
       5.0,
       40.0,
       {"gentleness", "effectiveness", "scent"},
       "Pack"},
      {"Beauty & Personal Care",
       "Makeup",
       "Brushes & Tools",
       {"Makeup Brush Set", "Beauty Sponge", "Eyelash Curler"},
       {"Real Techniques", "EcoTools", "BS-MALL"},
       4.0,
       60.0,
       {"softness", "shedding", "quality"},
       "Color"},
      {"Sports & Outdoors",
       "Exercise & Fitness",
       "Yoga",
       {"Yoga Mat", "Yoga Block", "Yoga Strap"},
       {"Gaiam", "Manduka", "BalanceFrom"},
       8.0,
       110.0,
       {"grip", "thickness", "smell"},
       "Color"},
      {"Sports & Outdoors",
       "Outdoor Recreation",
       "Camping & Hiking",
       {"Camping Tent", "Sleeping Bag", "Hiking Backpack", "Headlamp"},
       {"Coleman", "Teton", "Black Diamond"},
       12.0,
       350.0,
       {"weight", "warmth", "durability"},
       "Color"},
      {"Clothing, Shoes & Jewelry",
       "Men",
       "Shoes",
       {"Running Shoes", "Leather Loafers", "Canvas Sneakers", "Hiking Boots", "Slip-On Shoes"},
       {"Nike", "Skechers", "Clarks", "New Balance", "Vans"},
       12.0,
       160.0,
       {"comfort", "fit", "sole", "style"},
       "Size"},
      {"Clothing, Shoes & Jewelry",
       "Men",
       "Clothing",
       {"Cotton T-Shirt", "Denim Jacket", "Chino Pants"},
       {"Hanes", "Levi's", "Dockers"},
       8.0,
       90.0,
       {"fabric", "fit", "color"},
       "Size"},
      {"Clothing, Shoes & Jewelry",
       "Women",
       "Shoes",
       {"Ballet Flats", "Ankle Boots", "Walking Sneakers"},
       {"Dr. Scholl's", "Steve Madden", "Crocs"},
       14.0,
       140.0,
       {"comfort", "fit", "style"},
       "Size"},
      {"Clothing, Shoes & Jewelry",
       "Sport Specific Clothing",
       "Competitive Swimwear",
       {"Racing Swimsuit", "Jammer Swim Shorts", "Training Swim Brief"},
       {"Speedo", "TYR", "Arena"},
       18.0,
       320.0,
       {"fit", "chlorine resistance", "drag"},
       "Size"},
      {"Home & Kitchen",
       "Furniture",
       "Living Room Furniture",
       {"Sofa Couch", "Coffee Table", "TV Stand", "Accent Chair", "Bookshelf"},
       {"Zinus", "Walker Edison", "Christopher Knight Home", "Furinno"},
       35.0,
       900.0,
       {"assembly", "sturdiness", "comfort", "finish"},
       "Color"},
      {"Home & Kitchen",
       "Furniture",
       "Home Office Furniture",
       {"Writing Desk", "Computer Desk", "Office Chair", "Standing Desk", "Folding Chairs"},
       {"Sauder", "Flash Furniture", "SHW", "Amazon Basics"},
       25.0,
       450.0,
       {"assembly", "sturdiness", "size"},
       "Color"},
      {"Home & Kitchen",
       "Home Decor",
       "Candles & Holders",
       {"Taper Candles", "Scented Candle", "Candle Holder Set", "Tea Light Candles"},
       {"Yankee Candle", "SPAAS", "CandleNScent"},
       6.0,
       55.0,
       {"burn time", "scent", "dripping"},
       "Pack"},
      {"Home & Kitchen",
       "Home Decor",
       "Artificial Plants",
       {"Artificial Plants", "Faux Succulents", "Hanging Ivy Vines"},
       {"Nearly Natural", "Fake Plants Co", "CEWOR"},
       8.0,
       75.0,
       {"realism", "color", "size"},
       "Color"},
      {"Electronics",
       "Home Audio",
       "Speakers",
       {"Bluetooth Speaker", "Bookshelf Speakers", "Soundbar"},
       {"JBL", "Bose", "Anker", "Sony"},
       20.0,
       400.0,
       {"sound quality", "bass", "battery life", "connectivity"},
       "Color"},
      {"Electronics",
       "Computers & Accessories",
       "Printers",
       {"Inkjet Printer", "Laser Printer", "Photo Printer"},
       {"HP", "Canon", "Epson", "Brother"},
       50.0,
       400.0,
       {"print quality", "wireless connection", "ink usage", "setup"},
       ""},
      {"Electronics",
       "Smart Home",
       "Smart Speakers",
       {"Smart Speaker", "Smart Display", "Smart Plug"},
       {"Amazon", "Google", "TP-Link"},
       10.0,
       250.0,
       {"voice recognition", "sound", "setup"},
       "Color"},
      {"Cell Phones & Accessories",
       "Accessories",
       "Screen Protectors",
       {"Tempered Glass Screen Protector", "Privacy Screen Protector", "Camera Lens Protector"},
       {"Nearpow", "amFilm", "ZAGG", "Spigen"},
       4.0,
       30.0,
       {"fingerprint resistance", "clarity", "installation", "durability"},
       "Pack"},
      {"Cell Phones & Accessories",
       "Accessories",
       "Cables & Adapters",
       {"Lightning Cable", "USB-C Cable", "Lightning to 3.5mm Adapter", "Car Charger"},
       {"Ugreen", "Anker", "Belkin", "AUKEY"},
       5.0,
       40.0,
       {"durability", "charging speed", "fit"},
       "Pack"},
      {"Cell Phones & Accessories",
       "Cases, Holsters & Sleeves",
       "Basic Cases",
       {"Phone Case", "Wallet Phone Case", "Clear Phone Case", "Glitter Phone Case"},
       {"OtterBox", "Spigen", "Caseology", "Smartish"},
       5.0,
       50.0,
       {"quality", "protection", "fit", "look"},
       "Color"},
      {"Video Games",
       "Nintendo Switch",
       "Accessories",
       {"Game Card Holder", "Carrying Case", "Screen Protector for Switch", "Joy-Con Grips"},
       {"Orzly", "HORI", "PowerA", "Younik"},
       6.0,
       60.0,
       {"capacity", "protection", "build"},
       "Color"},
      {"Video Games",
       "Xbox Series X & S",
       "Controllers",
       {"Wireless Controller", "Controller Charging Dock", "Controller Skin"},
       {"Microsoft", "PowerA", "PDP"},
       15.0,
       180.0,
       {"battery life", "buttons", "grip"},
       "Color"},
      {"Grocery & Gourmet Food",
       "Meat Substitutes",
       "Plant-Based Jerky",
       {"Vegan Jerky", "Plant-Based Jerky", "Mushroom Jerky"},
       {"Louisville Vegan Jerky", "Primal", "Pan's"},
       4.0,
       210.0,
       {"taste", "texture", "spice"},
       "Pack"},
      {"Grocery & Gourmet Food",
       "Meat Substitutes",
       "Meatless Burgers",
       {"Veggie Burger Patties", "Meatless Crumbles", "Plant-Based Sausages"},
       {"Beyond Meat", "MorningStar Farms", "Boca"},
       5.0,
       190.0,
       {"taste", "texture", "price"},
       "Pack"},
      {"Grocery & Gourmet Food",
       "Beverages",
       "Tea",
       {"Loose Leaf Tea", "Herbal Tea Bags", "Fruit Infusion"},
       {"Elmwood Inn", "Twinings", "Tazo"},
       4.0,
       40.0,
       {"flavor", "aroma", "freshness"},
       "Pack"},
      {"Grocery & Gourmet Food",
       "Snacks",
       "Cookies",
       {"Chocolate Chip Cookies", "Shortbread Cookies", "Oatmeal Cookies"},
       {"Pepperidge Farm", "Walkers", "Tate's"},
       3.0,
       30.0,
       {"taste", "freshness", "packaging"},
       "Pack"},
      {"Patio, Lawn & Garden",
       "Gardening",
       "Plants, Seeds & Bulbs",
       {"Flower Bulbs", "Orchid Roots", "Vegetable Seeds", "Herb Garden Kit"},
       {"Burpee", "Discount Hawaiian Gifts", "Gardens Alive"},
       3.0,
       45.0,
       {"germination", "packaging", "growth"},
       "Pack"},
  };
  return *kLeaves;
}

// Named products the published intents mention: {leaf index, name, url_key, sku, price, brand}.
struct Named {
  int leaf;
  const char* name;
  const char* url_key;  // empty: slug of the name
  const char* sku;
  double price;
  const char* brand;
};

const std::vector<Named>& NamedProducts() {
  static const std::vector<Named>* kNamed = new std::vector<Named>{
      {18,
       "3 Pack Samsung Galaxy S6 Screen Protector, Nearpow [Tempered Glass] Screen Protector with "
       "[9H Hardness] [Crystal Clear] [Easy Bubble-Free Installation] [Scratch Resist]",
       "3-pack-samsung-galaxy-s6-screen-protector-nearpow-tempered-glass-screen-protector-with-9h-"
       "hardness-crystal-clear-easy-bubble-free-installation-scratch-resist",
       "B01BQRP7GS", 7.99, "Nearpow"},
      {16, "Photosmart Plus B209 Clr InkJetFB P/S/C USB WRLS-1",
       "photosmart-plus-b209-clr-inkjetfb-p-s-c-usb-wrls-1", "B003KZG5N4", 119.0, "HP"},
      {21,
       "Game Card Holder Storage Case for Nintendo Switch Games or PS Vita Game Case or SD Memory "
       "Cards, Black",
       "game-card-holder-storage-case-for-nintendo-switch-games-or-ps-vita-game-case-or-sd-memory-"
       "cards-black",
       "B07P5K8J6G", 6.99, "Younik"},
      {22,
       "Microsoft Xbox Controller Carbon Black for Series X, Series S, Xbox One, Windows 10, "
       "Android, iOS Bundled with Dual Port Charging Dock, Xbox Controller Skin Voucher, Premgear "
       "Cloth",
       "microsoft-xbox-controller-carbon-black-for-series-x-series-s-xbox-one-windows-10-android-"
       "ios-bundled-with-dual-port-charging-dock-xbox-controller-skin-voucher-premgear-cloth",
       "B09QN3X8ZQ", 74.99, "Microsoft"},
      {27, "Hawaiian Bamboo Orchid Roots #zc50 - by Discount Hawaiian Gifts", "", "B00CHQMKYS",
       9.99, "Discount Hawaiian Gifts"},
      {25, "Elmwood Inn Fine Teas, Orange Vanilla Caffeine-free Fruit Infusion, 16-Ounce Pouch",
       "elmwood-inn-fine-teas-orange-vanilla-caffeine-free-fruit-infusion-16-ounce-pouch",
       "B0058Q1K9E", 19.99, "Elmwood Inn"},
      {13,
       "Tall Pink Taper Candles 4 Piece Orange Colored Tapered Candles Gradient Candles 10.6 "
       "inches Tall Tie Dye Candle Set Large Dripless Long Burning Candlesticks Two Color Taper "
       "Candles Candlesticks",
       "tall-pink-taper-candles-4-piece-orange-colored-tapered-candles-gradient-candles-10-6-"
       "inches-tall-tie-dye-candle-set-large-dripless-long-burning-candlesticks-two-color-taper-"
       "candles-candlesticks",
       "B09BVW1MQ4", 13.99, "CandleNScent"},
      {13,
       "SPAAS White Taper Candles - 4 Pack |10 Inch Tall Candles, Scent-Free Premium Wax Candle "
       "Sticks| 8 Hour Long Burning White Candlesticks for Home Decoration, Wedding, Holiday and "
       "Parties",
       "spaas-white-taper-candles-4-pack-10-inch-tall-candles-scent-free-premium-wax-candle-sticks-"
       "8-hour-long-burning-white-candlesticks-for-home-decoration-wedding-holiday-and-parties",
       "B08TVXM4SX", 5.99, "SPAAS"},
      {13,
       "White Starfish Wall Candle Sconces Set of 2 Beach Decor Ocean Themed Wall Mount "
       "Candleholders Nautical Style Beach Bathroom Decor Coastal Farmhouse Seashell Candle "
       "Holders",
       "white-starfish-wall-candle-sconces-set-of-2-beach-decor-ocean-themed-wall-mount-"
       "candleholders-nautical-style-beach-bathroom-decor-coastal-farmhouse-seashell-candle-"
       "holders",
       "B08CDM9W5B", 21.99, "CandleNScent"},
      {19, "Ugreen Lightning to 3.5mm Headphone Jack Adapter, MFi Certified", "", "B08R5YG5BR",
       15.99, "Ugreen"},
      {17, "Echo Dot (3rd Gen) - Smart speaker with Alexa - Charcoal", "", "B07FZ8S74R", 39.99,
       "Amazon"},
      {12, "Bestier White Desk with Drawers, 47 inch Computer Writing Desk", "", "B08B5T2Z8J",
       129.99, "Bestier"},
      {20, "EYZUTAK Phone Case for iPhone 12 Pro Max, Clear Glitter Bling Case", "", "B08L8KC7VP",
       9.99, "EYZUTAK"},
      {20, "EYZUTAK Phone Case for iPhone 11, Marble Pattern Slim Cover", "", "B07XKJY7JZ", 9.99,
       "EYZUTAK"},
      {20, "EYZUTAK Magnetic Wallet Phone Case for Samsung Galaxy S21", "", "B08V1T9K4M", 12.99,
       "EYZUTAK"},
      {20, "EYZUTAK Shockproof Phone Case for iPhone 13, Transparent Bumper", "", "B09G9FPHY6",
       15.99, "EYZUTAK"},
  };
  return *kNamed;
}

const char* kFirstNames[] = {"Rachel", "Lisa",  "Evelyn", "Amanda", "Serena", "Michael", "David",
                             "Sarah",  "James", "Maria",  "Kevin",  "Nina",   "Omar",    "Priya",
                             "Tom",    "Grace", "Liam",   "Chloe",  "Victor", "Hannah"};
const char* kNickSuffix[] = {"", " K.", " Lee", " M.", "123", " from Ohio", "_reviews", " T."};

}  // namespace

bool IsPositiveSentence(std::string_view sentence) {
  for (const char* g : {"is excellent", "is great", "works perfectly", "exceeded my expectations",
                        "is really good"}) {
    if (sentence.find(g) != std::string_view::npos) return true;
  }
  return false;
}

namespace {

const char* kGood[] = {"is excellent", "is great", "works perfectly", "exceeded my expectations",
                       "is really good"};
const char* kBad[] = {"is poor", "is disappointing", "stopped working after a week", "is terrible",
                      "could be much better"};

std::string Sentence(const std::string& aspect, bool good, Rng& rng) {
  return "The " + aspect + " " + (good ? kGood[rng.Uniform(5)] : kBad[rng.Uniform(5)]) + ".";
}

}  // namespace

Status PopulateShopping(Db& db, uint64_t seed) {
  Rng rng(seed ^ 0x5a5a5a5aULL);
  // Store settings. The published intent asks for a customer-service number the store does not
  // show (reference "N/A"), so no phone number is configured.
  WA_RETURN_IF_ERROR(db.Run("INSERT INTO store_config VALUES ('name', 'One Stop Market')"));
  WA_RETURN_IF_ERROR(
      db.Run("INSERT INTO store_config VALUES ('email', 'support@onestopmarket.com')"));

  // Categories: top, mid and leaf levels with Magento URL paths.
  std::map<std::string, int64_t> cat_ids;
  std::vector<std::vector<int64_t>> leaf_chain;  // per leaf: {top, mid, leaf}
  int position = 0;
  auto category = [&](int64_t parent, const std::string& name, const std::string& path,
                      int level) -> Result<int64_t> {
    auto it = cat_ids.find(path);
    if (it != cat_ids.end()) return it->second;
    Status st = db.Run(
        "INSERT INTO categories (parent_id, name, url_path, level, position) "
        "VALUES (?, ?, ?, ?, ?)",
        {parent, name, path, level, ++position});
    if (!st.ok()) return st;
    cat_ids[path] = db.LastInsertRowId();
    return db.LastInsertRowId();
  };
  for (const Leaf& l : Leaves()) {
    std::string top_path = Slugify(l.top);
    std::string mid_path = top_path + "/" + Slugify(l.mid);
    std::string leaf_path = mid_path + "/" + Slugify(l.leaf);
    auto top = category(0, l.top, top_path, 1);
    if (!top.ok()) return top.status();
    auto mid = category(*top, l.mid, mid_path, 2);
    if (!mid.ok()) return mid.status();
    auto leaf = category(*mid, l.leaf, leaf_path, 3);
    if (!leaf.ok()) return leaf.status();
    leaf_chain.push_back({*top, *mid, *leaf});
  }

  // Products.
  const int64_t kT0 = 1577836800;  // 2020-01-01
  int64_t next_sku = 1000000;
  auto add_product = [&](size_t leaf_index, const std::string& name, std::string url_key,
                         const std::string& sku, double price, const std::string& brand,
                         Rng& r) -> Result<int64_t> {
    const Leaf& l = Leaves()[leaf_index];
    if (url_key.empty()) url_key = Slugify(name);
    // URL keys are unique: suffix a counter on collision.
    auto exists = db.QueryInt("SELECT COUNT(*) FROM products WHERE url_key = ?", {url_key});
    if (!exists.ok()) return exists.status();
    if (*exists > 0) url_key += "-" + std::to_string(next_sku);
    double special = 0;
    bool has_special = r.Bernoulli(0.0);  // no specials: "find discounted items" is N/A upstream
    std::string options;
    if (std::string_view(l.option) == "Color") {
      static const char* kColors[] = {"Black", "White", "Blue", "Red", "Green", "Pink"};
      options = std::string("Color: ") + kColors[r.Uniform(6)] + ", " + kColors[r.Uniform(6)];
    } else if (std::string_view(l.option) == "Size") {
      options = "Size: S, M, L, XL";
    } else if (std::string_view(l.option) == "Pack") {
      options = "Pack: 1, 2, 4";
    }
    std::string desc = "The " + name + " by " + brand + ". A popular choice in " + l.leaf + ".";
    if (name.find("Game Card Holder") != std::string::npos ||
        name.find("Game Card") != std::string::npos) {
      static const int kCapacities[] = {8, 12, 16, 24, 40, 72};
      int cap = name.find("Nintendo Switch Games or PS Vita") != std::string::npos
                    ? 40
                    : kCapacities[r.Uniform(6)];
      desc += " Holds " + std::to_string(cap) + " game cards.";
    }
    Status st = db.Run(
        "INSERT INTO products (sku, name, url_key, brand, price, special_price, category_id, "
        "description, options, qty, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        {sku, name, url_key, brand, price, has_special ? SqlParam(special) : SqlParam(nullptr),
         leaf_chain[leaf_index][2], desc, options, r.Range(0, 200),
         kT0 + static_cast<int64_t>(r.Uniform(3 * 365 * 86400))});
    if (!st.ok()) return st;
    int64_t id = db.LastInsertRowId();
    for (int64_t cat : leaf_chain[leaf_index]) {
      WA_RETURN_IF_ERROR(db.Run("INSERT INTO product_categories VALUES (?, ?)", {id, cat}));
    }
    return id;
  };
  for (const Named& n : NamedProducts()) {
    auto id =
        add_product(static_cast<size_t>(n.leaf), n.name, n.url_key, n.sku, n.price, n.brand, rng);
    if (!id.ok()) return id.status();
  }
  // Generated products: round-robin over leaves until 2,100.
  static const char* kAdjectives[] = {"Premium",  "Classic",    "Compact",     "Deluxe",
                                      "Portable", "Heavy Duty", "Lightweight", "Eco-Friendly",
                                      "Vintage",  "Modern",     "Ultra",       "Essential"};
  for (int i = 0; i < 2100; ++i) {
    size_t li = static_cast<size_t>(i) % Leaves().size();
    const Leaf& l = Leaves()[li];
    std::string brand = l.brands[rng.Uniform(l.brands.size())];
    std::string noun = l.nouns[rng.Uniform(l.nouns.size())];
    std::string name =
        brand + " " + kAdjectives[rng.Uniform(12)] + " " + noun + " " + std::to_string(100 + i);
    double lo = l.min_price, hi = l.max_price;
    double price = std::round((lo + (hi - lo) * std::pow(rng.UniformDouble(), 2.0)) * 100) / 100;
    if (i < static_cast<int>(Leaves().size())) price = lo;  // each leaf's cheapest is its minimum
    if (i >= static_cast<int>(Leaves().size()) && i < 2 * static_cast<int>(Leaves().size())) {
      price = hi;  // and its most expensive its maximum
    }
    auto id = add_product(li, name, "", "B0" + std::to_string(next_sku++), price, brand, rng);
    if (!id.ok()) return id.status();
  }

  // Reviews: 2-4 per product from aspects and sentiments.
  std::vector<std::pair<int64_t, size_t>> products;
  WA_RETURN_IF_ERROR(db.Query(
      "SELECT p.id, p.category_id FROM products p ORDER BY p.id", {},
      [&](const Row& r) { products.emplace_back(r.Int(0), static_cast<size_t>(r.Int(1))); }));
  std::map<int64_t, size_t> leaf_of_category;
  for (size_t i = 0; i < leaf_chain.size(); ++i) leaf_of_category[leaf_chain[i][2]] = i;
  for (const auto& [pid, cat] : products) {
    if (pid >= 13 && pid <= 16) continue;  // the EYZUTAK cases carry only planted reviews
    const Leaf& l = Leaves()[leaf_of_category[static_cast<int64_t>(cat)]];
    int n = static_cast<int>(rng.Range(2, 4));
    for (int k = 0; k < n; ++k) {
      int rating = static_cast<int>(rng.Range(1, 5));
      bool good = rating >= 4 || (rating == 3 && rng.Bernoulli(0.5));
      std::string aspect = l.aspects[rng.Uniform(l.aspects.size())];
      std::string other = l.aspects[rng.Uniform(l.aspects.size())];
      std::string body = Sentence(aspect, good, rng);
      if (other != aspect) body += " " + Sentence(other, rating >= 3, rng);
      std::string summary = good ? "Worth it" : "Not happy";
      std::string nick = std::string(kFirstNames[rng.Uniform(20)]) + kNickSuffix[rng.Uniform(8)];
      WA_RETURN_IF_ERROR(
          db.Run("INSERT INTO reviews (product_id, nickname, summary, body, rating, created_at) "
                 "VALUES (?, ?, ?, ?, ?, ?)",
                 {pid, nick, summary, body, rating,
                  1609459200 + static_cast<int64_t>(rng.Uniform(2 * 365 * 86400))}));
    }
  }

  // Reviews the published questions are about (products 1, 2 and 11 are named products).
  struct Planted {
    int64_t product;
    const char* nickname;
    const char* body;
    int rating;
  };
  static const Planted kPlanted[] = {
      {1, "Rachel", "The fingerprint resistance is excellent. The clarity works perfectly.", 5},
      {1, "T. Gannon", "The fingerprint resistance is great.", 4},
      {1, "Dan", "The installation is disappointing. The durability is poor.", 2},
      {2, "Lisa Lee", "The wireless connection is poor. The ink usage is terrible.", 2},
      {2, "Michael K.", "The print quality is great.", 4},
      {2, "Evelyn", "The setup could be much better.", 2},
      {11, "Serena", "The voice recognition is excellent.", 5},
      {11, "BlessedGirl", "The sound is really good.", 5},
      {11, "Amazon Customer", "The setup stopped working after a week.", 1},
      {13, "Lisa Lee", "The quality is poor. The look is great.", 2},
      {13, "MH", "The protection is excellent.", 5},
      {14, "Evelyn Kurver", "The quality is terrible.", 1},
      {14, "Misba009", "The fit works perfectly.", 5},
      {15, "Amanda", "The quality is disappointing. The fit is great.", 4},
      {15, "Amazon Customer", "The look is really good.", 5},
      {16, "N Randall", "The quality could be much better.", 2},
      {16, "Cally", "The protection exceeded my expectations.", 4},
      {16, "Bethany Robertson", "The look is excellent.", 5},
  };
  {
    std::vector<int64_t> shoes;
    WA_RETURN_IF_ERROR(db.Query(
        "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id WHERE c.url_path = "
        "'clothing-shoes-jewelry/men/shoes' ORDER BY p.id LIMIT 3",
        {}, [&](const Row& r) { shoes.push_back(r.Int(0)); }));
    static const char* kNicks[] = {"Jordan", "Pat", "Sam", "Alex", "Robin", "Casey"};
    for (size_t k = 0; k < shoes.size(); ++k) {
      for (int j = 0; j < 6; ++j) {
        int rating = static_cast<int>(k == 1 ? 5 : 3 + (j % 2));
        WA_RETURN_IF_ERROR(
            db.Run("INSERT INTO reviews (product_id, nickname, summary, body, rating, created_at) "
                   "VALUES (?, ?, 'Worth it', 'The comfort is great.', ?, 1650000000)",
                   {shoes[k], kNicks[j], rating}));
      }
    }
  }
  for (const Planted& p : kPlanted) {
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT INTO reviews (product_id, nickname, summary, body, rating, created_at) VALUES "
        "(?, ?, ?, ?, ?, ?)",
        {p.product, p.nickname, p.rating >= 4 ? "Worth it" : "Not happy", p.body, p.rating,
         1640995200}));
  }
  WA_RETURN_IF_ERROR(db.Run(
      "UPDATE products SET review_count = (SELECT COUNT(*) FROM reviews r WHERE r.product_id = "
      "products.id), rating = (SELECT COALESCE(AVG(rating), 0) FROM reviews r WHERE "
      "r.product_id = products.id)"));

  // The customer and her addresses.
  WA_RETURN_IF_ERROR(
      db.Run("INSERT INTO customers VALUES (1, 'emma.lopez@gmail.com', "
             "'Password.123', 'Emma', 'Lopez', 0)"));
  const std::string kAddress =
      "Emma Lopez\n101 S San Mateo Dr\nSan Mateo, California, 94010\n"
      "United States\nT: 6505551212";
  WA_RETURN_IF_ERROR(db.Run(
      "INSERT INTO addresses (customer_id, firstname, lastname, street, city, region, postcode, "
      "country, telephone, default_billing, default_shipping) VALUES (1, 'Emma', 'Lopez', "
      "'101 S San Mateo Dr', 'San Mateo', 'California', '94010', 'United States', '6505551212', "
      "1, 1)"));

  // Orders: 2021-2023, every status; the most recent one is canceled.
  static const char* kStatuses[] = {"complete", "complete",   "complete", "canceled",
                                    "pending",  "processing", "on hold"};
  const int kOrders = 190;
  int64_t t = 1614643200;  // 2021-03-02
  for (int i = 1; i <= kOrders; ++i) {
    // 3-5.5 days apart: 190 orders span March 2021 to May 2023, before the episodes' clock
    // (June 2023), so orders placed during an episode are the newest.
    t += static_cast<int64_t>(3 * 86400 + rng.Uniform(60 * 3600));
    if (t > 1685000000) t = 1685000000 - static_cast<int64_t>(kOrders - i) * 3600;
    std::string status = kStatuses[rng.Uniform(7)];
    if (i == kOrders) status = "canceled";
    int items = static_cast<int>(rng.Range(1, 4));
    std::vector<std::pair<int64_t, int64_t>> lines;
    for (int k = 0; k < items; ++k) {
      int64_t pid = products[rng.Uniform(products.size())].first;
      int64_t qty = rng.Range(1, 3);
      lines.emplace_back(pid, qty);
    }
    std::string inc = std::to_string(i);
    inc = std::string(9 - inc.size(), '0') + inc;
    double shipping = 5.0 * static_cast<double>(items);
    double discount = rng.Bernoulli(0.2) ? -std::round(rng.Range(100, 2000)) / 100.0 : 0.0;
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT INTO orders (id, increment_id, customer_id, status, created_at, subtotal, "
        "shipping, discount, grand_total, shipping_address, billing_address, shipping_method, "
        "payment_method) VALUES (?, ?, 1, ?, ?, 0, ?, ?, 0, ?, ?, 'Flat Rate - Fixed', "
        "'Check / Money order')",
        {i, inc, status, t, shipping, discount, kAddress, kAddress}));
    for (const auto& [pid, qty] : lines) {
      WA_RETURN_IF_ERROR(
          db.Run("INSERT INTO order_items (order_id, product_id, name, sku, price, qty, options) "
                 "SELECT ?, id, name, sku, price, ?, options FROM products WHERE id = ?",
                 {i, qty, pid}));
    }
  }
  // An ordered item records the option chosen (the first offered), e.g. "Color: Green".
  WA_RETURN_IF_ERROR(
      db.Run("UPDATE order_items SET options = substr(options, 1, instr(options, ',') - 1) "
             "WHERE instr(options, ',') > 0"));
  // Purchases the published questions are about.
  auto plant = [&](int64_t order, const char* product_like, const char* status) -> Status {
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT INTO order_items (order_id, product_id, name, sku, price, qty, options) "
        "SELECT ?, id, name, sku, price, 1, substr(options, 1, CASE WHEN instr(options, ',') > 0 "
        "THEN instr(options, ',') - 1 ELSE length(options) END) FROM products WHERE name LIKE ? "
        "ORDER BY id LIMIT 1",
        {order, product_like}));
    if (status != nullptr) {
      WA_RETURN_IF_ERROR(db.Run("UPDATE orders SET status = ? WHERE id = ?", {status, order}));
    }
    return Status::Ok();
  };
  auto order_near = [&](int64_t when) {
    return db.QueryInt("SELECT id FROM orders ORDER BY abs(created_at - ?) LIMIT 1", {when});
  };
  WA_RETURN_IF_ERROR(plant(148, "%Speaker%", nullptr));
  const struct {
    int64_t when;
    const char* product;
    const char* status;
  } kPlants[] = {
      {1679097600, "%Screen Protector%", nullptr},       // 2023-03-18
      {1658102400, "%Makeup Removal Kit%", "canceled"},  // 2022-07-18
      {1676419200, "%Artificial Plants%", nullptr},      // 2023-02-15
      {1673827200, "%Body Butter%", nullptr},            // 2023-01-16
  };
  for (const auto& pl : kPlants) {
    auto order = order_near(pl.when);
    if (!order.ok()) return order.status();
    WA_RETURN_IF_ERROR(plant(*order, pl.product, pl.status));
  }
  WA_RETURN_IF_ERROR(
      db.Run("UPDATE orders SET subtotal = (SELECT ROUND(SUM(price * qty), 2) FROM order_items "
             "WHERE order_id = orders.id)"));
  WA_RETURN_IF_ERROR(
      db.Run("UPDATE orders SET grand_total = ROUND(subtotal + shipping + discount, 2)"));
  // The racing wheel whose one-star reviews a Reddit + shopping task gathers: an Xbox product
  // no order holds, renamed after every random draw (so no other data moves).
  auto wheel = db.QueryInt(
      "SELECT id FROM products WHERE name LIKE '%Wireless Controller%' AND id NOT IN (SELECT "
      "product_id FROM order_items) ORDER BY id DESC LIMIT 1",
      {});
  if (!wheel.ok()) return wheel.status();
  if (*wheel == 0) return Internal("shopping: no product to plant the racing wheel on");
  WA_RETURN_IF_ERROR(db.Run(
      "UPDATE products SET name = 'Racing Wheel Overdrive for Xbox X', url_key = "
      "'racing-wheel-overdrive-for-xbox-x', brand = 'Overdrive', price = 89.99, special_price = "
      "NULL WHERE id = ?",
      {*wheel}));
  WA_RETURN_IF_ERROR(db.Run("DELETE FROM reviews WHERE product_id = ?", {*wheel}));
  static const struct {
    const char* nick;
    const char* summary;
    const char* body;
    int rating;
  } kWheelReviews[] = {
      {"Marcus", "Unable to set neutral steering",
       "The wheel drifts to the left and there is no way to set the neutral position.", 1},
      {"Kayla R.", "Doesn\u2019t work with PC", "Windows does not recognise it at all.", 1},
      {"Dee", "Crazy problems in automatic mode",
       "In automatic mode the gears jump around on their own.", 1},
      {"T. Ortiz", "pedals stopped working", "After two weeks the pedals stopped responding.", 1},
      {"Gamer4Life", "Only works with certain games", "Half of my racing games ignore it.", 1},
      {"Priya", "Fun for the price", "Good force feedback for a budget wheel.", 4},
      {"Jon", "Decent starter wheel", "Clamps firmly to the desk; the shifter feels cheap.", 3},
  };
  int64_t when = 1672531200;  // 2023-01-01
  for (const auto& rv : kWheelReviews) {
    WA_RETURN_IF_ERROR(
        db.Run("INSERT INTO reviews (product_id, nickname, summary, body, rating, created_at) "
               "VALUES (?, ?, ?, ?, ?, ?)",
               {*wheel, rv.nick, rv.summary, rv.body, rv.rating, when}));
    when += 86400 * 9;
  }
  return Status::Ok();
}

}  // namespace wa
