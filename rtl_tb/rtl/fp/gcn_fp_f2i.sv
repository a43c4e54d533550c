// Float to integer (combinational), from f32 or f16 (SW = 24) or f64 (SW = 53):
// V_CVT_I32_F32, V_CVT_U32_F32, V_CVT_FLR_I32_F32, V_CVT_RPI_I32_F32, V_CVT_I16_F16,
// V_CVT_U16_F16, (gcn14) V_CVT_NORM_I16_F16 / V_CVT_NORM_U16_F16, and V_CVT_I32_F64 /
// V_CVT_U32_F64. refmodel/src/fp_cvt.c gcn_fp_to_int and
// fp_misc.c norm16_f16: a NaN gives 0, +-inf the range's end; else the value (times
// 32767 or 65535 for the norm ops, exactly) rounded to an integer: toward zero, down
// (flr), floor(x + 0.5) (rpi), or to nearest even (norm); then saturated to the
// destination's range [lo, hi] (norm: [-32767, 32767] or [0, 65535]).
//
// The operand comes unpacked from gcn_fp_classify (input-flushed, value sig * 2^exp); the
// rounding sees the part shifted out below the binary point as a round bit and a sticky
// bit, as gcn_fp_round does.
module gcn_fp_f2i #(
  parameter int unsigned SW = 24   // the source's significand width: 24 (f32, f16) or 53 (f64)
) (
  input  logic              sign_i,
  input  logic              nan_i,
  input  logic              inf_i,
  input  logic signed [12:0] exp_i,
  input  logic [SW-1:0]     sig_i,
  input  logic [1:0]        how_i,     // 0 toward zero, 1 floor, 2 floor(x + 0.5), 3 nearest even
  input  logic [15:0]       scale_i,   // the norm ops' factor (32767, 65535), else 1
  input  logic              signed_i,  // signed destination
  input  logic              d16_i,     // 16-bit destination (the result's [31:16] are 0)
  input  logic              norm_i,    // norm op: the signed range is [-32767, 32767]
  output logic [31:0]       res_o
);

  // The exact value p * 2^exp, p = sig * scale (at most PW bits: 40 for f32/f16, 69 for f64).
  localparam int unsigned PW  = SW + 16;
  localparam int unsigned SHW = $clog2(PW + 3);
  // -(PW + 2) as a signed constant of exp_i's width: yosys 0.23 reads `-13'(PW + 2)` as a
  // cast of width -13 (a unary operator before a size cast) and, parenthesised, disagrees
  // with Verilator on the comparison's width and sign (make synth, make mutate's netlist).
  localparam logic signed [12:0] SH_MIN = 13'sd0 - 13'(PW + 2);
  logic [PW-1:0] p;
  assign p = PW'(sig_i) * PW'(scale_i);

  // exp >= 0: the integer p << exp, or past every range (p != 0 and exp > 32).
  // exp < 0: kept = p >> -exp with the round and sticky bits (a shift past PW + 2 is PW + 2:
  // everything is below half a unit then).
  logic [SHW-1:0]    sh;
  logic [2*PW+1:0]   ext;
  logic [PW-1:0]     kept;
  logic              rbit, sticky, inc, big;
  logic [PW+32:0]    up;
  assign sh     = (exp_i < SH_MIN) ? SHW'(PW + 2) : SHW'(-exp_i);
  assign ext    = {p, (PW + 2)'(0)} >> sh;
  assign kept   = ext[2*PW+1 -: PW];
  assign rbit   = ext[PW+1];
  assign sticky = ext[PW:0] != '0;
  assign up     = {33'd0, p} << ((exp_i > 13'sd32) ? 6'd33 : exp_i[5:0]);

  always_comb begin
    unique case (how_i)
      2'd0:    inc = 1'b0;
      2'd1:    inc = sign_i && (rbit || sticky);
      2'd2:    inc = sign_i ? rbit && sticky : rbit;    // floor(x + 0.5) of |x| with x's sign
      default: inc = rbit && (sticky || kept[0]);
    endcase
  end

  // The magnitude, saturating at 2^33 (beyond every range).
  logic [33:0] m;
  always_comb begin
    if (exp_i >= 13'sd0) begin
      big = p != '0 && (exp_i > 13'sd32 || up[PW+32:33] != '0);
      m   = big ? 34'h2_0000_0000 : up[33:0];
    end else begin
      big = kept[PW-1:33] != '0;
      m   = big ? 34'h2_0000_0000 : {1'b0, kept[32:0]} + {33'd0, inc};
    end
  end

  // The range [lo, hi] as magnitudes: hi, and -lo for a signed destination.
  logic [33:0] hi, lo_mag;
  always_comb begin
    if (d16_i) begin
      hi     = signed_i ? 34'h7fff : 34'hffff;
      lo_mag = signed_i ? (norm_i ? 34'h7fff : 34'h8000) : 34'd0;
    end else begin
      hi     = signed_i ? 34'h7fff_ffff : 34'hffff_ffff;
      lo_mag = signed_i ? 34'h8000_0000 : 34'd0;
    end
  end

  logic [33:0] mag;
  logic        neg;
  always_comb begin
    neg = 1'b0;
    if (nan_i) mag = 34'd0;
    else if (inf_i) begin mag = sign_i ? lo_mag : hi; neg = sign_i; end
    else if (sign_i) begin mag = (m > lo_mag) ? lo_mag : m; neg = 1'b1; end
    else mag = (m > hi) ? hi : m;
  end

  logic [31:0] r;
  assign r     = neg ? 32'(-mag) : mag[31:0];
  assign res_o = d16_i ? {16'd0, r[15:0]} : r;

endmodule
