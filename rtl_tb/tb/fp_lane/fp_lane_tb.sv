// Top of the gcn_fp_lane Verilator test (driven by fp_lane_main.cpp). The op comes from
// gcn_isa_pkg::decode_op of a (generation, VOP2 or VOP1 opcode), or decode_op3 of a VOP3
// opcode (the VOP3-only float rows), so the C++ driver needs no SV op number: it passes the
// opcode of the C table (gcn_isa[]). gcn_fp64_lane sits beside the lane as in the core
// (gcn_valu_pipe): its ops take the 64-bit sources (the *_hi_i dwords) and give result_hi_o.
module fp_lane_tb (
  input  logic [1:0]  gen_i,       // gcn_gen of the C model (GCN10..GCN14)
  input  logic [9:0]  opcode_i,    // VOP2 (or VOP1) opcode, or a VOP3 opcode
  input  logic        vop1_i,      // opcode_i is a VOP1 opcode
  input  logic        vop3_i,      // opcode_i is a VOP3 opcode (a VOP3-only row)
  input  logic        vop3p_i,     // opcode_i is a VOP3P opcode (gcn14: gcn_fp_pk)
  input  logic [2:0]  opsel_hi_i,  // VOP3P OP_SEL_HI (OP_SEL: opsel_i[2:0], NEG_LO: neg_i, NEG_HI: abs_i)
  input  logic [31:0] src0_i,
  input  logic [31:0] src1_i,
  input  logic [31:0] src2_i,
  input  logic [31:0] src0_hi_i,   // the high dwords of 64-bit sources (f64 ops)
  input  logic [31:0] src1_hi_i,
  input  logic [31:0] src2_hi_i,
  input  logic [31:0] old_i,
  input  logic [31:0] k_i,
  input  logic [9:0]  mode_i,
  input  logic [2:0]  abs_i,
  input  logic [2:0]  neg_i,
  input  logic [1:0]  omod_i,
  input  logic        clamp_i,
  input  logic        vcc_i,
  output logic        vcc_o,
  input  logic [3:0]  opsel_i,     // gcn14 VOP3 OP_SEL
  output logic [31:0] result_o,
  output logic [31:0] result_hi_o, // the VDST pair's high dword (f64 ops)
  output logic        supported_o
);

  gcn_isa_pkg::gen_e gen;
  gcn_isa_pkg::op_e  op;

  assign gen = gcn_isa_pkg::gen_e'(gen_i);
  assign op  = vop3p_i ? gcn_isa_pkg::decode_op(gen, gcn_isa_pkg::CLS_VOP3P, opcode_i[7:0])
             : vop3_i ? gcn_isa_pkg::decode_op3(gen, opcode_i)
             : gcn_isa_pkg::decode_op(gen, vop1_i ? gcn_isa_pkg::CLS_VOP1 : gcn_isa_pkg::CLS_VOP2, opcode_i[7:0]);

  logic [31:0] lane_result;
  logic        lane_supported, fp64_supported, fp64_vcc, lane_vcc;
  logic [63:0] fp64_result, tr64_res;
  gcn_fp64_trans_lane u_fp64_trans (
    .op_i (op), .src0_i ({src0_hi_i, src0_i}), .abs_i (abs_i[0]), .neg_i (neg_i[0]), .ieee_i (mode_i[9]),
    .res_o (tr64_res)
  );
  gcn_fp64_lane u_fp64_lane (
    .op_i        (op),
    .gen_i       (gen),
    .src0_i      ({src0_hi_i, src0_i}),
    .src1_i      ({src1_hi_i, src1_i}),
    .src2_i      ({src2_hi_i, src2_i}),
    .mode_i      (mode_i),
    .abs_i       (abs_i),
    .neg_i       (neg_i),
    .omod_i      (omod_i),
    .clamp_i     (clamp_i),
    .vcc_i       (vcc_i),
    .tr_res_i    (tr64_res),
    .vcc_o       (fp64_vcc),
    .result_o    (fp64_result),
    .supported_o (fp64_supported)
  );
  assign result_hi_o = fp64_result[63:32];

  logic [31:0] tr_res;
  gcn_fp_trans_lane u_trans (
    .op_i (op), .src0_i (src0_i), .abs_i (abs_i[0]), .neg_i (neg_i[0]), .mode_i (mode_i), .res_o (tr_res)
  );
  gcn_fp_lane u_lane (
    .op_i        (op),
    .gen_i       (gen),
    .src0_i      (src0_i),
    .src1_i      (src1_i),
    .src2_i      (src2_i),
    .old_i       (old_i),
    .k_i         (k_i),
    .mode_i      (mode_i),
    .abs_i       (abs_i),
    .neg_i       (neg_i),
    .omod_i      (omod_i),
    .clamp_i     (clamp_i),
    .vcc_i       (vcc_i),
    .vcc_o       (lane_vcc),
    .opsel_i     (opsel_i),
    .tr_res_i    (tr_res),
    .result_o    (lane_result),
    .supported_o (lane_supported)
  );
  logic [31:0] pk_result;
  logic        pk_supported;
  gcn_fp_pk u_pk (
    .op_i (op), .src0_i (src0_i), .src1_i (src1_i), .src2_i (src2_i), .old_i (old_i), .mode_i (mode_i),
    .opsel_i (opsel_i[2:0]), .opsel_hi_i (opsel_hi_i), .neg_lo_i (neg_i), .neg_hi_i (abs_i),
    .clamp_i (clamp_i), .result_o (pk_result), .supported_o (pk_supported)
  );
  assign result_o    = vop3p_i ? pk_result : fp64_supported ? fp64_result[31:0] : lane_result;
  assign supported_o = vop3p_i ? pk_supported : fp64_supported || lane_supported;
  assign vcc_o       = fp64_supported ? fp64_vcc : lane_vcc;

endmodule
