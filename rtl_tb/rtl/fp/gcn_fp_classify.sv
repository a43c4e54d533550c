// Classifier of one float operand (combinational), f32 or f16 (W = 32) or f64 (W = 64):
// the class bits every later block tests, the MODE input flush, and the value unpacked for
// the arithmetic core. Mirrors refmodel/src/fp.c section 1 (field helpers), unpack_finite
// and flush_in.
//
// Unpacked form, shared by f32 and f16 so that one datapath serves both:
// value = (-1)^sign * sig * 2^exp with the hidden bit of a normal at sig[SW-1]. An f16
// significand (11 bits) is placed at the top of the 24 bits (shifted up by 13, exp down
// by 13), so the adder's guard bits and the rounder's positions are the same for both.
// f64 (W = 64) has its own 53-bit significand; f16_i is then unused.
module gcn_fp_classify #(
  parameter int unsigned W  = 32,                   // word width: 32 (f32, f16) or 64 (f64)
  parameter int unsigned SW = (W == 64) ? 53 : 24   // significand width (follows W)
) (
  input  logic [W-1:0]      x_i,      // f32, f64, or f16 in [15:0] (upper bits ignored)
  input  logic              f16_i,
  input  logic              flush_i,  // input flush: a denormal reads as a zero of its sign
  output logic [W-1:0]      x_o,      // x after the flush (f16: upper half zero)
  output logic              sign_o,
  output logic              nan_o,
  output logic              snan_o,
  output logic              inf_o,
  output logic              zero_o,   // after the flush
  output logic signed [12:0] exp_o,   // exponent of sig's bit 0 (finite values)
  output logic [SW-1:0]     sig_o
);

  localparam bit          F64 = W == 64;
  localparam int unsigned EB  = F64 ? 11 : 8;       // exponent field width
  localparam int unsigned MB  = SW - 1;             // fraction field width
  // bias + MB: the exponent of sig's bit 0 is be - EOFF (a normal), 1 - EOFF (denormal)
  localparam logic signed [12:0] EOFF = F64 ? 13'sd1075 : 13'sd150;

  logic        h16;      // an f16 operand (W = 32 only)
  logic [EB-1:0] be;     // biased exponent field
  logic [MB-1:0] frac;   // fraction, f16's 10 bits at the top
  logic        exp_ones;
  logic        den_in;

  assign h16      = !F64 && f16_i;
  assign be       = h16 ? EB'(x_i[14:10]) : x_i[W-2 -: EB];
  assign frac     = h16 ? {x_i[9:0], (MB - 10)'(0)} : x_i[MB-1:0];
  assign sign_o   = h16 ? x_i[15] : x_i[W-1];
  assign exp_ones = h16 ? (be == EB'(31)) : (be == {EB{1'b1}});
  assign den_in   = be == '0 && frac != '0;

  assign nan_o  = exp_ones && frac != '0;
  assign snan_o = nan_o && !frac[MB-1];
  assign inf_o  = exp_ones && frac == '0;
  assign zero_o = be == '0 && (frac == '0 || flush_i);

  always_comb begin
    if (den_in && flush_i) x_o = h16 ? W'({x_i[15], 15'd0}) : {x_i[W-1], (W - 1)'(0)};
    else                   x_o = h16 ? W'(x_i[15:0]) : x_i;
  end

  // Normal: be - bias - MB (f16: - 13 more for the alignment); zero and denormal: the
  // exponent of the smallest normal, emin - MB.
  always_comb begin
    if (h16) exp_o = (be == '0) ? -13'sd37 : $signed(13'(be)) - 13'sd38;
    else     exp_o = (be == '0) ? 13'sd1 - EOFF : $signed(13'(be)) - EOFF;
  end
  assign sig_o = (zero_o || exp_ones) ? '0 : {be != '0, frac};

endmodule
