// Top of the transcendental unit's worst-error test (driven by fp_trans_main.cpp): the op
// from gcn_isa_pkg::decode_op of a (generation, VOP1 opcode), its decoder and the unit alone
// (the result before OMOD/CLAMP); the f64 rows (v_rcp/rsq/sqrt_f64, _clamp) through
// gcn_fp64_trans_lane and gcn_fp64_lane (no modifiers: its result is the unit's).
module fp_trans_tb (
  input  logic [1:0]  gen_i,       // gcn_gen of the C model
  input  logic [7:0]  opcode_i,    // VOP1 opcode
  input  logic [9:0]  mode_i,
  input  logic [31:0] x_i,
  output logic [31:0] result_o,
  output logic        hit_o,       // the op is one of the unit's
  input  logic [63:0] x64_i,       // the f64 rows' operand
  output logic [63:0] result64_o,
  output logic        hit64_o      // gcn_fp64_lane executes the op
);
  logic unused_vcc;
  logic [63:0] tr64_res;
  gcn_fp64_trans_lane u_fp64_trans (
    .op_i (gcn_isa_pkg::decode_op(gcn_isa_pkg::gen_e'(gen_i), gcn_isa_pkg::CLS_VOP1, opcode_i)),
    .src0_i (x64_i), .abs_i (1'b0), .neg_i (1'b0), .ieee_i (mode_i[9]), .res_o (tr64_res)
  );
  gcn_fp64_lane u_fp64 (
    .op_i (gcn_isa_pkg::decode_op(gcn_isa_pkg::gen_e'(gen_i), gcn_isa_pkg::CLS_VOP1, opcode_i)),
    .gen_i (gcn_isa_pkg::gen_e'(gen_i)), .src0_i (x64_i), .src1_i (64'd0), .src2_i (64'd0),
    .mode_i (mode_i), .abs_i (3'd0), .neg_i (3'd0), .omod_i (2'd0), .clamp_i (1'b0), .vcc_i (1'b0),
    .tr_res_i (tr64_res), .vcc_o (unused_vcc), .result_o (result64_o), .supported_o (hit64_o)
  );
  logic       f16;
  logic [2:0] fn;
  logic [1:0] var_sel;
  gcn_fp_trans_dec u_dec (
    .op_i  (gcn_isa_pkg::decode_op(gcn_isa_pkg::gen_e'(gen_i), gcn_isa_pkg::CLS_VOP1, opcode_i)),
    .hit_o (hit_o), .f16_o (f16), .fn_o (fn), .var_o (var_sel)
  );
  gcn_fp_trans u_trans (
    .fn_i (fn), .var_i (var_sel), .f16_i (f16), .mode_i (mode_i), .x_i (x_i), .res_o (result_o)
  );
endmodule
