#include "sim/env.h"

#include <algorithm>

namespace wa {

EpisodeSpec EpisodeSpec::FromUrl(std::string_view url) {
  EpisodeSpec spec;
  spec.start_urls.emplace_back(url);
  return spec;
}

Env::Env(const EnvOptions& options) : options_(options), browser_(options.browser) {
  browser_.set_rng(&rng_);
}

Status Env::Reset(const EpisodeSpec& spec, uint64_t seed, StepResult* out) {
  *out = StepResult();
  done_ = true;
  has_episode_ = false;
  spec_ = spec;
  rng_ = Rng(seed);
  now_ = spec.start_time;
  steps_ = 0;
  browser_.set_now(now_);
  browser_.CloseAll();
  if (spec.start_urls.empty()) return InvalidArgument("episode has no start URL");

  // Which sites to reset: the listed ones, else those owning the start URLs.
  std::vector<std::string> names = spec.sites;
  if (names.empty()) {
    for (const std::string& u : spec.start_urls) {
      auto url = ParseUrl(ExpandPlaceholders(u));
      if (!url.ok()) return InvalidArgument("bad start URL '" + u + "': " + url.status().message());
      for (const SiteHost& h : KnownSiteHosts()) {
        auto base = ParseUrl(h.base_url);
        if (base.ok() && base->Origin() == url->Origin() &&
            std::find(names.begin(), names.end(), h.name) == names.end()) {
          names.push_back(h.name);
        }
      }
    }
  }
  for (const std::string& name : names) {
    auto site = GetSite(name, options_.sites);
    if (!site.ok()) return site.status();
    WA_RETURN_IF_ERROR(browser_.ResetSite(*site, spec.logged_in));
  }
  for (const std::string& u : spec.start_urls) WA_RETURN_IF_ERROR(browser_.OpenTab(u));
  // As in the reference harness, the first tab is active after a multi-tab start.
  browser_.ActivateTab(0);
  done_ = false;
  has_episode_ = true;
  Observe(&out->observation);
  FillInfo(out);
  return Status::Ok();
}

void Env::Observe(std::string* out) {
  Page* page = browser_.page();
  if (page == nullptr) {
    out->clear();
    return;
  }
  RenderObservation(page, options_.observation, out);
}

void Env::FillInfo(StepResult* out) {
  StepInfo& info = out->info;
  info.step = steps_;
  info.now = now_;
  info.tabs.clear();
  for (const Tab& t : browser_.tabs()) {
    info.tabs.push_back(
        {t.page ? t.page->url() : std::string(), t.page ? t.page->title() : std::string()});
  }
  info.active_tab = static_cast<int>(browser_.active_tab());
  const Page* p = browser_.page();
  info.url = p ? p->url() : std::string();
  info.title = p ? p->title() : std::string();
}

void Env::Finish(StepResult* out, std::string_view answer) {
  done_ = true;
  if (spec_.evaluator) {
    out->reward = spec_.evaluator->Score(&browser_, spec_, answer, &out->info.eval_explanation);
  }
}

void Env::Step(std::string_view action_text, StepResult* out) {
  auto action = ParseAction(action_text);
  if (!action.ok()) {
    StepAction(Action{}, out);
    if (out->info.action_error.empty()) out->info.action_error = action.status().message();
    return;
  }
  StepAction(*action, out);
}

void Env::StepAction(const Action& action, StepResult* out) {
  out->reward = 0;
  out->terminated = out->truncated = false;
  out->info = StepInfo();
  out->info.action = action;
  if (!has_episode_ || done_) {
    out->info.action_error = has_episode_ ? "the episode is over; call Reset" : "call Reset first";
    out->terminated = has_episode_;
    Observe(&out->observation);
    FillInfo(out);
    return;
  }
  now_ += options_.seconds_per_step;
  browser_.set_now(now_);
  ++steps_;
  if (action.type == ActionType::kExit) {
    out->terminated = true;
    out->info.answer = action.argument;
    Finish(out, action.argument);
  } else {
    Status st = browser_.Execute(action);
    if (!st.ok()) out->info.action_error = st.message();
    if (steps_ >= options_.max_steps) {
      out->truncated = true;
      Finish(out, "");
    }
  }
  Observe(&out->observation);
  FillInfo(out);
}

}  // namespace wa
