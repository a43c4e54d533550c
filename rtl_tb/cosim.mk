# The random co-simulation of gcn_core against the model (rtl_tb/tb/cosim/): vectors from
# `gcnref gen` (profile vectors/profiles/cosim.prof: integer and float instructions, no
# s_rfe), each loaded into the model (gcnref_load_vector) and the core, every commit of
# every cycle compared. Included by the top-level Makefile after vectors.mk, dpi.mk and
# rtl.mk (it uses BUILD, BIN, LIBDIR, GEN_SV, VERILATOR, DPI_BUILD, DPI_CFLAGS, DPI_SV,
# RTL_LIST, RTL_SRCS, RTL_VLT, DPI_LINK, CHK_LINK and the rules that build them).
#   make cosim-build    the simulator for COSIM_CFG (salu_latency,valu_depth,branch_penalty;
#                       default 1,6,2: the contract's defaults)
#   make cosim-smoke    COSIM_SMOKE_VECTORS (100) vectors per generation, about 2 s
#                       (cosim-smoke-build: only build the simulator and the vectors)
#   make cosim-run      COSIM_VECTORS vectors per generation (fixed seeds, at least 100,000
#                       retired instructions each), then the summary; fails on a mismatch
#   make cosim-runs     cosim-run on each core configuration of COSIM_RUN_CFGS (make run)
#   make cosim-bugs     each fault of rtl_tb/tb/faults/ switched on in its own run of the one
#                       fault simulator (COSIM_BUG_JOBS at once, default one per CPU): the
#                       co-simulation must report its first mismatch where
#                       rtl_tb/tb/cosim/bugs.txt says (cosim-bugs-build: only build it;
#                       make test runs the check)
#   COSIM_FAULT=NAME    cosim-build, cosim-smoke... on the core with the fault NAME
#                       (rtl_tb/tb/faults/NAME.patch): $(COSIM_BUILD)/bug_NAME/tb_cosim
#                       runs the fault simulator with +fault=NAME
#   make cosim-waves-build  the simulator with FST waves ($(COSIM_CFG_DIR)_waves)
#   WAVES=1             cosim-smoke / cosim-run with waves: $(COSIM_BUILD)/cosim_smoke.fst...
#                       (without it, a failing vector is re-run alone with waves, and the
#                       path of its FST printed)
#   make cosim-bench    co-simulation throughput (cycles and instructions per CPU second)
#                       against the core alone (+rtl_only) and the model alone
#                       (+model_only), and the model's share of the time
COSIM_TB_DIR  := rtl_tb/tb/cosim
COSIM_BUILD   := $(BUILD)/rtl/cosim
COSIM_CFG     ?= 1,6,2
COSIM_PROFILE ?= vectors/profiles/cosim.prof
COSIM_GENS    := gcn10 gcn11 gcn12 gcn14
COSIM_SEED    ?= 1000000
COSIM_VECTORS ?= 4800
# (4,800: with the VOP3-only, float compare, SDWA and DPP bins of generator version 14, make
# run's random vectors close every reachable bin by vector 2,796 (gcn10), 1,800, 4,036 and
# 4,440 (gcn14); 2,700 left 1 to 4 holes per generation. docs/coverage.md)
COSIM_SMOKE_VECTORS ?= 100
COSIM_MAX_MISMATCHES ?= 1
comma := ,
empty :=
space := $(empty) $(empty)
COSIM_PARAMS   = $(subst $(comma),$(space),$(COSIM_CFG))
COSIM_FAULT   ?=
COSIM_CFG_DIR  = $(if $(COSIM_FAULT),$(COSIM_BUILD)/bug_$(COSIM_FAULT),$(COSIM_BUILD)/cfg_$(subst $(comma),_,$(COSIM_CFG)))
COSIM_SIM      = $(COSIM_CFG_DIR)/tb_cosim
COSIM_SIM_WAVES = $(COSIM_CFG_DIR)_waves/tb_cosim
COSIM_PLUSARGS = +salu_latency=$(word 1,$(COSIM_PARAMS)) +valu_depth=$(word 2,$(COSIM_PARAMS)) \
  +branch_penalty=$(word 3,$(COSIM_PARAMS)) +profile=$(COSIM_PROFILE) +self=$(COSIM_SIM) \
  +self_waves=$(COSIM_SIM_WAVES) +dir=$(COSIM_BUILD) +max_mismatches=$(COSIM_MAX_MISMATCHES)
