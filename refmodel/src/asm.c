/* gcnref: assembler for LLVM AMDGPU syntax (one instruction per call). It accepts what
 * the disassembler prints, plus the forms llvm-mc accepts without an _e32/_e64 suffix,
 * abs(x)/neg(x) spellings and modifiers in any order. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnref/inst.h"
#include "gcnref/operand.h"
#include "sdwa_dpp.h"
#include "sop_syntax.h"
#include "vop3p_syntax.h"

#define MAX_TOKENS 8

static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  char *e = s + strlen(s);
  while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
  return s;
}

/* Parses an integer as llvm-mc does: decimal, 0x hex, 0b binary, or octal with a
 * leading 0; optional '-'. */
bool gcn_asm_parse_int(const char *s, long long *out) {
  bool neg = *s == '-';
  if (neg) s++;
  if (!*s) return false;
  errno = 0;
  char *end;
  unsigned long long v;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    if (!isxdigit((unsigned char)s[2])) return false;
    v = strtoull(s + 2, &end, 16);
  } else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
    if (s[2] != '0' && s[2] != '1') return false;
    v = strtoull(s + 2, &end, 2);
  } else {
    if (!isdigit((unsigned char)*s)) return false;
    v = strtoull(s, &end, s[0] == '0' ? 8 : 10);
  }
  if (*end || errno) return false;
  if (v > (neg ? 0x8000000000000000ull : 0xFFFFFFFFFFFFFFFFull)) return false;
  *out = neg ? (long long)(0 - v) : (long long)v;
  return true;
}

static bool parse_float(const char *s, double *out) {
  if (!strchr(s, '.') && !strchr(s, 'e') && !strchr(s, 'E')) return false;
  if (!(isdigit((unsigned char)s[0]) || ((s[0] == '-' || s[0] == '+') && isdigit((unsigned char)s[1]))))
    return false;
  char *end;
  *out = strtod(s, &end);
  return *end == '\0';
}

static uint32_t f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

/* Finds the inline constant code whose value for TYPE equals VALUE, or 0. */
static unsigned inline_code_for(gcn_gen gen, gcn_type type, uint64_t value) {
  for (unsigned c = GCN_CODE_ZERO; c <= GCN_CODE_INV_2PI; c++) {
    gcn_opnd_kind k = gcn_operand_kind(gen, c);
    if (k != GCN_OPND_INLINE_INT && k != GCN_OPND_INLINE_FLOAT) continue;
    /* For 16-bit integer operands only integer codes are chosen from a number; a float
     * code's value there (low half of the f32 encoding) is not what a reader expects. */
    if (k == GCN_OPND_INLINE_FLOAT && (type == GCN_T_I16 || type == GCN_T_U16 || type == GCN_T_B16))
      continue;
    if (gcn_inline_value(gen, c, type) == value) return c;
  }
  return 0;
}

typedef struct {
  unsigned code;
  uint32_t literal;
  bool has_literal;
  bool abs, neg;
} src_operand;

bool gcn_literal_needs_lit(gcn_gen gen, gcn_type type, uint32_t literal) {
  if (gcn_type_bits(type) == 16 && literal >> 16) return true; /* read as its low half: the rest is lost */
  return literal <= 64 || (gcn_type_bits(type) != 64 && inline_code_for(gen, type, literal) != 0);
}

/* lit(N): N (an integer, or a float for a 32-bit operand) encoded as a literal even where
 * an inline constant has the same value: the form the disassembler prints for such a
 * literal (as LLVM 17 and later do; llvm-mc 14 prints the inline form and loses it). For a
 * 16-bit operand N may be the whole literal dword (the hardware reads its low half). */
static int parse_lit(char *t, gcn_type type, src_operand *out, gcn_error *err) {
  size_t n = strlen(t);
  char *inner = trim(t + 4);
  t[n - 1] = '\0';
  inner = trim(inner);
  long long iv;
  double fv;
  unsigned bits = gcn_type_bits(type);
  if (gcn_asm_parse_int(inner, &iv)) {
    long long lo = bits == 16 ? -32768 : -2147483648LL;
    if (iv < lo || iv > 0xFFFFFFFFLL) return gcn_fail(err, "lit(%s) does not fit a 32-bit literal", inner);
    out->literal = (uint32_t)(bits == 16 && iv < 0 ? (uint64_t)iv & 0xFFFF : (uint64_t)iv);
  } else if (parse_float(inner, &fv) && bits == 32) {
    out->literal = f32_bits((float)fv);
  } else {
    return gcn_fail(err, "lit(%s): expected an integer (or a float for a 32-bit operand) inside lit()", inner);
  }
  out->code = GCN_CODE_LITERAL;
  out->has_literal = true;
  return 0;
}

