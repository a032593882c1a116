#include "rl/grpo.h"

#include <cmath>
#include <map>

namespace wa {

std::vector<float> GroupAdvantages(const std::vector<float>& rewards, float eps) {
  std::vector<float> adv(rewards.size(), 0.0f);
  if (rewards.size() < 2) return adv;
  double mean = 0;
  for (float r : rewards) mean += r;
  mean /= static_cast<double>(rewards.size());
  double var = 0;
  for (float r : rewards) var += (r - mean) * (r - mean);
  var /= static_cast<double>(rewards.size() - 1);
  double sd = std::sqrt(var);
  for (size_t i = 0; i < rewards.size(); ++i) {
    adv[i] = static_cast<float>((rewards[i] - mean) / (sd + eps));
  }
  return adv;
}

Result<GrpoNorm> ParseGrpoNorm(const std::string& name) {
  if (name == "sequence") return GrpoNorm::kSequence;
  if (name == "action") return GrpoNorm::kAction;
  if (name == "token") return GrpoNorm::kToken;
  return InvalidArgument("unknown normalisation \"" + name + "\" (sequence, action, token)");
}

std::vector<float> RowWeights(const std::vector<int>& trajectory, const std::vector<int>& tokens,
                              GrpoNorm norm) {
  std::map<int, double> traj_tokens, traj_rows;
  double total = 0;
  for (size_t i = 0; i < trajectory.size(); ++i) {
    traj_tokens[trajectory[i]] += tokens[i];
    traj_rows[trajectory[i]] += 1;
    total += tokens[i];
  }
  const double n_traj = static_cast<double>(std::max<size_t>(1, traj_rows.size()));
  std::vector<float> w(trajectory.size(), 0.0f);
  for (size_t i = 0; i < trajectory.size(); ++i) {
    if (tokens[i] == 0) continue;
    double v = 0;
    switch (norm) {
      case GrpoNorm::kSequence:
        v = 1.0 / (traj_tokens[trajectory[i]] * n_traj);
        break;
      case GrpoNorm::kAction:
        v = 1.0 / (tokens[i] * traj_rows[trajectory[i]] * n_traj);
        break;
      case GrpoNorm::kToken:
        v = 1.0 / std::max(1.0, total);
        break;
    }
    w[i] = static_cast<float>(v);
  }
  return w;
}

GrpoLossResult MGrpoLoss(const GrpoLossInputs& in, const GrpoLossOptions& options) {
  const torch::Tensor& mask = in.mask;
  torch::Tensor adv = in.advantages.to(in.logprobs.device()).unsqueeze(1);  // [N, 1]
  torch::Tensor ratio = torch::exp(in.logprobs - in.old_logprobs.detach());
  torch::Tensor clipped = ratio.clamp(1.0 - options.clip_eps, 1.0 + options.clip_eps);
  torch::Tensor per_token = -torch::min(ratio * adv, clipped * adv);
  torch::Tensor kl;
  if (options.beta > 0) {
    torch::Tensor d = in.ref_logprobs.detach() - in.logprobs;
    kl = torch::exp(d) - d - 1;
    per_token = per_token + options.beta * kl;
  }
  per_token = per_token * mask;
  torch::Tensor loss;
  if (in.token_weight.defined()) {
    loss = (per_token * in.token_weight.to(per_token.device())).sum();
  } else if (in.row_weight.defined()) {
    loss = (per_token.sum(1) * in.row_weight.to(per_token.device())).sum();
  } else
    switch (options.norm) {
      case GrpoNorm::kToken:
        loss = per_token.sum() / mask.sum().clamp_min(1);
        break;
      case GrpoNorm::kSequence:
        loss = (per_token.sum(1) / mask.sum(1).clamp_min(1)).mean();
        break;
      case GrpoNorm::kAction: {
        // Per trajectory: mean over actions of (mean over the action's tokens).
        const int64_t N = per_token.size(0);
        int64_t A = in.action_index.numel() == 0 ? 1 : in.action_index.max().item<int64_t>() + 1;
        A = std::max<int64_t>(A, 1);
        torch::Tensor idx = in.action_index.clamp_min(0).to(torch::kInt64);
        auto opts = per_token.options();
        torch::Tensor sums = torch::zeros({N, A}, opts).scatter_add(1, idx, per_token);
        torch::Tensor counts =
            torch::zeros({N, A}, opts).scatter_add(1, idx, mask.to(opts.dtype()));
        torch::Tensor present = (counts > 0).to(opts.dtype());
        torch::Tensor action_means = sums / counts.clamp_min(1);
        torch::Tensor traj = (action_means * present).sum(1) / present.sum(1).clamp_min(1);
        loss = traj.mean();
        break;
      }
    }
  GrpoLossResult r;
  r.loss = loss;
  {
    torch::NoGradGuard ng;
    double n = std::max(1.0, mask.sum().item<double>());
    r.mean_ratio = (ratio * mask).sum().item<double>() / n;
    torch::Tensor was_clipped = (ratio - clipped).abs() > 1e-12;
    r.clip_fraction = (was_clipped.to(mask.dtype()) * mask).sum().item<double>() / n;
    if (kl.defined()) r.mean_kl = (kl * mask).sum().item<double>() / n;
  }
  return r;
}

}  // namespace wa
