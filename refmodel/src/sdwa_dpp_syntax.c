/* gcnref: the text of the SDWA and DPP forms as llvm-mc 14 prints and accepts it: the
 * mnemonic suffix, sext(...), and the trailing modifiers (dst_sel:, dst_unused:, src0_sel:,
 * src1_sel:; quad_perm:[..], row_shl:N ..., row_mask:, bank_mask:, bound_ctrl:). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sdwa_dpp.h"

bool gcn_asm_parse_int(const char *s, long long *out); /* asm.c */

static const char *const SEL[7] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD"};
static const char *const UNUSED[3] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"};
/* The DPP controls with one value (wave_*:1, the mirrors, the broadcasts), by DPP_CTRL. */
static const struct {
  unsigned ctrl;
  const char *text;
} FIXED[] = {{0x130, "wave_shl:1"}, {0x134, "wave_rol:1"}, {0x138, "wave_shr:1"}, {0x13c, "wave_ror:1"},
             {0x140, "row_mirror"}, {0x141, "row_half_mirror"}, {0x142, "row_bcast:15"}, {0x143, "row_bcast:31"}};
/* row_shl:N, row_shr:N, row_ror:N = BASE + N. */
static const struct {
  unsigned base;
  const char *name;
} ROWS[] = {{0x100, "row_shl:"}, {0x110, "row_shr:"}, {0x120, "row_ror:"}};

const char *gcn_sdwa_dpp_suffix(const gcn_inst *in) {
  if (!in->desc->n_operands) return ""; /* v_nop */
  if (gcn_inst_is_dpp(in)) return "_dpp";
  if (gcn_inst_is_sdwa(in) && !(in->desc->cls == GCN_CLASS_VOPC && in->gen < GCN14)) return "_sdwa";
  return ""; /* llvm-mc 14 prints gcn12's VOPC SDWA without the suffix */
}

static size_t add(char *buf, size_t len, size_t n, const char *fmt, const char *a, unsigned b) {
  if (n >= len) return n;
  int k = snprintf(buf + n, len - n, fmt, a, b);
  return k < 0 ? n : n + (size_t)k;
}

void gcn_sdwa_dpp_print_mods(const gcn_inst *in, char *buf, size_t len) {
  size_t n = 0;
  if (len) *buf = '\0';
  if (gcn_inst_is_sdwa(in)) {
    if (!in->desc->n_operands) return;
    if (in->desc->cls != GCN_CLASS_VOPC) {
      n = add(buf, len, n, " dst_sel:%s", SEL[in->dst_sel % 7], 0);
      n = add(buf, len, n, " dst_unused:%s", UNUSED[in->dst_unused % 3], 0);
    }
    n = add(buf, len, n, " src0_sel:%s", SEL[in->sel[0] % 7], 0);
    if (gcn_isa_operand(in->desc, GCN_ROLE_S1)) add(buf, len, n, " src1_sel:%s", SEL[in->sel[1] % 7], 0);
    return;
  }
  unsigned c = in->dpp_ctrl;
  if (c <= 0xff) {
    char q[32];
    snprintf(q, sizeof q, "[%u,%u,%u,%u]", c & 3, c >> 2 & 3, c >> 4 & 3, c >> 6 & 3);
    n = add(buf, len, n, " quad_perm:%s", q, 0);
  }
  for (unsigned i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++)
    if (c > ROWS[i].base && c < ROWS[i].base + 16) n = add(buf, len, n, " %s%u", ROWS[i].name, c & 15);
  for (unsigned i = 0; i < sizeof FIXED / sizeof FIXED[0]; i++)
    if (c == FIXED[i].ctrl) n = add(buf, len, n, " %s", FIXED[i].text, 0);
  n = add(buf, len, n, " row_mask:0x%s%x", "", in->row_mask);
  n = add(buf, len, n, " bank_mask:0x%s%x", "", in->bank_mask);
  if (in->bound_ctrl) add(buf, len, n, " bound_ctrl:1%s", "", 0);
}

