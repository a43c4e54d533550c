// Fused multiply-add core (combinational): a * b + c of three unpacked finite operands,
// exact up to the three guard bits the rounder needs, for one rounding (refmodel/src/fp.c
// gcn_fp_fma_bits: mul_exact, then add_vals of the exact product and c). f32 or f16 alike
// (gcn_fp_classify's 24-bit significands).
//
// The exact 48-bit product and c (widened to 48 bits) are each normalized (leading-zero
// count: denormal operands and products of denormals have leading zeros), so both have
// their top bit at bit 47. The one of larger magnitude is kept, the other is shifted right
// by the difference of their top exponents with every lost bit jammed into bit 0, three
// guard bits below both. As in gcn_fp_add: a shift of 0 or 1 loses nothing (an exact
// cancellation, however deep, is exact), a larger shift leaves a difference of at least half
// the kept operand, so at most one bit cancels above the sticky bit and the rounded result
// is that of the exact sum. An exact zero sum takes IEEE 754 clause 6.3's sign (the sum of
// a +-0 product and a +-0 c included).
module gcn_fp_fma (
  input  logic              a_sign_i,
  input  logic signed [12:0] a_exp_i,
  input  logic [23:0]       a_sig_i,
  input  logic              b_sign_i,
  input  logic signed [12:0] b_exp_i,
  input  logic [23:0]       b_sig_i,
  input  logic              c_sign_i,
  input  logic signed [12:0] c_exp_i,
  input  logic [23:0]       c_sig_i,
  input  logic [1:0]        rm_i,
  output logic              sign_o,
  output logic signed [12:0] exp_o,
  output logic [51:0]       sig_o      // 0: an exact zero of sign sign_o
);

  // ---------------------------------------------------------------- the exact product
  logic              p_sign;
  logic signed [12:0] p_exp;
  logic [47:0]       p_sig, c_sig;
  assign p_sign = a_sign_i ^ b_sign_i;
  assign p_exp  = a_exp_i + b_exp_i;
  assign p_sig  = 48'(a_sig_i) * 48'(b_sig_i);
  assign c_sig  = {c_sig_i, 24'd0};

  // ---------------------------------------------------------------- normalize both
  logic [5:0] p_lz, c_lz;
  always_comb begin
    p_lz = 6'd48;
    c_lz = 6'd48;
    for (int i = 0; i < 48; i++) begin
      if (p_sig[i]) p_lz = 6'(47 - i);
      if (c_sig[i]) c_lz = 6'(47 - i);
    end
  end

  logic [47:0]       p_n, c_n;
  logic signed [12:0] p_top, c_top;     // exponent of the top bit (bit 47 after normalizing)
  logic              p_nz, c_nz;
  assign p_n   = p_sig << p_lz;
  assign c_n   = c_sig << c_lz;
  assign p_top = p_exp + 13'sd47 - $signed({7'd0, p_lz});
  assign c_top = c_exp_i + 13'sd23 - $signed({7'd0, c_lz});  // c_sig is c_sig_i * 2^24
  assign p_nz  = p_sig != 48'd0;
  assign c_nz  = c_sig_i != 24'd0;

  // ---------------------------------------------------------------- align and add
  logic              p_big;
  logic              big_sign, small_sign;
  logic signed [12:0] big_top, small_top, diff;
  logic [47:0]       big_n, small_n;
  logic [5:0]        sh;
  logic [50:0]       big_g, small_g, small_sh, lost_mask;
  logic [51:0]       sum;
  logic              zero;

  assign p_big      = p_nz && (!c_nz || p_top > c_top || (p_top == c_top && p_n >= c_n));
  assign big_sign   = p_big ? p_sign : c_sign_i;
  assign small_sign = p_big ? c_sign_i : p_sign;
  assign big_top    = p_big ? p_top : c_top;
  assign small_top  = p_big ? c_top : p_top;
  assign big_n      = p_big ? p_n : c_n;
  assign small_n    = p_big ? c_n : p_n;
  assign diff       = big_top - small_top;
  assign sh         = (diff > 13'sd51) ? 6'd51 : diff[5:0];

  assign big_g     = {big_n, 3'd0};
  assign small_g   = {small_n, 3'd0};
  assign lost_mask = ~({51{1'b1}} << sh);
  assign small_sh  = (small_g >> sh) | {50'd0, |(small_g & lost_mask)};
  assign sum       = (big_sign == small_sign) ? {1'b0, big_g} + {1'b0, small_sh}
                                              : {1'b0, big_g} - {1'b0, small_sh};

  assign zero   = sum == 52'd0;
  // An exact zero: the common sign, else +0 except toward -inf.
  assign sign_o = zero ? (p_sign == c_sign_i ? p_sign : rm_i == 2'd2) : big_sign;
  assign exp_o  = big_top - 13'sd50;     // bit 50 of the guard frame is the top bit
  assign sig_o  = sum;

endmodule
