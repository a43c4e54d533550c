// gcnref: rule 2 for the second pass group of an eight-pass VALU instruction (v_mqsad_u32_u8:
// a 128-bit VDST, docs/microarch.md rules 2, 3 and 12), beside gcn_issue (one small history).
//
// An eight-pass instruction issued in cycle i writes its VDST pair vdst, vdst+1 in passes
// 0..3 (gcn_issue's history of VDSTs holds it: readable from i + VALU_DEPTH) and the pair
// vdst+2, vdst+3 in passes 4..7, readable from i + 4 + VALU_DEPTH (timing.c commit_valu):
// this module remembers that pair and holds a VALU instruction that reads either VGPR until
// then, a DPP SRC0 three cycles more (rule 12), and v_movrels/v_movrelsd (they read every
// VGPR) until every such pair is readable.
module gcn_valu_quad #(
  parameter int unsigned VALU_DEPTH = 6,
  parameter int unsigned HIST       = VALU_DEPTH + 6
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic                      clear_i,       // a run starts: forget the history

  input  gcn_isa_pkg::op_e          op_i,          // the instruction in decode
  // gcn_issue's VGPR reads, as it compares them: [8k +: 8] SRC0, SRC1, VDST (an eight-pass
  // instruction's SRC2 + 2), SRC2, each a pair when its rd_w64_i bit is set.
  input  logic [31:0]               rd_v_i,
  input  logic [3:0]                rd_valid_i,
  input  logic [3:0]                rd_w64_i,
  input  logic                      dpp_i,         // rule 12: SRC0 until the writer's last pass
  output logic                      stall_o,

  input  logic                      issue_i,       // the VALU instruction issues now,
  input  logic                      we_i,          //   an eight-pass one that writes VGPRs,
  input  logic [7:0]                vdst_hi_i      //   the high pair's first VGPR (vdst + 2)
);

  // {valid, vgpr} of recent issues (entry k issued k + 1 cycles ago).
  logic [HIST*9-1:0] h_q, h_d;
  always_comb begin
    h_d[8:0] = {issue_i && we_i, vdst_hi_i};
    for (int k = 1; k < HIST; k++) h_d[9*k +: 9] = h_q[9*(k-1) +: 9];
  end

  logic rd_all;
  assign rd_all = op_i == gcn_isa_pkg::OP_V_MOVRELS_B32 || op_i == gcn_isa_pkg::OP_V_MOVRELSD_B32;

  always_comb begin
    stall_o = 1'b0;
    for (int k = 0; k < HIST; k++) begin
      if (h_q[9*k + 8] && dpp_i && rd_valid_i[0] &&
          (rd_v_i[7:0] == h_q[9*k +: 8] || rd_v_i[7:0] == h_q[9*k +: 8] + 8'd1))
        stall_o = 1'b1;
      if (k + 1 < VALU_DEPTH + 4 && h_q[9*k + 8]) begin
        if (rd_all) stall_o = 1'b1;
        for (int r = 0; r < 4; r++) begin
          if (rd_valid_i[r] && (rd_v_i[8*r +: 8] == h_q[9*k +: 8] || rd_v_i[8*r +: 8] == h_q[9*k +: 8] + 8'd1 ||
                                (rd_w64_i[r] && rd_v_i[8*r +: 8] + 8'd1 == h_q[9*k +: 8])))
            stall_o = 1'b1;
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      h_q <= '0;
    end else if (clear_i) begin
      h_q <= '0;
    end else begin
      h_q <= h_d;
    end
  end

endmodule
