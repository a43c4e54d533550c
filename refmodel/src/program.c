/* gcnref: program text and byte-line parsing shared by the CLI and the tests. */
#include "gcnref/program.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void gcn_image_free(gcn_image *img) {
  free(img->bytes);
  free(img->line_of_word);
  memset(img, 0, sizeof *img);
}

char *gcn_strip_comment(char *line) {
  char *c = strchr(line, ';');
  if (c) *c = '\0';
  c = strstr(line, "//");
  if (c) *c = '\0';
  while (isspace((unsigned char)*line)) line++;
  char *e = line + strlen(line);
  while (e > line && isspace((unsigned char)e[-1])) *--e = '\0';
  return line;
}

static bool image_append(gcn_image *img, const uint32_t *words, unsigned n, unsigned line) {
  size_t need = img->size + 4u * n;
  if (need > img->cap) {
    size_t cap = img->cap ? img->cap * 2 : 256;
    while (cap < need) cap *= 2;
    uint8_t *b = realloc(img->bytes, cap);
    unsigned *l = realloc(img->line_of_word, cap / 4 * sizeof *l);
    if (!b || !l) {
      free(b == img->bytes ? NULL : b);
      return false;
    }
    memset(l + img->cap / 4, 0, (cap - img->cap) / 4 * sizeof *l);
    img->bytes = b;
    img->line_of_word = l;
    img->cap = cap;
  }
  img->line_of_word[img->size / 4] = line;
  for (unsigned i = 0; i < n; i++)
    for (unsigned b = 0; b < 4; b++) img->bytes[img->size++] = (uint8_t)(words[i] >> (8 * b));
  return true;
}

int gcn_text_line(char *line, size_t len, unsigned long lineno, gcn_error *err) {
  if (strlen(line) != len) return gcn_fail(err, "a NUL byte in the line (binary data, not text)");
  if (lineno == 1 && len >= 3 && memcmp(line, "\xef\xbb\xbf", 3) == 0)
    memmove(line, line + 3, len - 2); /* the UTF-8 byte order mark some editors write */
  return 0;
}

unsigned gcn_each_line(FILE *f, const char *name, FILE *errs, gcn_line_fn fn, void *ctx) {
  char *buf = NULL;
  size_t cap = 0;
  unsigned lineno = 0, errors = 0;
  ssize_t len;
  while ((len = getline(&buf, &cap, f)) >= 0) {
    gcn_error err;
    ++lineno;
    if (gcn_text_line(buf, (size_t)len, lineno, &err) || fn(ctx, buf, lineno, &err)) {
      fflush(stdout);
      fprintf(errs, "%s:%u: error: %s\n", name, lineno, err.msg);
      errors++;
    }
  }
  free(buf);
  return errors;
}

/* Two passes over the lines read into memory: the first defines the labels (with the
 * address of the instruction that follows them) and sizes every instruction, the second
 * assembles each line in order with every label known, reporting its errors. A line that
 * does not assemble takes no room in either pass. */
typedef struct {
  char *name;
  uint64_t addr;
  unsigned line;
} label_def;

typedef struct {
  char *text; /* the line without its comment */
  unsigned lineno;
} src_line;

struct assemble_ctx {
  gcn_gen gen;
  label_def *labels;
  size_t n_labels, cap_labels;
  src_line *lines;
  size_t n_lines, cap_lines;
  uint64_t addr;
  bool final; /* second pass: labels must exist */
};

static bool grow(void **p, size_t *cap, size_t n, size_t size) {
  if (n < *cap) return true;
  size_t c = *cap ? *cap * 2 : 64;
  void *q = realloc(*p, c * size);
  if (!q) return false;
  *p = q;
  *cap = c;
  return true;
}

static label_def *find_label(struct assemble_ctx *c, const char *name) {
  for (size_t i = 0; i < c->n_labels; i++)
    if (strcmp(c->labels[i].name, name) == 0) return &c->labels[i];
  return NULL;
}

static bool lookup_label(void *vctx, const char *name, uint64_t *addr) {
  struct assemble_ctx *c = vctx;
  const label_def *l = find_label(c, name);
  if (l) *addr = l->addr;
  else if (!c->final) *addr = c->addr; /* first pass: any address sizes the instruction */
  return l || !c->final;
}

/* Splits a label definition "NAME:" off the start of TEXT (NAME lower-cased, like every
 * mnemonic and operand); returns the rest of the line, *NAME NULL when there is none. */
static char *split_label(char *text, char **name) {
  size_t n = 0;
  *name = NULL;
  if (!(isalpha((unsigned char)text[0]) || text[0] == '_' || text[0] == '.' || text[0] == '$')) return text;
  while (isalnum((unsigned char)text[n]) || text[n] == '_' || text[n] == '.' || text[n] == '$') n++;
  if (text[n] != ':') return text;
  text[n] = '\0';
  for (char *p = text; *p; p++) *p = (char)tolower((unsigned char)*p);
  *name = text;
  text += n + 1;
  while (isspace((unsigned char)*text)) text++;
  return text;
}

