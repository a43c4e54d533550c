// Float to float (combinational): V_CVT_F16_F32 and V_CVT_F32_F16 (SW = 24, W = 32),
// V_CVT_F32_F64 (SW = 53, W = 32) and V_CVT_F64_F32 (SW = 24, W = 64). refmodel/src/fp_cvt.c
// cvt_float: the operand input-flushed by the source type's MODE (gcn_fp_classify), then a
// NaN keeps its sign with the payload moved to the top of the new fraction (narrowing
// drops the low bits), quieted when IEEE = 1 and always by a narrowing conversion; an
// infinity stays one; a finite value is rounded once (gcn_fp_round) in the destination
// type's rounding mode, with its output flush.
module gcn_fp_f2f #(
  parameter int unsigned SW = 24,  // the source's significand width: 24 (f32, f16) or 53 (f64)
  parameter int unsigned W  = 32,  // the result's width: 32 (f32, f16) or 64 (f64)
  parameter int unsigned PW = (W == 64) ? 52 : 23   // (follows W)
) (
  input  logic [PW-1:0]     pay_i,    // a NaN source's fraction at the top of PW bits (an f16's
                                      // 10 bits at [PW-1 -: 10], the low bits zero)
  input  logic              to16_i,   // f32 -> f16 (W = 32, SW = 24; else f16 -> f32)
  input  logic              sign_i,   // the source's class and unpacked value (gcn_fp_classify)
  input  logic              nan_i,
  input  logic              inf_i,
  input  logic signed [12:0] exp_i,
  input  logic [SW-1:0]     sig_i,
  input  logic              ieee_i,
  input  logic [1:0]        rm_i,     // the destination type's MODE rounding mode and output flush
  input  logic              flush_i,
  output logic [W-1:0]      res_o     // f32, f64, or f16 in [15:0] with [31:16] zero
);

  localparam bit F64    = W == 64;
  localparam bit NARROW = !F64 && SW > 24;     // f64 -> f32 (f32 -> f16: to16_i)

  // The rounder wants at least the kept width + 2 bits: the significand at the top of RW.
  localparam int unsigned KW = F64 ? 53 : 24;
  localparam int unsigned RW = ((SW > KW) ? SW : KW) + 2;

  logic [W-1:0] rounded;
  gcn_fp_round #(.SW(RW), .W(W)) u_round (
    .sign_i  (sign_i),
    .exp_i   (exp_i - 13'(RW - SW)),
    .sig_i   ({sig_i, (RW - SW)'(0)}),
    .rm_i    (rm_i),
    .f16_i   (to16_i),
    .flush_i (flush_i),
    .res_o   (rounded)
  );

  logic h16, quiet;
  assign h16   = !F64 && to16_i;
  assign quiet = pay_i[PW-1] | ieee_i | NARROW;

  always_comb begin
    if (nan_i)
      res_o = h16 ? W'({sign_i, 5'h1f, 1'b1, pay_i[PW-2 -: 9]})
            : F64 ? W'({sign_i, 11'h7ff, quiet, pay_i[PW-2:0]})
                  : W'({sign_i, 8'hff, quiet, pay_i[PW-2:0]});
    else if (inf_i)
      res_o = h16 ? W'({sign_i, 15'h7c00}) : F64 ? W'({sign_i, 63'h7ff0_0000_0000_0000})
                                               : W'({sign_i, 31'h7f80_0000});
    else
      res_o = rounded;
  end

endmodule
