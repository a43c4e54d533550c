// One lane of the integer vector ALU (combinational): the integer, bitwise, shift, carry,
// CNDMASK, MBCNT/BCNT, 16-bit integer and integer-conversion VOP2 ops, and the VOP1 moves
// and bit ops (v_mov, v_not, v_bfrev, v_ffbh, v_ffbl; v_movrel*/v_swap move S0, the issue
// stage picks their VGPRs; v_screen_partition_4se_b32's table). Semantics: exactly
// refmodel/src/valu.c (integer_op), valu_lane.c (v_mov_b32), valu_int3.c (the VOP1 bit ops)
// and docs/semantics.md ("Vector ALU"). Float ops, the lane ops (readlane, writelane,
// readfirstlane), v_nop and the compares (gcn_valu_cmp) are not handled here (supported_o = 0).
//
// The datapath is a few shared units (adder, 25x25 multiplier, shifter, comparator,
// population count); the decode table below says, per op, which unit gives the result and
// how its operands are formed.
//
// The package is named in full (gcn_isa_pkg::...) instead of imported: yosys 0.23, used
// for the synthesis check, parses neither `import` nor a package import in the module
// header. The ports are those of docs/rtl.md.
module gcn_valu_lane (
  input  gcn_isa_pkg::op_e  op_i,       // a VOP2 or VOP1 op
  input  gcn_isa_pkg::gen_e gen_i,
  input  logic [31:0]       src0_i,     // the lane's SRC0 (inline constants already expanded)
  input  logic [31:0]       src1_i,
  input  logic [31:0]       old_i,      // the lane's VDST before (16-bit ops keeping bits 31:16)
  input  logic              cin_i,      // the lane's carry-in / select bit (VCC or SRC2)
  input  logic [5:0]        lane_i,     // lane number 0..63 (v_mbcnt)
  input  logic              clamp_i,    // integer CLAMP in effect (gcn12/gcn14 iclamp ops)
  output logic [31:0]       result_o,
  output logic              carry_o,    // carry/borrow out (carry ops)
  output logic              supported_o // 0 for float ops and lane ops (readlane/writelane)
);

  // The unit whose output is the result.
  typedef enum logic [4:0] {
    U_NONE,     // not an integer VOP2 op: supported_o = 0, result 0
    U_CNDMASK,  // CC ? S1 : S0
    U_ADD,      // adder: add/sub with carry/borrow in and out, integer clamp
    U_MUL_LO,   // bits 31:0 of the 24 x 24 product
    U_MUL_HI,   // bits 63:32 of the 24 x 24 product
    U_MIN,
    U_MAX,
    U_SHL,
    U_SHR,      // logical or arithmetic (sgn)
    U_AND,
    U_OR,
    U_XOR,
    U_BFM,      // ((1 << X[4:0]) - 1) << Y[4:0]
    U_BCNT,     // popcount(X & cnt_mask) + Y
    U_PK_U16,   // {sat_u16(S1), sat_u16(S0)}
    U_PK_I16,   // {sat_i16(S1), sat_i16(S0)}
    U_MOV,      // S0 (v_mov_b32)
    U_NOT,      // ~S0
    U_BFREV,    // S0 bit-reversed
    U_FFBH,     // leading zeros of S0 (sgn: of S0 or ~S0, whichever has bit 31 clear), -1 for none
    U_FFBL,     // trailing zeros of S0, -1 for 0
    U_LUT       // v_screen_partition_4se_b32: the table's entry S0[7:0] (gcn_isa.tab @symbols lut)
  } unit_e;

  // ---------------------------------------------------------------- decode
  unit_e       unit;
  logic        rev;       // operands reversed: X = S1, Y = S0 (the *REV ops)
  logic        sub;       // the adder subtracts: X - Y - carry-in
  logic        cin_en;    // the adder takes the carry-in (ADDC/SUBB/SUBBREV)
  logic        co;        // carry_o is the adder's carry/borrow out (the carry-out ops)
  logic        half;      // 16-bit op: low halves of the sources, result zero-extended
  logic        sgn;       // signed operands (i24 multiply, i32/i16 min/max, arithmetic shift)
  logic [31:0] cnt_mask;  // bits of S0 that the population count sees
  logic [63:0] below;     // the lanes below this one (v_mbcnt)

  assign below = ~(64'hffff_ffff_ffff_ffff << lane_i);

  always_comb begin
    unit     = U_NONE;
    rev      = 1'b0;
    sub      = 1'b0;
    cin_en   = 1'b0;
    co       = 1'b0;
    half     = 1'b0;
    sgn      = 1'b0;
    cnt_mask = 32'hffff_ffff;
    unique case (op_i)
      gcn_isa_pkg::OP_V_CNDMASK_B32:      unit = U_CNDMASK;
      gcn_isa_pkg::OP_V_MUL_I32_I24:      begin unit = U_MUL_LO; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MUL_HI_I32_I24:   begin unit = U_MUL_HI; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MUL_U32_U24:      unit = U_MUL_LO;
      gcn_isa_pkg::OP_V_MUL_HI_U32_U24:   unit = U_MUL_HI;
      gcn_isa_pkg::OP_V_MIN_I32:          begin unit = U_MIN; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MAX_I32:          begin unit = U_MAX; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MIN_U32:          unit = U_MIN;
      gcn_isa_pkg::OP_V_MAX_U32:          unit = U_MAX;
      gcn_isa_pkg::OP_V_LSHR_B32:         unit = U_SHR;
      gcn_isa_pkg::OP_V_LSHRREV_B32:      begin unit = U_SHR; rev = 1'b1; end
      gcn_isa_pkg::OP_V_ASHR_I32:         begin unit = U_SHR; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_ASHRREV_I32:      begin unit = U_SHR; sgn = 1'b1; rev = 1'b1; end
      gcn_isa_pkg::OP_V_LSHL_B32:         unit = U_SHL;
      gcn_isa_pkg::OP_V_LSHLREV_B32:      begin unit = U_SHL; rev = 1'b1; end
      gcn_isa_pkg::OP_V_AND_B32:          unit = U_AND;
      gcn_isa_pkg::OP_V_OR_B32:           unit = U_OR;
      gcn_isa_pkg::OP_V_XOR_B32:          unit = U_XOR;
      gcn_isa_pkg::OP_V_BFM_B32:          unit = U_BFM;
      gcn_isa_pkg::OP_V_BCNT_U32_B32:     unit = U_BCNT;
      gcn_isa_pkg::OP_V_MBCNT_LO_U32_B32: begin unit = U_BCNT; cnt_mask = below[31:0]; end
      gcn_isa_pkg::OP_V_MBCNT_HI_U32_B32: begin unit = U_BCNT; cnt_mask = below[63:32]; end
      gcn_isa_pkg::OP_V_ADD_CO_U32:       begin unit = U_ADD; co = 1'b1; end
      gcn_isa_pkg::OP_V_SUB_CO_U32:       begin unit = U_ADD; co = 1'b1; sub = 1'b1; end
      gcn_isa_pkg::OP_V_SUBREV_CO_U32:    begin unit = U_ADD; co = 1'b1; sub = 1'b1; rev = 1'b1; end
      gcn_isa_pkg::OP_V_ADDC_CO_U32:      begin unit = U_ADD; co = 1'b1; cin_en = 1'b1; end
      gcn_isa_pkg::OP_V_SUBB_CO_U32:      begin
        unit = U_ADD; co = 1'b1; cin_en = 1'b1; sub = 1'b1;
      end
      gcn_isa_pkg::OP_V_SUBBREV_CO_U32:   begin
        unit = U_ADD; co = 1'b1; cin_en = 1'b1; sub = 1'b1; rev = 1'b1;
      end
      gcn_isa_pkg::OP_V_ADD_U32:          unit = U_ADD;  // gcn14: no carry-out
      gcn_isa_pkg::OP_V_SUB_U32:          begin unit = U_ADD; sub = 1'b1; end
      gcn_isa_pkg::OP_V_SUBREV_U32:       begin unit = U_ADD; sub = 1'b1; rev = 1'b1; end
      gcn_isa_pkg::OP_V_CVT_PK_U16_U32:   unit = U_PK_U16;
      gcn_isa_pkg::OP_V_CVT_PK_I16_I32:   unit = U_PK_I16;
      gcn_isa_pkg::OP_V_ADD_U16:          begin unit = U_ADD; half = 1'b1; end
      gcn_isa_pkg::OP_V_SUB_U16:          begin unit = U_ADD; half = 1'b1; sub = 1'b1; end
      gcn_isa_pkg::OP_V_SUBREV_U16:       begin
        unit = U_ADD; half = 1'b1; sub = 1'b1; rev = 1'b1;
      end
      gcn_isa_pkg::OP_V_MUL_LO_U16:       begin unit = U_MUL_LO; half = 1'b1; end
      gcn_isa_pkg::OP_V_LSHLREV_B16:      begin unit = U_SHL; half = 1'b1; rev = 1'b1; end
      gcn_isa_pkg::OP_V_LSHRREV_B16:      begin unit = U_SHR; half = 1'b1; rev = 1'b1; end
      gcn_isa_pkg::OP_V_ASHRREV_I16:      begin
        unit = U_SHR; half = 1'b1; rev = 1'b1; sgn = 1'b1;
      end
      gcn_isa_pkg::OP_V_MAX_U16:          begin unit = U_MAX; half = 1'b1; end
      gcn_isa_pkg::OP_V_MAX_I16:          begin unit = U_MAX; half = 1'b1; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MIN_U16:          begin unit = U_MIN; half = 1'b1; end
      gcn_isa_pkg::OP_V_MIN_I16:          begin unit = U_MIN; half = 1'b1; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MOV_B32:          unit = U_MOV;
      gcn_isa_pkg::OP_V_NOT_B32:          unit = U_NOT;
      gcn_isa_pkg::OP_V_BFREV_B32:        unit = U_BFREV;
      gcn_isa_pkg::OP_V_FFBH_U32:         unit = U_FFBH;
      gcn_isa_pkg::OP_V_FFBH_I32:         begin unit = U_FFBH; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_FFBL_B32:         unit = U_FFBL;
      // The moves whose VGPRs the issue stage chooses (gcn_valu_movrel): the lane moves S0.
      gcn_isa_pkg::OP_V_MOVRELS_B32, gcn_isa_pkg::OP_V_MOVRELD_B32, gcn_isa_pkg::OP_V_MOVRELSD_B32,
      gcn_isa_pkg::OP_V_SWAP_B32:         unit = U_MOV;
      gcn_isa_pkg::OP_V_SCREEN_PARTITION_4SE_B32: unit = U_LUT;
      default:                            unit = U_NONE;
    endcase
  end

  // ---------------------------------------------------------------- operands
  // X and Y in the op's order (Y is the shift amount of shifts), and both extended to 33
  // bits by the op's width and signedness: a 16-bit op sees the low halves only.
  logic        [31:0] x, y;
  logic signed [32:0] x_ext, y_ext;

  assign x     = rev ? src1_i : src0_i;
  assign y     = rev ? src0_i : src1_i;
  assign x_ext = half ? {{17{sgn & x[15]}}, x[15:0]} : {sgn & x[31], x};
  assign y_ext = half ? {{17{sgn & y[15]}}, y[15:0]} : {sgn & y[31], y};

  // Integer CLAMP exists on gcn12/gcn14 only (the model's clamp_int).
  logic clamp;
  assign clamp = clamp_i & ((gen_i == gcn_isa_pkg::GEN_GCN12) | (gen_i == gcn_isa_pkg::GEN_GCN14));

  // ---------------------------------------------------------------- adder
  // Unsigned (sgn = 0 for every adder op), so x_ext/y_ext are zero-extended and bit 32 of
  // the 33-bit sum is the carry (add) or the borrow (sub: X - Y - CC < 0). A 16-bit add
  // carries into bit 16. CLAMP saturates at 0xFFFFFFFF (0xFFFF) on a carry and at 0 on a
  // borrow; the carry-out is the unclamped one.
  logic        add_c;
  logic [32:0] add_sum;
  logic        add_ovf;
  logic [31:0] add_res;

  assign add_c   = cin_en & cin_i;
  assign add_sum = sub ? 33'(x_ext - y_ext - 33'(add_c)) : 33'(x_ext + y_ext + 33'(add_c));
  assign add_ovf = (half & ~sub) ? add_sum[16] : add_sum[32];
  assign add_res = (clamp & add_ovf) ? {32{~sub}} : add_sum[31:0];

  // ---------------------------------------------------------------- multiplier
  // 25 x 25 signed: the 24-bit sources sign- (i24) or zero-extended (u24). The product
  // fits 49 bits signed, so bits 63:32 of the 64-bit product are bits 49:32 extended.
  // v_mul_lo_u16 uses the low 16 bits of the u24 product, which depend only on the low
  // halves of the sources.
  logic signed [24:0] mul_x, mul_y;
  logic signed [49:0] mul_p;
  logic        [31:0] mul_hi;

  assign mul_x  = {sgn & x[23], x[23:0]};
  assign mul_y  = {sgn & y[23], y[23:0]};
  assign mul_p  = 50'(mul_x) * 50'(mul_y);
  assign mul_hi = {{14{mul_p[49]}}, mul_p[49:32]};

  // ---------------------------------------------------------------- shifter
  // Amount Y[4:0] (Y[3:0] for 16-bit ops). A right shift shifts x_ext, whose bit 32 is the
  // fill bit (the sign for arithmetic shifts); the low 16 bits of a left shift depend only
  // on the low half, so 16-bit left shifts use X as it is.
  logic [4:0]  sh_amt;
  logic [31:0] shl_res, shr_res;

  assign sh_amt  = half ? {1'b0, y[3:0]} : y[4:0];
  assign shl_res = x << sh_amt;
  assign shr_res = 32'(x_ext >>> sh_amt);

  // ---------------------------------------------------------------- comparator
  logic x_lt_y, y_lt_x;

  assign x_lt_y = x_ext < y_ext;
  assign y_lt_x = y_ext < x_ext;

  // ---------------------------------------------------------------- population count
  logic [31:0] cnt_in;
  logic [5:0]  cnt;

  assign cnt_in = x & cnt_mask;

  always_comb begin
    cnt = '0;
    for (int unsigned i = 0; i < 32; i++) begin
      cnt = cnt + 6'(cnt_in[i]);
    end
  end

  // ---------------------------------------------------------------- bit scans
  // v_ffbh_u32 / v_ffbh_i32 / v_ffbl_b32 (valu_int3.c): the position found, -1 when no bit is
  // set; v_ffbh_i32 scans ~S0 when S0 is negative. v_bfrev_b32 reverses the 32 bits.
  logic [31:0] scan_in, ffbh_res, ffbl_res, brev_res;
  assign scan_in = (sgn & x[31]) ? ~x : x;
  always_comb begin
    ffbh_res = 32'hffff_ffff;
    ffbl_res = 32'hffff_ffff;
    for (int i = 0; i < 32; i++) begin
      if (scan_in[i]) ffbh_res = 32'(31 - i);        // the highest set bit wins
      if (x[31 - i]) ffbl_res = 32'(31 - i);         // the lowest set bit wins
      brev_res[31 - i] = x[i];
    end
  end

  // ---------------------------------------------------------------- packing
  // Unsigned saturation to 16 bits (v_cvt_pk_u16_u32).
  function automatic logic [15:0] sat_u16(logic [31:0] v);
    sat_u16 = (|v[31:16]) ? 16'hffff : v[15:0];
  endfunction

  // Signed saturation to [-0x8000, 0x7FFF] (v_cvt_pk_i16_i32).
  function automatic logic [15:0] sat_i16(logic [31:0] v);
    sat_i16 = (v[31:15] == {17{v[31]}}) ? v[15:0] : {v[31], {15{~v[31]}}};
  endfunction

  // ---------------------------------------------------------------- result
  logic [31:0] res;

  always_comb begin
    res = '0;
    unique case (unit)
      U_CNDMASK: res = cin_i ? src1_i : src0_i;
      U_ADD:     res = add_res;
      U_MUL_LO:  res = mul_p[31:0];
      U_MUL_HI:  res = mul_hi;
      U_MIN:     res = x_lt_y ? x : y;
      U_MAX:     res = y_lt_x ? x : y;
      U_SHL:     res = shl_res;
      U_SHR:     res = shr_res;
      U_AND:     res = x & y;
      U_OR:      res = x | y;
      U_XOR:     res = x ^ y;
      U_BFM:     res = ~(32'hffff_ffff << x[4:0]) << y[4:0];
      U_BCNT:    res = y + 32'(cnt);
      U_PK_U16:  res = {sat_u16(src1_i), sat_u16(src0_i)};
      U_PK_I16:  res = {sat_i16(src1_i), sat_i16(src0_i)};
      U_MOV:     res = x;
      U_NOT:     res = ~x;
      U_BFREV:   res = brev_res;
      U_FFBH:    res = ffbh_res;
      U_FFBL:    res = ffbl_res;
      U_LUT:     res = 32'(gcn_isa_pkg::lut_screen_partition_4se(x[7:0]));
      default:   res = '0;
    endcase
  end

  // A 16-bit result zeroes the upper half of VDST (docs/semantics.md, "Vector ALU").
  assign result_o    = half ? {16'h0000, res[15:0]} : res;
  assign carry_o     = co & add_sum[32];
  assign supported_o = unit != U_NONE;

  // old_i serves ops that keep VDST's upper half; every integer op either writes all 32
  // bits or zeroes the upper half, so no op here reads it (Verilator's default
  // -unused-regexp "*unused*" exempts this sink from UNUSEDSIGNAL).
  logic unused_old;
  assign unused_old = ^old_i;

endmodule
