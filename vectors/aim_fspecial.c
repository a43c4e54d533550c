/* gcnref vectors: items aimed at the 320-mutant run's survivors in the float classes, specials,
 * output modifiers, packed halves, transcendentals and compares (docs/mutate_survivors.md;
 * vectors/aimed.c). Whether to emit is drawn from gctx.aim[AIM_FSPECIAL]. */
#include "gen_priv.h"

/* One aimed item of GRP; 1: none (GRP is not aimed at, or the draw said no). */
int gen_aim_fspecial_item(gctx *g, chunk *ch, int grp) {
  (void)g, (void)ch, (void)grp;
  return 1;
}
