/* gcnref: the command line. Dispatches the subcommands and holds as, dis and run; gen,
 * cov, minimize and regress live beside it (cli.h). Exit status 0 on success, 2 on any
 * error (usage, bad input, run-time error); errors go to stderr as FILE:LINE: error: ... */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gcnref/coverage.h"
#include "gcnref/inst.h"
#include "gcnref/model.h"
#include "gcnref/ofile.h"
#include "gcnref/program.h"
#include "gcnref/timing.h"
#include "gen.h"
#include "vecfile.h"

static const char *const usage_main =
    "usage: gcnref <command> [options]\n"
    "\n"
    "A bit-exact reference model of the AMD GCN scalar and vector ALUs (gcn10, gcn11, gcn12,\n"
    "gcn14; aliases gfx6/si, gfx7/ci, gfx8/vi, gfx9/vega).\n"
    "\n"
    "commands:\n"
    "  as    assemble LLVM AMDGPU syntax into encodings\n"
    "  dis   disassemble instruction bytes\n"
    "  run   run a program on the model and print its trace and final state\n"
    "  gen   generate constrained-random test vectors (docs/vectors.md)\n"
    "  cov   merge and summarise functional coverage databases (docs/coverage.md)\n"
    "  minimize  delta-debug a failing vector down to the parts the failure needs\n"
    "  regress   run the regression runner scripts/regress (docs/regress.md)\n"
    "\n"
    "'gcnref <command> --help' describes a command.\n";

static const char *const usage_as =
    "usage: gcnref as --gen G [FILE]\n"
    "\n"
    "Reads assembly (one instruction per line; ';' and '//' start comments; 'name:' defines\n"
    "a label that branches may name) from FILE or stdin and prints one line per instruction,\n"
    "as llvm-mc -show-encoding does (a branch shows its offset, the raw SIMM16):\n"
    "  s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80]\n"
    "Each bad line is reported as FILE:LINE: error: ...; the exit status is then 2.\n";

static const char *const usage_dis =
    "usage: gcnref dis --gen G [FILE]\n"
    "\n"
    "Reads one instruction per line as bytes ('0x02,0x03,0x01,0x80' or '02 03 01 80',\n"
    "brackets optional; a line holds an instruction and its literal; the output of\n"
    "'gcnref as' is accepted too) and prints its canonical LLVM text.\n"
    "Each bad line is reported as FILE:LINE: error: ...; the exit status is then 2.\n";

static const char *const usage_run =
    "usage: gcnref run [--gen G] PROGRAM [--state FILE] [--trace] [--json] [--max-steps N]\n"
    "                  [--timing [--salu-latency N] [--valu-depth N] [--branch-penalty N]]\n"
    "                  [--coverage FILE]\n"
    "\n"
    "PROGRAM is an assembly file (then --gen is required) or a vector file (docs/vectors.md;\n"
    "every vector in it is run and checked against its expected state, if it has one).\n"
    "Assembles PROGRAM, runs it from the initial state (everything 0, EXEC all ones, PC 0)\n"
    "updated by the state FILE, until s_endpgm or the end of the program, and prints the\n"
    "final state (EXEC, and every register that is not zero).\n"
    "  --state FILE   lines of register=value assignments: s5=0x10 s[2:3]=-1 vcc=0 exec=0xff\n"
    "                 m0=3 scc=1 mode=0xc0 ttmp0=1 v1=7 (all lanes) v1[5]=7 ('#' comments)\n"
    "  --trace        also print each retired instruction with its register writes\n"
    "  --json         print the trace and final state as one JSON object\n"
    "  --max-steps N  stop with an error after N instructions (default 1000000; 100000\n"
    "                 with --timing, which prints a line per cycle)\n"
    "  --timing       run on the cycle-accurate core (docs/microarch.md) and print the\n"
    "                 commit events of every cycle and the total cycle count; the latency\n"
    "                 options change the core's parameters (defaults 1, 6, 2)\n"
    "  --coverage FILE  write the functional coverage database of the run to FILE\n"
    "                 (docs/coverage.md: \"bin count\" lines, every bin of each generation\n"
    "                 run; for a vector file, all its vectors; written atomically)\n";

