/* gcnref benchmark (`make bench`): model throughput on straight-line programs, run
 * repeatedly from the top, wave64 with all lanes active. Figures only; no pass/fail. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gcnref/fp.h"
#include "gcnref/model.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Assembles LINES (cycled) into a program of N instructions. */
static uint8_t *build(gcn_gen gen, const char *const *lines, unsigned nlines, unsigned n, size_t *size) {
  uint8_t *bytes = malloc((size_t)n * 8);
  size_t off = 0;
  for (unsigned i = 0; i < n; i++) {
    gcn_inst in;
    gcn_error err;
    if (gcn_assemble(gen, lines[i % nlines], &in, &err)) {
      free(bytes);
      return NULL; /* not in the ISA table (yet): the caller prints n/a */
    }
    uint32_t w[2];
    unsigned k = gcn_encode(&in, w);
    memcpy(bytes + off, w, 4 * k);
    off += 4 * k;
  }
  *size = off;
  return bytes;
}

static gcn_wave wave;

/* Runs the program repeatedly for about SECONDS (or, with COUNT set, for exactly COUNT
 * passes of the program: the callgrind figures); returns instructions per second. */
static unsigned long long count_passes;
static double run(gcn_gen gen, const char *const *lines, unsigned nlines, double seconds) {
  size_t size;
  unsigned n = 4096;
  uint8_t *bytes = build(gen, lines, nlines, n, &size);
  if (!bytes) return -1;
  gcn_wave_init(&wave, gen, (gcn_program){0, bytes, size});
  for (unsigned v = 0; v < 16; v++)
    for (unsigned l = 0; l < 64; l++) /* as floats: normal, exponents 2^-7..2^8 */
      wave.st.vgpr[v][l] = 0x3C000000u + ((v * 0x9E3779B9u + l * 0x85EBCA6Bu) & 0x07FFFFFFu);
  unsigned long long retired = 0;
  gcn_error err;
  double start = now(), t;
  do {
    wave.st.pc = 0;
    wave.ended = false;
    for (unsigned i = 0; i < n; i++) {
      gcn_step_status st = gcn_step(&wave, NULL, &err);
      if (st == GCN_STEP_NOT_MODELLED) {
        gcn_wave_free(&wave);
        free(bytes);
        return -1;
      }
      if (st != GCN_STEP_OK) {
        fprintf(stderr, "bench: %s\n", err.msg);
        exit(2);
      }
    }
    retired += n;
    t = now() - start;
  } while (count_passes ? retired < count_passes * n : t < seconds);
  gcn_wave_free(&wave);
  free(bytes);
  return retired / t;
}

/* The plain C loop the model's V_ADD_U32 is compared with. */
static volatile uint32_t sink;
static double plain_add_seconds_per_op(double seconds) {
  static uint32_t a[64], b[64], d[64];
  for (unsigned l = 0; l < 64; l++) a[l] = l * 0x9E3779B9u, b[l] = l;
  unsigned long long ops = 0;
  double start = now(), t;
  do {
    for (unsigned k = 0; k < 4096; k++) {
      for (unsigned l = 0; l < 64; l++) d[l] = a[l] + b[l];
      a[k & 63] ^= d[(k * 7) & 63]; /* keep the loop from being hoisted */
    }
    ops += 4096;
    t = now() - start;
  } while (count_passes ? ops < count_passes * 4096 : t < seconds);
  sink = d[0];
  return t / ops;
}

/* The plain C loop the model's V_ADD_F32 is compared with: 64 float adds on the host FPU. */
static volatile float fsink32;
static double plain_fadd_seconds_per_op(double seconds) {
  static float a[64], b[64], d[64];
  for (unsigned l = 0; l < 64; l++) a[l] = 1.0f + l / 64.0f, b[l] = 0.5f + l / 128.0f;
  unsigned long long ops = 0;
  double start = now(), t;
  do {
    for (unsigned k = 0; k < 4096; k++) {
      for (unsigned l = 0; l < 64; l++) d[l] = a[l] + b[l];
      a[k & 63] = d[(k * 7) & 63] * 0.5f; /* keep the loop from being hoisted */
    }
    ops += 4096;
    t = now() - start;
  } while (count_passes ? ops < count_passes * 4096 : t < seconds);
  fsink32 = d[0];
  return t / ops;
}

/* The float core alone (no decode or dispatch): 64 lanes of one operation per "op";
 * returns 64-lane operations per second. */
