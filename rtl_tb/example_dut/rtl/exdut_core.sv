// exdut_core: the example DUT of docs/retire.md, a design foreign to the reference core:
// a small unpipelined GCN 1.0/1.1 (SI/CI) ALU that runs one instruction at a time. Its
// scalar ALU takes SALU_CYCLES cycles; its 16-lane integer vector ALU runs a wave64
// instruction as four passes of PASS_CYCLES cycles (read, then write the 16 lanes), then
// writes its carry mask; an instruction fetch takes two cycles. It implements a subset of
// the ISA (exdut.cap): others retire as "unsupported" and stop it. It has its own register
// files and its own ports: a load port for the initial state, its register-file write
// ports as they happen, and a retirement port (PC, kind, instruction words).
module exdut_core
  import gcn_isa_pkg::*;
#(
  parameter int SALU_CYCLES = 3,
  parameter int PASS_CYCLES = 2
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         gen_i,          // 0 gcn10 (SI), 1 gcn11 (CI)
  input  logic         start_i,
  input  logic [63:0]  start_pc_i,
  input  logic [63:0]  end_pc_i,       // the address after the program: an implicit s_endpgm
  output logic         done_o,
  output logic         fetch_req_o,    // its data arrives in the next cycle (held one cycle)
  output logic [63:0]  fetch_addr_o,
  input  logic [63:0]  fetch_data_i,
  input  logic         ld_s_we_i,      // initial state, before start
  input  logic [6:0]   ld_s_idx_i,
  input  logic [31:0]  ld_s_data_i,
  input  logic         ld_v_we_i,
  input  logic [7:0]   ld_v_idx_i,
  input  logic [1:0]   ld_v_grp_i,
  input  logic [511:0] ld_v_data_i,
  input  logic         ld_scc_i,
  output logic [1:0]   sw_we_o,        // scalar register writes (two ports)
  output logic [13:0]  sw_idx_o,
  output logic [63:0]  sw_data_o,
  output logic         scc_we_o,
  output logic         scc_o,
  output logic         vw_we_o,        // a VGPR's 16 lanes (group vw_grp_o) written
  output logic [7:0]   vw_idx_o,
  output logic [1:0]   vw_grp_o,
  output logic [15:0]  vw_mask_o,
  output logic [511:0] vw_data_o,
  output logic         rt_valid_o,     // an instruction retires
  output logic [1:0]   rt_kind_o,      // 0 retired, 2 unsupported, 3 end
  output logic [63:0]  rt_pc_o,
  output logic [63:0]  rt_insn_o,
  output logic [1:0]   rt_nwords_o
);
  localparam logic [6:0] VCC_LO = 7'd106, EXEC_LO = 7'd126, EXEC_HI = 7'd127;

  typedef enum logic [3:0] {
    S_IDLE, S_FETCH, S_WAIT, S_DECODE, S_SALU, S_VREAD, S_VWRITE, S_VCARRY, S_RETIRE, S_DONE
  } state_e;

  state_e      state_q;
  logic [31:0] srf [128];            // scalar registers by operand code
  logic [31:0] vrf [256][64];        // VGPR, lane
  logic        scc_q;
  logic [63:0] pc_q, insn_q;
  op_e         op_q;
  logic        writes_scc_q, carry_op_q, endpgm_q, ok_q;
  logic [1:0]  nwords_q;
  logic [6:0]  sdst_q;
  logic [7:0]  vdst_q;
  logic [8:0]  src0_q, src1_q;
  logic [31:0] s0_q, s1_q;            // scalar operand values (VGPR sources read per lane)
  logic [63:0] mask_q, exec_q, carry_q;
  logic [1:0]  grp_q;
  logic [3:0]  cnt_q;
  logic [31:0] lane_res_q [16];
  logic [15:0] lane_carry_q;

  gen_e gen;
  assign gen = gen_i ? GEN_GCN11 : GEN_GCN10;

  // ------------------------------------------------------------------ decode
  logic [31:0] w0, w1;
  enc_e        enc;
  op_e         op_d;
  logic [8:0]  src0_d, src1_d, src2_d;
  logic [6:0]  sdst_d;
  logic [7:0]  vdst_d;
  logic        vop3_d, valu_d, lit_d;
  assign w0  = insn_q[31:0];
  assign w1  = insn_q[63:32];
  assign enc = enc_of(gen, w0);

  cls_e       cls_d;
  logic [7:0] opc_d;
  logic       opc_ok;
  always_comb begin
    cls_d  = CLS_SOPP;
    opc_d  = '0;
    opc_ok = 1'b1;
    src0_d = '0;
    src1_d = '0;
    src2_d = '0;
    sdst_d = '0;
    vdst_d = '0;
    vop3_d = 1'b0;
    valu_d = 1'b0;
    unique case (enc)
      ENC_SOP2: begin
        cls_d  = CLS_SOP2;
        opc_d  = {1'b0, w0[29:23]};
        sdst_d = w0[22:16];
        src0_d = {1'b0, w0[7:0]};
        src1_d = {1'b0, w0[15:8]};
      end
      ENC_SOP1: begin
        cls_d  = CLS_SOP1;
        opc_d  = w0[15:8];
        sdst_d = w0[22:16];
        src0_d = {1'b0, w0[7:0]};
      end
      ENC_SOPP: opc_d = {1'b0, w0[22:16]};
      ENC_VOP2: begin
        cls_d  = CLS_VOP2;
        opc_d  = {2'b00, w0[30:25]};
        vdst_d = w0[24:17];
        src0_d = w0[8:0];
        src1_d = {1'b1, w0[16:9]};
        src2_d = {2'b00, VCC_LO};
        sdst_d = VCC_LO;
        valu_d = 1'b1;
      end
      ENC_VOP3A, ENC_VOP3B: begin
        cls_d  = CLS_VOP2;
        opc_d  = {2'b00, w0[22:17]};
        opc_ok = {1'b0, w0[25:17]} >= VOP3_BASE && {1'b0, w0[25:17]} < VOP3_LIMIT;
        vdst_d = w0[7:0];
        sdst_d = w0[14:8];
        src0_d = w1[8:0];
        src1_d = w1[17:9];
        src2_d = w1[26:18];
        vop3_d = 1'b1;
        valu_d = 1'b1;
      end
      default: opc_ok = 1'b0;
    endcase
    op_d  = OP_INVALID;
    if (opc_ok) op_d = decode_op(gen, cls_d, opc_d);
    lit_d = !vop3_d && (src0_d == CODE_LITERAL || (!valu_d && src1_d == CODE_LITERAL));
  end

  // The instructions it implements (exdut.cap lists the same).
  function automatic logic supported(op_e op);
    unique case (op)
      OP_S_ADD_U32, OP_S_SUB_U32, OP_S_ADD_I32, OP_S_SUB_I32, OP_S_MIN_I32, OP_S_MIN_U32,
      OP_S_MAX_I32, OP_S_MAX_U32, OP_S_AND_B32, OP_S_OR_B32, OP_S_XOR_B32, OP_S_LSHL_B32,
      OP_S_LSHR_B32, OP_S_ASHR_I32, OP_S_MUL_I32, OP_S_CSELECT_B32, OP_S_MOV_B32,
      OP_S_CMOV_B32, OP_S_NOT_B32, OP_S_NOP, OP_S_ENDPGM,
      OP_V_ADD_CO_U32, OP_V_SUB_CO_U32, OP_V_SUBREV_CO_U32, OP_V_AND_B32, OP_V_OR_B32,
      OP_V_XOR_B32, OP_V_LSHLREV_B32, OP_V_LSHRREV_B32, OP_V_ASHRREV_I32, OP_V_MIN_I32,
      OP_V_MAX_I32, OP_V_MIN_U32, OP_V_MAX_U32, OP_V_MUL_I32_I24, OP_V_MUL_U32_U24,
      OP_V_CNDMASK_B32: supported = 1'b1;
      default: supported = 1'b0;
    endcase
  endfunction

  // A scalar operand's value: a scalar register, an inline constant or the literal.
  function automatic logic [31:0] sval(logic [8:0] code, logic [31:0] lit);
    logic [31:0] ival;
    ival = 32'(inline_int_value(code));
    if (code < 9'd128) return srf[code[6:0]];
    if (is_inline_int(code)) return ival;
    if (is_inline_float(gen, code)) return inline_f32(code);
    if (code == CODE_LITERAL) return lit;
    return '0;
  endfunction

  // ------------------------------------------------------------------ the ALUs
  logic [31:0] s_res;
  logic        s_flag;
  exdut_alu u_salu (
    .op_i   (op_q),
    .a_i    (s0_q),
    .b_i    (s1_q),
    .flag_i (scc_q),
    .res_o  (s_res),
    .flag_o (s_flag)
  );

  logic [31:0] v_res [16];
  logic [15:0] v_carry;
  for (genvar l = 0; l < 16; l++) begin : g_lane
    logic [5:0]  lane;
    logic [31:0] a, b;
    assign lane = {grp_q, 4'(l)};
    assign a = src0_q >= CODE_VGPR0 ? vrf[src0_q[7:0]][lane] : s0_q;
    assign b = src1_q >= CODE_VGPR0 ? vrf[src1_q[7:0]][lane] : s1_q;
    exdut_alu u_lane (
      .op_i   (op_q),
      .a_i    (a),
      .b_i    (b),
      .flag_i (mask_q[lane]),
      .res_o  (v_res[l]),
      .flag_o (v_carry[l])
    );
  end

  // Does the scalar instruction write its SDST? (s_cmov only when SCC is 1)
  logic s_we;
  assign s_we = op_q != OP_S_CMOV_B32 || scc_q;

  // ------------------------------------------------------------------ the sequence
  logic [15:0] exec_grp;
  assign exec_grp = exec_q[16*grp_q +: 16];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
      pc_q    <= '0;
      cnt_q   <= '0;
    end else begin
      unique case (state_q)
        S_IDLE: if (start_i) begin
          pc_q    <= start_pc_i;
          scc_q   <= ld_scc_i;
          state_q <= S_FETCH;
        end
        S_FETCH: state_q <= pc_q == end_pc_i ? S_RETIRE : S_WAIT;
        S_WAIT: begin
          insn_q  <= fetch_data_i;
          state_q <= S_DECODE;
        end
        S_DECODE: begin
          op_q      <= op_d;
          ok_q      <= supported(op_d);
          nwords_q  <= (vop3_d || lit_d) ? 2'd2 : 2'd1;
          sdst_q    <= sdst_d;
          vdst_q    <= vdst_d;
          src0_q    <= src0_d;
          src1_q    <= src1_d;
          s0_q      <= sval(src0_d, w1);
          s1_q      <= sval(src1_d, w1);
          mask_q    <= src2_d < 9'd128 ? {srf[src2_d[6:0] + 7'd1], srf[src2_d[6:0]]}
                                       : {{32{sval(src2_d, w1) >= 32'h80000000}}, sval(src2_d, w1)};
          exec_q    <= {srf[EXEC_HI], srf[EXEC_LO]};
          endpgm_q  <= op_d == OP_S_ENDPGM;
          writes_scc_q <= !(op_d == OP_S_MUL_I32 || op_d == OP_S_CSELECT_B32 || op_d == OP_S_MOV_B32 ||
                            op_d == OP_S_CMOV_B32);
          carry_op_q <= op_d == OP_V_ADD_CO_U32 || op_d == OP_V_SUB_CO_U32 || op_d == OP_V_SUBREV_CO_U32;
          cnt_q     <= '0;
          grp_q     <= '0;
          carry_q   <= '0;
          if (!supported(op_d) || op_d == OP_S_ENDPGM || op_d == OP_S_NOP) state_q <= S_RETIRE;
          else state_q <= valu_d ? S_VREAD : S_SALU;
        end
        S_SALU: begin
          cnt_q <= cnt_q + 4'd1;
          if (cnt_q == 4'(SALU_CYCLES - 1)) begin
            if (s_we) srf[sdst_q] <= s_res;
            if (writes_scc_q) scc_q <= s_flag;
            state_q <= S_RETIRE;
          end
        end
        S_VREAD: begin
          cnt_q <= cnt_q + 4'd1;
          if (cnt_q == 4'(PASS_CYCLES - 2)) begin
            for (int l = 0; l < 16; l++) lane_res_q[l] <= v_res[l];
            lane_carry_q <= v_carry & exec_grp;
            state_q <= S_VWRITE;
          end
        end
        S_VWRITE: begin
          for (int l = 0; l < 16; l++)
            if (exec_grp[l]) vrf[vdst_q][{grp_q, 4'(l)}] <= lane_res_q[l];
          carry_q[16*grp_q +: 16] <= lane_carry_q;
          grp_q   <= grp_q + 2'd1;
          cnt_q   <= '0;
          state_q <= grp_q == 2'd3 ? (carry_op_q ? S_VCARRY : S_RETIRE) : S_VREAD;
        end
        S_VCARRY: begin
          {srf[sdst_q + 7'd1], srf[sdst_q]} <= carry_q;
          state_q <= S_RETIRE;
        end
        S_RETIRE: begin
          pc_q    <= pc_q + 64'(4 * nwords_q);
          state_q <= (pc_q == end_pc_i || endpgm_q || !ok_q) ? S_DONE : S_FETCH;
        end
        default: ;
      endcase
      if (ld_s_we_i) srf[ld_s_idx_i] <= ld_s_data_i;
      if (ld_v_we_i)
        for (int l = 0; l < 16; l++) vrf[ld_v_idx_i][{ld_v_grp_i, 4'(l)}] <= ld_v_data_i[32*l +: 32];
    end
  end

  // ------------------------------------------------------------------ outputs
  assign done_o       = state_q == S_DONE;
  assign fetch_req_o  = state_q == S_FETCH && pc_q != end_pc_i;
  assign fetch_addr_o = pc_q;

  always_comb begin
    sw_we_o   = '0;
    sw_idx_o  = '0;
    sw_data_o = '0;
    scc_we_o  = 1'b0;
    scc_o     = s_flag;
    if (state_q == S_SALU && cnt_q == 4'(SALU_CYCLES - 1)) begin
      sw_we_o[0]      = s_we;
      sw_idx_o[6:0]   = sdst_q;
      sw_data_o[31:0] = s_res;
      scc_we_o        = writes_scc_q;
    end
    if (state_q == S_VCARRY) begin
      sw_we_o   = 2'b11;
      sw_idx_o  = {sdst_q + 7'd1, sdst_q};
      sw_data_o = carry_q;
    end
    vw_we_o   = state_q == S_VWRITE;
    vw_idx_o  = vdst_q;
    vw_grp_o  = grp_q;
    vw_mask_o = exec_grp;
    for (int l = 0; l < 16; l++) vw_data_o[32*l +: 32] = lane_res_q[l];
    rt_valid_o  = state_q == S_RETIRE;
    rt_kind_o   = (pc_q == end_pc_i || endpgm_q) ? 2'd3 : ok_q ? 2'd0 : 2'd2;
    rt_pc_o     = pc_q;
    rt_insn_o   = nwords_q == 2'd2 ? insn_q : {32'd0, insn_q[31:0]};
    rt_nwords_o = (pc_q == end_pc_i || !ok_q) ? 2'd0 : nwords_q;
  end
endmodule
