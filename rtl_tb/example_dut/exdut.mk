# The example DUT (rtl_tb/example_dut/, docs/retire.md): its Verilator testbench in retire
# mode, clean and with the faults of faults/ applied to a copy of its rtl/ (as the
# reference core's faults are; each switched on by its plusarg), the random vectors
# restricted to its capability file, and its lint. Included by the top-level Makefile after cosim.mk (it uses COSIM_BUILD's
# cosim_time.o, DPI_SV, RETIRE_BFM, DPI_LINK).
#   make exdut-build     the clean and the fault simulator and the vectors (make test)
#   make exdut-test      build, then rtl_tb/example_dut/check_exdut.py
#   make exdut-lint      verilator --lint-only -Wall on the DUT
#   make exdut-waves-build  the clean DUT's simulator with FST waves (+waves=FILE)
EXDUT_DIR := rtl_tb/example_dut
EXDUT_BUILD := $(BUILD)/rtl/exdut
EXDUT_LIST := $(patsubst build/gen/%,$(GEN)/%,$(shell sed -e '/^[[:space:]]*\/\//d' \
  -e '/^[[:space:]]*$$/d' $(EXDUT_DIR)/exdut.f))
EXDUT_SRCS := $(filter $(EXDUT_DIR)/%,$(EXDUT_LIST))
EXDUT_TB := $(EXDUT_DIR)/tb/tb_exdut.sv
EXDUT_CAP := $(EXDUT_DIR)/exdut.cap
EXDUT_GENS := gcn10 gcn11
EXDUT_VECTORS ?= 150
EXDUT_SEED ?= 1900
# X and uninitialised values random (the seed is +verilator+seed+N): an X result shows.
EXDUT_VFLAGS := --main --timing --x-assign unique --x-initial unique
# -O0: the builds are most of this suite's time, the runs are short.
EXDUT_COPT ?= -O0
EXDUT_SIMS := $(EXDUT_BUILD)/clean/tb_exdut $(EXDUT_BUILD)/faults/tb_exdut
EXDUT_VECS := $(foreach g,$(EXDUT_GENS),$(EXDUT_BUILD)/vec/$(g).vec)

# $(1): the build folder, $(2): the DUT's sources, $(3): more Verilator flags
define exdut_sim
$(1)/tb_exdut: $(2) $(EXDUT_TB) $(DPI_SV) $(RETIRE_BFM) $(DPI_BUILD)/gcnref_dpi.o \
    $(COSIM_BUILD)/cosim_time.o $(CHK_LINK)
	$$(call verilate,tb_exdut,$$@,$(1)/obj,rtl_tb/lint.vlt $(DPI_SV) $(RETIRE_BFM) $(2) $(EXDUT_TB) \
	  $(COSIM_BUILD)/cosim_time.o $$(DPI_LINK),$(EXDUT_VFLAGS) $(3))
	$$(call dpi_check,tb_exdut,$$@,$(1)/obj)
endef
$(eval $(call exdut_sim,$(EXDUT_BUILD)/clean,$(EXDUT_LIST)))
$(EXDUT_SIMS): VERILATOR_COPT = $(EXDUT_COPT)
# The faults: one copy of rtl/ with every patch of faults/ applied in name order (--fuzz=0:
# a patch that no longer fits fails the build); each fault stays off unless its plusarg
# (+NAME) is given, so one simulator serves them all.
EXDUT_FAULT_PATCHES := $(sort $(wildcard $(EXDUT_DIR)/faults/*.patch))
$(EXDUT_BUILD)/faults/.patched: $(EXDUT_FAULT_PATCHES) $(EXDUT_SRCS)
	rm -rf $(@D)/$(EXDUT_DIR) && mkdir -p $(@D)/$(EXDUT_DIR) && cp -r $(EXDUT_DIR)/rtl $(@D)/$(EXDUT_DIR)/
	for p in $(EXDUT_FAULT_PATCHES); do \
	  patch -s -d $(@D) -p1 --batch --fuzz=0 --no-backup-if-mismatch --reject-file=- <$$p \
	  || { rm -rf $(@D)/$(EXDUT_DIR); echo "$$p: does not apply to $(EXDUT_DIR)/rtl/"; exit 1; }; done
	touch $@
EXDUT_FAULT_SRCS := $(patsubst $(EXDUT_DIR)/%,$(EXDUT_BUILD)/faults/$(EXDUT_DIR)/%,$(EXDUT_SRCS))
$(EXDUT_FAULT_SRCS): $(EXDUT_BUILD)/faults/.patched
$(eval $(call exdut_sim,$(EXDUT_BUILD)/faults,$(filter-out $(EXDUT_DIR)/%,$(EXDUT_LIST)) $(EXDUT_FAULT_SRCS)))

$(EXDUT_BUILD)/vec/%.vec: $(BIN)/gcnref $(EXDUT_CAP)
	mkdir -p $(@D)
	$(BIN)/gcnref gen --gen $* --seed $(EXDUT_SEED) --count $(EXDUT_VECTORS) --capability $(EXDUT_CAP) -o $@

# The clean DUT with FST waves (+waves=FILE), in its own folder.
$(eval $(call exdut_sim,$(EXDUT_BUILD)/waves,$(EXDUT_LIST),--trace-fst +define+EXDUT_WAVES))
exdut-waves-build: $(EXDUT_BUILD)/waves/tb_exdut

exdut-build: $(EXDUT_SIMS) $(EXDUT_VECS)
exdut-test: exdut-build
	$(PYTHON) $(EXDUT_DIR)/check_exdut.py --build $(EXDUT_BUILD)
exdut-lint:
	$(call verilate_lint,exdut_core,rtl_tb/lint.vlt $(EXDUT_LIST))
lint: exdut-lint

.PHONY: exdut-build exdut-test exdut-lint exdut-waves-build
