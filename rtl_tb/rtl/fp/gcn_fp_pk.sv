// One lane of gcn14's float VOP3P rows (combinational): the packed f16 ops v_pk_fma_f16,
// v_pk_add_f16, v_pk_mul_f16, v_pk_min_f16, v_pk_max_f16 and the mixed-precision
// v_mad_mix_f32, v_mad_mixlo_f16, v_mad_mixhi_f16; bit-exact with refmodel/src/vop3p.c
// (packed, mix) and refmodel/src/fp_mix.c (docs/float.md "Mixed precision").
//
// Two gcn_fp_pk_half datapaths, one per 16-bit half of the result (the high one idle for
// v_mad_mix*). The packed ops' low half reads, from each source, the half OP_SEL picks, the
// high half the one OP_SEL_HI picks, each sign flipped by NEG_LO / NEG_HI. Every packed op is
// the fused multiply-add of the half (one rounding): add is a * 1.0 + b and mul a * b + z,
// z the zero that leaves every product's sign as it is (-0, or +0 rounding toward -inf);
// min / max take the half's gcn_fp_minmax. v_mad_mix* read source n as an f32 (OP_SEL_HI bit
// n 0) or as the f16 half OP_SEL picks (1), NEG_HI as ABS and NEG_LO as NEG, and round once to
// f32 or f16 (mixlo / mixhi write VDST[15:0] / VDST[31:16] and keep the other half).
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no import.
module gcn_fp_pk (
  input  gcn_isa_pkg::op_e op_i,        // a float VOP3P op (others: supported_o = 0)
  input  logic [31:0]      src0_i, src1_i, src2_i,
  input  logic [31:0]      old_i,       // VDST before (the half v_mad_mixlo/hi keep)
  input  logic [9:0]       mode_i,      // MODE[9:0]
  input  logic [2:0]       opsel_i,     // OP_SEL
  input  logic [2:0]       opsel_hi_i,  // OP_SEL_HI
  input  logic [2:0]       neg_lo_i,    // NEG_LO (v_mad_mix*: NEG)
  input  logic [2:0]       neg_hi_i,    // NEG_HI (v_mad_mix*: ABS)
  input  logic             clamp_i,     // CLAMP: each result clamped to [0, 1]
  output logic [31:0]      result_o,
  output logic             supported_o
);

  typedef enum logic [2:0] {U_NONE, U_FMA, U_ADD, U_MUL, U_MIN, U_MAX, U_MIX} unit_e;
  unit_e unit;
  logic  out16;      // v_mad_mix*: an f16 result
  always_comb begin
    unit  = U_NONE;
    out16 = 1'b1;
    unique case (op_i)
      gcn_isa_pkg::OP_V_PK_FMA_F16:     unit = U_FMA;
      gcn_isa_pkg::OP_V_PK_ADD_F16:     unit = U_ADD;
      gcn_isa_pkg::OP_V_PK_MUL_F16:     unit = U_MUL;
      gcn_isa_pkg::OP_V_PK_MIN_F16:     unit = U_MIN;
      gcn_isa_pkg::OP_V_PK_MAX_F16:     unit = U_MAX;
      gcn_isa_pkg::OP_V_MAD_MIX_F32:    begin unit = U_MIX; out16 = 1'b0; end
      gcn_isa_pkg::OP_V_MAD_MIXLO_F16,
      gcn_isa_pkg::OP_V_MAD_MIXHI_F16:  unit = U_MIX;
      default:                          unit = U_NONE;
    endcase
  end
  logic mix;
  assign mix = unit == U_MIX;

  // ---------------------------------------------------------------- operands
  logic [31:0] src [3];
  assign src[0] = src0_i;
  assign src[1] = src1_i;
  assign src[2] = src2_i;

  // The packed halves, signs flipped; the v_mad_mix sources (f16 in [15:0], or f32).
  logic [15:0] lo [3];
  logic [15:0] hi [3];
  logic [31:0] mx [3];
  always_comb begin
    for (int n = 0; n < 3; n++) begin
      lo[n] = (opsel_i[n] ? src[n][31:16] : src[n][15:0]) ^ {neg_lo_i[n], 15'd0};
      hi[n] = (opsel_hi_i[n] ? src[n][31:16] : src[n][15:0]) ^ {neg_hi_i[n], 15'd0};
      if (opsel_hi_i[n])
        mx[n] = {16'd0, (opsel_i[n] ? src[n][31:16] : src[n][15:0]) & ~{neg_hi_i[n], 15'd0} ^ {neg_lo_i[n], 15'd0}};
      else
        mx[n] = src[n] & ~{neg_hi_i[n], 31'd0} ^ {neg_lo_i[n], 31'd0};
    end
  end

  // The multiply-add operands of a packed half: add is a * 1.0 + b, mul a * b + z (z -0, or +0
  // when rounding toward -inf: the exact zero sum then keeps the product's sign).
  function automatic logic [47:0] fma_ops(unit_e u, logic [15:0] a, logic [15:0] b, logic [15:0] c,
                                          logic rdown);
    unique case (u)
      U_ADD:   fma_ops = {a, 16'h3c00, b};
      U_MUL:   fma_ops = {a, b, rdown ? 16'h0000 : 16'h8000};
      default: fma_ops = {a, b, c};
    endcase
  endfunction

  logic        rdown;
  logic [47:0] ops_lo, ops_hi;
  assign rdown  = mode_i[3:2] == 2'd2;
  assign ops_lo = fma_ops(unit, lo[0], lo[1], lo[2], rdown);
  assign ops_hi = fma_ops(unit, hi[0], hi[1], hi[2], rdown);

  logic [31:0] a_lo, b_lo, c_lo;
  assign a_lo = mix ? mx[0] : {16'd0, ops_lo[47:32]};
  assign b_lo = mix ? mx[1] : {16'd0, ops_lo[31:16]};
  assign c_lo = mix ? mx[2] : {16'd0, ops_lo[15:0]};

  // ---------------------------------------------------------------- the two halves
  logic [31:0] r_lo, r_hi;
  logic        minmax, is_max;
  assign minmax = unit == U_MIN || unit == U_MAX;
  assign is_max = unit == U_MAX;
  logic [2:0] src16_lo;  // the low half's f16 sources: all, or v_mad_mix*'s OP_SEL_HI
  assign src16_lo = mix ? opsel_hi_i : 3'b111;
  gcn_fp_pk_half u_lo (
    .minmax_i (minmax), .is_max_i (is_max), .mix_i (mix), .src16_i (src16_lo), .out16_i (out16),
    .a_i (a_lo), .b_i (b_lo), .c_i (c_lo), .mode_i (mode_i), .clamp_i (clamp_i), .res_o (r_lo)
  );
  gcn_fp_pk_half u_hi (
    .minmax_i (minmax), .is_max_i (is_max), .mix_i (1'b0), .src16_i (3'b111), .out16_i (1'b1),
    .a_i ({16'd0, ops_hi[47:32]}), .b_i ({16'd0, ops_hi[31:16]}), .c_i ({16'd0, ops_hi[15:0]}),
    .mode_i (mode_i), .clamp_i (clamp_i), .res_o (r_hi)
  );

  // ---------------------------------------------------------------- result
  always_comb begin
    unique case (op_i)
      gcn_isa_pkg::OP_V_MAD_MIX_F32:   result_o = r_lo;
      gcn_isa_pkg::OP_V_MAD_MIXLO_F16: result_o = {old_i[31:16], r_lo[15:0]};
      gcn_isa_pkg::OP_V_MAD_MIXHI_F16: result_o = {r_lo[15:0], old_i[15:0]};
      default:                         result_o = {r_hi[15:0], r_lo[15:0]};
    endcase
  end
  assign supported_o = unit != U_NONE;

  logic unused_hi;
  assign unused_hi = ^r_hi[31:16];

endmodule
