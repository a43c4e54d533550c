// Adder of two unpacked finite operands (combinational), exact up to the three guard
// bits the rounder needs (refmodel/src/fp.c add_vals and zero_sum): the operand of larger
// magnitude is kept, the other is shifted right by the exponent difference with every
// lost bit jammed into bit 0, and the two are added or subtracted. When the difference is
// non-zero the larger operand is normal (denormals have the smallest exponent), so after a
// subtraction at most one bit cancels above the jammed sticky bit: the rounded result is
// that of the exact sum. An exact zero sum takes IEEE 754 clause 6.3's sign.
// SW = 24 for the add step; gcn_fp_fma adds its normalized 48-bit product and addend with
// SW = 48 (both operands' top bits at SW - 1, a zero's exponent below every other).
module gcn_fp_add #(
  parameter int unsigned SW = 24     // significand width
) (
  input  logic              a_sign_i,
  input  logic signed [12:0] a_exp_i,
  input  logic [SW-1:0]     a_sig_i,
  input  logic              b_sign_i,  // with the negation of sub applied
  input  logic signed [12:0] b_exp_i,
  input  logic [SW-1:0]     b_sig_i,
  input  logic [1:0]        rm_i,
  output logic              sign_o,
  output logic signed [12:0] exp_o,
  output logic [SW+3:0]     sig_o      // 0: an exact zero of sign sign_o
);

  localparam int unsigned GW  = SW + 3;             // with the three guard bits
  localparam int unsigned SHW = $clog2(GW + 1);

  logic              a_big;
  logic              big_sign, small_sign;
  logic signed [12:0] big_exp, small_exp, diff;
  logic [SW-1:0]     big_sig, small_sig;
  logic [SHW-1:0]    sh;
  logic [GW-1:0]     big_g, small_g, small_sh, lost_mask;
  logic [GW:0]       sum;
  logic              zero;

  assign a_big      = a_exp_i > b_exp_i || (a_exp_i == b_exp_i && a_sig_i >= b_sig_i);
  assign big_sign   = a_big ? a_sign_i : b_sign_i;
  assign small_sign = a_big ? b_sign_i : a_sign_i;
  assign big_exp    = a_big ? a_exp_i : b_exp_i;
  assign small_exp  = a_big ? b_exp_i : a_exp_i;
  assign big_sig    = a_big ? a_sig_i : b_sig_i;
  assign small_sig  = a_big ? b_sig_i : a_sig_i;
  assign diff       = big_exp - small_exp;
  assign sh         = (diff > $signed(13'(GW))) ? SHW'(GW) : diff[SHW-1:0];

  // Three guard bits below the 24-bit significands; the shifted-out bits jam into bit 0.
  assign big_g     = {big_sig, 3'd0};
  assign small_g   = {small_sig, 3'd0};
  assign lost_mask = ~({GW{1'b1}} << sh);
  assign small_sh  = (small_g >> sh) | {{(GW - 1){1'b0}}, |(small_g & lost_mask)};
  assign sum       = (big_sign == small_sign) ? {1'b0, big_g} + {1'b0, small_sh}
                                              : {1'b0, big_g} - {1'b0, small_sh};

  assign zero   = sum == '0;
  // An exact zero: the common sign, else +0 except toward -inf.
  assign sign_o = zero ? (a_sign_i == b_sign_i ? a_sign_i : rm_i == 2'd2) : big_sign;
  assign exp_o  = big_exp - 13'sd3;
  assign sig_o  = sum;

endmodule
