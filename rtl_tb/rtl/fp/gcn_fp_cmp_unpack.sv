// The fields of one operand of a float compare: after ABS/NEG (when MODS_I: a float-typed
// source), its sign, NaN / sNaN / infinity / denormal (before any flush) and the bits below
// the sign, for f16 (X_I[15:0]), f32 ([31:0]) or f64.
module gcn_fp_cmp_unpack (
  input  logic [63:0] x_i,
  input  logic        f16_i,
  input  logic        f64_i,
  input  logic        mods_i,
  input  logic        abs_i,
  input  logic        neg_i,
  output logic        sign_o,
  output logic        nan_o,
  output logic        snan_o,
  output logic        inf_o,
  output logic        den_o,
  output logic [62:0] mag_o
);

  logic sign_in, emax, ezero, fnz, qbit;
  always_comb begin
    if (f64_i) begin
      sign_in = x_i[63];
      emax    = &x_i[62:52];
      ezero   = ~|x_i[62:52];
      fnz     = |x_i[51:0];
      qbit    = x_i[51];
      mag_o   = x_i[62:0];
    end else if (f16_i) begin
      sign_in = x_i[15];
      emax    = &x_i[14:10];
      ezero   = ~|x_i[14:10];
      fnz     = |x_i[9:0];
      qbit    = x_i[9];
      mag_o   = {48'd0, x_i[14:0]};
    end else begin
      sign_in = x_i[31];
      emax    = &x_i[30:23];
      ezero   = ~|x_i[30:23];
      fnz     = |x_i[22:0];
      qbit    = x_i[22];
      mag_o   = {32'd0, x_i[30:0]};
    end
  end
  assign sign_o = mods_i ? ((sign_in && !abs_i) ^ neg_i) : sign_in;
  assign nan_o  = emax && fnz;
  assign snan_o = emax && fnz && !qbit;
  assign inf_o  = emax && !fnz;
  assign den_o  = ezero && fnz;

endmodule
