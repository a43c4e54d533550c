// tb_core: the directed co-simulation of gcn_core against the model (make rtl-directed).
// Three latency configurations run side by side, each a core_harness with its own
// gcn_core and its own model instances: the contract's defaults, one where the SALU
// latency exceeds the VALU depth (an SALU commit older than the VALU pass of the same
// cycle), and one with a long VALU pipeline and no branch penalty. Each prints one line
// per check; this top prints the total as "N passed, N failed".
// Plusargs: +manifest=FILE (default build/rtl/core/manifest.txt), +dir=DIR (expected
// coverage lists, coverage output; default build/rtl/core).
module tb_core;
  logic clk = 1'b0;
  always #1 clk <= ~clk;

  logic done_a, done_b, done_c;
  int   pass_a, pass_b, pass_c, fail_a, fail_b, fail_c;

  core_harness #(.SALU_LATENCY(1), .VALU_DEPTH(6), .BRANCH_PENALTY(2), .CFG("1,6,2")) u_a (
    .clk_i (clk), .done_o (done_a), .n_pass_o (pass_a), .n_fail_o (fail_a));
  core_harness #(.SALU_LATENCY(3), .VALU_DEPTH(2), .BRANCH_PENALTY(4), .CFG("3,2,4")) u_b (
    .clk_i (clk), .done_o (done_b), .n_pass_o (pass_b), .n_fail_o (fail_b));
  core_harness #(.SALU_LATENCY(2), .VALU_DEPTH(9), .BRANCH_PENALTY(1), .CFG("2,9,1")) u_c (
    .clk_i (clk), .done_o (done_c), .n_pass_o (pass_c), .n_fail_o (fail_c));

  initial begin
    wait (done_a && done_b && done_c);
    $display("%0d passed, %0d failed", pass_a + pass_b + pass_c, fail_a + fail_b + fail_c);
    $finish;
  end
endmodule
