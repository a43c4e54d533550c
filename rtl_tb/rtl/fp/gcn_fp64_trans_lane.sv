// The f64 reciprocal, reciprocal square root and square root of one lane with their operand
// decode (combinational): v_rcp/rsq/sqrt_f64 and gcn10/11's v_rcp/rsq_clamp_f64. SRC0 with
// its ABS and NEG, unflushed (the f64 transcendentals keep denormals whatever MODE says:
// fp_trans.c trans_env), the exact special cases (gcn_fp64_trans_special), Newton-Raphson
// and the exact correction (gcn_fp64_nr), one rounding to nearest even without flush, and
// the _clamp forms' infinity -> +-max finite; res_o is the result before OMOD and CLAMP,
// which gcn_fp64_lane applies (its tr_res_i), bit-exact with refmodel/src/fp_trans.c
// gcn_fp_trans at f64. It sits beside gcn_fp64_lane in each of gcn_valu_pipe's lanes, on
// operands captured on a clock of its own (tr64_clk: the f64 approx rows), so that a
// simulator evaluates its wide multipliers only in those passes (docs/performance.md,
// "Co-simulation: the f64 transcendentals apart"); inside gcn_fp64_lane, a hierarchical build
// (rtl_tb/hier.vlt) evaluated them in every f64 pass.
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no import.
module gcn_fp64_trans_lane (
  input  gcn_isa_pkg::op_e op_i,
  input  logic [63:0]      src0_i,
  input  logic             abs_i,    // VOP3 ABS of SRC0
  input  logic             neg_i,    // VOP3 NEG of SRC0
  input  logic             ieee_i,   // MODE.IEEE (a NaN operand is quieted)
  output logic [63:0]      res_o
);
  logic [1:0] fn;     // 0 rcp, 1 rsq, 2 sqrt
  logic       clamp;  // the _clamp forms
  always_comb begin
    fn    = 2'd0;
    clamp = 1'b0;
    unique case (op_i)
      gcn_isa_pkg::OP_V_RCP_CLAMP_F64: clamp = 1'b1;
      gcn_isa_pkg::OP_V_RSQ_F64:       fn = 2'd1;
      gcn_isa_pkg::OP_V_RSQ_CLAMP_F64: begin fn = 2'd1; clamp = 1'b1; end
      gcn_isa_pkg::OP_V_SQRT_F64:      fn = 2'd2;
      default: ;                                   // v_rcp_f64 (other ops: unused)
    endcase
  end

  // ABS then NEG on the sign bit (gcn_semantics.md section 4), NaNs included.
  logic [63:0]        a_in, a_fl;
  logic               a_sign, a_nan, a_inf, a_zero;
  logic signed [12:0] a_exp;
  logic [52:0]        a_sig;
  assign a_in = {(abs_i ? 1'b0 : src0_i[63]) ^ neg_i, src0_i[62:0]};
  gcn_fp_classify #(.W(64)) u_class (
    .x_i (a_in), .f16_i (1'b0), .flush_i (1'b0), .x_o (a_fl), .sign_o (a_sign),
    .nan_o (a_nan), .snan_o (), .inf_o (a_inf), .zero_o (a_zero),
    .exp_o (a_exp), .sig_o (a_sig)
  );

  logic        special;
  logic [63:0] special_val;
  gcn_fp64_trans_special u_special (
    .fn_i (fn), .ieee_i (ieee_i), .x_i (a_fl), .sign_i (a_sign), .nan_i (a_nan),
    .inf_i (a_inf), .zero_i (a_zero), .special_o (special), .value_o (special_val)
  );
  logic signed [12:0] nr_exp;
  logic [109:0]       nr_sig;
  gcn_fp64_nr u_nr (
    .fn_i (fn), .sig_i (a_sig), .exp_i (a_exp), .exp_o (nr_exp), .sig_o (nr_sig)
  );
  // rsq and sqrt of a finite nonzero operand are positive (the negative ones are special).
  logic [63:0] rounded, any;
  gcn_fp_round #(.SW(110), .W(64)) u_round (
    .sign_i  (fn == 2'd0 && a_sign),
    .exp_i   (nr_exp),
    .sig_i   (nr_sig),
    .rm_i    (2'd0),
    .f16_i   (1'b0),
    .flush_i (1'b0),
    .res_o   (rounded)
  );
  assign any   = special ? special_val : rounded;
  assign res_o = (clamp && any[62:0] == 63'h7ff0_0000_0000_0000) ? {any[63], 63'h7fef_ffff_ffff_ffff} : any;
endmodule
