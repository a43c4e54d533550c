/* Tests of the vector file format (vectors/vecfile.c) and the random program generator
 * (vectors/gen.c, and cli/gen.c: `gcnref gen`). Run from the repository root (it reads
 * vectors/profiles/ and tests/vectors/); prints one line per failure and ends with
 * "N passed, N failed".
 *
 *   build/tests/vectors_test [--seeds N]     (N seeds per generation and profile; default 40)
 *
 * What is checked:
 *  - every malformed vector file and profile is rejected with "FILE:LINE: error: expected ..."
 *    naming the right line;
 *  - write -> parse -> write is byte-identical; a hand-written vector runs to its expected state;
 *  - the same (generation, seed, profile) gives byte-identical output and different seeds differ;
 *    `gen --seed S+i --count 1` reproduces vector i of `--count N`; the CLI's usage errors exit 2;
 *  - the PRNG (vectors/rng.h) gives the published splitmix64 and xoshiro256** outputs;
 *  - every generated program, for all 4 generations, every profile and several seeds:
 *    re-assembling each instruction's text gives its encoding, and it passes gcn_validate,
 *    except the deliberately illegal ones, which fail to decode where they are; it runs on the
 *    timing core (gcn_core) to its end within a bounded number of cycles, with ILLEGAL events only
 *    at the deliberately illegal (or `.fails`) instruction and UNSUPPORTED only when the profile allows s_rfe;
 *    the core's final state equals the vector's expected state; jumps go forward to instruction
 *    starts; the default profile's vector instructions are at least one third float. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gcnref/operand.h"
#include "gcnref/timing.h"
#include "cli.h" /* gcn_cli_gen: `gcnref gen`, run in-process */
#include "gen.h"
#include "rng.h"
#include "vecfile.h"

#include "../common/checks.h"

/* ------------------------------------------------------------------ helpers */

/* Parses every vector of TEXT (named NAME). Returns the number read, or -1 with ERR. */
static int parse_text(const char *text, const char *name, gcn_vector **out, int max, gcn_error *err) {
  FILE *f = fmemopen((void *)text, strlen(text), "r");
  if (!f) return -1;
  gcn_vec_reader *r = gcn_vec_reader_new(f, name);
  gcn_vector *v = gcn_vec_new();
  int n = 0, rc;
  while ((rc = gcn_vec_read(r, v, err)) == 1) {
    if (out && n < max) {
      out[n] = v;
      v = gcn_vec_new();
    }
    n++;
  }
  gcn_vec_free(v);
  gcn_vec_reader_free(r);
  fclose(f);
  return rc < 0 ? -1 : n;
}

/* Writes vectors to a malloc'ed string (header included). */
static char *write_text(gcn_vector *const *vs, int n) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  gcn_vec_write_header(f);
  for (int i = 0; i < n; i++) gcn_vec_write(f, vs[i]);
  fclose(f);
  return buf;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  char tmp[4096];
  size_t k;
  while ((k = fread(tmp, 1, sizeof tmp, f)) > 0) fwrite(tmp, 1, k, m);
  fclose(f);
  fclose(m);
  return buf;
}

/* ------------------------------------------------------------------ malformed vector files */

#define HDR "gcnvec 1\n\n"
#define V0 "vector t1\ngen gcn14\nseed 0x5\nmode 0x000000c0\n"
#define ADD "code 0x000000 s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80]\n"
#define END "code 0x000004 s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]\n"

typedef struct {
  const char *text;
  unsigned line;
  const char *needle;
} bad_case;

