// Round to an integral value (combinational), f32 or f16: V_TRUNC, V_CEIL, V_FLOOR and
// V_RNDNE, and the floor that V_FRACT subtracts (the lane's add step does x - floor(x)).
// refmodel/src/fp_cvt.c gcn_fp_round_integral and round_integral: a NaN operand is the
// result (quieted when IEEE = 1), +-inf and +-0 unchanged, else the integral value with
// the sign kept (trunc(-0.5) = -0); exact, so no output flush (an integral value is never
// denormal).
//
// On the encoding: with e the unbiased exponent and k = mbits - e fraction bits below the
// binary point (1 <= k <= mbits), the integral part is the magnitude with its k low bits
// cleared, and rounding up adds 1 << k to it (a carry into the exponent field is the next
// binade, as in IEEE's ordering). |x| < 1 (denormals included) gives +-0 or +-1.0.
module gcn_fp_rndint (
  input  logic [31:0] x_i,      // input-flushed operand: f32, or f16 in [15:0] with [31:16] zero
  input  logic        f16_i,
  input  logic        nan_i,    // x_i's class (gcn_fp_classify)
  input  logic        ieee_i,
  input  logic [1:0]  rm_i,     // 0 nearest even (rndne), 1 up (ceil), 2 down (floor), 3 zero (trunc)
  output logic [31:0] res_o     // f32, or f16 in [15:0] with [31:16] zero
);

  logic              sign;
  logic [30:0]       mag;       // |x|
  logic signed [9:0] e;         // unbiased exponent
  logic signed [9:0] mbits;
  logic [30:0]       one, quiet, fmask;
  assign sign  = f16_i ? x_i[15] : x_i[31];
  assign mag   = f16_i ? {16'd0, x_i[14:0]} : x_i[30:0];
  assign e     = f16_i ? $signed({5'd0, x_i[14:10]}) - 10'sd15 : $signed({2'd0, x_i[30:23]}) - 10'sd127;
  assign mbits = f16_i ? 10'sd10 : 10'sd23;
  assign one   = f16_i ? 31'h0000_3c00 : 31'h3f80_0000;
  assign quiet = f16_i ? 31'h0000_0200 : 31'h0040_0000;
  assign fmask = f16_i ? 31'h0000_03ff : 31'h007f_ffff;

  // The kept part's lowest bit, the bit below it (half a unit) and the rest (sticky).
  logic [4:0]  k;
  logic [30:0] unit, mask, kept;
  logic        below1, lsb, rbit, sticky, inc;
  assign below1  = e < 10'sd0;                              // |x| < 1 (a denormal's field reads -bias)
  assign k      = 5'(mbits - e);                           // used when 0 <= e < mbits
  assign unit   = 31'd1 << k;
  assign mask   = unit - 31'd1;
  assign kept   = mag & ~mask;
  assign lsb    = below1 ? 1'b0 : (mag & unit) != 31'd0;
  assign rbit   = below1 ? e == -10'sd1 : (mag & (unit >> 1)) != 31'd0;
  assign sticky = below1 ? (e == -10'sd1 ? (mag & fmask) != 31'd0 : mag != 31'd0)
                        : (mag & (mask >> 1)) != 31'd0;

  always_comb begin
    unique case (rm_i)
      2'd0:    inc = rbit && (sticky || lsb);
      2'd1:    inc = (rbit || sticky) && !sign;
      2'd2:    inc = (rbit || sticky) && sign;
      default: inc = 1'b0;
    endcase
  end

  logic [30:0] r_mag;
  always_comb begin
    if (nan_i)                     r_mag = ieee_i ? mag | quiet : mag;
    else if (e >= mbits || mag == 31'd0) r_mag = mag;      // integral already (inf included), or +-0
    else if (below1)                r_mag = inc ? one : 31'd0;
    else                           r_mag = kept + (inc ? unit : 31'd0);
  end
  assign res_o = f16_i ? {16'd0, sign, r_mag[14:0]} : {sign, r_mag};

endmodule
