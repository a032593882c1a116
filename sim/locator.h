// Evaluates WebArena program_html locators on a simulated page, without a JavaScript engine.
//
// Upstream, a locator is a JavaScript expression run in the browser. This evaluator implements
// the subset the published tasks use: document.querySelector / querySelectorAll (also on
// elements), the properties outerText, innerText, textContent, value, checked, selectedIndex,
// id, className, innerHTML, outerHTML, length, lastChild, firstChild, lastElementChild,
// firstElementChild, parentElement, children; getAttribute(), toString(), trim(),
// toLowerCase(), join(), map() with an arrow function; indexing ([0]), spread into an array
// ([...list]), optional chaining (?.), string concatenation (+), logical or (||) and
// parentheses. Anything else is a clear error naming the unsupported form, never a silent pass.
#ifndef WEBAGENT_SIM_LOCATOR_H_
#define WEBAGENT_SIM_LOCATOR_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "sim/page.h"
#include "sim/status.h"

namespace wa {

class Locator {
 public:
  // Parses a locator expression. Errors name the position and the unsupported form.
  static Result<Locator> Parse(std::string_view expression);

  // Evaluates on a page. The result follows Playwright's page.evaluate conversion: nullopt for
  // null/undefined, strings as is, numbers without a trailing ".0", booleans as "true"/"false".
  // A JavaScript exception upstream (e.g. reading a property of null) is an error here.
  Result<std::optional<std::string>> Evaluate(const Page& page) const;

  struct Node;

 private:
  std::shared_ptr<const Node> root_;
};

}  // namespace wa

#endif  // WEBAGENT_SIM_LOCATOR_H_
