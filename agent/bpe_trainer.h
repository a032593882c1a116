// Trains a byte-level BPE tokenizer (the Qwen2 split regex, GPT-2 byte alphabet) on text, e.g.
// observations and actions the simulator produces, for the small models trained here.
#ifndef WEBAGENT_AGENT_BPE_TRAINER_H_
#define WEBAGENT_AGENT_BPE_TRAINER_H_

#include <string>
#include <vector>

#include "agent/tokenizer.h"

namespace wa {

struct BpeTrainerOptions {
  size_t vocab_size = 4096;  // including the 256 byte symbols and the special tokens
  std::vector<std::string> special_tokens = {"<|endoftext|>", "<|im_start|>", "<|im_end|>"};
  int max_digits = 1;  // digits per pre-token, as Qwen2 (Llama 3: 3)
  // Words stand alone: the space, quote or other character before a word is its own piece
  // (Tokenizer::PreTokenize). A word then has the same tokens wherever it stands (after a space
  // in a task, after a quote in an action argument or a link label), so that a small model can
  // copy it token for token; text takes about a quarter more tokens.
  bool bare_words = false;
  int64_t min_frequency = 2;  // stop when the best pair is rarer than this
  bool progress = false;      // progress lines on stderr
};

// Deterministic: the same corpus and options give the same tokenizer. Ties between pairs of
// equal frequency go to the pair of lower token ids (older tokens first).
Result<Tokenizer> TrainBpe(const std::vector<std::string>& corpus,
                           const BpeTrainerOptions& options);

}  // namespace wa

#endif  // WEBAGENT_AGENT_BPE_TRAINER_H_
