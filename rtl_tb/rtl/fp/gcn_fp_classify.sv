// Classifier of one float operand (combinational), f32 or f16: the class bits every later
// block tests, the MODE input flush, and the value unpacked for the arithmetic core.
// Mirrors refmodel/src/fp.c section 1 (field helpers), unpack_finite and flush_in.
//
// Unpacked form, shared by both formats so that one datapath serves f32 and f16:
// value = (-1)^sign * sig * 2^exp with the hidden bit of a normal at sig[23]. An f16
// significand (11 bits) is placed at the top of the 24 bits (shifted up by 13, exp down
// by 13), so the adder's guard bits and the rounder's positions are the same for both.
module gcn_fp_classify (
  input  logic [31:0]       x_i,      // f32, or f16 in [15:0] (upper bits ignored)
  input  logic              f16_i,
  input  logic              flush_i,  // input flush: a denormal reads as a zero of its sign
  output logic [31:0]       x_o,      // x after the flush (f16: upper half zero)
  output logic              sign_o,
  output logic              nan_o,
  output logic              snan_o,
  output logic              inf_o,
  output logic              zero_o,   // after the flush
  output logic signed [12:0] exp_o,   // exponent of sig's bit 0 (finite values)
  output logic [23:0]       sig_o
);

  logic [7:0]  be;       // biased exponent field
  logic [22:0] frac;     // fraction, f16's 10 bits at the top
  logic        exp_ones;
  logic        den_in;

  assign be       = f16_i ? {3'd0, x_i[14:10]} : x_i[30:23];
  assign frac     = f16_i ? {x_i[9:0], 13'd0} : x_i[22:0];
  assign sign_o   = f16_i ? x_i[15] : x_i[31];
  assign exp_ones = f16_i ? (be == 8'd31) : (be == 8'd255);
  assign den_in   = be == 8'd0 && frac != 23'd0;

  assign nan_o  = exp_ones && frac != 23'd0;
  assign snan_o = nan_o && !frac[22];
  assign inf_o  = exp_ones && frac == 23'd0;
  assign zero_o = be == 8'd0 && (frac == 23'd0 || flush_i);

  always_comb begin
    if (den_in && flush_i) x_o = f16_i ? {16'd0, x_i[15], 15'd0} : {x_i[31], 31'd0};
    else                   x_o = f16_i ? {16'd0, x_i[15:0]} : x_i;
  end

  // Normal: be - bias - 23 (f16: - 13 more for the alignment); zero and denormal: the
  // exponent of the smallest normal, emin - 23.
  always_comb begin
    if (f16_i) exp_o = (be == 8'd0) ? -13'sd37 : $signed({5'd0, be}) - 13'sd38;
    else       exp_o = (be == 8'd0) ? -13'sd149 : $signed({5'd0, be}) - 13'sd150;
  end
  assign sig_o = (zero_o || exp_ones) ? 24'd0 : {be != 8'd0, frac};

endmodule
