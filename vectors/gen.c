/* gcnref vectors: the constrained-random program generator (docs/vectors.md).
 *
 * A program is built chunk by chunk: a chunk is one random instruction of a group or one
 * directed stream. Every instruction is constructed field by field, then must pass
 * gcn_validate and a round trip (encode, decode, disassemble, assemble, encode again:
 * the same bytes). After each chunk the functional model runs it from the state the
 * program has reached so far; a chunk that would end in a run-time error is undone and
 * drawn again. So the generator knows M0, MODE (CSP) and EXEC when it builds the next
 * chunk, and every generated program runs to its end (version 26: or to an intended run-time
 * error in place of s_endpgm, aim_control.c, marked `.fails`). Control flow only goes forward
 * (s_setpc/s_swappc) or, for fork/join, back once per pushed stack entry. */
#include "gen_priv.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ program and simulation */

static int prog_reserve(gctx *g, size_t extra_bytes) {
  if (g->n_prog + MAX_CHUNK + 4 > g->cap_prog) {
    size_t cap = g->cap_prog ? 2 * g->cap_prog : 256;
    pinst *p = realloc(g->prog, cap * sizeof *p);
    if (!p) return -1;
    g->prog = p;
    g->cap_prog = cap;
  }
  if (g->size + extra_bytes > g->cap) {
    size_t cap = g->cap ? 2 * g->cap : 1024;
    while (cap < g->size + extra_bytes) cap *= 2;
    uint8_t *b = realloc(g->img, cap);
    if (!b) return -1;
    g->img = b;
    uint8_t *r = realloc(g->reached, cap / 4);
    if (!r) return -1;
    memset(r + g->cap / 4, 0, (cap - g->cap) / 4);
    g->reached = r;
    g->cap = cap;
  }
  return 0;
}

