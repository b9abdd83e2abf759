/* cudajit-inspect lists a kernel's shared_carveout among its options, as
   the percentage that Numba's names stand for; "default" is no option.
   Neither it nor launch_bounds reaches NVRTC, whose own flags their bits
   would otherwise be read as: a bound of 17 once asked for PTX, which
   --resources refuses.  */
/* { dg-do assemble } */

#include <cudajit.h>

__attribute__ ((cuda_jit ("shared_carveout=MaxShared", "launch_bounds=64"))) void
most_shared (int *x)
{
  x[cuda_grid_x ()] = 1;
}

__attribute__ ((cuda_jit ("shared_carveout=MaxL1"))) void
most_l1 (int *x)
{
  x[cuda_grid_x ()] = 2;
}

__attribute__ ((cuda_jit ("shared_carveout=default"))) void
driver_default (int *x)
{
  x[cuda_grid_x ()] = 3;
}

__attribute__ ((cuda_jit ("launch_bounds=17", "shared_carveout=33"))) void
odd_bound (int *x)
{
  x[cuda_grid_x ()] = 4;
}

/* { dg-final { inspect "odd_bound --resources" "Compiling entry function 'odd_bound'" } } */
/* { dg-final { inspect "" "kernel odd_bound \\(launch_bounds=17, shared_carveout=33\\)\n" } } */
/* { dg-final { inspect "" "kernel most_shared \\(launch_bounds=64, shared_carveout=100\\)\n?$" } } */
/* { dg-final { inspect "" "kernel most_l1 \\(shared_carveout=0\\)\n" } } */
/* { dg-final { inspect "" "kernel driver_default\n" } } */
