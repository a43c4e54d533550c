// gcnref: the scalar ALU (SOP1 and SOP2), combinational.
//
// Semantics: exactly refmodel/src/salu.c and docs/semantics.md ("Scalar ALU"); each case
// arm of the result block below is the matching case of salu.c. Interface: docs/rtl.md.
//
// Not done here (the core does them, they need the register file by index, M0 or the
// control stack): s_movrels/movreld_*, s_cbranch_g_fork, s_cbranch_join,
// s_set_gpr_idx_idx, and the not-modelled s_rfe_b64/s_rfe_restore_b64. For those, for
// OP_INVALID and for every non-scalar op the module drives no write.
//
// Outputs are meaningful only with their write enable; without it they are 0. A 32-bit
// destination gets its value in result_o[31:0] with result_o[63:32] = 0. 32-bit sources
// are read from src*_i[31:0] only (the upper half is ignored).
//
// Yosys 0.23 parses neither a package import in the module header nor one in the module
// body, so the port list of docs/rtl.md is written with package-qualified names
// (gcn_isa_pkg::op_e) and every op is named gcn_isa_pkg::OP_*; the ports are the same.
module gcn_salu (
  input  gcn_isa_pkg::op_e op_i,        // a SOP1/SOP2 op (OP_INVALID: no effect)
  input  logic [63:0]      src0_i,      // SSRC0 value, already extended per operand type
  input  logic [63:0]      src1_i,      // SSRC1 value
  input  logic [63:0]      dst_i,       // current SDST value (s_cmov_*, s_bitset*)
  input  logic             scc_i,
  input  logic [63:0]      exec_i,
  input  logic [63:0]      pc_i,        // address of this instruction
  output logic [63:0]      result_o,    // the SDST value (low 32 bits for 32-bit destinations)
  output logic             result_we_o, // SDST written (s_cmov with SCC = 0: not written)
  output logic             scc_o,
  output logic             scc_we_o,
  output logic [63:0]      exec_o,      // new EXEC (saveexec, wrexec)
  output logic             exec_we_o,
  output logic [63:0]      pc_o,        // new PC (s_setpc, s_swappc)
  output logic             pc_we_o
);

  // ------------------------------------------------------------------ operands
  logic [31:0] s0_lo, s1_lo, dst_lo;
  assign s0_lo  = src0_i[31:0];
  assign s1_lo  = src1_i[31:0];
  assign dst_lo = dst_i[31:0];

  // Wiring only: bit reversal, whole-quad mode, quad mask, bit replication.
  logic [63:0] s0_rev, s0_wqm, s0_rep;
  logic [15:0] s0_quad;
  for (genvar i = 0; i < 64; i++) begin : g_rev
    assign s0_rev[i] = src0_i[63 - i];
  end
  for (genvar i = 0; i < 16; i++) begin : g_quad
    assign s0_quad[i]            = |src0_i[4 * i +: 4];
    assign s0_wqm[4 * i +: 4]    = {4{s0_quad[i]}};
  end
  for (genvar i = 0; i < 32; i++) begin : g_rep
    assign s0_rep[2 * i +: 2] = {2{s0_lo[i]}};
  end

  // ------------------------------------------------------------------ steering
  // One of each wide unit (32-bit adder, 64-bit right and left shifters, low-bit mask
  // generator, bit scanner, population count, 33x33 multiplier) serves every op that
  // needs it; this block chooses their inputs. Defaults: the adder computes S0 - S1.
  logic [31:0] add_a, add_b;     // adder: add_a + add_b + add_cin
  logic        add_cin;
  logic        add_hi;           // s_lshlN_add: S0 bits shifted out above bit 31
  logic [63:0] rsh_in;           // right shifter: rsh_in >> rsh_amt
  logic        rsh_arith;        //   arithmetic (fill with rsh_in[63])
  logic [5:0]  rsh_amt;
  logic [63:0] lsh_in;           // left shifter: lsh_in << lsh_amt ...
  logic        lsh_of_mask;      //   ... or mask << lsh_amt (s_bfm)
  logic [5:0]  lsh_amt;
  logic [6:0]  mask_w;           // mask generator: mask_w low ones, saturating at 64
  logic [63:0] scan_in;          // bit scanner: index of the lowest set bit
  logic [63:0] cnt_in;           // population count
  logic        mul_signed;       // multiplier: signed (s_mul_hi_i32) or unsigned operands
  logic        neg_of_s0;        // absolute value of S0 (s_abs_i32), else of the difference

  always_comb begin
    add_a       = s0_lo;
    add_b       = ~s1_lo;
    add_cin     = 1'b1;
    add_hi      = 1'b0;
    rsh_in      = src0_i;
    rsh_arith   = 1'b0;
    rsh_amt     = src1_i[5:0];
    lsh_in      = src0_i;
    lsh_of_mask = 1'b0;
    lsh_amt     = src1_i[5:0];
    mask_w      = src1_i[22:16];
    scan_in     = src0_i;
    cnt_in      = src0_i;
    mul_signed  = 1'b0;
    neg_of_s0   = 1'b0;
    unique case (op_i)
      gcn_isa_pkg::OP_S_ADD_U32,
      gcn_isa_pkg::OP_S_ADD_I32: begin
        add_b   = s1_lo;
        add_cin = 1'b0;
      end
      gcn_isa_pkg::OP_S_ADDC_U32: begin
        add_b   = s1_lo;
        add_cin = scc_i;
      end
      gcn_isa_pkg::OP_S_SUBB_U32: add_cin = ~scc_i;
      gcn_isa_pkg::OP_S_LSHL1_ADD_U32: begin
        add_a   = {s0_lo[30:0], 1'b0};
        add_b   = s1_lo;
        add_cin = 1'b0;
        add_hi  = s0_lo[31];
      end
      gcn_isa_pkg::OP_S_LSHL2_ADD_U32: begin
        add_a   = {s0_lo[29:0], 2'b0};
        add_b   = s1_lo;
        add_cin = 1'b0;
        add_hi  = |s0_lo[31:30];
      end
      gcn_isa_pkg::OP_S_LSHL3_ADD_U32: begin
        add_a   = {s0_lo[28:0], 3'b0};
        add_b   = s1_lo;
        add_cin = 1'b0;
        add_hi  = |s0_lo[31:29];
      end
      gcn_isa_pkg::OP_S_LSHL4_ADD_U32: begin
        add_a   = {s0_lo[27:0], 4'b0};
        add_b   = s1_lo;
        add_cin = 1'b0;
        add_hi  = |s0_lo[31:28];
      end
      gcn_isa_pkg::OP_S_LSHR_B32,
      gcn_isa_pkg::OP_S_BFE_U32: begin
        rsh_in  = {32'b0, s0_lo};
        rsh_amt = {1'b0, src1_i[4:0]};
      end
      gcn_isa_pkg::OP_S_ASHR_I32,
      gcn_isa_pkg::OP_S_BFE_I32: begin
        rsh_in    = {{32{s0_lo[31]}}, s0_lo};
        rsh_arith = 1'b1;
        rsh_amt   = {1'b0, src1_i[4:0]};
      end
      gcn_isa_pkg::OP_S_ASHR_I64,
      gcn_isa_pkg::OP_S_BFE_I64: rsh_arith = 1'b1;
      gcn_isa_pkg::OP_S_LSHL_B32: begin
        lsh_in  = {32'b0, s0_lo};
        lsh_amt = {1'b0, src1_i[4:0]};
      end
      gcn_isa_pkg::OP_S_BFM_B32: begin
        mask_w      = {2'b0, s0_lo[4:0]};
        lsh_of_mask = 1'b1;
        lsh_amt     = {1'b0, src1_i[4:0]};
      end
      gcn_isa_pkg::OP_S_BFM_B64: begin
        mask_w      = {1'b0, src0_i[5:0]};
        lsh_of_mask = 1'b1;
      end
      gcn_isa_pkg::OP_S_BITSET0_B32,
      gcn_isa_pkg::OP_S_BITSET1_B32: begin
        lsh_in  = 64'd1;
        lsh_amt = {1'b0, s0_lo[4:0]};
      end
      gcn_isa_pkg::OP_S_BITSET0_B64,
      gcn_isa_pkg::OP_S_BITSET1_B64: begin
        lsh_in  = 64'd1;
        lsh_amt = src0_i[5:0];
      end
      gcn_isa_pkg::OP_S_MUL_HI_I32: mul_signed = 1'b1;
      gcn_isa_pkg::OP_S_ABS_I32: neg_of_s0 = 1'b1;
      // Find-first and leading-bit counts are all "lowest set bit" of a transformed S0:
      // FF0 scans ~S0, FLBIT scans the reversed S0, FLBIT_I32* the reversed S0 ^ sign.
      // 32-bit forms scan a zero-extended word, so "none found" gives -1 as in salu.c.
      gcn_isa_pkg::OP_S_FF1_I32_B32:   scan_in = {32'b0, s0_lo};
      gcn_isa_pkg::OP_S_FF0_I32_B32:   scan_in = {32'b0, ~s0_lo};
      gcn_isa_pkg::OP_S_FF0_I32_B64:   scan_in = ~src0_i;
      gcn_isa_pkg::OP_S_FLBIT_I32_B32: scan_in = {32'b0, s0_rev[63:32]};
      gcn_isa_pkg::OP_S_FLBIT_I32_B64: scan_in = s0_rev;
      gcn_isa_pkg::OP_S_FLBIT_I32:     scan_in = {32'b0, s0_rev[63:32] ^ {32{s0_lo[31]}}};
      gcn_isa_pkg::OP_S_FLBIT_I32_I64: scan_in = s0_rev ^ {64{src0_i[63]}};
      gcn_isa_pkg::OP_S_BCNT1_I32_B32: cnt_in = {32'b0, s0_lo};
      gcn_isa_pkg::OP_S_BCNT0_I32_B32: cnt_in = {32'b0, ~s0_lo};
      gcn_isa_pkg::OP_S_BCNT0_I32_B64: cnt_in = ~src0_i;
      default: ;
    endcase
  end

  // ------------------------------------------------------------------ shared units
  // 32-bit adder with carry out, signed overflow and the comparisons of S0 - S1.
  logic [32:0] sum;
  logic        add_ovf, lt_u, lt_s, eq;
  assign sum     = {1'b0, add_a} + {1'b0, add_b} + {32'b0, add_cin};
  assign add_ovf = (add_a[31] == add_b[31]) && (sum[31] != add_a[31]);
  assign lt_u    = ~sum[32];         // borrow of S0 - S1
  assign lt_s    = sum[31] ^ add_ovf;
  assign eq      = s0_lo == s1_lo;

  // Absolute value (two's complement; 0x80000000 stays 0x80000000).
  logic [31:0] neg_in, abs_val;
  assign neg_in  = neg_of_s0 ? s0_lo : sum[31:0];
  assign abs_val = neg_in[31] ? 32'd0 - neg_in : neg_in;

  // Right shifter: logical or arithmetic, 65 bits wide so that the fill is the sign.
  logic [64:0] rsh_full;
  logic [63:0] rsh_out;
  logic        unused_rsh;
  assign rsh_full   = $signed({rsh_arith & rsh_in[63], rsh_in}) >>> rsh_amt;
  assign rsh_out    = rsh_full[63:0];
  assign unused_rsh = rsh_full[64];

  // Mask of mask_w low ones, all ones for mask_w >= 64 (docs/semantics.md: S_BFE widths).
  logic [63:0] mask;
  assign mask = ~({64{1'b1}} << mask_w);

  logic [63:0] lsh_out;
  assign lsh_out = (lsh_of_mask ? mask : lsh_in) << lsh_amt;

  // S_BFE: (S0 >> offset) & mask(width); the _I forms sign-extend from bit width - 1 when
  // 0 < width < the operand width (width 0 gives 0, a larger width the plain shift).
  logic        bfe_signed, bfe_wide, bfe_ext;
  logic [6:0]  bfe_w;
  logic [63:0] bfe_val;
  assign bfe_w      = src1_i[22:16];
  assign bfe_signed = (op_i == gcn_isa_pkg::OP_S_BFE_I32) || (op_i == gcn_isa_pkg::OP_S_BFE_I64);
  assign bfe_wide   = (op_i == gcn_isa_pkg::OP_S_BFE_U64) || (op_i == gcn_isa_pkg::OP_S_BFE_I64);
  assign bfe_ext    = bfe_signed && (bfe_w != 7'd0) && (bfe_w < (bfe_wide ? 7'd64 : 7'd32)) &&
                      rsh_out[bfe_w[5:0] - 6'd1];
  assign bfe_val    = (rsh_out & mask) | (bfe_ext ? ~mask : 64'd0);

  // Multiplier: 33 x 33 bits signed, so that one array serves the signed and unsigned forms.
  logic signed [32:0] mul_a, mul_b;
  logic signed [65:0] prod;
  logic [1:0]         unused_prod;
  assign mul_a       = {mul_signed & s0_lo[31], s0_lo};
  assign mul_b       = {mul_signed & s1_lo[31], s1_lo};
  assign prod        = mul_a * mul_b;
  assign unused_prod = prod[65:64];

  // Bit scanner: index of the lowest set bit of scan_in, or -1 when none is set.
  logic [5:0]  scan_idx;
  logic        scan_found;
  logic [31:0] scan_val;
  always_comb begin
    scan_idx   = '0;
    scan_found = 1'b0;
    for (int i = 63; i >= 0; i--) begin
      if (scan_in[i]) begin
        scan_idx   = 6'(i);
        scan_found = 1'b1;
      end
    end
  end
  assign scan_val = scan_found ? {26'b0, scan_idx} : 32'hFFFF_FFFF;

  // Population count.
  logic [6:0] cnt;
  always_comb begin
    cnt = '0;
    for (int i = 0; i < 64; i++) begin
      cnt = cnt + 7'(cnt_in[i]);
    end
  end

  // ------------------------------------------------------------------ results
  // Each arm writes SDST (result_o/result_we_o) and says how SCC is set: scc_nz means
  // SCC = (result != 0). Every EXEC write (saveexec, wrexec) sets SCC = (EXEC != 0).
  logic scc_nz;

  always_comb begin
    result_o    = '0;
    result_we_o = 1'b0;
    scc_o       = 1'b0;
    scc_we_o    = 1'b0;
    exec_o      = '0;
    exec_we_o   = 1'b0;
    pc_o        = '0;
    pc_we_o     = 1'b0;
    scc_nz      = 1'b0;
    unique case (op_i)
      // ---------------------------------------------------------------- SOP2
      gcn_isa_pkg::OP_S_ADD_U32,
      gcn_isa_pkg::OP_S_ADDC_U32: begin
        result_o    = {32'b0, sum[31:0]};
        result_we_o = 1'b1;
        scc_o       = sum[32];
        scc_we_o    = 1'b1;
      end
      gcn_isa_pkg::OP_S_SUB_U32,
      gcn_isa_pkg::OP_S_SUBB_U32: begin
        result_o    = {32'b0, sum[31:0]};
        result_we_o = 1'b1;
        scc_o       = ~sum[32];    // borrow: S1 (+ SCC) > S0
        scc_we_o    = 1'b1;
      end
      gcn_isa_pkg::OP_S_ADD_I32,
      gcn_isa_pkg::OP_S_SUB_I32: begin
        result_o    = {32'b0, sum[31:0]};
        result_we_o = 1'b1;
        scc_o       = add_ovf;
        scc_we_o    = 1'b1;
      end
      gcn_isa_pkg::OP_S_MIN_I32: begin
        result_o    = {32'b0, lt_s ? s0_lo : s1_lo};
        result_we_o = 1'b1;
        scc_o       = lt_s;
        scc_we_o    = 1'b1;
      end
      gcn_isa_pkg::OP_S_MIN_U32: begin
        result_o    = {32'b0, lt_u ? s0_lo : s1_lo};
        result_we_o = 1'b1;
        scc_o       = lt_u;
        scc_we_o    = 1'b1;
      end
      gcn_isa_pkg::OP_S_MAX_I32: begin
        result_o    = {32'b0, (!lt_s && !eq) ? s0_lo : s1_lo};
        result_we_o = 1'b1;
        scc_o       = !lt_s && !eq;
        scc_we_o    = 1'b1;
      end
      gcn_isa_pkg::OP_S_MAX_U32: begin
        result_o    = {32'b0, (!lt_u && !eq) ? s0_lo : s1_lo};
        result_we_o = 1'b1;
        scc_o       = !lt_u && !eq;
        scc_we_o    = 1'b1;
      end
      gcn_isa_pkg::OP_S_CSELECT_B32: begin
        result_o    = {32'b0, scc_i ? s0_lo : s1_lo};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_CSELECT_B64: begin
        result_o    = scc_i ? src0_i : src1_i;
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_AND_B32: begin
        result_o    = {32'b0, s0_lo & s1_lo};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_AND_B64: begin
        result_o    = src0_i & src1_i;
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_OR_B32: begin
        result_o    = {32'b0, s0_lo | s1_lo};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_OR_B64: begin
        result_o    = src0_i | src1_i;
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_XOR_B32: begin
        result_o    = {32'b0, s0_lo ^ s1_lo};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_XOR_B64: begin
        result_o    = src0_i ^ src1_i;
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_ANDN2_B32: begin
        result_o    = {32'b0, s0_lo & ~s1_lo};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_ANDN2_B64: begin
        result_o    = src0_i & ~src1_i;
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_ORN2_B32: begin
        result_o    = {32'b0, s0_lo | ~s1_lo};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_ORN2_B64: begin
        result_o    = src0_i | ~src1_i;
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_NAND_B32: begin
        result_o    = {32'b0, ~(s0_lo & s1_lo)};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_NAND_B64: begin
        result_o    = ~(src0_i & src1_i);
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_NOR_B32: begin
        result_o    = {32'b0, ~(s0_lo | s1_lo)};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_NOR_B64: begin
        result_o    = ~(src0_i | src1_i);
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_XNOR_B32: begin
        result_o    = {32'b0, ~(s0_lo ^ s1_lo)};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_XNOR_B64: begin
        result_o    = ~(src0_i ^ src1_i);
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_LSHL_B32: begin
        result_o    = {32'b0, lsh_out[31:0]};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_LSHL_B64: begin
        result_o    = lsh_out;
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_LSHR_B32,
      gcn_isa_pkg::OP_S_ASHR_I32: begin
        result_o    = {32'b0, rsh_out[31:0]};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_LSHR_B64,
      gcn_isa_pkg::OP_S_ASHR_I64: begin
        result_o    = rsh_out;
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_BFM_B32: begin
        result_o    = {32'b0, lsh_out[31:0]};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_BFM_B64: begin
        result_o    = lsh_out;
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_MUL_I32: begin
        result_o    = {32'b0, prod[31:0]};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_BFE_U32,
      gcn_isa_pkg::OP_S_BFE_I32: begin
        result_o    = {32'b0, bfe_val[31:0]};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_BFE_U64,
      gcn_isa_pkg::OP_S_BFE_I64: begin
        result_o    = bfe_val;
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_ABSDIFF_I32: begin // |S0 - S1|, the difference taken modulo 2^32
        result_o    = {32'b0, abs_val};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_MUL_HI_U32,
      gcn_isa_pkg::OP_S_MUL_HI_I32: begin
        result_o    = {32'b0, prod[63:32]};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_LSHL1_ADD_U32,
      gcn_isa_pkg::OP_S_LSHL2_ADD_U32,
      gcn_isa_pkg::OP_S_LSHL3_ADD_U32,
      gcn_isa_pkg::OP_S_LSHL4_ADD_U32: begin // SCC = ((S0 << n) + S1) >> 32 != 0
        result_o    = {32'b0, sum[31:0]};
        result_we_o = 1'b1;
        scc_o       = sum[32] | add_hi;
        scc_we_o    = 1'b1;
      end
      gcn_isa_pkg::OP_S_PACK_LL_B32_B16: begin
        result_o    = {32'b0, s1_lo[15:0], s0_lo[15:0]};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_PACK_LH_B32_B16: begin
        result_o    = {32'b0, s1_lo[31:16], s0_lo[15:0]};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_PACK_HH_B32_B16: begin
        result_o    = {32'b0, s1_lo[31:16], s0_lo[31:16]};
        result_we_o = 1'b1;
      end

      // ---------------------------------------------------------------- SOP1
      gcn_isa_pkg::OP_S_MOV_B32,
      gcn_isa_pkg::OP_S_MOV_REGRD_B32,
      gcn_isa_pkg::OP_S_MOV_FED_B32: begin
        result_o    = {32'b0, s0_lo};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_MOV_B64: begin
        result_o    = src0_i;
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_CMOV_B32: begin
        result_o    = {32'b0, s0_lo};
        result_we_o = scc_i;
      end
      gcn_isa_pkg::OP_S_CMOV_B64: begin
        result_o    = src0_i;
        result_we_o = scc_i;
      end
      gcn_isa_pkg::OP_S_NOT_B32: begin
        result_o    = {32'b0, ~s0_lo};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_NOT_B64: begin
        result_o    = ~src0_i;
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_WQM_B32: begin
        result_o    = {32'b0, s0_wqm[31:0]};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_WQM_B64: begin
        result_o    = s0_wqm;
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_BREV_B32: begin // the reverse of the low word is the top of s0_rev
        result_o    = {32'b0, s0_rev[63:32]};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_BREV_B64: begin
        result_o    = s0_rev;
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_BCNT0_I32_B32,
      gcn_isa_pkg::OP_S_BCNT0_I32_B64,
      gcn_isa_pkg::OP_S_BCNT1_I32_B32,
      gcn_isa_pkg::OP_S_BCNT1_I32_B64: begin
        result_o    = {57'b0, cnt};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_FF0_I32_B32,
      gcn_isa_pkg::OP_S_FF0_I32_B64,
      gcn_isa_pkg::OP_S_FF1_I32_B32,
      gcn_isa_pkg::OP_S_FF1_I32_B64,
      gcn_isa_pkg::OP_S_FLBIT_I32_B32,
      gcn_isa_pkg::OP_S_FLBIT_I32_B64,
      gcn_isa_pkg::OP_S_FLBIT_I32,
      gcn_isa_pkg::OP_S_FLBIT_I32_I64: begin
        result_o    = {32'b0, scan_val};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_SEXT_I32_I8: begin
        result_o    = {32'b0, {24{s0_lo[7]}}, s0_lo[7:0]};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_SEXT_I32_I16: begin
        result_o    = {32'b0, {16{s0_lo[15]}}, s0_lo[15:0]};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_BITSET0_B32: begin
        result_o    = {32'b0, dst_lo & ~lsh_out[31:0]};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_BITSET0_B64: begin
        result_o    = dst_i & ~lsh_out;
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_BITSET1_B32: begin
        result_o    = {32'b0, dst_lo | lsh_out[31:0]};
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_BITSET1_B64: begin
        result_o    = dst_i | lsh_out;
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_GETPC_B64: begin
        result_o    = pc_i + 64'd4;
        result_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_SETPC_B64: begin
        pc_o    = src0_i;
        pc_we_o = 1'b1;
      end
      gcn_isa_pkg::OP_S_SWAPPC_B64: begin
        result_o    = pc_i + 64'd4;
        result_we_o = 1'b1;
        pc_o        = src0_i;
        pc_we_o     = 1'b1;
      end
      // S_*_SAVEEXEC: D = old EXEC, EXEC = f(S0, EXEC).
      gcn_isa_pkg::OP_S_AND_SAVEEXEC_B64: begin
        result_o    = exec_i;
        result_we_o = 1'b1;
        exec_o      = src0_i & exec_i;
        exec_we_o   = 1'b1;
      end
      gcn_isa_pkg::OP_S_OR_SAVEEXEC_B64: begin
        result_o    = exec_i;
        result_we_o = 1'b1;
        exec_o      = src0_i | exec_i;
        exec_we_o   = 1'b1;
      end
      gcn_isa_pkg::OP_S_XOR_SAVEEXEC_B64: begin
        result_o    = exec_i;
        result_we_o = 1'b1;
        exec_o      = src0_i ^ exec_i;
        exec_we_o   = 1'b1;
      end
      gcn_isa_pkg::OP_S_ANDN2_SAVEEXEC_B64: begin
        result_o    = exec_i;
        result_we_o = 1'b1;
        exec_o      = src0_i & ~exec_i;
        exec_we_o   = 1'b1;
      end
      gcn_isa_pkg::OP_S_ORN2_SAVEEXEC_B64: begin
        result_o    = exec_i;
        result_we_o = 1'b1;
        exec_o      = src0_i | ~exec_i;
        exec_we_o   = 1'b1;
      end
      gcn_isa_pkg::OP_S_NAND_SAVEEXEC_B64: begin
        result_o    = exec_i;
        result_we_o = 1'b1;
        exec_o      = ~(src0_i & exec_i);
        exec_we_o   = 1'b1;
      end
      gcn_isa_pkg::OP_S_NOR_SAVEEXEC_B64: begin
        result_o    = exec_i;
        result_we_o = 1'b1;
        exec_o      = ~(src0_i | exec_i);
        exec_we_o   = 1'b1;
      end
      gcn_isa_pkg::OP_S_XNOR_SAVEEXEC_B64: begin
        result_o    = exec_i;
        result_we_o = 1'b1;
        exec_o      = ~(src0_i ^ exec_i);
        exec_we_o   = 1'b1;
      end
      gcn_isa_pkg::OP_S_ANDN1_SAVEEXEC_B64: begin
        result_o    = exec_i;
        result_we_o = 1'b1;
        exec_o      = ~src0_i & exec_i;
        exec_we_o   = 1'b1;
      end
      gcn_isa_pkg::OP_S_ORN1_SAVEEXEC_B64: begin
        result_o    = exec_i;
        result_we_o = 1'b1;
        exec_o      = ~src0_i | exec_i;
        exec_we_o   = 1'b1;
      end
      // S_*_WREXEC: EXEC = f(S0, EXEC), D = new EXEC.
      gcn_isa_pkg::OP_S_ANDN1_WREXEC_B64: begin
        result_o    = ~src0_i & exec_i;
        result_we_o = 1'b1;
        exec_o      = ~src0_i & exec_i;
        exec_we_o   = 1'b1;
      end
      gcn_isa_pkg::OP_S_ANDN2_WREXEC_B64: begin
        result_o    = src0_i & ~exec_i;
        result_we_o = 1'b1;
        exec_o      = src0_i & ~exec_i;
        exec_we_o   = 1'b1;
      end
      gcn_isa_pkg::OP_S_QUADMASK_B32: begin
        result_o    = {56'b0, s0_quad[7:0]};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_QUADMASK_B64: begin
        result_o    = {48'b0, s0_quad};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_ABS_I32: begin
        result_o    = {32'b0, abs_val};
        result_we_o = 1'b1;
        scc_nz      = 1'b1;
      end
      gcn_isa_pkg::OP_S_BITREPLICATE_B64_B32: begin
        result_o    = s0_rep;
        result_we_o = 1'b1;
      end
      // The core's ops (movrel*, g_fork, join, set_gpr_idx_idx, rfe*), OP_INVALID and
      // every non-scalar op: no write.
      default: ;
    endcase
    if (scc_nz) begin
      scc_o    = |result_o;
      scc_we_o = 1'b1;
    end
    if (exec_we_o) begin
      scc_o    = |exec_o;
      scc_we_o = 1'b1;
    end
  end

endmodule
