// One lane of the float compares (combinational): v_cmp/v_cmpx (and gcn10/11's v_cmps/v_cmpsx)
// with the 16 relations on f16, f32 and f64, and v_cmp[x]_class. Classification only, no
// arithmetic. Semantics: exactly refmodel/src/fp_cmp.c (gcn_fp_cmp, gcn_fp_class) as
// refmodel/src/valu_float.c calls them:
//   - each source masked to its type's width, then VOP3 abs (clear the sign) and neg (flip it)
//     on the float-typed sources (class: SRC0 only, its SRC1 mask is u32);
//   - a compare reads its operands input-flushed by the type's MODE denorm field (f32:
//     MODE[5:4], f16 and f64: MODE[7:6]; bit 0 clear flushes): a denormal is a zero of its
//     sign; a NaN operand gives the relation's unordered bit; -0 == +0;
//   - class tests SRC0 unflushed (gcn_semantics.md 8.9): bit k of SRC1 names sNaN, qNaN,
//     -inf, -normal, -denormal, -0, +0, +denormal, +normal, +inf (k = 0..9).
// The relation is the table's (@symbols relation, gcn_isa_pkg::op_cmp_rel); signalling
// (v_cmps) changes nothing observable without traps (docs/float.md).
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no package import.
module gcn_fp_cmp (
  input  gcn_isa_pkg::op_e op_i,
  input  logic [9:0]       mode_i,   // MODE[9:0] of the instruction
  input  logic [1:0]       abs_i,    // VOP3 ABS of SRC0 (bit 0), SRC1 (bit 1)
  input  logic [1:0]       neg_i,
  input  logic [63:0]      src0_i,   // the lane's sources (64-bit types use the high dword)
  input  logic [63:0]      src1_i,
  output logic             float_o,  // a float compare or class test (result_o is its bit)
  output logic             result_o
);

  gcn_isa_pkg::typ_t t0;
  logic       f16, f64, cls;
  logic [3:0] rel;
  assign t0    = gcn_isa_pkg::op_type_s0(op_i);
  assign f16   = t0 == gcn_isa_pkg::T_F16 + gcn_isa_pkg::TYP_ONE;
  assign f64   = t0 == gcn_isa_pkg::T_F64 + gcn_isa_pkg::TYP_ONE;
  assign float_o = f16 || f64 || t0 == gcn_isa_pkg::T_F32 + gcn_isa_pkg::TYP_ONE;
  assign cls   = gcn_isa_pkg::op_cmp_class(op_i);
  assign rel   = gcn_isa_pkg::op_cmp_rel(op_i);

  // The fields of each operand (gcn_fp_cmp_unpack.sv).
  logic        a_sign, a_nan, a_snan, a_inf, a_den, b_sign, b_nan, b_snan, b_inf, b_den;
  logic [62:0] a_mag, b_mag;
  gcn_fp_cmp_unpack u_a (
    .x_i (src0_i), .f16_i (f16), .f64_i (f64), .mods_i (float_o), .abs_i (abs_i[0]), .neg_i (neg_i[0]),
    .sign_o (a_sign), .nan_o (a_nan), .snan_o (a_snan), .inf_o (a_inf), .den_o (a_den), .mag_o (a_mag)
  );
  gcn_fp_cmp_unpack u_b (
    .x_i (src1_i), .f16_i (f16), .f64_i (f64), .mods_i (!cls), .abs_i (abs_i[1]), .neg_i (neg_i[1]),
    .sign_o (b_sign), .nan_o (b_nan), .snan_o (b_snan), .inf_o (b_inf), .den_o (b_den), .mag_o (b_mag)
  );

  // The compare: input flush by the type's MODE field, then the IEEE order.
  logic        flush;
  logic [62:0] ma, mb;
  logic        lt, eq, gt;
  assign flush = !(f16 || f64 ? mode_i[6] : mode_i[4]);
  assign ma    = (flush && a_den) ? 63'd0 : a_mag;
  assign mb    = (flush && b_den) ? 63'd0 : b_mag;
  always_comb begin
    lt = 1'b0;
    eq = 1'b0;
    gt = 1'b0;
    if (ma == 63'd0 && mb == 63'd0) eq = 1'b1;
    else if (a_sign != b_sign) begin
      lt = a_sign;
      gt = !a_sign;
    end else if (ma == mb) eq = 1'b1;
    else if ((ma < mb) != a_sign) lt = 1'b1;
    else gt = 1'b1;
  end

  // The class of SRC0, unflushed: its bit number k.
  logic [3:0] k;
  logic       zero0;
  assign zero0 = a_mag == 63'd0;
  always_comb begin
    if (a_nan) k = a_snan ? 4'd0 : 4'd1;
    else if (a_inf) k = a_sign ? 4'd2 : 4'd9;
    else if (zero0) k = a_sign ? 4'd5 : 4'd6;
    else if (a_den) k = a_sign ? 4'd4 : 4'd7;
    else k = a_sign ? 4'd3 : 4'd8;
  end

  logic unord;                       // a NaN operand: the relation's unordered bit decides
  assign unord = a_nan || b_nan;
  always_comb begin
    if (cls) result_o = src1_i[6'(k)];
    else if (unord) result_o = rel[3];
    else result_o = (rel[0] && lt) || (rel[1] && eq) || (rel[2] && gt);
  end

  logic unused_sigs;
  assign unused_sigs = ^{b_snan, b_inf, mode_i[9:7], mode_i[5], mode_i[3:0]};

endmodule
