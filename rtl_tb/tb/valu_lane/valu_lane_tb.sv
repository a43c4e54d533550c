// Top of the gcn_valu_lane Verilator test (driven by valu_lane_main.cpp). The op comes from
// gcn_isa_pkg::decode_op of a (generation, class, opcode), so the C++ driver needs no SV
// op number: it passes the opcode of the C table (gcn_isa[]) and checks that the decoded
// op has the C row's flags and carry roles.
module valu_lane_tb (
  input  logic [1:0]  gen_i,       // gcn_gen of the C model (GCN10..GCN14)
  input  logic [1:0]  cls_i,       // gcn_class of the C table
  input  logic [7:0]  opcode_i,    // opcode of that class (the VOP2 field for VOP2 rows)
  input  logic [31:0] src0_i,
  input  logic [31:0] src1_i,
  input  logic [31:0] old_i,
  input  logic        cin_i,
  input  logic [5:0]  lane_i,
  input  logic        clamp_i,
  output logic [31:0] result_o,
  output logic        carry_o,
  output logic        supported_o,
  output logic        invalid_o,   // decode_op gave OP_INVALID
  output logic [15:0] flags_o,     // op_flags of the decoded op (GCN_F_* bits)
  output logic        has_ci_o,    // the op has a carry-in / select operand
  output logic        has_co_o,    // the op has a carry-out operand
  output logic        nortl_o      // gcn_isa_pkg::op_nortl: the core's list of ops the lanes lack
);

  gcn_isa_pkg::gen_e gen;
  gcn_isa_pkg::op_e  op;

  assign gen       = gcn_isa_pkg::gen_e'(gen_i);
  assign op        = gcn_isa_pkg::decode_op(gen, gcn_isa_pkg::cls_e'(cls_i), opcode_i);
  assign invalid_o = op == gcn_isa_pkg::OP_INVALID;
  assign flags_o   = gcn_isa_pkg::op_flags(op);
  assign has_ci_o  = gcn_isa_pkg::op_type_ci(op) != '0;
  assign has_co_o  = gcn_isa_pkg::op_type_co(op) != '0;
  assign nortl_o   = gcn_isa_pkg::op_nortl(op);

  gcn_valu_lane u_lane (
    .op_i       (op),
    .gen_i      (gen),
    .src0_i     (src0_i),
    .src1_i     (src1_i),
    .old_i      (old_i),
    .cin_i      (cin_i),
    .lane_i     (lane_i),
    .clamp_i    (clamp_i),
    .result_o   (result_o),
    .carry_o    (carry_o),
    .supported_o(supported_o)
  );

endmodule
