# RTL code coverage and the HTML report (docs/regress.md). Included by the top-level
# Makefile after rtl_tb/cosim.mk (it uses COSIM_BUILD, COSIM_GENS, COSIM_RUN_VECS,
# COSIM_SMOKE_VECS, COSIM_PLUSARGS, COSIM_SUBMAKE and cosim_list).
#   make cosim-cov   the co-simulation built with Verilator line and toggle coverage
#                    (COSIM_VFLAGS, its own directory $(COV_CFG_DIR)), run on COV_VECS (the
#                    smoke vectors by default; COV_VECS=run: the make-run vectors), one
#                    coverage file per generation, merged with verilator_coverage, written as
#                    lcov .info and rendered by genhtml into $(REPORT_DIR)/code/.
#                    The coverage points are the lines and signals of rtl_tb/rtl/*.sv.
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
# make run ends with cosim-cov (RUN_CODE_COV=0: without it) and report.
RUN_CODE_COV   ?= 1
COV_CFG_DIR    := $(COSIM_BUILD)/cov
COV_SIM        := $(COV_CFG_DIR)/tb_cosim
# (Verilator 5.006's --binary main writes no coverage file: scripts/cov_finish.cpp does, at
# $finish, to +coverage_file=FILE.) The build is flat (VL_HIER=0, rtl_tb/verilator.mk): each
# float lane's lines and toggles counted per instance, as before.
COV_VFLAGS     := --coverage-line --coverage-toggle -CFLAGS -DVL_USER_FINISH $(abspath scripts/cov_finish.cpp)
COV_VECS       ?= smoke
COV_VEC_FILES   = $(if $(filter run,$(COV_VECS)),$(COSIM_RUN_VECS),$(COSIM_SMOKE_VECS))
COV_DATA       := $(REPORT_DIR)/cov
# The uncovered design lines that are justified exclusions (the report lists the rest as
# reachable holes).
COV_WAIVERS    := rtl_tb/coverage_waivers.txt
REPORT_RESULTS ?= $(BUILD)/regress/results.json
REPORT_FUNC    := $(REPORT_DIR)/func
COV_PLUSARGS    = +salu_latency=$(word 1,$(COSIM_PARAMS)) +valu_depth=$(word 2,$(COSIM_PARAMS)) \
  +branch_penalty=$(word 3,$(COSIM_PARAMS)) +profile=$(COSIM_PROFILE) +self=$(COV_SIM) \
  +dir=$(COV_DATA) +max_mismatches=0

cosim-cov-build: $(BIN)/gcnref
	@if [ -f $(COV_CFG_DIR)/obj/verilated.o ] && ! grep -qs VL_USER_FINISH $(COV_CFG_DIR)/obj/Vtb_cosim.mk; then \
	  rm -rf $(COV_CFG_DIR); fi
	@$(COSIM_SUBMAKE) --no-print-directory -s COSIM_VFLAGS="$(COV_VFLAGS)" COSIM_CFG_DIR=$(COV_CFG_DIR) VL_HIER=0 cosim-build

cosim-cov: cosim-cov-build $(COV_VEC_FILES)
	@command -v genhtml >/dev/null || { echo "cosim-cov: genhtml missing (apt-get install lcov)"; exit 1; }
	@rm -rf $(COV_DATA) && mkdir -p $(COV_DATA)
	@set -e; gens="$(COSIM_GENS)"; i=0; for v in $(COV_VEC_FILES); do i=$$((i+1)); \
	  g=$$(echo $$gens | cut -d' ' -f$$i); \
	  $(COV_SIM) +vectors=$$v +gen=$$g $(COV_PLUSARGS) +coverage_file=$(COV_DATA)/$$g.dat \
	    >$(COV_DATA)/$$g.log 2>&1 || { tail -5 $(COV_DATA)/$$g.log; exit 1; }; \
	  echo "cosim-cov: $$g: $$(grep -E '^[0-9]+ passed' $(COV_DATA)/$$g.log)"; done
	@verilator_coverage --write $(COV_DATA)/merged.dat $(COV_DATA)/gcn*.dat
	@verilator_coverage --write-info $(COV_DATA)/merged.info $(COV_DATA)/merged.dat
	@rm -rf $(REPORT_DIR)/code
	@genhtml -q --legend -t "gcn_core line and toggle coverage" -o $(REPORT_DIR)/code \
	  $(COV_DATA)/merged.info >$(COV_DATA)/genhtml.log 2>&1 || { cat $(COV_DATA)/genhtml.log; exit 1; }
	@verilator_coverage --annotate $(COV_DATA)/annotated $(COV_DATA)/merged.dat | tail -1
	@echo "code coverage: $(REPORT_DIR)/code/index.html"

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
	  $(if $(wildcard $(COV_DATA)/merged.info),--code-info $(COV_DATA)/merged.info --code-waivers $(COV_WAIVERS)) \
	  $(if $(filter 1,$(REPORT_CLOSURE)),--closure $(REPORT_CURVES))

.PHONY: cosim-cov-build cosim-cov report report-func
