// V_CUBEID/SC/TC/MA_F32 (combinational): refmodel/src/fp_misc.c gcn_cube. The direction
// (x, y, z) = (S0, S1, S2) after ABS/NEG and MODE's input flush (the lane's classifiers).
// The major axis: z when |z| >= |x| and |z| >= |y| (no NaN among the three), else y when
// |y| >= |x| (x and y not NaN), else x. With m the major coordinate:
//   id (which 0): 4/5 (+z/-z), 2/3 (+y/-y), 0/1 (+x/-x) as an f32;
//   sc (1): z-major sign(z) * x, y-major x, x-major -sign(x) * z;
//   tc (2): y-major sign(y) * z, else -y;
//   ma (3): 2 * m: a NaN m as the lane's NaN operand (quieted when IEEE = 1), +-inf and
//           +-0 unchanged, else the exponent + 1 (a denormal's fraction shifted up one),
//           overflow by MODE's direction, then MODE's output flush.
module gcn_fp_cube (
  input  logic [1:0]  which_i,
  input  logic [31:0] x_i,
  input  logic [31:0] y_i,
  input  logic [31:0] z_i,
  input  logic        ieee_i,
  input  logic [1:0]  rm_i,
  input  logic        flush_out_i,
  output logic [31:0] res_o
);

  logic nx, ny, nz;
  assign nx = x_i[30:23] == 8'hff && x_i[22:0] != '0;
  assign ny = y_i[30:23] == 8'hff && y_i[22:0] != '0;
  assign nz = z_i[30:23] == 8'hff && z_i[22:0] != '0;

  logic zmaj, ymaj;
  assign zmaj = !nx && !ny && !nz && z_i[30:0] >= x_i[30:0] && z_i[30:0] >= y_i[30:0];
  assign ymaj = !zmaj && !nx && !ny && y_i[30:0] >= x_i[30:0];

  logic [31:0] m;
  logic        mneg;
  assign m    = zmaj ? z_i : ymaj ? y_i : x_i;
  assign mneg = m[31];

  // 2 * m.
  logic [31:0] ma;
  logic        to_inf;
  assign to_inf = rm_i == 2'd0 || (rm_i == 2'd1 && !mneg) || (rm_i == 2'd2 && mneg);
  always_comb begin
    if (m[30:23] == 8'hff)      ma = (m[22:0] != '0 && ieee_i) ? m | 32'h0040_0000 : m;
    else if (m[30:0] == '0)     ma = m;
    else if (m[30:23] == 8'd0)  ma = (flush_out_i && !m[22]) ? {mneg, 31'd0} : {mneg, m[29:0], 1'b0};
    else if (m[30:23] == 8'hfe) ma = {mneg, to_inf ? 31'h7f80_0000 : 31'h7f7f_ffff};
    else                        ma = m + 32'h0080_0000;
  end

  always_comb begin
    unique case (which_i)
      2'd0:    res_o = zmaj ? (mneg ? 32'h40a0_0000 : 32'h4080_0000)
                     : ymaj ? (mneg ? 32'h4040_0000 : 32'h4000_0000)
                            : (mneg ? 32'h3f80_0000 : 32'h0000_0000);
      2'd1:    res_o = zmaj ? {x_i[31] ^ mneg, x_i[30:0]} : ymaj ? x_i : {z_i[31] ^ !mneg, z_i[30:0]};
      2'd2:    res_o = ymaj ? {z_i[31] ^ mneg, z_i[30:0]} : {~y_i[31], y_i[30:0]};
      default: res_o = ma;
    endcase
  end

endmodule
