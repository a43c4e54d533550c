// gcnref: the scalar side of gcn_core's issue: the SALU (gcn_salu) and the scalar control
// ops the core executes itself (salu.c): s_movrels/s_movreld, s_cbranch_g_fork/i_fork/join,
// s_set_gpr_idx_idx/on/off/mode and s_setvskip (the MODE and M0 bits the VALU reads), the write order of the wrexec ops, the SOPP branches, s_call_b64 and
// s_getreg/s_setreg (salu.c, sopp.c, hwreg.c); SOPC and SOPK in gcn_sopk. Makes, for the instruction in
// decode, the SALU commit record (all its writes), the scoreboard slots it sets and the
// branch it takes; combinational.
module gcn_sctrl (
  input  gcn_isa_pkg::gen_e    gen_i,
  input  logic [63:0]          pc_i,
  input  logic [7:0]           age_i,
  input  gcn_isa_pkg::op_e     op_i,
  input  logic                 salu_op_i,     // SOP1 or SOP2: the SALU computes it
  input  logic [6:0]           sdst_i,
  input  logic [6:0]           src0_code_i,
  input  logic [63:0]          src0_i,
  input  logic [63:0]          src1_i,
  input  logic [63:0]          dst_i,         // the SDST's value
  input  logic                 d64_i,         // the SDST is 64 bits
  input  logic                 sopc_i,        // a SOPC op
  input  logic [15:0]          simm16_i,      // SOPP/SOPK SIMM16
  input  logic [31:0]          k_i,           // s_setreg_imm32_b32's literal

  // The scalar state after this cycle's commits (gcn_commit).
  // Its SGPR read ports (gcn_core_pkg::SRD_SCTRL): s_movrels' low and high words, then
  // s_cbranch_join's four.
  output logic [7*gcn_core_pkg::SRD_SCTRL-1:0]  sreg_rd_code_o,
  input  logic [32*gcn_core_pkg::SRD_SCTRL-1:0] sreg_rd_data_i,
  input  logic                 scc_nx_i,
  input  logic [31:0]          mode_nx_i,
  input  logic [63:0]          exec_nx_i,
  input  logic [63:0]          vcc_nx_i,
  input  logic [31:0]          m0_nx_i,
  // The hardware register s_getreg/s_setreg names (gcn_commit's read, forwarded).
  output logic [5:0]           hwreg_id_o,
  input  logic [31:0]          hwreg_rd_i,

  output gcn_core_pkg::salu_cmt_t         salu_rec_o,
  output logic [gcn_core_pkg::SLOTS-1:0]  salu_sets_o,  // scoreboard slots it writes
  output logic                 branch_o,
  output logic [63:0]          branch_pc_o,
  output logic                 movrel_bad_o   // s_movrels/s_movreld index out of range
);

  localparam logic [6:0] C_M0      = gcn_core_pkg::C_M0;
  localparam logic [6:0] C_EXEC_LO = gcn_core_pkg::C_EXEC_LO;
  localparam logic [6:0] C_EXEC_HI = gcn_core_pkg::C_EXEC_HI;

  function automatic logic [6:0] popcount64(logic [63:0] x);
    logic [6:0] n;
    n = '0;
    for (int i = 0; i < 64; i++) n = n + {6'd0, x[i]};
    popcount64 = n;
  endfunction

  // X with the field of MASK set to V (gcn_imm_put: the table's masks place the fields).
  function automatic logic [31:0] imm_put(logic [31:0] x, logic [31:0] mask, logic [31:0] v);
    imm_put = (x & ~mask) | ((v * (mask & (~mask + 32'd1))) & mask);
  endfunction

  // ------------------------------------------------------------------ SALU
  gcn_isa_pkg::op_e salu_op;
  logic [63:0] salu_result, salu_exec, salu_pc;
  logic        salu_result_we, salu_scc, salu_scc_we, salu_exec_we, salu_pc_we;
  assign salu_op = salu_op_i ? op_i : gcn_isa_pkg::OP_INVALID;

  gcn_salu u_salu (
    .op_i        (salu_op),
    .src0_i      (src0_i),
    .src1_i      (src1_i),
    .dst_i       (dst_i),
    .scc_i       (scc_nx_i),
    .exec_i      (exec_nx_i),
    .pc_i        (pc_i),
    .result_o    (salu_result),
    .result_we_o (salu_result_we),
    .scc_o       (salu_scc),
    .scc_we_o    (salu_scc_we),
    .exec_o      (salu_exec),
    .exec_we_o   (salu_exec_we),
    .pc_o        (salu_pc),
    .pc_we_o     (salu_pc_we)
  );

  // ------------------------------------------------------------------ SOPC, SOPK
  logic [31:0] imm32, k_result;
  logic        k_result_we, k_scc, k_scc_we;
  // SIMM16 extended by the row's immediate type: i16 sign-extends, u16 zero-extends.
  assign imm32 = gcn_isa_pkg::op_type_imm(op_i) == gcn_isa_pkg::T_I16 + gcn_isa_pkg::TYP_ONE ?
                 {{16{simm16_i[15]}}, simm16_i} : {16'd0, simm16_i};
  gcn_sopk u_sopk (
    .op_i        (op_i),
    .sopc_i      (sopc_i),
    .src0_i      (src0_i),
    .src1_i      (src1_i),
    .dst_i       (dst_i[31:0]),
    .imm_i       (imm32),
    .scc_i       (scc_nx_i),
    .result_o    (k_result),
    .result_we_o (k_result_we),
    .scc_o       (k_scc),
    .scc_we_o    (k_scc_we)
  );

  // Branch target of SOPP branches and s_call_b64: the next instruction + SIMM16 dwords.
  logic [63:0] rel_target;
  logic        op_br, br_taken, op_call, op_getreg, op_setreg;
  logic [31:0] hw_mask, hw_val, hw_reg;
  logic [4:0]  hw_off;
  logic [5:0]  hw_size;
  gcn_isa_pkg::hwreg_kind_e hw_kind;
  assign rel_target = pc_i + 64'd4 + {{46{simm16_i[15]}}, simm16_i, 2'b00};
  always_comb begin
    op_br    = 1'b1;
    br_taken = 1'b0;
    unique case (op_i)
      gcn_isa_pkg::OP_S_BRANCH:         br_taken = 1'b1;
      gcn_isa_pkg::OP_S_CBRANCH_SCC0:   br_taken = !scc_nx_i;
      gcn_isa_pkg::OP_S_CBRANCH_SCC1:   br_taken = scc_nx_i;
      gcn_isa_pkg::OP_S_CBRANCH_VCCZ:   br_taken = vcc_nx_i == '0;
      gcn_isa_pkg::OP_S_CBRANCH_VCCNZ:  br_taken = vcc_nx_i != '0;
      gcn_isa_pkg::OP_S_CBRANCH_EXECZ:  br_taken = exec_nx_i == '0;
      gcn_isa_pkg::OP_S_CBRANCH_EXECNZ: br_taken = exec_nx_i != '0;
      default: op_br = 1'b0;
    endcase
  end
  assign op_call   = op_i == gcn_isa_pkg::OP_S_CALL_B64;
  assign op_getreg = op_i == gcn_isa_pkg::OP_S_GETREG_B32;
  assign op_setreg = op_i == gcn_isa_pkg::OP_S_SETREG_B32 || op_i == gcn_isa_pkg::OP_S_SETREG_IMM32_B32;
  // hwreg(ID, OFFSET, SIZE): the field's bits of the register (hwreg.c; gcn_issue lets only
  // the table's ids issue). MODE is MODE; STATUS its stored bits with SCC, EXECZ and VCCZ
  // live; TRAPSTS and the configuration registers as kept (gcn_commit).
  assign hwreg_id_o = 6'(gcn_isa_pkg::immget_hwreg_id(gen_i, {16'd0, simm16_i}));
  assign hw_kind = gcn_isa_pkg::hwreg_kind(gen_i, hwreg_id_o);
  always_comb begin
    hw_reg = hwreg_rd_i;
    if (hw_kind == gcn_isa_pkg::HWK_MODE) hw_reg = mode_nx_i;
    if (hw_kind == gcn_isa_pkg::HWK_STATUS) begin
      hw_reg = imm_put(hw_reg, gcn_isa_pkg::immf_status_scc(gen_i), {31'd0, scc_nx_i});
      hw_reg = imm_put(hw_reg, gcn_isa_pkg::immf_status_execz(gen_i), {31'd0, exec_nx_i == '0});
      hw_reg = imm_put(hw_reg, gcn_isa_pkg::immf_status_vccz(gen_i), {31'd0, vcc_nx_i == '0});
    end
  end
  assign hw_off  = 5'(gcn_isa_pkg::immget_hwreg_offset(gen_i, {16'd0, simm16_i}));
  assign hw_size = 6'(gcn_isa_pkg::immget_hwreg_size(gen_i, {16'd0, simm16_i})) + 6'd1;
  assign hw_mask = 32'((64'h0000_0000_ffff_ffff >> (7'd32 - {1'b0, hw_size})) << hw_off);
  assign hw_val  = op_i == gcn_isa_pkg::OP_S_SETREG_IMM32_B32 ? k_i : src0_i[31:0];

  // ------------------------------------------------------------------ the core's own ops
  logic op_movrels, op_movreld, op_mov64, op_fork, op_ifork, op_join, op_gpr_idx, op_wrexec;
  logic op_vskip, op_idx_on, op_idx_off, op_idx_mode;
  logic movrel_or_stack;
  always_comb begin
    op_movrels = 1'b0;
    op_movreld = 1'b0;
    op_mov64   = 1'b0;
    op_fork    = 1'b0;
    op_ifork   = 1'b0;
    op_join    = 1'b0;
    op_vskip   = 1'b0;
    op_idx_on  = 1'b0;
    op_idx_off = 1'b0;
    op_idx_mode = 1'b0;
    op_gpr_idx = 1'b0;
    op_wrexec  = 1'b0;
    unique case (op_i)
      gcn_isa_pkg::OP_S_MOVRELS_B32: op_movrels = 1'b1;
      gcn_isa_pkg::OP_S_MOVRELS_B64: begin op_movrels = 1'b1; op_mov64 = 1'b1; end
      gcn_isa_pkg::OP_S_MOVRELD_B32: op_movreld = 1'b1;
      gcn_isa_pkg::OP_S_MOVRELD_B64: begin op_movreld = 1'b1; op_mov64 = 1'b1; end
      gcn_isa_pkg::OP_S_CBRANCH_G_FORK: op_fork = 1'b1;
      gcn_isa_pkg::OP_S_CBRANCH_I_FORK: begin op_fork = 1'b1; op_ifork = 1'b1; end
      gcn_isa_pkg::OP_S_SETVSKIP: op_vskip = 1'b1;
      gcn_isa_pkg::OP_S_SET_GPR_IDX_ON: op_idx_on = 1'b1;
      gcn_isa_pkg::OP_S_SET_GPR_IDX_OFF: op_idx_off = 1'b1;
      gcn_isa_pkg::OP_S_SET_GPR_IDX_MODE: op_idx_mode = 1'b1;
      gcn_isa_pkg::OP_S_CBRANCH_JOIN: op_join = 1'b1;
      gcn_isa_pkg::OP_S_SET_GPR_IDX_IDX: op_gpr_idx = 1'b1;
      gcn_isa_pkg::OP_S_ANDN1_WREXEC_B64, gcn_isa_pkg::OP_S_ANDN2_WREXEC_B64: op_wrexec = 1'b1;
      default: ;
    endcase
  end
  assign movrel_or_stack = gcn_isa_pkg::op_allsgprs(op_i);  // the table's allsgprs flag

  // s_movrels/s_movreld: SGPR index = operand code + M0; out of range is a run-time error.
  logic [32:0] mr_idx;
  logic [8:0]  nsgprs;
  assign nsgprs = gcn_isa_pkg::num_sgprs(gen_i);
  assign mr_idx = {26'd0, op_movrels ? src0_code_i : sdst_i} + {1'b0, m0_nx_i};
  assign movrel_bad_o = (op_movrels || op_movreld) &&
                        ((mr_idx + (op_mov64 ? 33'd2 : 33'd1) > {24'd0, nsgprs}) ||
                         (op_mov64 && mr_idx[0]));

  // s_cbranch_g_fork / s_cbranch_i_fork / s_cbranch_join (salu.c cbranch_g_fork,
  // cbranch_join): i_fork's target is the SOPP branch target, g_fork's S1.
  logic [63:0] fk_target;
  assign fk_target = op_ifork ? rel_target : src1_i;
  logic [63:0] fk_pass, fk_fail, fk_other_mask, fk_other_pc, fk_exec;
  logic        fk_push, fk_jump;
  logic [2:0]  csp, jn_csp;
  logic [6:0]  fk_slot, jn_slot;
  logic        jn_pop;
  assign csp     = mode_nx_i[31:29];
  assign fk_pass = src0_i & exec_nx_i;
  assign fk_fail = ~src0_i & exec_nx_i;
  assign fk_slot = {2'b00, csp, 2'b00};
  always_comb begin
    fk_push       = 1'b0;
    fk_jump       = 1'b0;
    fk_exec       = exec_nx_i;
    fk_other_mask = '0;
    fk_other_pc   = '0;
    if (fk_pass == exec_nx_i) begin
      fk_jump = 1'b1;
    end else if (fk_fail != exec_nx_i) begin
      fk_push = 1'b1;
      if (popcount64(fk_fail) < popcount64(fk_pass)) begin
        fk_exec       = fk_fail;
        fk_other_mask = fk_pass;
        fk_other_pc   = fk_target;
      end else begin
        fk_exec       = fk_pass;
        fk_other_mask = fk_fail;
        fk_other_pc   = pc_i + 64'd4;
        fk_jump       = 1'b1;
      end
    end
  end
  assign jn_pop  = {29'd0, csp} != src0_i[31:0];
  assign jn_csp  = csp - 3'd1;
  assign jn_slot = {2'b00, jn_csp, 2'b00};

  // The SGPRs s_movrels and s_cbranch_join read, through gcn_commit's read ports.
  logic [31:0] mr_rd_lo, mr_rd_hi;
  logic [31:0] jn_rd [4];
  assign sreg_rd_code_o[0 +: 7] = mr_idx[6:0];
  assign sreg_rd_code_o[7 +: 7] = mr_idx[6:0] + 7'd1;
  assign mr_rd_lo = sreg_rd_data_i[0 +: 32];
  assign mr_rd_hi = sreg_rd_data_i[32 +: 32];
  for (genvar k = 0; k < 4; k++) begin : g_jn_rd
    assign sreg_rd_code_o[7*(2 + k) +: 7] = jn_slot + 7'(k);
    assign jn_rd[k] = sreg_rd_data_i[32*(2 + k) +: 32];
  end

  // s_setvskip (MODE.VSKIP = S0[S1 & 31]), s_set_gpr_idx_on (MODE.gpr_idx_en = 1,
  // M0[7:0] = S0[7:0], M0[15:12] = the mode bits), _off (gpr_idx_en = 0), _mode
  // (M0[15:12]); salu.c, sopp.c. Fields placed by the table's masks (imm_put).
  logic [31:0] vc_m0, vc_mode;
  always_comb begin
    vc_m0   = m0_nx_i;
    vc_mode = mode_nx_i;
    if (op_vskip)
      vc_mode = imm_put(mode_nx_i, gcn_isa_pkg::immf_mode_vskip(gen_i),
                        {31'd0, src0_i[{1'b0, src1_i[4:0]}]});
    if (op_idx_on || op_idx_mode)
      vc_m0 = imm_put(m0_nx_i, gcn_isa_pkg::immf_m0_gpr_mode(gen_i), {16'd0, simm16_i});
    if (op_idx_on) begin
      vc_m0   = imm_put(vc_m0, gcn_isa_pkg::immf_m0_gpr_idx(gen_i), src0_i[31:0]);
      vc_mode = imm_put(mode_nx_i, gcn_isa_pkg::immf_mode_gpr_idx_en(gen_i), 32'd1);
    end
    if (op_idx_off) vc_mode = imm_put(mode_nx_i, gcn_isa_pkg::immf_mode_gpr_idx_en(gen_i), 32'd0);
  end

  // ------------------------------------------------------------------ the commit record
  gcn_core_pkg::salu_cmt_t salu_in;
  always_comb begin
    salu_in        = '0;
    salu_in.valid  = 1'b1;
    salu_in.age    = age_i;
    salu_in.pc     = pc_i;
    branch_o       = 1'b0;
    branch_pc_o    = salu_pc;
    if (op_movrels) begin
      salu_in.wr_valid[0]    = 1'b1;
      salu_in.wr_code[0 +: 7] = sdst_i;
      salu_in.wr_data[0 +: 32] = mr_rd_lo;
      salu_in.wr_valid[1]    = op_mov64;
      salu_in.wr_code[7 +: 7] = sdst_i + 7'd1;
      salu_in.wr_data[32 +: 32] = mr_rd_hi;
    end else if (op_movreld) begin
      salu_in.wr_valid[0]    = 1'b1;
      salu_in.wr_code[0 +: 7] = mr_idx[6:0];
      salu_in.wr_data[0 +: 32] = src0_i[31:0];
      salu_in.wr_valid[1]    = op_mov64;
      salu_in.wr_code[7 +: 7] = mr_idx[6:0] + 7'd1;
      salu_in.wr_data[32 +: 32] = src0_i[63:32];
    end else if (op_fork) begin
      // EXEC, then the stack entry {mask lo, mask hi, PC lo, PC hi}, then MODE.
      branch_o    = fk_jump;
      branch_pc_o = fk_target;
      if (fk_push) begin
        salu_in.wr_valid = 6'b111111;
        salu_in.wr_code  = {fk_slot + 7'd3, fk_slot + 7'd2, fk_slot + 7'd1, fk_slot,
                            C_EXEC_HI, C_EXEC_LO};
        salu_in.wr_data  = {fk_other_pc[63:32], fk_other_pc[31:0], fk_other_mask[63:32],
                            fk_other_mask[31:0], fk_exec[63:32], fk_exec[31:0]};
        salu_in.mode_we  = 1'b1;
        salu_in.mode     = {csp + 3'd1, mode_nx_i[28:0]};
      end
    end else if (op_join) begin
      if (jn_pop) begin
        branch_o    = 1'b1;
        branch_pc_o = {jn_rd[3], jn_rd[2]};
        salu_in.wr_valid[1:0] = 2'b11;
        salu_in.wr_code[13:0] = {C_EXEC_HI, C_EXEC_LO};
        salu_in.wr_data[63:0] = {jn_rd[1], jn_rd[0]};
        salu_in.mode_we       = 1'b1;
        salu_in.mode          = {jn_csp, mode_nx_i[28:0]};
      end
    end else if (op_vskip || op_idx_on || op_idx_off || op_idx_mode) begin
      salu_in.wr_valid[0]      = op_idx_on || op_idx_mode;
      salu_in.wr_code[0 +: 7]  = C_M0;
      salu_in.wr_data[0 +: 32] = vc_m0;
      salu_in.mode_we          = !op_idx_mode;
      salu_in.mode             = vc_mode;
    end else if (op_gpr_idx) begin
      salu_in.wr_valid[0]      = 1'b1;
      salu_in.wr_code[0 +: 7]  = C_M0;
      salu_in.wr_data[0 +: 32] = {m0_nx_i[31:8], src0_i[7:0]};
    end else if (op_br) begin
      branch_o    = br_taken;
      branch_pc_o = rel_target;
    end else if (op_call) begin
      branch_o              = 1'b1;
      branch_pc_o           = rel_target;
      salu_in.wr_valid[1:0] = 2'b11;
      salu_in.wr_code[13:0] = {sdst_i + 7'd1, sdst_i};
      salu_in.wr_data[63:0] = pc_i + 64'd4;
    end else if (op_getreg) begin
      salu_in.wr_valid[0]      = 1'b1;
      salu_in.wr_code[0 +: 7]  = sdst_i;
      salu_in.wr_data[0 +: 32] = (hw_reg & hw_mask) >> hw_off;
    end else if (op_setreg) begin
      // MODE and TRAPSTS are written; STATUS and the configuration registers ignore it.
      salu_in.mode_we  = hw_kind == gcn_isa_pkg::HWK_MODE;
      salu_in.mode     = (mode_nx_i & ~hw_mask) | ((hw_val << hw_off) & hw_mask);
      salu_in.hwreg_we = hw_kind == gcn_isa_pkg::HWK_TRAPSTS;
      salu_in.hwreg_id = hwreg_id_o;
      salu_in.hwreg    = (hw_reg & ~hw_mask) | ((hw_val << hw_off) & hw_mask);
    end else if (k_result_we || k_scc_we) begin
      salu_in.wr_valid[0]      = k_result_we;
      salu_in.wr_code[0 +: 7]  = sdst_i;
      salu_in.wr_data[0 +: 32] = k_result;
      salu_in.scc_we           = k_scc_we;
      salu_in.scc              = k_scc;
    end else begin
      // D and EXEC in the pseudocode's order: saveexec writes D first, wrexec EXEC first.
      branch_o = salu_pc_we;
      if (op_wrexec) begin
        salu_in.wr_valid = {2'b00, salu_result_we && d64_i, salu_result_we,
                            salu_exec_we, salu_exec_we};
        salu_in.wr_code  = {14'd0, sdst_i + 7'd1, sdst_i, C_EXEC_HI, C_EXEC_LO};
        salu_in.wr_data  = {64'd0, salu_result, salu_exec};
      end else begin
        salu_in.wr_valid = {2'b00, salu_exec_we, salu_exec_we,
                            salu_result_we && d64_i, salu_result_we};
        salu_in.wr_code  = {14'd0, C_EXEC_HI, C_EXEC_LO, sdst_i + 7'd1, sdst_i};
        salu_in.wr_data  = {64'd0, salu_exec, salu_result};
      end
      salu_in.scc_we = salu_scc_we;
      salu_in.scc    = salu_scc;
    end
  end
  assign salu_rec_o = salu_in;

  // The slots the record writes; movrel and the fork stack may write any SGPR (timing.c).
  always_comb begin
    salu_sets_o = '0;
    for (int k = 0; k < 6; k++) begin
      if (salu_in.wr_valid[k]) salu_sets_o[{1'b0, salu_in.wr_code[7*k +: 7]}] = 1'b1;
    end
    if (salu_in.scc_we) salu_sets_o[gcn_core_pkg::SLOT_SCC] = 1'b1;
    if (salu_in.mode_we) salu_sets_o[gcn_core_pkg::SLOT_MODE] = 1'b1;
    if (movrel_or_stack) begin
      for (int c = 0; c < 128; c++) begin
        if (9'(c) < nsgprs) salu_sets_o[c] = 1'b1;
      end
    end
  end

endmodule
