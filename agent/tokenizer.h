// Byte-level BPE tokenizers in the Hugging Face `tokenizer.json` form (GPT-2 / Qwen2 / Qwen3 /
// Llama 3 style): added and special tokens matched first, optional NFC normalisation, the
// GPT-4-style split regex with Unicode classes (hand-written matcher, categories from ICU), the
// byte-to-unicode alphabet, ranked merges, and decoding back to bytes.
//
// Semantics follow the Rust tokenizers and the JavaScript reference `@huggingface/tokenizers`
// (tests check exact ids on the real Qwen3 and Llama 3.1 files): `\s` is Unicode White_Space
// (with U+0085, without U+FEFF), and `(?i:'s)` also matches U+017F (long s) under case folding.
#ifndef WEBAGENT_AGENT_TOKENIZER_H_
#define WEBAGENT_AGENT_TOKENIZER_H_

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sim/status.h"

namespace wa {

using TokenId = int32_t;

struct AddedToken {
  std::string content;
  TokenId id = -1;
  bool special = true;
};

class Tokenizer {
 public:
  // Loads a Hugging Face tokenizer.json (byte-level BPE only); errors name what is unsupported.
  static Result<Tokenizer> Load(const std::string& path);
  static Result<Tokenizer> FromJson(const nlohmann::json& j);

  // Encodes text. With `parse_special`, added tokens in the text become their ids; without, the
  // text is encoded as plain text (for observations that might contain "<|im_end|>").
  std::vector<TokenId> Encode(std::string_view text, bool parse_special = true) const;
  // Decodes ids to bytes (UTF-8 unless the ids split a character). Unknown ids are skipped.
  std::string Decode(const std::vector<TokenId>& ids, bool skip_special = false) const;
  // The text as the model sees it before splitting (NFC for tokenizers that normalise).
  std::string Normalize(std::string_view text) const;
  // The text of one token as it appears in decoded output.
  std::string DecodeOne(TokenId id) const;

  // The id of a token given in the vocabulary's own spelling (added tokens by content), or -1.
  TokenId Id(std::string_view token) const;
  const std::string& Token(TokenId id) const;  // vocabulary spelling ("" if out of range)
  size_t vocab_size() const { return id_to_token_.size(); }
  bool IsSpecial(TokenId id) const;
  const std::vector<AddedToken>& added_tokens() const { return added_; }

  // The tokenizer in tokenizer.json form (loads back with FromJson and in the JS reference).
  nlohmann::json ToJson() const;
  Status Save(const std::string& path) const;  // atomic write

  // Splits text into pre-tokens with the split regex (digits grouped up to `max_digits`). With
  // `bare_words` (our own tokenizers only, see BpeTrainerOptions::bare_words) a word never takes
  // the character before it and there are no contraction pieces: `\p{L}+` replaces
  // `[^\r\n\p{L}\p{N}]?\p{L}+` and `(?i:'s|...)` is dropped.
  static std::vector<std::string_view> PreTokenize(std::string_view text, int max_digits,
                                                   bool bare_words = false);

  // Builds a tokenizer from a vocabulary (byte-level spelling) and ranked merges.
  static Result<Tokenizer> FromParts(std::vector<std::string> id_to_token,
                                     std::vector<std::pair<std::string, std::string>> merges,
                                     std::vector<AddedToken> added, int max_digits, bool nfc,
                                     bool ignore_merges, bool bare_words = false);

  bool bare_words() const { return bare_words_; }

 private:
  void EncodePlain(std::string_view text, std::vector<TokenId>* out) const;
  void EncodeWord(std::string_view word, std::vector<TokenId>* out) const;

  std::vector<std::string> id_to_token_;
  std::unordered_map<std::string, TokenId> token_to_id_;
  std::vector<std::pair<std::string, std::string>> merges_;  // in rank order
  // (left id << 32 | right id) -> (rank << 32 | merged id)
  std::unordered_map<uint64_t, uint64_t> merge_rank_;
  std::vector<AddedToken> added_;
  // Added tokens by their first two bytes (indices into added_, longest first); one-byte tokens
  // under key (byte, 256).
  std::unordered_map<uint32_t, std::vector<uint32_t>> added_by_prefix_;
  std::vector<char> special_;  // by id
  TokenId byte_id_[256] = {};  // initial symbol of each byte
  int max_digits_ = 1;
  bool bare_words_ = false;
  bool nfc_ = false;
  bool ignore_merges_ = false;
};

// GPT-2's byte-to-unicode alphabet: the UTF-8 spelling of byte b's character.
const std::string& ByteToUnicode(uint8_t b);

}  // namespace wa

#endif  // WEBAGENT_AGENT_TOKENIZER_H_
