// The transcendental unit of one float lane with its operand decode (combinational): the
// op's function, variant and format (gcn_fp_trans_dec), SRC0 with its ABS and NEG (OP_SEL is
// 0 on these rows), and gcn_fp_trans; res_o is the result before OMOD and CLAMP, which
// gcn_fp_lane applies (its tr_res_i). It sits beside gcn_fp_lane in each of gcn_valu_pipe's
// lanes, on operands captured on a clock of its own (tr_clk: the approx rows), so that a
// simulator evaluates it only in those passes (docs/performance.md, "Co-simulation: the
// per-cycle work"); inside gcn_fp_lane, a hierarchical build (rtl_tb/hier.vlt) evaluated
// it in every float pass.
module gcn_fp_trans_lane (
  input  gcn_isa_pkg::op_e op_i,
  input  logic [31:0]      src0_i,
  input  logic             abs_i,
  input  logic             neg_i,
  input  logic [9:0]       mode_i,
  output logic [31:0]      res_o
);
  logic       f16;
  logic [2:0] fn;
  logic [1:0] var_sel;
  gcn_fp_trans_dec u_dec (.op_i (op_i), .hit_o (), .f16_o (f16), .fn_o (fn), .var_o (var_sel));
  logic [31:0] sgn, x;
  assign sgn = f16 ? 32'h0000_8000 : 32'h8000_0000;
  assign x   = ((abs_i ? src0_i & ~sgn : src0_i) ^ (neg_i ? sgn : 32'd0)) & (f16 ? 32'h0000_ffff : 32'hffff_ffff);
  gcn_fp_trans u_trans (.fn_i (fn), .var_i (var_sel), .f16_i (f16), .mode_i (mode_i), .x_i (x), .res_o (res_o));
endmodule
