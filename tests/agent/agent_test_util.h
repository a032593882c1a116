// Shared helpers for the agent tests: the npm reference implementations under tools/.
#ifndef WEBAGENT_TESTS_AGENT_AGENT_TEST_UTIL_H_
#define WEBAGENT_TESTS_AGENT_AGENT_TEST_UTIL_H_

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace wa::testing {

// tools/node_modules/<package>; scripts/setup.sh installs it (npm ci), so absence is a failure.
inline std::string NodeModule(const std::string& package) {
  std::filesystem::path p = std::filesystem::path(WEBAGENT_TOOLS_DIR) / "node_modules" / package;
  INFO("missing " << p.string() << ": run scripts/setup.sh (npm ci --prefix tools)");
  REQUIRE(std::filesystem::exists(p));
  return p.string();
}

// Runs a shell command and returns its standard output.
inline std::string RunCommand(const std::string& cmd) {
  std::string out;
  FILE* f = popen(cmd.c_str(), "r");
  REQUIRE(f != nullptr);
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  int rc = pclose(f);
  INFO(cmd);
  REQUIRE(rc == 0);
  return out;
}

// Token ids of each string from tools/tokenize_ref.mjs (@huggingface/tokenizers under Node).
inline std::vector<std::vector<int32_t>> RunReference(const std::string& tokenizer_json,
                                                      const std::string& config_json,
                                                      const nlohmann::json& strings) {
  NodeModule("@huggingface/tokenizers");
  std::filesystem::path in = std::filesystem::temp_directory_path() /
                             ("webagent_tok_" + std::to_string(::getpid()) + ".json");
  {
    std::ofstream f(in);
    f << strings.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  std::string out = RunCommand("node " + std::string(WEBAGENT_TOOLS_DIR) + "/tokenize_ref.mjs '" +
                               tokenizer_json + "' '" + config_json + "' '" + in.string() + "'");
  std::filesystem::remove(in);
  return nlohmann::json::parse(out).get<std::vector<std::vector<int32_t>>>();
}

}  // namespace wa::testing

#endif  // WEBAGENT_TESTS_AGENT_AGENT_TEST_UTIL_H_
