// frexp (combinational), f32 or f16 (W = 32) or f64 (W = 64): V_FREXP_MANT_F32/F16/F64 and
// V_FREXP_EXP_I32_F32 / V_FREXP_EXP_I16_F16 / V_FREXP_EXP_I32_F64. refmodel/src/fp_cvt.c
// gcn_fp_frexp_mant / gcn_fp_frexp_exp:
// x = mant * 2^exp with |mant| in [0.5, 1) (a denormal operand normalized, after the input
// flush); mant of a NaN is the NaN (quieted when IEEE = 1), of +-inf and +-0 the operand;
// exp is floor(log2|x|) + 1, 0 for +-0, +-inf and NaN.
module gcn_fp_frexp #(
  parameter int unsigned W  = 32,                   // 32 (f32, f16) or 64 (f64)
  parameter int unsigned SW = (W == 64) ? 53 : 24   // significand width (follows W)
) (
  input  logic [W-1:0]      x_i,      // the input-flushed operand: f32, f64, or f16 in [15:0]
  input  logic              f16_i,    // (W = 32 only)
  input  logic              sign_i,   // x_i's class and unpacked value (gcn_fp_classify)
  input  logic              nan_i,
  input  logic              inf_i,
  input  logic              zero_i,
  input  logic signed [12:0] exp_i,
  input  logic [SW-1:0]     sig_i,
  input  logic              ieee_i,
  output logic [W-1:0]      mant_o,   // f32, f64, or f16 in [15:0] with the rest zero
  output logic [31:0]       exp_o     // i32, or i16 in [15:0] with [31:16] zero
);

  localparam bit          F64 = W == 64;
  localparam int unsigned LZW = $clog2(SW + 1);

  logic [LZW-1:0] lz;
  always_comb begin
    lz = LZW'(SW);
    for (int i = 0; i < SW; i++) begin
      if (sig_i[i]) lz = LZW'(SW - 1 - i);
    end
  end

  logic [SW-2:0]      norm;     // the fraction once normalized (the leading 1 dropped)
  logic signed [12:0] e;
  logic               h16;
  assign norm = (SW-1)'(sig_i << lz);
  assign e    = exp_i + 13'(SW) - $signed(13'(lz));
  assign h16  = !F64 && f16_i;

  always_comb begin
    if (nan_i)                mant_o = ieee_i ? x_i | (h16 ? W'(32'h0000_0200) : W'(1) << (SW - 2)) : x_i;
    else if (inf_i || zero_i) mant_o = x_i;
    else if (h16)             mant_o = W'({sign_i, 5'd14, norm[SW-2 -: 10]});
    else if (F64)             mant_o = W'({sign_i, 11'd1022, norm});
    else                      mant_o = W'({sign_i, 8'd126, norm});
  end

  logic [31:0] e32;
  assign e32   = (nan_i || inf_i || zero_i) ? 32'd0 : 32'(e);
  assign exp_o = h16 ? {16'd0, e32[15:0]} : e32;

endmodule
