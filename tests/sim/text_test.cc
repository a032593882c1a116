#include "sim/text.h"

#include <catch2/catch.hpp>

namespace wa {
namespace {

TEST_CASE("ValidUtf8 keeps well-formed text and replaces each bad byte with U+FFFD",
          "[sim][text]") {
  const std::string r = "\xEF\xBF\xBD";
  // Well-formed text, ASCII to four-byte sequences, is unchanged.
  for (const std::string ok : {"", "plain ascii", "caf\xC3\xA9", "\xE2\x82\xAC 5",
                               "\xF0\x9F\x98\x80 smile", "\xF4\x8F\xBF\xBF"}) {
    CHECK(ValidUtf8(ok) == ok);
  }
  // A stray continuation byte, and a three-byte character cut after two bytes at the end.
  CHECK(ValidUtf8("a\x98z") == "a" + r + "z");
  CHECK(ValidUtf8("price \xE2\x82") == "price " + r + r);
  // A lead byte followed by ASCII: the ASCII survives.
  CHECK(ValidUtf8("\xC3(") == r + "(");
  // Overlong forms, surrogates, code points above U+10FFFF and bytes that never occur.
  CHECK(ValidUtf8("\xC0\xAF") == r + r);
  CHECK(ValidUtf8("\xE0\x80\xAF") == r + r + r);
  CHECK(ValidUtf8("\xED\xA0\x80") == r + r + r);
  CHECK(ValidUtf8("\xF4\x90\x80\x80") == r + r + r + r);
  CHECK(ValidUtf8("\xFF\xFE") == r + r);
  // The result is always well formed: cleaning it again changes nothing.
  std::string all;
  for (int c = 0; c < 256; ++c) all.push_back(static_cast<char>(c));
  const std::string once = ValidUtf8(all);
  CHECK(ValidUtf8(once) == once);
  CHECK(IsValidUtf8(once));
  CHECK_FALSE(IsValidUtf8(all));
  CHECK(IsValidUtf8("caf\xC3\xA9 \xF0\x9F\x98\x80"));
  for (const std::string bad :
       {"a\x98z", "\xE2\x82", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80"}) {
    CHECK_FALSE(IsValidUtf8(bad));
  }
  CHECK(once.substr(0, 128) == all.substr(0, 128));
}

}  // namespace
}  // namespace wa
