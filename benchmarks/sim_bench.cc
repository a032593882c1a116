// Simulator benchmark: reset and step latency on fixture pages, observation sizes, and VecEnv
// throughput at 1 and 2 threads. Prints a table and writes JSON (--out, default
// out/sim_bench.json). Targets on the 2-core reference machine: median step < 50 us, reset < 1 ms,
// VecEnv >= 20,000 steps/s.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "sim/env.h"
#include "sim/file_util.h"
#include "sim/random_policy.h"
#include "sim/site.h"
#include "sim/task_templates.h"
#include "sim/vec_env.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Stats {
  double median_us = 0, p90_us = 0, mean_us = 0;
  size_t n = 0;
};

Stats Summarise(std::vector<double> v) {
  Stats s;
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  s.n = v.size();
  s.median_us = v[v.size() / 2];
  s.p90_us = v[v.size() * 9 / 10];
  double sum = 0;
  for (double x : v) sum += x;
  s.mean_us = sum / static_cast<double>(v.size());
  return s;
}

double Micros(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::micro>(b - a).count();
}

int IdOf(const std::string& obs, const std::string& needle) {
  std::regex tag(R"re(<[a-z0-9]+ id="(\d+)"[^>]*>)re");
  for (std::sregex_iterator it(obs.begin(), obs.end(), tag), end; it != end; ++it) {
    size_t close = obs.find("</", static_cast<size_t>(it->position()));
    if (obs.substr(static_cast<size_t>(it->position()), close - it->position()).find(needle) !=
        std::string::npos) {
      return std::stoi((*it)[1]);
    }
  }
  fmt::print(stderr, "benchmark setup: no element with '{}'\n", needle);
  std::exit(1);
}

struct StepCase {
  std::string name;
  std::string path;
  std::string needle;        // element to act on ("" for none)
  std::string action;        // with {} for the element id
  bool after_click = false;  // navigate first (for Go Backward)
};

// A site's reset latency and the step latency of a random-policy page mix from `start` (on
// the storefront: search, category and product pages, cart, account pages, scrolling), one reset
// seed per episode.
bool SiteRandomSteps(const std::string& start, int episodes, std::vector<double>* reset_us,
                     std::vector<double>* step_us) {
  wa::Env shop;
  wa::StepResult r;
  wa::Rng rng(7);
  for (int i = 0; i < episodes; ++i) {
    auto t0 = Clock::now();
    wa::Status st = shop.Reset(start, static_cast<uint64_t>(i), &r);
    reset_us->push_back(Micros(t0, Clock::now()));
    if (!st.ok()) {
      fmt::print(stderr, "{} reset failed: {}\n", start, st.message());
      return false;
    }
    for (int k = 0; k < 20; ++k) {
      std::string action = wa::RandomActionText(*shop.browser().page(), rng, 0.0);
      auto s0 = Clock::now();
      shop.Step(action, &r);
      step_us->push_back(Micros(s0, Clock::now()));
    }
  }
  return true;
}

