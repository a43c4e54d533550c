// One lane of the float vector ALU (combinational): every f32 and f16 VOP2 op of the ISA
// table, bit-exact with refmodel/src/valu.c (float_op) and refmodel/src/fp.c. The core
// feeds its result into the same VALU_DEPTH-stage pipe as the integer lane's.
//
// Structure (after PULP fpnew; docs/rtl.md, "Float datapath"):
//   classify (gcn_fp_classify: class bits, MODE input flush, unpack)
//   -> multiply step: gcn_fp_special (kind MUL...) | gcn_fp_mul -> gcn_fp_round (48 bits)
//   -> add step:      gcn_fp_special (kind ADD)    | gcn_fp_add -> gcn_fp_round (28 bits)
//   -> gcn_fp_outmod (OMOD, CLAMP)
// with gcn_fp_minmax and gcn_fp_cvt beside the two steps, gcn_fp_rndint (trunc, ceil,
// floor, rndne; fract is the add step's S0 - floor(S0)), and the VOP1 conversions
// gcn_fp_i2f, gcn_fp_f2i, gcn_fp_f2f and gcn_fp_frexp on SRC0 (a conversion's input flush
// is its source type's, its rounding, output flush and OMOD its destination type's). Each op enables the steps it
// needs: add/sub only the add step; mul, legacy mul and ldexp (a * 1.0 scaled by 2^n)
// only the multiply step; the unfused mad/mac/madmk/madak both, the product rounded (and
// flushed) before the add, exactly as the model composes op_mul and op_add. Both formats
// share the datapath: f16 significands are aligned to the top of the 24 bits and the
// rounder rounds at the format's precision.
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no import.
module gcn_fp_lane (
  input  gcn_isa_pkg::op_e  op_i,
  input  gcn_isa_pkg::gen_e gen_i,
  input  logic [31:0]       src0_i,     // the lane's SRC0 (inline constants already expanded)
  input  logic [31:0]       src1_i,
  input  logic [31:0]       src2_i,     // SRC2 of the VOP3-only rows (mad, fma, min3/max3/med3)
  input  logic [31:0]       old_i,      // VDST before (v_mac's addend, kept upper halves)
  input  logic [31:0]       k_i,        // the literal K of v_madmk/v_madak
  input  logic [9:0]        mode_i,     // MODE[9:0]: FP_ROUND, FP_DENORM, DX10_CLAMP, IEEE
  input  logic [2:0]        abs_i,      // VOP3 ABS of SRC0 (bit 0), SRC1 (bit 1), SRC2 (bit 2)
  input  logic [2:0]        neg_i,      // VOP3 NEG of SRC0, SRC1, SRC2
  input  logic [1:0]        omod_i,     // VOP3 OMOD
  input  logic              clamp_i,    // VOP3 CLAMP (float ops)
  input  logic              vcc_i,      // the lane's VCC bit (v_div_fmas)
  output logic              vcc_o,      // the lane's VCC (carry-out) bit (v_div_scale)
  input  logic [3:0]        opsel_i,    // gcn14 VOP3 OP_SEL (0 elsewhere): SRC0..2 high halves, VDST high half
  // The transcendental unit's result before OMOD and CLAMP (gcn_fp_trans_lane), apart:
  // gcn_valu_pipe computes it beside the lane on operands captured on a clock of their own,
  // only for its rows (op_approx), so a simulator evaluates the unit only then
  // (docs/performance.md, "One gated clock per float unit", "Co-simulation: the per-cycle
  // work"). It counts when op_i is one of its rows, computed in the same pass; alone, feed it
  // gcn_fp_trans_lane on op_i, src0_i, abs_i[0], neg_i[0] and mode_i.
  input  logic [31:0]       tr_res_i,
  output logic [31:0]       result_o,
  output logic              supported_o // 1 for the float ops (the others are gcn_valu_lane's)
);

  // The unit whose output is the result.
  typedef enum logic [4:0] {
    U_NONE,        // not a float op: supported_o = 0
    U_ARITH,       // the multiply and add steps
    U_FMA,         // fused multiply-add (gcn_fp_fma, one rounding)
    U_MINMAX,
    U_RNDINT,      // trunc / ceil / floor / rndne (gcn_fp_rndint)
    U_I2F,         // integer -> float (gcn_fp_i2f)
    U_F2I,         // float -> integer (gcn_fp_f2i)
    U_F2F,         // f32 <-> f16 (gcn_fp_f2f)
    U_FMANT,       // frexp mantissa (gcn_fp_frexp)
    U_FEXP,        // frexp exponent
    U_PKRTZ,
    U_PKNORM_I16,
    U_PKNORM_U16,
    U_PKACCUM,     // v_cvt_pkaccum_u8_f32, v_cvt_pk_u8_f32 (pk_s2: the byte into SRC2)
    U_DIV_SCALE,   // gcn_fp_div_scale
    U_DIV_FIXUP,   // gcn_fp_div_fixup
    U_CUBE,        // gcn_fp_cube (rnd_rm: 0 id, 1 sc, 2 tc, 3 ma)
    U_PKNORM16,    // v_cvt_pknorm_i16/u16_f16: two gcn_fp_f2i norm conversions
    U_PACK16,      // v_pack_b32_f16
    U_TRANS        // rcp / rsq / sqrt / log / exp / sin / cos (gcn_fp_trans)
  } unit_e;

  // Multiply-step kinds (gcn_fp_special's KIND_*).
  localparam logic [2:0] KIND_MUL        = 3'd0;
  localparam logic [2:0] KIND_MUL_LEGACY = 3'd1;
  localparam logic [2:0] KIND_MAD        = 3'd2;
  localparam logic [2:0] KIND_MAD_LEGACY = 3'd3;
  localparam logic [2:0] KIND_LDEXP      = 3'd4;
  localparam logic [2:0] KIND_ADD        = 3'd5;
  localparam logic [2:0] KIND_FMA        = 3'd6;

  // The addend of mad.
  typedef enum logic [1:0] {
    C_OLD,         // v_mac: VDST
    C_K,           // v_madak: the literal
    C_S1,          // v_madmk: SRC1
    C_S2           // the VOP3-only rows: SRC2
  } csel_e;

  // ---------------------------------------------------------------- decode
  unit_e      unit;
  logic       f16;       // f16 op (else f32)
  logic       mul_en;    // the multiply step runs (else its result is SRC0)
  logic [2:0] mul_kind;
  logic       add_en;    // the add step runs (else the result is the multiply step's)
  logic       sub;       // the add step subtracts
  logic       rev;       // the add step takes (S1, S0): the *REV ops
  logic       b_is_k;    // v_madmk: the multiplier is K
  csel_e      csel;
  logic       mad32;     // f32 mad: f32 denormals always flushed, in and out
  logic       keep_hi;   // f16 mac/madmk/madak on gcn14 keep VDST[31:16]
  logic       is_max, legacy;
  logic       three;     // min3 / max3 / med3 (gcn_fp_minmax3; sel3: 0 min3, 1 max3, 2 med3)
  logic [1:0] sel3;
  logic [1:0] rnd_rm;    // gcn_fp_rndint's direction (0 rndne, 1 ceil, 2 floor, 3 trunc)
  logic       fract;     // v_fract: the add step computes S0 - floor(S0), then the clamp below 1
  logic       flip;      // f32 <-> f16: SRC0's format is the other one (f16 names the result's)
  logic [2:0] i2f_kind;  // gcn_fp_i2f's I2F_*
  logic [1:0] i2f_byte;  // v_cvt_f32_ubyteN: N
  logic [1:0] f2i_how;   // gcn_fp_f2i's rounding (0 trunc, 1 floor, 2 floor(x + 0.5), 3 nearest even)
  logic [15:0] f2i_scale;
  logic       f2i_signed, f2i_d16, f2i_norm;
  logic       fmas;      // v_div_fmas: the fma of unflushed inputs, scaled by 2^32 on VCC
  logic       mullit;    // v_mullit_f32: the product unless SRC2 <= 0 or a factor is zero
  logic       pk_s2;     // v_cvt_pk_u8_f32: the byte goes into SRC2 (else VDST)

  logic       tr_hit, tr_f16;
  gcn_fp_trans_dec u_trans_dec (.op_i (op_i), .hit_o (tr_hit), .f16_o (tr_f16), .fn_o (), .var_o ());

  always_comb begin
    unit     = U_NONE;
    f16      = 1'b0;
    mul_en   = 1'b0;
    mul_kind = KIND_MUL;
    add_en   = 1'b0;
    sub      = 1'b0;
    rev      = 1'b0;
    b_is_k   = 1'b0;
    csel     = C_OLD;
    mad32    = 1'b0;
    keep_hi  = 1'b0;
    is_max   = 1'b0;
    legacy   = 1'b0;
    three    = 1'b0;
    sel3     = 2'd0;
    rnd_rm   = 2'd3;
    fract    = 1'b0;
    flip     = 1'b0;
    i2f_kind = 3'd0;
    i2f_byte = 2'd0;
    f2i_how  = 2'd0;
    f2i_scale  = 16'd1;
    f2i_signed = 1'b0;
    f2i_d16    = 1'b0;
    f2i_norm   = 1'b0;
    fmas       = 1'b0;
    mullit     = 1'b0;
    pk_s2      = 1'b0;
    unique case (op_i)
      gcn_isa_pkg::OP_V_ADD_F32:         begin unit = U_ARITH; add_en = 1'b1; end
      gcn_isa_pkg::OP_V_SUB_F32:         begin unit = U_ARITH; add_en = 1'b1; sub = 1'b1; end
      gcn_isa_pkg::OP_V_SUBREV_F32:      begin
        unit = U_ARITH; add_en = 1'b1; sub = 1'b1; rev = 1'b1;
      end
      gcn_isa_pkg::OP_V_MUL_F32:         begin unit = U_ARITH; mul_en = 1'b1; end
      gcn_isa_pkg::OP_V_MUL_LEGACY_F32:  begin
        unit = U_ARITH; mul_en = 1'b1; mul_kind = KIND_MUL_LEGACY;
      end
      gcn_isa_pkg::OP_V_MAC_LEGACY_F32:  begin
        unit = U_ARITH; mul_en = 1'b1; mul_kind = KIND_MAD_LEGACY; add_en = 1'b1; mad32 = 1'b1;
      end
      gcn_isa_pkg::OP_V_MAC_F32:         begin
        unit = U_ARITH; mul_en = 1'b1; mul_kind = KIND_MAD; add_en = 1'b1; mad32 = 1'b1;
      end
      gcn_isa_pkg::OP_V_MADMK_F32:       begin
        unit = U_ARITH; mul_en = 1'b1; mul_kind = KIND_MAD; add_en = 1'b1; mad32 = 1'b1;
        b_is_k = 1'b1; csel = C_S1;
      end
      gcn_isa_pkg::OP_V_MADAK_F32:       begin
        unit = U_ARITH; mul_en = 1'b1; mul_kind = KIND_MAD; add_en = 1'b1; mad32 = 1'b1;
        csel = C_K;
      end
      gcn_isa_pkg::OP_V_MAD_F32:         begin
        unit = U_ARITH; mul_en = 1'b1; mul_kind = KIND_MAD; add_en = 1'b1; mad32 = 1'b1; csel = C_S2;
      end
      gcn_isa_pkg::OP_V_MAD_LEGACY_F32:  begin
        unit = U_ARITH; mul_en = 1'b1; mul_kind = KIND_MAD_LEGACY; add_en = 1'b1; mad32 = 1'b1;
        csel = C_S2;
      end
      gcn_isa_pkg::OP_V_FMA_F32:         begin unit = U_FMA; csel = C_S2; end
      gcn_isa_pkg::OP_V_MIN3_F32:        begin unit = U_MINMAX; three = 1'b1; csel = C_S2; end
      gcn_isa_pkg::OP_V_MAX3_F32:        begin unit = U_MINMAX; three = 1'b1; sel3 = 2'd1; csel = C_S2; end
      gcn_isa_pkg::OP_V_MED3_F32:        begin unit = U_MINMAX; three = 1'b1; sel3 = 2'd2; csel = C_S2; end
      gcn_isa_pkg::OP_V_MIN_F32:         unit = U_MINMAX;
      gcn_isa_pkg::OP_V_MAX_F32:         begin unit = U_MINMAX; is_max = 1'b1; end
      gcn_isa_pkg::OP_V_MIN_LEGACY_F32:  begin unit = U_MINMAX; legacy = 1'b1; end
      gcn_isa_pkg::OP_V_MAX_LEGACY_F32:  begin unit = U_MINMAX; legacy = 1'b1; is_max = 1'b1; end
      gcn_isa_pkg::OP_V_LDEXP_F32:       begin unit = U_ARITH; mul_en = 1'b1; mul_kind = KIND_LDEXP; end
      gcn_isa_pkg::OP_V_CVT_PKACCUM_U8_F32: unit = U_PKACCUM;
      gcn_isa_pkg::OP_V_CVT_PKNORM_I16_F32: unit = U_PKNORM_I16;
      gcn_isa_pkg::OP_V_CVT_PKNORM_U16_F32: unit = U_PKNORM_U16;
      gcn_isa_pkg::OP_V_CVT_PKRTZ_F16_F32:  unit = U_PKRTZ;
      gcn_isa_pkg::OP_V_ADD_F16:         begin unit = U_ARITH; f16 = 1'b1; add_en = 1'b1; end
      gcn_isa_pkg::OP_V_SUB_F16:         begin unit = U_ARITH; f16 = 1'b1; add_en = 1'b1; sub = 1'b1; end
      gcn_isa_pkg::OP_V_SUBREV_F16:      begin
        unit = U_ARITH; f16 = 1'b1; add_en = 1'b1; sub = 1'b1; rev = 1'b1;
      end
      gcn_isa_pkg::OP_V_MUL_F16:         begin unit = U_ARITH; f16 = 1'b1; mul_en = 1'b1; end
      gcn_isa_pkg::OP_V_MAC_F16:         begin
        unit = U_ARITH; f16 = 1'b1; mul_en = 1'b1; mul_kind = KIND_MAD; add_en = 1'b1;
        keep_hi = gen_i == gcn_isa_pkg::GEN_GCN14;
      end
      gcn_isa_pkg::OP_V_MADMK_F16:       begin
        unit = U_ARITH; f16 = 1'b1; mul_en = 1'b1; mul_kind = KIND_MAD; add_en = 1'b1;
        b_is_k = 1'b1; csel = C_S1; keep_hi = gen_i == gcn_isa_pkg::GEN_GCN14;
      end
      gcn_isa_pkg::OP_V_MADAK_F16:       begin
        unit = U_ARITH; f16 = 1'b1; mul_en = 1'b1; mul_kind = KIND_MAD; add_en = 1'b1;
        csel = C_K; keep_hi = gen_i == gcn_isa_pkg::GEN_GCN14;
      end
      gcn_isa_pkg::OP_V_MAX_F16:         begin unit = U_MINMAX; f16 = 1'b1; is_max = 1'b1; end
      gcn_isa_pkg::OP_V_MIN_F16:         begin unit = U_MINMAX; f16 = 1'b1; end
      gcn_isa_pkg::OP_V_LDEXP_F16:       begin
        unit = U_ARITH; f16 = 1'b1; mul_en = 1'b1; mul_kind = KIND_LDEXP;
      end
      gcn_isa_pkg::OP_V_TRUNC_F32:       unit = U_RNDINT;
      gcn_isa_pkg::OP_V_CEIL_F32:        begin unit = U_RNDINT; rnd_rm = 2'd1; end
      gcn_isa_pkg::OP_V_FLOOR_F32:       begin unit = U_RNDINT; rnd_rm = 2'd2; end
      gcn_isa_pkg::OP_V_RNDNE_F32:       begin unit = U_RNDINT; rnd_rm = 2'd0; end
      gcn_isa_pkg::OP_V_FRACT_F32:       begin
        unit = U_ARITH; add_en = 1'b1; sub = 1'b1; rnd_rm = 2'd2; fract = 1'b1;
      end
      gcn_isa_pkg::OP_V_TRUNC_F16:       begin unit = U_RNDINT; f16 = 1'b1; end
      gcn_isa_pkg::OP_V_CEIL_F16:        begin unit = U_RNDINT; f16 = 1'b1; rnd_rm = 2'd1; end
      gcn_isa_pkg::OP_V_FLOOR_F16:       begin unit = U_RNDINT; f16 = 1'b1; rnd_rm = 2'd2; end
      gcn_isa_pkg::OP_V_RNDNE_F16:       begin unit = U_RNDINT; f16 = 1'b1; rnd_rm = 2'd0; end
      gcn_isa_pkg::OP_V_FRACT_F16:       begin
        unit = U_ARITH; f16 = 1'b1; add_en = 1'b1; sub = 1'b1; rnd_rm = 2'd2; fract = 1'b1;
      end
      gcn_isa_pkg::OP_V_CVT_F32_I32:     unit = U_I2F;
      gcn_isa_pkg::OP_V_CVT_F32_U32:     begin unit = U_I2F; i2f_kind = 3'd1; end
      gcn_isa_pkg::OP_V_CVT_F32_UBYTE0:  begin unit = U_I2F; i2f_kind = 3'd2; end
      gcn_isa_pkg::OP_V_CVT_F32_UBYTE1:  begin unit = U_I2F; i2f_kind = 3'd2; i2f_byte = 2'd1; end
      gcn_isa_pkg::OP_V_CVT_F32_UBYTE2:  begin unit = U_I2F; i2f_kind = 3'd2; i2f_byte = 2'd2; end
      gcn_isa_pkg::OP_V_CVT_F32_UBYTE3:  begin unit = U_I2F; i2f_kind = 3'd2; i2f_byte = 2'd3; end
      gcn_isa_pkg::OP_V_CVT_OFF_F32_I4:  begin unit = U_I2F; i2f_kind = 3'd5; end
      gcn_isa_pkg::OP_V_CVT_F16_I16:     begin unit = U_I2F; f16 = 1'b1; i2f_kind = 3'd3; end
      gcn_isa_pkg::OP_V_CVT_F16_U16:     begin unit = U_I2F; f16 = 1'b1; i2f_kind = 3'd4; end
      gcn_isa_pkg::OP_V_CVT_I32_F32:     begin unit = U_F2I; f2i_signed = 1'b1; end
      gcn_isa_pkg::OP_V_CVT_U32_F32:     unit = U_F2I;
      gcn_isa_pkg::OP_V_CVT_FLR_I32_F32: begin unit = U_F2I; f2i_signed = 1'b1; f2i_how = 2'd1; end
      gcn_isa_pkg::OP_V_CVT_RPI_I32_F32: begin unit = U_F2I; f2i_signed = 1'b1; f2i_how = 2'd2; end
      gcn_isa_pkg::OP_V_CVT_I16_F16:     begin unit = U_F2I; f16 = 1'b1; f2i_d16 = 1'b1; f2i_signed = 1'b1; end
      gcn_isa_pkg::OP_V_CVT_U16_F16:     begin unit = U_F2I; f16 = 1'b1; f2i_d16 = 1'b1; end
      gcn_isa_pkg::OP_V_CVT_NORM_I16_F16: begin
        unit = U_F2I; f16 = 1'b1; f2i_d16 = 1'b1; f2i_signed = 1'b1; f2i_norm = 1'b1;
        f2i_how = 2'd3; f2i_scale = 16'd32767;
      end
      gcn_isa_pkg::OP_V_CVT_NORM_U16_F16: begin
        unit = U_F2I; f16 = 1'b1; f2i_d16 = 1'b1; f2i_norm = 1'b1; f2i_how = 2'd3; f2i_scale = 16'd65535;
      end
      gcn_isa_pkg::OP_V_CVT_F16_F32:     begin unit = U_F2F; f16 = 1'b1; flip = 1'b1; end
      gcn_isa_pkg::OP_V_CVT_F32_F16:     begin unit = U_F2F; flip = 1'b1; end
      gcn_isa_pkg::OP_V_FREXP_MANT_F32:  unit = U_FMANT;
      gcn_isa_pkg::OP_V_FREXP_MANT_F16:  begin unit = U_FMANT; f16 = 1'b1; end
      gcn_isa_pkg::OP_V_FREXP_EXP_I32_F32: unit = U_FEXP;
      gcn_isa_pkg::OP_V_FREXP_EXP_I16_F16: begin unit = U_FEXP; f16 = 1'b1; end
      gcn_isa_pkg::OP_V_DIV_SCALE_F32:   unit = U_DIV_SCALE;
      gcn_isa_pkg::OP_V_DIV_FMAS_F32:    begin unit = U_FMA; csel = C_S2; fmas = 1'b1; end
      gcn_isa_pkg::OP_V_DIV_FIXUP_F32:   unit = U_DIV_FIXUP;
      gcn_isa_pkg::OP_V_CUBEID_F32:      begin unit = U_CUBE; csel = C_S2; rnd_rm = 2'd0; end
      gcn_isa_pkg::OP_V_CUBESC_F32:      begin unit = U_CUBE; csel = C_S2; rnd_rm = 2'd1; end
      gcn_isa_pkg::OP_V_CUBETC_F32:      begin unit = U_CUBE; csel = C_S2; rnd_rm = 2'd2; end
      gcn_isa_pkg::OP_V_CUBEMA_F32:      begin unit = U_CUBE; csel = C_S2; rnd_rm = 2'd3; end
      gcn_isa_pkg::OP_V_MULLIT_F32:      begin unit = U_ARITH; mul_en = 1'b1; csel = C_S2; mullit = 1'b1; end
      gcn_isa_pkg::OP_V_CVT_PK_U8_F32:   begin unit = U_PKACCUM; pk_s2 = 1'b1; end
      // The f16 VOP3-only rows (issue 16): as their f32 twins at f16 (mad follows MODE:
      // no forced flush); gcn14's op_sel rows keep the VDST half they do not write.
      gcn_isa_pkg::OP_V_MAD_F16, gcn_isa_pkg::OP_V_MAD_LEGACY_F16: begin
        unit = U_ARITH; f16 = 1'b1; mul_en = 1'b1; mul_kind = KIND_MAD; add_en = 1'b1; csel = C_S2;
        keep_hi = op_i == gcn_isa_pkg::OP_V_MAD_F16 && gen_i == gcn_isa_pkg::GEN_GCN14;
      end
      gcn_isa_pkg::OP_V_FMA_F16, gcn_isa_pkg::OP_V_FMA_LEGACY_F16: begin
        unit = U_FMA; f16 = 1'b1; csel = C_S2;
        keep_hi = op_i == gcn_isa_pkg::OP_V_FMA_F16 && gen_i == gcn_isa_pkg::GEN_GCN14;
      end
      gcn_isa_pkg::OP_V_MIN3_F16: begin unit = U_MINMAX; f16 = 1'b1; three = 1'b1; csel = C_S2; keep_hi = 1'b1; end
      gcn_isa_pkg::OP_V_MAX3_F16: begin
        unit = U_MINMAX; f16 = 1'b1; three = 1'b1; sel3 = 2'd1; csel = C_S2; keep_hi = 1'b1;
      end
      gcn_isa_pkg::OP_V_MED3_F16: begin
        unit = U_MINMAX; f16 = 1'b1; three = 1'b1; sel3 = 2'd2; csel = C_S2; keep_hi = 1'b1;
      end
      gcn_isa_pkg::OP_V_CVT_PKNORM_I16_F16: begin
        unit = U_PKNORM16; f16 = 1'b1; f2i_d16 = 1'b1; f2i_signed = 1'b1; f2i_norm = 1'b1;
        f2i_how = 2'd3; f2i_scale = 16'd32767;
      end
      gcn_isa_pkg::OP_V_CVT_PKNORM_U16_F16: begin
        unit = U_PKNORM16; f16 = 1'b1; f2i_d16 = 1'b1; f2i_norm = 1'b1; f2i_how = 2'd3; f2i_scale = 16'd65535;
      end
      gcn_isa_pkg::OP_V_PACK_B32_F16:    begin unit = U_PACK16; f16 = 1'b1; end
      gcn_isa_pkg::OP_V_DIV_FIXUP_F16, gcn_isa_pkg::OP_V_DIV_FIXUP_LEGACY_F16: begin
        unit = U_DIV_FIXUP; f16 = 1'b1; csel = C_S2;
        keep_hi = op_i == gcn_isa_pkg::OP_V_DIV_FIXUP_F16 && gen_i == gcn_isa_pkg::GEN_GCN14;
      end
      default:                           unit = U_NONE;
    endcase
    if (tr_hit) begin unit = U_TRANS; f16 = tr_f16; end
  end

  // ---------------------------------------------------------------- MODE environment
  // refmodel/src/fp.c env_from_mode: f32 round MODE[1:0], denorm MODE[5:4]; f16 round
  // MODE[3:2], denorm MODE[7:6]; denorm bit 0 allows input, bit 1 output denormals.
  // SRC0's format (src16) is the result's (f16) but for f32 <-> f16, whose input flush is
  // the source type's and rounding and output flush the destination type's.
  logic [1:0] rm, rm32;
  logic       ieee, dx10_clamp, mode_flush_in, mode_flush_out, flush_out16, src16;
  assign src16          = f16 ^ flip;
  assign rm             = f16 ? mode_i[3:2] : mode_i[1:0];
  assign rm32           = mode_i[1:0];
  assign mode_flush_in  = !(src16 ? mode_i[6] : mode_i[4]) && !fmas;  // v_div_fmas: no input flush
  assign mode_flush_out = !(f16 ? mode_i[7] : mode_i[5]);
  assign flush_out16    = !mode_i[7];
  assign dx10_clamp     = mode_i[8];
  assign ieee           = mode_i[9];

  // The GCN denormal rules (gcn_semantics.md section 2): f32 mad always flushes (mad_f32_env);
  // min/max honour the mode only on gcn14 and the legacy forms never flush.
  logic minmax_flush, flush_in, flush_out, arith_flush_out;
  assign minmax_flush = gen_i == gcn_isa_pkg::GEN_GCN14 && !legacy;
  assign flush_in     = (unit == U_MINMAX) ? mode_flush_in && minmax_flush : mode_flush_in || mad32;
  assign flush_out    = mode_flush_out || mad32;
  assign arith_flush_out = flush_out;

  // ---------------------------------------------------------------- operands
  // ABS then NEG on the sign bit (gcn_semantics.md section 4), NaNs included.
  function automatic logic [31:0] absneg(logic [31:0] x, logic half, logic abs, logic neg);
    logic [31:0] s;
    s = half ? 32'h0000_8000 : 32'h8000_0000;
    absneg = ((abs ? x & ~s : x) ^ (neg ? s : 32'd0)) & (half ? 32'h0000_ffff : 32'hffff_ffff);
  endfunction

  // gcn14 op_sel (refmodel/src/valu_opsel.c): the high half of a 16-bit source (the decoder
  // accepts OP_SEL on the opsel rows only, all of whose float sources are f16).
  logic [31:0] src0_h, src1_h, src2_h;
  assign src0_h = opsel_i[0] ? {16'd0, src0_i[31:16]} : src0_i;
  assign src1_h = opsel_i[1] ? {16'd0, src1_i[31:16]} : src1_i;
  assign src2_h = opsel_i[2] ? {16'd0, src2_i[31:16]} : src2_i;

  logic [31:0] a_in, b_mod, b_in, c_in, c_mod, k_val, old_val;
  assign a_in    = absneg(src0_h, src16, abs_i[0], neg_i[0]);
  assign b_mod   = absneg(src1_h, f16, abs_i[1], neg_i[1]);
  assign k_val   = f16 ? {16'd0, k_i[15:0]} : k_i;
  assign old_val = f16 ? {16'd0, old_i[15:0]} : old_i;
  assign c_mod   = absneg(src2_h, f16, abs_i[2], neg_i[2]);
  assign b_in    = b_is_k ? k_val : b_mod;
  always_comb begin
    unique case (csel)
      C_K:     c_in = k_val;
      C_S1:    c_in = b_mod;
      C_S2:    c_in = c_mod;
      default: c_in = old_val;
    endcase
  end

  logic [31:0]       a_fl, b_fl, c_fl;
  logic              a_sign, a_nan, a_snan, a_inf, a_zero;
  logic              b_sign, b_nan, b_snan, b_inf, b_zero;
  logic              c_sign, c_nan, c_zero;
  logic signed [12:0] a_exp, b_exp, c_exp;
  logic [23:0]       a_sig, b_sig, c_sig;

  gcn_fp_classify u_class_a (
    .x_i (a_in), .f16_i (src16), .flush_i (flush_in), .x_o (a_fl), .sign_o (a_sign),
    .nan_o (a_nan), .snan_o (a_snan), .inf_o (a_inf), .zero_o (a_zero),
    .exp_o (a_exp), .sig_o (a_sig)
  );
  gcn_fp_classify u_class_b (
    .x_i (b_in), .f16_i (f16), .flush_i (flush_in), .x_o (b_fl), .sign_o (b_sign),
    .nan_o (b_nan), .snan_o (b_snan), .inf_o (b_inf), .zero_o (b_zero),
    .exp_o (b_exp), .sig_o (b_sig)
  );
  gcn_fp_classify u_class_c (
    .x_i (c_in), .f16_i (f16), .flush_i (flush_in), .x_o (c_fl), .sign_o (c_sign),
    .nan_o (c_nan), .snan_o (), .inf_o (), .zero_o (c_zero), .exp_o (c_exp), .sig_o (c_sig)
  );

  // ---------------------------------------------------------------- multiply step
  // ldexp is a * 1.0 * 2^n: the multiplier is 1.0 (2^23 * 2^-23) with n added to its
  // exponent. Any |n| beyond 512 gives the same result as 512 (the value then overflows or
  // lies below half the smallest denormal whatever a is), so n is saturated to 10 bits.
  logic signed [31:0] n_raw;
  logic signed [12:0] n_sat, m_b_exp, m_exp;
  logic [23:0]        m_b_sig;
  logic [47:0]        m_sig;
  assign n_raw   = f16 ? 32'(signed'(src1_i[15:0])) : signed'(src1_i);
  assign n_sat   = (n_raw > 32'sd511) ? 13'sd511 : (n_raw < -32'sd512) ? -13'sd512 : n_raw[12:0];
  assign m_b_exp = (mul_kind == KIND_LDEXP) ? n_sat - 13'sd23 : b_exp;
  assign m_b_sig = (mul_kind == KIND_LDEXP) ? 24'h80_0000 : b_sig;

  gcn_fp_mul u_mul (
    .a_exp_i (a_exp), .a_sig_i (a_sig), .b_exp_i (m_b_exp), .b_sig_i (m_b_sig),
    .exp_o (m_exp), .sig_o (m_sig)
  );

  logic        m_special;
  logic [31:0] m_special_val, m_rounded, m_res;
  gcn_fp_special u_special_mul (
    .kind_i (mul_kind), .f16_i (f16), .ieee_i (ieee), .a_i (a_fl), .b_i (b_fl), .c_i (c_fl),
    .a_nan_i (a_nan), .a_inf_i (a_inf), .a_zero_i (a_zero),
    .b_nan_i (b_nan), .b_inf_i (b_inf), .b_zero_i (b_zero),
    .c_nan_i (c_nan), .b_neg_i (1'b0),
    .special_o (m_special), .value_o (m_special_val)
  );

  gcn_fp_round #(.SW(48)) u_round_mul (
    .sign_i  ((mul_kind == KIND_LDEXP) ? a_sign : a_sign ^ b_sign),
    .exp_i   (m_exp),
    .sig_i   (m_sig),
    .rm_i    (rm),
    .f16_i   (f16),
    .flush_i (arith_flush_out),
    .res_o   (m_rounded)
  );
  // v_mullit_f32: -max unless SRC2 > 0, then +0 for a zero factor, else the product.
  assign m_res = (mullit && (c_nan || c_sign || c_zero)) ? 32'hff7f_ffff
               : (mullit && (a_zero || b_zero)) ? 32'd0 : m_special ? m_special_val : m_rounded;

  // ---------------------------------------------------------------- round to integral
  logic [31:0] rnd_res;
  gcn_fp_rndint u_rndint (
    .x_i (a_fl), .f16_i (f16), .nan_i (a_nan), .ieee_i (ieee), .rm_i (rnd_rm), .res_o (rnd_res)
  );

  // ---------------------------------------------------------------- conversions, frexp
  logic [31:0] i2f_res, f2i_res, f2f_res, mant_res, fexp_res;
  gcn_fp_i2f u_i2f (
    .x_i (src0_i), .kind_i (i2f_kind), .byte_i (i2f_byte),
    .f16_i (f16), .rm_i (rm), .res_o (i2f_res)
  );
  gcn_fp_f2i u_f2i (
    .sign_i (a_sign), .nan_i (a_nan), .inf_i (a_inf), .exp_i (a_exp), .sig_i (a_sig),
    .how_i (f2i_how), .scale_i (f2i_scale), .signed_i (f2i_signed), .d16_i (f2i_d16),
    .norm_i (f2i_norm), .res_o (f2i_res)
  );
  // v_cvt_pknorm_*_f16's high half: SRC1 through its own norm conversion.
  logic [31:0] f2i_res_b;
  gcn_fp_f2i u_f2i_b (
    .sign_i (b_sign), .nan_i (b_nan), .inf_i (b_inf), .exp_i (b_exp), .sig_i (b_sig),
    .how_i (f2i_how), .scale_i (f2i_scale), .signed_i (f2i_signed), .d16_i (f2i_d16),
    .norm_i (f2i_norm), .res_o (f2i_res_b)
  );
  logic unused_f2i_b;
  assign unused_f2i_b = ^f2i_res_b[31:16];  // a 16-bit conversion: zero there
  gcn_fp_f2f u_f2f (
    .pay_i (src16 ? {a_fl[9:0], 13'd0} : a_fl[22:0]), .to16_i (f16), .sign_i (a_sign), .nan_i (a_nan), .inf_i (a_inf),
    .exp_i (a_exp), .sig_i (a_sig), .ieee_i (ieee), .rm_i (rm), .flush_i (mode_flush_out),
    .res_o (f2f_res)
  );
  gcn_fp_frexp u_frexp (
    .x_i (a_fl), .f16_i (f16), .sign_i (a_sign), .nan_i (a_nan), .inf_i (a_inf),
    .zero_i (a_zero), .exp_i (a_exp), .sig_i (a_sig), .ieee_i (ieee),
    .mant_o (mant_res), .exp_o (fexp_res)
  );

  // ---------------------------------------------------------------- add step
  // x + y: (S0, S1), (S1, S0) for the REV ops, (product, addend) for mad, or
  // (S0, floor(S0)) subtracted for fract. The product is read back as an operand, so the
  // input flush applies to it again.
  logic [31:0]       x_in, y_in, x_fl, y_fl;
  logic              x_sign, x_nan, x_inf, x_zero;
  logic              y_sign, y_nan, y_inf, y_zero;
  logic signed [12:0] x_exp, y_exp;
  logic [23:0]       x_sig, y_sig;
  assign x_in = mul_en ? m_res : (rev ? b_in : a_in);
  assign y_in = mul_en ? c_in : fract ? rnd_res : (rev ? a_in : b_in);

  gcn_fp_classify u_class_x (
    .x_i (x_in), .f16_i (f16), .flush_i (flush_in), .x_o (x_fl), .sign_o (x_sign),
    .nan_o (x_nan), .snan_o (), .inf_o (x_inf), .zero_o (x_zero),
    .exp_o (x_exp), .sig_o (x_sig)
  );
  gcn_fp_classify u_class_y (
    .x_i (y_in), .f16_i (f16), .flush_i (flush_in), .x_o (y_fl), .sign_o (y_sign),
    .nan_o (y_nan), .snan_o (), .inf_o (y_inf), .zero_o (y_zero),
    .exp_o (y_exp), .sig_o (y_sig)
  );

  logic        a_special;
  logic [31:0] a_special_val;
  gcn_fp_special u_special_add (
    .kind_i (KIND_ADD), .f16_i (f16), .ieee_i (ieee), .a_i (x_fl), .b_i (y_fl), .c_i (32'd0),
    .a_nan_i (x_nan), .a_inf_i (x_inf), .a_zero_i (x_zero),
    .b_nan_i (y_nan), .b_inf_i (y_inf), .b_zero_i (y_zero),
    .c_nan_i (1'b0), .b_neg_i (sub),
    .special_o (a_special), .value_o (a_special_val)
  );

  logic              s_sign;
  logic signed [12:0] s_exp;
  logic [27:0]       s_sig;
  gcn_fp_add u_add (
    .a_sign_i (x_sign), .a_exp_i (x_exp), .a_sig_i (x_sig),
    .b_sign_i (y_sign ^ sub), .b_exp_i (y_exp), .b_sig_i (y_sig),
    .rm_i (rm), .sign_o (s_sign), .exp_o (s_exp), .sig_o (s_sig)
  );

  logic [31:0] a_rounded, add_res, arith_res;
  gcn_fp_round #(.SW(28)) u_round_add (
    .sign_i  (s_sign),
    .exp_i   (s_exp),
    .sig_i   (s_sig),
    .rm_i    (rm),
    .f16_i   (f16),
    .flush_i (arith_flush_out),
    .res_o   (a_rounded)
  );
  assign add_res   = a_special ? a_special_val : a_rounded;
  // fract: the difference (finite operands only) is at most the largest value below 1.0.
  logic [31:0] below_one;
  logic        fract_cap;
  assign below_one = f16 ? 32'h0000_3bff : 32'h3f7f_ffff;
  assign fract_cap = fract && !a_nan && !a_inf && add_res <= (f16 ? 32'h0000_7fff : 32'h7fff_ffff)
                  && add_res > below_one;
  assign arith_res = !add_en ? m_res : fract_cap ? below_one : add_res;

  // ---------------------------------------------------------------- min / max
  logic [31:0] mm_sel, mm_res;
  logic        mm_den;
  gcn_fp_minmax u_minmax (
    .f16_i (f16), .is_max_i (is_max), .legacy_i (legacy), .ieee_i (ieee),
    .a_i (a_fl), .b_i (b_fl),
    .a_nan_i (a_nan), .a_snan_i (a_snan), .a_zero_i (a_zero),
    .b_nan_i (b_nan), .b_snan_i (b_snan), .b_zero_i (b_zero),
    .res_o (mm_sel)
  );
  logic [31:0] mm3_sel, mm_any;
  gcn_fp_minmax3 u_minmax3 (
    .f16_i (f16), .kind_i (sel3), .ieee_i (ieee), .a_i (a_fl), .b_i (b_fl), .c_i (c_fl),
    .res_o (mm3_sel)
  );
  assign mm_any = three ? mm3_sel : mm_sel;
  // The selected value's output flush (gcn14 V_MIN/MAX/MIN3/MAX3/MED3 only).
  assign mm_den = f16 ? (mm_any[14:10] == 5'd0 && mm_any[9:0] != 10'd0)
                      : (mm_any[30:23] == 8'd0 && mm_any[22:0] != 23'd0);
  assign mm_res = (mm_den && minmax_flush && mode_flush_out)
                ? (f16 ? {16'd0, mm_any[15], 15'd0} : {mm_any[31], 31'd0}) : mm_any;

  // ---------------------------------------------------------------- fused multiply-add
  // gcn_fp_fma's exact a * b + c, one rounding (52 bits); the special cases of KIND_FMA.
  logic        f_special;
  logic [31:0] f_special_val, f_rounded, fma_res;
  logic              f_sign;
  logic signed [12:0] f_exp;
  logic [51:0]       f_sig;
  gcn_fp_special u_special_fma (
    .kind_i (KIND_FMA), .f16_i (f16), .ieee_i (ieee), .a_i (a_fl), .b_i (b_fl), .c_i (c_fl),
    .a_nan_i (a_nan), .a_inf_i (a_inf), .a_zero_i (a_zero),
    .b_nan_i (b_nan), .b_inf_i (b_inf), .b_zero_i (b_zero),
    .c_nan_i (c_nan), .b_neg_i (1'b0),
    .special_o (f_special), .value_o (f_special_val)
  );
  // v_div_fmas: on VCC the exact a * b + c times 2^32 (SRC0's and SRC2's exponents + 32).
  logic signed [12:0] fmas_sc;
  assign fmas_sc = (fmas && vcc_i) ? 13'sd32 : 13'sd0;
  gcn_fp_fma u_fma (
    .a_sign_i (a_sign), .a_exp_i (a_exp + fmas_sc), .a_sig_i (a_sig),
    .b_sign_i (b_sign), .b_exp_i (b_exp), .b_sig_i (b_sig),
    .c_sign_i (c_sign), .c_exp_i (c_exp + fmas_sc), .c_sig_i (c_sig),
    .rm_i (rm), .sign_o (f_sign), .exp_o (f_exp), .sig_o (f_sig)
  );
  gcn_fp_round #(.SW(52)) u_round_fma (
    .sign_i  (f_sign),
    .exp_i   (f_exp),
    .sig_i   (f_sig),
    .rm_i    (rm),
    .f16_i   (f16),
    .flush_i (arith_flush_out),
    .res_o   (f_rounded)
  );
  assign fma_res = f_special ? f_special_val : f_rounded;

  // ---------------------------------------------------------------- division helpers, cube
  logic [31:0] dscale_res, dfix_res, cube_res;
  logic        dscale_vcc;
  gcn_fp_div_scale u_div_scale (
    .s0_i (a_in), .s1_i (b_mod), .s2_i (c_mod), .ieee_i (ieee), .rm_i (rm),
    .res_o (dscale_res), .vcc_o (dscale_vcc)
  );
  logic [31:0] dfix32_res;
  logic [15:0] dfix16_res;
  gcn_fp_div_fixup #(.EW(8), .MW(23)) u_div_fixup (
    .s0_i (a_in), .s1_i (b_mod), .s2_i (c_mod), .flush_in_i (mode_flush_in),
    .flush_out_i (mode_flush_out), .res_o (dfix32_res)
  );
  // v_div_fixup_f16 / v_div_fixup_legacy_f16 (the f16 MODE fields, op_sel's halves).
  gcn_fp_div_fixup #(.EW(5), .MW(10)) u_div_fixup16 (
    .s0_i (a_in[15:0]), .s1_i (b_mod[15:0]), .s2_i (c_mod[15:0]), .flush_in_i (mode_flush_in),
    .flush_out_i (mode_flush_out), .res_o (dfix16_res)
  );
  assign dfix_res = f16 ? {16'd0, dfix16_res} : dfix32_res;
  gcn_fp_cube u_cube (
    .which_i (rnd_rm), .x_i (a_fl), .y_i (b_fl), .z_i (c_fl), .ieee_i (ieee), .rm_i (rm),
    .flush_out_i (mode_flush_out), .res_o (cube_res)
  );
  // ---------------------------------------------------------------- output modifiers
  logic [31:0] fp_res;     // the float result before OMOD / CLAMP
  always_comb begin
    unique case (unit)
      U_MINMAX: fp_res = mm_res;
      U_RNDINT: fp_res = rnd_res;
      U_I2F:    fp_res = i2f_res;
      U_F2F:    fp_res = f2f_res;
      U_FMANT:  fp_res = mant_res;
      U_FMA:    fp_res = fma_res;
      U_DIV_SCALE: fp_res = dscale_res;
      U_DIV_FIXUP: fp_res = dfix_res;
      U_CUBE:   fp_res = cube_res;
      U_TRANS:  fp_res = tr_res_i;
      default:  fp_res = arith_res;
    endcase
  end
  // With the MODE environment of the op's type (not mad's forced flush): OMOD acts only
  // when that type's output denormals are flushed and IEEE = 0.
  logic [31:0] om_res;
  gcn_fp_outmod u_outmod (
    .r_i           (fp_res),
    .f16_i         (f16),
    .omod_i        (omod_i),
    .omod_active_i (mode_flush_out && !ieee),
    .clamp_i       (clamp_i),
    .dx10_clamp_i  (dx10_clamp),
    .rm_i          (rm),
    .flush_out_i   (mode_flush_out),
    .res_o         (om_res)
  );

  // ---------------------------------------------------------------- conversions
  logic [31:0] pkrtz, pknorm_i16, pknorm_u16;
  logic [7:0]  pkaccum;
  logic [4:0]  byte_shift;
  gcn_fp_cvt u_cvt (
    .s0_i (unit == U_PKACCUM ? a_fl : a_in), .s1_i (b_mod),
    .flush_out16_i (flush_out16), .rm32_i (rm32),
    .pkrtz_o (pkrtz), .pknorm_i16_o (pknorm_i16), .pknorm_u16_o (pknorm_u16), .pkaccum_o (pkaccum)
  );
  assign byte_shift = {src1_i[1:0], 3'd0};

  // ---------------------------------------------------------------- result
  always_comb begin
    unique case (unit)
      U_ARITH, U_FMA, U_MINMAX, U_RNDINT, U_I2F, U_F2F, U_FMANT, U_DIV_SCALE, U_DIV_FIXUP, U_CUBE, U_TRANS:
        if (!f16) result_o = om_res;
        else if (keep_hi && opsel_i[3]) result_o = {om_res[15:0], old_i[15:0]};  // gcn14 op_sel: VDST[31:16]
        else result_o = {keep_hi ? old_i[31:16] : 16'd0, om_res[15:0]};
      U_F2I:        result_o = f2i_res;
      U_FEXP:       result_o = fexp_res;
      U_PKRTZ:      result_o = pkrtz;
      U_PKNORM_I16: result_o = pknorm_i16;
      U_PKNORM_U16: result_o = pknorm_u16;
      U_PKACCUM:    result_o = ((pk_s2 ? src2_i : old_i) & ~(32'hff << byte_shift)) | ({24'd0, pkaccum} << byte_shift);
      U_PKNORM16:   result_o = {f2i_res_b[15:0], f2i_res[15:0]};
      U_PACK16:     result_o = {b_mod[15:0], a_in[15:0]};
      default:      result_o = 32'd0;
    endcase
  end
  assign supported_o = unit != U_NONE;
  assign vcc_o       = unit == U_DIV_SCALE && dscale_vcc;

endmodule
