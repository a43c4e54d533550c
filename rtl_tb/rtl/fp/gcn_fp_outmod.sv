// Output modifiers of a float result (combinational): OMOD, then CLAMP
// (refmodel/src/fp.c op_omod_clamp, omod_active, omod_exponent, clamp01;
// gcn_semantics.md sections 2 and 4).
//   OMOD 1 = *2, 2 = *4, 3 = *0.5: an exact scaling by 2^k rounded in the MODE rounding
//   mode with overflow and output flush; NaN, inf and zero unchanged; ignored when the
//   type's output denormals are enabled or IEEE = 1 (omod_active_i, from the lane).
//   CLAMP to [0, 1]: NaN -> +0 with DX10_CLAMP, else unchanged; negatives -> +0 (-0 stays);
//   above 1.0 -> 1.0.
// W = 32: f32 or f16 (f16_i); W = 64: f64.
module gcn_fp_outmod #(
  parameter int unsigned W  = 32,
  parameter int unsigned SW = (W == 64) ? 53 : 24   // significand width (follows W)
) (
  input  logic [W-1:0] r_i,          // f32 or f64, or f16 in [15:0] with [31:16] zero
  input  logic        f16_i,
  input  logic [1:0]  omod_i,
  input  logic        omod_active_i,
  input  logic        clamp_i,
  input  logic        dx10_clamp_i,
  input  logic [1:0]  rm_i,
  input  logic        flush_out_i,
  output logic [W-1:0] res_o
);

  logic              sign, nan, inf, zero;
  logic signed [12:0] exp;
  logic [SW-1:0]     sig;

  gcn_fp_classify #(.W(W)) u_classify (
    .x_i     (r_i),
    .f16_i   (f16_i),
    .flush_i (1'b0),  // the result is not input-flushed before scaling
    .x_o     (),
    .sign_o  (sign),
    .nan_o   (nan),
    .snan_o  (),
    .inf_o   (inf),
    .zero_o  (zero),
    .exp_o   (exp),
    .sig_o   (sig)
  );

  logic signed [12:0] k;
  always_comb begin
    unique case (omod_i)
      2'd1:    k = 13'sd1;
      2'd2:    k = 13'sd2;
      2'd3:    k = -13'sd1;
      default: k = 13'sd0;
    endcase
  end

  logic [W-1:0] scaled, r_omod;
  gcn_fp_round #(.SW(SW + 2), .W(W)) u_round (
    .sign_i  (sign),
    .exp_i   (exp + k - 13'sd2),
    .sig_i   ({sig, 2'b00}),
    .rm_i    (rm_i),
    .f16_i   (f16_i),
    .flush_i (flush_out_i),
    .res_o   (scaled)
  );
  assign r_omod = (omod_i != 2'd0 && omod_active_i && !nan && !inf && !zero) ? scaled : r_i;

  // CLAMP, on the OMOD result.
  localparam bit F64 = W == 64;
  logic [W-1:0] one;
  logic        o_sign, o_nan, o_zero;
  assign one    = F64 ? W'(64'h3ff0_0000_0000_0000) : f16_i ? W'(32'h0000_3c00) : W'(32'h3f80_0000);
  assign o_sign = (!F64 && f16_i) ? r_omod[15] : r_omod[W-1];
  assign o_nan  = nan;    // r_omod is r_i for a NaN; a scaled value is never one
  assign o_zero = (!F64 && f16_i) ? r_omod[14:0] == 0 : r_omod[W-2:0] == 0;

  always_comb begin
    res_o = r_omod;
    if (clamp_i) begin
      if (o_nan) res_o = dx10_clamp_i ? '0 : r_omod;
      else if (o_sign) res_o = o_zero ? r_omod : '0;
      else if (r_omod > one) res_o = one;
    end
  end

endmodule
