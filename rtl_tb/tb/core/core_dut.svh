// core_dut.svh: gcn_core as the co-simulations see it, `included inside the testbench
// module of both the directed co-simulation (core_harness.sv) and the random one
// (rtl_tb/tb/cosim/tb_cosim.sv), so that the hookup, the initialisation sequence and the
// ordering of the commit groups into gcnref_dut_* calls live in one place.
//
// The including module provides: parameters SALU_LATENCY, VALU_DEPTH, BRANCH_PENALTY;
// the clock `clk_i`; `import gcnref_pkg::*;`; localparam IMEM_WORDS (instruction memory
// words). It gets: the DUT (u_dut) and its signals, the instruction memory, and
//   dut_idle()                      all inputs inactive (time 0)
//   dut_imem_load(h)                the loaded program, prog_base, prog_size (0: too large);
//                                   dut_init writes its words into instruction memory
//   dut_init(h, g, used)            reset, the initial state of model handle H (the VGPRs
//                                   set in USED, every scalar code, every hwreg id, the
//                                   gcn14 apertures, SCC, MODE), then start; returns at the
//                                   falling edge
//                                   before cycle 0
//   dut_events()                    does the DUT report anything this cycle?
//   report_dut(h, fault)            the DUT's events of this cycle, in the contract's order
// Signals are driven and sampled at the falling edge (the DUT's flops use the rising one).
//
// Simulation speed (docs/performance.md): the testbench process (woken at every falling
// edge) writes only the *_tb copies of the DUT's inputs and of the instruction memory's
// write port; the DUT sees them through flops clocked at the rising edge, so no logic of
// the DUT reads a variable the process writes and the simulator evaluates the core's
// combinational logic once per cycle (a process-written input would make it evaluate that
// logic again after every wake-up of the process: three times per cycle). Every input
// reaches the DUT one cycle later than the process drives it (dut_init waits that cycle
// out), and the instruction memory is written IMEM_PER words per cycle during dut_init.

  // ------------------------------------------------------------------ the DUT
  // The inputs as the testbench process drives them (registered below).
  logic               rst_n_tb;
  gcn_isa_pkg::gen_e  gen_tb;
  logic [63:0]        prog_base_tb;
  logic [31:0]        prog_size_tb;
  logic               start_tb;
  logic               init_sreg_we_tb;
  logic [3:0]         init_sreg_oct_tb;
  logic [255:0]       init_sreg_data_tb;
  logic               init_vgprs_we_tb;
  logic [7:0]         init_vgprs_base_tb;
  logic [gcn_core_pkg::INIT_VGPRS*2048-1:0] init_vgprs_data_tb;
  logic               init_scc_tb;
  logic [31:0]        init_mode_tb;
  logic               init_hwreg_we_tb;
  logic [3:0]         init_hwreg_quad_tb;
  logic [127:0]       init_hwreg_data_tb;
  logic [159:0]       aperture_tb;
  // The DUT's inputs.
  logic               rst_n;
  gcn_isa_pkg::gen_e  gen;
  logic [63:0]        prog_base;
  logic [31:0]        prog_size;
  logic               start;
  logic               done;
  logic               init_sreg_we;
  logic [3:0]         init_sreg_oct;
  logic [255:0]       init_sreg_data;
  logic               init_vgprs_we;
  logic [7:0]         init_vgprs_base;
  logic [gcn_core_pkg::INIT_VGPRS*2048-1:0] init_vgprs_data;
  logic               init_scc;
  logic [31:0]        init_mode;
  logic               init_hwreg_we;
  logic [3:0]         init_hwreg_quad;
  logic [127:0]       init_hwreg_data;
  logic [159:0]       aperture;
  logic [63:0]        imem_addr;
  logic [63:0]        imem_rdata;
  logic               cs_valid, cs_scc_valid, cs_scc, cs_mode_valid;
  logic [7:0]         cs_age;
  logic [63:0]        cs_pc;
  logic [5:0]         cs_wr_valid;
  logic [41:0]        cs_wr_code;
  logic [191:0]       cs_wr_data;
  logic [31:0]        cs_mode;
  logic               cs_hwreg_valid;
  logic [5:0]         cs_hwreg_id;
  logic [31:0]        cs_hwreg;
  logic               cv_valid, cv_vec_valid, cv_retire;
  logic [7:0]         cv_age;
  logic [3:0]         cv_wr_valid;
  logic [27:0]        cv_wr_code;
  logic [127:0]       cv_wr_data;
  logic [7:0]         cv_vgpr;
  logic [1:0]         cv_pass;
  logic [15:0]        cv_mask;
  logic [511:0]       cv_lanes;
  logic               cv_vec_hi_valid;
  logic [511:0]       cv_lanes_hi;
  logic [7:0]         cv_vgpr_hi;
  logic [63:0]        cv_pc;
  logic               ev_illegal, ev_unsupported, ev_end;
  logic [63:0]        ev_pc;

  gcn_core #(
    .SALU_LATENCY   (SALU_LATENCY),
    .VALU_DEPTH     (VALU_DEPTH),
    .BRANCH_PENALTY (BRANCH_PENALTY)
  ) u_dut (
    .clk_i            (clk_i),
    .rst_ni           (rst_n),
    .gen_i            (gen),
    .prog_base_i      (prog_base),
    .prog_size_i      (prog_size),
    .start_i          (start),
    .done_o           (done),
    .init_sreg_we_i   (init_sreg_we),
    .init_sreg_oct_i  (init_sreg_oct),
    .init_sreg_data_i (init_sreg_data),
    .init_vgprs_we_i  (init_vgprs_we),
    .init_vgprs_base_i(init_vgprs_base),
    .init_vgprs_data_i(init_vgprs_data),
    .init_scc_i       (init_scc),
    .init_mode_i      (init_mode),
    .init_hwreg_we_i  (init_hwreg_we),
    .init_hwreg_quad_i(init_hwreg_quad),
    .init_hwreg_data_i(init_hwreg_data),
    .aperture_i       (aperture),
    .imem_addr_o      (imem_addr),
    .imem_rdata_i     (imem_rdata),
    .cs_valid_o       (cs_valid),
    .cs_age_o         (cs_age),
    .cs_pc_o          (cs_pc),
    .cs_wr_valid_o    (cs_wr_valid),
    .cs_wr_code_o     (cs_wr_code),
    .cs_wr_data_o     (cs_wr_data),
    .cs_scc_valid_o   (cs_scc_valid),
    .cs_scc_o         (cs_scc),
    .cs_mode_valid_o  (cs_mode_valid),
    .cs_mode_o        (cs_mode),
    .cs_hwreg_valid_o (cs_hwreg_valid),
    .cs_hwreg_id_o    (cs_hwreg_id),
    .cs_hwreg_o       (cs_hwreg),
    .cv_valid_o       (cv_valid),
    .cv_age_o         (cv_age),
    .cv_wr_valid_o    (cv_wr_valid),
    .cv_wr_code_o     (cv_wr_code),
    .cv_wr_data_o     (cv_wr_data),
    .cv_vec_valid_o   (cv_vec_valid),
    .cv_vgpr_o        (cv_vgpr),
    .cv_pass_o        (cv_pass),
    .cv_mask_o        (cv_mask),
    .cv_lanes_o       (cv_lanes),
    .cv_vec_hi_valid_o(cv_vec_hi_valid),
    .cv_lanes_hi_o    (cv_lanes_hi),
    .cv_vgpr_hi_o     (cv_vgpr_hi),
    .cv_retire_o      (cv_retire),
    .cv_pc_o          (cv_pc),
    .ev_illegal_o     (ev_illegal),
    .ev_unsupported_o (ev_unsupported),
    .ev_end_o         (ev_end),
    .ev_pc_o          (ev_pc)
  );

  // ------------------------------------------------------------------ instruction memory
  // Written IMEM_PER words per cycle through its write port (imem_*_tb, registered like
  // the inputs: words IMEM_PER * a + i of group a), read combinationally by the fetch.
  localparam int IMEM_PER = 16;
  logic [31:0] imem [IMEM_WORDS];
  logic        imem_we_tb;
  logic [$clog2(IMEM_WORDS/IMEM_PER)-1:0] imem_waddr_tb;
  logic [32*IMEM_PER-1:0] imem_wdata_tb;
  // The program image (dut_imem_load; only the process reads it) that dut_init writes.
  logic [31:0] imem_img [IMEM_WORDS];
  int          imem_words;

  // The inputs one cycle after the process drives them.
  always_ff @(posedge clk_i) begin
    rst_n          <= rst_n_tb;
    gen            <= gen_tb;
    prog_base      <= prog_base_tb;
    prog_size      <= prog_size_tb;
    start          <= start_tb;
    init_sreg_we   <= init_sreg_we_tb;
    init_sreg_oct  <= init_sreg_oct_tb;
    init_sreg_data <= init_sreg_data_tb;
    init_vgprs_we  <= init_vgprs_we_tb;
    init_vgprs_base <= init_vgprs_base_tb;
    init_vgprs_data <= init_vgprs_data_tb;
    init_scc       <= init_scc_tb;
    init_mode      <= init_mode_tb;
    init_hwreg_we  <= init_hwreg_we_tb;
    init_hwreg_quad <= init_hwreg_quad_tb;
    init_hwreg_data <= init_hwreg_data_tb;
    aperture       <= aperture_tb;
    if (imem_we_tb) begin
      for (int i = 0; i < IMEM_PER; i++) imem[IMEM_PER * int'(imem_waddr_tb) + i] <= imem_wdata_tb[32*i +: 32];
    end
  end

  localparam int IMEM_AW = $clog2(IMEM_WORDS); // word index bits
  logic [63:0] imem_off;
  always_comb begin
    imem_off   = imem_addr - prog_base;
    imem_rdata = '0;
    if (imem_off < 64'(prog_size) && imem_off[1:0] == 2'd0 && imem_off < 64'(4 * IMEM_WORDS)) begin
      imem_rdata[31:0] = imem[imem_off[IMEM_AW+1:2]];
      if (imem_off + 64'd4 < 64'(prog_size)) imem_rdata[63:32] = imem[imem_off[IMEM_AW+1:2] + IMEM_AW'(1)];
    end
  end

  // ------------------------------------------------------------------ loading
  task automatic dut_idle();
    rst_n_tb          = 1'b0;
    gen_tb            = gcn_isa_pkg::GEN_GCN10;
    prog_base_tb      = '0;
    prog_size_tb      = '0;
    start_tb          = 1'b0;
    init_sreg_we_tb   = 1'b0;
    init_sreg_oct_tb  = '0;
    init_sreg_data_tb = '0;
    init_vgprs_we_tb  = 1'b0;
    init_vgprs_base_tb = '0;
    init_scc_tb       = 1'b0;
    init_mode_tb      = '0;
    init_hwreg_we_tb  = 1'b0;
    init_hwreg_quad_tb = '0;
    init_hwreg_data_tb = '0;
    aperture_tb       = '0;
    imem_we_tb        = 1'b0;
    imem_waddr_tb     = '0;
    imem_wdata_tb     = '0;
    imem_words        = 0;
  endtask

  // The program loaded in H into the image that dut_init writes into instruction memory,
  // prog_base and prog_size; 0 if it does not fit.
  function automatic bit dut_imem_load(chandle h);
    int size;
    size = gcnref_imem_size(h);
    if (size > 4 * IMEM_WORDS) return 1'b0;
    imem_words = (size + 3) / 4;
    for (int i = 0; i < imem_words; i++) imem_img[i] = gcnref_imem_word(h, 4 * i);
    for (int i = imem_words; i % IMEM_PER != 0; i++) imem_img[i] = '0;  // the last group's rest
    prog_base_tb = gcnref_base_pc(h);
    prog_size_tb = size;
    return 1'b1;
  endfunction

  // Reset, then the initial state of H for generation G (GCN10..GCN14): every group of
  // INIT_VGPRS VGPRs that holds one set in USED (the others are neither read nor written by
  // the program), one group per cycle, every scalar code (eight per cycle) and every hwreg
  // id (four per cycle) alongside (the ports are independent; the core keeps the ids it has), and the
  // program's words into instruction memory, IMEM_PER per cycle; then SCC and MODE with
  // start. Returns at the falling edge before cycle 0 (the cycle after the DUT sees start).
  task automatic dut_init(chandle h, int g, bit [255:0] used);
    localparam int IV = gcn_core_pkg::INIT_VGPRS;
    int glist[256 / IV];
    int ng;
    bit [511:0] lanes;
    ng = 0;
    for (int b = 0; b < 256; b += IV) begin
      if (used[b +: IV] != '0) begin
        glist[ng] = b;
        ng++;
      end
    end
    gen_tb   = gcn_isa_pkg::gen_e'(g);
    rst_n_tb = 1'b0;
    @(negedge clk_i);
    rst_n_tb = 1'b1;
    for (int k = 0; k < 16 || k < ng || IMEM_PER * k < imem_words; k++) begin
      init_vgprs_we_tb = k < ng;
      if (k < ng) begin
        init_vgprs_base_tb = 8'(glist[k]);
        for (int j = 0; j < IV; j++) begin
          for (int p = 0; p < 4; p++) begin
            gcnref_init_vgpr16(h, glist[k] + j, p, lanes);
            init_vgprs_data_tb[2048*j + 512*p +: 512] = lanes;
          end
        end
      end
      init_sreg_we_tb = k < 16;
      if (k < 16) begin
        init_sreg_oct_tb = 4'(k);
        for (int i = 0; i < 8; i++) init_sreg_data_tb[32*i +: 32] = gcnref_init_sgpr(h, 8 * k + i);
      end
      init_hwreg_we_tb = k < 2 ** $bits(init_hwreg_quad_tb);
      if (init_hwreg_we_tb) begin
        init_hwreg_quad_tb = 4'(k);
        for (int i = 0; i < 4; i++) init_hwreg_data_tb[32*i +: 32] = gcnref_init_hwreg(h, 4 * k + i);
      end
      imem_we_tb = IMEM_PER * k < imem_words;
      if (imem_we_tb) begin
        imem_waddr_tb = $bits(imem_waddr_tb)'(k);
        for (int i = 0; i < IMEM_PER; i++) imem_wdata_tb[32*i +: 32] = imem_img[IMEM_PER * k + i];
      end
      @(negedge clk_i);
    end
    init_vgprs_we_tb = 1'b0;
    init_sreg_we_tb = 1'b0;
    init_hwreg_we_tb = 1'b0;
    imem_we_tb      = 1'b0;
    init_scc_tb     = gcnref_init_scc(h) != 0;
    init_mode_tb    = gcnref_init_mode(h);
    for (int k = 0; k < 5; k++) begin
      int value;
      value = 0;
      if (g == GCN14) value = gcnref_init_sgpr(h, 235 + k);
      aperture_tb[32*k +: 32] = value;
    end
    start_tb = 1'b1;
    @(negedge clk_i);
    start_tb = 1'b0;
    @(negedge clk_i);  // the registered inputs: the DUT sees start one cycle later
  endtask

  // ------------------------------------------------------------------ DUT events
  function automatic bit dut_events();
    dut_events = cs_valid || cv_valid || ev_illegal || ev_unsupported || ev_end;
  endfunction

  // Reports the SALU group; FAULT adds 1 to its first scalar value (the checker's test).
  function automatic void report_salu(chandle h, bit fault);
    bit faulted = 1'b0;
    for (int k = 0; k < 6; k++) begin
      if (cs_wr_valid[k]) begin
        int value = int'(cs_wr_data[32*k +: 32]);
        if (fault && !faulted) begin
          value = value + 1;
          faulted = 1'b1;
        end
        gcnref_dut_scalar(h, int'(cs_wr_code[7*k +: 7]), value);
      end
    end
    if (cs_scc_valid) gcnref_dut_scc(h, int'(cs_scc));
    if (cs_mode_valid) gcnref_dut_mode(h, int'(cs_mode));
    if (cs_hwreg_valid) gcnref_dut_hwreg(h, int'(cs_hwreg_id), int'(cs_hwreg));
    gcnref_dut_retire(h, longint'(cs_pc));
  endfunction

  function automatic void report_valu(chandle h);
    for (int k = 0; k < 4; k++) begin
      if (cv_wr_valid[k]) gcnref_dut_scalar(h, int'(cv_wr_code[7*k +: 7]), int'(cv_wr_data[32*k +: 32]));
    end
    if (cv_vec_valid) gcnref_dut_vector(h, int'(cv_vgpr), int'(cv_pass), int'(cv_mask), cv_lanes);
    if (cv_vec_hi_valid) gcnref_dut_vector(h, int'(cv_vgpr_hi), int'(cv_pass), int'(cv_mask), cv_lanes_hi);
    if (cv_retire) gcnref_dut_retire(h, longint'(cv_pc));
  endfunction

  // The DUT's events of this cycle, in the contract's order: the SALU group and the VALU
  // group by their age tags (issue order, modulo 256), then illegal / unsupported / end.
  // Within a group the order is the core's: scalar writes (in index order), SCC, MODE,
  // hwreg, vector, retire.
  function automatic void report_dut(chandle h, bit fault);
    bit salu_first;
    salu_first = cs_valid && (!cv_valid || $signed(cs_age - cv_age) < 0);
    if (salu_first) report_salu(h, fault);
    if (cv_valid) report_valu(h);
    if (cs_valid && !salu_first) report_salu(h, fault);
    if (ev_illegal) gcnref_dut_illegal(h, longint'(ev_pc));
    if (ev_unsupported) gcnref_dut_unsupported(h, longint'(ev_pc));
    if (ev_end) gcnref_dut_end(h, longint'(ev_pc));
  endfunction
