// gcnref: the ALU core of one GCN wavefront (wave64), the top of rtl_tb/rtl/.
//
// Implements docs/microarch.md exactly as refmodel/src/timing.c does: in-order fetch,
// decode and issue of at most one instruction per cycle under the scoreboard rules
// (read_set/write_set/ready_cycle of timing.c), the SALU (gcn_salu, commits SALU_LATENCY
// cycles after issue), the four-pass VALU (16 x gcn_valu_lane; pass p enters in issue + p
// and commits VALU_DEPTH cycles later), and the commit interface of the contract. Each
// instruction reads its operands when it issues (the register files bypass the values
// committing in that cycle) and computes its results at once; the results travel down
// the SALU delay line or the VALU pipeline to their commit cycle. Ports, timing and how
// to drive the core: docs/rtl.md ("gcn_core").
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

  // Initial state, written while idle; SCC and MODE are sampled with start_i.
  input  logic              init_sreg_we_i,
  input  logic [6:0]        init_sreg_code_i,
  input  logic [31:0]       init_sreg_data_i,
  input  logic              init_vgpr_we_i,
  input  logic [7:0]        init_vgpr_i,
  input  logic [1:0]        init_pass_i,
  input  logic [511:0]      init_lanes_i,       // lane 16p+l in [32l +: 32]
  input  logic              init_scc_i,
  input  logic [31:0]       init_mode_i,
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

  // Commit group of the VALU: the pass committing this cycle (at most one).
  output logic              cv_valid_o,         // the group has events this cycle
  output logic [7:0]        cv_age_o,
  output logic [1:0]        cv_wr_valid_o,      // scalar results (last pass), low dword first
  output logic [13:0]       cv_wr_code_o,       // [7k +: 7]
  output logic [63:0]       cv_wr_data_o,       // [32k +: 32]
  output logic              cv_vec_valid_o,
  output logic [7:0]        cv_vgpr_o,
  output logic [1:0]        cv_pass_o,
  output logic [15:0]       cv_mask_o,
  output logic [511:0]      cv_lanes_o,         // the VGPR's 16 lanes after the write
  output logic              cv_retire_o,
  output logic [63:0]       cv_pc_o,

  // Run-ending events (after every commit of the cycle).
  output logic              ev_illegal_o,
  output logic              ev_unsupported_o,
  output logic              ev_end_o,
  output logic [63:0]       ev_pc_o
);

  // ------------------------------------------------------------------ constants
  localparam int unsigned CW    = 8;     // scoreboard counters: latencies are at most 67
  localparam int unsigned SLOTS = 130;   // scalar codes 0..127, SCC, MODE
  localparam int unsigned SLOT_SCC  = 128;
  localparam int unsigned SLOT_MODE = 129;
  // Cycles after the issue cycle until a write is readable (the counter's load value).
  localparam logic [CW-1:0] SALU_REM   = 8'(SALU_LATENCY - 1);
  localparam logic [CW-1:0] VALU_REM   = 8'(VALU_DEPTH + 2);
  localparam logic [CW-1:0] BRANCH_REM = 8'(BRANCH_PENALTY - 1);
  localparam int unsigned HIST = (VALU_DEPTH > 1) ? VALU_DEPTH - 1 : 1;

  localparam logic [6:0] C_VCC_LO  = 7'd106;
  localparam logic [6:0] C_VCC_HI  = 7'd107;
  localparam logic [6:0] C_M0      = 7'd124;
  localparam logic [6:0] C_EXEC_LO = 7'd126;
  localparam logic [6:0] C_EXEC_HI = 7'd127;

  function automatic logic [31:0] sreg_at(logic [4095:0] f, logic [6:0] code);
    sreg_at = f[32*code +: 32];
  endfunction

  function automatic logic [CW-1:0] dec_sat(logic [CW-1:0] x);
    dec_sat = (x == '0) ? '0 : x - 8'd1;
  endfunction

  function automatic logic [CW-1:0] max_c(logic [CW-1:0] a, logic [CW-1:0] b);
    max_c = (a > b) ? a : b;
  endfunction

  function automatic logic [6:0] popcount64(logic [63:0] x);
    logic [6:0] n;
    n = '0;
    for (int i = 0; i < 64; i++) n = n + {6'd0, x[i]};
    popcount64 = n;
  endfunction

  // ------------------------------------------------------------------ pipeline records
  // SALU delay line entry: all the commits of one SALU instruction, or an END event.
  typedef struct packed {
    logic         valid;      // an instruction retires
    logic         is_end;     // the END event (s_endpgm, or the implicit end)
    logic [7:0]   age;
    logic [63:0]  pc;
    logic [5:0]   wr_valid;
    logic [41:0]  wr_code;
    logic [191:0] wr_data;
    logic         scc_we;
    logic         scc;
    logic         mode_we;
    logic [31:0]  mode;
  } salu_cmt_t;

  // VALU pipeline entry: one pass (and, with the last pass, the scalar results).
  typedef struct packed {
    logic         valid;
    logic         vec_we;     // the instruction writes a VGPR (all but v_readlane_b32)
    logic         last;       // pass 3: scalar writes and retire
    logic [7:0]   age;
    logic [63:0]  pc;
    logic [7:0]   vdst;
    logic [1:0]   pass;
    logic [15:0]  mask;
    logic [511:0] lanes;      // results of the pass (the VGPR's other lanes merge at commit)
    logic [1:0]   swr_valid;
    logic [13:0]  swr_code;
    logic [63:0]  swr_data;
  } valu_cmt_t;

  // A VALU instruction as captured at issue: scalar operands, EXEC, carry-in mask.
  typedef struct packed {
    logic         valid;      // passes still to enter after the issue cycle
    logic [1:0]   pass;       // the next pass to enter
    logic [7:0]   age;
    logic [63:0]  pc;
    logic [7:0]   vdst;
    logic         s0_vgpr;
    logic [7:0]   s0_v;
    logic [31:0]  s0_val;
    logic         s1_vgpr;
    logic [7:0]   s1_v;
    logic [31:0]  s1_val;
    logic [63:0]  cin;
    logic [63:0]  exec;
    logic         clamp;
    logic [1:0]   fabs;       // float input modifiers of SRC0 (bit 0) and SRC1 (bit 1)
    logic [1:0]   fneg;
    logic [1:0]   omod;
    logic         fclamp;     // float CLAMP
    logic [9:0]   mode;       // MODE[9:0] at issue: float rounding, denormals, DX10_CLAMP, IEEE
    logic [31:0]  k;          // the K literal of v_madmk/v_madak
    logic         readlane;
    logic         writelane;
    logic [5:0]   sel;        // lane select of v_readlane/v_writelane (S1 & 63)
    logic         vec_we;
    logic         co_we;      // writes a carry-out mask
    logic [6:0]   co_code;    // VCC_LO or the VOP3B SDST
  } valu_inst_t;

  // ------------------------------------------------------------------ state
  logic              run_q, stopped_q;
  gcn_isa_pkg::gen_e gen_q;
  logic [63:0]       pc_q, pc_d;
  logic [7:0]        age_q;
  logic [4095:0]     sreg_q, sreg_d;           // scalar registers by code, 32 bits each
  logic              scc_q, scc_d;
  logic [31:0]       mode_q, mode_d;
  logic [SLOTS*CW-1:0] sb_q, sb_d;             // per slot: cycles until its last write commits
  logic [CW-1:0]     issue_rem_q, issue_rem_d; // rule 5/6: cycles until the next issue
  logic [CW-1:0]     valu_rem_q, valu_rem_d;   // rule 3
  logic [CW-1:0]     drain_rem_q, drain_rem_d; // rule 7: cycles until the last commit
  logic [HIST*9-1:0] hist_q, hist_d;           // rule 2: {writes, vdst} of recent VALU issues

  // The pipelines are flat vectors of records (stage k in [SW*k +: SW]): yosys 0.23
  // mis-sizes unpacked arrays of packed structs.
  salu_cmt_t  salu_in, salu_out;
  valu_cmt_t  valu_in, valu_out;
  localparam int unsigned SW = $bits(salu_in);
  localparam int unsigned VW = $bits(valu_in);
  logic [SALU_LATENCY*SW-1:0] salu_pipe_q;
  logic [VALU_DEPTH*VW-1:0]   valu_pipe_q;
  valu_inst_t vi_q, vi_d, vi_new, ent;
  gcn_isa_pkg::op_e vi_op_q, ent_op;
  logic [47:0] carry_acc_q;
  logic [31:0] rl_acc_q;

  logic idle;
  assign idle = !run_q || done_o;

  // ------------------------------------------------------------------ commit stage
  assign salu_out = salu_pipe_q[SW*(SALU_LATENCY-1) +: SW];
  assign valu_out = valu_pipe_q[VW*(VALU_DEPTH-1) +: VW];

  // VGPR file: the committing pass merges its lanes into the register's current ones.
  logic [511:0] vrf_s0, vrf_s1, vrf_vd, vrf_old;
  logic [511:0] cmt_lanes;
  logic         cmt_vec;
  assign cmt_vec = valu_out.valid && valu_out.vec_we;
  always_comb begin
    for (int l = 0; l < 16; l++) begin
      cmt_lanes[32*l +: 32] = valu_out.mask[l] ? valu_out.lanes[32*l +: 32] : vrf_old[32*l +: 32];
    end
  end

  logic         vrf_we;
  logic [7:0]   vrf_w_vgpr;
  logic [1:0]   vrf_w_pass;
  logic [511:0] vrf_w_data;
  always_comb begin
    vrf_we     = cmt_vec;
    vrf_w_vgpr = valu_out.vdst;
    vrf_w_pass = valu_out.pass;
    vrf_w_data = cmt_lanes;
    if (idle && init_vgpr_we_i) begin
      vrf_we     = 1'b1;
      vrf_w_vgpr = init_vgpr_i;
      vrf_w_pass = init_pass_i;
      vrf_w_data = init_lanes_i;
    end
  end

  logic [1:0] ent_pass;
  gcn_vrf #(.NUM_VGPRS(NUM_VGPRS)) u_vrf (
    .clk_i,
    .we_i      (vrf_we),
    .w_vgpr_i  (vrf_w_vgpr),
    .w_pass_i  (vrf_w_pass),
    .w_data_i  (vrf_w_data),
    .r0_vgpr_i (ent.s0_v),
    .r0_pass_i (ent_pass),
    .r0_data_o (vrf_s0),
    .r1_vgpr_i (ent.s1_v),
    .r1_pass_i (ent_pass),
    .r1_data_o (vrf_s1),
    .r2_vgpr_i (ent.vdst),
    .r2_pass_i (ent_pass),
    .r2_data_o (vrf_vd),
    .r3_vgpr_i (valu_out.vdst),
    .r3_pass_i (valu_out.pass),
    .r3_data_o (vrf_old)
  );

  // Scalar registers after this cycle's commits: the view every issuing instruction reads
  // (a value is readable in its commit cycle). SALU and VALU never commit the same
  // register in one cycle (rule 1 on destinations); SALU writes apply in report order.
  logic [4095:0] sreg_nx;
  logic          scc_nx;
  logic [31:0]   mode_nx;
  // (Written per register, each choosing among the write ports that name it: cheaper to
  // synthesize than a part-select with a variable offset.)
  always_comb begin
    for (int c = 0; c < 128; c++) begin
      sreg_nx[32*c +: 32] = sreg_q[32*c +: 32];
      for (int k = 0; k < 6; k++) begin
        if (salu_out.valid && salu_out.wr_valid[k] && salu_out.wr_code[7*k +: 7] == 7'(c))
          sreg_nx[32*c +: 32] = salu_out.wr_data[32*k +: 32];
      end
      for (int k = 0; k < 2; k++) begin
        if (valu_out.valid && valu_out.last && valu_out.swr_valid[k] &&
            valu_out.swr_code[7*k +: 7] == 7'(c))
          sreg_nx[32*c +: 32] = valu_out.swr_data[32*k +: 32];
      end
    end
    scc_nx  = (salu_out.valid && salu_out.scc_we) ? salu_out.scc : scc_q;
    mode_nx = (salu_out.valid && salu_out.mode_we) ? salu_out.mode : mode_q;
  end

  logic [63:0] exec_nx, vcc_nx;
  logic [31:0] m0_nx;
  assign exec_nx = {sreg_at(sreg_nx, C_EXEC_HI), sreg_at(sreg_nx, C_EXEC_LO)};
  assign vcc_nx  = {sreg_at(sreg_nx, C_VCC_HI), sreg_at(sreg_nx, C_VCC_LO)};
  assign m0_nx   = sreg_at(sreg_nx, C_M0);

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
  logic [1:0]        dec_abs, dec_neg, dec_omod;
  logic [31:0]       dec_k;
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
  logic [2:0]        dec_rd_vgpr_valid;
  logic [23:0]       dec_rd_vgpr;

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
    .k_o             (dec_k),
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
  logic        is_valu, is_salu_op, is_lane, is_readlane, is_writelane;
  logic        ge12;
  assign dec_flags    = gcn_isa_pkg::op_flags(dec_op);
  assign is_valu      = dec_cls == gcn_isa_pkg::CLS_VOP2;
  assign is_salu_op   = dec_cls == gcn_isa_pkg::CLS_SOP1 || dec_cls == gcn_isa_pkg::CLS_SOP2;
  assign is_readlane  = dec_flags[gcn_isa_pkg::F_READLANE];
  assign is_writelane = dec_flags[gcn_isa_pkg::F_WRITELANE];
  assign is_lane      = is_readlane || is_writelane;
  assign ge12         = gen_q == gcn_isa_pkg::GEN_GCN12 || gen_q == gcn_isa_pkg::GEN_GCN14;

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
  always_comb begin
    for (int s = 0; s < 3; s++) begin
      srcv[s] = dec_src_const[64*s +: 64];
      if (dec_src_sreg[s]) begin
        srcv[s][31:0]  = sreg_at(sreg_nx, src_code[s][6:0]);
        srcv[s][63:32] = dec_src_w64[s] ? sreg_at(sreg_nx, src_code[s][6:0] + 7'd1) : 32'd0;
      end else if (dec_src_ro[s]) begin
        srcv[s] = aperture_read(aperture_i, src_code[s], dec_src_w64[s]);
        if (src_code[s] == 9'd251) srcv[s][0] = vcc_nx == '0;
        if (src_code[s] == 9'd252) srcv[s][0] = exec_nx == '0;
        if (src_code[s] == 9'd253) srcv[s][0] = scc_nx;
      end
    end
  end

  logic        d64;
  logic [63:0] dstv;
  assign d64  = gcn_isa_pkg::op_type_d(dec_op) == gcn_isa_pkg::T_B64 + 4'd1 ||
                gcn_isa_pkg::op_type_d(dec_op) == gcn_isa_pkg::T_I64 + 4'd1 ||
                gcn_isa_pkg::op_type_d(dec_op) == gcn_isa_pkg::T_U64 + 4'd1;
  assign dstv = {d64 ? sreg_at(sreg_nx, dec_sdst + 7'd1) : 32'd0, sreg_at(sreg_nx, dec_sdst)};

  // ------------------------------------------------------------------ SALU
  gcn_isa_pkg::op_e salu_op;
  logic [63:0] salu_result, salu_exec, salu_pc;
  logic        salu_result_we, salu_scc, salu_scc_we, salu_exec_we, salu_pc_we;
  assign salu_op = is_salu_op ? dec_op : gcn_isa_pkg::OP_INVALID;

  gcn_salu u_salu (
    .op_i        (salu_op),
    .src0_i      (srcv[0]),
    .src1_i      (srcv[1]),
    .dst_i       (dstv),
    .scc_i       (scc_nx),
    .exec_i      (exec_nx),
    .pc_i        (pc_q),
    .result_o    (salu_result),
    .result_we_o (salu_result_we),
    .scc_o       (salu_scc),
    .scc_we_o    (salu_scc_we),
    .exec_o      (salu_exec),
    .exec_we_o   (salu_exec_we),
    .pc_o        (salu_pc),
    .pc_we_o     (salu_pc_we)
  );

  // The ops the core executes itself (salu.c): movrels/movreld, fork/join, set_gpr_idx.
  logic        op_movrels, op_movreld, op_mov64, op_fork, op_join, op_gpr_idx, op_wrexec;
  logic        movrel_or_stack;
  always_comb begin
    op_movrels = 1'b0;
    op_movreld = 1'b0;
    op_mov64   = 1'b0;
    op_fork    = 1'b0;
    op_join    = 1'b0;
    op_gpr_idx = 1'b0;
    op_wrexec  = 1'b0;
    unique case (dec_op)
      gcn_isa_pkg::OP_S_MOVRELS_B32: op_movrels = 1'b1;
      gcn_isa_pkg::OP_S_MOVRELS_B64: begin op_movrels = 1'b1; op_mov64 = 1'b1; end
      gcn_isa_pkg::OP_S_MOVRELD_B32: op_movreld = 1'b1;
      gcn_isa_pkg::OP_S_MOVRELD_B64: begin op_movreld = 1'b1; op_mov64 = 1'b1; end
      gcn_isa_pkg::OP_S_CBRANCH_G_FORK: op_fork = 1'b1;
      gcn_isa_pkg::OP_S_CBRANCH_JOIN: op_join = 1'b1;
      gcn_isa_pkg::OP_S_SET_GPR_IDX_IDX: op_gpr_idx = 1'b1;
      gcn_isa_pkg::OP_S_ANDN1_WREXEC_B64, gcn_isa_pkg::OP_S_ANDN2_WREXEC_B64: op_wrexec = 1'b1;
      default: ;
    endcase
  end
  assign movrel_or_stack = op_movrels || op_movreld || op_fork || op_join;

  // s_movrels/s_movreld: SGPR index = operand code + M0; out of range is a run-time error.
  logic [32:0] mr_idx;
  logic [8:0]  nsgprs;
  logic        mr_bad;
  assign nsgprs = (gen_q == gcn_isa_pkg::GEN_GCN10 || gen_q == gcn_isa_pkg::GEN_GCN11) ?
                  9'd104 : 9'd102;
  assign mr_idx = {26'd0, op_movrels ? dec_src0[6:0] : dec_sdst} + {1'b0, m0_nx};
  assign mr_bad = (op_movrels || op_movreld) &&
                  ((mr_idx + (op_mov64 ? 33'd2 : 33'd1) > {24'd0, nsgprs}) ||
                   (op_mov64 && mr_idx[0]));

  // s_cbranch_g_fork / s_cbranch_join (salu.c cbranch_g_fork, cbranch_join).
  logic [63:0] fk_pass, fk_fail, fk_other_mask, fk_other_pc, fk_exec;
  logic        fk_push, fk_jump;
  logic [2:0]  csp, jn_csp;
  logic [6:0]  fk_slot, jn_slot;
  logic        jn_pop;
  assign csp     = mode_nx[31:29];
  assign fk_pass = srcv[0] & exec_nx;
  assign fk_fail = ~srcv[0] & exec_nx;
  assign fk_slot = {2'b00, csp, 2'b00};
  always_comb begin
    fk_push       = 1'b0;
    fk_jump       = 1'b0;
    fk_exec       = exec_nx;
    fk_other_mask = '0;
    fk_other_pc   = '0;
    if (fk_pass == exec_nx) begin
      fk_jump = 1'b1;
    end else if (fk_fail != exec_nx) begin
      fk_push = 1'b1;
      if (popcount64(fk_fail) < popcount64(fk_pass)) begin
        fk_exec       = fk_fail;
        fk_other_mask = fk_pass;
        fk_other_pc   = srcv[1];
      end else begin
        fk_exec       = fk_pass;
        fk_other_mask = fk_fail;
        fk_other_pc   = pc_q + 64'd4;
        fk_jump       = 1'b1;
      end
    end
  end
  assign jn_pop  = {29'd0, csp} != srcv[0][31:0];
  assign jn_csp  = csp - 3'd1;
  assign jn_slot = {2'b00, jn_csp, 2'b00};

  // The SALU commit record and the branch target.
  logic        branch;
  logic [63:0] branch_pc;
  always_comb begin
    salu_in        = '0;
    salu_in.valid  = 1'b1;
    salu_in.age    = age_q;
    salu_in.pc     = pc_q;
    branch         = 1'b0;
    branch_pc      = salu_pc;
    if (op_movrels) begin
      salu_in.wr_valid[0]    = 1'b1;
      salu_in.wr_code[0 +: 7] = dec_sdst;
      salu_in.wr_data[0 +: 32] = sreg_at(sreg_nx, mr_idx[6:0]);
      salu_in.wr_valid[1]    = op_mov64;
      salu_in.wr_code[7 +: 7] = dec_sdst + 7'd1;
      salu_in.wr_data[32 +: 32] = sreg_at(sreg_nx, mr_idx[6:0] + 7'd1);
    end else if (op_movreld) begin
      salu_in.wr_valid[0]    = 1'b1;
      salu_in.wr_code[0 +: 7] = mr_idx[6:0];
      salu_in.wr_data[0 +: 32] = srcv[0][31:0];
      salu_in.wr_valid[1]    = op_mov64;
      salu_in.wr_code[7 +: 7] = mr_idx[6:0] + 7'd1;
      salu_in.wr_data[32 +: 32] = srcv[0][63:32];
    end else if (op_fork) begin
      // EXEC, then the stack entry {mask lo, mask hi, PC lo, PC hi}, then MODE.
      branch    = fk_jump;
      branch_pc = srcv[1];
      if (fk_push) begin
        salu_in.wr_valid = 6'b111111;
        salu_in.wr_code  = {fk_slot + 7'd3, fk_slot + 7'd2, fk_slot + 7'd1, fk_slot,
                            C_EXEC_HI, C_EXEC_LO};
        salu_in.wr_data  = {fk_other_pc[63:32], fk_other_pc[31:0], fk_other_mask[63:32],
                            fk_other_mask[31:0], fk_exec[63:32], fk_exec[31:0]};
        salu_in.mode_we  = 1'b1;
        salu_in.mode     = {csp + 3'd1, mode_nx[28:0]};
      end
    end else if (op_join) begin
      if (jn_pop) begin
        branch    = 1'b1;
        branch_pc = {sreg_at(sreg_nx, jn_slot + 7'd3), sreg_at(sreg_nx, jn_slot + 7'd2)};
        salu_in.wr_valid[1:0] = 2'b11;
        salu_in.wr_code[13:0] = {C_EXEC_HI, C_EXEC_LO};
        salu_in.wr_data[63:0] = {sreg_at(sreg_nx, jn_slot + 7'd1), sreg_at(sreg_nx, jn_slot)};
        salu_in.mode_we       = 1'b1;
        salu_in.mode          = {jn_csp, mode_nx[28:0]};
      end
    end else if (op_gpr_idx) begin
      salu_in.wr_valid[0]      = 1'b1;
      salu_in.wr_code[0 +: 7]  = C_M0;
      salu_in.wr_data[0 +: 32] = {m0_nx[31:8], srcv[0][7:0]};
    end else begin
      // D and EXEC in the pseudocode's order: saveexec writes D first, wrexec EXEC first.
      branch = salu_pc_we;
      if (op_wrexec) begin
        salu_in.wr_valid = {2'b00, salu_result_we && d64, salu_result_we,
                            salu_exec_we, salu_exec_we};
        salu_in.wr_code  = {14'd0, dec_sdst + 7'd1, dec_sdst, C_EXEC_HI, C_EXEC_LO};
        salu_in.wr_data  = {64'd0, salu_result, salu_exec};
      end else begin
        salu_in.wr_valid = {2'b00, salu_exec_we, salu_exec_we,
                            salu_result_we && d64, salu_result_we};
        salu_in.wr_code  = {14'd0, C_EXEC_HI, C_EXEC_LO, dec_sdst + 7'd1, dec_sdst};
        salu_in.wr_data  = {64'd0, salu_exec, salu_result};
      end
      salu_in.scc_we = salu_scc_we;
`ifdef BUG_SCC_ADD_U32
      // Fault for the co-simulation's self-check (rtl_tb/cosim.mk cosim-bugs): off by default.
      salu_in.scc    = salu_op == gcn_isa_pkg::OP_S_ADD_U32 ? !salu_scc : salu_scc;
`else
      salu_in.scc    = salu_scc;
`endif
    end
  end

  // ------------------------------------------------------------------ issue
  // Scoreboard (rules 1, 2, 3, 7 as timing.c ready_cycle).
  logic [SLOTS-1:0] sb_busy;
  always_comb begin
    for (int s = 0; s < SLOTS; s++) sb_busy[s] = sb_q[CW*s +: CW] != '0;
  end

  logic vgpr_stall;
  always_comb begin
    vgpr_stall = 1'b0;
    for (int k = 0; k < HIST; k++) begin
      if (k + 1 < VALU_DEPTH && hist_q[9*k + 8]) begin
        for (int r = 0; r < 3; r++) begin
          if (dec_rd_vgpr_valid[r] && dec_rd_vgpr[8*r +: 8] == hist_q[9*k +: 8])
`ifndef BUG_NO_VGPR_INTERLOCK
            vgpr_stall = 1'b1;
`else
            vgpr_stall = 1'b0;  // fault for cosim-bugs: the VALU-to-VALU VGPR interlock is gone
`endif
        end
      end
    end
  end

  logic is_endpgm, is_nop, not_modelled, valu_supported, unsupported, ready;
  assign is_endpgm    = dec_flags[gcn_isa_pkg::F_ENDPGM];
  assign is_nop       = dec_op == gcn_isa_pkg::OP_S_NOP;
  assign not_modelled = dec_flags[gcn_isa_pkg::F_NOMODEL];
  assign unsupported  = not_modelled || (is_valu && !is_lane && !valu_supported);
  assign ready = ((dec_rd_slots | dec_wr_slots) & sb_busy) == '0 &&
                 (!is_valu || (valu_rem_q == '0 && !vgpr_stall)) &&
                 (!is_endpgm || drain_rem_q == '0);

  // The VALU decides which ops it computes: the integer lane's and the float lane's.
  logic [31:0] unused_probe_result, unused_fp_probe_result;
  logic        unused_probe_carry;
  logic        int_supported, fp_supported;
  assign valu_supported = int_supported || fp_supported;
  gcn_valu_lane u_valu_probe (
    .op_i        (dec_op),
    .gen_i       (gen_q),
    .src0_i      (32'd0),
    .src1_i      (32'd0),
    .old_i       (32'd0),
    .cin_i       (1'b0),
    .lane_i      (6'd0),
    .clamp_i     (1'b0),
    .result_o    (unused_probe_result),
    .carry_o     (unused_probe_carry),
    .supported_o (int_supported)
  );
  gcn_fp_lane u_fp_probe (
    .op_i        (dec_op),
    .gen_i       (gen_q),
    .src0_i      (32'd0),
    .src1_i      (32'd0),
    .old_i       (32'd0),
    .k_i         (32'd0),
    .mode_i      (10'd0),
    .abs_i       (2'd0),
    .neg_i       (2'd0),
    .omod_i      (2'd0),
    .clamp_i     (1'b0),
    .result_o    (unused_fp_probe_result),
    .supported_o (fp_supported)
  );

  logic try_issue, implicit_end, illegal_now, unsup_now, end_now, issue, salu_issue, valu_issue;
  logic decoded_ok;
  assign try_issue    = run_q && !stopped_q && issue_rem_q == '0;
  assign implicit_end = try_issue && at_end && drain_rem_q == '0;
  assign decoded_ok   = try_issue && !at_end && !fetch_bad && dec_valid;
  assign unsup_now    = decoded_ok && ready && unsupported;
  assign illegal_now  = (try_issue && !at_end && (fetch_bad || !dec_valid)) ||
                        (decoded_ok && ready && !unsupported && mr_bad);
  assign end_now      = implicit_end || (decoded_ok && ready && !unsupported && is_endpgm);
  assign issue        = decoded_ok && ready && !unsupported && !mr_bad && !is_endpgm;
  assign salu_issue   = issue && !is_valu;
  assign valu_issue   = issue && is_valu;

  assign ev_illegal_o     = illegal_now;
  assign ev_unsupported_o = unsup_now;
  assign ev_end_o         = salu_out.is_end;
  assign ev_pc_o          = salu_out.is_end ? salu_out.pc : pc_q;

  // The VALU instruction captured at issue.
  always_comb begin
    vi_new           = '0;
    vi_new.valid     = 1'b1;
    vi_new.age       = age_q;
    vi_new.pc        = pc_q;
    vi_new.vdst      = dec_vdst;
    vi_new.s0_vgpr   = dec_src_vgpr[0];
    vi_new.s0_v      = dec_src0[7:0];
    vi_new.s0_val    = srcv[0][31:0];
    vi_new.s1_vgpr   = dec_src_vgpr[1];
    vi_new.s1_v      = dec_src1[7:0];
    vi_new.s1_val    = srcv[1][31:0];
    vi_new.cin       = '0;
    if (gcn_isa_pkg::op_type_ci(dec_op) != 4'd0) vi_new.cin = dec_vop3 ? srcv[2] : vcc_nx;
    vi_new.exec      = exec_nx;
    vi_new.clamp     = dec_clamp && dec_flags[gcn_isa_pkg::F_ICLAMP] && ge12;
    vi_new.fabs      = dec_abs;
    vi_new.fneg      = dec_neg;
    vi_new.omod      = dec_omod;
    vi_new.fclamp    = dec_clamp && dec_flags[gcn_isa_pkg::F_OMOD];
    vi_new.mode      = mode_nx[9:0];
    vi_new.k         = dec_k;
    vi_new.readlane  = is_readlane;
    vi_new.writelane = is_writelane;
    vi_new.sel       = srcv[1][5:0];
    vi_new.vec_we    = !is_readlane;
    vi_new.co_we     = gcn_isa_pkg::op_type_co(dec_op) != 4'd0;
    vi_new.co_code   = dec_vop3 ? dec_sdst : C_VCC_LO;
  end

  // Next PC, run state, scoreboard counters.
  logic [SLOTS-1:0] salu_sets, valu_sets;
  always_comb begin
    salu_sets = '0;
    for (int k = 0; k < 6; k++) begin
      if (salu_in.wr_valid[k]) salu_sets[{1'b0, salu_in.wr_code[7*k +: 7]}] = 1'b1;
    end
    if (salu_in.scc_we) salu_sets[SLOT_SCC] = 1'b1;
    if (salu_in.mode_we) salu_sets[SLOT_MODE] = 1'b1;
    if (movrel_or_stack) begin
      for (int c = 0; c < 104; c++) begin
        if (9'(c) < nsgprs) salu_sets[c] = 1'b1;
      end
    end
    valu_sets = '0;
    if (vi_new.co_we) begin
      valu_sets[{1'b0, vi_new.co_code}]        = 1'b1;
      valu_sets[{1'b0, vi_new.co_code + 7'd1}] = 1'b1;
    end
    if (is_readlane) valu_sets[{1'b0, dec_vdst[6:0]}] = 1'b1;
  end

  always_comb begin
    pc_d        = pc_q;
    issue_rem_d = dec_sat(issue_rem_q);
    valu_rem_d  = dec_sat(valu_rem_q);
    drain_rem_d = dec_sat(drain_rem_q);
    for (int s = 0; s < SLOTS; s++) begin
      sb_d[CW*s +: CW] = dec_sat(sb_q[CW*s +: CW]);
      if (salu_issue && salu_sets[s]) sb_d[CW*s +: CW] = max_c(sb_d[CW*s +: CW], SALU_REM);
      if (valu_issue && valu_sets[s]) sb_d[CW*s +: CW] = max_c(sb_d[CW*s +: CW], VALU_REM);
    end
    hist_d[8:0] = {valu_issue && vi_new.vec_we, dec_vdst};
    for (int k = 1; k < HIST; k++) hist_d[9*k +: 9] = hist_q[9*(k-1) +: 9];
    if (issue) begin
      pc_d = (!is_valu && branch) ? branch_pc : pc_q + {60'd0, dec_size};
      if (!is_valu && branch) issue_rem_d = BRANCH_REM;
      else if (is_nop) issue_rem_d = {4'd0, dec_simm16[3:0]};
      else issue_rem_d = '0;
    end
    if (salu_issue) drain_rem_d = max_c(drain_rem_d, SALU_REM);
    if (valu_issue) begin
      drain_rem_d = max_c(drain_rem_d, VALU_REM);
      valu_rem_d  = 8'd3;
    end
  end

  // Register state after this cycle: commits, then the initialisation port.
  always_comb begin
    sreg_d = sreg_nx;
    scc_d  = scc_nx;
    mode_d = mode_nx;
    for (int c = 0; c < 128; c++) begin
      if (idle && init_sreg_we_i && init_sreg_code_i == 7'(c)) sreg_d[32*c +: 32] = init_sreg_data_i;
    end
    if (idle && start_i) begin
      scc_d  = init_scc_i;
      mode_d = init_mode_i;
    end
  end

  // ------------------------------------------------------------------ VALU passes
  // The pass entering this cycle: pass 0 of the instruction issuing now, or pass 1..3 of
  // the one captured in vi_q (rule 3 keeps them apart). It reads its VGPR lanes now, with
  // the pass committing in this cycle bypassed, and computes its 16 lanes.
  logic ent_valid;
  always_comb begin
    if (valu_issue) begin
      ent       = vi_new;
      ent_op    = dec_op;
      ent_pass  = 2'd0;
      ent_valid = 1'b1;
    end else begin
      ent       = vi_q;
      ent_op    = vi_op_q;
      ent_pass  = vi_q.pass;
      ent_valid = vi_q.valid;
    end
  end

  function automatic logic [511:0] bypass(logic [511:0] data, logic [7:0] vgpr, logic [1:0] pass,
                                          logic cmt, logic [7:0] cmt_vgpr, logic [1:0] cmt_pass,
                                          logic [511:0] cmt_data);
    bypass = (cmt && vgpr == cmt_vgpr && pass == cmt_pass) ? cmt_data : data;
  endfunction

  logic [511:0] ent_s0, ent_s1, ent_vd;
  assign ent_s0 = bypass(vrf_s0, ent.s0_v, ent_pass, cmt_vec, valu_out.vdst, valu_out.pass, cmt_lanes);
  assign ent_s1 = bypass(vrf_s1, ent.s1_v, ent_pass, cmt_vec, valu_out.vdst, valu_out.pass, cmt_lanes);
  assign ent_vd = bypass(vrf_vd, ent.vdst, ent_pass, cmt_vec, valu_out.vdst, valu_out.pass, cmt_lanes);

  // Each lane: the integer lane and the float lane side by side; the op picks one
  // (exactly one of them supports a VALU op that issues).
  logic [511:0] lane_result;
  logic [15:0]  lane_carry;
  logic [15:0]  lane_int;
  for (genvar l = 0; l < 16; l++) begin : gen_lane
    logic [31:0] int_result, fp_result;
    logic [9:0]  fp_mode;
    logic        unused_fp_supported;
`ifdef BUG_FP_RND_LANE5
    // Fault for the co-simulation's self-check (cosim-bugs): lane 5 of every pass ignores the
    // MODE rounding mode (always nearest even).
    assign fp_mode = (l == 5) ? {ent.mode[9:4], 4'd0} : ent.mode;
`else
    assign fp_mode = ent.mode;
`endif
    gcn_valu_lane u_lane (
      .op_i        (ent_op),
      .gen_i       (gen_q),
      .src0_i      (ent.s0_vgpr ? ent_s0[32*l +: 32] : ent.s0_val),
      .src1_i      (ent.s1_vgpr ? ent_s1[32*l +: 32] : ent.s1_val),
      .old_i       (ent_vd[32*l +: 32]),
      .cin_i       (ent.cin[{ent_pass, 4'(l)}]),
      .lane_i      ({ent_pass, 4'(l)}),
      .clamp_i     (ent.clamp),
      .result_o    (int_result),
      .carry_o     (lane_carry[l]),
      .supported_o (lane_int[l])
    );
    gcn_fp_lane u_fp_lane (
      .op_i        (ent_op),
      .gen_i       (gen_q),
      .src0_i      (ent.s0_vgpr ? ent_s0[32*l +: 32] : ent.s0_val),
      .src1_i      (ent.s1_vgpr ? ent_s1[32*l +: 32] : ent.s1_val),
      .old_i       (ent_vd[32*l +: 32]),
      .k_i         (ent.k),
      .mode_i      (fp_mode),
      .abs_i       (ent.fabs),
      .neg_i       (ent.fneg),
      .omod_i      (ent.omod),
      .clamp_i     (ent.fclamp),
      .result_o    (fp_result),
      .supported_o (unused_fp_supported)
    );
    assign lane_result[32*l +: 32] = lane_int[l] ? int_result : fp_result;
  end

  logic [15:0] ent_exec, ent_carry;
  logic        sel_hit;
  logic [31:0] rl_value, rl_final;
  logic [63:0] carry_full;
`ifdef BUG_EXEC_PASS3
  // Fault for the co-simulation's self-check (cosim-bugs): pass 3 ignores EXEC.
  assign ent_exec   = ent_pass == 2'd3 ? 16'hffff : ent.exec[16*ent_pass +: 16];
`else
  assign ent_exec   = ent.exec[16*ent_pass +: 16];
`endif
`ifdef BUG_CARRY_LANE47
  // Fault for the co-simulation's self-check (cosim-bugs): the carry-out of lane 47 is lost.
  assign ent_carry  = lane_carry & ent_exec & (ent_pass == 2'd2 ? 16'h7fff : 16'hffff);
`else
  assign ent_carry  = lane_carry & ent_exec;            // carry-out bits of inactive lanes: 0
`endif
  assign sel_hit    = ent.sel[5:4] == ent_pass;
  assign rl_value   = ent_s0[32*ent.sel[3:0] +: 32];
  assign rl_final   = sel_hit ? rl_value : rl_acc_q;
  assign carry_full = {ent_carry, carry_acc_q};

  always_comb begin
    valu_in        = '0;
    valu_in.valid  = ent_valid;
    valu_in.vec_we = ent.vec_we;
    valu_in.last   = ent_pass == 2'd3;
    valu_in.age    = ent.age;
    valu_in.pc     = ent.pc;
    valu_in.vdst   = ent.vdst;
    valu_in.pass   = ent_pass;
    if (ent.writelane) begin
      valu_in.mask  = sel_hit ? 16'd1 << ent.sel[3:0] : 16'd0;
      valu_in.lanes = {16{ent.s0_val}};
    end else begin
      valu_in.mask  = ent_exec;
      valu_in.lanes = lane_result;
    end
    if (ent_pass == 2'd3) begin
      if (ent.co_we) begin
        valu_in.swr_valid = 2'b11;
        valu_in.swr_code  = {ent.co_code + 7'd1, ent.co_code};
        valu_in.swr_data  = carry_full;
      end else if (ent.readlane) begin
        valu_in.swr_valid = 2'b01;
        valu_in.swr_code  = {7'd0, ent.vdst[6:0]};
        valu_in.swr_data  = {32'd0, rl_final};
      end
    end
  end

  // The captured instruction after this cycle: passes 1..3 enter in the next three cycles.
  always_comb begin
    vi_d = vi_q;
    if (valu_issue) begin
      vi_d      = vi_new;
      vi_d.pass = 2'd1;
    end else if (vi_q.valid) begin
      vi_d.valid = vi_q.pass != 2'd3;
      vi_d.pass  = vi_q.pass + 2'd1;
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

  assign cv_valid_o      = valu_out.valid && (valu_out.vec_we || valu_out.last);
  assign cv_age_o        = valu_out.age;
  assign cv_wr_valid_o   = (valu_out.valid && valu_out.last) ? valu_out.swr_valid : 2'd0;
  assign cv_wr_code_o    = valu_out.swr_code;
  assign cv_wr_data_o    = valu_out.swr_data;
  assign cv_vec_valid_o  = cmt_vec;
  assign cv_vgpr_o       = valu_out.vdst;
  assign cv_pass_o       = valu_out.pass;
  assign cv_mask_o       = valu_out.mask;
  assign cv_lanes_o      = cmt_lanes;
  assign cv_retire_o     = valu_out.valid && valu_out.last;
  assign cv_pc_o         = valu_out.pc;

  // Anything still to commit: a captured VALU instruction, a SALU or VALU pipeline record
  // (salu_live_q / valu_live_q: the records' valid bits, kept beside the pipelines).
  logic [SALU_LATENCY-1:0] salu_live_q;
  logic [VALU_DEPTH-1:0]   valu_live_q;
  logic                    in_flight;
  assign in_flight = vi_q.valid || salu_live_q != '0 || valu_live_q != '0;
  assign done_o = run_q && stopped_q && !in_flight;

  // ------------------------------------------------------------------ registers
  logic start;
  assign start = idle && start_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q       <= 1'b0;
      stopped_q   <= 1'b0;
      gen_q       <= gcn_isa_pkg::GEN_GCN10;
      pc_q        <= '0;
      age_q       <= '0;
      scc_q       <= 1'b0;
      mode_q      <= '0;
      sb_q        <= '0;
      issue_rem_q <= '0;
      valu_rem_q  <= '0;
      drain_rem_q <= '0;
      hist_q      <= '0;
    end else if (start) begin
      run_q       <= 1'b1;
      stopped_q   <= 1'b0;
      gen_q       <= gen_i;
      pc_q        <= prog_base_i;
      age_q       <= '0;
      scc_q       <= scc_d;
      mode_q      <= mode_d;
      sb_q        <= '0;
      issue_rem_q <= '0;
      valu_rem_q  <= '0;
      drain_rem_q <= '0;
      hist_q      <= '0;
    end else begin
      if (implicit_end || illegal_now || unsup_now || end_now) stopped_q <= 1'b1;
      pc_q        <= pc_d;
      if (issue) age_q <= age_q + 8'd1;
      scc_q       <= scc_d;
      mode_q      <= mode_d;
      sb_q        <= sb_d;
      issue_rem_q <= issue_rem_d;
      valu_rem_q  <= valu_rem_d;
      drain_rem_q <= drain_rem_d;
      hist_q      <= hist_d;
    end
  end

  // Scalar register file: no reset (loaded through the initialisation port).
  always_ff @(posedge clk_i) begin
    sreg_q <= sreg_d;
  end

  // SALU delay line: the record of the instruction issued in cycle t commits in t + latency.
  salu_cmt_t salu_first;
  always_comb begin
    salu_first = '0;
    if (salu_issue) salu_first = salu_in;
    if (end_now) begin
      salu_first.is_end = 1'b1;
      salu_first.pc     = pc_q;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int k = 0; k < SALU_LATENCY; k++) salu_pipe_q[SW*k +: SW] <= '0;
      salu_live_q <= '0;
    end else begin
      salu_pipe_q[SW-1:0] <= salu_first;
      for (int k = 1; k < SALU_LATENCY; k++) salu_pipe_q[SW*k +: SW] <= salu_pipe_q[SW*(k-1) +: SW];
      salu_live_q[0] <= salu_issue || end_now;
      for (int k = 1; k < SALU_LATENCY; k++) salu_live_q[k] <= salu_live_q[k-1];
    end
  end

  // VALU: the captured instruction, the per-pass accumulators, the depth pipeline.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vi_q        <= '0;
      vi_op_q     <= gcn_isa_pkg::OP_INVALID;
      carry_acc_q <= '0;
      rl_acc_q    <= '0;
      for (int k = 0; k < VALU_DEPTH; k++) valu_pipe_q[VW*k +: VW] <= '0;
      valu_live_q <= '0;
    end else begin
      vi_q <= vi_d;
      if (valu_issue) vi_op_q <= dec_op;
      if (ent_valid && ent_pass != 2'd3) carry_acc_q[16*ent_pass +: 16] <= ent_carry;
      if (ent_valid) rl_acc_q <= rl_final;
      valu_pipe_q[VW-1:0] <= valu_in;
      for (int k = 1; k < VALU_DEPTH; k++) valu_pipe_q[VW*k +: VW] <= valu_pipe_q[VW*(k-1) +: VW];
      valu_live_q[0] <= ent_valid;
      for (int k = 1; k < VALU_DEPTH; k++) valu_live_q[k] <= valu_live_q[k-1];
    end
  end

  logic unused_sigs;
  assign unused_sigs = ^{dec_src2[8:7], dec_src_vgpr[2], dec_simm16[15:4],
                         ent.valid, ent.pass, unused_probe_result, unused_probe_carry,
                         unused_fp_probe_result};

endmodule