/* Parses a source operand (with modifiers) for an operand of TYPE. */
static int parse_src(gcn_gen gen, char *text, gcn_type type, src_operand *out, gcn_error *err) {
  memset(out, 0, sizeof *out);
  char *t = trim(text);
  /* Modifiers, outermost first: -x (neg of a register or a modifier), neg(x), |x|, abs(x).
   * A '-' before a number is the number's sign, not a modifier. */
  for (;;) {
    size_t n = strlen(t);
    if (t[0] == '-' && (isalpha((unsigned char)t[1]) || t[1] == '|') && !out->neg && !out->abs) {
      out->neg = true;
      t = trim(t + 1);
    } else if (strncmp(t, "neg(", 4) == 0 && n > 5 && t[n - 1] == ')' && !out->neg && !out->abs) {
      out->neg = true;
      t[n - 1] = '\0';
      t = trim(t + 4);
    } else if (t[0] == '|' && n > 2 && t[n - 1] == '|' && !out->abs) {
      out->abs = true;
      t[n - 1] = '\0';
      t = trim(t + 1);
    } else if (strncmp(t, "abs(", 4) == 0 && n > 5 && t[n - 1] == ')' && !out->abs) {
      out->abs = true;
      t[n - 1] = '\0';
      t = trim(t + 4);
    } else {
      break;
    }
  }
  t = trim(t);
  if (strncmp(t, "lit(", 4) == 0 && t[strlen(t) - 1] == ')') return parse_lit(t, type, out, err);
  unsigned bits = gcn_type_bits(type);
  unsigned width = gcn_type_reg_bits(type);
  unsigned code, rw;
  if (gcn_operand_parse_reg(gen, t, &code, &rw)) {
    gcn_opnd_kind k = gcn_operand_kind(gen, code);
    if (k != GCN_OPND_READONLY && rw != width)
      return gcn_fail(err, "'%s' is a %u-bit register; expected a %u-bit operand", t, rw, width);
    out->code = code;
    return 0;
  }
  long long iv;
  double fv;
  uint64_t value;
  if (gcn_asm_parse_int(t, &iv)) {
    if (iv >= -16 && iv <= 64) {
      out->code = iv >= 0 ? GCN_CODE_ZERO + (unsigned)iv : GCN_CODE_INT_MAX + (unsigned)(-iv);
      return 0;
    }
    if (bits == 16) {
      if (iv < -32768 || iv > 0xFFFF) return gcn_fail(err, "'%s' does not fit a 16-bit operand", t);
      value = (uint64_t)iv & 0xFFFF;
    } else if (bits == 64) {
      value = (uint64_t)iv;
      unsigned c = inline_code_for(gen, type, value);
      if (c) {
        out->code = c;
        return 0;
      }
      if (iv < -2147483648LL || iv > 0xFFFFFFFFLL)
        return gcn_fail(err, "'%s' does not fit a 32-bit literal (a 64-bit operand takes a 32-bit "
                    "literal, extended by the hardware)", t);
      out->code = GCN_CODE_LITERAL;
      out->literal = (uint32_t)iv;
      out->has_literal = true;
      return 0;
    } else {
      if (iv < -2147483648LL || iv > 0xFFFFFFFFLL) return gcn_fail(err, "'%s' does not fit 32 bits", t);
      value = (uint32_t)iv;
    }
  } else if (parse_float(t, &fv)) {
    static const double inline_floats[8] = {0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0};
    for (unsigned i = 0; i < 8; i++) {
      if (fv == inline_floats[i]) {
        out->code = GCN_CODE_FLOAT_MIN + i;
        return 0;
      }
    }
    if (gen >= GCN12 && fabs(fv - 0.15915494309189532) < 1e-8) {
      out->code = GCN_CODE_INV_2PI;
      return 0;
    }
    uint64_t dbits;
    memcpy(&dbits, &fv, sizeof dbits);
    if (type == GCN_T_F64 && (uint32_t)dbits == 0) { /* llvm-mc: an f64 literal is the high half */
      out->code = GCN_CODE_LITERAL;
      out->literal = (uint32_t)(dbits >> 32);
      out->has_literal = true;
      return 0;
    }
    if (bits != 32)
      return gcn_fail(err, "float literal '%s' is only supported for 32-bit operands (and f64 values "
                  "whose low 32 bits are 0); write its bits in hex", t);
    value = f32_bits((float)fv);
  } else {
    unsigned first, last;
    char rc;
    if ((sscanf(t, "s[%u:%u%c", &first, &last, &rc) == 3 || sscanf(t, "ttmp[%u:%u%c", &first, &last, &rc) == 3) &&
        rc == ']' && last == first + 1 && first % 2)
      return gcn_fail(err, "'%s': a 64-bit register pair must start at an even register", t);
    return gcn_fail(err, "unknown operand '%s': expected a register, an integer or a float", t);
  }
  unsigned c = gcn_type_is_packed(type) ? gcn_packed_inline_code(gen, (uint32_t)value)
                                         : inline_code_for(gen, type, value);
  if (c) {
    out->code = c;
    return 0;
  }
  out->code = GCN_CODE_LITERAL;
  out->literal = (uint32_t)value;
  out->has_literal = true;
  return 0;
}

