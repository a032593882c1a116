// Teacher-forced inspection of one response under a model: for every response token, the
// model's probability of it and, with a copy head, how that probability splits between the
// output head and the pointer (the gate, each part's own probability of the token), plus the
// most likely alternatives of each. It answers "why did the policy pick this element id?":
// whether the id came from the pointer or the vocabulary, and which ids each preferred.
#ifndef WEBAGENT_RL_INSPECT_H_
#define WEBAGENT_RL_INSPECT_H_

#include <utility>
#include <vector>

#include "agent/tokenizer.h"
#include "rl/model.h"

namespace wa {

struct TokenInspection {
  TokenId token = 0;
  float logprob = 0;  // log p(token) under the model (the mixture with a copy head)
  // Copy head only (NaN without one): the gate g = the weight of the pointer's distribution,
  // log of the output head's softmax at the token and log of the pointer's distribution at it
  // (about -69 where the token cannot be copied).
  float gate = 0;
  float vocab_logprob = 0;
  float copy_logprob = 0;
  // The `top_k` most likely tokens with their log-probabilities, best first: of the model, and
  // (copy head only) of the output head alone and of the pointer alone.
  std::vector<std::pair<TokenId, float>> top, top_vocab, top_copy;
};

// Scores `response` after `context` (teacher forcing, no gradients) and inspects each token.
// Both must be non-empty.
std::vector<TokenInspection> InspectResponse(Transformer& model,
                                             const std::vector<TokenId>& context,
                                             const std::vector<TokenId>& response, int top_k);

}  // namespace wa

#endif  // WEBAGENT_RL_INSPECT_H_
