// The exact special cases of gcn_fp64_lane's v_rcp/rsq/sqrt_f64 (and the _clamp forms):
// gcn_fp_trans_special's rules for those three functions at f64 (docs/float.md
// "Approximate results" item 2; refmodel/src/fp_trans.c gcn_fp_trans). special_o set when
// value_o is the result (before the _clamp variant). f64 forms keep denormals, so x_i is
// the unflushed operand.
module gcn_fp64_trans_special (
  input  logic [1:0]  fn_i,       // 0 rcp, 1 rsq, 2 sqrt
  input  logic        ieee_i,
  input  logic [63:0] x_i,
  input  logic        sign_i, nan_i, inf_i, zero_i,
  output logic        special_o,
  output logic [63:0] value_o
);
  localparam logic [63:0] INF  = 64'h7ff0_0000_0000_0000;
  localparam logic [63:0] DNAN = 64'hfff8_0000_0000_0000;  // the sign-set default NaN
  logic [63:0] sbit;
  assign sbit = {sign_i, 63'd0};

  always_comb begin
    special_o = 1'b1;
    value_o   = '0;
    if (nan_i) value_o = x_i | (ieee_i ? 64'h0008_0000_0000_0000 : 64'd0);
    else begin
      unique case (fn_i)
        2'd0: begin                                      // rcp
          if (zero_i)     value_o = INF | sbit;
          else if (inf_i) value_o = sbit;
          else            special_o = 1'b0;
        end
        2'd1: begin                                      // rsq
          if (zero_i)      value_o = INF | sbit;
          else if (sign_i) value_o = DNAN;
          else if (inf_i)  value_o = 64'd0;
          else             special_o = 1'b0;
        end
        default: begin                                   // sqrt
          if (zero_i || (inf_i && !sign_i)) value_o = x_i;
          else if (sign_i) value_o = DNAN;
          else             special_o = 1'b0;
        end
      endcase
    end
  end
endmodule
