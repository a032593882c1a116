#include "agent/bpe_trainer.h"

#include <catch2/catch.hpp>

#include <filesystem>

#include "sim/env.h"
#include "tests/agent/agent_test_util.h"

namespace wa {
namespace {

std::vector<std::string> ObservationCorpus() {
  std::vector<std::string> corpus;
  Env env;
  StepResult r;
  for (const char* url :
       {"__FIXTURE__/", "__FIXTURE__/items", "__FIXTURE__/form", "__SHOPPING__/",
        "__SHOPPING__/catalogsearch/result/?q=yoga+mat", "__SHOPPING__/customer/account/"}) {
    REQUIRE(env.Reset(url, 1, &r).ok());
    corpus.push_back(r.observation);
  }
  corpus.push_back(
      "<think> # Element: the search box </think>\n<answer> do(action=\"Search\", "
      "argument=\"yoga mat\", element=\"4\") </answer>");
  return corpus;
}

TEST_CASE("BPE trainer: deterministic, exact size, lossless, compresses", "[tokenizer][bpe]") {
  std::vector<std::string> corpus = ObservationCorpus();
  BpeTrainerOptions o;
  o.vocab_size = 700;
  auto t = TrainBpe(corpus, o);
  REQUIRE(t.ok());
  CHECK(t->vocab_size() == 700);
  CHECK(t->Id("<|im_end|>") == 699);
  CHECK(t->IsSpecial(699));
  auto again = TrainBpe(corpus, o);
  REQUIRE(again.ok());
  CHECK(again->ToJson() == t->ToJson());
  size_t bytes = 0, tokens = 0;
  for (const std::string& s : corpus) {
    auto ids = t->Encode(s);
    CHECK(t->Decode(ids) == s);
    bytes += s.size();
    tokens += ids.size();
  }
  CHECK(static_cast<double>(bytes) / static_cast<double>(tokens) > 1.5);
  // Text never seen still round-trips through the byte alphabet.
  std::string unseen = "Zürich 👋 \x01\x7f";
  CHECK(t->Decode(t->Encode(unseen)) == unseen);
  BpeTrainerOptions tiny;
  tiny.vocab_size = 100;
  CHECK_FALSE(TrainBpe(corpus, tiny).ok());
}

TEST_CASE("BPE trainer: the saved tokenizer encodes identically in the JS reference",
          "[tokenizer][bpe][npm]") {
  std::vector<std::string> corpus = ObservationCorpus();
  BpeTrainerOptions o;
  o.vocab_size = 1000;
  // Both split styles: the bare-words regex written to tokenizer.json must mean in the JS
  // reference what our matcher does.
  o.bare_words = GENERATE(false, true);
  INFO("bare_words " << o.bare_words);
  auto t = TrainBpe(corpus, o);
  REQUIRE(t.ok());
  CHECK(t->bare_words() == o.bare_words);
  std::string path = (std::filesystem::temp_directory_path() /
                      ("webagent_bpe_" + std::to_string(::getpid()) + ".json"))
                         .string();
  REQUIRE(t->Save(path).ok());
  auto loaded = Tokenizer::Load(path);
  REQUIRE(loaded.ok());
  nlohmann::json input = nlohmann::json::array();
  for (const std::string& s : corpus) input.push_back(s);
  input.push_back("unseen: Grüße, 東京, 12345 <|im_start|>user\nhi<|im_end|>");
  input.push_back("it's 'Smart Jacket' do(argument=\"Barbara Liskov\") WE'LL\n\n  x");
  auto expected = testing::RunReference(path, "-", input);
  std::filesystem::remove(path);
  REQUIRE(expected.size() == input.size());
  for (size_t i = 0; i < input.size(); ++i) {
    INFO(i);
    CHECK(loaded->Encode(input[i].get<std::string>()) == expected[i]);
    CHECK(t->Encode(input[i].get<std::string>()) == expected[i]);
  }
  CHECK(loaded->bare_words() == o.bare_words);
}

}  // namespace
}  // namespace wa
