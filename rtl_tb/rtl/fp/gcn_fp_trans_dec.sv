// The transcendental unit's decoder (gcn_fp_trans.sv): which ops, and for each the
// function, the variant and the format.
module gcn_fp_trans_dec (
  input  gcn_isa_pkg::op_e op_i,
  output logic             hit_o,
  output logic             f16_o,
  output logic [2:0]       fn_o,    // 0 rcp, 1 rsq, 2 sqrt, 3 log, 4 exp, 5 sin, 6 cos
  output logic [1:0]       var_o    // 0 plain, 1 _clamp, 2 _legacy
);
  always_comb begin
    hit_o = 1'b1;
    f16_o = 1'b0;
    fn_o  = 3'd0;
    var_o = 2'd0;
    unique case (op_i)
      gcn_isa_pkg::OP_V_RCP_F32, gcn_isa_pkg::OP_V_RCP_IFLAG_F32: fn_o = 3'd0;
      gcn_isa_pkg::OP_V_RCP_CLAMP_F32:  var_o = 2'd1;
      gcn_isa_pkg::OP_V_RCP_LEGACY_F32: var_o = 2'd2;
      gcn_isa_pkg::OP_V_RSQ_F32:        fn_o = 3'd1;
      gcn_isa_pkg::OP_V_RSQ_CLAMP_F32:  begin fn_o = 3'd1; var_o = 2'd1; end
      gcn_isa_pkg::OP_V_RSQ_LEGACY_F32: begin fn_o = 3'd1; var_o = 2'd2; end
      gcn_isa_pkg::OP_V_SQRT_F32:       fn_o = 3'd2;
      gcn_isa_pkg::OP_V_LOG_F32, gcn_isa_pkg::OP_V_LOG_LEGACY_F32: fn_o = 3'd3;
      gcn_isa_pkg::OP_V_LOG_CLAMP_F32:  begin fn_o = 3'd3; var_o = 2'd1; end
      gcn_isa_pkg::OP_V_EXP_F32, gcn_isa_pkg::OP_V_EXP_LEGACY_F32: fn_o = 3'd4;
      gcn_isa_pkg::OP_V_SIN_F32:        fn_o = 3'd5;
      gcn_isa_pkg::OP_V_COS_F32:        fn_o = 3'd6;
      gcn_isa_pkg::OP_V_RCP_F16:        f16_o = 1'b1;
      gcn_isa_pkg::OP_V_RSQ_F16:        begin f16_o = 1'b1; fn_o = 3'd1; end
      gcn_isa_pkg::OP_V_SQRT_F16:       begin f16_o = 1'b1; fn_o = 3'd2; end
      gcn_isa_pkg::OP_V_LOG_F16:        begin f16_o = 1'b1; fn_o = 3'd3; end
      gcn_isa_pkg::OP_V_EXP_F16:        begin f16_o = 1'b1; fn_o = 3'd4; end
      gcn_isa_pkg::OP_V_SIN_F16:        begin f16_o = 1'b1; fn_o = 3'd5; end
      gcn_isa_pkg::OP_V_COS_F16:        begin f16_o = 1'b1; fn_o = 3'd6; end
      default:                          hit_o = 1'b0;
    endcase
  end
endmodule
