// gcnref: the issue stage of gcn_core: run state, fetch, decode, the operands an instruction
// reads when it issues, the scoreboard (rules 1, 2, 3, 5, 6, 7, 9, 12 of docs/microarch.md, as
// timing.c ready_cycle) and the decision of each cycle: issue to the SALU or the VALU, or
// end the run (end, illegal, unsupported).
//
// Each instruction reads its operands when it issues: registers from the view after this
// cycle's commits (gcn_commit), so a value is readable in its commit cycle.
module gcn_issue #(
  parameter int unsigned SALU_LATENCY   = 1,
  parameter int unsigned VALU_DEPTH     = 6,
  parameter int unsigned BRANCH_PENALTY = 2
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,

  // Run control (gcn_core's ports).
  input  gcn_isa_pkg::gen_e         gen_i,
  input  logic [63:0]               prog_base_i,
  input  logic [31:0]               prog_size_i,
  input  logic                      start_i,
  input  logic                      in_flight_i,    // anything still to commit
  output logic                      idle_o,         // no run, or the run has drained
  output logic                      done_o,
  input  logic [159:0]              aperture_i,
  output logic [63:0]               imem_addr_o,
  input  logic [63:0]               imem_rdata_i,

  // The scalar state after this cycle's commits (gcn_commit).
  // Its SGPR read ports (gcn_core_pkg::SRD_ISSUE): the sources' low words, their high
  // words, the destination's two.
  output logic [7*gcn_core_pkg::SRD_ISSUE-1:0]  sreg_rd_code_o,
  input  logic [32*gcn_core_pkg::SRD_ISSUE-1:0] sreg_rd_data_i,
  input  logic                      scc_nx_i,
  input  logic [31:0]               mode_nx_i,
  input  logic [63:0]               exec_nx_i,
  input  logic [63:0]               vcc_nx_i,
  input  logic [31:0]               m0_nx_i,

  // The instruction in decode and its scalar operands (to gcn_sctrl, gcn_valu_pipe).
  output gcn_isa_pkg::gen_e         gen_o,
  output logic [63:0]               pc_o,
  output logic [7:0]                age_o,
  output gcn_isa_pkg::op_e          op_o,
  output logic                      salu_op_o,      // SOP1 or SOP2: the SALU computes it
  output logic [6:0]                sdst_o,
  output logic [6:0]                src0_code_o,
  output logic [63:0]               src0_o,
  output logic [63:0]               src1_o,
  output logic [63:0]               dst_o,          // the SDST's value (saveexec ops read it)
  output logic                      d64_o,          // the SDST is 64 bits
  output logic                      sopc_o,         // a SOPC op
  output logic [15:0]               simm16_o,       // SOPP/SOPK SIMM16
  output logic [31:0]               k_o,            // dword 1 (s_setreg_imm32_b32's literal)

  // What gcn_sctrl makes of a scalar instruction.
  input  logic [gcn_core_pkg::SLOTS-1:0] salu_sets_i, // slots its SALU record writes
  input  logic                      branch_i,
  input  logic [63:0]               branch_pc_i,
  input  logic                      movrel_bad_i,   // s_movrels/s_movreld index out of range

  // The decision of this cycle.
  output logic                      salu_issue_o,
  output logic                      valu_issue_o,
  output gcn_core_pkg::valu_inst_t  valu_inst_o,    // the VALU instruction, as captured
  output logic                      end_o,          // the END event
  output logic [63:0]               end_pc_o,       //   and its PC: the final PC
  output logic                      illegal_o,
  output logic                      unsupported_o
);

  localparam int unsigned CW    = gcn_core_pkg::CW;
  localparam int unsigned SLOTS = gcn_core_pkg::SLOTS;
  // Cycles after the issue cycle until a write is readable (the counter's load value).
  localparam logic [CW-1:0] SALU_REM   = 8'(SALU_LATENCY - 1);
  localparam logic [CW-1:0] VALU_REM   = 8'(VALU_DEPTH + 2);
  localparam logic [CW-1:0] BRANCH_REM = 8'(BRANCH_PENALTY - 1);
  localparam int unsigned HIST = VALU_DEPTH + 2;  // rule 2, and rule 12 (DPP) 3 cycles longer

  function automatic logic [CW-1:0] dec_sat(logic [CW-1:0] x);
    dec_sat = (x == '0) ? '0 : x - 8'd1;
  endfunction

  function automatic logic [CW-1:0] max_c(logic [CW-1:0] a, logic [CW-1:0] b);
    max_c = (a > b) ? a : b;
  endfunction

  // ------------------------------------------------------------------ state
  logic              run_q, stopped_q;
  gcn_isa_pkg::gen_e gen_q;
  logic [63:0]       pc_q, pc_d;
  logic [7:0]        age_q;
  logic [SLOTS*CW-1:0] sb_q, sb_d;             // per slot: cycles until its last write commits
  logic [9:0]        issue_rem_q, issue_rem_d; // rule 5/6: cycles until the next issue
  logic [1:0]        sr_get_q, sr_get_d;       // rule 9: cycles until an s_getreg may issue,
  logic [1:0]        sr_set_q, sr_set_d;       //   an s_setreg,
  logic [1:0]        sr_valu_q, sr_valu_d;     //   a VALU instruction
  logic [CW-1:0]     valu_rem_q, valu_rem_d;   // rule 3
  logic [CW-1:0]     drain_rem_q, drain_rem_d; // rule 7: cycles until the last commit
  logic [HIST*10-1:0] hist_q, hist_d;          // rule 2: {pair, writes, vdst} of recent VALU issues

  assign idle_o = !run_q || done_o;
  assign done_o = run_q && stopped_q && !in_flight_i;
  assign gen_o  = gen_q;
  assign pc_o   = pc_q;
  assign age_o  = age_q;

  // ------------------------------------------------------------------ fetch and decode
  logic [63:0] end_addr, rem_bytes;
  logic        at_end, fetch_bad, dw1_valid;
  assign imem_addr_o = pc_q;
  assign end_addr    = prog_base_i + {32'd0, prog_size_i};
  assign rem_bytes   = end_addr - pc_q;
  assign at_end      = pc_q == end_addr;
  assign fetch_bad   = pc_q < prog_base_i || pc_q > end_addr || pc_q[1:0] != 2'd0 ||
                       rem_bytes < 64'd4;
  assign dw1_valid   = rem_bytes >= 64'd8;

  logic              dec_valid, dec_vop3, dec_clamp;
  logic [2:0]        dec_abs, dec_neg;
  logic [1:0]        dec_omod;
  logic [31:0]       dec_k;
  logic              dec_dpp, dec_dpp_bound;
  logic [8:0]        dec_dpp_ctrl;
  logic [3:0]        dec_dpp_row, dec_dpp_bank;
  gcn_isa_pkg::op_e  dec_op;
  gcn_isa_pkg::cls_e dec_cls;
  logic [3:0]        dec_size;
  logic [6:0]        dec_sdst;
  logic [7:0]        dec_vdst;
  logic [8:0]        dec_src0, dec_src1, dec_src2;
  logic [15:0]       dec_simm16;
  logic [2:0]        dec_src_sreg, dec_src_vgpr, dec_src_ro, dec_src_w64;
  logic [191:0]      dec_src_const;
  logic [129:0]      dec_rd_slots, dec_wr_slots;
  logic [3:0]        dec_rd_vgpr_valid;
  logic [31:0]       dec_rd_vgpr;
  logic [3:0]        dec_opsel;
  logic              dec_mask_pair;
  gcn_core_pkg::sdwa_t dec_sdwa;
  logic [2:0]        dec_opsel_hi;

  gcn_decode u_decode (
    .gen_i           (gen_q),
    .inst_i          (imem_rdata_i),
    .dw1_valid_i     (dw1_valid),
    .valid_o         (dec_valid),
    .op_o            (dec_op),
    .cls_o           (dec_cls),
    .vop3_o          (dec_vop3),
    .size_o          (dec_size),
    .sdst_o          (dec_sdst),
    .vdst_o          (dec_vdst),
    .src0_o          (dec_src0),
    .src1_o          (dec_src1),
    .src2_o          (dec_src2),
    .simm16_o        (dec_simm16),
    .clamp_o         (dec_clamp),
    .abs_o           (dec_abs),
    .neg_o           (dec_neg),
    .omod_o          (dec_omod),
    .opsel_o         (dec_opsel),
    .opsel_hi_o      (dec_opsel_hi),
    .k_o             (dec_k),
    .dpp_o           (dec_dpp),
    .dpp_ctrl_o      (dec_dpp_ctrl),
    .dpp_row_mask_o  (dec_dpp_row),
    .dpp_bank_mask_o (dec_dpp_bank),
    .dpp_bound_ctrl_o(dec_dpp_bound),
    .sdwa_o          (dec_sdwa),
    .mask_pair_o     (dec_mask_pair),
    .src_sreg_o      (dec_src_sreg),
    .src_vgpr_o      (dec_src_vgpr),
    .src_ro_o        (dec_src_ro),
    .src_w64_o       (dec_src_w64),
    .src_const_o     (dec_src_const),
    .rd_slots_o      (dec_rd_slots),
    .wr_slots_o      (dec_wr_slots),
    .rd_vgpr_valid_o (dec_rd_vgpr_valid),
    .rd_vgpr_o       (dec_rd_vgpr)
  );

  logic [15:0] dec_flags;
  logic        is_valu, is_readlane, is_writelane;
  logic        ge12;
  assign dec_flags    = gcn_isa_pkg::op_flags(dec_op);
  assign is_valu      = dec_cls == gcn_isa_pkg::CLS_VOP2 || dec_cls == gcn_isa_pkg::CLS_VOP1 ||
                        dec_cls == gcn_isa_pkg::CLS_VOPC || dec_cls == gcn_isa_pkg::CLS_VOP3 ||
                        dec_cls == gcn_isa_pkg::CLS_VOP3P;
  assign salu_op_o    = dec_cls == gcn_isa_pkg::CLS_SOP1 || dec_cls == gcn_isa_pkg::CLS_SOP2;
  assign is_readlane  = dec_flags[gcn_isa_pkg::F_READLANE];
  assign is_writelane = dec_flags[gcn_isa_pkg::F_WRITELANE];
  assign ge12         = gen_q == gcn_isa_pkg::GEN_GCN12 || gen_q == gcn_isa_pkg::GEN_GCN14;
  assign op_o         = dec_op;
  assign sdst_o       = dec_sdst;
  assign src0_code_o  = dec_src0[6:0];
  assign sopc_o       = dec_cls == gcn_isa_pkg::CLS_SOPC;
  assign simm16_o     = dec_simm16;
  assign k_o          = dec_k;

  // ------------------------------------------------------------------ operands at issue
  // Source values read at their operand types (exec_ctx.h gcn_read_operand): registers
  // from the view, constants from the decoder, read-only sources from the state
  // (the gcn14 apertures from aperture_i: a 32-bit read is the value, a 64-bit one
  // {value, 0}, as exec_ctx.h).
  function automatic logic [63:0] aperture_read(logic [159:0] ap, logic [8:0] code, logic w64);
    logic [31:0] v;
    v = '0;
    for (int k = 0; k < 5; k++) if (code == 9'(235 + k)) v = ap[32*k +: 32];
    aperture_read = w64 ? {v, 32'd0} : {32'd0, v};  // no `return`: yosys 0.23
  endfunction
  logic [63:0] srcv [3];
  logic [8:0]  src_code [3];
  assign src_code[0] = dec_src0;
  assign src_code[1] = dec_src1;
  assign src_code[2] = dec_src2;
  // The SGPR reads, through gcn_commit's read ports: port s the low word of source s,
  // 3 + s its high word, 6 and 7 the destination's.
  logic [31:0] sreg_lo [3], sreg_hi [3];
  for (genvar s = 0; s < 3; s++) begin : g_sreg_rd
    assign sreg_rd_code_o[7*s +: 7]       = src_code[s][6:0];
    assign sreg_rd_code_o[7*(3 + s) +: 7] = src_code[s][6:0] + 7'd1;
    assign sreg_lo[s] = sreg_rd_data_i[32*s +: 32];
    assign sreg_hi[s] = sreg_rd_data_i[32*(3 + s) +: 32];
  end
  assign sreg_rd_code_o[7*6 +: 7] = dec_sdst;
  assign sreg_rd_code_o[7*7 +: 7] = dec_sdst + 7'd1;
  always_comb begin
    for (int s = 0; s < 3; s++) begin
      srcv[s] = dec_src_const[64*s +: 64];
      if (dec_src_sreg[s]) begin
        srcv[s][31:0]  = sreg_lo[s];
        srcv[s][63:32] = dec_src_w64[s] ? sreg_hi[s] : 32'd0;
      end else if (dec_src_ro[s]) begin
        srcv[s] = aperture_read(aperture_i, src_code[s], dec_src_w64[s]);
        if (src_code[s] == 9'd251) srcv[s][0] = vcc_nx_i == '0;
        if (src_code[s] == 9'd252) srcv[s][0] = exec_nx_i == '0;
        if (src_code[s] == 9'd253) srcv[s][0] = scc_nx_i;
      end
    end
  end
  assign src0_o = srcv[0];
  assign src1_o = srcv[1];

  assign d64_o = gcn_isa_pkg::op_type_d(dec_op) == gcn_isa_pkg::T_B64 + gcn_isa_pkg::TYP_ONE ||
                 gcn_isa_pkg::op_type_d(dec_op) == gcn_isa_pkg::T_I64 + gcn_isa_pkg::TYP_ONE ||
                 gcn_isa_pkg::op_type_d(dec_op) == gcn_isa_pkg::T_U64 + gcn_isa_pkg::TYP_ONE ||
                 gcn_isa_pkg::op_type_d(dec_op) == gcn_isa_pkg::T_F64 + gcn_isa_pkg::TYP_ONE;
  assign dst_o = {d64_o ? sreg_rd_data_i[32*7 +: 32] : 32'd0, sreg_rd_data_i[32*6 +: 32]};

  // ------------------------------------------------------------------ scoreboard
  logic [SLOTS-1:0] sb_busy;
  for (genvar s = 0; s < SLOTS; s++) begin : g_sb_busy  // an assign a slot (Verilator looped 130 times a cycle)
    assign sb_busy[s] = sb_q[CW*s +: CW] != '0;
  end

  // VGPR indexing (gcn12+: MODE.gpr_idx_en, s_set_gpr_idx_on) and MODE.VSKIP (s_setvskip),
  // exec_ctx.h gcn_vgpr_index and exec.c: a VALU operand (0, 1: SRC0, SRC1; 3: VDST) whose
  // mode bit M0[12 + operand] is set names VGPR v + M0[7:0] (v0 past v255); with VSKIP set a
  // VALU instruction writes nothing. Read from the view at issue, so a VALU instruction also
  // waits for MODE and, with indexing on, M0 (timing.c read_set).
  function automatic logic [7:0] vindex(logic on, logic [7:0] idx, logic [3:0] modes,
                                        logic [1:0] operand, logic [7:0] v);
    logic [8:0] i;
    i = {1'b0, v} + {1'b0, idx};
    vindex = (on && modes[operand]) ? (i[8] ? 8'd0 : i[7:0]) : v;
  endfunction
  logic [31:0] gi_idx, gi_modes;
  logic        idx_on, vskip;
  logic [7:0]  vs0, vs1, vs2, vdx;
  logic [SLOTS-1:0] valu_rd;
  assign idx_on   = gcn_isa_pkg::immget_mode_gpr_idx_en(gen_q, mode_nx_i) != '0;
  assign vskip    = gcn_isa_pkg::immget_mode_vskip(gen_q, mode_nx_i) != '0;
  assign gi_idx   = gcn_isa_pkg::immget_m0_gpr_idx(gen_q, m0_nx_i);
  assign gi_modes = gcn_isa_pkg::immget_m0_gpr_mode(gen_q, m0_nx_i);
  assign vs0      = vindex(idx_on, gi_idx[7:0], gi_modes[3:0], 2'd0, dec_src0[7:0]);
  assign vs1      = vindex(idx_on, gi_idx[7:0], gi_modes[3:0], 2'd1, dec_src1[7:0]);
  assign vs2      = vindex(idx_on, gi_idx[7:0], gi_modes[3:0], 2'd2, dec_src2[7:0]);
  assign vdx      = vindex(idx_on, gi_idx[7:0], gi_modes[3:0], 2'd3, dec_vdst);
  always_comb begin
    valu_rd = '0;
    valu_rd[gcn_core_pkg::SLOT_MODE] = is_valu;
    valu_rd[{1'b0, gcn_core_pkg::C_M0}] = is_valu && idx_on;
  end

  // Rule 2: a VALU instruction waits for the VGPRs that recent VALU instructions write; rule
  // 12: a DPP instruction's SRC0 (all four passes read at issue) for 3 cycles more.
  // An eight-pass instruction (q128: v_mqsad_u32_u8, a 128-bit VDST and SRC2; it reads no
  // VDST) reads SRC2 as two pairs: src2, src2+1 in slot 3 and src2+2, src2+3 in slot 2.
  logic vgpr_stall, q128;
  logic [7:0] rd_v [4];
  logic [3:0] rd_w64, rd_valid;
  assign q128    = gcn_isa_pkg::op_type_d(dec_op) == gcn_isa_pkg::T_B128 + gcn_isa_pkg::TYP_ONE;
  assign rd_v[0] = vs0;
  assign rd_v[1] = vs1;
  assign rd_v[2] = q128 ? vs2 + 8'd2 : vdx;
  assign rd_v[3] = vs2;
  assign rd_w64  = {dec_src_w64[2] || q128, q128, dec_src_w64[1:0]};
  assign rd_valid = dec_rd_vgpr_valid | {1'b0, q128 && dec_rd_vgpr_valid[3], 2'b00};
  always_comb begin
    vgpr_stall = 1'b0;
    for (int k = 0; k < HIST; k++) begin
      // Rule 12: a DPP SRC0 (32 bits) written by any VALU instruction still in the history.
      if (hist_q[10*k + 8] && dec_dpp && rd_valid[0] &&
          (rd_v[0] == hist_q[10*k +: 8] || (hist_q[10*k + 9] && rd_v[0] == hist_q[10*k +: 8] + 8'd1)))
        vgpr_stall = 1'b1;
      if (k + 1 < VALU_DEPTH && hist_q[10*k + 8]) begin
        for (int r = 0; r < 4; r++) begin
          // A 64-bit source reads the pair v, v+1 (timing.c add_source); a 64-bit VDST
          // writes the pair vdst, vdst+1 (timing.c commit_valu: each VGPR written).
          if (rd_valid[r] &&
              (rd_v[r] == hist_q[10*k +: 8] ||
               (hist_q[10*k + 9] && rd_v[r] == hist_q[10*k +: 8] + 8'd1) ||
               (rd_w64[r] && rd_v[r] + 8'd1 == hist_q[10*k +: 8]) ||
               (rd_w64[r] && hist_q[10*k + 9] && rd_v[r] == hist_q[10*k +: 8])))
            vgpr_stall = 1'b1;
        end
      end
    end
  end

  logic is_endpgm, is_nop, is_sleep, is_getreg, is_setreg, hwreg_other, hwreg_mode, hwreg_status;
  gcn_isa_pkg::hwreg_kind_e hw_kind;
  logic [SLOTS-1:0] status_rd;
  logic not_modelled, unsupported, ready;
  // Rule 7: s_endpgm and the instructions that stop the wave drain and end the run.
  assign is_endpgm    = dec_flags[gcn_isa_pkg::F_ENDPGM] || gcn_isa_pkg::op_stops(dec_op) ||
                        (gcn_isa_pkg::op_stopbit0(dec_op) && dec_simm16[0]);
  assign is_nop       = dec_op == gcn_isa_pkg::OP_S_NOP;
  assign is_sleep     = dec_op == gcn_isa_pkg::OP_S_SLEEP;
  assign is_getreg    = dec_op == gcn_isa_pkg::OP_S_GETREG_B32;
  assign is_setreg    = dec_op == gcn_isa_pkg::OP_S_SETREG_B32 ||
                        dec_op == gcn_isa_pkg::OP_S_SETREG_IMM32_B32;
  // s_getreg/s_setreg of a hardware register the table does not have on the generation is
  // unsupported (the model: not modelled); an s_getreg of STATUS reads SCC, EXEC and VCC
  // (timing.c read_set), an s_setreg of MODE makes the VALU wait (rule 9).
  assign hw_kind      = gcn_isa_pkg::hwreg_kind(gen_q, 6'(gcn_isa_pkg::immget_hwreg_id(gen_q, {16'd0, dec_simm16})));
  assign hwreg_other  = (is_getreg || is_setreg) && hw_kind == gcn_isa_pkg::HWK_NONE;
  assign hwreg_mode   = hw_kind == gcn_isa_pkg::HWK_MODE;
  assign hwreg_status = is_getreg && hw_kind == gcn_isa_pkg::HWK_STATUS;
  always_comb begin
    status_rd = '0;
    status_rd[gcn_core_pkg::SLOT_SCC]              = hwreg_status;
    status_rd[{1'b0, gcn_core_pkg::C_EXEC_LO}]     = hwreg_status;
    status_rd[{1'b0, gcn_core_pkg::C_EXEC_HI}]     = hwreg_status;
    status_rd[{1'b0, gcn_core_pkg::C_VCC_LO}]      = hwreg_status;
    status_rd[{1'b0, gcn_core_pkg::C_VCC_HI}]      = hwreg_status;
  end
  assign not_modelled = dec_flags[gcn_isa_pkg::F_NOMODEL];
  // The core computes every op but the table's nortl rows (the lane tests check the lanes'
  // supported_o against the same flag).
  assign unsupported  = not_modelled || gcn_isa_pkg::op_nortl(dec_op) || hwreg_other;
  // v_movrel* (VGPR field + M0, its index check, movrels reading every VGPR) and v_swap_b32's
  // second VGPR write: gcn_valu_movrel.
  logic [7:0] mv_s0_v, mv_vdst;
  logic       mv_bad, mv_swap, mv_stall, movrel_bad, q_stall;
  assign movrel_bad = movrel_bad_i || (is_valu && mv_bad);

  assign ready = ((dec_rd_slots | dec_wr_slots | valu_rd | status_rd) & sb_busy) == '0 &&
                 (!is_valu || (valu_rem_q == '0 && !vgpr_stall && !mv_stall && !q_stall && sr_valu_q == '0)) &&
                 (!is_endpgm || drain_rem_q == '0) &&
                 (!is_getreg || sr_get_q == '0) && (!is_setreg || sr_set_q == '0);

  // ------------------------------------------------------------------ the decision
  logic try_issue, implicit_end, issue, decoded_ok;
  assign try_issue     = run_q && !stopped_q && issue_rem_q == '0;
  assign implicit_end  = try_issue && at_end && drain_rem_q == '0;
  assign decoded_ok    = try_issue && !at_end && !fetch_bad && dec_valid;
  assign unsupported_o = decoded_ok && ready && unsupported;
  assign illegal_o     = (try_issue && !at_end && (fetch_bad || !dec_valid)) ||
                         (decoded_ok && ready && !unsupported && movrel_bad);
  assign end_o         = implicit_end || (decoded_ok && ready && !unsupported && is_endpgm);
  // The final PC: s_endpgm's own (and the program's end), the next instruction after an
  // instruction that stops the wave without ending the program (docs/semantics.md).
  assign end_pc_o      = (decoded_ok && !dec_flags[gcn_isa_pkg::F_ENDPGM]) ? pc_q + {60'd0, dec_size} : pc_q;
  assign issue         = decoded_ok && ready && !unsupported && !movrel_bad && !is_endpgm;
  assign salu_issue_o  = issue && !is_valu;
  assign valu_issue_o  = issue && is_valu;

  // v_readfirstlane_b32 (a readlane row without a lane select) reads the first active lane of
  // EXEC, lane 0 when EXEC is 0 (valu_lane.c).
  logic       is_firstlane, is_cmp, writes_vgpr;
  logic [7:0] dec_impl_wr, dec_impl_rd;
  assign dec_impl_wr  = gcn_isa_pkg::op_writes(dec_op);
  assign dec_impl_rd  = gcn_isa_pkg::op_reads(dec_op);
  logic [5:0] first_lane;
  assign is_firstlane = is_readlane && gcn_isa_pkg::op_type_s1(dec_op) == gcn_isa_pkg::TYP_NONE;
  assign is_cmp       = gcn_isa_pkg::op_type_sd(dec_op) != gcn_isa_pkg::TYP_NONE;
  assign writes_vgpr  = gcn_isa_pkg::op_type_d(dec_op) != gcn_isa_pkg::TYP_NONE && !is_readlane;
  always_comb begin
    first_lane = '0;
    for (int l = 63; l >= 0; l--) if (exec_nx_i[l]) first_lane = 6'(l);
  end

  // The VALU instruction captured at issue.
  gcn_core_pkg::valu_inst_t vi_new;
  always_comb begin
    vi_new           = '0;
    vi_new.valid     = 1'b1;
    vi_new.age       = age_q;
    vi_new.pc        = pc_q;
    vi_new.vdst      = is_readlane ? dec_vdst : mv_vdst;  // v_readlane's VDST is an SGPR
    vi_new.s0_vgpr   = dec_src_vgpr[0];
    vi_new.s0_v      = mv_s0_v;
    vi_new.swap      = mv_swap;
    vi_new.s0_val    = srcv[0];
    vi_new.s1_vgpr   = dec_src_vgpr[1];
    vi_new.s1_v      = vs1;
    vi_new.s1_val    = srcv[1];
    vi_new.s0_w64    = dec_src_w64[0];
    vi_new.s1_w64    = dec_src_w64[1];
    vi_new.s2_vgpr   = dec_src_vgpr[2] && gcn_isa_pkg::op_type_s2(dec_op) != gcn_isa_pkg::TYP_NONE;
    vi_new.s2_v      = vs2;
    vi_new.s2_val    = srcv[2];
    vi_new.s2_w64    = dec_src_w64[2] || q128;
    vi_new.opsel     = dec_opsel[2:0];
    vi_new.opsel_d   = dec_opsel[3];
    vi_new.opsel_hi  = dec_opsel_hi;
    vi_new.pkclamp   = dec_clamp && dec_cls == gcn_isa_pkg::CLS_VOP3P;
    vi_new.d64       = d64_o || q128;
    vi_new.q128      = q128;
    vi_new.cin       = '0;
    if (gcn_isa_pkg::op_type_ci(dec_op) != gcn_isa_pkg::TYP_NONE) vi_new.cin = dec_vop3 ? srcv[2] : vcc_nx_i;
    if (dec_impl_rd[gcn_isa_pkg::IMPL_VCC]) vi_new.cin = vcc_nx_i;  // v_div_fmas (VOP3, VCC implicit)
    vi_new.exec      = exec_nx_i;
    vi_new.clamp     = dec_clamp && dec_flags[gcn_isa_pkg::F_ICLAMP] && ge12;
    vi_new.fabs      = dec_abs;
    vi_new.fneg      = dec_neg;
    vi_new.omod      = dec_omod;
    vi_new.fclamp    = dec_clamp && (gcn_isa_pkg::op_omod(gen_q, dec_op) || gcn_isa_pkg::op_clamp(gen_q, dec_op));
    vi_new.mode      = mode_nx_i[9:0];
    vi_new.k         = dec_k;
    vi_new.readlane  = is_readlane && !vskip;
    vi_new.writelane = is_writelane && !vskip;
    vi_new.sel       = is_firstlane ? first_lane : srcv[1][5:0];
    vi_new.vec_we    = writes_vgpr && !vskip;
    vi_new.co_we     = (gcn_isa_pkg::op_type_co(dec_op) != gcn_isa_pkg::TYP_NONE || is_cmp) && !vskip;
    vi_new.co_code   = (is_cmp && dec_mask_pair) ? dec_vdst[6:0] : !dec_vop3 ? gcn_core_pkg::C_VCC_LO : dec_sdst;
    vi_new.cmp       = is_cmp;
    vi_new.exec_we   = is_cmp && dec_impl_wr[gcn_isa_pkg::IMPL_EXEC] && !vskip;
    vi_new.dpp            = dec_dpp;
    vi_new.dpp_ctrl       = dec_dpp_ctrl;
    vi_new.dpp_row_mask   = dec_dpp_row;
    vi_new.dpp_bank_mask  = dec_dpp_bank;
    vi_new.dpp_bound_ctrl = dec_dpp_bound;
    vi_new.sdwa      = dec_sdwa;
  end
  assign valu_inst_o = vi_new;

  // v_movrel*'s VGPR field + M0 and v_swap_b32's second write (declared above).
  gcn_valu_movrel #(.VALU_DEPTH(VALU_DEPTH), .HIST(HIST)) u_movrel (
    .clk_i,
    .rst_ni,
    .clear_i    (idle_o && start_i),
    .op_i       (dec_op),
    .m0_i       (m0_nx_i),
    .src0_i     (dec_src0[7:0]),
    .vdst_i     (dec_vdst),
    .vs0_i      (vs0),
    .vdx_i      (vdx),
    .vskip_i    (vskip),
    .s0_v_o     (mv_s0_v),
    .vdst_o     (mv_vdst),
    .bad_o      (mv_bad),
    .swap_o     (mv_swap),
    .rd_v_i     ({rd_v[3], rd_v[2], rd_v[1], rd_v[0]}),
    .rd_valid_i (rd_valid),
    .rd_w64_i   (rd_w64),
    .dpp_i      (dec_dpp),
    .stall_o    (mv_stall),
    .issue_i    (valu_issue_o),
    .vec_we_i   (vi_new.vec_we)
  );

  // Rule 2 on the VDST pair an eight-pass instruction writes in its passes 4..7.
  gcn_valu_quad #(.VALU_DEPTH(VALU_DEPTH)) u_quad (
    .clk_i,
    .rst_ni,
    .clear_i    (idle_o && start_i),
    .op_i       (dec_op),
    .rd_v_i     ({rd_v[3], rd_v[2], rd_v[1], rd_v[0]}),
    .rd_valid_i (rd_valid),
    .rd_w64_i   (rd_w64),
    .dpp_i      (dec_dpp),
    .stall_o    (q_stall),
    .issue_i    (valu_issue_o),
    .we_i       (vi_new.vec_we && q128),
    .vdst_hi_i  (vi_new.vdst + 8'd2)
  );

  // Next PC, scoreboard counters.
  logic [SLOTS-1:0] valu_sets;
  always_comb begin
    valu_sets = '0;
    if (vi_new.co_we) begin
      valu_sets[{1'b0, vi_new.co_code}]        = 1'b1;
      valu_sets[{1'b0, vi_new.co_code + 7'd1}] = 1'b1;
    end
    if (vi_new.readlane) valu_sets[{1'b0, dec_vdst[6:0]}] = 1'b1;
    if (vi_new.exec_we) begin
      valu_sets[{1'b0, gcn_core_pkg::C_EXEC_LO}] = 1'b1;
      valu_sets[{1'b0, gcn_core_pkg::C_EXEC_HI}] = 1'b1;
    end
  end

  always_comb begin
    pc_d        = pc_q;
    issue_rem_d = (issue_rem_q == '0) ? '0 : issue_rem_q - 10'd1;
    sr_get_d    = (sr_get_q == '0) ? '0 : sr_get_q - 2'd1;
    sr_set_d    = (sr_set_q == '0) ? '0 : sr_set_q - 2'd1;
    sr_valu_d   = (sr_valu_q == '0) ? '0 : sr_valu_q - 2'd1;
    valu_rem_d  = dec_sat(valu_rem_q);
    drain_rem_d = dec_sat(drain_rem_q);
    for (int s = 0; s < SLOTS; s++) begin
      sb_d[CW*s +: CW] = dec_sat(sb_q[CW*s +: CW]);
      if (salu_issue_o && salu_sets_i[s]) sb_d[CW*s +: CW] = max_c(sb_d[CW*s +: CW], SALU_REM);
      if (valu_issue_o && valu_sets[s]) sb_d[CW*s +: CW] = max_c(sb_d[CW*s +: CW], VALU_REM);
    end
    hist_d[9:0] = {vi_new.d64, valu_issue_o && vi_new.vec_we, vi_new.vdst};
    for (int k = 1; k < HIST; k++) hist_d[10*k +: 10] = hist_q[10*(k-1) +: 10];
    if (issue) begin
      pc_d = (!is_valu && branch_i) ? branch_pc_i : pc_q + {60'd0, dec_size};
      if (!is_valu && branch_i) issue_rem_d = {2'd0, BRANCH_REM};
      else if (is_nop) issue_rem_d = {6'd0, dec_simm16[3:0]};
      else if (is_sleep) issue_rem_d = {1'b0, dec_simm16[2:0], 6'd0};  // 64 * (N & 7)
      else issue_rem_d = '0;
      if (is_setreg) begin  // rule 9 (the VALU waits after a write of MODE only)
        sr_get_d  = 2'd2;
        sr_set_d  = ge12 ? 2'd2 : 2'd1;
        if (hwreg_mode) sr_valu_d = 2'd2;
      end
    end
    if (salu_issue_o) drain_rem_d = max_c(drain_rem_d, SALU_REM);
    if (valu_issue_o) begin  // (eight passes: 4 cycles more)
      drain_rem_d = max_c(drain_rem_d, q128 ? VALU_REM + 8'd4 : VALU_REM);
      valu_rem_d  = q128 ? 8'd7 : 8'd3;
    end
  end

  // ------------------------------------------------------------------ registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q       <= 1'b0;
      stopped_q   <= 1'b0;
      gen_q       <= gcn_isa_pkg::GEN_GCN10;
      pc_q        <= '0;
      age_q       <= '0;
      sb_q        <= '0;
      issue_rem_q <= '0;
      sr_get_q    <= '0;
      sr_set_q    <= '0;
      sr_valu_q   <= '0;
      valu_rem_q  <= '0;
      drain_rem_q <= '0;
      hist_q      <= '0;
    end else if (idle_o && start_i) begin
      run_q       <= 1'b1;
      stopped_q   <= 1'b0;
      gen_q       <= gen_i;
      pc_q        <= prog_base_i;
      age_q       <= '0;
      sb_q        <= '0;
      issue_rem_q <= '0;
      sr_get_q    <= '0;
      sr_set_q    <= '0;
      sr_valu_q   <= '0;
      valu_rem_q  <= '0;
      drain_rem_q <= '0;
      hist_q      <= '0;
    end else begin
      if (implicit_end || illegal_o || unsupported_o || end_o) stopped_q <= 1'b1;
      pc_q        <= pc_d;
      if (issue) age_q <= age_q + 8'd1;
      sb_q        <= sb_d;
      issue_rem_q <= issue_rem_d;
      sr_get_q    <= sr_get_d;
      sr_set_q    <= sr_set_d;
      sr_valu_q   <= sr_valu_d;
      valu_rem_q  <= valu_rem_d;
      drain_rem_q <= drain_rem_d;
      hist_q      <= hist_d;
    end
  end

  logic unused_sigs;
  assign unused_sigs = ^{dec_src2[8], mode_nx_i[31:10], dec_rd_vgpr,
                        gi_idx[31:8], gi_modes[31:4]};

endmodule
