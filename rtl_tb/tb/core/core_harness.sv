// core_harness: runs every program of the manifest on one gcn_core (one latency
// configuration) and on the model (gcnref_pkg, created with the same latencies), and
// compares the commits of every cycle: each cycle the model steps once and the DUT's
// events of that cycle are reported in the contract's order, then gcnref_check_cycle.
//
// The DUT's hookup, its initialisation and the ordering of its commit groups into
// gcnref_dut_* calls are core_dut.svh (shared with the random co-simulation).
//
// Per program: load (gcnref_load_file), instruction memory from gcnref_imem_word,
// reset, initial state through the core's initialisation port (every SGPR code, every
// VGPR pass, SCC and MODE with start_i), then the run; after the model's last cycle the
// DUT must be done_o with no further event. A test passes with 0 mismatches. Per
// generation, the model's coverage of all its runs must hit every bin of <gen>_expect.txt
// (every integer instruction form), and a deliberate fault must be caught.
// Signals are driven and sampled at the falling edge (the DUT's flops use the rising one).
module core_harness #(
  parameter int unsigned SALU_LATENCY   = 1,
  parameter int unsigned VALU_DEPTH     = 6,
  parameter int unsigned BRANCH_PENALTY = 2,
  parameter string       CFG            = "default"
) (
  input  logic clk_i,
  output logic done_o,
  output int   n_pass_o,
  output int   n_fail_o
);
  import gcnref_pkg::*;

  // 128 KiB: gcn14's all-forms program (gcnN_ops) outgrew 64 KiB with the float rows.
  localparam int IMEM_WORDS = 32768;
  localparam int MAX_CYCLES = 200000;

  // The DUT, its instruction memory, dut_init and report_dut (core_dut.svh, shared with
  // the random co-simulation rtl_tb/tb/cosim/tb_cosim.sv).
