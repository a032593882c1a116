// Browser-like text extraction over a styled document.
#ifndef WEBAGENT_SIM_TEXT_H_
#define WEBAGENT_SIM_TEXT_H_

#include <string>
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

}  // namespace wa

#endif  // WEBAGENT_SIM_TEXT_H_
