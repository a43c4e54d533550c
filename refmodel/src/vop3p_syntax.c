/* gcnref: the VOP3P encoding (gcn14 packed math, clrx/GcnInstrsVop3p.md) and the op_sel
 * family of modifiers, as llvm-mc 14 decodes, prints and parses them (docs/semantics.md,
 * "VOP3P"). The field layout comes from gcn_isa.tab @encodings; the decoder, validator,
 * disassembler and assembler call in here from small hooks. */
#include <stdio.h>
#include <string.h>

#include "gcnref/operand.h"
#include "vop3p_syntax.h"

bool gcn_vop3p_is_mix(const gcn_inst_desc *d) {
  const gcn_operand_desc *o = gcn_isa_operand(d, GCN_ROLE_D);
  return o && !gcn_type_is_packed((gcn_type)o->type);
}

unsigned gcn_vop3p_nsrc(const gcn_inst_desc *d) { return gcn_isa_operand(d, GCN_ROLE_S2) ? 3 : 2; }

void gcn_vop3p_decode(const gcn_enc_desc *e, const uint32_t *words, gcn_inst *out) {
#define GET(f) gcn_enc_get(e, GCN_FLD_##f, words)
  out->vdst = (uint16_t)GET(VDST);
  out->src[0] = (uint16_t)GET(SRC0);
  out->src[1] = (uint16_t)GET(SRC1);
  out->src[2] = (uint16_t)GET(SRC2);
  out->clamp = GET(CLAMP);
  out->opsel = (uint8_t)GET(OPSEL);
  out->opsel_hi = (uint8_t)(GET(OPSELHI) | GET(OPSELHI2) << 2);
  out->neg = (uint8_t)GET(NEG);
  if (gcn_vop3p_is_mix(out->desc))
    out->abs = (uint8_t)GET(NEGHI);
  else
    out->neg_hi = (uint8_t)GET(NEGHI);
#undef GET
}

void gcn_vop3p_encode(const gcn_inst *in, uint32_t *v) {
  v[GCN_FLD_OPSEL] = in->opsel;
  v[GCN_FLD_OPSELHI] = in->opsel_hi & 3u;
  v[GCN_FLD_OPSELHI2] = in->opsel_hi >> 2 & 1u;
  v[GCN_FLD_NEGHI] = gcn_vop3p_is_mix(in->desc) ? in->abs : in->neg_hi;
}

int gcn_vop3p_validate(const gcn_inst *in, gcn_error *err) {
  const gcn_inst_desc *d = in->desc;
  const char *mn = d->mnemonic[in->gen];
  unsigned unused = gcn_vop3p_nsrc(d) == 3 ? 0 : 4u; /* src2's bit */
  /* llvm-mc 14 rejects op_sel, neg_lo and neg_hi bits of an absent src2 (op_sel_hi's is
   * ignored: the assembler sets it) */
  if (in->opsel & unused) return gcn_fail(err, "%s: op_sel of src2, which %s does not have", mn, mn);
  if ((in->neg | in->neg_hi | in->abs) & unused)
    return gcn_fail(err, "%s: neg_lo/neg_hi of src2, which %s does not have", mn, mn);
  if (!gcn_vop3p_is_mix(d) && in->abs) return gcn_fail(err, "%s: packed sources take no abs", mn);
  /* llvm-mc 14 decodes neg_lo/neg_hi of an integer op's src1/src2 as an invalid encoding
   * (its assembler drops them); src0's it accepts (the model ignores them: integer) */
  const gcn_operand_desc *o = gcn_isa_operand(d, GCN_ROLE_D);
  if (o->type != GCN_T_PK_F16 && !gcn_vop3p_is_mix(d) && ((in->neg | in->neg_hi) & 6u))
    return gcn_fail(err, "%s: neg_lo/neg_hi apply to src0 only on an integer packed op", mn);
  if (in->omod) return gcn_fail(err, "%s: output modifier not supported", mn);
  return 0;
}

/* " NAME:[b0,b1...]" with N elements. */
static void put_list(char *buf, size_t len, const char *name, unsigned bits, unsigned n) {
  size_t at = strlen(buf);
  int k = snprintf(buf + at, len - at, " %s:[", name);
  for (unsigned i = 0; i < n && k >= 0 && (size_t)k < len - at; i++) {
    at += (size_t)k;
    k = snprintf(buf + at, len - at, "%s%u", i ? "," : "", bits >> i & 1u);
  }
  if (k >= 0 && (size_t)k < len - at) {
    at += (size_t)k;
    snprintf(buf + at, len - at, "]");
  }
}

void gcn_vop3p_print_mods(const gcn_inst *in, char *buf, size_t len) {
  unsigned n = gcn_vop3p_nsrc(in->desc), all = (1u << n) - 1;
  bool mix = gcn_vop3p_is_mix(in->desc);
  if (in->opsel & all) put_list(buf, len, "op_sel", in->opsel, n);
  /* op_sel_hi is printed when it differs from the default: all ones (packed), zero (mix) */
  if ((in->opsel_hi & all) != (mix ? 0 : all)) put_list(buf, len, "op_sel_hi", in->opsel_hi, n);
  if (!mix && (in->neg & all)) put_list(buf, len, "neg_lo", in->neg, n);
  if (!mix && (in->neg_hi & all)) put_list(buf, len, "neg_hi", in->neg_hi, n);
  if (in->clamp) {
    size_t at = strlen(buf);
    snprintf(buf + at, len - at, " clamp");
  }
}

