# gcnref build. `make` builds the library (static and shared) and build/bin/gcnref;
# `make test` runs every test and ends with "N passed, N failed"; `make run` is the main job.
SHELL := /bin/bash
CC ?= gcc
PYTHON ?= python3
BUILD ?= build
# The one set of C flags: every C compile of every .mk uses C_FLAGS (CFLAGS_ALL adds the
# model's include folders; each layer adds only its own folders).
CSTD := -std=c11
WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes
OPT ?= -O2 -g
C_FLAGS = $(CSTD) $(WARN) $(OPT) -fPIC -D_POSIX_C_SOURCE=200809L $(EXTRA_CFLAGS)
CFLAGS_ALL = $(C_FLAGS) -Irefmodel/include -I$(GEN)

GEN := $(BUILD)/gen
OBJ := $(BUILD)/obj
LIBDIR := $(BUILD)/lib
BIN := $(BUILD)/bin

ISA_TABLE := refmodel/isa/gcn_isa.tab
GEN_SRCS := $(GEN)/gcn_isa_gen.c
GEN_HDRS := $(GEN)/gcn_isa_gen.h
GEN_SV := $(GEN)/gcn_isa_pkg.sv
GEN_PY := $(GEN)/gcn_isa.py
LIB_SRCS := $(wildcard refmodel/src/*.c)
LIB_OBJS := $(patsubst refmodel/src/%.c,$(OBJ)/%.o,$(LIB_SRCS)) $(OBJ)/gcn_isa_gen.o
HDRS := $(wildcard refmodel/include/gcnref/*.h refmodel/src/*.h) $(GEN_HDRS)

.PHONY: all lib run test test-c test-san clean bench deps help
all: lib $(BIN)/gcnref

help:
	@echo "make          build libgcnref.a, libgcnref.so and build/bin/gcnref"
	@echo "make run      assemble and run the sample program on the model (the main job)"
	@echo "make test     run every test; ends with 'N passed, N failed'"
	@echo "make deps     install the Debian packages the build and tests need"
	@echo "make dpi-selftest  build and run the DPI-C adapter's Verilator self-test"
	@echo "make bench, test-long, test-exhaustive: benchmark and long float checks"
	@echo "make fuzz     libFuzzer targets (clang-14) for FUZZ_SECONDS each (tests/fuzz/README.md)"
	@echo "make lint     verilator -Wall lint of the RTL (gcn_core and every module under it)"
	@echo "make synth    yosys synthesis of gcn_core (NUM_VGPRS=4): cells per module, no latches (~10 min; SYNTH_ABC=0: no gate mapping, as make test runs it)"
	@echo "make rtl-directed  RTL vs model co-simulation: every integer instruction, 4 gens, 3 latency configs"
	@echo "make rtl-decode    gcn_decode vs the C decoder on random instruction words"
	@echo "make report   build/report/index.html: functional and code coverage, regression results"
	@echo "make cosim-cov     RTL line coverage of the co-simulation (genhtml: build/report/code)"
	@echo "make cov-toggle    RTL toggle coverage of the design on make run's vectors, then the report"
	@echo "make cov      RTL line coverage of make run's vectors, then the report (or: make run RUN_CODE_COV=1)"
	@echo "scripts/regress    seeds x gens x profiles, local -j / --slurm / --sshloginfile (docs/regress.md)"

# One table, four outputs: C tables and enums, the RTL's package, a Python module.
$(GEN_HDRS) $(GEN_SRCS) $(GEN_SV) $(GEN_PY) &: $(ISA_TABLE) scripts/gen_isa.py scripts/gen_isa_sv.py
	$(PYTHON) scripts/gen_isa.py $(ISA_TABLE) $(GEN)

$(OBJ)/%.o: refmodel/src/%.c $(HDRS) | $(OBJ)
	$(CC) $(CFLAGS_ALL) -c $< -o $@
$(OBJ)/gcn_isa_gen.o: $(GEN_SRCS) $(HDRS) | $(OBJ)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

lib: $(LIBDIR)/libgcnref.a $(LIBDIR)/libgcnref.so
$(LIBDIR)/libgcnref.a: $(LIB_OBJS) | $(LIBDIR)
	rm -f $@ && ar rcs $@ $^
$(LIBDIR)/libgcnref.so: $(LIB_OBJS) | $(LIBDIR)
	$(CC) -shared $(EXTRA_CFLAGS) -o $@ $^ -lm

# The command line (cli/): gcnref.c dispatches; each further subcommand lives in its own
# file there. The top layer: it may use libgcnvec and libgcnref (docs/architecture.md).
CLI_SRCS := $(wildcard cli/*.c)
CLI_HDRS := $(wildcard cli/*.h)
$(BIN)/gcnref: $(CLI_SRCS) $(CLI_HDRS) $(LIBDIR)/libgcnvec.a $(LIBDIR)/libgcnref.a $(HDRS) vectors/gen.h vectors/vecfile.h | $(BIN)
	$(CC) $(CFLAGS_ALL) -Icli -Ivectors $(CLI_SRCS) $(LIBDIR)/libgcnvec.a $(LIBDIR)/libgcnref.a -lm -o $@

$(BUILD) $(OBJ) $(LIBDIR) $(BIN) $(BUILD)/tests:
	mkdir -p $@

# ---------------------------------------------------------------- tests
include rtl_tb/verilator.mk
include tests/tests.mk
include vectors/vectors.mk
include checker/checker.mk
include tests/fuzz/fuzz.mk
include dpi/dpi.mk
include rtl_tb/valu_lane.mk
include rtl_tb/salu.mk
include rtl_tb/rtl.mk
include rtl_tb/cosim.mk
include rtl_tb/mutate.mk
include rtl_tb/example_dut/exdut.mk
include scripts/report.mk
include tests/suites.mk

# ---------------------------------------------------------------- main job
# After make test it builds no simulator (make test builds every configuration's, at the
# same COSIM_COPT): it generates the vectors, co-simulates each configuration, meanwhile
# computes the report's model-side inputs (the functional coverage of the vectors, the
# closure curves) and, with RUN_CODE_COV=1, builds the coverage simulator; then
# (RUN_CODE_COV=1) the RTL code coverage of the same vectors, and the report. (Not at nice
# 19: on a loaded machine the background work starved, and make run waited for it.)
# docs/performance.md "make run after make test".
RUN_BG_LOG = $(REPORT_DIR)/run_background.log
run:
	@scripts/deps.sh --check
	@$(MAKE) --no-print-directory all
	@echo "== generating make run's vectors ($(COSIM_VECTORS) per generation: $(COSIM_GENS))"
	@$(MAKE) --no-print-directory -s -j2 $(COSIM_RUN_VECS)
	@mkdir -p $(REPORT_DIR) && echo "== in the background (log $(RUN_BG_LOG)): the report's functional coverage and closure curves$(if $(filter 1,$(RUN_CODE_COV)), and the coverage simulator's build)"
	@rc=0; $(MAKE) --no-print-directory -s -j2 report-func $(if $(filter 1,$(REPORT_CLOSURE)),$(REPORT_CURVES)) \
	    $(if $(filter 1,$(RUN_CODE_COV)),cosim-cov-build) >$(RUN_BG_LOG) 2>&1 & bg=$$!; \
	  $(MAKE) --no-print-directory cosim-runs || rc=$$?; \
	  echo "== waiting for the background work (log $(RUN_BG_LOG))"; wait $$bg || { cat $(RUN_BG_LOG); \
	    echo "run: the background work failed (above)"; }; \
	  $(if $(filter 1,$(RUN_CODE_COV)),echo "== RTL code coverage of make run's vectors (make cosim-cov COV_VECS=run)"; \
	    $(MAKE) --no-print-directory -s cosim-cov COV_VECS=run \
	    || echo "run: no RTL code coverage (make cosim-cov failed); the report goes without it";) \
	  echo "== the report"; $(MAKE) --no-print-directory -s report REPORT_RESULTS=; exit $$rc
	@echo "== gcnref run --gen gcn14 --trace vectors/samples/scalar_demo.s (the model alone)"
	$(BIN)/gcnref run --gen gcn14 --trace --state vectors/samples/scalar_demo.state vectors/samples/scalar_demo.s

deps:
	scripts/deps.sh

clean:
	rm -rf $(BUILD)
