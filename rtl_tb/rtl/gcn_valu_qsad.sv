// One lane of the 64-bit quad SADs (combinational): v_qsad_pk_u16_u8 (gcn11+) and
// v_mqsad_pk_u16_u8. Semantics: exactly refmodel/src/valu_int3.c qsad_pk: field i (16 bits) of
// D is field i of the 64-bit S2 plus the SAD (the masked SAD: bytes of S1 that are 0 do not
// count) of bytes i..i+3 of the 64-bit S0 against the four bytes of S1; a field wraps at 16
// bits, or saturates at 0xffff under integer CLAMP (clamp_i). The operands and the VDST pair
// travel the VOP3 path of v_mad_u64_u32 (SRC0 and SRC2 pairs read, the VRF's second write
// port). v_mqsad_u32_u8 (a 128-bit S2, four VDST VGPRs) is not here: the table keeps it nortl.
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no package import.
module gcn_valu_qsad (
  input  gcn_isa_pkg::op_e  op_i,        // a quad SAD (others: supported_o = 0)
  input  logic [63:0]       src0_i,      // the byte window's quadword
  input  logic [31:0]       src1_i,      // the reference bytes
  input  logic [63:0]       src2_i,      // the four 16-bit accumulators
  input  logic              clamp_i,
  output logic [63:0]       result_o,
  output logic              supported_o
);

  logic masked;
  always_comb begin
    supported_o = 1'b1;
    masked      = 1'b0;
    unique case (op_i)
      gcn_isa_pkg::OP_V_QSAD_PK_U16_U8:  masked = 1'b0;
      gcn_isa_pkg::OP_V_MQSAD_PK_U16_U8: masked = 1'b1;
      default:                           supported_o = 1'b0;
    endcase
  end

  function automatic logic [9:0] absdiff8(logic [7:0] x, logic [7:0] y);
    absdiff8 = (x > y) ? {2'b00, x - y} : {2'b00, y - x};
  endfunction

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
    assign sum = {1'b0, src2_i[16*i +: 16]} + {7'd0, sad};
    assign result_o[16*i +: 16] = (clamp_i && sum[16]) ? 16'hffff : sum[15:0];
  end

  logic unused_src0;
  assign unused_src0 = ^src0_i[63:56];

endmodule
