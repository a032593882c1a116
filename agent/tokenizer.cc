#include "agent/tokenizer.h"

#include "sim/file_util.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <queue>
#include <set>
#include <sstream>

namespace wa {
namespace {

// One code point of UTF-8 text: its value (-1 for an invalid byte) and length in bytes.
struct CodePoint {
  int32_t cp;
  int len;
};

CodePoint DecodeUtf8(std::string_view s, size_t i) {
  auto b = static_cast<unsigned char>(s[i]);
  if (b < 0x80) return {b, 1};
  int len = b >= 0xF0 && b < 0xF5 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 0;
  if (len == 0 || i + static_cast<size_t>(len) > s.size()) return {-1, 1};
  int32_t cp = b & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
  for (int k = 1; k < len; ++k) {
    auto c = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
    if ((c & 0xC0) != 0x80) return {-1, 1};
    cp = (cp << 6) | (c & 0x3F);
  }
  // Overlong forms and surrogates are invalid.
  if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
      (cp >= 0xD800 && cp <= 0xDFFF)) {
    return {-1, 1};
  }
  return {cp, len};
}

void AppendUtf8(int32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

bool IsLetter(int32_t cp) {
  if (cp < 0) return false;
  if (cp < 0x80) return (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z';
  switch (u_charType(cp)) {
    case U_UPPERCASE_LETTER:
    case U_LOWERCASE_LETTER:
    case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER:
    case U_OTHER_LETTER:
      return true;
    default:
      return false;
  }
}

bool IsNumber(int32_t cp) {
  if (cp < 0) return false;
  if (cp < 0x80) return cp >= '0' && cp <= '9';
  switch (u_charType(cp)) {
    case U_DECIMAL_DIGIT_NUMBER:
    case U_LETTER_NUMBER:
    case U_OTHER_NUMBER:
      return true;
    default:
      return false;
  }
}

// \s as Oniguruma (Rust tokenizers) and the JS reference's rewrite read it: White_Space.
bool IsSpace(int32_t cp) {
  switch (cp) {
    case '\t':
    case '\n':
    case 0x0B:
    case 0x0C:
    case '\r':
    case ' ':
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
      return true;
    default:
      return cp >= 0x2000 && cp <= 0x200A;
  }
}

bool IsNewline(int32_t cp) { return cp == '\r' || cp == '\n'; }

// Code points of a text with their byte offsets (offsets has one extra entry: the text size).
struct Decoded {
  std::vector<int32_t> cps;
  std::vector<size_t> offsets;
};

Decoded DecodeAll(std::string_view s) {
  Decoded d;
  d.cps.reserve(s.size());
  d.offsets.reserve(s.size() + 1);
  for (size_t i = 0; i < s.size();) {
    CodePoint c = DecodeUtf8(s, i);
    d.cps.push_back(c.cp);
    d.offsets.push_back(i);
    i += static_cast<size_t>(c.len);
  }
  d.offsets.push_back(s.size());
  return d;
}

int32_t FoldAscii(int32_t cp) { return cp >= 'A' && cp <= 'Z' ? cp + 32 : cp; }

// Length in code points of the regex match at i, one alternative after another:
// (?i:'s|'t|'re|'ve|'m|'ll|'d) | [^\r\n\p{L}\p{N}]?\p{L}+ | \p{N}{1,max} |
// ' '?[^\s\p{L}\p{N}]+[\r\n]* | \s*[\r\n]+ | \s+(?!\S) | \s+
// With `bare`, alternative 1 is dropped and alternative 2 is \p{L}+.
size_t MatchAt(const std::vector<int32_t>& c, size_t i, int max_digits, bool bare) {
  const size_t n = c.size();
  auto at = [&](size_t k) { return k < n ? c[k] : -2; };
  // 1. Contractions.
  if (!bare && c[i] == '\'') {
    int32_t a = FoldAscii(at(i + 1)), b = FoldAscii(at(i + 2));
    if (a == 0x17F) a = 's';
    if (a == 's' || a == 't' || a == 'm' || a == 'd') return 2;
    if ((a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l')) return 3;
  }
  // 2. An optional non-letter, non-digit, non-newline, then letters.
  {
    size_t j = i;
    if (!bare && !IsLetter(c[i]) && !IsNumber(c[i]) && !IsNewline(c[i]) && IsLetter(at(i + 1))) {
      ++j;
    }
    if (IsLetter(at(j))) {
      while (j < n && IsLetter(c[j])) ++j;
      return j - i;
    }
  }
  // 3. Digits.
  if (IsNumber(c[i])) {
    size_t j = i;
    while (j < n && IsNumber(c[j]) && static_cast<int>(j - i) < max_digits) ++j;
    return j - i;
  }
  // 4. An optional space, symbols, then newlines.
  {
    auto symbol = [&](int32_t cp) {
      return cp != -2 && !IsSpace(cp) && !IsLetter(cp) && !IsNumber(cp);
    };
    size_t j = i;
    if (c[i] == ' ' && symbol(at(i + 1))) ++j;
    if (symbol(at(j))) {
      while (j < n && symbol(c[j])) ++j;
      while (j < n && IsNewline(c[j])) ++j;
      return j - i;
    }
  }
  // 5-7. Whitespace.
  if (IsSpace(c[i])) {
    size_t end = i;
    while (end < n && IsSpace(c[end])) ++end;
    size_t last_newline = n;
    for (size_t k = i; k < end; ++k) {
      if (IsNewline(c[k])) last_newline = k;
    }
    if (last_newline != n) return last_newline + 1 - i;  // \s*[\r\n]+
    if (end == n) return end - i;                        // \s+(?!\S) at the end
    if (end - i >= 2) return end - 1 - i;                // \s+(?!\S): leave one
    return end - i;                                      // \s+
  }
  return 1;  // not reachable for valid input; keeps invalid bytes moving
}

std::string SplitPattern(int max_digits, bool bare) {
  std::string digits = max_digits == 1 ? "\\p{N}" : "\\p{N}{1," + std::to_string(max_digits) + "}";
  std::string words =
      bare ? "\\p{L}+|" : "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|";
  return words + digits + "| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
}

struct ByteTables {
  std::string to_unicode[256];
  std::unordered_map<int32_t, uint8_t> from_unicode;
  ByteTables() {
    int extra = 0;
    for (int b = 0; b < 256; ++b) {
      bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE);
      int32_t cp = printable ? b : 256 + extra++;
      AppendUtf8(cp, &to_unicode[b]);
      from_unicode[cp] = static_cast<uint8_t>(b);
    }
  }
};

const ByteTables& Bytes() {
  static const ByteTables t;
  return t;
}

std::string Nfc(std::string_view s) {
  bool ascii = std::all_of(s.begin(), s.end(), [](char ch) { return (ch & 0x80) == 0; });
  if (ascii) return std::string(s);
  UErrorCode err = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(err);
  if (U_FAILURE(err)) return std::string(s);
  icu::UnicodeString in =
      icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  if (nfc->isNormalized(in, err) && U_SUCCESS(err)) return std::string(s);
  err = U_ZERO_ERROR;
  icu::UnicodeString outu = nfc->normalize(in, err);
  if (U_FAILURE(err)) return std::string(s);
  std::string out;
  outu.toUTF8String(out);
  return out;
}

}  // namespace

const std::string& ByteToUnicode(uint8_t b) { return Bytes().to_unicode[b]; }

std::vector<std::string_view> Tokenizer::PreTokenize(std::string_view text, int max_digits,
                                                     bool bare_words) {
  std::vector<std::string_view> out;
  Decoded d = DecodeAll(text);
  for (size_t i = 0; i < d.cps.size();) {
    size_t len = MatchAt(d.cps, i, max_digits, bare_words);
    out.push_back(text.substr(d.offsets[i], d.offsets[i + len] - d.offsets[i]));
    i += len;
  }
  return out;
}

Result<Tokenizer> Tokenizer::FromParts(std::vector<std::string> id_to_token,
                                       std::vector<std::pair<std::string, std::string>> merges,
                                       std::vector<AddedToken> added, int max_digits, bool nfc,
                                       bool ignore_merges, bool bare_words) {
  Tokenizer t;
  t.max_digits_ = max_digits;
  t.bare_words_ = bare_words;
  t.nfc_ = nfc;
  t.ignore_merges_ = ignore_merges;
  size_t size = id_to_token.size();
  for (const AddedToken& a : added) size = std::max(size, static_cast<size_t>(a.id) + 1);
  t.id_to_token_ = std::move(id_to_token);
  t.id_to_token_.resize(size);
  t.special_.assign(size, 0);
  for (size_t i = 0; i < t.id_to_token_.size(); ++i) {
    if (!t.id_to_token_[i].empty())
      t.token_to_id_.emplace(t.id_to_token_[i], static_cast<TokenId>(i));
  }
  for (int b = 0; b < 256; ++b) {
    auto it = t.token_to_id_.find(ByteToUnicode(static_cast<uint8_t>(b)));
    if (it == t.token_to_id_.end()) {
      return InvalidArgument("tokenizer vocabulary lacks the byte-level symbol of byte " +
                             std::to_string(b));
    }
    t.byte_id_[b] = it->second;
  }
  for (size_t r = 0; r < merges.size(); ++r) {
    auto a = t.token_to_id_.find(merges[r].first);
    auto b = t.token_to_id_.find(merges[r].second);
    auto m = t.token_to_id_.find(merges[r].first + merges[r].second);
    if (a == t.token_to_id_.end() || b == t.token_to_id_.end() || m == t.token_to_id_.end()) {
      return InvalidArgument("merge " + std::to_string(r) + " (" + merges[r].first + " " +
                             merges[r].second + ") names a token missing from the vocabulary");
    }
    uint64_t key = static_cast<uint64_t>(a->second) << 32 | static_cast<uint32_t>(b->second);
    t.merge_rank_.emplace(key, static_cast<uint64_t>(r) << 32 | static_cast<uint32_t>(m->second));
  }
  t.merges_ = std::move(merges);
  for (const AddedToken& a : added) {
    if (a.id < 0 || a.content.empty()) return InvalidArgument("bad added token");
    t.id_to_token_[static_cast<size_t>(a.id)] = a.content;
    t.token_to_id_[a.content] = a.id;
    t.special_[static_cast<size_t>(a.id)] = a.special ? 1 : 0;
  }
  t.added_ = std::move(added);
  // Longest first, so the first added token that matches at a position is the longest.
  std::stable_sort(t.added_.begin(), t.added_.end(), [](const AddedToken& x, const AddedToken& y) {
    return x.content.size() > y.content.size();
  });
  for (size_t i = 0; i < t.added_.size(); ++i) {
    const std::string& c = t.added_[i].content;
    uint32_t key = static_cast<unsigned char>(c[0]) << 9 |
                   (c.size() > 1 ? static_cast<unsigned char>(c[1]) : 256u);
    t.added_by_prefix_[key].push_back(static_cast<uint32_t>(i));
  }
  return t;
}

Result<Tokenizer> Tokenizer::FromJson(const nlohmann::json& j) {
  try {
    const auto& model = j.at("model");
    if (model.value("type", "") != "BPE") return InvalidArgument("only BPE models are supported");
    if (model.contains("byte_fallback") && model["byte_fallback"].is_boolean() &&
        model["byte_fallback"].get<bool>()) {
      return InvalidArgument("byte_fallback BPE (sentencepiece style) is not supported");
    }
    int max_digits = 0;
    bool bare_words = false;
    std::function<void(const nlohmann::json&)> scan = [&](const nlohmann::json& p) {
      if (p.is_null()) return;
      std::string type = p.value("type", "");
      if (type == "Sequence") {
        for (const auto& q : p.at("pretokenizers")) scan(q);
      } else if (type == "Split") {
        std::string re = p.at("pattern").value("Regex", "");
        for (int d : {1, 3}) {
          for (bool bare : {false, true}) {
            if (re == SplitPattern(d, bare)) max_digits = d, bare_words = bare;
          }
        }
      } else if (type == "ByteLevel" && p.value("use_regex", false)) {
        max_digits = -1;  // GPT-2's own regex: not implemented
      }
    };
    scan(j.at("pre_tokenizer"));
    if (max_digits <= 0) {
      return InvalidArgument(
          "unsupported pre_tokenizer: expected the Qwen2/Llama 3 Split regex then ByteLevel");
    }
    bool nfc = false;
    const auto& norm = j.value("normalizer", nlohmann::json());
    if (!norm.is_null()) {
      if (norm.value("type", "") != "NFC") {
        return InvalidArgument("unsupported normalizer " + norm.dump());
      }
      nfc = true;
    }
    std::vector<std::string> vocab;
    for (const auto& [tok, id] : model.at("vocab").items()) {
      auto i = id.get<int64_t>();
      if (i < 0 || i > 10'000'000) return InvalidArgument("bad vocabulary id for " + tok);
      if (static_cast<size_t>(i) >= vocab.size()) vocab.resize(static_cast<size_t>(i) + 1);
      vocab[static_cast<size_t>(i)] = tok;
    }
    std::vector<std::pair<std::string, std::string>> merges;
    for (const auto& m : model.at("merges")) {
      if (m.is_array() && m.size() == 2) {
        merges.emplace_back(m[0].get<std::string>(), m[1].get<std::string>());
      } else if (m.is_string()) {
        std::string s = m.get<std::string>();
        size_t sp = s.find(' ', 1);
        if (sp == std::string::npos) return InvalidArgument("bad merge \"" + s + "\"");
        merges.emplace_back(s.substr(0, sp), s.substr(sp + 1));
      } else {
        return InvalidArgument("bad merge " + m.dump());
      }
    }
    std::vector<AddedToken> added;
    for (const auto& a : j.value("added_tokens", nlohmann::json::array())) {
      added.push_back({a.at("content").get<std::string>(), a.at("id").get<TokenId>(),
                       a.value("special", false)});
    }
    return FromParts(std::move(vocab), std::move(merges), std::move(added), max_digits, nfc,
                     model.value("ignore_merges", false), bare_words);
  } catch (const nlohmann::json::exception& e) {
    return InvalidArgument(std::string("malformed tokenizer.json: ") + e.what());
  }
}

Result<Tokenizer> Tokenizer::Load(const std::string& path) {
  std::ifstream f(path);
  if (!f) return NotFound("cannot open " + path);
  nlohmann::json j = nlohmann::json::parse(f, nullptr, false);
  if (j.is_discarded()) return InvalidArgument(path + " is not JSON");
  auto t = FromJson(j);
  if (!t.ok()) return InvalidArgument(path + ": " + t.status().message());
  return t;
}

void Tokenizer::EncodeWord(std::string_view word, std::vector<TokenId>* out) const {
  if (word.size() == 1) {
    out->push_back(byte_id_[static_cast<unsigned char>(word[0])]);
    return;
  }
  if (ignore_merges_) {
    std::string spelled;
    for (char ch : word) spelled += ByteToUnicode(static_cast<unsigned char>(ch));
    auto it = token_to_id_.find(spelled);
    if (it != token_to_id_.end()) {
      out->push_back(it->second);
      return;
    }
  }
  // Symbols in a linked list; a heap of candidate merges ordered by (rank, position).
  const size_t n = word.size();
  std::vector<TokenId> sym(n);
  std::vector<int32_t> prev(n), next(n);
  for (size_t i = 0; i < n; ++i) {
    sym[i] = byte_id_[static_cast<unsigned char>(word[i])];
    prev[i] = static_cast<int32_t>(i) - 1;
    next[i] = i + 1 < n ? static_cast<int32_t>(i + 1) : -1;
  }
  struct Cand {
    uint32_t rank;
    int32_t pos;
    TokenId left, right, merged;
    bool operator>(const Cand& o) const { return rank != o.rank ? rank > o.rank : pos > o.pos; }
  };
  std::priority_queue<Cand, std::vector<Cand>, std::greater<Cand>> heap;
  auto consider = [&](int32_t i) {
    if (i < 0 || next[i] < 0) return;
    uint64_t key = static_cast<uint64_t>(sym[i]) << 32 | static_cast<uint32_t>(sym[next[i]]);
    auto it = merge_rank_.find(key);
    if (it == merge_rank_.end()) return;
    heap.push({static_cast<uint32_t>(it->second >> 32), i, sym[i], sym[next[i]],
               static_cast<TokenId>(it->second & 0xFFFFFFFF)});
  };
  for (size_t i = 0; i + 1 < n; ++i) consider(static_cast<int32_t>(i));
  while (!heap.empty()) {
    Cand c = heap.top();
    heap.pop();
    int32_t i = c.pos;
    if (sym[i] != c.left || next[i] < 0 || sym[next[i]] != c.right) continue;  // stale
    int32_t j = next[i];
    sym[i] = c.merged;
    sym[j] = -1;
    next[i] = next[j];
    if (next[j] >= 0) prev[next[j]] = i;
    consider(prev[i]);
    consider(i);
  }
  for (int32_t i = 0; i >= 0; i = next[i]) out->push_back(sym[i]);
}

void Tokenizer::EncodePlain(std::string_view text, std::vector<TokenId>* out) const {
  if (text.empty()) return;
  std::string normalized;
  if (nfc_) {
    normalized = Nfc(text);
    text = normalized;
  }
  for (std::string_view word : PreTokenize(text, max_digits_, bare_words_)) EncodeWord(word, out);
}

std::vector<TokenId> Tokenizer::Encode(std::string_view text, bool parse_special) const {
  std::vector<TokenId> out;
  out.reserve(text.size() / 3 + 4);
  if (!parse_special || added_.empty()) {
    EncodePlain(text, &out);
    return out;
  }
  size_t start = 0;
  auto lookup = [&](size_t i, uint32_t second) -> const AddedToken* {
    auto it = added_by_prefix_.find(static_cast<unsigned char>(text[i]) << 9 | second);
    if (it == added_by_prefix_.end()) return nullptr;
    for (uint32_t k : it->second) {
      if (text.compare(i, added_[k].content.size(), added_[k].content) == 0) return &added_[k];
    }
    return nullptr;
  };
  for (size_t i = 0; i < text.size();) {
    // Longest match: two-byte-prefixed tokens are longer than one-byte tokens.
    const AddedToken* hit =
        i + 1 < text.size() ? lookup(i, static_cast<unsigned char>(text[i + 1])) : nullptr;
    if (hit == nullptr) hit = lookup(i, 256u);
    if (hit == nullptr) {
      ++i;
      continue;
    }
    EncodePlain(text.substr(start, i - start), &out);
    out.push_back(hit->id);
    i += hit->content.size();
    start = i;
  }
  EncodePlain(text.substr(start), &out);
  return out;
}

std::string Tokenizer::Normalize(std::string_view text) const {
  return nfc_ ? Nfc(text) : std::string(text);
}

std::string Tokenizer::DecodeOne(TokenId id) const {
  if (id < 0 || static_cast<size_t>(id) >= id_to_token_.size()) return "";
  const std::string& tok = id_to_token_[static_cast<size_t>(id)];
  for (const AddedToken& a : added_) {
    if (a.id == id) return a.content;
  }
  std::string out;
  const auto& table = Bytes().from_unicode;
  for (size_t i = 0; i < tok.size();) {
    CodePoint c = DecodeUtf8(tok, i);
    auto it = table.find(c.cp);
    if (it != table.end()) {
      out.push_back(static_cast<char>(it->second));
    } else {
      out.append(tok, i, static_cast<size_t>(c.len));
    }
    i += static_cast<size_t>(c.len);
  }
  return out;
}

std::string Tokenizer::Decode(const std::vector<TokenId>& ids, bool skip_special) const {
  std::string out;
  for (TokenId id : ids) {
    if (skip_special && IsSpecial(id)) continue;
    out += DecodeOne(id);
  }
  return out;
}

TokenId Tokenizer::Id(std::string_view token) const {
  auto it = token_to_id_.find(std::string(token));
  return it == token_to_id_.end() ? -1 : it->second;
}

const std::string& Tokenizer::Token(TokenId id) const {
  static const std::string kEmpty;
  if (id < 0 || static_cast<size_t>(id) >= id_to_token_.size()) return kEmpty;
  return id_to_token_[static_cast<size_t>(id)];
}

bool Tokenizer::IsSpecial(TokenId id) const {
  return id >= 0 && static_cast<size_t>(id) < special_.size() && special_[static_cast<size_t>(id)];
}

nlohmann::json Tokenizer::ToJson() const {
  using json = nlohmann::json;
  json byte_level = {{"type", "ByteLevel"},
                     {"add_prefix_space", false},
                     {"trim_offsets", false},
                     {"use_regex", false}};
  json added = json::array();
  std::vector<AddedToken> by_id = added_;
  std::sort(by_id.begin(), by_id.end(),
            [](const AddedToken& a, const AddedToken& b) { return a.id < b.id; });
  std::set<TokenId> added_ids;
  for (const AddedToken& a : by_id) {
    added_ids.insert(a.id);
    added.push_back({{"id", a.id},
                     {"content", a.content},
                     {"single_word", false},
                     {"lstrip", false},
                     {"rstrip", false},
                     {"normalized", false},
                     {"special", a.special}});
  }
  json vocab = json::object();
  for (size_t i = 0; i < id_to_token_.size(); ++i) {
    if (!id_to_token_[i].empty() && !added_ids.count(static_cast<TokenId>(i))) {
      vocab[id_to_token_[i]] = i;
    }
  }
  json merges = json::array();
  for (const auto& [a, b] : merges_) merges.push_back({a, b});
  return {{"version", "1.0"},
          {"truncation", nullptr},
          {"padding", nullptr},
          {"added_tokens", added},
          {"normalizer", nfc_ ? json{{"type", "NFC"}} : json()},
          {"pre_tokenizer",
           {{"type", "Sequence"},
            {"pretokenizers",
             {{{"type", "Split"},
               {"pattern", {{"Regex", SplitPattern(max_digits_, bare_words_)}}},
               {"behavior", "Isolated"},
               {"invert", false}},
              byte_level}}}},
          {"post_processor", byte_level},
          {"decoder", byte_level},
          {"model",
           {{"type", "BPE"},
            {"dropout", nullptr},
            {"unk_token", nullptr},
            {"continuing_subword_prefix", ""},
            {"end_of_word_suffix", ""},
            {"fuse_unk", false},
            {"byte_fallback", false},
            {"ignore_merges", ignore_merges_},
            {"vocab", vocab},
            {"merges", merges}}}};
}

Status Tokenizer::Save(const std::string& path) const {
  return WriteFileAtomic(path, ToJson().dump());
}

}  // namespace wa
