#include "rl/grpo_trainer.h"

#include <chrono>

#include "agent/episode_store.h"
#include "agent/response.h"
#include "sim/evaluator.h"
#include "sim/vec_env.h"

namespace wa {
namespace {

using Clock = std::chrono::steady_clock;
double Since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

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

std::vector<Trajectory> GrpoTrainer::Rollout(const std::vector<Task>& tasks, GrpoStats* stats) {
  auto t_start = Clock::now();
  const size_t G = static_cast<size_t>(std::max(1, config_.group_size));
  const size_t n = tasks.size() * G;
  std::vector<Trajectory> out(n);
  if (n == 0) return out;
  EnvOptions eo;
  eo.max_steps = config_.max_turns;
  eo.observation.type = config_.observation;
  VecEnv vec(n, std::max<size_t>(1, config_.env_threads), eo);
  std::vector<EpisodeSpec> specs;
  std::vector<uint64_t> seeds;
  for (size_t t = 0; t < tasks.size(); ++t) {
    for (size_t m = 0; m < G; ++m) {
      EpisodeSpec spec = TaskEpisode(tasks[t]);
      spec.evaluator = std::make_shared<TaskEvaluator>(tasks[t], EvaluatorOptions());
      specs.push_back(std::move(spec));
      // Members of a group start from the same state.
      seeds.push_back(config_.seed * 1000003ULL + rollouts_ * 7919ULL + t);
      out[t * G + m].task = t;
      out[t * G + m].member = static_cast<int>(m);
    }
  }
  vec.ResetAll(specs, seeds);
  std::vector<char> live(n, 0);
  std::vector<std::vector<AgentTurn>> history(n);
  std::vector<int> parse_failures(n, 0);
  for (size_t i = 0; i < n; ++i) live[i] = vec.reset_status()[i].ok() ? 1 : 0;
  const size_t max_tokens = config_.max_context;
  double gen_s = 0, env_s = 0;
  for (int round = 0;; ++round) {
    std::vector<size_t> ids;
    for (size_t i = 0; i < n; ++i) {
      if (live[i]) ids.push_back(i);
    }
    if (ids.empty()) break;
    std::vector<std::vector<TokenId>> prompts;
    for (size_t i : ids) {
      prompts.push_back(EncodeTurnPrompt(
          tokenizer_, settings_, max_tokens, static_cast<size_t>(config_.max_new_tokens),
          tasks[out[i].task].intent, history[i], vec.results()[i].observation));
    }
    GenerateOptions g;
    g.max_new_tokens = config_.max_new_tokens;
    g.temperature = config_.temperature;
    g.top_p = config_.top_p;
    g.seed = config_.seed * 0x9E3779B97F4A7C15ULL + rollouts_ * 1000003ULL +
             static_cast<uint64_t>(round);
    TokenId end = tokenizer_.Id(settings_.format == PromptFormat::kWebRLRaw
                                    ? std::string_view("<|eot_id|>")
                                    : EndOfTurn(settings_.chat_template));
    if (end >= 0) g.stop_tokens.push_back(end);
    auto t0 = Clock::now();
    std::vector<Generation> gens = Generate(policy(), prompts, g, &tokenizer_);
    gen_s += Since(t0);
    t0 = Clock::now();
    for (size_t k = 0; k < ids.size(); ++k) {
      size_t i = ids[k];
      std::string text = tokenizer_.Decode(gens[k].tokens, /*skip_special=*/true);
      ParsedResponse parsed = ParseResponse(text, settings_.format);
      parse_failures[i] = parsed.ok ? 0 : parse_failures[i] + 1;
      std::string action = parsed.ok ? parsed.action : text;
      if (parse_failures[i] >= 5)
        action = "exit(message=\"Early stop: Failed to parse actions for 5 times\")";
      RolloutTurn turn;
      turn.context = std::move(prompts[k]);
      turn.response = gens[k].tokens;
      turn.logprobs = gens[k].logprobs;
      turn.text = text;
      turn.action = action;
      turn.url = vec.results()[i].info.url;
      turn.observation = vec.results()[i].observation;
      if (const Page* page = vec.env(i).browser().page()) turn.boxes = PageBoxes(*page).dump();
      out[i].turns.push_back(std::move(turn));
      history[i].push_back({text, parsed.action, parsed.ok ? "" : parsed.error});
      vec.SendStep(i, action);
    }
    vec.Recv(ids.size());
    env_s += Since(t0);
    for (size_t i : ids) {
      const StepResult& r = vec.results()[i];
      out[i].turns.back().action_error = r.info.action_error;
      if (r.terminated || r.truncated) {
        out[i].reward = r.reward;
        out[i].answer = r.info.answer;
        out[i].explanation = r.info.eval_explanation;
        live[i] = 0;
      }
    }
  }
  ++rollouts_;
  if (stats) {
    stats->generate_s += gen_s;
    stats->env_s += env_s;
    stats->rollout_s += Since(t_start);
    double reward = 0, turns = 0;
    for (const Trajectory& t : out) {
      reward += t.reward;
      turns += static_cast<double>(t.turns.size());
    }
    stats->reward_mean = reward / static_cast<double>(n);
    stats->turns_mean = turns / static_cast<double>(n);
    stats->trajectories = static_cast<int>(n);
  }
  return out;
}

void GrpoTrainer::Update(const std::vector<Trajectory>& batch, GrpoStats* stats) {
  auto t_start = Clock::now();
  // Advantages per group (trajectories of the same task).
  std::map<size_t, std::vector<size_t>> groups;
  for (size_t k = 0; k < batch.size(); ++k) groups[batch[k].task].push_back(k);
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
  // Rows: one per turn.
  struct Row {
    const RolloutTurn* turn;
    int trajectory;
    float advantage;
  };
  std::vector<Row> rows;
  std::vector<int> traj_of_row, tokens_of_row;
  for (size_t k = 0; k < batch.size(); ++k) {
    for (const RolloutTurn& t : batch[k].turns) {
      if (t.response.empty() || t.context.empty()) continue;
      rows.push_back({&t, static_cast<int>(k), advantage[k]});
      traj_of_row.push_back(static_cast<int>(k));
      tokens_of_row.push_back(static_cast<int>(t.response.size()));
    }
  }
  std::vector<float> weights = RowWeights(traj_of_row, tokens_of_row, config_.loss.norm);
  int64_t total_tokens = 0;
  for (int t : tokens_of_row) total_tokens += t;
  const bool need_ref = config_.loss.beta > 0;
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
        std::vector<ScoreRequest> req;
        int64_t R = 1;
        for (size_t r = b; r < e; ++r) {
          req.push_back({rows[r].turn->context, rows[r].turn->response});
          R = std::max<int64_t>(R, static_cast<int64_t>(rows[r].turn->response.size()));
        }
        const int64_t n = static_cast<int64_t>(e - b);
        torch::Tensor old = torch::zeros({n, R});
        torch::Tensor adv = torch::zeros({n});
        torch::Tensor w = torch::zeros({n});
        for (size_t r = b; r < e; ++r) {
          const auto& lp = rows[r].turn->logprobs;
          auto row = static_cast<int64_t>(r - b);
          for (size_t t = 0; t < lp.size(); ++t) old[row][static_cast<int64_t>(t)] = lp[t];
          adv[row] = rows[r].advantage;
          w[row] = weights[r];
        }
        ScoreTensors cur = ScoreBatch(policy(), req, config_.temperature);
        GrpoLossInputs in;
        in.logprobs = cur.logprobs;
        in.old_logprobs = old.to(cur.logprobs.device());
        in.mask = cur.mask;
        in.advantages = adv;
        in.row_weight = w;
        if (need_ref) {
          torch::NoGradGuard ng;
          in.ref_logprobs = ScoreBatch(reference_, req, config_.temperature).logprobs;
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