static int keep_line(void *vctx, char *line, unsigned lineno, gcn_error *err) {
  struct assemble_ctx *c = vctx;
  char *text = gcn_strip_comment(line);
  if (!*text) return 0;
  char *copy = malloc(strlen(text) + 1);
  if (!copy || !grow((void **)&c->lines, &c->cap_lines, c->n_lines, sizeof *c->lines)) {
    free(copy);
    return gcn_fail(err, "out of memory");
  }
  strcpy(copy, text);
  c->lines[c->n_lines++] = (src_line){copy, lineno};
  return 0;
}

/* Defines the label of line L (first pass), or checks it (second pass). */
static int define_label(struct assemble_ctx *c, const char *name, unsigned lineno, gcn_error *err) {
  const label_def *old = find_label(c, name);
  if (old) {
    if (old->line == lineno) return 0;
    return gcn_fail(err, "duplicate label '%s' (first defined on line %u)", name, old->line);
  }
  if (c->final) return 0;
  char *copy = malloc(strlen(name) + 1);
  if (!copy || !grow((void **)&c->labels, &c->cap_labels, c->n_labels, sizeof *c->labels)) {
    free(copy);
    return gcn_fail(err, "out of memory");
  }
  strcpy(copy, name);
  c->labels[c->n_labels++] = (label_def){copy, c->addr, lineno};
  return 0;
}

unsigned gcn_assemble_lines(gcn_gen gen, FILE *f, const char *name, FILE *errs, gcn_inst_fn fn, void *ctx) {
  struct assemble_ctx c = {.gen = gen};
  unsigned errors = gcn_each_line(f, name, errs, keep_line, &c);
  for (int pass = 0; pass < 2; pass++) {
    c.final = pass == 1;
    c.addr = 0;
    for (size_t i = 0; i < c.n_lines; i++) {
      char buf[4096], *label;
      gcn_error err;
      gcn_inst in;
      snprintf(buf, sizeof buf, "%s", c.lines[i].text);
      char *text = split_label(buf, &label);
      gcn_asm_ctx actx = {c.addr, lookup_label, &c};
      int rc = label ? define_label(&c, label, c.lines[i].lineno, &err) : 0;
      if (rc == 0 && *text) rc = gcn_assemble_at(gen, text, &actx, &in, &err);
      if (rc == 0 && *text) c.addr += in.size;
      if (!c.final) continue;
      if (rc == 0 && *text && fn(ctx, &in, c.lines[i].lineno, &err)) rc = -1;
      if (rc) {
        fflush(stdout);
        fprintf(errs, "%s:%u: error: %s\n", name, c.lines[i].lineno, err.msg);
        errors++;
      }
    }
  }
  for (size_t i = 0; i < c.n_lines; i++) free(c.lines[i].text);
  for (size_t i = 0; i < c.n_labels; i++) free(c.labels[i].name);
  free(c.lines);
  free(c.labels);
  return errors;
}

static int append_inst(void *ctx, const gcn_inst *in, unsigned lineno, gcn_error *err) {
  uint32_t words[2];
  unsigned n = gcn_encode(in, words);
  return image_append(ctx, words, n, lineno) ? 0 : gcn_fail(err, "out of memory");
}

unsigned gcn_assemble_file(gcn_gen gen, FILE *f, const char *name, gcn_image *img, FILE *errs) {
  return gcn_assemble_lines(gen, f, name, errs, append_inst, img);
}

int gcn_parse_byte_line(const char *line, uint8_t *bytes, size_t max, gcn_error *err) {
  const char *p = strstr(line, "encoding:");
  p = p ? p + strlen("encoding:") : line;
  int n = 0;
  while (*p) {
    if (isspace((unsigned char)*p) || *p == ',' || *p == '[' || *p == ']') {
      p++;
      continue;
    }
    if (*p == ';' || (p[0] == '/' && p[1] == '/') || *p == '#') break;
    const char *start = p;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) p += 2;
    const char *digits = p;
    while (isxdigit((unsigned char)*p)) p++;
    size_t nd = (size_t)(p - digits);
    if (nd == 0 || nd > 2 || !(*p == '\0' || isspace((unsigned char)*p) || *p == ',' || *p == ']')) {
      const char *e = start;
      while (*e && !isspace((unsigned char)*e) && *e != ',') e++;
      return gcn_fail(err, "bad byte '%.*s': expected a hex byte such as 0x1f or 1f", (int)(e - start), start);
    }
    if ((size_t)n == max) {
      return gcn_fail(err, "too many bytes: an instruction is at most %zu bytes", max);
    }
    bytes[n++] = (uint8_t)strtoul(digits, NULL, 16);
  }
  return n;
}

unsigned gcn_image_line(const gcn_image *img, uint64_t base, uint64_t pc) {
  if (pc < base || pc - base >= img->size) return 0;
  return img->line_of_word[(pc - base) / 4];
}