static const bad_case bad_vectors[] = {
    {"", 1, "'gcnvec 1'"},
    {"# only a comment\n", 1, "'gcnvec 1'"},
    {"hello\n", 1, "'gcnvec 1'"},
    {"gcnvec 2\n", 1, "format version 1"},
    {"gcnvec 1 extra\n", 1, "format version 1"},
    {HDR "foo bar\n", 3, "'vector NAME'"},
    {HDR "vector a/b\n", 3, "vector name"},
    {HDR "vector\n", 3, "vector name"},
    {HDR "vector t1 t2\n", 3, "end of the line"},
    {HDR "vector t1\nseed 1\n", 4, "'gen G'"},
    {HDR "vector t1\ngen gcn13\n", 4, "generation"},
    {HDR "vector t1\ngen gcn14 x\n", 4, "end of the line"},
    {HDR "vector t1\ngen gcn14\nseed xyz\n", 5, "64-bit seed"},
    {HDR "vector t1\ngen gcn14\nseed 0x1ffffffffffffffff\n", 5, "64-bit seed"},
    {HDR "vector t1\ngen gcn14\nmode 0\n", 5, "'seed S'"},
    {HDR "vector t1\ngen gcn14\nseed 1\ninit s1=1\n", 6, "'mode M'"},
    {HDR "vector t1\ngen gcn14\nseed 1\nmode 0x100000000\n", 6, "32-bit MODE"},
    {HDR V0 "base 0x2\n", 7, "aligned"},
    {HDR V0 "init q5=1\n", 7, "a register of gcn14"},
    {HDR V0 "init s103=1\n", 7, "a register of gcn14"},
    {HDR V0 "init s5=0x100000000\n", 7, "a 32-bit value"},
    {HDR V0 "init vcc=0x1ffffffffffffffff\n", 7, "a 64-bit value"},
    {HDR V0 "init scc=2\n", 7, "0 or 1"},
    {HDR V0 "init s5=-1\n", 7, "a 32-bit value"},
    {HDR V0 "init pc=0\n", 7, "other than pc"},
    {HDR V0 "init mode=1\n", 7, "other than mode"},
    {HDR V0 "init s1=1 s2=2\n", 7, "one REGISTER=VALUE"},
    {HDR V0 "init s1\n", 7, "REGISTER=VALUE"},
    {HDR V0 "init\n", 7, "REGISTER=VALUE"},
    {HDR V0 "init s1=1\n" END, 8, "address 0x000000"},
    {HDR V0 "code 0x000000 s_add_u32 s1, s2, s3\n", 7, "'; encoding: [...]'"},
    {HDR V0 "code 0x000000 s_add_u32 s1, s2, s3 ; [0x02,0x03,0x01,0x80]\n", 7, "'encoding: [0x.., ...]'"},
    {HDR V0 "code 0x000000 s_add_u32 s1, s2, s3 ; encoding: [0x02,0x0g,0x01,0x80]\n", 7, "4 or 8 encoding bytes"},
    {HDR V0 "code 0x000000 s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01]\n", 7, "4 or 8 encoding bytes"},
    {HDR V0 "code 0x000000 s_add_u32 s1, s2, s4 ; encoding: [0x02,0x03,0x01,0x80]\n", 7, "assembles to"},
    {HDR V0 "code 0x000000 s_frobnicate s1 ; encoding: [0x02,0x03,0x01,0x80]\n", 7, "an instruction of gcn14"},
    {HDR V0 "code 0x000000 ; encoding: [0x02,0x03,0x01,0x80]\n", 7, "an instruction"},
    {HDR V0 "code 0x000000 s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80,0,0,0,0]\n", 7, "assembles to"},
    {HDR V0 "code 0x000000 v_add_f32_e64 v1, v2, v3 ; encoding: [0x02,0x07,0x02,0x02]\n", 7, "assembles to"},
    {HDR V0 "code 0x0 s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80]\n" ADD, 8, "address 0x000004"},
    {HDR V0 ADD "code 0x000004 .illegal ; encoding: [0x00,0x00,0x81,0xbf]\nend\n", 8, "fails to decode"},
    {HDR V0 "code 0x000000 .illegal ; encoding: [0x02,0xff,0x01,0x80]\n"
            "code 0x000004 s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]\nend\n", 7, "fails to decode"},
    {HDR V0 ADD "init s1=1\n", 8, "'code', 'result' or 'end'"},
    {HDR V0 ADD "frob\n", 8, "'code', 'result' or 'end'"},
    {HDR V0 "gen gcn14\n", 7, "'base', 'origin', 'init', 'code', 'result' or 'end'"},
    {HDR V0 "vector t2\n", 7, "unexpected 'vector'"},
    {HDR V0 ADD, 7, "before the end of the file"},
    {HDR V0 ADD END "result done 0x8 retired 1\n", 9, "'end', 'illegal' or 'unsupported'"},
    {HDR V0 ADD END "result end pc retired 1\n", 9, "final PC"},
    {HDR V0 ADD END "result end 0x4\n", 9, "'retired N'"},
    {HDR V0 ADD END "result end 0x4 retired 1 2\n", 9, "end of the line"},
    {HDR V0 ADD END "expect s1=1\n", 9, "'code', 'result' or 'end'"},
    {HDR V0 ADD END "result end 0x000004 retired 1\nexpect pc=4\n", 10, "other than pc"},
    {HDR V0 ADD END "result end 0x000004 retired 1\nexpect scc=2\n", 10, "0 or 1"},
    {HDR V0 ADD END "result end 0x000004 retired 1\ncode 0x000008 s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]\n",
     10, "'expect' or 'end'"},
    {HDR V0 ADD END "end now\n", 9, "end of the line"},
    {HDR V0 "origin\n", 7, "origin text"},
    {HDR V0 "origin xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", 7, "origin text"},
    /* an error in the second vector: line numbers keep counting across vectors */
    {HDR V0 ADD END "end\n\n# second\nvector t2\ngen gcn10\nseed 3\nmode 0\ninit s104=1\n", 16, "a register of gcn10"},
};

static void test_bad_vectors(void) {
  for (size_t i = 0; i < sizeof bad_vectors / sizeof bad_vectors[0]; i++) {
    const bad_case *c = &bad_vectors[i];
    gcn_error err;
    err.msg[0] = '\0';
    int n = parse_text(c->text, "bad.vec", NULL, 0, &err);
    char prefix[64];
    snprintf(prefix, sizeof prefix, "bad.vec:%u: error: ", c->line);
    bool ok = n < 0 && strncmp(err.msg, prefix, strlen(prefix)) == 0 && strstr(err.msg, "expected") &&
              strstr(err.msg, c->needle);
    check(ok, "malformed vector case %zu: want '%s...%s', got '%s'", i, prefix, c->needle, n < 0 ? err.msg : "(accepted)");
  }
  /* The reader names the file it was given. */
  char path[] = "/tmp/gcnvec_bad_XXXXXX";
  int fd = mkstemp(path);
  if (fd >= 0) {
    const char *text = HDR V0 "init s1=zz\n";
    ssize_t w = write(fd, text, strlen(text));
    close(fd);
    FILE *f = fopen(path, "r");
    gcn_vec_reader *r = gcn_vec_reader_new(f, path);
    gcn_vector *v = gcn_vec_new();
    gcn_error err;
    int rc = gcn_vec_read(r, v, &err);
    char prefix[128];
    snprintf(prefix, sizeof prefix, "%s:7: error: expected", path);
    check(w > 0 && rc < 0 && strncmp(err.msg, prefix, strlen(prefix)) == 0, "error names the file: got '%s'", err.msg);
    check(gcn_vec_read(r, v, &err) < 0, "a reader stops after an error");
    gcn_vec_free(v);
    gcn_vec_reader_free(r);
    fclose(f);
    unlink(path);
  }
}

