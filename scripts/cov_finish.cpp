// Verilator 5.006's generated --binary main does not write the coverage data. This file,
// compiled into the code-coverage build of the co-simulation (scripts/report.mk: added to
// COSIM_VFLAGS with -CFLAGS -DVL_USER_FINISH), replaces Verilator's $finish handler: it
// does what the original does and writes the coverage points to the file named by the
// plusarg +coverage_file=FILE (default coverage.dat). (A run that ends in $fatal writes
// none: a static constructor registering an exit callback runs before Verilator's own
// statics exist.)
#include "verilated.h"
#include "verilated_cov.h"

#include <cstring>
#include <string>

static bool g_written = false;

static void write_coverage(void*) {
  if (g_written) return;
  g_written = true;
  VerilatedContext* ctx = Verilated::threadContextp();
  const char* arg = ctx->commandArgsPlusMatch("coverage_file=");
  std::string file = "coverage.dat";
  if (arg && arg[0]) file = std::string(arg + std::strlen("+coverage_file="));
  ctx->coveragep()->write(file.c_str());
}

void vl_finish(const char* filename, int linenum, const char* hier) VL_MT_UNSAFE {
  if (false && hier) {}
  VL_PRINTF("- %s:%d: Verilog $finish\n", filename, linenum);
  if (Verilated::threadContextp()->gotFinish()) {
    VL_PRINTF("- %s:%d: Second verilog $finish, exiting\n", filename, linenum);
    Verilated::runFlushCallbacks();
    Verilated::runExitCallbacks();
    std::exit(0);
  }
  write_coverage(nullptr);
  Verilated::threadContextp()->gotFinish(true);
}
