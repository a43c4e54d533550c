// One lane of the 16-bit integer VOP3-only instructions (combinational): v_mad_u16/i16 (gcn12;
// gcn14's op_sel forms and their *_legacy_* twins), gcn14's v_min3/max3/med3_i16/u16 and
// v_add_i16/v_sub_i16, and gcn14's VOP1 v_sat_pk_u8_i16 (its SDWA and DPP forms through
// gcn_valu_sdwa / gcn_valu_dpp like every VOP1 lane). Semantics: exactly
// refmodel/src/valu_int16.c with gcn14's op_sel (valu_opsel.c): OPSEL bit n < 3 reads the high
// half of source n, bit 3 writes the 16-bit result to VDST[31:16] and keeps VDST[15:0].
// Integer CLAMP (clamp_i, decided by the issue stage) saturates the exact result to u16/i16.
// The other half of VDST is zeroed on gcn12 and by the legacy rows, and kept (old_i, VDST read
// before the op: the table's rdvdst) by gcn14's op_sel-capable rows (docs/semantics.md).
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no package import.
module gcn_valu_int16 (
  input  gcn_isa_pkg::gen_e gen_i,
  input  gcn_isa_pkg::op_e  op_i,        // a 16-bit VOP3-only op or v_sat_pk_u8_i16 (others: supported_o = 0)
  input  logic [31:0]       src0_i,      // the lane's sources
  input  logic [31:0]       src1_i,
  input  logic [31:0]       src2_i,
  input  logic [31:0]       old_i,       // VDST before the op (the half it keeps)
  input  logic              clamp_i,     // integer CLAMP in effect
  input  logic [3:0]        opsel_i,     // gcn14 OPSEL: SRC0..2 high halves, VDST high half
  output logic [31:0]       result_o,
  output logic              supported_o
);

  typedef enum logic [2:0] {U_NONE, U_MAD, U_MIN3, U_MAX3, U_MED3, U_ADDSUB, U_SATPK} unit_e;

  unit_e unit;
  logic  sgn;     // signed operands and saturation
  logic  sub;     // v_sub_i16
  always_comb begin
    unit = U_NONE;
    sgn  = 1'b0;
    sub  = 1'b0;
    unique case (op_i)
      gcn_isa_pkg::OP_V_MAD_U16,
      gcn_isa_pkg::OP_V_MAD_LEGACY_U16: unit = U_MAD;
      gcn_isa_pkg::OP_V_MAD_I16,
      gcn_isa_pkg::OP_V_MAD_LEGACY_I16: begin unit = U_MAD; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MIN3_U16:       unit = U_MIN3;
      gcn_isa_pkg::OP_V_MIN3_I16:       begin unit = U_MIN3; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MAX3_U16:       unit = U_MAX3;
      gcn_isa_pkg::OP_V_MAX3_I16:       begin unit = U_MAX3; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MED3_U16:       unit = U_MED3;
      gcn_isa_pkg::OP_V_MED3_I16:       begin unit = U_MED3; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_ADD_I16:        begin unit = U_ADDSUB; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_SUB_I16:        begin unit = U_ADDSUB; sgn = 1'b1; sub = 1'b1; end
      gcn_isa_pkg::OP_V_SAT_PK_U8_I16:  unit = U_SATPK;
      default:                          unit = U_NONE;
    endcase
  end

  // The 16-bit sources after op_sel, extended to 17 bits by the op's signedness.
  logic [15:0]        a, b, c;
  logic signed [16:0] xa, xb, xc;
  assign a  = opsel_i[0] ? src0_i[31:16] : src0_i[15:0];
  assign b  = opsel_i[1] ? src1_i[31:16] : src1_i[15:0];
  assign c  = opsel_i[2] ? src2_i[31:16] : src2_i[15:0];
  assign xa = {sgn & a[15], a};
  assign xb = {sgn & b[15], b};
  assign xc = {sgn & c[15], c};

  // ---------------------------------------------------------------- multiply-add, add/sub
  // The exact result at 34 bits signed: |S0 * S1| < 2^32, plus S2.
  logic signed [33:0] prod, mad, addsub, exact;
  assign prod   = 34'(xa) * 34'(xb);
  assign mad    = prod + 34'(xc);
  assign addsub = sub ? 34'(xa) - 34'(xb) : 34'(xa) + 34'(xb);
  assign exact  = (unit == U_MAD) ? mad : addsub;

  // CLAMP: unsigned to 0..0xffff (the sum is never negative), signed to -0x8000..0x7fff.
  logic [15:0] sat16;
  always_comb begin
    if (sgn) begin
      if (exact[33:15] == {19{exact[33]}}) sat16 = exact[15:0];
      else sat16 = exact[33] ? 16'h8000 : 16'h7fff;
    end else begin
      sat16 = (exact[33:16] != '0) ? 16'hffff : exact[15:0];
    end
  end

  // ---------------------------------------------------------------- min3, max3, med3
  // valu.h MIN3 / MAX3 / MED3 (the middle value: two equal sources give their value).
  logic [15:0] min3, max3, med3;
  logic        a_ge_b, b_ge_c, a_ge_c;
  assign min3   = (xa < xb) ? ((xa < xc) ? a : c) : ((xb < xc) ? b : c);
  assign max3   = (xa > xb) ? ((xa > xc) ? a : c) : ((xb > xc) ? b : c);
  assign a_ge_b = xa >= xb;
  assign b_ge_c = xb >= xc;
  assign a_ge_c = xa >= xc;
  assign med3   = a_ge_b ? (b_ge_c ? b : a_ge_c ? c : a) : (a_ge_c ? a : b_ge_c ? c : b);

  // ---------------------------------------------------------------- v_sat_pk_u8_i16
  // Each signed 16-bit half of S0 clamped to 0..255, packed into bits 15:0 (31:16 zero).
  function automatic logic [7:0] sat_u8(logic [15:0] x);
    sat_u8 = x[15] ? 8'd0 : (x[14:8] != '0) ? 8'hff : x[7:0];
  endfunction

  // ---------------------------------------------------------------- result, VDST halves
  logic [15:0] r16;
  logic        keep;    // gcn14's op_sel rows keep the other half of VDST
  logic        to_hi;   // ... and OP_SEL bit 3 writes the result to its high half
  always_comb begin
    unique case (unit)
      U_MAD, U_ADDSUB: r16 = clamp_i ? sat16 : exact[15:0];
      U_MIN3:          r16 = min3;
      U_MAX3:          r16 = max3;
      U_MED3:          r16 = med3;
      default:         r16 = '0;
    endcase
  end
  assign keep  = gcn_isa_pkg::op_rdvdst(gen_i, op_i);
  assign to_hi = opsel_i[3];
  always_comb begin
    if (unit == U_SATPK) result_o = {16'd0, sat_u8(src0_i[31:16]), sat_u8(src0_i[15:0])};
    else if (!keep) result_o = {16'd0, r16};
    else if (to_hi) result_o = {r16, old_i[15:0]};
    else result_o = {old_i[31:16], r16};
  end
  assign supported_o = unit != U_NONE;

  logic unused_prod;
  assign unused_prod = ^{prod[33:32]};

endmodule
