#!/usr/bin/env bash
# Installs (or, without root, names the command to install) the Debian packages gcnref
# needs. `scripts/deps.sh --check` installs only what is missing; it is what `make test`
# and `make run` call first. Nothing is downloaded except Debian packages and, for the
# cocotb testbench (docs/retire.md), the pinned PyPI packages cocotb 1.8.1 and pytest.
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
# Optional (the tests that need them say SKIP without them; docs/regress.md): headless
# Chromium (the report screenshot), lcov (genhtml: code coverage pages), Slurm and munge
# (the single-node Slurm test), GNU parallel (regress --sshloginfile); clang-14 with its
# libFuzzer and sanitizer runtimes for `make fuzz` (make test replays the corpora with gcc).
want=()
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d && n; }' \
  | clang-14 -fsanitize=fuzzer,address,undefined -x c - -o /tmp/gcnref-fuzz-check.$$ >/dev/null 2>&1 \
  || want+=(clang-14 libclang-rt-14-dev)
rm -f /tmp/gcnref-fuzz-check.$$
have_cmd chromium || have_cmd chromium-browser || want+=(chromium)
have_cmd genhtml || want+=(lcov)
have_cmd slurmctld && have_cmd slurmd && have_cmd sbatch || want+=(slurm-wlm)
have_cmd munged || want+=(munge)
have_cmd parallel || want+=(parallel)
have_cmd iverilog || want+=(iverilog)  # the cocotb testbench of the example DUT
have_cmd ccache || want+=(ccache)  # caches the simulators' C++ across the Verilator builds (rtl_tb/verilator.mk)

# Python packages (pinned): cocotb for the example DUT's cocotb testbench, pytest for the
# Python binding's tests. Installed with pip when missing; their suites skip without them.
pip_want=()
python3 -c 'import cocotb; assert cocotb.__version__ == "1.8.1"' >/dev/null 2>&1 || pip_want+=(cocotb==1.8.1)
python3 -c 'import pytest' >/dev/null 2>&1 || pip_want+=(pytest)
if [ ${#pip_want[@]} -gt 0 ]; then
  python3 -m pip install -q "${pip_want[@]}" >&2 \
    || echo "deps: warning: could not install ${pip_want[*]} (python3 -m pip install ${pip_want[*]}): their tests are skipped" >&2
fi

if [ ${#need[@]} -eq 0 ] && [ ${#want[@]} -eq 0 ]; then
  [ "${1:-}" = "--check" ] || echo "deps: everything is installed"
  exit 0
fi
if [ "$(id -u)" = 0 ] && have_cmd apt-get; then
  export DEBIAN_FRONTEND=noninteractive
  echo "deps: installing ${need[*]} ${want[*]}" >&2
  if apt-get update -qq >&2 && apt-get install -y -qq "${need[@]}" "${want[@]}" >&2; then
    exit 0
  fi
  if [ ${#want[@]} -gt 0 ] && { [ ${#need[@]} -eq 0 ] || apt-get install -y -qq "${need[@]}" >&2; }; then
    echo "deps: warning: optional packages not installed (${want[*]}): their tests are skipped" >&2
    exit 0
  fi
  echo "deps: error: installation failed; run: apt-get update && apt-get install -y ${need[*]}" >&2
  exit 1
fi
if [ ${#need[@]} -eq 0 ]; then
  echo "deps: warning: optional packages missing (${want[*]}): their tests are skipped; run as root: apt-get install -y ${want[*]}" >&2
  exit 0
fi
echo "deps: error: missing ${need[*]}; run as root: apt-get update && apt-get install -y ${need[*]} ${want[*]}" >&2
exit 1
