// One lane of the vector compares (combinational): the integer v_cmp_* / v_cmpx_* of VOPC and
// their VOP3 forms on i16, u16, i32, u32, i64 and u64. Semantics: exactly
// refmodel/src/valu_cmp.c: the bit is (TYPE)SRC0 REL (TYPE)SRC1, F gives 0 and T 1. The
// operand type is the row's (gcn_isa_pkg::op_type_s0), the relation the row's
// (gcn_isa_pkg::op_cmp_rel: which of less, equal, greater give 1). gcn_valu_pipe masks the
// bits with EXEC and writes them (VCC, the SGPR pair, EXEC for v_cmpx).
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no package import.
module gcn_valu_cmp (
  input  gcn_isa_pkg::op_e op_i,     // a VOPC op (others: result 0)
  input  logic [63:0]      src0_i,   // the lane's SRC0 (the high dword used by 64-bit types only)
  input  logic [63:0]      src1_i,
  output logic             result_o
);

  gcn_isa_pkg::typ_t t;
  logic [2:0]        rel;
  assign t   = gcn_isa_pkg::op_type_s0(op_i);
  assign rel = gcn_isa_pkg::op_cmp_rel(op_i);

  // Both sources extended to 65 bits by the type's width and signedness, then compared signed.
  function automatic logic signed [64:0] extend(gcn_isa_pkg::typ_t ty, logic [63:0] v);
    logic signed [64:0] r;
    r = {1'b0, v};                                               // u64
    if (ty == gcn_isa_pkg::T_I64 + gcn_isa_pkg::TYP_ONE) r = {v[63], v};
    else if (ty == gcn_isa_pkg::T_I32 + gcn_isa_pkg::TYP_ONE) r = {{33{v[31]}}, v[31:0]};
    else if (ty == gcn_isa_pkg::T_U32 + gcn_isa_pkg::TYP_ONE) r = {33'd0, v[31:0]};
    else if (ty == gcn_isa_pkg::T_I16 + gcn_isa_pkg::TYP_ONE) r = {{49{v[15]}}, v[15:0]};
    else if (ty == gcn_isa_pkg::T_U16 + gcn_isa_pkg::TYP_ONE) r = {49'd0, v[15:0]};
    extend = r;
  endfunction

  logic signed [64:0] a, b;
  assign a = extend(t, src0_i);
  assign b = extend(t, src1_i);

  assign result_o = (rel[2] && a < b) || (rel[1] && a == b) || (rel[0] && a > b);

endmodule
