// Float to float (combinational): V_CVT_F16_F32 and V_CVT_F32_F16. refmodel/src/fp_cvt.c
// cvt_float: the operand input-flushed by the source type's MODE (gcn_fp_classify), then a
// NaN keeps its sign with the payload moved to the top of the new fraction (narrowing
// drops the low bits), quieted when IEEE = 1 and always by the narrowing conversion; an
// infinity stays one; a finite value is rounded once (gcn_fp_round) in the destination
// type's rounding mode, with its output flush.
module gcn_fp_f2f (
  input  logic [9:0]        pay_i,    // a NaN source's top 10 fraction bits (an f16's all)
  input  logic              to16_i,   // f32 -> f16 (else f16 -> f32)
  input  logic              sign_i,   // x_i's class and unpacked value (gcn_fp_classify)
  input  logic              nan_i,
  input  logic              inf_i,
  input  logic signed [12:0] exp_i,
  input  logic [23:0]       sig_i,
  input  logic              ieee_i,
  input  logic [1:0]        rm_i,     // the destination type's MODE rounding mode and output flush
  input  logic              flush_i,
  output logic [31:0]       res_o     // f32, or f16 in [15:0] with [31:16] zero
);

  logic [31:0] rounded;
  gcn_fp_round #(.SW(26)) u_round (
    .sign_i  (sign_i),
    .exp_i   (exp_i - 13'sd2),
    .sig_i   ({sig_i, 2'b00}),
    .rm_i    (rm_i),
    .f16_i   (to16_i),
    .flush_i (flush_i),
    .res_o   (rounded)
  );

  always_comb begin
    if (nan_i)
      res_o = to16_i ? {16'd0, sign_i, 5'h1f, 1'b1, pay_i[8:0]}
                     : {sign_i, 8'hff, pay_i[9] | ieee_i, pay_i[8:0], 13'd0};
    else if (inf_i)
      res_o = to16_i ? {16'd0, sign_i, 15'h7c00} : {sign_i, 31'h7f80_0000};
    else
      res_o = rounded;
  end

endmodule
