/* The compile options of cuda_jit (Numba's fastmath, max_registers, opt,
   lineinfo and debug): unknown ones, whose error lists every option of
   the table, bad values, and one said twice, on the attribute's line.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit ("fast_math"))) void unknown (int *x) { *x = 1; } /* { dg-error "unknown kernel option 'fast_math'; the options are the switches 'fastmath', 'opt', 'debug' and 'lineinfo', each maybe '=0' or '=1', and 'max_registers=64', 'launch_bounds=256,2', 'shared_carveout=50', 'specialize=n,m' and 'link=helpers.cu'" } */
__attribute__ ((cuda_jit ("max_registers=0"))) void no_registers (int *x) { *x = 1; } /* { dg-error "kernel option 'max_registers=0' needs a count of registers, from 1 to 255, as in 'max_registers=64'" } */
__attribute__ ((cuda_jit ("max_registers=256"))) void too_many (int *x) { *x = 1; } /* { dg-error "kernel option 'max_registers=256' needs a count of registers, from 1 to 255, as in 'max_registers=64'" } */
__attribute__ ((cuda_jit ("max_registers=6x"))) void not_a_count (int *x) { *x = 1; } /* { dg-error "kernel option 'max_registers=6x' needs a count" } */
__attribute__ ((cuda_jit ("max_registers"))) void no_count (int *x) { *x = 1; } /* { dg-error "kernel option 'max_registers' needs a count" } */
__attribute__ ((cuda_jit ("fastmath=2"))) void bad_switch (int *x) { *x = 1; } /* { dg-error "kernel option 'fastmath=2' takes '=0' or '=1'" } */
__attribute__ ((cuda_jit ("opt=0", "opt"))) void conflict (int *x) { *x = 1; } /* { dg-error "conflicting values of kernel option 'opt'" } */
__attribute__ ((cuda_jit ("fastmath", "fastmath=1"))) void twice (int *x) { *x = 1; } /* { dg-error "kernel option 'fastmath' is given twice" } */
__attribute__ ((cuda_jit ("max_registers=32", "max_registers=64"))) void two_counts (int *x) { *x = 1; } /* { dg-error "conflicting values of kernel option 'max_registers'" } */
__attribute__ ((cuda_jit ("lineinfo=0"))) void no_lines (int *x) { *x = 1; } /* { dg-error "kernel option 'lineinfo=0' cannot be turned off" } */
__attribute__ ((cuda_jit ("link"))) void no_file (int *x) { *x = 1; } /* { dg-error "kernel option 'link' needs the name of a file, as in 'link=helpers.cu'" } */
__attribute__ ((cuda_jit ("launch_bounds"))) void no_bound (int *x) { *x = 1; } /* { dg-error "kernel option 'launch_bounds' needs the most threads of a block, from 1 to 1024" } */
__attribute__ ((cuda_jit ("launch_bounds=1025"))) void big_bound (int *x) { *x = 1; } /* { dg-error "kernel option 'launch_bounds=1025' needs the most threads" } */
__attribute__ ((cuda_jit ("launch_bounds=256,0"))) void no_blocks (int *x) { *x = 1; } /* { dg-error "kernel option 'launch_bounds=256,0' needs the most threads of a block, from 1 to 1024, and maybe the fewest blocks of a multiprocessor, from 1 to 32" } */
__attribute__ ((cuda_jit ("launch_bounds=256,"))) void empty_blocks (int *x) { *x = 1; } /* { dg-error "kernel option 'launch_bounds=256,' needs" } */
__attribute__ ((cuda_jit ("launch_bounds=128", "launch_bounds=256"))) void two_bounds (int *x) { *x = 1; } /* { dg-error "conflicting values of kernel option 'launch_bounds'" } */
__attribute__ ((cuda_jit ("shared_carveout"))) void no_carveout (int *x) { *x = 1; } /* { dg-error "kernel option 'shared_carveout' needs the percentage of the L1 cache and shared memory that shared memory should have, from 0 to 100, or 'MaxL1', 'MaxShared' or 'default'" } */
__attribute__ ((cuda_jit ("shared_carveout=101"))) void big_carveout (int *x) { *x = 1; } /* { dg-error "kernel option 'shared_carveout=101' needs the percentage" } */
__attribute__ ((cuda_jit ("shared_carveout=-1"))) void negative_carveout (int *x) { *x = 1; } /* { dg-error "kernel option 'shared_carveout=-1' needs the percentage" } */
__attribute__ ((cuda_jit ("shared_carveout=maxl1"))) void lower_case_carveout (int *x) { *x = 1; } /* { dg-error "kernel option 'shared_carveout=maxl1' needs the percentage" } */
__attribute__ ((cuda_jit ("shared_carveout=50%"))) void percent_sign_carveout (int *x) { *x = 1; } /* { dg-error "kernel option 'shared_carveout=50%' needs the percentage" } */
__attribute__ ((cuda_jit ("shared_carveout=MaxL1", "shared_carveout=0"))) void same_carveout (int *x) { *x = 1; } /* { dg-error "kernel option 'shared_carveout' is given twice" } */
__attribute__ ((cuda_jit ("shared_carveout=MaxShared", "shared_carveout=default"))) void two_carveouts (int *x) { *x = 1; } /* { dg-error "conflicting values of kernel option 'shared_carveout'" } */
__attribute__ ((cuda_jit (64))) void not_a_string (int *x) { *x = 1; } /* { dg-error "the arguments of 'cuda_jit' are strings" } */

/* Good ones, which the file's only errors must not be blamed on.  */
__attribute__ ((cuda_jit ("fastmath=0", "opt=1", "debug=0", "lineinfo", "max_registers=255"))) void good (int *x) { *x = 1; }
__attribute__ ((cuda_jit ("shared_carveout=0"))) void good_carveout_0 (int *x) { *x = 1; }
__attribute__ ((cuda_jit ("shared_carveout=100"))) void good_carveout_100 (int *x) { *x = 1; }
__attribute__ ((cuda_jit ("shared_carveout=MaxShared"))) void good_carveout_max (int *x) { *x = 1; }
__attribute__ ((cuda_jit ("shared_carveout=default"))) void good_carveout_default (int *x) { *x = 1; }
