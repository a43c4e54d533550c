// tb_exdut: the example DUT (exdut_core) checked in retire mode against the model, the
// way docs/retire.md tells a user to connect a DUT: a wrapper maps the DUT's own ports
// onto gcnref_retire_bfm, the testbench loads each vector into the DUT through the DUT's
// own load port and lets the checker compare every retired instruction.
//
// One test per vector: it passes when the DUT ends (done) with zero mismatches. A vector
// that fails prints the checker's report (first mismatch, the instructions before it, a
// reproduction line with the Verilator seed, since X and uninitialised values are random
// under --x-assign unique --x-initial unique); a DUT that stops retiring is reset by the
// watchdog and the run goes on with the next vector. Ends with "N passed, N failed";
// exit status 1 when a vector failed, 2 on bad arguments.
//
// Plusargs: +vectors=FILE +gen=gcn10|gcn11 +cap=FILE (the capability file) [+only=I]
//   [+watchdog=N] [+self=PATH] [+verbose] [+waves=FILE: an FST of the run, with a simulator
//   built by make exdut-waves-build]
module tb_exdut;
  import gcnref_pkg::*;
  import gcnref_retire_pkg::*;

  import "DPI-C" function void cosim_set_exit_status(input int status);

  localparam int IMEM_WORDS = 16384;

  logic clk = 1'b0;
  always #1 clk <= ~clk;

  // ------------------------------------------------------------------ DUT and wrapper
  logic         rst_n = 1'b0, gen = 1'b0, start = 1'b0, done, fetch_req, en = 1'b0, hung;
  logic [63:0]  start_pc = '0, end_pc = '0, fetch_addr, fetch_data;
  logic         ld_s_we = 1'b0, ld_v_we = 1'b0, ld_scc = 1'b0;
  logic [6:0]   ld_s_idx = '0;
  logic [31:0]  ld_s_data = '0;
  logic [7:0]   ld_v_idx = '0;
  logic [1:0]   ld_v_grp = '0;
  logic [511:0] ld_v_data = '0;
  logic [1:0]   sw_we;
  logic [13:0]  sw_idx;
  logic [63:0]  sw_data;
  logic         scc_we, scc, vw_we, rt_valid;
  logic [7:0]   vw_idx;
  logic [1:0]   vw_grp, rt_kind, rt_nwords;
  logic [15:0]  vw_mask;
  logic [511:0] vw_data;
  logic [63:0]  rt_pc, rt_insn;

  exdut_core u_dut (
    .clk_i (clk), .rst_ni (rst_n), .gen_i (gen), .start_i (start), .start_pc_i (start_pc),
    .end_pc_i (end_pc), .done_o (done), .fetch_req_o (fetch_req), .fetch_addr_o (fetch_addr),
    .fetch_data_i (fetch_data), .ld_s_we_i (ld_s_we), .ld_s_idx_i (ld_s_idx),
    .ld_s_data_i (ld_s_data), .ld_v_we_i (ld_v_we), .ld_v_idx_i (ld_v_idx),
    .ld_v_grp_i (ld_v_grp), .ld_v_data_i (ld_v_data), .ld_scc_i (ld_scc), .sw_we_o (sw_we),
    .sw_idx_o (sw_idx), .sw_data_o (sw_data), .scc_we_o (scc_we), .scc_o (scc),
    .vw_we_o (vw_we), .vw_idx_o (vw_idx), .vw_grp_o (vw_grp), .vw_mask_o (vw_mask),
    .vw_data_o (vw_data), .rt_valid_o (rt_valid), .rt_kind_o (rt_kind), .rt_pc_o (rt_pc),
    .rt_insn_o (rt_insn), .rt_nwords_o (rt_nwords)
  );

  // The wrapper: the DUT's write ports and retirement port onto the BFM (the kinds map
  // 0 retired, 2 unsupported, 3 end onto the BFM's 0 retire, 2 unsupported, 3 end).
  gcnref_retire_bfm #(.NS (2), .LANES (16)) u_bfm (
    .clk_i (clk), .en_i (en),
    .s_we_i (sw_we), .s_code_i (sw_idx), .s_data_i (sw_data),
    .scc_we_i (scc_we), .scc_i (scc), .mode_we_i (1'b0), .mode_i (32'd0),
    .pc_we_i (1'b0), .pc_target_i (64'd0),
    .v_we_i (vw_we), .v_num_i (vw_idx), .v_first_i ({vw_grp, 4'd0}), .v_mask_i (vw_mask),
    .v_data_i (vw_data),
    .rt_valid_i (rt_valid), .rt_kind_i (rt_kind), .rt_pc_i (rt_pc), .rt_insn_i (rt_insn),
    .rt_nwords_i (rt_nwords), .hung_o (hung)
  );

  // Instruction memory: the program of the loaded vector; a request's two dwords come in
  // the next cycle.
  logic [31:0] imem [IMEM_WORDS];
  logic [63:0] off;
  assign off = fetch_addr - start_pc;
  always @(posedge clk)
    if (fetch_req) fetch_data <= off < 64'(4 * IMEM_WORDS - 4) ? {imem[off[15:2] + 14'd1], imem[off[15:2]]} : '0;

  // ------------------------------------------------------------------ one vector
  // Loads vector IDX into the model and the DUT, runs it; 0 passed, 1 failed.
  task automatic run_vector(chandle h, string path, int idx, string repro, longint watchdog,
                            output int failed, output longint retired);
    int size;
    bit [255:0] used;
    bit [511:0] lanes;
    longint cycles;
    failed = 0;
    if (gcnref_load_vector(h, path, idx) != 0) begin
      $display("ERROR %s", gcnref_last_error());
      failed = 1;
      return;
    end
    size = gcnref_imem_size(h);
    for (int i = 0; i < (size + 3) / 4 && i < IMEM_WORDS; i++) imem[i] = gcnref_imem_word(h, 4 * i);
    if (size / 4 + 1 < IMEM_WORDS) imem[size / 4] = '0;
    start_pc = gcnref_base_pc(h);
    end_pc   = start_pc + 64'(size);
    // Reset, then the DUT's load port: every scalar code, the VGPRs the program names.
    rst_n = 1'b0;
    @(negedge clk);
    rst_n = 1'b1;
    for (int k = 0; k < 128; k++) begin
      ld_s_we = 1'b1;
      ld_s_idx = 7'(k);
      ld_s_data = gcnref_init_sgpr(h, k);
      @(negedge clk);
    end
    ld_s_we = 1'b0;
    gcnref_program_vgprs(h, used);
    for (int v = 0; v < 256; v++) begin
      if (!used[v]) continue;
      for (int p = 0; p < 4; p++) begin
        gcnref_init_vgpr16(h, v, p, lanes);
        ld_v_we = 1'b1;
        ld_v_idx = 8'(v);
        ld_v_grp = 2'(p);
        ld_v_data = lanes;
        @(negedge clk);
      end
    end
    ld_v_we = 1'b0;
    ld_scc = gcnref_init_scc(h) != 0;
    if (gcnref_rt_config(h, 1, 0, watchdog, 8) != 0) $display("ERROR %s", gcnref_rt_last_error());
    start = 1'b1;
    en = 1'b1;
    @(negedge clk);
    start = 1'b0;
    cycles = 0;
    while (!done && !hung) begin
      @(negedge clk);
      cycles++;
    end
    @(negedge clk);  // the BFM samples the last retirement
    en = 1'b0;
    void'(gcnref_rt_finish(h));
    retired = gcnref_rt_retired(h);
    if (gcnref_mismatch_count(h) != 0) begin
      string report;
      report = gcnref_rt_report(h, repro);
      if (hung)
        $display("FAIL %s (index %0d of %s): %0d mismatches, %0d retired, %0d cycles, watchdog",
                 gcnref_vector_name(h), idx, path, gcnref_mismatch_count(h), retired, cycles);
      else
        $display("FAIL %s (index %0d of %s): %0d mismatches, %0d retired, %0d cycles", gcnref_vector_name(h),
                 idx, path, gcnref_mismatch_count(h), retired, cycles);
      $display("%s", report);
      failed = 1;
    end
  endtask

  initial begin
    string vectors = "", gen_arg = "gcn10", cap = "", self = "build/rtl/exdut/clean/tb_exdut", waves = "";
    int only = -1, seed = 0, n_pass = 0, n_fail = 0, count;
    longint watchdog = 2000, total = 0;
    bit verbose;
    chandle h;
    void'($value$plusargs("vectors=%s", vectors));
    void'($value$plusargs("gen=%s", gen_arg));
    void'($value$plusargs("cap=%s", cap));
    void'($value$plusargs("only=%d", only));
    void'($value$plusargs("watchdog=%d", watchdog));
    void'($value$plusargs("self=%s", self));
    void'($value$plusargs("verilator+seed+%d", seed));
    verbose = $test$plusargs("verbose");
    if ($value$plusargs("waves=%s", waves)) begin
