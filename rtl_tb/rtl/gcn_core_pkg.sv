// gcnref: what the stages of gcn_core pass each other (gcn_issue, gcn_sctrl, gcn_valu_pipe,
// gcn_commit): scoreboard slots, the scalar codes the core itself names, and the records
// that travel from issue to commit. Instruction facts are in gcn_isa_pkg (generated).
//
// Named in full by its users (gcn_core_pkg::...): yosys 0.23 parses no package import.
package gcn_core_pkg;

  // Scoreboard: one counter per scalar code 0..127, SCC and MODE; latencies are at most 67.
  localparam int unsigned CW        = 8;
  localparam int unsigned SLOTS     = 130;
  localparam int unsigned SLOT_SCC  = 128;
  localparam int unsigned SLOT_MODE = 129;

  localparam logic [6:0] C_VCC_LO  = 7'd106;
  localparam logic [6:0] C_VCC_HI  = 7'd107;
  localparam logic [6:0] C_M0      = 7'd124;
  localparam logic [6:0] C_EXEC_LO = 7'd126;
  localparam logic [6:0] C_EXEC_HI = 7'd127;

  // The scalar register file is an array of 128 32-bit words by code, kept inside
  // gcn_commit; the other modules read its view through narrow read ports (a code in, a
  // word out): SRD_ISSUE for gcn_issue (three sources' low and high words, the destination's
  // two), SRD_SCTRL for gcn_sctrl (s_movrels' two, s_cbranch_join's four).
  localparam int SRD_ISSUE = 8;
  localparam int SRD_SCTRL = 6;

  // The VGPR initialisation port (gcn_core's init_vgprs_*) writes INIT_VGPRS consecutive
  // VGPRs, all four passes, per cycle: a whole file in NUM_VGPRS / INIT_VGPRS cycles (16,
  // as long as the scalar port's 128 codes, eight per cycle, and the hwreg port's 64 ids).
  localparam int unsigned INIT_VGPRS = 16;

  // SALU delay line entry: all the commits of one SALU instruction, or an END event.
  typedef struct packed {
    logic         valid;      // an instruction retires
    logic         is_end;     // the END event (s_endpgm, or the implicit end)
    logic [7:0]   age;
    logic [63:0]  pc;
    logic [5:0]   wr_valid;
    logic [41:0]  wr_code;
    logic [191:0] wr_data;
    logic         scc_we;
    logic         scc;
    logic         mode_we;
    logic [31:0]  mode;
    logic         hwreg_we;   // a hardware register write (TRAPSTS: s_setreg)
    logic [5:0]   hwreg_id;
    logic [31:0]  hwreg;      // the register's new value
  } salu_cmt_t;

  // VALU pipeline entry: one pass (and, with the last pass, the scalar results).
  typedef struct packed {
    logic         valid;
    logic         vec_we;     // the instruction writes a VGPR (all but v_readlane_b32)
    logic         last;       // pass 3: scalar writes and retire
    logic [7:0]   age;
    logic [63:0]  pc;
    logic [7:0]   vdst;
    logic [1:0]   pass;
    logic [15:0]  mask;
    logic [511:0] lanes;      // results of the pass (the VGPR's other lanes merge at commit)
    logic         d64;        // a second VGPR write: lanes_hi go to VGPR vdst2 (same pass, mask):
    logic [7:0]   vdst2;      //   vdst + 1 of a 64-bit VDST, or v_swap_b32's SRC0 VGPR
    logic [511:0] lanes_hi;
    logic [3:0]   swr_valid;  // scalar writes of the last pass: a mask (carry-out, compare),
    logic [27:0]  swr_code;   //   then EXEC (v_cmpx), or the SGPR of v_readlane/v_readfirstlane
    logic [127:0] swr_data;
  } valu_cmt_t;

  // The SDWA form of a VALU instruction (gcn12/gcn14; gcn_decode, gcn_valu_sdwa): selectors
  // 0..3 BYTE_n, 4..5 WORD_n, 6 DWORD; dst_unused 0 UNUSED_PAD, 1 UNUSED_SEXT, 2 UNUSED_PRESERVE.
  typedef struct packed {
    logic         en;         // an SDWA word (else the fields are 0 and nothing changes)
    logic [2:0]   sel0;       // src0_sel
    logic [2:0]   sel1;       // src1_sel
    logic [1:0]   sext;       // sext of SRC0 (bit 0) and SRC1 (bit 1)
    logic [2:0]   dst_sel;    // DWORD for the compares
    logic [1:0]   dst_unused;
  } sdwa_t;

  // A VALU instruction as captured at issue: scalar operands, EXEC, carry-in mask.
  typedef struct packed {
    logic         valid;      // passes still to enter after the issue cycle
    logic [1:0]   pass;       // the next pass to enter
    logic [7:0]   age;
    logic [63:0]  pc;
    logic [7:0]   vdst;
    logic         s0_vgpr;
    logic [7:0]   s0_v;
    logic [63:0]  s0_val;     // a scalar source at its width (64-bit compares)
    logic         s1_vgpr;
    logic [7:0]   s1_v;
    logic [63:0]  s1_val;
    logic         s0_w64;     // the VGPR source is a pair (v, v+1): 64-bit compares
    logic         s1_w64;
    logic         s2_vgpr;    // SRC2 of a VOP3-only op (gcn_valu_int3): a VGPR (pair if s2_w64)
    logic [7:0]   s2_v;
    logic [63:0]  s2_val;
    logic         s2_w64;
    logic [2:0]   opsel;      // gcn14 OP_SEL of SRC0..2 (VOP3 16-bit sources, VOP3P low halves)
    logic         opsel_d;    // gcn14 VOP3 OP_SEL bit 3: a 16-bit result goes to VDST[31:16]
    logic [2:0]   opsel_hi;   // VOP3P OP_SEL_HI (the high halves)
    logic         pkclamp;    // VOP3P CLAMP
    logic         d64;        // VDST is a VGPR pair (vdst, vdst + 1)
    logic         q128;       // VDST and SRC2 are four VGPRs (v_mqsad_u32_u8): eight passes, the
    logic         half;       //   second four (half) on VGPRs vdst + 2, vdst + 3 and src2 + 2, + 3
    logic         swap;       // v_swap_b32: SRC0's VGPR (s0_v) is written too, with the old VDST
    logic [63:0]  cin;
    logic [63:0]  exec;
    logic         clamp;
    logic [2:0]   fabs;       // float input modifiers of SRC0 (bit 0), SRC1 (bit 1), SRC2 (bit 2)
    logic [2:0]   fneg;
    logic [1:0]   omod;
    logic         fclamp;     // float CLAMP
    logic [9:0]   mode;       // MODE[9:0] at issue: float rounding, denormals, DX10_CLAMP, IEEE
    logic [31:0]  k;          // the K literal of v_madmk/v_madak
    logic         readlane;
    logic         writelane;
    logic [5:0]   sel;        // lane select of v_readlane/v_writelane (S1 & 63)
    logic         vec_we;
    logic         co_we;      // writes a carry-out or compare mask
    logic [6:0]   co_code;    // VCC_LO, the VOP3B SDST or the VOPC VOP3 SGPR pair
    logic         cmp;        // a compare (VOPC): the mask is the compare lanes' bits
    logic         exec_we;    // v_cmpx: the mask is written to EXEC too
    logic         dpp;        // a DPP form: SRC0 through gcn_valu_dpp (the fields below)
    logic [8:0]   dpp_ctrl;
    logic [3:0]   dpp_row_mask;
    logic [3:0]   dpp_bank_mask;
    logic         dpp_bound_ctrl;
    sdwa_t        sdwa;       // the SDWA form's selection and destination handling
  } valu_inst_t;

endpackage
