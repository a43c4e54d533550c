# The scalar ALU (rtl_tb/rtl/gcn_salu.sv) and its Verilator test (rtl_tb/tb/salu/).
# Included by the top-level Makefile (after BUILD, GEN, LIBDIR are defined); also works
# alone from the repository root: make -f rtl_tb/salu.mk salu-test
#   make salu-test    build $(BUILD)/rtl/salu/Vsalu_tb and run it against libgcnref.a
#                     (ends with "N passed, N failed"; SALU_SEED / SALU_RANDOM change the run)
#   make salu-lint    verilator --lint-only -Wall on gcn_isa_pkg.sv + gcn_salu.sv
#   make salu-synth   yosys 0.23 synth of gcn_salu: cell count, fails on any latch
BUILD ?= build
GEN ?= $(BUILD)/gen
LIBDIR ?= $(BUILD)/lib
YOSYS ?= yosys
SALU_SEED ?= 1
SALU_RANDOM ?= 5000

SALU_BUILD := $(BUILD)/rtl/salu
SALU_SIM := $(SALU_BUILD)/Vsalu_tb
SALU_PKG := $(GEN)/gcn_isa_pkg.sv
SALU_RTL := rtl_tb/rtl/gcn_salu.sv
SALU_VLT := rtl_tb/tb/salu/salu.vlt
SALU_TB := rtl_tb/tb/salu/salu_tb.sv rtl_tb/tb/salu/sim_main.cpp vectors/rng.h

# Run alone (not included by the top-level Makefile): build the model the usual way.
ifeq ($(origin LIB_SRCS),undefined)
.DEFAULT_GOAL := salu-test
include rtl_tb/verilator.mk
$(LIBDIR)/libgcnref.a $(SALU_PKG) &:
	$(MAKE) -s BUILD=$(BUILD) lib
endif

$(SALU_BUILD):
	mkdir -p $@

$(SALU_SIM): $(SALU_VLT) $(SALU_PKG) $(SALU_RTL) $(SALU_TB) $(LIBDIR)/libgcnref.a \
    refmodel/include/gcnref/*.h | $(SALU_BUILD)
	$(call verilate,salu_tb,$@,$(SALU_BUILD)/obj,$(SALU_VLT) $(SALU_PKG) $(SALU_RTL) \
	  $(filter %.sv %.cpp,$(SALU_TB)) $(LIBDIR)/libgcnref.a)

salu-build: $(SALU_SIM)

# Fails unless the summary says 0 failed.
salu-test: $(SALU_SIM)
	@$(SALU_SIM) $(SALU_SEED) $(SALU_RANDOM) | tee $(SALU_BUILD)/salu_test.log
	@grep -Eq '^[0-9]+ passed, 0 failed$$' $(SALU_BUILD)/salu_test.log

# Verilator 5.006 -Wall; the one waiver (the package's unused parameters) is in salu.vlt.
salu-lint: $(SALU_PKG)
	$(call verilate_lint,gcn_salu,$(SALU_VLT) $(SALU_PKG) $(SALU_RTL))

# Latches of any kind ($dlatch / $sr before techmap, $_DLATCH_* / $_SR_* after) fail it.
SALU_YOSYS_SCRIPT = read_verilog -sv $(SALU_PKG) $(SALU_RTL); \
  synth -top gcn_salu; select -assert-none t:$$dlatch* t:$$sr t:$$_DLATCH* t:$$_SR_*; \
  tee -o $(SALU_BUILD)/yosys_stat.txt stat

salu-synth: $(SALU_PKG) $(SALU_RTL)
	$(YOSYS) -q -l $(SALU_BUILD)/yosys.log -p '$(SALU_YOSYS_SCRIPT)'
	@grep -E 'Number of cells' $(SALU_BUILD)/yosys_stat.txt

.PHONY: salu-build salu-test salu-lint salu-synth
