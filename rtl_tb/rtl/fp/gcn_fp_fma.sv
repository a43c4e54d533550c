// Fused multiply-add core (combinational): a * b + c of three unpacked finite operands,
// exact up to the three guard bits the rounder needs, for one rounding (refmodel/src/fp.c
// gcn_fp_fma_bits: mul_exact, then add_vals of the exact product and c). f32 or f16 alike
// (gcn_fp_classify's 24-bit significands, SW = 24), or f64 (SW = 53; the f64 lane's add, mul
// and ldexp are this unit too: a * 1.0 + b, a * b + 0 and a * 2^n + 0).
//
// The exact 2 * SW-bit product and c (widened to 2 * SW bits) are each normalized
// (leading-zero count: denormal operands and products of denormals have leading zeros), so
// both have their top bit at the top, and added by gcn_fp_add at 2 * SW bits: the one of larger magnitude
// is kept, the other shifted right by the difference of their exponents with every lost bit
// jammed into bit 0, three guard bits below both. A shift of 0 or 1 loses nothing (an exact
// cancellation, however deep, is exact), a larger shift leaves a difference of at least half
// the kept operand, so at most one bit cancels above the sticky bit and the rounded result
// is that of the exact sum. An exact zero sum takes IEEE 754 clause 6.3's sign (the sum of
// a +-0 product and a +-0 c included).
module gcn_fp_fma #(
  parameter int unsigned SW = 24     // significand width: 24 (f32, f16) or 53 (f64)
) (
  input  logic              a_sign_i,
  input  logic signed [12:0] a_exp_i,
  input  logic [SW-1:0]     a_sig_i,
  input  logic              b_sign_i,
  input  logic signed [12:0] b_exp_i,
  input  logic [SW-1:0]     b_sig_i,
  input  logic              c_sign_i,
  input  logic signed [12:0] c_exp_i,
  input  logic [SW-1:0]     c_sig_i,
  input  logic [1:0]        rm_i,
  output logic              sign_o,
  output logic signed [12:0] exp_o,
  output logic [2*SW+3:0]   sig_o      // 0: an exact zero of sign sign_o
);

  localparam int unsigned PW  = 2 * SW;            // the product's width
  localparam int unsigned LZW = $clog2(PW + 1);

  // ---------------------------------------------------------------- the exact product
  logic              p_sign;
  logic signed [12:0] p_exp;
  logic [PW-1:0]     p_sig, c_sig;
  assign p_sign = a_sign_i ^ b_sign_i;
  assign p_exp  = a_exp_i + b_exp_i;
  assign p_sig  = PW'(a_sig_i) * PW'(b_sig_i);
  assign c_sig  = {c_sig_i, SW'(0)};

  // ---------------------------------------------------------------- normalize both
  logic [LZW-1:0] p_lz, c_lz;
  always_comb begin
    p_lz = LZW'(PW);
    c_lz = LZW'(PW);
    for (int i = 0; i < PW; i++) begin
      if (p_sig[i]) p_lz = LZW'(PW - 1 - i);
      if (c_sig[i]) c_lz = LZW'(PW - 1 - i);
    end
  end

  // Exponents of bit 0 after normalizing; a zero's lies below every non-zero value's (the
  // smallest is an f32 product of denormals, about 2^-345, an f64 one 2^-2253, an f64
  // ldexp's about 2^-3430), so it is never the kept operand. (The exponent difference to a
  // zero may wrap in 13 bits; the zero's shifted significand is 0 whatever the shift.)
  localparam logic signed [12:0] ZERO_EXP = (SW > 24) ? -13'sd4095 : -13'sd2048;
  logic signed [12:0] p_e0, c_e0;
  assign p_e0 = (p_sig != '0) ? p_exp - $signed(13'(p_lz)) : ZERO_EXP;
  assign c_e0 = (c_sig_i != '0) ? c_exp_i - $signed(13'(SW)) - $signed(13'(c_lz)) : ZERO_EXP;

  // ---------------------------------------------------------------- align and add
  gcn_fp_add #(.SW(PW)) u_add (
    .a_sign_i (p_sign), .a_exp_i (p_e0), .a_sig_i (p_sig << p_lz),
    .b_sign_i (c_sign_i), .b_exp_i (c_e0), .b_sig_i (c_sig << c_lz),
    .rm_i (rm_i), .sign_o (sign_o), .exp_o (exp_o), .sig_o (sig_o)
  );

endmodule
