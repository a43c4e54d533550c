// One lane of the f64 vector ALU (combinational): the f64 VOP3 rows v_add_f64, v_mul_f64,
// v_fma_f64, v_min_f64, v_max_f64 and v_ldexp_f64, bit-exact with refmodel/src/valu_float.c
// and refmodel/src/fp.c (op_add, op_mul, gcn_fp_fma_bits, op_minmax, op_ldexp and
// op_omod_clamp on the F64 format). It sits beside gcn_fp_lane in each of gcn_valu_pipe's 16
// lanes and writes the VDST pair in every pass: f64 runs at the full rate, one pass per
// quarter-wave like the 64-bit integer ops (docs/microarch.md).
//
// Structure (docs/rtl.md, "Float datapath"): the shared blocks, parameterized to f64
// (W = 64, 53-bit significands):
//   gcn_fp_classify x3 (class bits, MODE input flush, unpack)
//   -> gcn_fp_special (the step's NaN, infinity and invalid rules, its KIND per op)
//   |  gcn_fp_fma (the exact a * b + c) -> gcn_fp_round (110 bits, the one rounding)
//   gcn_fp_minmax beside them
//   -> gcn_fp_outmod (OMOD, CLAMP)
// Add, mul and ldexp are the fused unit with a fixed operand, each exact before the one
// rounding as the model's add_vals, mul_exact and scale_finite are: a + b = a * 1.0 + b,
// a * b = a * b + (+-0 of the product's sign), ldexp(a, n) = a * 2^n + (+-0 of a's sign).
// MODE: f64 shares the f16 fields (refmodel/src/fp_cvt.c gcn_fp_env_of): round MODE[3:2],
// denorm MODE[7:6]; min/max honour the denormal mode on gcn14 only, as f32's.
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no import.
module gcn_fp64_lane (
  input  gcn_isa_pkg::op_e  op_i,
  input  gcn_isa_pkg::gen_e gen_i,
  input  logic [63:0]       src0_i,     // the lane's sources at 64 bits (f64 pairs, i32 low)
  input  logic [63:0]       src1_i,
  input  logic [63:0]       src2_i,
  input  logic [9:0]        mode_i,     // MODE[9:0]: FP_ROUND, FP_DENORM, DX10_CLAMP, IEEE
  input  logic [2:0]        abs_i,      // VOP3 ABS of SRC0 (bit 0), SRC1 (bit 1), SRC2 (bit 2)
  input  logic [2:0]        neg_i,      // VOP3 NEG of SRC0, SRC1, SRC2
  input  logic [1:0]        omod_i,     // VOP3 OMOD
  input  logic              clamp_i,    // VOP3 CLAMP
  output logic [63:0]       result_o,   // the VDST pair
  output logic              supported_o // 1 for the f64 ops above
);

  // gcn_fp_special's KIND_*.
  localparam logic [2:0] KIND_MUL   = 3'd0;
  localparam logic [2:0] KIND_LDEXP = 3'd4;
  localparam logic [2:0] KIND_ADD   = 3'd5;
  localparam logic [2:0] KIND_FMA   = 3'd6;

  localparam logic [52:0] ONE_SIG = 53'h10_0000_0000_0000;  // 1.0 = 2^52 * 2^-52

  typedef enum logic [1:0] {
    U_NONE,        // not an f64 op: supported_o = 0
    U_FUSED,       // add, mul, fma, ldexp: the fused unit
    U_MINMAX
  } unit_e;

  // ---------------------------------------------------------------- decode
  unit_e      unit;
  logic [2:0] kind;
  logic       is_max;
  logic       b_float;   // SRC1 is an f64 (not ldexp's i32)
  always_comb begin
    unit    = U_NONE;
    kind    = KIND_FMA;
    is_max  = 1'b0;
    b_float = 1'b1;
    unique case (op_i)
      gcn_isa_pkg::OP_V_ADD_F64:   begin unit = U_FUSED; kind = KIND_ADD; end
      gcn_isa_pkg::OP_V_MUL_F64:   begin unit = U_FUSED; kind = KIND_MUL; end
      gcn_isa_pkg::OP_V_FMA_F64:   unit = U_FUSED;
      gcn_isa_pkg::OP_V_LDEXP_F64: begin unit = U_FUSED; kind = KIND_LDEXP; b_float = 1'b0; end
      gcn_isa_pkg::OP_V_MIN_F64:   unit = U_MINMAX;
      gcn_isa_pkg::OP_V_MAX_F64:   begin unit = U_MINMAX; is_max = 1'b1; end
      default:                     unit = U_NONE;
    endcase
  end

  // ---------------------------------------------------------------- MODE environment
  logic [1:0] rm;
  logic       ieee, dx10_clamp, mode_flush_in, mode_flush_out, minmax_flush, flush_in;
  assign rm             = mode_i[3:2];
  assign mode_flush_in  = !mode_i[6];
  assign mode_flush_out = !mode_i[7];
  assign dx10_clamp     = mode_i[8];
  assign ieee           = mode_i[9];
  assign minmax_flush   = gen_i == gcn_isa_pkg::GEN_GCN14;
  assign flush_in       = (unit == U_MINMAX) ? mode_flush_in && minmax_flush : mode_flush_in;

  // ---------------------------------------------------------------- operands
  // ABS then NEG on the sign bit (gcn_semantics.md section 4), NaNs included.
  function automatic logic [63:0] absneg(logic [63:0] x, logic abs, logic neg);
    absneg = {(abs ? 1'b0 : x[63]) ^ neg, x[62:0]};
  endfunction

  logic [63:0] a_in, b_in, c_in, a_fl, b_fl, c_fl;
  assign a_in = absneg(src0_i, abs_i[0], neg_i[0]);
  assign b_in = absneg(src1_i, abs_i[1] && b_float, neg_i[1] && b_float);
  assign c_in = absneg(src2_i, abs_i[2], neg_i[2]);

  logic              a_sign, a_nan, a_snan, a_inf, a_zero;
  logic              b_sign, b_nan, b_snan, b_inf, b_zero;
  logic              c_sign, c_nan;
  logic signed [12:0] a_exp, b_exp, c_exp;
  logic [52:0]       a_sig, b_sig, c_sig;
  gcn_fp_classify #(.W(64)) u_class_a (
    .x_i (a_in), .f16_i (1'b0), .flush_i (flush_in), .x_o (a_fl), .sign_o (a_sign),
    .nan_o (a_nan), .snan_o (a_snan), .inf_o (a_inf), .zero_o (a_zero),
    .exp_o (a_exp), .sig_o (a_sig)
  );
  gcn_fp_classify #(.W(64)) u_class_b (
    .x_i (b_in), .f16_i (1'b0), .flush_i (flush_in), .x_o (b_fl), .sign_o (b_sign),
    .nan_o (b_nan), .snan_o (b_snan), .inf_o (b_inf), .zero_o (b_zero),
    .exp_o (b_exp), .sig_o (b_sig)
  );
  gcn_fp_classify #(.W(64)) u_class_c (
    .x_i (c_in), .f16_i (1'b0), .flush_i (flush_in), .x_o (c_fl), .sign_o (c_sign),
    .nan_o (c_nan), .snan_o (), .inf_o (), .zero_o (), .exp_o (c_exp), .sig_o (c_sig)
  );

  // ---------------------------------------------------------------- special cases
  logic        special;
  logic [63:0] special_val;
  gcn_fp_special #(.W(64)) u_special (
    .kind_i (kind), .f16_i (1'b0), .ieee_i (ieee), .a_i (a_fl), .b_i (b_fl), .c_i (c_fl),
    .a_nan_i (a_nan), .a_inf_i (a_inf), .a_zero_i (a_zero),
    .b_nan_i (b_nan), .b_inf_i (b_inf), .b_zero_i (b_zero),
    .c_nan_i (c_nan), .b_neg_i (1'b0),
    .special_o (special), .value_o (special_val)
  );

  // ---------------------------------------------------------------- the fused unit
  // ldexp's n: any |n| beyond 2200 gives the same result as 2200 (the value then overflows
  // or lies below half the smallest denormal whatever a is), so n is saturated there; the
  // exponents then stay inside gcn_fp_fma's 13 bits.
  logic signed [31:0] n_raw;
  logic signed [12:0] n_sat;
  assign n_raw = signed'(src1_i[31:0]);
  assign n_sat = (n_raw > 32'sd2200) ? 13'sd2200 : (n_raw < -32'sd2200) ? -13'sd2200 : n_raw[12:0];

  logic              fb_sign, fc_sign;
  logic signed [12:0] fb_exp, fc_exp;
  logic [52:0]       fb_sig, fc_sig;
  always_comb begin
    fb_sign = b_sign;
    fb_exp  = b_exp;
    fb_sig  = b_sig;
    fc_sign = c_sign;
    fc_exp  = c_exp;
    fc_sig  = c_sig;
    unique case (kind)
      KIND_ADD: begin                              // a * 1.0 + b
        fb_sign = 1'b0; fb_exp = -13'sd52; fb_sig = ONE_SIG;
        fc_sign = b_sign; fc_exp = b_exp; fc_sig = b_sig;
      end
      KIND_MUL: begin                              // a * b + 0
        fc_sign = a_sign ^ b_sign; fc_sig = '0;
      end
      KIND_LDEXP: begin                            // a * 2^n + 0
        fb_sign = 1'b0; fb_exp = n_sat - 13'sd52; fb_sig = ONE_SIG;
        fc_sign = a_sign; fc_sig = '0;
      end
      default: ;                                   // fma: a * b + c
    endcase
  end

  logic              f_sign;
  logic signed [12:0] f_exp;
  logic [109:0]      f_sig;
  logic [63:0]       f_rounded, fused_res;
  gcn_fp_fma #(.SW(53)) u_fma (
    .a_sign_i (a_sign), .a_exp_i (a_exp), .a_sig_i (a_sig),
    .b_sign_i (fb_sign), .b_exp_i (fb_exp), .b_sig_i (fb_sig),
    .c_sign_i (fc_sign), .c_exp_i (fc_exp), .c_sig_i (fc_sig),
    .rm_i (rm), .sign_o (f_sign), .exp_o (f_exp), .sig_o (f_sig)
  );
  gcn_fp_round #(.SW(110), .W(64)) u_round (
    .sign_i  (f_sign),
    .exp_i   (f_exp),
    .sig_i   (f_sig),
    .rm_i    (rm),
    .f16_i   (1'b0),
    .flush_i (mode_flush_out),
    .res_o   (f_rounded)
  );
  assign fused_res = special ? special_val : f_rounded;

  // ---------------------------------------------------------------- min / max
  logic [63:0] mm_sel, mm_res;
  gcn_fp_minmax #(.W(64)) u_minmax (
    .f16_i (1'b0), .is_max_i (is_max), .legacy_i (1'b0), .ieee_i (ieee),
    .a_i (a_fl), .b_i (b_fl),
    .a_nan_i (a_nan), .a_snan_i (a_snan), .a_zero_i (a_zero),
    .b_nan_i (b_nan), .b_snan_i (b_snan), .b_zero_i (b_zero),
    .res_o (mm_sel)
  );
  // The selected value's output flush (gcn14 only).
  assign mm_res = (mm_sel[62:52] == 11'd0 && mm_sel[51:0] != 52'd0 && minmax_flush && mode_flush_out)
                ? {mm_sel[63], 63'd0} : mm_sel;

  // ---------------------------------------------------------------- output modifiers
  logic [63:0] fp_res;
  assign fp_res = (unit == U_MINMAX) ? mm_res : fused_res;
  // OMOD acts only when f64's output denormals are flushed and IEEE = 0.
  gcn_fp_outmod #(.W(64)) u_outmod (
    .r_i           (fp_res),
    .f16_i         (1'b0),
    .omod_i        (omod_i),
    .omod_active_i (mode_flush_out && !ieee),
    .clamp_i       (clamp_i),
    .dx10_clamp_i  (dx10_clamp),
    .rm_i          (rm),
    .flush_out_i   (mode_flush_out),
    .res_o         (result_o)
  );
  assign supported_o = unit != U_NONE;

  logic unused_mode;
  assign unused_mode = ^{mode_i[5:4], mode_i[1:0]};  // the f32 fields

endmodule
