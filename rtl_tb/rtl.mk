# The RTL of the core (rtl_tb/rtl/) and its directed co-simulation (rtl_tb/tb/core/).
# Included by the top-level Makefile after dpi.mk (it uses BUILD, GEN, GEN_SV, LIBDIR, BIN,
# ISA_TABLE, VERILATOR, DPI_BUILD, DPI_CFLAGS and the rules that build them).
#   make lint           verilator --lint-only -Wall on every module of rtl_tb/rtl/ (gcn_core
#                       on top, the files of rtl_tb/rtl/gcn_core.f); waivers in rtl_tb/lint.vlt
#   make synth          yosys 0.23 generic synthesis of gcn_core (NUM_VGPRS = SYNTH_VGPRS)
#                       and of one float lane (gcn_fp_lane): cells per module, fails on any
#                       latch
#   make rtl-directed   build and run the directed co-simulation against the model
#                       (three latency configurations); ends with "N passed, N failed"
#   make rtl-decode     gcn_decode against the C decoder on random instruction words
YOSYS ?= yosys
RTL_DIR := rtl_tb/rtl
include rtl_tb/filelist.mk
RTL_VLT := rtl_tb/lint.vlt
CORE_BUILD := $(BUILD)/rtl/core
CORE_TB_DIR := rtl_tb/tb/core
CORE_SIM := $(CORE_BUILD)/tb_core
CORE_TB := $(CORE_TB_DIR)/core_harness.sv $(CORE_TB_DIR)/tb_core.sv
# The VGPR file is a register array: 256 x 64 x 32 flops take yosys a long time, so the
# synthesis check builds the core with SYNTH_VGPRS VGPRs (the logic per VGPR is the same;
# the count only scales the array and its read multiplexers).
SYNTH_VGPRS ?= 4

$(CORE_BUILD):
	mkdir -p $@

# ---------------------------------------------------------------- lint
lint: $(RTL_LIST)
	$(call verilate_lint,gcn_core,$(RTL_VLT) $(RTL_LIST))

# ---------------------------------------------------------------- synth
# Besides the latch check, the run asserts that all 16 gcn_valu_lane instances (the lanes
# of gcn_valu_pipe; counted over the whole hierarchy, which synth keeps) survive
# optimisation: a datapath that yosys misreads (it once
# mis-sized an array of packed structs) shows up as lanes whose outputs reach nothing.
# Yosys reads the generated package as it is (scripts/gen_isa_sv.py writes it for yosys 0.23).

# The float lane (gcn_fp_lane, 16 instances) is a black box in the core's run: one
# lane, f32 and f16, is synthesized as its own top by valu_lane.mk ($(FP_LANE_SYNTH_STAT),
# about half a minute) and its cells are reported per module below the core's; the core's
# run checks that all 16 instances are there. The f64 lane (gcn_fp64_lane) likewise
# ($(FP64_LANE_SYNTH_STAT)), and the transcendental unit (gcn_fp_trans, inside each of the
# 16 gcn_fp_trans_lane beside the float lanes: $(FP_TRANS_SYNTH_STAT)).
# SYNTH_ABC=0 (what `make test` asks for) stops after the coarse passes (no gate mapping,
# no ABC): the checks below (no latch, every lane kept) hold on the coarse cells already,
# and the mapping is most of the run; the cell counts are then of yosys's word-level cells.
SYNTH_ABC ?= 1
# synth's SAT-based resource sharing (share) runs on every module but gcn_decode: there it
# spent a quarter of the coarse passes' CPU time (103 of 428 s, yosys 0.23) proving that its
# nine memory reads (the decoded fields' small arrays) are always active, and shared nothing;
# the other modules get share and opt after synth's coarse passes.
SYNTH_SHARE_SEL := * gcn_decode %d
synth: $(RTL_LIST) $(FP_LANE_SYNTH_STAT) $(FP_PK_SYNTH_STAT) $(FP_TRANS_SYNTH_STAT) $(FP64_LANE_SYNTH_STAT) | $(CORE_BUILD)
	$(YOSYS) -q -l $(CORE_BUILD)/yosys.log -p 'read_verilog -sv $(RTL_LIST)' \
	  -p 'blackbox gcn_fp_lane' -p 'blackbox gcn_fp_pk' -p 'blackbox gcn_fp64_lane' -p 'blackbox gcn_fp_trans' \
	  -p 'chparam -set NUM_VGPRS $(SYNTH_VGPRS) gcn_core' \
	  -p 'synth -top gcn_core -noshare -run :fine' \
	  -p 'share $(SYNTH_SHARE_SEL)' -p 'opt $(SYNTH_SHARE_SEL)' \
	  $(if $(filter 0,$(SYNTH_ABC)),,-p 'synth -top gcn_core -run fine:') \
	  -p 'select -assert-none t:$$_DLATCH* t:$$dlatch* t:$$adlatch t:$$_SR_* t:$$sr' \
	  -p 'select -assert-count 16 t:gcn_valu_lane' \
	  -p 'select -assert-count 16 t:gcn_fp_lane' -p 'select -assert-count 16 t:gcn_fp_pk' \
	  -p 'select -assert-count 16 t:gcn_fp64_lane' -p 'select -assert-count 16 t:gcn_fp_trans_lane' \
	  -p 'select -assert-count 16 t:gcn_fp64_trans_lane' \
	  -p 'tee -q -o $(CORE_BUILD)/yosys_stat.txt stat'
	@awk '/^=== / { mod = $$2 } /Number of cells:/ { printf "%-44s %10d cells\n", mod, $$4 }' \
	  $(CORE_BUILD)/yosys_stat.txt
	@echo "float lane (one instance; 16 in gcn_core, black boxes above):"
	@awk '/^=== / { mod = $$2 } /Number of cells:/ { printf "  %-42s %10d cells\n", mod, $$4 }' \
	  $(FP_LANE_SYNTH_STAT)
	@echo "float VOP3P lane (one instance; 16 in gcn_core, black boxes above):"
	@awk '/^=== / { mod = $$2 } /Number of cells:/ { printf "  %-42s %10d cells\n", mod, $$4 }' \
	  $(FP_PK_SYNTH_STAT)
	@echo "transcendental unit (one instance per float lane; coarse passes, word-level cells):"
	@awk '/^=== / { mod = $$2 } /Number of cells:/ { printf "  %-42s %10d cells\n", mod, $$4 }' \
	  $(FP_TRANS_SYNTH_STAT)
	@echo "f64 lane (one instance; 16 in gcn_core, black boxes above):"
	@awk '/^=== / { mod = $$2 } /Number of cells:/ { printf "  %-42s %10d cells\n", mod, $$4 }' \
	  $(FP64_LANE_SYNTH_STAT)
	@echo "no latches (NUM_VGPRS=$(SYNTH_VGPRS)$(if $(filter 0,$(SYNTH_ABC)),; coarse passes only: word-level cells)); full reports: $(CORE_BUILD)/yosys_stat.txt, $(FP_LANE_SYNTH_STAT)"

