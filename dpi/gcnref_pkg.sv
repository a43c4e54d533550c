// gcnref_pkg: the SystemVerilog side of the gcnref DPI-C adapter (dpi/gcnref_dpi.c).
// Only constants and imports: every function is a plain, zero-time `import "DPI-C"`.
// The model instance is a chandle from gcnref_create; strings returned by a call stay
// valid until the next call on the same handle. A null handle or an argument out of range
// returns 0 (-1 from the calls that report failure, and from gcnref_event_kind) and
// leaves a message for gcnref_last_error. Vector lanes travel 16 per call: lane 0 of the
// pass in bits [31:0]. With Verilator 5.006, make a call that changes the model (load,
// step, check) and a read of its outcome (gcnref_last_error...) separate statements:
// the calls of one expression may run in any order.
// The constants mirror refmodel/include/gcnref/{isa,timing}.h; gcnref_dpi.c pins the C
// values with static assertions, and the self-test checks them through the model.
package gcnref_pkg;

  // ---------------------------------------------------------------- constants
  // Generations (enum gcn_gen), the GEN argument of gcnref_create.
  localparam int GCN10 = 0;
  localparam int GCN11 = 1;
  localparam int GCN12 = 2;
  localparam int GCN14 = 3;

  // Event kinds (enum gcn_event_kind), as returned by gcnref_event_kind.
  localparam int GCN_EV_SCALAR      = 0;  // code, value: a 32-bit scalar register write
  localparam int GCN_EV_SCC         = 1;  // value
  localparam int GCN_EV_MODE        = 2;  // value
  localparam int GCN_EV_VECTOR      = 3;  // code (VGPR), pass, mask, lanes
  localparam int GCN_EV_RETIRE      = 4;  // pc
  localparam int GCN_EV_ILLEGAL     = 5;  // pc
  localparam int GCN_EV_UNSUPPORTED = 6;  // pc
  localparam int GCN_EV_END         = 7;  // pc
  localparam int GCN_EV_HWREG       = 8;  // code (hwreg id), value: after MODE in its group

  // The VALU shape (GCN_VALU_PASSES, GCN_PASS_LANES).
  localparam int GCN_VALU_PASSES = 4;
  localparam int GCN_PASS_LANES  = 16;

  // ---------------------------------------------------------------- create / load
  // GEN is GCN10..GCN14; the latencies are those of docs/microarch.md ("Parameters").
  // Returns null on bad input (gcnref_last_error says why).
  import "DPI-C" function chandle gcnref_create(input int gen, input int salu_latency,
                                                input int valu_depth, input int branch_penalty);
  import "DPI-C" function void gcnref_destroy(input chandle h);
  // The message of the last failure ("" if none; gcnref_create and the loads clear it).
  import "DPI-C" function string gcnref_last_error();
  // Assembles PROGRAM_TEXT (lines as for `gcnref as`), applies STATE_TEXT ("reg=value"
  // assignments, '#' comments) to the initial state, loads the program at the state's PC.
  // 0, or -1 with a message naming the line ("program:3: error: ..."). A load resets the
  // run (cycle, events, mismatches); a failed load leaves the handle as it was.
  import "DPI-C" function int gcnref_load_asm(input chandle h, input string program_text,
                                              input string state_text);
  // The same from files; STATE_PATH may be "" (the default initial state).
  import "DPI-C" function int gcnref_load_file(input chandle h, input string asm_path,
                                               input string state_path);

  // Loads vector INDEX (0-based) of the vector file PATH (docs/vectors.md): its program
  // at its base and its whole initial state; the vector's generation must be the handle's.
  // 0, or -1 with a message naming the file and line ("gcnref_load_vector: x.vec:12: error:
  // expected ...") or the index past the end. Loading vectors 0, 1, 2... of one file in
  // order reads it once. The simulator must link vecfile.o (libgcnvec), else -1.
  import "DPI-C" function int gcnref_load_vector(input chandle h, input string path,
                                                 input int index);
  // The number of vectors of the file PATH, or -1 (gcnref_last_error says why).
  import "DPI-C" function int gcnref_vector_count(input string path);
  // The name and default-state seed of the vector loaded last ("" and 0 otherwise).
  import "DPI-C" function string gcnref_vector_name(input chandle h);
  import "DPI-C" function longint gcnref_vector_seed(input chandle h);
  // The canonical text of the loaded program's instruction at PC ("" outside the program).
  import "DPI-C" function string gcnref_disasm_at(input chandle h, input longint pc);
  // Does an instruction of the loaded program (walked from its start) name source operand
  // CODE (0..511, e.g. 236 src_shared_limit)? 1 or 0.
  import "DPI-C" function int gcnref_program_reads(input chandle h, input int code);
  // The VGPRs the loaded program names (sources, destinations, and the VGPR after each),
  // VGPR v in bit v: the others are neither read nor written by it.
  import "DPI-C" function void gcnref_program_vgprs(input chandle h, output bit [255:0] used);

  // ---------------------------------------------------------------- program and initial state
  import "DPI-C" function int gcnref_imem_size(input chandle h);
  import "DPI-C" function int gcnref_imem_word(input chandle h, input int byte_offset);
  import "DPI-C" function longint gcnref_base_pc(input chandle h);
  // CODE 0..127; on gcn14 also the read-only apertures 235..239.
  import "DPI-C" function int gcnref_init_sgpr(input chandle h, input int code);
  import "DPI-C" function int gcnref_init_scc(input chandle h);
  import "DPI-C" function int gcnref_init_mode(input chandle h);
  // The hardware register of hwreg id ID (0..63) other than MODE: STATUS (its bits other
  // than SCC, EXECZ, VCCZ), TRAPSTS, the configuration registers; 0 for the others.
  import "DPI-C" function int gcnref_init_hwreg(input chandle h, input int id);
  import "DPI-C" function void gcnref_init_vgpr16(input chandle h, input int vgpr, input int pass,
                                                  output bit [511:0] lanes);

  // ---------------------------------------------------------------- stepping and model events
  // Simulates one cycle: the number of events in it, or -1 if the program had ended.
  import "DPI-C" function int gcnref_step(input chandle h);
  import "DPI-C" function int gcnref_done(input chandle h);
  // The cycle simulated by the last gcnref_step (-1 before the first).
  import "DPI-C" function longint gcnref_cycle(input chandle h);
  // The instructions issued but not retired after the last step (for a mismatch report:
  // one that issued early is in neither the cycle's commits nor the retired history):
  // their number, and instruction I's PC, issue cycle and retire cycle (issue order; the
  // first 64; -1 past them).
  import "DPI-C" function int gcnref_in_flight_count(input chandle h);
  import "DPI-C" function longint gcnref_in_flight_pc(input chandle h, input int i);
  import "DPI-C" function longint gcnref_in_flight_issued(input chandle h, input int i);
  import "DPI-C" function longint gcnref_in_flight_retires(input chandle h, input int i);
  import "DPI-C" function int gcnref_event_kind(input chandle h, input int i);
  import "DPI-C" function int gcnref_event_code(input chandle h, input int i);
  import "DPI-C" function int gcnref_event_value(input chandle h, input int i);
  import "DPI-C" function int gcnref_event_pass(input chandle h, input int i);
  import "DPI-C" function int gcnref_event_mask(input chandle h, input int i);
  import "DPI-C" function longint gcnref_event_pc(input chandle h, input int i);
  import "DPI-C" function void gcnref_event_lanes(input chandle h, input int i,
                                                  output bit [511:0] lanes);
  import "DPI-C" function string gcnref_event_text(input chandle h, input int i);

  // ---------------------------------------------------------------- checking the DUT
  // Report the DUT's events of the current cycle in order, then call gcnref_check_cycle.
  import "DPI-C" function void gcnref_dut_scalar(input chandle h, input int code, input int value);
  import "DPI-C" function void gcnref_dut_scc(input chandle h, input int value);
  import "DPI-C" function void gcnref_dut_mode(input chandle h, input int value);
  // A hardware register write (TRAPSTS): its hwreg id and the register's new value.
  import "DPI-C" function void gcnref_dut_hwreg(input chandle h, input int id, input int value);
  import "DPI-C" function void gcnref_dut_vector(input chandle h, input int vgpr, input int pass,
                                                 input int mask, input bit [511:0] lanes);
  import "DPI-C" function void gcnref_dut_retire(input chandle h, input longint pc);
  import "DPI-C" function void gcnref_dut_illegal(input chandle h, input longint pc);
  import "DPI-C" function void gcnref_dut_unsupported(input chandle h, input longint pc);
  import "DPI-C" function void gcnref_dut_end(input chandle h, input longint pc);
  // Compares the DUT events reported since the last check with the model's events of the
  // last stepped cycle; returns the mismatches found (0: equal) and keeps one message each.
  import "DPI-C" function int gcnref_check_cycle(input chandle h);
  import "DPI-C" function int gcnref_mismatch_count(input chandle h);
  import "DPI-C" function string gcnref_mismatch_message(input chandle h, input int i);
  // Mismatch I (of the kept messages) described for a report: the field it names
  // ("SCC", "vcc_hi bits 15 (as a lane mask: lanes 47)", "v3 pass 3 mask (wave lanes
  // 48-63)", "v3 pass 0 lane 5 (wave lanes 5)", "missing event ...", "unexpected event
  // ...", "retire PC") and the PC of the instruction it belongs to (the retire that ends
  // its commit group in that cycle; -1 if the cycle does not say, e.g. a VALU pass that
  // does not retire).
  import "DPI-C" function string gcnref_mismatch_field(input chandle h, input int i);
  import "DPI-C" function longint gcnref_mismatch_pc(input chandle h, input int i);

  // ---------------------------------------------------------------- architectural state
  import "DPI-C" function int gcnref_sgpr(input chandle h, input int code);
  import "DPI-C" function int gcnref_vgpr(input chandle h, input int vgpr, input int lane);
  import "DPI-C" function int gcnref_scc(input chandle h);
  import "DPI-C" function longint gcnref_exec(input chandle h);
  import "DPI-C" function longint gcnref_pc(input chandle h);

  // Functional coverage of every instruction executed (accumulates across loads).
  // gcnref_coverage_write: 0, or -1 with gcnref_last_error(); written atomically.
  import "DPI-C" function int gcnref_coverage_write(input chandle h, input string path);
  import "DPI-C" function void gcnref_coverage_reset(input chandle h);
  import "DPI-C" function int gcnref_coverage_bins(input chandle h);
  import "DPI-C" function int gcnref_coverage_hit(input chandle h);

endpackage
