// Rng: an explicit, seeded, splittable random generator.
//
// Every random draw in the project comes from one of these, owned by an environment, a data
// generator or a trainer. There is no global generator. The distributions are written here
// (std::uniform_*_distribution differs between standard libraries), so draws are identical on
// every platform. Not thread-safe: give each thread its own Split().
#ifndef WEBAGENT_SIM_RNG_H_
#define WEBAGENT_SIM_RNG_H_

#include <cstdint>
#include <string_view>

namespace wa {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) : state_(Mix(seed ^ 0x9e3779b97f4a7c15ULL)) {}

  // Next 64 random bits (SplitMix64).
  uint64_t NextU64() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    return Mix(z);
  }
  // Uniform integer in [0, n); n must be > 0. Unbiased (Lemire's method).
  uint64_t Uniform(uint64_t n);
  // Uniform integer in [lo, hi] inclusive.
  int64_t Range(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(Uniform(static_cast<uint64_t>(hi - lo) + 1));
  }
  // Uniform double in [0, 1) with 53 random bits.
  double UniformDouble() { return static_cast<double>(NextU64() >> 11) * 0x1.0p-53; }
  bool Bernoulli(double p) { return UniformDouble() < p; }
  // An independent generator derived from this one's state and a key; does not advance this one.
  Rng Split(uint64_t key) const { return Rng(Mix(state_ ^ Mix(key + 0x632be59bd9b4e019ULL))); }
  Rng Split(std::string_view key) const { return Split(HashString(key)); }

  static uint64_t Mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // FNV-1a 64-bit, for deriving keys from names.
  static uint64_t HashString(std::string_view s) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
    return h;
  }

 private:
  uint64_t state_;
};

inline uint64_t Rng::Uniform(uint64_t n) {
  // Lemire's nearly divisionless method with rejection.
  unsigned __int128 m = static_cast<unsigned __int128>(NextU64()) * n;
  uint64_t low = static_cast<uint64_t>(m);
  if (low < n) {
    uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(NextU64()) * n;
      low = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

}  // namespace wa

#endif  // WEBAGENT_SIM_RNG_H_
