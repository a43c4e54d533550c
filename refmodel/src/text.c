/* gcnref: text hygiene for messages (gcnref/inst.h). */
#include <string.h>

#include "gcnref/inst.h"

void gcn_escape_controls(char *text, size_t cap) {
  size_t n = strlen(text), extra = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c < 0x20 || c == 0x7f) extra += 3;
  }
  if (!extra || cap == 0) return;
  size_t len = n + extra < cap ? n + extra : cap - 1; /* what fits, cut at the end */
  text[len] = '\0';
  /* from the end backwards: each byte lands at or after where it was */
  size_t out = n + extra;
  for (size_t i = n; i-- > 0;) {
    unsigned char c = (unsigned char)text[i];
    if (c < 0x20 || c == 0x7f) {
      static const char hex[] = "0123456789abcdef";
      const char esc[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
      for (int k = 3; k >= 0; k--)
        if (--out < len) text[out] = esc[k];
    } else if (--out < len) {
      text[out] = (char)c;
    }
  }
}