/* ------------------------------------------------------------------ profiles */

static const bad_case bad_profiles[] = {
    {"", 1, "'profile 1'"},
    {"# nothing\n", 1, "'profile 1'"},
    {"profile 2\n", 1, "'profile 1'"},
    {"length 1 2\n", 1, "'profile 1'"},
    {"profile 1\nfrob 3\n", 2, "unknown key"},
    {"profile 1\ngroup foo 3\n", 2, "one of salu_arith"},
    {"profile 1\ngroup valu_f32 x\n", 2, "a weight"},
    {"profile 1\ngroup valu_f32\n", 2, "a weight"},
    {"profile 1\nstream loops 1\n", 2, "one of carry"},
    {"profile 1\noperand vgpr 2000000\n", 2, "a weight"},
    {"profile 1\nexec some 1\n", 2, "one of all"},
    {"profile 1\nmode fast 1\n", 2, "one of default"},
    {"profile 1\nlength 5 2\n", 2, "MIN <= MAX"},
    {"profile 1\nlength 0 2\n", 2, "MIN <= MAX"},
    {"profile 1\nillegal 101\n", 2, "percentage"},
    {"profile 1\nreuse 5 6\n", 2, "percentage"},
    {"profile 1\ngroup nop 1 2 3\n", 2, "at most two values"},
    {"profile 1\nop v_frobnicate 1\n", 2, "an instruction"},
    {"profile 1\nop s_setpc_b64 1\n", 2, "an instruction of a group"},
    {"profile 1\nop v_add_f32 1001\n", 2, "a weight"},
    {"profile 1\nlength 1 2\n\n", 3, "at least one non-zero group"},
    {"profile 1\ngroup nop 1\noperand sgpr 0\noperand vgpr 0\n", 4, "'operand sgpr'"},
    {"profile 1\ngroup nop 1\nexec all 0\nexec off 0\nexec one 0\nexec alternating 0\nexec half 0\nexec random 0\n", 8,
     "exec"},
};

static void test_profiles(void) {
  gcn_profile *p = malloc(sizeof *p);
  for (size_t i = 0; i < sizeof bad_profiles / sizeof bad_profiles[0]; i++) {
    const bad_case *c = &bad_profiles[i];
    FILE *f = fmemopen((void *)c->text, strlen(c->text) ? strlen(c->text) : 1, "r");
    if (!strlen(c->text)) { /* an empty stream */
      fclose(f);
      f = fopen("/dev/null", "r");
    }
    gcn_error err;
    err.msg[0] = '\0';
    int rc = gcn_profile_parse(f, "bad.prof", p, &err);
    fclose(f);
    char prefix[64];
    snprintf(prefix, sizeof prefix, "bad.prof:%u: error: ", c->line);
    bool ok = rc < 0 && strncmp(err.msg, prefix, strlen(prefix)) == 0 && strstr(err.msg, "expected") &&
              strstr(err.msg, c->needle);
    check(ok, "malformed profile case %zu: want '%s...%s', got '%s'", i, prefix, c->needle, rc < 0 ? err.msg : "(accepted)");
  }
  /* The build turns default.prof into the built-in profile (vectors/vectors.mk): a check of
   * that rule's escaping, the text must come back byte for byte. */
  char *text = read_file("vectors/profiles/default.prof");
  check(text && strcmp(text, gcn_profile_default_text()) == 0,
        "the built-in default profile differs from vectors/profiles/default.prof (the make rule)");
  free(text);
  /* Every shipped profile parses; the required ones exist. */
  const char *required[] = {"default", "scalar", "vector_int", "control"};
  for (size_t i = 0; i < 4; i++) {
    gcn_error err;
    check(gcn_profile_load(required[i], p, &err) == 0 && strcmp(p->name, required[i]) == 0,
          "profile %s: %s", required[i], err.msg);
  }
  DIR *d = opendir("vectors/profiles");
  check(d != NULL, "cannot open vectors/profiles");
  struct dirent *e;
  while (d && (e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 6 || strcmp(e->d_name + n - 5, ".prof")) continue;
    char path[512];
    snprintf(path, sizeof path, "vectors/profiles/%s", e->d_name);
    gcn_error err;
    check(gcn_profile_load(path, p, &err) == 0, "%s: %s", path, err.msg);
  }
  if (d) closedir(d);
  free(p);
}

/* ------------------------------------------------------------------ a hand-written vector */

/* 64-bit add with carry: s[0:1] = 0x1_ffffffff, s[2:3] = 0x2_00000001; s4 = low sum
 * (0xffffffff + 1 = 0 with carry), s5 = 1 + 2 + carry = 4, SCC = 0 after the s_addc;
 * v1 = s4 + v2 in the one active lane 3 (v2[3] = 7, so 7); s_endpgm at 0xc. */
static const char example[] =
    "gcnvec 1\n"
    "\n"
    "# a comment\n"
    "vector example-1\n"
    "gen gcn12\n"
    "seed 0x0\n"
    "mode 0x000000c0\n"
    "origin tests/vectors (hand-written)\n"
    "init s0=0xffffffff\n"
    "init s1=0x00000001\n"
    "init s2=0x00000001\n"
    "init s3=0x00000002\n"
    "init exec=0x0000000000000008\n"
    "init v2[3]=7\n"
    "code 0x000000 s_add_u32 s4, s0, s2 ; encoding: [0x00,0x02,0x04,0x80]\n"
    "code 0x000004 s_addc_u32 s5, s1, s3 ; encoding: [0x01,0x03,0x05,0x82]\n"
    "code 0x000008 v_add_u32 v1, vcc, s4, v2 ; encoding: [0x04,0x04,0x02,0x32]\n"
    "code 0x00000c s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]\n"
    "result end 0x00000c retired 3\n"
    "expect s4=0\n"
    "expect s5=4\n"
    "expect scc=0\n"
    "expect vcc=0\n"
    "expect v1[3]=7\n"
    "end\n";

