// Three-operand min / max / median selection (combinational), f32 or f16: V_MIN3, V_MAX3
// and V_MED3 (refmodel/src/fp_cmp.c select3, docs/float.md "Compares, class,
// min3/max3/med3"). min3 = min(min(a, b), c) and max3 = max(max(a, b), c), each step the
// V_MIN/MAX selection of gcn_fp_minmax (so an sNaN a under IEEE becomes quiet(a) in the
// inner step, which the outer step then drops for c). med3: any NaN operand gives min3;
// else the max of the two operands other than max3, the first operand equal to max3 in
// source order (-0 == +0) being the one left out. Operands arrive input-flushed when the op
// flushes (gcn14); the caller flushes the selected value's output once.
module gcn_fp_minmax3 (
  input  logic        f16_i,
  input  logic [1:0]  kind_i,     // 0 min3, 1 max3, 2 med3
  input  logic        ieee_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  output logic [31:0] res_o
);

  logic [31:0] sign_bit, mag_mask, exp_mask, quiet_bit;
  assign sign_bit  = f16_i ? 32'h0000_8000 : 32'h8000_0000;
  assign mag_mask  = sign_bit - 32'd1;
  assign exp_mask  = f16_i ? 32'h0000_7c00 : 32'h7f80_0000;
  assign quiet_bit = f16_i ? 32'h0000_0200 : 32'h0040_0000;

  // Class bits of a value already flushed or not (a zero is a zero magnitude).
  function automatic logic [2:0] cls(logic [31:0] x, logic [31:0] em, logic [31:0] mm, logic [31:0] qb);
    logic nan;
    nan = (x & em) == em && (x & mm & ~em) != 32'd0;
    cls = {nan, nan && (x & qb) == 32'd0, (x & mm) == 32'd0};   // {nan, snan, zero}
  endfunction

  logic [2:0] ca, cb, cc, cmn, cmx;
  assign ca = cls(a_i, exp_mask, mag_mask, quiet_bit);
  assign cb = cls(b_i, exp_mask, mag_mask, quiet_bit);
  assign cc = cls(c_i, exp_mask, mag_mask, quiet_bit);

  logic [31:0] mn_ab, mx_ab, mn, mx;
  gcn_fp_minmax u_min_ab (
    .f16_i (f16_i), .is_max_i (1'b0), .legacy_i (1'b0), .ieee_i (ieee_i), .a_i (a_i), .b_i (b_i),
    .a_nan_i (ca[2]), .a_snan_i (ca[1]), .a_zero_i (ca[0]),
    .b_nan_i (cb[2]), .b_snan_i (cb[1]), .b_zero_i (cb[0]), .res_o (mn_ab)
  );
  gcn_fp_minmax u_max_ab (
    .f16_i (f16_i), .is_max_i (1'b1), .legacy_i (1'b0), .ieee_i (ieee_i), .a_i (a_i), .b_i (b_i),
    .a_nan_i (ca[2]), .a_snan_i (ca[1]), .a_zero_i (ca[0]),
    .b_nan_i (cb[2]), .b_snan_i (cb[1]), .b_zero_i (cb[0]), .res_o (mx_ab)
  );
  assign cmn = cls(mn_ab, exp_mask, mag_mask, quiet_bit);
  assign cmx = cls(mx_ab, exp_mask, mag_mask, quiet_bit);
  gcn_fp_minmax u_min_c (
    .f16_i (f16_i), .is_max_i (1'b0), .legacy_i (1'b0), .ieee_i (ieee_i), .a_i (mn_ab), .b_i (c_i),
    .a_nan_i (cmn[2]), .a_snan_i (cmn[1]), .a_zero_i (cmn[0]),
    .b_nan_i (cc[2]), .b_snan_i (cc[1]), .b_zero_i (cc[0]), .res_o (mn)
  );
  gcn_fp_minmax u_max_c (
    .f16_i (f16_i), .is_max_i (1'b1), .legacy_i (1'b0), .ieee_i (ieee_i), .a_i (mx_ab), .b_i (c_i),
    .a_nan_i (cmx[2]), .a_snan_i (cmx[1]), .a_zero_i (cmx[0]),
    .b_nan_i (cc[2]), .b_snan_i (cc[1]), .b_zero_i (cc[0]), .res_o (mx)
  );

  // med3 without NaNs: the max of the pair that leaves out the first operand equal to max3.
  logic        eq_a, eq_b;
  logic [31:0] p_i, q_i, med;
  logic [2:0]  cp, cq;
  assign eq_a = mx == a_i || ((mx & mag_mask) == 32'd0 && ca[0]);
  assign eq_b = mx == b_i || ((mx & mag_mask) == 32'd0 && cb[0]);
  assign p_i  = eq_a ? b_i : a_i;
  assign q_i  = (eq_a || eq_b) ? c_i : b_i;
  assign cp   = eq_a ? cb : ca;
  assign cq   = (eq_a || eq_b) ? cc : cb;
  gcn_fp_minmax u_med (
    .f16_i (f16_i), .is_max_i (1'b1), .legacy_i (1'b0), .ieee_i (ieee_i), .a_i (p_i), .b_i (q_i),
    .a_nan_i (cp[2]), .a_snan_i (cp[1]), .a_zero_i (cp[0]),
    .b_nan_i (cq[2]), .b_snan_i (cq[1]), .b_zero_i (cq[0]), .res_o (med)
  );

  always_comb begin
    unique case (kind_i)
      2'd1:    res_o = mx;
      2'd2:    res_o = (ca[2] || cb[2] || cc[2]) ? mn : med;
      default: res_o = mn;
    endcase
  end

endmodule
