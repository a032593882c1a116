// The forum's seeded data. Submission ids grow with time (as Postmill's do) and leave gaps, so
// the posts the published tasks name sit at their published ids among generated ones.
#include "sim/sites/reddit_data.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <map>
#include <set>

#include "sim/rng.h"

namespace wa {

const std::string_view kRedditSchema = R"sql(
CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    password TEXT NOT NULL, biography TEXT NOT NULL DEFAULT '',
                    created_at INTEGER NOT NULL);
CREATE TABLE forums (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                     title TEXT NOT NULL, description TEXT NOT NULL, sidebar TEXT NOT NULL,
                     category TEXT NOT NULL, tags TEXT NOT NULL DEFAULT '',
                     creator_id INTEGER, created_at INTEGER NOT NULL);
CREATE TABLE subscriptions (user_id INTEGER NOT NULL, forum_id INTEGER NOT NULL,
                            created_at INTEGER NOT NULL, PRIMARY KEY (user_id, forum_id));
CREATE TABLE submissions (id INTEGER PRIMARY KEY, forum_id INTEGER NOT NULL,
                          user_id INTEGER NOT NULL, title TEXT NOT NULL, slug TEXT NOT NULL,
                          url TEXT, body TEXT NOT NULL DEFAULT '', media TEXT,
                          created_at INTEGER NOT NULL, edited_at INTEGER,
                          upvotes INTEGER NOT NULL, downvotes INTEGER NOT NULL,
                          comment_count INTEGER NOT NULL DEFAULT 0, last_active INTEGER NOT NULL);
CREATE INDEX submissions_by_forum ON submissions (forum_id, id);
CREATE INDEX submissions_by_user ON submissions (user_id, id);
CREATE TABLE comments (id INTEGER PRIMARY KEY, submission_id INTEGER NOT NULL, parent_id INTEGER,
                       user_id INTEGER NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL,
                       upvotes INTEGER NOT NULL, downvotes INTEGER NOT NULL);
CREATE INDEX comments_by_submission ON comments (submission_id, id);
CREATE INDEX comments_by_user ON comments (user_id, id);
CREATE TABLE votes (user_id INTEGER NOT NULL, kind TEXT NOT NULL, target_id INTEGER NOT NULL,
                    choice INTEGER NOT NULL, created_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, kind, target_id));
)sql";

std::string RedditSlug(std::string_view title) {
  std::string s;
  for (char c : title) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!s.empty() && s.back() != '-') {
      s += '-';
    }
  }
  while (!s.empty() && s.back() == '-') s.pop_back();
  if (s.size() > 60) {
    size_t cut = s.rfind('-', 60);
    s.resize(cut == std::string::npos || cut == 0 ? 60 : cut);
  }
  return s.empty() ? std::string("-") : s;
}

const std::vector<PlantedTopic>& RedditPlantedTopics() {
  static const auto* kTopics = new std::vector<PlantedTopic>{
      {"books", "supporting local book stores", "bookshop.org"},
      {"gaming", "charity gaming marathons", "Extra Life"},
      {"technology", "the right to repair", "iFixit"},
      {"space", "private space launches", "SpaceX"},
      {"science", "open access to research papers", "arXiv"},
      {"movies", "film preservation", "The Film Foundation"},
      {"Music", "supporting independent artists", "Bandcamp"},
      {"sports", "youth sports programs", "Little League"},
      {"DIY", "repairing old furniture", "Habitat for Humanity"},
      {"Cooking", "reducing food waste", "Too Good To Go"},
      {"travel", "sleeping in mountain huts", "Alpine Club"},
      {"photography", "free photo archives", "Wikimedia Commons"},
      {"Art", "free museum days", "The Met"},
      {"history", "digitising old newspapers", "Library of Congress"},
      {"Fitness", "free outdoor gyms", "Parks and Recreation"},
      {"running", "charity marathons", "Save the Children"},
      {"programming", "open source maintainers", "GitHub Sponsors"},
      {"Python", "teaching kids to code", "Code Club"},
      {"linux", "refurbishing old laptops", "Free Geek"},
      {"gardening", "community gardens", "GreenThumb"},
      {"houseplants", "plant swaps", "Plant Swap Collective"},
      {"woodworking", "tool libraries", "Tool Library Alliance"},
      {"writing", "writing contests", "NaNoWriMo"},
      {"philosophy", "free online lectures", "Open Yale Courses"},
      {"camping", "leave no trace camping", "Leave No Trace"},
      {"chess", "chess in schools", "Chess in the Schools"},
      {"nyc", "free ferry rides", "NYC Ferry"},
      {"Seattle", "cleaning up beaches", "Surfrider Foundation"},
  };
  return *kTopics;
}

