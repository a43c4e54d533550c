// gcnref: the commit stage of gcn_core: the SALU delay line (SALU_LATENCY records) and the
// VALU pipeline (VALU_DEPTH records), the architectural scalar state they write (SGPRs by
// code, SCC, MODE, the hardware registers kept beside MODE) with its initialisation port,
// the VGPR write of the committing pass, and the commit interface of the contract
// (docs/rtl.md "gcn_core").
//
// The view after this cycle's commits (the read ports, exec_nx_o...) is what an issuing instruction reads:
// a value is readable in its commit cycle.
module gcn_commit #(
  parameter int unsigned SALU_LATENCY = 1,
  parameter int unsigned VALU_DEPTH   = 6
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,

  // Idle-time initialisation (gcn_core's ports).
  input  logic                      idle_i,
  input  logic                      start_i,
  input  logic                      init_sreg_we_i,
  input  logic [3:0]                init_sreg_oct_i,    // codes 8q..8q+7: code 8q+k in [32k +: 32]
  input  logic [255:0]              init_sreg_data_i,
  input  logic                      init_scc_i,
  input  logic [31:0]               init_mode_i,
  input  logic                      init_hwreg_we_i,
  input  logic [3:0]                init_hwreg_quad_i,  // ids 4q..4q+3: id 4q+k in [32k +: 32]
  input  logic [127:0]              init_hwreg_data_i,

  // What enters the two lines this cycle.
  input  logic [63:0]               pc_i,           // the instruction in decode
  input  logic                      salu_issue_i,
  input  gcn_core_pkg::salu_cmt_t   salu_rec_i,
  input  logic                      end_i,          // the END event enters the SALU line
  input  logic [63:0]               end_pc_i,       //   with the final PC
  input  gcn_core_pkg::valu_cmt_t   valu_rec_i,
  input  logic                      valu_busy_i,    // the VALU still has passes to enter
  output logic                      in_flight_o,    // anything still to commit

  // The scalar state after this cycle's commits.
  // SGPR read ports on it (gcn_core_pkg: SRD_ISSUE, SRD_SCTRL): port r reads code
  // [7*r +: 7] into [32*r +: 32].
  input  logic [7*gcn_core_pkg::SRD_ISSUE-1:0]  iss_rd_code_i,
  output logic [32*gcn_core_pkg::SRD_ISSUE-1:0] iss_rd_data_o,
  input  logic [7*gcn_core_pkg::SRD_SCTRL-1:0]  sc_rd_code_i,
  output logic [32*gcn_core_pkg::SRD_SCTRL-1:0] sc_rd_data_o,
  output logic                      scc_nx_o,
  output logic [31:0]               mode_nx_o,
  output logic [63:0]               exec_nx_o,
  output logic [63:0]               vcc_nx_o,
  output logic [31:0]               m0_nx_o,
  // Hardware register HWREG_RD_ID_I (gcn_isa_pkg::HWREG_KEPT; 0 for the others) as an
  // instruction issuing now reads it: after this cycle's commits and the writes of the
  // SALU records still in the line (TRAPSTS has no scoreboard slot: timing.c).
  input  logic [5:0]                hwreg_rd_id_i,
  output logic [31:0]               hwreg_rd_o,

  // The VGPR file (gcn_vrf): the committing pass's write and the read of its old lanes;
  // the write also feeds the VALU's bypass.
  output logic                      vrf_we_o,
  output logic [7:0]                vrf_w_vgpr_o,
  output logic [1:0]                vrf_w_pass_o,
  output logic [511:0]              vrf_w_data_o,
  input  logic [511:0]              vrf_old_i,
  output logic                      vrf_we2_o,      // a second VGPR write (vdst2: a 64-bit VDST's
  output logic [7:0]                vrf_w2_vgpr_o,  //   high VGPR, v_swap_b32's SRC0)
  output logic [511:0]              vrf_w2_data_o,
  input  logic [511:0]              vrf_old_hi_i,   //   and its old lanes
  output logic                      cmt_vec_o,
  output logic [7:0]                cmt_vgpr_o,
  output logic [1:0]                cmt_pass_o,
  output logic [511:0]              cmt_lanes_o,
  output logic                      cmt_hi_o,
  output logic [7:0]                cmt_vgpr2_o,
  output logic [511:0]              cmt_hi_lanes_o,

  // Commit groups and the END event (gcn_core's ports).
  output logic                      cs_valid_o,
  output logic [7:0]                cs_age_o,
  output logic [63:0]               cs_pc_o,
  output logic [5:0]                cs_wr_valid_o,
  output logic [41:0]               cs_wr_code_o,
  output logic [191:0]              cs_wr_data_o,
  output logic                      cs_scc_valid_o,
  output logic                      cs_scc_o,
  output logic                      cs_mode_valid_o,
  output logic [31:0]               cs_mode_o,
  output logic                      cs_hwreg_valid_o,
  output logic [5:0]                cs_hwreg_id_o,
  output logic [31:0]               cs_hwreg_o,
  output logic                      cv_valid_o,
  output logic [7:0]                cv_age_o,
  output logic [3:0]                cv_wr_valid_o,
  output logic [27:0]               cv_wr_code_o,
  output logic [127:0]              cv_wr_data_o,
  output logic                      cv_vec_valid_o,
  output logic [7:0]                cv_vgpr_o,
  output logic [1:0]                cv_pass_o,
  output logic [15:0]               cv_mask_o,
  output logic [511:0]              cv_lanes_o,
  output logic                      cv_vec_hi_valid_o, // the same pass of VGPR cv_vgpr_hi_o
  output logic [7:0]                cv_vgpr_hi_o,      //   (cv_vgpr_o + 1 of a 64-bit VDST, v_swap's
  output logic [511:0]              cv_lanes_hi_o,     //   SRC0), after cv_lanes_o
  output logic                      cv_retire_o,
  output logic [63:0]               cv_pc_o,
  output logic                      ev_end_o,
  output logic [63:0]               ev_pc_o
);

  // The lines are flat vectors of records (stage k in [SW*k +: SW]): yosys 0.23 mis-sizes
  // unpacked arrays of packed structs. The records' valid bits are kept beside them
  // (salu_live_q, valu_live_q) for in_flight_o.
  gcn_core_pkg::salu_cmt_t salu_first, salu_out;
  gcn_core_pkg::valu_cmt_t valu_out;
  localparam int unsigned SW = $bits(salu_first);
  localparam int unsigned VW = $bits(valu_out);
  logic [SALU_LATENCY*SW-1:0] salu_pipe_q;
  logic [VALU_DEPTH*VW-1:0]   valu_pipe_q;
  logic [SALU_LATENCY-1:0]    salu_live_q;
  logic [VALU_DEPTH-1:0]      valu_live_q;
  // The scalar file and its views are arrays of 32-bit words (a 4096-bit vector cost the
  // simulation a copy of every word per use).
  logic [31:0]                sreg_q [128];
  logic [31:0]                sreg_nx [128];
  logic [31:0]                sreg_d [128];
  logic                       scc_q, scc_d;
  logic [31:0]                mode_q, mode_d;

  assign salu_out    = salu_pipe_q[SW*(SALU_LATENCY-1) +: SW];
  assign valu_out    = valu_pipe_q[VW*(VALU_DEPTH-1) +: VW];
  assign in_flight_o = valu_busy_i || salu_live_q != '0 || valu_live_q != '0;

  // ------------------------------------------------------------------ VGPR write
  // The committing pass merges its lanes into the register's current ones.
  logic [511:0] cmt_lanes;
  logic         cmt_vec;
  assign cmt_vec = valu_out.valid && valu_out.vec_we;
  always_comb begin
    for (int l = 0; l < 16; l++) begin
      cmt_lanes[32*l +: 32] = valu_out.mask[l] ? valu_out.lanes[32*l +: 32] : vrf_old_i[32*l +: 32];
    end
  end
  logic [511:0] cmt_hi_lanes;
  logic         cmt_hi;
  assign cmt_hi = cmt_vec && valu_out.d64;
  always_comb begin
    for (int l = 0; l < 16; l++) begin
      cmt_hi_lanes[32*l +: 32] = valu_out.mask[l] ? valu_out.lanes_hi[32*l +: 32] : vrf_old_hi_i[32*l +: 32];
    end
  end
  assign cmt_hi_o       = cmt_hi;
  assign cmt_hi_lanes_o = cmt_hi_lanes;
  // The second write port: the committing pass's second VGPR. (The initialisation writes
  // through gcn_vrf's own port: gcn_core.)
  assign vrf_we2_o     = cmt_hi;
  assign vrf_w2_vgpr_o = valu_out.vdst2;
  assign vrf_w2_data_o = cmt_hi_lanes;
  assign cmt_vgpr2_o    = valu_out.vdst2;
  assign cmt_vec_o   = cmt_vec;
  assign cmt_vgpr_o  = valu_out.vdst;
  assign cmt_pass_o  = valu_out.pass;
  assign cmt_lanes_o = cmt_lanes;

  assign vrf_we_o     = cmt_vec;
  assign vrf_w_vgpr_o = valu_out.vdst;
  assign vrf_w_pass_o = valu_out.pass;
  assign vrf_w_data_o = cmt_lanes;

  // ------------------------------------------------------------------ scalar state
  // SALU and VALU never commit the same register in one cycle (rule 1 on destinations);
  // SALU writes apply in report order. (Written per register, each choosing among the
  // write ports that name it: cheaper to synthesize than a part-select with a variable
  // offset.)
  // The write ports are looked at only in a cycle that commits an SALU result or a VALU
  // instruction's last pass (Verilator evaluated the 128 x 10 comparisons every cycle).
  always_comb begin
    for (int c = 0; c < 128; c++) sreg_nx[c] = sreg_q[c];
    if (salu_out.valid || (valu_out.valid && valu_out.last)) begin
      for (int c = 0; c < 128; c++) begin
        for (int k = 0; k < 6; k++) begin
          if (salu_out.valid && salu_out.wr_valid[k] && salu_out.wr_code[7*k +: 7] == 7'(c))
            sreg_nx[c] = salu_out.wr_data[32*k +: 32];
        end
        for (int k = 0; k < 4; k++) begin
          if (valu_out.valid && valu_out.last && valu_out.swr_valid[k] &&
              valu_out.swr_code[7*k +: 7] == 7'(c))
            sreg_nx[c] = valu_out.swr_data[32*k +: 32];
        end
      end
    end
    scc_nx_o  = (salu_out.valid && salu_out.scc_we) ? salu_out.scc : scc_q;
    mode_nx_o = (salu_out.valid && salu_out.mode_we) ? salu_out.mode : mode_q;
  end

  assign exec_nx_o = {sreg_nx[gcn_core_pkg::C_EXEC_HI], sreg_nx[gcn_core_pkg::C_EXEC_LO]};
  assign vcc_nx_o  = {sreg_nx[gcn_core_pkg::C_VCC_HI], sreg_nx[gcn_core_pkg::C_VCC_LO]};
  assign m0_nx_o   = sreg_nx[gcn_core_pkg::C_M0];
  for (genvar r = 0; r < gcn_core_pkg::SRD_ISSUE; r++) begin : g_iss_rd
    assign iss_rd_data_o[32*r +: 32] = sreg_nx[iss_rd_code_i[7*r +: 7]];
  end
  for (genvar r = 0; r < gcn_core_pkg::SRD_SCTRL; r++) begin : g_sc_rd
    assign sc_rd_data_o[32*r +: 32] = sreg_nx[sc_rd_code_i[7*r +: 7]];
  end

  // Register state after this cycle: commits, then the initialisation port.
  always_comb begin
    scc_d  = scc_nx_o;
    mode_d = mode_nx_o;
    for (int c = 0; c < 128; c++) sreg_d[c] = sreg_nx[c];
    if (idle_i && init_sreg_we_i) begin  // only while initialising (the loop ran every cycle)
      for (int c = 0; c < 128; c++)
        if (init_sreg_oct_i == 4'(c / 8)) sreg_d[c] = init_sreg_data_i[32*(c % 8) +: 32];
    end
    if (idle_i && start_i) begin
      scc_d  = init_scc_i;
      mode_d = init_mode_i;
    end
  end

  // Scalar register file: no reset (loaded through the initialisation port). One process
  // per word: Verilator 5.006 rejects a delayed assignment to an array in a loop, yosys
  // 0.23 one to a whole array.
  for (genvar c = 0; c < 128; c++) begin : g_sreg
    always_ff @(posedge clk_i) begin
      sreg_q[c] <= sreg_d[c];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      scc_q  <= 1'b0;
      mode_q <= '0;
    end else begin
      scc_q  <= scc_d;
      mode_q <= mode_d;
    end
  end

  // ------------------------------------------------------------------ hardware registers
  // STATUS (its stored bits), TRAPSTS and the configuration registers: one register per
  // kept id, loaded through the initialisation port (no reset), written by the SALU line.
  logic [64*32-1:0] hwreg_nx;
  for (genvar i = 0; i < 64; i++) begin : g_hwreg
    if (gcn_isa_pkg::HWREG_KEPT[i]) begin : g_kept
      logic [31:0] q, nx, d;
      assign nx = (salu_out.valid && salu_out.hwreg_we && salu_out.hwreg_id == 6'(i)) ?
                  salu_out.hwreg : q;
      assign d  = (idle_i && init_hwreg_we_i && init_hwreg_quad_i == 4'(i / 4)) ?
                  init_hwreg_data_i[32*(i % 4) +: 32] : nx;
      always_ff @(posedge clk_i) begin
        q <= d;
      end
      assign hwreg_nx[32*i +: 32] = nx;
    end else begin : g_none
      assign hwreg_nx[32*i +: 32] = '0;
    end
  end

  // The read: the youngest record in flight that writes the register (stage 0 first), else
  // the committed view.
  gcn_core_pkg::salu_cmt_t fw_rec;
  logic                    fw_hit;
  always_comb begin
    fw_rec     = '0;
    fw_hit     = 1'b0;
    hwreg_rd_o = hwreg_nx[32*hwreg_rd_id_i +: 32];
    for (int k = 1; k < SALU_LATENCY; k++) begin  // stage k - 1
      fw_rec = salu_pipe_q[SW*(k-1) +: SW];
      if (!fw_hit && fw_rec.valid && fw_rec.hwreg_we && fw_rec.hwreg_id == hwreg_rd_id_i) begin
        hwreg_rd_o = fw_rec.hwreg;
        fw_hit     = 1'b1;
      end
    end
  end
  logic unused_fw_rec;  // the forwarding reads the records' hwreg fields only
  assign unused_fw_rec = ^fw_rec;

  // ------------------------------------------------------------------ the two lines
  // SALU: the record of the instruction issued in cycle t commits in t + latency.
  always_comb begin
    salu_first = '0;
    if (salu_issue_i) salu_first = salu_rec_i;
    if (end_i) begin
      salu_first.is_end = 1'b1;
      salu_first.pc     = end_pc_i;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int k = 0; k < SALU_LATENCY; k++) salu_pipe_q[SW*k +: SW] <= '0;
      salu_live_q <= '0;
    end else begin
      salu_pipe_q[SW-1:0] <= salu_first;
      for (int k = 1; k < SALU_LATENCY; k++) salu_pipe_q[SW*k +: SW] <= salu_pipe_q[SW*(k-1) +: SW];
      salu_live_q[0] <= salu_issue_i || end_i;
      for (int k = 1; k < SALU_LATENCY; k++) salu_live_q[k] <= salu_live_q[k-1];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int k = 0; k < VALU_DEPTH; k++) valu_pipe_q[VW*k +: VW] <= '0;
      valu_live_q <= '0;
    end else begin
      valu_pipe_q[VW-1:0] <= valu_rec_i;
      for (int k = 1; k < VALU_DEPTH; k++) valu_pipe_q[VW*k +: VW] <= valu_pipe_q[VW*(k-1) +: VW];
      valu_live_q[0] <= valu_rec_i.valid;
      for (int k = 1; k < VALU_DEPTH; k++) valu_live_q[k] <= valu_live_q[k-1];
    end
  end

  // ------------------------------------------------------------------ commit interface
  assign cs_valid_o      = salu_out.valid;
  assign cs_age_o        = salu_out.age;
  assign cs_pc_o         = salu_out.pc;
  assign cs_wr_valid_o   = salu_out.valid ? salu_out.wr_valid : 6'd0;
  assign cs_wr_code_o    = salu_out.wr_code;
  assign cs_wr_data_o    = salu_out.wr_data;
  assign cs_scc_valid_o  = salu_out.valid && salu_out.scc_we;
  assign cs_scc_o        = salu_out.scc;
  assign cs_mode_valid_o = salu_out.valid && salu_out.mode_we;
  assign cs_mode_o       = salu_out.mode;
  assign cs_hwreg_valid_o = salu_out.valid && salu_out.hwreg_we;
  assign cs_hwreg_id_o   = salu_out.hwreg_id;
  assign cs_hwreg_o      = salu_out.hwreg;

  assign cv_valid_o      = valu_out.valid && (valu_out.vec_we || valu_out.last);
  assign cv_age_o        = valu_out.age;
  assign cv_wr_valid_o   = (valu_out.valid && valu_out.last) ? valu_out.swr_valid : 4'd0;
  assign cv_wr_code_o    = valu_out.swr_code;
  assign cv_wr_data_o    = valu_out.swr_data;
  assign cv_vec_valid_o  = cmt_vec;
  assign cv_vgpr_o       = valu_out.vdst;
  assign cv_pass_o       = valu_out.pass;
  assign cv_mask_o       = valu_out.mask;
  assign cv_lanes_o      = cmt_lanes;
  assign cv_vec_hi_valid_o = cmt_hi;
  assign cv_lanes_hi_o   = cmt_hi_lanes;
  assign cv_vgpr_hi_o    = valu_out.vdst2;
  assign cv_retire_o     = valu_out.valid && valu_out.last;
  assign cv_pc_o         = valu_out.pc;

  assign ev_end_o        = salu_out.is_end;
  assign ev_pc_o         = salu_out.is_end ? salu_out.pc : pc_i;

endmodule
