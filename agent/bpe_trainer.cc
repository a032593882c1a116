#include "agent/bpe_trainer.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <queue>
#include <unordered_map>
#include <unordered_set>

namespace wa {
namespace {

uint64_t Key(int32_t a, int32_t b) {
  return static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32 | static_cast<uint32_t>(b);
}

struct Word {
  std::vector<int32_t> symbols;
  int64_t count;
};

}  // namespace

Result<Tokenizer> TrainBpe(const std::vector<std::string>& corpus,
                           const BpeTrainerOptions& options) {
  const size_t base = 256 + options.special_tokens.size();
  if (options.vocab_size < base) {
    return InvalidArgument("vocab_size " + std::to_string(options.vocab_size) +
                           " is smaller than the byte alphabet plus special tokens (" +
                           std::to_string(base) + ")");
  }
  auto start = std::chrono::steady_clock::now();
  // Pre-token counts, in first-seen order (deterministic).
  std::unordered_map<std::string, size_t> index;
  std::vector<Word> words;
  for (const std::string& text : corpus) {
    for (std::string_view piece :
         Tokenizer::PreTokenize(text, options.max_digits, options.bare_words)) {
      auto [it, added] = index.emplace(std::string(piece), words.size());
      if (added) {
        Word w;
        for (char ch : piece) w.symbols.push_back(static_cast<unsigned char>(ch));
        w.count = 0;
        words.push_back(std::move(w));
      }
      ++words[it->second].count;
    }
  }
  std::vector<std::string> vocab;
  for (int b = 0; b < 256; ++b) vocab.push_back(ByteToUnicode(static_cast<uint8_t>(b)));
  std::vector<std::pair<std::string, std::string>> merges;

  std::unordered_map<uint64_t, int64_t> pair_count;
  std::unordered_map<uint64_t, std::unordered_set<size_t>> where;
  auto add_pairs = [&](size_t w, int64_t sign) {
    const auto& s = words[w].symbols;
    for (size_t i = 0; i + 1 < s.size(); ++i) {
      uint64_t k = Key(s[i], s[i + 1]);
      pair_count[k] += sign * words[w].count;
      if (sign > 0) where[k].insert(w);
    }
  };
  for (size_t w = 0; w < words.size(); ++w) add_pairs(w, +1);
  // Max-heap of (count, -key): stale entries are skipped when popped.
  using Entry = std::pair<int64_t, int64_t>;
  std::priority_queue<Entry> heap;
  for (const auto& [k, c] : pair_count) heap.push({c, -static_cast<int64_t>(k)});

  const size_t target_merges = options.vocab_size - base;
  while (merges.size() < target_merges && !heap.empty()) {
    auto [count, neg_key] = heap.top();
    heap.pop();
    auto key = static_cast<uint64_t>(-neg_key);
    auto it = pair_count.find(key);
    if (it == pair_count.end() || it->second != count) continue;  // stale
    if (count < options.min_frequency) break;
    auto a = static_cast<int32_t>(key >> 32), b = static_cast<int32_t>(key & 0xFFFFFFFF);
    auto merged = static_cast<int32_t>(vocab.size());
    vocab.push_back(vocab[static_cast<size_t>(a)] + vocab[static_cast<size_t>(b)]);
    merges.emplace_back(vocab[static_cast<size_t>(a)], vocab[static_cast<size_t>(b)]);
    std::vector<size_t> affected(where[key].begin(), where[key].end());
    std::sort(affected.begin(), affected.end());
    std::unordered_set<uint64_t> touched;
    for (size_t w : affected) {
      const auto& old = words[w].symbols;
      for (size_t i = 0; i + 1 < old.size(); ++i) touched.insert(Key(old[i], old[i + 1]));
      add_pairs(w, -1);
      std::vector<int32_t> next;
      for (size_t i = 0; i < old.size(); ++i) {
        if (i + 1 < old.size() && old[i] == a && old[i + 1] == b) {
          next.push_back(merged);
          ++i;
        } else {
          next.push_back(old[i]);
        }
      }
      words[w].symbols = std::move(next);
      add_pairs(w, +1);
      const auto& now = words[w].symbols;
      for (size_t i = 0; i + 1 < now.size(); ++i) touched.insert(Key(now[i], now[i + 1]));
    }
    pair_count.erase(key);
    where.erase(key);
    for (uint64_t k : touched) {
      auto pc = pair_count.find(k);
      if (pc == pair_count.end()) continue;
      if (pc->second <= 0) {
        pair_count.erase(pc);
        continue;
      }
      heap.push({pc->second, -static_cast<int64_t>(k)});
    }
    if (options.progress && merges.size() % 500 == 0) {
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      fmt::print(stderr, "[bpe] {}/{} merges, {:.1f} s, last count {}\n", merges.size(),
                 target_merges, secs, count);
    }
  }
  std::vector<AddedToken> added;
  for (const std::string& s : options.special_tokens) {
    added.push_back({s, static_cast<TokenId>(vocab.size() + added.size()), true});
  }
  return Tokenizer::FromParts(std::move(vocab), std::move(merges), std::move(added),
                              options.max_digits, /*nfc=*/false, /*ignore_merges=*/false,
                              options.bare_words);
}

}  // namespace wa