// Step latency of an oracle plan replayed after each of `episodes` resets at `start` (so pages
// recur, as in the fixture cases).
bool ScriptedSteps(const std::string& start, const std::vector<wa::OracleOp>& plan, int episodes,
                   std::vector<double>* step_us) {
  wa::Env env;
  wa::StepResult r;
  for (int i = 0; i < episodes; ++i) {
    env.Reset(start, 1, &r);
    wa::OracleRunner runner(plan);
    for (int k = 0; k < 40 && !runner.done(); ++k) {
      std::string action = runner.Next(env);
      auto s0 = Clock::now();
      env.Step(action, &r);
      step_us->push_back(Micros(s0, Clock::now()));
      if (!r.info.action_error.empty()) {
        fmt::print(stderr, "{} scripted mix: {}\n", start, r.info.action_error);
        return false;
      }
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string out_path = "out/sim_bench.json";
  int reps = 2000;
  bool shopping_only = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--out" && i + 1 < argc) {
      out_path = argv[++i];
    } else if (a == "--reps" && i + 1 < argc) {
      reps = std::max(10, std::atoi(argv[++i]));
    } else if (a == "--shopping-only") {
      shopping_only = true;
    } else if (a == "--help" || a == "-h") {
      fmt::print("usage: sim_bench [--reps N] [--out FILE] [--shopping-only]\n");
      return 0;
    } else {
      fmt::print(stderr, "unknown argument {}\n", a);
      return 2;
    }
  }
  if (shopping_only) {  // for profiling the shopping site alone
    std::vector<double> reset_us, step_us;
    if (!SiteRandomSteps("__SHOPPING__/", reps, &reset_us, &step_us)) return 1;
    Stats a = Summarise(reset_us), b = Summarise(step_us);
    fmt::print("shopping: reset median {:.1f} us, random step median {:.1f} us p90 {:.1f} us\n",
               a.median_us, b.median_us, b.p90_us);
    return 0;
  }
  nlohmann::json result;
  wa::Env env;
  wa::StepResult r;

  // Reset latency.
  std::vector<double> reset_us;
  for (int i = 0; i < reps; ++i) {
    auto t0 = Clock::now();
    wa::Status st = env.Reset("__FIXTURE__/", static_cast<uint64_t>(i), &r);
    auto t1 = Clock::now();
    if (!st.ok()) {
      fmt::print(stderr, "reset failed: {}\n", st.message());
      return 1;
    }
    reset_us.push_back(Micros(t0, t1));
  }
  Stats reset = Summarise(reset_us);

  const std::vector<StepCase> cases = {
      {"click link (navigate)", "/items", "data-text=\"Next\"",
       "do(action=\"Click\", element=\"{}\")"},
      {"click checkbox", "/form", "type=\"checkbox\"", "do(action=\"Click\", element=\"{}\")"},
      {"type", "/form", "placeholder=\"Jane Doe\"",
       "do(action=\"Type\", argument=\"Jane Roe\", element=\"{}\")"},
      {"select option", "/form", "data-value=\"General question\"",
       "do(action=\"Select Dropdown Option\", argument=\"refund\", element=\"{}\")"},
      {"scroll down", "/long", "", "do(action=\"Scroll Down\")"},
      {"hover menu", "/", "More", "do(action=\"Hover\", element=\"{}\")"},
      {"go backward (navigate)", "/items", "data-text=\"Next\"", "go_backward()", true},
      {"submit form (POST)", "/form", "Send message", "do(action=\"Click\", element=\"{}\")"},
      {"click link, caches off", "/items", "data-text=\"Next\"",
       "do(action=\"Click\", element=\"{}\")"},
  };
  std::vector<std::pair<std::string, Stats>> step_stats;
  std::vector<double> all_steps;
  for (const StepCase& c : cases) {
    std::vector<double> us;
    for (int i = 0; i < reps; ++i) {
      env.Reset("__FIXTURE__" + c.path, 1, &r);
      std::string action = c.action;
      if (!c.needle.empty()) {
        int id = IdOf(r.observation, c.needle);
        if (c.after_click) {
          env.Step(fmt::format("do(action=\"Click\", element=\"{}\")", id), &r);
        } else {
          action = fmt::format(fmt::runtime(c.action), id);
        }
      }
      if (c.name == "submit form (POST)") {
        env.Step(fmt::format("do(action=\"Type\", argument=\"Ann\", element=\"{}\")",
                             IdOf(r.observation, "placeholder=\"Jane Doe\"")),
                 &r);
      }
      // Every other case reuses responses (same database content, URL and cookies) and compiled
      // pages (identical HTML) after the first visit; this one measures a navigation that must
      // run the handler and parse, style and lay out its page.
      bool cold = c.name == "click link, caches off";
      size_t response_capacity = wa::ResponseCache::Global().capacity();
      if (cold) {
        wa::PageCache::Global().set_capacity(0);
        wa::ResponseCache::Global().set_capacity(0);
      }
      auto t0 = Clock::now();
      env.Step(action, &r);
      auto t1 = Clock::now();
      if (cold) {
        wa::PageCache::Global().set_capacity(1024);
        wa::ResponseCache::Global().set_capacity(response_capacity);
      }
      if (!r.info.action_error.empty()) {
        fmt::print(stderr, "{}: {}\n", c.name, r.info.action_error);
        return 1;
      }
      us.push_back(Micros(t0, t1));
    }
    all_steps.insert(all_steps.end(), us.begin(), us.end());
    step_stats.emplace_back(c.name, Summarise(us));
  }
  Stats overall = Summarise(all_steps);

  // Observation sizes.
  std::vector<std::pair<std::string, size_t>> sizes;
  for (const char* path : {"/", "/items", "/form", "/long", "/submissions"}) {
    for (auto type : {wa::ObservationType::kWebRL, wa::ObservationType::kAxTree,
                      wa::ObservationType::kCompact}) {
      wa::EnvOptions o;
      o.observation.type = type;
      wa::Env e(o);
      e.Reset(std::string("__FIXTURE__") + path, 1, &r);
      sizes.emplace_back(std::string(path) + " " + wa::ObservationTypeName(type),
                         r.observation.size());
    }
  }

  // Shopping site: reset and the step latency of a random-policy page mix (search, category and
  // product pages, cart, account pages, scrolling).
  std::vector<double> shop_reset_us, shop_step_us;
  if (!SiteRandomSteps("__SHOPPING__/", std::max(20, reps / 10), &shop_reset_us, &shop_step_us))
    return 1;
  // The same with both caches off: every navigation runs its handler and compiles its page.
  std::vector<double> cold_reset_us, cold_step_us;
  {
    size_t response_capacity = wa::ResponseCache::Global().capacity();
    wa::PageCache::Global().set_capacity(0);
    wa::ResponseCache::Global().set_capacity(0);
    bool ok =
        SiteRandomSteps("__SHOPPING__/", std::max(20, reps / 10), &cold_reset_us, &cold_step_us);
    wa::PageCache::Global().set_capacity(1024);
    wa::ResponseCache::Global().set_capacity(response_capacity);
    if (!ok) return 1;
  }
  Stats cold_step = Summarise(cold_step_us);
  Stats shop_reset = Summarise(shop_reset_us), shop_step = Summarise(shop_step_us);

  // Shopping site: a scripted page mix repeated after each reset, like the fixture cases above
  // (search, sort, product page, add to cart, account pages, back), so pages recur.
  std::vector<double> shop_mix_us;
  {
    using K = wa::OracleOp::Kind;
    const std::vector<wa::OracleOp> plan = {
        {K::kSearch, "#search", "", "yoga mat", ""},
        {K::kClick, ".sorter-options a", "Price", "", ""},
        {K::kClick, "a.product-item-link", "", "", ""},
        {K::kClick, "#product-addtocart-button", "", "", ""},
        {K::kClick, ".header.links a", "My Account", "", ""},
        {K::kClick, ".nav.items a", "My Orders", "", ""},
        {K::kGoBack, "", "", "", ""},
    };
    if (!ScriptedSteps("__SHOPPING__/", plan, std::max(20, reps / 10), &shop_mix_us)) return 1;
  }
  Stats shop_mix = Summarise(shop_mix_us);

  // Reddit-like forum: random steps, and a scripted mix (forum list, a forum sorted by new, a
  // post, a vote, the author's page, back).
  std::vector<double> reddit_reset_us, reddit_step_us, reddit_mix_us;
  if (!SiteRandomSteps("__REDDIT__/", std::max(20, reps / 10), &reddit_reset_us, &reddit_step_us)) {
    return 1;
  }
  {
    using K = wa::OracleOp::Kind;
    const std::vector<wa::OracleOp> plan = {
        {K::kClick, ".site-nav__links a", "Forums", "", ""},
        {K::kClick, "a.forum-list__name", "books", "", ""},
        {K::kClick, ".submission-sort a", "New", "", ""},
        {K::kClick, "a.submission__link", "", "", ""},
        {K::kClick, "button.vote__up", "", "", ""},
        {K::kClick, "a.submission__submitter", "", "", ""},
        {K::kGoBack, "", "", "", ""},
    };
    if (!ScriptedSteps("__REDDIT__/", plan, std::max(20, reps / 10), &reddit_mix_us)) return 1;
  }
  Stats reddit_reset = Summarise(reddit_reset_us), reddit_step = Summarise(reddit_step_us),
        reddit_mix = Summarise(reddit_mix_us);

  // Shopping admin: random steps, and a scripted mix over grids, an order, a product edit and a
  // report (menu, orders grid, a status filter, an order, the products grid, a keyword search,
  // a product, a report with dates, back).
  std::vector<double> admin_reset_us, admin_step_us, admin_mix_us;
  if (!SiteRandomSteps("__SHOPPING_ADMIN__", std::max(20, reps / 10), &admin_reset_us,
                       &admin_step_us)) {
    return 1;
  }
  {
    using K = wa::OracleOp::Kind;
    const std::vector<wa::OracleOp> plan = {
        {K::kHover, "li.level-0", "Sales", "", ""},
        {K::kClick, ".submenu a", "Orders", "", ""},
        {K::kSelect, "#filter_status", "", "Complete", ""},
        {K::kClick, ".admin__data-grid-filters button", "", "", ""},
        {K::kClick, "a.action-menu-item", "", "", ""},
        {K::kHover, "li.level-0", "Catalog", "", ""},
        {K::kClick, ".submenu a", "Products", "", ""},
        {K::kType, "#fulltext", "", "Tee", ""},
        {K::kClick, ".data-grid-search-control-wrap button", "", "", ""},
        {K::kClick, "a.action-menu-item", "", "", ""},
        {K::kHover, "li.level-0", "Reports", "", ""},
        {K::kClick, ".submenu a", "Bestsellers", "", ""},
        {K::kType, "#sales_report_from", "", "1/1/23", ""},
        {K::kType, "#sales_report_to", "", "3/31/23", ""},
        {K::kClick, "#filter_form_submit", "", "", ""},
        {K::kGoBack, "", "", "", ""},
    };
    if (!ScriptedSteps("__SHOPPING_ADMIN__", plan, std::max(20, reps / 10), &admin_mix_us)) {
      return 1;
    }
  }
  Stats admin_reset = Summarise(admin_reset_us), admin_step = Summarise(admin_step_us),
        admin_mix = Summarise(admin_mix_us);

  // GitLab: random steps, and a scripted mix (explore sorted by stars, a project, its commits
  // filtered by a day, contributors, an issue list filtered by a label, an issue, members, the
  // review dashboard and a merge request, a profile tab, back).
  std::vector<double> gitlab_reset_us, gitlab_step_us, gitlab_mix_us;
  if (!SiteRandomSteps("__GITLAB__", std::max(20, reps / 10), &gitlab_reset_us, &gitlab_step_us)) {
    return 1;
  }
  {
    using K = wa::OracleOp::Kind;
    const std::vector<wa::OracleOp> plan = {
        {K::kClick, "a.explore-link", "", "", ""},
        {K::kClick, ".nav-tabs a", "Most starred", "", ""},
        {K::kSearch, "#project-filter-form-field", "", "a11yproject", ""},
        {K::kClick, "a.project-name[href=\"/a11yproject/a11yproject.com\"]", "", "", ""},
        {K::kClick, "a.shortcuts-commits", "", "", ""},
        {K::kType, "#commits-since", "", "2023-01-03", ""},
        {K::kType, "#commits-until", "", "2023-01-03", ""},
        {K::kClick, ".commits-search-form button", "", "", ""},
        {K::kClick, "a.shortcuts-contributors", "", "", ""},
        {K::kClick, "a.shortcuts-labels", "", "", ""},
        {K::kClick, ".manage-labels-list a.gl-label", "bug", "", ""},
        {K::kClick, "a.issue-title-text", "", "", ""},
        {K::kClick, "a.shortcuts-members", "", "", ""},
        {K::kClick, "a.dashboard-shortcuts-review_requests", "", "", ""},
        {K::kClick, "a.issue-title-text", "", "", ""},
        {K::kClick, "a.header-user-dropdown-toggle", "", "", ""},
        {K::kClick, ".user-profile-nav a", "Contributed projects", "", ""},
        {K::kGoBack, "", "", "", ""},
    };
    if (!ScriptedSteps("__GITLAB__", plan, std::max(20, reps / 10), &gitlab_mix_us)) return 1;
  }
  Stats gitlab_reset = Summarise(gitlab_reset_us), gitlab_step = Summarise(gitlab_step_us),
        gitlab_mix = Summarise(gitlab_mix_us);

  // Map: random steps, and a scripted mix (a "near" search, a place page, directions by car,
  // the same route on foot (a second Dijkstra), reverse, back); wiki: random steps.
  std::vector<double> map_reset_us, map_step_us, map_mix_us, wiki_reset_us, wiki_step_us;
  if (!SiteRandomSteps("__MAP__", std::max(20, reps / 10), &map_reset_us, &map_step_us) ||
      !SiteRandomSteps("__WIKIPEDIA__/wikipedia_en_all_maxi_2022-05/A/Main_Page",
                       std::max(20, reps / 10), &wiki_reset_us, &wiki_step_us)) {
    return 1;
  }
  {
    using K = wa::OracleOp::Kind;
    const std::vector<wa::OracleOp> plan = {
        {K::kSearch, "#query", "", "cafe near Hunt Library", ""},
        {K::kClick, "a.set_position", "", "", ""},
        {K::kClick, "a.directions", "", "", ""},
        {K::kType, "[name=route_from]", "", "Randyland", ""},
        {K::kType, "[name=route_to]", "", "Carnegie Mellon University", ""},
        {K::kClick, "input.routing_go", "", "", ""},
        {K::kSelect, "select.routing_engines", "", "Foot (OSRM)", ""},
        {K::kClick, "input.routing_go", "", "", ""},
        {K::kClick, "a.reverse_directions", "", "", ""},
        {K::kGoBack, "", "", "", ""},
    };
    if (!ScriptedSteps("__MAP__", plan, std::max(20, reps / 10), &map_mix_us)) return 1;
  }
  Stats map_reset = Summarise(map_reset_us), map_step = Summarise(map_step_us),
        map_mix = Summarise(map_mix_us), wiki_reset = Summarise(wiki_reset_us),
        wiki_step = Summarise(wiki_step_us);

  // VecEnv throughput with the random policy, EnvPool style: the caller computes the next action
  // of each environment as soon as its previous step finished (asynchronous send/recv), so policy
  // and simulation overlap. 8 environments per worker thread.
  std::vector<std::pair<size_t, double>> throughput;
  for (size_t threads : {1, 2}) {
    const size_t kEnvs = 8 * threads;
    wa::EnvOptions o;
    o.max_steps = 1000000;
    wa::VecEnv vec(kEnvs, threads, o);
    std::vector<wa::EpisodeSpec> specs(kEnvs, wa::EpisodeSpec::FromUrl("__FIXTURE__/"));
    std::vector<uint64_t> seeds(kEnvs, 1);
    vec.ResetAll(specs, seeds);
    std::vector<wa::Rng> rngs;
    for (size_t i = 0; i < kEnvs; ++i) rngs.emplace_back(i + 100);
    long steps = 0;
    auto t0 = Clock::now();
    for (size_t i = 0; i < kEnvs; ++i) {
      vec.SendStep(i, wa::RandomActionText(*vec.env(i).browser().page(), rngs[i], 0.0));
    }
    while (Micros(t0, Clock::now()) < 3e6) {
      for (size_t i : vec.Recv(1)) {
        ++steps;
        vec.SendStep(i, wa::RandomActionText(*vec.env(i).browser().page(), rngs[i], 0.0));
      }
    }
    double secs = Micros(t0, Clock::now()) / 1e6;
    vec.Recv(kEnvs);
    throughput.emplace_back(threads, static_cast<double>(steps) / secs);
  }

  fmt::print("\n{:<28}{:>12}{:>12}{:>12}\n", "latency (us)", "median", "p90", "mean");
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "reset (fixture home)", reset.median_us,
             reset.p90_us, reset.mean_us);
  result["reset_us"] = {
      {"median", reset.median_us}, {"p90", reset.p90_us}, {"mean", reset.mean_us}};
  for (const auto& [name, s] : step_stats) {
    fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "step: " + name, s.median_us, s.p90_us,
               s.mean_us);
    result["step_us"][name] = {{"median", s.median_us}, {"p90", s.p90_us}, {"mean", s.mean_us}};
  }
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "step: all of the above", overall.median_us,
             overall.p90_us, overall.mean_us);
  result["step_us"]["all"] = {{"median", overall.median_us}, {"p90", overall.p90_us}};
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "shopping: reset", shop_reset.median_us,
             shop_reset.p90_us, shop_reset.mean_us);
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "shopping: random step", shop_step.median_us,
             shop_step.p90_us, shop_step.mean_us);
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "shopping: random, caches off",
             cold_step.median_us, cold_step.p90_us, cold_step.mean_us);
  result["shopping_step_caches_off_us"] = {{"median", cold_step.median_us},
                                           {"p90", cold_step.p90_us}};
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "shopping: scripted mix", shop_mix.median_us,
             shop_mix.p90_us, shop_mix.mean_us);
  result["shopping_mix_step_us"] = {{"median", shop_mix.median_us}, {"p90", shop_mix.p90_us}};
  result["shopping_reset_us"] = {{"median", shop_reset.median_us}, {"p90", shop_reset.p90_us}};
  result["shopping_step_us"] = {{"median", shop_step.median_us}, {"p90", shop_step.p90_us}};
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "reddit: reset", reddit_reset.median_us,
             reddit_reset.p90_us, reddit_reset.mean_us);
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "reddit: random step", reddit_step.median_us,
             reddit_step.p90_us, reddit_step.mean_us);
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "reddit: scripted mix", reddit_mix.median_us,
             reddit_mix.p90_us, reddit_mix.mean_us);
  result["reddit_reset_us"] = {{"median", reddit_reset.median_us}, {"p90", reddit_reset.p90_us}};
  result["reddit_step_us"] = {{"median", reddit_step.median_us}, {"p90", reddit_step.p90_us}};
  result["reddit_mix_step_us"] = {{"median", reddit_mix.median_us}, {"p90", reddit_mix.p90_us}};
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "shopping_admin: reset", admin_reset.median_us,
             admin_reset.p90_us, admin_reset.mean_us);
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "shopping_admin: random step",
             admin_step.median_us, admin_step.p90_us, admin_step.mean_us);
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "shopping_admin: scripted mix",
             admin_mix.median_us, admin_mix.p90_us, admin_mix.mean_us);
  result["admin_reset_us"] = {{"median", admin_reset.median_us}, {"p90", admin_reset.p90_us}};
  result["admin_step_us"] = {{"median", admin_step.median_us}, {"p90", admin_step.p90_us}};
  result["admin_mix_step_us"] = {{"median", admin_mix.median_us}, {"p90", admin_mix.p90_us}};
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "gitlab: reset", gitlab_reset.median_us,
             gitlab_reset.p90_us, gitlab_reset.mean_us);
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "gitlab: random step", gitlab_step.median_us,
             gitlab_step.p90_us, gitlab_step.mean_us);
  fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", "gitlab: scripted mix", gitlab_mix.median_us,
             gitlab_mix.p90_us, gitlab_mix.mean_us);
  result["gitlab_reset_us"] = {{"median", gitlab_reset.median_us}, {"p90", gitlab_reset.p90_us}};
  result["gitlab_step_us"] = {{"median", gitlab_step.median_us}, {"p90", gitlab_step.p90_us}};
  result["gitlab_mix_step_us"] = {{"median", gitlab_mix.median_us}, {"p90", gitlab_mix.p90_us}};
  for (const auto& [name, st, key] :
       {std::tuple{"map: reset", &map_reset, "map_reset_us"},
        std::tuple{"map: random step", &map_step, "map_step_us"},
        std::tuple{"map: scripted mix", &map_mix, "map_mix_step_us"},
        std::tuple{"wiki: reset", &wiki_reset, "wiki_reset_us"},
        std::tuple{"wiki: random step", &wiki_step, "wiki_step_us"}}) {
    fmt::print("{:<28}{:>12.1f}{:>12.1f}{:>12.1f}\n", name, st->median_us, st->p90_us, st->mean_us);
    result[key] = {{"median", st->median_us}, {"p90", st->p90_us}};
  }
  fmt::print("\n{:<28}{:>12}\n", "observation", "bytes");
  for (const auto& [name, n] : sizes) {
    fmt::print("{:<28}{:>12}\n", name, n);
    result["observation_bytes"][name] = n;
  }
  fmt::print("\n{:<28}{:>12}\n", "VecEnv (8 envs/thread, async)", "steps/s");
  for (const auto& [t, sps] : throughput) {
    fmt::print("{:<28}{:>12.0f}\n", fmt::format("{} thread(s)", t), sps);
    result["vecenv_steps_per_s"][std::to_string(t) + "_threads"] = sps;
  }
  fmt::print(
      "\ntargets: median step < 50 us: {} | reset < 1 ms: {} | VecEnv >= 20000 steps/s: {}\n",
      overall.median_us < 50 ? "met" : "NOT met", reset.median_us < 1000 ? "met" : "NOT met",
      throughput.back().second >= 20000 ? "met" : "NOT met");
  fmt::print(
      "shopping: median scripted-mix step < 100 us: {} | median random step < 100 us: {} | "
      "reset < 2 ms: {}\n",
      shop_mix.median_us < 100 ? "met" : "NOT met", shop_step.median_us < 100 ? "met" : "NOT met",
      shop_reset.median_us < 2000 ? "met" : "NOT met");
  fmt::print(
      "reddit: median scripted-mix step < 100 us: {} | median random step < 100 us: {} | "
      "reset < 2 ms: {}\n",
      reddit_mix.median_us < 100 ? "met" : "NOT met",
      reddit_step.median_us < 100 ? "met" : "NOT met",
      reddit_reset.median_us < 2000 ? "met" : "NOT met");
  fmt::print(
      "shopping_admin: median scripted-mix step < 100 us: {} | median random step < 100 us: {} | "
      "reset < 2 ms: {}\n",
      admin_mix.median_us < 100 ? "met" : "NOT met", admin_step.median_us < 100 ? "met" : "NOT met",
      admin_reset.median_us < 2000 ? "met" : "NOT met");
  fmt::print(
      "gitlab: median scripted-mix step < 100 us: {} | median random step < 100 us: {} | "
      "reset < 2 ms: {}\n",
      gitlab_mix.median_us < 100 ? "met" : "NOT met",
      gitlab_step.median_us < 100 ? "met" : "NOT met",
      gitlab_reset.median_us < 2000 ? "met" : "NOT met");
  result["reps"] = reps;
  if (wa::Status st = wa::WriteFileAtomic(out_path, result.dump(2) + "\n"); !st.ok()) {
    fmt::print(stderr, "error: {}\n", st.message());
    return 1;
  }
  fmt::print("wrote {}\n", out_path);
  return 0;
}
