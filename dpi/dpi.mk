# The DPI-C adapter (dpi/gcnref_dpi.c + dpi/gcnref_pkg.sv) and its Verilator self-test.
# Included by the top-level Makefile (after BUILD, LIBDIR, GEN, HDRS, OPT are defined).
#   make dpi-selftest   build $(BUILD)/dpi/dpi_selftest and run it ("N passed, N failed")
#   make dpi-build      only build it (what `make test` needs before run_tests.py)
#   make dpi-lint       verilator --lint-only -Wall on the package, alone and with the test
# The adapter is compiled as C11 by $(CC), never by verilator (which compiles a .c as C++),
# and linked into the Verilator executable with the checker and what it needs
# (DPI_LINK: libgcnchk.a libgcnvec.a libgcnref.a, checker/checker.mk).
VERILATOR ?= verilator
DPI_BUILD := $(BUILD)/dpi
DPI_SELFTEST := $(DPI_BUILD)/dpi_selftest
DPI_SV := dpi/gcnref.vlt dpi/gcnref_pkg.sv
# svdpi.h; `=` so that verilator is only asked when a DPI target is built.
SVDPI_INC = $(shell $(VERILATOR) --getenv VERILATOR_ROOT)/include/vltstd
DPI_CFLAGS = -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes $(OPT) -fPIC \
  -D_POSIX_C_SOURCE=200809L -Irefmodel/include -I$(GEN) -Ichecker -I$(SVDPI_INC) $(EXTRA_CFLAGS)
# The libraries a simulator with the adapter links, in order (absolute: verilator's make
# runs elsewhere).
DPI_LINK = $(abspath $(DPI_BUILD)/gcnref_dpi.o $(CHK_LINK))
# --binary: verilator's own main() (no trace or coverage needed). The generated C++ is
# small; -O1 keeps its compile short (the model itself is libgcnref.a, built with $(OPT)).
DPI_VFLAGS := --binary -Wall -j 2 -CFLAGS -O1

$(DPI_BUILD):
	mkdir -p $@

$(DPI_BUILD)/gcnref_dpi.o: dpi/gcnref_dpi.c $(CHK_HDRS) $(HDRS) | $(DPI_BUILD)
	$(CC) $(DPI_CFLAGS) -c $< -o $@

# After verilating, the adapter is compiled once more against the prototypes verilator
# generated from the imports (V*__Dpi.h): a C type that differs from the SV prototype is
# a "conflicting types" error. (-Wno-strict-prototypes: the header declares `f()`.)
$(DPI_SELFTEST): $(DPI_SV) dpi/test/dpi_selftest.sv $(DPI_BUILD)/gcnref_dpi.o \
    $(CHK_LINK) | $(DPI_BUILD)
	rm -f $@  # Verilator relinks only a missing binary: the C objects it links may be newer
	$(VERILATOR) $(DPI_VFLAGS) --Mdir $(DPI_BUILD)/obj --top-module dpi_selftest \
	  -o $(abspath $@) $(DPI_SV) dpi/test/dpi_selftest.sv \
	  $(DPI_LINK) -LDFLAGS "-lm $(EXTRA_CFLAGS)" \
	  >$(DPI_BUILD)/verilator.log || { cat $(DPI_BUILD)/verilator.log; exit 1; }
	$(CC) $(DPI_CFLAGS) -Wno-strict-prototypes -Werror -fsyntax-only \
	  -include $(DPI_BUILD)/obj/Vdpi_selftest__Dpi.h dpi/gcnref_dpi.c || { rm -f $@; exit 1; }

dpi-build: $(DPI_SELFTEST)

# Runs from the repository root (the test reads dpi/test/setpc.*); fails unless 0 failed.
dpi-selftest: $(DPI_SELFTEST)
	@$(DPI_SELFTEST) | tee $(DPI_BUILD)/dpi_selftest.log
	@grep -Eq '^[0-9]+ passed, 0 failed$$' $(DPI_BUILD)/dpi_selftest.log

# Verilator 5.006 finds no top in a file with only a package: --top-module names it.
dpi-lint:
	$(VERILATOR) --lint-only -Wall --top-module gcnref_pkg $(DPI_SV)
	$(VERILATOR) --lint-only -Wall --top-module dpi_selftest $(DPI_SV) dpi/test/dpi_selftest.sv

.PHONY: dpi-build dpi-selftest dpi-lint
