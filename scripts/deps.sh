#!/usr/bin/env bash
# Installs (or, without root, names the command to install) the Debian packages gcnref
# needs. `scripts/deps.sh --check` installs only what is missing; it is what `make test`
# and `make run` call first. Nothing is downloaded except Debian packages.
set -u
need=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_hdr() { echo "#include <$1>" | ${CC:-gcc} -E -x c - >/dev/null 2>&1; }

have_cmd gcc || need+=(gcc)
have_cmd make || need+=(make)
have_cmd python3 || need+=(python3)
have_hdr stdarg.h && have_hdr setjmp.h && { echo '#include <stddef.h>
#include <stdarg.h>
#include <setjmp.h>
#include <cmocka.h>' | ${CC:-gcc} -E -x c - >/dev/null 2>&1 || need+=(libcmocka-dev); }
have_cmd llvm-mc || have_cmd llvm-mc-14 || need+=(llvm-14)
have_hdr mpfr.h || need+=(libmpfr-dev)
have_cmd verilator || need+=(verilator)
have_cmd g++ || need+=(g++)
have_cmd yosys || need+=(yosys)
# The sanitizer runtimes come with gcc (libasan, libubsan).
echo 'int main(void){return 0;}' | ${CC:-gcc} -fsanitize=address,undefined -x c - -o /tmp/gcnref-san-check.$$ >/dev/null 2>&1 \
  || need+=(libasan8 libubsan1)
rm -f /tmp/gcnref-san-check.$$

if [ ${#need[@]} -eq 0 ]; then
  [ "${1:-}" = "--check" ] || echo "deps: everything is installed"
  exit 0
fi
cmd="apt-get update && apt-get install -y ${need[*]}"
if [ "$(id -u)" = 0 ] && have_cmd apt-get; then
  echo "deps: installing ${need[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq >&2 && apt-get install -y -qq "${need[@]}" >&2; then
    exit 0
  fi
  echo "deps: error: installation failed; run: $cmd" >&2
  exit 1
fi
echo "deps: error: missing ${need[*]}; run as root: $cmd" >&2
exit 1