`include "rtl_tb/tb/core/core_dut.svh"

  // ------------------------------------------------------------------ reporting
  int n_pass = 0;
  int n_fail = 0;
  assign n_pass_o = n_pass;
  assign n_fail_o = n_fail;

  function automatic void check(bit ok, string what);
    if (ok) begin
      n_pass++;
      $display("ok   [%s] %s", CFG, what);
    end else begin
      n_fail++;
      $display("FAIL [%s] %s", CFG, what);
    end
  endfunction

  // ------------------------------------------------------------------ one program
  function automatic int gen_code(string g);
    gen_code = g == "gcn10" ? GCN10 : g == "gcn11" ? GCN11 : g == "gcn12" ? GCN12 : GCN14;
  endfunction

  // Runs one program; FAULT_CYCLE >= 0 corrupts the first scalar value of the SALU group
  // in that cycle (and in every later one with an SALU write, until one is corrupted).
  // Returns the mismatches found (-1: the program did not load).
  task automatic run_one(chandle h, string g, string name, string asm_path, string state_path,
                         string dut_asm_path, int fault_cycle, output int mismatches, output int cycles,
                         output int events);
    int rc;
    bit faulted;
    mismatches = 0;
    cycles = 0;
    events = 0;
    // With DUT_ASM_PATH the core runs that program, the model ASM_PATH.
    rc = gcnref_load_file(h, dut_asm_path != "" ? dut_asm_path : asm_path, state_path);
    if (rc != 0) begin
      $display("     [%s] %s: load failed: %s", CFG, name, gcnref_last_error());
      mismatches = -1;
      return;
    end
    if (!dut_imem_load(h)) begin
      $display("     [%s] %s: program too large (%0d bytes)", CFG, name, gcnref_imem_size(h));
      mismatches = -1;
      return;
    end
    if (dut_asm_path != "") begin
      rc = gcnref_load_file(h, asm_path, state_path);
      if (rc != 0) begin
        $display("     [%s] %s: load failed: %s", CFG, name, gcnref_last_error());
        mismatches = -1;
        return;
      end
    end
    // Reset, the initial state (every VGPR), start.
    dut_init(h, gen_code(g), '1);
    faulted = 1'b0;
    // The run: cycle 0 is the cycle after start.
    while (gcnref_done(h) == 0 && cycles < MAX_CYCLES) begin
      int n;
      bit fault_now;
      n = gcnref_step(h);
      if (n > 0) events += n;
      fault_now = fault_cycle >= 0 && cycles >= fault_cycle && !faulted && cs_valid &&
                  cs_wr_valid != '0;
      if (fault_now) faulted = 1'b1;
      report_dut(h, fault_now);
      rc = gcnref_check_cycle(h);
      if (rc != 0 && mismatches < 5) begin
        for (int i = 0; i < rc && i < 5; i++)
          $display("     [%s] %s: %s%s", CFG, name, fault_cycle >= 0 ? "(injected) " : "",
                   gcnref_mismatch_message(h, gcnref_mismatch_count(h) - rc + i));
      end
      mismatches += rc;
      cycles++;
      if (n < 0) break;
      @(negedge clk_i);
    end
    // The cycle after the model's last one: the DUT is done, reports nothing more.
    if (!done || dut_events()) begin
      $display("     [%s] %s: cycle %0d: the model has ended; DUT done_o=%0d, events=%0d",
               CFG, name, cycles, done, dut_events());
      mismatches++;
    end
    if (cycles >= MAX_CYCLES) mismatches++;
  endtask

  // Reads the coverage file PATH into COV (bin name -> count).
  task automatic read_coverage(string path, ref int cov[string]);
    int fd;
    string line;
    string name;
    int count;
    fd = $fopen(path, "r");
    while (fd != 0 && !$feof(fd)) begin
      line = "";
      void'($fgets(line, fd));
      if (line.len() > 0 && line[0] != "#" && $sscanf(line, "%s %d", name, count) == 2)
        cov[name] = count;
    end
    if (fd != 0) $fclose(fd);
  endtask

  // ------------------------------------------------------------------ the sequence
  string man_gen[$];
  string man_name[$];
  string man_asm[$];
  string man_state[$];
  string man_dut[$];
  string gens[4] = '{"gcn10", "gcn11", "gcn12", "gcn14"};

  initial begin
    string manifest = "build/rtl/core/manifest.txt";
    string dir = "build/rtl/core";
    int fd;
    dut_idle();
    done_o         = 1'b0;
    void'($value$plusargs("manifest=%s", manifest));
    void'($value$plusargs("dir=%s", dir));
    fd = $fopen(manifest, "r");
    if (fd == 0) begin
      check(1'b0, {"manifest ", manifest, " opens"});
    end else begin
      while (!$feof(fd)) begin
        string line, g, n, a, s, d;
        int fields;
        line = "";
        void'($fgets(line, fd));
        d = "";
        fields = $sscanf(line, "%s %s %s %s %s", g, n, a, s, d);
        if (fields >= 4) begin
          man_gen.push_back(g);
          man_name.push_back(n);
          man_asm.push_back(a);
          man_state.push_back(s);
          man_dut.push_back(fields == 5 ? d : "");
        end
      end
      $fclose(fd);
    end
    @(negedge clk_i);
    foreach (gens[gi]) begin
      chandle h;
      int cov[string];
      int expect_fd;
      bit expect_open;
      int missing;
      int expected;
      string cov_path;
      h = gcnref_create(gen_code(gens[gi]), int'(SALU_LATENCY), int'(VALU_DEPTH),
                        int'(BRANCH_PENALTY));
      if (h == null) begin
        check(1'b0, $sformatf("%s: gcnref_create: %s", gens[gi], gcnref_last_error()));
        continue;
      end
      foreach (man_gen[i]) begin
        int mismatches, cycles, events;
        if (man_gen[i] != gens[gi]) continue;
        run_one(h, man_gen[i], man_name[i], man_asm[i], man_state[i], man_dut[i], -1,
                mismatches, cycles, events);
        check(mismatches == 0, $sformatf("%s: %0d cycles, %0d events, %0d mismatches",
                                         man_name[i], cycles, events, mismatches));
      end
      // Every integer instruction form of the generation ran (the model's coverage).
      cov_path = $sformatf("%s/coverage_%s_%s.txt", dir, CFG, gens[gi]);
      if (gcnref_coverage_write(h, cov_path) != 0) $display("%s", gcnref_last_error());
      read_coverage(cov_path, cov);
      missing = 0;
      expected = 0;
      expect_fd = $fopen($sformatf("%s/%s_expect.txt", dir, gens[gi]), "r");
      expect_open = expect_fd != 0;
      while (expect_fd != 0 && !$feof(expect_fd)) begin
        string line, bin, key;
        line = "";
        void'($fgets(line, expect_fd));
        if ($sscanf(line, "%s", bin) == 1) begin
          expected++;
          // Coverage files v2 name bins with their generation (gcn10.op...).
          key = cov.exists(bin) != 0 ? bin : {gens[gi], ".", bin};
          if (cov.exists(key) == 0 || cov[key] == 0) begin
            missing++;
            $display("     [%s] %s: not executed: %s", CFG, gens[gi], bin);
          end
        end
      end
      if (expect_fd != 0) $fclose(expect_fd);
      check(expect_open && expected > 0 && missing == 0,
            $sformatf("%s: all %0d integer instruction forms executed (%0d missing)", gens[gi],
                      expected, missing));
      // The checker is live: a corrupted scalar write of the DUT is reported.
      foreach (man_gen[i]) begin
        int mismatches, cycles, events;
        if (man_gen[i] != gens[gi] || man_name[i] != {gens[gi], "_salu_chain"}) continue;
        run_one(h, man_gen[i], man_name[i], man_asm[i], man_state[i], "", 2, mismatches,
                cycles, events);
        check(mismatches == 1, $sformatf("%s (fault injected in cycle 2): 1 mismatch found (%0d; %0d cycles, %0d events)",
                                         man_name[i], mismatches, cycles, events));
      end
      gcnref_destroy(h);
    end
    done_o = 1'b1;
  end

endmodule
