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

struct assemble_ctx {
  gcn_gen gen;
  gcn_image *img;
};

static int assemble_line(void *vctx, char *line, unsigned lineno, gcn_error *err) {
  struct assemble_ctx *c = vctx;
  char *text = gcn_strip_comment(line);
  gcn_inst in;
  if (!*text) return 0;
  if (gcn_assemble(c->gen, text, &in, err)) return -1;
  uint32_t words[2];
  unsigned n = gcn_encode(&in, words);
  return image_append(c->img, words, n, lineno) ? 0 : gcn_fail(err, "out of memory");
}

unsigned gcn_assemble_file(gcn_gen gen, FILE *f, const char *name, gcn_image *img, FILE *errs) {
  struct assemble_ctx c = {gen, img};
  return gcn_each_line(f, name, errs, assemble_line, &c);
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