/* Parses a scalar register of WIDTH for a destination. */
static int parse_sdst(gcn_gen gen, char *text, unsigned width, uint16_t *code, gcn_error *err) {
  char *t = trim(text);
  unsigned c, w;
  if (!gcn_operand_parse_reg(gen, t, &c, &w) || c > 127)
    return gcn_fail(err, "'%s' is not a scalar register on %s: expected a %u-bit scalar destination", t,
                gcn_gen_name(gen), width);
  if (w != width) return gcn_fail(err, "'%s' is %u-bit; expected a %u-bit destination", t, w, width);
  *code = (uint16_t)c;
  return 0;
}

/* Parses a VGPR destination of WIDTH bits (v1, v[2:3], v[4:7]). */
static int parse_vgpr(gcn_gen gen, char *text, unsigned width, uint16_t *num, gcn_error *err) {
  char *t = trim(text);
  unsigned c, w;
  if (!gcn_operand_parse_reg(gen, t, &c, &w) || c < GCN_CODE_VGPR0)
    return gcn_fail(err, "'%s' is not a VGPR: expected v0..v255", t);
  if (w != width) return gcn_fail(err, "'%s' is %u-bit; expected a %u-bit destination", t, w, width);
  *num = (uint16_t)(c - GCN_CODE_VGPR0);
  return 0;
}

