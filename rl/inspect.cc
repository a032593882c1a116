#include "rl/inspect.h"

#include <torch/torch.h>

#include <cmath>
#include <limits>

namespace wa {

namespace {

std::vector<std::pair<TokenId, float>> TopK(const torch::Tensor& row, int k) {
  std::vector<std::pair<TokenId, float>> out;
  if (k <= 0) return out;
  auto [values, indices] = torch::topk(row, std::min<int64_t>(k, row.size(0)));
  auto v = values.accessor<float, 1>();
  auto i = indices.accessor<int64_t, 1>();
  for (int64_t j = 0; j < values.size(0); ++j) {
    out.emplace_back(static_cast<TokenId>(i[j]), v[j]);
  }
  return out;
}

}  // namespace

std::vector<TokenInspection> InspectResponse(Transformer& model,
                                             const std::vector<TokenId>& context,
                                             const std::vector<TokenId>& response, int top_k) {
  TORCH_CHECK(!context.empty() && !response.empty(),
              "InspectResponse needs a non-empty context and response");
  torch::NoGradGuard no_grad;
  const int64_t C = static_cast<int64_t>(context.size());
  const int64_t R = static_cast<int64_t>(response.size());
  const int64_t L = C + R;
  auto i64 = torch::TensorOptions().dtype(torch::kInt64);
  std::vector<int64_t> all(context.begin(), context.end());
  all.insert(all.end(), response.begin(), response.end());
  const torch::Device dev = model->device();
  torch::Tensor ids = torch::tensor(all, i64).view({1, L}).to(dev);
  torch::Tensor key = torch::ones({1, L}, torch::TensorOptions().dtype(torch::kBool)).to(dev);
  torch::Tensor positions = torch::arange(L, i64).view({1, L}).to(dev);
  torch::Tensor hidden = model->Hidden(ids, positions, key, nullptr);
  // Position p - 1 predicts token p.
  torch::Tensor at = torch::arange(C - 1, L - 1, i64).view({1, R}).to(dev);
  torch::Tensor hq = hidden.index_select(1, at.view({R}));  // [1, R, d]
  torch::Tensor log_copy;
  const bool copy = model->has_copy_head();
  torch::Tensor keys = copy ? model->CopyKeys(hidden) : torch::Tensor();
  torch::Tensor mix =
      torch::log_softmax(model->Head(hq, at, keys, ids, key, copy ? &log_copy : nullptr), -1)[0]
          .to(torch::kFloat32)
          .cpu();
  torch::Tensor vocab, gate;
  if (copy) {
    vocab = torch::log_softmax(model->Logits(hq).to(torch::kFloat32), -1)[0].cpu();
    log_copy = log_copy[0].to(torch::kFloat32).cpu();
    gate = torch::sigmoid(model->copy_head->gate(hq).to(torch::kFloat32))[0].view({R}).cpu();
  }
  std::vector<TokenInspection> out(static_cast<size_t>(R));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (int64_t t = 0; t < R; ++t) {
    TokenInspection& ti = out[static_cast<size_t>(t)];
    ti.token = response[static_cast<size_t>(t)];
    ti.logprob = mix[t][ti.token].item<float>();
    ti.top = TopK(mix[t], top_k);
    if (copy) {
      // As in Head: a query with no earlier position to point at does not copy.
      ti.gate = C - 1 + t == 0 ? 0.0f : gate[t].item<float>();
      ti.vocab_logprob = vocab[t][ti.token].item<float>();
      ti.copy_logprob = log_copy[t][ti.token].item<float>();
      ti.top_vocab = TopK(vocab[t], top_k);
      ti.top_copy = TopK(log_copy[t], top_k);
    } else {
      ti.gate = ti.vocab_logprob = ti.copy_logprob = nan;
    }
  }
  return out;
}

}  // namespace wa