`ifdef EXDUT_WAVES
      $dumpfile(waves);
      $dumpvars(0, tb_exdut);
`else
      $display("ERROR +waves=%s: this simulator was built without waves (make exdut-waves-build)", waves);
      cosim_set_exit_status(2);
      $finish;
`endif
    end
    if (vectors == "" || (gen_arg != "gcn10" && gen_arg != "gcn11")) begin
      $display("usage: tb_exdut +vectors=FILE +gen=gcn10|gcn11 [+cap=FILE] [+only=I] [+watchdog=N] [+verbose]");
      cosim_set_exit_status(2);
      $finish;
    end
    gen = gen_arg == "gcn11";
    h = gcnref_create(gen_arg == "gcn11" ? GCN11 : GCN10, 1, 6, 2);
    u_bfm.attach(h);
    if (cap != "" && gcnref_rt_capability(h, cap) != 0) begin
      $display("ERROR %s", gcnref_rt_last_error());
      cosim_set_exit_status(2);
      $finish;
    end
    count = gcnref_vector_count(vectors);
    if (count < 0) begin
      $display("ERROR %s", gcnref_last_error());
      cosim_set_exit_status(2);
      $finish;
    end
    for (int i = 0; i < count; i++) begin
      int failed;
      longint retired;
      string repro;
      if (only >= 0 && i != only) continue;
      repro = $sformatf("%s +vectors=%s +gen=%s +cap=%s +only=%0d +verilator+rand+reset+2 +verilator+seed+%0d",
                        self, vectors, gen_arg, cap, i, seed);
      run_vector(h, vectors, i, repro, watchdog, failed, retired);
      total += retired;
      if (failed != 0) n_fail++;
      else n_pass++;
      if (verbose && failed == 0) $display("ok   %s: %0d retired", gcnref_vector_name(h), retired);
    end
    // No u_bfm.attach(null) here: Verilator 5.006 drops the first of two writes of u_bfm.h
    // in one process (it sees no read between them). The run is over: nothing calls it.
    gcnref_destroy(h);
    $display("%0d instructions retired and compared", total);
    $display("%0d passed, %0d failed", n_pass, n_fail);
    cosim_set_exit_status(n_fail != 0 ? 1 : 0);
    $finish;
  end
endmodule
