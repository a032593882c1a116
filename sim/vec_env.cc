#include "sim/vec_env.h"

#include <algorithm>

namespace wa {

VecEnv::VecEnv(size_t num_envs, size_t num_threads, const EnvOptions& options) {
  for (size_t i = 0; i < num_envs; ++i) envs_.push_back(std::make_unique<Env>(options));
  results_.resize(num_envs);
  reset_status_.resize(num_envs);
  for (size_t t = 0; t < num_threads; ++t) threads_.emplace_back([this] { Worker(); });
}

VecEnv::~VecEnv() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  work_cv_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void VecEnv::Run(Job& job) {
  if (job.reset) {
    reset_status_[job.env] = envs_[job.env]->Reset(job.spec, job.seed, &results_[job.env]);
  } else {
    envs_[job.env]->Step(job.action, &results_[job.env]);
  }
}

void VecEnv::Worker() {
  while (true) {
    Job job;
    {
      std::unique_lock<std::mutex> lock(mu_);
      work_cv_.wait(lock, [this] { return stop_ || !queue_.empty(); });
      if (stop_ && queue_.empty()) return;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    Run(job);
    bool wake;
    {
      std::lock_guard<std::mutex> lock(mu_);
      finished_.push_back(job.env);
      --in_flight_;
      wake = finished_.size() >= wanted_ || in_flight_ == 0;
    }
    if (wake) done_cv_.notify_all();
  }
}

void VecEnv::Enqueue(std::vector<Job> jobs) {
  if (threads_.empty()) {
    for (Job& job : jobs) {
      Run(job);
      std::lock_guard<std::mutex> lock(mu_);
      finished_.push_back(job.env);
    }
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    in_flight_ += jobs.size();
    for (Job& job : jobs) queue_.push_back(std::move(job));
  }
  if (jobs.size() == 1) {
    work_cv_.notify_one();
  } else {
    work_cv_.notify_all();
  }
}

void VecEnv::SendStep(size_t env_id, std::string action) {
  WA_CHECK(env_id < envs_.size());
  std::vector<Job> jobs;
  jobs.push_back(Job{env_id, false, std::move(action), {}, 0});
  Enqueue(std::move(jobs));
}

void VecEnv::SendReset(size_t env_id, EpisodeSpec spec, uint64_t seed) {
  WA_CHECK(env_id < envs_.size());
  std::vector<Job> jobs;
  jobs.push_back(Job{env_id, true, {}, std::move(spec), seed});
  Enqueue(std::move(jobs));
}

size_t VecEnv::pending() const {
  std::lock_guard<std::mutex> lock(mu_);
  return in_flight_;
}

std::vector<size_t> VecEnv::Recv(size_t min_count) {
  std::unique_lock<std::mutex> lock(mu_);
  wanted_ = std::max<size_t>(min_count, 1);
  done_cv_.wait(lock, [&] { return finished_.size() >= min_count || in_flight_ == 0; });
  wanted_ = 1;
  std::vector<size_t> out;
  out.swap(finished_);
  return out;
}

Status VecEnv::ResetAll(const std::vector<EpisodeSpec>& specs, const std::vector<uint64_t>& seeds) {
  WA_CHECK(specs.size() == envs_.size() && seeds.size() == envs_.size());
  for (size_t i = 0; i < envs_.size(); ++i) SendReset(i, specs[i], seeds[i]);
  Recv(envs_.size());
  for (const Status& s : reset_status_) {
    if (!s.ok()) return s;
  }
  return Status::Ok();
}

void VecEnv::StepAll(const std::vector<std::string>& actions) {
  WA_CHECK(actions.size() == envs_.size());
  std::vector<Job> jobs;
  jobs.reserve(envs_.size());
  for (size_t i = 0; i < envs_.size(); ++i) jobs.push_back(Job{i, false, actions[i], {}, 0});
  Enqueue(std::move(jobs));
  Recv(envs_.size());
}

}  // namespace wa
