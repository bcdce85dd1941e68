#pragma once
// The models' own random numbers (the Learn and Heads data, first parameters and batches):
// splitmix64, Vigna's reference generator, and two draws from it. Integer steps and one exact
// scaling, so every platform gives the same numbers, which the standard distributions do not.

#include <cstdint>

namespace learn {

// Advances `*state` and returns its next output.
inline uint64_t SplitMix64(uint64_t* state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A whole number in [0, count), count > 0.
inline int RandomBelow(uint64_t* state, int count) {
  return static_cast<int>(SplitMix64(state) % static_cast<uint64_t>(count));
}

// Uniform in [lo, hi), from 53 random bits.
inline double RandomUniform(uint64_t* state, double lo, double hi) {
  return lo + (hi - lo) * static_cast<double>(SplitMix64(state) >> 11) * 0x1.0p-53;
}

}  // namespace learn
