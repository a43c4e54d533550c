// Exact multiplier of two unpacked finite operands (combinational): the 48-bit product
// and its exponent, for the rounder (refmodel/src/fp.c mul_exact). f16 operands use the
// same 24 x 24 array (their 11-bit significands sit at the top of the 24 bits).
module gcn_fp_mul (
  input  logic signed [12:0] a_exp_i,
  input  logic [23:0]        a_sig_i,
  input  logic signed [12:0] b_exp_i,
  input  logic [23:0]        b_sig_i,
  output logic signed [12:0] exp_o,
  output logic [47:0]        sig_o
);

  assign exp_o = a_exp_i + b_exp_i;
  assign sig_o = 48'(a_sig_i) * 48'(b_sig_i);

endmodule
