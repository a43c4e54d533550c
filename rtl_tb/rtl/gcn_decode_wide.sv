// gcnref: the decoder's rules for VGPR ranges wider than 64 bits and for early-clobber
// destinations (combinational, beside gcn_decode), exactly refmodel/src/operand.c
// gcn_operand_legal_src and decode.c validate_vdst: a 128-bit operand (v_mqsad_u32_u8's SRC2
// and VDST) is a VGPR quad that ends at v255 at the latest; an earlyclobber row's VDST range
// overlaps no VGPR source's range (the quad SADs: VDST 64 or 128 bits, sources 32, 64, 128).
//
// The package is named in full (gcn_isa_pkg::...): yosys 0.23 parses no package import.
module gcn_decode_wide (
  input  gcn_isa_pkg::op_e  op_i,
  input  logic [2:0]        uses_i,    // the source slots the instruction reads
  input  logic [26:0]       src_i,     // [9s +: 9]: the source codes (VGPR: 256 + v)
  input  logic [7:0]        vdst_i,
  output logic              ok_o
);

  // VGPRs of an operand of type T1 (T_* + 1; 0: no operand).
  function automatic logic [2:0] nregs(gcn_isa_pkg::typ_t t1);
    logic [2:0] n;
    n = 3'd1;
    if (t1 == gcn_isa_pkg::T_B128 + gcn_isa_pkg::TYP_ONE) n = 3'd4;
    else if (t1 == gcn_isa_pkg::T_B64 + gcn_isa_pkg::TYP_ONE || t1 == gcn_isa_pkg::T_I64 + gcn_isa_pkg::TYP_ONE ||
             t1 == gcn_isa_pkg::T_U64 + gcn_isa_pkg::TYP_ONE || t1 == gcn_isa_pkg::T_F64 + gcn_isa_pkg::TYP_ONE)
      n = 3'd2;
    nregs = n;
  endfunction

  gcn_isa_pkg::typ_t src_t [3];
  assign src_t[0] = gcn_isa_pkg::op_type_s0(op_i);
  assign src_t[1] = gcn_isa_pkg::op_type_s1(op_i);
  assign src_t[2] = gcn_isa_pkg::op_type_s2(op_i);

  logic [2:0] nd;
  logic       d128;
  assign nd   = nregs(gcn_isa_pkg::op_type_d(op_i));
  assign d128 = nd == 3'd4;

  logic [2:0] bad;
  for (genvar s = 0; s < 3; s++) begin : g_src
    logic [8:0] code, lo, hi;
    logic [2:0] n;
    assign code = src_i[9*s +: 9];
    assign n    = nregs(src_t[s]);
    assign lo   = {1'b0, code[7:0]};
    assign hi   = lo + {6'd0, n};                                       // one past the last VGPR
    assign bad[s] = uses_i[s] &&
                    ((n == 3'd4 && (!code[8] || hi > 9'd256)) ||        // a quad: a VGPR, to v255
                     (code[8] && gcn_isa_pkg::op_earlyclobber(op_i) &&  // overlapping VDST
                      lo < {1'b0, vdst_i} + {6'd0, nd} && {1'b0, vdst_i} < hi));
  end
  assign ok_o = !(d128 && vdst_i > 8'd252) && bad == 3'd0;              // VDST v[253:256] and up

endmodule
