// The random source of the C++ lane drivers (salu, valu_lane, fp_lane): xorshift64*,
// deterministic for a seed, so a failing case is reproduced by its seed.
#ifndef GCNREF_TB_RNG_H
#define GCNREF_TB_RNG_H

#include <cstddef>
#include <cstdint>

struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull) {}
  uint64_t next64() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
  uint32_t next32() { return (uint32_t)(next64() >> 32); }
  unsigned below(unsigned n) { return (unsigned)(next32() % n); }
  bool bit() { return next32() & 1; }
  bool chance(unsigned percent) { return below(100) < percent; }
};

// One element of A, uniformly.
template <size_t N>
uint32_t pick(Rng &r, const uint32_t (&a)[N]) { return a[r.below(N)]; }

#endif
