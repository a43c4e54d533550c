# The DPI-C adapter (dpi/gcnref_dpi.c + dpi/gcnref_pkg.sv) and its Verilator self-test.
# Included by the top-level Makefile (after BUILD, LIBDIR, GEN, HDRS, OPT are defined).
#   make dpi-selftest   build $(BUILD)/dpi/dpi_selftest and run it ("N passed, N failed")
#   make dpi-build      only build it (what `make test` needs before run_tests.py)
#   make dpi-lint       verilator --lint-only -Wall on the package, alone and with the test
# The adapter is compiled as C11 by $(CC), never by verilator (which compiles a .c as C++),
# and linked into the Verilator executable with the checker and what it needs
# (DPI_LINK: libgcnchk.a libgcnvec.a libgcnref.a, checker/checker.mk).
DPI_BUILD := $(BUILD)/dpi
DPI_SELFTEST := $(DPI_BUILD)/dpi_selftest
DPI_SV := dpi/gcnref.vlt dpi/gcnref_pkg.sv dpi/gcnref_retire_pkg.sv
# The retire mode's bus-functional module (docs/retire.md), for the testbenches that use it.
RETIRE_BFM := dpi/gcnref_retire_bfm.sv
# svdpi.h; `=` so that verilator is only asked when a DPI target is built.
SVDPI_INC = $(shell $(VERILATOR) --getenv VERILATOR_ROOT)/include/vltstd
DPI_CFLAGS = $(CFLAGS_ALL) -Ichecker -I$(SVDPI_INC)
# The adapter's objects (as their rules name them), and the libraries a simulator with the
# adapter links, in order (absolute: verilator's make runs elsewhere).
DPI_OBJS = $(DPI_BUILD)/gcnref_dpi.o $(DPI_BUILD)/gcnref_retire_dpi.o
DPI_LINK = $(abspath $(DPI_OBJS) $(CHK_LINK))

$(DPI_BUILD):
	mkdir -p $@

# gcnref_dpi.o stands for both objects in the simulators' prerequisites.
$(DPI_BUILD)/gcnref_dpi.o: dpi/gcnref_dpi.c $(CHK_HDRS) $(HDRS) $(DPI_BUILD)/gcnref_retire_dpi.o | $(DPI_BUILD)
	$(CC) $(DPI_CFLAGS) -c $< -o $@

$(DPI_BUILD)/gcnref_retire_dpi.o: dpi/gcnref_retire_dpi.c $(CHK_HDRS) $(HDRS) | $(DPI_BUILD)
	$(CC) $(DPI_CFLAGS) -c $< -o $@

# --main --timing: verilator's own main(); the adapter is checked against the generated
# prototypes (dpi_check, rtl_tb/verilator.mk).
$(DPI_SELFTEST): $(DPI_SV) dpi/test/dpi_selftest.sv $(DPI_BUILD)/gcnref_dpi.o \
    $(CHK_LINK) | $(DPI_BUILD)
	$(call verilate,dpi_selftest,$@,$(DPI_BUILD)/obj,$(DPI_SV) dpi/test/dpi_selftest.sv $(DPI_LINK),--main --timing)
	$(call dpi_check,dpi_selftest,$@,$(DPI_BUILD)/obj)

dpi-build: $(DPI_SELFTEST)

# Runs from the repository root (the test reads dpi/test/setpc.*); fails unless 0 failed.
dpi-selftest: $(DPI_SELFTEST)
	@$(DPI_SELFTEST) | tee $(DPI_BUILD)/dpi_selftest.log
	@grep -Eq '^[0-9]+ passed, 0 failed$$' $(DPI_BUILD)/dpi_selftest.log

# Verilator 5.006 finds no top in a file with only a package: --top-module names it.
dpi-lint:
	$(call verilate_lint,gcnref_pkg,$(DPI_SV))
	$(call verilate_lint,gcnref_retire_bfm,$(DPI_SV) $(RETIRE_BFM))
	$(call verilate_lint,dpi_selftest,$(DPI_SV) dpi/test/dpi_selftest.sv)

.PHONY: dpi-build dpi-selftest dpi-lint
