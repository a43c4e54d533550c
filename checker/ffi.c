/* The checker's plain-value functions for a foreign-function interface (the Python
 * binding python/gcnref over libgcnchk.so, docs/python.md): assembling and disassembling
 * one instruction and the initial state of the loaded program, with ints and buffers only. */
#include <string.h>

#include "checker_internal.h"

int gcn_ffi_gen_parse(const char *name) {
  gcn_gen g;
  return name && gcn_gen_parse(name, &g) ? (int)g : -1;
}

int gcn_ffi_assemble(int gen, const char *line, uint32_t words[2], char *err, size_t size) {
  gcn_inst in;
  gcn_error e;
  if (gen < 0 || gen >= GCN_GEN_COUNT) {
    snprintf(err, size, "gen %d: expected 0..%d", gen, GCN_GEN_COUNT - 1);
    return -1;
  }
  if (gcn_assemble((gcn_gen)gen, line, &in, &e)) {
    snprintf(err, size, "%s", e.msg);
    return -1;
  }
  return (int)gcn_encode(&in, words);
}

int gcn_ffi_disasm(int gen, const uint32_t *words, size_t n, char *out, size_t size) {
  gcn_inst in;
  gcn_error e;
  if (gen < 0 || gen >= GCN_GEN_COUNT) {
    snprintf(out, size, "gen %d: expected 0..%d", gen, GCN_GEN_COUNT - 1);
    return -1;
  }
  if (gcn_decode((gcn_gen)gen, words, n, &in, &e)) {
    snprintf(out, size, "%s", e.msg);
    return -1;
  }
  gcn_disasm(&in, out, size);
  return in.size;
}

uint32_t gcn_ffi_init_sreg(const gcn_checker *c, unsigned code) { return gcn_sreg_read(c->initial, code); }
uint32_t gcn_ffi_init_vgpr(const gcn_checker *c, unsigned v, unsigned lane) {
  return c->initial->vgpr[v & 255u][lane & 63u];
}
int gcn_ffi_init_scc(const gcn_checker *c) { return c->initial->scc; }
