#include "rl/generate.h"

#include <algorithm>
#include <map>

#include "sim/rng.h"

namespace wa {
namespace {

uint64_t HashTokens(const std::vector<TokenId>& ids) {
  uint64_t h = 1469598103934665603ULL;
  for (TokenId t : ids) {
    h ^= static_cast<uint32_t>(t);
    h *= 1099511628211ULL;
  }
  return h;
}

// Picks a token from one row's candidate probabilities (descending or in vocabulary order).
int64_t Draw(const float* probs, const int64_t* index, int64_t n, Rng* rng) {
  double total = 0;
  for (int64_t i = 0; i < n; ++i) total += probs[i];
  double u = rng->UniformDouble() * total, acc = 0;
  int64_t last = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (probs[i] <= 0) continue;
    acc += probs[i];
    last = i;
    if (u < acc) return index ? index[i] : i;
  }
  return index ? index[last] : last;
}

}  // namespace

std::vector<int64_t> SampleTokens(const torch::Tensor& lp, const GenerateOptions& options,
                                  const std::vector<Rng*>& streams) {
  const int64_t B = lp.size(0);
  std::vector<int64_t> chosen(static_cast<size_t>(B), 0);
  if (options.greedy) {
    torch::Tensor am = lp.argmax(-1).to(torch::kCPU).contiguous();
    for (int64_t b = 0; b < B; ++b) chosen[static_cast<size_t>(b)] = am.data_ptr<int64_t>()[b];
    return chosen;
  }
  torch::Tensor probs = lp.exp();
  torch::Tensor vals, idx;
  bool truncated = options.top_k > 0 || options.top_p < 1.0f;
  if (options.top_k > 0) {
    std::tie(vals, idx) = probs.topk(std::min<int64_t>(options.top_k, probs.size(-1)), -1);
  } else if (options.top_p < 1.0f) {
    std::tie(vals, idx) = probs.sort(-1, /*descending=*/true);
  } else {
    vals = probs;
  }
  if (options.top_p < 1.0f) {
    torch::Tensor before = vals.cumsum(-1) - vals;  // mass of the better candidates
    vals = vals.masked_fill(before >= options.top_p, 0.0);
  }
  vals = vals.to(torch::kCPU).contiguous();
  if (truncated) idx = idx.to(torch::kCPU).contiguous();
  const int64_t n = vals.size(1);
  for (int64_t b = 0; b < B; ++b) {
    Rng* rng = streams[static_cast<size_t>(b)];
    if (rng == nullptr) continue;
    chosen[static_cast<size_t>(b)] =
        Draw(vals.data_ptr<float>() + b * n, truncated ? idx.data_ptr<int64_t>() + b * n : nullptr,
             n, rng);
  }
  return chosen;
}

