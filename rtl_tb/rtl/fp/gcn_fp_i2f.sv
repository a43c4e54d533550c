// Integer to float (combinational), to f32 or f16: V_CVT_F32_I32, V_CVT_F32_U32,
// V_CVT_F32_UBYTE0..3, V_CVT_OFF_F32_I4, V_CVT_F16_U16, V_CVT_F16_I16.
// refmodel/src/fp_cvt.c gcn_fp_from_int (the magnitude rounded once in the MODE rounding
// mode of the destination type, overflow per mode: u16 65520 and up in f16; no output
// flush, an integer is never denormal) and gcn_cvt_off_f32_i4 (S0[3:0] as a signed 4-bit
// integer over 16, exact). The rounder is a gcn_fp_round.
module gcn_fp_i2f (
  input  logic [31:0] x_i,       // the integer source
  input  logic [2:0]  kind_i,    // I2F_* below
  input  logic [1:0]  byte_i,    // ubyte: which byte
  input  logic        f16_i,     // f16 destination
  input  logic [1:0]  rm_i,      // the destination type's MODE rounding mode
  output logic [31:0] res_o      // f32, or f16 in [15:0] with [31:16] zero
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

  gcn_fp_round #(.SW(32)) u_round (
    .sign_i  (sign),
    .exp_i   (e),
    .sig_i   (mag),
    .rm_i    ((kind_i == I2F_OFF4) ? 2'd0 : rm_i),
    .f16_i   (f16_i),
    .flush_i (1'b0),
    .res_o   (res_o)
  );

endmodule
