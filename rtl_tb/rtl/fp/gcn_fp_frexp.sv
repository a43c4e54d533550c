// frexp (combinational), f32 or f16: V_FREXP_MANT_F32/F16 and V_FREXP_EXP_I32_F32 /
// V_FREXP_EXP_I16_F16. refmodel/src/fp_cvt.c gcn_fp_frexp_mant / gcn_fp_frexp_exp:
// x = mant * 2^exp with |mant| in [0.5, 1) (a denormal operand normalized, after the input
// flush); mant of a NaN is the NaN (quieted when IEEE = 1), of +-inf and +-0 the operand;
// exp is floor(log2|x|) + 1, 0 for +-0, +-inf and NaN.
module gcn_fp_frexp (
  input  logic [31:0]       x_i,      // the input-flushed operand: f32, or f16 in [15:0]
  input  logic              f16_i,
  input  logic              sign_i,   // x_i's class and unpacked value (gcn_fp_classify)
  input  logic              nan_i,
  input  logic              inf_i,
  input  logic              zero_i,
  input  logic signed [12:0] exp_i,
  input  logic [23:0]       sig_i,
  input  logic              ieee_i,
  output logic [31:0]       mant_o,   // f32, or f16 in [15:0] with [31:16] zero
  output logic [31:0]       exp_o     // i32, or i16 in [15:0] with [31:16] zero
);

  logic [4:0] lz;
  always_comb begin
    lz = 5'd24;
    for (int i = 0; i < 24; i++) begin
      if (sig_i[i]) lz = 5'(23 - i);
    end
  end

  logic [22:0]        norm;     // the fraction once normalized (the leading 1 dropped)
  logic signed [12:0] e;
  assign norm = 23'(sig_i << lz);
  assign e    = exp_i + 13'sd24 - $signed({8'd0, lz});

  always_comb begin
    if (nan_i)              mant_o = ieee_i ? x_i | (f16_i ? 32'h0000_0200 : 32'h0040_0000) : x_i;
    else if (inf_i || zero_i) mant_o = x_i;
    else if (f16_i)         mant_o = {16'd0, sign_i, 5'd14, norm[22:13]};
    else                    mant_o = {sign_i, 8'd126, norm[22:0]};
  end

  logic [31:0] e32;
  assign e32   = (nan_i || inf_i || zero_i) ? 32'd0 : 32'(e);
  assign exp_o = f16_i ? {16'd0, e32[15:0]} : e32;

endmodule
