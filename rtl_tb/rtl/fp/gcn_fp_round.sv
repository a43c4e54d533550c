// Rounder (combinational): rounds (-1)^sign * sig * 2^exp, any sig, exact, to f32 or f16
// in one of the four MODE rounding modes, denormals included, with overflow, then applies
// the output flush when asked. refmodel/src/fp.c round_pack, round_increment,
// overflow_result and flush_out, in hardware:
//   normalize sig (leading-zero count), find the exponent of its top bit; below the
//   format's emin shift further right (denormal), and for f16 by 13 more so that the kept
//   bits are right-aligned in a 24-bit field; every bit shifted out is jammed into a
//   sticky bit. The round bit and the sticky bit then decide the increment, and the
//   carry ripples into the exponent field (the kept value includes the hidden bit and is
//   added to (biased exponent - 1) << mbits).
module gcn_fp_round #(
  parameter int unsigned SW = 48   // significand width (>= 26)
) (
  input  logic              sign_i,
  input  logic signed [12:0] exp_i,  // exponent of sig's bit 0
  input  logic [SW-1:0]     sig_i,
  input  logic [1:0]        rm_i,    // 0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward 0
  input  logic              f16_i,
  input  logic              flush_i, // output flush: a denormal result becomes a zero of its sign
  output logic [31:0]       res_o    // f32, or f16 in [15:0] with [31:16] zero
);

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
  assign emin = f16_i ? -13'sd14 : -13'sd126;
  assign bias = f16_i ? 13'sd15 : 13'sd127;

  // ---------------------------------------------------------------- align to the ulp
  // Right shift: the denormal distance below emin, plus 13 for f16; jammed.
  logic signed [12:0] below;
  logic [6:0]         dsh;
  logic [7:0]         tsh;
  logic [SW-1:0]      shifted, lost_mask;
  logic [SW-1:0]      t;
  assign below     = emin - top;
  assign dsh       = (below <= 13'sd0) ? 7'd0 : (below > 13'sd63) ? 7'd63 : below[6:0];
  assign tsh       = {1'b0, dsh} + (f16_i ? 8'd13 : 8'd0);
  assign shifted   = norm >> tsh;
  assign lost_mask = ~({SW{1'b1}} << tsh);
  assign t         = {shifted[SW-1:1], shifted[0] | (|(norm & lost_mask))};

  // ---------------------------------------------------------------- round
  logic [23:0] kept;
  logic        rbit, sticky, inc;
  logic [24:0] kept_r;
  assign kept   = t[SW-1 -: 24];
  assign rbit   = t[SW-25];
  assign sticky = |t[SW-26:0];

  always_comb begin
    unique case (rm_i)
      2'd0:    inc = rbit && (sticky || kept[0]);
      2'd1:    inc = (rbit || sticky) && !sign_i;
      2'd2:    inc = (rbit || sticky) && sign_i;
      default: inc = 1'b0;
    endcase
  end
  assign kept_r = {1'b0, kept} + {24'd0, inc};

  // ---------------------------------------------------------------- pack
  logic signed [12:0] be_m1;    // biased exponent - 1 of a normal; 0 for a denormal
  logic signed [12:0] be_fin;
  logic [1:0]         carry;    // kept_r >> mbits: 0 denormal, 1 normal, 2 rounded up a binade
  logic               overflow, to_inf, is_den;
  logic [31:0]        packed_res;
  assign be_m1    = (top >= emin) ? top + bias - 13'sd1 : 13'sd0;
  assign carry    = f16_i ? kept_r[11:10] : kept_r[24:23];
  assign be_fin   = be_m1 + $signed({11'd0, carry});
  assign overflow = be_fin >= (f16_i ? 13'sd31 : 13'sd255);
  assign to_inf   = rm_i == 2'd0 || (rm_i == 2'd1 && !sign_i) || (rm_i == 2'd2 && sign_i);
  assign is_den   = be_fin == 13'sd0;

  always_comb begin
    if (sig_i == '0 || (is_den && flush_i)) begin
      packed_res = f16_i ? {16'd0, sign_i, 15'd0} : {sign_i, 31'd0};
    end else if (overflow) begin
      packed_res = f16_i ? {16'd0, sign_i, to_inf ? 15'h7c00 : 15'h7bff}
                         : {sign_i, to_inf ? 31'h7f80_0000 : 31'h7f7f_ffff};
    end else begin
      packed_res = f16_i ? {16'd0, sign_i, be_fin[4:0], kept_r[9:0]}
                         : {sign_i, be_fin[7:0], kept_r[22:0]};
    end
  end
  assign res_o = packed_res;

endmodule
