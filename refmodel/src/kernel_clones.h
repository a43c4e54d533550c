/* gcnref internal: GCN_KERNEL_CLONES, on a 64-lane loop, builds it twice on x86-64 Linux
 * with GCC, for the baseline (SSE2) and for AVX2, and the loader picks the one the host
 * runs (GCC target_clones: an ifunc resolved once). SSE2 has no per-lane shift, unsigned
 * min/max or 32-bit multiply, and half AVX2's width, so these loops gain most. Elsewhere
 * it is nothing (the portable loop). docs/performance.md says what it gains. */
#ifndef GCNREF_KERNEL_CLONES_H
#define GCNREF_KERNEL_CLONES_H
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define GCN_KERNEL_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define GCN_KERNEL_CLONES
#endif
#endif
