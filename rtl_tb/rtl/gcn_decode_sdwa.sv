// gcnref: the SDWA extension dword of gcn_decode (combinational): a VOP1/VOP2/VOPC word whose
// SRC0 is 0xf9 (the table's VOP1_SDWA/VOP2_SDWA/VOPC_SDWA encodings, gcn12/gcn14) takes its
// sources, modifiers and selectors from dword 1. Fields: the generated package's ext_*
// functions (refmodel/isa/gcn_isa.tab @encodings), not typed here. Rules: exactly
// refmodel/src/sdwa.c (gcn_sdwa_decode, gcn_sdwa_validate; docs/sdwa_dpp.md); the rules
// every VOP word shares (legal source codes, the constant bus, VDST, a compare's SGPR pair)
// stay gcn_decode's, which reads the codes and the destination given here.
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no package import.
module gcn_decode_sdwa (
  input  gcn_isa_pkg::gen_e  gen_i,
  input  gcn_isa_pkg::enc_e  enc_i,        // the encoding of dword 0 (gcn_isa_pkg::enc_of)
  input  logic [7:0]         vsrc1_i,      // dword 0's VSRC1 / VOP1 opcode field (bits 16:9)
  input  logic [31:0]        w1_i,
  input  gcn_isa_pkg::op_e   op_i,         // the row dword 0 names
  output logic               sdwa_o,       // an SDWA encoding
  output gcn_isa_pkg::enc_e  base_enc_o,   // its plain VOP1/VOP2/VOPC encoding (else enc_i)
  output logic               valid_o,      // passes gcn_sdwa_decode and gcn_sdwa_validate
  output logic [8:0]         src0_o,       // source codes (a VGPR: 256 + v)
  output logic [8:0]         src1_o,
  output logic [1:0]         abs_o,        // float modifiers of SRC0 (bit 0) and SRC1 (bit 1)
  output logic [1:0]         neg_o,
  output logic               clamp_o,
  output logic [1:0]         omod_o,
  output logic               sd_o,         // gcn14 VOPC: the mask goes to the SGPR pair sdst_o
  output logic [6:0]         sdst_o,
  output gcn_core_pkg::sdwa_t sdwa_t_o     // what the lanes do (gcn_valu_sdwa)
);

  localparam logic [2:0] SEL_DWORD = 3'd6;
  localparam logic [7:0] CODE_LDS_DIRECT = 8'd254;
  localparam logic [7:0] CODE_LITERAL = 8'd255;

  gcn_isa_pkg::enc_e e;
  assign e = enc_i;
  assign sdwa_o = e == gcn_isa_pkg::ENC_VOP1_SDWA || e == gcn_isa_pkg::ENC_VOP2_SDWA ||
                  e == gcn_isa_pkg::ENC_VOPC_SDWA;
  always_comb begin
    base_enc_o = e;
    if (e == gcn_isa_pkg::ENC_VOP1_SDWA) base_enc_o = gcn_isa_pkg::ENC_VOP1;
    if (e == gcn_isa_pkg::ENC_VOP2_SDWA) base_enc_o = gcn_isa_pkg::ENC_VOP2;
    if (e == gcn_isa_pkg::ENC_VOPC_SDWA) base_enc_o = gcn_isa_pkg::ENC_VOPC;
  end

  // Fields (0 where the encoding has none).
  logic [7:0] f_src0;
  logic       f_s0, f_s1, f_sd;
  logic [2:0] sel0, sel1, dst_sel_f;
  logic [1:0] dst_unused, sext, abs_f, neg_f, omod;
  logic       clamp, vop1, vopc;
  logic [6:0] f_sdst;
  assign vop1       = e == gcn_isa_pkg::ENC_VOP1_SDWA;
  assign vopc       = e == gcn_isa_pkg::ENC_VOPC_SDWA;
  assign f_src0     = gcn_isa_pkg::ext_src0(gen_i, e, w1_i);
  assign f_s0       = gcn_isa_pkg::ext_s0(gen_i, e, w1_i);
  assign f_s1       = gcn_isa_pkg::ext_s1(gen_i, e, w1_i);
  assign f_sd       = gcn_isa_pkg::ext_sd(gen_i, e, w1_i);
  assign f_sdst     = gcn_isa_pkg::ext_sdst(gen_i, e, w1_i);
  assign sel0       = gcn_isa_pkg::ext_src0_sel(gen_i, e, w1_i);
  assign sel1       = gcn_isa_pkg::ext_src1_sel(gen_i, e, w1_i);
  assign dst_sel_f  = gcn_isa_pkg::ext_dst_sel(gen_i, e, w1_i);
  assign dst_unused = gcn_isa_pkg::ext_dst_unused(gen_i, e, w1_i);
  assign sext       = {gcn_isa_pkg::ext_src1_sext(gen_i, e, w1_i), gcn_isa_pkg::ext_src0_sext(gen_i, e, w1_i)};
  assign abs_f      = {gcn_isa_pkg::ext_src1_abs(gen_i, e, w1_i), gcn_isa_pkg::ext_src0_abs(gen_i, e, w1_i)};
  assign neg_f      = {gcn_isa_pkg::ext_src1_neg(gen_i, e, w1_i), gcn_isa_pkg::ext_src0_neg(gen_i, e, w1_i)};
  assign omod       = gcn_isa_pkg::ext_omod(gen_i, e, w1_i);
  assign clamp      = gcn_isa_pkg::ext_clamp(gen_i, e, w1_i);

  // Operand types (T_* + 1; 0: no such operand) of the row.
  gcn_isa_pkg::typ_t t [2];
  gcn_isa_pkg::typ_t d_t;
  assign t[0] = gcn_isa_pkg::op_type_s0(op_i);
  assign t[1] = gcn_isa_pkg::op_type_s1(op_i);
  assign d_t  = gcn_isa_pkg::op_type_d(op_i);
  function automatic logic is_float(gcn_isa_pkg::typ_t t1);
    is_float = t1 == gcn_isa_pkg::T_F32 + gcn_isa_pkg::TYP_ONE || t1 == gcn_isa_pkg::T_F16 + gcn_isa_pkg::TYP_ONE ||
               t1 == gcn_isa_pkg::T_F64 + gcn_isa_pkg::TYP_ONE;
  endfunction

  // Sources: a VGPR, or on gcn14 with the S bit the scalar code itself; v_nop (no operand)
  // with a zero field has none.
  logic [7:0] field [2];
  logic [1:0] scalar;
  assign field[0]  = f_src0;
  assign field[1]  = vsrc1_i;
  assign scalar    = {f_s1, f_s0};
  // (v_nop is told from dword 0's VOP1 opcode, not from op_i: gcn_decode computes op_i in the
  // process that reads these codes.)
  gcn_isa_pkg::op_e op1;
  logic             no_opnd;
  assign op1       = gcn_isa_pkg::decode_op(gen_i, gcn_isa_pkg::CLS_VOP1, vsrc1_i);
  assign no_opnd   = vop1 && gcn_isa_pkg::op_type_s0(op1) == gcn_isa_pkg::TYP_NONE;
  assign src0_o    = (no_opnd && f_src0 == 8'd0) ? 9'd0 : {~f_s0, f_src0};
  assign src1_o    = {~f_s1, field[1]};
  assign abs_o     = abs_f;
  assign neg_o     = neg_f;
  assign clamp_o   = clamp;
  assign omod_o    = omod;
  assign sd_o      = f_sd;
  assign sdst_o    = f_sdst;

  logic ok;
  always_comb begin
    ok = gcn_isa_pkg::op_sdwa(gen_i, op_i);
    if (!f_sd && f_sdst != 7'd0) ok = 1'b0;                   // SDST without SD
    if (t[0] == gcn_isa_pkg::TYP_NONE && t[1] == gcn_isa_pkg::TYP_NONE &&     // v_nop: all fields 0
        (sel0 != 3'd0 || sel1 != 3'd0 || dst_sel_f != 3'd0 || dst_unused != 2'd0 || clamp || omod != 2'd0))
      ok = 1'b0;
    if (gcn_isa_pkg::op_tied(op_i) && dst_sel_f != SEL_DWORD) ok = 1'b0;
    for (int s = 0; s < 2; s++) begin
      if (t[s] == gcn_isa_pkg::TYP_NONE) begin
        if (abs_f[s] || neg_f[s] || sext[s]) ok = 1'b0;
        if (s == 1 && sel1 != 3'd0) ok = 1'b0;
      end else begin
        if (scalar[s] && field[s] == CODE_LDS_DIRECT) ok = 1'b0;
        if (scalar[s] && field[s] == CODE_LITERAL) ok = 1'b0;  // gcn12 has no S bit: VGPRs only
        if ((s == 0 ? sel0 : sel1) > SEL_DWORD) ok = 1'b0;
        if (sext[s] && is_float(t[s])) ok = 1'b0;
        if ((abs_f[s] || neg_f[s]) && !is_float(t[s])) ok = 1'b0;
      end
    end
    if (!vopc && dst_sel_f > SEL_DWORD) ok = 1'b0;
    if (dst_unused > 2'd2) ok = 1'b0;
    if (omod != 2'd0 && (gen_i != gcn_isa_pkg::GEN_GCN14 || !gcn_isa_pkg::op_omod(gen_i, op_i) || !is_float(d_t)))
      ok = 1'b0;
    // The CLAMP of v_mul_i32_i24 / v_mul_u32_u24 (the table's clamp flag on an integer
    // result: the model saturates the product) is refused, as in their VOP3 form.
    if (clamp && gcn_isa_pkg::op_clamp(gen_i, op_i) && !is_float(d_t)) ok = 1'b0;
    if (!sdwa_o) ok = 1'b0;
  end
  assign valid_o = ok;

  always_comb begin
    sdwa_t_o            = '0;
    sdwa_t_o.en         = sdwa_o;
    sdwa_t_o.sel0       = sel0;
    sdwa_t_o.sel1       = vop1 ? SEL_DWORD : sel1;                   // (VOP1: no SRC1)
    sdwa_t_o.sext       = sext;
    sdwa_t_o.dst_sel    = vopc ? SEL_DWORD : dst_sel_f;              // a compare writes its mask
    sdwa_t_o.dst_unused = dst_unused;
    if (!sdwa_o) sdwa_t_o = '0;
  end

endmodule
