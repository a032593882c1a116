// The M-GRPO objective (reference section 4.3): group-normalised binary rewards as advantages,
// clipped importance ratios, a k3 KL penalty to a frozen reference policy, and the loss on
// generated tokens only, with three normalisations:
//   kSequence  mean over a trajectory's generated tokens, then over trajectories (the reference
//              code: one sequence per trajectory, per-device batch 1);
//   kAction    mean over each action's tokens, then over the trajectory's actions, then over
//              trajectories (the paper's formula);
//   kToken     one mean over every generated token of the batch.
#ifndef WEBAGENT_RL_GRPO_H_
#define WEBAGENT_RL_GRPO_H_

#include <torch/torch.h>

#include <string>
#include <vector>

#include "sim/status.h"

namespace wa {

// (r - mean(r)) / (std(r) + eps) with the unbiased std, as the reference trainer; groups of
// identical rewards (and groups of one) give zeros.
std::vector<float> GroupAdvantages(const std::vector<float>& rewards, float eps = 1e-4f);

enum class GrpoNorm { kSequence, kAction, kToken };
Result<GrpoNorm> ParseGrpoNorm(const std::string& name);  // sequence, action, token

struct GrpoLossOptions {
  double clip_eps = 0.2;
  double beta = 0.001;  // k3 KL coefficient (0: no reference needed)
  GrpoNorm norm = GrpoNorm::kSequence;
};

struct GrpoLossInputs {
  torch::Tensor logprobs;      // [N, T] current policy, with gradients
  torch::Tensor old_logprobs;  // [N, T] the policy that generated the tokens
  torch::Tensor ref_logprobs;  // [N, T] frozen reference (undefined when beta == 0)
  torch::Tensor mask;          // [N, T] 1 for generated tokens that are trained, else 0
  torch::Tensor action_index;  // [N, T] int64: which action of its trajectory a token belongs to
                               // (needed for kAction only; -1 or anything where mask is 0)
  torch::Tensor advantages;    // [N]
  // Optional [N]: when set, rows are parts of trajectories (one row per turn) and the loss is
  // sum_rows row_weight * sum_t mask * token_loss; `norm` is then ignored (the caller's weights
  // encode it, see RowWeights).
  torch::Tensor row_weight;
  // Optional [N, T]: per-token weights; the loss is sum mask * token_weight * token_loss and
  // `norm` and row_weight are ignored (for rows that hold several turns, as one sequence per
  // trajectory does: the weights then encode the normalisation per token).
  torch::Tensor token_weight;
};

// Row weights that give each normalisation when rows are turns: `trajectory` [N] maps rows to
// trajectories, `tokens` [N] counts each row's trained tokens. With micro-batches, compute the
// weights over the whole batch and slice them.
std::vector<float> RowWeights(const std::vector<int>& trajectory, const std::vector<int>& tokens,
                              GrpoNorm norm);

struct GrpoLossResult {
  torch::Tensor loss;  // scalar
  double clip_fraction = 0, mean_ratio = 0, mean_kl = 0;
};

GrpoLossResult MGrpoLoss(const GrpoLossInputs& in, const GrpoLossOptions& options);

}  // namespace wa

#endif  // WEBAGENT_RL_GRPO_H_
