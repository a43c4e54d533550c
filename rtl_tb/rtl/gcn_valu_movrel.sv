// gcnref: the VGPR addressing of the issue stage for v_movrels/movreld/movrelsd_b32 (gcn10-12)
// and v_swap_b32 (gcn14), beside gcn_issue (combinational, plus two small histories).
//
// v_movrel*: the operand the row indexes (SRC0 of movrels/movrelsd, VDST of movreld/movrelsd)
// names VGPR field + M0 (M0 unsigned, all 32 bits, taken from the view at issue; VGPR
// indexing's MODE.gpr_idx_en is not applied on top, the other operand keeps it), exactly
// refmodel/src/valu_lane.c (movrel_index). An index past v255 is a run-time error: the core
// reports `illegal` where the instruction would issue (a VSKIP'd instruction executes nothing
// and cannot fail). movrels/movrelsd read VGPR[SRC0 + M0], known only at issue: the model's
// timing core treats them as reading every VGPR (timing.c read_set), so they wait until the
// last VGPR-writing VALU instruction's passes have committed (rule 2 against all VGPRs).
// M0 itself is an implicit read (rule 1, the decoder's read set).
//
// v_swap_b32: VDST = SRC0 and SRC0 = old VDST; its second VGPR write (SRC0's VGPR) is
// remembered here for rule 2 like gcn_issue's history of VDSTs (docs/microarch.md rules 2, 8).
module gcn_valu_movrel #(
  parameter int unsigned VALU_DEPTH = 6,
  parameter int unsigned HIST       = VALU_DEPTH + 2
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic                      clear_i,       // a run starts: forget the histories

  input  gcn_isa_pkg::op_e          op_i,          // the instruction in decode
  input  logic [31:0]               m0_i,          // M0 after this cycle's commits
  input  logic [7:0]                src0_i,        // the SRC0 field's VGPR (a VGPR source)
  input  logic [7:0]                vdst_i,        // the VDST field
  input  logic [7:0]                vs0_i,         // SRC0 and VDST after VGPR indexing
  input  logic [7:0]                vdx_i,
  input  logic                      vskip_i,       // MODE.VSKIP: the instruction writes nothing

  output logic [7:0]                s0_v_o,        // the VGPR SRC0 reads
  output logic [7:0]                vdst_o,        // the VGPR VDST writes
  output logic                      bad_o,         // a movrel index past v255 (run-time error)
  output logic                      swap_o,        // v_swap_b32: SRC0's VGPR is written too

  // Rule 2 for this module's reads and writes (gcn_issue's VGPR reads, as it compares them).
  input  logic [31:0]               rd_v_i,        // [8k +: 8]: SRC0, SRC1, VDST, SRC2 (indexed)
  input  logic [3:0]                rd_valid_i,
  input  logic [3:0]                rd_w64_i,
  input  logic                      dpp_i,         // rule 12: SRC0 until the writer's last pass
  output logic                      stall_o,

  input  logic                      issue_i,       // the VALU instruction issues now
  input  logic                      vec_we_i       //   and writes a VGPR
);

  logic rels, reld, relsd, rd_idx, wr_idx;
  assign rels   = op_i == gcn_isa_pkg::OP_V_MOVRELS_B32;
  assign reld   = op_i == gcn_isa_pkg::OP_V_MOVRELD_B32;
  assign relsd  = op_i == gcn_isa_pkg::OP_V_MOVRELSD_B32;
  assign rd_idx = rels || relsd;
  assign wr_idx = reld || relsd;
  assign swap_o = gcn_isa_pkg::op_swap(op_i);

  // field + M0 (33 bits: no wrap), in range below 256.
  logic [32:0] s0_sum, d_sum;
  logic        s0_bad, d_bad;
  assign s0_sum = {25'd0, src0_i} + {1'b0, m0_i};
  assign d_sum  = {25'd0, vdst_i} + {1'b0, m0_i};
  assign s0_bad = s0_sum[32:8] != '0;
  assign d_bad  = d_sum[32:8] != '0;
  assign s0_v_o = rd_idx ? s0_sum[7:0] : vs0_i;
  assign vdst_o = wr_idx ? d_sum[7:0] : vdx_i;
  assign bad_o  = !vskip_i && ((rd_idx && s0_bad) || (wr_idx && d_bad));

  // Cycles until every pass of the last VGPR-writing VALU instruction has committed (for
  // movrels/movrelsd: t >= that issue + VALU_DEPTH).
  logic [7:0] vw_rem_q, vw_rem_d;
  always_comb begin
    vw_rem_d = (vw_rem_q == '0) ? '0 : vw_rem_q - 8'd1;
    if (issue_i && vec_we_i) vw_rem_d = 8'(VALU_DEPTH - 1);
  end

  // v_swap_b32's second write: {valid, vgpr} of recent VALU issues (entry k issued k + 1
  // cycles ago), compared as gcn_issue compares its VDST history (rule 2; rule 12 for DPP).
  logic [HIST*9-1:0] h2_q, h2_d;
  always_comb begin
    h2_d[8:0] = {issue_i && vec_we_i && swap_o, s0_v_o};
    for (int k = 1; k < HIST; k++) h2_d[9*k +: 9] = h2_q[9*(k-1) +: 9];
  end

  logic swap_stall;
  always_comb begin
    swap_stall = 1'b0;
    for (int k = 0; k < HIST; k++) begin
      if (h2_q[9*k + 8] && dpp_i && rd_valid_i[0] && rd_v_i[7:0] == h2_q[9*k +: 8]) swap_stall = 1'b1;
      if (k + 1 < VALU_DEPTH && h2_q[9*k + 8]) begin
        for (int r = 0; r < 4; r++) begin
          if (rd_valid_i[r] && (rd_v_i[8*r +: 8] == h2_q[9*k +: 8] ||
                                (rd_w64_i[r] && rd_v_i[8*r +: 8] + 8'd1 == h2_q[9*k +: 8])))
            swap_stall = 1'b1;
        end
      end
    end
  end
  assign stall_o = swap_stall || (rd_idx && vw_rem_q != '0);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vw_rem_q <= '0;
      h2_q     <= '0;
    end else if (clear_i) begin
      vw_rem_q <= '0;
      h2_q     <= '0;
    end else begin
      vw_rem_q <= vw_rem_d;
      h2_q     <= h2_d;
    end
  end

endmodule