/* Builds the instruction for one encoding choice. */
static int build(gcn_gen gen, const gcn_inst_desc *d, gcn_enc enc, char **ops, unsigned nops,
                 const gcn_asm_ctx *actx, gcn_inst *in, gcn_error *err) {
  memset(in, 0, sizeof *in);
  in->desc = d;
  in->gen = gen;
  in->enc = enc;
  bool vop3 = enc == GCN_ENC_VOP3A || enc == GCN_ENC_VOP3B || enc == GCN_ENC_VOP3P;
  bool sdwa = gcn_inst_is_sdwa(in), xf = sdwa || gcn_inst_is_dpp(in);
  const char *mn = d->mnemonic[gen];
  if (nops != d->n_operands)
    return gcn_fail(err, "%s expects %u operand%s, got %u", mn, d->n_operands, d->n_operands == 1 ? "" : "s",
                nops);
  bool lit = false;
  uint32_t litval = 0;
  for (unsigned i = 0; i < nops; i++) {
    const gcn_operand_desc *op = &d->operand[i];
    gcn_type t = (gcn_type)op->type;
    unsigned width = gcn_type_reg_bits(t);
    char opbuf[128];
    snprintf(opbuf, sizeof opbuf, "%s", ops[i]);
    src_operand s;
    int rc = 0;
    switch (op->role) {
      case GCN_ROLE_D:
        if (enc == GCN_ENC_SOP1 || enc == GCN_ENC_SOP2 || enc == GCN_ENC_SOPK)
          rc = parse_sdst(gen, opbuf, width, &in->sdst, err);
        else if (d->flags & GCN_F_READLANE)
          rc = parse_sdst(gen, opbuf, 32, &in->vdst, err);
        else
          rc = parse_vgpr(gen, opbuf, width, &in->vdst, err);
        break;
      case GCN_ROLE_SD:
        if (vop3)
          rc = parse_sdst(gen, opbuf, 64, &in->vdst, err);
        else if (sdwa && (in->sdst = GCN_CODE_VCC_LO, strcmp(trim(opbuf), "vcc") != 0))
          rc = parse_sdst(gen, opbuf, 64, &in->sdst, err), in->sd = true;
        else if (strcmp(trim(opbuf), "vcc") != 0)
          rc = gcn_fail(err, "%s_e32 writes vcc; got '%s' (use _e64 for an SGPR pair)", mn, trim(opbuf));
        break;
      case GCN_ROLE_CO:
        if (vop3)
          rc = parse_sdst(gen, opbuf, 64, &in->sdst, err);
        else if (strcmp(trim(opbuf), "vcc") != 0)
          rc = gcn_fail(err, "%s_e32 writes its carry to vcc; got '%s' (use _e64 for an SGPR pair)", mn,
                    trim(opbuf));
        break;
      case GCN_ROLE_CI:
        if (!vop3) {
          if (strcmp(trim(opbuf), "vcc") != 0)
            rc = gcn_fail(err, "%s_e32 reads vcc; got '%s' (use _e64 for an SGPR pair)", mn, trim(opbuf));
          break;
        }
        /* VOP3 SRC2 */
        __attribute__((fallthrough));
      case GCN_ROLE_S0:
        if (enc == GCN_ENC_SOPK) { /* a register read from the SDST field */
          rc = parse_sdst(gen, opbuf, width, &in->sdst, err);
          in->src[0] = in->sdst;
          break;
        }
        __attribute__((fallthrough));
      case GCN_ROLE_S1:
      case GCN_ROLE_S2: {
        unsigned slot = op->role == GCN_ROLE_S0 ? 0 : op->role == GCN_ROLE_S1 ? 1 : 2;
        char *text = trim(opbuf);
        size_t tl = strlen(text);
        if (sdwa && strncmp(text, "sext(", 5) == 0 && tl > 6 && text[tl - 1] == ')') {
          text[tl - 1] = '\0';
          memmove(opbuf, text + 5, tl - 5);
          in->sext |= (uint8_t)(1u << slot);
        }
        rc = parse_src(gen, opbuf, t, &s, err);
        if (rc) break;
        if ((s.abs || s.neg) && !vop3 && !xf) {
          rc = gcn_fail(err, "abs/neg modifiers need the VOP3 (_e64) encoding");
          break;
        }
        if ((s.abs || s.neg) && enc == GCN_ENC_VOP3P && !gcn_vop3p_is_mix(d)) {
          rc = gcn_fail(err, "%s: packed sources take neg_lo:[..] and neg_hi:[..], not -x or |x|", mn);
          break;
        }
        if (s.has_literal) {
          if (lit && litval != s.literal) {
            rc = gcn_fail(err, "only one literal is allowed per instruction");
            break;
          }
          lit = true;
          litval = s.literal;
        }
        in->src[slot] = (uint16_t)s.code;
        in->abs |= (uint8_t)(s.abs << slot);
        in->neg |= (uint8_t)(s.neg << slot);
        break;
      }
      case GCN_ROLE_K: {
        long long iv;
        double fv;
        char *t2 = trim(opbuf);
        if (gcn_asm_parse_int(t2, &iv) && iv >= -2147483648LL && iv <= 0xFFFFFFFFLL) {
          /* An f16 K is the low half of the literal dword; the disassembler prints the
           * whole dword (as llvm-mc does), so any dword is accepted back. */
          in->literal = (uint32_t)(iv < 0 && gcn_type_bits(t) == 16 ? iv & 0xFFFF : iv);
        } else if (t == GCN_T_F32 && parse_float(t2, &fv)) {
          in->literal = f32_bits((float)fv);
        } else {
          rc = gcn_fail(err, "'%s' is not a valid constant K: expected a hex or integer value", t2);
          break;
        }
        in->has_literal = true;
        break;
      }
      case GCN_ROLE_IMM:
        rc = gcn_sop_imm_parse(gen, d, t, ops[i], actx, &in->simm16, err);
        break;
    }
    if (rc) return -1;
  }
  if (!vop3 && !xf && (d->flags & (GCN_F_READLANE | GCN_F_WRITELANE)) == 0 && gcn_isa_operand(d, GCN_ROLE_S1) &&
      gcn_class_is_vector(d->cls)) {
    if (gcn_operand_kind(gen, in->src[1]) == GCN_OPND_LITERAL)
      return gcn_fail(err, "%s: a literal can only be src0 (VOP3 takes no literal)", mn);
    if (gcn_operand_kind(gen, in->src[1]) != GCN_OPND_VGPR)
      return gcn_fail(err, "%s_e32: src1 must be a VGPR (use _e64 for a scalar src1)", mn);
  }
  if (lit) {
    /* v_madmk/v_madak: a source literal equal to K shares its dword (as llvm-mc does). */
    if (in->has_literal && in->literal != litval)
      return gcn_fail(err, "only one literal is allowed per instruction (a source literal must equal K)");
    in->literal = litval;
    in->has_literal = true;
  }
  in->size = vop3 || xf || in->has_literal ? 8 : 4;
  if (xf && in->has_literal) return gcn_fail(err, "%s: SDWA and DPP take no literal", mn);
  if (vop3 && in->has_literal)
    return gcn_fail(err, "%s: VOP3 encodings cannot take a literal on %s", mn, gcn_gen_name(gen));
  return xf ? 0 : gcn_validate(in, err); /* an SDWA/DPP form is validated with its modifiers */
}