typedef struct {
  const char *gen_text;
  const char *file;
  const char *state;
  const char *coverage;
  bool trace, json, help, timing, max_steps_given;
  unsigned long max_steps;
  gcn_timing_config cfg;
} options;

static int bad_usage(const char *usage, const char *fmt, const char *arg) {
  fprintf(stderr, "gcnref: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", usage);
  return EXIT_BAD;
}

static int parse_options(int argc, char **argv, const char *usage, bool run, options *o, gcn_gen *gen) {
  memset(o, 0, sizeof *o);
  o->max_steps = 1000000;
  o->cfg = gcn_timing_default();
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      o->help = true;
    } else if (strcmp(a, "--gen") == 0) {
      if (++i == argc) return bad_usage(usage, "%s needs a value", a);
      o->gen_text = argv[i];
    } else if (strncmp(a, "--gen=", 6) == 0) {
      o->gen_text = a + 6;
    } else if (run && strcmp(a, "--state") == 0) {
      if (++i == argc) return bad_usage(usage, "%s needs a value", a);
      o->state = argv[i];
    } else if (run && strcmp(a, "--trace") == 0) {
      o->trace = true;
    } else if (run && strcmp(a, "--json") == 0) {
      o->json = true;
    } else if (run && strcmp(a, "--coverage") == 0) {
      if (++i == argc) return bad_usage(usage, "%s needs a value", a);
      o->coverage = argv[i];
    } else if (run && strcmp(a, "--timing") == 0) {
      o->timing = true;
    } else if (run && (strcmp(a, "--salu-latency") == 0 || strcmp(a, "--valu-depth") == 0 ||
                       strcmp(a, "--branch-penalty") == 0)) {
      if (++i == argc) return bad_usage(usage, "%s needs a value", a);
      char *end;
      unsigned long v = strtoul(argv[i], &end, 10);
      if (argv[i][0] < '0' || argv[i][0] > '9' || *end || v < 1 || v > 64)
        return bad_usage(usage, "bad latency '%s': expected 1..64", argv[i]);
      unsigned *field = a[2] == 's' ? &o->cfg.salu_latency : a[2] == 'v' ? &o->cfg.valu_depth
                                                                          : &o->cfg.branch_penalty;
      *field = (unsigned)v;
    } else if (run && strcmp(a, "--max-steps") == 0) {
      if (++i == argc) return bad_usage(usage, "%s needs a value", a);
      char *end;
      errno = 0;
      o->max_steps = strtoul(argv[i], &end, 10);
      if (argv[i][0] < '0' || argv[i][0] > '9' || *end || errno || !o->max_steps)
        return bad_usage(usage, "bad --max-steps '%s': expected a positive integer", argv[i]);
      o->max_steps_given = true;
    } else if (a[0] == '-' && a[1]) {
      return bad_usage(usage, "unknown option '%s'", a);
    } else if (!o->file) {
      o->file = a;
    } else {
      return bad_usage(usage, "unexpected argument '%s'", a);
    }
  }
  if (o->help) {
    fputs(usage, stdout);
    return 0;
  }
  if (!o->gen_text && !run) return bad_usage(usage, "%s", "--gen is required (gcn10, gcn11, gcn12 or gcn14)");
  if (o->gen_text && !gcn_gen_parse(o->gen_text, gen))
    return bad_usage(usage, "unknown generation '%s': expected gcn10, gcn11, gcn12 or gcn14", o->gen_text);
  if (run && !o->file) return bad_usage(usage, "%s", "PROGRAM is required");
  if (o->timing && !o->max_steps_given) o->max_steps = 100000; /* a line per cycle: bounded output */
  return -1; /* continue */
}

static FILE *open_input(const char *file, const char **name) {
  if (!file || strcmp(file, "-") == 0) {
    *name = "<stdin>";
    return stdin;
  }
  *name = file;
  FILE *f = fopen(file, "r");
  if (!f) fprintf(stderr, "gcnref: error: cannot open %s: %s\n", file, strerror(errno));
  return f;
}