static void test_example(void) {
  gcn_vector *vs[2] = {0};
  gcn_error err;
  int n = parse_text(example, "example.vec", vs, 2, &err);
  check(n == 1, "the hand-written vector parses: %s", n < 0 ? err.msg : "");
  if (n != 1) return;
  gcn_vector *v = vs[0];
  check(v->n_code == 4 && v->size == 16 && v->code[2].addr == 8 && strcmp(v->code[2].text, "v_add_u32_e32 v1, vcc, s4, v2") == 0,
        "code lines: canonical text '%s'", v->n_code > 2 ? v->code[2].text : "");
  check(v->init.sgpr[0] == 0xffffffff && v->init.exec == 8 && v->init.vgpr[2][3] == 7 && v->init.mode == 0xc0,
        "init lines applied");
  static gcn_wave w;
  gcn_vec_result res;
  check(gcn_vec_run(v, &w, 1000, &res, &err) == 0, "the example runs");
  check(gcn_vec_compare(v, &res, &w.st, stdout) == 0, "the example ends in its expected state");
  gcn_core *core = gcn_core_new(v->gen, NULL, &err);
  gcn_vec_result cres;
  check(core && gcn_vec_run_core(v, core, 10000, &cres, &err) == 0 &&
            gcn_vec_compare(v, &cres, gcn_core_state(core), stdout) == 0,
        "the example ends in its expected state on the timing core");
  gcn_core_free(core);
  /* A wrong expectation is reported. */
  v->expect.sgpr[5] = 5;
  v->result.retired = 9;
  check(gcn_vec_compare(v, &res, &w.st, NULL) == 2, "gcn_vec_compare counts differences");
  /* Canonical rewrite: comments dropped, values in canonical form; then stable. */
  char *t1 = write_text(vs, 1);
  gcn_vector *again[1];
  check(parse_text(t1, "t1", again, 1, &err) == 1, "the rewritten example parses: %s", err.msg);
  char *t2 = write_text(again, 1);
  check(strcmp(t1, t2) == 0, "write -> parse -> write is byte-identical (hand-written vector)");
  check(strstr(t1, "init v2[3]=0x00000007\n") && strstr(t1, "expect s5=0x00000005\n") && !strstr(t1, "# a comment"),
        "canonical text:\n%s", t1);
  free(t1);
  free(t2);
  gcn_vec_free(again[0]);
  gcn_vec_free(v);
  /* sniff */
  FILE *f = fmemopen((void *)example, sizeof example - 1, "r");
  check(gcn_vec_sniff(f), "gcn_vec_sniff recognises a vector file");
  fclose(f);
  const char *as = "// comment\ns_endpgm\n";
  f = fmemopen((void *)as, strlen(as), "r");
  check(!gcn_vec_sniff(f), "gcn_vec_sniff rejects an assembly file");
  fclose(f);
}

/* A vector built through the API, loaded at a non-zero base: s_getpc/s_setpc over one
 * instruction, then a run off the end (an implicit s_endpgm). */
static void test_api_vector(void) {
  static const char *const prog[] = {"s_getpc_b64 s[2:3]", "s_add_u32 s2, s2, 16", "s_setpc_b64 s[2:3]",
                                     "s_mov_b32 s4, 0x1234", "s_mov_b32 s5, 7", NULL};
  gcn_vector *v = gcn_vec_new();
  gcn_error err;
  gcn_vec_reset(v, GCN10, 0x99, 0x100);
  snprintf(v->name, sizeof v->name, "api");
  v->init.m0 = 3;
  bool ok = true;
  for (int i = 0; prog[i]; i++) {
    gcn_inst in;
    uint32_t w[2];
    uint8_t b[8];
    ok = ok && gcn_assemble(GCN10, prog[i], &in, &err) == 0;
    unsigned n = gcn_encode(&in, w);
    for (unsigned k = 0; k < 4 * n; k++) b[k] = (uint8_t)(w[k / 4] >> (8 * (k % 4)));
    ok = ok && gcn_vec_append(v, b, 4 * n, false, &err) == 0;
  }
  check(ok && v->n_code == 5 && v->code[3].addr == 0x10c && v->size == 24, "gcn_vec_append: %s", err.msg);
  uint8_t junk[4] = {0x02, 0x03, 0x01, 0x80};
  check(gcn_vec_append(v, junk, 3, false, &err) < 0 && strstr(err.msg, "expected"), "gcn_vec_append rejects 3 bytes");
  static gcn_wave w;
  gcn_vec_result res;
  int rc = gcn_vec_run(v, &w, 100, &res, &err);
  check(rc == 0 && res.status == GCN_VEC_END && res.pc == 0x118 && res.retired == 4 &&
            w.st.sgpr[5] == 7 && w.st.sgpr[4] != 0x1234,
        "API vector: status %d pc 0x%llx retired %llu", res.status, (unsigned long long)res.pc, (unsigned long long)res.retired);
  v->has_expect = true;
  v->result = res;
  v->expect = w.st;
  char *t1 = write_text(&v, 1);
  gcn_vector *back[1];
  check(parse_text(t1, "api.vec", back, 1, &err) == 1, "API vector parses: %s", err.msg);
  char *t2 = write_text(back, 1);
  check(strcmp(t1, t2) == 0 && strstr(t1, "\nbase 0x000100\n") && strstr(t1, "\ninit m0=0x00000003\n") &&
            strstr(t1, "\nresult end 0x000118 retired 4\n"),
        "API vector round trip:\n%s", t1);
  check(back[0]->base == 0x100 && back[0]->init.pc == 0x100 && back[0]->expect.pc == 0x118, "base and PCs parsed");
  free(t1);
  free(t2);
  gcn_vec_free(back[0]);
  /* A long SDWA text is kept whole, as llvm-mc 14 prints it (128 bytes cut `src1_sel:DWORD` off). */
  static const uint8_t sdwa[8] = {0xf9, 0xde, 0x49, 0x3e, 0xef, 0x0c, 0xb0, 0x86};
  gcn_vec_reset(v, GCN14, 0x99, 0x100);
  check(!gcn_vec_append(v, sdwa, 8, false, &err) && strstr(v->code[0].text, "BYTE_0 src1_sel:DWORD"), "SDWA text whole");
  gcn_vec_free(v);
}

