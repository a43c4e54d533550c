# Mutation testing of the bench (scripts/mutate.py, docs/mutate.md). Included by the
# top-level Makefile after cosim.mk (it uses BUILD, BIN, GEN_SV, PYTHON, RTL_LIST, RTL_VLT,
# COSIM_*, DPI_SV, DPI_LINK, CHK_LINK and the rules that build them).
#   make mutate          MUT_COUNT mutants (yosys 0.23 `mutate`, sampled evenly over every
#                        module of gcn_core), all in one simulator build, each co-simulated
#                        on make run's profile (MUT_VECTORS vectors per generation: the
#                        instruction budget); prints one line per mutant and the score
#   make mutate-build    only the mutated netlist and its simulator
# The mutated RTL is written to $(MUT_BUILD) (never into rtl_tb/rtl/).
MUT_BUILD   ?= $(BUILD)/mut
MUT_COUNT   ?= 100
MUT_SEED    ?= 1
MUT_VECTORS ?= 25
MUT_JOBS    ?= 2
MUT_TIMEOUT ?= 120
MUT_NICE    ?= 0
MUT_ARGS    ?=
MUT_NET     := $(MUT_BUILD)/gcn_core_mut.v
MUT_SIM     := $(MUT_BUILD)/sim/tb_cosim
MUT_CFG     := 1,6,2
MUT_PARAMS   = $(subst $(comma),$(space),$(MUT_CFG))

# The netlist: scripts/mutate.py redoes only the stages whose inputs changed (prep after an
# RTL change; the sample and the netlist after a new MUT_COUNT or MUT_SEED).
mutate-netlist: $(RTL_LIST) | $(COSIM_BUILD)
	@mkdir -p $(MUT_BUILD)
	@nice -n $(MUT_NICE) $(PYTHON) scripts/mutate.py --stage netlist --count $(MUT_COUNT) --seed $(MUT_SEED) \
	  --out $(MUT_BUILD) --yosys $(YOSYS)

# The mutated core is a yosys netlist: Verilator's style warnings (-Wall) are not fatal for it.
$(MUT_SIM): $(MUT_NET) $(RTL_VLT) $(COSIM_TB_DIR)/tb_cosim.vlt $(COSIM_TB_DIR)/tb_cosim.sv $(COSIM_SHARED) \
    $(DPI_SV) $(DPI_BUILD)/gcnref_dpi.o $(COSIM_BUILD)/cosim_time.o $(CHK_LINK)
	$(call verilate,tb_cosim,$@,$(@D)/obj,$(RTL_VLT) $(COSIM_TB_DIR)/tb_cosim.vlt $(DPI_SV) \
	  $(GEN_SV) rtl_tb/rtl/gcn_core_pkg.sv $(MUT_BUILD)/gcn_mut_pkg.sv $(MUT_NET) \
	  $(COSIM_TB_DIR)/tb_cosim.sv $(COSIM_LINK),--main --timing -Wno-fatal +define+COSIM_MUTANTS \
	  -GSALU_LATENCY=$(word 1,$(MUT_PARAMS)) -GVALU_DEPTH=$(word 2,$(MUT_PARAMS)) \
	  -GBRANCH_PENALTY=$(word 3,$(MUT_PARAMS)))

# Vectors: make run's profile and seeds (its first MUT_VECTORS vectors per generation).
$(COSIM_BUILD)/vec/%_mut$(MUT_VECTORS).vec: $(BIN)/gcnref $(COSIM_PROFILE) | $(COSIM_BUILD)/vec
	$(BIN)/gcnref gen --gen $* --seed $$(( $(COSIM_SEED) + $(COSIM_SEED_$*) )) \
	  --count $(MUT_VECTORS) --profile $(COSIM_PROFILE) -o $@
MUT_VECS := $(foreach g,$(COSIM_GENS),$(COSIM_BUILD)/vec/$(g)_mut$(MUT_VECTORS).vec)

mutate-build: mutate-netlist
	@$(MAKE) --no-print-directory $(MUT_SIM) $(MUT_VECS)

mutate: mutate-build
	@nice -n $(MUT_NICE) $(PYTHON) scripts/mutate.py --count $(MUT_COUNT) --seed $(MUT_SEED) --out $(MUT_BUILD) \
	  --sim $(MUT_SIM) --vectors $(call cosim_list,$(MUT_VECS)) --gens $(call cosim_list,$(COSIM_GENS)) \
	  --profile $(COSIM_PROFILE) --cfg $(MUT_CFG) -j $(MUT_JOBS) --timeout $(MUT_TIMEOUT) $(MUT_ARGS)

.PHONY: mutate mutate-build mutate-netlist
