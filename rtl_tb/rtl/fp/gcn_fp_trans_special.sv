// Part of the transcendental unit (gcn_fp_trans.sv).
// The exact special cases (docs/float.md "Approximate results" item 2); special_o set when
// value_o is the result (before the variant).
module gcn_fp_trans_special (
  input  logic [2:0]  fn_i,
  input  logic        f16_i,
  input  logic        ieee_i,
  input  logic [31:0] x_i,        // after the input flush
  input  logic        sign_i, nan_i, inf_i, zero_i,
  input  logic        exp_big_i,  // |x| >= 2^10 (exp: overflow or underflow)
  output logic        special_o,
  output logic [31:0] value_o
);
  logic [31:0] sbit, one, inf, dnan, qnan;
  assign sbit = f16_i ? 32'h0000_8000 : 32'h8000_0000;
  assign one  = f16_i ? 32'h0000_3c00 : 32'h3f80_0000;
  assign inf  = f16_i ? 32'h0000_7c00 : 32'h7f80_0000;
  assign dnan = f16_i ? 32'h0000_fe00 : 32'hffc0_0000;   // the sign-set default NaN
  assign qnan = x_i | (ieee_i ? (f16_i ? 32'h0000_0200 : 32'h0040_0000) : 32'd0);

  always_comb begin
    special_o = 1'b1;
    value_o   = '0;
    if (nan_i) value_o = qnan;
    else begin
      unique case (fn_i)
        3'd0: begin                                      // rcp
          if (zero_i)     value_o = inf | (sign_i ? sbit : 32'd0);
          else if (inf_i) value_o = sign_i ? sbit : 32'd0;
          else            special_o = 1'b0;
        end
        3'd1: begin                                      // rsq
          if (zero_i)      value_o = inf | (sign_i ? sbit : 32'd0);
          else if (sign_i) value_o = dnan;
          else if (inf_i)  value_o = 32'd0;
          else             special_o = 1'b0;
        end
        3'd2: begin                                      // sqrt
          if (zero_i || (inf_i && !sign_i)) value_o = x_i;
          else if (sign_i) value_o = dnan;
          else             special_o = 1'b0;
        end
        3'd3: begin                                      // log
          if (zero_i)      value_o = inf | sbit;
          else if (sign_i) value_o = dnan;
          else if (inf_i)  value_o = x_i;
          else             special_o = 1'b0;
        end
        3'd4: begin                                      // exp
          if (zero_i)                   value_o = one;
          else if (inf_i || exp_big_i)  value_o = sign_i ? 32'd0 : inf;
          else                          special_o = 1'b0;
        end
        default: begin                                   // sin, cos
          if (inf_i)       value_o = dnan;
          else if (zero_i) value_o = (fn_i == 3'd6) ? one : x_i;
          else             special_o = 1'b0;
        end
      endcase
    end
  end
endmodule
