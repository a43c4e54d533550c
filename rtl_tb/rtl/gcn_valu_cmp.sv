// One lane of the vector compares (combinational): the integer v_cmp_* / v_cmpx_* of VOPC and
// their VOP3 forms on i16, u16, i32, u32, i64 and u64, and the float ones (compares, v_cmps,
// class tests on f16, f32, f64: fp/gcn_fp_cmp). Integer semantics: exactly
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
  input  logic [9:0]       mode_i,   // MODE[9:0] (float compares: the input flush)
  input  logic [1:0]       abs_i,    // VOP3 float input modifiers of SRC0 (bit 0), SRC1 (bit 1)
  input  logic [1:0]       neg_i,
  output logic             result_o
);

  gcn_isa_pkg::typ_t t;
  logic [3:0]        rel;
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

  logic int_result, fp_float, fp_result;
  assign int_result = (rel[0] && a < b) || (rel[1] && a == b) || (rel[2] && a > b);

  gcn_fp_cmp u_fp_cmp (
    .op_i     (op_i),
    .mode_i   (mode_i),
    .abs_i    (abs_i),
    .neg_i    (neg_i),
    .src0_i   (src0_i),
    .src1_i   (src1_i),
    .float_o  (fp_float),
    .result_o (fp_result)
  );

  assign result_o = fp_float ? fp_result : int_result;

  logic unused_rel;
  assign unused_rel = rel[3];  // unordered: integers have no NaN

endmodule