COSIM_LINK = $(abspath $(COSIM_BUILD)/cosim_time.o) $(DPI_LINK)

$(COSIM_BUILD) $(COSIM_BUILD)/vec:
	mkdir -p $@

$(COSIM_BUILD)/cosim_time.o: $(COSIM_TB_DIR)/cosim_time.c | $(COSIM_BUILD)
	$(CC) $(C_FLAGS) -c $< -o $@

# COSIM_DEFINES: extra Verilator defines (+define+NAME).
COSIM_DEFINES ?=
# COSIM_VFLAGS: extra Verilator flags (e.g. --coverage-line for a code-coverage build, with
# its own COSIM_CFG_DIR). COSIM_VLT: extra configuration files, read before the sources (a
# coverage_off applies only to files read after it: the toggle build's rtl_tb/cov_toggle.vlt).
COSIM_VFLAGS ?=
COSIM_VLT ?=
# The C++ optimisation of the generated model's per-cycle code (rtl_tb/verilator.mk): one
# level for make test and make run, so that make run reuses the simulators make test built
# (make test builds every configuration of COSIM_RUN_CFGS: docs/performance.md "make run
# after make test"); the fault simulator's short runs use COSIM_BUG_COPT. The level is
# recorded beside the simulator ($(COSIM_CFG_DIR)/copt): another level rebuilds it. -O2:
# the core runs 1.15 to 1.2 times faster than at -O1 (nearly all of it in the top level's
# per-cycle functions, not the hierarchical blocks), for about 31 more CPU s per build
# (103 against 72 without ccache, load 7): docs/performance.md "Co-simulation: -O2".
COSIM_COPT ?= -O2
$(COSIM_SIM) $(COSIM_CFG_DIR)/copt: VERILATOR_COPT = $(COSIM_COPT)
$(COSIM_CFG_DIR)/copt: FORCE
	$(call vl_copt_stamp,$@,$(@D)/obj)
# The DUT hookup shared with the directed co-simulation (rtl.mk's CORE_SIM too).
COSIM_SHARED := rtl_tb/tb/core/core_dut.svh rtl_tb/tb/retire/core_retire.svh
$(CORE_SIM): $(COSIM_SHARED)

# The simulator's Verilator build: $(call cosim_verilate,RTL FILES,EXTRA FLAGS).
COSIM_SIM_DEPS = $(COSIM_VLT) $(RTL_VLT) $(COSIM_TB_DIR)/tb_cosim.vlt $(RTL_LIST) $(COSIM_TB_DIR)/tb_cosim.sv \
  $(COSIM_SHARED) $(DPI_SV) $(DPI_BUILD)/gcnref_dpi.o $(COSIM_BUILD)/cosim_time.o $(CHK_LINK) $(VL_HIER_DEPS)
define cosim_verilate
	$(call verilate,tb_cosim,$@,$(@D)/obj,$(COSIM_VLT) $(RTL_VLT) $(COSIM_TB_DIR)/tb_cosim.vlt $(DPI_SV) \
	  $(1) $(COSIM_TB_DIR)/tb_cosim.sv $(COSIM_LINK),$(call vl_hier,tb_cosim) --timing \
	  +define+COSIM_SALU_LATENCY=$(word 1,$(COSIM_PARAMS)) +define+COSIM_VALU_DEPTH=$(word 2,$(COSIM_PARAMS)) \
	  +define+COSIM_BRANCH_PENALTY=$(word 3,$(COSIM_PARAMS)) $(COSIM_DEFINES) $(COSIM_VFLAGS) $(2))
	$(call dpi_check,tb_cosim,$@,$(@D)/obj)
