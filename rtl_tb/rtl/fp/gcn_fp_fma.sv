// Fused multiply-add core (combinational): a * b + c of three unpacked finite operands,
// exact up to the three guard bits the rounder needs, for one rounding (refmodel/src/fp.c
// gcn_fp_fma_bits: mul_exact, then add_vals of the exact product and c). f32 or f16 alike
// (gcn_fp_classify's 24-bit significands).
//
// The exact 48-bit product and c (widened to 48 bits) are each normalized (leading-zero
// count: denormal operands and products of denormals have leading zeros), so both have
// their top bit at bit 47, and added by gcn_fp_add at 48 bits: the one of larger magnitude
// is kept, the other shifted right by the difference of their exponents with every lost bit
// jammed into bit 0, three guard bits below both. A shift of 0 or 1 loses nothing (an exact
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

  // Exponents of bit 0 after normalizing; a zero's lies below every non-zero value's (the
  // smallest is an f32 product of denormals, about 2^-345), so it is never the kept operand.
  localparam logic signed [12:0] ZERO_EXP = -13'sd2048;
  logic signed [12:0] p_e0, c_e0;
  assign p_e0 = (p_sig != 48'd0) ? p_exp - $signed({7'd0, p_lz}) : ZERO_EXP;
  assign c_e0 = (c_sig_i != 24'd0) ? c_exp_i - 13'sd24 - $signed({7'd0, c_lz}) : ZERO_EXP;

  // ---------------------------------------------------------------- align and add
  gcn_fp_add #(.SW(48)) u_add (
    .a_sign_i (p_sign), .a_exp_i (p_e0), .a_sig_i (p_sig << p_lz),
    .b_sign_i (c_sign_i), .b_exp_i (c_e0), .b_sig_i (c_sig << c_lz),
    .rm_i (rm_i), .sign_o (sign_o), .exp_o (exp_o), .sig_o (sig_o)
  );

endmodule
