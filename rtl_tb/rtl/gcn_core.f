// The sources of gcn_core in dependency order (packages first, then each module before its
// users): the one list that Verilator builds, `make lint` and `make synth` read (rtl_tb/rtl.mk
// RTL_SRCS). Paths from the repository root; build/gen/ is $(GEN), which the makefiles
// substitute. The float lane's sources (fp/) are also the list of `make fp-lane-*`.
build/gen/gcn_isa_pkg.sv
rtl_tb/rtl/gcn_core_pkg.sv
rtl_tb/rtl/fp/gcn_fp_classify.sv
rtl_tb/rtl/fp/gcn_fp_special.sv
rtl_tb/rtl/fp/gcn_fp_mul.sv
rtl_tb/rtl/fp/gcn_fp_add.sv
rtl_tb/rtl/fp/gcn_fp_round.sv
rtl_tb/rtl/fp/gcn_fp_rndint.sv
rtl_tb/rtl/fp/gcn_fp_i2f.sv
rtl_tb/rtl/fp/gcn_fp_f2i.sv
rtl_tb/rtl/fp/gcn_fp_f2f.sv
rtl_tb/rtl/fp/gcn_fp_frexp.sv
rtl_tb/rtl/fp/gcn_fp_minmax.sv
rtl_tb/rtl/fp/gcn_fp_minmax3.sv
rtl_tb/rtl/fp/gcn_fp_fma.sv
rtl_tb/rtl/fp/gcn_fp_outmod.sv
rtl_tb/rtl/fp/gcn_fp_cvt.sv
rtl_tb/rtl/fp/gcn_fp_lane.sv
rtl_tb/rtl/fp/gcn_fp64_lane.sv
rtl_tb/rtl/fp/gcn_fp_cmp_unpack.sv
rtl_tb/rtl/fp/gcn_fp_cmp.sv
rtl_tb/rtl/gcn_salu.sv
rtl_tb/rtl/gcn_sopk.sv
rtl_tb/rtl/gcn_valu_lane.sv
rtl_tb/rtl/gcn_valu_cmp.sv
rtl_tb/rtl/gcn_valu_dpp.sv
rtl_tb/rtl/gcn_valu_int3.sv
rtl_tb/rtl/gcn_valu_int16.sv
rtl_tb/rtl/gcn_valu_qsad.sv
rtl_tb/rtl/gcn_valu_sdwa.sv
rtl_tb/rtl/gcn_decode_sdwa.sv
rtl_tb/rtl/gcn_valu_pk.sv
rtl_tb/rtl/gcn_decode_wide.sv
rtl_tb/rtl/gcn_decode.sv
rtl_tb/rtl/gcn_vrf.sv
rtl_tb/rtl/gcn_valu_movrel.sv
rtl_tb/rtl/gcn_valu_quad.sv
rtl_tb/rtl/gcn_issue.sv
rtl_tb/rtl/gcn_sctrl.sv
rtl_tb/rtl/gcn_valu_pipe.sv
rtl_tb/rtl/gcn_commit.sv
rtl_tb/rtl/gcn_core.sv
