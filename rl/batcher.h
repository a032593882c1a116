// Continuous batching: one decode batch serves every running sequence; a sequence that finishes
// leaves at once and a waiting one takes its slot at the next step (after a batched prefill),
// so the batch stays full while trajectories of different lengths come and go.
//
// All running sequences share one KV cache laid out on a common index axis: a sequence admitted
// when the axis is at `len` has its prompt's keys and values copied to [len - L, len) of its
// slot, and a per-slot key mask hides every other column. Keys are stored rotated at their own
// positions, so moving columns (compaction when the axis fills up or runs mostly empty) changes
// nothing. A finished slot is refilled by moving the last running slot into it, so the decode
// batch is always exactly the running sequences.
//
// Results depend only on the order of Add and Step calls (and the seeds), not on timing.
#ifndef WEBAGENT_RL_BATCHER_H_
#define WEBAGENT_RL_BATCHER_H_

#include <cstdint>
#include <deque>
#include <vector>

#include "rl/generate.h"
#include "rl/model.h"
#include "sim/rng.h"
#include "sim/status.h"

namespace wa {

struct BatcherOptions {
  int max_batch = 16;         // sequences decoded together
  int64_t max_prompt = 1024;  // longest prompt accepted
  GenerateOptions sampling;   // max_new_tokens, greedy / temperature / top-p / top-k, stop tokens
};

class ContinuousBatcher {
 public:
  struct Finished {
    uint64_t id = 0;
    Generation generation;  // tokens, log-probs and finish reason (text is left empty)
  };

  ContinuousBatcher(Transformer model, BatcherOptions options);

  // Queues a prompt; `seed` selects its sampling stream. Errors on an empty or too long prompt.
  Status Add(uint64_t id, std::vector<TokenId> prompt, uint64_t seed);
  // Admits waiting prompts into free slots (one batched prefill that also samples their first
  // token), then decodes one token for every running sequence. Returns the sequences that
  // finished during this step, ordered by id.
  std::vector<Finished> Step();

  size_t running() const { return rows_.size(); }
  size_t waiting() const { return waiting_.size(); }
  bool idle() const { return rows_.empty() && waiting_.empty(); }
  int64_t axis_length() const { return len_; }
  Transformer& model() { return model_; }

 private:
  struct Request {
    uint64_t id;
    std::vector<TokenId> prompt;
    uint64_t seed;
  };
  struct Row {
    uint64_t id = 0;
    Rng rng;
    int64_t start = 0;     // first cache column of this sequence
    int64_t next_pos = 0;  // position of next_token
    TokenId next_token = 0;
    Generation gen;
  };
  // Appends a sampled token; returns true when the sequence is finished.
  bool Append(Row& row, TokenId token, float logprob) const;
  void Admit(std::vector<Finished>* finished);
  // Moves the used columns so that the axis is at least `front` long and has room for one more.
  void Relayout(int64_t front);
  void MoveRow(size_t from, size_t to);

  Transformer model_;
  BatcherOptions options_;
  int64_t capacity_ = 0;
  int64_t len_ = 0;
  KVCache cache_;       // [max_batch, kv_heads, capacity, head_dim] per layer
  torch::Tensor mask_;  // [max_batch, capacity] bool, CPU
  std::vector<Row> rows_;
  std::deque<Request> waiting_;
};

}  // namespace wa

#endif  // WEBAGENT_RL_BATCHER_H_