/* ------------------------------------------------------------------ generated vectors */

typedef struct {
  unsigned vectors, illegal, rfe, valu, valu_float, setpc, swappc, fork, join_pop, saveexec, movrel,
      exec_off, exec_one, mode_nonzero;
} stats;

/* Static checks of one vector's program. */
static void check_encodings(const gcn_vector *v, const char *what) {
  for (size_t i = 0; i < v->n_code; i++) {
    const gcn_vec_inst *c = &v->code[i];
    const uint8_t *b = v->image + (c->addr - v->base);
    gcn_inst in;
    gcn_error err;
    if (c->illegal) {
      check(gcn_decode_bytes(v->gen, b, v->size - (c->addr - v->base), &in, &err) != 0,
            "%s: .illegal at 0x%llx decodes", what, (unsigned long long)c->addr);
      continue;
    }
    bool ok = gcn_assemble(v->gen, c->text, &in, &err) == 0;
    uint32_t w[2];
    unsigned n = ok ? gcn_encode(&in, w) : 0;
    ok = ok && 4 * n == c->size;
    for (unsigned k = 0; ok && k < c->size; k++) ok = b[k] == (uint8_t)(w[k / 4] >> (8 * (k % 4)));
    gcn_inst d;
    ok = ok && gcn_decode_bytes(v->gen, b, c->size, &d, &err) == 0 && gcn_validate(&d, &err) == 0;
    if (!ok) check(false, "%s: '%s' at 0x%llx does not re-assemble to its encoding or is not valid",
                   what, c->text, (unsigned long long)c->addr);
  }
}

/* Runs the functional model with a trace: jumps land on instruction starts; s_setpc and
 * s_swappc only go forward. */
static void check_flow(const gcn_vector *v, const char *what, stats *s) {
  static gcn_wave w;
  uint8_t *start = calloc(v->size / 4 + 1, 1);
  for (size_t i = 0; i < v->n_code; i++) start[(v->code[i].addr - v->base) / 4] = 1;
  gcn_wave_init(&w, v->gen, (gcn_program){v->base, v->image, v->size});
  w.st = v->init;
  bool ok = true;
  for (unsigned steps = 0; steps < 100000; steps++) {
    gcn_retire r;
    gcn_error err;
    memset(&r, 0, sizeof r);
    uint64_t pc = w.st.pc;
    if (gcn_step(&w, &r, &err) != GCN_STEP_OK) break;
    enum gcn_op op = gcn_isa_op(r.inst.desc);
    for (unsigned k = 0; k < r.n_writes; k++) {
      if (r.writes[k].kind != GCN_W_PC) continue;
      uint64_t t = r.writes[k].value;
      bool inside = t >= v->base && t < v->base + v->size && t % 4 == 0 && start[(t - v->base) / 4];
      bool forward = t > pc;
      if (!inside || ((op == GCN_OP_S_SETPC_B64 || op == GCN_OP_S_SWAPPC_B64) && !forward)) ok = false;
      if (op == GCN_OP_S_CBRANCH_JOIN) s->join_pop++;
    }
    if (op == GCN_OP_S_SETPC_B64) s->setpc++;
    if (op == GCN_OP_S_SWAPPC_B64) s->swappc++;
    if (op == GCN_OP_S_CBRANCH_G_FORK) s->fork++;
    if (gcn_group_of(r.inst.desc) == GCN_GROUP_SALU_EXEC) s->saveexec++;
    if (gcn_group_of(r.inst.desc) == GCN_GROUP_SALU_MOVREL && op != GCN_OP_S_SET_GPR_IDX_IDX) s->movrel++;
    if (r.inst.desc->cls == GCN_CLASS_VOP2) {
      s->valu++;
      if (r.inst.desc->implicit_reads & GCN_IMPL_MODE) s->valu_float++;
    }
  }
  gcn_wave_free(&w);
  free(start);
  check(ok, "%s: a jump goes backward or to something that is not an instruction", what);
}

/* Runs the vector on the timing core: it must end in bounded cycles, with ILLEGAL only at
 * the .illegal (or .fails) instruction and UNSUPPORTED only if ALLOW_RFE; the final state must equal
 * the expected one. */
