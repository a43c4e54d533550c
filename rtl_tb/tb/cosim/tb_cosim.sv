// tb_cosim: the random co-simulation of gcn_core against the model (make cosim-run).
//
// For each vector of a vector file (docs/vectors.md, made by `gcnref gen`): the model
// loads it (gcnref_load_vector: program at its base, the whole initial state), the core
// gets the same program in its instruction memory and the same initial state through its
// initialisation port, then both run cycle by cycle and every commit is compared
// (gcnref_dut_* + gcnref_check_cycle), as the directed co-simulation does
// (the DUT hookup, initialisation and event ordering are rtl_tb/tb/core/core_dut.svh,
// shared with it). One test per vector: it passes with 0 mismatches, the core done_o and
// silent in the cycle after the model's last one, and no watchdog (10,000 cycles without
// a retirement).
//
// A failing vector's report: each mismatching cycle (at most PRINT_MAX messages per
// vector) with the model's and the DUT's commits; for its first one also a
// "first mismatch:" line (cycle, PC, instruction, field: what rtl_tb/tb/cosim/
// check_bugs.py matches), the last HIST instructions the model retired before it and
// those it had issued but not yet retired (the culprit may be an early VALU one);
// then a FAIL line and two reproduction one-liners (from the seed, and the same vector
// alone with waves). The report is deterministic except the lines that start with
// "wall:" (wall-clock times and rates).
//
// Plusargs:
//   +vectors=FILE[,FILE...]  vector files, one per generation listed in +gen
//   +gen=G[,G...]            gcn10 gcn11 gcn12 gcn14 (gfx6.. si.. aliases, or 0..3)
//   +max_mismatches=N        stop after N failing vectors (default 1; 0: never stop)
//   +progress=N              a "progress:" line every N vectors of a file (default 2000; 0:
//                            none), so a long run (make cosim-float) is not silent for minutes
//   +salu_latency=N +valu_depth=N +branch_penalty=N
//                            must equal the build's parameters (cosim.mk COSIM_CFG); the
//                            model is created with them
//   +profile=P               for the reproduction line only: the profile the vectors were
//                            generated with (default vectors/profiles/cosim_int.prof)
//   +self=PATH               this binary, for the reproduction line
//   +dir=DIR                 where the reproduction line writes its vector file
//   +verbose                 one line per vector
//   +full_init               write all 256 VGPRs of the core's initial state, not only
//                            those the program names (gcnref_program_vgprs)
//   +only=I                  run only vector I (0-based) of each file
//   +waves=FILE              write an FST waveform of the run (a simulator built with
//                            +define+COSIM_WAVES --trace-fst: make cosim-waves-build)
//   +self_waves=PATH         that simulator, for the reproduction line
//   +rtl_only                run the core alone (the model only loads the vectors and
//                            gives the initial state; nothing is compared): the
//                            reference for the model's share of the time (make cosim-bench)
//   +model_only              run the model alone (the core is neither initialised nor
//                            clocked; nothing is compared): the other reference of make
//                            cosim-bench
//   +retire                  compare per instruction (retire mode, docs/retire.md) instead
//                            of per cycle: rtl_tb/tb/retire/core_retire.svh
//   +mutant=K                (a build with +define+COSIM_MUTANTS over the mutated netlist,
//                            make mutate-build) activate mutant K (0: none; docs/mutate.md)
//   +fault=NAME              (a build with +define+COSIM_FAULTS over the RTL with every fault
//                            of rtl_tb/tb/faults/, make cosim-bugs-build) activate fault NAME
//                            (none: the core as it is; bug_NAME/tb_cosim passes it)
// Signals are driven and sampled at the falling edge (the DUT's flops use the rising one).
// The core configuration's defaults come from +define+COSIM_SALU_LATENCY=N... (cosim.mk): a
// hierarchical build (rtl_tb/hier.vlt) cannot take -G, which Verilator 5.006 passes on to
// every hierarchy block's verilation, where no such parameter exists.
`ifndef COSIM_SALU_LATENCY
`define COSIM_SALU_LATENCY 1
`endif
`ifndef COSIM_VALU_DEPTH
`define COSIM_VALU_DEPTH 6
`endif
`ifndef COSIM_BRANCH_PENALTY
`define COSIM_BRANCH_PENALTY 2
`endif
module tb_cosim #(
  parameter int unsigned SALU_LATENCY   = `COSIM_SALU_LATENCY,
  parameter int unsigned VALU_DEPTH     = `COSIM_VALU_DEPTH,
  parameter int unsigned BRANCH_PENALTY = `COSIM_BRANCH_PENALTY
);
  import gcnref_pkg::*;

  import "DPI-C" function real cosim_wall_seconds();
  import "DPI-C" function real cosim_cpu_seconds();
  // The process's exit status after $finish (cosim_time.c): 1 a vector failed, 2 bad
  // arguments or a malformed vector file ($fatal would abort with a core dump).
  import "DPI-C" function void cosim_set_exit_status(input int status);


  localparam int IMEM_WORDS = 16384;
  localparam int WATCHDOG   = 10000;  // cycles without a retirement
  localparam int PRINT_MAX  = 8;      // mismatch messages printed per vector
  localparam int HIST       = 8;      // instructions retired listed in a mismatch report

  logic clk_i = 1'b0;
  always #1 clk_i <= ~clk_i;

  // Ends the simulation with exit status STATUS (the caller goes no further: the
  // simulation stops at the wait).
  task automatic finish(int status);
    cosim_set_exit_status(status);
    $finish;
    @(negedge clk_i);
  endtask

  // The DUT, its instruction memory, dut_init and report_dut (shared with the directed
  // co-simulation).
