// `webagent serve`: the simulated sites over real HTTP, for a real browser (the sim-to-real
// bridge). Each site listens on loopback at its WebArena port (shopping 7770, shopping admin 7780,
// Reddit 9999, GitLab 8023, map 3000, wiki 8888, fixture 8099; `port_offset` moves them all) and
// answers with the same HTML the simulator renders, through the same site models.
//
// State: every client gets a session (cookie `wa_state`) holding its own copy of each site's
// database, so two browsers never see each other's writes; `POST /__sim/reset` restores the
// session's databases to the pristine images. Control endpoints, for harnesses that drive a
// browser against the server (bridge/chromium_env.h), all per session:
//   GET  /__sim/session              the session id (creates the session; visits no site)
//   POST /__sim/reset [seed=N] [time=T] [login=0|1]
//                                    restores the databases; seed: the generator as an episode
//                                    reset with that seed; time: the clock stands at T (Unix s);
//                                    login: whether sites not yet visited start signed in
//   POST /__sim/clock now=T          the clock stands at T until the next reset
//   GET  /__sim/db?site=NAME         the site's database as an SQLite image
// The sites' own cookies (the login session) travel as real cookies; a new session starts logged
// in to each site's default account, as an episode does. The clock is virtual: it starts at
// `start_time` and advances `seconds_per_request` per request of the session until a control
// request stops it. Requests are served one at a time per session, sessions in parallel.
#ifndef WEBAGENT_BRIDGE_SERVER_H_
#define WEBAGENT_BRIDGE_SERVER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sim/env.h"
#include "sim/status.h"

namespace wa {

struct ServeOptions {
  std::string host = "127.0.0.1";  // loopback unless told otherwise
  std::vector<std::string> sites;  // empty: every available site
  int port_offset = 0;             // added to every site's port
  uint64_t seed = 0;               // site data seed
  bool logged_in = true;           // new sessions start signed in
  int64_t start_time = kDefaultStartTime;
  int64_t seconds_per_request = 3;
  size_t max_sessions = 64;  // the least recently used session is dropped beyond this
  std::string log_path;      // request log as JSON lines; empty: none
};

struct ServedSite {
  std::string name;
  std::string url;  // where it listens, e.g. "http://127.0.0.1:7770"
  int port = 0;
};

class SimServer {
 public:
  // Builds the sites and starts listening (one thread pool per port). Fails when a port is
  // taken or a site is unknown.
  static Result<std::unique_ptr<SimServer>> Start(const ServeOptions& options);
  ~SimServer();
  SimServer(const SimServer&) = delete;
  SimServer& operator=(const SimServer&) = delete;

  const std::vector<ServedSite>& sites() const;
  // Stops listening and joins the server threads (also done by the destructor).
  void Stop();
  size_t sessions() const;
  uint64_t requests() const;

  struct Impl;

 private:
  explicit SimServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace wa

#endif  // WEBAGENT_BRIDGE_SERVER_H_
