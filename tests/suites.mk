# Every test suite, declared once (included by the top-level Makefile after every .mk that
# defines the artifacts). A suite is a name in SUITES and a line SUITE.<name> = TIERS | COMMAND,
# every path from make's variables. `make test` writes them to $(SUITE_LIST) and
# scripts/run_tests.py runs them (-k, --tier, -j, --junitxml: see its --help).
# Tiers: quick (model, CLI and vectors: `make test-quick`), full (`make test`: everything),
# san (the C suites rebuilt under AddressSanitizer + UBSan in $(SAN_BUILD)).
SAN_BUILD := build/san
SUITE_LIST = $(BUILD)/suites.list
KAT_FILES := $(sort $(wildcard tests/kat/*.kat))
TIMING_FILES := $(sort $(wildcard tests/timing/*.timing))
UNIT_NAMES := $(sort $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/*.c)))

# The model, the command line and the vectors, in $(BUILD) and again in $(SAN_BUILD).
define model_suites # $(1): suffix of the names, $(2): the build directory, $(3): tiers
$(foreach u,$(UNIT_NAMES),$(eval SUITES += $(u)$(1))$(eval SUITE.$(u)$(1) = $(3) | $(2)/tests/$(u)))
SUITES += test_checker$(1) test_retire$(1) kat$(1) timing$(1) vectors$(1) cli$(1) reliability$(1) atomic_files$(1)
SUITE.reliability$(1) = $(3) | $(PYTHON) tests/cli/test_reliability.py --bin $(2)/bin/gcnref
SUITE.atomic_files$(1) = $(3) | $(PYTHON) tests/cli/test_atomic.py --bin $(2)/bin/gcnref
SUITES += fuzz_replay$(1)
SUITE.fuzz_replay$(1) = $(3) | $(2)/tests/fuzz_replay tests/fuzz
SUITE.test_checker$(1) = $(3) | $(2)/tests/test_checker
SUITE.test_retire$(1) = $(3) | $(2)/tests/test_retire
SUITE.kat$(1) = $(3) | $(2)/tests/kat_runner $(KAT_FILES)
SUITE.timing$(1) = $(3) | $(2)/tests/timing_runner $(TIMING_FILES)
SUITE.vectors$(1) = $(3) | $(2)/tests/vectors_test
SUITES += vectors_fails$(1)
SUITE.vectors_fails$(1) = $(3) | $(2)/tests/vectors_fails_test
SUITE.cli$(1) = $(3) | $(PYTHON) tests/cli/test_cli.py --bin $(2)/bin/gcnref
endef
$(eval $(call model_suites,,$(BUILD),quick full))
$(eval $(call model_suites,_san,$(SAN_BUILD),san full))

# The layer walls (docs/architecture.md): includes and link lines; the README layout table.
SUITES += walls docs_layout isa_facts
SUITE.isa_facts = quick full | $(PYTHON) tests/arch/test_isa_facts.py
SUITE.walls = quick full | $(PYTHON) tests/walls/test_walls.py
SUITE.docs_layout = quick full | $(PYTHON) tests/docs/test_layout.py
# docs/mutate_survivors.md's table against rtl_tb/tb/mutate/equivalent.txt.
SUITES += docs_mutate_survivors
SUITE.docs_mutate_survivors = quick full | $(PYTHON) tests/docs/test_mutate_survivors.py
# make mutate's tool, without a simulator; yosys only for one miter proof (docs/mutate.md).
SUITES += mutate_tool
SUITE.mutate_tool = quick full | $(PYTHON) rtl_tb/tb/mutate/test_mutate.py

# The float-rule acceptance test: each float rule change is caught on make run's vectors
# no later than the coverage model reports closure (tests/faults/check_fp_faults.py).
SUITES += fp_faults
SUITE.fp_faults = quick full | $(PYTHON) tests/faults/check_fp_faults.py --bin-dir $(BUILD)/tests \
  --profile $(COSIM_PROFILE) --count $(COSIM_VECTORS) --faults $(call cosim_list,$(FP_FAULTS)) \
  $(foreach g,$(COSIM_GENS),--gen $(g)=$(COSIM_SEED)+$(COSIM_SEED_$(g)))

# Oracles: MPFR, a sampled exhaustive f16 check (`make test-exhaustive` does all of it), llvm-mc.
SUITES += fp_mpfr fp_mpfr_ext f16_exhaustive_1_257 llvm_diff fp_mpfr_san fp_mpfr_ext_san fp_mpfr_vop3p \
  fp_mpfr_vop3p_san
SUITE.fp_mpfr = quick full | $(BUILD)/tests/fp_mpfr
# The transcendental unit's checked-in tables equal their generator's output.
SUITES += trans_rom
SUITE.trans_rom = quick full | $(PYTHON) scripts/gen_trans_rom.py --check
SUITE.fp_mpfr_ext = quick full | $(BUILD)/tests/fp_mpfr_ext --cases 5000
SUITE.fp_mpfr_vop3p = quick full | $(BUILD)/tests/fp_mpfr_vop3p --cases 4096
SUITE.f16_exhaustive_1_257 = quick full | $(BUILD)/tests/f16_exhaustive 257
SUITE.llvm_diff = quick full | $(PYTHON) tests/oracle/llvm_diff.py --sweep $(BUILD)/tests/sweep_tool \
  --bin $(BIN)/gcnref
# The generator's SDWA words (vectors/sdwa.c, profile sdwa.prof) through llvm-mc both ways.
SUITES += llvm_sdwa
SUITE.llvm_sdwa = quick full | $(PYTHON) tests/oracle/llvm_diff.py --sweep $(BUILD)/tests/sweep_tool \
  --bin $(BIN)/gcnref --gen-profile vectors/profiles/sdwa.prof --gen-count 200
SUITE.fp_mpfr_san = san full | $(SAN_BUILD)/tests/fp_mpfr --cases 10000
SUITE.fp_mpfr_ext_san = san full | $(SAN_BUILD)/tests/fp_mpfr_ext --cases 1000
SUITE.fp_mpfr_vop3p_san = san full | $(SAN_BUILD)/tests/fp_mpfr_vop3p --cases 1024

# The DPI adapter and the RTL under Verilator.
SUITES += dpi_selftest rtl_directed rtl_decode rtl_cosim_smoke rtl_cosim_bugs rtl_cosim_checks \
  rtl_valu_lane rtl_fp_lane rtl_fp_trans rtl_salu
SUITE.dpi_selftest = full | $(DPI_SELFTEST)
SUITE.rtl_directed = full | $(CORE_SIM) +manifest=$(CORE_BUILD)/manifest.txt +dir=$(CORE_BUILD)
SUITE.rtl_decode = full | $(CORE_DECODE_SIM)
SUITE.rtl_cosim_smoke = full | $(COSIM_SIM) +vectors=$(call cosim_list,$(COSIM_SMOKE_VECS)) \
  +gen=$(call cosim_list,$(COSIM_GENS))
# make run's other core configurations (cosim-cfgs-build), on the same smoke vectors.
$(foreach c,$(COSIM_OTHER_CFGS),$(eval SUITES += rtl_cosim_smoke_cfg_$(subst $(comma),_,$(c)))$(eval \
  SUITE.rtl_cosim_smoke_cfg_$(subst $(comma),_,$(c)) = full | $(COSIM_BUILD)/cfg_$(subst $(comma),_,$(c))/tb_cosim \
  +vectors=$(call cosim_list,$(COSIM_SMOKE_VECS)) +gen=$(call cosim_list,$(COSIM_GENS))))
SUITE.rtl_cosim_bugs = full | $(COSIM_BUGS_CHECK)
SUITE.rtl_cosim_checks = full | $(PYTHON) rtl_tb/tb/cosim/test_cosim.py --build $(BUILD)
SUITE.rtl_valu_lane = full | $(VALU_LANE_TB)
SUITE.rtl_fp_lane = full | $(FP_LANE_TB)
# The transcendental unit's worst error over 10^6 inputs per op (docs/rtl.md "Transcendentals").
SUITE.rtl_fp_trans = full | $(FP_TRANS_TB)
SUITE.rtl_salu = full | $(SALU_SIM)
# Retire mode (docs/retire.md): the reference core on the smoke vectors, and the example DUT.
SUITES += rtl_retire_core rtl_exdut
SUITE.rtl_retire_core = full | $(COSIM_SIM) +retire +max_mismatches=0 \
  +vectors=$(call cosim_list,$(COSIM_SMOKE_VECS)) +gen=$(call cosim_list,$(COSIM_GENS))
SUITE.rtl_exdut = full | $(PYTHON) rtl_tb/example_dut/check_exdut.py --build $(EXDUT_BUILD)
# Python: the binding's own tests (over build/lib/libgcnchk.so) and the cocotb testbench.
SUITES += python_binding cocotb_exdut
SUITE.python_binding = quick full | env PYTHONPATH=python $(PYTHON) -m pytest -q -p no:cacheprovider python/tests
SUITE.cocotb_exdut = full | $(PYTHON) rtl_tb/example_dut/cocotb/run_cocotb.py --build $(EXDUT_BUILD)/cocotb --count 4

# Report, minimizer, regression runner (docs/regress.md); the Slurm suite skips without root.
SUITES += report minimize regress_local regress_slurm
SUITE.report = full | $(PYTHON) tests/report/test_report.py
SUITE.minimize = full | $(PYTHON) tests/minimize/test_minimize.py --bin $(BIN)/gcnref \
  --sim $(COSIM_BUILD)/bug_BUG_SCC_ADD_U32/tb_cosim --good-sim $(COSIM_SIM)
SUITE.regress_local = full | $(PYTHON) tests/slurm/test_regress_local.py
SUITE.regress_slurm = full | bash tests/slurm/test_slurm.sh

# make test runs two suites at a time: these, the longest (seconds of a make test on the
# 2-core machine, docs/performance.md), start first and the short ones fill the gaps.
SUITES_FIRST := rtl_cosim_bugs rtl_fp_trans fp_faults llvm_diff rtl_directed rtl_fp_lane cocotb_exdut \
  rtl_cosim_smoke rtl_retire_core test_roundtrip_san

define newline


endef
# Written on every run (cheap): the list follows any variable given on the command line.
$(SUITE_LIST): FORCE | $(BUILD)
	$(file >$@,# Written by make from tests/suites.mk: NAME | TIERS | COMMAND$(newline)$(foreach s,$(SUITES),$(s) | $(SUITE.$(s))$(newline)))
	@true
FORCE:
.PHONY: FORCE
