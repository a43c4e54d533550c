// One lane of the SDWA form (gcn12/gcn14; combinational): the sub-dword selection of the two
// sources before the lane datapath, and the merge of the result into the destination's
// selected part after it. Semantics: exactly refmodel/src/sdwa.c (gcn_sdwa_select_sources,
// gcn_sdwa_merge_dst; docs/sdwa_dpp.md "Execution"):
//   source:  (x >> shift) & mask of the selector (BYTE_0..3, WORD_0..1; DWORD: x), sign-
//            extended from the part's top bit with sext; the float modifiers (abs, neg) apply
//            after it, in the float lane.
//   result:  its low part goes to dst_sel's part of VDST; the bits above and below are 0
//            (UNUSED_PAD), the part's sign above and 0 below (UNUSED_SEXT), or the old VDST's
//            (UNUSED_PRESERVE). DWORD (and every compare: gcn_decode gives it DWORD) writes
//            the result as it is.
// With sdwa_i.en = 0 every output is its input. gcn_valu_pipe puts one beside each lane.
//
// The package is named in full (gcn_core_pkg::...): yosys 0.23 parses no package import.
module gcn_valu_sdwa (
  input  gcn_core_pkg::sdwa_t sdwa_i,
  input  logic [31:0]         src0_i,     // the lane's sources as read (inline constants expanded)
  input  logic [31:0]         src1_i,
  output logic [31:0]         src0_o,     // the selected parts
  output logic [31:0]         src1_o,
  input  logic [31:0]         result_i,   // the lane datapath's result
  input  logic [31:0]         old_i,      // VDST before the instruction (UNUSED_PRESERVE)
  output logic [31:0]         result_o    // what the lane writes to VDST
);

  localparam logic [2:0] SEL_WORD_0 = 3'd4;
  localparam logic [2:0] SEL_DWORD  = 3'd6;
  localparam logic [1:0] UNUSED_SEXT     = 2'd1;
  localparam logic [1:0] UNUSED_PRESERVE = 2'd2;

  // The part of a selector: its shift and its mask at bit 0 (DWORD: all 32 bits).
  function automatic logic [4:0] part_shift(logic [2:0] sel);
    logic [4:0] s;
    s = '0;
    if (sel < SEL_WORD_0) s = {sel[1:0], 3'b000};                  // 8 * n
    else if (sel != SEL_DWORD) s = {sel[0], 4'b0000};              // 16 * (n - 4)
    part_shift = s;
  endfunction

  function automatic logic [31:0] part_mask(logic [2:0] sel);
    logic [31:0] m;
    m = 32'hffff_ffff;
    if (sel < SEL_WORD_0) m = 32'h0000_00ff;
    else if (sel != SEL_DWORD) m = 32'h0000_ffff;
    part_mask = m;
  endfunction

  // gcn_sdwa_select_sources' select(): the part, sign-extended with SEXT.
  function automatic logic [31:0] select(logic [31:0] x, logic [2:0] sel, logic sext);
    logic [31:0] part, mask;
    mask = part_mask(sel);
    part = (x >> part_shift(sel)) & mask;
    if (sext && (part & ~(mask >> 1)) != 32'd0) part = part | ~mask;  // the part's top bit set
    select = part;
  endfunction

  assign src0_o = sdwa_i.en ? select(src0_i, sdwa_i.sel0, sdwa_i.sext[0]) : src0_i;
  assign src1_o = sdwa_i.en ? select(src1_i, sdwa_i.sel1, sdwa_i.sext[1]) : src1_i;

  // gcn_sdwa_merge_dst(): the part in place, then what fills the other bits.
  logic [4:0]  d_shift;
  logic [31:0] d_mask, placed, above, kept, merged;
  assign d_shift = part_shift(sdwa_i.dst_sel);
  assign d_mask  = part_mask(sdwa_i.dst_sel) << d_shift;
  assign placed  = (result_i << d_shift) & d_mask;
  // The bits above the part (none when the part ends at bit 31): its top bit's copies.
  assign above   = ~d_mask & ~((32'd1 << d_shift) - 32'd1);
  assign kept    = old_i & ~d_mask;                     // UNUSED_PRESERVE: the old VDST's other bits
  always_comb begin
    merged = placed;
    if (sdwa_i.dst_unused == UNUSED_PRESERVE) merged = placed | kept;
    else if (sdwa_i.dst_unused == UNUSED_SEXT && (placed & ~(d_mask >> 1) & d_mask) != 32'd0)
      merged = placed | above;
  end
  assign result_o = (sdwa_i.en && sdwa_i.dst_sel != SEL_DWORD) ? merged : result_i;

endmodule
