// dpi_selftest: exercises every import of gcnref_pkg under Verilator, with no DUT: the
// model's own events are fed back as the DUT's (0 mismatches expected), then with
// deliberate faults (each must be reported, naming the field). Expected register values,
// event cycles and cycle counts are derived by hand from docs/microarch.md (the worked
// examples and the issue rules; the derivation is in the comment above each test).
// Prints one line per check and ends with "N passed, N failed".
// Run from the repository root (fixtures: +fixtures=DIR, default dpi/test).
// Under Verilator 5.006 the function calls of an expression are hoisted into temporaries and
// may run in any order (seen: right to left), and `&&` does not short-circuit them: so
// a call with an effect (load, step, check) and a read of its outcome (gcnref_last_error,
// gcnref_base_pc...) are always separate statements.
module dpi_selftest;
  import gcnref_pkg::*;

  int n_pass = 0;
  int n_fail = 0;

  // Faults injected when the model's events are fed back as the DUT's.
  localparam int F_NONE       = 0;
  localparam int F_SCALAR     = 1;  // first scalar write: value + 1
  localparam int F_LANE       = 2;  // first vector write: lane FLANE flipped
  localparam int F_DROP       = 3;  // first retire not reported
  localparam int F_EXTRA      = 4;  // an extra scalar write s10=5 after the events
  localparam int F_SCC        = 5;  // first SCC write inverted
  localparam int F_ORDER      = 6;  // first two events reported swapped
  localparam int F_END_PC     = 7;  // end event with PC + 4

  function automatic void check(bit ok, string what);
    if (ok) begin
      n_pass++;
      $display("ok   %s", what);
    end else begin
      n_fail++;
      $display("FAIL %s", what);
    end
  endfunction

  function automatic bit has(string s, string sub);
    for (int i = 0; i + sub.len() <= s.len(); i++)
      if (s.substr(i, i + sub.len() - 1) == sub) return 1'b1;
    return 1'b0;
  endfunction

  // Checks that text S contains every one of up to three substrings.
  function automatic void check_msg(string s, string a, string b, string c, string what);
    check(has(s, a) && has(s, b) && has(s, c), $sformatf("%s: \"%s\"", what, s));
  endfunction

  function automatic bit [31:0] lane_of(bit [511:0] lanes, int l);
    return lanes[l * 32 +: 32];
  endfunction

  // Reports the N model events of the current cycle to the DUT side, with FAULT.
  function automatic void feed(chandle h, int n, int fault, int flane);
    bit [511:0] lanes;
    bit faulted;
    faulted = 1'b0;
    for (int k = 0; k < n; k++) begin
      int i;
      int kind;
      i = (fault == F_ORDER && n >= 2 && k < 2) ? 1 - k : k;
      kind = gcnref_event_kind(h, i);
      case (kind)
        GCN_EV_SCALAR: begin
          int value = gcnref_event_value(h, i);
          if (fault == F_SCALAR && !faulted) begin
            value = value + 1;
            faulted = 1'b1;
          end
          gcnref_dut_scalar(h, gcnref_event_code(h, i), value);
        end
        GCN_EV_SCC: begin
          int value = gcnref_event_value(h, i);
          if (fault == F_SCC && !faulted) begin
            value = value ^ 1;
            faulted = 1'b1;
          end
          gcnref_dut_scc(h, value);
        end
        GCN_EV_MODE: gcnref_dut_mode(h, gcnref_event_value(h, i));
        GCN_EV_HWREG: gcnref_dut_hwreg(h, gcnref_event_code(h, i), gcnref_event_value(h, i));
        GCN_EV_VECTOR: begin
          gcnref_event_lanes(h, i, lanes);
          if (fault == F_LANE && !faulted) begin
            lanes[flane * 32] = ~lanes[flane * 32];
            faulted = 1'b1;
          end
          gcnref_dut_vector(h, gcnref_event_code(h, i), gcnref_event_pass(h, i),
                            gcnref_event_mask(h, i), lanes);
        end
        GCN_EV_RETIRE: begin
          if (fault == F_DROP && !faulted) faulted = 1'b1;
          else gcnref_dut_retire(h, gcnref_event_pc(h, i));
        end
        GCN_EV_ILLEGAL: gcnref_dut_illegal(h, gcnref_event_pc(h, i));
        GCN_EV_UNSUPPORTED: gcnref_dut_unsupported(h, gcnref_event_pc(h, i));
        GCN_EV_END: gcnref_dut_end(h, gcnref_event_pc(h, i) + (fault == F_END_PC ? 64'd4 : 64'd0));
        default: check(1'b0, $sformatf("event kind %0d is one of gcnref_pkg's GCN_EV_*", kind));
      endcase
    end
    if (fault == F_EXTRA) gcnref_dut_scalar(h, 10, 5);
  endfunction

  // Runs H to its end, feeding every event back (no fault) and checking each cycle.
  // Returns the event stream as "@CYCLE EVENT EVENT; " per cycle that has events;
  // MISMATCHES counts what the checks found.
  function automatic string run(chandle h, output int mismatches);
    string trace = "";
    mismatches = 0;
    for (int guard = 0; gcnref_done(h) == 0 && guard < 100000; guard++) begin
      int n = gcnref_step(h);
      if (n > 0) begin
        trace = {trace, $sformatf("@%0d", gcnref_cycle(h))};
        for (int i = 0; i < n; i++) trace = {trace, " ", gcnref_event_text(h, i)};
        trace = {trace, "; "};
      end
      feed(h, n, F_NONE, 0);
      mismatches += gcnref_check_cycle(h);
    end
    return trace;
  endfunction

  // Checks a whole run: the event stream, the total cycle count (last cycle + 1), no
  // mismatches when the model's events are fed back, and that stepping on fails.
  function automatic void check_run(chandle h, string name, string want, int cycles);
    int mismatches;
    string trace = run(h, mismatches);
    if (trace == want) check(1'b1, {name, ": events (", want, ")"});
    else check(1'b0, $sformatf("%s: events\n       got    %s\n       want   %s", name, trace, want));
    check(gcnref_cycle(h) + 1 == 64'(cycles), $sformatf("%s: %0d cycles (got %0d)", name, cycles,
                                                        gcnref_cycle(h) + 1));
    check(mismatches == 0 && gcnref_mismatch_count(h) == 0,
          $sformatf("%s: own events fed back: 0 mismatches (got %0d)", name, mismatches));
    expect_fail(gcnref_step(h), "ended", {name, ": step after the end"});
  endfunction

  // Checks that a call returned -1 (RC) with a message (read after the call) naming WHAT.
  function automatic void expect_fail(int rc, string what, string name);
    string err = gcnref_last_error();
    check(rc == -1 && has(err, what), $sformatf("%s: -1 and \"%s\" (%0d, %s)", name, what, rc, err));
  endfunction

  // Loads PROG/STATE into H, checking success.
  function automatic void load(chandle h, string name, string prog, string state);
    int rc = gcnref_load_asm(h, prog, state);
    check(rc == 0, $sformatf("%s: load (%s)", name, rc == 0 ? "ok" : gcnref_last_error()));
  endfunction

  // ------------------------------------------------------------------ the programs
  // Worked example 1 (dependent SALU chain).
  localparam string EX1 = {"s_mov_b32 s0, 1\n",
                           "s_add_u32 s1, s0, s0 ; reads s0 in its commit cycle (bypass)\n",
                           "s_add_u32 s2, s1, s1\n",
                           "s_endpgm\n"};
  // Worked example 2 (VALU after VALU), gcn14's carry-less v_add_u32.
  localparam string EX2 = {"v_add_u32 v1, v2, v3\n", "v_add_u32 v4, v5, v6\n",
                           "v_add_u32 v7, v1, v4\n", "s_endpgm"};
  // Worked example 3 (SALU under a running VALU, then the VALU carry read by the SALU).
  localparam string EX3 = {"v_add_co_u32 v1, vcc, v2, v3\n", "s_add_u32 s4, s5, s6\n",
                           "s_and_b64 s[8:9], vcc, exec\n", "s_endpgm\n"};
  localparam string EX3_STATE = "v2=0xffffffff v3[0:31]=1 s5=10 s6=20";

  int cov_bins, cov_hit, cov_fd, cov_rc;
  bit cov_seen_vop2, cov_seen_zero;
  string cov_line;

  initial begin
    chandle h;
    chandle h2;
    bit [511:0] lanes;
    int n;
    int found;
    string msg;
    longint pc;
    string fixtures = "dpi/test";
    if ($value$plusargs("fixtures=%s", fixtures)) $display("fixtures from %s", fixtures);

    // ================================================================ 1. example 1, gcn14
    // s_mov issues 0, commits 1; each s_add reads the previous result in its commit cycle,
    // so issues 1 and 2, commits 2 and 3 (SCC = carry = 0); s_endpgm drains: issues 3,
    // ends 4; 5 cycles. s2 = 2 * (1 + 1) = 4.
    h = gcnref_create(GCN14, 1, 6, 2);
    check(h != null, "create gcn14 (1, 6, 2)");
    check(gcnref_done(h) == 1, "nothing loaded: done");
    expect_fail(gcnref_step(h), "no program", "step before load");
    load(h, "ex1", EX1, "");
    check(gcnref_done(h) == 0 && gcnref_cycle(h) == -1, "ex1: loaded, not done, no cycle yet");
    // Encodings (SOP1 0xbe80_0000 | sdst << 16 | op << 8 | ssrc0, SOP2 0x8000_0000 |
    // op << 23 | sdst << 16 | ssrc1 << 8 | ssrc0, SOPP 0xbf80_0000 | op << 16; gcn14 opcodes
    // s_mov_b32 0, s_add_u32 0, s_endpgm 1; inline constant 1 is code 129).
    check(gcnref_imem_size(h) == 16, $sformatf("ex1: imem 16 bytes (got %0d)", gcnref_imem_size(h)));
    check(gcnref_imem_word(h, 0) == 32'hbe800081 && gcnref_imem_word(h, 4) == 32'h80010000 &&
          gcnref_imem_word(h, 8) == 32'h80020101 && gcnref_imem_word(h, 12) == 32'hbf810000,
          $sformatf("ex1: imem words %h %h %h %h", gcnref_imem_word(h, 0), gcnref_imem_word(h, 4),
                    gcnref_imem_word(h, 8), gcnref_imem_word(h, 12)));
    n = gcnref_imem_word(h, 16);
    check(n == 0 && has(gcnref_last_error(), "outside"), "ex1: imem word past the end: 0 and a message");
    check(gcnref_base_pc(h) == 0, "ex1: base pc 0");
    check(gcnref_init_sgpr(h, 126) == -1 && gcnref_init_sgpr(h, 127) == -1 &&
          gcnref_init_sgpr(h, 0) == 0 && gcnref_init_scc(h) == 0 && gcnref_init_mode(h) == 0,
          "ex1: default initial state (EXEC all ones, the rest 0)");
    check_run(h, "ex1",
              {"@1 s0=0x00000001 retire 0x0; @2 s1=0x00000002 scc=0 retire 0x4; ",
               "@3 s2=0x00000004 scc=0 retire 0x8; @4 end 0xc; "}, 5);
    check(gcnref_sgpr(h, 0) == 1 && gcnref_sgpr(h, 1) == 2 && gcnref_sgpr(h, 2) == 4 &&
          gcnref_scc(h) == 0, "ex1: final s0=1 s1=2 s2=4 scc=0");

    // ================================================================ 2. example 1, salu_latency 2
    // Each SALU commits 2 after issue: s_mov 0->2, s_add 2->4, s_add 4->6; s_endpgm issues
    // 6 (drain) and ends 6 + 2 = 8; 9 cycles.
    h2 = gcnref_create(GCN14, 2, 6, 2);
    check(h2 != null, "create gcn14 (2, 6, 2)");
    load(h2, "ex1/salu2", EX1, "");
    check_run(h2, "ex1/salu2",
              {"@2 s0=0x00000001 retire 0x0; @4 s1=0x00000002 scc=0 retire 0x4; ",
               "@6 s2=0x00000004 scc=0 retire 0x8; @8 end 0xc; "}, 9);
    gcnref_destroy(h2);

    // ================================================================ 3. example 2, gcn14
    // #1 issues 0, passes commit 6..9; #2 independent, rule 3: issues 4, commits 10..13;
    // #3 reads v4: t >= 4 + 6 = 10, commits 16..19; s_endpgm issues 19, ends 20; 21 cycles.
    // v1 = 5 + 7 = 12, v4 = 100 + 200 = 300, v7 = 312 in every lane.
    load(h, "ex2", EX2, "v2=5 v3=7\nv5=100 v6=200  # comment");
    check(gcnref_mismatch_count(h) == 0 && gcnref_imem_size(h) == 16, "ex2: reload resets the run");
    check_run(h, "ex2",
              {"@6 v1.p0/ffff; @7 v1.p1/ffff; @8 v1.p2/ffff; @9 v1.p3/ffff retire 0x0; ",
               "@10 v4.p0/ffff; @11 v4.p1/ffff; @12 v4.p2/ffff; @13 v4.p3/ffff retire 0x4; ",
               "@16 v7.p0/ffff; @17 v7.p1/ffff; @18 v7.p2/ffff; @19 v7.p3/ffff retire 0x8; ",
               "@20 end 0xc; "}, 21);
    check(gcnref_vgpr(h, 1, 0) == 12 && gcnref_vgpr(h, 4, 33) == 300 && gcnref_vgpr(h, 7, 0) == 312 &&
          gcnref_vgpr(h, 7, 63) == 312, "ex2: final v1=12 v4=300 v7=312");
    gcnref_destroy(h);

    // ================================================================ 4. example 3, gcn14
    // v_add_co_u32 issues 0: v1 passes commit 6..9, VCC with the last pass in 9. s_add_u32
    // is independent: issues 1, commits 2 (s4 = 30, carry 0). s_and_b64 reads VCC: issues 9,
    // commits 10. s_endpgm issues 10, ends 11; 12 cycles. Lanes 0..31: 0xffffffff + 1
    // carries (v1 = 0, VCC bit set); lanes 32..63: v1 = 0xffffffff, no carry. So VCC =
    // 0x00000000_ffffffff and s[8:9] = VCC & EXEC = the same, SCC = 1 (non-zero).
    h = gcnref_create(GCN14, 1, 6, 2);
    load(h, "ex3", EX3, EX3_STATE);
    check(gcnref_init_sgpr(h, 5) == 10 && gcnref_init_sgpr(h, 6) == 20, "ex3: initial s5=10 s6=20");
    gcnref_init_vgpr16(h, 3, 1, lanes);
    check(lanes == {16{32'd1}}, "ex3: initial v3 pass 1 (lanes 16..31) = 1");
    gcnref_init_vgpr16(h, 3, 2, lanes);
    check(lanes == '0, "ex3: initial v3 pass 2 (lanes 32..47) = 0");
    gcnref_init_vgpr16(h, 2, 3, lanes);
    check(lanes == '1, "ex3: initial v2 pass 3 = 0xffffffff");
    // Step by hand, checking the event accessors in the cycles with the most events.
    found = 0;
    while (gcnref_done(h) == 0) begin
      n = gcnref_step(h);
      if (gcnref_cycle(h) == 2) begin
        check(n == 3 && gcnref_event_kind(h, 0) == GCN_EV_SCALAR && gcnref_event_code(h, 0) == 4 &&
              gcnref_event_value(h, 0) == 30 && gcnref_event_kind(h, 1) == GCN_EV_SCC &&
              gcnref_event_value(h, 1) == 0 && gcnref_event_kind(h, 2) == GCN_EV_RETIRE &&
              gcnref_event_pc(h, 2) == 4, "ex3 @2: s4=30, scc=0, retire 0x4");
      end
      if (gcnref_cycle(h) == 6) begin
        gcnref_event_lanes(h, 0, lanes);
        check(n == 1 && gcnref_event_kind(h, 0) == GCN_EV_VECTOR && gcnref_event_code(h, 0) == 1 &&
              gcnref_event_pass(h, 0) == 0 && gcnref_event_mask(h, 0) == 'hffff && lanes == '0,
              "ex3 @6: v1 pass 0, mask ffff, lanes 0");
      end
      if (gcnref_cycle(h) == 9) begin
        gcnref_event_lanes(h, 2, lanes);
        check(n == 4 && gcnref_event_kind(h, 0) == GCN_EV_SCALAR && gcnref_event_code(h, 0) == 106 &&
              gcnref_event_value(h, 0) == -1 && gcnref_event_code(h, 1) == 107 &&
              gcnref_event_value(h, 1) == 0 && gcnref_event_kind(h, 2) == GCN_EV_VECTOR &&
              gcnref_event_pass(h, 2) == 3 && lanes == '1 && gcnref_event_kind(h, 3) == GCN_EV_RETIRE &&
              gcnref_event_pc(h, 3) == 0, "ex3 @9: vcc_lo, vcc_hi, v1 pass 3 (0xffffffff), retire 0x0");
        check(gcnref_event_text(h, 0) == "vcc_lo=0xffffffff" && gcnref_event_text(h, 2) == "v1.p3/ffff",
              "ex3 @9: event text");
      end
      if (gcnref_cycle(h) == 10) begin
        check(n == 4 && gcnref_event_value(h, 0) == -1 && gcnref_event_code(h, 1) == 9 &&
              gcnref_event_value(h, 1) == 0 && gcnref_event_kind(h, 2) == GCN_EV_SCC &&
              gcnref_event_value(h, 2) == 1 && gcnref_event_pc(h, 3) == 8,
              "ex3 @10: s8=0xffffffff, s9=0, scc=1, retire 0x8");
        expect_fail(gcnref_event_kind(h, 4), "event 4", "ex3 @10: event index past the end");
      end
      if (gcnref_cycle(h) == 11)
        check(n == 1 && gcnref_event_kind(h, 0) == GCN_EV_END && gcnref_event_pc(h, 0) == 12,
              "ex3 @11: end 0xc");
      feed(h, n, F_NONE, 0);
      found += gcnref_check_cycle(h);
    end
    check(gcnref_cycle(h) == 11 && found == 0, "ex3: 12 cycles, own events: 0 mismatches");
    check(gcnref_vgpr(h, 1, 0) == 0 && gcnref_vgpr(h, 1, 40) == -1 && gcnref_sgpr(h, 4) == 30 &&
          gcnref_sgpr(h, 8) == -1 && gcnref_sgpr(h, 9) == 0 && gcnref_sgpr(h, 106) == -1 &&
          gcnref_sgpr(h, 107) == 0 && gcnref_scc(h) == 1 && gcnref_exec(h) == -64'sd1,
          "ex3: final v1, s4=30, s[8:9]=vcc=0xffffffff, scc=1, exec all ones");

    // ================================================================ 5. faults, on example 3
    // Each cycle with a fault must report exactly one mismatch naming the field.
    load(h, "ex3/faults", EX3, EX3_STATE);
    while (gcnref_done(h) == 0) begin
      int fault;
      n = gcnref_step(h);
      case (gcnref_cycle(h))
        2: fault = F_SCALAR;    // s4 = 31
        6: fault = F_LANE;      // v1 pass 0 lane 3
        9: fault = F_DROP;      // no retire 0x0
        10: fault = F_EXTRA;    // s10=5 as well
        11: fault = F_END_PC;   // end 0x10
        default: fault = F_NONE;
      endcase
      feed(h, n, fault, 3);
      found = gcnref_check_cycle(h);
      check(found == (fault == F_NONE ? 0 : 1),
            $sformatf("ex3/faults @%0d: %0d mismatch(es) (fault %0d)", gcnref_cycle(h), found, fault));
    end
    check(gcnref_mismatch_count(h) == 5, $sformatf("ex3/faults: 5 mismatches in all (got %0d)",
                                                   gcnref_mismatch_count(h)));
    check_msg(gcnref_mismatch_message(h, 0), "cycle 2", "s4", "expected 0x0000001e, got 0x0000001f",
              "wrong scalar");
    check_msg(gcnref_mismatch_message(h, 1), "cycle 6", "v1 pass 0 lane 3",
              "expected 0x00000000, got 0x00000001", "wrong lane");
    check_msg(gcnref_mismatch_message(h, 2), "cycle 9", "missing", "retire 0x0", "missing retire");
    check_msg(gcnref_mismatch_message(h, 3), "cycle 10", "unexpected", "s10=0x00000005", "extra event");
    check_msg(gcnref_mismatch_message(h, 4), "cycle 11", "end PC", "expected 0xc, got 0x10",
              "wrong end PC");
    msg = gcnref_mismatch_message(h, 5);
    check(msg == "" && has(gcnref_last_error(), "5 mismatches"), "mismatch message index past the end: \"\"");
    // The same mismatches as fields (0x1e vs 0x1f: bit 0 of s4) and instruction PCs.
    msg = gcnref_mismatch_field(h, 0);
    check(msg == "s4 bits 0 (as a lane mask: lanes 0)", $sformatf("field of the wrong scalar: \"%s\"", msg));
    msg = gcnref_mismatch_field(h, 1);
    check(msg == "v1 pass 0 lane 3 (wave lanes 3)", $sformatf("field of the wrong lane: \"%s\"", msg));
    msg = gcnref_mismatch_field(h, 2);
    check(msg == "missing event retire 0x0", $sformatf("field of the missing retire: \"%s\"", msg));
    msg = gcnref_mismatch_field(h, 3);
    check(has(msg, "unexpected event s10=0x00000005"), $sformatf("field of the extra event: \"%s\"", msg));
    msg = gcnref_mismatch_field(h, 4);
    check(msg == "end PC", $sformatf("field of the wrong end PC: \"%s\"", msg));
    pc = gcnref_mismatch_pc(h, 2);
    check(pc == 0, $sformatf("the missing retire's instruction: PC 0x%0h", pc));
    pc = gcnref_mismatch_pc(h, 4);
    check(pc == 'hc, $sformatf("the wrong end's instruction: PC 0x%0h (the model's)", pc));
    msg = gcnref_mismatch_field(h, 5);
    check(msg == "" && has(gcnref_last_error(), "5 mismatch messages"), "mismatch field index past the end: \"\"");

    // Wrong SCC and two events swapped.
    load(h, "ex3/faults2", EX3, EX3_STATE);
    while (gcnref_done(h) == 0) begin
      n = gcnref_step(h);
      feed(h, n, gcnref_cycle(h) == 2 ? F_SCC : gcnref_cycle(h) == 9 ? F_ORDER : F_NONE, 0);
      void'(gcnref_check_cycle(h));
    end
    check(gcnref_mismatch_count(h) == 2, $sformatf("ex3/faults2: 2 mismatches (got %0d)",
                                                   gcnref_mismatch_count(h)));
    check_msg(gcnref_mismatch_message(h, 0), "cycle 2", "SCC", "expected 0, got 1", "wrong SCC");
    check_msg(gcnref_mismatch_message(h, 1), "cycle 9", "event order", "vcc_", "swapped events");

    // A DUT event reported with nothing from the model in that cycle (cycle 0 has none).
    load(h, "ex3/early", EX3, EX3_STATE);
    n = gcnref_step(h);
    gcnref_dut_retire(h, 0);
    found = gcnref_check_cycle(h);
    msg = gcnref_mismatch_message(h, 0);
    check(n == 0 && found == 1 && has(msg, "cycle 0: unexpected event retire 0x0"),
          $sformatf("retire in cycle 0: unexpected (%s)", msg));

    // Functional coverage: EX3 (v_add_co_u32, s_add_u32, s_and_b64, s_endpgm) ran above.
    cov_bins = gcnref_coverage_bins(h);
    cov_hit = gcnref_coverage_hit(h);
    check(cov_bins > 100 && cov_hit >= 4 && cov_hit < cov_bins,
          $sformatf("coverage: %0d of %0d bins hit", cov_hit, cov_bins));
    cov_rc = gcnref_coverage_write(h, "build/dpi/coverage_selftest.txt");
    check(cov_rc == 0, $sformatf("coverage: written (%s)", cov_rc == 0 ? "ok" : gcnref_last_error()));
    cov_fd = $fopen("build/dpi/coverage_selftest.txt", "r");
    cov_seen_vop2 = 0;
    cov_seen_zero = 0;
    while (cov_fd != 0 && !$feof(cov_fd)) begin
      cov_line = "";
      void'($fgets(cov_line, cov_fd));
      if (has(cov_line, "op.v_add_co_u32.vop2 ") && !has(cov_line, "op.v_add_co_u32.vop2 0"))
        cov_seen_vop2 = 1;
      if (has(cov_line, "op.s_mov_b32.sop 0")) cov_seen_zero = 1;
    end
    if (cov_fd != 0) $fclose(cov_fd);
    check(cov_seen_vop2 == 1 && cov_seen_zero == 1,
          "coverage file: v_add_co_u32 VOP2 counted, s_mov_b32 listed as a hole");
    gcnref_coverage_reset(h);
    cov_hit = gcnref_coverage_hit(h);
    check(cov_hit == 0, "coverage: reset");
    gcnref_destroy(h);

    // ================================================================ 6. partial EXEC, s_nop, gcn11
    // valu_depth 3. EXEC = 0x80000001_00f0000f: pass masks 000f, 00f0, 0001, 8000.
    // v_xor #1 issues 0, passes commit 3..6. s_nop 2 issues 1 (SALU beside the VALU),
    // retires 2, holds the next issue to 1 + 1 + 2 = 4. v_xor #2 reads v1: t >= 0 + 3;
    // rule 3: t >= 4; issues 4, commits 7..10. s_endpgm issues 10, ends 11; 12 cycles.
    // Active lanes: v1 = 0x0f0f0f0f ^ 0x00ff00ff = 0x0ff00ff0, v4 = v1 ^ v3 = 0x0f0f0f0f;
    // inactive lanes keep v1 = 0xdeadbeef, v4 = 0.
    h = gcnref_create(GCN11, 1, 3, 2);
    check(h != null, "create gcn11 (1, 3, 2)");
    load(h, "exec", {"v_xor_b32 v1, v2, v3\n", "s_nop 2\n", "v_xor_b32 v4, v1, v3\n", "s_endpgm\n"},
         "exec=0x8000000100f0000f v1=0xdeadbeef v2=0x0f0f0f0f v3=0x00ff00ff");
    check(gcnref_init_sgpr(h, 126) == 32'h00f0000f && gcnref_init_sgpr(h, 127) == 32'h80000001,
          "exec: initial exec_lo/exec_hi");
    while (gcnref_done(h) == 0) begin
      n = gcnref_step(h);
      if (gcnref_cycle(h) == 3) begin
        gcnref_event_lanes(h, 0, lanes);
        check(n == 1 && gcnref_event_mask(h, 0) == 'h000f && lane_of(lanes, 0) == 32'h0ff00ff0 &&
              lane_of(lanes, 3) == 32'h0ff00ff0 && lane_of(lanes, 4) == 32'hdeadbeef &&
              lane_of(lanes, 15) == 32'hdeadbeef, "exec @3: v1 pass 0 lanes (active 0..3)");
        feed(h, n, F_LANE, 5);  // lane 5 is outside the mask: free
        found = gcnref_check_cycle(h);
        check(found == 0, $sformatf("exec @3: a wrong unmasked lane is not a mismatch (%0d)", found));
      end else if (gcnref_cycle(h) == 4) begin
        feed(h, n, F_LANE, 4);  // mask 00f0: lane 4 of pass 1 (wave lane 20) is written
        found = gcnref_check_cycle(h);
        msg = gcnref_mismatch_message(h, 0);
        check(found == 1 && has(msg, "v1 pass 1 lane 4 (wave lane 20)"),
              $sformatf("exec @4: a wrong masked lane is (%s)", msg));
      end else begin
        feed(h, n, F_NONE, 0);
        void'(gcnref_check_cycle(h));
      end
    end
    check(gcnref_mismatch_count(h) == 1, "exec: 1 mismatch in all");
    load(h, "exec", {"v_xor_b32 v1, v2, v3\n", "s_nop 2\n", "v_xor_b32 v4, v1, v3\n", "s_endpgm\n"},
         "exec=0x8000000100f0000f v1=0xdeadbeef v2=0x0f0f0f0f v3=0x00ff00ff");
    check_run(h, "exec",
              {"@2 retire 0x4; @3 v1.p0/000f; @4 v1.p1/00f0; @5 v1.p2/0001; @6 v1.p3/8000 retire 0x0; ",
               "@7 v4.p0/000f; @8 v4.p1/00f0; @9 v4.p2/0001; @10 v4.p3/8000 retire 0x8; @11 end 0xc; "},
              12);
    check(gcnref_vgpr(h, 1, 0) == 32'h0ff00ff0 && gcnref_vgpr(h, 1, 4) == 32'hdeadbeef &&
          gcnref_vgpr(h, 1, 20) == 32'h0ff00ff0 && gcnref_vgpr(h, 1, 32) == 32'h0ff00ff0 &&
          gcnref_vgpr(h, 1, 62) == 32'hdeadbeef && gcnref_vgpr(h, 1, 63) == 32'h0ff00ff0 &&
          gcnref_vgpr(h, 4, 0) == 32'h0f0f0f0f && gcnref_vgpr(h, 4, 4) == 0 &&
          gcnref_exec(h) == 64'h8000000100f0000f, "exec: final v1, v4 lanes and exec");
    n = gcnref_vgpr(h, 1, 64);
    check(n == 0 && has(gcnref_last_error(), "lane 64"), "vgpr lane 64: 0 and a message");
    gcnref_destroy(h);

    // ================================================================ 7. EXEC from the SALU, gcn12
    // salu_latency 3: s_mov_b64 exec issues 0, commits 3; v_or_b32 reads EXEC: issues 3
    // (bypass), passes commit 3 + p + 6 = 9..12 with masks 0000, ffff, ffff, 0000 (a pass
    // with mask 0 is still reported); s_endpgm issues 12, ends 15; 16 cycles.
    h = gcnref_create(GCN12, 3, 6, 2);
    check(h != null, "create gcn12 (3, 6, 2)");
    load(h, "exec2", {"s_mov_b64 exec, s[2:3]\n", "v_or_b32 v1, v2, v3\n", "s_endpgm\n"},
         "s2=0xffff0000 s3=0x0000ffff v2=0x10 v3=0x01");
    check_run(h, "exec2",
              {"@3 exec_lo=0xffff0000 exec_hi=0x0000ffff retire 0x0; @9 v1.p0/0000; @10 v1.p1/ffff; ",
               "@11 v1.p2/ffff; @12 v1.p3/0000 retire 0x4; @15 end 0x8; "}, 16);
    check(gcnref_vgpr(h, 1, 15) == 0 && gcnref_vgpr(h, 1, 16) == 32'h11 && gcnref_vgpr(h, 1, 47) == 32'h11 &&
          gcnref_vgpr(h, 1, 48) == 0, "exec2: v1 = 0x11 in lanes 16..47 only");
    gcnref_destroy(h);

    // ================================================================ 7b. hardware registers, gcn12
    // TRAPSTS (hwreg id 3, HW_ID 4: clrx/GcnState.md) from the state; s_setreg_imm32_b32 of
    // TRAPSTS bits 3:0 = 5 issues 0, commits 1: TRAPSTS 0xf0 -> 0xf5, a hwreg event after
    // the scalar writes; s_endpgm (at 0x8: the literal) issues 1, ends 2; 3 cycles.
    h = gcnref_create(GCN12, 1, 6, 2);
    load(h, "hwreg", "s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS, 0, 4), 5\ns_endpgm\n", "trapsts=0xf0 hw_id=0x34");
    check(gcnref_init_hwreg(h, 3) == 32'hf0 && gcnref_init_hwreg(h, 4) == 32'h34 && gcnref_init_hwreg(h, 5) == 0,
          "hwreg: initial TRAPSTS, HW_ID, GPR_ALLOC");
    n = gcnref_init_hwreg(h, 64);
    check(n == 0 && has(gcnref_last_error(), "hwreg id 64"), "hwreg id 64: 0 and a message");
    check_run(h, "hwreg", "@1 trapsts=0x000000f5 retire 0x0; @2 end 0x8; ", 3);
    gcnref_destroy(h);

    // ================================================================ 8. taken branch from files, gcn10
    // branch_penalty 3. The program sits at 0x100 (the state's PC). s_setpc_b64 issues 0,
    // retires 1; the target 0x108 issues 0 + 3 = 3, commits 4; s_endpgm issues 4, ends 5;
    // 6 cycles. s6 (skipped) stays 0.
    h = gcnref_create(GCN10, 1, 6, 3);
    check(h != null, "create gcn10 (1, 6, 3)");
    n = gcnref_load_file(h, {fixtures, "/setpc.s"}, {fixtures, "/setpc.state"});
    check(n == 0, $sformatf("setpc: load_file (%s)", gcnref_last_error()));
    check(gcnref_base_pc(h) == 'h100 && gcnref_imem_size(h) == 16 && gcnref_init_sgpr(h, 4) == 'h108,
          "setpc: base 0x100, 16 bytes, initial s4=0x108");
    check_run(h, "setpc", "@1 retire 0x100; @4 s7=0x00000002 retire 0x108; @5 end 0x10c; ", 6);
    check(gcnref_sgpr(h, 6) == 0 && gcnref_sgpr(h, 7) == 2, "setpc: final s6=0 (skipped), s7=2");
    // The same program as text.
    load(h, "setpc/asm", {"s_setpc_b64 s[4:5]\n", "s_mov_b32 s6, 1\n", "s_mov_b32 s7, 2\n", "s_endpgm\n"},
         "pc=0x100 s4=0x108 s5=0");
    check_run(h, "setpc/asm", "@1 retire 0x100; @4 s7=0x00000002 retire 0x108; @5 end 0x10c; ", 6);
    n = gcnref_load_file(h, {fixtures, "/setpc.s"}, "");
    check(n == 0 && gcnref_base_pc(h) == 0, "setpc: load_file with no state: base 0");
    expect_fail(gcnref_load_file(h, {fixtures, "/no_such.s"}, ""), "no_such.s",
                "load_file of a missing file");
    gcnref_destroy(h);

    // ================================================================ 9. unsupported and illegal
    // s_rfe_b64 decodes but is not modelled: s_mov issues 0, commits 1; s_rfe would issue
    // in 1: unsupported 0x4 in 1, after s_mov's commits (program order); nothing is left to
    // drain, so the run ends in 1: 2 cycles.
    h = gcnref_create(GCN14, 1, 6, 2);
    load(h, "rfe", "s_mov_b32 s0, 1\ns_rfe_b64 s[2:3]\ns_endpgm\n", "");
    check_run(h, "rfe", "@1 s0=0x00000001 retire 0x0 unsupported 0x4; ", 2);
    // s_setpc_b64 to 0x1000, outside the 4-byte program: retires 1; the target would issue
    // in 0 + 2 = 2, and its fetch fails: illegal 0x1000 in 2; 3 cycles.
    load(h, "fetch", "s_setpc_b64 s[4:5]\n", "s[4:5]=0x1000");
    check_run(h, "fetch", "@1 retire 0x0; @2 illegal 0x1000; ", 3);

    // ================================================================ 10. bad input
    expect_fail(gcnref_load_asm(h, "s_mov_b32 s0, 1\ns_add_u32 s1, s2\n", ""), "program:2",
                "bad program, naming line 2");
    check(gcnref_imem_size(h) == 4, "bad program: the previous program stays loaded");
    expect_fail(gcnref_load_asm(h, "s_endpgm\n", "s5=1\nq7=3\n"), "state:2", "bad state, naming line 2");
    expect_fail(gcnref_load_asm(h, "s_bogus s0\n\ns_mov_b32 s0\nv_add_u32 v1\n", ""),
                "program:1: error: ", "three bad lines: the first");
    check(has(gcnref_last_error(), "(and 2 more errors)"), "three bad lines: a count of the rest");
    load(h, "empty", "", "");
    check_run(h, "empty", "@1 end 0x0; ", 2);  // an implicit s_endpgm at the base: 0 -> 1
    gcnref_destroy(h);
    h = gcnref_create(7, 1, 6, 2);
    check(h == null && has(gcnref_last_error(), "gen 7"),
          $sformatf("create gen 7: null (%s)", gcnref_last_error()));
    h = gcnref_create(GCN14, 1, 0, 2);
    check(h == null && has(gcnref_last_error(), "valu_depth"),
          $sformatf("create valu_depth 0: null (%s)", gcnref_last_error()));
    expect_fail(gcnref_step(h), "null", "step on a null handle");
    gcnref_destroy(h);  // destroying null is harmless
    check(GCN_VALU_PASSES * GCN_PASS_LANES == 64 && GCN_EV_MODE == 2 && GCN_EV_ILLEGAL == 5,
          "package constants");

    $display("%0d passed, %0d failed", n_pass, n_fail);
    $finish;
  end
endmodule