static void check_core(gcn_core *core, const gcn_vector *v, const char *what, bool allow_rfe) {
  int64_t illegal_pc = -1;
  for (size_t i = 0; i < v->n_code; i++)
    if (v->code[i].illegal || v->code[i].fails) illegal_pc = (int64_t)v->code[i].addr;
  gcn_core_load(core, v->base, v->image, v->size, &v->init);
  gcn_vec_result res;
  memset(&res, 0, sizeof res);
  unsigned ends = 0;
  bool bad_illegal = false, bad_unsupported = false;
  gcn_core_status st = GCN_CORE_RUNNING;
  while (st == GCN_CORE_RUNNING && gcn_core_cycle(core) < 200000) {
    const gcn_event *ev;
    unsigned n;
    st = gcn_core_step(core, &ev, &n);
    for (unsigned k = 0; k < n; k++) {
      gcn_vec_result_add_event(&res, &ev[k]);
      switch (ev[k].kind) {
        case GCN_EV_END: ends++; break;
        case GCN_EV_ILLEGAL:
          ends++;
          if ((int64_t)ev[k].pc != illegal_pc) bad_illegal = true;
          break;
        case GCN_EV_UNSUPPORTED:
          ends++;
          if (!allow_rfe) bad_unsupported = true;
          break;
        default: break;
      }
    }
  }
  check(st == GCN_CORE_DONE, "%s: still running after %llu cycles", what, (unsigned long long)gcn_core_cycle(core));
  check(!bad_illegal, "%s: ILLEGAL at 0x%llx, not at the deliberately illegal instruction (%lld): %s", what,
        (unsigned long long)res.pc, (long long)illegal_pc, gcn_core_message(core));
  check(!bad_unsupported, "%s: UNSUPPORTED at 0x%llx but the profile has no s_rfe: %s", what,
        (unsigned long long)res.pc, gcn_core_message(core));
  check(ends == 1, "%s: %u end events", what, ends);
  if (illegal_pc >= 0) check(res.status == GCN_VEC_ILLEGAL, "%s: the illegal instruction was not reached", what);
  if (v->has_expect) {
    unsigned d = gcn_vec_compare(v, &res, gcn_core_state(core), stdout);
    check(d == 0, "%s: the timing core's result differs from the expected one (%u differences)", what, d);
  }
}

static void test_generated(unsigned seeds) {
  static const char *const profiles[] = {"default", "scalar", "vector_int", "control", "float", NULL};
  gcn_profile *p = malloc(sizeof *p);
  gcn_profile *rfe = malloc(sizeof *rfe);
  gcn_vector *vs[64];
  gcn_error err;
  gcn_core *cores[GCN_GEN_COUNT];
  for (int g = 0; g < GCN_GEN_COUNT; g++) cores[g] = gcn_core_new((gcn_gen)g, NULL, &err);
  /* A profile that allows s_rfe: half its vectors end with an 'unsupported' event. */
  {
    const char *text = "profile 1\ngroup salu_arith 1\ngroup valu_int 1\nstream branch 1\nrfe 50\nillegal 0\n";
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    check(gcn_profile_parse(f, "rfe.prof", rfe, &err) == 0, "rfe profile: %s", err.msg);
    fclose(f);
  }
  stats total_default;
  memset(&total_default, 0, sizeof total_default);
  for (int pi = 0; pi <= 5; pi++) {
    const char *pname = pi < 5 ? profiles[pi] : "rfe";
    gcn_profile *prof = pi < 5 ? p : rfe;
    if (pi < 5 && gcn_profile_load(pname, p, &err)) {
      check(false, "profile %s: %s", pname, err.msg);
      continue;
    }
    for (int g = 0; g < GCN_GEN_COUNT; g++) {
      stats s;
      memset(&s, 0, sizeof s);
      for (unsigned first = 0; first < seeds; first += 64) {
        unsigned n = seeds - first > 64 ? 64 : seeds - first;
        for (unsigned i = 0; i < n; i++) {
          vs[i] = gcn_vec_new();
          uint64_t seed = 0x100000 * (uint64_t)(pi + 1) + first + i;
          bool expect = i % 2 == 0;
          int rc = gcn_generate((gcn_gen)g, seed, prof, expect, vs[i], &err);
          check(rc == 0, "generate %s %s seed %llu: %s", gcn_gen_name((gcn_gen)g), pname, (unsigned long long)seed, err.msg);
          if (rc) {
            gcn_vec_free(vs[i]);
            n = i;
            break;
          }
          char what[96];
          snprintf(what, sizeof what, "%s/%s/%s", pname, gcn_gen_name((gcn_gen)g), vs[i]->name);
          check_encodings(vs[i], what);
          check_flow(vs[i], what, &s);
          check_core(cores[g], vs[i], what, prof->rfe > 0);
          s.vectors++;
          for (size_t k = 0; k < vs[i]->n_code; k++) {
            s.illegal += vs[i]->code[k].illegal;
            s.rfe += strncmp(vs[i]->code[k].text, "s_rfe", 5) == 0;
          }
          s.exec_off += vs[i]->init.exec == 0;
          s.exec_one += __builtin_popcountll(vs[i]->init.exec) == 1;
          s.mode_nonzero += vs[i]->init.mode != 0;
        }
        /* write -> parse -> write, for the whole batch as one file */
        char *t1 = write_text(vs, (int)n);
        gcn_vector *back[64];
        int m = parse_text(t1, "generated", back, 64, &err);
        check(m == (int)n, "%s/%s: generated vectors do not parse back: %s", pname, gcn_gen_name((gcn_gen)g), err.msg);
        if (m == (int)n) {
          char *t2 = write_text(back, m);
          check(strcmp(t1, t2) == 0, "%s/%s: write -> parse -> write differs", pname, gcn_gen_name((gcn_gen)g));
          free(t2);
        }
        for (int k = 0; k < m && k < 64; k++) gcn_vec_free(back[k]);
        free(t1);
        for (unsigned i = 0; i < n; i++) gcn_vec_free(vs[i]);
      }
      if (pi == 5) check(s.rfe > 0, "rfe/%s: no s_rfe generated", gcn_gen_name((gcn_gen)g));
      if (pi < 5 && strcmp(pname, "default") != 0) check(s.rfe == 0, "%s: s_rfe without the profile allowing it", pname);
      if (!strcmp(pname, "scalar")) check(s.valu == 0, "scalar/%s: %u vector instructions", gcn_gen_name((gcn_gen)g), s.valu);
      if (!strcmp(pname, "control"))
        check(s.setpc + s.swappc > 0 && s.fork > 0 && s.join_pop > 0, "control/%s: setpc %u swappc %u fork %u join-pops %u",
              gcn_gen_name((gcn_gen)g), s.setpc, s.swappc, s.fork, s.join_pop);
      if (!strcmp(pname, "default")) {
        check(3 * s.valu_float >= s.valu && s.valu > 0, "default/%s: %u of %u vector instructions are float (< 1/3)",
              gcn_gen_name((gcn_gen)g), s.valu_float, s.valu);
        total_default.vectors += s.vectors, total_default.illegal += s.illegal, total_default.rfe += s.rfe;
        total_default.setpc += s.setpc, total_default.swappc += s.swappc, total_default.fork += s.fork;
        total_default.saveexec += s.saveexec, total_default.movrel += s.movrel;
        total_default.exec_off += s.exec_off, total_default.exec_one += s.exec_one;
        total_default.mode_nonzero += s.mode_nonzero;
      }
    }
  }
  stats *t = &total_default;
  check(t->rfe == 0, "default: %u s_rfe generated", t->rfe);
  check(t->setpc && t->swappc && t->fork && t->saveexec && t->movrel,
        "default: a stream never appears (setpc %u swappc %u fork %u saveexec %u movrel %u)", t->setpc, t->swappc,
        t->fork, t->saveexec, t->movrel);
  if (t->vectors >= 40) {
    check(t->illegal > 0 && t->illegal * 4 < t->vectors, "default: %u illegal encodings in %u vectors (5%% expected)",
          t->illegal, t->vectors);
    check(t->exec_off > 0 && t->exec_one > 0 && t->mode_nonzero > 0, "default: EXEC/MODE variation (off %u, one lane %u, mode %u)",
          t->exec_off, t->exec_one, t->mode_nonzero);
  }
  for (int g = 0; g < GCN_GEN_COUNT; g++) gcn_core_free(cores[g]);
  free(p);
  free(rfe);
}

