// One lane of the integer VOP3-only instructions (combinational): bit fields, aligns,
// three-operand min/max/med, the multiplies and multiply-adds (24-, 16- and 32-bit sources,
// 64-bit accumulators with a carry-out), SAD, perm, lerp, gcn14's three-operand adds and
// logic and its VOP3 v_add_i32/v_sub_i32, and the 64-bit shifts. Semantics: exactly
// refmodel/src/valu_int3.c (vop3_int, vop3_int_clamped) with integer CLAMP (clamp_i: the
// table's iclamp on gcn12/gcn14, already decided by the issue stage) saturating the exact
// result to D's type, and gcn14's op_sel (valu_opsel.c) on the 16-bit sources.
//
// The datapath is a few shared units: one 33 x 33 signed multiplier with a 68-bit
// accumulator (every multiply and multiply-add), a 32-bit three-input adder, a 64-bit
// shifter, a comparator network (min3/max3/med3) and the byte SAD network; the decode table
// below says which unit gives the result and how its operands are formed.
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no package import.
module gcn_valu_int3 (
  input  gcn_isa_pkg::op_e  op_i,        // a VOP3-only integer op (others: supported_o = 0)
  input  logic [63:0]       src0_i,      // the lane's sources (high dwords: 64-bit types only)
  input  logic [63:0]       src1_i,
  input  logic [63:0]       src2_i,
  input  logic              clamp_i,     // integer CLAMP in effect
  input  logic [1:0]        opsel_i,     // gcn14 OPSEL bits of SRC0, SRC1: read the high half
  output logic [63:0]       result_o,    // D (the high dword: 64-bit results only)
  output logic              carry_o,     // the carry-out bit (v_mad_u64_u32 / v_mad_i64_i32)
  output logic              supported_o
);

  typedef enum logic [4:0] {
    U_NONE,
    U_MAD,      // the multiplier and accumulator (mul, mad, mad64)
    U_MULHI,    // bits 63:32 of the product
    U_BFE,
    U_BFI,
    U_LERP,
    U_ALIGN,    // {S0, S1} >> amount
    U_MIN3,
    U_MAX3,
    U_MED3,
    U_SAD,      // SAD network + S2 (clamped as u32)
    U_PERM,
    U_ADD3,     // the three-input adder: X + Y + S2 (xad, lshl_add, add3)
    U_ADDSHL,   // (S0 + S1) << S2
    U_LSHLOR,
    U_ANDOR,
    U_OR3,
    U_ADDSUB,   // v_add_i32 / v_sub_i32 (signed, clamp at the i32 range)
    U_SHL64,
    U_SHR64     // logical or arithmetic (sgn)
  } unit_e;

  // Multiplier operand widths.
  typedef enum logic [1:0] {W32, W24, W16} mw_e;
  // SAD kinds.
  typedef enum logic [2:0] {SAD_U8, SAD_HI_U8, SAD_U16, SAD_U32, MSAD_U8} sad_e;
  // The accumulator's addend and the result's saturation.
  typedef enum logic [2:0] {R_LO32, R_U32, R_I32, R_U64, R_I64} res_e;

  unit_e unit;
  mw_e   mw;
  sad_e  sad;
  res_e  rk;        // result kind: the MAD unit's width and CLAMP saturation
  logic  sgn;       // signed operands (multiplier, min/max/med, bfe, arithmetic shift)
  logic  acc;       // the multiplier adds S2
  logic  rev;       // 64-bit shifts: the amount is S0, the value S1
  logic  sub;       // v_sub_i32
  logic  xor_in;    // U_ADD3: X = S0 ^ S1 (v_xad_u32)
  logic  shl_in;    // U_ADD3: X = S0 << S1 (v_lshl_add_u32), Y = 0
  logic  byte_al;   // U_ALIGN: the amount is (S2 & 3) * 8

  always_comb begin
    unit    = U_NONE;
    mw      = W32;
    sad     = SAD_U8;
    rk      = R_LO32;
    sgn     = 1'b0;
    acc     = 1'b0;
    rev     = 1'b0;
    sub     = 1'b0;
    xor_in  = 1'b0;
    shl_in  = 1'b0;
    byte_al = 1'b0;
    unique case (op_i)
      gcn_isa_pkg::OP_V_MAD_I32_I24:   begin unit = U_MAD; mw = W24; sgn = 1'b1; acc = 1'b1; rk = R_I32; end
      gcn_isa_pkg::OP_V_MAD_U32_U24:   begin unit = U_MAD; mw = W24; acc = 1'b1; rk = R_U32; end
      gcn_isa_pkg::OP_V_MAD_U32_U16:   begin unit = U_MAD; mw = W16; acc = 1'b1; rk = R_U32; end
      gcn_isa_pkg::OP_V_MAD_I32_I16:   begin unit = U_MAD; mw = W16; sgn = 1'b1; acc = 1'b1; rk = R_I32; end
      gcn_isa_pkg::OP_V_MAD_U64_U32:   begin unit = U_MAD; acc = 1'b1; rk = R_U64; end
      gcn_isa_pkg::OP_V_MAD_I64_I32:   begin unit = U_MAD; sgn = 1'b1; acc = 1'b1; rk = R_I64; end
      gcn_isa_pkg::OP_V_MUL_LO_U32,
      gcn_isa_pkg::OP_V_MUL_LO_I32:    unit = U_MAD;
      gcn_isa_pkg::OP_V_MUL_HI_U32:    unit = U_MULHI;
      gcn_isa_pkg::OP_V_MUL_HI_I32:    begin unit = U_MULHI; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_BFE_U32:       unit = U_BFE;
      gcn_isa_pkg::OP_V_BFE_I32:       begin unit = U_BFE; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_BFI_B32:       unit = U_BFI;
      gcn_isa_pkg::OP_V_LERP_U8:       unit = U_LERP;
      gcn_isa_pkg::OP_V_ALIGNBIT_B32:  unit = U_ALIGN;
      gcn_isa_pkg::OP_V_ALIGNBYTE_B32: begin unit = U_ALIGN; byte_al = 1'b1; end
      gcn_isa_pkg::OP_V_MIN3_I32:      begin unit = U_MIN3; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MIN3_U32:      unit = U_MIN3;
      gcn_isa_pkg::OP_V_MAX3_I32:      begin unit = U_MAX3; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MAX3_U32:      unit = U_MAX3;
      gcn_isa_pkg::OP_V_MED3_I32:      begin unit = U_MED3; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_MED3_U32:      unit = U_MED3;
      gcn_isa_pkg::OP_V_SAD_U8:        unit = U_SAD;
      gcn_isa_pkg::OP_V_SAD_HI_U8:     begin unit = U_SAD; sad = SAD_HI_U8; end
      gcn_isa_pkg::OP_V_SAD_U16:       begin unit = U_SAD; sad = SAD_U16; end
      gcn_isa_pkg::OP_V_SAD_U32:       begin unit = U_SAD; sad = SAD_U32; end
      gcn_isa_pkg::OP_V_MSAD_U8:       begin unit = U_SAD; sad = MSAD_U8; end
      gcn_isa_pkg::OP_V_PERM_B32:      unit = U_PERM;
      gcn_isa_pkg::OP_V_XAD_U32:       begin unit = U_ADD3; xor_in = 1'b1; end
      gcn_isa_pkg::OP_V_LSHL_ADD_U32:  begin unit = U_ADD3; shl_in = 1'b1; end
      gcn_isa_pkg::OP_V_ADD3_U32:      unit = U_ADD3;
      gcn_isa_pkg::OP_V_ADD_LSHL_U32:  unit = U_ADDSHL;
      gcn_isa_pkg::OP_V_LSHL_OR_B32:   unit = U_LSHLOR;
      gcn_isa_pkg::OP_V_AND_OR_B32:    unit = U_ANDOR;
      gcn_isa_pkg::OP_V_OR3_B32:       unit = U_OR3;
      gcn_isa_pkg::OP_V_ADD_I32:       unit = U_ADDSUB;
      gcn_isa_pkg::OP_V_SUB_I32:       begin unit = U_ADDSUB; sub = 1'b1; end
      gcn_isa_pkg::OP_V_LSHL_B64:      unit = U_SHL64;
      gcn_isa_pkg::OP_V_LSHR_B64:      unit = U_SHR64;
      gcn_isa_pkg::OP_V_ASHR_I64:      begin unit = U_SHR64; sgn = 1'b1; end
      gcn_isa_pkg::OP_V_LSHLREV_B64:   begin unit = U_SHL64; rev = 1'b1; end
      gcn_isa_pkg::OP_V_LSHRREV_B64:   begin unit = U_SHR64; rev = 1'b1; end
      gcn_isa_pkg::OP_V_ASHRREV_I64:   begin unit = U_SHR64; rev = 1'b1; sgn = 1'b1; end
      default:                         unit = U_NONE;
    endcase
  end

  logic [31:0] a, b, c;
  assign a = src0_i[31:0];
  assign b = src1_i[31:0];
  assign c = src2_i[31:0];

  // ---------------------------------------------------------------- multiplier, accumulator
  // Both factors at 33 bits signed, extended by the op's width and signedness (the 16-bit
  // sources after op_sel); the addend S2 at 68 bits by D's type; the sum exact.
  logic [15:0]        a16, b16;
  logic signed [32:0] mx, my;
  logic signed [65:0] prod;
  logic        [63:0] prod64;
  logic signed [67:0] addend, sum;
  assign a16 = opsel_i[0] ? a[31:16] : a[15:0];
  assign b16 = opsel_i[1] ? b[31:16] : b[15:0];
  always_comb begin
    unique case (mw)
      W24:     begin mx = {{9{sgn & a[23]}}, a[23:0]}; my = {{9{sgn & b[23]}}, b[23:0]}; end
      W16:     begin mx = {{17{sgn & a16[15]}}, a16}; my = {{17{sgn & b16[15]}}, b16}; end
      default: begin mx = {sgn & a[31], a}; my = {sgn & b[31], b}; end
    endcase
    unique case (rk)
      R_U64:   addend = {4'd0, src2_i};
      R_I64:   addend = {{4{src2_i[63]}}, src2_i};
      R_I32:   addend = {{36{c[31]}}, c};
      default: addend = {36'd0, c};
    endcase
    if (!acc) addend = '0;
  end
  // The product fits in 64 bits (signed factors below 2^31 in magnitude, unsigned ones
  // below 2^32): a 64-bit multiply, extended by the signedness (a 66-bit one simulated as
  // a wide-word loop).
  assign prod64 = 64'(mx) * 64'(my);
  assign prod   = sgn ? 66'($signed(prod64)) : 66'(prod64);
  assign sum  = 68'(prod) + addend;

  // CLAMP saturations of the exact sum.
  function automatic logic [31:0] sat_u32(logic signed [67:0] x);
    sat_u32 = (x[67:32] != '0) ? 32'hffff_ffff : x[31:0];   // x >= 0 here
  endfunction
  function automatic logic [31:0] sat_i32(logic signed [67:0] x);
    if (x[67:31] == {37{x[67]}}) sat_i32 = x[31:0];
    else sat_i32 = x[67] ? 32'h8000_0000 : 32'h7fff_ffff;
  endfunction
  function automatic logic [63:0] sat_i64(logic signed [67:0] x);
    if (x[67:63] == {5{x[67]}}) sat_i64 = x[63:0];
    else sat_i64 = x[67] ? 64'h8000_0000_0000_0000 : 64'h7fff_ffff_ffff_ffff;
  endfunction

  logic [63:0] mad_res;
  always_comb begin
    unique case (rk)
      R_U32:   mad_res = {32'd0, clamp_i ? sat_u32(sum) : sum[31:0]};
      R_I32:   mad_res = {32'd0, clamp_i ? sat_i32(sum) : sum[31:0]};
      R_U64:   mad_res = (clamp_i && sum[64]) ? 64'hffff_ffff_ffff_ffff : sum[63:0];
      R_I64:   mad_res = clamp_i ? sat_i64(sum) : sum[63:0];
      default: mad_res = {32'd0, sum[31:0]};
    endcase
  end

  // ---------------------------------------------------------------- bit field extract
  // Length 0 gives 0; an offset + length reaching bit 32 extracts up to bit 31.
  logic [4:0]  bfe_off, bfe_len;
  logic [5:0]  bfe_end;
  logic [31:0] bfe_sh, bfe_res;
  logic [32:0] bfe_ext;
  assign bfe_off = b[4:0];
  assign bfe_len = c[4:0];
  assign bfe_end = {1'b0, bfe_off} + {1'b0, bfe_len};
  assign bfe_ext = {sgn & a[31], a};
  assign bfe_sh  = 32'($signed(bfe_ext) >>> bfe_off);
  always_comb begin
    if (bfe_len == '0) bfe_res = '0;
    else if (bfe_end[5]) bfe_res = bfe_sh;
    else bfe_res = (bfe_sh & ~(32'hffff_ffff << bfe_len)) |
                   ((sgn & bfe_sh[bfe_len - 5'd1]) ? (32'hffff_ffff << bfe_len) : 32'd0);
  end

  // ---------------------------------------------------------------- lerp, align, perm
  logic [31:0] lerp_res, perm_res;
  logic [63:0] al_q;
  logic [4:0]  al_amt;
  logic [8:0]  lerp_s [4];
  for (genvar i = 0; i < 4; i++) begin : g_lerp
    assign lerp_s[i]          = {1'b0, a[8*i +: 8]} + {1'b0, b[8*i +: 8]} + {8'd0, c[8*i]};
    assign lerp_res[8*i +: 8] = lerp_s[i][8:1];
  end
  assign al_amt = byte_al ? {c[1:0], 3'b000} : c[4:0];
  assign al_q   = {a, b} >> al_amt;
  logic [63:0] perm_q;
  assign perm_q = {a, b};
  for (genvar i = 0; i < 4; i++) begin : g_perm
    logic [7:0] sel;
    assign sel = c[8*i +: 8];
    assign perm_res[8*i +: 8] = (sel >= 8'd13) ? 8'hff :
                                (sel == 8'd12) ? 8'h00 :
                                (sel >= 8'd8)  ? {8{perm_q[{sel[1:0], 4'hf}]}} :
                                                 perm_q[{sel[2:0], 3'b000} +: 8];
  end

  // ---------------------------------------------------------------- min3, max3, med3
  // The model's MIN3/MAX3/MED3 (valu.h) on 33-bit extended values; MED3 is the middle value
  // (two equal sources give their value).
  logic signed [32:0] xa, xb, xc;
  logic [31:0] min3_res, max3_res, med3_res;
  assign xa = {sgn & a[31], a};
  assign xb = {sgn & b[31], b};
  assign xc = {sgn & c[31], c};
  assign min3_res = (xa < xb) ? ((xa < xc) ? a : c) : ((xb < xc) ? b : c);
  assign max3_res = (xa > xb) ? ((xa > xc) ? a : c) : ((xb > xc) ? b : c);
  assign med3_res = (xa >= xb) ? ((xb >= xc) ? b : (xa >= xc) ? c : a)
                               : ((xa >= xc) ? a : (xb >= xc) ? c : b);

  // ---------------------------------------------------------------- SAD
  function automatic logic [8:0] absdiff8(logic [7:0] x, logic [7:0] y);
    absdiff8 = (x > y) ? {1'b0, x - y} : {1'b0, y - x};
  endfunction
  logic [31:0] sad_val;
  logic [32:0] sad_sum;
  logic [10:0] sad8, msad8;
  logic [16:0] sad16;
  always_comb begin
    sad8  = '0;
    msad8 = '0;
    for (int i = 0; i < 4; i++) begin
      sad8 = sad8 + 11'(absdiff8(a[8*i +: 8], b[8*i +: 8]));
      if (b[8*i +: 8] != 8'd0) msad8 = msad8 + 11'(absdiff8(a[8*i +: 8], b[8*i +: 8]));
    end
    sad16 = ((a[15:0] > b[15:0]) ? 17'(a[15:0] - b[15:0]) : 17'(b[15:0] - a[15:0])) +
            ((a[31:16] > b[31:16]) ? 17'(a[31:16] - b[31:16]) : 17'(b[31:16] - a[31:16]));
    unique case (sad)
      SAD_HI_U8: sad_val = {5'd0, sad8, 16'd0};
      SAD_U16:   sad_val = {15'd0, sad16};
      SAD_U32:   sad_val = (a > b) ? a - b : b - a;
      MSAD_U8:   sad_val = {21'd0, msad8};
      default:   sad_val = {21'd0, sad8};
    endcase
  end
  assign sad_sum = {1'b0, sad_val} + {1'b0, c};

  // ---------------------------------------------------------------- adders, logic
  logic [31:0] add3_x, add3_y, add3_res, addshl_res;
  logic signed [32:0] as_sum;
  assign add3_x     = xor_in ? (a ^ b) : shl_in ? (a << b[4:0]) : a;
  assign add3_y     = (xor_in | shl_in) ? 32'd0 : b;
  assign add3_res   = add3_x + add3_y + c;
  assign addshl_res = (a + b) << c[4:0];
  assign as_sum     = sub ? (33'(signed'(a)) - 33'(signed'(b))) : (33'(signed'(a)) + 33'(signed'(b)));

  // ---------------------------------------------------------------- 64-bit shifts
  logic [63:0] sh_val;
  logic [5:0]  sh_amt;
  logic [64:0] sh_ext;
  assign sh_val = rev ? src1_i : src0_i;
  assign sh_amt = rev ? a[5:0] : b[5:0];
  assign sh_ext = {sgn & sh_val[63], sh_val};

  // ---------------------------------------------------------------- result
  logic [63:0] res;
  always_comb begin
    res = '0;
    unique case (unit)
      U_MAD:    res = mad_res;
      U_MULHI:  res = {32'd0, prod[63:32]};
      U_BFE:    res = {32'd0, bfe_res};
      U_BFI:    res = {32'd0, (a & b) | (~a & c)};
      U_LERP:   res = {32'd0, lerp_res};
      U_ALIGN:  res = {32'd0, al_q[31:0]};
      U_MIN3:   res = {32'd0, min3_res};
      U_MAX3:   res = {32'd0, max3_res};
      U_MED3:   res = {32'd0, med3_res};
      U_SAD:    res = {32'd0, (clamp_i && sad_sum[32]) ? 32'hffff_ffff : sad_sum[31:0]};
      U_PERM:   res = {32'd0, perm_res};
      U_ADD3:   res = {32'd0, add3_res};
      U_ADDSHL: res = {32'd0, addshl_res};
      U_LSHLOR: res = {32'd0, (a << b[4:0]) | c};
      U_ANDOR:  res = {32'd0, (a & b) | c};
      U_OR3:    res = {32'd0, a | b | c};
      U_ADDSUB: res = {32'd0, clamp_i ? sat_i32(68'(as_sum)) : as_sum[31:0]};
      U_SHL64:  res = sh_val << sh_amt;
      U_SHR64:  res = 64'($signed(sh_ext) >>> sh_amt);
      default:  res = '0;
    endcase
  end

  assign result_o    = res;
  assign carry_o     = (rk == R_U64 || rk == R_I64) & sum[64];
  assign supported_o = unit != U_NONE;

  logic unused_prod;
  assign unused_prod = ^{prod[65:64], sum[67:65], bfe_end[4:0], al_q[63:32]};

endmodule
