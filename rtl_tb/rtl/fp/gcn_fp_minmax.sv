// min / max selection (combinational), f32 or f16 (W = 32) or f64 (W = 64): GCN's V_MIN/MAX
// rules and the legacy forms (refmodel/src/fp.c minmax_select, legacy_select, gcn_semantics.md section 3).
// Operands arrive with the input flush already applied when the op flushes (gcn14
// V_MIN/MAX); the caller flushes the selected value's output.
module gcn_fp_minmax #(
  parameter int unsigned W = 32
) (
  input  logic        f16_i,
  input  logic        is_max_i,
  input  logic        legacy_i,   // V_MIN/MAX_LEGACY_F32: a < b ? a : b, a > b ? a : b
  input  logic        ieee_i,
  input  logic [W-1:0] a_i,
  input  logic [W-1:0] b_i,
  input  logic        a_nan_i, a_snan_i, a_zero_i,
  input  logic        b_nan_i, b_snan_i, b_zero_i,
  output logic [W-1:0] res_o
);

  localparam bit F64 = W == 64;
  logic [W-1:0] sign_bit, quiet_bit, mag_mask;
  assign sign_bit  = F64 ? W'(64'h8000_0000_0000_0000) : f16_i ? W'(32'h0000_8000) : W'(32'h8000_0000);
  assign quiet_bit = F64 ? W'(64'h0008_0000_0000_0000) : f16_i ? W'(32'h0000_0200) : W'(32'h0040_0000);
  assign mag_mask  = sign_bit - W'(1);

  // IEEE order of two non-NaN values (-0 == +0): signed magnitudes.
  logic signed [W:0]  a_key, b_key;
  logic               lt, gt;
  assign a_key = ((a_i & sign_bit) != '0) ? -$signed({1'b0, a_i & mag_mask})
                                         : $signed({1'b0, a_i & mag_mask});
  assign b_key = ((b_i & sign_bit) != '0) ? -$signed({1'b0, b_i & mag_mask})
                                         : $signed({1'b0, b_i & mag_mask});
  assign lt    = !a_nan_i && !b_nan_i && a_key < b_key;
  assign gt    = !a_nan_i && !b_nan_i && b_key < a_key;

  logic [W-1:0] legacy_sel, sel;
  logic        legacy_snan;
  assign legacy_sel  = (is_max_i ? gt : lt) ? a_i : b_i;
  assign legacy_snan = is_max_i ? (gt ? a_snan_i : b_snan_i) : (lt ? a_snan_i : b_snan_i);

  always_comb begin
    if (ieee_i && a_snan_i) sel = a_i | quiet_bit;
    else if (ieee_i && b_snan_i) sel = b_i | quiet_bit;
    else if (a_nan_i) sel = b_i;
    else if (b_nan_i) sel = a_i;
    else if (a_zero_i && b_zero_i && a_i != b_i) sel = is_max_i ? '0 : sign_bit;
    else if (is_max_i) sel = (ieee_i ? !lt : gt) ? a_i : b_i;
    else sel = lt ? a_i : b_i;
  end

  // A selected legacy sNaN is quieted when IEEE = 1 (docs/float.md, legacy ops).
  assign res_o = legacy_i ? ((ieee_i && legacy_snan) ? legacy_sel | quiet_bit : legacy_sel) : sel;

endmodule
