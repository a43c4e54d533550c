// Rounder (combinational): rounds (-1)^sign * sig * 2^exp, any sig, exact, to f32 or f16
// (W = 32) or f64 (W = 64) in one of the four MODE rounding modes, denormals included, with
// overflow, then applies the output flush when asked. refmodel/src/fp.c round_pack,
// round_increment, overflow_result and flush_out, in hardware:
//   normalize sig (leading-zero count), find the exponent of its top bit; below the
//   format's emin shift further right (denormal), and for f16 by 13 more so that the kept
//   bits are right-aligned in a 24-bit field; every bit shifted out is jammed into a
//   sticky bit. The round bit and the sticky bit then decide the increment, and the
//   carry ripples into the exponent field (the kept value includes the hidden bit and is
//   added to (biased exponent - 1) << mbits).
module gcn_fp_round #(
  parameter int unsigned SW = 48,  // significand width (>= the kept width + 2: 26, f64 55)
  parameter int unsigned W  = 32   // result width: 32 (f32, f16) or 64 (f64)
) (
  input  logic              sign_i,
  input  logic signed [12:0] exp_i,  // exponent of sig's bit 0
  input  logic [SW-1:0]     sig_i,
  input  logic [1:0]        rm_i,    // 0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward 0
  input  logic              f16_i,   // (W = 32 only)
  input  logic              flush_i, // output flush: a denormal result becomes a zero of its sign
  output logic [W-1:0]      res_o    // f32 or f64, or f16 in [15:0] with [31:16] zero
);

  localparam bit          F64 = W == 64;
  localparam int unsigned KW  = F64 ? 53 : 24;      // kept significand bits (hidden bit included)
  logic h16;
  assign h16 = !F64 && f16_i;

  localparam int unsigned LZW = $clog2(SW + 1);

  // ---------------------------------------------------------------- normalize
  logic [LZW-1:0] lz;
  always_comb begin
    lz = LZW'(SW);
    for (int i = 0; i < SW; i++) begin
      if (sig_i[i]) lz = LZW'(SW - 1 - i);
    end
  end

  logic [SW-1:0]     norm;
  logic signed [12:0] top;    // |value| in [2^top, 2^(top+1))
  logic signed [12:0] emin;
  logic signed [12:0] bias;
  assign norm = sig_i << lz;
  assign top  = exp_i + 13'(SW - 1) - $signed({1'b0, 12'(lz)});
  assign emin = F64 ? -13'sd1022 : h16 ? -13'sd14 : -13'sd126;
  assign bias = F64 ? 13'sd1023 : h16 ? 13'sd15 : 13'sd127;

  // ---------------------------------------------------------------- align to the ulp
  // Right shift: the denormal distance below emin (127 and more: every bit lost, SW <= 114),
  // plus 13 for f16; jammed.
  logic signed [12:0] below;
  logic [6:0]         dsh;
  logic [7:0]         tsh;
  logic [SW-1:0]      shifted, lost_mask;
  logic [SW-1:0]      t;
  assign below     = emin - top;
  assign dsh       = (below <= 13'sd0) ? 7'd0 : (below > 13'sd127) ? 7'd127 : below[6:0];
  assign tsh       = {1'b0, dsh} + (h16 ? 8'd13 : 8'd0);
  assign shifted   = norm >> tsh;
  assign lost_mask = ~({SW{1'b1}} << tsh);
  assign t         = {shifted[SW-1:1], shifted[0] | (|(norm & lost_mask))};

  // ---------------------------------------------------------------- round
  logic [KW-1:0] kept;
  logic        rbit, sticky, inc;
  logic [KW:0] kept_r;
  assign kept   = t[SW-1 -: KW];
  assign rbit   = t[SW-KW-1];
  assign sticky = |t[SW-KW-2:0];

  always_comb begin
    unique case (rm_i)
      2'd0:    inc = rbit && (sticky || kept[0]);
      2'd1:    inc = (rbit || sticky) && !sign_i;
      2'd2:    inc = (rbit || sticky) && sign_i;
      default: inc = 1'b0;
    endcase
  end
  assign kept_r = {1'b0, kept} + (KW + 1)'(inc);

  // ---------------------------------------------------------------- pack
  logic signed [12:0] be_m1;    // biased exponent - 1 of a normal; 0 for a denormal
  logic signed [12:0] be_fin;
  logic [1:0]         carry;    // kept_r >> mbits: 0 denormal, 1 normal, 2 rounded up a binade
  logic               overflow, to_inf, is_den;
  logic [W-1:0]       packed_res;
  assign be_m1    = (top >= emin) ? top + bias - 13'sd1 : 13'sd0;
  assign carry    = h16 ? kept_r[11:10] : kept_r[KW:KW-1];
  assign be_fin   = be_m1 + $signed({11'd0, carry});
  // (top > bias: above the largest binade whatever the rounding; it also keeps an f64 ldexp's
  // huge exponent, whose biased form would wrap in 13 bits, an overflow.)
  assign overflow = be_fin >= (F64 ? 13'sd2047 : h16 ? 13'sd31 : 13'sd255) || top > bias;
  assign to_inf   = rm_i == 2'd0 || (rm_i == 2'd1 && !sign_i) || (rm_i == 2'd2 && sign_i);
  assign is_den   = be_fin == 13'sd0;

  always_comb begin
    if (F64) begin
      if (sig_i == '0 || (is_den && flush_i)) packed_res = W'({sign_i, 63'd0});
      else if (overflow) packed_res = W'({sign_i, to_inf ? 63'h7ff0_0000_0000_0000 : 63'h7fef_ffff_ffff_ffff});
      else packed_res = W'({sign_i, be_fin[10:0], kept_r[KW-2:0]});
    end else if (sig_i == '0 || (is_den && flush_i)) begin
      packed_res = h16 ? W'({sign_i, 15'd0}) : W'({sign_i, 31'd0});
    end else if (overflow) begin
      packed_res = h16 ? W'({sign_i, to_inf ? 15'h7c00 : 15'h7bff})
                       : W'({sign_i, to_inf ? 31'h7f80_0000 : 31'h7f7f_ffff});
    end else begin
      packed_res = h16 ? W'({sign_i, be_fin[4:0], kept_r[9:0]})
                       : W'({sign_i, be_fin[7:0], kept_r[KW-2:0]});
    end
  end
  assign res_o = packed_res;

endmodule