/* An SDWA (FORM 1) or DPP (FORM 2) form: the operands, then the modifiers parsed into XM. */
static int gcn_sdwa_dpp_assemble(gcn_gen gen, const gcn_inst_desc *d, int form, const gcn_inst *xm, char **ops,
                                 unsigned nops, bool clamp, int omod, const gcn_asm_ctx *actx, gcn_inst *out,
                                 gcn_error *err) {
  int e32 = gcn_isa_enc32(d, gen);
  gcn_enc enc = e32 == GCN_ENC_VOP1 ? (form == 1 ? GCN_ENC_VOP1_SDWA : GCN_ENC_VOP1_DPP)
                : e32 == GCN_ENC_VOP2 ? (form == 1 ? GCN_ENC_VOP2_SDWA : GCN_ENC_VOP2_DPP)
                : form == 1 ? GCN_ENC_VOPC_SDWA : (gcn_enc)GCN_ENC_COUNT;
  if (enc == (gcn_enc)GCN_ENC_COUNT || !gcn_enc_lookup(gen, enc))
    return gcn_fail(err, "%s has no %s form on %s", d->mnemonic[gen], form == 1 ? "SDWA" : "DPP", gcn_gen_name(gen));
  if (form == 2 && xm->dpp_ctrl == 0xFFFF)
    return gcn_fail(err, "%s_dpp needs a DPP control (quad_perm:[..], row_shl:N, ...)", d->mnemonic[gen]);
  out->enc = enc; /* build() reads the form from the encoding */
  if (build(gen, d, enc, ops, nops, actx, out, err)) return -1;
  if (d->cls == GCN_CLASS_VOPC) out->dst_sel = 6, out->dst_unused = 0;
  else out->dst_sel = xm->dst_sel, out->dst_unused = xm->dst_unused;
  out->sel[0] = xm->sel[0];
  out->sel[1] = gcn_isa_operand(d, GCN_ROLE_S1) ? xm->sel[1] : 0;
  out->dpp_ctrl = form == 2 ? xm->dpp_ctrl : 0;
  out->row_mask = form == 2 ? xm->row_mask : 0;
  out->bank_mask = form == 2 ? xm->bank_mask : 0;
  out->bound_ctrl = xm->bound_ctrl;
  out->clamp = clamp;
  out->omod = (uint8_t)(omod < 0 ? 0 : omod);
  if (form == 1 && !d->n_operands) out->sel[0] = out->dst_sel = out->dst_unused = 0; /* v_nop_sdwa: llvm-mc's zeros */
  return gcn_validate(out, err);
}

/* Splits operands on top-level commas. Returns the count, or -1 if too many. */
static int split_operands(char *s, char **ops) {
  int n = 0, depth = 0;
  if (!*trim(s)) return 0;
  ops[n++] = s;
  for (char *p = s; *p; p++) {
    if (*p == '(' || *p == '[') depth++;
    if (*p == ')' || *p == ']') depth--;
    if (*p == ',' && depth == 0) {
      *p = '\0';
      if (n == MAX_TOKENS) return -1;
      ops[n++] = p + 1;
    }
  }
  return n;
}

