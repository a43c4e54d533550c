#!/bin/bash
# make bench's load-independent figures: valgrind --tool=callgrind instruction counts per
# retired instruction of the model, for the scalar, integer VALU and f32 VALU programs and
# v_add_f32 alone (tests/bench/bench.c). Each program runs twice (2 and 4 passes of its
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
for p in scalar vint vf32 v_add_f32; do
  a=$(irefs 2 "$p")
  b=$(irefs 4 "$p")
  case $p in
    scalar) what="scalar mixed program" ;;
    vint) what="vector integer program" ;;
    vf32) what="vector f32 program" ;;
    v_add_f32) what="v_add_f32 alone" ;;
  esac
  awk -v a="$a" -v b="$b" -v w="$what" 'BEGIN { n = (b - a) / (2 * 4096); printf "  %-25s %8.0f per instruction", w, n; if (w !~ /scalar/) printf " (%.1f per lane)", n / 64; printf "\n" }'
done
