// gcnref: the DPP cross-lane network of the VALU (gcn12, gcn14; docs/sdwa_dpp.md, exactly
// refmodel/src/dpp.c gcn_dpp_permute). A DPP instruction reads all 64 lanes of its SRC0
// VGPR when it issues (docs/microarch.md rule 12: the issue stage waits until every pass of
// the VGPR's last writer has committed) and keeps them here for its passes 1..3, so the
// wave_* controls and row_bcast, which read lanes of other rows (other passes), see the
// same values as the row controls: no lane ever sees another lane's new value. For the
// pass entering the pipeline it gives the 16 permuted SRC0 lanes and the lanes that may
// write: inside ROW_MASK and BANK_MASK, and where the source lane is valid (in range and
// on in EXEC) or BOUND_CTRL is set (an invalid source reads 0).
module gcn_valu_dpp (
  input  logic          clk_i,
  input  logic          rst_ni,

  input  logic          capture_i,    // a DPP instruction issues: take src_i
  input  logic [2047:0] src_i,        // SRC0's 64 lanes at issue (lane L in [32L +: 32])
  input  logic          first_i,      // the entering pass is pass 0 (use src_i, not the copy)
  input  logic [1:0]    pass_i,       // the entering pass
  input  logic [8:0]    ctrl_i,       // DPP_CTRL
  input  logic [3:0]    row_mask_i,
  input  logic [3:0]    bank_mask_i,
  input  logic          bound_ctrl_i,
  input  logic [63:0]   exec_i,       // EXEC captured at issue

  output logic [511:0]  lanes_o,      // the pass's SRC0 lanes after the permutation
  output logic [15:0]   write_o       // the pass's lanes that may write (before EXEC)
);

  logic [2047:0] src_q, src;
  assign src = first_i ? src_i : src_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) src_q <= '0;
    else if (capture_i) src_q <= src_i;
  end

  // The lane that lane L reads under control C: {invalid, lane}. The control values are
  // those of clrx/GcnSdwaDpp.md (quad_perm 0x00-0xff, row_shl 0x101-0x10f, row_shr
  // 0x111-0x11f, row_ror 0x121-0x12f, wave_shl/rol/shr/ror 0x130/0x134/0x138/0x13c,
  // row_mirror 0x140, row_half_mirror 0x141, row_bcast:15 0x142, row_bcast:31 0x143); the
  // decoder refuses the others.
  function automatic logic [6:0] source_lane(logic [8:0] c, logic [5:0] l);
    logic [6:0] r;
    logic [3:0] n, in_row;
    n      = c[3:0];
    in_row = l[3:0];
    r      = {1'b1, 6'd0};
    if (!c[8]) begin
      r = {1'b0, l[5:2], c[2*l[1:0] +: 2]};                                     // quad_perm
    end else if (c[7:4] == 4'h0) begin                                          // row_shl
      r = ({1'b0, in_row} + {1'b0, n} <= 5'd15) ? {1'b0, l + {2'b00, n}} : {1'b1, 6'd0};
    end else if (c[7:4] == 4'h1) begin                                          // row_shr
      r = (in_row >= n) ? {1'b0, l - {2'b00, n}} : {1'b1, 6'd0};
    end else if (c[7:4] == 4'h2) begin                                          // row_ror
      r = {1'b0, l[5:4], in_row - n};
    end else begin
      unique case (c[7:0])
        8'h30:   r = (l == 6'd63) ? {1'b1, 6'd0} : {1'b0, l + 6'd1};           // wave_shl:1
        8'h34:   r = {1'b0, l + 6'd1};                                          // wave_rol:1
        8'h38:   r = (l == 6'd0) ? {1'b1, 6'd0} : {1'b0, l - 6'd1};            // wave_shr:1
        8'h3c:   r = {1'b0, l - 6'd1};                                          // wave_ror:1
        8'h40:   r = {1'b0, l[5:4], 4'd15 - in_row};                            // row_mirror
        8'h41:   r = {1'b0, l[5:3], 3'd7 - l[2:0]};                             // row_half_mirror
        8'h42:   r = (l[5:4] == 2'd0) ? {1'b0, l} : {1'b0, l[5:4] - 2'd1, 4'd15}; // row_bcast:15
        8'h43:   r = (l[5] == 1'b0) ? {1'b0, l} : {1'b0, 6'd31};                // row_bcast:31
        default: r = {1'b1, 6'd0};
      endcase
    end
    source_lane = r;
  endfunction

  for (genvar l = 0; l < 16; l++) begin : gen_lane
    logic [6:0] s;
    logic       valid, enabled;
    assign s       = source_lane(ctrl_i, {pass_i, 4'(l)});
    assign valid   = !s[6] && exec_i[s[5:0]];
    assign enabled = row_mask_i[pass_i] && bank_mask_i[l / 4];
    assign lanes_o[32*l +: 32] = valid ? src[32*s[5:0] +: 32] : 32'd0;
    assign write_o[l]          = enabled && (valid || bound_ctrl_i);
  end

endmodule