const std::vector<PlantedPicture>& RedditPlantedPictures() {
  static const auto* kPictures = new std::vector<PlantedPicture>{
      {133907, "costume contest", "Our office costume contest winner this year",
       "bd8bc5f4c846aac4df08626faa3a34a7d47c8f3bdd92bf615a54afd939f063a7.jpg"},
      {134410, "a dog in a raincoat", "My dog refuses to go outside without his raincoat",
       "0c7e2f9a4b1d6e3c8a5f2b9d4e1c7a3f6b2e9d5c1a8f4b7e3d6c2a9f5b1e8d4c.jpg"},
      {134988, "the street art mural", "Found this huge street art mural on my walk home",
       "5e2b8f1c4a7d3e9b6c2f5a8d1e4b7c3a9f6d2e5b8c1a4f7d3e6b9c2a5f8d1e4b.jpg"},
      {135377, "a snowed-in cabin", "Woke up to a snowed-in cabin this morning",
       "9a4f1c7e3b6d2a8f5c1e4b7d3a9f6c2e5b8d1a4f7c3e6b9d2a5f8c1e4b7d3a6f.jpg"},
      {135611, "the tiny library", "Someone built a tiny library on our street corner",
       "2d8a5f1c7e4b9d3a6f2c5e8b1d4a7f3c9e6b2d5a8f1c4e7b3d9a6f2c5e8b1d4a.jpg"},
  };
  return *kPictures;
}

