#include "sim/random_policy.h"

#include "sim/action.h"

namespace wa {

std::string RandomActionText(const Page& page, Rng& rng, double exit_probability) {
  static constexpr const char* kWords[] = {"lamp", "chair", "red", "alice", "hello world", "42"};
  Action a;
  const auto& labels = page.labels();
  double u = rng.UniformDouble();
  if (u < exit_probability) {
    a.type = ActionType::kExit;
    a.argument = kWords[rng.Uniform(6)];
  } else if (u < 0.12 || labels.empty()) {
    static constexpr ActionType kGlobal[] = {ActionType::kScrollDown, ActionType::kScrollUp,
                                             ActionType::kGoBack, ActionType::kScrollDown};
    a.type = kGlobal[rng.Uniform(4)];
  } else {
    a.element = static_cast<int>(rng.Uniform(labels.size()));
    NodeId node = labels[static_cast<size_t>(a.element)];
    switch (page.Control(node)) {
      case ControlKind::kText:
        a.type = rng.Bernoulli(0.5) ? ActionType::kType : ActionType::kSearch;
        a.argument = kWords[rng.Uniform(6)];
        break;
      case ControlKind::kSelect: {
        auto opts = page.Options(node);
        a.type = ActionType::kSelectOption;
        a.argument =
            opts.empty()
                ? std::string("x")
                : CollapseWhitespace(page.doc().TextContent(opts[rng.Uniform(opts.size())]));
        break;
      }
      default:
        a.type = rng.Bernoulli(0.9) ? ActionType::kClick : ActionType::kHover;
    }
  }
  return FormatAction(a);
}

}  // namespace wa
