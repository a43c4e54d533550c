// The packing conversions of f32 sources (combinational): V_CVT_PKRTZ_F16_F32,
// V_CVT_PKNORM_I16_F32, V_CVT_PKNORM_U16_F32 and V_CVT_PKACCUM_U8_F32 (its byte only; the
// lane merges it into VDST). refmodel/src/fp.c cvt_f16_rtz, norm16, gcn_cvt_pkaccum_u8_f32
// and docs/float.md, "Conversions".
module gcn_fp_cvt (
  input  logic [31:0] s0_i,         // f32 sources, ABS/NEG applied (s0 input-flushed for pkaccum)
  input  logic [31:0] s1_i,
  input  logic        flush_out16_i, // pkrtz: the f16 MODE output flush
  input  logic [1:0]  rm32_i,        // pkaccum: the f32 MODE rounding mode
  output logic [31:0] pkrtz_o,      // {rtz16(s1), rtz16(s0)}
  output logic [31:0] pknorm_i16_o,
  output logic [31:0] pknorm_u16_o,
  output logic [7:0]  pkaccum_o     // u8(s0)
);

  // f32 -> f16 toward zero (truncation, so no increment): overflow gives the largest
  // finite value, a NaN is always quieted keeping the top 10 fraction bits.
  function automatic logic [15:0] rtz16(logic [31:0] x, logic flush);
    logic [15:0]       r;
    logic signed [9:0] e;       // unbiased exponent
    logic [23:0]       sig;
    logic [4:0]        sh;
    logic [23:0]       den;
    e   = $signed({2'b00, x[30:23]}) - 10'sd127;
    sig = {1'b1, x[22:0]};
    // A denormal f16 in units of 2^-24: sig * 2^(e + 1), e + 1 <= -14.
    sh  = (e < -10'sd24) ? 5'd24 : 5'(-(e + 10'sd1));
    den = sig >> sh;
    if (x[30:23] == 8'hff) r = (x[22:0] != 0) ? {x[31], 5'h1f, 1'b1, x[21:13]} : {x[31], 15'h7c00};
    else if (x[30:23] == 8'h00) r = {x[31], 15'd0};              // below 2^-126: truncates to 0
    else if (e > 10'sd15) r = {x[31], 15'h7bff};
    else if (e >= -10'sd14) r = {x[31], 5'(e + 10'sd15), x[22:13]};
    else if (flush && den != 24'd0) r = {x[31], 15'd0};
    else r = {x[31], den[14:0]};
    rtz16 = r;
  endfunction

  // clamp(rne(x * k), lo, k) with the product exact; NaN -> 0; |x| >= 2 saturates.
  // k = 32767 (lo = -32767) or 65535 (lo = 0).
  function automatic logic [15:0] norm16(logic [31:0] x, logic unorm);
    logic [15:0]  r;
    logic [47:0]  prod;
    logic [7:0]   sh;        // -exp of the unpacked x: 23..149
    logic [16:0]  kept;      // < 2^17: |x| < 2, k < 2^16
    logic [47:0]  lost_mask, half;
    logic [47:0]  rem;
    logic [16:0]  n;
    logic [23:0]  sig;
    sig  = {x[30:23] != 8'd0, x[22:0]};
    prod = unorm ? ({24'd0, sig} << 16) - {24'd0, sig} : ({24'd0, sig} << 15) - {24'd0, sig};
    sh   = (x[30:23] == 8'd0) ? 8'd149 : 8'd150 - x[30:23];
    if (sh > 8'd41) sh = 8'd41;   // prod < 2^40: beyond, the discarded part is below half
    kept      = 17'(prod >> sh);
    lost_mask = ~(48'hffff_ffff_ffff << sh);
    rem       = prod & lost_mask;
    half      = 48'd1 << (sh - 8'd1);
    n         = kept;
    if (rem > half || (rem == half && kept[0])) n = n + 17'd1;
    if (unorm) begin
      if (n > 17'd65535) n = 17'd65535;
      r = x[31] ? 16'd0 : n[15:0];
    end else begin
      if (n > 17'd32767) n = 17'd32767;
      r = x[31] ? 16'(-n[15:0]) : n[15:0];
    end
    if (x[30:23] == 8'hff && x[22:0] != 0) r = 16'd0;
    else if (x[30:0] >= 31'h4000_0000) r = x[31] ? (unorm ? 16'd0 : 16'h8001) : (unorm ? 16'hffff : 16'h7fff);
    norm16 = r;
  endfunction

  assign pkrtz_o      = {rtz16(s1_i, flush_out16_i), rtz16(s0_i, flush_out16_i)};
  assign pknorm_i16_o = {norm16(s1_i, 1'b0), norm16(s0_i, 1'b0)};
  assign pknorm_u16_o = {norm16(s1_i, 1'b1), norm16(s0_i, 1'b1)};

  // pkaccum: clamp(round(s0), 0, 255) in the MODE f32 rounding mode; NaN and negatives 0.
  logic [31:0] acc_sig;
  logic [7:0]  acc_sh;      // -exp of the unpacked s0: 16..149, capped at 25 (all below half)
  logic [8:0]  acc_kept;    // < 256: s0 < 256 here
  logic [31:0] acc_lost;
  logic        acc_rbit, acc_sticky, acc_inc;
  logic [8:0]  acc_n;
  assign acc_sig    = {8'd0, s0_i[30:23] != 8'd0, s0_i[22:0]};
  assign acc_sh     = (s0_i[30:23] == 8'd0) ? 8'd25
                    : (8'd150 - s0_i[30:23] > 8'd25) ? 8'd25 : 8'd150 - s0_i[30:23];
  assign acc_kept   = 9'(acc_sig >> acc_sh);
  assign acc_lost   = acc_sig & ~(32'hffff_ffff << acc_sh);
  assign acc_rbit   = acc_lost[acc_sh[4:0] - 5'd1];
  assign acc_sticky = (acc_lost & ~(32'd1 << (acc_sh[4:0] - 5'd1))) != 32'd0;
  always_comb begin
    unique case (rm32_i)
      2'd0:    acc_inc = acc_rbit && (acc_sticky || acc_kept[0]);
      2'd1:    acc_inc = acc_rbit || acc_sticky;   // the value is positive here
      default: acc_inc = 1'b0;
    endcase
  end
  assign acc_n = acc_kept + {8'd0, acc_inc};

  always_comb begin
    if ((s0_i[30:23] == 8'hff && s0_i[22:0] != 0) || s0_i[31]) pkaccum_o = 8'd0;
    else if (s0_i[30:0] >= 31'h4380_0000) pkaccum_o = 8'hff;
    else pkaccum_o = acc_n > 9'd255 ? 8'hff : acc_n[7:0];
  end

endmodule
