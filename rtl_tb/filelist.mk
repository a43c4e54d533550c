# The core's sources as make variables, read from its one file list rtl_tb/rtl/gcn_core.f
# (packages first, then each module before its users; build/gen/ there is $(GEN)).
# Included by valu_lane.mk and rtl.mk (whichever comes first defines them).
#   RTL_LIST      every file, package first: what Verilator, lint and yosys read
#   RTL_SRCS      the hand-written ones (rtl_tb/rtl/...)
#   RTL_FP_SRCS   the float lane's (rtl_tb/rtl/fp/...)
ifndef RTL_FILELIST
RTL_FILELIST := rtl_tb/rtl/gcn_core.f
RTL_LIST := $(patsubst build/gen/%,$(GEN)/%,$(shell sed -e '/^[[:space:]]*\/\//d' \
  -e '/^[[:space:]]*$$/d' $(RTL_FILELIST)))
RTL_SRCS := $(filter rtl_tb/rtl/%,$(RTL_LIST))
RTL_FP_SRCS := $(filter rtl_tb/rtl/fp/%,$(RTL_SRCS))
endif
