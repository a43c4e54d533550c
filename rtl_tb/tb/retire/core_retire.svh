// core_retire.svh: the reference core (gcn_core) checked in retire mode (docs/retire.md),
// `included in tb_cosim after core_dut.svh: `tb_cosim +retire` runs every vector with
// the core's commits turned into one record per instruction, the way a user's wrapper
// reports a DUT with its own timing, instead of comparing them cycle by cycle. Both modes
// must agree (zero mismatches on the same vectors: the suite rtl_retire_core).
//
// The core commits an SALU instruction whole in one cycle and a VALU instruction in four
// passes (its scalar results and its retirement with the last), so a record is an SALU
// commit, or the passes gathered up to the VALU retirement. The SALU may overtake a
// running VALU instruction (docs/microarch.md, issue rule 4): the checker's window
// (RETIRE_WINDOW) lets a retirement pass up to that many older instructions. The core
// reports no branch target; the next retirement's PC checks the branch.
  import gcnref_retire_pkg::*;

  localparam int RETIRE_WINDOW = 32;
  // Cycles run after the first mismatch (a DUT caught in an endless loop, e.g. a branch
  // landing past a loop's counter update, retires forever and never trips the watchdog).
  localparam int RETIRE_AFTER_MISMATCH = 1000;

  bit [511:0] rv_lanes[4];
  int         rv_mask[4];
  bit         rv_has[4];
  int         rv_vgpr;
  bit [511:0] rv_lanes_hi[4];  // the second VGPR: a 64-bit VDST's high one, v_swap_b32's SRC0
  int         rv_vgpr_hi;
  bit         rv_has_hi[4];

  function automatic int retire_salu(chandle h);
    for (int k = 0; k < 6; k++)
      if (cs_wr_valid[k]) gcnref_rt_sgpr(h, int'(cs_wr_code[7*k +: 7]), int'(cs_wr_data[32*k +: 32]));
    if (cs_scc_valid) gcnref_rt_scc(h, int'(cs_scc));
    if (cs_mode_valid) gcnref_rt_mode(h, int'(cs_mode));
    return gcnref_rt_retire(h, RT_RETIRE, longint'(cs_pc), 0, 0, 0);
  endfunction

  function automatic int retire_valu(chandle h);
    if (cv_vec_valid) begin
      rv_lanes[cv_pass] = cv_lanes;
      rv_mask[cv_pass]  = int'(cv_mask);
      rv_has[cv_pass]   = 1'b1;
      rv_vgpr           = int'(cv_vgpr);
      rv_lanes_hi[cv_pass] = cv_lanes_hi;
      rv_vgpr_hi           = int'(cv_vgpr_hi);
      rv_has_hi[cv_pass]   = cv_vec_hi_valid;
    end
    if (!cv_retire) return 0;
    for (int k = 0; k < 4; k++)
      if (cv_wr_valid[k]) gcnref_rt_sgpr(h, int'(cv_wr_code[7*k +: 7]), int'(cv_wr_data[32*k +: 32]));
    for (int p = 0; p < 4; p++) begin
      if (rv_has[p]) gcnref_rt_vgpr16(h, rv_vgpr, 16 * p, rv_mask[p], rv_lanes[p]);
      if (rv_has_hi[p]) gcnref_rt_vgpr16(h, rv_vgpr_hi, 16 * p, rv_mask[p], rv_lanes_hi[p]);
      rv_has[p]    = 1'b0;
      rv_has_hi[p] = 1'b0;
    end
    return gcnref_rt_retire(h, RT_RETIRE, longint'(cv_pc), 0, 0, 0);
  endfunction

  // The records of this cycle, older instruction first (the age tags), then the run's end.
  function automatic int retire_cycle(chandle h);
    int found = 0;
    bit salu_first;
    salu_first = cs_valid && (!cv_valid || $signed(cs_age - cv_age) < 0);
    if (salu_first) found += retire_salu(h);
    if (cv_valid) found += retire_valu(h);
    if (cs_valid && !salu_first) found += retire_salu(h);
    if (ev_illegal) found += gcnref_rt_retire(h, RT_ILLEGAL, longint'(ev_pc), 0, 0, 0);
    if (ev_unsupported) found += gcnref_rt_retire(h, RT_UNSUPPORTED, longint'(ev_pc), 0, 0, 0);
    if (ev_end) found += gcnref_rt_retire(h, RT_END, longint'(ev_pc), 0, 0, 0);
    return found;
  endfunction

  // Runs the loaded vector in retire mode (the core initialised and started). RESULT 0
  // passed, 1 mismatch, 2 watchdog; REPORT the checker's report.
  task automatic run_retire(chandle h, string repro, output int result, output longint retired,
                            output longint cycles, output string report);
    int hung, after;
    for (int p = 0; p < 4; p++) rv_has[p] = 1'b0;
    if (gcnref_rt_config(h, RETIRE_WINDOW, 0, longint'(WATCHDOG), HIST) != 0)
      $display("ERROR %s", gcnref_rt_last_error());
    cycles = 0;
    hung = 0;
    after = 0;
    while (!done && hung == 0 && after < RETIRE_AFTER_MISMATCH) begin
      void'(retire_cycle(h));
      hung = gcnref_rt_clock(h, 1);
      cycles++;
      if (gcnref_mismatch_count(h) != 0) after++;
      @(negedge clk_i);
    end
    void'(gcnref_rt_finish(h));
    retired = gcnref_rt_retired(h);
    report = gcnref_rt_report(h, repro);
    result = hung != 0 ? 2 : gcnref_mismatch_count(h) != 0 ? 1 : 0;
  endtask
