// VecEnv: N environments stepped by a pool of worker threads.
//
// Batched interface: ResetAll/StepAll run every environment and return when all are done.
// Asynchronous interface (EnvPool's send/recv): Send queues work for some environments and
// returns at once; Recv blocks until at least `min_count` of them finished and returns their
// ids in completion order. Results are written into preallocated per-environment buffers
// (results()[i]) that the caller reads without copying. Each environment is touched by one
// thread at a time and owns all its state, so results do not depend on the thread count.
// The VecEnv itself must be driven from one thread.
#ifndef WEBAGENT_SIM_VEC_ENV_H_
#define WEBAGENT_SIM_VEC_ENV_H_

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "sim/env.h"

namespace wa {

class VecEnv {
 public:
  // num_threads == 0 runs everything on the calling thread.
  VecEnv(size_t num_envs, size_t num_threads, const EnvOptions& options = {});
  ~VecEnv();
  VecEnv(const VecEnv&) = delete;
  VecEnv& operator=(const VecEnv&) = delete;

  size_t size() const { return envs_.size(); }
  Env& env(size_t i) { return *envs_[i]; }
  const std::vector<StepResult>& results() const { return results_; }
  // Status of the last reset of each environment.
  const std::vector<Status>& reset_status() const { return reset_status_; }

  // Resets env i with specs[i] and seeds[i]; blocks. Returns the first error, if any.
  Status ResetAll(const std::vector<EpisodeSpec>& specs, const std::vector<uint64_t>& seeds);
  // Steps env i with actions[i]; blocks.
  void StepAll(const std::vector<std::string>& actions);

  // Async: queue a step (or reset) for one environment; returns immediately.
  void SendStep(size_t env_id, std::string action);
  void SendReset(size_t env_id, EpisodeSpec spec, uint64_t seed);
  // Blocks until at least min_count queued jobs finished (or none are pending); returns the ids
  // of all finished environments not yet received, in completion order.
  std::vector<size_t> Recv(size_t min_count);
  size_t pending() const;

 private:
  struct Job {
    size_t env;
    bool reset;
    std::string action;
    EpisodeSpec spec;
    uint64_t seed;
  };
  void Run(Job& job);
  void Worker();
  void Enqueue(std::vector<Job> jobs);

  std::vector<std::unique_ptr<Env>> envs_;
  std::vector<StepResult> results_;
  std::vector<Status> reset_status_;
  std::vector<std::thread> threads_;
  mutable std::mutex mu_;
  std::condition_variable work_cv_, done_cv_;
  std::deque<Job> queue_;
  std::vector<size_t> finished_;
  size_t in_flight_ = 0;
  size_t wanted_ = 1;  // finished jobs the Recv caller waits for (wake-ups below it are skipped)
  bool stop_ = false;
};

}  // namespace wa

#endif  // WEBAGENT_SIM_VEC_ENV_H_
