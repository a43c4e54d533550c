# The one Verilator recipe of the project (included by the top-level Makefile before every
# .mk that builds a simulator or lints). A simulator rule's recipe is
#   $(call verilate,TOP,OUT,MDIR,SOURCES,FLAGS)
# TOP the top module, OUT the binary, MDIR the folder of the generated C++ (its log is
# MDIR.log), SOURCES the .vlt/.sv files, C/C++ sources, objects and libraries (the C ones
# are made absolute here: Verilator's make runs in MDIR), FLAGS extra Verilator flags
# (--main --timing for a testbench whose clock is an SV process, -G parameters, +define+,
# coverage, trace). The generated C++ that runs every cycle (and the C++ sources given) is
# compiled with VERILATOR_COPT (Verilator's OPT_FAST, default -O1: on the float RTL's huge
# per-cycle functions gcc 12 takes about twice as long at -Os as at -O1 and three times as
# long as at -O0; -Og half -O1's time for a core 3 to 4 times slower; docs/performance.md
# "Build time after the float RTL"; a simulator sets its own where its runs or size call for it:
# COSIM_COPT, COSIM_BUG_COPT, CORE_COPT, FP_TRANS_COPT, EXDUT_COPT); the code that runs
# once (the __Slow files: construction, initial values) without optimisation (Verilator's
# OPT_SLOW), the Verilator runtime at Verilator's OPT_GLOBAL (-Os: the same for every
# simulator, so ccache compiles it once). (-CFLAGS would put an -O before OPT_FAST, which
# overrides it: only the __Slow files saw it.)
VERILATOR ?= verilator
VERILATOR_COPT ?= -O1
VERILATOR_CFLAGS = -I$(abspath refmodel/include) -I$(abspath $(GEN))
vl_abs = $(foreach f,$(1),$(if $(filter %.c %.cpp %.o %.a,$(f)),$(abspath $(f)),$(f)))
# With Debian's ccache installed (scripts/deps.sh), the generated C++ goes through it, cached
# in build/ccache: the Verilator runtime and every file a bug build leaves unchanged compile
# once for all the simulators of `make test`.
VL_CCACHE := $(if $(shell command -v ccache 2>/dev/null),--MAKEFLAGS OBJCACHE=ccache)
export CCACHE_DIR ?= $(abspath build/ccache)
# Depend mode: on a miss (every file of a clean clone's first build) ccache hashes the
# compiler's own -MMD list instead of running the preprocessor first (about 0.1 CPU s a file).
export CCACHE_DEPEND ?= 1
# $(call vl_copt_stamp,FILE,MDIR): FILE holds the VERILATOR_COPT of its simulator, rewritten
# (and MDIR's objects removed) only when that changes: a simulator that lists it as a
# prerequisite (FILE: FORCE) is rebuilt when make test (-O1) and make run (-O2) ask for it
# at another optimisation level.
vl_copt_stamp = @mkdir -p $(dir $(1)) && { echo '$(VERILATOR_COPT)' | cmp -s - $(1) \
  || { rm -f $(2)/*.o && echo '$(VERILATOR_COPT)' >$(1); }; }
# Under make -jN (make test's builds), Verilator's make of the generated C++ shares make's N
# job slots (the recipe line is marked recursive, `+`, so that it gets the job server, and
# Verilator gives no -j of its own): a build alone at the end uses both cores, two builds
# side by side one each. (Without the `+`, that make found no job server and compiled one
# file at a time; a -j of its own would run up to 2N compilers.) Without -j, 2 jobs.
vl_jobserver = $(findstring jobserver,$(MAKEFLAGS))
define verilate
	@mkdir -p $(dir $(2)) $(3)
	@rm -f $(2)  # Verilator relinks only a missing binary: the C objects it links may be newer
	@echo "verilator: building $(2) (top $(1), log $(3).log)"
	$(if $(vl_jobserver),+)@$(VERILATOR) --cc --exe --build -Wall $(if $(vl_jobserver),,-j 2) $(VL_CCACHE) --MAKEFLAGS OPT_FAST=$(VERILATOR_COPT) $(5) --Mdir $(3) --top-module $(1) \
	  -o $(abspath $(2)) -CFLAGS "$(VERILATOR_CFLAGS)" $(call vl_abs,$(4)) \
	  -LDFLAGS "-lm $(EXTRA_CFLAGS)" >$(3).log 2>&1 || { cat $(3).log; exit 1; }
endef
# Hierarchical verilation (docs/performance.md "Hierarchical verilation of the float
# lanes"): a simulator of the whole core gives $(call vl_hier,TOP) among its flags in place
# of --main. With VL_HIER=1 (the default) the float units replicated per lane
# (rtl_tb/hier.vlt) are each verilated and compiled once, as a library that every instance
# calls, instead of once per instance: 16 copies of about 1 MB of C++ per core. Verilator
# 5.006 passes every option to each block's verilation, so such a build takes no -G (the
# testbench's parameters come from +define+) and no --main (each block's library would
# define main() too): rtl_tb/tb/vl_main.cpp is the loop --main writes. A block's signals
# are not traced: the waves builds are flat (VL_HIER=0).
VL_HIER ?= 1
VL_HIER_VLT := rtl_tb/hier.vlt
VL_HIER_DEPS := $(VL_HIER_VLT) rtl_tb/tb/vl_main.cpp
vl_hier = $(if $(filter 1,$(VL_HIER)),--hierarchical $(VL_HIER_VLT) $(abspath rtl_tb/tb/vl_main.cpp) \
  -CFLAGS -DVL_TOP=V$(1),--main)
# After verilating a testbench that imports the DPI package, the adapter is compiled once
# more against the prototypes Verilator generated from the imports (V<TOP>__Dpi.h): a C
# type that differs from the SV prototype is a "conflicting types" error
# (-Wno-strict-prototypes: the header declares `f()`).  $(call dpi_check,TOP,OUT,MDIR)
define dpi_check
	@$(CC) $(DPI_CFLAGS) -Wno-strict-prototypes -Werror -fsyntax-only \
	  -include $(3)/V$(1)__Dpi.h dpi/gcnref_dpi.c || { rm -f $(2); exit 1; }
	@$(CC) $(DPI_CFLAGS) -Wno-strict-prototypes -Werror -fsyntax-only \
	  -include $(3)/V$(1)__Dpi.h dpi/gcnref_retire_dpi.c || { rm -f $(2); exit 1; }
endef
# $(call verilate_lint,TOP,SOURCES): verilator --lint-only -Wall.
verilate_lint = $(VERILATOR) --lint-only -Wall --top-module $(1) $(2)
