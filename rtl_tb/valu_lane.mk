# gcn_valu_lane (rtl_tb/rtl/gcn_valu_lane.sv): its Verilator test against the C model, lint
# and a yosys synthesis check. Included by the top-level Makefile (after BUILD, LIBDIR, GEN,
# GEN_SV and HDRS are defined).
#   make valu-lane-test   build $(BUILD)/rtl/valu_lane/valu_lane_tb and run it; fails unless
#                         it ends with "N passed, 0 failed"
#   make valu-lane-lint   verilator --lint-only -Wall: the lane alone, and with its test top
#   make valu-lane-synth  yosys: parse, synthesize, assert no latch, print the cell count
# The C++ driver (tb/valu_lane/valu_lane_main.cpp) links libgcnref.a (C, built by $(CC));
# verilator compiles only the driver and the generated model.
YOSYS ?= yosys
VALU_LANE_DIR := rtl_tb/tb/valu_lane
VALU_LANE_BUILD := $(BUILD)/rtl/valu_lane
VALU_LANE_TB := $(VALU_LANE_BUILD)/valu_lane_tb
VALU_LANE_RTL := rtl_tb/rtl/gcn_valu_lane.sv
VALU_LANE_VLT := $(VALU_LANE_DIR)/valu_lane.vlt
VALU_LANE_SV := $(VALU_LANE_VLT) $(GEN_SV) $(VALU_LANE_RTL)
# Yosys 0.23 reads the generated package as it is (no `return`, qualified constants).

$(VALU_LANE_BUILD):
	mkdir -p $@

$(VALU_LANE_TB): $(VALU_LANE_SV) $(VALU_LANE_DIR)/valu_lane_tb.sv \
    $(VALU_LANE_DIR)/valu_lane_main.cpp vectors/rng.h $(LIBDIR)/libgcnref.a $(HDRS) | $(VALU_LANE_BUILD)
	$(call verilate,valu_lane_tb,$@,$(VALU_LANE_BUILD)/obj,$(VALU_LANE_SV) \
	  $(VALU_LANE_DIR)/valu_lane_tb.sv $(VALU_LANE_DIR)/valu_lane_main.cpp $(LIBDIR)/libgcnref.a)

valu-lane-build: $(VALU_LANE_TB)

valu-lane-test: $(VALU_LANE_TB)
	@$(VALU_LANE_TB) | tee $(VALU_LANE_BUILD)/valu_lane_test.log
	@grep -Eq '^[0-9]+ passed, 0 failed$$' $(VALU_LANE_BUILD)/valu_lane_test.log

valu-lane-lint: $(VALU_LANE_SV)
	$(call verilate_lint,gcn_valu_lane,$(VALU_LANE_SV))
	$(call verilate_lint,valu_lane_tb,$(VALU_LANE_SV) $(VALU_LANE_DIR)/valu_lane_tb.sv)

VALU_LANE_YOSYS_SCRIPT = read_verilog -sv $(GEN_SV) $(VALU_LANE_RTL); \
  synth -top gcn_valu_lane; select -assert-none t:*latch* t:*LATCH*; \
  tee -q -o $(VALU_LANE_BUILD)/yosys_stat.txt stat

valu-lane-synth: $(GEN_SV) $(VALU_LANE_RTL)
	$(YOSYS) -q -l $(VALU_LANE_BUILD)/yosys.log -p '$(VALU_LANE_YOSYS_SCRIPT)'
	@grep -E 'Number of cells' $(VALU_LANE_BUILD)/yosys_stat.txt

.PHONY: valu-lane-build valu-lane-test valu-lane-lint valu-lane-synth

# ---------------------------------------------------------------- gcn_fp_lane
# The float lane (rtl_tb/rtl/fp/): its Verilator test against the model (every float op,
# every generation, random MODE and modifiers, float corner operands) and a yosys run with
# the lane as its own top (make synth runs it too: FP_LANE_SYNTH_STAT).
#   make fp-lane-test     build $(BUILD)/rtl/fp_lane/fp_lane_tb and run it; fails unless it
#                         ends with "N passed, 0 failed" (FP_LANE_CALLS x 64 lanes per test)
#   make fp-lane-synth    yosys: synthesize gcn_fp_lane, assert no latch, cells per module
FP_LANE_DIR := rtl_tb/tb/fp_lane
FP_LANE_BUILD := $(BUILD)/rtl/fp_lane
FP_LANE_TB := $(FP_LANE_BUILD)/fp_lane_tb
include rtl_tb/filelist.mk
FP_LANE_RTL := $(RTL_FP_SRCS)
FP_LANE_CALLS ?= 200