`include "rtl_tb/tb/core/core_dut.svh"
`include "rtl_tb/tb/retire/core_retire.svh"

  // ------------------------------------------------------------------ helpers
  function automatic int gen_code(string g);
    if (g == "gcn10" || g == "gfx6" || g == "si" || g == "0") return GCN10;
    if (g == "gcn11" || g == "gfx7" || g == "ci" || g == "1") return GCN11;
    if (g == "gcn12" || g == "gfx8" || g == "vi" || g == "2") return GCN12;
    if (g == "gcn14" || g == "gfx9" || g == "vega" || g == "3") return GCN14;
    return -1;
  endfunction

  function automatic string gen_name(int code);
    case (code)
      GCN10:   return "gcn10";
      GCN11:   return "gcn11";
      GCN12:   return "gcn12";
      default: return "gcn14";
    endcase
  endfunction

  // Splits S at commas.
  function automatic void split(string s, ref string out[$]);
    int start_at = 0;
    out.delete();
    for (int i = 0; i <= s.len(); i++) begin
      if (i == s.len() || s[i] == ",") begin
        if (i > start_at) out.push_back(s.substr(start_at, i - 1));
        start_at = i + 1;
      end
    end
  endfunction

  // "  <pc> <instruction>" for the model's and the DUT's PCs of a mismatching cycle.
  function automatic string at_pc(chandle h, longint pc);
    string text;
    text = gcnref_disasm_at(h, pc);
    return $sformatf("PC 0x%06h  %s", pc, text);
  endfunction

  // S padded with spaces to |W| characters: on the left (right-aligned) for W > 0.
  function automatic string pad(string s, int w);
    string sp = "";
    int n = (w < 0 ? -w : w) - s.len();
    for (int i = 0; i < n; i++) sp = {sp, " "};
    return w < 0 ? {s, sp} : {sp, s};
  endfunction

  // ------------------------------------------------------------------ one vector
  string profile    = "vectors/profiles/cosim_int.prof";
  string self       = "build/rtl/cosim/tb_cosim";
  string self_waves = "build/rtl/cosim/cfg_1_6_2_waves/tb_cosim";
  string dir        = "build/rtl/cosim";
  bit    verbose    = 1'b0;
  bit    full_init  = 1'b0;
  bit    rtl_only   = 1'b0;
  bit    model_only = 1'b0;
  bit    retire     = 1'b0;

  // The model's last HIST retirements (cycle, PC), a ring of hist_n entries in total.
  longint hist_cycle[HIST];
  longint hist_pc[HIST];
  int     hist_n;

  // The report of the first mismatching cycle of a vector: the first mismatch (instruction
  // and field) and the instructions retired before it.
  task automatic report_first(chandle h, int first_msg);
    longint mpc;
    string field, text;
    mpc = gcnref_mismatch_pc(h, first_msg);
    field = gcnref_mismatch_field(h, first_msg);
    // A pass that does not retire: the VALU commit of this cycle (one pass per cycle).
    if (mpc < 0 && cv_valid) mpc = longint'(cv_pc);
    if (mpc < 0 && cs_valid) mpc = longint'(cs_pc);
    if (mpc >= 0) text = at_pc(h, mpc);
    else text = "PC ?         (instruction unknown)";
    $display("  first mismatch: cycle %0d, %s | field: %s", gcnref_cycle(h), text, field);
    $display("  last %0d instructions retired before cycle %0d (model):",
             hist_n < HIST ? hist_n : HIST, gcnref_cycle(h));
    for (int k = (hist_n < HIST ? 0 : hist_n - HIST); k < hist_n; k++) begin
      string t;
      t = at_pc(h, hist_pc[k % HIST]);
      $display("    cycle %6d  %s", hist_cycle[k % HIST], t);
    end
    report_in_flight(h);
  endtask

  // The instructions the model has issued but not retired at the mismatch (an early VALU
  // instruction is in neither the cycle's commits nor the retired history).
  task automatic report_in_flight(chandle h);
    int n;
    string what;
    n = gcnref_in_flight_count(h);
    what = n == 1 ? "instruction" : "instructions";
    if (n > 0) what = {what, " issued, not yet retired at cycle ", $sformatf("%0d", gcnref_cycle(h)), " (model):"};
    else what = {what, " issued, not yet retired at cycle ", $sformatf("%0d", gcnref_cycle(h)), " (model)"};
    $display("  %0d %s", n, what);
    for (int k = 0; k < n && k < HIST; k++) begin
      string t;
      t = at_pc(h, gcnref_in_flight_pc(h, k));
      $display("    issued %6d, retires %6d  %s", gcnref_in_flight_issued(h, k),
               gcnref_in_flight_retires(h, k), t);
    end
    if (n > HIST) $display("    ... and %0d more", n - HIST);
  endtask

  // Runs vector IDX of PATH on the model instance H and the core. RESULT: 0 passed,
  // 1 mismatch, 2 watchdog, 3 load error (mismatches counted in MISMATCHES).
  task automatic run_vector(chandle h, string path, int idx, int g, output int result,
                            output int mismatches, output longint retired, output longint cycles);
    int rc, stall, printed;
    bit [255:0] used;
    bit ok;
    string vname;
    result = 0;
    mismatches = 0;
    retired = 0;
    cycles = 0;
    hist_n = 0;
    rc = gcnref_load_vector(h, path, idx);
    if (rc != 0) begin
      $display("ERROR %s: %s", gen_name(g), gcnref_last_error());
      result = 3;
      return;
    end
    vname = gcnref_vector_name(h);
    if (model_only) begin
      // The model alone, in zero simulated time (cycle 0 is its first step).
      int n;
      n = 0;
      while (gcnref_done(h) == 0 && n >= 0) begin
        n = gcnref_step(h);
        for (int e = 0; e < n; e++) if (gcnref_event_kind(h, e) == GCN_EV_RETIRE) retired++;
        cycles++;
      end
      return;
    end
    ok = dut_imem_load(h);
    if (!ok) begin
      $display("ERROR %s %s: program too large (more than %0d bytes)", gen_name(g), vname,
               4 * IMEM_WORDS);
      result = 3;
      return;
    end
    // The VGPRs the program names, or all with +full_init (the others are neither read
    // nor written).
    if (full_init) used = '1;
    else gcnref_program_vgprs(h, used);
    dut_init(h, g, used);
    stall   = 0;
    printed = 0;
    if (retire) begin
      string report;
      run_retire(h, $sformatf("%s +vectors=%s +gen=%s +only=%0d +retire", self, path, gen_name(g), idx),
                 result, retired, cycles, report);
      mismatches = gcnref_mismatch_count(h);
      if (report != "")
        $display("MISMATCH %s vector %s (index %0d of %s), retire mode:\n%s", gen_name(g), vname, idx,
                 path, report);
      return;
    end
    if (rtl_only) begin
      // The core alone, until it is done (cycle 0 is the cycle after start).
      while (!done) begin
        if (cs_valid) retired++;
        if (cv_valid && cv_retire) retired++;
        stall = (cs_valid || (cv_valid && cv_retire)) ? 0 : stall + 1;
        cycles++;
        @(negedge clk_i);
        if (stall >= WATCHDOG) begin
          $display("WATCHDOG %s vector %s (index %0d of %s): no retirement for %0d cycles (+rtl_only)",
                   gen_name(g), vname, idx, path, WATCHDOG);
          result = 2;
          return;
        end
      end
      return;
    end
    // The run: cycle 0 is the cycle after start.
    while (gcnref_done(h) == 0) begin
      int n, nret;
      bit dut_retired;
      n = gcnref_step(h);
      dut_retired = cs_valid || (cv_valid && cv_retire);
      report_dut(h, 1'b0);
      rc = gcnref_check_cycle(h);
      if (rc != 0) begin
        if (printed < PRINT_MAX) begin
          longint cyc;
          int first;
          cyc = gcnref_cycle(h);
          first = gcnref_mismatch_count(h) - rc;
          $display("MISMATCH %s vector %s (index %0d of %s), cycle %0d:", gen_name(g), vname,
                   idx, path, cyc);
          for (int i = 0; i < rc && printed < PRINT_MAX; i++) begin
            string msg;
            msg = gcnref_mismatch_message(h, first + i);
            $display("  %s", msg);
            printed++;
          end
          for (int e = 0; e < n; e++) begin
            int kind;
            string text;
            kind = gcnref_event_kind(h, e);
            text = gcnref_event_text(h, e);
            if (kind >= GCN_EV_RETIRE) begin
              longint epc;
              epc = gcnref_event_pc(h, e);
              $display("  model: %-28s %s", text, at_pc(h, epc));
            end else begin
              $display("  model: %s", text);
            end
          end
          if (cs_valid) $display("  DUT SALU commit:  %s", at_pc(h, longint'(cs_pc)));
          if (cv_valid)
            $display("  DUT VALU commit:  %s%s", at_pc(h, longint'(cv_pc)),
                     cv_vec_valid ? $sformatf("  (v%0d pass %0d mask 0x%04h)", cv_vgpr, cv_pass, cv_mask) : "");
          if (ev_illegal || ev_unsupported || ev_end)
            $display("  DUT run-ending event (illegal %0d, unsupported %0d, end %0d): PC 0x%06h",
                     ev_illegal, ev_unsupported, ev_end, ev_pc);
          if (mismatches == 0) report_first(h, first);
        end
        mismatches += rc;
      end
      // The model's retirements of this cycle (after the report: it lists those before).
      nret = 0;
      for (int e = 0; e < n; e++) begin
        int kind;
        kind = gcnref_event_kind(h, e);
        if (kind == GCN_EV_RETIRE) begin
          longint epc, cyc;
          epc = gcnref_event_pc(h, e);
          cyc = gcnref_cycle(h);
          hist_cycle[hist_n % HIST] = cyc;
          hist_pc[hist_n % HIST] = epc;
          hist_n++;
          nret++;
        end
      end
      retired += longint'(nret);
      cycles++;
      stall = (nret > 0 || dut_retired) ? 0 : stall + 1;
      if (n < 0) break;
      @(negedge clk_i);
      if (stall >= WATCHDOG) begin
        $display("WATCHDOG %s vector %s (index %0d of %s): no retirement for %0d cycles (cycle %0d, PC 0x%06h)",
                 gen_name(g), vname, idx, path, WATCHDOG, cycles, gcnref_pc(h));
        result = 2;
        return;
      end
      if (mismatches > 1000) break;  // a derailed run: no need to compare its tail
    end
    if (mismatches == 0 && (!done || dut_events())) begin
      $display("MISMATCH %s vector %s (index %0d of %s), cycle %0d: the model has ended; DUT done_o=%0d, events=%0d",
               gen_name(g), vname, idx, path, cycles, done, dut_events());
      $display("  first mismatch: cycle %0d, PC ?         (after the end) | field: done_o/events after the end",
               cycles);
      mismatches++;
    end
    if (mismatches != 0) result = 1;
  endtask

  // ------------------------------------------------------------------ the sequence
  string vec_files[$];
  string gen_names[$];
  int    st_vectors[$], st_failed[$];
  longint st_retired[$], st_cycles[$], st_mismatches[$];
  real   st_wall[$];

  initial begin
    string vectors_arg = "";
    string gen_arg = "";
    string waves = "";
    string mode_note = "";
`ifdef COSIM_FAULTS
    string fault_name = "";
`endif
    int max_mismatches = 1;
    int progress = 2000;
    int only = -1;
    int salu_latency = int'(SALU_LATENCY);
    int valu_depth = int'(VALU_DEPTH);
    int branch_penalty = int'(BRANCH_PENALTY);
    int n_pass = 0;
    int n_fail = 0;
    int n_bad_files = 0;
    bit stop = 1'b0;
    longint tot_retired = 0;
    longint tot_cycles = 0;
    real tot_wall = 0.0;
    dut_idle();
    void'($value$plusargs("vectors=%s", vectors_arg));
    void'($value$plusargs("gen=%s", gen_arg));
    void'($value$plusargs("max_mismatches=%d", max_mismatches));
    void'($value$plusargs("progress=%d", progress));
`ifdef COSIM_MUTANTS
    void'($value$plusargs("mutant=%d", gcn_mut_pkg::sel));
`endif
`ifdef COSIM_FAULTS
    if ($value$plusargs("fault=%s", fault_name)) begin
      gcn_fault_pkg::sel = gcn_fault_pkg::index_of(fault_name);
      if (gcn_fault_pkg::sel == 0) begin
        $display("ERROR +fault=%s: no such fault in this simulator (rtl_tb/tb/faults/NAME.patch)", fault_name);
        finish(2);
      end
    end
`endif
    void'($value$plusargs("only=%d", only));
    void'($value$plusargs("salu_latency=%d", salu_latency));
    void'($value$plusargs("valu_depth=%d", valu_depth));
    void'($value$plusargs("branch_penalty=%d", branch_penalty));
    void'($value$plusargs("profile=%s", profile));
    void'($value$plusargs("self=%s", self));
    void'($value$plusargs("self_waves=%s", self_waves));
    void'($value$plusargs("dir=%s", dir));
    verbose = $test$plusargs("verbose");
    full_init = $test$plusargs("full_init");
    rtl_only = $test$plusargs("rtl_only");
    model_only = $test$plusargs("model_only");
    retire = $test$plusargs("retire");
    if ($value$plusargs("waves=%s", waves)) begin
`ifdef COSIM_WAVES
      $dumpfile(waves);
      $dumpvars(0, tb_cosim);
      $display("waves: %s", waves);
`else
      $display("ERROR +waves=%s: this simulator was built without waves; use %s (make cosim-waves-build)",
               waves, self_waves);
      finish(2);
`endif
    end
    split(vectors_arg, vec_files);
    split(gen_arg, gen_names);
    if (vec_files.size() == 0 || vec_files.size() != gen_names.size()) begin
      $display("usage: tb_cosim +vectors=FILE[,FILE...] +gen=G[,G...] [+max_mismatches=N] [+progress=N] [+salu_latency=%0d +valu_depth=%0d +branch_penalty=%0d] [+only=I] [+waves=FILE] [+rtl_only] [+model_only] [+verbose]",
               SALU_LATENCY, VALU_DEPTH, BRANCH_PENALTY);
      $display("ERROR one generation per vector file expected; got %0d file(s), %0d generation(s)",
               vec_files.size(), gen_names.size());
      finish(2);
    end
    if (salu_latency != int'(SALU_LATENCY) || valu_depth != int'(VALU_DEPTH) ||
        branch_penalty != int'(BRANCH_PENALTY)) begin
      $display("this simulator was built with salu_latency=%0d valu_depth=%0d branch_penalty=%0d; rebuild it for %0d,%0d,%0d (make cosim-build COSIM_CFG=%0d,%0d,%0d)",
               SALU_LATENCY, VALU_DEPTH, BRANCH_PENALTY, salu_latency, valu_depth, branch_penalty,
               salu_latency, valu_depth, branch_penalty);
      finish(2);
    end
    foreach (gen_names[gi]) begin
      if (gen_code(gen_names[gi]) < 0) begin
        $display("ERROR +gen: unknown generation '%s' (expected gcn10, gcn11, gcn12, gcn14)", gen_names[gi]);
        finish(2);
      end
    end
    @(negedge clk_i);
    foreach (vec_files[fi]) begin
      chandle h;
      int g, count, failed, ran;
      longint retired, cycles, mism;
      real t0, t1;
      if (stop) break;
      g = gen_code(gen_names[fi]);
      failed = 0;
      ran = 0;
      retired = 0;
      cycles = 0;
      mism = 0;
      t0 = cosim_wall_seconds();
      h = gcnref_create(g, int'(SALU_LATENCY), int'(VALU_DEPTH), int'(BRANCH_PENALTY));
      if (h == null) begin
        $display("ERROR gcnref_create: %s", gcnref_last_error());
        finish(2);
      end
      count = gcnref_vector_count(vec_files[fi]);
      if (count < 0) begin
        // A malformed file: the reader's "FILE:LINE: error: expected ..." message.
        $display("ERROR %s: %s", gen_name(g), gcnref_last_error());
        $display("FAIL %s %s: not a valid vector file", gen_name(g), vec_files[fi]);
        n_fail++;
        failed++;
        n_bad_files++;
        count = 0;
      end
      for (int i = 0; i < count && !stop; i++) begin
        int result, m;
        longint r, c;
        if (only >= 0 && i != only) continue;
        run_vector(h, vec_files[fi], i, g, result, m, r, c);
        ran++;
        retired += r;
        cycles += c;
        mism += longint'(m);
        if (result == 0) begin
          n_pass++;
          if (verbose) $display("ok   %s %s: %0d instructions, %0d cycles", gen_name(g),
                                gcnref_vector_name(h), r, c);
        end else begin
          longint seed;
          string vname;
          string why;
          n_fail++;
          failed++;
          vname = gcnref_vector_name(h);
          seed = gcnref_vector_seed(h);
          why = "";
          if (result == 2) why = ", watchdog";
          if (result == 3) why = ", load error";
          $display("FAIL %s %s (index %0d of %s): %0d mismatches%s", gen_name(g), vname, i,
                   vec_files[fi], m, why);
          if (result != 3) begin
            $display("reproduce: build/bin/gcnref gen --gen %s --seed %0d --count 1 --profile %s -o %s/repro.vec && %s +vectors=%s/repro.vec +gen=%s +salu_latency=%0d +valu_depth=%0d +branch_penalty=%0d",
                     gen_name(g), seed, profile, dir, self, dir, gen_name(g), SALU_LATENCY,
                     VALU_DEPTH, BRANCH_PENALTY);
            $display("reproduce with waves: %s +vectors=%s +gen=%s +only=%0d +salu_latency=%0d +valu_depth=%0d +branch_penalty=%0d +waves=%s/%s.fst",
                     self_waves, vec_files[fi], gen_name(g), i, SALU_LATENCY, VALU_DEPTH,
                     BRANCH_PENALTY, dir, vname);
          end
          if (max_mismatches > 0 && n_fail >= max_mismatches) begin
            $display("stopping after %0d failing vector(s) (+max_mismatches=%0d)", n_fail,
                     max_mismatches);
            stop = 1'b1;
          end
        end
        if (progress > 0 && ran % progress == 0 && ran < count) begin
          $display("progress: %s %0d of %0d vectors, %0d failed", gen_name(g), ran, count, failed);
          $fflush;  // through a pipe (make cosim-float's tee) stdout is block-buffered
        end
      end
      t1 = cosim_wall_seconds();
      gcnref_destroy(h);
      st_vectors.push_back(ran);
      st_failed.push_back(failed);
      st_retired.push_back(retired);
      st_cycles.push_back(cycles);
      st_mismatches.push_back(mism);
      st_wall.push_back(t1 - t0);
    end
    $display("");
    if (rtl_only) mode_note = " (+rtl_only: the core alone, nothing compared)";
    if (model_only) mode_note = " (+model_only: the model alone, nothing compared)";
    if (retire) mode_note = " (+retire: per instruction)";
    $display("co-simulation%s, salu_latency=%0d valu_depth=%0d branch_penalty=%0d:", mode_note,
             SALU_LATENCY, VALU_DEPTH, BRANCH_PENALTY);
    $display("%s", {pad("gen", -6), pad("vectors", 9), pad("failed", 8), pad("retired", 12),
                    pad("cycles", 12), pad("mismatches", 12)});
    foreach (st_vectors[i])
      $display("%s", {pad(gen_name(gen_code(gen_names[i])), -6), pad($sformatf("%0d", st_vectors[i]), 9),
                      pad($sformatf("%0d", st_failed[i]), 8), pad($sformatf("%0d", st_retired[i]), 12),
                      pad($sformatf("%0d", st_cycles[i]), 12), pad($sformatf("%0d", st_mismatches[i]), 12)});
    // Wall-clock figures: the only lines that differ between two runs ("wall:").
    foreach (st_vectors[i]) begin
      tot_retired += st_retired[i];
      tot_cycles += st_cycles[i];
      tot_wall += st_wall[i];
      $display("wall: %s %0.3f s, %0d instr/s, %0d cycles/s", gen_name(gen_code(gen_names[i])),
               st_wall[i], st_wall[i] > 0.0 ? longint'(real'(st_retired[i]) / st_wall[i]) : 0,
               st_wall[i] > 0.0 ? longint'(real'(st_cycles[i]) / st_wall[i]) : 0);
    end
    $display("wall: total %0.3f s, %0d retired, %0d cycles, %0d instr/s, %0d cycles/s", tot_wall,
             tot_retired, tot_cycles, tot_wall > 0.0 ? longint'(real'(tot_retired) / tot_wall) : 0,
             tot_wall > 0.0 ? longint'(real'(tot_cycles) / tot_wall) : 0);
    $display("wall: cpu %0.3f s (the whole process)", cosim_cpu_seconds());
    $display("%0d passed, %0d failed", n_pass, n_fail);
    // Exit status: 2 a malformed vector file, 1 a failing vector, else 0.
    finish(n_bad_files != 0 ? 2 : n_fail != 0 ? 1 : 0);
  end

endmodule
