/* gcnref: programs as text: assembling a source file into an instruction image that
 * remembers which source line each instruction came from, and parsing byte lines. */
#ifndef GCNREF_PROGRAM_H
#define GCNREF_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gcnref/inst.h"

typedef struct {
  uint8_t *bytes;
  size_t size, cap;
  /* Source line of the instruction starting at each byte offset / 4 (0 if none). */
  unsigned *line_of_word;
  size_t n_words_cap;
} gcn_image;

void gcn_image_free(gcn_image *img);

/* Reads F line by line (any length) and calls FN with each line (newline included) and its
 * number (gcn_text_line checked: a NUL byte is an error, a BOM is dropped); when FN
 * returns -1, prints "NAME:LINE: error: MSG" to ERRS (after flushing
 * stdout, so that output already written stays in order). Returns the number of errors. */
typedef int (*gcn_line_fn)(void *ctx, char *line, unsigned lineno, gcn_error *err);
unsigned gcn_each_line(FILE *f, const char *name, FILE *errs, gcn_line_fn fn, void *ctx);

/* Checks a line just read by getline (LEN bytes, as getline returned) of a text file: a
 * NUL byte in it is an error (-1 with ERR: text after it would be silently ignored); on
 * line 1 a UTF-8 byte order mark is removed (in place). 0 when the line is good. */
int gcn_text_line(char *line, size_t len, unsigned long lineno, gcn_error *err);

/* Strips a ';' or '//' comment and surrounding white space, in place. */
char *gcn_strip_comment(char *line);

/* Assembles every line of F (labels "NAME:" define branch targets) and calls FN with each
 * instruction, in order. Each error is printed to ERRS as "NAME:LINE: error: ..." (an
 * undefined, duplicate or out-of-range label too); returns the number of errors. */
typedef int (*gcn_inst_fn)(void *ctx, const gcn_inst *in, unsigned lineno, gcn_error *err);
unsigned gcn_assemble_lines(gcn_gen gen, FILE *f, const char *name, FILE *errs, gcn_inst_fn fn, void *ctx);

/* Assembles every line of F into IMG (gcn_assemble_lines). */
unsigned gcn_assemble_file(gcn_gen gen, FILE *f, const char *name, gcn_image *img, FILE *errs);

/* Parses a line of instruction bytes ("0x02,0x03,0x01,0x80", "02 03 01 80", brackets
 * optional, or the "; encoding: [...]" part of an `as` line). Returns the byte count,
 * or -1 with a message. */
int gcn_parse_byte_line(const char *line, uint8_t *bytes, size_t max, gcn_error *err);

/* Source line of the instruction at address PC (image loaded at BASE), or 0. */
unsigned gcn_image_line(const gcn_image *img, uint64_t base, uint64_t pc);

#endif
