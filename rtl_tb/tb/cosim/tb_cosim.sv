// tb_cosim: the random co-simulation of gcn_core against the model (make cosim-run).
//
// For each vector of a vector file (docs/vectors.md, made by `gcnref gen`): the model
// loads it (gcnref_load_vector: program at its base, the whole initial state), the core
// gets the same program in its instruction memory and the same initial state through its
// initialisation port, then both run cycle by cycle and every commit is compared
// (gcnref_dut_* + gcnref_check_cycle), as the directed co-simulation does
// (rtl_tb/tb/core/core_harness.sv: the same DUT hookup and event ordering). One test per
// vector: it passes with 0 mismatches, the core done_o and silent in the cycle after the
// model's last one, and no watchdog (10,000 cycles without a retirement).
//
// Plusargs:
//   +vectors=FILE[,FILE...]  vector files, one per generation listed in +gen
//   +gen=G[,G...]            gcn10 gcn11 gcn12 gcn14 (gfx6.. si.. aliases, or 0..3)
//   +max_mismatches=N        stop after N failing vectors (default 1; 0: never stop)
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
// Signals are driven and sampled at the falling edge (the DUT's flops use the rising one).
module tb_cosim #(
  parameter int unsigned SALU_LATENCY   = 1,
  parameter int unsigned VALU_DEPTH     = 6,
  parameter int unsigned BRANCH_PENALTY = 2
);
  import gcnref_pkg::*;

  import "DPI-C" function real cosim_wall_seconds();

  localparam int IMEM_WORDS = 16384;
  localparam int WATCHDOG   = 10000;  // cycles without a retirement
  localparam int PRINT_MAX  = 8;      // mismatch messages printed per vector

  logic clk = 1'b0;
  always #1 clk <= ~clk;

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
    .clk_i            (clk),
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

  // ------------------------------------------------------------------ DUT events
  function automatic bit dut_events();
    dut_events = cs_valid || cv_valid || ev_illegal || ev_unsupported || ev_end;
  endfunction

  function automatic void report_salu(chandle h);
    for (int k = 0; k < 6; k++) begin
      if (cs_wr_valid[k]) gcnref_dut_scalar(h, int'(cs_wr_code[7*k +: 7]), int'(cs_wr_data[32*k +: 32]));
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

  // The DUT's events of this cycle, in the contract's order (core_harness.sv).
  function automatic void report_dut(chandle h);
    bit salu_first;
    salu_first = cs_valid && (!cv_valid || $signed(cs_age - cv_age) < 0);
    if (salu_first) report_salu(h);
    if (cv_valid) report_valu(h);
    if (cs_valid && !salu_first) report_salu(h);
    if (ev_illegal) gcnref_dut_illegal(h, longint'(ev_pc));
    if (ev_unsupported) gcnref_dut_unsupported(h, longint'(ev_pc));
    if (ev_end) gcnref_dut_end(h, longint'(ev_pc));
  endfunction

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
  string profile  = "vectors/profiles/cosim_int.prof";
  string self     = "build/rtl/cosim/tb_cosim";
  string dir      = "build/rtl/cosim";
  bit    verbose  = 1'b0;
  bit    full_init = 1'b0;

  // Runs vector IDX of PATH on the model instance H and the core. RESULT: 0 passed,
  // 1 mismatch, 2 watchdog, 3 load error (mismatches counted in MISMATCHES), 4 skipped.
  task automatic run_vector(chandle h, string path, int idx, int g, output int result,
                            output int mismatches, output longint retired, output longint cycles);
    int rc, size, stall, printed, nv;
    bit [511:0] lanes;
    bit [255:0] used;
    int vlist[256];
    string vname;
    result = 0;
    mismatches = 0;
    retired = 0;
    cycles = 0;
    rc = gcnref_load_vector(h, path, idx);
    if (rc != 0) begin
      $display("ERROR %s: %s", gen_name(g), gcnref_last_error());
      result = 3;
      return;
    end
    vname = gcnref_vector_name(h);
    // gcn_core has no initialisation port for the gcn14 apertures (it reads them as 0):
    // a vector that reads one that its initial state sets is skipped.
    if (g == GCN14) begin
      for (int c = 235; c <= 239; c++) begin
        int value, reads;
        value = gcnref_init_sgpr(h, c);
        reads = gcnref_program_reads(h, c);
        if (value != 0 && reads != 0) begin
          if (verbose) $display("skip %s %s: reads aperture code %0d = 0x%08h (no init port in gcn_core)",
                                gen_name(g), vname, c, value);
          result = 4;
          return;
        end
      end
    end
    size = gcnref_imem_size(h);
    if (size > 4 * IMEM_WORDS) begin
      $display("ERROR %s %s: program too large (%0d bytes)", gen_name(g), vname, size);
      result = 3;
      return;
    end
    for (int i = 0; i < (size + 3) / 4; i++) imem[i] = gcnref_imem_word(h, 4 * i);
    prog_base = gcnref_base_pc(h);
    prog_size = size;
    gen = gcn_isa_pkg::gen_e'(g);
    // Reset, then the initial state: the VGPR passes (those of the VGPRs the program
    // names, or all with +full_init: the others are neither read nor written), and every
    // scalar code alongside (the two ports are independent), then SCC and MODE with start.
    if (full_init) used = '1;
    else gcnref_program_vgprs(h, used);
    nv = 0;
    for (int v = 0; v < 256; v++) begin
      if (used[v]) begin
        vlist[nv] = v;
        nv++;
      end
    end
    rst_n = 1'b0;
    @(negedge clk);
    rst_n = 1'b1;
    for (int k = 0; k < 128 || k < 4 * nv; k++) begin
      init_vgpr_we = k < 4 * nv;
      if (k < 4 * nv) begin
        gcnref_init_vgpr16(h, vlist[k / 4], k % 4, lanes);
        init_vgpr  = 8'(vlist[k / 4]);
        init_pass  = 2'(k % 4);
        init_lanes = lanes;
      end
      init_sreg_we = k < 128;
      if (k < 128) begin
        init_sreg_code = 7'(k);
        init_sreg_data = gcnref_init_sgpr(h, k);
      end
      @(negedge clk);
    end
    init_vgpr_we = 1'b0;
    init_sreg_we = 1'b0;
    init_scc     = gcnref_init_scc(h) != 0;
    init_mode    = gcnref_init_mode(h);
    start        = 1'b1;
    @(negedge clk);
    start   = 1'b0;
    stall   = 0;
    printed = 0;
    // The run: cycle 0 is the cycle after start.
    while (gcnref_done(h) == 0) begin
      int n, nret;
      bit dut_retired;
      n = gcnref_step(h);
      nret = 0;
      for (int e = 0; e < n; e++) begin
        int kind;
        kind = gcnref_event_kind(h, e);
        if (kind == GCN_EV_RETIRE) nret++;
      end
      dut_retired = cs_valid || (cv_valid && cv_retire);
      report_dut(h);
      rc = gcnref_check_cycle(h);
      if (rc != 0) begin
        if (printed < PRINT_MAX) begin
          longint cyc;
          cyc = gcnref_cycle(h);
          $display("MISMATCH %s vector %s (index %0d of %s), cycle %0d:", gen_name(g), vname,
                   idx, path, cyc);
          for (int i = 0; i < rc && printed < PRINT_MAX; i++) begin
            string msg;
            msg = gcnref_mismatch_message(h, gcnref_mismatch_count(h) - rc + i);
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
        end
        mismatches += rc;
      end
      retired += longint'(nret);
      cycles++;
      stall = (nret > 0 || dut_retired) ? 0 : stall + 1;
      if (n < 0) break;
      @(negedge clk);
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
      mismatches++;
    end
    if (mismatches != 0) result = 1;
  endtask

  // ------------------------------------------------------------------ the sequence
  string vec_files[$];
  string gen_names[$];
  int    st_vectors[$], st_failed[$], st_skipped[$];
  longint st_retired[$], st_cycles[$], st_mismatches[$];
  real   st_wall[$];

  initial begin
    string vectors_arg = "";
    string gen_arg = "";
    int max_mismatches = 1;
    int salu_latency = int'(SALU_LATENCY);
    int valu_depth = int'(VALU_DEPTH);
    int branch_penalty = int'(BRANCH_PENALTY);
    int n_pass = 0;
    int n_fail = 0;
    int n_bad_vectors = 0;
    bit stop = 1'b0;
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
    void'($value$plusargs("vectors=%s", vectors_arg));
    void'($value$plusargs("gen=%s", gen_arg));
    void'($value$plusargs("max_mismatches=%d", max_mismatches));
    void'($value$plusargs("salu_latency=%d", salu_latency));
    void'($value$plusargs("valu_depth=%d", valu_depth));
    void'($value$plusargs("branch_penalty=%d", branch_penalty));
    void'($value$plusargs("profile=%s", profile));
    void'($value$plusargs("self=%s", self));
    void'($value$plusargs("dir=%s", dir));
    verbose = $test$plusargs("verbose");
    full_init = $test$plusargs("full_init");
    split(vectors_arg, vec_files);
    split(gen_arg, gen_names);
    if (vec_files.size() == 0 || vec_files.size() != gen_names.size()) begin
      $display("usage: tb_cosim +vectors=FILE[,FILE...] +gen=G[,G...] [+max_mismatches=N] [+salu_latency=%0d +valu_depth=%0d +branch_penalty=%0d] [+verbose]",
               SALU_LATENCY, VALU_DEPTH, BRANCH_PENALTY);
      $display("(one generation per vector file; got %0d file(s), %0d generation(s))",
               vec_files.size(), gen_names.size());
      $fatal(1, "bad plusargs");
    end
    if (salu_latency != int'(SALU_LATENCY) || valu_depth != int'(VALU_DEPTH) ||
        branch_penalty != int'(BRANCH_PENALTY)) begin
      $display("this simulator was built with salu_latency=%0d valu_depth=%0d branch_penalty=%0d; rebuild it for %0d,%0d,%0d (make cosim-build COSIM_CFG=%0d,%0d,%0d)",
               SALU_LATENCY, VALU_DEPTH, BRANCH_PENALTY, salu_latency, valu_depth, branch_penalty,
               salu_latency, valu_depth, branch_penalty);
      $fatal(1, "latency plusargs differ from the build");
    end
    foreach (gen_names[gi]) begin
      if (gen_code(gen_names[gi]) < 0) $fatal(1, $sformatf("+gen: unknown generation '%s'", gen_names[gi]));
    end
    @(negedge clk);
    foreach (vec_files[fi]) begin
      chandle h;
      int g, count, failed, ran, skipped;
      longint retired, cycles, mism;
      real t0, t1;
      if (stop) break;
      g = gen_code(gen_names[fi]);
      failed = 0;
      ran = 0;
      skipped = 0;
      retired = 0;
      cycles = 0;
      mism = 0;
      t0 = cosim_wall_seconds();
      h = gcnref_create(g, int'(SALU_LATENCY), int'(VALU_DEPTH), int'(BRANCH_PENALTY));
      if (h == null) $fatal(1, $sformatf("gcnref_create: %s", gcnref_last_error()));
      count = gcnref_vector_count(vec_files[fi]);
      if (count < 0) begin
        $display("ERROR %s: %s", gen_name(g), gcnref_last_error());
        n_fail++;
        n_bad_vectors++;
        count = 0;
      end
      for (int i = 0; i < count && !stop; i++) begin
        int result, m;
        longint r, c;
        run_vector(h, vec_files[fi], i, g, result, m, r, c);
        ran++;
        retired += r;
        cycles += c;
        mism += longint'(m);
        if (result == 4) begin
          skipped++;
        end else if (result == 0) begin
          n_pass++;
          if (verbose) $display("ok   %s %s: %0d instructions, %0d cycles", gen_name(g),
                                gcnref_vector_name(h), r, c);
        end else begin
          longint seed;
          string vname;
          string why;
          n_fail++;
          failed++;
          if (result == 3) n_bad_vectors++;
          vname = gcnref_vector_name(h);
          seed = gcnref_vector_seed(h);
          why = "";
          if (result == 2) why = ", watchdog";
          if (result == 3) why = ", load error";
          $display("FAIL %s %s (index %0d of %s): %0d mismatches%s", gen_name(g), vname, i,
                   vec_files[fi], m, why);
          if (result != 3)
            $display("reproduce: build/bin/gcnref gen --gen %s --seed %0d --count 1 --profile %s -o %s/repro.vec && %s +vectors=%s/repro.vec +gen=%s +salu_latency=%0d +valu_depth=%0d +branch_penalty=%0d",
                     gen_name(g), seed, profile, dir, self, dir, gen_name(g), SALU_LATENCY,
                     VALU_DEPTH, BRANCH_PENALTY);
          if (max_mismatches > 0 && n_fail >= max_mismatches) begin
            $display("stopping after %0d failing vector(s) (+max_mismatches=%0d)", n_fail,
                     max_mismatches);
            stop = 1'b1;
          end
        end
      end
      t1 = cosim_wall_seconds();
      gcnref_destroy(h);
      st_vectors.push_back(ran);
      st_skipped.push_back(skipped);
      st_failed.push_back(failed);
      st_retired.push_back(retired);
      st_cycles.push_back(cycles);
      st_mismatches.push_back(mism);
      st_wall.push_back(t1 - t0);
    end
    $display("");
    $display("co-simulation, salu_latency=%0d valu_depth=%0d branch_penalty=%0d:", SALU_LATENCY,
             VALU_DEPTH, BRANCH_PENALTY);
    $display("%s", {pad("gen", -6), pad("vectors", 9), pad("skipped", 9), pad("failed", 8),
                    pad("retired", 12), pad("cycles", 12), pad("mismatches", 12), pad("wall s", 9),
                    pad("instr/s", 10)});
    foreach (st_vectors[i])
      $display("%s", {pad(gen_name(gen_code(gen_names[i])), -6), pad($sformatf("%0d", st_vectors[i]), 9),
                      pad($sformatf("%0d", st_skipped[i]), 9), pad($sformatf("%0d", st_failed[i]), 8),
                      pad($sformatf("%0d", st_retired[i]), 12), pad($sformatf("%0d", st_cycles[i]), 12),
                      pad($sformatf("%0d", st_mismatches[i]), 12), pad($sformatf("%0.2f", st_wall[i]), 9),
                      pad($sformatf("%0d", st_wall[i] > 0.0 ? longint'(real'(st_retired[i]) / st_wall[i]) : 0), 10)});
    $display("%0d passed, %0d failed", n_pass, n_fail);
    if (n_fail != 0) $fatal(1, $sformatf("%0d vector(s) failed", n_fail));  // exit status 1
    $finish;
  end

endmodule
