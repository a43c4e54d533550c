// main() of a testbench whose clock and sequence are SV processes (--timing), for the
// hierarchical builds (rtl_tb/verilator.mk VL_HIER): Verilator 5.006 passes every option
// to each hierarchy block's own verilation, and --main there gives each block's library a
// main() of its own too (a duplicate symbol at the link). This is the loop --main writes.
// Compiled with -DVL_TOP=V<top module>. (Each block's library gets the C++ sources too,
// without the top's header: there this file is empty.)
#include <memory>

#include "verilated.h"

#define VL_MAIN_STR(x) #x
#define VL_MAIN_HDR(x) VL_MAIN_STR(x.h)
#if __has_include(VL_MAIN_HDR(VL_TOP))
#include VL_MAIN_HDR(VL_TOP)

int main(int argc, char** argv) {
    const std::unique_ptr<VerilatedContext> contextp{new VerilatedContext};
    contextp->commandArgs(argc, argv);
    const std::unique_ptr<VL_TOP> topp{new VL_TOP{contextp.get()}};
    while (!contextp->gotFinish()) {
        topp->eval();
        if (!topp->eventsPending()) break;
        contextp->time(topp->nextTimeSlot());
    }
    topp->final();
    return 0;
}
#endif
