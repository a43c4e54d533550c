// V_DIV_SCALE_F32 (W = 32) and V_DIV_SCALE_F64 (W = 64) (combinational):
// refmodel/src/fp_div.c gcn_fp_div_scale. S0 the operand to scale (the numerator or the
// denominator), S1 the denominator, S2 the numerator, read without input flush (the rules
// test for denormals). In this order (f32's constants; f64's in brackets):
//   a NaN operand (S0, S1, S2 first) -> it, quieted when IEEE = 1;
//   S1 or S2 zero -> the sign-set default NaN; S0 infinite -> S0;
//   exponent(S2) - exponent(S1) >= 96 [768]         -> VCC, S0 == S1 ? S0 * 2^64 [2^128] : S0;
//   S1 denormal                                     -> S0 * 2^64 [2^128];
//   1/S1 denormal (|S1| > 2^126 [2^1022]) and S2/S1 denormal -> VCC, S0 == S1 ? S0 * 2^64 : S0;
//   1/S1 denormal                                   -> S0 * 2^-64 [2^-128];
//   S2/S1 denormal (|S2| < 2^-126 [2^-1022] |S1|, exactly) -> VCC, S0 == S2 ? S0 * 2^64 : S0;
//   exponent(S2) <= 23 [53]                         -> S0 * 2^64 [2^128];
//   else S0.
// The scaling is S0 * 2^+-64 [2^+-128] rounded in MODE's direction (no output flush): one
// rounder, whose direction the chosen rule picks. vcc_o is the lane's VCC (carry-out) bit.
module gcn_fp_div_scale #(
  parameter int unsigned W = 32   // 32 (f32) or 64 (f64)
) (
  input  logic [W-1:0] s0_i,     // after ABS/NEG
  input  logic [W-1:0] s1_i,
  input  logic [W-1:0] s2_i,
  input  logic         ieee_i,
  input  logic [1:0]   rm_i,
  output logic [W-1:0] res_o,
  output logic         vcc_o
);

  localparam bit          F64 = W == 64;
  localparam int unsigned EB  = F64 ? 11 : 8;       // exponent field width
  localparam int unsigned MB  = F64 ? 52 : 23;      // fraction field width
  localparam int unsigned BIAS = F64 ? 1023 : 127;
  localparam logic signed [12:0] BIG   = F64 ? 13'sd768 : 13'sd96;
  localparam logic signed [12:0] SCALE = F64 ? 13'sd128 : 13'sd64;
  localparam logic [EB-1:0]      MANT  = EB'(F64 ? 53 : 23);

  logic [EB-1:0] e0, e1, e2;
  logic          nan0, nan1, nan2, inf0, inf1, inf2, zero1, zero2, den1;
  assign e0    = s0_i[W-2 -: EB];
  assign e1    = s1_i[W-2 -: EB];
  assign e2    = s2_i[W-2 -: EB];
  assign nan0  = &e0 && s0_i[MB-1:0] != '0;
  assign nan1  = &e1 && s1_i[MB-1:0] != '0;
  assign nan2  = &e2 && s2_i[MB-1:0] != '0;
  assign inf0  = &e0 && s0_i[MB-1:0] == '0;
  assign inf1  = &e1 && s1_i[MB-1:0] == '0;
  assign inf2  = &e2 && s2_i[MB-1:0] == '0;
  assign zero1 = s1_i[W-2:0] == '0;
  assign zero2 = s2_i[W-2:0] == '0;
  assign den1  = e1 == '0 && s1_i[MB-1:0] != '0;

  // |S2| < 2^-(BIAS - 1) |S1| on the normalized values (finite, non-zero here): compare the
  // exponents of the leading ones, then the significands.
  function automatic logic [13+MB:0] norm(logic [W-2:0] x);  // {exponent (13, signed), sig (MB + 1)}
    logic [MB:0]  s;
    logic [12:0]  e;
    s = {x[W-2 -: EB] != '0, x[MB-1:0]};
    e = (x[W-2 -: EB] == '0) ? 13'd1 : 13'(x[W-2 -: EB]);
    for (int i = 0; i < MB; i++) begin
      if (!s[MB]) begin
        s = s << 1;
        e = e - 13'd1;
      end
    end
    norm = {e, s};
  endfunction
  logic [13+MB:0]     n1, n2;
  logic signed [12:0] ne1, ne2;
  logic               quo_den, rcp_den, big;
  assign n1      = norm(s1_i[W-2:0]);
  assign n2      = norm(s2_i[W-2:0]);
  assign ne1     = $signed(n1[13+MB -: 13]) - 13'(BIAS - 1);
  assign ne2     = $signed(n2[13+MB -: 13]);
  assign quo_den = !inf1 && !inf2 && (ne2 < ne1 || (ne2 == ne1 && n2[MB:0] < n1[MB:0]));
  assign rcp_den = !inf1 && s1_i[W-2:0] > ((W-1)'(2 * BIAS - 1) << MB);
  assign big     = $signed(13'(e2)) - $signed(13'(e1)) >= BIG;

  // The rule that applies (the NaN, zero and infinite cases first).
  logic special, down;
  assign special = nan0 || nan1 || nan2 || zero1 || zero2 || inf0;
  assign down    = !big && !den1 && rcp_den && !quo_den;

  logic [W-1:0] scaled;
  gcn_fp_round #(.SW(MB + 3), .W(W)) u_round (
    .sign_i  (s0_i[W-1]),
    .exp_i   ((e0 == '0 ? 13'sd1 : $signed(13'(e0))) - 13'(BIAS + MB + 2) + (down ? -SCALE : SCALE)),
    .sig_i   ({e0 != '0, s0_i[MB-1:0], 2'b00}),
    .rm_i    (rm_i),
    .f16_i   (1'b0),
    .flush_i (1'b0),
    .res_o   (scaled)
  );

  logic [W-1:0] quiet, dnan;
  assign quiet = W'(1) << (MB - 1);
  assign dnan  = {1'b1, {EB{1'b1}}, 1'b1, {(MB-1){1'b0}}};

  always_comb begin
    vcc_o = 1'b0;
    res_o = s0_i;
    if (special) begin
      if (nan0)               res_o = ieee_i ? s0_i | quiet : s0_i;
      else if (nan1)          res_o = ieee_i ? s1_i | quiet : s1_i;
      else if (nan2)          res_o = ieee_i ? s2_i | quiet : s2_i;
      else if (zero1 || zero2) res_o = dnan;
    end else if (big || (rcp_den && quo_den)) begin
      vcc_o = 1'b1;
      if (s0_i == s1_i) res_o = scaled;
    end else if (den1 || down) begin
      res_o = scaled;
    end else if (quo_den) begin
      vcc_o = 1'b1;
      if (s0_i == s2_i) res_o = scaled;
    end else if (e2 <= MANT) begin
      res_o = scaled;
    end
  end

endmodule