/* ------------------------------------------------------------------ the PRNG (vectors/rng.h) */

/* Published reference outputs (not this code's): splitmix64 from state 0 (Vigna's
 * splitmix64.c; Java's SplittableRandom), and xoshiro256** from the state {1, 2, 3, 4}
 * (the reference vectors of the Rust crate rand_xoshiro). */
static void test_rng(void) {
  static const uint64_t sm[4] = {0xE220A8397B1DCDAFull, 0x6E789E6AA1B965F4ull, 0x06C45D188009454Full,
                                 0xF88BB8A8724C81ECull};
  uint64_t x = 0;
  for (int i = 0; i < 4; i++) {
    uint64_t v = gcn_splitmix64(&x);
    check(v == sm[i], "splitmix64 output %d from 0: 0x%016llx, want 0x%016llx", i, (unsigned long long)v,
          (unsigned long long)sm[i]);
  }
  static const uint64_t xo[10] = {11520u, 0u, 1509978240u, 1215971899390074240ull, 1216172134540287360ull,
                                  607988272756665600ull, 16172922978634559625ull, 8476171486693032832ull,
                                  10595114339597558777ull, 2904607092377533576ull};
  gcn_rng r = {{1, 2, 3, 4}};
  for (int i = 0; i < 10; i++) {
    uint64_t v = gcn_rng_next(&r);
    check(v == xo[i], "xoshiro256** output %d from {1,2,3,4}: %llu, want %llu", i, (unsigned long long)v,
          (unsigned long long)xo[i]);
  }
  /* Seeding: the four state words are the first splitmix64 outputs of the seed. */
  gcn_rng_seed(&r, 0);
  check(memcmp(r.s, sm, sizeof sm) == 0, "gcn_rng_seed(0) is not splitmix64 from 0");
  /* below(n) stays in [0, n) and reaches both ends; below(0) is 0; weighted skips zero weights. */
  gcn_rng_seed(&r, 7);
  bool lo = false, hi = false, in_range = true;
  for (int i = 0; i < 2000; i++) {
    unsigned v = gcn_rng_below(&r, 10);
    in_range &= v < 10, lo |= v == 0, hi |= v == 9;
  }
  check(in_range && lo && hi && gcn_rng_below(&r, 0) == 0, "gcn_rng_below: out of range or ends never drawn");
  const unsigned w[4] = {0, 3, 0, 1};
  bool only_set = true;
  for (int i = 0; i < 200; i++) {
    int k = gcn_rng_weighted(&r, w, 4);
    only_set &= k == 1 || k == 3;
    int b = gcn_rng_pick_bit(&r, 0x90u);
    only_set &= b == 4 || b == 7;
  }
  const unsigned zero[2] = {0, 0};
  check(only_set && gcn_rng_weighted(&r, zero, 2) == -1, "gcn_rng_weighted / gcn_rng_pick_bit drew a zero weight");
}

/* ------------------------------------------------------------------ determinism and the CLI */

/* Runs `gen` with ARGS; with QUIET, its standard output and error go to /dev/null. */
static int run_cli(const char *const *args, bool quiet) {
  char *argv[32];
  int argc = 0;
  for (; args[argc]; argc++) argv[argc] = (char *)args[argc];
  argv[argc] = NULL;
  fflush(stdout);
  fflush(stderr);
  int out = -1, err = -1, nul = quiet ? open("/dev/null", O_WRONLY) : -1;
  if (nul >= 0) {
    out = dup(1), err = dup(2);
    dup2(nul, 1), dup2(nul, 2);
  }
  int rc = gcn_cli_gen(argc, argv);
  if (nul >= 0) {
    fflush(stdout);
    fflush(stderr);
    dup2(out, 1), dup2(err, 2);
    close(out), close(err), close(nul);
  }
  return rc;
}