endef

# The fault simulator: one build carries every fault of rtl_tb/tb/faults/, each selected at
# run time by +fault=NAME (none: the core as it is). It reads a copy of rtl_tb/rtl/
# ($(COSIM_FAULTS_DIR)/rtl_tb/rtl: the same path below the copy's root, so the waivers'
# file patterns still match) where scripts/fault_merge.py has applied every patch at once,
# each changed line choosing between its original and the fault's expression by
# gcn_fault_pkg::sel (a patch that no longer fits the RTL fails the build). docs/rtl.md
# ("Faults") says why patches. With COSIM_FAULT=NAME, $(COSIM_SIM) (bug_NAME/tb_cosim) is
# a script that runs the fault simulator with +fault=NAME.
COSIM_FAULT_DIR := rtl_tb/tb/faults
COSIM_FAULT_PATCHES := $(sort $(wildcard $(COSIM_FAULT_DIR)/*.patch))
COSIM_FAULTS_DIR ?= $(COSIM_BUILD)/faults
COSIM_FAULTS_SIM = $(COSIM_FAULTS_DIR)/tb_cosim
$(COSIM_FAULTS_DIR)/gcn_fault_pkg.sv: scripts/fault_merge.py $(COSIM_FAULT_PATCHES) $(RTL_SRCS)
	@mkdir -p $(@D)
	$(PYTHON) scripts/fault_merge.py --out $(@D) $(COSIM_FAULT_PATCHES)
$(COSIM_FAULTS_SIM): VERILATOR_COPT = $(COSIM_BUG_COPT)
$(COSIM_FAULTS_SIM): $(COSIM_SIM_DEPS) $(COSIM_FAULTS_DIR)/gcn_fault_pkg.sv
	$(call cosim_verilate,$(COSIM_FAULTS_DIR)/gcn_fault_pkg.sv \
	  $(patsubst rtl_tb/rtl/%,$(COSIM_FAULTS_DIR)/rtl_tb/rtl/%,$(RTL_LIST)),+define+COSIM_FAULTS $(COSIM_BUG_VFLAGS))
# $(call cosim_fault_script,NAME,DIR): DIR/tb_cosim, a script running the fault simulator
# (the folder $(COSIM_FAULTS_DIR) beside DIR) with +fault=NAME.
hash := \#
cosim_fault_script = mkdir -p $(2) && printf '$(hash)!/bin/sh\n$(hash) %s: the fault simulator with +fault=%s (rtl_tb/cosim.mk)\nexec "$$(dirname "$$0")/../%s/tb_cosim" +fault=%s "$$@"\n' \
  $(2)/tb_cosim $(1) $(notdir $(COSIM_FAULTS_DIR)) $(1) >$(2)/tb_cosim && chmod +x $(2)/tb_cosim

ifeq ($(COSIM_FAULT),)
$(COSIM_SIM): $(COSIM_SIM_DEPS) $(COSIM_CFG_DIR)/copt
	$(call cosim_verilate,$(RTL_LIST),)
else
$(if $(filter $(COSIM_FAULT_DIR)/$(COSIM_FAULT).patch,$(COSIM_FAULT_PATCHES)),,$(error COSIM_FAULT=$(COSIM_FAULT): no $(COSIM_FAULT_DIR)/$(COSIM_FAULT).patch))
$(COSIM_SIM): $(COSIM_FAULTS_SIM)
	@$(call cosim_fault_script,$(COSIM_FAULT),$(@D))
endif

cosim-build: $(COSIM_SIM)

# The same simulator with FST waves (+waves=FILE), in its own directory: the normal build
# stays fast.
cosim-waves-build:
	@$(COSIM_SUBMAKE) --no-print-directory -s COSIM_CFG_DIR=$(COSIM_CFG_DIR)_waves VL_HIER=0 \
	  $(if $(COSIM_FAULT),COSIM_FAULTS_DIR=$(COSIM_FAULTS_DIR)_waves) \
	  COSIM_VFLAGS="$(COSIM_VFLAGS) --trace-fst +define+COSIM_WAVES" cosim-build >/dev/null

# Vector files (named with their count): <gen>_run<N>.vec from seed COSIM_SEED + COSIM_SEED_<gen> (vector i from that
# seed + i), <gen>_smoke<N>.vec from COSIM_SEED + 7.
COSIM_SEED_gcn10 := 0
COSIM_SEED_gcn11 := 100000
COSIM_SEED_gcn12 := 200000
COSIM_SEED_gcn14 := 300000
$(COSIM_BUILD)/vec/%_run$(COSIM_VECTORS).vec: $(BIN)/gcnref $(COSIM_PROFILE) | $(COSIM_BUILD)/vec
	$(BIN)/gcnref gen --gen $* --seed $$(( $(COSIM_SEED) + $(COSIM_SEED_$*) )) \
	  --count $(COSIM_VECTORS) --profile $(COSIM_PROFILE) -o $@
$(COSIM_BUILD)/vec/%_smoke$(COSIM_SMOKE_VECTORS).vec: $(BIN)/gcnref $(COSIM_PROFILE) | $(COSIM_BUILD)/vec
	$(BIN)/gcnref gen --gen $* --seed $$(( $(COSIM_SEED) + 7 )) \
	  --count $(COSIM_SMOKE_VECTORS) --profile $(COSIM_PROFILE) -o $@

COSIM_RUN_VECS   := $(foreach g,$(COSIM_GENS),$(COSIM_BUILD)/vec/$(g)_run$(COSIM_VECTORS).vec)
COSIM_SMOKE_VECS := $(foreach g,$(COSIM_GENS),$(COSIM_BUILD)/vec/$(g)_smoke$(COSIM_SMOKE_VECTORS).vec)
cosim_list = $(subst $(space),$(comma),$(strip $(1)))

# The simulator and the smoke vectors (what `make test` builds before run_tests.py).
cosim-smoke-build: $(COSIM_SIM) $(COSIM_SMOKE_VECS)

# cosim_go,NAME,VECTOR FILES: runs the co-simulation (with WAVES=1 the waves simulator,
# FST in $(COSIM_BUILD)/NAME.fst), log $(COSIM_BUILD)/NAME.log; on a failure without
# WAVES, re-runs the first failing vector alone with waves (its "reproduce with waves"
# line) and prints the FST's path.
WAVES ?=
define cosim_go
$(if $(WAVES),$(COSIM_SUBMAKE) --no-print-directory -s cosim-waves-build &&) \
	$(if $(WAVES),$(COSIM_SIM_WAVES),$(COSIM_SIM)) \
	  +vectors=$(call cosim_list,$(2)) +gen=$(call cosim_list,$(COSIM_GENS)) \
	  $(COSIM_PLUSARGS) $(if $(WAVES),+waves=$(COSIM_BUILD)/$(1).fst) | tee $(COSIM_BUILD)/$(1).log; \
	if grep -Eq '^[0-9]+ passed, 0 failed$$' $(COSIM_BUILD)/$(1).log; then exit 0; fi; \
	cmd=$$(sed -n 's/^reproduce with waves: //p' $(COSIM_BUILD)/$(1).log | head -1); \
	if [ -z "$(WAVES)" ] && [ -n "$$cmd" ]; then \
	  echo "re-running the first failing vector with waves: $$cmd"; \
	  $(COSIM_SUBMAKE) --no-print-directory -s cosim-waves-build && \
	  $$cmd >$(COSIM_BUILD)/$(1)_waves.log 2>&1; \
	  echo "waves: $$(sed -n 's/^waves: //p' $(COSIM_BUILD)/$(1)_waves.log | head -1) (log $(COSIM_BUILD)/$(1)_waves.log)"; \
	fi; exit 1
endef

cosim-smoke: $(COSIM_SIM) $(COSIM_SMOKE_VECS)
	@$(call cosim_go,cosim_smoke,$(COSIM_SMOKE_VECS))

cosim-run: $(COSIM_SIM) $(COSIM_RUN_VECS)
	@$(call cosim_go,$(COSIM_RUN_LOG),$(COSIM_RUN_VECS))

# make cosim-runs (what make run does): cosim-run on every core configuration of
# COSIM_RUN_CFGS, the same vectors each, one simulator per configuration and the model's
# timing core set to it (the first configuration logs to cosim_run.log, the others to
# cosim_run_cfg_S_V_B.log). The second one has an SALU latency above 1 and above the VALU
# depth (an SALU write that the core forgets to mark busy, invisible at latency 1, and an
# SALU commit older than the VALU pass of the same cycle) and another VALU depth and
# branch penalty: the directed co-simulation's second configuration (rtl_tb/tb/core/tb_core.sv).
# Each configuration is a job of its own, all at once (a co-simulation is one process: one
# core each): its simulator built if make test has not built it (cosim-cfgs-build), then its
# run, whose output is printed when it ends, in COSIM_RUN_CFGS order.
COSIM_RUN_CFGS ?= 1,6,2 3,2,4
COSIM_RUN_LOG = $(if $(filter $(firstword $(COSIM_RUN_CFGS)),$(COSIM_CFG)),cosim_run,cosim_run_cfg_$(subst $(comma),_,$(COSIM_CFG)))
cosim-runs: $(COSIM_RUN_VECS) $(COSIM_SIM_DEPS)
	@echo "== co-simulating each core configuration at once ($(COSIM_RUN_CFGS): salu_latency,valu_depth,branch_penalty), $(COSIM_VECTORS) vectors per generation"
	@pids=; for cfg in $(COSIM_RUN_CFGS); do \
	  { $(COSIM_SUBMAKE) --no-print-directory -s COSIM_CFG=$$cfg cosim-build && \
	    echo "cosim-runs: $$cfg: co-simulating $(words $(COSIM_GENS)) x $(COSIM_VECTORS) vectors" && \
	    $(COSIM_SUBMAKE) --no-print-directory COSIM_CFG=$$cfg cosim-run >$(COSIM_BUILD)/cosim_runs_$$cfg.out 2>&1; } & \
	  pids="$$pids $$!"; \
	done; rc=0; set -- $$pids; for cfg in $(COSIM_RUN_CFGS); do \
	  wait $$1 || rc=1; shift; \
	  echo "== co-simulation, core configuration $$cfg (salu_latency,valu_depth,branch_penalty)"; \
	  cat $(COSIM_BUILD)/cosim_runs_$$cfg.out 2>/dev/null; \
	done; exit $$rc

# The simulators of make run's configurations other than COSIM_CFG (whose simulator
# cosim-build and cosim-smoke-build give): make test builds them, at the same COSIM_COPT,
# so that make run after make test builds no simulator; make test co-simulates the smoke
# vectors on them too (tests/suites.mk, rtl_cosim_smoke_cfg_S_V_B).
COSIM_OTHER_CFGS = $(filter-out $(COSIM_CFG),$(COSIM_RUN_CFGS))
cosim-cfgs-build:
	+@$(foreach c,$(COSIM_OTHER_CFGS),$(COSIM_SUBMAKE) --no-print-directory -s COSIM_CFG=$(c) cosim-build && ) true

# Throughput: COSIM_BENCH_VECTORS (of the run vectors' seeds) per generation co-simulated,
# then the same vectors on the core alone (+rtl_only: the model only loads them and gives
# the initial state) and on the model alone (+model_only: the core is not clocked). The
# figures use the process's CPU time (less sensitive to other work than the wall clock)
# and are ratios of the same make run: the co-simulation against each reference, and the
# model's (and the comparison's) share of the co-simulation time. CPU time on the shared
# VM varies by up to 30% between runs of a few seconds, so the three runs are repeated
# COSIM_BENCH_RUNS times, interleaved (each round co-simulation, core, model), and each
# figure is the best (least CPU time) of its runs; the worst is printed beside it.
COSIM_BENCH_VECTORS ?= 300
COSIM_BENCH_RUNS ?= 3
$(COSIM_BUILD)/vec/%_bench$(COSIM_BENCH_VECTORS).vec: $(BIN)/gcnref $(COSIM_PROFILE) | $(COSIM_BUILD)/vec
	$(BIN)/gcnref gen --gen $* --seed $$(( $(COSIM_SEED) + $(COSIM_SEED_$*) )) \
	  --count $(COSIM_BENCH_VECTORS) --profile $(COSIM_PROFILE) -o $@
COSIM_BENCH_VECS := $(foreach g,$(COSIM_GENS),$(COSIM_BUILD)/vec/$(g)_bench$(COSIM_BENCH_VECTORS).vec)
# $(call cosim_bench_go,LOG SUFFIX,PLUSARGS): one run, its log cosim_bench<SUFFIX>_<round>.log.
cosim_bench_go = $(COSIM_SIM) +vectors=$(call cosim_list,$(COSIM_BENCH_VECS)) +gen=$(call cosim_list,$(COSIM_GENS)) \
	  $(COSIM_PLUSARGS) $(2) >$(COSIM_BUILD)/cosim_bench$(1)_$$r.log 2>&1 || { cat $(COSIM_BUILD)/cosim_bench$(1)_$$r.log; exit 1; }
cosim-bench: $(COSIM_SIM) $(COSIM_BENCH_VECS)
	@rm -f $(COSIM_BUILD)/cosim_bench*.log
	@for r in $$(seq 1 $(COSIM_BENCH_RUNS)); do \
	  echo "cosim-bench: round $$r of $(COSIM_BENCH_RUNS) (co-simulation, core alone, model alone)"; \
	  $(call cosim_bench_go,,) ; $(call cosim_bench_go,_rtl,+rtl_only) ; $(call cosim_bench_go,_model,+model_only) ; \
	done
	@awk 'FNR == 1 { f = FILENAME ~ /_rtl_/ ? "r" : FILENAME ~ /_model_/ ? "m" : "c" } \
	  /^wall: total/ { i[f] = $$5; c[f] = $$7 } \
	  /^wall: cpu/ { n[f]++; if (!(f in t) || $$3 < t[f]) t[f] = $$3; if ($$3 > w[f]) w[f] = $$3 } \
	  END { printf "co-simulation (%d vectors/gen, cfg $(COSIM_CFG), best of %d runs): %.0f cycles/s, %.0f instr/s (%d cycles, %d instructions, %.2f s CPU, worst %.2f s)\n", \
	          $(COSIM_BENCH_VECTORS), n["c"], c["c"] / t["c"], i["c"] / t["c"], c["c"], i["c"], t["c"], w["c"]; \
	        printf "  vs the core alone (+rtl_only, %.0f cycles/s, worst %.2f s):   %.2f x its speed\n", c["r"] / t["r"], w["r"], t["r"] / t["c"]; \
	        printf "  vs the model alone (+model_only, %.0f cycles/s, worst %.2f s): %.3f x its speed\n", c["m"] / t["m"], w["m"], t["m"] / t["c"]; \
	        printf "  model and comparison: %.0f%% of the co-simulation time (best against best)\n", 100 * (t["c"] - t["r"]) / t["c"] }' \
	  $(COSIM_BUILD)/cosim_bench_[0-9]*.log $(COSIM_BUILD)/cosim_bench_rtl_*.log $(COSIM_BUILD)/cosim_bench_model_*.log

.PHONY: cosim-build cosim-waves-build cosim-smoke-build cosim-smoke cosim-run cosim-runs cosim-cfgs-build cosim-bench

# ---------------------------------------------------------------- the checker's self-check
# Each fault rtl_tb/tb/faults/<NAME>.patch is one switch of the fault simulator
# ($(COSIM_FAULTS_SIM), run through $(COSIM_BUILD)/bug_<NAME>/tb_cosim: +fault=NAME); its
# co-simulation on COSIM_BUG_VECTORS vectors per generation must report its first mismatch
# at the instruction and field that rtl_tb/tb/cosim/bugs.txt gives for NAME
# (rtl_tb/tb/cosim/check_bugs.py; a fault needs a row there), and without a fault the
# same simulator must pass them. Its log is $(COSIM_BUILD)/bug_<NAME>.log. make test builds
# it (cosim-bugs-build) and runs the check as one suite.
COSIM_BUGS := $(sort $(basename $(notdir $(COSIM_FAULT_PATCHES))))
# 170 (was 50, then 80; generator version 15): BUG_SDWA_SEXT_IGNORED first shows at gcn12's
# vector 64, BUG_MED3_U16_SIGNED at gcn14's vector 162 (v_med3_u16 is rare, and about half
# the VALU instructions run with EXEC 0, docs/coverage.md); a caught fault stops at its first
# mismatch, so only the no-fault run and the late faults read them all. Generator version 16
# (EXEC = 0 for about 6% of the VALU instructions, was 48%): every fault shows by index 50
# (BUG_MED3_U16_SIGNED on gcn14; BUG_MAD_U64_NO_CARRY gcn12 42, BUG_CMP_SIGNED_AS_UNSIGNED
# gcn10 34, BUG_SDWA_SEXT_IGNORED gcn12 4).
# 64 (was 170; generator version 19): the lock-step run of a fault reads every vector before
# the one that catches it, so a gcn14-only fault reads the whole gcn10, gcn11 and gcn12
# files first (510 vectors at 170): most of the check's time. The latest catch is
# BUG_MAD_U64_NO_CARRY at gcn11's vector 53 (docs/performance.md, "make test's run time"); a fault
# not caught within them fails loudly ("not caught"): raise this then.
# 80 (generator version 20): the f64 rows moved the catches; the latest is
# BUG_F64_CVT_DENORM_FLUSHED at gcn12's vector 62 (an f32 denormal converted under a MODE that
# keeps f32 denormals: a rare band), too near 64.
# 100 (generator version 21): the f64 transcendentals' group and the retuned profile moved
# BUG_MED3_U16_SIGNED (gcn14 only) to gcn14's vector 86.
COSIM_BUG_VECTORS ?= 100
# The simulations the check runs at once (empty: one per CPU, nproc); its output stays in
# bugs.txt's order.
COSIM_BUG_JOBS ?=
# -O1: half the compile CPU of -Os on the float RTL (51 MB of per-cycle C++). -Og halves it
# again (257 CPU s) but the core runs 3 to 4 times slower than at -O1 (docs/performance.md).
COSIM_BUG_COPT ?= -O1
COSIM_BUG_VFLAGS ?=
COSIM_BUG_TABLE := $(COSIM_TB_DIR)/bugs.txt
# (until the top-level Makefile includes this file, the sub-make names both files)
COSIM_SUBMAKE = $(MAKE) $(if $(shell grep -qs 'include rtl_tb/cosim.mk' Makefile && echo y),,-f Makefile -f rtl_tb/cosim.mk)
$(COSIM_BUILD)/vec/%_bugs$(COSIM_BUG_VECTORS).vec: $(BIN)/gcnref $(COSIM_PROFILE) | $(COSIM_BUILD)/vec
	$(BIN)/gcnref gen --gen $* --seed $$(( $(COSIM_SEED) + 500000 )) \
	  --count $(COSIM_BUG_VECTORS) --profile $(COSIM_PROFILE) -o $@
COSIM_BUG_VECS := $(foreach g,$(COSIM_GENS),$(COSIM_BUILD)/vec/$(g)_bugs$(COSIM_BUG_VECTORS).vec)

# Also writes the list of switches ($(COSIM_BUILD)/bugs.list) that the check reads.
cosim-bugs-build: $(COSIM_FAULTS_SIM) $(COSIM_BUG_VECS) $(BIN)/gcnref
	@$(foreach b,$(COSIM_BUGS),$(call cosim_fault_script,$(b),$(COSIM_BUILD)/bug_$(b)) && ) true
	@printf '%s\n' $(COSIM_BUGS) >$(COSIM_BUILD)/bugs.list

# The check itself (make cosim-bugs and make test's rtl_cosim_bugs suite run this command).
COSIM_BUGS_CHECK = $(PYTHON) $(COSIM_TB_DIR)/check_bugs.py --table $(COSIM_BUG_TABLE) --build $(COSIM_BUILD) \
	  --vectors $(call cosim_list,$(COSIM_BUG_VECS)) --gen $(call cosim_list,$(COSIM_GENS)) \
	  --cfg $(COSIM_CFG) --profile $(COSIM_PROFILE) --bugs-file $(COSIM_BUILD)/bugs.list \
	  --no-fault $(COSIM_FAULTS_SIM) $(if $(COSIM_BUG_JOBS),-j $(COSIM_BUG_JOBS))
cosim-bugs: cosim-bugs-build
	@$(COSIM_BUGS_CHECK)

.PHONY: cosim-bugs cosim-bugs-build

# ---------------------------------------------------------------- float regression
# make cosim-float: the float datapath's long regression (not part of make test):
# COSIM_FLOAT_VECTORS vectors per generation of vectors/profiles/cosim_float.prof (float
# instructions, with modifiers, under every MODE rounding and denormal setting; at least
# 1,000,000 float instructions per generation), then the summary; fails on a mismatch.
COSIM_FLOAT_PROFILE ?= vectors/profiles/cosim_float.prof
COSIM_FLOAT_VECTORS ?= 36000
COSIM_FLOAT_SEED ?= 7000000
$(COSIM_BUILD)/vec/%_float$(COSIM_FLOAT_VECTORS).vec: $(BIN)/gcnref $(COSIM_FLOAT_PROFILE) | $(COSIM_BUILD)/vec
	$(BIN)/gcnref gen --gen $* --seed $$(( $(COSIM_FLOAT_SEED) + $(COSIM_SEED_$*) )) \
	  --count $(COSIM_FLOAT_VECTORS) --profile $(COSIM_FLOAT_PROFILE) -o $@
COSIM_FLOAT_VECS := $(foreach g,$(COSIM_GENS),$(COSIM_BUILD)/vec/$(g)_float$(COSIM_FLOAT_VECTORS).vec)

cosim-float: $(COSIM_SIM) $(COSIM_FLOAT_VECS)
	@$(COSIM_SIM) +vectors=$(call cosim_list,$(COSIM_FLOAT_VECS)) +gen=$(call cosim_list,$(COSIM_GENS)) \
	  $(subst +profile=$(COSIM_PROFILE),+profile=$(COSIM_FLOAT_PROFILE),$(COSIM_PLUSARGS)) \
	  | tee $(COSIM_BUILD)/cosim_float.log
	@grep -Eq '^[0-9]+ passed, 0 failed$$' $(COSIM_BUILD)/cosim_float.log

.PHONY: cosim-float