static void print_bytes(FILE *out, const uint32_t *words, unsigned n) {
  fputc('[', out);
  for (unsigned i = 0; i < 4 * n; i++)
    fprintf(out, "%s0x%02x", i ? "," : "", (words[i / 4] >> (8 * (i % 4))) & 0xFF);
  fputc(']', out);
}

/* as: one output line per instruction (labels define branch targets: gcn_assemble_lines). */
static int as_inst(void *vctx, const gcn_inst *inp, unsigned lineno, gcn_error *err) {
  (void)vctx, (void)lineno, (void)err;
  gcn_inst in = *inp;
  uint32_t words[2];
  unsigned n = gcn_encode(&in, words);
  char out[256];
  gcn_disasm(&in, out, sizeof out);
  printf("%s ; encoding: ", out);
  print_bytes(stdout, words, n);
  putchar('\n');
  return 0;
}

static int dis_line(void *vctx, char *line, unsigned lineno, gcn_error *err) {
  (void)lineno; /* errors carry the line through the reader (cli_read_lines) */
  const gcn_gen *gen = vctx;
  uint8_t bytes[8];
  gcn_inst in;
  while (*line == ' ' || *line == '\t') line++;
  if (*line == '\n' || *line == '\0' || *line == '#' || (line[0] == '/' && line[1] == '/')) return 0;
  int n = gcn_parse_byte_line(line, bytes, sizeof bytes, err);
  if (n <= 0) return n;
  if (n % 4) return gcn_fail(err, "%d bytes: expected a multiple of 4 (instructions are 4 or 8 bytes)", n);
  if (gcn_decode_bytes(*gen, bytes, (size_t)n, &in, err)) return -1;
  if (in.size != (unsigned)n)
    return gcn_fail(err, "%d trailing bytes after a %u-byte instruction", n - in.size, in.size);
  char out[256];
  gcn_disasm(&in, out, sizeof out);
  puts(out);
  return 0;
}

/* as and dis: one line in, one line out; errors reported per line, exit 2 if any. */
/* Reads FILE (or stdin) line by line with a reader: as (labels, two passes) or dis. */
typedef unsigned (*file_reader)(gcn_gen gen, FILE *f, const char *name);

static unsigned as_file(gcn_gen gen, FILE *f, const char *name) {
  return gcn_assemble_lines(gen, f, name, stderr, as_inst, NULL);
}

static unsigned dis_file(gcn_gen gen, FILE *f, const char *name) {
  return gcn_each_line(f, name, stderr, dis_line, &gen);
}

static int cmd_lines(int argc, char **argv, const char *usage, file_reader read) {
  options o;
  gcn_gen gen;
  int rc = parse_options(argc, argv, usage, false, &o, &gen);
  if (rc >= 0) return rc;
  const char *name;
  FILE *f = open_input(o.file, &name);
  if (!f) return EXIT_BAD;
  unsigned errors = read(gen, f, name);
  if (f != stdin) fclose(f);
  return errors ? EXIT_BAD : 0;
}

static int state_line(void *vctx, char *line, unsigned lineno, gcn_error *err) {
  (void)lineno; /* errors carry the line through the reader (cli_read_lines) */
  char *hash = strchr(line, '#');
  if (hash) *hash = '\0';
  return gcn_state_assign(vctx, line, err);
}

static int load_state(gcn_state *st, const char *file) {
  FILE *f = fopen(file, "r");
  if (!f) {
    fprintf(stderr, "gcnref: error: cannot open %s: %s\n", file, strerror(errno));
    return -1;
  }
  unsigned errors = gcn_each_line(f, file, stderr, state_line, st);
  fclose(f);
  return errors ? -1 : 0;
}

struct run_print {
  bool json, first;
};

static void print_lane_run(void *vctx, unsigned v, int first, int last, uint32_t value) {
  struct run_print *p = vctx;
  char name[32];
  gcn_lane_run_name(v, first, last, name, sizeof name);
  if (p->json)
    printf("%s\"%s\": \"0x%x\"", p->first ? "" : ", ", name, value);
  else
    printf(" %s=0x%08x", name, value);
  p->first = false;
}

