/* cosim_time.c: the wall clock for the random co-simulation's throughput figures (a
 * DPI-C import of tb_cosim.sv; Verilator 5.006 has no system-time task). C11. */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

double cosim_wall_seconds(void);
double cosim_wall_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
