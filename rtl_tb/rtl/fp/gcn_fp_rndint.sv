// Round to an integral value (combinational), f32 or f16 (W = 32) or f64 (W = 64): V_TRUNC,
// V_CEIL, V_FLOOR and V_RNDNE, and the floor that V_FRACT subtracts (the f32/f16 lane's add
// step, the f64 lane's fused unit, does x - floor(x)).
// refmodel/src/fp_cvt.c gcn_fp_round_integral and round_integral: a NaN operand is the
// result (quieted when IEEE = 1), +-inf and +-0 unchanged, else the integral value with
// the sign kept (trunc(-0.5) = -0); exact, so no output flush (an integral value is never
// denormal).
//
// On the encoding: with e the unbiased exponent and k = mbits - e fraction bits below the
// binary point (1 <= k <= mbits), the integral part is the magnitude with its k low bits
// cleared, and rounding up adds 1 << k to it (a carry into the exponent field is the next
// binade, as in IEEE's ordering). |x| < 1 (denormals included) gives +-0 or +-1.0.
module gcn_fp_rndint #(
  parameter int unsigned W = 32   // 32 (f32, f16) or 64 (f64)
) (
  input  logic [W-1:0] x_i,      // input-flushed operand: f32, f64, or f16 in [15:0] with the rest zero
  input  logic         f16_i,    // (W = 32 only)
  input  logic         nan_i,    // x_i's class (gcn_fp_classify)
  input  logic         ieee_i,
  input  logic [1:0]   rm_i,     // 0 nearest even (rndne), 1 up (ceil), 2 down (floor), 3 zero (trunc)
  output logic [W-1:0] res_o     // f32, f64, or f16 in [15:0] with the rest zero
);

  localparam bit          F64  = W == 64;
  localparam int unsigned EB   = F64 ? 11 : 8;      // exponent field width
  localparam int unsigned MB   = F64 ? 52 : 23;     // fraction field width
  localparam int unsigned KB   = $clog2(MB + 1);    // k's width
  localparam logic signed [12:0] BIAS = F64 ? 13'sd1023 : 13'sd127;

  logic               h16;
  logic               sign;
  logic [W-2:0]       mag;       // |x|
  logic signed [12:0] e;         // unbiased exponent
  logic signed [12:0] mbits;
  logic [W-2:0]       one, quiet, fmask;
  assign h16   = !F64 && f16_i;
  assign sign  = h16 ? x_i[15] : x_i[W-1];
  assign mag   = h16 ? (W-1)'(x_i[14:0]) : x_i[W-2:0];
  assign e     = h16 ? $signed(13'(x_i[14:10])) - 13'sd15 : $signed(13'(x_i[W-2 -: EB])) - BIAS;
  assign mbits = h16 ? 13'sd10 : 13'(MB);
  assign one   = h16 ? (W-1)'(16'h3c00) : (W-1)'(BIAS) << MB;
  assign quiet = h16 ? (W-1)'(16'h0200) : (W-1)'(1) << (MB - 1);
  assign fmask = h16 ? (W-1)'(16'h03ff) : ((W-1)'(1) << MB) - (W-1)'(1);

  // The kept part's lowest bit, the bit below it (half a unit) and the rest (sticky).
  logic [KB-1:0] k;
  logic [W-2:0]  unit, mask, kept;
  logic          below1, lsb, rbit, sticky, inc;
  assign below1 = e < 13'sd0;                              // |x| < 1 (a denormal's field reads -bias)
  assign k      = KB'(mbits - e);                          // used when 0 <= e < mbits
  assign unit   = (W-1)'(1) << k;
  assign mask   = unit - (W-1)'(1);
  assign kept   = mag & ~mask;
  assign lsb    = below1 ? 1'b0 : (mag & unit) != '0;
  assign rbit   = below1 ? e == -13'sd1 : (mag & (unit >> 1)) != '0;
  assign sticky = below1 ? (e == -13'sd1 ? (mag & fmask) != '0 : mag != '0)
                        : (mag & (mask >> 1)) != '0;

  always_comb begin
    unique case (rm_i)
      2'd0:    inc = rbit && (sticky || lsb);
      2'd1:    inc = (rbit || sticky) && !sign;
      2'd2:    inc = (rbit || sticky) && sign;
      default: inc = 1'b0;
    endcase
  end

  logic [W-2:0] r_mag;
  always_comb begin
    if (nan_i)                       r_mag = ieee_i ? mag | quiet : mag;
    else if (e >= mbits || mag == '0) r_mag = mag;         // integral already (inf included), or +-0
    else if (below1)                 r_mag = inc ? one : '0;
    else                             r_mag = kept + (inc ? unit : '0);
  end
  assign res_o = h16 ? W'({sign, r_mag[14:0]}) : {sign, r_mag};

endmodule
