// gcnref: the VGPR file of the core: NUM_VGPRS registers x 64 lanes x 32 bits, stored as
// one 512-bit row per (VGPR, pass) (a pass is 16 lanes, lane 16p+l in bits [32l +: 32]).
// Two synchronous write ports (the second: another VGPR, same pass), nine combinational
// read ports of one pass and one of all four passes (a DPP instruction's SRC0). No reset:
// the core loads the initial contents through the initialisation port, which writes
// INIT_VGPRS consecutive VGPRs (all four passes) per cycle in place of the first write
// port. Row r = {vgpr, pass} takes its initialisation data from the fixed slot r mod
// (4 * INIT_VGPRS) of that port, so the port costs one 512-bit multiplexer per slot (the
// first port's data or the slot's), not one per row. A VGPR number is taken modulo
// NUM_VGPRS (a power of two, at least 2), so a smaller file (for synthesis) aliases, and
// initialises at most NUM_VGPRS / 2 VGPRs per cycle (the first ones of the port's).
module gcn_vrf #(
  parameter int unsigned NUM_VGPRS = 256
) (
  input  logic         clk_i,
  input  logic         init_we_i,  // the initialisation port (the first write port is off):
  input  logic [7:0]   init_base_i,  // VGPRs base..base + INIT_VGPRS - 1 (base a multiple of INIT_VGPRS),
  input  logic [gcn_core_pkg::INIT_VGPRS*2048-1:0] init_data_i, // VGPR base + j pass p in [2048j + 512p +: 512]
  input  logic         we_i,
  input  logic [7:0]   w_vgpr_i,
  input  logic [1:0]   w_pass_i,
  input  logic [511:0] w_data_i,
  input  logic         we2_i,      // the second write port: VGPR w2_vgpr_i, same pass (the
  input  logic [7:0]   w2_vgpr_i,  //   high dword of a 64-bit VDST, v_swap_b32's SRC0)
  input  logic [511:0] w2_data_i,
  input  logic [7:0]   r0_vgpr_i,
  input  logic [1:0]   r0_pass_i,
  output logic [511:0] r0_data_o,
  input  logic [7:0]   r1_vgpr_i,
  input  logic [1:0]   r1_pass_i,
  output logic [511:0] r1_data_o,
  input  logic [7:0]   r2_vgpr_i,
  input  logic [1:0]   r2_pass_i,
  output logic [511:0] r2_data_o,
  input  logic [7:0]   r3_vgpr_i,
  input  logic [1:0]   r3_pass_i,
  output logic [511:0] r3_data_o,
  input  logic [7:0]   r4_vgpr_i,
  input  logic [1:0]   r4_pass_i,
  output logic [511:0] r4_data_o,
  input  logic [7:0]   r5_vgpr_i,
  input  logic [1:0]   r5_pass_i,
  output logic [511:0] r5_data_o,
  input  logic [7:0]   r6_vgpr_i,
  input  logic [1:0]   r6_pass_i,
  output logic [511:0] r6_data_o,
  input  logic [7:0]   r7_vgpr_i,
  input  logic [1:0]   r7_pass_i,
  output logic [511:0] r7_data_o,
  input  logic [7:0]   r8_vgpr_i,
  input  logic [1:0]   r8_pass_i,
  output logic [511:0] r8_data_o,
  input  logic [7:0]   r9_vgpr_i,       // all four passes of one VGPR (pass p in [512p +: 512])
  output logic [2047:0] r9_data_o
);

  localparam int unsigned VW = $clog2(NUM_VGPRS);
  localparam int unsigned ROWS = NUM_VGPRS * 4;

  logic [511:0] rows_q [ROWS];

  function automatic logic [VW+1:0] row(logic [7:0] vgpr, logic [1:0] pass);
    row = {vgpr[VW-1:0], pass};
  endfunction

  // The first write port, one per slot b (the rows r with r mod SLOTS = b): while
  // initialising, each slot writes its row of the port's VGPRs; otherwise the row the port
  // names (one slot). Written as two branches, not as a data multiplexer per slot, so that a
  // simulator copies 64 x 512 bits only in an initialisation cycle (docs/performance.md,
  // "Co-simulation: the per-cycle work"): the hardware is the same (per slot, the enable
  // init_we_i || (we_i && slot hit) and the multiplexer init_we_i ? slot data : w_data_i).
  localparam int unsigned IV = gcn_core_pkg::INIT_VGPRS < NUM_VGPRS / 2 ? gcn_core_pkg::INIT_VGPRS : NUM_VGPRS / 2;
  localparam int unsigned SLOTS = 4 * IV;
  localparam int unsigned SW = $clog2(SLOTS);
  logic [VW+1:0]    w_row;
  logic [VW+1-SW:0] init_idx;
  assign w_row    = row(w_vgpr_i, w_pass_i);
  assign init_idx = init_base_i[VW-1:$clog2(IV)];

  always_ff @(posedge clk_i) begin
    if (init_we_i) begin
      for (int b = 0; b < SLOTS; b++) rows_q[{init_idx, SW'(b)}] <= init_data_i[512*b +: 512];
    end else if (we_i) begin
      rows_q[w_row] <= w_data_i;
    end
    if (we2_i) rows_q[row(w2_vgpr_i, w_pass_i)] <= w2_data_i;
  end
  // The base's low bits, and the VGPRs of the port above NUM_VGPRS / 2 in a smaller file.
  logic unused_init;
  assign unused_init = ^{init_base_i, init_data_i};

  assign r0_data_o = rows_q[row(r0_vgpr_i, r0_pass_i)];
  assign r1_data_o = rows_q[row(r1_vgpr_i, r1_pass_i)];
  assign r2_data_o = rows_q[row(r2_vgpr_i, r2_pass_i)];
  assign r3_data_o = rows_q[row(r3_vgpr_i, r3_pass_i)];
  assign r4_data_o = rows_q[row(r4_vgpr_i, r4_pass_i)];
  assign r5_data_o = rows_q[row(r5_vgpr_i, r5_pass_i)];
  assign r6_data_o = rows_q[row(r6_vgpr_i, r6_pass_i)];
  assign r7_data_o = rows_q[row(r7_vgpr_i, r7_pass_i)];
  assign r8_data_o = rows_q[row(r8_vgpr_i, r8_pass_i)];
  for (genvar p = 0; p < 4; p++) begin : gen_r9
    assign r9_data_o[512*p +: 512] = rows_q[row(r9_vgpr_i, 2'(p))];
  end

endmodule