static const char *const MOD_NAMES[4] = {"op_sel", "op_sel_hi", "neg_lo", "neg_hi"};

int gcn_opsel_parse(const char *tok, gcn_opsel_mods *m, gcn_error *err) {
  for (unsigned k = 0; k < 4; k++) {
    size_t n = strlen(MOD_NAMES[k]);
    if (strncmp(tok, MOD_NAMES[k], n) != 0 || tok[n] != ':') continue;
    if (m->given >> k & 1u) return gcn_fail(err, "'%s': %s given twice", tok, MOD_NAMES[k]);
    const char *p = tok + n + 1;
    if (*p++ != '[') return gcn_fail(err, "'%s': expected %s:[b0,b1,...]", tok, MOD_NAMES[k]);
    unsigned bits = 0, count = 0;
    for (;;) {
      if ((*p != '0' && *p != '1') || count == 4)
        return gcn_fail(err, "'%s': invalid %s value: expected up to 4 elements, each 0 or 1", tok, MOD_NAMES[k]);
      bits |= (unsigned)(*p++ - '0') << count++;
      if (*p == ',') {
        p++;
        continue;
      }
      if (p[0] == ']' && p[1] == '\0') break;
      return gcn_fail(err, "'%s': expected %s:[b0,b1,...]", tok, MOD_NAMES[k]);
    }
    m->value[k] = (uint8_t)bits;
    m->given |= (uint8_t)(1u << k);
    return 1;
  }
  return 0;
}

int gcn_opsel_validate(const gcn_inst *in, gcn_error *err) {
  const gcn_inst_desc *d = in->desc;
  if (!gcn_isa_has(d, in->gen, GCN_F_OPSEL) || !gcn_inst_is_vop3(in))
    return gcn_fail(err, "op_sel is not supported by %s on %s (docs/semantics.md)", d->mnemonic[in->gen],
                    gcn_gen_name(in->gen));
  if ((in->opsel & 4u) && !gcn_isa_operand(d, GCN_ROLE_S2))
    return gcn_fail(err, "%s: op_sel of src2, which %s does not have", d->mnemonic[in->gen], d->mnemonic[in->gen]);
  return 0;
}

void gcn_opsel_print(const gcn_inst *in, char *buf, size_t len) {
  unsigned n = gcn_isa_operand(in->desc, GCN_ROLE_S2) ? 3 : 2;
  put_list(buf, len, "op_sel", (in->opsel & ((1u << n) - 1)) | (in->opsel >> 3 & 1u) << n, n + 1);
}

int gcn_opsel_apply(const gcn_opsel_mods *m, gcn_inst *in, gcn_error *err) {
  const gcn_inst_desc *d = in->desc;
  const char *mn = d->mnemonic[in->gen];
  if (!gcn_inst_is_vop3p(in)) {
    if (m->given & ~1u)
      return gcn_fail(err, "%s: op_sel_hi, neg_lo and neg_hi are VOP3P modifiers; %s is not VOP3P", mn, mn);
    if (!m->given) return 0;
    /* the list is the sources, then VDST; elements past it are dropped, as llvm-mc 14 does */
    unsigned n = gcn_isa_operand(d, GCN_ROLE_S2) ? 3 : 2;
    in->opsel = (uint8_t)((m->value[0] & ((1u << n) - 1)) | (m->value[0] >> n & 1u) << 3);
    return gcn_validate(in, err);
  }
  unsigned n = gcn_vop3p_nsrc(d), all = (1u << n) - 1;
  bool mix = gcn_vop3p_is_mix(d);
  if (mix && (m->given & 12u)) return gcn_fail(err, "%s takes no neg_lo/neg_hi (write -x and |x|)", mn);
  /* bits of sources the instruction lacks are dropped, as llvm-mc 14 does */
  in->opsel = (uint8_t)(m->value[0] & all);
  if (m->given & 2u)
    in->opsel_hi = (uint8_t)((m->value[1] & all) | (mix ? 0 : 7u & ~all));
  else
    in->opsel_hi = mix ? 0 : 7;
  if (!mix) {
    in->neg = (uint8_t)(m->value[2] & all);
    in->neg_hi = (uint8_t)(m->value[3] & all);
  }
  return gcn_validate(in, err);
}

unsigned gcn_packed_inline_code(gcn_gen gen, uint32_t value) {
  uint16_t lo = (uint16_t)value, hi = (uint16_t)(value >> 16);
  bool fits16 = value <= 0xFFFFu || value >= 0xFFFF8000u;
  if (!fits16 && lo != hi) return 0;
  int16_t s = (int16_t)lo;
  if (s >= 0 && s <= GCN_CODE_INT_MAX - GCN_CODE_ZERO) return GCN_CODE_ZERO + (unsigned)s;
  if (s < 0 && s >= -(int)(GCN_CODE_INT_NEG_MAX - GCN_CODE_INT_MAX)) return GCN_CODE_INT_MAX + (unsigned)(-s);
  for (unsigned c = GCN_CODE_FLOAT_MIN; c <= GCN_CODE_INV_2PI; c++)
    if (gcn_operand_kind(gen, c) == GCN_OPND_INLINE_FLOAT && gcn_inline_value(gen, c, GCN_T_F16) == lo) return c;
  return 0;
}
