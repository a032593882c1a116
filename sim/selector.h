// CSS selector engine over the flat DOM.
//
// Supports what WebArena's locators and the site stylesheets use: type and universal selectors,
// #id, .class, attribute selectors ([a], =, ~=, |=, ^=, $=, *=, with an optional " i" flag),
// descendant, child, adjacent and general sibling combinators, selector lists, and the
// pseudo-classes :nth-child(), :nth-last-child(), :first-child, :last-child, :only-child,
// :nth-of-type(), :first-of-type, :last-of-type, :not(), :hover, :checked, :disabled, :enabled,
// :focus. As in browsers, an unclosed bracket or parenthesis at the end of the input is accepted.
// A compiled Selector is immutable and thread-safe.
#ifndef WEBAGENT_SIM_SELECTOR_H_
#define WEBAGENT_SIM_SELECTOR_H_

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sim/dom.h"
#include "sim/status.h"

namespace wa {

// Dynamic element state that some pseudo-classes read; all optional.
struct MatchState {
  NodeId hovered = kNoNode;  // :hover matches this element and its ancestors
  NodeId focused = kNoNode;  // :focus
  // :checked for checkboxes, radios and options; null means "use the checked/selected attribute".
  std::function<bool(NodeId)> is_checked;
};

// Specificity as (ids, classes/attributes/pseudo-classes, types), compared lexicographically.
struct Specificity {
  int a = 0, b = 0, c = 0;
  int Packed() const { return a * 1000000 + b * 1000 + c; }
};

class Selector {
 public:
  // Parses a selector list. Errors name the offending position.
  static Result<Selector> Parse(std::string_view text);

  bool Matches(const Document& doc, NodeId element, const MatchState* state = nullptr) const;
  // First matching element in document order within the subtree of `scope` (excluding scope
  // itself, like Element.querySelector), or kNoNode.
  NodeId QueryFirst(const Document& doc, NodeId scope = 0, const MatchState* state = nullptr) const;
  std::vector<NodeId> QueryAll(const Document& doc, NodeId scope = 0,
                               const MatchState* state = nullptr) const;

  // Number of complex selectors in the list, and the specificity of each.
  size_t size() const;
  Specificity specificity(size_t i) const;
  // Whether complex selector i matches the element (used by the style engine, which keeps
  // per-branch specificity).
  bool MatchesBranch(size_t i, const Document& doc, NodeId element, const MatchState* state) const;
  // Key of the rightmost compound of branch i, for rule bucketing: "#id", ".class", "tag" or "".
  std::string RightmostKey(size_t i) const;
  // Whether branch i depends on dynamic state (:hover, :focus, :checked).
  bool IsDynamic(size_t i) const;
  // Which dynamic pseudo-classes branch i uses: bit 0 :hover, bit 1 :focus, bit 2 :checked.
  unsigned DynamicMask(size_t i) const;
  const std::string& text() const { return text_; }

  struct Impl;

 private:
  std::shared_ptr<const Impl> impl_;
  std::string text_;
};

// Convenience: parse and run querySelector. Invalid selectors give an error.
Result<NodeId> QuerySelector(const Document& doc, std::string_view selector, NodeId scope = 0);

}  // namespace wa

#endif  // WEBAGENT_SIM_SELECTOR_H_
