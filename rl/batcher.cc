#include "rl/batcher.h"

#include <algorithm>

namespace wa {

ContinuousBatcher::ContinuousBatcher(Transformer model, BatcherOptions options)
    : model_(std::move(model)), options_(std::move(options)) {
  options_.max_batch = std::max(1, options_.max_batch);
  options_.max_prompt = std::max<int64_t>(1, options_.max_prompt);
  const int64_t span = options_.max_prompt + std::max(1, options_.sampling.max_new_tokens);
  // Room for the longest live sequence and a freshly admitted prompt next to it.
  capacity_ = 2 * span + 2;
  cache_ = model_->NewCache(options_.max_batch, capacity_);
  mask_ = torch::zeros({options_.max_batch, capacity_}, torch::kBool);
}

Status ContinuousBatcher::Add(uint64_t id, std::vector<TokenId> prompt, uint64_t seed) {
  if (prompt.empty()) return InvalidArgument("cannot generate from an empty prompt");
  if (static_cast<int64_t>(prompt.size()) > options_.max_prompt) {
    return InvalidArgument("prompt of " + std::to_string(prompt.size()) +
                           " tokens exceeds the batcher's limit of " +
                           std::to_string(options_.max_prompt));
  }
  waiting_.push_back({id, std::move(prompt), seed});
  return Status::Ok();
}

bool ContinuousBatcher::Append(Row& row, TokenId token, float logprob) const {
  row.gen.tokens.push_back(token);
  row.gen.logprobs.push_back(logprob);
  const auto& stops = options_.sampling.stop_tokens;
  if (std::find(stops.begin(), stops.end(), token) != stops.end()) {
    row.gen.finish = "stop_token";
    return true;
  }
  if (static_cast<int>(row.gen.tokens.size()) >= options_.sampling.max_new_tokens) {
    row.gen.finish = "length";
    return true;
  }
  row.next_token = token;
  row.next_pos += 1;
  return false;
}

void ContinuousBatcher::Relayout(int64_t front) {
  int64_t min_start = len_;
  for (const Row& r : rows_) min_start = std::min(min_start, r.start);
  const int64_t used = len_ - min_start;
  const int64_t new_len = std::max(used, front);
  const int64_t dst = new_len - used;
  TORCH_CHECK(new_len + 1 <= capacity_, "continuous batcher: cache layout overflow");
  const int64_t rows = static_cast<int64_t>(rows_.size());
  if (used > 0 && dst != min_start && rows > 0) {
    for (size_t l = 0; l < cache_.k.size(); ++l) {
      for (torch::Tensor* t : {&cache_.k[l], &cache_.v[l]}) {
        torch::Tensor moved = t->narrow(0, 0, rows).narrow(2, min_start, used).clone();
        t->narrow(0, 0, rows).narrow(2, dst, used).copy_(moved);
      }
    }
    torch::Tensor moved = mask_.narrow(0, 0, rows).narrow(1, min_start, used).clone();
    mask_.narrow(0, 0, rows).zero_();
    mask_.narrow(0, 0, rows).narrow(1, dst, used).copy_(moved);
  } else if (used == 0) {
    mask_.zero_();
  }
  for (Row& r : rows_) r.start += dst - min_start;
  len_ = new_len;
}

void ContinuousBatcher::MoveRow(size_t from, size_t to) {
  const auto f = static_cast<int64_t>(from), t = static_cast<int64_t>(to);
  for (size_t l = 0; l < cache_.k.size(); ++l) {
    cache_.k[l][t].copy_(cache_.k[l][f]);
    cache_.v[l][t].copy_(cache_.v[l][f]);
  }
  mask_[t].copy_(mask_[f]);
  rows_[to] = std::move(rows_[from]);
}

void ContinuousBatcher::Admit(std::vector<Finished>* finished) {
  const size_t free = static_cast<size_t>(options_.max_batch) - rows_.size();
  const size_t n = std::min(free, waiting_.size());
  if (n == 0) return;
  std::vector<Request> reqs;
  for (size_t i = 0; i < n; ++i) {
    reqs.push_back(std::move(waiting_.front()));
    waiting_.pop_front();
  }
  // Batched, left-padded, chunked prefill into a temporary cache.
  int64_t W = 1;
  for (const Request& r : reqs) W = std::max<int64_t>(W, static_cast<int64_t>(r.prompt.size()));
  const auto B = static_cast<int64_t>(n);
  auto i64 = torch::TensorOptions().dtype(torch::kInt64);
  torch::Tensor ids = torch::zeros({B, W}, i64), pos = torch::zeros({B, W}, i64);
  torch::Tensor mask = torch::zeros({B, W}, torch::kBool);
  {
    auto ia = ids.accessor<int64_t, 2>();
    auto pa = pos.accessor<int64_t, 2>();
    auto ma = mask.accessor<bool, 2>();
    for (int64_t b = 0; b < B; ++b) {
      const auto& p = reqs[static_cast<size_t>(b)].prompt;
      const int64_t L = static_cast<int64_t>(p.size()), off = W - L;
      for (int64_t j = 0; j < L; ++j) {
        ia[b][off + j] = p[static_cast<size_t>(j)];
        pa[b][off + j] = j;
        ma[b][off + j] = true;
      }
    }
  }
  const torch::Device dev = model_->device();
  KVCache tmp = model_->NewCache(B, W);
  torch::Tensor logits;
  const int64_t chunk = std::max(1, options_.sampling.prefill_chunk);
  for (int64_t c = 0; c < W; c += chunk) {
    int64_t m = std::min(chunk, W - c);
    logits = model_->Forward(ids.narrow(1, c, m).to(dev), pos.narrow(1, c, m).to(dev),
                             mask.narrow(1, 0, c + m).to(dev), &tmp, true);
  }
  const GenerateOptions& so = options_.sampling;
  const float temp = so.greedy ? 1.0f : std::max(so.temperature, 1e-5f);
  torch::Tensor lp = torch::log_softmax(logits.select(1, 0) / temp, -1);
  std::vector<Row> fresh(n);
  std::vector<Rng*> streams;
  for (size_t i = 0; i < n; ++i) {
    fresh[i].id = reqs[i].id;
    fresh[i].rng = Rng(reqs[i].seed);
    fresh[i].next_pos = static_cast<int64_t>(reqs[i].prompt.size());
    streams.push_back(&fresh[i].rng);
  }
  std::vector<int64_t> chosen = SampleTokens(lp, so, streams);
  torch::Tensor picked =
      lp.gather(1, torch::tensor(chosen, i64).to(lp.device()).unsqueeze(1)).to(torch::kCPU);
  // Survivors join the shared cache at the right end of the axis.
  std::vector<size_t> joining;
  for (size_t i = 0; i < n; ++i) {
    fresh[i].next_pos -= 1;  // Append advances it to the first generated token's position
    if (Append(fresh[i], static_cast<TokenId>(chosen[i]),
               picked[static_cast<int64_t>(i)][0].item<float>())) {
      finished->push_back({fresh[i].id, std::move(fresh[i].gen)});
    } else {
      joining.push_back(i);
    }
  }
  if (joining.empty()) return;
  int64_t min_start = len_;
  for (const Row& r : rows_) min_start = std::min(min_start, r.start);
  if (len_ < W || len_ + 1 > capacity_ || min_start > len_ - min_start) Relayout(W);
  for (size_t i : joining) {
    const auto slot = static_cast<int64_t>(rows_.size());
    const auto b = static_cast<int64_t>(i);
    const int64_t L = static_cast<int64_t>(reqs[i].prompt.size());
    for (size_t l = 0; l < cache_.k.size(); ++l) {
      cache_.k[l][slot].narrow(1, len_ - W, W).copy_(tmp.k[l][b]);
      cache_.v[l][slot].narrow(1, len_ - W, W).copy_(tmp.v[l][b]);
    }
    mask_[slot].zero_();
    mask_[slot].narrow(0, len_ - L, L).fill_(true);
    fresh[i].start = len_ - L;
    rows_.push_back(std::move(fresh[i]));
  }
}

std::vector<ContinuousBatcher::Finished> ContinuousBatcher::Step() {
  torch::NoGradGuard no_grad;
  std::vector<Finished> finished;
  Admit(&finished);
  if (!rows_.empty()) {
    if (len_ + 1 > capacity_) Relayout(0);
    const auto A = static_cast<int64_t>(rows_.size());
    auto i64 = torch::TensorOptions().dtype(torch::kInt64);
    torch::Tensor ids = torch::zeros({A, 1}, i64), pos = torch::zeros({A, 1}, i64);
    for (int64_t b = 0; b < A; ++b) {
      ids[b][0] = static_cast<int64_t>(rows_[static_cast<size_t>(b)].next_token);
      pos[b][0] = rows_[static_cast<size_t>(b)].next_pos;
    }
    mask_.narrow(0, 0, A).select(1, len_).fill_(true);
    KVCache view;
    for (size_t l = 0; l < cache_.k.size(); ++l) {
      view.k.push_back(cache_.k[l].narrow(0, 0, A));
      view.v.push_back(cache_.v[l].narrow(0, 0, A));
    }
    view.length = len_;
    view.capacity = capacity_;
    const torch::Device dev = model_->device();
    torch::Tensor logits =
        model_->Forward(ids.to(dev), pos.to(dev),
                        mask_.narrow(0, 0, A).narrow(1, 0, len_ + 1).to(dev), &view, true);
    len_ += 1;
    const GenerateOptions& so = options_.sampling;
    const float temp = so.greedy ? 1.0f : std::max(so.temperature, 1e-5f);
    torch::Tensor lp = torch::log_softmax(logits.select(1, 0) / temp, -1);
    std::vector<Rng*> streams;
    for (Row& r : rows_) streams.push_back(&r.rng);
    std::vector<int64_t> chosen = SampleTokens(lp, so, streams);
    torch::Tensor picked =
        lp.gather(1, torch::tensor(chosen, i64).to(lp.device()).unsqueeze(1)).to(torch::kCPU);
    std::vector<char> done(rows_.size(), 0);
    for (size_t b = 0; b < rows_.size(); ++b) {
      done[b] = Append(rows_[b], static_cast<TokenId>(chosen[b]),
                       picked[static_cast<int64_t>(b)][0].item<float>())
                    ? 1
                    : 0;
    }
    // Finished rows leave; the last running row fills each hole.
    for (size_t b = rows_.size(); b-- > 0;) {
      if (!done[b]) continue;
      finished.push_back({rows_[b].id, std::move(rows_[b].gen)});
      const size_t last = rows_.size() - 1;
      if (b != last) MoveRow(last, b);
      rows_.pop_back();
    }
    if (rows_.empty()) len_ = 0;
  }
  std::sort(finished.begin(), finished.end(),
            [](const Finished& a, const Finished& b) { return a.id < b.id; });
  return finished;
}

}  // namespace wa
