#include "rl/rollout.h"

#include <algorithm>
#include <chrono>

#include "agent/episode_store.h"
#include "agent/response.h"
#include "rl/batcher.h"
#include "sim/evaluator.h"
#include "sim/text.h"
#include "sim/vec_env.h"

namespace wa {
namespace {

using Clock = std::chrono::steady_clock;
double Since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

uint64_t Mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

constexpr uint64_t kMembersPerGroup = 1 << 16;

}  // namespace

// A trajectory in flight.
struct RolloutEngine::Live {
  uint64_t group = 0;
  int member = 0;
  size_t env = 0;
  std::vector<AgentTurn> history;
  int parse_failures = 0;
  Trajectory out;
};

RolloutEngine::RolloutEngine(Transformer actor, const Tokenizer& tokenizer, AgentSettings settings,
                             RolloutOptions options)
    : actor_(std::move(actor)),
      tokenizer_(tokenizer),
      settings_(std::move(settings)),
      options_(std::move(options)) {
  options_.group_size = std::max(1, options_.group_size);
  options_.max_live = std::max(options_.max_live, static_cast<size_t>(options_.group_size));
  options_.max_batch = std::max(1, options_.max_batch);
  options_.groups_per_update = std::max(1, options_.groups_per_update);
  options_.staleness = std::max(0, options_.staleness);
}

RolloutEngine::~RolloutEngine() { Stop(); }

std::vector<RolloutGroup> RolloutEngine::Run(const std::vector<Task>& tasks, uint64_t first_group,
                                             int version) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    version_ = version;
    stop_ = false;
  }
  std::vector<RolloutGroup> out(tasks.size());
  Loop([&](uint64_t j) { return tasks[j - first_group]; }, first_group, first_group + tasks.size(),
       [&](RolloutGroup g) { out[g.index - first_group] = std::move(g); });
  return out;
}

void RolloutEngine::Start(TaskSource source, uint64_t first_group, int version) {
  Stop();
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = false;
    version_ = version;
    granted_.reset();
    next_out_ = first_group;
    ready_.clear();
    error_.clear();
  }
  thread_ = std::thread([this, source = std::move(source), first_group]() {
    Loop(source, first_group, std::nullopt, [this](RolloutGroup g) {
      std::lock_guard<std::mutex> lock(mu_);
      ready_[g.index] = std::move(g);
      cv_.notify_all();
    });
  });
}

RolloutGroup RolloutEngine::Next() {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [&] { return ready_.count(next_out_) > 0 || stop_; });
  if (ready_.count(next_out_) == 0) return RolloutGroup();
  RolloutGroup g = std::move(ready_[next_out_]);
  ready_.erase(next_out_++);
  return g;
}

void RolloutEngine::Publish(TensorMap weights, int version) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!weights.empty()) pending_weights_ = std::move(weights);
  version_ = version;
  cv_.notify_all();
}

void RolloutEngine::Grant(uint64_t end_group) {
  std::lock_guard<std::mutex> lock(mu_);
  granted_ = std::max(end_group, granted_.value_or(0));
  cv_.notify_all();
}

void RolloutEngine::Stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
    cv_.notify_all();
  }
  if (thread_.joinable()) thread_.join();
}

RolloutTimes RolloutEngine::times() const {
  std::lock_guard<std::mutex> lock(mu_);
  return times_;
}