namespace {

struct ForumSpec {
  const char* name;
  const char* title;
  const char* category;
  std::vector<const char*> words;  // topic nouns for generated titles and comments
};

const std::vector<ForumSpec>& Forums() {
  static const auto* kForums = new std::vector<ForumSpec>{
      {"AskReddit", "Ask Reddit", "General", {"job", "childhood", "habit", "advice", "hobby"}},
      {"books", "Books", "Creative", {"novel", "author", "series", "library", "audiobook"}},
      {"nyc", "New York City", "Places", {"subway", "apartment", "Brooklyn", "bagel", "rent"}},
      {"consoles", "Video game consoles", "Gaming", {"console", "controller", "PS5", "Xbox"}},
      {"funny", "Funny", "Humour", {"cat", "sign", "meme", "prank", "dad joke"}},
      {"iphone", "iPhone", "Technology", {"iPhone", "battery", "iOS update", "case", "camera"}},
      {"sports", "Sports", "Sports", {"game", "team", "coach", "season", "training"}},
      {"gaming", "Gaming", "Gaming", {"game", "boss fight", "speedrun", "indie game", "RPG"}},
      {"technology", "Technology", "Technology", {"AI", "chip", "privacy", "startup", "gadget"}},
      {"MachineLearning",
       "Machine Learning",
       "Technology",
       {"model", "dataset", "paper", "transformer", "benchmark"}},
      {"gadgets", "Gadgets", "Technology", {"gadget", "headphones", "smartwatch", "charger"}},
      {"EarthPorn", "EarthPorn", "Creative", {"mountain", "lake", "canyon", "sunset", "forest"}},
      {"UpliftingNews", "Uplifting News", "News", {"donation", "rescue", "volunteer", "cure"}},
      {"television", "Television", "Entertainment", {"show", "season", "episode", "series"}},
      {"Showerthoughts", "Showerthoughts", "Humour", {"thought", "time", "sleep", "future"}},
      {"DIY", "Do It Yourself", "Creative", {"shelf", "workbench", "deck", "cabinet", "table"}},
      {"pics", "Pictures", "Creative", {"photo", "costume", "dog", "street", "sky"}},
      {"news", "News", "News", {"election", "economy", "court", "storm", "policy"}},
      {"worldnews", "World News", "News", {"summit", "treaty", "protest", "border", "trade"}},
      {"movies", "Movies", "Entertainment", {"movie", "director", "trailer", "sequel", "actor"}},
      {"Music", "Music", "Entertainment", {"album", "band", "concert", "song", "guitar"}},
      {"science", "Science", "Science", {"study", "experiment", "species", "vaccine", "fossil"}},
      {"space", "Space", "Science", {"telescope", "rocket", "Mars", "galaxy", "astronaut"}},
      {"history", "History", "Science", {"empire", "war", "king", "artifact", "century"}},
      {"askscience", "Ask Science", "Science", {"physics", "cell", "gravity", "atom", "brain"}},
      {"food", "Food", "Lifestyle", {"pizza", "burger", "ramen", "steak", "dumplings"}},
      {"Cooking", "Cooking", "Lifestyle", {"recipe", "knife", "oven", "sauce", "bread"}},
      {"travel", "Travel", "Lifestyle", {"trip", "flight", "hostel", "itinerary", "passport"}},
      {"photography", "Photography", "Creative", {"lens", "camera", "tripod", "exposure"}},
      {"Art", "Art", "Creative", {"painting", "sketch", "sculpture", "canvas", "mural"}},
      {"aww", "Aww", "Humour", {"puppy", "kitten", "bunny", "duckling", "otter"}},
      {"todayilearned", "Today I Learned", "General", {"fact", "word", "invention", "law"}},
      {"explainlikeimfive", "Explain Like I'm Five", "General", {"economy", "wifi", "taxes"}},
      {"LifeProTips", "Life Pro Tips", "Lifestyle", {"tip", "budget", "habit", "routine"}},
      {"personalfinance", "Personal Finance", "Lifestyle", {"budget", "loan", "savings", "401k"}},
      {"Fitness", "Fitness", "Sports", {"workout", "squat", "protein", "gym", "routine"}},
      {"running", "Running", "Sports", {"marathon", "shoes", "pace", "trail", "5k"}},
      {"programming", "Programming", "Technology", {"bug", "language", "compiler", "API"}},
      {"Python", "Python", "Technology", {"script", "library", "pandas", "package", "venv"}},
      {"linux", "Linux", "Technology", {"distro", "kernel", "terminal", "desktop", "driver"}},
      {"Android", "Android", "Technology", {"phone", "app", "launcher", "update", "Pixel"}},
      {"apple", "Apple", "Technology", {"Mac", "iPad", "AirPods", "keynote", "Vision Pro"}},
      {"NintendoSwitch", "Nintendo Switch", "Gaming", {"Switch", "Zelda", "Joy-Con", "Mario"}},
      {"boardgames", "Board Games", "Gaming", {"board game", "dice", "expansion", "deck"}},
      {"chess", "Chess", "Gaming", {"opening", "endgame", "rating", "blitz", "puzzle"}},
      {"soccer", "Soccer", "Sports", {"goal", "match", "transfer", "league", "striker"}},
      {"nba", "NBA", "Sports", {"playoffs", "dunk", "trade", "draft", "three-pointer"}},
      {"baseball", "Baseball", "Sports", {"pitcher", "home run", "inning", "batting"}},
      {"formula1", "Formula 1", "Sports", {"race", "pit stop", "driver", "qualifying"}},
      // Named Autos, not cars: a published GitLab + Reddit task finds no "cars" forum.
      {"Autos", "Autos", "Lifestyle", {"engine", "sedan", "EV", "road trip", "tires"}},
      {"camping", "Camping", "Lifestyle", {"tent", "campfire", "sleeping bag", "trail"}},
      {"gardening", "Gardening", "Lifestyle", {"tomatoes", "compost", "seedlings", "roses"}},
      {"houseplants", "Houseplants", "Lifestyle", {"monstera", "pothos", "fern", "succulent"}},
      {"woodworking", "Woodworking", "Creative", {"chisel", "walnut", "joinery", "router"}},
      {"writing", "Writing", "Creative", {"draft", "chapter", "plot", "character", "editor"}},
      {"philosophy", "Philosophy", "Science", {"ethics", "free will", "Kant", "argument"}},
      {"dataisbeautiful", "Data Is Beautiful", "Science", {"chart", "map", "dataset", "trend"}},
      {"Futurology", "Futurology", "Science", {"automation", "fusion", "robot", "future"}},
      {"nottheonion", "Not The Onion", "News", {"headline", "mayor", "lawsuit", "goat"}},
      {"OldSchoolCool", "Old School Cool", "Entertainment", {"photo", "grandpa", "1970s"}},
      {"mildlyinteresting", "Mildly Interesting", "Humour", {"egg", "shadow", "leaf"}},
      {"Jokes", "Jokes", "Humour", {"joke", "pun", "bartender", "penguin", "pirate"}},
      {"boston", "Boston", "Places", {"T", "Red Sox", "snow", "Fenway", "clam chowder"}},
      {"pittsburgh", "Pittsburgh", "Places", {"bridge", "Steelers", "pierogi", "incline"}},
      {"philadelphia", "Philadelphia", "Places", {"cheesesteak", "SEPTA", "Eagles"}},
      {"Seattle", "Seattle", "Places", {"rain", "ferry", "coffee", "Mariners", "hike"}},
      {"washingtondc", "Washington DC", "Places", {"Metro", "museum", "cherry blossoms"}},
      {"Jokes_and_Puns", "Jokes and Puns", "Humour", {"pun", "wordplay", "one-liner"}},
  };
  return *kForums;
}

const char* kFirst[] = {"Adam",  "Maya",  "Leo",  "Nora",  "Ivan", "Zoe",  "Omar",
                        "Lena",  "Caleb", "Ruth", "Felix", "Ada",  "Hugo", "Iris",
                        "Jonah", "Vera",  "Milo", "Cora",  "Theo", "Esme", "Silas",
                        "June",  "Arlo",  "Nina", "Ezra",  "Lila", "Owen", "Tessa"};
const char* kLast[] = {"Cannon",   "Kelsey", "Hughes",    "Patel",  "Moreno",   "Fischer",
                       "Nakamura", "Okafor", "Lindqvist", "Reyes",  "Brennan",  "Castillo",
                       "Dubois",   "Haddad", "Ivanova",   "Jensen", "Kowalski", "Larsen",
                       "Mendes",   "Novak",  "Quinn"};
const char* kHandle[] = {"quiet",  "lucky",    "sleepy", "brave", "curious", "rusty", "cosmic",
                         "hungry", "electric", "gentle", "salty", "urban",   "wild",  "lazy"};
const char* kNoun[] = {"gardener", "otter",  "pilot",  "wizard", "toaster", "falcon", "badger",
                       "panda",    "sailor", "potato", "nomad",  "raven",   "ghost",  "tiger"};

const char* kTitle[] = {
    "What is the best {w} you have ever come across?",
    "{W} recommendations for a beginner?",
    "I finally finished my {w} project after two years",
    "TIL something surprising about {w}",
    "Does anyone else get way too excited about {w}?",
    "Unpopular opinion: {w} is overrated",
    "My {w} after five years, what do you think?",
    "Looking for advice on {w}",
    "Weekly {w} discussion thread",
    "Just tried a new {w} and I am impressed",
    "Why does nobody talk about {w} anymore?",
    "Is it worth getting into {w} in 2023?",
    "The {w} situation is getting out of hand",
    "Found this {w} at a thrift store today",
    "A quick guide to {w} that I wish I had earlier",
    "Can someone explain the appeal of {w}?",
    "{W} appreciation post",
    "I made a spreadsheet of every {w} I tried",
};
const char* kBody[] = {
    "I have been thinking about {w} a lot lately and wanted to hear other opinions.",
    "Long time lurker, first post. Any tips on {w} are welcome.",
    "Edit: thanks everyone for the replies about {w}!",
    "I know this comes up a lot, but the {w} question still confuses me.",
    "Here is what I learned after a year of {w}.",
    "Not sure if this is the right place to ask about {w}.",
};
const char* kComment[] = {
    "This is great, thanks for sharing.",
    "I completely disagree about the {w}.",
    "Came here to say this.",
    "Source? I have never heard that about {w}.",
    "Same thing happened to me with my {w}.",
    "Underrated post.",
    "This deserves more upvotes.",
    "I had no idea {w} could be like that.",
    "Honestly the {w} part is the best bit.",
    "Take my upvote.",
    "Can confirm, I tried the {w} myself.",
    "Not this again.",
    "What a time to be alive.",
    "The real question is why the {w} costs so much.",
    "I laughed way too hard at this.",
    "Saving this for later.",
};

std::string Fill(const char* pattern, const std::string& word) {
  std::string s = pattern, cap = word;
  cap[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(cap[0])));
  for (size_t p; (p = s.find("{W}")) != std::string::npos;) s.replace(p, 3, cap);
  for (size_t p; (p = s.find("{w}")) != std::string::npos;) s.replace(p, 3, word);
  return s;
}

