// One lane of gcn14's packed 16-bit integer VOP3P instructions (combinational):
// v_pk_mad_i16/u16, v_pk_mul_lo_u16, v_pk_add/sub_i16/u16, v_pk_lshlrev/lshrrev/ashrrev_b16,
// v_pk_min/max_i16/u16. Semantics: exactly refmodel/src/vop3p.c (packed, pk_half): each
// 16-bit half of D is computed on its own, the low half from the source halves OP_SEL picks,
// the high half from those OP_SEL_HI picks; CLAMP saturates each half to its type (i16 /
// u16); NEG_LO/NEG_HI do nothing on integer ops (docs/semantics.md, "VOP3P").
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no package import.
module gcn_valu_pk (
  input  gcn_isa_pkg::op_e op_i,        // a packed integer VOP3P op (others: supported_o = 0)
  input  logic [31:0]      src0_i,
  input  logic [31:0]      src1_i,
  input  logic [31:0]      src2_i,
  input  logic [2:0]       opsel_i,     // OP_SEL: the half of source n the low result reads
  input  logic [2:0]       opsel_hi_i,  // OP_SEL_HI: the half the high result reads
  input  logic             clamp_i,
  output logic [31:0]      result_o,
  output logic             supported_o
);

  typedef enum logic [3:0] {
    U_NONE, U_MAD, U_MUL, U_ADD, U_SUB, U_SHL, U_SHR, U_MAX, U_MIN
  } unit_e;

  unit_e unit;
  logic  sgn;   // signed halves (i16 ops, the arithmetic shift)

  always_comb begin
    unit = U_NONE;
    sgn  = 1'b0;
    unique case (op_i)
      gcn_isa_pkg::OP_V_PK_MAD_I16:      begin unit = U_MAD; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_PK_MAD_U16:      unit = U_MAD;
      gcn_isa_pkg::OP_V_PK_MUL_LO_U16:   unit = U_MUL;
      gcn_isa_pkg::OP_V_PK_ADD_I16:      begin unit = U_ADD; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_PK_ADD_U16:      unit = U_ADD;
      gcn_isa_pkg::OP_V_PK_SUB_I16:      begin unit = U_SUB; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_PK_SUB_U16:      unit = U_SUB;
      gcn_isa_pkg::OP_V_PK_LSHLREV_B16:  unit = U_SHL;
      gcn_isa_pkg::OP_V_PK_LSHRREV_B16:  unit = U_SHR;
      gcn_isa_pkg::OP_V_PK_ASHRREV_I16:  begin unit = U_SHR; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_PK_MAX_I16:      begin unit = U_MAX; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_PK_MAX_U16:      unit = U_MAX;
      gcn_isa_pkg::OP_V_PK_MIN_I16:      begin unit = U_MIN; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_PK_MIN_U16:      unit = U_MIN;
      default:                           unit = U_NONE;
    endcase
  end

  // The exact result of one half at 34 bits signed, then saturated (CLAMP) or truncated.
  function automatic logic [15:0] pk_half(unit_e u, logic s, logic cl, logic [15:0] a, logic [15:0] b,
                                          logic [15:0] c);
    logic signed [16:0] xa, xb, xc;
    logic signed [33:0] t;
    logic [15:0]        r;
    xa = {s & a[15], a};
    xb = {s & b[15], b};
    xc = {s & c[15], c};
    t  = '0;
    r  = '0;
    unique case (u)
      U_MAD:   t = 34'(xa) * 34'(xb) + 34'(xc);
      U_ADD:   t = 34'(xa) + 34'(xb);
      U_SUB:   t = 34'(xa) - 34'(xb);
      default: t = '0;
    endcase
    unique case (u)
      U_MAD, U_ADD, U_SUB: begin
        r = t[15:0];
        if (cl && s) begin
          if (t < -34'sd32768) r = 16'h8000;
          else if (t > 34'sd32767) r = 16'h7fff;
        end else if (cl) begin
          if (t < 34'sd0) r = 16'h0000;
          else if (t > 34'sd65535) r = 16'hffff;
        end
      end
      U_MUL:   r = 16'(a * b);
      U_SHL:   r = b << a[3:0];
      U_SHR:   r = 16'($signed(xb) >>> a[3:0]);
      U_MAX:   r = (xa > xb) ? a : b;
      U_MIN:   r = (xa < xb) ? a : b;
      default: r = '0;
    endcase
    pk_half = r;
  endfunction

  function automatic logic [15:0] half(logic [31:0] x, logic sel);
    half = sel ? x[31:16] : x[15:0];
  endfunction

  assign result_o[15:0]  = pk_half(unit, sgn, clamp_i, half(src0_i, opsel_i[0]), half(src1_i, opsel_i[1]),
                                   half(src2_i, opsel_i[2]));
  assign result_o[31:16] = pk_half(unit, sgn, clamp_i, half(src0_i, opsel_hi_i[0]),
                                   half(src1_i, opsel_hi_i[1]), half(src2_i, opsel_hi_i[2]));
  assign supported_o     = unit != U_NONE;

endmodule