std::vector<Generation> Generate(Transformer& model,
                                 const std::vector<std::vector<TokenId>>& prompts,
                                 const GenerateOptions& options, const Tokenizer* tokenizer) {
  torch::NoGradGuard no_grad;
  const int64_t B = static_cast<int64_t>(prompts.size());
  std::vector<Generation> out(prompts.size());
  if (B == 0) return out;
  const torch::Device dev = model->device();
  int64_t Lmax = 1;
  for (const auto& p : prompts) Lmax = std::max<int64_t>(Lmax, static_cast<int64_t>(p.size()));
  const int64_t N = std::max(0, options.max_new_tokens);
  const int64_t total = Lmax + N;
  auto i64 = torch::TensorOptions().dtype(torch::kInt64);
  torch::Tensor ids = torch::zeros({B, total}, i64);
  torch::Tensor pos = torch::zeros({B, total}, i64);
  torch::Tensor mask = torch::zeros({B, total}, torch::TensorOptions().dtype(torch::kBool));
  std::vector<int64_t> length(prompts.size());
  std::vector<Rng> rngs;
  std::map<uint64_t, uint64_t> copies;  // identical prompts get successive streams
  for (int64_t b = 0; b < B; ++b) {
    const auto& p = prompts[static_cast<size_t>(b)];
    int64_t L = static_cast<int64_t>(p.size()), off = Lmax - L;
    length[static_cast<size_t>(b)] = L;
    auto ia = ids.accessor<int64_t, 2>();
    auto pa = pos.accessor<int64_t, 2>();
    auto ma = mask.accessor<bool, 2>();
    for (int64_t j = 0; j < L; ++j) {
      ia[b][off + j] = p[static_cast<size_t>(j)];
      pa[b][off + j] = j;
      ma[b][off + j] = true;
    }
    uint64_t h = HashTokens(p);
    uint64_t k = copies[h]++;
    rngs.emplace_back(options.seed * 0x9E3779B97F4A7C15ULL ^ h ^ (k * 0xBF58476D1CE4E5B9ULL));
  }
  const float temp = options.greedy ? 1.0f : std::max(options.temperature, 1e-5f);
  std::vector<std::string> texts(prompts.size());
  std::vector<char> done(prompts.size(), 0);
  KVCache cache;
  torch::Tensor logits;
  if (N == 0) return out;
  if (options.use_cache) {
    // Chunked prefill: attention memory is O(chunk x prompt), not O(prompt^2).
    cache = model->NewCache(B, total);
    const int64_t chunk = std::max(1, options.prefill_chunk);
    for (int64_t c = 0; c < Lmax; c += chunk) {
      int64_t n = std::min(chunk, Lmax - c);
      logits = model->Forward(ids.narrow(1, c, n).to(dev), pos.narrow(1, c, n).to(dev),
                              mask.narrow(1, 0, c + n).to(dev), &cache, true);
    }
  } else {
    logits = model->Forward(ids.narrow(1, 0, Lmax).to(dev), pos.narrow(1, 0, Lmax).to(dev),
                            mask.narrow(1, 0, Lmax).to(dev), nullptr, true);
  }
  for (int64_t s = 0; s < N; ++s) {
    torch::Tensor lp = torch::log_softmax(logits.select(1, 0) / temp, -1);  // [B, V]
    std::vector<Rng*> streams;
    for (int64_t b = 0; b < B; ++b) {
      streams.push_back(done[static_cast<size_t>(b)] ? nullptr : &rngs[static_cast<size_t>(b)]);
    }
    std::vector<int64_t> chosen = SampleTokens(lp, options, streams);
    torch::Tensor lp_cpu =
        lp.gather(1, torch::tensor(chosen, i64).to(lp.device()).unsqueeze(1)).to(torch::kCPU);
    bool all_done = true;
    for (int64_t b = 0; b < B; ++b) {
      auto bi = static_cast<size_t>(b);
      if (done[bi]) continue;
      Generation& g = out[bi];
      auto tok = static_cast<TokenId>(chosen[bi]);
      g.tokens.push_back(tok);
      g.logprobs.push_back(lp_cpu[b][0].item<float>());
      if (std::find(options.stop_tokens.begin(), options.stop_tokens.end(), tok) !=
          options.stop_tokens.end()) {
        done[bi] = 1;
        g.finish = "stop_token";
      } else if (tokenizer) {
        texts[bi] += tokenizer->DecodeOne(tok);
        for (const std::string& stop : options.stop_strings) {
          size_t from =
              texts[bi].size() > stop.size() + 64 ? texts[bi].size() - stop.size() - 64 : 0;
          size_t at = texts[bi].find(stop, from);
          if (!stop.empty() && at != std::string::npos) {
            texts[bi].resize(at);
            done[bi] = 1;
            g.finish = "stop_string";
            break;
          }
        }
      }
      if (!done[bi] && s + 1 == N) g.finish = "length";
      all_done &= done[bi] != 0;
    }
    if (all_done || s + 1 == N) break;
    // Feed the chosen tokens.
    const int64_t col = Lmax + s;
    {
      auto ia = ids.accessor<int64_t, 2>();
      auto pa = pos.accessor<int64_t, 2>();
      auto ma = mask.accessor<bool, 2>();
      for (int64_t b = 0; b < B; ++b) {
        ia[b][col] = chosen[static_cast<size_t>(b)];
        pa[b][col] = length[static_cast<size_t>(b)] + s;
        ma[b][col] = true;
      }
    }
    if (options.use_cache) {
      logits = model->Forward(ids.narrow(1, col, 1).to(dev), pos.narrow(1, col, 1).to(dev),
                              mask.narrow(1, 0, col + 1).to(dev), &cache, true);
    } else {
      logits = model->Forward(ids.narrow(1, 0, col + 1).to(dev), pos.narrow(1, 0, col + 1).to(dev),
                              mask.narrow(1, 0, col + 1).to(dev), nullptr, true);
    }
  }
  for (size_t b = 0; b < out.size(); ++b) {
    if (tokenizer) {
      out[b].text =
          out[b].finish == "stop_string" ? texts[b] : tokenizer->Decode(out[b].tokens, true);
    }
  }
  return out;
}