static void print_retire(const gcn_wave *w, const gcn_retire *r, bool json, bool first) {
  char text[256], name[48];
  gcn_disasm(&r->inst, text, sizeof text);
  if (json) {
    printf("%s{\"pc\": \"0x%llx\", \"inst\": \"%s\", \"writes\": {", first ? "" : ", ",
           (unsigned long long)r->pc, text);
  } else {
    printf("[0x%06llx] %-40s", (unsigned long long)r->pc, text);
  }
  /* The separator goes by what was printed: a VGPR write with no active lane prints
   * nothing, so the write index does not tell whether a member came before. */
  struct run_print p = {json, true};
  for (unsigned i = 0; i < r->n_writes; i++) {
    gcn_write_name(w->st.gen, &r->writes[i], name, sizeof name);
    const gcn_write *wr = &r->writes[i];
    if (wr->kind == GCN_W_VGPR) {
      gcn_vgpr_runs(&w->st, wr->code, wr->value, print_lane_run, &p);
      continue;
    }
    if (json)
      printf("%s\"%s\": \"0x%llx\"", p.first ? "" : ", ", name, (unsigned long long)wr->value);
    else if (wr->kind == GCN_W_SCC)
      printf(" %s=%llu", name, (unsigned long long)wr->value);
    else
      printf(" %s=0x%0*llx", name, wr->kind == GCN_W_PC ? 6 : 8, (unsigned long long)wr->value);
    p.first = false;
  }
  printf(json ? "}}" : "\n");
}

/* Writes COV to PATH through a temporary file renamed into place. */
static int write_coverage(const gcn_coverage *cov, const char *path) {
  gcn_covdb db;
  gcn_error err;
  gcn_covdb_init(&db);
  int rc = gcn_covdb_add_coverage(&db, cov);
  if (rc == 0) rc = gcn_covdb_save(&db, path, &err);
  else snprintf(err.msg, sizeof err.msg, "out of memory");
  gcn_covdb_free(&db);
  if (rc) fprintf(stderr, "gcnref: error: cannot write coverage to %s: %s\n", path, err.msg);
  return rc;
}

/* The timing core's cycle limit for STEPS instructions: at most 64 cycles an instruction
 * (a wave64 pass per quarter plus stalls); saturates instead of wrapping. */
static uint64_t cycle_limit(unsigned long steps) {
  return steps > UINT64_MAX / 64 ? UINT64_MAX : (uint64_t)steps * 64;
}

/* The source line of the instruction at PC, else FALLBACK: an error always names a line. */
static unsigned line_at(const gcn_image *img, uint64_t base, uint64_t pc, unsigned fallback) {
  unsigned line = gcn_image_line(img, base, pc);
  return line ? line : fallback;
}

/* run --timing: the cycle-accurate core; one line per cycle with commit events. Stops with
 * an error after --max-steps retired instructions (or their cycle limit). */