static volatile uint64_t fsink;
static double float_core(int which, double seconds) {
  static uint64_t a[64], b[64], c[64];
  for (unsigned l = 0; l < 64; l++) {
    a[l] = 0x3F800000u + l * 0x00012345u;
    b[l] = 0x40000000u - l * 0x00023456u;
    c[l] = 0xBF000000u + l * 0x00034567u;
  }
  gcn_fp_env e32 = gcn_fp_env_f32(0x3F0), e64 = gcn_fp_env_of(GCN_FP64, 0x3F0);
  unsigned long long ops = 0;
  uint64_t acc = 0;
  double start = now(), t;
  do {
    for (unsigned k = 0; k < 256; k++) {
      for (unsigned l = 0; l < 64; l++) {
        switch (which) {
          case 0: acc += gcn_f32_fma((uint32_t)a[l], (uint32_t)b[l], (uint32_t)c[l], &e32); break;
          case 1: acc += gcn_fp_from_int(GCN_FP32, (int32_t)(a[l] * 77u), &e32); break;
          case 2: acc += gcn_fp_trans(GCN_FP32, GCN_FN_RCP, GCN_FV_PLAIN, a[l], &e32, NULL); break;
          default: acc += gcn_f64_fma(a[l] << 32 | b[l], b[l] << 32, c[l] << 32, &e64); break;
        }
      }
      a[k & 63] ^= acc & 0xFF;
    }
    ops += 256;
    t = now() - start;
  } while (t < seconds);
  fsink = acc;
  return ops / t;
}

/* A model figure against the acceptance figure (issue 17: 100 M scalar, 20 M
 * integer VALU, 5 M f32 VALU instructions/s on the project's 2-core machine) and against
 * the plain C loop of 64 adds measured in this run (its time per loop / the model's time
 * per instruction: load shifts both alike). */
static void print_vs(const char *what, double ips, double target, double plain) {
  printf("  %-25s %10.2f M instructions/s  %5.2f x the %g M target, %5.3f x the C loop's rate\n", what, ips / 1e6,
         ips / target, target / 1e6, ips * plain);
}

static void print_model(const char *what, double ips) {
  if (ips < 0) printf("  %-25s        n/a (not in the model yet)\n", what);
  else printf("  %-25s %10.2f M instructions/s  (%.2f G lane-ops/s)\n", what, ips / 1e6, ips * 64 / 1e9);
}

