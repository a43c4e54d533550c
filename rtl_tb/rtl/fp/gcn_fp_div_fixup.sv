// V_DIV_FIXUP (combinational), generic over the float format: EW exponent bits, MW fraction
// bits (f32: 8, 23; f16: 5, 10; f64: 11, 52). refmodel/src/fp_div.c gcn_fp_div_fixup:
// S0 the quotient estimate, S1 the denominator, S2 the numerator, each read with MODE's
// input flush; in this order (gcn_semantics.md section 9):
//   S2 NaN -> quiet(S2); S1 NaN -> quiet(S1) (whatever IEEE says);
//   0/0 or inf/inf -> the sign-set default NaN;
//   S1 zero or S2 infinite -> +-inf; S1 infinite or S2 zero -> +-0;
//   exponent(S2) - exponent(S1) < -(bias + MW) (f32 -150) -> +-0 (the underflow value);
//   else +-|S0| with MODE's output flush (a NaN S0 passes as +-|S0|);
// the sign being sign(S1) xor sign(S2). No rounding: the result is a selection.
module gcn_fp_div_fixup #(
  parameter int unsigned EW = 8,
  parameter int unsigned MW = 23
) (
  input  logic [EW+MW:0] s0_i,        // after ABS/NEG, not flushed
  input  logic [EW+MW:0] s1_i,
  input  logic [EW+MW:0] s2_i,
  input  logic           flush_in_i,  // MODE: input denormals read as zeros
  input  logic           flush_out_i, // MODE: a denormal result is written as a zero
  output logic [EW+MW:0] res_o
);

  localparam int unsigned W     = EW + MW + 1;
  localparam int          UNDER = (1 << (EW - 1)) - 1 + MW;  // bias + MW: 150 for f32

  // Input flush: a denormal reads as a zero of its sign.
  logic [W-2:0] s0;  // S0's magnitude (the sign is the operands')
  logic [W-1:0] s1, s2;
  logic unused_s0_sign;
  assign unused_s0_sign = s0_i[W-1];
  assign s0 = (flush_in_i && s0_i[W-2 -: EW] == '0) ? '0 : s0_i[W-2:0];
  assign s1 = (flush_in_i && s1_i[W-2 -: EW] == '0) ? {s1_i[W-1], {(W-1){1'b0}}} : s1_i;
  assign s2 = (flush_in_i && s2_i[W-2 -: EW] == '0) ? {s2_i[W-1], {(W-1){1'b0}}} : s2_i;

  logic [EW-1:0] e1, e2;
  logic          ones1, ones2, nan1, nan2, inf1, inf2, zero1, zero2, sign, under;
  assign e1    = s1[W-2 -: EW];
  assign e2    = s2[W-2 -: EW];
  assign ones1 = &e1;
  assign ones2 = &e2;
  assign nan1  = ones1 && s1[MW-1:0] != '0;
  assign nan2  = ones2 && s2[MW-1:0] != '0;
  assign inf1  = ones1 && s1[MW-1:0] == '0;
  assign inf2  = ones2 && s2[MW-1:0] == '0;
  assign zero1 = s1[W-2:0] == '0;
  assign zero2 = s2[W-2:0] == '0;
  assign sign  = s1[W-1] ^ s2[W-1];
  // (-((EW+2)'(UNDER))), not -(EW+2)'(UNDER): yosys 0.23 reads a unary operator before a size
  // cast as part of the width and drops the negation (make synth, make mutate's netlist).
  assign under = $signed({2'b00, e2}) - $signed({2'b00, e1}) < $signed(-((EW+2)'(UNDER)));

  // +-|S0| and its output flush.
  logic [W-1:0] est;
  assign est = (flush_out_i && s0[W-2 -: EW] == '0) ? {sign, {(W-1){1'b0}}} : {sign, s0};

  logic [W-1:0] quiet, dnan;
  assign quiet = W'(1) << (MW - 1);
  assign dnan  = {1'b1, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};

  always_comb begin
    if (nan2)                                         res_o = s2 | quiet;
    else if (nan1)                                    res_o = s1 | quiet;
    else if ((zero1 && zero2) || (inf1 && inf2))      res_o = dnan;
    else if (zero1 || inf2)                           res_o = {sign, {EW{1'b1}}, {MW{1'b0}}};
    else if (inf1 || zero2 || under)                  res_o = {sign, {(W-1){1'b0}}};
    else                                              res_o = est;
  end

endmodule
