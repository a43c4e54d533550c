// gcnref_retire_pkg: the DPI-C imports of the checker's retire mode (docs/retire.md), for
// a DUT with its own timing that reports each instruction it retires. Use it beside
// gcnref_pkg (gcnref_create, the loads, the mismatch accessors); dpi/gcnref_retire_bfm.sv
// is a bus-functional module that makes these calls from a DUT wrapper's signals.
// Every import is a plain zero-time function; H is the chandle gcnref_create returned.
package gcnref_retire_pkg;

  // Record kinds (gcnref_pkg::GCN_EV_RETIRE ... GCN_EV_END).
  localparam int RT_RETIRE      = 4;  // an instruction retired
  localparam int RT_ILLEGAL     = 5;  // the DUT refused it as illegal
  localparam int RT_UNSUPPORTED = 6;  // the DUT refused it as not implemented
  localparam int RT_END         = 7;  // s_endpgm, or the end of the program

  // WINDOW 1: program order; N: a retirement may overtake N-1 older ones. STRICT 0: writes
  // compared by their effect; 1: every write reported, nothing else. WATCHDOG: cycles
  // without a retirement (0: none). HISTORY: instructions listed in a report. 0 or -1
  // (gcnref_rt_last_error says why).
  import "DPI-C" function int gcnref_rt_config(input chandle h, input int window, input int strict,
                                               input longint watchdog, input int history);
  // The DUT capability file (docs/retire.md); "" for everything. 0 or -1.
  import "DPI-C" function int gcnref_rt_capability(input chandle h, input string path);
  import "DPI-C" function string gcnref_rt_last_error();

  // The writes of the instruction the DUT retires next, then gcnref_rt_retire.
  import "DPI-C" function void gcnref_rt_sgpr(input chandle h, input int code, input int value);
  import "DPI-C" function void gcnref_rt_scc(input chandle h, input int value);
  import "DPI-C" function void gcnref_rt_mode(input chandle h, input int value);
  // A taken branch's target.
  import "DPI-C" function void gcnref_rt_pc(input chandle h, input longint target);
  // Lanes FIRST..FIRST+15 of VGPR VGPR (FIRST 0, 16, 32, 48); MASK bit k: lane FIRST+k written.
  import "DPI-C" function void gcnref_rt_vgpr16(input chandle h, input int vgpr, input int first,
                                                input int mask, input bit [511:0] lanes);
  // The DUT retired the instruction at PC (KIND RT_*), WORD0/WORD1 its N_WORDS (0..2)
  // instruction words (0: not compared). Returns the mismatches found.
  import "DPI-C" function int gcnref_rt_retire(input chandle h, input int kind, input longint pc,
                                               input int word0, input int word1, input int n_words);
  // CYCLES DUT cycles passed; 1 the cycle the watchdog fires.
  import "DPI-C" function int gcnref_rt_clock(input chandle h, input int cycles);
  // The DUT stopped: an instruction the model still retires is a mismatch. Returns them.
  import "DPI-C" function int gcnref_rt_finish(input chandle h);
  // Has the DUT retired the program's end?
  import "DPI-C" function int gcnref_rt_ended(input chandle h);
  import "DPI-C" function longint gcnref_rt_retired(input chandle h);
  // The run's report ("" when nothing mismatched), ending with "reproduce: REPRO".
  import "DPI-C" function string gcnref_rt_report(input chandle h, input string repro);

endpackage
