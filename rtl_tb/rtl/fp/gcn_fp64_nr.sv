// The f64 reciprocal, reciprocal square root and square root core of gcn_fp64_lane
// (v_rcp_f64, v_rsq_f64, v_sqrt_f64 and gcn10/11's _clamp forms; docs/rtl.md
// "Transcendentals"). It takes a finite nonzero operand x = sig * 2^exp and gives
// (-1)^sign * sig_o * 2^exp_o, whose bit 0 is a sticky bit, for the lane's one rounding (to
// nearest even): bit-exact with refmodel/src/fp_trans.c do_rcp, do_sqrt and do_rsq.
//
// The gcn_fp_trans_nr scheme at f64 precision, then an exact correction, the way hardware
// turns a Newton-Raphson estimate into an exact quotient or root:
//   normalize (leading-zero count: f64 denormals are kept), m = 1.frac in Q1.72;
//   a 12-bit seed from gcn_fp_trans_pkg's 256-entry tables (the f32 unit's), three Newton
//   steps in Q1.72 (relative error 2^-8.8 -> 2^-17 -> 2^-34 -> about 2^-68, from below);
//   rcp:  Q = floor(2^108 / M) (M the 53-bit significand) from the estimate, corrected by
//         one ulp either way on the sign and size of the remainder 2^108 - Q * M; the
//         sticky bit is remainder != 0 (correctly rounded, as the model's 2^124 / d);
//   sqrt: r = floor(sqrt(s)), s = M * 2^(68 - odd) (the model's 120-bit s), from
//         mp * rsq(mp) (mp = m, or 2m for an odd exponent), corrected by the sign of s - r^2
//         and whether it exceeds 2r; the sticky bit is s != r^2;
//   rsq:  the model's own value, floor((2^124 - 1) / r) with the sticky bit set (faithful,
//         within 2^-9 ulp of the exact value), from one more Newton step on 1 / r started
//         at rsq(mp) (r's relative distance to sqrt(s) is below 2^-59), corrected as rcp's.
// Each estimate is within one unit of the exact integer, so one correction suffices.
module gcn_fp64_nr (
  input  logic [1:0]         fn_i,   // 0 rcp, 1 rsq, 2 sqrt
  input  logic [52:0]        sig_i,  // nonzero (a denormal's leading zeros allowed)
  input  logic signed [12:0] exp_i,  // exponent of sig_i's bit 0
  output logic signed [12:0] exp_o,  // exponent of sig_o's bit 0
  output logic [109:0]       sig_o
);
  localparam int unsigned F = 72;  // fraction bits of the Newton steps

  function automatic logic [75:0] rcp_step(logic [75:0] m, logic [75:0] y);
    logic [75:0] e;   // 2 - m * y
    e = (76'd2 << F) - 76'((152'(m) * 152'(y)) >> F);
    rcp_step = 76'((152'(y) * 152'(e)) >> F);
  endfunction

  function automatic logic [75:0] rsq_step(logic [75:0] m, logic [75:0] y);
    logic [75:0] yy;  // y^2
    logic [75:0] e;   // 3 - m * y^2
    yy = 76'((152'(y) * 152'(y)) >> F);
    e  = (76'd3 << F) - 76'((152'(m) * 152'(yy)) >> F);
    rsq_step = 76'((152'(y) * 152'(e)) >> (F + 1));
  endfunction

  // ---------------------------------------------------------------- normalize
  logic [5:0]         lz;
  logic [52:0]        M;
  logic signed [12:0] ex;
  logic               odd;
  always_comb begin
    lz = 6'd0;
    for (int i = 0; i < 53; i++) begin
      if (sig_i[i]) lz = 6'(52 - i);
    end
  end
  assign M   = sig_i << lz;
  assign ex  = exp_i - $signed({7'd0, lz});
  assign odd = ex[0];

  // ---------------------------------------------------------------- Newton-Raphson
  logic [75:0] m_q, mp_q, s0_rcp, s0_rsq, y_rcp, y_rsq;
  assign m_q    = 76'(M) << (F - 52);
  assign mp_q   = odd ? m_q << 1 : m_q;
  assign s0_rcp = 76'(gcn_fp_trans_pkg::rcp_seed(M[51:44])) << (F - 12);
  assign s0_rsq = 76'(gcn_fp_trans_pkg::rsq_seed({odd, M[51:45]})) << (F - 12);
  assign y_rcp  = rcp_step(m_q, rcp_step(m_q, rcp_step(m_q, s0_rcp)));
  assign y_rsq  = rsq_step(mp_q, rsq_step(mp_q, rsq_step(mp_q, s0_rsq)));

  // ---------------------------------------------------------------- rcp: Q = floor(2^108 / M)
  logic [56:0]         q_est, q_rcp;
  logic signed [111:0] rem, rem_c;
  assign q_est = 57'(y_rcp >> (F - 56));
  assign rem   = (112'sd1 <<< 108) - $signed(112'(q_est) * 112'(M));
  always_comb begin
    q_rcp = q_est;
    rem_c = rem;
    if (rem < 0) begin
      q_rcp = q_est - 57'd1;
      rem_c = rem + $signed(112'(M));
    end else if (rem >= $signed(112'(M))) begin
      q_rcp = q_est + 57'd1;
      rem_c = rem - $signed(112'(M));
    end
  end

  // ---------------------------------------------------------------- sqrt: r = floor(sqrt(s))
  logic [121:0]        s;
  logic [61:0]         r_est, r;
  logic signed [123:0] d, d_c;   // s - r^2
  assign s     = odd ? 122'(M) << 67 : 122'(M) << 68;
  assign r_est = 62'((152'(mp_q) * 152'(y_rsq)) >> (odd ? 2 * F - 59 : 2 * F - 60));
  assign d     = $signed({2'b0, s}) - $signed(124'(r_est) * 124'(r_est));
  always_comb begin
    r   = r_est;
    d_c = d;
    if (d < 0) begin              // (r - 1)^2 = r^2 - 2r + 1
      r   = r_est - 62'd1;
      d_c = d + $signed(124'(r_est) << 1) - 124'sd1;
    end else if (d > $signed(124'(r_est) << 1)) begin  // (r + 1)^2 = r^2 + 2r + 1 <= s
      r   = r_est + 62'd1;
      d_c = d - $signed(124'(r_est) << 1) - 124'sd1;
    end
  end

  // ---------------------------------------------------------------- rsq: floor((2^124 - 1) / r)
  // u = r / 2^j in Q1.72 (j = 60 - odd: u ~ sqrt(mp)); 1/u from rsq(mp) and one Newton step.
  localparam logic [125:0] NUM = (126'd1 << 124) - 126'd1;
  logic [75:0]         u_q, y_u;
  logic [65:0]         qr_est, q_rsq;
  logic signed [127:0] rr;
  assign u_q    = odd ? 76'(r) << (F - 59) : 76'(r) << (F - 60);
  assign y_u    = rcp_step(u_q, y_rsq);
  assign qr_est = 66'(odd ? y_u >> (F - 65) : y_u >> (F - 64));
  assign rr     = $signed({2'b0, NUM}) - $signed(128'(qr_est) * 128'(r));
  always_comb begin
    q_rsq = qr_est;
    if (rr < 0) q_rsq = qr_est - 66'd1;
    else if (rr >= $signed(128'(r))) q_rsq = qr_est + 66'd1;
  end

  // ---------------------------------------------------------------- result
  // rcp: (2Q + sticky) * 2^(-109 - ex); sqrt: (2r + sticky) * 2^((ex + odd)/2 - 35);
  // rsq: (2q + 1) * 2^(-91 - (ex + odd)/2).
  logic signed [12:0] half;
  assign half = (ex + $signed({12'd0, odd})) >>> 1;
  always_comb begin
    unique case (fn_i)
      2'd0:    begin sig_o = 110'({q_rcp, rem_c != 0}); exp_o = -13'sd109 - ex;  end
      2'd1:    begin sig_o = 110'({q_rsq, 1'b1});        exp_o = -13'sd91 - half; end
      default: begin sig_o = 110'({r, d_c != 0});        exp_o = half - 13'sd35;  end
    endcase
  end
endmodule
