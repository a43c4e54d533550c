// One lane of the quad SADs (combinational): v_qsad_pk_u16_u8 (gcn11+), v_mqsad_pk_u16_u8 and
// v_mqsad_u32_u8 (gcn11+). Semantics: exactly refmodel/src/valu_int3.c qsad_pk and mqsad_u32:
// field i of D is field i of S2 plus the SAD (the masked SAD: bytes of S1 that are 0 do not
// count) of bytes i..i+3 of the 64-bit S0 against the four bytes of S1. The pk rows: 16-bit
// fields of a 64-bit S2 and D, a field wraps at 16 bits, or saturates at 0xffff under integer
// CLAMP (clamp_i). v_mqsad_u32_u8: 32-bit fields of a 128-bit S2 and D, each saturated at
// 0xffffffff with or without CLAMP; it takes two passes per quarter-wave (gcn_valu_pipe): the
// first (half_i 0) computes fields 0 and 1 from S2's dwords 0 and 1, the second (half_i 1)
// fields 2 and 3 from dwords 2 and 3, each pass's two dwords in src2_i and result_o. The
// operands and the VDST pair travel the VOP3 path of v_mad_u64_u32 (SRC0 and SRC2 pairs read,
// the VRF's second write port).
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no package import.
module gcn_valu_qsad (
  input  gcn_isa_pkg::op_e  op_i,        // a quad SAD (others: supported_o = 0)
  input  logic [63:0]       src0_i,      // the byte window's quadword
  input  logic [31:0]       src1_i,      // the reference bytes
  input  logic [63:0]       src2_i,      // the four 16-bit accumulators, or two 32-bit ones
  input  logic              clamp_i,
  input  logic              half_i,      // v_mqsad_u32_u8: fields 2 and 3 (the second pass)
  output logic [63:0]       result_o,
  output logic              supported_o
);

  logic masked, wide;
  always_comb begin
    supported_o = 1'b1;
    masked      = 1'b0;
    wide        = 1'b0;
    unique case (op_i)
      gcn_isa_pkg::OP_V_QSAD_PK_U16_U8:  masked = 1'b0;
      gcn_isa_pkg::OP_V_MQSAD_PK_U16_U8: masked = 1'b1;
      gcn_isa_pkg::OP_V_MQSAD_U32_U8:    begin masked = 1'b1; wide = 1'b1; end
      default:                           supported_o = 1'b0;
    endcase
  end

  function automatic logic [9:0] absdiff8(logic [7:0] x, logic [7:0] y);
    absdiff8 = (x > y) ? {2'b00, x - y} : {2'b00, y - x};
  endfunction

  // The (masked) SAD of each byte window.
  logic [39:0] sads;                     // [10i +: 10]: window i
  logic [63:0] pk_result;
  for (genvar i = 0; i < 4; i++) begin : g_field
    logic [31:0] win;
    logic [9:0]  sad;
    logic [16:0] sum;
    assign win = src0_i[8*i +: 32];
    always_comb begin
      sad = '0;
      for (int k = 0; k < 4; k++) begin
        if (!masked || src1_i[8*k +: 8] != 8'd0) sad = sad + absdiff8(win[8*k +: 8], src1_i[8*k +: 8]);
      end
    end
    assign sads[10*i +: 10] = sad;
    assign sum = {1'b0, src2_i[16*i +: 16]} + {7'd0, sad};
    assign pk_result[16*i +: 16] = (clamp_i && sum[16]) ? 16'hffff : sum[15:0];
  end

  // v_mqsad_u32_u8: the pass's two 32-bit fields, saturated.
  logic [63:0] u32_result;
  for (genvar f = 0; f < 2; f++) begin : g_u32
    logic [32:0] sum;
    assign sum = {1'b0, src2_i[32*f +: 32]} + {23'd0, half_i ? sads[10*(2+f) +: 10] : sads[10*f +: 10]};
    assign u32_result[32*f +: 32] = sum[32] ? 32'hffffffff : sum[31:0];
  end

  assign result_o = wide ? u32_result : pk_result;

  logic unused_src0;
  assign unused_src0 = ^src0_i[63:56];

endmodule
