# gcnref tests (included by the top-level Makefile).
TEST_COMMON := tests/common/sweep.c tests/common/sweep_vop3p.c
# cmocka tests take `void **state` whether they use it or not.
TEST_CFLAGS = $(CFLAGS_ALL) -Wno-unused-parameter -Itests/common
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/*.c))
TEST_TOOLS := $(BUILD)/tests/sweep_tool $(BUILD)/tests/kat_runner $(BUILD)/tests/fp_mpfr $(BUILD)/tests/fp_mpfr_ext \
  $(BUILD)/tests/fp_mpfr_vop3p \
  $(BUILD)/tests/f16_exhaustive $(BUILD)/tests/timing_runner

$(BUILD)/tests/%: tests/unit/%.c $(TEST_COMMON) $(wildcard tests/common/*.h) $(LIBDIR)/libgcnref.a $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) $< $(TEST_COMMON) $(LIBDIR)/libgcnref.a -lcmocka -lm -o $@
$(BUILD)/tests/sweep_tool: tests/tools/sweep_tool.c $(TEST_COMMON) $(LIBDIR)/libgcnref.a $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) $< $(TEST_COMMON) $(LIBDIR)/libgcnref.a -lm -o $@
$(BUILD)/tests/timing_runner: tests/timing/timing_runner.c $(LIBDIR)/libgcnref.a $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) $< $(LIBDIR)/libgcnref.a -lm -o $@
$(BUILD)/tests/kat_runner: tests/kat/kat_runner.c $(LIBDIR)/libgcnref.a $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) $< $(LIBDIR)/libgcnref.a -lm -o $@

# The float-rule acceptance test (tests/faults/, docs/coverage.md "Float rule faults"): the
# reference build and one build per float rule change: the float core's sources compiled
# with GCN_FP_FAULT=N ahead of the library, so that they replace its float objects.
FP_FAULTS := 1 2 3 4
FP_FAULT_SRCS := $(wildcard refmodel/src/fp*.c)
FP_FAULT_TOOLS := $(BUILD)/tests/fp_faults $(foreach n,$(FP_FAULTS),$(BUILD)/tests/fp_faults_$(n))
$(BUILD)/tests/fp_faults: tests/faults/fp_faults.c $(LIBDIR)/libgcnvec.a $(LIBDIR)/libgcnref.a $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) -Ivectors $< $(LIBDIR)/libgcnvec.a $(LIBDIR)/libgcnref.a -lm -o $@
$(BUILD)/tests/fp_faults_%: tests/faults/fp_faults.c $(FP_FAULT_SRCS) $(LIBDIR)/libgcnvec.a $(LIBDIR)/libgcnref.a \
    $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) -Ivectors -DGCN_FP_FAULT=$* $< $(FP_FAULT_SRCS) $(LIBDIR)/libgcnvec.a $(LIBDIR)/libgcnref.a \
	  -lm -o $@

test-build: all $(UNIT_TESTS) $(TEST_TOOLS) $(FP_FAULT_TOOLS)

SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# Every suite (tests/suites.mk), the C suites also under AddressSanitizer and UBSan; one
# summary line. TEST_ARGS go to scripts/run_tests.py (e.g. TEST_ARGS="-k cli -j 2").
TEST_ARGS ?=
# The builds: first what every simulator links (before the builds below, whose sub-makes
# share it), then the simulators, lint, synth and the sanitizer build two at a time on the
# 2-core machine (-O: each target's lines together, printed as it finishes).
TEST_JOBS ?= 2
# Longest first (make starts the goals in this order): yosys first, one core for minutes
# while the simulators build on the other; then the three core builds (tb_core: three
# cores), whose C++ is most of the phase, lint and the sanitizer build; the small
# simulators fill the end.
TEST_BUILDS := synth rtl-directed-build cosim-bugs-build cosim-smoke-build cosim-cfgs-build test-lint-quiet \
  test-san-build fp-trans-build fp-lane-build exdut-build rtl-decode-build valu-lane-build \
  salu-build dpi-build
# Each a job of its own, so that make starts them in this order (a goal that has
# prerequisites to make first would start only after a pass over all the others: synth and
# the core builds started last, and ran alone at the end).
test-build-%:
	@$(MAKE) --no-print-directory -s $*
# (The clean co-simulation of each configuration is built at COSIM_COPT, make run's level:
# make run after make test reuses them, rtl_tb/cosim.mk.)
test-san-build:
	@$(MAKE) --no-print-directory BUILD=$(SAN_BUILD) OPT="-O1 -g" EXTRA_CFLAGS="$(SAN_FLAGS)" \
	  test-build >/dev/null
test-lint-quiet:
	@$(MAKE) --no-print-directory lint >$(BUILD)/lint.log 2>&1 || { cat $(BUILD)/lint.log; exit 1; }
.PHONY: test-san-build test-lint-quiet
test: deps-check
	@start=$$(date +%s); \
	echo "test: building the model, the command line and the C tests"; \
	$(MAKE) --no-print-directory -j$(TEST_JOBS) test-build $(DPI_OBJS) $(CHK_LINK) $(GEN_SV) $(GEN_PY) $(COSIM_BUILD)/cosim_time.o >/dev/null && \
	echo "test: building, $(TEST_JOBS) at a time: the Verilator simulators (DPI self-test, lanes, core," && \
	echo "      co-simulation, fault simulator, example DUT), make lint, make synth (yosys), and the C" && \
	echo "      suites under AddressSanitizer + UBSan ($(SAN_BUILD))" && \
	$(MAKE) --no-print-directory -s -j$(TEST_JOBS) -O $(addprefix test-build-,$(TEST_BUILDS)) SYNTH_ABC=0 && \
	echo "test: builds done in $$(( $$(date +%s) - start )) s" && \
	$(MAKE) --no-print-directory -s $(SUITE_LIST) && \
	{ rc=0; $(PYTHON) scripts/run_tests.py --list $(SUITE_LIST) --build $(BUILD) --tier full \
	    -j $(TEST_JOBS) --first $(call cosim_list,$(SUITES_FIRST)) $(TEST_ARGS) || rc=$$?; \
	  echo "test: wall time $$(( $$(date +%s) - start )) s"; exit $$rc; } \
	|| { echo "test: a build step failed (above); wall time $$(( $$(date +%s) - start )) s"; \
	     echo "0 passed, 1 failed"; exit 1; }

# The model, the command line and the vectors only (no Verilator, no yosys): about a minute;
# two suites at a time, like make test.
test-quick: deps-check
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory -j$(TEST_JOBS) test-build >/dev/null && $(MAKE) --no-print-directory -s $(SUITE_LIST) && \
	{ rc=0; $(PYTHON) scripts/run_tests.py --list $(SUITE_LIST) --build $(BUILD) --tier quick \
	    -j $(TEST_JOBS) --first $(call cosim_list,$(SUITES_FIRST)) $(TEST_ARGS) || rc=$$?; \
	  echo "test-quick: wall time $$(( $$(date +%s) - start )) s"; exit $$rc; }
.PHONY: test test-quick

deps-check:
	@scripts/deps.sh --check
.PHONY: test-build deps-check

$(BUILD)/tests/bench: tests/bench/bench.c $(LIBDIR)/libgcnref.a $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) $< $(LIBDIR)/libgcnref.a -lm -o $@
$(BUILD)/tests/cov_closure: tests/bench/cov_closure.c $(LIBDIR)/libgcnvec.a $(LIBDIR)/libgcnref.a $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) -Ivectors $< $(LIBDIR)/libgcnvec.a $(LIBDIR)/libgcnref.a -lm -o $@

# Throughput figures (not a test): BENCH_SECONDS per figure, each against its reference
# measured in the same run; the callgrind counts (tests/bench/callgrind.sh) do not depend
# on the machine's load. docs/performance.md records them.
BENCH_SECONDS ?= 1
bench: all $(BUILD)/tests/bench $(BUILD)/tests/cov_closure
	@echo "machine: $$(nproc) cores, load average $$(cut -d' ' -f1-3 /proc/loadavg)"
	@$(BUILD)/tests/bench $(BENCH_SECONDS)
	@tests/bench/callgrind.sh $(BUILD)/tests/bench
	@$(BUILD)/tests/cov_closure
	@$(MAKE) --no-print-directory -s cosim-bench

# Float oracles: fp_mpfr (GNU MPFR differential) and f16_exhaustive (all 2^32 pairs).
$(BUILD)/tests/fp_mpfr: tests/oracle/fp_mpfr.c tests/oracle/fp_oracle.c tests/oracle/fp_oracle.h vectors/rng.h \
    $(LIBDIR)/libgcnref.a $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) tests/oracle/fp_mpfr.c tests/oracle/fp_oracle.c $(LIBDIR)/libgcnref.a -lmpfr -lgmp -lm -o $@
$(BUILD)/tests/fp_mpfr_vop3p: tests/oracle/fp_mpfr_vop3p.c tests/oracle/fp_oracle.c tests/oracle/fp_oracle.h vectors/rng.h \
    $(LIBDIR)/libgcnref.a $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) tests/oracle/fp_mpfr_vop3p.c tests/oracle/fp_oracle.c $(LIBDIR)/libgcnref.a -lmpfr -lgmp -lm -o $@
$(BUILD)/tests/f16_exhaustive: tests/oracle/f16_exhaustive.c $(LIBDIR)/libgcnref.a $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) $< $(LIBDIR)/libgcnref.a -lm -o $@

# V_ADD_F16, V_MUL_F16 and V_FMA_F16 on every operand pair (about 12 minutes on one core).
test-exhaustive: all $(BUILD)/tests/f16_exhaustive
	@$(BUILD)/tests/f16_exhaustive 1
# The MPFR oracle with 1,000,000 cases per instruction and mode group.
test-long: all $(BUILD)/tests/fp_mpfr $(BUILD)/tests/fp_mpfr_ext $(BUILD)/tests/fp_mpfr_vop3p
	@$(BUILD)/tests/fp_mpfr --cases 1000000
	@$(BUILD)/tests/fp_mpfr_ext --cases 1000000
	@$(BUILD)/tests/fp_mpfr_vop3p --cases 100000
.PHONY: test-exhaustive test-long bench
$(BUILD)/tests/fp_mpfr_ext: tests/oracle/fp_mpfr_ext.c vectors/rng.h $(LIBDIR)/libgcnref.a $(HDRS) | $(BUILD)/tests
	$(CC) $(TEST_CFLAGS) $< $(LIBDIR)/libgcnref.a -lmpfr -lgmp -lm -o $@