static void test_determinism(void) {
  gcn_profile *p = malloc(sizeof *p);
  gcn_profile_default(p);
  gcn_vector *a = gcn_vec_new(), *b = gcn_vec_new();
  gcn_error err;
  for (int g = 0; g < GCN_GEN_COUNT; g++) {
    gcn_generate((gcn_gen)g, 42, p, true, a, &err);
    gcn_generate((gcn_gen)g, 42, p, true, b, &err);
    char *ta = write_text(&a, 1), *tb = write_text(&b, 1);
    check(strcmp(ta, tb) == 0, "%s: the same seed gives different output", gcn_gen_name((gcn_gen)g));
    gcn_generate((gcn_gen)g, 43, p, true, b, &err);
    free(tb);
    tb = write_text(&b, 1);
    check(strcmp(ta, tb) != 0, "%s: seeds 42 and 43 give the same output", gcn_gen_name((gcn_gen)g));
    free(ta);
    free(tb);
  }
  gcn_vec_free(a);
  gcn_vec_free(b);
  free(p);

  char dir[] = "/tmp/gcnvec_cli_XXXXXX";
  if (!mkdtemp(dir)) {
    check(false, "mkdtemp");
    return;
  }
  char f1[128], f2[128], f3[128], f4[128];
  snprintf(f1, sizeof f1, "%s/a.vec", dir);
  snprintf(f2, sizeof f2, "%s/b.vec", dir);
  snprintf(f3, sizeof f3, "%s/c.vec", dir);
  snprintf(f4, sizeof f4, "%s/d.vec", dir);
  const char *a1[] = {"--gen", "gcn12", "--seed", "0x10", "--count", "5", "--profile", "control", "-o", f1, NULL};
  const char *a2[] = {"--gen=gfx8", "--seed=16", "--count=5", "--profile", "vectors/profiles/control.prof", "-o", f2, NULL};
  const char *a3[] = {"--gen", "gcn12", "--seed", "0x13", "--count", "1", "--profile", "control", "-o", f3, NULL};
  const char *a4[] = {"--gen", "gcn12", "--seed", "0x11", "--count", "5", "--profile", "control", "--expect", "-o", f4, NULL};
  check(run_cli(a1, false) == 0 && run_cli(a2, false) == 0 && run_cli(a3, false) == 0 && run_cli(a4, false) == 0,
        "gen CLI runs");
  char *t1 = read_file(f1), *t2 = read_file(f2), *t3 = read_file(f3), *t4 = read_file(f4);
  check(t1 && t2 && strcmp(t1, t2) == 0, "gen CLI: the same arguments (spelled differently) give different files");
  /* vector 3 of seed 0x10 is the vector of seed 0x13 */
  if (t1 && t3) {
    const char *v3 = strstr(t1, "\nvector gcn12-13\n");
    const char *body = strstr(t3, "\nvector gcn12-13\n");
    check(v3 && body && strncmp(v3, body, strlen(body)) == 0, "gen CLI: --seed S+i --count 1 differs from vector i");
  }
  check(t4 && strstr(t4, "\nresult ") && t1 && strcmp(t1, t4) != 0, "gen CLI: --expect writes results");
  if (t4) {
    gcn_vector *vs[5];
    int n = parse_text(t4, f4, vs, 5, &err);
    check(n == 5, "gen CLI output parses: %s", err.msg);
    for (int i = 0; i < n; i++) gcn_vec_free(vs[i]);
  }
  free(t1), free(t2), free(t3), free(t4);
  /* Usage errors: exit status 2. */
  const char *bad1[] = {"--seed", "1", NULL};
  const char *bad2[] = {"--gen", "gcn13", "--seed", "1", NULL};
  const char *bad3[] = {"--gen", "gcn14", NULL};
  const char *bad4[] = {"--gen", "gcn14", "--seed", "x1", NULL};
  const char *bad5[] = {"--gen", "gcn14", "--seed", "1", "--count", "0", NULL};
  const char *bad6[] = {"--gen", "gcn14", "--seed", "1", "--bogus", NULL};
  const char *bad7[] = {"--gen", "gcn14", "--seed", "1", "--profile", "/nonexistent/x.prof", NULL};
  const char *bad8[] = {"--gen", "gcn14", "--seed", "1", "--count", NULL};
  const char *bad9[] = {"--gen", "gcn14", "--seed", "1", "extra", NULL};
  const char *bad10[] = {"--gen", "gcn14", "--seed", "-1", NULL};
  const char *bad11[] = {"--gen", "gcn14", "--seed", "1", "-o", "/nonexistent/dir/out.vec", NULL};
  const char *const *bads[] = {bad1, bad2, bad3, bad4, bad5, bad6, bad7, bad8, bad9, bad10, bad11};
  for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++) check(run_cli(bads[i], true) == 2, "gen CLI bad usage %zu: exit status not 2", i + 1);
  const char *help[] = {"--help", NULL};
  check(run_cli(help, true) == 0, "gen --help: exit status not 0");
  unlink(f1), unlink(f2), unlink(f3), unlink(f4);
  rmdir(dir);
}

int main(int argc, char **argv) {
  unsigned seeds = 40;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seeds") && i + 1 < argc) {
      seeds = (unsigned)strtoul(argv[++i], NULL, 10);
    } else {
      fprintf(stderr, "usage: %s [--seeds N]\n", argv[0]);
      return 2;
    }
  }
  test_bad_vectors();
  test_profiles();
  test_example();
  test_api_vector();
  test_rng();
  test_determinism();
  test_generated(seeds);
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}
