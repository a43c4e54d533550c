/* gcnref vectors: the items aimed at the survivors of the 320-mutant run (docs/mutate_survivors.md,
 * generator version 24). gen_random_item asks here first. Each area's function decides from its own
 * stream, gctx.aim[area], whether to emit (its item's operands come from gctx.rng, like every item):
 * a vector in which no area emits is byte-identical to the version before, and one area's items do
 * not move another's. */
#include "gen_priv.h"

/* One aimed item of GRP, or 1 (none: go on with the random item). */
int gen_aimed_item(gctx *g, chunk *ch, int grp) {
  int rc = gen_aim_farith_item(g, ch, grp);
  if (rc <= 0) return rc;
  rc = gen_aim_fspecial_item(g, ch, grp);
  if (rc <= 0) return rc;
  return gen_aim_control_item(g, ch, grp);
}
