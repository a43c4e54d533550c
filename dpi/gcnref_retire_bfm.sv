// gcnref_retire_bfm: the bus-functional module a DUT wrapper drives to be checked in retire
// mode (docs/retire.md, "Connecting your own RTL"). Each rising edge with en_i set, it
// reports to the checker the writes presented in that cycle (scalar dwords, SCC, MODE, a
// branch target, VGPR lanes) and then, if rt_valid_i, the retirement of the instruction
// they belong to: writes may come in any cycle up to and including their instruction's
// retirement (a 16-lane DUT presents a VGPR in four groups), and instructions retire in
// program order (or within the checker's window). Every cycle counts for the watchdog.
//
// The testbench gives it the checker (u_bfm.attach(gcnref_create(...))), loads a vector,
// resets and starts the DUT, raises en_i, and reads mismatches and hung_o.
module gcnref_retire_bfm #(
  parameter int unsigned NS    = 4,   // scalar write ports
  parameter int unsigned LANES = 16   // lanes of the VGPR write port (16, 32 or 64)
) (
  input  logic                clk_i,
  input  logic                en_i,
  input  logic [NS-1:0]       s_we_i,
  input  logic [NS*7-1:0]     s_code_i,
  input  logic [NS*32-1:0]    s_data_i,
  input  logic                scc_we_i,
  input  logic                scc_i,
  input  logic                mode_we_i,
  input  logic [31:0]         mode_i,
  input  logic                pc_we_i,
  input  logic [63:0]         pc_target_i,
  input  logic                v_we_i,
  input  logic [7:0]          v_num_i,
  input  logic [5:0]          v_first_i,
  input  logic [LANES-1:0]    v_mask_i,
  input  logic [LANES*32-1:0] v_data_i,
  input  logic                rt_valid_i,
  input  logic [1:0]          rt_kind_i,    // 0 retire, 1 illegal, 2 unsupported, 3 end
  input  logic [63:0]         rt_pc_i,
  input  logic [63:0]         rt_insn_i,    // the instruction words (low dword first)
  input  logic [1:0]          rt_nwords_i,  // 0: not compared, 1 or 2
  output logic                hung_o
);
  import gcnref_retire_pkg::*;

  chandle h;                 // the checker: attach(gcnref_create(...)) from the testbench
  function void attach(chandle handle);
    h = handle;
  endfunction
  int     mismatches = 0;    // found since en_i rose
  longint retired = 0;

  logic en_q = 1'b0;
  always @(posedge clk_i) begin
    int     m, n;
    longint r;
    m = (en_i && !en_q) ? 0 : mismatches;   // a new vector starts the counts
    r = (en_i && !en_q) ? 0 : retired;
    en_q <= en_i;
    if (en_i && !en_q) hung_o <= 1'b0;
    if (en_i && h != null) begin
      for (int unsigned k = 0; k < NS; k++)
        if (s_we_i[k]) gcnref_rt_sgpr(h, int'(s_code_i[7*k +: 7]), int'(s_data_i[32*k +: 32]));
      if (scc_we_i) gcnref_rt_scc(h, int'(scc_i));
      if (mode_we_i) gcnref_rt_mode(h, int'(mode_i));
      if (pc_we_i) gcnref_rt_pc(h, longint'(pc_target_i));
      if (v_we_i)
        for (int unsigned g = 0; g < LANES / 16; g++)
          gcnref_rt_vgpr16(h, int'(v_num_i), int'(v_first_i) + 16 * int'(g), int'(v_mask_i[16*g +: 16]),
                           v_data_i[512*g +: 512]);
      if (rt_valid_i) begin
        n = gcnref_rt_retire(h, RT_RETIRE + int'(rt_kind_i), longint'(rt_pc_i), int'(rt_insn_i[31:0]),
                             int'(rt_insn_i[63:32]), int'(rt_nwords_i));
        m += n;
        r++;
      end
      n = gcnref_rt_clock(h, 1);
      if (n != 0) begin
        m++;
        hung_o <= 1'b1;
      end
    end
    mismatches <= m;
    retired <= r;
  end
  initial hung_o = 1'b0;

endmodule
