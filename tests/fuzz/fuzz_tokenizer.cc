// Fuzzes the byte-level BPE tokenizer: for any bytes, pre-tokens concatenate back to the input,
// and decoding the encoding gives the input back (with and without special-token parsing).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "agent/bpe_trainer.h"

namespace {

const wa::Tokenizer& Tok() {
  static const wa::Tokenizer* t = [] {
    wa::BpeTrainerOptions o;
    o.vocab_size = 400;
    auto r = wa::TrainBpe({"<html><body><a href=\"/x\">Next page</a> 12345 it's déjà vu 👋</body>",
                           "do(action=\"Click\", element=\"3\")\n<think> # Note </think>",
                           "  spaces\ttabs\r\nnew lines ١٢٣ 中文"},
                          o);
    if (!r.ok()) std::abort();
    return new wa::Tokenizer(std::move(*r));
  }();
  return *t;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  for (int digits : {1, 3}) {
    std::string joined;
    for (std::string_view p : wa::Tokenizer::PreTokenize(text, digits)) {
      if (p.empty()) std::abort();
      joined += p;
    }
    if (joined != text) std::abort();
  }
  for (bool special : {true, false}) {
    if (Tok().Decode(Tok().Encode(text, special)) != text) std::abort();
  }
  return 0;
}
