// Browser: tabs, history, navigation, form submission and action execution over simulated sites.
//
// A Browser belongs to one environment. It owns each site's mutable state (its SQLite database
// and cookie jar) and the tabs. Navigation routes a URL to the site that owns its origin,
// follows redirects (POST responses redirect, as real sites do), parses the HTML once into a
// Document, styles and lays it out. Actions address elements by the label ids of the last
// observation. Nothing here throws; invalid or impossible actions return a Status and leave the
// state unchanged.
#ifndef WEBAGENT_SIM_BROWSER_H_
#define WEBAGENT_SIM_BROWSER_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/action.h"
#include "sim/db.h"
#include "sim/layout.h"
#include "sim/observation.h"
#include "sim/page.h"
#include "sim/rng.h"
#include "sim/site.h"

namespace wa {

struct BrowserOptions {
  LayoutOptions layout;       // viewport 1280x720
  float scroll_step = 480.f;  // px per Scroll Up/Down (2/3 of the viewport height)
  int max_redirects = 10;     // per navigation
  size_t max_tabs = 16;       // new-tab links beyond this reuse the active tab
  size_t max_history = 256;   // entries per tab
};

// One site's mutable state in one environment.
struct SiteState {
  std::shared_ptr<const SiteModel> model;
  std::unique_ptr<Db> db;
  std::map<std::string, std::string> cookies;
  uint64_t writes = 0;  // POST requests served since reset
};

struct Tab {
  std::vector<std::string> history;  // URLs
  std::vector<float> scrolls;        // per history entry: where the page was when left
  size_t index = 0;                  // current entry
  std::unique_ptr<Page> page;
};

class Browser {
 public:
  explicit Browser(const BrowserOptions& options = {});

  // Adds a site (once) and restores its database to the pristine image.
  Status ResetSite(const std::shared_ptr<const SiteModel>& model, bool logged_in);
  // Closes all tabs.
  void CloseAll();
  // Opens a URL in a new tab, which becomes active.
  Status OpenTab(std::string_view url);
  // Makes tab i active (ignored when out of range).
  void ActivateTab(size_t i) {
    if (i < tabs_.size()) active_ = i;
  }

  // Executes one parsed action (exit is handled by the environment). On error nothing changed.
  Status Execute(const Action& action);

  // The virtual clock, set by the environment before each step.
  void set_now(int64_t now) { now_ = now; }
  int64_t now() const { return now_; }
  void set_rng(Rng* rng) { rng_ = rng; }

  const std::vector<Tab>& tabs() const { return tabs_; }
  size_t active_tab() const { return active_; }
  Page* page() { return tabs_.empty() ? nullptr : tabs_[active_].page.get(); }
  const Page* page() const { return tabs_.empty() ? nullptr : tabs_[active_].page.get(); }
  std::string url() const { return page() ? page()->url() : std::string(); }

  SiteState* site(std::string_view name);
  const std::map<std::string, SiteState>& sites() const { return sites_; }
  // Hash of every site database plus cookies: equal states give equal hashes.
  Result<uint64_t> StateHash();

  // Navigates the active tab (GET), pushing a history entry.
  Status Navigate(std::string_view url);

 private:
  // Fetches url (following redirects) and builds a page. `final_url` gets the URL after
  // redirects. Unknown hosts give a browser error page, not an error status.
  Status Load(std::string method, std::string url, const QueryParams& form,
              std::unique_ptr<Page>* page);
  Status NavigateTab(size_t tab, std::string method, std::string url, const QueryParams& form,
                     bool push_history);
  void PushHistory(Tab* tab, const std::string& url);
  Status Traverse(int delta);
  Status Click(NodeId node);
  Status SubmitForm(NodeId form, NodeId submitter);
  Status PressEnter(NodeId node);
  Status TypeInto(NodeId node, const std::string& text);
  Result<NodeId> Resolve(int element) const;
  std::string Describe(NodeId node) const;
  SiteState* SiteFor(const Url& url);

  BrowserOptions options_;
  std::map<std::string, SiteState> sites_;
  std::vector<Tab> tabs_;
  size_t active_ = 0;
  int64_t now_ = 0;
  Rng* rng_ = nullptr;
  Rng default_rng_{0};
};

}  // namespace wa

#endif  // WEBAGENT_SIM_BROWSER_H_
