// One lane of the f64 vector ALU (combinational): the f64 VOP3 rows v_add_f64, v_mul_f64,
// v_fma_f64, v_min_f64, v_max_f64 and v_ldexp_f64, and the f64 VOP1 rows: the conversions
// v_cvt_i32/u32_f64, v_cvt_f64_i32/u32, v_cvt_f32_f64, v_cvt_f64_f32, the rounding ops
// v_trunc/ceil/rndne/floor_f64 and v_fract_f64, v_frexp_exp_i32_f64 and v_frexp_mant_f64;
// and the division helpers v_div_scale_f64 (its VCC bit: vcc_o), v_div_fmas_f64 (the fused
// unit, VCC from vcc_i) and v_div_fixup_f64 (gcn_fp_div_scale, gcn_fp_div_fixup at f64);
// v_rcp/rsq/sqrt_f64 and gcn10/11's v_rcp/rsq_clamp_f64 (their result from
// gcn_fp64_trans_lane beside the lane: tr_res_i, before OMOD and CLAMP) and v_trig_preop_f64
// (gcn_fp_trans_pkg's 1201 bits of 2/pi, through the fused unit's rounder);
// bit-exact with refmodel/src/valu_float.c, refmodel/src/fp.c and fp_cvt.c (op_add, op_mul,
// gcn_fp_fma_bits, op_minmax, op_ldexp, cvt_float, gcn_fp_from_int, gcn_fp_to_int,
// gcn_fp_round_integral, gcn_fp_fract, gcn_fp_frexp_*, fp_trans.c gcn_fp_trans,
// fp_misc.c gcn_trig_preop_f64 and op_omod_clamp on the F64 format).
// It sits beside gcn_fp_lane in each of gcn_valu_pipe's 16 lanes and writes the VDST pair
// (a 32-bit VDST: result_o[31:0]) in every pass: f64 runs at the full rate, one pass per
// quarter-wave like the 64-bit integer ops (docs/microarch.md).
//
// Structure (docs/rtl.md, "Float datapath"): the shared blocks, parameterized to f64
// (W = 64, 53-bit significands):
//   gcn_fp_classify x3 (class bits, MODE input flush, unpack)
//   -> gcn_fp_special (the step's NaN, infinity and invalid rules, its KIND per op)
//   |  gcn_fp_fma (the exact a * b + c) -> gcn_fp_round (110 bits, the one rounding)
//   gcn_fp_minmax, gcn_fp_rndint, gcn_fp_frexp, gcn_fp_i2f, gcn_fp_f2i and gcn_fp_f2f
//   beside them (the f32/f16 lane's blocks at f64 width; v_cvt_f64_f32's f32 source through
//   a gcn_fp_classify of its own)
//   -> gcn_fp_outmod (OMOD, CLAMP; at f32 for v_cvt_f32_f64)
// Add, mul, ldexp and fract are the fused unit with a fixed operand, each exact before the one
// rounding as the model's add_vals, mul_exact and scale_finite are: a + b = a * 1.0 + b,
// a * b = a * b + (+-0 of the product's sign), ldexp(a, n) = a * 2^n + (+-0 of a's sign),
// fract(a) = a * 1.0 + -floor(a) (then the clamp below 1.0).
// MODE: f64 shares the f16 fields (refmodel/src/fp_cvt.c gcn_fp_env_of): round MODE[3:2],
// denorm MODE[7:6]; min/max honour the denormal mode on gcn14 only, as f32's. A conversion's
// input flush is its source type's, its rounding, output flush and OMOD its destination type's
// (f32: round MODE[1:0], denorm MODE[5:4]).
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
  input  logic              vcc_i,      // the lane's VCC bit (v_div_fmas_f64)
  input  logic [63:0]       tr_res_i,   // gcn_fp64_trans_lane's result (rcp, rsq, sqrt)
  output logic              vcc_o,      // the lane's VCC (carry-out) bit (v_div_scale_f64)
  output logic [63:0]       result_o,   // the VDST pair (a 32-bit VDST: [31:0])
  output logic              supported_o // 1 for the f64 ops above
);

  // gcn_fp_special's KIND_*.
  localparam logic [2:0] KIND_MUL   = 3'd0;
  localparam logic [2:0] KIND_LDEXP = 3'd4;
  localparam logic [2:0] KIND_ADD   = 3'd5;
  localparam logic [2:0] KIND_FMA   = 3'd6;

  localparam logic [52:0] ONE_SIG = 53'h10_0000_0000_0000;  // 1.0 = 2^52 * 2^-52

  typedef enum logic [3:0] {
    U_NONE,        // not an f64 op: supported_o = 0
    U_FUSED,       // add, mul, fma, ldexp, fract: the fused unit
    U_MINMAX,
    U_RNDINT,      // trunc / ceil / floor / rndne (gcn_fp_rndint)
    U_I2F,         // i32 / u32 -> f64 (gcn_fp_i2f)
    U_F2I,         // f64 -> i32 / u32 (gcn_fp_f2i)
    U_F2F32,       // f64 -> f32 (gcn_fp_f2f)
    U_F2F64,       // f32 -> f64 (gcn_fp_f2f)
    U_FMANT,       // frexp mantissa (gcn_fp_frexp)
    U_FEXP,        // frexp exponent
    U_DIV_SCALE,   // gcn_fp_div_scale
    U_DIV_FIXUP,   // gcn_fp_div_fixup
    U_TRANS,       // rcp, rsq, sqrt (tr_res_i: gcn_fp64_trans_lane)
    U_PREOP        // v_trig_preop_f64 (2/pi segment -> the rounder)
  } unit_e;

  // ---------------------------------------------------------------- decode
  unit_e      unit;
  logic [2:0] kind;
  logic       is_max;
  logic       b_float;   // SRC1 is an f64 (not ldexp's i32)
  logic       fract;     // v_fract_f64: the fused unit's addend is -floor(SRC0)
  logic [1:0] rnd_rm;    // gcn_fp_rndint's direction (0 rndne, 1 ceil, 2 floor, 3 trunc)
  logic       i2f_u32, f2i_signed;
  logic       fmas;      // v_div_fmas_f64: the fma of unflushed inputs, scaled by 2^64 on VCC
  always_comb begin
    unit    = U_NONE;
    kind    = KIND_FMA;
    is_max  = 1'b0;
    b_float = 1'b1;
    fract   = 1'b0;
    rnd_rm  = 2'd3;
    i2f_u32 = 1'b0;
    f2i_signed = 1'b0;
    fmas    = 1'b0;
    unique case (op_i)
      gcn_isa_pkg::OP_V_ADD_F64:   begin unit = U_FUSED; kind = KIND_ADD; end
      gcn_isa_pkg::OP_V_MUL_F64:   begin unit = U_FUSED; kind = KIND_MUL; end
      gcn_isa_pkg::OP_V_FMA_F64:   unit = U_FUSED;
      gcn_isa_pkg::OP_V_LDEXP_F64: begin unit = U_FUSED; kind = KIND_LDEXP; b_float = 1'b0; end
      gcn_isa_pkg::OP_V_MIN_F64:   unit = U_MINMAX;
      gcn_isa_pkg::OP_V_MAX_F64:   begin unit = U_MINMAX; is_max = 1'b1; end
      gcn_isa_pkg::OP_V_CVT_F64_I32: unit = U_I2F;
      gcn_isa_pkg::OP_V_CVT_F64_U32: begin unit = U_I2F; i2f_u32 = 1'b1; end
      gcn_isa_pkg::OP_V_CVT_I32_F64: begin unit = U_F2I; f2i_signed = 1'b1; end
      gcn_isa_pkg::OP_V_CVT_U32_F64: unit = U_F2I;
      gcn_isa_pkg::OP_V_CVT_F32_F64: unit = U_F2F32;
      gcn_isa_pkg::OP_V_CVT_F64_F32: unit = U_F2F64;
      gcn_isa_pkg::OP_V_TRUNC_F64: unit = U_RNDINT;
      gcn_isa_pkg::OP_V_CEIL_F64:  begin unit = U_RNDINT; rnd_rm = 2'd1; end
      gcn_isa_pkg::OP_V_FLOOR_F64: begin unit = U_RNDINT; rnd_rm = 2'd2; end
      gcn_isa_pkg::OP_V_RNDNE_F64: begin unit = U_RNDINT; rnd_rm = 2'd0; end
      gcn_isa_pkg::OP_V_FRACT_F64: begin unit = U_FUSED; kind = KIND_ADD; fract = 1'b1; rnd_rm = 2'd2; end
      gcn_isa_pkg::OP_V_FREXP_MANT_F64:    unit = U_FMANT;
      gcn_isa_pkg::OP_V_FREXP_EXP_I32_F64: unit = U_FEXP;
      gcn_isa_pkg::OP_V_DIV_SCALE_F64: unit = U_DIV_SCALE;
      gcn_isa_pkg::OP_V_DIV_FMAS_F64:  begin unit = U_FUSED; fmas = 1'b1; end
      gcn_isa_pkg::OP_V_DIV_FIXUP_F64: unit = U_DIV_FIXUP;
      gcn_isa_pkg::OP_V_RCP_F64:       unit = U_TRANS;
      gcn_isa_pkg::OP_V_RCP_CLAMP_F64: unit = U_TRANS;
      gcn_isa_pkg::OP_V_RSQ_F64:       unit = U_TRANS;
      gcn_isa_pkg::OP_V_RSQ_CLAMP_F64: unit = U_TRANS;
      gcn_isa_pkg::OP_V_SQRT_F64:      unit = U_TRANS;
      gcn_isa_pkg::OP_V_TRIG_PREOP_F64: unit = U_PREOP;
      default:                     unit = U_NONE;
    endcase
  end

  // ---------------------------------------------------------------- MODE environment
  logic [1:0] rm, rm32;
  logic       ieee, dx10_clamp, mode_flush_in, mode_flush_out, minmax_flush, flush_in;
  logic       flush_in32, flush_out32;
  assign rm             = mode_i[3:2];
  assign mode_flush_in  = !mode_i[6];
  assign mode_flush_out = !mode_i[7];
  assign rm32           = mode_i[1:0];  // f32's: v_cvt_f32_f64's result, v_cvt_f64_f32's source
  assign flush_in32     = !mode_i[4];
  assign flush_out32    = !mode_i[5];
  assign dx10_clamp     = mode_i[8];
  assign ieee           = mode_i[9];
  assign minmax_flush   = gen_i == gcn_isa_pkg::GEN_GCN14;
  // The f64 transcendentals keep denormals whatever MODE says (fp_trans.c trans_env).
  assign flush_in       = (unit == U_MINMAX) ? mode_flush_in && minmax_flush
                        : mode_flush_in && !fmas && unit != U_TRANS;

  // ---------------------------------------------------------------- operands
  // ABS then NEG on the sign bit (gcn_semantics.md section 4), NaNs included.
  function automatic logic [63:0] absneg(logic [63:0] x, logic abs, logic neg);
    absneg = {(abs ? 1'b0 : x[63]) ^ neg, x[62:0]};
  endfunction

  // fract's SRC1 is -floor(SRC0) (gcn_fp_rndint below, on the classified SRC0).
  logic [63:0] a_in, b_in, c_in, a_fl, b_fl, c_fl, rnd_res;
  assign a_in = absneg(src0_i, abs_i[0], neg_i[0]);
  assign b_in = fract ? {!rnd_res[63], rnd_res[62:0]}
              : absneg(src1_i, abs_i[1] && b_float, neg_i[1] && b_float);
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

  // ---------------------------------------------------------------- round to integral
  gcn_fp_rndint #(.W(64)) u_rndint (
    .x_i (a_fl), .f16_i (1'b0), .nan_i (a_nan), .ieee_i (ieee), .rm_i (rnd_rm), .res_o (rnd_res)
  );

  // ---------------------------------------------------------------- conversions, frexp
  // v_cvt_f64_f32's f32 SRC0: its ABS/NEG on bit 31, f32's input flush.
  logic [31:0]       h_in, h_fl;
  logic              h_sign, h_nan, h_inf, h_flush;
  logic signed [12:0] h_exp;
  logic [23:0]       h_sig;
  assign h_in    = {(abs_i[0] ? 1'b0 : src0_i[31]) ^ neg_i[0], src0_i[30:0]};
  assign h_flush = flush_in32;
  gcn_fp_classify #(.W(32)) u_class_h (
    .x_i (h_in), .f16_i (1'b0), .flush_i (h_flush), .x_o (h_fl), .sign_o (h_sign),
    .nan_o (h_nan), .snan_o (), .inf_o (h_inf), .zero_o (), .exp_o (h_exp), .sig_o (h_sig)
  );

  logic [63:0] i2f_res, f2f64_res, mant_res;
  logic [31:0] f2i_res, f2f32_res, fexp_res;
  gcn_fp_i2f #(.W(64)) u_i2f (
    .x_i (src0_i[31:0]), .kind_i (i2f_u32 ? 3'd1 : 3'd0), .byte_i (2'd0), .f16_i (1'b0),
    .rm_i (rm), .res_o (i2f_res)
  );
  gcn_fp_f2i #(.SW(53)) u_f2i (
    .sign_i (a_sign), .nan_i (a_nan), .inf_i (a_inf), .exp_i (a_exp), .sig_i (a_sig),
    .how_i (2'd0), .scale_i (16'd1), .signed_i (f2i_signed), .d16_i (1'b0), .norm_i (1'b0),
    .res_o (f2i_res)
  );
  gcn_fp_f2f #(.SW(53), .W(32)) u_f2f32 (
    .pay_i (a_fl[51:29]), .to16_i (1'b0), .sign_i (a_sign), .nan_i (a_nan), .inf_i (a_inf),
    .exp_i (a_exp), .sig_i (a_sig), .ieee_i (ieee), .rm_i (rm32), .flush_i (flush_out32),
    .res_o (f2f32_res)
  );
  gcn_fp_f2f #(.SW(24), .W(64)) u_f2f64 (
    .pay_i ({h_fl[22:0], 29'd0}), .to16_i (1'b0), .sign_i (h_sign), .nan_i (h_nan), .inf_i (h_inf),
    .exp_i (h_exp), .sig_i (h_sig), .ieee_i (ieee), .rm_i (rm), .flush_i (mode_flush_out),
    .res_o (f2f64_res)
  );
  gcn_fp_frexp #(.W(64)) u_frexp (
    .x_i (a_fl), .f16_i (1'b0), .sign_i (a_sign), .nan_i (a_nan), .inf_i (a_inf),
    .zero_i (a_zero), .exp_i (a_exp), .sig_i (a_sig), .ieee_i (ieee),
    .mant_o (mant_res), .exp_o (fexp_res)
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
  // v_div_fmas_f64: on VCC the exact a * b + c times 2^64 (SRC0's and the addend's exponents + 64).
  logic signed [12:0] fmas_sc;
  assign fmas_sc = (fmas && vcc_i) ? 13'sd64 : 13'sd0;
  gcn_fp_fma #(.SW(53)) u_fma (
    .a_sign_i (a_sign), .a_exp_i (a_exp + fmas_sc), .a_sig_i (a_sig),
    .b_sign_i (fb_sign), .b_exp_i (fb_exp), .b_sig_i (fb_sig),
    .c_sign_i (fc_sign), .c_exp_i (fc_exp + fmas_sc), .c_sig_i (fc_sig),
    .rm_i (rm), .sign_o (f_sign), .exp_o (f_exp), .sig_o (f_sig)
  );
  // ---------------------------------------------------------------- v_trig_preop_f64
  // shift = S1[4:0] * 53, plus exponent(S0) - 1077 above 1077 (at most 2613); M = the 53
  // fraction bits of 2/pi from bit shift + 1 (zero beyond the 1201); D = M * 2^(-53 - shift),
  // times 2^128 when exponent(S0) >= 1968, rounded in MODE's f64 mode, no flush.
  logic [10:0]          po_ex;
  logic [11:0]          po_shift;
  logic [1253:0]        po_bits;
  logic [52:0]          po_m;
  logic signed [12:0]   po_exp;
  assign po_ex    = src0_i[62:52];
  assign po_shift = 12'(src1_i[4:0]) * 12'd53 + (po_ex > 11'd1077 ? 12'(po_ex - 11'd1077) : 12'd0);
  assign po_bits  = {gcn_fp_trans_pkg::TWO_OVER_PI, 53'd0} << po_shift;
  assign po_m     = 53'(po_bits >> 1201);
  assign po_exp   = -13'sd53 - $signed({1'b0, po_shift}) + (po_ex >= 11'd1968 ? 13'sd128 : 13'sd0);

  // The one rounder: the fused unit's result, or trig_preop's (MODE's rounding, no flush).
  logic              r_sign, r_flush;
  logic signed [12:0] r_exp;
  logic [109:0]      r_sig;
  logic [1:0]        r_rm;
  always_comb begin
    r_sign  = f_sign;
    r_exp   = f_exp;
    r_sig   = f_sig;
    r_rm    = rm;
    r_flush = mode_flush_out;
    if (unit == U_PREOP) begin
      r_sign  = 1'b0;
      r_exp   = po_exp;
      r_sig   = 110'(po_m);
      r_flush = 1'b0;
    end
  end
  gcn_fp_round #(.SW(110), .W(64)) u_round (
    .sign_i  (r_sign),
    .exp_i   (r_exp),
    .sig_i   (r_sig),
    .rm_i    (r_rm),
    .f16_i   (1'b0),
    .flush_i (r_flush),
    .res_o   (f_rounded)
  );
  // fract: the difference (finite operands only) is at most the largest value below 1.0.
  localparam logic [63:0] BELOW_ONE = 64'h3fef_ffff_ffff_ffff;
  logic [63:0] fused_any;
  logic        fract_cap;
  assign fused_any = special ? special_val : f_rounded;
  assign fract_cap = fract && !a_nan && !a_inf && !fused_any[63] && fused_any > BELOW_ONE;
  assign fused_res = fract_cap ? BELOW_ONE : fused_any;

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

  // ---------------------------------------------------------------- division helpers
  // v_div_scale_f64 (VOP3B: no ABS) and v_div_fixup_f64 on the modified, unflushed sources.
  logic [63:0] dscale_res, dfix_res;
  logic        dscale_vcc;
  gcn_fp_div_scale #(.W(64)) u_div_scale (
    .s0_i (a_in), .s1_i (b_in), .s2_i (c_in), .ieee_i (ieee), .rm_i (rm),
    .res_o (dscale_res), .vcc_o (dscale_vcc)
  );
  gcn_fp_div_fixup #(.EW(11), .MW(52)) u_div_fixup (
    .s0_i (a_in), .s1_i (b_in), .s2_i (c_in), .flush_in_i (mode_flush_in),
    .flush_out_i (mode_flush_out), .res_o (dfix_res)
  );

  // ---------------------------------------------------------------- output modifiers
  logic [63:0] fp_res, om_res;
  logic [31:0] om32_res;
  always_comb begin
    unique case (unit)
      U_MINMAX: fp_res = mm_res;
      U_RNDINT: fp_res = rnd_res;
      U_I2F:    fp_res = i2f_res;
      U_F2F64:  fp_res = f2f64_res;
      U_FMANT:  fp_res = mant_res;
      U_DIV_SCALE: fp_res = dscale_res;
      U_DIV_FIXUP: fp_res = dfix_res;
      U_TRANS:  fp_res = tr_res_i;
      U_PREOP:  fp_res = f_rounded;
      default:  fp_res = fused_res;
    endcase
  end
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
    .res_o         (om_res)
  );
  // v_cvt_f32_f64's: f32's (OMOD when f32's output denormals are flushed and IEEE = 0).
  gcn_fp_outmod #(.W(32)) u_outmod32 (
    .r_i           (f2f32_res),
    .f16_i         (1'b0),
    .omod_i        (omod_i),
    .omod_active_i (flush_out32 && !ieee),
    .clamp_i       (clamp_i),
    .dx10_clamp_i  (dx10_clamp),
    .rm_i          (rm32),
    .flush_out_i   (flush_out32),
    .res_o         (om32_res)
  );

  // ---------------------------------------------------------------- result
  // An integer result takes no output modifier (the model's outmod is by float type).
  always_comb begin
    unique case (unit)
      U_F2I:   result_o = {32'd0, f2i_res};
      U_FEXP:  result_o = {32'd0, fexp_res};
      U_F2F32: result_o = {32'd0, om32_res};
      default: result_o = om_res;
    endcase
  end
  assign supported_o = unit != U_NONE;
  assign vcc_o       = unit == U_DIV_SCALE && dscale_vcc;

  logic unused_h;
  assign unused_h = ^h_fl[31:23];

endmodule