int main(int argc, char **argv) {
  double secs = argc > 1 ? atof(argv[1]) : 1.0;
  static const char *const scalar[] = {
      "s_add_u32 s1, s2, s3",  "s_addc_u32 s4, s5, s6",       "s_and_b64 s[8:9], s[10:11], s[12:13]",
      "s_lshl_b32 s14, s15, 3", "s_bfe_u32 s16, s17, 0x80004", "s_cselect_b32 s18, s19, s20",
      "s_mov_b32 s21, 0x12345", "s_bcnt1_i32_b64 s22, s[24:25]", "s_min_i32 s26, s27, s28",
      "s_xor_b32 s29, s30, s31"};
  static const char *const vint[] = {
      "v_add_u32 v1, v2, v3", "v_and_b32 v4, v5, v6", "v_lshlrev_b32 v7, 3, v8",
      "v_add_co_u32 v9, vcc, v10, v11", "v_max_u32 v12, v13, v14", "v_mul_u32_u24 v15, v1, v2",
      "v_xor_b32 v3, s1, v4", "v_cndmask_b32 v5, v6, v7, vcc"};
  static const char *const vf32[] = {
      "v_add_f32 v1, v2, v3", "v_mul_f32 v4, v5, v6", "v_mac_f32 v7, v8, v9", "v_max_f32 v10, v11, v12",
      "v_madak_f32 v13, v1, v2, 0x3f000000", "v_sub_f32_e64 v3, -|v4|, v5 clamp"};
  static const char *const vf16[] = {
      "v_add_f16 v1, v2, v3", "v_mul_f16 v4, v5, v6", "v_mac_f16 v7, v8, v9", "v_max_f16 v10, v11, v12",
      "v_madak_f16 v13, v1, v2, 0x3800", "v_sub_f16_e64 v3, -|v4|, v5 clamp"};
  static const char *const vadd[] = {"v_add_u32 v1, v2, v3"};
  static const char *const vfadd[] = {"v_add_f32 v1, v2, v3"};
  /* bench --passes N PROGRAM: exactly N passes of the 4096-instruction PROGRAM (scalar,
   * vint, vf32, v_add_f32, v_add_u32), or N x 4096 iterations of a plain C loop of 64 adds
   * (c_add, c_fadd), for valgrind --tool=callgrind (host instructions per retired
   * instruction, independent of the machine's load: tests/bench/callgrind.sh). */
  if (argc > 3 && !strcmp(argv[1], "--passes")) {
    count_passes = strtoull(argv[2], NULL, 10);
    const char *p = argv[3];
    double r = !strcmp(p, "scalar") ? run(GCN14, scalar, sizeof scalar / sizeof *scalar, 0)
               : !strcmp(p, "vint") ? run(GCN14, vint, sizeof vint / sizeof *vint, 0)
               : !strcmp(p, "vf32") ? run(GCN14, vf32, sizeof vf32 / sizeof *vf32, 0)
               : !strcmp(p, "v_add_f32") ? run(GCN14, vfadd, 1, 0)
               : !strcmp(p, "v_add_u32") ? run(GCN14, vadd, 1, 0)
               : !strcmp(p, "c_add") ? plain_add_seconds_per_op(0)
               : !strcmp(p, "c_fadd") ? plain_fadd_seconds_per_op(0)
                                    : -2;
    if (r == -2)
      fprintf(stderr, "bench: unknown program %s (scalar, vint, vf32, v_add_f32, v_add_u32, c_add, c_fadd)\n", p);
    return r < 0 ? 2 : 0;
  }
  double s = run(GCN14, scalar, sizeof scalar / sizeof *scalar, secs);
  double vi = run(GCN14, vint, sizeof vint / sizeof *vint, secs);
  double vf = run(GCN14, vf32, sizeof vf32 / sizeof *vf32, secs);
  double vh = run(GCN14, vf16, sizeof vf16 / sizeof *vf16, secs);
  double va = run(GCN14, vadd, 1, secs);
  double plain = plain_add_seconds_per_op(secs);
  printf("gcnref bench (gcn14, wave64, all lanes active, %.1f s per figure)\n", secs);
  print_vs("scalar mixed program", s, 100e6, plain);
  print_vs("vector integer program", vi, 20e6, plain);
  print_vs("vector f32 program", vf, 5e6, plain);
  printf("  vector f16 program        %10.2f M instructions/s  (%.2f G lane-ops/s)\n", vh / 1e6,
         vh * 64 / 1e9);
  printf("  v_add_u32 vs plain C loop %10.2f x  (model %.1f ns, C loop of 64 adds %.1f ns)\n",
         (1.0 / va) / plain, 1e9 / va, plain * 1e9);
  double vfa = run(GCN14, vfadd, 1, secs), plainf = plain_fadd_seconds_per_op(secs);
  printf("  v_add_f32 vs plain C loop %10.2f x  (model %.1f ns, C loop of 64 float adds %.1f ns)\n",
         (1.0 / vfa) / plainf, 1e9 / vfa, plainf * 1e9);
  static const char *const fma32[] = {"v_fma_f32 v1, v2, v3, v4", "v_fma_f32 v5, v6, v7, v8"};
  static const char *const cvt[] = {"v_cvt_f32_i32 v1, v2", "v_cvt_i32_f32 v3, v4"};
  static const char *const rcp[] = {"v_rcp_f32 v1, v2", "v_rcp_f32 v3, v4"};
  static const char *const f64[] = {"v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]",
                                    "v_add_f64 v[8:9], v[10:11], v[12:13]"};
  print_model("v_fma_f32 program", run(GCN14, fma32, 2, secs));
  print_model("v_cvt_f32_i32/i32_f32", run(GCN14, cvt, 2, secs));
  print_model("v_rcp_f32 program", run(GCN14, rcp, 2, secs));
  print_model("v_fma/add_f64 program", run(GCN14, f64, 2, secs));
  static const char *const core_names[4] = {"v_fma_f32", "v_cvt_f32_i32", "v_rcp_f32", "v_fma_f64"};
  for (int k = 0; k < 4; k++) {
    double r = float_core(k, secs);
    printf("  float core %-14s %10.2f M 64-lane ops/s  (%.2f G lane-ops/s; fp.h only, no decode)\n",
           core_names[k], r / 1e6, r * 64 / 1e9);
  }
  return 0;
}
