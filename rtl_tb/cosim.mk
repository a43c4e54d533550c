# The random co-simulation of gcn_core against the model (rtl_tb/tb/cosim/): vectors from
# `gcnref gen` (profile vectors/profiles/cosim_int.prof: integer instructions only, no
# s_rfe), each loaded into the model (gcnref_load_vector) and the core, every commit of
# every cycle compared. Included by the top-level Makefile after vectors.mk, dpi.mk and
# rtl.mk (it uses BUILD, BIN, LIBDIR, GEN_SV, VERILATOR, DPI_BUILD, DPI_CFLAGS, DPI_SV,
# RTL_SRCS, RTL_VLT, VEC_OBJ and the rules that build them).
#   make cosim-build    the simulator for COSIM_CFG (salu_latency,valu_depth,branch_penalty;
#                       default 1,6,2: the contract's defaults)
#   make cosim-smoke    COSIM_SMOKE_VECTORS (100) vectors per generation, about 2 s
#                       (cosim-smoke-build: only build the simulator and the vectors)
#   make cosim-run      COSIM_VECTORS vectors per generation (fixed seeds, at least 100,000
#                       retired instructions each), then the summary; fails on a mismatch
#   make cosim-bugs     each BUG_* switch of gcn_core.sv built in turn: the co-simulation
#                       must report a mismatch for every one
COSIM_TB_DIR  := rtl_tb/tb/cosim
COSIM_BUILD   := $(BUILD)/rtl/cosim
COSIM_CFG     ?= 1,6,2
COSIM_PROFILE ?= vectors/profiles/cosim_int.prof
COSIM_GENS    := gcn10 gcn11 gcn12 gcn14
COSIM_SEED    ?= 1000000
COSIM_VECTORS ?= 2700
COSIM_SMOKE_VECTORS ?= 100
COSIM_MAX_MISMATCHES ?= 1
comma := ,
empty :=
space := $(empty) $(empty)
COSIM_PARAMS   = $(subst $(comma),$(space),$(COSIM_CFG))
COSIM_CFG_DIR  = $(COSIM_BUILD)/cfg_$(subst $(comma),_,$(COSIM_CFG))
COSIM_SIM      = $(COSIM_CFG_DIR)/tb_cosim
COSIM_PLUSARGS = +salu_latency=$(word 1,$(COSIM_PARAMS)) +valu_depth=$(word 2,$(COSIM_PARAMS)) \
  +branch_penalty=$(word 3,$(COSIM_PARAMS)) +profile=$(COSIM_PROFILE) +self=$(COSIM_SIM) \
  +dir=$(COSIM_BUILD) +max_mismatches=$(COSIM_MAX_MISMATCHES)
# The vector reader is linked as an object: the adapter refers to it weakly, and an
# archive member is not extracted for a weak reference.
COSIM_LINK = $(abspath $(DPI_BUILD)/gcnref_dpi.o $(COSIM_BUILD)/cosim_time.o \
  $(VEC_OBJ)/vecfile.o $(LIBDIR)/libgcnref.a)

$(COSIM_BUILD) $(COSIM_BUILD)/vec:
	mkdir -p $@

$(COSIM_BUILD)/cosim_time.o: $(COSIM_TB_DIR)/cosim_time.c | $(COSIM_BUILD)
	$(CC) -std=c11 -Wall -Wextra -O2 -fPIC $(EXTRA_CFLAGS) -c $< -o $@

# COSIM_DEFINES (e.g. +define+BUG_SCC_ADD_U32) builds a faulty core (cosim-bugs).
COSIM_DEFINES ?=
# COSIM_VFLAGS: extra Verilator flags (e.g. --coverage-line --coverage-toggle for a
# code-coverage build, with its own COSIM_CFG_DIR).
COSIM_VFLAGS ?=
$(COSIM_SIM): $(RTL_VLT) $(COSIM_TB_DIR)/tb_cosim.vlt $(GEN_SV) $(RTL_SRCS) \
    $(COSIM_TB_DIR)/tb_cosim.sv $(DPI_SV) $(DPI_BUILD)/gcnref_dpi.o $(COSIM_BUILD)/cosim_time.o \
    $(VEC_OBJ)/vecfile.o $(LIBDIR)/libgcnref.a
	mkdir -p $(@D)
	$(VERILATOR) --binary --timing -Wall -j 2 --Mdir $(@D)/obj --top-module tb_cosim \
	  -GSALU_LATENCY=$(word 1,$(COSIM_PARAMS)) -GVALU_DEPTH=$(word 2,$(COSIM_PARAMS)) \
	  -GBRANCH_PENALTY=$(word 3,$(COSIM_PARAMS)) $(COSIM_DEFINES) $(COSIM_VFLAGS) \
	  -o $(abspath $@) -CFLAGS -O2 $(RTL_VLT) $(COSIM_TB_DIR)/tb_cosim.vlt $(DPI_SV) $(GEN_SV) \
	  $(RTL_SRCS) $(COSIM_TB_DIR)/tb_cosim.sv $(COSIM_LINK) \
	  -LDFLAGS "-lm $(EXTRA_CFLAGS)" >$(@D)/verilator.log 2>&1 \
	  || { cat $(@D)/verilator.log; exit 1; }
	$(CC) $(DPI_CFLAGS) -Wno-strict-prototypes -Werror -fsyntax-only \
	  -include $(@D)/obj/Vtb_cosim__Dpi.h dpi/gcnref_dpi.c || { rm -f $@; exit 1; }

