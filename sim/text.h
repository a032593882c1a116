// Browser-like text extraction over a styled document.
#ifndef WEBAGENT_SIM_TEXT_H_
#define WEBAGENT_SIM_TEXT_H_

#include <string>
#include <string_view>
#include <vector>

#include "sim/dom.h"
#include "sim/style.h"

namespace wa {

// HTMLElement.innerText (and the outerText getter): rendered text only (display:none and
// visibility:hidden content skipped), whitespace collapsed except under white-space:pre,
// a line break around block-level boxes, two around <p>, a tab between table cells, a newline
// per <br> and table row, leading and trailing breaks removed. For an element that is not
// rendered, the result is its textContent, as in browsers.
std::string InnerText(const Document& doc, const std::vector<ComputedStyle>& styles, NodeId id);

// Truncates UTF-8 text to at most `max_bytes` without splitting a character.
std::string_view TruncateUtf8(std::string_view text, size_t max_bytes);

// Whether the text is well-formed UTF-8 throughout.
bool IsValidUtf8(std::string_view text);

// The text with every byte that does not belong to a well-formed UTF-8 sequence (a stray
// continuation byte, a truncated sequence, an overlong form, a surrogate, a code point above
// U+10FFFF) replaced by U+FFFD, as a lossy decoder does. A model's byte-level tokens can end a
// response in the middle of a character; its text is cleaned this way before it is used.
std::string ValidUtf8(std::string_view text);

}  // namespace wa

#endif  // WEBAGENT_SIM_TEXT_H_