$(FP_LANE_BUILD):
	mkdir -p $@

$(FP_LANE_TB): rtl_tb/lint.vlt $(GEN_SV) $(FP_LANE_RTL) $(FP_LANE_DIR)/fp_lane_tb.sv \
    $(FP_LANE_DIR)/fp_lane_main.cpp vectors/rng.h $(LIBDIR)/libgcnref.a $(HDRS) | $(FP_LANE_BUILD)
	$(call verilate,fp_lane_tb,$@,$(FP_LANE_BUILD)/obj,rtl_tb/lint.vlt $(GEN_SV) $(FP_LANE_RTL) \
	  $(FP_LANE_DIR)/fp_lane_tb.sv $(FP_LANE_DIR)/fp_lane_main.cpp $(LIBDIR)/libgcnref.a)

fp-lane-build: $(FP_LANE_TB)

fp-lane-test: $(FP_LANE_TB)
	@$(FP_LANE_TB) 1 $(FP_LANE_CALLS) | tee $(FP_LANE_BUILD)/fp_lane_test.log
	@grep -Eq '^[0-9]+ passed, 0 failed$$' $(FP_LANE_BUILD)/fp_lane_test.log

# One lane, f32 and f16, as its own top: the core's synthesis keeps gcn_fp_lane as a black
# box (its 16 copies would multiply yosys's time), so the float datapath's cells are counted
# here, once per lane.
# The transcendental unit (gcn_fp_trans: some 25 wide multipliers, whose gate mapping would
# take minutes) is a black box here and synthesized alone, coarse passes only
# (FP_TRANS_SYNTH_STAT: word-level cells).
FP_LANE_SYNTH_STAT := $(FP_LANE_BUILD)/yosys_stat.txt
$(FP_LANE_SYNTH_STAT): $(GEN_SV) $(FP_LANE_RTL) | $(FP_LANE_BUILD)
	$(YOSYS) -q -l $(FP_LANE_BUILD)/yosys.log -p 'read_verilog -sv $(GEN_SV) $(FP_LANE_RTL)' \
	  -p 'blackbox gcn_fp_trans' \
	  -p 'synth -top gcn_fp_lane$(if $(filter 0,$(SYNTH_ABC)), -run :fine)' \
	  -p 'select -assert-none t:$$_DLATCH* t:$$dlatch* t:$$adlatch t:$$_SR_* t:$$sr' \
	  -p 'tee -q -o $@.tmp stat' && mv $@.tmp $@

# gcn14's float VOP3P lane (gcn_fp_pk: the packed f16 ops, v_mad_mix*), a black box in the
# core's run too, synthesized here as its own top.
FP_PK_SYNTH_STAT := $(FP_LANE_BUILD)/yosys_pk_stat.txt
$(FP_PK_SYNTH_STAT): $(GEN_SV) $(FP_LANE_RTL) | $(FP_LANE_BUILD)
	$(YOSYS) -q -l $(FP_LANE_BUILD)/yosys_pk.log -p 'read_verilog -sv $(GEN_SV) $(FP_LANE_RTL)' \
	  -p 'synth -top gcn_fp_pk$(if $(filter 0,$(SYNTH_ABC)), -run :fine)' \
	  -p 'select -assert-none t:$$_DLATCH* t:$$dlatch* t:$$adlatch t:$$_SR_* t:$$sr' \
	  -p 'tee -q -o $@.tmp stat' && mv $@.tmp $@

FP_TRANS_SYNTH_STAT := $(FP_LANE_BUILD)/yosys_trans_stat.txt
$(FP_TRANS_SYNTH_STAT): $(GEN_SV) $(FP_LANE_RTL) | $(FP_LANE_BUILD)
	$(YOSYS) -q -l $(FP_LANE_BUILD)/yosys_trans.log -p 'read_verilog -sv $(GEN_SV) $(FP_LANE_RTL)' \
	  -p 'synth -top gcn_fp_trans -run :fine' \
	  -p 'select -assert-none t:$$_DLATCH* t:$$dlatch* t:$$adlatch t:$$_SR_* t:$$sr' \
	  -p 'tee -q -o $@.tmp stat' && mv $@.tmp $@

