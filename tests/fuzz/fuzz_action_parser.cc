// libFuzzer target: the action parser must never crash, and whatever it accepts must format
// back to text that parses to the same action.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "sim/action.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto a = wa::ParseAction(text);
  if (!a.ok()) return 0;
  auto b = wa::ParseAction(wa::FormatAction(*a));
  if (!b.ok() || b->type != a->type || b->element != a->element ||
      (b->argument != a->argument && a->type != wa::ActionType::kGoBack &&
       a->type != wa::ActionType::kGoForward)) {
    std::abort();
  }
  return 0;
}