static void prog_append(gctx *g, const gcn_inst *in, bool dead) {
  pinst *p = &g->prog[g->n_prog++];
  memset(p, 0, sizeof *p);
  p->in = *in;
  p->dead = dead;
  uint32_t w[2];
  unsigned n = gcn_encode(in, w) == 2 ? 2 : 1;
  p->size = (uint8_t)(4 * n);
  for (unsigned i = 0; i < 4 * n; i++) p->bytes[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
  memcpy(g->img + g->size, p->bytes, p->size);
  g->reached[g->size / 4] = 0;
  g->size += p->size;
}

/* Runs the model from the current PC until it reaches END (the end of the image). */
static int simulate(gctx *g, uint64_t end) {
  unsigned steps = 0;
  while (g->w.st.pc != end) {
    uint64_t pc = g->w.st.pc;
    if (pc >= g->size || pc % 4) return -1;
    gcn_inst in;
    gcn_error e;
    if (gcn_decode_bytes(g->gen, g->img + pc, g->size - pc, &in, &e)) return -1;
    if (gcn_execute(&g->w, &in, NULL, &e) != GCN_STEP_OK) return -1;
    g->reached[pc / 4] = 1;
    if (++steps > 100000) return -1;
  }
  return 0;
}

/* The generator's stream differs from the state fill's (gcn_vec_default_state, seeded
 * with SEED itself), and between generations. */
static void seed_rng(gcn_rng *r, uint64_t seed, gcn_gen gen) {
  gcn_rng_seed(r, seed ^ 0x6A09E667F3BCC909ull ^ (uint64_t)(gen + 1) * 0xBB67AE8584CAA73Bull);
}

typedef int (*item_fn)(gctx *g, chunk *ch, int arg);

static int item_stream(gctx *g, chunk *ch, int s) { return gen_stream(g, ch, (gcn_stream)s); }

/* The last instruction: s_endpgm, or (a quarter of the time) one of the other instructions
 * that stop the wave, when the generation has it and the profile allows it (docs/vectors.md).
 * s_sethalt and s_setkill stop it with SIMM16 bit 0 set. */
static enum gcn_op pick_end(gctx *g, force_t *f) {
  static const enum gcn_op stops[] = {GCN_OP_S_TRAP, GCN_OP_S_SENDMSGHALT, GCN_OP_S_SETHALT, GCN_OP_S_SETKILL,
                                      GCN_OP_S_ENDPGM_SAVED, GCN_OP_S_ENDPGM_ORDERED_PS_DONE};
  if (!gcn_rng_pct(&g->rng, 25)) return GCN_OP_S_ENDPGM;
  enum gcn_op op = stops[gcn_rng_below(&g->rng, sizeof stops / sizeof stops[0])];
  if (!gcn_isa[op].mnemonic[g->gen] || g->p->op[op] == 0) return GCN_OP_S_ENDPGM;
  if (gcn_isa[op].flags & GCN_F_STOPBIT0) f->simm = 1 | (int)(gcn_rng_below(&g->rng, 8) << 1);
  return op;
}

static int item_group(gctx *g, chunk *ch, int grp) { return gen_random_item(g, ch, grp); }

static int item_nop(gctx *g, chunk *ch, int unused) {
  (void)unused;
  force_t f = gen_force0();
  gcn_inst in;
  if (!gen_build(g, GCN_OP_S_NOP, &f, &in)) return -1;
  return gen_put(g, ch, &in, false);
}

/* The end of a program aimed at a timing.drain.<len> hole (generator version 15): a VALU
 * instruction, then 0..8 plain SALU instructions (one issues per cycle; s_nop's wait
 * states would overlap the drain), so that s_endpgm waits for the VALU commit any number of
 * cycles the core's configuration allows. */
static int item_drain_tail(gctx *g, chunk *ch, int unused) {
  (void)unused;
  if (gen_random_item(g, ch, GCN_GROUP_VALU_INT)) return -1;
  for (unsigned j = gcn_rng_below(&g->rng, 9); j; j--)
    if (gen_random_item(g, ch, GCN_GROUP_SALU_LOGIC)) return -1;
  return 0;
}

/* A VGPR read-after-write at a chosen distance, for a timing.vgpr_raw.<len> hole (generator
 * version 15): v_xor_b32 writes a VGPR, 0..8 plain SALU instructions, v_xor_b32 reads it. */
static int item_vgpr_raw(gctx *g, chunk *ch, int unused) {
  (void)unused;
  force_t f = gen_force0();
  f.enc = 32;
  f.vdst = (int)gen_pick_vdst(g);
  if (gen_emit(g, ch, GCN_OP_V_XOR_B32, &f)) return -1;
  for (unsigned j = gcn_rng_below(&g->rng, 9); j; j--)
    if (gen_random_item(g, ch, GCN_GROUP_SALU_LOGIC)) return -1;
  force_t r = gen_force0();
  r.enc = 32;
  r.src[0] = (int)GCN_CODE_VGPR0 + f.vdst;
  return gen_emit(g, ch, GCN_OP_V_XOR_B32, &r);
}

/* Builds a chunk with FN, appends it and simulates it; undoes everything on failure. */
static int try_chunk(gctx *g, item_fn fn, int arg, gcn_state *save) {
  recent_t rec = g->rec;
  size_t n_prog = g->n_prog, size = g->size;
  memcpy(save, &g->w.st, sizeof *save);
  chunk ch;
  ch.n = 0;
  memset(g->forbid, 0, sizeof g->forbid);
  g->restrict_flags = 0;
  int rc = fn(g, &ch, arg);
  if (!rc && ch.n) {
    unsigned bytes = gen_chunk_bytes(&ch, 0, ch.n);
    if (prog_reserve(g, bytes + 16)) return -2;
    for (unsigned i = 0; i < ch.n; i++) prog_append(g, &ch.in[i], ch.dead[i]);
    rc = simulate(g, g->size);
  } else if (!rc) {
    rc = -1;
  }
  if (rc) {
    g->rec = rec;
    g->n_prog = n_prog;
    g->size = size;
    memset(g->reached + size / 4, 0, (g->cap - size) / 4);
    memcpy(&g->w.st, save, sizeof *save);
  }
  return rc;
}

static void free_ctx(gctx *g) {
  free(g->prog);
  free(g->img);
  free(g->reached);
  free(g);
}

int gcn_generate(gcn_gen gen, uint64_t seed, const gcn_profile *profile, bool expect, gcn_vector *v,
                 gcn_error *err) {
  return gcn_generate_biased(gen, seed, profile, NULL, expect, v, err);
}

int gcn_generate_biased(gcn_gen gen, uint64_t seed, const gcn_profile *profile, const gcn_gen_bias *bias,
                        bool expect, gcn_vector *v, gcn_error *err) {
  gctx *g = calloc(1, sizeof *g);
  gcn_state *save = malloc(sizeof *save);
  gcn_wave *run = malloc(sizeof *run);
  int rc = -1;
  if (!g || !save || !run) {
    rc = gcn_fail(err, "out of memory");
    goto done;
  }
  g->gen = gen;
  g->p = profile;
  g->bias = bias && bias->gen == gen ? bias : NULL;
  g->cur_op = g->cur_slot = -1;
  g->nsg = gcn_num_sgprs(gen);
  seed_rng(&g->rng, seed, gen);
  seed_rng(&g->aux, seed ^ 0x3C6EF372FE94F82Bull, gen);
  for (unsigned a = 0; a < 3; a++) seed_rng(&g->aim[a], seed ^ (0xA54FF53A5F1D36F1ull + a * 0x9E3779B97F4A7C15ull), gen);
  gen_setup_lists(g);
  unsigned total = 0;
  for (unsigned i = 0; i < GCN_GROUP_COUNT + GCN_STREAM_COUNT; i++) total += g->item_w[i];
  if (!total) {
    rc = gcn_fail(err, "profile '%s' has no instruction group or stream available on %s", profile->name,
                  gcn_gen_name(gen));
    goto done;
  }
  gen_setup_state(g, seed);
  gcn_wave_init(&g->w, gen, (gcn_program){0, NULL, 0});
  g->w.st = g->init;
  unsigned len = profile->len_min + gcn_rng_below(&g->rng, profile->len_max - profile->len_min + 1);
  if (prog_reserve(g, 64)) {
    rc = gcn_fail(err, "out of memory");
    goto done;
  }
  bool end_is_target = false; /* the last chunk jumps to its own end */
  bool endpgm = false;        /* the program ends in s_endpgm */
  while (g->n_prog < len + g->exec_extra) { /* EXEC saves and restores (exec.c) come on top */
    int item = gcn_rng_weighted(&g->rng, g->item_w, GCN_GROUP_COUNT + GCN_STREAM_COUNT);
    bool stream = item >= GCN_GROUP_COUNT;
    int r = -1;
    if (g->bias && g->bias->vgpr_raw_want && gcn_rng_pct(&g->rng, 4)) r = try_chunk(g, item_vgpr_raw, 0, save);
    for (int tries = 0; tries < 8 && r == -1; tries++)
      r = try_chunk(g, stream ? item_stream : item_group, stream ? item - GCN_GROUP_COUNT : item, save);
    end_is_target = r == 0 && (item == GCN_GROUP_COUNT + GCN_STREAM_BRANCH || item == GCN_GROUP_SALU_BRANCH);
    if (r == -1) r = try_chunk(g, item_nop, 0, save);
    if (!r && gen_exec_revive_due(g) && try_chunk(g, gen_exec_revive, 0, save) == -2) r = -2; /* exec.c */
    if (r) {
      rc = gcn_fail(err, "out of memory (or an internal error) while generating %s seed 0x%llx",
                    gcn_gen_name(gen), (unsigned long long)seed);
      goto done;
    }
  }
  bool drain_tail = g->bias && g->bias->drain_want && gcn_rng_pct(&g->rng, 50) &&
                    try_chunk(g, item_drain_tail, 0, save) == 0;
  /* The end: s_endpgm, or running off the end (never right after a jump: a jump target is
   * always an instruction). */
  if (drain_tail || end_is_target || gcn_rng_pct(&g->rng, profile->endpgm)) {
    force_t f = gen_force0();
    gcn_inst in;
    enum gcn_op end = pick_end(g, &f);
    if (!gen_build(g, end, &f, &in) || prog_reserve(g, 8)) {
      rc = gcn_fail(err, "internal error: s_endpgm");
      goto done;
    }
    endpgm = end == GCN_OP_S_ENDPGM;
    prog_append(g, &in, false);
    g->reached[(g->size - 4) / 4] = 1;
  }
  /* A deliberately illegal encoding or an s_rfe_*, at an instruction that executes. */
  int64_t site = -1;
  bool want_illegal = gcn_rng_pct(&g->rng, profile->illegal);
  bool want_rfe = !want_illegal && gcn_rng_pct(&g->rng, profile->rfe);
  if (want_illegal || want_rfe) {
    size_t cand = 0, off = 0;
    for (size_t i = 0; i < g->n_prog; off += g->prog[i].size, i++)
      if (g->reached[off / 4] && !g->prog[i].dead) cand++;
    if (cand) {
      size_t pick = gcn_rng_below(&g->rng, (unsigned)cand), i = 0;
      off = 0;
      for (; i < g->n_prog; off += g->prog[i].size, i++)
        if (g->reached[off / 4] && !g->prog[i].dead && pick-- == 0) break;
      bool ok = want_illegal ? gen_inject_illegal(g, i) : gen_inject_rfe(g, i);
      if (ok) site = (int64_t)off;
    }
  }
  /* Version 26: in place of s_endpgm, a run-time error (vectors/aim_control.c), marked `.fails`. */
  gcn_inst fault[2];
  bool fails = site < 0 && endpgm && gen_aim_control_fault(g, save, fault);
  if (fails) {
    g->n_prog--, g->size -= 4;
    if (prog_reserve(g, 16)) {
      rc = gcn_fail(err, "out of memory");
      goto done;
    }
    prog_append(g, &fault[0], false);
    prog_append(g, &fault[1], false);
    site = (int64_t)g->size - 4;
  }
  /* The vector. */
  gcn_vec_reset(v, gen, seed, 0);
  snprintf(v->name, sizeof v->name, "%s-%llx", gcn_gen_name(gen), (unsigned long long)seed);
  snprintf(v->origin, sizeof v->origin, "gcnref gen %d, profile %s", GCN_GENERATOR_VERSION, profile->name);
  v->init = g->init;
  for (size_t i = 0; i < g->n_prog; i++) {
    pinst *p = &g->prog[i];
    uint8_t bytes[8];
    unsigned n;
    if (p->raw) {
      n = p->size;
      memcpy(bytes, p->bytes, n);
    } else {
      uint32_t w[2];
      n = 4 * gcn_encode(&p->in, w);
      for (unsigned b = 0; b < n; b++) bytes[b] = (uint8_t)(w[b / 4] >> (8 * (b % 4)));
    }
    if (gcn_vec_append(v, bytes, n, p->illegal, err)) goto done;
  }
  v->code[v->n_code - 1].fails = fails;
  /* The whole program, run once more from the start: it must end where intended. */
  gcn_vec_result res;
  if (gcn_vec_run(v, run, 1000000, &res, err)) goto done;
  gcn_vec_status want = site < 0 ? GCN_VEC_END : fails || want_illegal ? GCN_VEC_ILLEGAL : GCN_VEC_UNSUPPORTED;
  if (res.status != want || (site >= 0 && res.pc != (uint64_t)site)) {
    rc = gcn_fail(err, "internal error: %s seed 0x%llx ends with %s at 0x%llx, not as generated",
                  gcn_gen_name(gen), (unsigned long long)seed, gcn_vec_status_name(res.status),
                  (unsigned long long)res.pc);
    goto done;
  }
  if (expect) {
    v->has_expect = true;
    v->result = res;
    v->expect = run->st;
  }
  rc = 0;
done:
  if (g) free_ctx(g);
  free(save);
  free(run);
  return rc;
}
