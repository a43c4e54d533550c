// gcnref: the ALU core of one GCN wavefront (wave64), the top of rtl_tb/rtl/: wires its
// stages together.
//
// Implements docs/microarch.md exactly as refmodel/src/timing.c does:
//   gcn_issue      in-order fetch, decode and issue of at most one instruction per cycle
//                  under the scoreboard rules (read_set/write_set/ready_cycle of timing.c)
//   gcn_sctrl      the SALU (gcn_salu) and the scalar control ops the core does itself
//   gcn_valu_pipe  the four-pass VALU (16 integer and 16 float lanes; pass p enters in
//                  issue + p)
//   gcn_commit     the SALU delay line (SALU_LATENCY) and the VALU pipeline (VALU_DEPTH),
//                  the scalar state they write, the commit interface of the contract
//   gcn_vrf        the VGPR file
// Each instruction reads its operands when it issues (the register files bypass the values
// committing in that cycle) and computes its results at once; the results travel down the
// SALU delay line or the VALU pipeline to their commit cycle. Ports, timing and how to
// drive the core: docs/rtl.md ("gcn_core").
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no package import.
module gcn_core #(
  parameter int unsigned SALU_LATENCY   = 1,    // 1..64, as the model's salu_latency
  parameter int unsigned VALU_DEPTH     = 6,    // 1..64, as the model's valu_depth
  parameter int unsigned BRANCH_PENALTY = 2,    // 1..64, as the model's branch_penalty
  parameter int unsigned NUM_VGPRS      = 256   // a power of two; 256 for the ISA
) (
  input  logic              clk_i,
  input  logic              rst_ni,

  // Run control. start_i begins a run when the core is idle (after reset, or done_o);
  // the first cycle of the run (the model's cycle 0) is the cycle after start_i.
  input  gcn_isa_pkg::gen_e gen_i,              // sampled with start_i
  input  logic [63:0]       prog_base_i,        // program bounds, held during the run
  input  logic [31:0]       prog_size_i,        // bytes
  input  logic              start_i,
  output logic              done_o,             // idle: the run has ended and drained

  // Initial state, written while idle; SCC and MODE are sampled with start_i. The hardware
  // registers other than MODE by hwreg id (the ids of gcn_isa_pkg::HWREG_KEPT are kept,
  // the others ignored).
  input  logic              init_sreg_we_i,
  input  logic [3:0]        init_sreg_oct_i,    // codes 8q..8q+7: code 8q+k in [32k +: 32]
  input  logic [255:0]      init_sreg_data_i,
  input  logic              init_vgprs_we_i,    // VGPRs base..base + INIT_VGPRS - 1, all lanes:
  input  logic [7:0]        init_vgprs_base_i,  //   base a multiple of gcn_core_pkg::INIT_VGPRS,
  input  logic [gcn_core_pkg::INIT_VGPRS*2048-1:0] init_vgprs_data_i, // lane l of VGPR base + j in [2048j + 32l +: 32]
  input  logic              init_scc_i,
  input  logic [31:0]       init_mode_i,
  input  logic              init_hwreg_we_i,
  input  logic [3:0]        init_hwreg_quad_i,  // ids 4q..4q+3: id 4q+k in [32k +: 32]
  input  logic [127:0]      init_hwreg_data_i,
  input  logic [159:0]      aperture_i,         // gcn14 sources 235+k in [32k +: 32], held during the run

  // Instruction fetch: the 8 bytes at imem_addr_o, in the same cycle.
  output logic [63:0]       imem_addr_o,
  input  logic [63:0]       imem_rdata_i,       // dword at addr in [31:0], addr+4 in [63:32]

  // Commit group of the SALU: the instruction committing this cycle (at most one).
  output logic              cs_valid_o,         // an SALU instruction retires this cycle
  output logic [7:0]        cs_age_o,           // issue order tag (modulo 256)
  output logic [63:0]       cs_pc_o,
  output logic [5:0]        cs_wr_valid_o,      // scalar writes, reported in index order
  output logic [41:0]       cs_wr_code_o,       // [7k +: 7]
  output logic [191:0]      cs_wr_data_o,       // [32k +: 32]
  output logic              cs_scc_valid_o,
  output logic              cs_scc_o,
  output logic              cs_mode_valid_o,
  output logic [31:0]       cs_mode_o,
  output logic              cs_hwreg_valid_o,   // a hardware register write (TRAPSTS)
  output logic [5:0]        cs_hwreg_id_o,      //   its hwreg id
  output logic [31:0]       cs_hwreg_o,         //   the register's new value

  // Commit group of the VALU: the pass committing this cycle (at most one).
  output logic              cv_valid_o,         // the group has events this cycle
  output logic [7:0]        cv_age_o,
  output logic [3:0]        cv_wr_valid_o,      // scalar results (last pass), low dword first
  output logic [27:0]       cv_wr_code_o,       // [7k +: 7]
  output logic [127:0]      cv_wr_data_o,       // [32k +: 32]
  output logic              cv_vec_valid_o,
  output logic [7:0]        cv_vgpr_o,
  output logic [1:0]        cv_pass_o,
  output logic [15:0]       cv_mask_o,
  output logic [511:0]      cv_lanes_o,         // the VGPR's 16 lanes after the write
  output logic              cv_vec_hi_valid_o,  // a 64-bit VDST: the same pass of VGPR cv_vgpr_o + 1,
  output logic [511:0]      cv_lanes_hi_o,      //   its lanes after the write (mask cv_mask_o);
  output logic [7:0]        cv_vgpr_hi_o,       //   its VGPR (v_swap_b32: SRC0's, else cv_vgpr_o + 1)
  output logic              cv_retire_o,
  output logic [63:0]       cv_pc_o,

  // Run-ending events (after every commit of the cycle).
  output logic              ev_illegal_o,
  output logic              ev_unsupported_o,
  output logic              ev_end_o,
  output logic [63:0]       ev_pc_o
);

  // ------------------------------------------------------------------ the scalar view
  logic [7*gcn_core_pkg::SRD_ISSUE-1:0]  iss_rd_code;
  logic [32*gcn_core_pkg::SRD_ISSUE-1:0] iss_rd_data;
  logic [7*gcn_core_pkg::SRD_SCTRL-1:0]  sc_rd_code;
  logic [32*gcn_core_pkg::SRD_SCTRL-1:0] sc_rd_data;
  logic          scc_nx;
  logic [31:0]   mode_nx, m0_nx;
  logic [63:0]   exec_nx, vcc_nx;

  // ------------------------------------------------------------------ issue
  gcn_isa_pkg::gen_e        gen;
  gcn_isa_pkg::op_e         op;
  logic [63:0]              pc, src0, src1, dst, branch_pc;
  logic [7:0]               age;
  logic [6:0]               sdst, src0_code;
  logic                     salu_op, d64, sopc, branch, movrel_bad;
  logic [15:0]              simm16;
  logic [31:0]              k_lit, hwreg_rd;
  logic [5:0]               hwreg_rd_id;
  logic                     idle, in_flight, salu_issue, valu_issue, end_now;
  logic [63:0]              end_pc;
  logic [gcn_core_pkg::SLOTS-1:0] salu_sets;
  gcn_core_pkg::valu_inst_t valu_inst;
  gcn_core_pkg::salu_cmt_t  salu_rec;
  gcn_core_pkg::valu_cmt_t  valu_rec;

  gcn_issue #(
    .SALU_LATENCY   (SALU_LATENCY),
    .VALU_DEPTH     (VALU_DEPTH),
    .BRANCH_PENALTY (BRANCH_PENALTY)
  ) u_issue (
    .clk_i,
    .rst_ni,
    .gen_i,
    .prog_base_i,
    .prog_size_i,
    .start_i,
    .in_flight_i   (in_flight),
    .idle_o        (idle),
    .done_o,
    .aperture_i,
    .imem_addr_o,
    .imem_rdata_i,
    .sreg_rd_code_o(iss_rd_code),
    .sreg_rd_data_i(iss_rd_data),
    .scc_nx_i      (scc_nx),
    .mode_nx_i     (mode_nx),
    .exec_nx_i     (exec_nx),
    .vcc_nx_i      (vcc_nx),
    .m0_nx_i       (m0_nx),
    .gen_o         (gen),
    .pc_o          (pc),
    .age_o         (age),
    .op_o          (op),
    .salu_op_o     (salu_op),
    .sdst_o        (sdst),
    .src0_code_o   (src0_code),
    .src0_o        (src0),
    .src1_o        (src1),
    .dst_o         (dst),
    .d64_o         (d64),
    .sopc_o        (sopc),
    .simm16_o      (simm16),
    .k_o           (k_lit),
    .salu_sets_i   (salu_sets),
    .branch_i      (branch),
    .branch_pc_i   (branch_pc),
    .movrel_bad_i  (movrel_bad),
    .salu_issue_o  (salu_issue),
    .valu_issue_o  (valu_issue),
    .valu_inst_o   (valu_inst),
    .end_o         (end_now),
    .end_pc_o      (end_pc),
    .illegal_o     (ev_illegal_o),
    .unsupported_o (ev_unsupported_o)
  );

  gcn_sctrl u_sctrl (
    .gen_i         (gen),
    .pc_i          (pc),
    .age_i         (age),
    .op_i          (op),
    .salu_op_i     (salu_op),
    .sdst_i        (sdst),
    .src0_code_i   (src0_code),
    .src0_i        (src0),
    .src1_i        (src1),
    .dst_i         (dst),
    .d64_i         (d64),
    .sopc_i        (sopc),
    .simm16_i      (simm16),
    .k_i           (k_lit),
    .sreg_rd_code_o(sc_rd_code),
    .sreg_rd_data_i(sc_rd_data),
    .scc_nx_i      (scc_nx),
    .mode_nx_i     (mode_nx),
    .exec_nx_i     (exec_nx),
    .vcc_nx_i      (vcc_nx),
    .m0_nx_i       (m0_nx),
    .hwreg_id_o    (hwreg_rd_id),
    .hwreg_rd_i    (hwreg_rd),
    .salu_rec_o    (salu_rec),
    .salu_sets_o   (salu_sets),
    .branch_o      (branch),
    .branch_pc_o   (branch_pc),
    .movrel_bad_o  (movrel_bad)
  );

  // ------------------------------------------------------------------ VALU and VGPRs
  logic [7:0]   rd_s0_vgpr, rd_s1_vgpr, rd_s0h_vgpr, rd_s1h_vgpr, rd_vd_vgpr, cmt_vgpr, vrf_w_vgpr;
  logic [7:0]   rd_s2_vgpr, rd_s2h_vgpr;
  logic [511:0] vrf_s2, vrf_s2h, vrf_old_hi, vrf_w2_data, cmt_hi_lanes;
  logic         vrf_we2, cmt_hi;
  logic [7:0]   vrf_w2_vgpr, cmt_vgpr2;
  logic [1:0]   rd_pass, cmt_pass, vrf_w_pass;
  logic [511:0] vrf_s0, vrf_s1, vrf_s0h, vrf_s1h, vrf_vd, vrf_old, cmt_lanes, vrf_w_data;
  logic [2047:0] vrf_s0_all;
  logic         cmt_vec, vrf_we, valu_busy;

  gcn_valu_pipe u_valu (
    .clk_i,
    .rst_ni,
    .gen_i         (gen),
    .issue_i       (valu_issue),
    .op_i          (op),
    .inst_i        (valu_inst),
    .s0_vgpr_o     (rd_s0_vgpr),
    .s1_vgpr_o     (rd_s1_vgpr),
    .s0h_vgpr_o    (rd_s0h_vgpr),
    .s1h_vgpr_o    (rd_s1h_vgpr),
    .s2_vgpr_o     (rd_s2_vgpr),
    .s2h_vgpr_o    (rd_s2h_vgpr),
    .vd_vgpr_o     (rd_vd_vgpr),
    .pass_o        (rd_pass),
    .s0_lanes_i    (vrf_s0),
    .s1_lanes_i    (vrf_s1),
    .s0h_lanes_i   (vrf_s0h),
    .s1h_lanes_i   (vrf_s1h),
    .s2_lanes_i    (vrf_s2),
    .s2h_lanes_i   (vrf_s2h),
    .vd_lanes_i    (vrf_vd),
    .s0_all_i      (vrf_s0_all),
    .cmt_vec_i     (cmt_vec),
    .cmt_vgpr_i    (cmt_vgpr),
    .cmt_pass_i    (cmt_pass),
    .cmt_lanes_i   (cmt_lanes),
    .cmt_hi_i      (cmt_hi),
    .cmt_vgpr2_i   (cmt_vgpr2),
    .cmt_hi_lanes_i(cmt_hi_lanes),
    .rec_o         (valu_rec),
    .busy_o        (valu_busy)
  );

  gcn_vrf #(.NUM_VGPRS(NUM_VGPRS)) u_vrf (
    .clk_i,
    .init_we_i   (idle && init_vgprs_we_i),
    .init_base_i (init_vgprs_base_i),
    .init_data_i (init_vgprs_data_i),
    .we_i      (vrf_we),
    .w_vgpr_i  (vrf_w_vgpr),
    .w_pass_i  (vrf_w_pass),
    .w_data_i  (vrf_w_data),
    .we2_i     (vrf_we2),
    .w2_vgpr_i (vrf_w2_vgpr),
    .w2_data_i (vrf_w2_data),
    .r0_vgpr_i (rd_s0_vgpr),
    .r0_pass_i (rd_pass),
    .r0_data_o (vrf_s0),
    .r1_vgpr_i (rd_s1_vgpr),
    .r1_pass_i (rd_pass),
    .r1_data_o (vrf_s1),
    .r2_vgpr_i (rd_vd_vgpr),
    .r2_pass_i (rd_pass),
    .r2_data_o (vrf_vd),
    .r3_vgpr_i (cmt_vgpr),
    .r3_pass_i (cmt_pass),
    .r3_data_o (vrf_old),
    .r4_vgpr_i (rd_s0h_vgpr),
    .r4_pass_i (rd_pass),
    .r4_data_o (vrf_s0h),
    .r5_vgpr_i (rd_s1h_vgpr),
    .r5_pass_i (rd_pass),
    .r5_data_o (vrf_s1h),
    .r6_vgpr_i (rd_s2_vgpr),
    .r6_pass_i (rd_pass),
    .r6_data_o (vrf_s2),
    .r7_vgpr_i (rd_s2h_vgpr),
    .r7_pass_i (rd_pass),
    .r7_data_o (vrf_s2h),
    .r8_vgpr_i (cmt_vgpr2),
    .r8_pass_i (cmt_pass),
    .r8_data_o (vrf_old_hi),
    .r9_vgpr_i (rd_s0_vgpr),
    .r9_data_o (vrf_s0_all)
  );

  // ------------------------------------------------------------------ commit
  gcn_commit #(
    .SALU_LATENCY (SALU_LATENCY),
    .VALU_DEPTH   (VALU_DEPTH)
  ) u_commit (
    .clk_i,
    .rst_ni,
    .idle_i        (idle),
    .start_i,
    .init_sreg_we_i,
    .init_sreg_oct_i,
    .init_sreg_data_i,
    .init_scc_i,
    .init_mode_i,
    .init_hwreg_we_i,
    .init_hwreg_quad_i,
    .init_hwreg_data_i,
    .pc_i          (pc),
    .salu_issue_i  (salu_issue),
    .salu_rec_i    (salu_rec),
    .end_i         (end_now),
    .end_pc_i      (end_pc),
    .valu_rec_i    (valu_rec),
    .valu_busy_i   (valu_busy),
    .in_flight_o   (in_flight),
    .iss_rd_code_i (iss_rd_code),
    .iss_rd_data_o (iss_rd_data),
    .sc_rd_code_i  (sc_rd_code),
    .sc_rd_data_o  (sc_rd_data),
    .scc_nx_o      (scc_nx),
    .mode_nx_o     (mode_nx),
    .exec_nx_o     (exec_nx),
    .vcc_nx_o      (vcc_nx),
    .m0_nx_o       (m0_nx),
    .hwreg_rd_id_i (hwreg_rd_id),
    .hwreg_rd_o    (hwreg_rd),
    .vrf_we_o      (vrf_we),
    .vrf_w_vgpr_o  (vrf_w_vgpr),
    .vrf_w_pass_o  (vrf_w_pass),
    .vrf_w_data_o  (vrf_w_data),
    .vrf_old_i     (vrf_old),
    .vrf_we2_o     (vrf_we2),
    .vrf_w2_vgpr_o (vrf_w2_vgpr),
    .vrf_w2_data_o (vrf_w2_data),
    .vrf_old_hi_i  (vrf_old_hi),
    .cmt_vec_o     (cmt_vec),
    .cmt_vgpr_o    (cmt_vgpr),
    .cmt_pass_o    (cmt_pass),
    .cmt_lanes_o   (cmt_lanes),
    .cmt_hi_o      (cmt_hi),
    .cmt_vgpr2_o   (cmt_vgpr2),
    .cmt_hi_lanes_o(cmt_hi_lanes),
    .cs_valid_o,
    .cs_age_o,
    .cs_pc_o,
    .cs_wr_valid_o,
    .cs_wr_code_o,
    .cs_wr_data_o,
    .cs_scc_valid_o,
    .cs_scc_o,
    .cs_mode_valid_o,
    .cs_mode_o,
    .cs_hwreg_valid_o,
    .cs_hwreg_id_o,
    .cs_hwreg_o,
    .cv_valid_o,
    .cv_age_o,
    .cv_wr_valid_o,
    .cv_wr_code_o,
    .cv_wr_data_o,
    .cv_vec_valid_o,
    .cv_vgpr_o,
    .cv_pass_o,
    .cv_mask_o,
    .cv_lanes_o,
    .cv_vec_hi_valid_o,
    .cv_lanes_hi_o,
    .cv_vgpr_hi_o,
    .cv_retire_o,
    .cv_pc_o,
    .ev_end_o,
    .ev_pc_o
  );

endmodule