std::string Hex(Rng& rng, int n) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (int i = 0; i < n; ++i) s += d[rng.Uniform(16)];
  return s;
}

// Heavy-tailed vote counts: most posts get a few votes, some thousands.
int64_t Votes(Rng& rng, double scale) {
  double u = rng.UniformDouble();
  return static_cast<int64_t>(scale * (u * u * u * u) * 4000 + static_cast<double>(rng.Uniform(6)));
}

// A post the published tasks name, at its published id.
struct Planted {
  int64_t id;
  const char* forum;
  const char* user;  // "" for a generated author
  const char* title;
  const char* url;  // link posts
  const char* body;
  const char* media;  // image posts
  int64_t up, down;
  int comments;
};

}  // namespace

Status PopulateReddit(Db& db, uint64_t seed) {
  Rng rng = Rng(seed).Split("reddit");
  const int64_t t0 = 1590969600;  // 2020-06-01
  const int64_t t1 = kRedditNow - 24 * 3600;
  constexpr int64_t kMaxId = 136000;

  // Forums.
  std::map<std::string, int64_t> forum_id;
  std::vector<const ForumSpec*> forums;
  for (const ForumSpec& f : Forums()) {
    const int64_t id = static_cast<int64_t>(forums.size()) + 1;
    std::string desc = "A place to share and discuss " + std::string(f.words[0]) + ", " +
                       f.words[1] + " and everything about " + f.title + ".";
    std::string sidebar = "Rules:\n1. Be civil.\n2. Stay on topic: " + std::string(f.title) +
                          ".\n3. No spam or self-promotion.";
    WA_RETURN_IF_ERROR(
        db.Run("INSERT INTO forums (id, name, title, description, sidebar, category, creator_id, "
               "created_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)",
               {id, f.name, f.title, desc, sidebar, f.category, t0 - 86400 * (id + 30)}));
    forum_id[f.name] = id;
    forums.push_back(&f);
  }

  // Users: the signed-in account, the users the tasks name, generated ones.
  std::vector<std::string> users = {std::string(kRedditUser), "CameronKelsey", "AdamCannon"};
  std::set<std::string> taken(users.begin(), users.end());
  while (users.size() < 900) {
    std::string name;
    switch (rng.Uniform(3)) {
      case 0:
        name = std::string(kFirst[rng.Uniform(std::size(kFirst))]) +
               kLast[rng.Uniform(std::size(kLast))];
        break;
      case 1:
        name = std::string(kHandle[rng.Uniform(std::size(kHandle))]) + "_" +
               kNoun[rng.Uniform(std::size(kNoun))] + std::to_string(rng.Range(1, 999));
        break;
      default:
        name = std::string(kNoun[rng.Uniform(std::size(kNoun))]) +
               kFirst[rng.Uniform(std::size(kFirst))] + std::to_string(rng.Range(10, 99));
    }
    if (taken.insert(name).second) users.push_back(name);
  }
  for (size_t i = 0; i < users.size(); ++i) {
    std::string bio = i == 0 ? "Marvel fan, coffee drinker, occasional poster."
                      : rng.Bernoulli(0.4)
                          ? "I like " + std::string(forums[rng.Uniform(forums.size())]->words[0]) +
                                " and long walks."
                          : "";
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT INTO users (id, username, password, biography, created_at) VALUES (?, ?, ?, ?, ?)",
        {static_cast<int64_t>(i) + 1, users[i], "test1234", bio,
         t0 - static_cast<int64_t>(rng.Uniform(400)) * 86400}));
  }
  const auto n_users = static_cast<int64_t>(users.size());
  auto random_author = [&]() { return 4 + static_cast<int64_t>(rng.Uniform(n_users - 3)); };

  // The signed-in user's subscriptions (not MachineLearning: a task subscribes to it).
  for (const char* f : {"books", "gaming", "technology", "movies", "pics", "science", "news",
                        "television", "nyc", "Showerthoughts"}) {
    WA_RETURN_IF_ERROR(
        db.Run("INSERT INTO subscriptions (user_id, forum_id, created_at) VALUES (1, ?, ?)",
               {forum_id[f], t0}));
  }

  // Planted posts (published ids) and the posts template families sample from.
  std::deque<std::string> texts;  // planted titles and bodies built below (stable addresses)
  std::vector<Planted> planted = {
      {124260, "books", "", "Adults reading to each other out loud?", nullptr,
       "My partner and I started reading novels to each other in the evenings. Does anyone "
       "else do this?",
       nullptr, 41, 3, 6},
      {19459, "gadgets", "", "A custom gaming PC built inside a vintage 1940s Motorola radio",
       "https://www.example-hardware.net/motorola-radio-pc", "", nullptr, 9120, 210, 14},
      {98332, "EarthPorn", "CameronKelsey",
       "My favorite place on the planet. Henry's fork of the Snake River, Idaho [OC] [4032x3024]",
       nullptr, "", "3f2a9c1e7d5b4a68c0e1f2d3b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3a2b.jpg", 812, 12,
       5},
      {98297, "EarthPorn", "CameronKelsey",
       "2 years later, this is still one of the most incredible things I've seen [OC]", nullptr, "",
       "7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b.jpg", 1530, 20, 8},
      {98256, "EarthPorn", "CameronKelsey",
       "I can't wait for all this green to start coming back, little by little [OC]", nullptr, "",
       "c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2.jpg", 640, 9, 4},
      {16087, "UpliftingNews", "AdamCannon",
       "Same-sex marriage is now legal in all of Mexico's states",
       "https://www.example-news.org/mexico-marriage", "", nullptr, 2210, 95, 9},
      {135201, "television", "MarvelsGrantMan136",
       "Star Trek Starfleet Academy series from Alex Kurtzman and Tawny Newsome in the works",
       "https://www.example-tv.com/starfleet-academy", "", nullptr, 57, 2, 3},
      {134852, "technology", "", "AI experts disown Musk-backed campaign citing their research",
       "https://www.example-news.org/ai-letter", "", nullptr, 388, 41, 7},
      {131500, "television", "MarvelsGrantMan136", "The Bear season 2 gets a June release date",
       "https://www.example-tv.com/the-bear-s2", "", nullptr, 33, 1, 2},
      {127311, "movies", "MarvelsGrantMan136", "First trailer for the new Dune movie is out",
       "https://www.example-film.com/dune-trailer", "", nullptr, 120, 4, 3},
      {122008, "gaming", "MarvelsGrantMan136",
       "Tears of the Kingdom sold ten million copies in three days",
       "https://www.example-games.com/totk-sales", "", nullptr, 75, 3, 2},
      {118420, "books", "MarvelsGrantMan136", "Brandon Sanderson announces four secret novels",
       "https://www.example-books.com/secret", "", nullptr, 64, 5, 2},
  };
  // Template 17's planted topics: a top post of the forum naming the organisation.
  {
    int64_t id = 60011;
    for (const PlantedTopic& t : RedditPlantedTopics()) {
      std::string title;
      std::string body;
      if (std::string(t.forum) == "books") {
        title =
            "Friendly reminder that bookshop.org lets you buy books online and support your "
            "local bookstore";
        body = "Every order through bookshop.org sends money to independent bookstores near you.";
      } else {
        title = std::string("A post about ") + t.topic + ": why " + t.organization +
                " deserves your support";
        body = std::string("I have been following ") + t.organization + " and their work on " +
               t.topic + " for years.";
      }
      texts.push_back(title);
      const char* title_c = texts.back().c_str();
      texts.push_back(body);
      planted.push_back({id, t.forum, "", title_c, nullptr, texts.back().c_str(), nullptr,
                         15000 + id % 997, 300, 5});
      id += 1731;
    }
  }
  for (const PlantedPicture& p : RedditPlantedPictures()) {
    planted.push_back({p.id, "pics", "", p.title, nullptr, "", p.media, 1400 + p.id % 211, 30, 6});
  }
  std::map<int64_t, const Planted*> planted_at;
  for (const Planted& p : planted) planted_at[p.id] = &p;
  // Forums where generated posts must stay older than a planted one (newest post in books).
  const int64_t books_newest = 124260;

  auto time_of = [&](int64_t id) { return t0 + (t1 - t0) * id / kMaxId; };
  std::vector<std::pair<int64_t, int64_t>> posts;  // (id, forum)
  int64_t generated = 0;
  for (int64_t id = 1; id <= kMaxId; ++id) {
    const bool plant = planted_at.count(id) > 0;
    if (!plant && !rng.Bernoulli(0.0455)) continue;
    const int64_t created = time_of(id);
    int64_t forum = 0, author = 0, up = 0, down = 0;
    std::string title, url, body, media;
    if (plant) {
      const Planted& p = *planted_at[id];
      forum = forum_id[p.forum];
      author = p.user[0] == '\0' ? random_author() : 0;
      if (author == 0) {
        auto uid = db.QueryInt("SELECT id FROM users WHERE username = ?", {p.user});
        if (!uid.ok()) return uid.status();
        author = *uid;
      }
      title = p.title;
      url = p.url ? p.url : "";
      body = p.body;
      media = p.media ? p.media : "";
      up = p.up;
      down = p.down;
    } else {
      // Generated posts: never in a forum a template needs to control.
      do {
        forum = static_cast<int64_t>(rng.Uniform(forums.size())) + 1;
      } while (forum == forum_id["books"] && id > books_newest);
      const ForumSpec& f = *forums[static_cast<size_t>(forum - 1)];
      std::string w = f.words[rng.Uniform(f.words.size())];
      title = Fill(kTitle[rng.Uniform(std::size(kTitle))], w);
      author = random_author();
      switch (rng.Uniform(4)) {
        case 0:
          url = "https://www.example-" + std::string(f.words[0]).substr(0, 4) + ".com/" +
                RedditSlug(title);
          for (char& c : url) c = static_cast<char>(c == ' ' ? '-' : std::tolower(c));
          break;
        case 1:
          media = Hex(rng, 64) + ".jpg";
          break;
        default:
          body = Fill(kBody[rng.Uniform(std::size(kBody))], w);
          if (rng.Bernoulli(0.5)) body += " " + Fill(kBody[rng.Uniform(std::size(kBody))], w);
      }
      // gadgets' top post of all time is a planted one.
      up = Votes(rng, forum == forum_id["gadgets"] ? 0.5 : 1.0);
      down = static_cast<int64_t>(rng.Uniform(static_cast<uint64_t>(up / 8 + 3)));
      ++generated;
    }
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT INTO submissions (id, forum_id, user_id, title, slug, url, body, media, "
        "created_at, upvotes, downvotes, last_active) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        {id, forum, author, title, RedditSlug(title), url.empty() ? SqlParam(nullptr) : url, body,
         media.empty() ? SqlParam(nullptr) : media, created, up, down, created}));
    posts.emplace_back(id, forum);
  }
  // CameronKelsey and AdamCannon post elsewhere too, never again in the forums the tasks name.
  WA_RETURN_IF_ERROR(db.Run(
      "UPDATE submissions SET user_id = 2 WHERE id IN (SELECT id FROM submissions WHERE forum_id "
      "NOT IN (?, ?) AND user_id > 3 ORDER BY id LIMIT 12)",
      {forum_id["EarthPorn"], forum_id["UpliftingNews"]}));
  WA_RETURN_IF_ERROR(db.Run(
      "UPDATE submissions SET user_id = 3 WHERE id IN (SELECT id FROM submissions WHERE forum_id "
      "NOT IN (?, ?) AND user_id > 3 ORDER BY id DESC LIMIT 9)",
      {forum_id["EarthPorn"], forum_id["UpliftingNews"]}));

  // Comments: threads under the posts, more under popular ones.
  int64_t comment_id = 0;
  std::vector<int64_t> thread;
  for (const auto& [sid, forum] : posts) {
    const ForumSpec& f = *forums[static_cast<size_t>(forum - 1)];
    const Planted* p = planted_at.count(sid) ? planted_at[sid] : nullptr;
    const int n = p ? p->comments : static_cast<int>(rng.Uniform(8)) + (rng.Bernoulli(0.3) ? 3 : 0);
    const int64_t created = time_of(sid);
    thread.clear();
    int64_t last = created;
    for (int c = 0; c < n; ++c) {
      std::string w = f.words[rng.Uniform(f.words.size())];
      int64_t parent =
          !thread.empty() && rng.Bernoulli(0.45) ? thread[rng.Uniform(thread.size())] : int64_t{0};
      int64_t at = created + 60 + static_cast<int64_t>(rng.Uniform(3 * 86400));
      last = std::max(last, at);
      int64_t up = static_cast<int64_t>(rng.Uniform(40)),
              down = static_cast<int64_t>(rng.Uniform(12));
      WA_RETURN_IF_ERROR(
          db.Run("INSERT INTO comments (id, submission_id, parent_id, user_id, body, created_at, "
                 "upvotes, downvotes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                 {++comment_id, sid, parent ? SqlParam(parent) : SqlParam(nullptr),
                  rng.Bernoulli(0.01) ? int64_t{1} : random_author(),
                  Fill(kComment[rng.Uniform(std::size(kComment))], w), at, up, down}));
      thread.push_back(comment_id);
    }
    WA_RETURN_IF_ERROR(
        db.Run("UPDATE submissions SET comment_count = ?, last_active = ? WHERE id = ?",
               {static_cast<int64_t>(n), last, sid}));
  }
  // The author of the newest Showerthoughts post has no comment with more downvotes than
  // upvotes (the published answer is 0).
  WA_RETURN_IF_ERROR(db.Run(
      "UPDATE comments SET upvotes = downvotes, downvotes = upvotes WHERE downvotes > upvotes AND "
      "user_id = (SELECT user_id FROM submissions WHERE forum_id = ? ORDER BY id DESC LIMIT 1)",
      {forum_id["Showerthoughts"]}));
  // The signed-in user's earlier votes on a few posts (the vote forms show them).
  WA_RETURN_IF_ERROR(db.Run(
      "INSERT INTO votes (user_id, kind, target_id, choice, created_at) SELECT 1, 'submission', "
      "id, 1, created_at + 3600 FROM submissions WHERE id % 97 = 5 AND id NOT IN (SELECT id FROM "
      "submissions WHERE forum_id IN (?, ?, ?, ?))",
      {forum_id["books"], forum_id["gadgets"], forum_id["EarthPorn"], forum_id["UpliftingNews"]}));
  // DIY's most active posts (the "Active" sort, newest activity first), which a GitLab + Reddit
  // task links to: placed after every random draw, at their published ids.
  static const struct {
    int64_t id;
    const char* title;
    const char* body;
  } kDiy[] = {
      {118903, "Separate glued plastic parts", "What dissolves old model glue without the paint?"},
      {118923, "How would you fix this dryer vent mess?", "The duct sags behind the dryer."},
      {118935, "Basement bulkhead soffit wall framing", "Framing around the ducts in my basement."},
      {118904, "GE water heater pilot light won't stay lit", "The thermocouple is new."},
      {118960, "Attempting to move a wall outlet in my basement a few inches",
       "Is a box extender enough?"},
      {118931, "AFCI outlet question", "Does an AFCI outlet protect the whole circuit?"},
      {118824, "Teflon tape to attach washing machine drain hose to pipe", "Will it hold?"},
      {118866, "Paver base for shed", "Gravel or sand under the pavers?"},
  };
  {
    auto newest = db.QueryInt("SELECT MAX(last_active) FROM submissions WHERE forum_id = ?",
                              {forum_id["DIY"]});
    if (!newest.ok()) return newest.status();
    auto author =
        db.QueryInt("SELECT user_id FROM submissions WHERE forum_id = ? ORDER BY id LIMIT 1",
                    {forum_id["DIY"]});
    if (!author.ok()) return author.status();
    int64_t active = *newest + 60 * static_cast<int64_t>(std::size(kDiy));
    for (const auto& d : kDiy) {
      WA_RETURN_IF_ERROR(db.Run("DELETE FROM submissions WHERE id = ?", {d.id}));
      WA_RETURN_IF_ERROR(db.Run("DELETE FROM comments WHERE submission_id = ?", {d.id}));
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO submissions (id, forum_id, user_id, title, slug, url, body, media, "
          "created_at, upvotes, downvotes, last_active) VALUES (?, ?, ?, ?, ?, NULL, ?, NULL, ?, "
          "?, ?, ?)",
          {d.id, forum_id["DIY"], *author, d.title, RedditSlug(d.title), d.body, time_of(d.id),
           12 + d.id % 23, d.id % 3, active}));
      active -= 60;
    }
  }
  if (generated < 5000) return Internal("the reddit generator made too few submissions");
  return Status::Ok();
}

}  // namespace wa
