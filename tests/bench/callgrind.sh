#!/bin/bash
# make bench's load-independent figures: valgrind --tool=callgrind instruction counts per
# retired instruction of the model, for the scalar, integer VALU and f32 VALU programs,
# v_add_u32 and v_add_f32 alone, and per loop of the plain C loops of 64 adds they are
# compared with (tests/bench/bench.c). Each program runs twice (2 and 4 passes of its
# 4096 instructions); the difference over 2 x 4096 instructions removes the setup
# (assembly, allocation).
#   tests/bench/callgrind.sh BENCH_BINARY
set -euo pipefail
bench=${1:?usage: callgrind.sh BENCH_BINARY}
if ! command -v valgrind >/dev/null; then
  echo "  callgrind figures: n/a (valgrind is not installed)"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
irefs() { # PASSES PROGRAM: the instructions callgrind counts
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bench" --passes "$1" "$2" 2>&1 \
    | sed -n 's/.*I *refs: *//p' | tr -d ,
}
echo "model, host instructions per retired instruction (valgrind --tool=callgrind; load-independent):"
declare -A per
for p in scalar vint vf32 v_add_u32 v_add_f32 c_add c_fadd; do
  a=$(irefs 2 "$p")
  b=$(irefs 4 "$p")
  per[$p]=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", (b - a) / (2 * 4096) }')
  case $p in
    scalar) what="scalar mixed program" ;;
    vint) what="vector integer program" ;;
    vf32) what="vector f32 program" ;;
    v_add_u32) what="v_add_u32 alone" ;;
    v_add_f32) what="v_add_f32 alone" ;;
    c_add) what="plain C loop, 64 adds" ;;
    c_fadd) what="plain C loop, 64 fadds" ;;
  esac
  awk -v n="${per[$p]}" -v w="$what" 'BEGIN { printf "  %-25s %8.0f per instruction", w, n; if (w ~ /^v/) printf " (%.1f per lane)", n / 64; printf "\n" }'
done
awk -v u="${per[v_add_u32]}" -v cu="${per[c_add]}" -v f="${per[v_add_f32]}" -v cf="${per[c_fadd]}" 'BEGIN {
  printf "  v_add_u32 / plain C loop  %8.2f x (issue 17: at most 3)\n", u / cu
  printf "  v_add_f32 / plain C loop  %8.2f x\n", f / cf }'