# ---------------------------------------------------------------- directed co-simulation
# The programs are generated from the ISA table and checked by the model's assembler.
$(CORE_BUILD)/manifest.txt: $(CORE_TB_DIR)/gen_programs.py $(CORE_TB_DIR)/gen_asm.py $(CORE_TB_DIR)/gen_control.py $(CORE_TB_DIR)/gen_lanemove.py $(CORE_TB_DIR)/gen_wide.py $(GEN_PY) $(BIN)/gcnref | $(CORE_BUILD)
	$(PYTHON) $(CORE_TB_DIR)/gen_programs.py --isa $(GEN_PY) --gcnref $(BIN)/gcnref \
	  --out $(CORE_BUILD) >$(CORE_BUILD)/gen_programs.log

# The per-cycle C++ at CORE_COPT (rtl_tb/verilator.mk): three cores' worth of C++ (116 MB,
# the largest build of make test). -Og would compile in half the CPU time of -O1, but the
# core then runs 3 to 4 times slower (docs/performance.md "Build time after the float RTL").
CORE_COPT ?= -O1
$(CORE_SIM): VERILATOR_COPT = $(CORE_COPT)
# --binary --timing: the testbench's clock and sequence are SV processes. The DPI adapter
# is C11 (built by dpi.mk), linked with the checker ($(DPI_LINK)); the generated C++ is checked against the adapter (dpi_check).
$(CORE_SIM): $(RTL_VLT) $(CORE_TB_DIR)/tb_core.vlt $(RTL_LIST) $(CORE_TB) $(DPI_SV) \
    $(DPI_BUILD)/gcnref_dpi.o $(CHK_LINK) $(VL_HIER_DEPS) | $(CORE_BUILD)
	$(call verilate,tb_core,$@,$(CORE_BUILD)/obj,$(RTL_VLT) $(CORE_TB_DIR)/tb_core.vlt $(DPI_SV) \
	  $(RTL_LIST) $(CORE_TB) $(DPI_LINK),$(call vl_hier,tb_core) --timing)
	$(call dpi_check,tb_core,$@,$(CORE_BUILD)/obj)

# gcn_decode alone against the C decoder (decode.c) on random instruction words, so that
# the `illegal` decisions no assembler can reach are checked too.
CORE_DECODE_SIM := $(CORE_BUILD)/decode_test
CORE_DECODE_SRCS := $(GEN_SV) $(RTL_DIR)/gcn_core_pkg.sv $(RTL_DIR)/gcn_decode_sdwa.sv $(RTL_DIR)/gcn_decode_wide.sv \
  $(RTL_DIR)/gcn_decode.sv
# (-Wno-UNUSEDPARAM: gcn_core_pkg's scalar codes serve the core, not the decoder alone)
$(CORE_DECODE_SIM): $(RTL_VLT) $(CORE_DECODE_SRCS) $(CORE_TB_DIR)/decode_main.cpp vectors/rng.h \
    $(LIBDIR)/libgcnref.a $(HDRS) | $(CORE_BUILD)
	$(call verilate,gcn_decode,$@,$(CORE_BUILD)/decode_obj,$(RTL_VLT) $(CORE_DECODE_SRCS) \
	  $(CORE_TB_DIR)/decode_main.cpp $(LIBDIR)/libgcnref.a,-Wno-UNUSEDPARAM)

rtl-decode-build: $(CORE_DECODE_SIM)

rtl-decode: $(CORE_DECODE_SIM)
	@$(CORE_DECODE_SIM) | tee $(CORE_BUILD)/rtl_decode.log
	@grep -Eq '^[0-9]+ passed, 0 failed$$' $(CORE_BUILD)/rtl_decode.log

rtl-directed-build: $(CORE_SIM) $(CORE_BUILD)/manifest.txt

# Runs from the repository root; fails unless the summary says 0 failed.
rtl-directed: rtl-directed-build
	@$(CORE_SIM) +manifest=$(CORE_BUILD)/manifest.txt +dir=$(CORE_BUILD) | tee $(CORE_BUILD)/rtl_directed.log
	@grep -Eq '^[0-9]+ passed, 0 failed$$' $(CORE_BUILD)/rtl_directed.log

.PHONY: lint synth rtl-directed rtl-directed-build rtl-decode rtl-decode-build
