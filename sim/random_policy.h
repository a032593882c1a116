// A uniformly random agent over the action grammar, for demos, benchmarks and sanity checks
// (a task suite should not be solvable by it). Draws only from the caller's Rng.
#ifndef WEBAGENT_SIM_RANDOM_POLICY_H_
#define WEBAGENT_SIM_RANDOM_POLICY_H_

#include <string>

#include "sim/page.h"
#include "sim/rng.h"

namespace wa {

// Returns action text for the page's current labels: mostly clicks, plus typing into text
// fields, selecting options, scrolling, going back, and rarely exit().
std::string RandomActionText(const Page& page, Rng& rng, double exit_probability = 0.02);

}  // namespace wa

#endif  // WEBAGENT_SIM_RANDOM_POLICY_H_
