// The example DUT's sources (docs/retire.md), package first; build/gen/ is $(GEN).
build/gen/gcn_isa_pkg.sv
rtl_tb/example_dut/rtl/exdut_alu.sv
rtl_tb/example_dut/rtl/exdut_core.sv
