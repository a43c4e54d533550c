// One half of gcn_fp_pk (combinational): a fused a * b + c rounded once, or min / max, with
// each source an f16 or an f32 and the result an f16 or an f32 (the packed f16 ops: all f16;
// v_mad_mix*: sources as OP_SEL_HI says, result f32 or f16). refmodel/src/fp.c
// gcn_fp_fma_bits / op_minmax at f16 and refmodel/src/fp_mix.c gcn_fp_mad_mix.
//
// The sources are classified in their own format with their own MODE input flush (the f16 or
// the f32 denorm field) into gcn_fp_classify's unpacked form, which is the same for both
// formats, so an f16 source is widened exactly; gcn_fp_fma adds the exact product and c for
// one gcn_fp_round at the result's precision (its MODE rounding and output flush). The special
// cases go through gcn_fp_special's KIND_FMA in f16 (packed) or, for v_mad_mix*, in f32 on the
// widened bits (an f16 NaN's payload at the top): an f16 result then narrows a NaN keeping its
// sign and the top of the payload, always quiet (fp_mix.c narrow_nan). CLAMP last
// (gcn_fp_outmod, no OMOD in VOP3P).
module gcn_fp_pk_half (
  input  logic        minmax_i,   // min / max of a and b (else the multiply-add)
  input  logic        is_max_i,
  input  logic        mix_i,      // v_mad_mix*: special cases on the f32-widened operands
  input  logic [2:0]  src16_i,    // source n is an f16 in [15:0] (else an f32)
  input  logic        out16_i,    // the result is an f16 in [15:0] (else an f32)
  input  logic [31:0] a_i, b_i, c_i,
  input  logic [9:0]  mode_i,
  input  logic        clamp_i,
  output logic [31:0] res_o
);

  localparam logic [2:0] KIND_FMA = 3'd6;  // gcn_fp_special

  logic [1:0] rm;
  logic       ieee, flush_out;
  logic [2:0] flush_in;
  assign rm        = out16_i ? mode_i[3:2] : mode_i[1:0];
  assign flush_out = out16_i ? !mode_i[7] : !mode_i[5];
  assign ieee      = mode_i[9];
  always_comb
    for (int n = 0; n < 3; n++) flush_in[n] = src16_i[n] ? !mode_i[6] : !mode_i[4];

  // ---------------------------------------------------------------- classify
  logic [31:0]        x [3];
  logic [31:0]        fl [3];
  logic [2:0]         sgn, nan, snan, inf, zero;
  logic signed [12:0] ex [3];
  logic [23:0]        sig [3];
  assign x[0] = a_i;
  assign x[1] = b_i;
  assign x[2] = c_i;
  for (genvar n = 0; n < 3; n++) begin : gen_class
    gcn_fp_classify u_class (
      .x_i (x[n]), .f16_i (src16_i[n]), .flush_i (flush_in[n]), .x_o (fl[n]), .sign_o (sgn[n]),
      .nan_o (nan[n]), .snan_o (snan[n]), .inf_o (inf[n]), .zero_o (zero[n]),
      .exp_o (ex[n]), .sig_o (sig[n])
    );
  end

  // An f16 as f32 bits for the special cases (sign, NaN payload, infinity; a finite value's
  // bits are not read there but its sign).
  function automatic logic [31:0] widen(logic [31:0] h, logic is16);
    logic [7:0] e;
    e = (h[14:10] == 5'h1f) ? 8'hff : (h[14:10] == 5'd0) ? 8'h00 : {3'd0, h[14:10]} + 8'd112;
    widen = is16 ? {h[15], e, h[9:0], 13'd0} : h;
  endfunction

  logic [31:0] sa, sb, sc;
  assign sa = mix_i ? widen(fl[0], src16_i[0]) : fl[0];
  assign sb = mix_i ? widen(fl[1], src16_i[1]) : fl[1];
  assign sc = mix_i ? widen(fl[2], src16_i[2]) : fl[2];

  logic        special;
  logic [31:0] special_val, special_res;
  gcn_fp_special u_special (
    .kind_i (KIND_FMA), .f16_i (!mix_i), .ieee_i (ieee), .a_i (sa), .b_i (sb), .c_i (sc),
    .a_nan_i (nan[0]), .a_inf_i (inf[0]), .a_zero_i (zero[0]),
    .b_nan_i (nan[1]), .b_inf_i (inf[1]), .b_zero_i (zero[1]),
    .c_nan_i (nan[2]), .b_neg_i (1'b0),
    .special_o (special), .value_o (special_val)
  );
  // v_mad_mix to f16: the f32 special value narrowed (a NaN quieted, its payload's top kept).
  always_comb begin
    if (!(mix_i && out16_i)) special_res = special_val;
    else if (special_val[22:0] != 23'd0)
      special_res = {16'd0, special_val[31], 5'h1f, 1'b1, special_val[21:13]};
    else special_res = {16'd0, special_val[31], 15'h7c00};
  end

  // ---------------------------------------------------------------- fused multiply-add
  logic              f_sign;
  logic signed [12:0] f_exp;
  logic [51:0]       f_sig;
  logic [31:0]       f_rounded, fma_res;
  gcn_fp_fma u_fma (
    .a_sign_i (sgn[0]), .a_exp_i (ex[0]), .a_sig_i (sig[0]),
    .b_sign_i (sgn[1]), .b_exp_i (ex[1]), .b_sig_i (sig[1]),
    .c_sign_i (sgn[2]), .c_exp_i (ex[2]), .c_sig_i (sig[2]),
    .rm_i (rm), .sign_o (f_sign), .exp_o (f_exp), .sig_o (f_sig)
  );
  gcn_fp_round #(.SW(52)) u_round (
    .sign_i (f_sign), .exp_i (f_exp), .sig_i (f_sig), .rm_i (rm), .f16_i (out16_i),
    .flush_i (flush_out), .res_o (f_rounded)
  );
  assign fma_res = special ? special_res : f_rounded;

  // ---------------------------------------------------------------- min / max (f16)
  logic [31:0] mm_sel, mm_res;
  gcn_fp_minmax u_minmax (
    .f16_i (1'b1), .is_max_i (is_max_i), .legacy_i (1'b0), .ieee_i (ieee),
    .a_i (fl[0]), .b_i (fl[1]),
    .a_nan_i (nan[0]), .a_snan_i (snan[0]), .a_zero_i (zero[0]),
    .b_nan_i (nan[1]), .b_snan_i (snan[1]), .b_zero_i (zero[1]),
    .res_o (mm_sel)
  );
  // The selected value's output flush (gcn14: min/max honour the denorm mode).
  assign mm_res = (mm_sel[14:10] == 5'd0 && mm_sel[9:0] != 10'd0 && flush_out)
                ? {16'd0, mm_sel[15], 15'd0} : mm_sel;

  // ---------------------------------------------------------------- CLAMP
  gcn_fp_outmod u_outmod (
    .r_i (minmax_i ? mm_res : fma_res), .f16_i (out16_i), .omod_i (2'd0), .omod_active_i (1'b0),
    .clamp_i (clamp_i), .dx10_clamp_i (mode_i[8]), .rm_i (rm), .flush_out_i (flush_out),
    .res_o (res_o)
  );

  logic unused_snan;
  assign unused_snan = ^{snan[2], inf[2], zero[2]};  // c's infinity: gcn_fp_special reads its bits

endmodule
