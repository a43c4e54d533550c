// V_DIV_SCALE_F32 (combinational): refmodel/src/fp_div.c gcn_fp_div_scale. S0 the operand
// to scale (the numerator or the denominator), S1 the denominator, S2 the numerator, read
// without input flush (the rules test for denormals). In this order:
//   a NaN operand (S0, S1, S2 first) -> it, quieted when IEEE = 1;
//   S1 or S2 zero -> the sign-set default NaN; S0 infinite -> S0;
//   exponent(S2) - exponent(S1) >= 96               -> VCC, S0 == S1 ? S0 * 2^64 : S0;
//   S1 denormal                                     -> S0 * 2^64;
//   1/S1 denormal (|S1| > 2^126) and S2/S1 denormal -> VCC, S0 == S1 ? S0 * 2^64 : S0;
//   1/S1 denormal                                   -> S0 * 2^-64;
//   S2/S1 denormal (|S2| < 2^-126 |S1|, exactly)    -> VCC, S0 == S2 ? S0 * 2^64 : S0;
//   exponent(S2) <= 23                              -> S0 * 2^64;
//   else S0.
// The scaling is S0 * 2^+-64 rounded in MODE's direction (no output flush): one rounder,
// whose direction the chosen rule picks. vcc_o is the lane's VCC (carry-out) bit.
module gcn_fp_div_scale (
  input  logic [31:0] s0_i,     // after ABS/NEG
  input  logic [31:0] s1_i,
  input  logic [31:0] s2_i,
  input  logic        ieee_i,
  input  logic [1:0]  rm_i,
  output logic [31:0] res_o,
  output logic        vcc_o
);

  logic [7:0]  e0, e1, e2;
  logic        nan0, nan1, nan2, inf0, inf1, inf2, zero1, zero2, den1;
  assign e0    = s0_i[30:23];
  assign e1    = s1_i[30:23];
  assign e2    = s2_i[30:23];
  assign nan0  = &e0 && s0_i[22:0] != '0;
  assign nan1  = &e1 && s1_i[22:0] != '0;
  assign nan2  = &e2 && s2_i[22:0] != '0;
  assign inf0  = &e0 && s0_i[22:0] == '0;
  assign inf1  = &e1 && s1_i[22:0] == '0;
  assign inf2  = &e2 && s2_i[22:0] == '0;
  assign zero1 = s1_i[30:0] == '0;
  assign zero2 = s2_i[30:0] == '0;
  assign den1  = e1 == '0 && s1_i[22:0] != '0;

  // |S2| < 2^-126 |S1| on the normalized values (finite, non-zero here): compare the
  // exponents of the leading ones, then the significands.
  function automatic logic [33:0] norm(logic [30:0] x);  // {exponent (10, signed), sig (24)}
    logic [23:0] s;
    logic [9:0]  e;
    s = {x[30:23] != 8'd0, x[22:0]};
    e = (x[30:23] == 8'd0) ? 10'd1 : {2'd0, x[30:23]};
    for (int i = 0; i < 23; i++) begin
      if (!s[23]) begin
        s = s << 1;
        e = e - 10'd1;
      end
    end
    norm = {e, s};
  endfunction
  logic [33:0]        n1, n2;
  logic signed [9:0]  ne1, ne2;
  logic               quo_den, rcp_den, big;
  assign n1      = norm(s1_i[30:0]);
  assign n2      = norm(s2_i[30:0]);
  assign ne1     = $signed(n1[33:24]) - 10'sd126;
  assign ne2     = $signed(n2[33:24]);
  assign quo_den = !inf1 && !inf2 && (ne2 < ne1 || (ne2 == ne1 && n2[23:0] < n1[23:0]));
  assign rcp_den = !inf1 && s1_i[30:0] > 31'h7e80_0000;
  assign big     = $signed({2'b00, e2}) - $signed({2'b00, e1}) >= 10'sd96;

  // The rule that applies (the NaN, zero and infinite cases first).
  logic special, down;
  assign special = nan0 || nan1 || nan2 || zero1 || zero2 || inf0;
  assign down    = !big && !den1 && rcp_den && !quo_den;

  logic [31:0] scaled;
  gcn_fp_round #(.SW(26)) u_round (
    .sign_i  (s0_i[31]),
    .exp_i   ((e0 == 8'd0 ? 13'sd1 : $signed({5'd0, e0})) - 13'sd152 + (down ? -13'sd64 : 13'sd64)),
    .sig_i   ({e0 != 8'd0, s0_i[22:0], 2'b00}),
    .rm_i    (rm_i),
    .f16_i   (1'b0),
    .flush_i (1'b0),
    .res_o   (scaled)
  );

  always_comb begin
    vcc_o = 1'b0;
    res_o = s0_i;
    if (special) begin
      if (nan0)               res_o = ieee_i ? s0_i | 32'h0040_0000 : s0_i;
      else if (nan1)          res_o = ieee_i ? s1_i | 32'h0040_0000 : s1_i;
      else if (nan2)          res_o = ieee_i ? s2_i | 32'h0040_0000 : s2_i;
      else if (zero1 || zero2) res_o = 32'hffc0_0000;
    end else if (big || (rcp_den && quo_den)) begin
      vcc_o = 1'b1;
      if (s0_i == s1_i) res_o = scaled;
    end else if (den1 || down) begin
      res_o = scaled;
    end else if (quo_den) begin
      vcc_o = 1'b1;
      if (s0_i == s2_i) res_o = scaled;
    end else if (e2 <= 8'd23) begin
      res_o = scaled;
    end
  end

endmodule
