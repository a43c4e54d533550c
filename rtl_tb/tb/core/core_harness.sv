// core_harness: runs every program of the manifest on one gcn_core (one latency
// configuration) and on the model (gcnref_pkg, created with the same latencies), and
// compares the commits of every cycle: each cycle the model steps once and the DUT's
// events of that cycle are reported in the contract's order, then gcnref_check_cycle.
//
// The DUT's commit groups are ordered here: the SALU group and the VALU group by their
// age tags (issue order, modulo 256), then illegal / unsupported / end. Within a group the
// order is the core's: scalar writes (in index order), SCC, MODE, vector, retire.
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

  localparam int IMEM_WORDS = 16384;
  localparam int MAX_CYCLES = 200000;

  // ------------------------------------------------------------------ the DUT
  logic               rst_n;
  gcn_isa_pkg::gen_e  gen;
  logic [63:0]        prog_base;
  logic [31:0]        prog_size;
  logic               start;
  logic               done;
  logic               init_sreg_we;
  logic [6:0]         init_sreg_code;
  logic [31:0]        init_sreg_data;
  logic               init_vgpr_we;
  logic [7:0]         init_vgpr;
  logic [1:0]         init_pass;
  logic [511:0]       init_lanes;
  logic               init_scc;
  logic [31:0]        init_mode;
  logic [63:0]        imem_addr;
  logic [63:0]        imem_rdata;
  logic               cs_valid, cs_scc_valid, cs_scc, cs_mode_valid;
  logic [7:0]         cs_age;
  logic [63:0]        cs_pc;
  logic [5:0]         cs_wr_valid;
  logic [41:0]        cs_wr_code;
  logic [191:0]       cs_wr_data;
  logic [31:0]        cs_mode;
  logic               cv_valid, cv_vec_valid, cv_retire;
  logic [7:0]         cv_age;
  logic [1:0]         cv_wr_valid;
  logic [13:0]        cv_wr_code;
  logic [63:0]        cv_wr_data;
  logic [7:0]         cv_vgpr;
  logic [1:0]         cv_pass;
  logic [15:0]        cv_mask;
  logic [511:0]       cv_lanes;
  logic [63:0]        cv_pc;
  logic               ev_illegal, ev_unsupported, ev_end;
  logic [63:0]        ev_pc;

  gcn_core #(
    .SALU_LATENCY   (SALU_LATENCY),
    .VALU_DEPTH     (VALU_DEPTH),
    .BRANCH_PENALTY (BRANCH_PENALTY)
  ) u_dut (
    .clk_i            (clk_i),
    .rst_ni           (rst_n),
    .gen_i            (gen),
    .prog_base_i      (prog_base),
    .prog_size_i      (prog_size),
    .start_i          (start),
    .done_o           (done),
    .init_sreg_we_i   (init_sreg_we),
    .init_sreg_code_i (init_sreg_code),
    .init_sreg_data_i (init_sreg_data),
    .init_vgpr_we_i   (init_vgpr_we),
    .init_vgpr_i      (init_vgpr),
    .init_pass_i      (init_pass),
    .init_lanes_i     (init_lanes),
    .init_scc_i       (init_scc),
    .init_mode_i      (init_mode),
    .imem_addr_o      (imem_addr),
    .imem_rdata_i     (imem_rdata),
    .cs_valid_o       (cs_valid),
    .cs_age_o         (cs_age),
    .cs_pc_o          (cs_pc),
    .cs_wr_valid_o    (cs_wr_valid),
    .cs_wr_code_o     (cs_wr_code),
    .cs_wr_data_o     (cs_wr_data),
    .cs_scc_valid_o   (cs_scc_valid),
    .cs_scc_o         (cs_scc),
    .cs_mode_valid_o  (cs_mode_valid),
    .cs_mode_o        (cs_mode),
    .cv_valid_o       (cv_valid),
    .cv_age_o         (cv_age),
    .cv_wr_valid_o    (cv_wr_valid),
    .cv_wr_code_o     (cv_wr_code),
    .cv_wr_data_o     (cv_wr_data),
    .cv_vec_valid_o   (cv_vec_valid),
    .cv_vgpr_o        (cv_vgpr),
    .cv_pass_o        (cv_pass),
    .cv_mask_o        (cv_mask),
    .cv_lanes_o       (cv_lanes),
    .cv_retire_o      (cv_retire),
    .cv_pc_o          (cv_pc),
    .ev_illegal_o     (ev_illegal),
    .ev_unsupported_o (ev_unsupported),
    .ev_end_o         (ev_end),
    .ev_pc_o          (ev_pc)
  );

  // ------------------------------------------------------------------ instruction memory
  logic [31:0] imem [IMEM_WORDS];
  logic [63:0] imem_off;
  always_comb begin
    imem_off   = imem_addr - prog_base;
    imem_rdata = '0;
    if (imem_off < 64'(prog_size) && imem_off[1:0] == 2'd0 && imem_off < 64'(4 * IMEM_WORDS)) begin
      imem_rdata[31:0] = imem[imem_off[15:2]];
      if (imem_off + 64'd4 < 64'(prog_size)) imem_rdata[63:32] = imem[imem_off[15:2] + 14'd1];
    end
  end

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

  function automatic bit dut_events();
    dut_events = cs_valid || cv_valid || ev_illegal || ev_unsupported || ev_end;
  endfunction

  // Reports the SALU group; FAULT adds 1 to its first scalar value (the checker's test).
  function automatic void report_salu(chandle h, bit fault);
    bit faulted = 1'b0;
    for (int k = 0; k < 6; k++) begin
      if (cs_wr_valid[k]) begin
        int value = int'(cs_wr_data[32*k +: 32]);
        if (fault && !faulted) begin
          value = value + 1;
          faulted = 1'b1;
        end
        gcnref_dut_scalar(h, int'(cs_wr_code[7*k +: 7]), value);
      end
    end
    if (cs_scc_valid) gcnref_dut_scc(h, int'(cs_scc));
    if (cs_mode_valid) gcnref_dut_mode(h, int'(cs_mode));
    gcnref_dut_retire(h, longint'(cs_pc));
  endfunction

  function automatic void report_valu(chandle h);
    for (int k = 0; k < 2; k++) begin
      if (cv_wr_valid[k]) gcnref_dut_scalar(h, int'(cv_wr_code[7*k +: 7]), int'(cv_wr_data[32*k +: 32]));
    end
    if (cv_vec_valid) gcnref_dut_vector(h, int'(cv_vgpr), int'(cv_pass), int'(cv_mask), cv_lanes);
    if (cv_retire) gcnref_dut_retire(h, longint'(cv_pc));
  endfunction

  // The DUT's events of this cycle, in the contract's order.
  function automatic void report_dut(chandle h, bit fault);
    bit salu_first;
    salu_first = cs_valid && (!cv_valid || $signed(cs_age - cv_age) < 0);
    if (salu_first) report_salu(h, fault);
    if (cv_valid) report_valu(h);
    if (cs_valid && !salu_first) report_salu(h, fault);
    if (ev_illegal) gcnref_dut_illegal(h, longint'(ev_pc));
    if (ev_unsupported) gcnref_dut_unsupported(h, longint'(ev_pc));
    if (ev_end) gcnref_dut_end(h, longint'(ev_pc));
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
    int size;
    bit [511:0] lanes;
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
    size = gcnref_imem_size(h);
    if (size > 4 * IMEM_WORDS) begin
      $display("     [%s] %s: program too large (%0d bytes)", CFG, name, size);
      mismatches = -1;
      return;
    end
    for (int i = 0; i < size / 4; i++) imem[i] = gcnref_imem_word(h, 4 * i);
    prog_base = gcnref_base_pc(h);
    if (dut_asm_path != "") begin
      rc = gcnref_load_file(h, asm_path, state_path);
      if (rc != 0) begin
        $display("     [%s] %s: load failed: %s", CFG, name, gcnref_last_error());
        mismatches = -1;
        return;
      end
    end
    prog_size = size;
    gen = gcn_isa_pkg::gen_e'(gen_code(g));
    // Reset, then the initial state.
    rst_n = 1'b0;
    @(negedge clk_i);
    rst_n = 1'b1;
    for (int c = 0; c < 128; c++) begin
      init_sreg_we   = 1'b1;
      init_sreg_code = 7'(c);
      init_sreg_data = gcnref_init_sgpr(h, c);
      @(negedge clk_i);
    end
    init_sreg_we = 1'b0;
    for (int v = 0; v < 256; v++) begin
      for (int p = 0; p < 4; p++) begin
        gcnref_init_vgpr16(h, v, p, lanes);
        init_vgpr_we = 1'b1;
        init_vgpr    = 8'(v);
        init_pass    = 2'(p);
        init_lanes   = lanes;
        @(negedge clk_i);
      end
    end
    init_vgpr_we = 1'b0;
    init_scc     = gcnref_init_scc(h) != 0;
    init_mode    = gcnref_init_mode(h);
    start        = 1'b1;
    @(negedge clk_i);
    start   = 1'b0;
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
    rst_n          = 1'b0;
    gen            = gcn_isa_pkg::GEN_GCN10;
    prog_base      = '0;
    prog_size      = '0;
    start          = 1'b0;
    init_sreg_we   = 1'b0;
    init_sreg_code = '0;
    init_sreg_data = '0;
    init_vgpr_we   = 1'b0;
    init_vgpr      = '0;
    init_pass      = '0;
    init_lanes     = '0;
    init_scc       = 1'b0;
    init_mode      = '0;
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
        string line, bin;
        line = "";
        void'($fgets(line, expect_fd));
        if ($sscanf(line, "%s", bin) == 1) begin
          expected++;
          if (cov.exists(bin) == 0 || cov[bin] == 0) begin
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
