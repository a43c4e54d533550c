// The transcendental unit (combinational), f32 and f16: v_rcp, v_rsq, v_sqrt, v_log,
// v_exp, v_sin, v_cos and their _iflag, _clamp and _legacy forms (docs/float.md
// "Approximate results", docs/rtl.md "Transcendentals"). In the fpnew style of fp/:
//   gcn_fp_classify (the op's own denormal rule) -> normalize
//   -> gcn_fp_trans_special (exact special cases) | one of the cores gcn_fp_trans_nr, _log, _exp, _sincos
//      (table + Newton-Raphson for rcp/rsq/sqrt, table + polynomial for log2 and 2^x,
//      quadrant reduction + polynomial for sin/cos) -> gcn_fp_round (nearest even)
//   -> the variant (_clamp: inf -> max finite; _legacy rcp: inf -> +-0; _legacy rsq: +0).
// The results are faithful (below one ulp from the exact value), within the ISA table's
// approx bound of the model's correctly rounded one; special cases are exact.
// Denormals (refmodel/src/fp_trans.c trans_env): the f32 forms flush inputs and outputs
// whatever MODE says, but sin/cos keep them; the f16 forms follow MODE's f16 field.
module gcn_fp_trans (
  input  logic [2:0]  fn_i,     // gcn_fp_trans_dec's fn_o
  input  logic [1:0]  var_i,    // gcn_fp_trans_dec's var_o
  input  logic        f16_i,
  input  logic [9:0]  mode_i,   // MODE[9:0] (the f16 denormal field and IEEE)
  input  logic [31:0] x_i,      // SRC0 with ABS/NEG applied (f16 in [15:0])
  output logic [31:0] res_o     // the result before OMOD/CLAMP
);
  logic trig, flush_in, flush_out;
  assign trig      = fn_i == 3'd5 || fn_i == 3'd6;
  assign flush_in  = f16_i ? !mode_i[6] : !trig;
  assign flush_out = f16_i ? !mode_i[7] : !trig;

  logic [31:0]        x_fl;
  logic               sign, nan, inf, zero;
  logic signed [12:0] exp;
  logic [23:0]        sig;
  gcn_fp_classify u_class (
    .x_i (x_i), .f16_i (f16_i), .flush_i (flush_in), .x_o (x_fl), .sign_o (sign),
    .nan_o (nan), .snan_o (), .inf_o (inf), .zero_o (zero), .exp_o (exp), .sig_o (sig)
  );

  // Normalized: x = 1.frac * 2^e (f16 denormals kept by MODE have leading zeros).
  logic [4:0]         lz;
  logic [23:0]        nsig;
  logic signed [12:0] e;
  always_comb begin
    lz = 5'd0;
    for (int i = 0; i < 24; i++) begin
      if (sig[i]) lz = 5'(23 - i);
    end
  end
  assign nsig = sig << lz;
  assign e    = exp + 13'sd23 - $signed({8'd0, lz});

  logic               special;
  logic [31:0]        special_val;
  gcn_fp_trans_special u_special (
    .fn_i (fn_i), .f16_i (f16_i), .ieee_i (mode_i[9]), .x_i (x_fl),
    .sign_i (sign), .nan_i (nan), .inf_i (inf), .zero_i (zero),
    .exp_big_i (sig[23] && exp >= -13'sd13),
    .special_o (special), .value_o (special_val)
  );

  logic signed [12:0] nr_exp, log_exp, exp_exp, sc_exp;
  logic [102:0]       nr_sig, log_sig, exp_sig, sc_sig;
  logic               log_sign, sc_sign;
  gcn_fp_trans_nr u_nr (
    .fn_i (fn_i[1:0]), .frac_i (nsig[22:0]), .e_i (e), .exp_o (nr_exp), .sig_o (nr_sig)
  );
  gcn_fp_trans_log u_log (
    .frac_i (nsig[22:0]), .e_i (e), .sign_o (log_sign), .exp_o (log_exp), .sig_o (log_sig)
  );
  gcn_fp_trans_exp u_exp (
    .sign_i (sign), .exp_i (exp), .sig_i (sig), .exp_o (exp_exp), .sig_o (exp_sig)
  );
  gcn_fp_trans_sincos u_sincos (
    .cos_i (fn_i == 3'd6), .sign_i (sign), .exp_i (exp), .sig_i (sig),
    .sign_o (sc_sign), .exp_o (sc_exp), .sig_o (sc_sig)
  );

  logic               c_sign;
  logic signed [12:0] c_exp;
  logic [102:0]       c_sig;
  always_comb begin
    unique case (fn_i)
      3'd3:       begin c_sign = log_sign; c_exp = log_exp; c_sig = log_sig; end
      3'd4:       begin c_sign = 1'b0;     c_exp = exp_exp; c_sig = exp_sig; end
      3'd5, 3'd6: begin c_sign = sc_sign;  c_exp = sc_exp;  c_sig = sc_sig;  end
      default:    begin c_sign = 1'b0;     c_exp = nr_exp;  c_sig = nr_sig;  end
    endcase
  end
  // rcp keeps the sign of x; the other cores run on x > 0 or give their own sign.
  logic [31:0] rounded, r;
  gcn_fp_round #(.SW(103)) u_round (
    .sign_i (fn_i == 3'd0 ? sign : c_sign), .exp_i (c_exp), .sig_i (c_sig), .rm_i (2'd0),
    .f16_i (f16_i), .flush_i (flush_out), .res_o (rounded)
  );
  assign r = special ? special_val : rounded;

  logic unused_sigs;
  assign unused_sigs = ^{mode_i[8], mode_i[5:0], nsig[23]};

  // The variants act on an infinite result.
  logic r_inf;
  assign r_inf = f16_i ? r[14:0] == 15'h7c00 : r[30:0] == 31'h7f80_0000;
  always_comb begin
    res_o = r;
    if (r_inf && var_i == 2'd1)
      res_o = f16_i ? {16'd0, r[15], 15'h7bff} : {r[31], 31'h7f7f_ffff};
    else if (r_inf && var_i == 2'd2)
      res_o = (fn_i == 3'd0 && sign) ? (f16_i ? 32'h0000_8000 : 32'h8000_0000) : 32'd0;
  end
endmodule
