// Top of the gcn_salu test under Verilator (driven by sim_main.cpp). The op comes from
// gcn_isa_pkg::decode_op of a (generation, class, opcode) taken from the C table
// (gcn_isa[]), so the C++ driver needs no SV op number, and a decode table that disagrees
// with the C table shows up as a mismatch.
module salu_tb (
  input  logic [1:0]  gen_i,       // gcn_gen of the C model (GCN10..GCN14)
  input  logic [1:0]  cls_i,       // gcn_class of the C table
  input  logic [7:0]  opcode_i,    // opcode of that class (the VOP2 field for VOP2 rows)
  input  logic [63:0] src0_i,
  input  logic [63:0] src1_i,
  input  logic [63:0] dst_i,
  input  logic        scc_i,
  input  logic [63:0] exec_i,
  input  logic [63:0] pc_i,
  output logic [63:0] result_o,
  output logic        result_we_o,
  output logic        scc_o,
  output logic        scc_we_o,
  output logic [63:0] exec_o,
  output logic        exec_we_o,
  output logic [63:0] pc_o,
  output logic        pc_we_o,
  output logic        invalid_o    // decode_op gave OP_INVALID
);
  gcn_isa_pkg::op_e op;
  assign op        = gcn_isa_pkg::decode_op(gcn_isa_pkg::gen_e'(gen_i),
                                            gcn_isa_pkg::cls_e'(cls_i), opcode_i);
  assign invalid_o = op == gcn_isa_pkg::OP_INVALID;

  gcn_salu u_salu (
    .op_i        (op),
    .src0_i      (src0_i),
    .src1_i      (src1_i),
    .dst_i       (dst_i),
    .scc_i       (scc_i),
    .exec_i      (exec_i),
    .pc_i        (pc_i),
    .result_o    (result_o),
    .result_we_o (result_we_o),
    .scc_o       (scc_o),
    .scc_we_o    (scc_we_o),
    .exec_o      (exec_o),
    .exec_we_o   (exec_we_o),
    .pc_o        (pc_o),
    .pc_we_o     (pc_we_o)
  );
endmodule
