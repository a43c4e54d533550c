// Integer to float (combinational), to f32 or f16 (W = 32) or f64 (W = 64): V_CVT_F32_I32,
// V_CVT_F32_U32, V_CVT_F32_UBYTE0..3, V_CVT_OFF_F32_I4, V_CVT_F16_U16, V_CVT_F16_I16, and
// V_CVT_F64_I32 / V_CVT_F64_U32 (exact: a 32-bit integer fits 53 bits).
// refmodel/src/fp_cvt.c gcn_fp_from_int (the magnitude rounded once in the MODE rounding
// mode of the destination type, overflow per mode: u16 65520 and up in f16; no output
// flush, an integer is never denormal) and gcn_cvt_off_f32_i4 (S0[3:0] as a signed 4-bit
// integer over 16, exact). The rounder is a gcn_fp_round.
module gcn_fp_i2f #(
  parameter int unsigned W = 32  // the result's width: 32 (f32, f16) or 64 (f64)
) (
  input  logic [31:0]  x_i,       // the integer source
  input  logic [2:0]   kind_i,    // I2F_* below
  input  logic [1:0]   byte_i,    // ubyte: which byte
  input  logic         f16_i,     // f16 destination (W = 32 only)
  input  logic [1:0]   rm_i,      // the destination type's MODE rounding mode
  output logic [W-1:0] res_o      // f32, f64, or f16 in [15:0] with [31:16] zero
);

  localparam logic [2:0] I2F_I32   = 3'd0;
  localparam logic [2:0] I2F_U32   = 3'd1;
  localparam logic [2:0] I2F_UBYTE = 3'd2;
  localparam logic [2:0] I2F_I16   = 3'd3;
  localparam logic [2:0] I2F_U16   = 3'd4;
  localparam logic [2:0] I2F_OFF4  = 3'd5;

  logic [31:0] v;          // the value, sign-extended for the signed kinds
  logic        sign;
  logic signed [12:0] e;   // exponent of the magnitude's bit 0
  always_comb begin
    e = 13'sd0;
    unique case (kind_i)
      I2F_U32:   v = x_i;
      I2F_UBYTE: v = {24'd0, x_i[8*byte_i +: 8]};
      I2F_I16:   v = {{16{x_i[15]}}, x_i[15:0]};
      I2F_U16:   v = {16'd0, x_i[15:0]};
      I2F_OFF4:  begin v = {{28{x_i[3]}}, x_i[3:0]}; e = -13'sd4; end
      default:   v = x_i;
    endcase
  end
  assign sign = (kind_i == I2F_I32 || kind_i == I2F_I16 || kind_i == I2F_OFF4) && v[31];

  logic [31:0] mag;
  assign mag = sign ? 32'(-v) : v;

  // The rounder wants at least the kept width + 2 bits (f64: 55, the magnitude at the top).
  localparam int unsigned RW = (W == 64) ? 55 : 32;
  logic [RW-1:0] rsig;
  assign rsig = RW'(mag) << (RW - 32);
  gcn_fp_round #(.SW(RW), .W(W)) u_round (
    .sign_i  (sign),
    .exp_i   (e - 13'(RW - 32)),
    .sig_i   (rsig),
    .rm_i    ((kind_i == I2F_OFF4) ? 2'd0 : rm_i),
    .f16_i   (f16_i),
    .flush_i (1'b0),
    .res_o   (res_o)
  );

endmodule