ScoreTensors ScoreSequences(Transformer& model, const std::vector<SequenceScoreRequest>& requests,
                            float temperature) {
  const int64_t N = static_cast<int64_t>(requests.size());
  int64_t L = 1, R = 1;
  for (const SequenceScoreRequest& r : requests) {
    TORCH_CHECK(!r.ids.empty(), "a scored sequence must not be empty");
    L = std::max<int64_t>(L, static_cast<int64_t>(r.ids.size()));
    R = std::max<int64_t>(R, static_cast<int64_t>(r.positions.size()));
  }
  auto i64 = torch::TensorOptions().dtype(torch::kInt64);
  torch::Tensor ids = torch::zeros({N, L}, i64), key = torch::zeros({N, L}, torch::kBool);
  torch::Tensor at = torch::zeros({N, R}, i64), target = torch::zeros({N, R}, i64);
  torch::Tensor mask = torch::zeros({N, R}, torch::kFloat32);
  {
    auto ia = ids.accessor<int64_t, 2>();
    auto ka = key.accessor<bool, 2>();
    auto aa = at.accessor<int64_t, 2>();
    auto ta = target.accessor<int64_t, 2>();
    auto ma = mask.accessor<float, 2>();
    for (int64_t n = 0; n < N; ++n) {
      const SequenceScoreRequest& r = requests[static_cast<size_t>(n)];
      for (size_t j = 0; j < r.ids.size(); ++j) {
        ia[n][static_cast<int64_t>(j)] = r.ids[j];
        ka[n][static_cast<int64_t>(j)] = true;
      }
      for (size_t k = 0; k < r.positions.size(); ++k) {
        const int64_t p = r.positions[k];
        TORCH_CHECK(p >= 1 && p < static_cast<int64_t>(r.ids.size()),
                    "a scored position must be within the sequence and after its first token");
        aa[n][static_cast<int64_t>(k)] = p - 1;  // the hidden state that predicts token p
        ta[n][static_cast<int64_t>(k)] = r.ids[static_cast<size_t>(p)];
        ma[n][static_cast<int64_t>(k)] = 1.0f;
      }
    }
  }
  const torch::Device dev = model->device();
  torch::Tensor positions = torch::arange(L, i64).unsqueeze(0).expand({N, L}).contiguous();
  torch::Tensor hidden = model->Hidden(ids.to(dev), positions.to(dev), key.to(dev), nullptr);
  at = at.to(dev);
  torch::Tensor picked =
      hidden.gather(1, at.unsqueeze(-1).expand({N, R, hidden.size(-1)}));  // [N, R, d]
  torch::Tensor keys = model->has_copy_head() ? model->CopyKeys(hidden) : torch::Tensor();
  torch::Tensor log_copied;
  torch::Tensor scores = model->Head(picked, at, keys, ids.to(dev), key.to(dev),
                                     model->has_copy_head() ? &log_copied : nullptr);
  torch::Tensor lp = torch::log_softmax(scores / temperature, -1);
  ScoreTensors s;
  s.mask = mask.to(dev);
  torch::Tensor tgt = target.to(dev).unsqueeze(-1);
  s.logprobs = lp.gather(-1, tgt).squeeze(-1) * s.mask;
  s.entropy = -(lp.exp() * lp).sum(-1) * s.mask;
  if (model->has_copy_head()) {
    // Token p is copyable when it equals ids[s + 1] for some s < p - 1 (both real tokens).
    torch::Tensor ids_d = ids.to(dev), key_d = key.to(dev);
    torch::Tensor next =
        torch::cat({ids_d.narrow(1, 1, L - 1), torch::full({N, 1}, -1, i64.device(dev))}, 1);
    torch::Tensor pair =
        key_d &
        torch::cat({key_d.narrow(1, 1, L - 1),
                    torch::zeros({N, 1}, torch::TensorOptions().dtype(torch::kBool).device(dev))},
                   1);
    torch::Tensor before = torch::arange(L, i64.device(dev)).view({1, 1, L}) < at.unsqueeze(-1);
    torch::Tensor hit = (next.unsqueeze(1) == tgt) & pair.unsqueeze(1) & before;  // [N, R, L]
    s.copyable = hit.any(-1).to(torch::kFloat32) * s.mask;
    s.copy_logprobs = log_copied.gather(-1, tgt).squeeze(-1) * s.copyable;
  }
  return s;
}

ScoreTensors ScoreBatch(Transformer& model, const std::vector<ScoreRequest>& requests,
                        float temperature) {
  std::vector<SequenceScoreRequest> seqs;
  seqs.reserve(requests.size());
  for (const ScoreRequest& r : requests) {
    TORCH_CHECK(!r.context.empty(), "a scored response needs a non-empty context");
    SequenceScoreRequest q;
    q.ids = r.context;
    q.ids.insert(q.ids.end(), r.response.begin(), r.response.end());
    for (size_t k = 0; k < r.response.size(); ++k) {
      q.positions.push_back(static_cast<int64_t>(r.context.size() + k));
    }
    seqs.push_back(std::move(q));
  }
  return ScoreSequences(model, seqs, temperature);
}

std::vector<Scored> Score(Transformer& model, const std::vector<ScoreRequest>& requests,
                          float temperature) {
  torch::NoGradGuard no_grad;
  std::vector<Scored> out(requests.size());
  if (requests.empty()) return out;
  ScoreTensors s = ScoreBatch(model, requests, temperature);
  torch::Tensor lp = s.logprobs.to(torch::kCPU), ent = s.entropy.to(torch::kCPU);
  for (size_t n = 0; n < requests.size(); ++n) {
    for (size_t k = 0; k < requests[n].response.size(); ++k) {
      out[n].logprobs.push_back(lp[static_cast<int64_t>(n)][static_cast<int64_t>(k)].item<float>());
      out[n].entropy.push_back(ent[static_cast<int64_t>(n)][static_cast<int64_t>(k)].item<float>());
    }
  }
  return out;
}

}  // namespace wa
