/* cosim_time.c: DPI-C imports of tb_cosim.sv that Verilator 5.006 has no task for: the
 * wall clock and CPU time for the throughput figures, and the exit status ($finish exits
 * 0, $fatal aborts with a core dump). C11. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

double cosim_wall_seconds(void);
double cosim_cpu_seconds(void);
void cosim_set_exit_status(int status);

double cosim_wall_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The process's CPU time: the throughput figures of make cosim-bench, less sensitive than
 * the wall clock to other work on the machine. */
double cosim_cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int exit_status;

/* Runs after main has returned (the simulator's final blocks have run, a waveform is
 * closed): the process ends with the status the testbench set. */
static void exit_with_status(void) {
  fflush(NULL);
  if (exit_status != 0) _exit(exit_status);
}

/* The exit status of the process once the testbench calls $finish (0: unchanged). */
void cosim_set_exit_status(int status) {
  static int registered;
  if (!registered) {
    registered = atexit(exit_with_status) == 0;
  }
  exit_status = status;
}