int gcn_assemble(gcn_gen gen, const char *text, gcn_inst *out, gcn_error *err) {
  return gcn_assemble_at(gen, text, NULL, out, err);
}

int gcn_assemble_at(gcn_gen gen, const char *text, const gcn_asm_ctx *actx, gcn_inst *out, gcn_error *err) {
  char line[512];
  if (strlen(text) >= sizeof line) return gcn_fail(err, "line too long");
  for (size_t i = 0;; i++) {
    line[i] = (char)tolower((unsigned char)text[i]);
    if (!text[i]) break;
  }
  char *s = trim(line);
  if (!*s) return gcn_fail(err, "expected an instruction");
  char *mn = s;
  while (*s && !isspace((unsigned char)*s)) s++;
  if (*s) *s++ = '\0';

  /* Suffix. */
  int forced = 0; /* 32 or 64 */
  size_t mlen = strlen(mn);
  char base[64];
  if (mlen >= sizeof base) return gcn_fail(err, "unknown mnemonic: '%.32s...' is longer than any instruction", mn);
  snprintf(base, sizeof base, "%s", mn);
  int form = 0; /* 1 SDWA, 2 DPP: from the suffix or the modifiers */
  if (mlen > 4 && (strcmp(mn + mlen - 4, "_e32") == 0 || strcmp(mn + mlen - 4, "_e64") == 0)) {
    forced = mn[mlen - 2] == '3' ? 32 : 64;
    base[mlen - 4] = '\0';
  } else if ((mlen > 5 && strcmp(mn + mlen - 5, "_sdwa") == 0) || (mlen > 4 && strcmp(mn + mlen - 4, "_dpp") == 0)) {
    form = mn[mlen - 1] == 'a' ? 1 : 2;
    base[mlen - (form == 1 ? 5 : 4)] = '\0';
  }
  const gcn_inst_desc *d = gcn_isa_by_mnemonic(gen, base);
  if (!d) {
    for (int g = 0; g < GCN_GEN_COUNT; g++)
      if (gcn_isa_by_mnemonic((gcn_gen)g, base))
        return gcn_fail(err, "instruction '%s' does not exist on %s (it does on %s)", base,
                    gcn_gen_name(gen), gcn_gen_name((gcn_gen)g));
    return gcn_fail(err, "unknown mnemonic '%s'", mn);
  }
  int enc32 = gcn_isa_enc32(d, gen);
  if ((forced || form) && (!gcn_class_is_vector(d->cls) || enc32 < 0))
    return gcn_fail(err, "unknown mnemonic '%s' (%s has no _e32/_e64 forms)", mn, base);
  gcn_inst xm = {.sel = {6, 6}, .dst_sel = 6, .dst_unused = 2, .row_mask = 15, .bank_mask = 15, .dpp_ctrl = 0xFFFF};

  /* Operands, then modifiers (space-separated words after the last operand). */
  char *ops[MAX_TOKENS];
  /* A lone immediate (s_waitcnt vmcnt(0), lgkmcnt(0)) keeps its commas. */
  bool lone_imm = d->n_operands == 1 && d->operand[0].role == GCN_ROLE_IMM;
  int nops = lone_imm ? (*trim(s) ? (ops[0] = s, 1) : 0) : split_operands(s, ops);
  if (nops < 0) return gcn_fail(err, "too many operands");
  bool clamp = false;
  int omod = -1;
  gcn_opsel_mods osm = {{0}, 0};
  int rc;
  if (nops > 0 && (d->n_operands == 0 || d->operand[d->n_operands - 1].role != GCN_ROLE_IMM)) {
    char *last = trim(ops[nops - 1]);
    char *sp = last, *end = last + strlen(last);
    bool bare = !d->n_operands && gcn_class_is_vector(d->cls); /* v_nop quad_perm:[..]: modifiers only */
    int depth = 0;
    while (!bare && *sp && !(isspace((unsigned char)*sp) && depth == 0)) {
      if (*sp == '(' || *sp == '[' ) depth++;
      if (*sp == ')' || *sp == ']') depth--;
      sp++;
    }
    if (*sp) {
      if (!bare) *sp++ = '\0';
      for (char *tok = strtok(sp, " \t"); tok; tok = strtok(NULL, " \t")) {
        int k, m = strcmp(tok, "mul:2") == 0 ? 1 : strcmp(tok, "mul:4") == 0 ? 2 : strcmp(tok, "div:2") == 0 ? 3 : 0;
        if (strcmp(tok, "clamp") == 0 && !clamp)
          clamp = true;
        else if (m && omod < 0)
          omod = m;
        else if (strcmp(tok, "mul:1") == 0 && omod < 0)
          omod = 0;
        else if (gcn_class_is_vector(d->cls) && (k = gcn_sdwa_dpp_parse_mod(&xm, tok, err)) != 0) {
          if (k < 0) return -1;
          if (form && form != k) return gcn_fail(err, "'%s': SDWA and DPP modifiers do not mix", tok);
          form = k;
        } else if (gcn_class_is_vector(d->cls) && (rc = gcn_opsel_parse(tok, &osm, err)) != 0) {
          if (rc < 0) return -1; /* op_sel, op_sel_hi, neg_lo, neg_hi */
        } else if (!gcn_class_is_vector(d->cls))
          return gcn_fail(err, "unexpected '%s' after the operands", tok);
        else
          return gcn_fail(err, "unexpected '%s': expected clamp, mul:2, mul:4 or div:2", tok);
      }
    }
    ops[nops - 1] = bare ? end : last;
  }
  if (!d->n_operands && nops == 1 && !*trim(ops[0])) nops = 0;
  for (int i = 0; i < nops; i++)
    if (!*trim(ops[i])) return gcn_fail(err, "empty operand %d", i + 1);
  if (form && osm.given) return gcn_fail(err, "op_sel, op_sel_hi, neg_lo and neg_hi are VOP3 and VOP3P modifiers, not SDWA or DPP ones");
  if (form && osm.given)
    return gcn_fail(err, "op_sel, op_sel_hi, neg_lo and neg_hi are VOP3 and VOP3P modifiers, not SDWA or DPP ones");
  if (form) return gcn_sdwa_dpp_assemble(gen, d, form, &xm, ops, (unsigned)nops, clamp, omod, actx, out, err);
  bool mods = clamp || omod >= 0 || osm.given;

  if (!gcn_class_is_vector(d->cls)) {
    if (mods) return gcn_fail(err, "scalar instructions take no modifiers");
    return build(gen, d, (gcn_enc)enc32, ops, (unsigned)nops, actx, out, err);
  }
  gcn_enc enc3 = d->cls == GCN_CLASS_VOP3P ? GCN_ENC_VOP3P : gcn_isa_operand(d, GCN_ROLE_CO) ? GCN_ENC_VOP3B : GCN_ENC_VOP3A;
  /* VOP3 first when forced or when modifiers need it; otherwise VOP2 where it fits. */
  char *copy[MAX_TOKENS];
  char store[MAX_TOKENS][128];
  for (int i = 0; i < nops; i++) {
    snprintf(store[i], sizeof store[i], "%s", ops[i]);
    copy[i] = store[i];
  }
  if (forced == 64 || (mods && forced != 32) || enc32 < 0) {
    if (gcn_isa_has(d, gen, GCN_F_NOVOP3)) return gcn_fail(err, "%s has no VOP3 (_e64) form", d->mnemonic[gen]);
    if (build(gen, d, enc3, copy, (unsigned)nops, actx, out, err)) return -1;
  } else {
    if (mods) return gcn_fail(err, "modifiers need the VOP3 (_e64) encoding");
    if (build(gen, d, (gcn_enc)enc32, ops, (unsigned)nops, actx, out, err)) {
      if (forced == 32 || gcn_isa_has(d, gen, GCN_F_NOVOP3)) return -1;
      gcn_error err3;
      gcn_inst in3;
      if (build(gen, d, enc3, copy, (unsigned)nops, actx, &in3, &err3)) return -1; /* keep the e32 error */
      *out = in3;
    }
  }
  if (osm.given || gcn_inst_is_vop3p(out)) {
    out->clamp = clamp;
    out->omod = (uint8_t)(omod < 0 ? 0 : omod);
    return gcn_opsel_apply(&osm, out, err);
  }
  if (out->clamp != clamp || (omod >= 0 && out->omod != omod)) {
    out->clamp = clamp;
    out->omod = (uint8_t)(omod < 0 ? 0 : omod);
    return gcn_validate(out, err);
  }
  return 0;
}