static int run_timing(const options *o, gcn_gen gen, const char *name, const gcn_image *img,
                      const gcn_state *initial) {
  gcn_error err;
  gcn_core *core = gcn_core_new(gen, &o->cfg, &err);
  if (!core) {
    fprintf(stderr, "gcnref: error: %s\n", err.msg);
    return EXIT_BAD;
  }
  gcn_core_load(core, initial->pc, img->bytes, img->size, initial);
  int status = 0;
  const uint64_t max_cycles = cycle_limit(o->max_steps);
  unsigned long retired = 0;
  gcn_core_status s;
  do {
    const gcn_event *ev;
    unsigned n;
    uint64_t cycle = gcn_core_cycle(core);
    s = gcn_core_step(core, &ev, &n);
    if (n) {
      char line[4096];
      gcn_events_format(gen, cycle, ev, n, line, sizeof line);
      puts(line);
      for (unsigned i = 0; i < n; i++) {
        if (ev[i].kind == GCN_EV_RETIRE) retired++;
        if (ev[i].kind == GCN_EV_ILLEGAL || ev[i].kind == GCN_EV_UNSUPPORTED) {
          fflush(stdout);
          unsigned src = line_at(img, initial->pc, ev[i].pc, 1);
          fprintf(stderr, "%s:%u: error: %s\n", name, src, gcn_core_message(core));
          status = EXIT_BAD;
        }
      }
    }
    if (s == GCN_CORE_RUNNING && (retired >= o->max_steps || cycle >= max_cycles)) {
      fflush(stdout);
      uint64_t pc = gcn_core_state(core)->pc;
      fprintf(stderr, "%s:%u: error: stopped after %lu instructions and %llu cycles (--max-steps %lu) at PC 0x%llx\n",
              name, line_at(img, initial->pc, pc, 1), retired, (unsigned long long)cycle, o->max_steps,
              (unsigned long long)pc);
      status = EXIT_BAD;
      break;
    }
  } while (s == GCN_CORE_RUNNING);
  printf("; %llu cycles\n", (unsigned long long)gcn_core_cycle(core));
  gcn_state_print(gcn_core_state(core), stdout);
  if (o->coverage && write_coverage(gcn_core_coverage(core), o->coverage)) status = EXIT_BAD;
  gcn_core_free(core);
  return status;
}

/* The functional run: trace (optional) and final state; fills RES for a vector's check. */
static int run_functional(const options *o, gcn_gen gen, const char *name, const gcn_image *img,
                          unsigned fallback_line, gcn_wave *w, gcn_vec_result *res, gcn_coverage *cov) {
  if (o->json) printf("{\"gen\": \"%s\", \"trace\": [", gcn_gen_name(gen));
  unsigned long steps = 0;
  int status = 0;
  res->status = GCN_VEC_END;
  for (bool first = true;; first = false) {
    gcn_retire r;
    gcn_error err;
    uint64_t pc = w->st.pc;
    memset(&r, 0, sizeof r);
    gcn_inst tmp;
    const gcn_inst *in = NULL;
    gcn_step_status s = w->ended ? GCN_STEP_END : gcn_fetch(w, &in, &tmp, &err);
    if (s == GCN_STEP_END) w->ended = true;
    if (s == GCN_STEP_OK) {
      gcn_coverage_before(cov, in, &w->st);
      s = gcn_execute(w, in, &r, &err);
    }
    res->pc = pc;
    if (s == GCN_STEP_END) {
      res->pc = w->st.pc; /* the final PC: s_endpgm's own, the next instruction after a stop */
      if (r.inst.desc && (o->trace || o->json)) print_retire(w, &r, o->json, first);
      if (r.inst.desc) {
        r.n_writes = 0;
        gcn_coverage_after(cov, &r.inst, &w->st, &r);
      }
      break;
    }
    if (s != GCN_STEP_OK) {
      res->status = s == GCN_STEP_NOT_MODELLED ? GCN_VEC_UNSUPPORTED : GCN_VEC_ILLEGAL;
      fflush(stdout);
      fprintf(stderr, "%s:%u: error: %s\n", name, line_at(img, w->prog.base, pc, fallback_line), err.msg);
      status = EXIT_BAD;
      break;
    }
    if (o->trace || o->json) print_retire(w, &r, o->json, first);
    cov->prog = &w->prog;
    gcn_coverage_after(cov, &r.inst, &w->st, &r);
    if (++steps == o->max_steps) {
      fflush(stdout);
      fprintf(stderr, "%s:%u: error: stopped after %lu instructions (--max-steps) at PC 0x%llx\n", name,
              line_at(img, w->prog.base, w->st.pc, fallback_line), steps, (unsigned long long)w->st.pc);
      status = EXIT_BAD;
      break;
    }
  }
  res->retired = steps;
  if (o->json) {
    printf("], \"retired\": %lu, \"final\": ", steps);
    gcn_state_print_json(&w->st, stdout);
    printf("}\n");
  } else {
    printf("; final state after %lu instruction%s\n", steps, steps == 1 ? "" : "s");
    gcn_state_print(&w->st, stdout);
  }
  return status;
}

