// Generation and scoring with a Transformer.
//
// Generation: batched over prompts of different lengths (left padding, per-row positions and key
// masks), KV-cache decoding (or full recomputation, for checks and benchmarks), greedy or
// temperature / top-k / top-p sampling. Every sequence draws from its own seeded stream
// (seed, row), so a prompt samples the same tokens alone or in any batch, on any thread count.
// Each token comes with its log-probability under the temperature-scaled distribution (before
// top-k / top-p truncation), the quantity M-GRPO's ratio uses.
//
// Scoring: per-token log-probabilities and entropies of responses given contexts, batched.
#ifndef WEBAGENT_RL_GENERATE_H_
#define WEBAGENT_RL_GENERATE_H_

#include <string>
#include <vector>

#include "agent/tokenizer.h"
#include "rl/model.h"
#include "sim/rng.h"

namespace wa {

struct GenerateOptions {
  int max_new_tokens = 256;
  bool greedy = false;
  float temperature = 1.0f;
  float top_p = 1.0f;
  int top_k = 0;  // 0: off
  std::vector<TokenId> stop_tokens;
  std::vector<std::string> stop_strings;  // needs a tokenizer; the text is cut before the stop
  uint64_t seed = 0;
  bool use_cache = true;
  int prefill_chunk = 512;  // prompt positions per forward pass (bounds attention memory)
};

struct Generation {
  std::vector<TokenId> tokens;  // generated tokens, a stop token included
  std::vector<float> logprobs;  // one per token
  std::string text;             // decoded (when a tokenizer was given), cut at a stop string
  std::string finish;           // "stop_token", "stop_string" or "length"
};

std::vector<Generation> Generate(Transformer& model,
                                 const std::vector<std::vector<TokenId>>& prompts,
                                 const GenerateOptions& options,
                                 const Tokenizer* tokenizer = nullptr);

// One sampling step: picks a token per row of `lp` ([B, vocab] temperature-scaled log-probs)
// greedily or from row b's stream (top-k / top-p as in `options`); rows whose stream is null
// are skipped (token 0).
std::vector<int64_t> SampleTokens(const torch::Tensor& lp, const GenerateOptions& options,
                                  const std::vector<Rng*>& streams);

struct ScoreRequest {
  std::vector<TokenId> context;
  std::vector<TokenId> response;
};

struct Scored {
  std::vector<float> logprobs;  // log p(response[t] | context, response[<t])
  std::vector<float> entropy;   // entropy of the distribution at each response position
};

// Batched teacher-forced scoring, no gradients.
std::vector<Scored> Score(Transformer& model, const std::vector<ScoreRequest>& requests,
                          float temperature = 1.0f);

// The tensors behind Score, with gradients when enabled: [N, Tmax] log-probs, entropies and a
// mask of real response positions (for training losses).
// With a copy head, copy_logprobs [N, Tmax] is log c(token) under the copy distribution alone
// and copyable [N, Tmax] (float) marks the real positions whose token follows some earlier
// position of the sequence, so that the copy head could produce it; both are undefined without
// a copy head.
struct ScoreTensors {
  torch::Tensor logprobs, entropy, mask;
  torch::Tensor copy_logprobs, copyable;
};
ScoreTensors ScoreBatch(Transformer& model, const std::vector<ScoreRequest>& requests,
                        float temperature = 1.0f);

// Teacher-forced scoring of chosen positions of whole sequences: for each sequence, the tokens
// at `positions` (ascending, each >= 1) given everything before them. Row n of the result holds
// sequence n's scored tokens in order, then padding (mask 0). ScoreBatch is the case of one
// context followed by the scored response.
struct SequenceScoreRequest {
  std::vector<TokenId> ids;
  std::vector<int64_t> positions;
};
ScoreTensors ScoreSequences(Transformer& model, const std::vector<SequenceScoreRequest>& requests,
                            float temperature = 1.0f);

}  // namespace wa

#endif  // WEBAGENT_RL_GENERATE_H_
