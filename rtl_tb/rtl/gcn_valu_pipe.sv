// gcnref: the four-pass VALU of gcn_core. Pass p of an instruction enters in its issue
// cycle + p (pass 0 from the issue stage, passes 1..3 from the captured instruction; rule
// 3 keeps two instructions apart), reads its VGPR lanes then (the pass committing in that
// cycle bypassed) and computes its 16 lanes: 16 integer lanes (gcn_valu_lane), 16 float
// lanes (gcn_fp_lane) and 16 compare lanes (gcn_valu_cmp) side by side. The result record
// goes down gcn_commit's VALU_DEPTH pipeline; the last pass carries the scalar results (the
// carry-out or compare mask and, for v_cmpx, EXEC; the v_readlane/v_readfirstlane value).
module gcn_valu_pipe (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  gcn_isa_pkg::gen_e         gen_i,

  // The instruction issuing now (gcn_issue).
  input  logic                      issue_i,
  input  gcn_isa_pkg::op_e          op_i,
  input  gcn_core_pkg::valu_inst_t  inst_i,

  // VGPR reads of the entering pass (gcn_vrf) and the pass committing now (gcn_commit).
  output logic [7:0]                s0_vgpr_o,
  output logic [7:0]                s1_vgpr_o,
  output logic [7:0]                s0h_vgpr_o,     // the high VGPRs of 64-bit sources
  output logic [7:0]                s1h_vgpr_o,
  output logic [7:0]                s2_vgpr_o,      // SRC2 of a VOP3-only op (and its high VGPR)
  output logic [7:0]                s2h_vgpr_o,
  output logic [7:0]                vd_vgpr_o,
  output logic [1:0]                pass_o,
  input  logic [511:0]              s0_lanes_i,
  input  logic [511:0]              s1_lanes_i,
  input  logic [511:0]              s0h_lanes_i,
  input  logic [511:0]              s1h_lanes_i,
  input  logic [511:0]              s2_lanes_i,
  input  logic [511:0]              s2h_lanes_i,
  input  logic [511:0]              vd_lanes_i,
  input  logic [2047:0]             s0_all_i,       // all four passes of s0_vgpr_o (DPP)
  input  logic                      cmt_vec_i,
  input  logic [7:0]                cmt_vgpr_i,
  input  logic [1:0]                cmt_pass_i,
  input  logic [511:0]              cmt_lanes_i,
  input  logic                      cmt_hi_i,       // the committing pass also writes VGPR
  input  logic [7:0]                cmt_vgpr2_i,    //   cmt_vgpr2_i (a 64-bit VDST's high VGPR,
  input  logic [511:0]              cmt_hi_lanes_i, //   v_swap_b32's SRC0)

  output gcn_core_pkg::valu_cmt_t   rec_o,          // the entering pass's record
  output logic                      busy_o          // passes of the captured one still to enter
);

  gcn_core_pkg::valu_inst_t vi_q, vi_d, ent, ent_raw;
  gcn_isa_pkg::op_e vi_op_q, ent_op;
  logic [47:0] carry_acc_q;
  logic [31:0] rl_acc_q;
  assign busy_o = vi_q.valid;

  // The pass entering this cycle.
  logic       ent_valid;
  logic [1:0] ent_pass;
  always_comb begin
    if (issue_i) begin
      ent_raw   = inst_i;
      ent_op    = op_i;
      ent_pass  = 2'd0;
      ent_valid = 1'b1;
    end else begin
      ent_raw   = vi_q;
      ent_op    = vi_op_q;
      ent_pass  = vi_q.pass;
      ent_valid = vi_q.valid;
    end
  end
  // A DPP pass: the lanes that do not write (gcn_valu_dpp) are off in its EXEC, so they keep
  // VDST and their carry-out bits are 0.
  logic [15:0] dpp_write;
  always_comb begin
    ent = ent_raw;
    if (ent_raw.dpp) ent.exec[16*ent_pass +: 16] = ent_raw.exec[16*ent_pass +: 16] & dpp_write;
  end
  assign s0_vgpr_o = ent.s0_v;
  assign s1_vgpr_o = ent.s1_v;
  assign s0h_vgpr_o = ent.s0_v + 8'd1;
  assign s1h_vgpr_o = ent.s1_v + 8'd1;
  assign s2_vgpr_o  = ent.s2_v;
  assign s2h_vgpr_o = ent.s2_v + 8'd1;
  assign vd_vgpr_o = ent.vdst;
  assign pass_o    = ent_pass;

  function automatic logic [511:0] bypass(logic [511:0] data, logic [7:0] vgpr, logic [1:0] pass,
                                          logic cmt, logic [7:0] cmt_vgpr, logic [1:0] cmt_pass,
                                          logic [511:0] cmt_data);
    bypass = (cmt && vgpr == cmt_vgpr && pass == cmt_pass) ? cmt_data : data;
  endfunction
  // The second VGPR of the committing pass (a 64-bit VDST's high one, v_swap's SRC0) bypassed too.
  logic [7:0]   cmt_hi_vgpr;
  logic [511:0] s0_lanes, s1_lanes, s0h_lanes, s1h_lanes, s2_lanes, s2h_lanes, vd_lanes;
  assign cmt_hi_vgpr = cmt_vgpr2_i;
  assign s0_lanes  = bypass(s0_lanes_i, ent.s0_v, ent_pass, cmt_hi_i, cmt_hi_vgpr, cmt_pass_i, cmt_hi_lanes_i);
  assign s1_lanes  = bypass(s1_lanes_i, ent.s1_v, ent_pass, cmt_hi_i, cmt_hi_vgpr, cmt_pass_i, cmt_hi_lanes_i);
  assign s0h_lanes = bypass(s0h_lanes_i, s0h_vgpr_o, ent_pass, cmt_hi_i, cmt_hi_vgpr, cmt_pass_i, cmt_hi_lanes_i);
  assign s1h_lanes = bypass(s1h_lanes_i, s1h_vgpr_o, ent_pass, cmt_hi_i, cmt_hi_vgpr, cmt_pass_i, cmt_hi_lanes_i);
  assign s2_lanes  = bypass(s2_lanes_i, ent.s2_v, ent_pass, cmt_hi_i, cmt_hi_vgpr, cmt_pass_i, cmt_hi_lanes_i);
  assign s2h_lanes = bypass(s2h_lanes_i, s2h_vgpr_o, ent_pass, cmt_hi_i, cmt_hi_vgpr, cmt_pass_i, cmt_hi_lanes_i);
  assign vd_lanes  = bypass(vd_lanes_i, ent.vdst, ent_pass, cmt_hi_i, cmt_hi_vgpr, cmt_pass_i, cmt_hi_lanes_i);

  logic [511:0] ent_s0, ent_s1, ent_vd, ent_s0h, ent_s1h, ent_s2, ent_s2h;
  // A DPP instruction's SRC0: gcn_valu_dpp's permuted lanes, from the whole VGPR read at issue.
  logic [2047:0] s0_all;
  logic [511:0]  dpp_lanes;
  for (genvar r = 0; r < 4; r++) begin : gen_s0_all
    assign s0_all[512*r +: 512] = bypass(bypass(s0_all_i[512*r +: 512], ent_raw.s0_v, 2'(r), cmt_hi_i, cmt_hi_vgpr,
                                                cmt_pass_i, cmt_hi_lanes_i),
                                         ent_raw.s0_v, 2'(r), cmt_vec_i, cmt_vgpr_i, cmt_pass_i, cmt_lanes_i);
  end
  gcn_valu_dpp u_dpp (
    .clk_i,
    .rst_ni,
    .capture_i    (issue_i && inst_i.dpp),
    .src_i        (s0_all),
    .first_i      (issue_i),
    .pass_i       (ent_pass),
    .ctrl_i       (ent_raw.dpp_ctrl),
    .row_mask_i   (ent_raw.dpp_row_mask),
    .bank_mask_i  (ent_raw.dpp_bank_mask),
    .bound_ctrl_i (ent_raw.dpp_bound_ctrl),
    .exec_i       (ent_raw.exec),
    .lanes_o      (dpp_lanes),
    .write_o      (dpp_write)
  );
  assign ent_s0 = ent_raw.dpp ? dpp_lanes
                          : bypass(s0_lanes, ent.s0_v, ent_pass, cmt_vec_i, cmt_vgpr_i, cmt_pass_i, cmt_lanes_i);
  assign ent_s1 = bypass(s1_lanes, ent.s1_v, ent_pass, cmt_vec_i, cmt_vgpr_i, cmt_pass_i, cmt_lanes_i);
  assign ent_s0h = bypass(s0h_lanes, s0h_vgpr_o, ent_pass, cmt_vec_i, cmt_vgpr_i, cmt_pass_i, cmt_lanes_i);
  assign ent_s1h = bypass(s1h_lanes, s1h_vgpr_o, ent_pass, cmt_vec_i, cmt_vgpr_i, cmt_pass_i, cmt_lanes_i);
  assign ent_s2 = bypass(s2_lanes, ent.s2_v, ent_pass, cmt_vec_i, cmt_vgpr_i, cmt_pass_i, cmt_lanes_i);
  assign ent_s2h = bypass(s2h_lanes, s2h_vgpr_o, ent_pass, cmt_vec_i, cmt_vgpr_i, cmt_pass_i, cmt_lanes_i);
  assign ent_vd = bypass(vd_lanes, ent.vdst, ent_pass, cmt_vec_i, cmt_vgpr_i, cmt_pass_i, cmt_lanes_i);

  // The float units run on clocks of their own (docs/performance.md, "Float lanes on a gated
  // clock" and "One gated clock per float unit"): each unit's inputs are captured at the
  // falling edge of a cycle in which a pass of one of its ops may enter, so a simulator
  // evaluates its logic only then, and its result is read at the next rising edge like the
  // other lanes' (a half-cycle path). The enables come from rising-edge logic, so they are
  // stable while the gated clocks are high: no glitch, no latch. Each enable is a superset of
  // its unit's rows, from the ISA table (gcn_isa_pkg): gcn_fp_lane an f16/f32 operand, its
  // transcendental unit (gcn_fp_trans) the approx rows without an f64 operand, gcn_fp64_lane an
  // f64 operand, its transcendentals (gcn_fp64_trans_lane) the approx rows with one, gcn_fp_pk
  // a packed float operand; not a compare (a mask of role sd: gcn_valu_cmp's rows, ungated).
  // A unit's outputs hold their last pass's values in other passes.
  logic fp_pass, fp_clk, tr_pass, tr_clk, f64_pass, f64_clk, tr64_pass, tr64_clk, fpk_pass, fpk_clk, no_cmp;
  logic int_pass, int_clk;
  assign no_cmp   = gcn_isa_pkg::op_type_sd(ent_op) == gcn_isa_pkg::TYP_NONE;
  assign fp_pass  = ent_valid && no_cmp && gcn_isa_pkg::op_float32(ent_op);
  assign tr_pass  = ent_valid && gcn_isa_pkg::op_approx(ent_op) && !gcn_isa_pkg::op_float64(ent_op);
  assign f64_pass = ent_valid && no_cmp && gcn_isa_pkg::op_float64(ent_op);
  assign tr64_pass = ent_valid && gcn_isa_pkg::op_approx(ent_op) && gcn_isa_pkg::op_float64(ent_op);
  assign fpk_pass = ent_valid && gcn_isa_pkg::op_floatpk(ent_op);
  assign fp_clk   = ~clk_i & fp_pass;
  assign tr_clk   = ~clk_i & tr_pass;
  assign f64_clk  = ~clk_i & f64_pass;
  assign tr64_clk = ~clk_i & tr64_pass;
  assign fpk_clk  = ~clk_i & fpk_pass;
  // The integer units (gcn_valu_lane, gcn_valu_cmp, gcn_valu_int3, gcn_valu_pk,
  // gcn_valu_int16, gcn_valu_qsad) likewise, on one clock whose enable is a pass that is not
  // one of the float units' (a compare, of any type, is gcn_valu_cmp's): no integer unit
  // executes an op with an f16, f32, f64 or packed float operand (gcn_isa_pkg), so in the
  // cycles without a VALU pass or with a float one their logic is not evaluated.
  assign int_pass = ent_valid && !(no_cmp && (gcn_isa_pkg::op_float32(ent_op) || gcn_isa_pkg::op_float64(ent_op))) &&
                    !gcn_isa_pkg::op_floatpk(ent_op);
  assign int_clk  = ~clk_i & int_pass;

  // gcn_fp_lane's shared inputs.
  gcn_isa_pkg::op_e  fp_op_q;
  gcn_isa_pkg::gen_e fp_gen_q;
  logic [31:0] fp_k_q;
  logic [9:0]  fp_mode_q;
  logic [2:0]  fp_abs_q, fp_neg_q;
  logic [1:0]  fp_omod_q;
  logic        fp_clamp_q;
  logic [3:0]  fp_opsel_q;
  always_ff @(posedge fp_clk) begin
    fp_op_q    <= ent_op;
    fp_gen_q   <= gen_i;
    fp_k_q     <= ent.k;
    fp_mode_q  <= ent.mode;
    fp_abs_q   <= ent.fabs;
    fp_neg_q   <= ent.fneg;
    fp_omod_q  <= ent.omod;
    fp_clamp_q <= ent.fclamp;
    fp_opsel_q <= {ent.opsel_d, ent.opsel};
  end
  // The transcendental unit's (SRC0's ABS and NEG).
  gcn_isa_pkg::op_e tr_op_q;
  logic [9:0]       tr_mode_q;
  logic             tr_abs_q, tr_neg_q;
  always_ff @(posedge tr_clk) begin
    tr_op_q   <= ent_op;
    tr_mode_q <= ent.mode;
    tr_abs_q  <= ent.fabs[0];
    tr_neg_q  <= ent.fneg[0];
  end
  // gcn_fp64_lane's.
  gcn_isa_pkg::op_e  f64_op_q;
  gcn_isa_pkg::gen_e f64_gen_q;
  logic [9:0]  f64_mode_q;
  logic [2:0]  f64_abs_q, f64_neg_q;
  logic [1:0]  f64_omod_q;
  logic        f64_clamp_q;
  always_ff @(posedge f64_clk) begin
    f64_op_q    <= ent_op;
    f64_gen_q   <= gen_i;
    f64_mode_q  <= ent.mode;
    f64_abs_q   <= ent.fabs;
    f64_neg_q   <= ent.fneg;
    f64_omod_q  <= ent.omod;
    f64_clamp_q <= ent.fclamp;
  end
  // gcn_fp64_trans_lane's (SRC0's ABS and NEG, MODE.IEEE).
  gcn_isa_pkg::op_e tr64_op_q;
  logic             tr64_abs_q, tr64_neg_q, tr64_ieee_q;
  always_ff @(posedge tr64_clk) begin
    tr64_op_q   <= ent_op;
    tr64_abs_q  <= ent.fabs[0];
    tr64_neg_q  <= ent.fneg[0];
    tr64_ieee_q <= ent.mode[9];
  end
  // gcn_fp_pk's (NEG_HI arrives as fabs).
  gcn_isa_pkg::op_e fpk_op_q;
  logic [9:0]  fpk_mode_q;
  logic [2:0]  fpk_abs_q, fpk_neg_q, fpk_opsel_q, fpk_opsel_hi_q;
  logic        fpk_clamp_q;
  always_ff @(posedge fpk_clk) begin
    fpk_op_q       <= ent_op;
    fpk_mode_q     <= ent.mode;
    fpk_abs_q      <= ent.fabs;
    fpk_neg_q      <= ent.fneg;
    fpk_opsel_q    <= ent.opsel;
    fpk_opsel_hi_q <= ent.opsel_hi;
    fpk_clamp_q    <= ent.pkclamp;
  end
  // The integer units'.
  gcn_isa_pkg::op_e  int_op_q;
  gcn_isa_pkg::gen_e int_gen_q;
  logic [1:0]  int_pass_q;
  logic [9:0]  int_mode_q;
  logic [1:0]  int_abs_q, int_neg_q;
  logic        int_clamp_q, int_pkclamp_q, int_half_q;
  logic [3:0]  int_opsel_q;
  logic [2:0]  int_opsel_hi_q;
  always_ff @(posedge int_clk) begin
    int_op_q       <= ent_op;
    int_gen_q      <= gen_i;
    int_pass_q     <= ent_pass;
    int_mode_q     <= ent.mode;
    int_abs_q      <= ent.fabs[1:0];
    int_neg_q      <= ent.fneg[1:0];
    int_clamp_q    <= ent.clamp;
    int_pkclamp_q  <= ent.pkclamp;
    int_half_q     <= ent.half;
    int_opsel_q    <= {ent.opsel_d, ent.opsel};
    int_opsel_hi_q <= ent.opsel_hi;
  end

  // Each lane: the integer lane and the float lane side by side; the op picks one
  // (exactly one of them supports a VALU op that issues). The compare lane gives the mask bit.
  logic [511:0] lane_result, lane_result_hi, lane_merged;
  logic [15:0]  lane_carry, lane_cmp;
  logic [15:0]  lane_int;
  for (genvar l = 0; l < 16; l++) begin : gen_lane
    logic [31:0] int_result, fp_result;
    logic [63:0] src0, src1, src2, int3_result;
    logic        int3_supported, int3_carry, int_carry, pk_supported;
    logic [31:0] pk_result, fpk_result;
    logic        fpk_supported;
    logic [31:0] int16_result;
    logic [63:0] qsad_result;
    logic        int16_supported, qsad_supported;
    logic [63:0] raw0, raw1;
    logic        unused_fp_supported, fp_carry;
    logic [63:0] fp64_result;
    logic        fp64_supported, fp64_carry;
    // The lane's sources at 64 bits: a VGPR pair's high dword from the next VGPR, a scalar's
    // from its value (0 above a 32-bit operand).
    assign raw0 = ent.s0_vgpr ? {ent.s0_w64 ? ent_s0h[32*l +: 32] : 32'd0, ent_s0[32*l +: 32]} : ent.s0_val;
    assign raw1 = ent.s1_vgpr ? {ent.s1_w64 ? ent_s1h[32*l +: 32] : 32'd0, ent_s1[32*l +: 32]} : ent.s1_val;
    assign src2 = ent.s2_vgpr ? {ent.s2_w64 ? ent_s2h[32*l +: 32] : 32'd0, ent_s2[32*l +: 32]} : ent.s2_val;
    // SDWA (gcn_valu_sdwa): the sources' selected parts into the lanes, their result merged
    // into VDST's selected part (no SDWA: both unchanged; no SDWA row has a 64-bit source).
    assign src0[63:32] = raw0[63:32];
    assign src1[63:32] = raw1[63:32];
    gcn_valu_sdwa u_sdwa (
      .sdwa_i   (ent.sdwa),
      .src0_i   (raw0[31:0]),
      .src1_i   (raw1[31:0]),
      .src0_o   (src0[31:0]),
      .src1_o   (src1[31:0]),
      .result_i (lane_result[32*l +: 32]),
      .old_i    (ent_vd[32*l +: 32]),
      .result_o (lane_merged[32*l +: 32])
    );
    logic [63:0] int_s0_q, int_s1_q, int_s2_q;
    logic [31:0] int_old_q;
    logic        int_cin_q;
    always_ff @(posedge int_clk) begin
      int_cin_q <= ent.cin[{ent_pass, 4'(l)}];
      int_s0_q  <= src0;
      int_s1_q  <= src1;
      int_s2_q  <= src2;
      int_old_q <= ent_vd[32*l +: 32];
    end
    gcn_valu_lane u_lane (
      .op_i        (int_op_q),
      .gen_i       (int_gen_q),
      .src0_i      (int_s0_q[31:0]),
      .src1_i      (int_s1_q[31:0]),
      .old_i       (int_old_q),
      .cin_i       (int_cin_q),
      .lane_i      ({int_pass_q, 4'(l)}),
      .clamp_i     (int_clamp_q),
      .result_o    (int_result),
      .carry_o     (int_carry),
      .supported_o (lane_int[l])
    );
    logic [31:0] fp_s0_q, fp_s1_q, fp_s2_q, fp_old_q, tr_s0_q, tr_res, fpk_s0_q, fpk_s1_q, fpk_s2_q, fpk_old_q;
    logic [63:0] f64_s0_q, f64_s1_q, f64_s2_q, tr64_s0_q, tr64_res;
    logic        fp_vcc_q, f64_vcc_q;
    always_ff @(posedge fp_clk) begin
      fp_vcc_q <= ent.cin[{ent_pass, 4'(l)}];
      fp_s0_q  <= src0[31:0];
      fp_s1_q  <= src1[31:0];
      fp_s2_q  <= src2[31:0];
      fp_old_q <= ent_vd[32*l +: 32];
    end
    always_ff @(posedge tr_clk) tr_s0_q <= src0[31:0];
    always_ff @(posedge tr64_clk) tr64_s0_q <= src0;
    always_ff @(posedge f64_clk) begin
      f64_vcc_q <= ent.cin[{ent_pass, 4'(l)}];
      f64_s0_q <= src0;
      f64_s1_q <= src1;
      f64_s2_q <= src2;
    end
    always_ff @(posedge fpk_clk) begin
      fpk_s0_q  <= src0[31:0];
      fpk_s1_q  <= src1[31:0];
      fpk_s2_q  <= src2[31:0];
      fpk_old_q <= ent_vd[32*l +: 32];
    end
    gcn_fp_trans_lane u_fp_trans (
      .op_i   (tr_op_q),
      .src0_i (tr_s0_q),
      .abs_i  (tr_abs_q),
      .neg_i  (tr_neg_q),
      .mode_i (tr_mode_q),
      .res_o  (tr_res)
    );
    gcn_fp_lane u_fp_lane (
      .op_i        (fp_op_q),
      .gen_i       (fp_gen_q),
      .src0_i      (fp_s0_q),
      .src1_i      (fp_s1_q),
      .src2_i      (fp_s2_q),
      .old_i       (fp_old_q),
      .k_i         (fp_k_q),
      .mode_i      (fp_mode_q),
      .abs_i       (fp_abs_q),
      .neg_i       (fp_neg_q),
      .omod_i      (fp_omod_q),
      .clamp_i     (fp_clamp_q),
      .opsel_i     (fp_opsel_q),
      .vcc_i       (fp_vcc_q),
      .tr_res_i    (tr_res),
      .vcc_o       (fp_carry),
      .result_o    (fp_result),
      .supported_o (unused_fp_supported)
    );
    gcn_fp64_trans_lane u_fp64_trans (
      .op_i   (tr64_op_q),
      .src0_i (tr64_s0_q),
      .abs_i  (tr64_abs_q),
      .neg_i  (tr64_neg_q),
      .ieee_i (tr64_ieee_q),
      .res_o  (tr64_res)
    );
    gcn_fp64_lane u_fp64_lane (
      .op_i        (f64_op_q),
      .gen_i       (f64_gen_q),
      .src0_i      (f64_s0_q),
      .src1_i      (f64_s1_q),
      .src2_i      (f64_s2_q),
      .mode_i      (f64_mode_q),
      .abs_i       (f64_abs_q),
      .neg_i       (f64_neg_q),
      .omod_i      (f64_omod_q),
      .clamp_i     (f64_clamp_q),
      .vcc_i       (f64_vcc_q),
      .tr_res_i    (tr64_res),
      .vcc_o       (fp64_carry),
      .result_o    (fp64_result),
      .supported_o (fp64_supported)
    );
    gcn_valu_cmp u_cmp (
      .op_i     (int_op_q),
      .src0_i   (int_s0_q),
      .src1_i   (int_s1_q),
      .mode_i   (int_mode_q),
      .abs_i    (int_abs_q),
      .neg_i    (int_neg_q),
      .result_o (lane_cmp[l])
    );
    gcn_valu_int3 u_int3 (
      .op_i        (int_op_q),
      .src0_i      (int_s0_q),
      .src1_i      (int_s1_q),
      .src2_i      (int_s2_q),
      .clamp_i     (int_clamp_q),
      .opsel_i     (int_opsel_q[1:0]),
      .result_o    (int3_result),
      .carry_o     (int3_carry),
      .supported_o (int3_supported)
    );
    gcn_valu_pk u_pk (
      .op_i        (int_op_q),
      .src0_i      (int_s0_q[31:0]),
      .src1_i      (int_s1_q[31:0]),
      .src2_i      (int_s2_q[31:0]),
      .opsel_i     (int_opsel_q[2:0]),
      .opsel_hi_i  (int_opsel_hi_q),
      .clamp_i     (int_pkclamp_q),
      .result_o    (pk_result),
      .supported_o (pk_supported)
    );
    gcn_fp_pk u_fp_pk (                    // gcn14's float VOP3P rows (NEG_HI arrives as fabs)
      .op_i        (fpk_op_q),
      .src0_i      (fpk_s0_q),
      .src1_i      (fpk_s1_q),
      .src2_i      (fpk_s2_q),
      .old_i       (fpk_old_q),
      .mode_i      (fpk_mode_q),
      .opsel_i     (fpk_opsel_q),
      .opsel_hi_i  (fpk_opsel_hi_q),
      .neg_lo_i    (fpk_neg_q),
      .neg_hi_i    (fpk_abs_q),
      .clamp_i     (fpk_clamp_q),
      .result_o    (fpk_result),
      .supported_o (fpk_supported)
    );
    gcn_valu_int16 u_int16 (
      .gen_i       (int_gen_q),
      .op_i        (int_op_q),
      .src0_i      (int_s0_q[31:0]),
      .src1_i      (int_s1_q[31:0]),
      .src2_i      (int_s2_q[31:0]),
      .old_i       (int_old_q),
      .clamp_i     (int_clamp_q),
      .opsel_i     (int_opsel_q),
      .result_o    (int16_result),
      .supported_o (int16_supported)
    );
    gcn_valu_qsad u_qsad (
      .op_i        (int_op_q),
      .src0_i      (int_s0_q),
      .src1_i      (int_s1_q[31:0]),
      .src2_i      (int_s2_q),
      .clamp_i     (int_clamp_q),
      .half_i      (int_half_q),
      .result_o    (qsad_result),
      .supported_o (qsad_supported)
    );
    // A unit's outputs count only in a pass of its own clock (they hold its last one's).
    assign lane_result[32*l +: 32] = int_pass && pk_supported ? pk_result : fpk_pass && fpk_supported ? fpk_result :
                                     int_pass && int3_supported ? int3_result[31:0] :
                                     int_pass && int16_supported ? int16_result :
                                     int_pass && qsad_supported ? qsad_result[31:0] :
                                     f64_pass && fp64_supported ? fp64_result[31:0] :
                                     int_pass && lane_int[l] ? int_result : fp_pass ? fp_result : 32'd0;
    assign lane_result_hi[32*l +: 32] = int_pass && qsad_supported ? qsad_result[63:32] :
                                        f64_pass && fp64_supported ? fp64_result[63:32] :
                                        int_pass ? int3_result[63:32] : 32'd0;
    assign lane_carry[l] = int_pass && int3_supported ? int3_carry : (int_pass && int_carry) | (fp_pass && fp_carry) |
                           (f64_pass && fp64_carry);  // fp: v_div_scale
  end

  // EXEC of the pass; carry-out bits of inactive lanes are 0; v_readlane's value is taken
  // in the pass that holds the selected lane.
  logic [15:0] ent_exec, ent_carry;
  logic        sel_hit;
  logic [31:0] rl_value, rl_final;
  logic [63:0] carry_full;
  assign ent_exec   = ent.exec[16*ent_pass +: 16];
  assign ent_carry  = (ent.cmp ? lane_cmp : lane_carry) & ent_exec;  // the mask's bits, inactive lanes 0
  assign sel_hit    = ent.sel[5:4] == ent_pass;
  assign rl_value   = ent_s0[32*ent.sel[3:0] +: 32];
  assign rl_final   = sel_hit ? rl_value : rl_acc_q;
  assign carry_full = {ent_carry, carry_acc_q};

  gcn_core_pkg::valu_cmt_t valu_in;
  always_comb begin
    valu_in        = '0;
    valu_in.valid  = ent_valid;
    valu_in.vec_we = ent.vec_we;
    valu_in.last   = ent_pass == 2'd3 && (!ent.q128 || ent.half);  // eight passes: the second four
    valu_in.age    = ent.age;
    valu_in.pc     = ent.pc;
    valu_in.vdst   = ent.vdst;
    valu_in.pass   = ent_pass;
    if (ent.writelane) begin
      valu_in.mask  = sel_hit ? 16'd1 << ent.sel[3:0] : 16'd0;
      valu_in.lanes = {16{ent.s0_val[31:0]}};
    end else begin
      valu_in.mask     = ent_exec;
      valu_in.lanes    = lane_merged;
      valu_in.d64      = ent.d64 || ent.swap;    // v_swap_b32: SRC0's VGPR gets the old VDST
      valu_in.vdst2    = ent.swap ? ent.s0_v : ent.vdst + 8'd1;
      valu_in.lanes_hi = ent.swap ? ent_vd : lane_result_hi;
    end
    if (ent_pass == 2'd3) begin
      if (ent.co_we) begin                       // the mask, then EXEC (v_cmpx; valu.c write_mask)
        valu_in.swr_valid = {ent.exec_we, ent.exec_we, 2'b11};
        valu_in.swr_code  = {gcn_core_pkg::C_EXEC_HI, gcn_core_pkg::C_EXEC_LO, ent.co_code + 7'd1, ent.co_code};
        valu_in.swr_data  = {carry_full, carry_full};
      end else if (ent.readlane) begin
        valu_in.swr_valid = 4'b0001;
        valu_in.swr_code  = {21'd0, ent.vdst[6:0]};
        valu_in.swr_data  = {96'd0, rl_final};
      end
    end
  end
  assign rec_o = valu_in;

  // The captured instruction after this cycle: passes 1..3 enter in the next three cycles;
  // a q128 instruction (v_mqsad_u32_u8) then enters its four passes again as the second half,
  // on VGPRs vdst + 2, vdst + 3 and src2 + 2, src2 + 3 (the same ports).
  always_comb begin
    vi_d = vi_q;
    if (issue_i) begin
      vi_d      = inst_i;
      vi_d.pass = 2'd1;
    end else if (vi_q.valid) begin
      vi_d.valid = vi_q.pass != 2'd3 || (vi_q.q128 && !vi_q.half);
      vi_d.pass  = vi_q.pass + 2'd1;
      if (vi_q.pass == 2'd3 && vi_q.q128 && !vi_q.half) begin
        vi_d.half = 1'b1;
        vi_d.vdst = vi_q.vdst + 8'd2;
        vi_d.s2_v = vi_q.s2_v + 8'd2;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vi_q        <= '0;
      vi_op_q     <= gcn_isa_pkg::OP_INVALID;
      carry_acc_q <= '0;
      rl_acc_q    <= '0;
    end else begin
      vi_q <= vi_d;
      if (issue_i) vi_op_q <= op_i;
      if (ent_valid && ent_pass != 2'd3) carry_acc_q[16*ent_pass +: 16] <= ent_carry;
      if (ent_valid) rl_acc_q <= rl_final;
    end
  end

  logic unused_sigs;
  assign unused_sigs = ^{ent.valid, ent.pass, ent.dpp, ent.dpp_ctrl, ent.dpp_row_mask, ent.dpp_bank_mask,
                        ent.dpp_bound_ctrl};

endmodule
