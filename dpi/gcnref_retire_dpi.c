/* gcnref_retire_dpi.c: the DPI-C imports of the checker's retire mode (dpi/
 * gcnref_retire_pkg.sv lists them; docs/retire.md). A thin adapter like gcnref_dpi.c: each
 * import marshals its arguments to checker/gcn_checker.h ("retire mode") on the handle
 * that gcnref_create returned. A null handle makes a call do nothing (0, "" or -1).
 * Strings returned stay valid until the next call that returns a string.
 *
 * Compiled as C11 by gcc (never by verilator, which would compile a .c as C++). */
#include <stdio.h>
#include <string.h>

#include "svdpi.h"

#include "gcn_checker.h"

static char rt_error[512];

const char *gcnref_rt_last_error(void) { return rt_error; }

int gcnref_rt_config(void *h, int window, int strict, long long watchdog, int history) {
  if (!h) return -1;
  gcn_retire_config cfg = {window < 0 ? 0u : (unsigned)window, strict != 0,
                           watchdog < 0 ? 0ull : (unsigned long long)watchdog, history < 0 ? 0u : (unsigned)history};
  gcn_error err;
  if (gcn_checker_retire_config(h, &cfg, &err)) {
    snprintf(rt_error, sizeof rt_error, "gcnref_rt_config: %s", err.msg);
    return -1;
  }
  return 0;
}

int gcnref_rt_capability(void *h, const char *path) {
  if (!h) return -1;
  gcn_error err;
  if (gcn_checker_retire_capability(h, path, &err)) {
    snprintf(rt_error, sizeof rt_error, "gcnref_rt_capability: %s", err.msg);
    return -1;
  }
  return 0;
}

void gcnref_rt_sgpr(void *h, int code, int value) {
  if (h) gcn_checker_retire_sgpr(h, (unsigned)code & 0x1ffu, (uint32_t)value);
}
void gcnref_rt_scc(void *h, int value) {
  if (h) gcn_checker_retire_scc(h, (unsigned)value);
}
void gcnref_rt_mode(void *h, int value) {
  if (h) gcn_checker_retire_mode(h, (uint32_t)value);
}
void gcnref_rt_pc(void *h, long long target) {
  if (h) gcn_checker_retire_pc(h, (uint64_t)target);
}

/* 16 lanes FIRST..FIRST+15 of VGPR V (MASK: the lanes written). */
void gcnref_rt_vgpr16(void *h, int vgpr, int first, int mask, const svBitVecVal *lanes) {
  if (!h || first < 0 || first > 48) return;
  uint32_t v[16];
  for (unsigned l = 0; l < 16; l++) v[l] = lanes[l];
  gcn_checker_retire_vgpr(h, (unsigned)vgpr & 255u, (unsigned)first, 16, (uint64_t)(mask & 0xffff), v);
}

int gcnref_rt_retire(void *h, int kind, long long pc, int word0, int word1, int n_words) {
  if (!h) return -1;
  uint32_t w[2] = {(uint32_t)word0, (uint32_t)word1};
  return gcn_checker_retire(h, (unsigned)kind, (uint64_t)pc, w, n_words < 0 ? 0u : (unsigned)n_words);
}

int gcnref_rt_clock(void *h, int cycles) { return h && cycles > 0 ? gcn_checker_retire_clock(h, (unsigned)cycles) : 0; }
int gcnref_rt_finish(void *h) { return h ? gcn_checker_retire_finish(h) : 0; }
int gcnref_rt_ended(void *h) { return h && gcn_checker_retire_ended(h); }
long long gcnref_rt_retired(void *h) { return h ? (long long)gcn_checker_retired(h) : 0; }
const char *gcnref_rt_report(void *h, const char *repro) { return h ? gcn_checker_retire_report(h, repro) : ""; }
