// gcnref: the scalar ALU's SOPC and SOPK ops (combinational): the compares and bit tests
// that set SCC, and s_movk/cmovk/cmpk/addk/mulk. Semantics: exactly the SOPC and SOPK cases
// of refmodel/src/salu.c. The core's SOPK ops (s_getreg/s_setreg, s_call_b64) are
// gcn_sctrl's; for them, for OP_INVALID and for every other op the module drives no write.
//
// IMM_I is SIMM16 already extended by the row's immediate type (i16 sign-extends, u16
// zero-extends). Outputs are meaningful only with their write enable.
module gcn_sopk (
  input  gcn_isa_pkg::op_e op_i,
  input  logic             sopc_i,      // a SOPC op: compare S0 with S1, else with IMM_I
  input  logic [63:0]      src0_i,      // S0 (SOPK: the register SDST names)
  input  logic [63:0]      src1_i,      // S1 (SOPC)
  input  logic [31:0]      dst_i,       // current D (s_addk, s_mulk)
  input  logic [31:0]      imm_i,       // SIMM16, extended
  input  logic             scc_i,
  output logic [31:0]      result_o,
  output logic             result_we_o,
  output logic             scc_o,
  output logic             scc_we_o
);

  logic [31:0] a, b, sum;
  logic        eq, lt_s, lt_u, bit32, bit64;
  // One comparator serves SOPC (S0 vs S1) and SOPK (S0 vs the immediate).
  assign a     = src0_i[31:0];
  assign b     = sopc_i ? src1_i[31:0] : imm_i;
  assign eq    = a == b;
  assign lt_u  = a < b;
  assign lt_s  = $signed(a) < $signed(b);
  assign bit32 = src0_i[{1'b0, src1_i[4:0]}];
  assign bit64 = src0_i[src1_i[5:0]];
  assign sum   = dst_i + imm_i;

  always_comb begin
    result_o    = '0;
    result_we_o = 1'b0;
    scc_o       = 1'b0;
    scc_we_o    = 1'b1;
    unique case (op_i)
      // SOPC
      gcn_isa_pkg::OP_S_CMP_EQ_I32, gcn_isa_pkg::OP_S_CMP_EQ_U32,
      gcn_isa_pkg::OP_S_CMPK_EQ_I32, gcn_isa_pkg::OP_S_CMPK_EQ_U32: scc_o = eq;
      gcn_isa_pkg::OP_S_CMP_LG_I32, gcn_isa_pkg::OP_S_CMP_LG_U32,
      gcn_isa_pkg::OP_S_CMPK_LG_I32, gcn_isa_pkg::OP_S_CMPK_LG_U32: scc_o = !eq;
      gcn_isa_pkg::OP_S_CMP_GT_I32, gcn_isa_pkg::OP_S_CMPK_GT_I32: scc_o = !lt_s && !eq;
      gcn_isa_pkg::OP_S_CMP_GE_I32, gcn_isa_pkg::OP_S_CMPK_GE_I32: scc_o = !lt_s;
      gcn_isa_pkg::OP_S_CMP_LT_I32, gcn_isa_pkg::OP_S_CMPK_LT_I32: scc_o = lt_s;
      gcn_isa_pkg::OP_S_CMP_LE_I32, gcn_isa_pkg::OP_S_CMPK_LE_I32: scc_o = lt_s || eq;
      gcn_isa_pkg::OP_S_CMP_GT_U32, gcn_isa_pkg::OP_S_CMPK_GT_U32: scc_o = !lt_u && !eq;
      gcn_isa_pkg::OP_S_CMP_GE_U32, gcn_isa_pkg::OP_S_CMPK_GE_U32: scc_o = !lt_u;
      gcn_isa_pkg::OP_S_CMP_LT_U32, gcn_isa_pkg::OP_S_CMPK_LT_U32: scc_o = lt_u;
      gcn_isa_pkg::OP_S_CMP_LE_U32, gcn_isa_pkg::OP_S_CMPK_LE_U32: scc_o = lt_u || eq;
      gcn_isa_pkg::OP_S_CMP_EQ_U64: scc_o = src0_i == src1_i;
      gcn_isa_pkg::OP_S_CMP_LG_U64: scc_o = src0_i != src1_i;
      gcn_isa_pkg::OP_S_BITCMP0_B32: scc_o = !bit32;
      gcn_isa_pkg::OP_S_BITCMP1_B32: scc_o = bit32;
      gcn_isa_pkg::OP_S_BITCMP0_B64: scc_o = !bit64;
      gcn_isa_pkg::OP_S_BITCMP1_B64: scc_o = bit64;
      // SOPK
      gcn_isa_pkg::OP_S_MOVK_I32: begin
        scc_we_o    = 1'b0;
        result_o    = imm_i;
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_CMOVK_I32: begin
        scc_we_o    = 1'b0;
        result_o    = imm_i;
        result_we_o = scc_i;
      end
      gcn_isa_pkg::OP_S_ADDK_I32: begin  // SCC = signed overflow (as s_add_i32)
        result_o    = sum;
        result_we_o = 1'b1;
        scc_o       = dst_i[31] == imm_i[31] && dst_i[31] != sum[31];
      end
      gcn_isa_pkg::OP_S_MULK_I32: begin
        scc_we_o    = 1'b0;
        result_o    = dst_i * imm_i;
        result_we_o = 1'b1;
      end
      default: scc_we_o = 1'b0;
    endcase
  end

endmodule
