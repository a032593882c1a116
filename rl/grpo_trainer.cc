#include "rl/grpo_trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

namespace wa {
namespace {

using Clock = std::chrono::steady_clock;
double Since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

Result<GrpoContext> ParseGrpoContext(const std::string& name) {
  if (name == "exact") return GrpoContext::kExact;
  if (name == "single") return GrpoContext::kSingleSequence;
  return InvalidArgument("unknown GRPO context \"" + name + "\" (exact, single)");
}

GrpoTrainer::GrpoTrainer(Transformer policy, Transformer reference, const Tokenizer& tokenizer,
                         AgentSettings settings, GrpoConfig config, OptimConfig optim)
    : tokenizer_(tokenizer),
      settings_(std::move(settings)),
      config_(config),
      trainer_(std::move(policy), optim),
      reference_(std::move(reference)) {
  reference_->eval();
  for (auto& p : reference_->parameters()) p.set_requires_grad(false);
}

RolloutOptions GrpoTrainer::EngineOptions() const {
  RolloutOptions o;
  o.group_size = std::max(1, config_.group_size);
  o.max_turns = config_.max_turns;
  o.max_new_tokens = config_.max_new_tokens;
  o.temperature = config_.temperature;
  o.top_p = config_.top_p;
  o.max_context = config_.max_context;
  o.env_threads = config_.env_threads;
  o.observation = config_.observation;
  o.seed = config_.seed;
  o.site_seed = config_.site_seed;
  o.staleness = std::max(0, config_.staleness);
  o.groups_per_update = std::max(1, config_.tasks_per_batch);
  // Environments for every group the staleness bound lets run at once.
  o.max_live = static_cast<size_t>(o.group_size) * static_cast<size_t>(o.groups_per_update) *
               static_cast<size_t>(1 + o.staleness);
  o.max_batch = std::max(1, std::min(config_.max_batch, static_cast<int>(o.max_live)));
  return o;
}

std::vector<Trajectory> GrpoTrainer::Rollout(const std::vector<Task>& tasks, GrpoStats* stats) {
  auto t_start = Clock::now();
  if (!engine_) {
    RolloutOptions o = EngineOptions();
    o.max_live = static_cast<size_t>(o.group_size) * std::max<size_t>(1, tasks.size());
    o.max_batch = std::max(1, std::min(config_.max_batch, static_cast<int>(o.max_live)));
    engine_ = std::make_unique<RolloutEngine>(policy(), tokenizer_, settings_, o);
  }
  std::vector<RolloutGroup> groups = engine_->Run(tasks, groups_, Version());
  groups_ += tasks.size();
  std::vector<Trajectory> out;
  for (RolloutGroup& g : groups) {
    for (Trajectory& t : g.members) {
      t.task = static_cast<size_t>(g.index - (groups_ - tasks.size()));
      out.push_back(std::move(t));
    }
  }
  if (stats) {
    RolloutTimes times = engine_->times();
    stats->generate_s += times.generate_s;
    stats->env_s += times.env_s;
    stats->mean_batch = times.mean_batch;
    stats->rollout_s += Since(t_start);
    double reward = 0, turns = 0;
    for (const Trajectory& t : out) {
      reward += t.reward;
      turns += static_cast<double>(t.turns.size());
    }
    const double n = std::max<double>(1, static_cast<double>(out.size()));
    stats->reward_mean = reward / n;
    stats->turns_mean = turns / n;
    stats->trajectories = static_cast<int>(out.size());
  }
  return out;
}

void GrpoTrainer::Train(int steps, const RolloutEngine::TaskSource& source,
                        const UpdateCallback& on_update) {
  RolloutOptions o = EngineOptions();
  // At staleness 0 the engine and the learner take turns, so the engine can share the policy's
  // weights; otherwise it generates with its own copy, refreshed after every update.
  const bool shared = o.staleness == 0;
  Transformer actor = shared ? policy() : CloneModel(policy());
  RolloutEngine engine(actor, tokenizer_, settings_, o);
  const auto tpb = static_cast<uint64_t>(o.groups_per_update);
  const bool dynamic = config_.dynamic_sampling;
  const uint64_t max_draw = config_.max_draw > 0
                                ? std::max<uint64_t>(tpb, static_cast<uint64_t>(config_.max_draw))
                                : 4 * tpb;
  const uint64_t depth = tpb * static_cast<uint64_t>(1 + o.staleness);
  uint64_t consumed = static_cast<uint64_t>(Version()) * tpb;
  if (dynamic) {
    const nlohmann::json& state = trainer_.extra_state();
    if (state.is_object() && state.contains("next_group")) {
      consumed = state["next_group"].get<uint64_t>();
    }
  }
  engine.Start(source, consumed, Version());
  uint64_t granted = consumed + depth;
  if (dynamic) engine.Grant(granted);
  uint64_t drawn_total = 0, signal_total = 0;  // this run's share of groups with signal
  RolloutTimes before;
  while (trainer_.step() < steps) {
    GrpoStats st;
    auto t0 = Clock::now();
    std::vector<RolloutGroup> groups;
    std::vector<Trajectory> batch;
    if (!dynamic) {
      for (uint64_t k = 0; k < tpb; ++k) {
        groups.push_back(engine.Next());
        for (const Trajectory& t : groups.back().members) batch.push_back(t);
      }
    } else {
      uint64_t with_signal = 0, drawn = 0;
      // At staleness 0 every granted group is consumed before the update (none may run under
      // the old weights into the next version); above 0 the grant keeps `depth` groups ahead.
      while ((with_signal < tpb && drawn < max_draw) || (shared && consumed < granted)) {
        if (consumed == granted) {
          // Ask for the missing groups, scaled by the run's share with signal so far (at least
          // a quarter) so that one round usually suffices; exact counts above staleness 0.
          const uint64_t missing = tpb - with_signal;
          uint64_t want = missing;
          if (shared) {
            const double share = drawn_total == 0
                                     ? 0.5
                                     : std::max(0.25, static_cast<double>(signal_total) /
                                                          static_cast<double>(drawn_total));
            want = static_cast<uint64_t>(std::ceil(static_cast<double>(missing) / share));
          }
          want = std::max<uint64_t>(1, std::min(want, max_draw - drawn));
          granted += want;
          engine.Grant(granted);
        }
        groups.push_back(engine.Next());
        ++consumed;
        ++drawn;
        ++drawn_total;
        const RolloutGroup& g = groups.back();
        bool signal = false;
        for (const Trajectory& t : g.members) signal |= t.reward != g.members.front().reward;
        if (!signal) continue;
        ++with_signal;
        ++signal_total;
        for (const Trajectory& t : g.members) batch.push_back(t);
      }
      trainer_.set_extra_state(nlohmann::json{{"next_group", consumed}});
    }
    st.learner_idle_s = Since(t0);
    st.groups_drawn = static_cast<int>(groups.size());
    double reward = 0, turns = 0, age = 0;
    int n_traj = 0;
    for (const RolloutGroup& g : groups) {
      for (const Trajectory& t : g.members) {
        reward += t.reward;
        turns += static_cast<double>(t.turns.size());
        age += static_cast<double>(Version() - t.policy_version);
        ++n_traj;
      }
    }
    const double n = std::max<double>(1, static_cast<double>(n_traj));
    st.reward_mean = reward / n;
    st.turns_mean = turns / n;
    st.staleness = age / n;
    st.trajectories = static_cast<int>(batch.size());
    Update(batch, &st);
    st.version = Version();
    if (shared) {
      engine.Publish({}, Version());
    } else {
      TensorMap weights;
      for (const auto& [name, w] : policy()->Weights()) weights[name] = w.detach().clone();
      engine.Publish(std::move(weights), Version());
    }
    // The next update's groups (after the publish, so that they carry the new version).
    if (dynamic && consumed + depth > granted) {
      granted = consumed + depth;
      engine.Grant(granted);
    }
    RolloutTimes now = engine.times();
    st.generate_s = now.generate_s - before.generate_s;
    st.env_s = now.env_s - before.env_s;
    st.engine_idle_s = now.idle_s - before.idle_s;
    st.rollout_s = now.wall_s - before.wall_s;
    st.mean_batch = now.mean_batch;
    before = now;
    if (on_update) on_update(groups, st);
  }
  engine.Stop();
}

void GrpoTrainer::Update(const std::vector<Trajectory>& batch, GrpoStats* stats) {
  auto t_start = Clock::now();
  // Advantages per group (trajectories of the same task).
  std::map<uint64_t, std::vector<size_t>> groups;
  for (size_t k = 0; k < batch.size(); ++k) groups[batch[k].group].push_back(k);
  std::vector<float> advantage(batch.size(), 0.0f);
  int with_signal = 0;
  for (const auto& [task, members] : groups) {
    std::vector<float> rewards;
    for (size_t k : members) rewards.push_back(batch[k].reward);
    std::vector<float> a = GroupAdvantages(rewards);
    bool signal = false;
    for (size_t j = 0; j < members.size(); ++j) {
      advantage[members[j]] = a[j];
      signal |= a[j] != 0.0f;
    }
    with_signal += signal ? 1 : 0;
  }
  // Rows of the update: one per turn (exact contexts) or one per trajectory (single
  // sequence). Each scores some tokens of its sequence; every scored token belongs to one
  // (trajectory, turn) unit, whose weight encodes the normalisation over the whole batch.
  struct Row {
    SequenceScoreRequest seq;
    std::vector<int> unit;   // per scored token: index into the units
    std::vector<float> old;  // per scored token: log-probs at generation (exact contexts)
    float advantage = 0;
  };
  std::vector<Row> rows;
  std::vector<int> unit_traj, unit_tokens;
  const bool single = config_.context == GrpoContext::kSingleSequence;
  for (size_t k = 0; k < batch.size(); ++k) {
    const Trajectory& tr = batch[k];
    if (single) {
      std::vector<AgentTurn> history;
      std::vector<std::vector<TokenId>> generated;
      for (const RolloutTurn& t : tr.turns) {
        generated.push_back(t.response);
        history.push_back({t.text, t.action, t.feedback});
      }
      if (generated.empty()) continue;
      history.pop_back();
      auto seq = EncodeTrajectory(tokenizer_, settings_, config_.max_context, tr.intent, history,
                                  tr.turns.back().observation, generated);
      if (!seq.ok()) {
        if (stats) stats->skipped += 1;
        continue;
      }
      Row row;
      row.advantage = advantage[k];
      row.seq.ids = std::move(seq->ids);
      const int first_unit = static_cast<int>(unit_traj.size());
      for (size_t t = 0; t < tr.turns.size(); ++t) {
        unit_traj.push_back(static_cast<int>(k));
        unit_tokens.push_back(0);
      }
      for (size_t p = 1; p < seq->turn.size(); ++p) {
        if (seq->turn[p] < 0) continue;
        row.seq.positions.push_back(static_cast<int64_t>(p));
        row.unit.push_back(first_unit + seq->turn[p]);
        ++unit_tokens[static_cast<size_t>(first_unit + seq->turn[p])];
      }
      if (!row.seq.positions.empty()) rows.push_back(std::move(row));
      continue;
    }
    for (const RolloutTurn& t : tr.turns) {
      if (t.response.empty() || t.context.empty()) continue;
      Row row;
      row.advantage = advantage[k];
      row.seq.ids = t.context;
      row.seq.ids.insert(row.seq.ids.end(), t.response.begin(), t.response.end());
      const int unit = static_cast<int>(unit_traj.size());
      unit_traj.push_back(static_cast<int>(k));
      unit_tokens.push_back(static_cast<int>(t.response.size()));
      for (size_t r = 0; r < t.response.size(); ++r) {
        row.seq.positions.push_back(static_cast<int64_t>(t.context.size() + r));
        row.unit.push_back(unit);
      }
      row.old = t.logprobs;
      rows.push_back(std::move(row));
    }
  }
  // Rows of similar length share a forward pass (less padding); every row's weight is global,
  // so the order does not change the loss.
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& a, const Row& b) { return a.seq.ids.size() < b.seq.ids.size(); });
  std::vector<float> unit_weight = RowWeights(unit_traj, unit_tokens, config_.loss.norm);
  int64_t total_tokens = 0;
  for (int t : unit_tokens) total_tokens += t;
  const bool need_ref = config_.loss.beta > 0;
  // Single sequences: the log-probs before the first optimizer step, under the training
  // context, are the "old" policy of the ratio (exactly 1 on the first step).
  std::vector<torch::Tensor> first_logprobs(rows.size());
  double kl_sum = 0, clip_sum = 0;
  StepStats last;
  for (int u = 0; u < std::max(1, config_.updates_per_batch); ++u) {
    kl_sum = clip_sum = 0;
    last = trainer_.StepWith([&]() {
      double total = 0;
      const size_t mb = std::max<size_t>(1, config_.micro_batch);
      for (size_t b = 0; b < rows.size(); b += mb) {
        size_t e = std::min(rows.size(), b + mb);
        // Rows with no advantage and no KL term contribute exactly zero.
        bool any = need_ref;
        for (size_t r = b; r < e && !any; ++r) any = rows[r].advantage != 0.0f;
        if (!any) continue;
        std::vector<SequenceScoreRequest> req;
        int64_t R = 1;
        for (size_t r = b; r < e; ++r) {
          req.push_back(rows[r].seq);
          R = std::max<int64_t>(R, static_cast<int64_t>(rows[r].seq.positions.size()));
        }
        const int64_t n = static_cast<int64_t>(e - b);
        torch::Tensor old = torch::zeros({n, R});
        torch::Tensor weight = torch::zeros({n, R});
        torch::Tensor adv = torch::zeros({n});
        {
          auto oa = old.accessor<float, 2>();
          auto wa = weight.accessor<float, 2>();
          auto aa = adv.accessor<float, 1>();
          for (size_t r = b; r < e; ++r) {
            const Row& row = rows[r];
            const auto i = static_cast<int64_t>(r - b);
            for (size_t t = 0; t < row.unit.size(); ++t) {
              wa[i][static_cast<int64_t>(t)] = unit_weight[static_cast<size_t>(row.unit[t])];
              if (t < row.old.size()) oa[i][static_cast<int64_t>(t)] = row.old[t];
            }
            aa[i] = row.advantage;
          }
        }
        ScoreTensors cur = ScoreSequences(policy(), req, config_.temperature);
        GrpoLossInputs in;
        in.logprobs = cur.logprobs;
        if (single) {
          for (size_t r = b; r < e; ++r) {
            if (u == 0) {
              first_logprobs[r] =
                  cur.logprobs[static_cast<int64_t>(r - b)].detach().clone().to(torch::kCPU);
            }
          }
          std::vector<torch::Tensor> parts;
          for (size_t r = b; r < e; ++r) {
            torch::Tensor f = first_logprobs[r];
            parts.push_back(f.size(0) < R ? torch::cat({f, torch::zeros({R - f.size(0)})}) : f);
          }
          old = torch::stack(parts);
        }
        in.old_logprobs = old.to(cur.logprobs.device());
        in.mask = cur.mask;
        in.advantages = adv;
        in.token_weight = weight;
        if (need_ref) {
          torch::NoGradGuard ng;
          in.ref_logprobs = ScoreSequences(reference_, req, config_.temperature).logprobs;
        }
        GrpoLossResult res = MGrpoLoss(in, config_.loss);
        res.loss.backward();
        total += res.loss.item<double>();
        double share = cur.mask.sum().item<double>() / std::max<int64_t>(1, total_tokens);
        kl_sum += res.mean_kl * share;
        clip_sum += res.clip_fraction * share;
      }
      return total;
    });
  }
  if (stats) {
    stats->loss = last.loss;
    stats->lr = last.lr;
    stats->grad_norm = last.grad_norm;
    stats->kl = kl_sum;
    stats->clip_fraction = clip_sum;
    stats->tokens = total_tokens;
    stats->groups_with_signal = with_signal;
    stats->learn_s += Since(t_start);
  }
}

}  // namespace wa
