// exdut_alu: the example DUT's integer datapath, one 32-bit operation with its flag (SCC
// for the scalar ALU, the carry/borrow bit of a lane for the vector ALU). Combinational;
// exdut_core holds the operands for as many cycles as its timing asks.
module exdut_alu
  import gcn_isa_pkg::*;
(
  input  op_e         op_i,
  input  logic [31:0] a_i,      // S0
  input  logic [31:0] b_i,      // S1
  input  logic        flag_i,   // SCC (s_cselect, s_cmov) or the VCC lane (v_cndmask)
  output logic [31:0] res_o,
  output logic        flag_o    // SCC, or the lane's carry out
);
  logic [32:0] sum, dif, rdif;
  logic [31:0] prod, mul_i24, mul_u24;   // the low halves of the products
  assign mul_i24 = {{8{a_i[23]}}, a_i[23:0]} * {{8{b_i[23]}}, b_i[23:0]};
  assign mul_u24 = {8'd0, a_i[23:0]} * {8'd0, b_i[23:0]};
  assign sum  = {1'b0, a_i} + {1'b0, b_i};
  assign dif  = {1'b0, a_i} - {1'b0, b_i};
  assign rdif = {1'b0, b_i} - {1'b0, a_i};
  assign prod = a_i * b_i;

  always_comb begin
    res_o  = '0;
    flag_o = 1'b0;
    unique case (op_i)
      OP_S_ADD_U32:   {flag_o, res_o} = sum;
      OP_S_SUB_U32:   {flag_o, res_o} = dif;
      OP_S_ADD_I32: begin
        res_o  = sum[31:0];
        flag_o = a_i[31] == b_i[31] && res_o[31] != a_i[31];
      end
      OP_S_SUB_I32: begin
        res_o  = dif[31:0];
        flag_o = a_i[31] != b_i[31] && res_o[31] != a_i[31];
      end
      OP_S_MIN_I32: begin
        flag_o = $signed(a_i) < $signed(b_i);
        res_o  = flag_o ? a_i : b_i;
      end
      OP_S_MAX_I32: begin
        flag_o = $signed(a_i) > $signed(b_i);
        res_o  = flag_o ? a_i : b_i;
      end
      OP_S_MIN_U32: begin
        flag_o = a_i < b_i;
        res_o  = flag_o ? a_i : b_i;
      end
      OP_S_MAX_U32: begin
        flag_o = a_i > b_i;
        res_o  = flag_o ? a_i : b_i;
      end
      OP_S_AND_B32:   begin res_o = a_i & b_i; flag_o = |res_o; end
      OP_S_OR_B32:    begin res_o = a_i | b_i; flag_o = |res_o; end
      OP_S_XOR_B32:   begin res_o = a_i ^ b_i; flag_o = |res_o; end
      OP_S_LSHL_B32:  begin res_o = a_i << b_i[4:0]; flag_o = |res_o; end
      OP_S_LSHR_B32:  begin res_o = a_i >> b_i[4:0]; flag_o = |res_o; end
      OP_S_ASHR_I32:  begin res_o = $signed(a_i) >>> b_i[4:0]; flag_o = |res_o; end
      OP_S_MUL_I32:   res_o = prod;
      OP_S_CSELECT_B32: res_o = flag_i ? a_i : b_i;
      OP_S_MOV_B32:   res_o = a_i;
      OP_S_CMOV_B32:  res_o = a_i;
      OP_S_NOT_B32:   begin res_o = ~a_i; flag_o = |res_o; end
      // Vector ops: A is S0, B is S1 (the VGPR source of the VOP2 form).
      OP_V_ADD_CO_U32:    {flag_o, res_o} = sum;
      OP_V_SUB_CO_U32:    {flag_o, res_o} = dif;
      OP_V_SUBREV_CO_U32: {flag_o, res_o} = rdif;
      OP_V_AND_B32:       res_o = a_i & b_i;
      OP_V_OR_B32:        res_o = a_i | b_i;
      OP_V_XOR_B32:       res_o = a_i ^ b_i;
      OP_V_LSHLREV_B32:   res_o = b_i << a_i[4:0];
      OP_V_LSHRREV_B32:   res_o = b_i >> a_i[4:0];
      OP_V_ASHRREV_I32:   res_o = $signed(b_i) >>> a_i[4:0];
      OP_V_MIN_I32:       res_o = $signed(a_i) < $signed(b_i) ? a_i : b_i;
      OP_V_MAX_I32:       res_o = $signed(a_i) > $signed(b_i) ? a_i : b_i;
      OP_V_MIN_U32:       res_o = a_i < b_i ? a_i : b_i;
      OP_V_MAX_U32:       res_o = a_i > b_i ? a_i : b_i;
      OP_V_MUL_I32_I24:   res_o = mul_i24;
      OP_V_MUL_U32_U24:   res_o = mul_u24;
      OP_V_CNDMASK_B32:   res_o = flag_i ? b_i : a_i;
      default: ;
    endcase
  end
endmodule
