# RTL code coverage and the HTML report (docs/regress.md). Included by the top-level
# Makefile after rtl_tb/cosim.mk (it uses COSIM_BUILD, COSIM_GENS, COSIM_RUN_VECS,
# COSIM_SMOKE_VECS, COSIM_PLUSARGS, COSIM_SUBMAKE and cosim_list).
#   make cosim-cov   the co-simulation built with Verilator line coverage
#                    (COSIM_VFLAGS, its own directory $(COV_CFG_DIR)), run on COV_VECS (the
#                    smoke vectors by default; COV_VECS=run: the make-run vectors), one
#                    coverage file per generation (COV_JOBS at once), merged with
#                    verilator_coverage, written as lcov .info and rendered by genhtml into
#                    $(REPORT_DIR)/code/. The coverage points are the lines and signals of
#                    rtl_tb/rtl/*.sv.
#   make cov         cosim-cov on make run's vectors, then the report: the RTL line coverage
#                    of make run (what `make run RUN_CODE_COV=1` gives in one go).
#   make cov-toggle  the design's toggle coverage on make run's vectors: a simulator of its own
#                    (toggle points only, the bench's off: rtl_tb/cov_toggle.vlt), its points
#                    summarised per module and signal by scripts/cov_toggle.py against the
#                    classes of rtl_tb/coverage_toggle.txt, then the report.
#   make report      $(REPORT_DIR)/index.html (scripts/report.py): functional coverage of
#                    the make-run vectors ($(REPORT_DIR)/func/<gen>.db from `gcnref run
#                    --coverage`, merged), the code coverage when cosim-cov ran, and the
#                    results of the last regression (REPORT_RESULTS, default
#                    build/regress/results.json) or else of make run (cosim_run.log), and the
#                    closure curves of make run's profile ($(REPORT_DIR)/closure.json from
#                    tests/bench/cov_closure --curve: random against coverage-directed
#                    generation on the model's timing core, per generation; REPORT_CLOSURE=0:
#                    without them).
REPORT_DIR     := $(BUILD)/report
# make run leaves the RTL code coverage out (RUN_CODE_COV=0: the coverage simulator is a
# build of its own); RUN_CODE_COV=1 builds it in the background during the co-simulation
# and runs it on make run's vectors (cosim-cov COV_VECS=run) before the report.
RUN_CODE_COV   ?= 0
COV_CFG_DIR    := $(COSIM_BUILD)/cov
COV_SIM        := $(COV_CFG_DIR)/tb_cosim
# (Verilator 5.006's --binary main writes no coverage file: scripts/cov_finish.cpp does, at
# $finish, to +coverage_file=FILE.) Hierarchical like the clean co-simulation (COV_HIER=1,
# rtl_tb/hier.vlt: each replicated unit verilated once, its coverage points counted per
# instance all the same: docs/performance.md "The coverage build"); COV_HIER=0: flat (about
# 30 minutes and 9.5 GB). -Wno-VARHIDDEN: the coverage passes of 5.006 report a function
# argument of gcn_fp_special as hiding a signal of gcn_fp_pk_half (make lint: clean).
# Line points only: the toggle points have a build of their own (make cov-toggle, below; both in
# one build was 157 MB of top-level C++, never finished).
COV_HIER       ?= 1
COV_COPT       ?= -O1
COV_JOBS       ?= 2
COV_FINISH     := -Wno-VARHIDDEN -CFLAGS -DVL_USER_FINISH $(abspath scripts/cov_finish.cpp)
COV_VFLAGS     := --coverage-line $(COV_FINISH)
COV_VECS       ?= smoke
COV_VEC_FILES   = $(if $(filter run,$(COV_VECS)),$(COSIM_RUN_VECS),$(COSIM_SMOKE_VECS))
# What COV_VECS names, for the progress line and vectors.txt.
COV_VEC_WHAT    = $(if $(filter run,$(COV_VECS)),make run's vectors,the smoke vectors)
COV_VEC_COUNT   = $(if $(filter run,$(COV_VECS)),$(COSIM_VECTORS),$(COSIM_SMOKE_VECTORS))
COV_DATA       := $(REPORT_DIR)/cov
# The uncovered design lines that are justified exclusions (the report lists the rest as
# reachable holes).
COV_WAIVERS    := rtl_tb/coverage_waivers.txt
REPORT_RESULTS ?= $(BUILD)/regress/results.json
REPORT_FUNC    := $(REPORT_DIR)/func
COV_PLUSARGS    = +salu_latency=$(word 1,$(COSIM_PARAMS)) +valu_depth=$(word 2,$(COSIM_PARAMS)) \
  +branch_penalty=$(word 3,$(COSIM_PARAMS)) +profile=$(COSIM_PROFILE) +self=$(COV_SIM) \
  +dir=$(COV_DATA) +max_mismatches=0

# A build with other coverage flags (or flat against hierarchical) starts afresh.
COV_STAMP = $(COV_VFLAGS) VL_HIER=$(COV_HIER)
cosim-cov-build: $(BIN)/gcnref
	@mkdir -p $(COV_CFG_DIR) && { echo '$(COV_STAMP)' | cmp -s - $(COV_CFG_DIR)/flags \
	  || { rm -rf $(COV_CFG_DIR) && mkdir -p $(COV_CFG_DIR) && echo '$(COV_STAMP)' >$(COV_CFG_DIR)/flags; }; }
	@$(COSIM_SUBMAKE) --no-print-directory -s COSIM_VFLAGS="$(COV_VFLAGS)" COSIM_CFG_DIR=$(COV_CFG_DIR) \
	  VL_HIER=$(COV_HIER) COSIM_COPT=$(COV_COPT) cosim-build

# $(call cov_runs,NAME,SIM,DIR,VECTOR FILES): one run of SIM per generation, COV_JOBS at once,
# each writing DIR/GEN.dat and DIR/GEN.log.
cov_runs = set -- $(4); for g in $(COSIM_GENS); do echo "$$g $$1"; shift; done | \
	  xargs -P $(COV_JOBS) -L 1 sh -c '$(2) +vectors=$$1 +gen=$$0 $(COV_PLUSARGS) +coverage_file=$(3)/$$0.dat \
	    >$(3)/$$0.log 2>&1 || { tail -5 $(3)/$$0.log; exit 255; }; \
	    echo "$(1): $$0: $$(grep -E "^[0-9]+ passed" $(3)/$$0.log)"'
# $(call cov_vec_line,WHAT,COUNT,VECTOR FILES): the vectors.txt line (which vectors, version).
cov_vec_line = $(1): $(2) per generation ($(COSIM_GENS)), core configuration $(COSIM_CFG), generator version $$(sed -n '/^origin /{s/^origin gcnref gen \([0-9]*\).*/\1/p;q;}' $(firstword $(3)))
# One run per generation, COV_JOBS at once; $(COV_DATA)/vectors.txt says which vectors
# (the report prints it).
cosim-cov: cosim-cov-build $(COV_VEC_FILES)
	@command -v genhtml >/dev/null || { echo "cosim-cov: genhtml missing (apt-get install lcov)"; exit 1; }
	@rm -rf $(COV_DATA) && mkdir -p $(COV_DATA)
	@echo "cosim-cov: co-simulating $(COV_VEC_WHAT) ($(COV_VEC_COUNT)) per generation on the coverage build, $(COV_JOBS) generations at once"
	@$(call cov_runs,cosim-cov,$(COV_SIM),$(COV_DATA),$(COV_VEC_FILES))
	@echo "$(call cov_vec_line,$(COV_VEC_WHAT),$(COV_VEC_COUNT),$(COV_VEC_FILES))" >$(COV_DATA)/vectors.txt
	@verilator_coverage --write $(COV_DATA)/merged.dat $(COV_DATA)/gcn*.dat
	@verilator_coverage --write-info $(COV_DATA)/merged.info $(COV_DATA)/merged.dat
	@rm -rf $(REPORT_DIR)/code
	@genhtml -q --legend -t "gcn_core line coverage" -o $(REPORT_DIR)/code \
	  $(COV_DATA)/merged.info >$(COV_DATA)/genhtml.log 2>&1 || { cat $(COV_DATA)/genhtml.log; exit 1; }
	@verilator_coverage --annotate $(COV_DATA)/annotated $(COV_DATA)/merged.dat | tail -1
	@echo "code coverage: $(REPORT_DIR)/code/index.html"

# make run's RTL line coverage alone: the coverage build on make run's vectors, then the report.
cov:
	@$(MAKE) --no-print-directory -s cosim-cov COV_VECS=run
	@$(MAKE) --no-print-directory -s report REPORT_RESULTS=

# Toggle coverage of the design on make run's vectors (docs/regress.md "Toggle coverage"): a
# hierarchical build with --coverage-toggle only, the bench, the DPI packages and the block
# wrappers Verilator writes off (rtl_tb/cov_toggle.vlt), signals up to --coverage-max-width
# bits (Verilator's 256: the wave-wide buses and the register files are wider; their bits are
# the lanes' own signals, covered per lane module). The runs' points merged, then summarised
# per module and signal (scripts/cov_toggle.py) with the classes of rtl_tb/coverage_toggle.txt.
TGL_CFG_DIR    := $(COSIM_BUILD)/cov_toggle
TGL_SIM        := $(TGL_CFG_DIR)/tb_cosim
TGL_DATA       := $(REPORT_DIR)/toggle
TGL_CLASSES    := rtl_tb/coverage_toggle.txt
TGL_VFLAGS     := --coverage-toggle $(COV_FINISH)
TGL_VLT        := rtl_tb/cov_toggle.vlt
cov-toggle-build: $(BIN)/gcnref
	@mkdir -p $(TGL_CFG_DIR) && { echo '$(TGL_VFLAGS) VL_HIER=$(COV_HIER)' | cmp -s - $(TGL_CFG_DIR)/flags \
	  || { rm -rf $(TGL_CFG_DIR) && mkdir -p $(TGL_CFG_DIR) && echo '$(TGL_VFLAGS) VL_HIER=$(COV_HIER)' >$(TGL_CFG_DIR)/flags; }; }
	@$(COSIM_SUBMAKE) --no-print-directory -s COSIM_VFLAGS="$(TGL_VFLAGS)" COSIM_VLT=$(TGL_VLT) COSIM_CFG_DIR=$(TGL_CFG_DIR) \
	  VL_HIER=$(COV_HIER) COSIM_COPT=$(COV_COPT) cosim-build

cov-toggle-run: cov-toggle-build $(COSIM_RUN_VECS)
	@rm -rf $(TGL_DATA) && mkdir -p $(TGL_DATA)
	@echo "cov-toggle: co-simulating make run's vectors ($(COSIM_VECTORS)) per generation on the toggle build, $(COV_JOBS) generations at once"
	@$(call cov_runs,cov-toggle,$(TGL_SIM),$(TGL_DATA),$(COSIM_RUN_VECS))
	@echo "$(call cov_vec_line,make run's vectors,$(COSIM_VECTORS),$(COSIM_RUN_VECS))" >$(TGL_DATA)/vectors.txt
	@verilator_coverage --write $(TGL_DATA)/merged.dat $(TGL_DATA)/gcn*.dat
	@rm -f $(TGL_DATA)/gcn*.dat
	@$(PYTHON) scripts/cov_toggle.py --classes $(TGL_CLASSES) --out $(TGL_DATA)/summary.json $(TGL_DATA)/merged.dat

cov-toggle:
	@$(MAKE) --no-print-directory -s cov-toggle-run
	@$(MAKE) --no-print-directory -s report REPORT_RESULTS=

# The functional coverage of the make-run vectors (the model's timing core, with the
# co-simulation's latencies, so the timing bins are counted); a vector that ends on an
# illegal encoding is still counted (gcnref run reports it and goes on).
$(REPORT_FUNC)/%.db: $(COSIM_BUILD)/vec/%_run$(COSIM_VECTORS).vec $(BIN)/gcnref
	@mkdir -p $(@D)
	@$(BIN)/gcnref run --timing --salu-latency $(word 1,$(COSIM_PARAMS)) \
	  --valu-depth $(word 2,$(COSIM_PARAMS)) --branch-penalty $(word 3,$(COSIM_PARAMS)) \
	  --coverage $@ $< >/dev/null 2>&1 || test -s $@

REPORT_DBS := $(foreach g,$(COSIM_GENS),$(REPORT_FUNC)/$(g).db)

report-func: $(REPORT_DBS)
	@$(BIN)/gcnref cov merge -o $(REPORT_DIR)/coverage.db $(REPORT_DBS) >/dev/null 2>&1 \
	  || rm -f $(REPORT_DIR)/coverage.db  # (without `gcnref cov merge`, report.py merges them)

# Closure curves: bins hit against instructions, random and coverage-directed, on make run's
# profile and generations (about 10 CPU seconds per generation).
REPORT_CLOSURE ?= 1
REPORT_CURVES  := $(REPORT_DIR)/closure.json
$(REPORT_CURVES): $(BUILD)/tests/cov_closure $(COSIM_PROFILE)
	@mkdir -p $(@D)
	@echo "report: closure curves of $(COSIM_PROFILE) on $(COSIM_GENS) (model only)"
	@$(BUILD)/tests/cov_closure --profile $(COSIM_PROFILE) --curve $@ $(COSIM_GENS)

report: report-func $(if $(filter 1,$(REPORT_CLOSURE)),$(REPORT_CURVES))
	@$(PYTHON) scripts/report.py --out $(REPORT_DIR) \
	  $(if $(wildcard $(REPORT_DIR)/coverage.db),--cov $(REPORT_DIR)/coverage.db,--cov $(REPORT_DBS)) \
	  $(if $(wildcard $(REPORT_RESULTS)),--results $(REPORT_RESULTS)) \
	  $(if $(wildcard $(COSIM_BUILD)/cosim_run.log),--cosim-log $(COSIM_BUILD)/cosim_run.log) \
	  $(if $(wildcard $(COV_DATA)/merged.info),--code-info $(COV_DATA)/merged.info --code-waivers $(COV_WAIVERS) \
	    --code-vectors $(COV_DATA)/vectors.txt) \
	  $(if $(wildcard $(TGL_DATA)/summary.json),--toggle $(TGL_DATA)/summary.json --toggle-vectors $(TGL_DATA)/vectors.txt) \
	  $(if $(filter 1,$(REPORT_CLOSURE)),--closure $(REPORT_CURVES))

.PHONY: cosim-cov-build cosim-cov cov cov-toggle-build cov-toggle-run cov-toggle report report-func