# The f64 lane (gcn_fp64_lane, issue 16) likewise, as its own top (a black box in the core's
# run too). With SYNTH_ABC=0 (make test) the lanes too get only the coarse passes (word-level
# cells; the float lane's gate mapping was 38 of its 98 CPU s), as the core's.
FP64_LANE_SYNTH_STAT := $(FP_LANE_BUILD)/yosys_stat_fp64.txt
$(FP64_LANE_SYNTH_STAT): $(GEN_SV) $(FP_LANE_RTL) | $(FP_LANE_BUILD)
	$(YOSYS) -q -l $(FP_LANE_BUILD)/yosys_fp64.log -p 'read_verilog -sv $(GEN_SV) $(FP_LANE_RTL)' \
	  -p 'synth -top gcn_fp64_lane$(if $(filter 0,$(SYNTH_ABC)), -run :fine)' \
	  -p 'select -assert-none t:$$_DLATCH* t:$$dlatch* t:$$adlatch t:$$_SR_* t:$$sr' \
	  -p 'tee -q -o $@.tmp stat' && mv $@.tmp $@

fp-lane-synth: $(FP_LANE_SYNTH_STAT) $(FP_PK_SYNTH_STAT) $(FP_TRANS_SYNTH_STAT) $(FP64_LANE_SYNTH_STAT)
	@awk '/^=== / { mod = $$2 } /Number of cells:/ { printf "%-44s %10d cells\n", mod, $$4 }' \
	  $(FP_LANE_SYNTH_STAT) $(FP_PK_SYNTH_STAT) $(FP_TRANS_SYNTH_STAT)
	@echo "f64 lane (gcn_fp64_lane):"
	@awk '/^=== / { mod = $$2 } /Number of cells:/ { printf "  %-42s %10d cells\n", mod, $$4 }' $(FP64_LANE_SYNTH_STAT)

.PHONY: fp-lane-build fp-lane-test fp-lane-synth

# ---------------------------------------------------------------- gcn_fp_trans
# The transcendental unit alone (rtl_tb/rtl/fp/gcn_fp_trans*.sv): its worst error over
# FP_TRANS_SAMPLES f32 inputs per op (every f16 input in 8 MODEs) against GNU MPFR and the
# model, printed per op; fails beyond the ISA table's approx=N or on a special case.
#   make fp-trans-test       build $(BUILD)/rtl/fp_trans/fp_trans_tb and run it
#   make trans-rom-check     the checked-in tables equal scripts/gen_trans_rom.py's output
FP_TRANS_DIR := rtl_tb/tb/fp_trans
FP_TRANS_BUILD := $(BUILD)/rtl/fp_trans
FP_TRANS_TB := $(FP_TRANS_BUILD)/fp_trans_tb
FP_TRANS_SAMPLES ?= 1000000
# Its run (10^6 inputs per op) is long and its build short: the per-cycle C++ at -O2.
FP_TRANS_COPT ?= -O2
$(FP_TRANS_TB): VERILATOR_COPT = $(FP_TRANS_COPT)

$(FP_TRANS_TB): rtl_tb/lint.vlt $(GEN_SV) $(FP_LANE_RTL) $(FP_TRANS_DIR)/fp_trans_tb.sv \
    $(FP_TRANS_DIR)/fp_trans_main.cpp vectors/rng.h $(LIBDIR)/libgcnref.a $(HDRS)
	$(call verilate,fp_trans_tb,$@,$(FP_TRANS_BUILD)/obj,rtl_tb/lint.vlt $(GEN_SV) $(FP_LANE_RTL) \
	  $(FP_TRANS_DIR)/fp_trans_tb.sv $(FP_TRANS_DIR)/fp_trans_main.cpp $(LIBDIR)/libgcnref.a,-LDFLAGS "-lmpfr -lgmp")

fp-trans-build: $(FP_TRANS_TB)

fp-trans-test: $(FP_TRANS_TB)
	@$(FP_TRANS_TB) 1 $(FP_TRANS_SAMPLES) | tee $(FP_TRANS_BUILD)/fp_trans_test.log
	@grep -Eq '^[0-9]+ passed, 0 failed$$' $(FP_TRANS_BUILD)/fp_trans_test.log

trans-rom-check:
	$(PYTHON) scripts/gen_trans_rom.py --check

.PHONY: fp-trans-build fp-trans-test trans-rom-check