/* NAME:VALUE with VALUE one of NAMES (as printed, any case; llvm-mc also takes BYTE0, B0...). */
static int parse_sel(const char *v, const char *const *names, unsigned count) {
  for (unsigned i = 0; i < count; i++)
    if (strcasecmp(v, names[i]) == 0) return (int)i;
  return -1;
}

static int parse_num(const char *v, long long lo, long long hi) {
  long long x;
  return gcn_asm_parse_int(v, &x) && x >= lo && x <= hi ? (int)x : -1;
}

/* Returns 1 (an SDWA modifier), 2 (a DPP modifier), 0 (neither) or -1 (a bad value). */
int gcn_sdwa_dpp_parse_mod(gcn_inst *in, const char *tok, gcn_error *err) {
  const char *colon = strchr(tok, ':');
  size_t klen = colon ? (size_t)(colon - tok) : strlen(tok);
  const char *v = colon ? colon + 1 : "";
  int x;
#define KEY(k) (klen == strlen(k) && strncmp(tok, k, klen) == 0)
  if (KEY("dst_sel") || KEY("src0_sel") || KEY("src1_sel")) {
    if ((x = parse_sel(v, SEL, 7)) < 0) return gcn_fail(err, "'%s': expected BYTE_0..3, WORD_0/1 or DWORD", tok);
    if (KEY("dst_sel")) in->dst_sel = (uint8_t)x;
    else in->sel[tok[3] == '1'] = (uint8_t)x;
    return 1;
  }
  if (KEY("dst_unused")) {
    if ((x = parse_sel(v, UNUSED, 3)) < 0) return gcn_fail(err, "'%s': expected UNUSED_PAD, UNUSED_SEXT or UNUSED_PRESERVE", tok);
    in->dst_unused = (uint8_t)x;
    return 1;
  }
  if (KEY("quad_perm")) {
    unsigned p[4];
    char end;
    if (sscanf(v, "[%u,%u,%u,%u%c", &p[0], &p[1], &p[2], &p[3], &end) != 5 || end != ']' || strchr(v, ']')[1] ||
        (p[0] | p[1] | p[2] | p[3]) > 3)
      return gcn_fail(err, "'%s': expected quad_perm:[A,B,C,D] with each 0..3", tok);
    in->dpp_ctrl = (uint16_t)(p[0] | p[1] << 2 | p[2] << 4 | p[3] << 6);
    return 2;
  }
  for (unsigned i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++)
    if (klen + 1 == strlen(ROWS[i].name) && strncmp(tok, ROWS[i].name, klen) == 0) {
      if ((x = parse_num(v, 1, 15)) < 0) return gcn_fail(err, "'%s': expected a shift of 1..15", tok);
      in->dpp_ctrl = (uint16_t)(ROWS[i].base + (unsigned)x);
      return 2;
    }
  for (unsigned i = 0; i < sizeof FIXED / sizeof FIXED[0]; i++) {
    size_t flen = strcspn(FIXED[i].text, ":");
    if (klen == flen && strncmp(tok, FIXED[i].text, flen) == 0 && (!colon || strcmp(tok, FIXED[i].text) == 0)) {
      in->dpp_ctrl = (uint16_t)FIXED[i].ctrl;
      return 2;
    }
  }
  if (KEY("row_mask") || KEY("bank_mask")) {
    if ((x = parse_num(v, 0, 15)) < 0) return gcn_fail(err, "'%s': expected a 4-bit mask", tok);
    if (KEY("row_mask")) in->row_mask = (uint8_t)x;
    else in->bank_mask = (uint8_t)x;
    return 2;
  }
  if (KEY("bound_ctrl")) { /* bound_ctrl, bound_ctrl:0 and bound_ctrl:1 all set it (llvm-mc 14) */
    if (colon && parse_num(v, 0, 1) < 0) return gcn_fail(err, "'%s': expected bound_ctrl:0 or bound_ctrl:1", tok);
    in->bound_ctrl = true;
    return 2;
  }
#undef KEY
  return 0;
}
