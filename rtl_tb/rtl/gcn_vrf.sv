// gcnref: the VGPR file of the core: NUM_VGPRS registers x 64 lanes x 32 bits, stored as
// one 512-bit row per (VGPR, pass) (a pass is 16 lanes, lane 16p+l in bits [32l +: 32]).
// One synchronous write port, six combinational read ports. No reset: the core loads the
// initial contents through its initialisation port. A VGPR number is taken modulo
// NUM_VGPRS (a power of two, at least 2), so a smaller file (for synthesis) aliases.
module gcn_vrf #(
  parameter int unsigned NUM_VGPRS = 256
) (
  input  logic         clk_i,
  input  logic         we_i,
  input  logic [7:0]   w_vgpr_i,
  input  logic [1:0]   w_pass_i,
  input  logic [511:0] w_data_i,
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
  output logic [511:0] r5_data_o
);

  localparam int unsigned VW = $clog2(NUM_VGPRS);
  localparam int unsigned ROWS = NUM_VGPRS * 4;

  logic [511:0] rows_q [ROWS];

  function automatic logic [VW+1:0] row(logic [7:0] vgpr, logic [1:0] pass);
    row = {vgpr[VW-1:0], pass};
  endfunction

  always_ff @(posedge clk_i) begin
    if (we_i) rows_q[row(w_vgpr_i, w_pass_i)] <= w_data_i;
  end

  assign r0_data_o = rows_q[row(r0_vgpr_i, r0_pass_i)];
  assign r1_data_o = rows_q[row(r1_vgpr_i, r1_pass_i)];
  assign r2_data_o = rows_q[row(r2_vgpr_i, r2_pass_i)];
  assign r3_data_o = rows_q[row(r3_vgpr_i, r3_pass_i)];
  assign r4_data_o = rows_q[row(r4_vgpr_i, r4_pass_i)];
  assign r5_data_o = rows_q[row(r5_vgpr_i, r5_pass_i)];

endmodule
