#include "bridge/validate.h"

#include <algorithm>
#include <map>
#include <set>

#include "bridge/parity.h"
#include "bridge/server.h"
#include "bridge/webdriver.h"
#include "sim/harness.h"
#include "sim/site.h"
#include "sim/url.h"

namespace wa {

Result<nlohmann::json> ValidateSplit(const ValidateOptions& options,
                                     const std::function<void(size_t, size_t)>& progress) {
  auto tasks = GenerateSplit(options.split, options.split_options);
  if (!tasks.ok()) return tasks.status();
  // The pages the oracle visits, in the simulator.
  std::vector<Task> plain;
  for (const GeneratedTask& g : *tasks) plain.push_back(g.task);
  auto oracle = MakeOraclePolicy(*tasks, SiteOptions{options.split_options.seed});
  HarnessOptions ho;
  ho.keep_trace = true;
  ho.keep_actions = false;
  ho.seed = options.split_options.seed;
  EvalReport report = RunEvaluation(plain, oracle.get(), ho);
  std::vector<std::pair<std::string, std::string>> pages;  // site, URL
  std::set<std::string> seen;
  std::set<std::string> needed_sites;
  std::vector<std::shared_ptr<const SiteModel>> models;
  for (const std::string& name : AvailableSites()) {
    auto m = GetSite(name, SiteOptions{options.split_options.seed});
    if (!m.ok()) return m.status();
    models.push_back(*m);
  }
  for (const TaskOutcome& o : report.outcomes) {
    for (const TraceStep& t : o.trace) {
      auto url = ParseUrl(t.url);
      if (!url.ok()) continue;
      std::string site;
      for (const auto& m : models) {
        if (m->Owns(*url)) site = m->name;
      }
      if (site.empty() || !seen.insert(t.url).second) continue;
      pages.emplace_back(site, t.url);
      needed_sites.insert(site);
    }
  }
  if (options.max_pages > 0 && pages.size() > options.max_pages) pages.resize(options.max_pages);
  ServeOptions so;
  so.sites.assign(needed_sites.begin(), needed_sites.end());
  so.port_offset = options.port_offset;
  so.seed = options.split_options.seed;
  auto server = SimServer::Start(so);
  if (!server.ok()) return server.status();
  auto driver = WebDriver::Launch();
  if (!driver.ok()) return driver.status();

  struct Totals {
    size_t pages = 0, exact = 0, sim = 0, browser = 0, matched = 0;
    double agreement = 0, iou = 0;
    std::map<std::string, int> divergences;
  };
  std::map<std::string, Totals> by_site;
  nlohmann::json page_rows = nlohmann::json::array();
  Env env;
  for (size_t k = 0; k < pages.size(); ++k) {
    const auto& [site, url_text] = pages[k];
    if (progress) progress(k, pages.size());
    StepResult r;
    EpisodeSpec spec = EpisodeSpec::FromUrl(url_text);
    if (!env.Reset(spec, 1, &r).ok() || env.browser().page() == nullptr) continue;
    auto url = ParseUrl(url_text);
    if (!url.ok()) continue;
    const std::string real =
        "http://127.0.0.1:" + std::to_string(url->port + options.port_offset) + url->Target();
    WA_RETURN_IF_ERROR((*driver)->Navigate(real));
    auto browser = BrowserElements(**driver);
    if (!browser.ok()) return browser.status();
    PageParity p = ComparePages(SimElements(*env.browser().page()), *browser);
    Totals& t = by_site[site];
    ++t.pages;
    t.exact += p.only_sim.empty() && p.only_browser.empty();
    t.sim += p.sim;
    t.browser += p.browser;
    t.matched += p.matched;
    t.agreement += p.agreement();
    t.iou += p.mean_iou;
    for (const std::string& d : p.only_sim) t.divergences["sim only: " + d]++;
    for (const std::string& d : p.only_browser) t.divergences["browser only: " + d]++;
    page_rows.push_back({{"site", site},
                         {"url", url_text},
                         {"sim", p.sim},
                         {"browser", p.browser},
                         {"matched", p.matched},
                         {"agreement", p.agreement()},
                         {"mean_iou", p.mean_iou},
                         {"only_sim", p.only_sim},
                         {"only_browser", p.only_browser}});
  }
  if (progress) progress(pages.size(), pages.size());
  nlohmann::json sites = nlohmann::json::array();
  Totals all;
  for (const auto& [site, t] : by_site) {
    std::vector<std::pair<int, std::string>> top;
    for (const auto& [d, n] : t.divergences) top.emplace_back(n, d);
    std::sort(top.begin(), top.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    if (top.size() > 10) top.resize(10);
    nlohmann::json div = nlohmann::json::array();
    for (const auto& [n, d] : top) div.push_back({{"pages", n}, {"element", d}});
    const double n = static_cast<double>(std::max<size_t>(t.pages, 1));
    sites.push_back({{"site", site},
                     {"pages", t.pages},
                     {"exact", t.exact},
                     {"elements_sim", t.sim},
                     {"elements_browser", t.browser},
                     {"elements_matched", t.matched},
                     {"agreement", t.agreement / n},
                     {"mean_iou", t.iou / n},
                     {"divergences", div}});
    all.pages += t.pages;
    all.exact += t.exact;
    all.agreement += t.agreement;
    all.iou += t.iou;
  }
  const double n = static_cast<double>(std::max<size_t>(all.pages, 1));
  return nlohmann::json{{"browser", (*driver)->browser_version()},
                        {"tasks", plain.size()},
                        {"pages", all.pages},
                        {"exact", all.exact},
                        {"agreement", all.agreement / n},
                        {"mean_iou", all.iou / n},
                        {"sites", sites},
                        {"page_rows", page_rows}};
}

}  // namespace wa
