/* gcnref: the project's one seeded random source, for C (the generator, the vector state
 * fill, test tools) and C++ (the Verilator lane drivers include it from vectors/).
 * xoshiro256** seeded through splitmix64: deterministic for a seed on every host, so a
 * failing case is reproduced by its seed. Header-only (static inline) so that the
 * testbenches need no extra object; nothing here calls rand(). */
#ifndef GCN_RNG_H
#define GCN_RNG_H

#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

typedef struct {
  uint64_t s[4];
} gcn_rng;

/* splitmix64: advances *STATE and returns its next output (also a stream of its own). */
static inline uint64_t gcn_splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* The xoshiro256** state is four splitmix64 outputs from SEED (never all zero). */
static inline void gcn_rng_seed(gcn_rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) r->s[i] = gcn_splitmix64(&seed);
}

static inline uint64_t gcn_rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t gcn_rng_next(gcn_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = gcn_rng_rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = gcn_rng_rotl(s[3], 45);
  return result;
}

/* The high half of the next output (the better-mixed bits). */
static inline uint32_t gcn_rng_next32(gcn_rng *r) { return (uint32_t)(gcn_rng_next(r) >> 32); }

/* Uniform in [0, n) (multiply-shift, no division; n == 0 gives 0). */
static inline unsigned gcn_rng_below(gcn_rng *r, unsigned n) {
  return (unsigned)(((uint64_t)gcn_rng_next32(r) * (uint64_t)n) >> 32);
}

/* True with probability P percent. */
static inline bool gcn_rng_pct(gcn_rng *r, unsigned p) { return gcn_rng_below(r, 100) < p; }

/* A random set bit of MASK (0 when MASK is 0). */
static inline int gcn_rng_pick_bit(gcn_rng *r, unsigned mask) {
  unsigned k = gcn_rng_below(r, (unsigned)__builtin_popcount(mask));
  for (int i = 0; i < 32; i++)
    if ((mask >> i & 1) && k-- == 0) return i;
  return 0;
}

/* An index drawn with weights W[0..N-1]; -1 when they are all 0. */
static inline int gcn_rng_weighted(gcn_rng *r, const unsigned *w, unsigned n) {
  uint64_t total = 0;
  for (unsigned i = 0; i < n; i++) total += w[i];
  if (!total) return -1;
  uint64_t x = (uint64_t)gcn_rng_below(r, (unsigned)(total > 0xFFFFFFFFu ? 0xFFFFFFFFu : total));
  for (unsigned i = 0; i < n; i++) {
    if (x < w[i]) return (int)i;
    x -= w[i];
  }
  return (int)n - 1;
}

#ifdef __cplusplus
#include <cstddef>

/* The same generator as a C++ value for the lane drivers. */
struct Rng {
  gcn_rng r;
  explicit Rng(uint64_t seed) { gcn_rng_seed(&r, seed); }
  uint64_t next64() { return gcn_rng_next(&r); }
  uint32_t next32() { return gcn_rng_next32(&r); }
  unsigned below(unsigned n) { return gcn_rng_below(&r, n); }
  bool bit() { return next32() & 1; }
  bool chance(unsigned percent) { return gcn_rng_pct(&r, percent); }
};

/* One element of A, uniformly. */
template <size_t N>
uint32_t pick(Rng &r, const uint32_t (&a)[N]) { return a[r.below(N)]; }
#endif

#endif