/* run on a vector file (docs/vectors.md): every vector in it, checked against its
 * expected final state when it has one. */
static int run_vectors(const options *o, gcn_gen gen, bool gen_given, FILE *f, const char *name) {
  if (o->state) {
    fprintf(stderr, "gcnref: error: --state does not apply to a vector file (it holds its state)\n");
    return EXIT_BAD;
  }
  gcn_vec_reader *rd = gcn_vec_reader_new(f, name);
  gcn_vector *v = gcn_vec_new();
  if (!rd || !v) {
    fprintf(stderr, "gcnref: error: out of memory\n");
    gcn_vec_reader_free(rd);
    gcn_vec_free(v);
    return EXIT_BAD;
  }
  int status = 0, got;
  gcn_error err;
  static gcn_wave w;
  static gcn_coverage cov[GCN_GEN_COUNT]; /* functional runs, per generation */
  gcn_core *cores[GCN_GEN_COUNT] = {NULL}; /* timing runs: one core per generation */
  bool used[GCN_GEN_COUNT] = {false};
  for (int g = 0; g < GCN_GEN_COUNT; g++) gcn_coverage_reset(&cov[g], (gcn_gen)g);
  while ((got = gcn_vec_read(rd, v, &err)) == 1) {
    if (gen_given && v->gen != gen) {
      fprintf(stderr, "%s:%u: error: vector %s is for %s, not %s\n", name, v->line, v->name,
              gcn_gen_name(v->gen), gcn_gen_name(gen));
      status = EXIT_BAD;
      continue;
    }
    printf("; vector %s (%s)\n", v->name, gcn_gen_name(v->gen));
    gcn_image img = {0};
    img.bytes = v->image;
    img.size = v->size;
    unsigned *lines = calloc(v->size / 4 + 1, sizeof *lines); /* each instruction's code line */
    for (size_t i = 0; lines && i < v->n_code; i++) lines[(v->code[i].addr - v->base) / 4] = v->code[i].line;
    img.line_of_word = lines;
    gcn_vec_result res = {GCN_VEC_END, 0, 0};
    int rc;
    const gcn_state *final;
    gcn_core *core = NULL;
    used[v->gen] = true;
    if (o->timing) {
      if (!cores[v->gen]) cores[v->gen] = gcn_core_new(v->gen, &o->cfg, &err);
      core = cores[v->gen];
      if (!core) {
        fprintf(stderr, "gcnref: error: %s\n", err.msg);
        free(lines);
        status = EXIT_BAD;
        break;
      }
      rc = gcn_vec_run_core(v, core, cycle_limit(o->max_steps), &res, &err);
      if (rc) /* (stopped by its cycle limit): the line of the instruction at the PC reached */
        fprintf(stderr, "%s:%u: error: %s\n", name, line_at(&img, v->base, gcn_core_state(core)->pc, v->line),
                err.msg);
      printf("; %llu cycles\n", (unsigned long long)gcn_core_cycle(core));
      final = gcn_core_state(core);
      gcn_state_print(final, stdout);
    } else {
      gcn_wave_init(&w, v->gen, (gcn_program){v->base, v->image, v->size});
      w.st = v->init;
      rc = run_functional(o, v->gen, name, &img, v->line, &w, &res, &cov[v->gen]);
      final = &w.st;
    }
    if (v->has_expect && gcn_vec_compare(v, &res, final, stderr)) {
      fprintf(stderr, "%s:%u: error: vector %s: the final state differs from the expected one\n", name, v->line,
              v->name);
      rc = EXIT_BAD;
    }
    if (rc) status = EXIT_BAD;
    gcn_wave_free(&w);
    free(lines);
  }
  if (got < 0) {
    fprintf(stderr, "%s\n", err.msg);
    status = EXIT_BAD;
  }
  if (o->coverage) { /* one database for every generation the file holds */
    gcn_covdb db;
    gcn_covdb_init(&db);
    int crc = 0;
    for (int g = 0; g < GCN_GEN_COUNT; g++)
      if (used[g] && gcn_covdb_add_coverage(&db, cores[g] ? gcn_core_coverage(cores[g]) : &cov[g])) crc = -1;
    if (crc) snprintf(err.msg, sizeof err.msg, "out of memory");
    if (crc || gcn_covdb_save(&db, o->coverage, &err)) {
      fprintf(stderr, "gcnref: error: cannot write coverage to %s: %s\n", o->coverage, err.msg);
      status = EXIT_BAD;
    }
    gcn_covdb_free(&db);
  }
  for (int g = 0; g < GCN_GEN_COUNT; g++) gcn_core_free(cores[g]);
  gcn_vec_free(v);
  gcn_vec_reader_free(rd);
  return status;
}