void RolloutEngine::Loop(const TaskSource& source, uint64_t first_group,
                         std::optional<uint64_t> end_group,
                         const std::function<void(RolloutGroup)>& deliver) {
  const auto t_loop = Clock::now();
  const size_t G = static_cast<size_t>(options_.group_size);
  EnvOptions eo;
  eo.max_steps = options_.max_turns;
  eo.observation.type = options_.observation;
  eo.sites.seed = options_.site_seed;
  VecEnv vec(options_.max_live, std::max<size_t>(1, options_.env_threads), eo);
  std::vector<size_t> free_envs;
  for (size_t i = options_.max_live; i-- > 0;) free_envs.push_back(i);

  BatcherOptions bo;
  bo.max_batch = options_.max_batch;
  bo.max_prompt = static_cast<int64_t>(options_.max_context);
  bo.sampling.max_new_tokens = options_.max_new_tokens;
  bo.sampling.greedy = options_.greedy;
  bo.sampling.temperature = options_.temperature;
  bo.sampling.top_p = options_.top_p;
  TokenId end = tokenizer_.Id(settings_.format == PromptFormat::kWebRLRaw
                                  ? std::string_view("<|eot_id|>")
                                  : EndOfTurn(settings_.chat_template));
  if (end >= 0) bo.sampling.stop_tokens.push_back(end);
  ContinuousBatcher batcher(actor_, bo);

  std::map<uint64_t, Live> live;                // key: group * kMembersPerGroup + member
  std::map<uint64_t, RolloutGroup> groups;      // started, not yet delivered
  std::map<uint64_t, size_t> remaining;         // members still running per group
  std::vector<std::pair<uint64_t, bool>> sent;  // (key, is_reset) dispatched last iteration
  uint64_t next_group = first_group;
  int actor_version = 0;
  std::optional<uint64_t> granted;  // the learner's explicit gate (dynamic sampling), if any
  {
    std::lock_guard<std::mutex> lock(mu_);
    actor_version = version_;
  }
  RolloutTimes t;
  double batch_sum = 0;

  auto publish_times = [&]() {
    t.wall_s = Since(t_loop);
    t.mean_batch = t.decode_steps ? batch_sum / static_cast<double>(t.decode_steps) : 0;
    std::lock_guard<std::mutex> lock(mu_);
    times_ = t;
  };
  auto finish = [&](uint64_t key) {
    Live& l = live[key];
    free_envs.push_back(l.env);
    RolloutGroup& g = groups[l.group];
    g.members[static_cast<size_t>(l.member)] = std::move(l.out);
    live.erase(key);
    if (--remaining[g.index] == 0) {
      remaining.erase(g.index);
      RolloutGroup done = std::move(g);
      groups.erase(done.index);
      deliver(std::move(done));
    }
  };
  auto request = [&](uint64_t key) {
    Live& l = live[key];
    const StepResult& r = vec.results()[l.env];
    const Task& task = groups[l.group].task;
    std::vector<TokenId> prompt = EncodeTurnPrompt(tokenizer_, settings_, options_.max_context,
                                                   static_cast<size_t>(options_.max_new_tokens),
                                                   task.intent, l.history, r.observation);
    RolloutTurn turn;
    turn.url = r.info.url;
    turn.observation = r.observation;
    if (const Page* page = vec.env(l.env).browser().page()) turn.boxes = PageBoxes(*page).dump();
    turn.context = prompt;
    l.out.turns.push_back(std::move(turn));
    uint64_t seed = Mix(Mix(options_.seed ^ 0x51ED270B27AF0C3DULL) + key * 0x100000001B3ULL +
                        l.out.turns.size());
    Status st = batcher.Add(key, std::move(prompt), seed);
    if (!st.ok()) {  // cannot happen with EncodeTurnPrompt's budget; end the episode cleanly
      l.out.explanation = "generation failed: " + st.message();
      l.out.turns.pop_back();
      finish(key);
    }
  };

  for (;;) {
    // A. New weights and group starts.
    {
      std::unique_lock<std::mutex> lock(mu_);
      if (pending_weights_) {
        Status st = actor_->LoadWeights(*pending_weights_);
        if (!st.ok()) error_ = st.message();
        pending_weights_.reset();
      }
      actor_version = version_;
      granted = granted_;
      if (stop_ && !end_group) break;
    }
    while ((!end_group || next_group < *end_group) && free_envs.size() >= G) {
      const auto allowed =
          static_cast<int64_t>(next_group / static_cast<uint64_t>(options_.groups_per_update)) -
          options_.staleness;
      if (!end_group && (granted ? next_group >= *granted : actor_version < allowed)) break;
      RolloutGroup g;
      g.index = next_group;
      g.task = source(next_group);
      g.policy_version = actor_version;
      g.members.resize(G);
      EpisodeSpec spec = TaskEpisode(g.task);
      spec.evaluator = std::make_shared<TaskEvaluator>(g.task, EvaluatorOptions());
      const uint64_t reset_seed = options_.seed * 1000003ULL + next_group * 7919ULL;
      g.reset_seed = reset_seed;
      for (size_t m = 0; m < G; ++m) {
        const uint64_t key = next_group * kMembersPerGroup + m;
        Live l;
        l.group = next_group;
        l.member = static_cast<int>(m);
        l.env = free_envs.back();
        free_envs.pop_back();
        l.out.task = static_cast<size_t>(next_group - first_group);
        l.out.member = static_cast<int>(m);
        l.out.group = next_group;
        l.out.policy_version = actor_version;
        l.out.intent = g.task.intent;
        vec.SendReset(l.env, spec, reset_seed);
        live[key] = std::move(l);
        sent.push_back({key, true});
      }
      remaining[next_group] = G;
      groups[next_group] = std::move(g);
      ++next_group;
    }
    // B. One decode step (the environments sent last iteration step meanwhile).
    std::vector<ContinuousBatcher::Finished> generated;
    if (!batcher.idle()) {
      auto t0 = Clock::now();
      generated = batcher.Step();
      t.generate_s += Since(t0);
      if (batcher.running() + generated.size() > 0) {
        ++t.decode_steps;
        batch_sum += static_cast<double>(batcher.running() + generated.size());
      }
    }
    // C. Collect every environment result sent last iteration, in trajectory order.
    {
      auto t0 = Clock::now();
      size_t got = 0;
      while (got < sent.size()) got += vec.Recv(sent.size() - got).size();
      std::sort(sent.begin(), sent.end());
      for (const auto& [key, is_reset] : sent) {
        Live& l = live[key];
        const StepResult& r = vec.results()[l.env];
        if (is_reset) {
          const Status& rs = vec.reset_status()[l.env];
          if (!rs.ok()) {
            l.out.explanation = "reset failed: " + rs.message();
            finish(key);
            continue;
          }
        } else {
          l.out.turns.back().action_error = r.info.action_error;
          if (r.terminated || r.truncated) {
            l.out.reward = r.reward;
            l.out.answer = r.info.answer;
            l.out.explanation = r.info.eval_explanation;
            finish(key);
            continue;
          }
        }
        request(key);
      }
      sent.clear();
      t.env_s += Since(t0);
    }
    // D. Finished turns become actions, sent to the actor threads.
    for (auto& f : generated) {
      Live& l = live[f.id];
      RolloutTurn& turn = l.out.turns.back();
      // Lossy, as a tokenizer's decode of a whole response: a cut character becomes U+FFFD.
      std::string text = ValidUtf8(tokenizer_.Decode(f.generation.tokens, /*skip_special=*/true));
      ParsedResponse parsed = ParseResponse(text, settings_.format);
      l.parse_failures = parsed.ok ? 0 : l.parse_failures + 1;
      std::string action = parsed.ok ? parsed.action : text;
      if (l.parse_failures >= 5) {
        action = "exit(message=\"Early stop: Failed to parse actions for 5 times\")";
      }
      turn.response = std::move(f.generation.tokens);
      turn.logprobs = std::move(f.generation.logprobs);
      turn.text = text;
      turn.action = action;
      turn.feedback = parsed.ok ? "" : parsed.error;
      t.generated_tokens += static_cast<int64_t>(turn.response.size());
      ++t.turns;
      l.history.push_back({text, parsed.action, parsed.ok ? "" : parsed.error});
      vec.SendStep(l.env, action);
      sent.push_back({f.id, false});
    }
    publish_times();
    // E. Done, or idle until new weights (or a stop) arrive.
    if (batcher.idle() && sent.empty()) {
      if (end_group && next_group >= *end_group && live.empty()) break;
      if (!end_group) {
        auto t0 = Clock::now();
        std::unique_lock<std::mutex> lock(mu_);
        const int seen = actor_version;
        const std::optional<uint64_t> seen_grant = granted;
        cv_.wait(lock, [&] {
          return stop_ || version_ != seen || pending_weights_ || granted_ != seen_grant;
        });
        t.idle_s += Since(t0);
      }
    }
  }
  publish_times();
}

}  // namespace wa