cosim-build: $(COSIM_SIM)

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

cosim-smoke: $(COSIM_SIM) $(COSIM_SMOKE_VECS)
	@$(COSIM_SIM) +vectors=$(call cosim_list,$(COSIM_SMOKE_VECS)) +gen=$(call cosim_list,$(COSIM_GENS)) \
	  $(COSIM_PLUSARGS) | tee $(COSIM_BUILD)/cosim_smoke.log
	@grep -Eq '^[0-9]+ passed, 0 failed$$' $(COSIM_BUILD)/cosim_smoke.log

cosim-run: $(COSIM_SIM) $(COSIM_RUN_VECS)
	@$(COSIM_SIM) +vectors=$(call cosim_list,$(COSIM_RUN_VECS)) +gen=$(call cosim_list,$(COSIM_GENS)) \
	  $(COSIM_PLUSARGS) | tee $(COSIM_BUILD)/cosim_run.log
	@grep -Eq '^[0-9]+ passed, 0 failed$$' $(COSIM_BUILD)/cosim_run.log

.PHONY: cosim-build cosim-smoke-build cosim-smoke cosim-run

# ---------------------------------------------------------------- the checker's self-check
# Each BUG_* switch of gcn_core.sv (all off by default) builds a faulty core
# ($(COSIM_BUILD)/bug_<NAME>/tb_cosim); its co-simulation on COSIM_BUG_VECTORS vectors per
# generation must report a mismatch (or a watchdog). Its log is $(COSIM_BUILD)/bug_<NAME>.log.
COSIM_BUGS := BUG_SCC_ADD_U32 BUG_CARRY_LANE47 BUG_EXEC_PASS3 BUG_NO_VGPR_INTERLOCK
COSIM_BUG_VECTORS ?= 200
# (until the top-level Makefile includes this file, the sub-make names both files)
COSIM_SUBMAKE = $(MAKE) $(if $(shell grep -qs 'include rtl_tb/cosim.mk' Makefile && echo y),,-f Makefile -f rtl_tb/cosim.mk)
$(COSIM_BUILD)/vec/%_bugs$(COSIM_BUG_VECTORS).vec: $(BIN)/gcnref $(COSIM_PROFILE) | $(COSIM_BUILD)/vec
	$(BIN)/gcnref gen --gen $* --seed $$(( $(COSIM_SEED) + 500000 )) \
	  --count $(COSIM_BUG_VECTORS) --profile $(COSIM_PROFILE) -o $@
COSIM_BUG_VECS := $(foreach g,$(COSIM_GENS),$(COSIM_BUILD)/vec/$(g)_bugs$(COSIM_BUG_VECTORS).vec)

cosim-bugs: $(COSIM_BUG_VECS) $(BIN)/gcnref
	@pass=0; fail=0; for b in $(COSIM_BUGS); do \
	  $(COSIM_SUBMAKE) --no-print-directory -s COSIM_DEFINES=+define+$$b \
	    COSIM_CFG_DIR=$(COSIM_BUILD)/bug_$$b cosim-build >/dev/null || exit 1; \
	  sh -c 'ulimit -c 0; "$$@"; true' sh $(COSIM_BUILD)/bug_$$b/tb_cosim \
	    +self=$(COSIM_BUILD)/bug_$$b/tb_cosim +vectors=$(call cosim_list,$(COSIM_BUG_VECS)) \
	    +gen=$(call cosim_list,$(COSIM_GENS)) $(COSIM_PLUSARGS) >$(COSIM_BUILD)/bug_$$b.log 2>&1; \
	  if grep -q '^MISMATCH\|^WATCHDOG' $(COSIM_BUILD)/bug_$$b.log; then \
	    pass=$$((pass+1)); echo "ok   $$b: $$(grep -m1 -A1 '^MISMATCH\|^WATCHDOG' $(COSIM_BUILD)/bug_$$b.log | tail -1 | sed 's/^ *//')"; \
	  else fail=$$((fail+1)); echo "FAIL $$b: no mismatch reported"; fi; \
	done; echo "$$pass passed, $$fail failed"; test $$fail = 0

.PHONY: cosim-bugs