static int cmd_run(int argc, char **argv) {
  options o;
  gcn_gen gen = GCN14;
  int rc = parse_options(argc, argv, usage_run, true, &o, &gen);
  if (rc >= 0) return rc;
  const char *name;
  FILE *f = open_input(o.file, &name);
  if (!f) return EXIT_BAD;
  if (f != stdin && gcn_vec_sniff(f)) {
    rc = run_vectors(&o, gen, o.gen_text != NULL, f, name);
    fclose(f);
    return rc;
  }
  if (!o.gen_text) {
    if (f != stdin) fclose(f);
    return bad_usage(usage_run, "%s", "--gen is required for an assembly program");
  }
  gcn_image img = {0};
  unsigned errors = gcn_assemble_file(gen, f, name, &img, stderr);
  if (f != stdin) fclose(f);
  if (errors) {
    gcn_image_free(&img);
    return EXIT_BAD;
  }
  static gcn_wave w; /* 64 KiB of VGPRs: not on the stack */
  gcn_wave_init(&w, gen, (gcn_program){0, img.bytes, img.size});
  if (o.state && load_state(&w.st, o.state)) {
    gcn_wave_free(&w);
    gcn_image_free(&img);
    return EXIT_BAD;
  }
  w.prog.base = w.st.pc; /* the program is loaded where the state's PC points */
  if (o.timing)
    rc = run_timing(&o, gen, name, &img, &w.st);
  else {
    gcn_vec_result res;
    static gcn_coverage cov;
    gcn_coverage_reset(&cov, gen);
    rc = run_functional(&o, gen, name, &img, 1, &w, &res, &cov);
    if (o.coverage && write_coverage(&cov, o.coverage)) rc = EXIT_BAD;
  }
  gcn_wave_free(&w);
  gcn_image_free(&img);
  return rc;
}

static int dispatch(int argc, char **argv) {
  if (argc < 2) {
    fputs(usage_main, stderr);
    return EXIT_BAD;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    fputs(usage_main, stdout);
    return 0;
  }
  if (strcmp(cmd, "as") == 0) return cmd_lines(argc - 2, argv + 2, usage_as, as_file);
  if (strcmp(cmd, "dis") == 0) return cmd_lines(argc - 2, argv + 2, usage_dis, dis_file);
  if (strcmp(cmd, "run") == 0) return cmd_run(argc - 2, argv + 2);
  if (strcmp(cmd, "gen") == 0) return gcn_cli_gen(argc - 2, argv + 2);
  if (strcmp(cmd, "cov") == 0) return gcn_cli_cov(argc - 2, argv + 2);
  if (strcmp(cmd, "minimize") == 0) return gcn_cli_minimize(argc - 2, argv + 2);
  if (strcmp(cmd, "regress") == 0) return gcn_cli_regress(argc - 2, argv + 2, argv[0]);
  fprintf(stderr, "gcnref: error: unknown command '%s'\n%s", cmd, usage_main);
  return EXIT_BAD;
}

/* Output that could not be written is an error, whatever the subcommand (a full disk, a
 * closed pipe): stdout is flushed and checked before the exit status is decided. */
int main(int argc, char **argv) {
  gcn_ofile_cleanup_on_signals(); /* an interrupted writer leaves no temporary */
  int rc = dispatch(argc, argv);
  errno = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "gcnref: error: cannot write standard output: %s\n", strerror(errno ? errno : EIO));
    if (rc == 0) rc = EXIT_BAD;
  }
  return rc;
}
