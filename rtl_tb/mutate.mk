# Mutation testing of the bench (scripts/mutate.py, docs/mutate.md). Included by the
# top-level Makefile after cosim.mk (it uses BUILD, BIN, GEN_SV, PYTHON, RTL_LIST, RTL_VLT,
# COSIM_*, DPI_SV, DPI_LINK, CHK_LINK and the rules that build them).
#   make mutate          MUT_COUNT mutants (yosys 0.23 `mutate`, sampled evenly over every
#                        module of gcn_core at each configuration of MUT_CFGS), all in one
#                        netlist (one simulator build per configuration), each co-simulated
#                        on make run's profile with a staged budget: MUT_VECTORS vectors per
#                        generation at each configuration, then MUT_VECTORS_MAX for the
#                        survivors; a yosys miter proof for what still survives; prints one
#                        line per mutant (the stage that detected it) and the score
#   make mutate-build    only the mutated netlist and its simulators
# The mutated RTL is written to $(MUT_BUILD) (never into rtl_tb/rtl/).
MUT_BUILD   ?= $(BUILD)/mut
MUT_COUNT   ?= 100
MUT_SEED    ?= 1
MUT_VECTORS ?= 25
MUT_VECTORS_MAX ?= 100
MUT_JOBS    ?= 2
MUT_TIMEOUT ?= 120
MUT_NICE    ?= 0
MUT_ARGS    ?=
# The miter proofs of the survivors (scripts/mutate_equiv.py): MUT_PROVE=0 skips them; each
# within MUT_PROVE_TIMEOUT seconds, all within MUT_PROVE_BUDGET (0: no limit). A proof not
# finished leaves a survivor, never an equivalent mutant.
MUT_PROVE   ?= 1
MUT_PROVE_TIMEOUT ?= 60
MUT_PROVE_BUDGET ?= 300
# The core configurations (salu_latency,valu_depth,branch_penalty): make run's two. The
# netlist holds gcn_core at each; one simulator per configuration.
MUT_CFGS    ?= 1,6,2 3,2,4
MUT_NET     := $(MUT_BUILD)/gcn_core_mut.v
MUT_SIMS    := $(foreach c,$(MUT_CFGS),$(MUT_BUILD)/sim_$(subst $(comma),_,$(c))/tb_cosim)

# The netlist: scripts/mutate.py redoes only the stages whose inputs changed (prep after an
# RTL change; the sample and the netlist after a new MUT_COUNT, MUT_SEED or MUT_CFGS).
mutate-netlist: $(RTL_LIST) | $(COSIM_BUILD)
	@mkdir -p $(MUT_BUILD)
	@nice -n $(MUT_NICE) $(PYTHON) scripts/mutate.py --stage netlist --count $(MUT_COUNT) --seed $(MUT_SEED) \
	  --cfgs "$(MUT_CFGS)" --out $(MUT_BUILD) --yosys $(YOSYS)

# One simulator per configuration (sim_S_V_B), its parameters from the directory name. The
# mutated core is a yosys netlist: Verilator's style warnings (-Wall) are not fatal for it.
$(MUT_BUILD)/sim_%/tb_cosim: $(MUT_NET) $(RTL_VLT) $(COSIM_TB_DIR)/tb_cosim.vlt $(COSIM_TB_DIR)/tb_cosim.sv \
    $(COSIM_SHARED) $(DPI_SV) $(DPI_BUILD)/gcnref_dpi.o $(COSIM_BUILD)/cosim_time.o $(CHK_LINK)
	$(call verilate,tb_cosim,$@,$(@D)/obj,$(RTL_VLT) $(COSIM_TB_DIR)/tb_cosim.vlt $(DPI_SV) \
	  $(GEN_SV) rtl_tb/rtl/gcn_core_pkg.sv $(MUT_BUILD)/gcn_mut_pkg.sv $(MUT_NET) \
	  $(COSIM_TB_DIR)/tb_cosim.sv $(COSIM_LINK),--main --timing -Wno-fatal +define+COSIM_MUTANTS \
	  -GSALU_LATENCY=$(word 1,$(subst _, ,$*)) -GVALU_DEPTH=$(word 2,$(subst _, ,$*)) \
	  -GBRANCH_PENALTY=$(word 3,$(subst _, ,$*)))
.PRECIOUS: $(MUT_SIMS)

# Vectors: make run's profile and seeds (its first N vectors per generation), for the small
# budget (MUT_VECTORS) and the large one (MUT_VECTORS_MAX; 0: none).
mut_vecs = $(foreach g,$(COSIM_GENS),$(COSIM_BUILD)/vec/$(g)_mut$(1).vec)
MUT_VECS := $(call mut_vecs,$(MUT_VECTORS))
MUT_VECS_MAX := $(if $(filter-out 0,$(MUT_VECTORS_MAX)),$(call mut_vecs,$(MUT_VECTORS_MAX)))
$(sort $(MUT_VECS) $(MUT_VECS_MAX)): $(COSIM_BUILD)/vec/%.vec: $(BIN)/gcnref $(COSIM_PROFILE) | $(COSIM_BUILD)/vec
	$(BIN)/gcnref gen --gen $(firstword $(subst _, ,$*)) \
	  --seed $$(( $(COSIM_SEED) + $(COSIM_SEED_$(firstword $(subst _, ,$*))) )) \
	  --count $(patsubst mut%,%,$(lastword $(subst _, ,$*))) --profile $(COSIM_PROFILE) -o $@

# Two passes of MUT_JOBS jobs: the yosys netlist (one process, minutes) beside what the
# simulators link (the model, the checker, the DPI adapter) and the vectors; then the
# simulators side by side (each Verilator's make shares the job slots: rtl_tb/verilator.mk).
MUT_LINK := $(DPI_BUILD)/gcnref_dpi.o $(COSIM_BUILD)/cosim_time.o $(CHK_LINK)
mutate-build:
	@$(MAKE) --no-print-directory -j$(MUT_JOBS) mutate-inputs
	@$(MAKE) --no-print-directory -j$(MUT_JOBS) mutate-sims
mutate-inputs: mutate-netlist $(MUT_LINK) $(MUT_VECS) $(MUT_VECS_MAX)
mutate-sims: $(MUT_SIMS)

mutate: mutate-build
	@nice -n $(MUT_NICE) $(PYTHON) scripts/mutate.py --count $(MUT_COUNT) --seed $(MUT_SEED) --out $(MUT_BUILD) \
	  --cfgs "$(MUT_CFGS)" --sims $(call cosim_list,$(MUT_SIMS)) --gens $(call cosim_list,$(COSIM_GENS)) \
	  --vectors $(call cosim_list,$(MUT_VECS)) --budget $(MUT_VECTORS) \
	  $(if $(MUT_VECS_MAX),--vectors-max $(call cosim_list,$(MUT_VECS_MAX)) --budget-max $(MUT_VECTORS_MAX)) \
	  --profile $(COSIM_PROFILE) -j $(MUT_JOBS) --timeout $(MUT_TIMEOUT) --nice $(MUT_NICE) \
	  $(if $(filter 1,$(MUT_PROVE)),--prove --prove-timeout $(MUT_PROVE_TIMEOUT) --prove-budget $(MUT_PROVE_BUDGET)) $(MUT_ARGS)

.PHONY: mutate mutate-build mutate-netlist mutate-inputs mutate-sims
