// Special cases of one arithmetic step (combinational): where GCN's NaN, infinity and
// legacy-product rules live. refmodel/src/fp.c section 3 (default_nan, nan_result,
// nan_operand, legacy_zero_product) as ops in section 4 apply them. When special_o is set,
// value_o is the step's result and the arithmetic core's result is not used.
//
// The lane runs two steps in a row (docs/rtl.md, "Float datapath"): a multiply step
// (mul, legacy mul, the product of mad, ldexp) and an add step (add, sub, the sum of mad);
// each has its own instance with its kind. Operands arrive input-flushed and with the
// ABS/NEG modifiers applied. W = 32: f32 or f16 (f16_i); W = 64: f64 (the f64 lane's one
// step: add, mul, fma and ldexp share its fused unit).
module gcn_fp_special #(
  parameter int unsigned W = 32
) (
  input  logic [2:0]  kind_i,   // one of the KIND_* below
  input  logic        f16_i,
  input  logic        ieee_i,   // MODE.IEEE
  input  logic [W-1:0] a_i,     // operands (f16 in [15:0]); b is the addend of an add step
  input  logic [W-1:0] b_i,
  input  logic [W-1:0] c_i,      // the addend of mad (its NaN takes part in the product step)
  input  logic        a_nan_i, a_inf_i, a_zero_i,
  input  logic        b_nan_i, b_inf_i, b_zero_i,
  input  logic        c_nan_i,
  input  logic        b_neg_i,  // add step: b is negated (sub) after the NaN check
  output logic        special_o,
  output logic [W-1:0] value_o
);

  localparam logic [2:0] KIND_MUL        = 3'd0;  // a * b
  localparam logic [2:0] KIND_MUL_LEGACY = 3'd1;  // a * b, +-0 times anything is +0
  localparam logic [2:0] KIND_MAD        = 3'd2;  // product of mad: NaN over (a, b, c)
  localparam logic [2:0] KIND_MAD_LEGACY = 3'd3;  // legacy product of mad
  localparam logic [2:0] KIND_LDEXP      = 3'd4;  // a * 2^n
  localparam logic [2:0] KIND_ADD        = 3'd5;  // a + (b_neg ? -b : b)
  localparam logic [2:0] KIND_FMA        = 3'd6;  // a * b + c, fused (gcn_fp_fma)

  localparam bit F64 = W == 64;
  logic [W-1:0] sign_bit, quiet_bit, inf_bits, default_nan;
  assign sign_bit    = F64 ? W'(64'h8000_0000_0000_0000) : f16_i ? W'(32'h0000_8000) : W'(32'h8000_0000);
  assign quiet_bit   = F64 ? W'(64'h0008_0000_0000_0000) : f16_i ? W'(32'h0000_0200) : W'(32'h0040_0000);
  assign inf_bits    = F64 ? W'(64'h7ff0_0000_0000_0000) : f16_i ? W'(32'h0000_7c00) : W'(32'h7f80_0000);
  // Invalid operations give the default NaN (gcn_semantics.md section 3).
  assign default_nan = inf_bits | quiet_bit;

  // A NaN operand becomes the result: quieted (quiet bit set, payload and sign kept) when
  // IEEE = 1, unchanged when IEEE = 0 (section 3).
  function automatic logic [W-1:0] nan_result(logic [W-1:0] x, logic [W-1:0] quiet, logic quiet_en);
    nan_result = quiet_en ? x | quiet : x;
  endfunction

  logic        legacy, legacy_zero, prod_sign;
  logic [W-1:0] b_signed;
  assign legacy      = kind_i == KIND_MUL_LEGACY || kind_i == KIND_MAD_LEGACY;
  assign legacy_zero = legacy && (a_zero_i || b_zero_i);
  assign prod_sign   = ((a_i ^ b_i) & sign_bit) != '0;
  assign b_signed    = b_neg_i ? b_i ^ sign_bit : b_i;
  // fma's addend: an infinity of the other sign than an infinite product is invalid.
  logic c_inf;
  assign c_inf       = (c_i & ~sign_bit) == inf_bits;

  always_comb begin
    special_o = 1'b1;
    value_o   = '0;
    unique case (kind_i)
      KIND_MUL, KIND_MUL_LEGACY, KIND_MAD, KIND_MAD_LEGACY: begin
        // First NaN in source order; for mad the addend c counts too, so a NaN c wins
        // over an invalid product. A legacy zero product is +0 before any NaN rule.
        if (legacy_zero) value_o = '0;
        else if (a_nan_i) value_o = nan_result(a_i, quiet_bit, ieee_i);
        else if (b_nan_i) value_o = nan_result(b_i, quiet_bit, ieee_i);
        else if (c_nan_i && (kind_i == KIND_MAD || kind_i == KIND_MAD_LEGACY))
          value_o = nan_result(c_i, quiet_bit, ieee_i);
        else if (a_inf_i || b_inf_i)
          value_o = (a_zero_i || b_zero_i) ? default_nan : (prod_sign ? sign_bit : '0) | inf_bits;
        else special_o = 1'b0;
      end
      KIND_FMA: begin
        // First NaN over (a, b, c); 0 * inf and inf - inf are invalid (fp.c gcn_fp_fma_bits).
        if (a_nan_i) value_o = nan_result(a_i, quiet_bit, ieee_i);
        else if (b_nan_i) value_o = nan_result(b_i, quiet_bit, ieee_i);
        else if (c_nan_i) value_o = nan_result(c_i, quiet_bit, ieee_i);
        else if (a_inf_i || b_inf_i)
          value_o = (a_zero_i || b_zero_i || (c_inf && ((c_i & sign_bit) != '0) != prod_sign))
                  ? default_nan : (prod_sign ? sign_bit : '0) | inf_bits;
        else if (c_inf) value_o = c_i;
        else special_o = 1'b0;
      end
      KIND_LDEXP: begin
        if (a_nan_i) value_o = nan_result(a_i, quiet_bit, ieee_i);
        else if (a_inf_i || a_zero_i) value_o = a_i;
        else special_o = 1'b0;
      end
      KIND_ADD: begin
        // A NaN b is returned as read (sub does not flip a NaN's sign).
        if (a_nan_i) value_o = nan_result(a_i, quiet_bit, ieee_i);
        else if (b_nan_i) value_o = nan_result(b_i, quiet_bit, ieee_i);
        else if (a_inf_i && b_inf_i && a_i != b_signed) value_o = default_nan;
        else if (a_inf_i) value_o = a_i;
        else if (b_inf_i) value_o = b_signed;
        else special_o = 1'b0;
      end
      default: special_o = 1'b0;
    endcase
  end

endmodule
