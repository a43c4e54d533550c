// gcnref: the instruction decoder of the core (combinational).
//
// Field layouts, the operand classification per generation and every legality rule are
// exactly refmodel/src/decode.c (gcn_decode, gcn_validate) and refmodel/src/operand.c
// (classify, inline constants by operand type, literal extension); an instruction the
// model's decoder rejects is not valid_o here, and the core reports it as `illegal`.
// It also computes the scalar read and write sets of the scoreboard exactly as
// refmodel/src/timing.c (read_set, write_set) does, and the VGPRs the instruction reads.
//
// Scoreboard slots: 0..127 are the scalar register codes, 128 is SCC, 129 is MODE.
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no package import.
module gcn_decode (
  input  gcn_isa_pkg::gen_e gen_i,
  input  logic [63:0]       inst_i,        // dword 0 in [31:0], dword 1 in [63:32]
  input  logic              dw1_valid_i,   // dword 1 lies inside the program
  output logic              valid_o,       // decodes and passes the model's validation
  output gcn_isa_pkg::op_e  op_o,
  output gcn_isa_pkg::cls_e cls_o,
  output logic              vop3_o,        // VOP3A/VOP3B encoding of a VOPC/VOP2/VOP1 op
  output logic [3:0]        size_o,        // 4 or 8 bytes
  output logic [6:0]        sdst_o,        // SOP SDST, VOP3B carry-out SDST
  output logic [7:0]        vdst_o,        // VDST (the SGPR of v_readlane/v_readfirstlane, the
                                           // SGPR pair of a VOPC VOP3 form)
  output logic [8:0]        src0_o,        // source codes (operand.h); VOP2 VSRC1 is 256 + v
  output logic [8:0]        src1_o,
  output logic [8:0]        src2_o,        // VOP3 SRC2 (carry-in / select mask), else 0
  output logic [15:0]       simm16_o,      // SOPP immediate
  output logic              clamp_o,       // VOP3 (or SDWA) CLAMP bit
  output logic              mask_pair_o,   // a compare's mask goes to the SGPR pair VDST (VOP3, SDWA SD)
  output logic [2:0]        abs_o,         // VOP3A ABS of SRC0 (bit 0), SRC1 (bit 1), SRC2 (bit 2)
  output logic [2:0]        neg_o,         // VOP3 NEG of SRC0, SRC1, SRC2
  output logic [1:0]        omod_o,        // VOP3 OMOD
  output logic [3:0]        opsel_o,       // gcn14 VOP3A OP_SEL (0 elsewhere): SRC0..2, VDST;
                                           // VOP3P OP_SEL of SRC0..2 in [2:0]
  output logic [2:0]        opsel_hi_o,    // VOP3P OP_SEL_HI of SRC0..2 (0 elsewhere)
  output logic [31:0]       k_o,           // dword 1: the K literal of v_madmk/v_madak
  // The DPP form (VOP1_DPP/VOP2_DPP: SRC0 0xfa, gcn12/gcn14; abs/neg in abs_o/neg_o).
  output logic              dpp_o,
  output logic [8:0]        dpp_ctrl_o,
  output logic [3:0]        dpp_row_mask_o,
  output logic [3:0]        dpp_bank_mask_o,
  output logic              dpp_bound_ctrl_o,
  output gcn_core_pkg::sdwa_t sdwa_o,      // the SDWA form (gcn_decode_sdwa): selectors, dst_unused
  // Per source slot s (0: S0, 1: S1, 2: CI), bit s of:
  output logic [2:0]        src_sreg_o,    // an SGPR or special register (read at its width)
  output logic [2:0]        src_vgpr_o,    // a VGPR
  output logic [2:0]        src_ro_o,      // a read-only source (src_vccz/execz/scc, apertures)
  output logic [2:0]        src_w64_o,     // read as 64 bits
  output logic [191:0]      src_const_o,   // [64s +: 64]: inline constant or literal value,
                                           // extended per operand type (0 for registers)
  // Scoreboard (timing.c read_set / write_set)
  output logic [129:0]      rd_slots_o,    // scalar slots read
  output logic [129:0]      wr_slots_o,    // scalar slots that may be written
  output logic [3:0]        rd_vgpr_valid_o,
  output logic [31:0]       rd_vgpr_o      // [8k +: 8]: VGPRs read (SRC0, SRC1, VDST, SRC2)
);

  // ------------------------------------------------------------------ operand kinds
  localparam logic [2:0] K_ILLEGAL = 3'd0;
  localparam logic [2:0] K_SGPR    = 3'd1;
  localparam logic [2:0] K_SPECIAL = 3'd2;
  localparam logic [2:0] K_RO      = 3'd3;  // read-only: src_vccz/execz/scc, apertures
  localparam logic [2:0] K_INT     = 3'd4;  // inline integer 0..64, -1..-16
  localparam logic [2:0] K_FLOAT   = 3'd5;  // inline float
  localparam logic [2:0] K_LIT     = 3'd6;
  localparam logic [2:0] K_VGPR    = 3'd7;

  localparam logic [8:0] CODE_VCC_LO = 9'd106;
  localparam logic [8:0] CODE_LIT    = gcn_isa_pkg::CODE_LITERAL;
  localparam int unsigned SLOT_SCC  = 128;
  localparam int unsigned SLOT_MODE = 129;

  // SGPR count of a generation: the ISA table's (gcn_isa_pkg::num_sgprs).
  function automatic logic [8:0] num_sgprs(gcn_isa_pkg::gen_e gen);
    num_sgprs = gcn_isa_pkg::num_sgprs(gen);
  endfunction

  // operand.c classify(), from the table's operand map (gcn_isa_pkg).
  function automatic logic [2:0] kind_of(gcn_isa_pkg::gen_e gen, logic [8:0] code);
    logic [2:0] k;
    k = K_ILLEGAL;
    if (code < num_sgprs(gen)) k = K_SGPR;
    else if (gcn_isa_pkg::is_special(gen, code)) k = K_SPECIAL;
    else if (gcn_isa_pkg::is_readonly(gen, code)) k = K_RO;
    else if (gcn_isa_pkg::is_inline_int(code)) k = K_INT;
    else if (gcn_isa_pkg::is_inline_float(gen, code)) k = K_FLOAT;
    else if (code == gcn_isa_pkg::CODE_LITERAL) k = K_LIT;
    else if (code >= gcn_isa_pkg::CODE_VGPR0) k = K_VGPR;
    kind_of = k;
  endfunction

  // operand.c is_pair_base().
  function automatic logic pair_base(gcn_isa_pkg::gen_e gen, logic [8:0] code);
    logic [2:0] k;
    logic       r;
    k = kind_of(gen, code);
    r = 1'b0;
    if (k == K_SGPR) r = !code[0] && (code + 9'd1 < num_sgprs(gen));
    else if (k == K_SPECIAL) r = gcn_isa_pkg::is_special_pair(gen, code);
    pair_base = r;
  endfunction

  // gcn_operand_legal_src().
  function automatic logic legal_src(gcn_isa_pkg::gen_e gen, logic [8:0] code, logic w64);
    logic [2:0] k;
    logic       r;
    k = kind_of(gen, code);
    r = k != K_ILLEGAL;
    if (w64 && (k == K_SGPR || k == K_SPECIAL)) r = pair_base(gen, code);
    if (w64 && k == K_VGPR) r = code != 9'd511;            // a pair past v255
    legal_src = r;
  endfunction

  // gcn_operand_legal_sdst() (CODE above 127 is never a destination).
  function automatic logic legal_sdst(gcn_isa_pkg::gen_e gen, logic [8:0] code, logic w64);
    logic [2:0] k;
    logic       r;
    k = kind_of(gen, code);
    r = (code <= 9'd127) && (k == K_SGPR || k == K_SPECIAL);
    if (r && w64) r = pair_base(gen, code);
    legal_sdst = r;
  endfunction

  // Operand types come from the package as T_* + 1 (0: no such operand).
  function automatic logic [1:0] type_bits(gcn_isa_pkg::typ_t t1);  // 2: 64, 1: 32, 0: 16
    logic [1:0] b;
    b = 2'd1;
    if (t1 == gcn_isa_pkg::T_B64 + gcn_isa_pkg::TYP_ONE || t1 == gcn_isa_pkg::T_I64 + gcn_isa_pkg::TYP_ONE ||
        t1 == gcn_isa_pkg::T_U64 + gcn_isa_pkg::TYP_ONE || t1 == gcn_isa_pkg::T_F64 + gcn_isa_pkg::TYP_ONE) b = 2'd2;
    else if (t1 == gcn_isa_pkg::T_F16 + gcn_isa_pkg::TYP_ONE || t1 == gcn_isa_pkg::T_I16 + gcn_isa_pkg::TYP_ONE ||
             t1 == gcn_isa_pkg::T_U16 + gcn_isa_pkg::TYP_ONE || t1 == gcn_isa_pkg::T_B16 + gcn_isa_pkg::TYP_ONE ||
             t1 == gcn_isa_pkg::T_I16F + gcn_isa_pkg::TYP_ONE) b = 2'd0;
    type_bits = b;
  endfunction

  function automatic logic type_float(gcn_isa_pkg::typ_t t1);
    type_float = t1 == gcn_isa_pkg::T_F32 + gcn_isa_pkg::TYP_ONE || t1 == gcn_isa_pkg::T_F16 + gcn_isa_pkg::TYP_ONE ||
                 t1 == gcn_isa_pkg::T_F64 + gcn_isa_pkg::TYP_ONE;
  endfunction

  // gcn_inline_value(): the bit pattern of an inline constant read at type T1.
  function automatic logic [63:0] inline_value(logic [8:0] code, gcn_isa_pkg::typ_t t1);
    logic [63:0] v;
    logic [63:0] f64;
    logic [31:0] f32;
    logic [15:0] f16;
    logic [1:0]  bits;
    bits = type_bits(t1);
    v = '0;
    f64 = gcn_isa_pkg::inline_f64(code);
    f32 = gcn_isa_pkg::inline_f32(code);
    f16 = gcn_isa_pkg::inline_f16(code);
    if (gcn_isa_pkg::is_inline_int(code)) begin
      v = gcn_isa_pkg::inline_int_value(code);
      if (bits == 2'd1) v = {32'd0, v[31:0]};
      else if (bits == 2'd0) v = {48'd0, v[15:0]};
    end else begin
      if (bits == 2'd2) v = f64;
      else if (t1 == gcn_isa_pkg::T_F16 + gcn_isa_pkg::TYP_ONE || t1 == gcn_isa_pkg::T_I16F + gcn_isa_pkg::TYP_ONE ||
               t1 == gcn_isa_pkg::T_PK_B16 + gcn_isa_pkg::TYP_ONE || t1 == gcn_isa_pkg::T_PK_I16 + gcn_isa_pkg::TYP_ONE ||
               t1 == gcn_isa_pkg::T_PK_U16 + gcn_isa_pkg::TYP_ONE || t1 == gcn_isa_pkg::T_PK_F16 + gcn_isa_pkg::TYP_ONE)
        v = {48'd0, f16};                                  // f16 types; packed: the low half
      else if (bits == 2'd0) v = {48'd0, f32[15:0]};
      else v = {32'd0, f32};
    end
    inline_value = v;
  endfunction

  // gcn_literal_value(): a 32-bit literal read at type T1.
  function automatic logic [63:0] literal_value(logic [31:0] lit, gcn_isa_pkg::typ_t t1);
    logic [63:0] v;
    if (t1 == gcn_isa_pkg::T_I64 + gcn_isa_pkg::TYP_ONE) v = {{32{lit[31]}}, lit};
    else if (t1 == gcn_isa_pkg::T_F64 + gcn_isa_pkg::TYP_ONE) v = {lit, 32'd0};  // a double's high half
    else if (type_bits(t1) == 2'd0) v = {48'd0, lit[15:0]};
    else v = {32'd0, lit};
    literal_value = v;
  endfunction

  // dpp.c gcn_dpp_ctrl_legal(): quad_perm, row_shl/shr/ror 1..15, wave_shl/rol/shr/ror:1,
  // row_mirror, row_half_mirror, row_bcast:15/31.
  function automatic logic dpp_ctrl_legal(logic [8:0] c);
    dpp_ctrl_legal = !c[8] || (c[7:6] == 2'b00 && c[5:4] != 2'b11 && c[3:0] != 4'd0) ||
                     c == 9'h130 || c == 9'h134 || c == 9'h138 || c == 9'h13c ||
                     (c >= 9'h140 && c <= 9'h143);
  endfunction

  // ------------------------------------------------------------------ fields
  logic [31:0] w0, w1;
  assign w0 = inst_i[31:0];
  assign w1 = inst_i[63:32];

  gcn_isa_pkg::op_e  op;
  gcn_isa_pkg::cls_e cls;
  logic        enc_ok;       // a known encoding with a known opcode
  logic        is_sopp, is_vop, vop3, vop3b;
  logic [6:0]  sdst;
  logic [7:0]  vdst;
  logic [8:0]  src [3];
  logic [15:0] simm16;
  logic        clamp;
  logic [2:0]  abs_m, neg_m;
  logic [1:0]  omod;
  logic        opsel_bad;
  logic        dpp;          // a DPP form (dword 1: SRC0 and the lane controls)
  logic [3:0]  opsel;
  logic [2:0]  opsel_hi, neg_hi;
  logic        vop3p;
  logic        si;
  logic [9:0]  op3;
  logic [15:0] flags;
  logic [7:0]  impl_rd, impl_wr;
  logic        lane;
  gcn_isa_pkg::enc_e enc;    // the table's encoding of the first dword (an SDWA word: its VOP1/VOP2/VOPC)
  gcn_isa_pkg::enc_e enc_raw;

  // The SDWA extension dword (SRC0 = 0xf9): sources and modifiers from dword 1.
  logic        sdwa, sdwa_ok, sdwa_sd, sdwa_clamp;
  logic [8:0]  sdwa_src0, sdwa_src1;
  logic [1:0]  sdwa_abs, sdwa_neg, sdwa_omod;
  logic [6:0]  sdwa_sdst;
  assign enc_raw = gcn_isa_pkg::enc_of(gen_i, w0);
  gcn_decode_sdwa u_sdwa (
    .gen_i      (gen_i),
    .enc_i      (enc_raw),
    .vsrc1_i    (w0[16:9]),
    .w1_i       (w1),
    .op_i       (op),
    .sdwa_o     (sdwa),
    .base_enc_o (enc),
    .valid_o    (sdwa_ok),
    .src0_o     (sdwa_src0),
    .src1_o     (sdwa_src1),
    .abs_o      (sdwa_abs),
    .neg_o      (sdwa_neg),
    .clamp_o    (sdwa_clamp),
    .omod_o     (sdwa_omod),
    .sd_o       (sdwa_sd),
    .sdst_o     (sdwa_sdst),
    .sdwa_t_o   (sdwa_o)
  );

  always_comb begin
    op        = gcn_isa_pkg::OP_INVALID;
    cls       = gcn_isa_pkg::CLS_SOP1;
    enc_ok    = 1'b0;
    is_sopp   = 1'b0;
    is_vop    = 1'b0;
    vop3      = 1'b0;
    vop3b     = 1'b0;
    sdst      = '0;
    vdst      = '0;
    src[0]    = '0;
    src[1]    = '0;
    src[2]    = '0;
    simm16    = '0;
    clamp     = 1'b0;
    abs_m     = '0;
    neg_m     = '0;
    omod      = '0;
    opsel_bad = 1'b0;
    dpp       = 1'b0;
    opsel     = '0;
    opsel_hi  = '0;
    neg_hi    = '0;
    vop3p     = 1'b0;
    si        = gen_i == gcn_isa_pkg::GEN_GCN10 || gen_i == gcn_isa_pkg::GEN_GCN11;
    op3       = '0;
    if (enc == gcn_isa_pkg::ENC_SOP1) begin
      cls    = gcn_isa_pkg::CLS_SOP1;
      op     = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_SOP1, w0[15:8]);
      src[0] = {1'b0, w0[7:0]};
      sdst   = w0[22:16];
      enc_ok = op != gcn_isa_pkg::OP_INVALID;
    end else if (enc == gcn_isa_pkg::ENC_SOPP) begin
      cls     = gcn_isa_pkg::CLS_SOPP;
      is_sopp = 1'b1;
      op      = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_SOPP, {1'b0, w0[22:16]});
      simm16  = w0[15:0];
      enc_ok  = op != gcn_isa_pkg::OP_INVALID;
    end else if (enc == gcn_isa_pkg::ENC_SOPC) begin
      cls    = gcn_isa_pkg::CLS_SOPC;
      op     = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_SOPC, {1'b0, w0[22:16]});
      src[0] = {1'b0, w0[7:0]};
      src[1] = {1'b0, w0[15:8]};
      if (gcn_isa_pkg::op_type_imm(op) != gcn_isa_pkg::TYP_NONE) begin
        simm16 = {8'd0, w0[15:8]};                         // s_set_gpr_idx_on: the mode bits
        src[1] = '0;
      end
      enc_ok = op != gcn_isa_pkg::OP_INVALID;
    end else if (enc == gcn_isa_pkg::ENC_SOPK) begin
      cls    = gcn_isa_pkg::CLS_SOPK;
      op     = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_SOPK, {3'b000, w0[27:23]});
      sdst   = w0[22:16];
      simm16 = w0[15:0];
      if (gcn_isa_pkg::op_type_s0(op) != gcn_isa_pkg::TYP_NONE) src[0] = {2'b00, w0[22:16]};
      enc_ok = op != gcn_isa_pkg::OP_INVALID;
    end else if (enc == gcn_isa_pkg::ENC_SOP2) begin
      cls    = gcn_isa_pkg::CLS_SOP2;
      op     = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_SOP2, {1'b0, w0[29:23]});
      src[0] = {1'b0, w0[7:0]};
      src[1] = {1'b0, w0[15:8]};
      sdst   = w0[22:16];
      enc_ok = op != gcn_isa_pkg::OP_INVALID;
    end else if (enc == gcn_isa_pkg::ENC_VOP2 || enc == gcn_isa_pkg::ENC_VOP1 ||
                 enc == gcn_isa_pkg::ENC_VOPC) begin
      is_vop = 1'b1;
      src[0] = w0[8:0];
      vdst   = w0[24:17];
      if (enc == gcn_isa_pkg::ENC_VOP1) begin              // no VSRC1 field: src[1] stays 0
        cls = gcn_isa_pkg::CLS_VOP1;
        op  = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_VOP1, w0[16:9]);
      end else begin
        if (enc == gcn_isa_pkg::ENC_VOPC) begin
          cls  = gcn_isa_pkg::CLS_VOPC;                 // no VDST field: the mask goes to VCC
          op   = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_VOPC, w0[24:17]);
          vdst = '0;
        end else begin
          cls = gcn_isa_pkg::CLS_VOP2;
          op  = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_VOP2, {2'b00, w0[30:25]});
        end
        // v_readlane/v_writelane: VSRC1 holds a scalar code; otherwise it is a VGPR.
        if ((gcn_isa_pkg::op_flags(op) & ((16'd1 << gcn_isa_pkg::F_READLANE) |
                                          (16'd1 << gcn_isa_pkg::F_WRITELANE))) != 16'd0)
          src[1] = {1'b0, w0[16:9]};
        else
          src[1] = {1'b1, w0[16:9]};
      end
      enc_ok = op != gcn_isa_pkg::OP_INVALID;
      if (sdwa) begin                                      // gcn_decode_sdwa: dword 1
        src[0] = sdwa_src0;
        if (cls != gcn_isa_pkg::CLS_VOP1) src[1] = sdwa_src1;
        if (sdwa_sd) vdst = {1'b0, sdwa_sdst};          // a compare's SGPR pair (gcn14 SD)
        clamp  = sdwa_clamp;
        abs_m  = {1'b0, sdwa_abs};
        neg_m  = {1'b0, sdwa_neg};
        omod   = sdwa_omod;
      end
    end else if (enc == gcn_isa_pkg::ENC_VOP1_DPP || enc == gcn_isa_pkg::ENC_VOP2_DPP) begin
      // dpp.c gcn_dpp_decode: SRC0 is the VGPR of dword 1 (0 for v_nop's zero field).
      is_vop = 1'b1;
      dpp    = 1'b1;
      vdst   = w0[24:17];
      if (enc == gcn_isa_pkg::ENC_VOP1_DPP) begin
        cls = gcn_isa_pkg::CLS_VOP1;
        op  = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_VOP1, w0[16:9]);
      end else begin
        cls    = gcn_isa_pkg::CLS_VOP2;
        op     = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_VOP2, {2'b00, w0[30:25]});
        src[1] = {1'b1, w0[16:9]};
      end
      src[0] = (gcn_isa_pkg::ext_src0(gen_i, enc, w1) == 8'd0 && gcn_isa_pkg::op_type_s0(op) == gcn_isa_pkg::TYP_NONE)
               ? 9'd0 : {1'b1, gcn_isa_pkg::ext_src0(gen_i, enc, w1)};
      abs_m  = {1'b0, gcn_isa_pkg::ext_src1_abs(gen_i, enc, w1), gcn_isa_pkg::ext_src0_abs(gen_i, enc, w1)};
      neg_m  = {1'b0, gcn_isa_pkg::ext_src1_neg(gen_i, enc, w1), gcn_isa_pkg::ext_src0_neg(gen_i, enc, w1)};
      enc_ok = op != gcn_isa_pkg::OP_INVALID && dw1_valid_i &&
               (op == gcn_isa_pkg::OP_NORTL || gcn_isa_pkg::op_dpp(op));
    end else if (enc == gcn_isa_pkg::ENC_VOP3P) begin     // gcn14 packed math (vop3p_syntax.c)
      is_vop   = 1'b1;
      vop3     = 1'b1;                                     // two dwords, no literal, SRC2 used
      vop3p    = 1'b1;
      cls      = gcn_isa_pkg::CLS_VOP3P;
      if (dw1_valid_i) op = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_VOP3P, {1'b0, w0[22:16]});
      enc_ok   = op != gcn_isa_pkg::OP_INVALID;
      vdst     = w0[7:0];
      neg_hi   = w0[10:8];
      abs_m    = w0[10:8];                                 // NEG_HI (v_mad_mix*: ABS) to the float lanes
      opsel    = {1'b0, w0[13:11]};
      opsel_hi = {w0[14], w1[28:27]};
      clamp    = w0[15];
      src[0]   = w1[8:0];
      src[1]   = w1[17:9];
      src[2]   = w1[26:18];
      neg_m    = w1[31:29];
    end else if (enc == gcn_isa_pkg::ENC_VOP3A) begin     // VOP3A / VOP3B (same fixed bits)
      is_vop = 1'b1;
      vop3   = 1'b1;
      op3    = si ? {1'b0, w0[25:17]} : w0[25:16];
      cls    = gcn_isa_pkg::vop3_rtl_cls(gen_i, op3);      // the VOP3 forms of VOPC, VOP2, VOP1
      if (dw1_valid_i && gcn_isa_pkg::vop3_rtl_hit(gen_i, op3)) begin
        if (cls == gcn_isa_pkg::CLS_VOP3) begin            // a class-VOP3 window (gcn_valu_int3)
          op  = gcn_isa_pkg::decode_op3(gen_i, op3);
          // A VOP2 row that is VOP3-only on GEN (v_bfm_b32 from gcn12) keeps its class.
          cls = gcn_isa_pkg::op_vop3only(op) ? gcn_isa_pkg::CLS_VOP3 : gcn_isa_pkg::CLS_VOP2;
        end else begin
          op  = gcn_isa_pkg::decode_op(gen_i, cls, gcn_isa_pkg::vop3_rtl_opcode(gen_i, op3));
        end
        enc_ok = op != gcn_isa_pkg::OP_INVALID &&
                 (gcn_isa_pkg::op_flags(op) & (16'd1 << gcn_isa_pkg::F_NOVOP3)) == 16'd0;
      end
      vop3b = gcn_isa_pkg::op_type_co(op) != gcn_isa_pkg::TYP_NONE;
      vdst  = w0[7:0];
      if (vop3b) begin
        sdst  = w0[14:8];
        clamp = si ? 1'b0 : w0[15];
      end else begin
        abs_m     = w0[10:8];
        clamp     = si ? w0[11] : w0[15];
        if (gen_i == gcn_isa_pkg::GEN_GCN14) opsel = w0[14:11];
        // gcn14 op_sel: rows flagged opsel only, and the SRC2 bit only with a SRC2
        // (vop3p_syntax.c gcn_opsel_validate).
        opsel_bad = gen_i == gcn_isa_pkg::GEN_GCN14 && w0[14:11] != 4'd0 &&
                    (!gcn_isa_pkg::op_opsel(gen_i, op) ||
                     (w0[13] && gcn_isa_pkg::op_type_s2(op) == gcn_isa_pkg::TYP_NONE));
      end
      src[0] = w1[8:0];
      src[1] = w1[17:9];
      src[2] = w1[26:18];
      omod   = w1[28:27];
      neg_m  = w1[31:29];
      if ((gcn_isa_pkg::op_flags(op) & (16'd1 << gcn_isa_pkg::F_TIED)) != 16'd0)
        src[2] = '0;                                       // SRC2 is VDST
    end
  end

  assign flags   = gcn_isa_pkg::op_flags(op);
  assign impl_rd = gcn_isa_pkg::op_reads(op);
  assign impl_wr = gcn_isa_pkg::op_writes(op);
  assign lane    = flags[gcn_isa_pkg::F_READLANE] | flags[gcn_isa_pkg::F_WRITELANE];

  // Operand types of the source slots (T_* + 1).
  gcn_isa_pkg::typ_t src_t [3];
  gcn_isa_pkg::typ_t d_t;
  logic       has_k;
  assign src_t[0] = gcn_isa_pkg::op_type_s0(op);
  assign src_t[1] = gcn_isa_pkg::op_type_s1(op);
  assign src_t[2] = (gcn_isa_pkg::op_type_s2(op) != gcn_isa_pkg::TYP_NONE) ? gcn_isa_pkg::op_type_s2(op)
                                                                           : gcn_isa_pkg::op_type_ci(op);
  assign d_t      = gcn_isa_pkg::op_type_d(op);
  assign has_k    = gcn_isa_pkg::op_type_k(op) != gcn_isa_pkg::TYP_NONE;
  logic       has_sd;                                  // a compare's mask (role sd)
  assign has_sd   = gcn_isa_pkg::op_type_sd(op) != gcn_isa_pkg::TYP_NONE;
  gcn_isa_pkg::typ_t imm_t;
  assign imm_t    = gcn_isa_pkg::op_type_imm(op);

  // gcn14's float VOP3P rows (gcn_fp_pk): NEG_LO / NEG_HI on every source; v_mad_mix* read an
  // inline float as its f32 value where OP_SEL_HI makes the source an f32 (vop3p.c mix).
  logic       pk_float, mix;
  logic [2:0] mix_f32;
  assign pk_float = vop3p && d_t != gcn_isa_pkg::T_PK_I16 + gcn_isa_pkg::TYP_ONE &&
                    d_t != gcn_isa_pkg::T_PK_U16 + gcn_isa_pkg::TYP_ONE && d_t != gcn_isa_pkg::T_PK_B16 + gcn_isa_pkg::TYP_ONE;
  assign mix      = pk_float && d_t != gcn_isa_pkg::T_PK_F16 + gcn_isa_pkg::TYP_ONE;
  assign mix_f32  = {3{mix}} & ~opsel_hi;

  // decode.c uses_src().
  logic [2:0] uses;
  assign uses[0] = src_t[0] != gcn_isa_pkg::TYP_NONE;
  assign uses[1] = src_t[1] != gcn_isa_pkg::TYP_NONE;
  assign uses[2] = vop3 && src_t[2] != gcn_isa_pkg::TYP_NONE;

  // ------------------------------------------------------------------ literal, size
  logic needs_lit;
  always_comb begin
    needs_lit = has_k;
    for (int s = 0; s < 3; s++) begin
      if (uses[s] && src[s] == CODE_LIT) needs_lit = 1'b1;
    end
    if (vop3) needs_lit = 1'b0;
  end
  assign size_o = (vop3 || needs_lit || dpp || sdwa) ? 4'd8 : 4'd4;

  // ------------------------------------------------------------------ validation
  logic [2:0] kind [3];
  logic [2:0] w64;
  assign kind[0] = kind_of(gen_i, src[0]);
  assign kind[1] = kind_of(gen_i, src[1]);
  assign kind[2] = kind_of(gen_i, src[2]);
  assign w64[0]  = type_bits(src_t[0]) == 2'd2;
  assign w64[1]  = type_bits(src_t[1]) == 2'd2;
  assign w64[2]  = type_bits(src_t[2]) == 2'd2;

  logic       ok;
  logic [2:0] bus_uses;  // up to 5: three sources, an implicit VCC or M0, the literal
  logic [8:0] bus_code;
  logic       bus_w64;
  logic       lit_used;
  logic       is_reg;
  logic       d64;
  assign d64 = type_bits(d_t) == 2'd2;
  // 128-bit VGPR operands and early-clobber destinations (v_mqsad_u32_u8, the quad SADs).
  logic       wide_ok;
  gcn_decode_wide u_wide (.op_i(op), .uses_i(uses), .src_i({src[2], src[1], src[0]}), .vdst_i(vdst),
                          .ok_o(wide_ok));

  always_comb begin
    ok       = enc_ok;
    bus_uses = '0;
    bus_code = '0;
    bus_w64  = 1'b0;
    lit_used = 1'b0;
    is_reg   = 1'b0;
    if (needs_lit && !dw1_valid_i) ok = 1'b0;              // truncated
    if (sdwa && (!dw1_valid_i || !sdwa_ok)) ok = 1'b0;       // truncated, or the SDWA rules
    if (opsel_bad) ok = 1'b0;
    if (!wide_ok) ok = 1'b0;
    // sop_syntax.c gcn_sop_imm_validate(): SOPP without an immediate, s_waitcnt's counters.
    if (is_sopp && imm_t == gcn_isa_pkg::TYP_NONE && simm16 != 16'd0 && !flags[gcn_isa_pkg::F_ENDPGM])
      ok = 1'b0;
    if (imm_t == gcn_isa_pkg::T_WAITCNT + gcn_isa_pkg::TYP_ONE &&
        ({16'd0, simm16} & ~(gcn_isa_pkg::immf_vmcnt(gen_i) | gcn_isa_pkg::immf_expcnt(gen_i) |
                             gcn_isa_pkg::immf_lgkmcnt(gen_i))) != 32'd0)
      ok = 1'b0;
    if (!is_sopp) begin
      // Destinations.
      if (!is_vop) begin
        if (d_t == gcn_isa_pkg::TYP_NONE) begin
          if (sdst != 7'd0 && !(cls == gcn_isa_pkg::CLS_SOPK && uses[0])) ok = 1'b0;
        end else if (flags[gcn_isa_pkg::F_NODST]) begin
          if (sdst != 7'd0) ok = 1'b0;
        end else if (!legal_sdst(gen_i, {2'b00, sdst}, d64)) ok = 1'b0;
        if (flags[gcn_isa_pkg::F_NOSRC] && src[0] != 9'd0) ok = 1'b0;
      end else if (has_sd) begin                         // VOPC: VCC (e32) or an SGPR pair (e64)
        if ((vop3 || sdwa_sd) ? !legal_sdst(gen_i, {1'b0, vdst}, 1'b1) : vdst != 8'd0) ok = 1'b0;
      end else if (d_t == gcn_isa_pkg::TYP_NONE) begin    // v_nop
        if (vdst != 8'd0) ok = 1'b0;
      end else if (flags[gcn_isa_pkg::F_READLANE]) begin
        if (!legal_sdst(gen_i, {1'b0, vdst}, 1'b0)) ok = 1'b0;
      end else if (d64 && vdst == 8'd255) begin            // a 64-bit VDST past v255
        ok = 1'b0;
      end
      // decode.c validate_unused(): a VOP1/VOPC source field the op does not read is 0 (VOP1
      // has no VSRC1 field; the VOP3 forms of VOP2 rows ignore theirs).
      if (is_vop && cls != gcn_isa_pkg::CLS_VOP2) begin  // (DPP's v_nop: SRC0 0 when the field is)
        for (int s = 0; s < 3; s++) begin
          if (!uses[s] && src[s] != 9'd0 && !(s == 1 && !vop3)) ok = 1'b0;
        end
      end
      if (vop3b && !legal_sdst(gen_i, {2'b00, sdst}, 1'b1)) ok = 1'b0;
      // Sources, the constant bus.
      for (int s = 0; s < 3; s++) begin
        if (uses[s]) begin
          is_reg = kind[s] == K_SGPR || kind[s] == K_SPECIAL;
          if (!legal_src(gen_i, src[s], w64[s])) ok = 1'b0;
          if (!is_vop && kind[s] == K_VGPR) ok = 1'b0;
          if (flags[gcn_isa_pkg::F_SREGSRC] && s == 0 && !is_reg) ok = 1'b0;
          // v_movrels/movrelsd (vgprsrc) and v_swap_b32 (swap: SRC0 is written): a VGPR.
          if ((gcn_isa_pkg::op_vgprsrc(op) || gcn_isa_pkg::op_swap(op)) && s == 0 && kind[s] != K_VGPR) ok = 1'b0;
          if (s == 2 && !is_reg && gcn_isa_pkg::op_type_ci(op) != gcn_isa_pkg::TYP_NONE) ok = 1'b0;
          if (lane) begin
            if (s == 0 && flags[gcn_isa_pkg::F_READLANE] && kind[s] != K_VGPR) ok = 1'b0;
            if (s == 0 && flags[gcn_isa_pkg::F_WRITELANE] && kind[s] == K_VGPR) ok = 1'b0;
            if (s == 1 && !is_reg && kind[s] != K_INT) ok = 1'b0;
          end
          if (kind[s] == K_LIT) begin
            if (vop3 || flags[gcn_isa_pkg::F_NOLIT]) ok = 1'b0;  // with a K, the literal is K
            lit_used = 1'b1;
          end
          if (is_vop && (is_reg || kind[s] == K_RO)) begin
            if (bus_uses == 3'd0 || bus_code != src[s] || bus_w64 != w64[s])
              bus_uses = bus_uses + 3'd1;
            bus_code = src[s];
            bus_w64  = w64[s];
          end
        end
      end
      if (is_vop) begin
        if ((!vop3 && src_t[2] != gcn_isa_pkg::TYP_NONE) || impl_rd[gcn_isa_pkg::IMPL_VCC]) begin  // implicit VCC: VOP2 CI, v_div_fmas
          if (bus_uses == 3'd0 || bus_code != CODE_VCC_LO || !bus_w64)
            bus_uses = bus_uses + 3'd1;
          bus_code = CODE_VCC_LO;
          bus_w64  = 1'b1;
        end
        if (impl_rd[gcn_isa_pkg::IMPL_M0] && !impl_rd[gcn_isa_pkg::IMPL_VCC] &&
            (vop3 || src_t[2] == gcn_isa_pkg::TYP_NONE)) begin  // v_movrel*'s M0 (decode.c)
          if (bus_uses == 3'd0 || bus_code != {2'b00, gcn_core_pkg::C_M0} || bus_w64)
            bus_uses = bus_uses + 3'd1;
          bus_code = {2'b00, gcn_core_pkg::C_M0};
          bus_w64  = 1'b0;
        end
        if (lit_used || has_k) bus_uses = bus_uses + 3'd1;
        if (bus_uses > 3'd1) ok = 1'b0;
      end
      // DPP (dpp.c gcn_dpp_validate): a named control; abs/neg as VOP3's below.
      if (dpp && !dpp_ctrl_legal(gcn_isa_pkg::ext_dpp_ctrl(gen_i, enc, w1))) ok = 1'b0;
      if (dpp) begin
        for (int s = 0; s < 2; s++) begin
          if ((abs_m[s] || neg_m[s]) && (!uses[s] || !type_float(src_t[s]))) ok = 1'b0;
        end
      end
      // VOP3P modifiers (gcn_vop3p_validate; the RTL's VOP3P rows are the integer packed
      // ones): no op_sel / neg of an absent SRC2, neg_lo / neg_hi of SRC0 only.
      if (vop3p) begin
        if (!uses[2] && (opsel[2] || neg_m[2] || neg_hi[2])) ok = 1'b0;
        if (((neg_m | neg_hi) & 3'b110) != 3'd0 && !pk_float) ok = 1'b0;  // float rows: any source
      end
      // VOP3 modifiers.
      if (vop3 && !vop3p) begin
        for (int s = 0; s < 3; s++) begin
          if ((abs_m[s] || neg_m[s]) && (!uses[s] || !type_float(src_t[s]))) ok = 1'b0;
        end
        if (omod != 2'd0 && !gcn_isa_pkg::op_omod(gen_i, op)) ok = 1'b0;
        if (clamp && !gcn_isa_pkg::op_omod(gen_i, op) && !gcn_isa_pkg::op_clamp(gen_i, op) &&
            !(flags[gcn_isa_pkg::F_ICLAMP] && !si)) ok = 1'b0;
      end
    end
    // A row the RTL does not execute (OP_NORTL): the package holds none of its operand
    // rules, so its words are valid here whatever their operands and the core reports them
    // `unsupported`.
    if (op == gcn_isa_pkg::OP_NORTL) ok = enc_ok;
  end

  assign valid_o  = ok;
  assign op_o     = op;
  assign cls_o    = cls;
  assign vop3_o   = vop3;
  assign sdst_o   = sdst;
  assign vdst_o   = vdst;
  assign src0_o   = src[0];
  assign src1_o   = src[1];
  assign src2_o   = src[2];
  assign simm16_o = simm16;
  assign clamp_o  = clamp;
  assign mask_pair_o = vop3 || sdwa_sd;
  assign abs_o    = abs_m;
  assign neg_o    = neg_m;
  assign omod_o   = omod;
  assign opsel_o  = opsel;
  assign opsel_hi_o = opsel_hi;
  assign k_o      = w1;
  assign dpp_o            = dpp;
  // The DPP fields of dword 1 (the package's ext_* functions: the table's VOP1_DPP/VOP2_DPP).
  assign dpp_ctrl_o       = gcn_isa_pkg::ext_dpp_ctrl(gen_i, enc, w1);
  assign dpp_row_mask_o   = gcn_isa_pkg::ext_row_mask(gen_i, enc, w1);
  assign dpp_bank_mask_o  = gcn_isa_pkg::ext_bank_mask(gen_i, enc, w1);
  assign dpp_bound_ctrl_o = gcn_isa_pkg::ext_bound_ctrl(gen_i, enc, w1);

  // ------------------------------------------------------------------ operand values
  always_comb begin
    src_sreg_o  = '0;
    src_vgpr_o  = '0;
    src_ro_o    = '0;
    src_w64_o   = w64;
    src_const_o = '0;
    for (int s = 0; s < 3; s++) begin
      src_sreg_o[s] = kind[s] == K_SGPR || kind[s] == K_SPECIAL;
      src_vgpr_o[s] = kind[s] == K_VGPR;
      src_ro_o[s]   = kind[s] == K_RO;
      if (kind[s] == K_INT || kind[s] == K_FLOAT)
        src_const_o[64*s +: 64] = inline_value(src[s], mix_f32[s] ? gcn_isa_pkg::T_F32 + gcn_isa_pkg::TYP_ONE : src_t[s]);
      else if (kind[s] == K_LIT)
        src_const_o[64*s +: 64] = literal_value(w1, src_t[s]);
    end
  end

  // ------------------------------------------------------------------ read and write sets
  logic movrel_or_stack;
  logic keeps_vdst;
  // The table's allsgprs flag (movrel and the fork stack may touch any SGPR) and rdvdst flag
  // (the tied v_mac_* addend; the kept upper half of v_madmk/madak_f16 on gcn14 and of
  // v_cvt_pkaccum_u8_f32): timing.c reads the same flags.
  assign movrel_or_stack = gcn_isa_pkg::op_allsgprs(op);
  assign keeps_vdst      = gcn_isa_pkg::op_rdvdst(gen_i, op);
  // An SDWA result merged into the old VDST (dst_sel below DWORD, UNUSED_PRESERVE) reads it
  // too (timing.c sdwa_preserves, docs/microarch.md rule 8).
  logic sdwa_keeps;
  assign sdwa_keeps = sdwa_o.en && sdwa_o.dst_sel != 3'd6 && sdwa_o.dst_unused == 2'd2;

  // timing.c add_source(): the slots a source CODE of width W64 reads.
  function automatic logic [129:0] source_slots(gcn_isa_pkg::gen_e gen, logic [8:0] code,
                                                logic w64_src);
    logic [129:0] r;
    logic [2:0]   k;
    r = '0;
    k = kind_of(gen, code);
    if (k == K_SGPR || k == K_SPECIAL) begin
      r[{1'b0, code[6:0]}] = 1'b1;
      if (w64_src && code[6:0] != 7'd127) r[{1'b0, code[6:0] + 7'd1}] = 1'b1;
    end else if (k == K_RO) begin
      if (code == 9'd251) begin r[106] = 1'b1; r[107] = 1'b1; end
      if (code == 9'd252) begin r[126] = 1'b1; r[127] = 1'b1; end
      if (code == 9'd253) r[SLOT_SCC] = 1'b1;
    end
    source_slots = r;
  endfunction

  function automatic logic [129:0] implicit_slots(logic [7:0] impl);
    logic [129:0] r;
    r = '0;
    if (impl[gcn_isa_pkg::IMPL_SCC]) r[SLOT_SCC] = 1'b1;
    if (impl[gcn_isa_pkg::IMPL_EXEC]) begin r[126] = 1'b1; r[127] = 1'b1; end
    if (impl[gcn_isa_pkg::IMPL_VCC]) begin r[106] = 1'b1; r[107] = 1'b1; end
    if (impl[gcn_isa_pkg::IMPL_M0]) r[124] = 1'b1;
    if (impl[gcn_isa_pkg::IMPL_MODE]) r[SLOT_MODE] = 1'b1;
    implicit_slots = r;
  endfunction

  // The SGPRs below the generation's count, as a mask (a loop of 128 compares, each calling
  // num_sgprs, was evaluated every cycle by Verilator).
  logic [129:0] all_sgprs;
  logic [8:0]   n_sgprs;
  assign n_sgprs   = num_sgprs(gen_i);
  assign all_sgprs = {2'b00, ~({128{1'b1}} << n_sgprs)};

  always_comb begin
    rd_slots_o      = '0;
    wr_slots_o      = '0;
    rd_vgpr_valid_o = '0;
    rd_vgpr_o       = '0;
    // read_set()
    for (int s = 0; s < 3; s++) begin
      if (src_t[s] != gcn_isa_pkg::TYP_NONE && !(s == 0 && flags[gcn_isa_pkg::F_NOSRC])) begin
        if (s == 2 && !vop3) begin
          rd_slots_o[106] = 1'b1;                          // VOP2: implicit VCC
          rd_slots_o[107] = 1'b1;
        end else begin
          rd_slots_o = rd_slots_o | source_slots(gen_i, src[s], w64[s]);
          if (kind[s] == K_VGPR) begin                     // slots 0, 1 and 3 (SRC2)
            rd_vgpr_valid_o[s == 2 ? 3 : s]  = 1'b1;
            rd_vgpr_o[8*(s == 2 ? 3 : s) +: 8] = src[s][7:0];
          end
        end
      end
    end
    rd_slots_o = rd_slots_o | implicit_slots(impl_rd);
    if (is_vop && flags[gcn_isa_pkg::F_OMOD]) rd_slots_o[SLOT_MODE] = 1'b1;
    if (flags[gcn_isa_pkg::F_SGPRDST]) rd_slots_o = rd_slots_o | source_slots(gen_i, {2'b00, sdst}, d64);
    if (movrel_or_stack) rd_slots_o = rd_slots_o | all_sgprs;
    if (is_vop && (keeps_vdst || sdwa_keeps || gcn_isa_pkg::op_swap(op))) begin  // v_swap reads VDST
      rd_vgpr_valid_o[2] = 1'b1;
      rd_vgpr_o[16 +: 8] = vdst;
    end
    // write_set()
    if (!is_vop && !is_sopp && d_t != gcn_isa_pkg::TYP_NONE && !flags[gcn_isa_pkg::F_NODST]) begin
      wr_slots_o[{1'b0, sdst}] = 1'b1;
      if (d64 && sdst != 7'd127) wr_slots_o[{1'b0, sdst + 7'd1}] = 1'b1;
    end
    if (is_vop && flags[gcn_isa_pkg::F_READLANE]) wr_slots_o[{1'b0, vdst[6:0]}] = 1'b1;
    if (is_vop && vop3b) begin
      wr_slots_o[{1'b0, sdst}] = 1'b1;
      if (sdst != 7'd127) wr_slots_o[{1'b0, sdst + 7'd1}] = 1'b1;
    end
    if (is_vop && has_sd) begin                            // the compare's mask
      if (vop3 || sdwa_sd) begin
        wr_slots_o[{1'b0, vdst[6:0]}] = 1'b1;
        if (vdst[6:0] != 7'd127) wr_slots_o[{1'b0, vdst[6:0] + 7'd1}] = 1'b1;
      end else begin
        wr_slots_o[106] = 1'b1;
        wr_slots_o[107] = 1'b1;
      end
    end
    if (is_vop && !vop3 && gcn_isa_pkg::op_type_co(op) != gcn_isa_pkg::TYP_NONE) begin
      wr_slots_o[106] = 1'b1;
      wr_slots_o[107] = 1'b1;
    end
    wr_slots_o = wr_slots_o | implicit_slots(impl_wr & ~(8'd1 << gcn_isa_pkg::IMPL_PC));
    if (movrel_or_stack) wr_slots_o = wr_slots_o | all_sgprs;
  end

endmodule
